//! 淑慎 Shushen — 甘夫人 (国战, H-SK-shushen).
//!
//! 当你回复1点体力后，你可以令一名与你势力相同的其他角色摸一张牌。
//! After you recover 1 HP (per point), you may choose another character of your faction: it
//! draws 1.
//!
//! "Of your faction" as [QHeg]'s `willBeFriendWith` (`Game::will_be_friend`): a hidden 甘夫人
//! may reveal to use it when she would be that character's friend. A recovery of several points
//! asks once per point (the later points in a frame of the skill).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::Recovered,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Shushen,
        "淑慎",
        "Shushen",
        "当你回复1点体力后，你可以令一名与你势力相同的其他角色摸一张牌。",
        "After you recover 1 HP, you may have another character of your faction draw a card.",
    )
};

fn friends(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s) && game.will_be_friend(owner, *s))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Recovered { seat, .. } if *seat == owner)
        && game.is_alive(owner)
        && !friends(game, owner).is_empty()
}

fn choices(game: &Game, owner: Seat) -> (PromptKind, Choices) {
    let mut actions: Vec<Action> = friends(game, owner)
        .into_iter()
        .map(|s| Action::Skill {
            skill: SkillId::Shushen,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Shushen),
    };
    (kind, Choices::actions(actions))
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    Some(choices(game, owner))
}

fn draw_for(game: &mut Game, action: &Action) {
    if let Action::Skill { targets, .. } = action {
        if let Some(&target) = targets.first().filter(|t| game.is_alive(**t)) {
            game.draw(target, 1);
        }
    }
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    draw_for(game, action);
    let TimingData::Recovered { amount, .. } = data else {
        return None;
    };
    // The other points, each asked in turn.
    let mut frame = SkillFrame::new(SkillId::Shushen, owner);
    frame.n = amount.saturating_sub(1);
    (frame.n > 0).then_some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 1 {
        frame.step = 0;
        frame.n -= 1;
        if let Some((_, action @ Action::Skill { .. })) = game.take_answer() {
            let targets = match &action {
                Action::Skill { targets, .. } => targets.clone(),
                _ => Vec::new(),
            };
            game.invoke(owner, SkillId::Shushen, targets);
            draw_for(game, &action);
        }
        return Step::Again;
    }
    if frame.n == 0 || !game.is_alive(owner) || friends(game, owner).is_empty() {
        return Step::Done;
    }
    frame.step = 1;
    let (kind, choices) = choices(game, owner);
    Step::ask(Prompt::new(owner, kind, choices))
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::modes::hegemony::mingzhi;
    use crate::prompt::{Cause, Phase, PromptKind};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    fn to(t: u8) -> Action {
        Action::Skill {
            skill: SkillId::Shushen,
            cards: Vec::new(),
            targets: vec![Seat(t)],
        }
    }

    fn asked(c: &Check) -> bool {
        c.is_asked(0, |k| {
            matches!(
                k,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Shushen)
                }
            )
        })
    }

    /// H-SK-shushen: 甘夫人 eats a 桃; a 蜀 seat draws 1; a 魏 seat cannot be chosen.
    #[test]
    fn h_sk_shushen_a_friend_draws_after_she_recovers() {
        let mut s = table(&[
            (G::HegGanfuren, G::HegLiubei, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 3);
        assert!(!c.allows(0, &to(1)), "魏 is not her faction");
        assert!(!c.allows(0, &to(3)), "吴 is not her faction");
        let before = c.hand(2).len();
        c.act(0, to(2));
        assert_eq!(c.hand(2).len(), before + 1);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }

    /// H-SK-shushen, H-REW-2/4: 甘夫人 and 刘备 are companions. Revealed together at the
    /// preparation phase, the reward's recovery is a recovery of hers: 淑慎 is asked before the
    /// leftover half (3 + 4) is offered, and the half's answer goes to the half (the notice's
    /// window hands no reply back to the reward: `TriggerFrame::notice`).
    #[test]
    fn h_sk_shushen_after_the_companion_reward_recovers() {
        let mut s = table(&[
            (G::HegGanfuren, G::HegLiubei, false, false),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        s.phase = Phase::Start;
        seat(&mut s, 0).hp = Some(2);
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Option {
                index: mingzhi::BOTH,
            },
        );
        c.act(
            0,
            Action::Option {
                index: mingzhi::RECOVER,
            },
        );
        assert_eq!(c.hp(0), 3);
        assert!(asked(&c), "淑慎 follows the reward's recovery");
        let before = c.hand(2).len();
        c.act(0, to(2));
        assert_eq!(c.hand(2).len(), before + 1);
        let mine = c.hand(0).len();
        assert!(c.allows(
            0,
            &Action::Option {
                index: mingzhi::DRAW_ONE
            }
        ));
        c.act(
            0,
            Action::Option {
                index: mingzhi::DRAW_ONE,
            },
        );
        assert_eq!(
            c.hand(0).len(),
            mine + 3,
            "the half's 1, then the draw phase's 2"
        );
    }

    /// H-SK-shushen: with nobody of her faction at the table, nothing is asked.
    #[test]
    fn h_sk_shushen_not_without_a_friend() {
        let mut s = table(&[
            (G::HegGanfuren, G::HegLiubei, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 3);
        assert!(!asked(&c));
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }
}
