//! 空城 Kongcheng — 诸葛亮.
//!
//! 锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。
//! Compulsory: while you have no hand cards, you cannot be chosen as a target of Slash or Duel.
//!
//! It only stops him being *chosen*: a 决斗 already aimed at him goes on after he plays his last
//! hand card, and a 杀 already targeting him still resolves.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-9`, `edition = 2008`): 空城：无手牌时，不受杀的影响（包括决斗中出的杀）。
//! He may be chosen; while he has no hand card, a 杀 used on him has no effect (checked when it
//! would take effect on him), and a 杀 played against him in a 决斗 has none either: the 决斗 ends
//! there, nobody hurt. A 决斗 in which he must play first with no hand card still hurts him (the
//! damage is the 决斗's).

use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        prohibit: Some(empty_hand),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Kongcheng,
        "空城",
        "Kongcheng",
        "锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。",
        "Compulsory: while you have no hand cards, you cannot be targeted by Slash or Duel.",
    )
};

/// 空城 as the 2008 leaflet words it: 杀 have no effect on him while his hand is empty.
pub static EARLY: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        immune: Some(|game, owner, use_id| {
            game.card_use(use_id).card.kind == CardKind::Slash && game.hand(owner).is_empty()
        }),
        duel_slash_void: Some(|game, owner| game.hand(owner).is_empty()),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::KongchengEarly,
        "空城",
        "Kongcheng",
        "锁定技，若你没有手牌，【杀】（包括【决斗】中打出的【杀】）对你无效。",
        "Compulsory: while you have no hand cards, Slashes (a Duel's included) have no effect on you.",
    )
};

fn empty_hand(game: &Game, owner: Seat, _user: Seat, card: &UsedCard) -> bool {
    matches!(card.kind, CardKind::Slash | CardKind::Duel) && game.hand(owner).is_empty()
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::ids::GeneralId;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};

    /// Seat 0 attacks 诸葛亮 in seat 1 holding `hand`.
    fn against(hand: &[CardKind], attacker: &[CardKind]) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Rebel]);
        seat(&mut s, 1).general = GeneralId::Zhugeliang;
        seat(&mut s, 1).hand = cards(hand);
        seat(&mut s, 0).hand = cards(attacker);
        Check::new(s)
    }

    #[test]
    fn with_an_empty_hand_he_cannot_be_chosen_for_slash_or_duel() {
        let c = against(
            &[],
            &[CardKind::Slash, CardKind::Duel, CardKind::Dismantlement],
        );
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_none());
        assert!(c.find_card(0, CardKind::Duel, &[1]).is_none());
        assert!(c.find_card(0, CardKind::Slash, &[2]).is_some());
        assert!(c.find_card(0, CardKind::Duel, &[2]).is_some());
    }

    #[test]
    fn with_a_hand_card_he_can_be_chosen() {
        let c = against(&[CardKind::Peach], &[CardKind::Slash, CardKind::Duel]);
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_some());
        assert!(c.find_card(0, CardKind::Duel, &[1]).is_some());
    }

    #[test]
    fn savage_assault_still_hits_him() {
        let mut c = against(&[], &[CardKind::SavageAssault]);
        c.card(0, CardKind::SavageAssault, &[]).pass_windows();
        c.pass(1).pass_windows().pass(2);
        assert_eq!((c.hp(1), c.hp(2)), (2, 3));
    }

    #[test]
    fn a_duel_goes_on_after_he_plays_his_last_card() {
        // 空城 only stops him being chosen: the 决斗 already aimed at him continues after his
        // last hand card is played, and then he cannot be chosen again.
        let mut c = against(
            &[CardKind::Slash],
            &[CardKind::Duel, CardKind::Slash, CardKind::Slash],
        );
        c.card(0, CardKind::Duel, &[1]).pass_windows();
        c.card(1, CardKind::Slash, &[]);
        assert!(c.hand(1).is_empty());
        c.card(0, CardKind::Slash, &[]);
        c.pass(1);
        assert_eq!(c.hp(1), 2);
        assert!(c.find_card(0, CardKind::Slash, &[1]).is_none());
        assert!(c.find_card(0, CardKind::Slash, &[2]).is_some());
    }

    /// V-EARLY-9: the 2008 诸葛亮 with no hand card may be chosen, but a 杀 has no effect on
    /// him; in a 决斗 the 杀 played against his empty hand ends it with nobody hurt.
    #[test]
    fn v_early_9_the_2008_kongcheng_voids_slashes_on_an_empty_hand() {
        let early = |hand: &[CardKind], attacker: &[CardKind]| {
            let mut s = table(&[Role::Lord, Role::Rebel, Role::Rebel]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            seat(&mut s, 1).general = GeneralId::ZhugeliangEarly;
            seat(&mut s, 1).hand = cards(hand);
            seat(&mut s, 0).hand = cards(attacker);
            Check::new(s)
        };
        let mut c = early(&[], &[CardKind::Slash]);
        c.card(0, CardKind::Slash, &[1]);
        assert_eq!(c.hp(1), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            crate::event::Event::EffectCancelled {
                card: CardKind::Slash,
                target: crate::seat::Seat(1)
            }
        )));
        // His last 杀 in the 决斗, then the user's 杀 against his empty hand: no effect, and
        // the 决斗 is over.
        let mut c = early(&[CardKind::Slash], &[CardKind::Duel, CardKind::Slash]);
        c.card(0, CardKind::Duel, &[1]).pass_windows();
        c.card(1, CardKind::Slash, &[])
            .card(0, CardKind::Slash, &[]);
        assert_eq!((c.hp(0), c.hp(1)), (4, 3));
        assert!(c.is_asked(0, |k| matches!(k, crate::prompt::PromptKind::Play)));
        // Chosen for a 决斗 with no hand card, he cannot answer and is hurt by the 决斗.
        let mut c = early(&[], &[CardKind::Duel]);
        c.card(0, CardKind::Duel, &[1]).pass_windows().pass(1);
        assert_eq!(c.hp(1), 2);
    }
}
