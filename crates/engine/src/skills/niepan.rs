//! 涅槃 Niepan — 庞统 [限定技].
//!
//! 限定技，当你处于濒死状态时，你可以弃置你区域里的所有牌，然后将你的武将牌复原，摸三张牌，将体力回复至3点。
//! Limited: when you are dying, you may discard every card in your hand, equipment and judgment
//! areas, reset your general, then draw three cards and recover to 3 HP.
//!
//! W-NIEPAN-1: offered when the rescue reaches 庞统 himself, before he is asked for 桃 (the
//! `SavingSelf` timing, as 不屈; ruling O-2); once per game. W-NIEPAN-2: reset = turned face up if
//! face down (an ordinary turn-over, 解围-type skills react), unchained if chained. W-NIEPAN-3: in
//! the text's order — discard (白银狮子 recovers first), reset, draw 3, recover to 3 (capped at
//! his max HP). Each is its own step, so the moves' triggers run in between.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        limited: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::SavingSelf,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Niepan,
        "涅槃",
        "Niepan",
        "限定技，当你处于濒死状态时，你可以弃置你区域里的所有牌，然后将你的武将牌复原，摸三张牌，将体力回复至3点。",
        "Limited: when you are dying, you may discard all cards in your areas, reset your general, then draw three cards and recover to 3 HP.",
    )
};

const DISCARD: u8 = 0;
const RESET: u8 = 1;
const DRAW: u8 = 2;
const RECOVER: u8 = 3;

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, .. } if *seat == owner) && game.hp(owner) <= 0
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::Niepan, owner)))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        DISCARD => {
            frame.step = RESET;
            let cards = &game.table.seats[owner.index()];
            let all: Vec<_> = cards
                .held()
                .chain(cards.judge.iter().map(|d| d.card))
                .collect();
            if !all.is_empty() {
                game.discard(&all);
            }
            Step::Again
        }
        RESET => {
            frame.step = DRAW;
            if game.is_turned_over(owner) {
                game.turn_over(owner);
            }
            game.set_chained(owner, false);
            Step::Again
        }
        DRAW => {
            frame.step = RECOVER;
            game.draw(owner, 3);
            Step::Again
        }
        _ => {
            let missing = 3 - i32::from(game.hp(owner));
            game.recover(owner, missing.clamp(0, i32::from(u8::MAX)) as u8);
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// Seat 0 slashes 庞统 (seat 1, 1 HP, face down and chained, with cards everywhere).
    fn pangtong() -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Pangtong;
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 1).equip = cards(&[Chitu]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        seat(&mut s, 1).turned = true;
        seat(&mut s, 1).chained = true;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn w_niepan_1_offered_when_the_rescue_reaches_him_before_his_own_peach() {
        let mut c = pangtong();
        // Seat 0 is asked first (rescue order from the current seat), then 庞统's 涅槃.
        c.pass_saves();
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Confirm { .. })));
        c.skill(1, SkillId::Niepan);
        assert!(c.alive(1));
        assert_eq!(c.hp(1), 3);
    }

    #[test]
    fn w_niepan_2_3_discards_everything_resets_draws_three_and_recovers_to_three() {
        let mut c = pangtong();
        c.pass_saves().skill(1, SkillId::Niepan);
        assert!(c.equipment(1).is_empty() && c.judge_area(1).is_empty());
        assert_eq!(c.hand(1).len(), 3);
        assert!(!c.game.is_turned_over(Seat(1)));
        assert!(!c.game.is_chained(Seat(1)));
        // In the text's order: the turn-over before the draw, the draw before the recovery.
        let at = |pred: &dyn Fn(&Event) -> bool| c.events.iter().position(pred).unwrap();
        let flipped = at(&|e| {
            matches!(
                e,
                Event::TurnedOver {
                    face_down: false,
                    ..
                }
            )
        });
        let recovered = at(&|e| matches!(e, Event::Recovered { hp: 3, .. }));
        assert!(flipped < recovered);
    }

    #[test]
    fn w_niepan_1_once_per_game() {
        let mut c = pangtong();
        c.pass_saves().skill(1, SkillId::Niepan);
        assert!(!c.game.uses_left(Seat(1), SkillId::Niepan));
    }

    #[test]
    fn w_niepan_3_recovers_to_his_max_hp_if_it_is_below_three() {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Pangtong;
        seat(&mut s, 1).max_hp = Some(2);
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1])
            .pass(1)
            .pass_saves()
            .skill(1, SkillId::Niepan);
        assert_eq!(c.hp(1), 2);
    }
}
