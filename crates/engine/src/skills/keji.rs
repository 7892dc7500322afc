//! 克己 Keji — 吕蒙.
//!
//! 若你未于出牌阶段内使用或打出过【杀】，你可以跳过弃牌阶段。
//! If you did not use or play a Slash during your play phase, you may skip your discard phase.
//!
//! A 杀 played in response (to 决斗, 南蛮入侵) during that play phase counts too
//! (`generals-standard.md` §2); one played in another seat's turn does not. The question is only
//! asked when the hand is over the limit: otherwise skipping the phase changes nothing
//! (`docs/rulings.md`).
//!
//! The 2008 text ([`EARLY`], `V-EARLY-14`): 若在出牌阶段没有打出杀（包括决斗中使用的杀），则弃牌阶段无需弃牌，
//! 即此回合手牌无上限。 Not a choice: after a play phase without a 杀 his hand has no limit for the
//! rest of the turn, so the discard phase is played and asks nothing.

use crate::action::Action;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::BeforePhase,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Keji,
        "克己",
        "Keji",
        "若你未于出牌阶段内使用或打出过【杀】，你可以跳过弃牌阶段。",
        "If you did not use or play a Slash during your play phase, you may skip your discard phase.",
    )
};

/// 克己 as the 2008 leaflet words it: no hand limit this turn.
pub static EARLY: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        hand_limit: Some(no_limit_after_a_play_phase_without_slash),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::KejiEarly,
        "克己",
        "Keji",
        "锁定技，若你于出牌阶段内未使用或打出过【杀】（包括【决斗】中打出的【杀】），本回合你的手牌无上限。",
        "Compulsory: if you used or played no Slash in your play phase (a Duel's included), your hand has no limit this turn.",
    )
};

/// "No limit": more than any hand can hold.
const NO_LIMIT: i32 = 1000;

fn no_limit_after_a_play_phase_without_slash(game: &Game, owner: Seat) -> i32 {
    let after_play = matches!(game.turn.phase, Some(Phase::Discard | Phase::Finish));
    if game.turn.seat == owner && after_play && !game.turn.slash_in_play_phase {
        NO_LIMIT
    } else {
        0
    }
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Phase { seat, phase } = data else {
        return false;
    };
    *seat == owner
        && *phase == Phase::Discard
        && !game.turn.slash_in_play_phase
        && !game.turn.skip[Phase::Discard as usize]
        && game.hand(owner).len() > game.hand_limit(owner)
}

fn on_trigger(game: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.turn.skip[Phase::Discard as usize] = true;
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    /// 吕蒙 (seat 0, 2 HP) in his play phase with `hand`; seat 1 holds `other`.
    fn lvmeng(hand: &[CardKind], other: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Lvmeng;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 1).hand = cards(other);
        Check::new(s)
    }

    fn asked_keji(c: &Check) -> bool {
        c.is_asked(0, |k| {
            *k == PromptKind::Confirm {
                skill: SkillId::Keji,
            }
        })
    }

    fn discard_skipped(c: &Check) -> bool {
        c.events.iter().any(|e| {
            matches!(
                e,
                Event::PhaseSkipped {
                    seat: Seat(0),
                    phase: Phase::Discard
                }
            )
        })
    }

    #[test]
    fn skips_the_discard_phase_without_a_slash() {
        let mut c = lvmeng(&[Jink, Jink, Peach, Slash], &[]);
        c.pass(0);
        assert!(asked_keji(&c));
        c.skill(0, SkillId::Keji);
        assert!(discard_skipped(&c));
        assert_eq!(c.hand(0).len(), 4);
        assert_eq!(c.game.turn().seat, Seat(1));
    }

    #[test]
    fn declining_means_discarding() {
        let mut c = lvmeng(&[Jink, Jink, Peach, Slash], &[]);
        c.pass(0).pass(0);
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 2 }));
    }

    #[test]
    fn not_after_using_a_slash() {
        let mut c = lvmeng(&[Jink, Jink, Peach, Slash], &[]);
        c.card(0, Slash, &[1]).pass(1).pass(0);
        assert!(!asked_keji(&c));
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 1 }));
    }

    #[test]
    fn not_after_playing_a_slash_in_a_duel_in_his_play_phase() {
        let mut c = lvmeng(&[Duel, Slash, Jink, Jink, Peach], &[Slash]);
        c.card(0, Duel, &[1]).pass_windows();
        // Seat 1 plays a 杀, 吕蒙 answers with one, seat 1 has none left.
        c.card(1, Slash, &[]).card(0, Slash, &[]).pass(1);
        assert_eq!(c.hp(1), 3);
        c.pass(0);
        assert!(!asked_keji(&c));
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 1 }));
    }

    #[test]
    fn a_slash_played_in_another_turn_does_not_count() {
        // Seat 1's turn: its 决斗 makes 吕蒙 play a 杀. In 吕蒙's own turn he may still skip.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Lvmeng;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Slash, Jink, Jink, Peach]);
        seat(&mut s, 1).hand = cards(&[Duel]);
        s.current = Some(Seat(1));
        s.draw_pile_top = cards(&[Jink, Jink]);
        let mut c = Check::new(s);
        c.card(1, Duel, &[0]).pass_windows();
        c.card(0, Slash, &[]).pass(1);
        // Seat 1 ends its turn; 吕蒙 draws 2 and passes his play phase with 5 cards at 2 HP.
        c.pass(1);
        assert_eq!(c.game.turn().seat, Seat(0));
        c.pass(0);
        assert!(asked_keji(&c));
    }

    #[test]
    fn not_asked_when_nothing_must_be_discarded() {
        let mut c = lvmeng(&[Jink, Jink], &[]);
        c.pass(0);
        assert!(!asked_keji(&c));
        assert_eq!(c.game.turn().seat, Seat(1));
    }

    /// V-EARLY-14: the 2008 吕蒙 keeps his hand without being asked after a play phase without
    /// 杀; after one (a 决斗's included) he discards as anyone.
    #[test]
    fn v_early_14_the_2008_keji_lifts_the_hand_limit_unasked() {
        let early = |hand: &[CardKind], other: &[CardKind]| {
            let mut s = table(&[Lord, Rebel]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            seat(&mut s, 0).general = GeneralId::LvmengEarly;
            seat(&mut s, 0).hp = Some(2);
            seat(&mut s, 0).hand = cards(hand);
            seat(&mut s, 1).hand = cards(other);
            Check::new(s)
        };
        let mut c = early(&[Jink, Jink, Peach, Slash], &[]);
        c.pass(0);
        assert_eq!(c.hand(0).len(), 4);
        assert!(!discard_skipped(&c), "the phase is played");
        assert_eq!(c.game.turn().seat, Seat(1));
        let mut c = early(&[Duel, Slash, Jink, Jink, Peach], &[Slash]);
        c.card(0, Duel, &[1]).pass_windows();
        c.card(1, Slash, &[]).card(0, Slash, &[]).pass(1);
        c.pass(0);
        assert!(c.is_asked(0, |k| *k == PromptKind::Discard { count: 1 }));
    }
}
