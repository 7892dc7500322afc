//! The 2013 1v1 deck (KOF, `modes.md` M-1V1-7) as data: 52 cards, one of every suit and rank,
//! played alone (it needs no other pack) and only in 1v1. It brings the 2013 card texts
//! ([`CardRules::Kof2013`], M-1V1-6) and the trick 水淹七军 (`cards/drowning.rs`).
//!
//! Source: `shared/rules/modes.md` M-1V1-7 (QSanguosha-Para's `New1v1CardPackage`). A card's id
//! within the pack is its row here, so the order of this table is part of the record format:
//! never reorder it.

use super::row;
use crate::card::{CardKind, Suit};
use crate::def::{CardPack, CardRules, DeckRow};

use CardKind::*;
use Suit::*;

pub static PACK: CardPack = CardPack {
    id: "kof",
    version: 1,
    name_zh: "1v1 卡牌（2013）",
    name_en: "1v1 deck (2013)",
    options: &[],
    requires: &[],
    modes: &["1v1"],
    rows: &ROWS,
    card_rules: CardRules::Kof2013,
};

/// The 52 cards. ♠, ♥, ♣, ♦ in rank order, as in the rules file.
const ROWS: [DeckRow; 52] = [
    // ♠ Spade 黑桃
    row(Duel, Spade, 1),
    row(EightDiagram, Spade, 2),
    row(Dismantlement, Spade, 3),
    row(Snatch, Spade, 4),
    row(Slash, Spade, 5),
    row(QinggangSword, Spade, 6),
    row(Slash, Spade, 7),
    row(Slash, Spade, 8),
    row(IceSword, Spade, 9),
    row(Slash, Spade, 10),
    row(Snatch, Spade, 11),
    row(SerpentSpear, Spade, 12),
    row(SavageAssault, Spade, 13),
    // ♥ Heart 红桃
    row(ArcheryAttack, Heart, 1),
    row(Jink, Heart, 2),
    row(Peach, Heart, 3),
    row(Peach, Heart, 4),
    row(Jink, Heart, 5),
    row(Indulgence, Heart, 6),
    row(ExNihilo, Heart, 7),
    row(ExNihilo, Heart, 8),
    row(Peach, Heart, 9),
    row(Slash, Heart, 10),
    row(Slash, Heart, 11),
    row(Dismantlement, Heart, 12),
    row(Nullification, Heart, 13),
    // ♣ Club 梅花
    row(Duel, Club, 1),
    row(RenwangShield, Club, 2),
    row(Dismantlement, Club, 3),
    row(Slash, Club, 4),
    row(Slash, Club, 5),
    row(Slash, Club, 6),
    row(Drowning, Club, 7),
    row(Slash, Club, 8),
    row(Slash, Club, 9),
    row(Slash, Club, 10),
    row(Slash, Club, 11),
    row(SupplyShortage, Club, 12),
    row(Nullification, Club, 13),
    // ♦ Diamond 方块
    row(Crossbow, Diamond, 1),
    row(Jink, Diamond, 2),
    row(Jink, Diamond, 3),
    row(Snatch, Diamond, 4),
    row(Axe, Diamond, 5),
    row(Slash, Diamond, 6),
    row(Jink, Diamond, 7),
    row(Jink, Diamond, 8),
    row(Slash, Diamond, 9),
    row(Jink, Diamond, 10),
    row(Jink, Diamond, 11),
    row(Peach, Diamond, 12),
    row(Slash, Diamond, 13),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: CardKind) -> usize {
        ROWS.iter().filter(|r| r.kind == kind).count()
    }

    #[test]
    fn m_1v1_7_one_card_of_every_suit_and_rank() {
        super::super::assert_one_of_every_suit_and_rank(&ROWS);
    }

    #[test]
    fn m_1v1_7_the_totals_of_the_rules_file() {
        let totals = [
            (Slash, 16),
            (Jink, 8),
            (Peach, 4),
            (Dismantlement, 3),
            (Snatch, 3),
            (Duel, 2),
            (ExNihilo, 2),
            (Nullification, 2),
            (SavageAssault, 1),
            (ArcheryAttack, 1),
            (Indulgence, 1),
            (SupplyShortage, 1),
            (Drowning, 1),
            (Crossbow, 1),
            (QinggangSword, 1),
            (IceSword, 1),
            (SerpentSpear, 1),
            (Axe, 1),
            (EightDiagram, 1),
            (RenwangShield, 1),
        ];
        for (kind, n) in totals {
            assert_eq!(count(kind), n, "{kind:?}");
        }
        assert_eq!(totals.iter().map(|(_, n)| n).sum::<usize>(), ROWS.len());
    }
}
