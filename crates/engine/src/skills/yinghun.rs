//! 英魂 Yinghun — 孙坚 (林; 国战 the same, H-SK-yinghun).
//!
//! 准备阶段开始时，若你已受伤，你可以选择一名其他角色并选择一项：1.令其摸X张牌，然后弃置一张牌；2.令其摸一张牌，然后弃置X张牌（X为你已损失的体力值）。
//! At the start of your preparation phase, if you are wounded, you may choose another character
//! and one option: it draws X cards then discards one, or it draws one then discards X (X = your
//! lost HP).
//!
//! With X = 1 the two options are the same and none is asked. The discards are the chosen
//! character's own choice among its hand and equipment; holding fewer, it discards all.

use crate::action::Action;
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Yinghun,
        "英魂",
        "Yinghun",
        "准备阶段开始时，若你已受伤，你可以选择一名其他角色并选择一项：1.令其摸X张牌，然后弃置一张牌；2.令其摸一张牌，然后弃置X张牌（X为你已损失的体力值）。",
        "At the start of your preparation phase, if you are wounded, you may choose another character: it draws X cards then discards one, or draws one then discards X (X = your lost HP).",
    )
};

const OPTION: u8 = 0;
const CHOSEN: u8 = 1;
const DISCARD: u8 = 2;
const DONE: u8 = 3;

fn lost(game: &Game, owner: Seat) -> u8 {
    (i16::from(game.seat(owner).max_hp) - i16::from(game.hp(owner))).clamp(0, 255) as u8
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
        && game.is_wounded(owner)
        && game.alive_count() > 1
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Yinghun),
    }
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner)
        .map(|s| Action::Skill {
            skill: SkillId::Yinghun,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    Some((cause(), Choices::actions(actions)))
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { targets, .. } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Yinghun, owner);
    frame.seats = vec![*targets.first()?];
    Some(Frame::Skill(frame))
}

/// Option 0: draw X, discard 1; option 1: draw 1, discard X. `frame.n` = the discard count.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        OPTION => {
            let x = lost(game, frame.owner);
            frame.step = CHOSEN;
            if x <= 1 {
                frame.n = 0;
                return Step::Again;
            }
            let actions = vec![Action::Option { index: 0 }, Action::Option { index: 1 }];
            Step::ask(Prompt::new(frame.owner, cause(), Choices::actions(actions)))
        }
        CHOSEN => {
            let x = lost(game, frame.owner).max(1);
            let second = matches!(game.take_answer(), Some((_, Action::Option { index: 1 })));
            frame.step = DISCARD;
            if !game.is_alive(target) {
                return Step::Done;
            }
            let (draw, discard) = if second { (1, x) } else { (x, 1) };
            frame.n = discard;
            game.draw(target, usize::from(draw));
            Step::Again
        }
        DISCARD => {
            frame.step = DONE;
            let held: Vec<CardId> = game.table().seats[target.index()].held().collect();
            let n = usize::from(frame.n).min(held.len());
            if n == 0 || !game.is_alive(target) {
                return Step::Done;
            }
            if n == held.len() {
                game.discard(&held);
                return Step::Done;
            }
            Step::ask(Prompt::new(
                target,
                cause(),
                Choices::Cards {
                    from: held,
                    min: n as u8,
                    max: n as u8,
                    can_pass: false,
                },
            ))
        }
        _ => {
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                game.discard(&cards);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::Phase;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, roster_check, seat, table, Check};

    fn sunjian(hp: i8, hand: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        s.phase = Phase::Start;
        seat(&mut s, 0).gained = vec![SkillId::Yinghun];
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 2).hand = cards(hand);
        s.draw_pile_top = cards(&[Slash, Jink, Duel]);
        roster_check(s)
    }

    fn choose(c: &mut Check, target: u8) {
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Yinghun,
                cards: Vec::new(),
                targets: vec![Seat(target)],
            },
        );
    }

    #[test]
    fn h_sk_yinghun_draw_x_then_discard_one() {
        let mut c = sunjian(2, &[Peach]);
        choose(&mut c, 2);
        c.act(0, Action::Option { index: 0 });
        let peach = c.hand_card(2, Peach);
        c.act(2, Action::Cards { cards: vec![peach] });
        assert_eq!(c.hand(2), vec![Slash, Jink]);
    }

    #[test]
    fn h_sk_yinghun_draw_one_then_discard_x() {
        let mut c = sunjian(2, &[Peach, Jink]);
        choose(&mut c, 2);
        c.act(0, Action::Option { index: 1 });
        let jink = c.hand_card(2, Jink);
        let slash = c.hand_card(2, Slash);
        assert!(!c.allows(2, &Action::Cards { cards: vec![slash] }));
        c.act(
            2,
            Action::Cards {
                cards: vec![slash, jink],
            },
        );
        assert_eq!(c.hand(2), vec![Peach]);
    }

    #[test]
    fn h_sk_yinghun_one_lost_hp_asks_no_option_and_not_when_unhurt() {
        let mut c = sunjian(3, &[Peach]);
        choose(&mut c, 2);
        let peach = c.hand_card(2, Peach);
        c.act(2, Action::Cards { cards: vec![peach] });
        assert_eq!(c.hand(2), vec![Slash]);
        let c = sunjian(4, &[Peach]);
        assert!(c.prompt(0).is_play(), "unhurt: not offered");
    }
}
