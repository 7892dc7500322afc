//! 空城 Kongcheng — 诸葛亮.
//!
//! 锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。
//! Compulsory: while you have no hand cards, you cannot be chosen as a target of Slash or Duel.
//!
//! It only stops him being *chosen*: a 决斗 already aimed at him goes on after he plays his last
//! hand card, and a 杀 already targeting him still resolves.

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
}
