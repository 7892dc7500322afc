//! The standard-edition card pack (标准版 104 张 + EX 4 张) as data: one row per physical card.
//!
//! Source: `shared/rules/deck-standard.md` §5. A card's id within the pack is its row here, so
//! the order of this table is part of the record format: never reorder it. The four EX cards
//! (寒冰剑, 仁王盾, ♥Q 闪电, ♦Q 无懈可击) come with the pack option `ex` (on by default).

use super::row;
use crate::card::{CardKind, Suit};
use crate::def::{CardPack, CardRules, DeckRow, OptionDef, OptionKind};

use CardKind::*;
use Suit::*;

pub static PACK: CardPack = CardPack {
    id: "standard",
    version: 1,
    name_zh: "标准版",
    name_en: "Standard",
    options: &[OptionDef {
        id: "ex",
        name_zh: "EX 牌",
        name_en: "EX cards",
        text_zh: "加入四张 EX 牌：寒冰剑、仁王盾、♥Q 闪电、♦Q 无懈可击。",
        text_en: "Adds the four EX cards: Ice Sword, Renwang Shield, the ♥Q Lightning and the ♦Q Nullification.",
        kind: OptionKind::Flag { default: true },
    }],
    requires: &[],
    modes: &[],
    rows: &ROWS,
    card_rules: CardRules::Standard,
};

const fn ex(kind: CardKind, suit: Suit, rank: u8) -> DeckRow {
    DeckRow::new(kind, suit, rank).part_of("ex")
}

