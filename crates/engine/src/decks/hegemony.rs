//! The 国战 deck (`hegemony.md` §7, H-DECK-1..5) as data: 108 cards, 27 of each suit, played
//! alone and only in 国战. Besides the identity game's cards (some at other suits and ranks) it
//! holds the six 国战 cards — 知己知彼, 以逸待劳, 远交近攻, 无懈可击·国, 吴六剑, 三尖两刃刀 — and it
//! brings the 国战 texts of the cards they share ([`CardRules::Hegemony`], §7.1).
//!
//! Source: `shared/rules/hegemony.md` H-DECK-1 ([QHeg]'s `standard` cards); 吴六剑 at ♦6
//! (H-DECK-5 (a), ruling O-16). A card's id within the pack is its row here, so the order of this
//! table is part of the record format: never reorder it.

use super::{fire, row, thunder};
use crate::card::{CardKind, Suit};
use crate::def::{CardPack, CardRules, DeckRow};

use CardKind::*;
use Suit::*;

pub static PACK: CardPack = CardPack {
    id: "hegemony",
    version: 1,
    name_zh: "国战卡牌",
    name_en: "Hegemony deck",
    options: &[],
    requires: &[],
    modes: &["hegemony"],
    rows: &ROWS,
    card_rules: CardRules::Hegemony,
};

