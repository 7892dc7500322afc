//! 武神 Wushen — 神关羽 [锁定技].
//!
//! 锁定技，你的红桃手牌均视为【杀】；你使用红桃【杀】无距离限制。
//! Compulsory: your ♥ hand cards count as 杀; 杀 of ♥ that you use have no distance limit.
//!
//! A filter (`Game::card`), as 红颜: every read of a ♥ card in his hand sees a normal 杀 of the
//! same suit and rank, so legality, conversions and responses all treat it as one; the card is
//! never rewritten. W-WUSHEN-1: hand cards only (an equipped ♥ card is itself, a judgment card
//! too); a ♥ 桃 in his hand is a 杀 (no 桃 from it), a ♥ 无中生有 no trick; a card that leaves
//! his hand is its printed self again. The ♥ 杀 reaches any other character (a
//! `no_distance_limit` modifier that `杀`'s targeting asks).

use crate::card::{Card, CardKind, Nature, Suit, UsedCard};
use crate::def::skill::{Modifiers, SkillDef, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    filter: Some(hearts_in_hand_are_slashes),
    modifiers: Modifiers {
        no_distance_limit: Some(heart_slash),
        ..Modifiers::NONE
    },
    ..SkillDef::named(
        SkillId::Wushen,
        "武神",
        "Wushen",
        "锁定技，你的红桃手牌均视为【杀】；你使用红桃【杀】无距离限制。",
        "Compulsory: your Heart hand cards count as Slash; Slashes of Hearts you use have no distance limit.",
    )
};

fn hearts_in_hand_are_slashes(game: &Game, owner: Seat, card: &mut Card) {
    if card.suit == Suit::Heart && game.table.zone_of(card.id) == Zone::Hand(owner) {
        card.kind = CardKind::Slash;
        card.nature = Nature::Normal;
    }
}

fn heart_slash(_: &Game, _: Seat, card: &UsedCard) -> bool {
    card.kind == CardKind::Slash && card.suit == Some(Suit::Heart)
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    /// 神关羽 (seat 0) with `hand` and `equip`, four seats: seat 2 is at distance 2.
    fn guanyu(hand: Vec<CardSpec>, equip: Vec<CardSpec>) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist, Renegade]), "god");
        seat(&mut s, 0).general = GeneralId::ShenGuanyu;
        seat(&mut s, 0).hand = hand;
        seat(&mut s, 0).equip = equip;
        Check::new(s)
    }

    #[test]
    fn w_wushen_1_heart_hand_cards_are_slashes_with_suit_and_rank() {
        let c = guanyu(vec![CardSpec::exact(Peach, Suit::Heart, 3)], Vec::new());
        let id = c.game.hand(Seat(0))[0];
        let card = c.game.card(id);
        assert_eq!((card.kind, card.suit, card.rank), (Slash, Suit::Heart, 3));
        // The 桃 cannot be used as a 桃 (he is wounded or not: it is a 杀).
        assert!(c.find_card(0, Peach, &[]).is_none());
        // Elsewhere it is as printed.
        assert_eq!(c.game.card_for(id, Seat(1)).kind, Peach);
    }

    #[test]
    fn w_wushen_1_a_heart_slash_has_no_distance_limit_but_others_do() {
        let c = guanyu(
            vec![
                CardSpec::exact(ExNihilo, Suit::Heart, 7),
                CardSpec::exact(Slash, Suit::Spade, 7),
            ],
            Vec::new(),
        );
        // The ♥ (a 无中生有 printed) reaches seat 2 at distance 2; the ♠ 杀 does not.
        let hearts = c.find(0, |cards, _, t| {
            cards.len() == 1 && c.game.card(cards[0]).suit == Suit::Heart && t == [Seat(2)]
        });
        assert!(hearts.is_some());
        let spades = c.find(0, |cards, _, t| {
            cards.len() == 1 && c.game.card(cards[0]).suit == Suit::Spade && t == [Seat(2)]
        });
        assert!(spades.is_none());
        // The 无中生有 is no trick in his hand.
        assert!(c.find_card(0, ExNihilo, &[]).is_none());
    }

    #[test]
    fn w_wushen_1_equipped_hearts_are_unaffected_and_used_cards_go_as_printed() {
        let mut c = guanyu(
            vec![CardSpec::exact(Peach, Suit::Heart, 3)],
            vec![CardSpec::exact(Chitu, Suit::Heart, 5)],
        );
        let horse = c.game.equipped(Seat(0), crate::card::Slot::OffensiveHorse);
        assert!(horse.is_some_and(|h| c.game.card(h).kind == Chitu));
        c.card(0, Slash, &[2]).pass(2);
        assert_eq!(c.hp(2), 3);
        assert_eq!(c.discard_pile(), vec![Peach]);
    }
}
