//! 英姿 Yingzi — 周瑜.
//!
//! 摸牌阶段，你可以多摸一张牌。
//! In your draw phase you may draw one extra card.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-16`, `edition = 2008`): 摸牌阶段摸三张牌（并非额外摸三张）。
//! He may draw three in his draw phase (not three extra): yes sets the count to three. Asked, as
//! every 2008 skill that is a benefit: the leaflet says a skill forgotten is lost.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DrawCount,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Yingzi,
        "英姿",
        "Yingzi",
        "摸牌阶段，你可以多摸一张牌。",
        "In your draw phase you may draw one extra card.",
    )
};

/// 英姿 as the 2008 leaflet words it: the draw phase draws three.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DrawCount,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger: |_, _, data, _| {
            if let TimingData::Draw { count, .. } = data {
                *count = 3;
            }
            None
        },
    }],
    ..SkillDef::named(
        SkillId::YingziEarly,
        "英姿",
        "Yingzi",
        "摸牌阶段，你可以摸三张牌（并非额外摸三张）。",
        "In your draw phase you may draw three cards (not three extra).",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Draw { seat, .. } if *seat == owner)
}

fn on_trigger(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Draw { count, .. } = data {
        *count += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    fn zhouyu_draws(top: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhouyu;
        s.draw_pile_top = cards(top);
        s.phase = Phase::Draw;
        Check::new(s)
    }

    #[test]
    fn draws_three_when_used() {
        let mut c = zhouyu_draws(&[Peach, Jink, Slash, Duel]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Yingzi
            }));
        c.skill(0, SkillId::Yingzi);
        assert_eq!(c.hand(0), vec![Peach, Jink, Slash]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn draws_two_when_declined() {
        let mut c = zhouyu_draws(&[Peach, Jink, Slash]);
        c.pass(0);
        assert_eq!(c.hand(0), vec![Peach, Jink]);
    }

    #[test]
    fn only_in_his_own_draw_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 1).general = GeneralId::Zhouyu;
        s.draw_pile_top = cards(&[Peach, Jink, Slash]);
        s.phase = Phase::Draw;
        let c = Check::new(s);
        assert!(c.hand(0).len() == 2 && c.is_asked(0, |k| *k == PromptKind::Play));
        assert!(!c.has_prompt(1));
    }

    #[test]
    fn indulgence_skips_play_not_the_extra_card() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Zhouyu;
        seat(&mut s, 0).judge = cards(&[Indulgence]);
        s.draw_pile_top = vec![
            CardSpec::exact(Slash, Suit::Spade, 7),
            CardSpec::kind(Peach),
            CardSpec::kind(Jink),
            CardSpec::kind(Duel),
        ];
        s.phase = Phase::Judge;
        let mut c = Check::new(s);
        c.pass_windows();
        c.skill(0, SkillId::Yingzi);
        assert_eq!(c.hand(0), vec![Peach, Jink, Duel]);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::PhaseSkipped {
                seat: Seat(0),
                phase: Phase::Play
            }
        )));
    }

    /// V-EARLY-16: the 2008 周瑜 draws three (not two plus three).
    #[test]
    fn v_early_16_the_2008_yingzi_draws_three() {
        let mut s = table(&[Lord, Rebel]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::ZhouyuEarly;
        s.draw_pile_top = cards(&[Peach, Jink, Slash, Duel]);
        s.phase = Phase::Draw;
        let mut c = Check::new(s);
        c.skill(0, SkillId::YingziEarly);
        assert_eq!(c.hand(0), vec![Peach, Jink, Slash]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }
}