/// The 108 cards: ♠, ♥, ♣, ♦ in rank order, the cards of one suit and rank in the grid's order.
const ROWS: [DeckRow; 108] = [
    // ♠ Spade 黑桃
    row(Duel, Spade, 1),
    row(Lightning, Spade, 1),
    row(DoubleSwords, Spade, 2),
    row(IceSword, Spade, 2),
    row(EightDiagram, Spade, 2),
    row(Dismantlement, Spade, 3),
    row(Snatch, Spade, 3),
    row(Dismantlement, Spade, 4),
    row(Snatch, Spade, 4),
    row(Slash, Spade, 5),
    row(Jueying, Spade, 5),
    thunder(Spade, 6),
    row(QinggangSword, Spade, 6),
    row(Slash, Spade, 7),
    thunder(Spade, 7),
    row(Slash, Spade, 8),
    row(Slash, Spade, 8),
    row(Slash, Spade, 9),
    row(Analeptic, Spade, 9),
    row(SupplyShortage, Spade, 10),
    row(Slash, Spade, 10),
    row(Nullification, Spade, 11),
    row(Slash, Spade, 11),
    row(SerpentSpear, Spade, 12),
    row(IronChain, Spade, 12),
    row(SavageAssault, Spade, 13),
    row(Dayuan, Spade, 13),
    // ♥ Heart 红桃
    row(ArcheryAttack, Heart, 1),
    row(GodSalvation, Heart, 1),
    row(FireAttack, Heart, 2),
    row(Jink, Heart, 2),
    row(AmazingGrace, Heart, 3),
    row(FireAttack, Heart, 3),
    row(Peach, Heart, 4),
    fire(Heart, 4),
    row(Chitu, Heart, 5),
    row(KylinBow, Heart, 5),
    row(Indulgence, Heart, 6),
    row(Peach, Heart, 6),
    row(ExNihilo, Heart, 7),
    row(Peach, Heart, 7),
    row(ExNihilo, Heart, 8),
    row(Peach, Heart, 8),
    row(Peach, Heart, 9),
    row(BefriendAttacking, Heart, 9),
    row(Slash, Heart, 10),
    row(Peach, Heart, 10),
    row(AwaitExhausted, Heart, 11),
    row(Jink, Heart, 11),
    row(Slash, Heart, 12),
    row(Peach, Heart, 12),
    row(Dismantlement, Heart, 12),
    row(Zhuahuang, Heart, 13),
    row(Jink, Heart, 13),
    // ♣ Club 梅花
    row(Duel, Club, 1),
    row(SilverLion, Club, 1),
    row(RenwangShield, Club, 2),
    row(Vine, Club, 2),
    row(Slash, Club, 2),
    row(Slash, Club, 3),
    row(KnownBoth, Club, 3),
    row(Slash, Club, 4),
    row(KnownBoth, Club, 4),
    row(Slash, Club, 5),
    row(Dilu, Club, 5),
    row(Indulgence, Club, 6),
    thunder(Club, 6),
    row(SavageAssault, Club, 7),
    thunder(Club, 7),
    row(Slash, Club, 8),
    thunder(Club, 8),
    row(Slash, Club, 9),
    row(Analeptic, Club, 9),
    row(SupplyShortage, Club, 10),
    row(Slash, Club, 10),
    row(Slash, Club, 11),
    row(Slash, Club, 11),
    row(Collateral, Club, 12),
    row(IronChain, Club, 12),
    row(HegNullification, Club, 13),
    row(IronChain, Club, 13),
    // ♦ Diamond 方块
    row(Crossbow, Diamond, 1),
    row(ZhuqueFan, Diamond, 1),
    row(Peach, Diamond, 2),
    row(Jink, Diamond, 2),
    row(Jink, Diamond, 3),
    row(Snatch, Diamond, 3),
    row(AwaitExhausted, Diamond, 4),
    fire(Diamond, 4),
    fire(Diamond, 5),
    row(Axe, Diamond, 5),
    // 吴六剑 at ♦6 (H-DECK-5 (a)).
    row(SixSwords, Diamond, 6),
    row(Jink, Diamond, 6),
    row(Jink, Diamond, 7),
    row(Jink, Diamond, 7),
    row(Jink, Diamond, 8),
    row(Jink, Diamond, 8),
    row(Analeptic, Diamond, 9),
    row(Jink, Diamond, 9),
    row(Slash, Diamond, 10),
    row(Jink, Diamond, 10),
    row(Slash, Diamond, 11),
    row(Jink, Diamond, 11),
    row(Triblade, Diamond, 12),
    row(HegNullification, Diamond, 12),
    row(Slash, Diamond, 12),
    row(Zixing, Diamond, 13),
    row(Jink, Diamond, 13),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Category, Nature};

    fn count(kind: CardKind, nature: Nature) -> usize {
        ROWS.iter()
            .filter(|r| r.kind == kind && r.nature == nature)
            .count()
    }

    fn places(kind: CardKind, nature: Nature) -> Vec<(Suit, u8)> {
        ROWS.iter()
            .filter(|r| r.kind == kind && r.nature == nature)
            .map(|r| (r.suit, r.rank))
            .collect()
    }

    /// H-DECK-1: 27 cards of each suit, 108 in all.
    #[test]
    fn h_deck_1_twenty_seven_cards_of_each_suit() {
        assert_eq!(ROWS.len(), 108);
        for suit in Suit::ALL {
            assert_eq!(
                ROWS.iter().filter(|r| r.suit == suit).count(),
                27,
                "{suit:?}"
            );
        }
        assert!(ROWS.iter().all(|r| (1..=13).contains(&r.rank)));
    }

    /// H-DECK-2: every name's count, and where each of the 国战 cards and the 杀 of a nature lie.
    #[test]
    fn h_deck_2_the_counts_by_name() {
        use Nature::{Fire, Normal, Thunder};
        let totals = [
            (Slash, Normal, 21),
            (Slash, Fire, 3),
            (Slash, Thunder, 5),
            (Jink, Normal, 14),
            (Peach, Normal, 8),
            (Analeptic, Normal, 3),
            (Dismantlement, Normal, 3),
            (Snatch, Normal, 3),
            (Duel, Normal, 2),
            (Collateral, Normal, 1),
            (ExNihilo, Normal, 2),
            (Nullification, Normal, 1),
            (HegNullification, Normal, 2),
            (IronChain, Normal, 3),
            (FireAttack, Normal, 2),
            (SavageAssault, Normal, 2),
            (ArcheryAttack, Normal, 1),
            (GodSalvation, Normal, 1),
            (AmazingGrace, Normal, 1),
            (KnownBoth, Normal, 2),
            (AwaitExhausted, Normal, 2),
            (BefriendAttacking, Normal, 1),
            (Lightning, Normal, 1),
            (Indulgence, Normal, 2),
            (SupplyShortage, Normal, 2),
            (Crossbow, Normal, 1),
            (DoubleSwords, Normal, 1),
            (QinggangSword, Normal, 1),
            (IceSword, Normal, 1),
            (SixSwords, Normal, 1),
            (SerpentSpear, Normal, 1),
            (Axe, Normal, 1),
            (Triblade, Normal, 1),
            (ZhuqueFan, Normal, 1),
            (KylinBow, Normal, 1),
            (EightDiagram, Normal, 1),
            (RenwangShield, Normal, 1),
            (Vine, Normal, 1),
            (SilverLion, Normal, 1),
            (Jueying, Normal, 1),
            (Dilu, Normal, 1),
            (Zhuahuang, Normal, 1),
            (Chitu, Normal, 1),
            (Dayuan, Normal, 1),
            (Zixing, Normal, 1),
        ];
        for (kind, nature, n) in totals {
            assert_eq!(count(kind, nature), n, "{kind:?} {nature:?}");
        }
        assert_eq!(
            totals.iter().map(|t| t.2).sum::<usize>(),
            108,
            "every row named"
        );
        assert_eq!(
            places(Slash, Fire),
            vec![(Heart, 4), (Diamond, 4), (Diamond, 5)]
        );
        assert_eq!(
            places(Slash, Thunder),
            vec![(Spade, 6), (Spade, 7), (Club, 6), (Club, 7), (Club, 8)]
        );
        assert_eq!(places(KnownBoth, Normal), vec![(Club, 3), (Club, 4)]);
        assert_eq!(
            places(AwaitExhausted, Normal),
            vec![(Heart, 11), (Diamond, 4)]
        );
        assert_eq!(places(BefriendAttacking, Normal), vec![(Heart, 9)]);
        assert_eq!(
            places(HegNullification, Normal),
            vec![(Club, 13), (Diamond, 12)]
        );
        assert_eq!(places(Nullification, Normal), vec![(Spade, 11)]);
        assert_eq!(
            places(SixSwords, Normal),
            vec![(Diamond, 6)],
            "H-DECK-5 (a)"
        );
        assert_eq!(places(Triblade, Normal), vec![(Diamond, 12)]);
        assert_eq!(places(Peach, Normal).len(), 8);
        assert!(places(Peach, Normal).contains(&(Diamond, 2)));
    }

    /// H-DECK-2 totals: basic 54, trick 34 (5 delayed), equipment 20 (10 weapons, 4 armors,
    /// 6 horses); no 青龙偃月刀, 方天画戟, 古锭刀 or 骅骝 (H-DECK-3).
    #[test]
    fn h_deck_2_the_totals_by_type() {
        let registry = &crate::content::REGISTRY;
        let of = |f: &dyn Fn(Category) -> bool| {
            ROWS.iter()
                .filter(|r| f(registry.cards[r.kind as usize].category))
                .count()
        };
        assert_eq!(of(&|c| c == Category::Basic), 54);
        assert_eq!(of(&|c| c == Category::Trick), 29);
        assert_eq!(of(&|c| c == Category::DelayedTrick), 5);
        assert_eq!(of(&|c| c.slot().is_some()), 20);
        use crate::card::Slot;
        assert_eq!(of(&|c| c.slot() == Some(Slot::Weapon)), 10);
        assert_eq!(of(&|c| c.slot() == Some(Slot::Armor)), 4);
        for kind in [Blade, Halberd, GudingBlade, Hualiu] {
            assert_eq!(count(kind, Nature::Normal), 0, "{kind:?}");
        }
    }
}
