//! 据守 Jushou — 曹仁 (2013 text).
//!
//! 结束阶段开始时，你可以摸一张牌，然后将你的武将牌翻面。
//! At the start of your end phase, you may draw a card, then turn your general over.
//!
//! W-JUSHOU-1: the draw comes before the flip; the flip makes his next turn a skipped one
//! (W-MECH-FLIP-2).
//!
//! The 2009 text ([`ORIGINAL`], `W-JUSHOU-OLD`): 结束阶段开始时，你可以摸三张牌，然后将你的武将牌翻面。
//! The same, drawing three.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Jushou,
        "据守",
        "Jushou",
        "结束阶段开始时，你可以摸一张牌，然后将你的武将牌翻面。",
        "At the start of your end phase, you may draw a card, then turn your general over.",
    )
};

/// 据守 as the 2009 print words it: draw three.
pub static ORIGINAL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger: |game, owner, _, _| draw_then_turn_over(game, owner, 3),
    }],
    ..SkillDef::named(
        SkillId::JushouOld,
        "据守",
        "Jushou",
        "结束阶段开始时，你可以摸三张牌，然后将你的武将牌翻面。",
        "At the start of your end phase, you may draw three cards, then turn your general over.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    draw_then_turn_over(game, owner, 1)
}

fn draw_then_turn_over(game: &mut Game, owner: Seat, count: usize) -> Option<Frame> {
    game.draw(owner, count);
    game.turn_over(owner);
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    #[test]
    fn w_jushou_1_draws_one_then_turns_over_and_the_next_turn_is_skipped() {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.phase = Phase::Finish;
        seat(&mut s, 0).general = GeneralId::Caoren;
        s.draw_pile_top = cards(&[Peach, Slash, Slash, Jink, Jink]);
        let mut c = Check::new(s);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Jushou
            }));
        c.skill(0, SkillId::Jushou);
        // 解围 is offered as he turns over: decline it.
        c.pass(0);
        assert_eq!(c.hand(0), vec![Peach]);
        assert!(c.game.is_turned_over(Seat(0)));
        // Seat 1's turn; then 曹仁's turn is skipped as he turns face up (解围 again: decline).
        assert!(c.prompt(1).is_play());
        c.pass(1);
        while !c.has_prompt(0) {
            let seat = c.game.prompts()[0].seat.0;
            c.pass(seat);
        }
        c.pass(0);
        assert!(!c.game.is_turned_over(Seat(0)));
        let turns = c
            .events
            .iter()
            .filter(|e| matches!(e, Event::TurnStarted { seat: Seat(0) }))
            .count();
        assert_eq!(turns, 0, "his turn was skipped");
    }

    #[test]
    fn w_jushou_old_draws_three_then_turns_over_and_there_is_no_jiewei() {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.ruleset.edition = crate::ruleset::ORIGINAL_EDITION.to_string();
        s.phase = Phase::Finish;
        seat(&mut s, 0).general = GeneralId::CaorenOld;
        s.draw_pile_top = cards(&[Peach, Slash, Jink, Jink, Jink]);
        let mut c = Check::new(s);
        c.skill(0, SkillId::JushouOld);
        // No 解围 to decline: the 2009 曹仁 has 据守 only.
        assert_eq!(c.hand(0), vec![Peach, Slash, Jink]);
        assert!(c.game.is_turned_over(Seat(0)));
        assert!(c.prompt(1).is_play());
    }
}
