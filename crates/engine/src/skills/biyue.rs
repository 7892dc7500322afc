//! 闭月 Biyue — 貂蝉.
//!
//! 结束阶段开始时，你可以摸一张牌。
//! At the start of your end phase, you may draw a card.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-32`): 弃牌阶段结束后摸一张牌加入手牌。 Asked when her discard phase
//! ends (a skipped discard phase has no end).

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
        SkillId::Biyue,
        "闭月",
        "Biyue",
        "结束阶段开始时，你可以摸一张牌。",
        "At the start of your end phase, you may draw a card.",
    )
};

/// 闭月 as the 2008 leaflet words it: after the discard phase.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseEnd,
        can_trigger: |_, owner, data| matches!(data, TimingData::Phase { seat, phase: Phase::Discard } if *seat == owner),
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::BiyueEarly,
        "闭月",
        "Biyue",
        "弃牌阶段结束时，你可以摸一张牌。",
        "At the end of your discard phase, you may draw a card.",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Finish } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

#[cfg(test)]
mod tests {
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::{Role::*, Seat};
    use crate::testing::{seat, table, Check};

    fn diaochan_at(phase: Phase) -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = phase;
        seat(&mut s, 0).general = GeneralId::Diaochan;
        Check::new(s)
    }

    fn asked(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            matches!(
                k,
                PromptKind::Confirm {
                    skill: SkillId::Biyue
                }
            )
        })
    }

    #[test]
    fn draws_one_at_the_start_of_her_end_phase() {
        let mut c = diaochan_at(Phase::Finish);
        assert!(asked(&c, 0));
        c.skill(0, SkillId::Biyue);
        assert_eq!(c.hand(0).len(), 1);
        assert_eq!(c.game.turn().seat, Seat(1));
    }

    #[test]
    fn may_decline() {
        let mut c = diaochan_at(Phase::Finish);
        c.pass(0);
        assert!(c.hand(0).is_empty());
    }

    #[test]
    fn not_in_other_phases_or_turns() {
        let mut c = diaochan_at(Phase::Play);
        assert!(!asked(&c, 0));
        // End her turn without the end-phase question being skipped: she is asked once.
        c.pass(0);
        assert!(asked(&c, 0));
        c.pass(0);
        // Seat 1's turn passes without asking her.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Play)));
        c.pass(1);
        while c.is_asked(1, |k| matches!(k, PromptKind::Discard { .. })) {
            let discard = c.prompt(1).default_action();
            c.act(1, discard);
        }
        assert!(!asked(&c, 0));
        assert_eq!(c.game.turn().seat, Seat(0));
    }

    /// V-EARLY-32: the 2008 貂蝉 draws once her discard phase is over (after discarding), and
    /// nothing is asked at her end phase.
    #[test]
    fn v_early_32_the_2008_biyue_draws_after_the_discard_phase() {
        use crate::card::CardKind::*;
        let mut s = table(&[Lord, Rebel]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        s.phase = Phase::Discard;
        seat(&mut s, 0).general = GeneralId::DiaochanEarly;
        seat(&mut s, 0).hand = crate::testing::cards(&[Slash, Jink, Peach, Duel]);
        s.draw_pile_top = crate::testing::cards(&[ExNihilo]);
        let mut c = Check::new(s);
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 1 }));
        let duel = c.hand_card(0, Duel);
        c.act(0, crate::action::Action::Cards { cards: vec![duel] });
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::BiyueEarly
            }));
        c.skill(0, SkillId::BiyueEarly);
        assert_eq!(c.hand(0), vec![Slash, Jink, Peach, ExNihilo]);
        assert!(!asked(&c, 0));
        assert_eq!(c.game.turn().seat, Seat(1));
    }
}