/// The 108 cards. ♠, ♥, ♣, ♦ in rank order, as in the rules file.
pub(crate) const ROWS: [DeckRow; 108] = [
    // ♠ Spade 黑桃
    row(Duel, Spade, 1),
    row(Lightning, Spade, 1),
    row(DoubleSwords, Spade, 2),
    row(EightDiagram, Spade, 2),
    ex(IceSword, Spade, 2),
    row(Dismantlement, Spade, 3),
    row(Snatch, Spade, 3),
    row(Dismantlement, Spade, 4),
    row(Snatch, Spade, 4),
    row(Blade, Spade, 5),
    row(Jueying, Spade, 5),
    row(Indulgence, Spade, 6),
    row(QinggangSword, Spade, 6),
    row(SavageAssault, Spade, 7),
    row(Slash, Spade, 7),
    row(Slash, Spade, 8),
    row(Slash, Spade, 8),
    row(Slash, Spade, 9),
    row(Slash, Spade, 9),
    row(Slash, Spade, 10),
    row(Slash, Spade, 10),
    row(Nullification, Spade, 11),
    row(Snatch, Spade, 11),
    row(Dismantlement, Spade, 12),
    row(SerpentSpear, Spade, 12),
    row(Dayuan, Spade, 13),
    row(SavageAssault, Spade, 13),
    // ♥ Heart 红桃
    row(ArcheryAttack, Heart, 1),
    row(GodSalvation, Heart, 1),
    row(Jink, Heart, 2),
    row(Jink, Heart, 2),
    row(AmazingGrace, Heart, 3),
    row(Peach, Heart, 3),
    row(AmazingGrace, Heart, 4),
    row(Peach, Heart, 4),
    row(Chitu, Heart, 5),
    row(KylinBow, Heart, 5),
    row(Indulgence, Heart, 6),
    row(Peach, Heart, 6),
    row(ExNihilo, Heart, 7),
    row(Peach, Heart, 7),
    row(ExNihilo, Heart, 8),
    row(Peach, Heart, 8),
    row(ExNihilo, Heart, 9),
    row(Peach, Heart, 9),
    row(Slash, Heart, 10),
    row(Slash, Heart, 10),
    row(ExNihilo, Heart, 11),
    row(Slash, Heart, 11),
    row(Dismantlement, Heart, 12),
    ex(Lightning, Heart, 12),
    row(Peach, Heart, 12),
    row(Jink, Heart, 13),
    row(Zhuahuang, Heart, 13),
    // ♣ Club 梅花
    row(Crossbow, Club, 1),
    row(Duel, Club, 1),
    row(EightDiagram, Club, 2),
    ex(RenwangShield, Club, 2),
    row(Slash, Club, 2),
    row(Dismantlement, Club, 3),
    row(Slash, Club, 3),
    row(Dismantlement, Club, 4),
    row(Slash, Club, 4),
    row(Dilu, Club, 5),
    row(Slash, Club, 5),
    row(Indulgence, Club, 6),
    row(Slash, Club, 6),
    row(SavageAssault, Club, 7),
    row(Slash, Club, 7),
    row(Slash, Club, 8),
    row(Slash, Club, 8),
    row(Slash, Club, 9),
    row(Slash, Club, 9),
    row(Slash, Club, 10),
    row(Slash, Club, 10),
    row(Slash, Club, 11),
    row(Slash, Club, 11),
    row(Collateral, Club, 12),
    row(Nullification, Club, 12),
    row(Collateral, Club, 13),
    row(Nullification, Club, 13),
    // ♦ Diamond 方块
    row(Crossbow, Diamond, 1),
    row(Duel, Diamond, 1),
    row(Jink, Diamond, 2),
    row(Jink, Diamond, 2),
    row(Jink, Diamond, 3),
    row(Snatch, Diamond, 3),
    row(Jink, Diamond, 4),
    row(Snatch, Diamond, 4),
    row(Axe, Diamond, 5),
    row(Jink, Diamond, 5),
    row(Jink, Diamond, 6),
    row(Slash, Diamond, 6),
    row(Jink, Diamond, 7),
    row(Slash, Diamond, 7),
    row(Jink, Diamond, 8),
    row(Slash, Diamond, 8),
    row(Jink, Diamond, 9),
    row(Slash, Diamond, 9),
    row(Jink, Diamond, 10),
    row(Slash, Diamond, 10),
    row(Jink, Diamond, 11),
    row(Jink, Diamond, 11),
    row(Halberd, Diamond, 12),
    ex(Nullification, Diamond, 12),
    row(Peach, Diamond, 12),
    row(Slash, Diamond, 13),
    row(Zixing, Diamond, 13),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Category;

    fn category(kind: CardKind) -> Category {
        crate::cards::ALL[kind as usize].category
    }

    fn count(kind: CardKind) -> usize {
        ROWS.iter().filter(|r| r.kind == kind).count()
    }

    #[test]
    fn totals_match_the_rules_file() {
        assert_eq!(ROWS.len(), 108);
        assert_eq!(ROWS.iter().filter(|r| r.part.is_none()).count(), 104);
        for suit in Suit::ALL {
            assert_eq!(ROWS.iter().filter(|r| r.suit == suit).count(), 27);
            assert_eq!(
                ROWS.iter()
                    .filter(|r| r.suit == suit && r.part.is_none())
                    .count(),
                26
            );
        }
        let expected = [
            (Slash, 30),
            (Jink, 15),
            (Peach, 8),
            (Dismantlement, 6),
            (Snatch, 5),
            (Duel, 3),
            (Collateral, 2),
            (ExNihilo, 4),
            (Nullification, 4),
            (SavageAssault, 3),
            (ArcheryAttack, 1),
            (GodSalvation, 1),
            (AmazingGrace, 2),
            (Lightning, 2),
            (Indulgence, 3),
            (Crossbow, 2),
            (EightDiagram, 2),
        ];
        for (kind, n) in expected {
            assert_eq!(count(kind), n, "{kind:?}");
        }
        let basics = ROWS
            .iter()
            .filter(|r| category(r.kind) == Category::Basic)
            .count();
        assert_eq!(basics, 53);
        let equips = ROWS
            .iter()
            .filter(|r| matches!(category(r.kind), Category::Equip(_)))
            .count();
        assert_eq!(equips, 19);
    }

    #[test]
    fn slash_colours() {
        let black = ROWS
            .iter()
            .filter(|r| r.kind == Slash && matches!(r.suit, Spade | Club))
            .count();
        assert_eq!(black, 21);
    }
}
