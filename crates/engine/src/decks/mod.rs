//! Card packs: one file of deck rows per pack, and the registry line below. Adding a pack =
//! its file (a `CardPack` static) + its card kinds' files (`cards/`) + one line in [`ALL`].

pub mod hegemony;
pub mod kof;
pub mod maneuvering;
pub mod standard;
pub mod three_v_three;

use crate::card::{CardKind, Nature, Suit};
use crate::def::{CardPack, CardRules, DeckRow};
use crate::game::Game;
use crate::resolve::pick::Areas;

/// One physical card of a deck list (for the packs' row tables).
pub(crate) const fn row(kind: CardKind, suit: Suit, rank: u8) -> DeckRow {
    DeckRow::new(kind, suit, rank)
}

/// 火杀 A fire 杀 of a deck list.
pub(crate) const fn fire(suit: Suit, rank: u8) -> DeckRow {
    DeckRow::new(CardKind::Slash, suit, rank).of_nature(Nature::Fire)
}

/// 雷杀 A thunder 杀 of a deck list.
pub(crate) const fn thunder(suit: Suit, rank: u8) -> DeckRow {
    DeckRow::new(CardKind::Slash, suit, rank).of_nature(Nature::Thunder)
}

/// Every card pack.
pub static ALL: &[&CardPack] = &[
    &standard::PACK,
    &maneuvering::PACK,
    &kof::PACK,
    &three_v_three::PACK,
    &hegemony::PACK,
];

impl Game {
    /// How the trick cards read in this game: the reading of the first of its packs that brings
    /// one other than the standard texts (the 2013 1v1 deck, M-1V1-6).
    pub(crate) fn card_rules(&self) -> CardRules {
        self.ruleset()
            .cards
            .iter()
            .filter_map(|choice| self.registry.card_pack(&choice.id))
            .map(|pack| pack.card_rules)
            .find(|rules| *rules != CardRules::Standard)
            .unwrap_or(CardRules::Standard)
    }

    /// The areas 顺手牵羊 and 过河拆桥 take from: every area, or (M-1V1-6) no judgment area.
    pub(crate) fn takeable_areas(&self) -> Areas {
        match self.card_rules() {
            CardRules::Standard | CardRules::Hegemony => Areas::ALL,
            CardRules::Kof2013 => Areas::HAND_AND_EQUIP,
        }
    }
}

/// A 52-card pack holds one card of every suit and rank (军争, the 2013 1v1 deck).
#[cfg(test)]
fn assert_one_of_every_suit_and_rank(rows: &[crate::def::DeckRow]) {
    for suit in crate::card::Suit::ALL {
        let mut ranks: Vec<u8> = rows
            .iter()
            .filter(|r| r.suit == suit)
            .map(|r| r.rank)
            .collect();
        ranks.sort();
        assert_eq!(ranks, (1..=13).collect::<Vec<_>>(), "{suit:?}");
    }
}
