//! The 军争 (Maneuvering) card pack as data: 52 cards, one of every suit and rank, played with
//! the standard pack (standard 104 + EX 4 + 军争 52 = the 160-card game).
//!
//! Source: `shared/rules/deck-maneuvering.md` §5 (FreeKill and QSanguosha-Para agree 52/52). A
//! card's id within the pack is its row here, so the order of this table is part of the record
//! format: never reorder it. 火杀 and 雷杀 are 杀 of fire and thunder nature.

use super::{fire, row, thunder};
use crate::card::{CardKind, Suit};
use crate::def::{CardPack, CardRules, DeckRow};

use CardKind::*;
use Suit::*;

pub static PACK: CardPack = CardPack {
    id: "maneuvering",
    version: 1,
    name_zh: "军争篇",
    name_en: "Maneuvering",
    options: &[],
    requires: &["standard"],
    modes: &["identity", "doudizhu", "2v2"],
    rows: &ROWS,
    card_rules: CardRules::Standard,
};

/// The 52 cards. ♠, ♥, ♣, ♦ in rank order, as in the rules file.
const ROWS: [DeckRow; 52] = [
    // ♠ Spade 黑桃
    row(GudingBlade, Spade, 1),
    row(Vine, Spade, 2),
    row(Analeptic, Spade, 3),
    thunder(Spade, 4),
    thunder(Spade, 5),
    thunder(Spade, 6),
    thunder(Spade, 7),
    thunder(Spade, 8),
    row(Analeptic, Spade, 9),
    row(SupplyShortage, Spade, 10),
    row(IronChain, Spade, 11),
    row(IronChain, Spade, 12),
    row(Nullification, Spade, 13),
    // ♥ Heart 红桃
    row(Nullification, Heart, 1),
    row(FireAttack, Heart, 2),
    row(FireAttack, Heart, 3),
    fire(Heart, 4),
    row(Peach, Heart, 5),
    row(Peach, Heart, 6),
    fire(Heart, 7),
    row(Jink, Heart, 8),
    row(Jink, Heart, 9),
    fire(Heart, 10),
    row(Jink, Heart, 11),
    row(Jink, Heart, 12),
    row(Nullification, Heart, 13),
    // ♣ Club 梅花
    row(SilverLion, Club, 1),
    row(Vine, Club, 2),
    row(Analeptic, Club, 3),
    row(SupplyShortage, Club, 4),
    thunder(Club, 5),
    thunder(Club, 6),
    thunder(Club, 7),
    thunder(Club, 8),
    row(Analeptic, Club, 9),
    row(IronChain, Club, 10),
    row(IronChain, Club, 11),
    row(IronChain, Club, 12),
    row(IronChain, Club, 13),
    // ♦ Diamond 方块
    row(ZhuqueFan, Diamond, 1),
    row(Peach, Diamond, 2),
    row(Peach, Diamond, 3),
    fire(Diamond, 4),
    fire(Diamond, 5),
    row(Jink, Diamond, 6),
    row(Jink, Diamond, 7),
    row(Jink, Diamond, 8),
    row(Analeptic, Diamond, 9),
    row(Jink, Diamond, 10),
    row(Jink, Diamond, 11),
    row(FireAttack, Diamond, 12),
    row(Hualiu, Diamond, 13),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Nature;

    fn count(kind: CardKind, nature: Nature) -> usize {
        ROWS.iter()
            .filter(|r| r.kind == kind && r.nature == nature)
            .count()
    }

    #[test]
    fn one_card_of_every_suit_and_rank() {
        super::super::assert_one_of_every_suit_and_rank(&ROWS);
    }

    #[test]
    fn the_totals_of_the_rules_file() {
        // deck-maneuvering.md §2.
        assert_eq!(count(Slash, Nature::Thunder), 9);
        assert_eq!(count(Slash, Nature::Fire), 5);
        assert_eq!(count(Slash, Nature::Normal), 0);
        assert_eq!(count(Analeptic, Nature::Normal), 5);
        assert_eq!(count(IronChain, Nature::Normal), 6);
        assert_eq!(count(FireAttack, Nature::Normal), 3);
        assert_eq!(count(SupplyShortage, Nature::Normal), 2);
        assert_eq!(count(Vine, Nature::Normal), 2);
        assert_eq!(count(Jink, Nature::Normal), 9);
        assert_eq!(count(Peach, Nature::Normal), 4);
        assert_eq!(count(Nullification, Nature::Normal), 3);
        for kind in [GudingBlade, ZhuqueFan, SilverLion, Hualiu] {
            assert_eq!(count(kind, Nature::Normal), 1, "{kind:?}");
        }
    }
}
