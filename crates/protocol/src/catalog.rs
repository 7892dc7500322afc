//! [`Catalog`]: the static data a client needs to show the game — every physical card by id,
//! card kinds, skills and generals with their names and texts in Chinese and English. It never
//! changes while the server runs; clients map the `CardId`s they receive to faces with it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sgs_engine::cards::deck;
use sgs_engine::generals::{self, General};
use sgs_engine::{CardId, CardKind, Category, Gender, GeneralId, Kingdom, SkillId, Suit};

/// One physical card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardFace {
    pub id: CardId,
    pub suit: Suit,
    /// A = 1 … K = 13.
    pub rank: u8,
    pub kind: CardKind,
    /// One of the four EX cards (in play only with `ex_cards`).
    pub ex: bool,
}

/// A card kind's names and rules text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardKindInfo {
    pub kind: CardKind,
    pub name_zh: String,
    pub name_en: String,
    pub text_zh: String,
    pub text_en: String,
    pub category: Category,
    /// Attack range of a weapon (0 otherwise).
    pub range: u8,
}

/// A skill's names and rules text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SkillInfo {
    pub id: SkillId,
    pub name_zh: String,
    pub name_en: String,
    pub text_zh: String,
    pub text_en: String,
    /// 锁定技
    pub compulsory: bool,
    /// 主公技
    pub lord: bool,
}

/// A general of the roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GeneralInfo {
    pub id: GeneralId,
    pub name_zh: String,
    pub name_en: String,
    pub kingdom: Kingdom,
    pub gender: Gender,
    pub max_hp: u8,
    pub skills: Vec<SkillId>,
    /// Offered to the lord in general selection.
    pub lord_candidate: bool,
}

/// Everything static a client shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Catalog {
    /// The deck, indexed by `CardId`.
    pub cards: Vec<CardFace>,
    pub card_kinds: Vec<CardKindInfo>,
    pub skills: Vec<SkillInfo>,
    /// The white general first, then the standard roster.
    pub generals: Vec<GeneralInfo>,
}

fn general_info(general: &General) -> GeneralInfo {
    GeneralInfo {
        id: general.id,
        name_zh: general.name_zh.to_string(),
        name_en: general.name_en.to_string(),
        kingdom: general.kingdom,
        gender: general.gender,
        max_hp: general.max_hp,
        skills: general.skills.to_vec(),
        lord_candidate: general.lord_candidate,
    }
}

impl Catalog {
    /// The catalog of the standard edition, built from the engine's tables.
    pub fn standard() -> Catalog {
        let cards = deck::STANDARD
            .iter()
            .enumerate()
            .map(|(i, row)| CardFace {
                id: CardId(i as u8),
                suit: row.suit,
                rank: row.rank,
                kind: row.kind,
                ex: row.ex,
            })
            .collect();
        let card_kinds = sgs_engine::cards::ALL
            .iter()
            .map(|def| CardKindInfo {
                kind: def.kind,
                name_zh: def.name_zh.to_string(),
                name_en: def.name_en.to_string(),
                text_zh: def.text_zh.to_string(),
                text_en: def.text_en.to_string(),
                category: def.category,
                range: def.range,
            })
            .collect();
        let skills = sgs_engine::skills::ALL
            .iter()
            .map(|def| SkillInfo {
                id: def.id,
                name_zh: def.name_zh.to_string(),
                name_en: def.name_en.to_string(),
                text_zh: def.text_zh.to_string(),
                text_en: def.text_en.to_string(),
                compulsory: def.tags.compulsory,
                lord: def.tags.lord,
            })
            .collect();
        let generals = std::iter::once(&generals::WHITE)
            .chain(generals::STANDARD.iter())
            .map(general_info)
            .collect();
        Catalog {
            cards,
            card_kinds,
            skills,
            generals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_indexes_cards_by_id_and_names_everything() {
        let catalog = Catalog::standard();
        assert_eq!(catalog.cards.len(), 108);
        for (i, card) in catalog.cards.iter().enumerate() {
            assert_eq!(card.id.index(), i);
        }
        assert_eq!(catalog.cards.iter().filter(|c| c.ex).count(), 4);
        assert!(catalog
            .card_kinds
            .iter()
            .all(|k| !k.name_zh.is_empty() && !k.name_en.is_empty()));
        assert!(catalog.skills.iter().all(|s| !s.text_zh.is_empty()));
        assert_eq!(catalog.generals.len(), 26);
        assert_eq!(catalog.generals[0].id, GeneralId::White);
    }
}
