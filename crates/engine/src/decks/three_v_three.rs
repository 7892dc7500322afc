//! The 2013 3v3 deck (`modes.md` M-3V3-11/12) as data: the standard 108 cards (the EX cards
//! included) changed card by card, played alone and only in 3v3.
//!
//! - M-3V3-11 (2012): 闪电 ♠A → 兵粮寸断 ♠A, 闪电 ♥Q → 无懈可击 ♥Q, 无懈可击 ♣Q → 兵粮寸断 ♣Q;
//! - M-3V3-12 (2013): also 诸葛连弩 ♣A and ♦A → 连弩 (`cards/vs_crossbow.rs`).
//!
//! Source: QSanguosha-Para's `New3v3_2013CardPackage` as the rules file gives it. The rows are
//! the standard pack's, in its order, each changed card in its place: a card's id within the
//! pack is its row, part of the record format, so never reorder them.

use crate::card::{CardKind, Suit};
use crate::def::{CardPack, CardRules, DeckRow};

use CardKind::*;
use Suit::*;

pub static PACK: CardPack = CardPack {
    id: "3v3",
    version: 1,
    name_zh: "3v3 卡牌（2013）",
    name_en: "3v3 deck (2013)",
    options: &[],
    requires: &[],
    modes: &["3v3"],
    rows: &ROWS,
    card_rules: CardRules::Standard,
};

/// The standard rows with the 3v3 changes, every card always in (no EX switch).
const ROWS: [DeckRow; 108] = changed(super::standard::ROWS);

const fn changed(mut rows: [DeckRow; 108]) -> [DeckRow; 108] {
    let mut i = 0;
    while i < rows.len() {
        let row = rows[i];
        let kind = match (row.kind, row.suit, row.rank) {
            (Lightning, Spade, 1) => SupplyShortage,
            (Lightning, Heart, 12) => Nullification,
            (Nullification, Club, 12) => SupplyShortage,
            (Crossbow, _, 1) => VsCrossbow,
            (kind, _, _) => kind,
        };
        rows[i] = DeckRow::new(kind, row.suit, row.rank);
        i += 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: CardKind) -> usize {
        ROWS.iter().filter(|r| r.kind == kind).count()
    }

    fn has(kind: CardKind, suit: Suit, rank: u8) -> bool {
        ROWS.iter()
            .any(|r| r.kind == kind && r.suit == suit && r.rank == rank)
    }

    #[test]
    fn m_3v3_11_12_the_standard_deck_changed_card_by_card() {
        assert_eq!(ROWS.len(), 108);
        assert_eq!(count(Lightning), 0);
        assert_eq!(count(Crossbow), 0);
        assert!(has(SupplyShortage, Spade, 1));
        assert!(has(SupplyShortage, Club, 12));
        assert!(has(Nullification, Heart, 12));
        assert!(!has(Nullification, Club, 12));
        assert!(has(VsCrossbow, Club, 1));
        assert!(has(VsCrossbow, Diamond, 1));
        // 无懈可击: the standard 4 with EX, less ♣Q, plus ♥Q.
        assert_eq!(count(Nullification), 4);
        assert_eq!(count(SupplyShortage), 2);
        assert!(ROWS.iter().all(|r| r.part.is_none()), "every card is in");
        // Everything else is the standard deck's, row by row.
        let same = ROWS
            .iter()
            .zip(super::super::standard::ROWS.iter())
            .filter(|(a, b)| a.kind == b.kind && a.suit == b.suit && a.rank == b.rank)
            .count();
        assert_eq!(same, 108 - 5);
    }
}
