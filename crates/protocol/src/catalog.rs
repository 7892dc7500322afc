//! [`Catalog`]: the static data a client needs to offer a game and to show it — every registered
//! mode with its options, card pack with its cards and options, general pack with its generals,
//! the text editions; card kinds, skills and generals with their names and texts in Chinese and
//! English. It never changes while the server runs and is built from the engine's registry
//! ([`Catalog::of`]), so a pack or a mode registered in the engine appears here, and in the
//! lobby that builds its choices from it, with no other change. A game's own card table (ids to
//! faces) comes with its `View` (`deck`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sgs_engine::def::{OptionDef, OptionKind, Registry};
use sgs_engine::{
    Camp, CardKind, Category, Gender, GeneralId, Kingdom, Nature, Role, Ruleset, SkillId, Suit,
};

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

/// A general of a roster.
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
    /// A text edition's print of another general (the 2009 曹仁): played in that general's
    /// place under that edition; a pack's roster lists only the general it reprints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printing: Option<PrintingInfo>,
}

/// Which general a roster row reprints, and in which text edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PrintingInfo {
    pub edition: String,
    pub of: GeneralId,
}

/// An option a mode or a pack declares, for a form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OptionInfo {
    pub id: String,
    pub name_zh: String,
    pub name_en: String,
    /// What the option does, in one line (the lobby shows it beside the input).
    pub text_zh: String,
    pub text_en: String,
    #[serde(flatten)]
    pub kind: OptionKindInfo,
}

/// What values an option takes, and its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionKindInfo {
    /// On or off.
    Flag { default: bool },
    /// A whole number in `min..=max`.
    Number { min: i64, max: i64, default: i64 },
    /// One of `choices` (by id).
    Choice {
        choices: Vec<ChoiceInfo>,
        default: String,
    },
}

/// One choice of a choice option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChoiceInfo {
    pub id: String,
    pub name_zh: String,
    pub name_en: String,
}

/// A registered mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ModeInfo {
    pub id: String,
    /// Its rules version (records name it).
    pub version: u32,
    pub name_zh: String,
    pub name_en: String,
    pub text_zh: String,
    pub text_en: String,
    pub options: Vec<OptionInfo>,
    pub min_seats: u8,
    pub max_seats: u8,
    /// The roles it deals and the camps its outcomes name.
    pub roles: Vec<Role>,
    pub camps: Vec<Camp>,
}

/// One physical card of a card pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PackCard {
    pub kind: CardKind,
    pub suit: Suit,
    /// A = 1 … K = 13.
    pub rank: u8,
    #[serde(default, skip_serializing_if = "Nature::is_normal")]
    pub nature: Nature,
    /// The pack option (a switch) this card comes with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// A registered card pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardPackInfo {
    pub id: String,
    pub version: u32,
    pub name_zh: String,
    pub name_en: String,
    pub options: Vec<OptionInfo>,
    /// Packs it is played with (they come first in a ruleset).
    pub requires: Vec<String>,
    /// The modes it may be played in (empty: every mode).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<String>,
    /// Its cards, in the order a game numbers them after the packs before it.
    pub cards: Vec<PackCard>,
}

/// A registered general pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GeneralPackInfo {
    pub id: String,
    pub version: u32,
    pub name_zh: String,
    pub name_en: String,
    /// The modes it may be played in (empty: every mode).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<String>,
    pub generals: Vec<GeneralId>,
}

/// Everything static a client offers and shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Catalog {
    pub modes: Vec<ModeInfo>,
    pub card_packs: Vec<CardPackInfo>,
    pub general_packs: Vec<GeneralPackInfo>,
    /// The text editions a ruleset may name.
    pub editions: Vec<String>,
    /// The ruleset a room gets when its options name none.
    pub default_ruleset: Ruleset,
    pub card_kinds: Vec<CardKindInfo>,
    pub skills: Vec<SkillInfo>,
    /// The white general first, then every general pack's generals.
    pub generals: Vec<GeneralInfo>,
}

fn option_info(def: &OptionDef) -> OptionInfo {
    let kind = match &def.kind {
        OptionKind::Flag { default } => OptionKindInfo::Flag { default: *default },
        OptionKind::Number { min, max, default } => OptionKindInfo::Number {
            min: *min,
            max: *max,
            default: *default,
        },
        OptionKind::Choice { choices, default } => OptionKindInfo::Choice {
            choices: choices
                .iter()
                .map(|c| ChoiceInfo {
                    id: c.id.to_string(),
                    name_zh: c.name_zh.to_string(),
                    name_en: c.name_en.to_string(),
                })
                .collect(),
            default: default.to_string(),
        },
    };
    OptionInfo {
        id: def.id.to_string(),
        name_zh: def.name_zh.to_string(),
        name_en: def.name_en.to_string(),
        text_zh: def.text_zh.to_string(),
        text_en: def.text_en.to_string(),
        kind,
    }
}

fn general_info(general: &sgs_engine::def::General) -> GeneralInfo {
    GeneralInfo {
        id: general.id,
        name_zh: general.name_zh.to_string(),
        name_en: general.name_en.to_string(),
        kingdom: general.kingdom,
        gender: general.gender,
        max_hp: general.max_hp,
        skills: general.skills.to_vec(),
        lord_candidate: general.lord_candidate,
        printing: general.printing.map(|p| PrintingInfo {
            edition: p.edition.to_string(),
            of: p.of,
        }),
    }
}

impl Catalog {
    /// The catalog of everything `registry` holds.
    pub fn of(registry: &Registry) -> Catalog {
        let modes = registry
            .modes
            .iter()
            .map(|m| ModeInfo {
                id: m.id.to_string(),
                version: m.version,
                name_zh: m.name_zh.to_string(),
                name_en: m.name_en.to_string(),
                text_zh: m.text_zh.to_string(),
                text_en: m.text_en.to_string(),
                options: m.options.iter().map(option_info).collect(),
                min_seats: m.seats.0,
                max_seats: m.seats.1,
                roles: m.roles.to_vec(),
                camps: m.camps.to_vec(),
            })
            .collect();
        let card_packs = registry
            .card_packs
            .iter()
            .map(|p| CardPackInfo {
                id: p.id.to_string(),
                version: p.version,
                name_zh: p.name_zh.to_string(),
                name_en: p.name_en.to_string(),
                options: p.options.iter().map(option_info).collect(),
                requires: p.requires.iter().map(|r| r.to_string()).collect(),
                modes: p.modes.iter().map(|m| m.to_string()).collect(),
                cards: p
                    .rows
                    .iter()
                    .map(|r| PackCard {
                        kind: r.kind,
                        suit: r.suit,
                        rank: r.rank,
                        nature: r.nature,
                        part: r.part.map(str::to_string),
                    })
                    .collect(),
            })
            .collect();
        let general_packs = registry
            .general_packs
            .iter()
            .map(|p| GeneralPackInfo {
                id: p.id.to_string(),
                version: p.version,
                name_zh: p.name_zh.to_string(),
                name_en: p.name_en.to_string(),
                modes: p.modes.iter().map(|m| m.to_string()).collect(),
                generals: p
                    .generals
                    .iter()
                    .filter(|g| g.printing.is_none())
                    .map(|g| g.id)
                    .collect(),
            })
            .collect();
        let card_kinds = registry
            .cards
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
        let skills = registry
            .skills
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
        let generals = std::iter::once(registry.white)
            .chain(
                registry
                    .general_packs
                    .iter()
                    .flat_map(|p| p.generals.iter()),
            )
            .map(general_info)
            .collect();
        Catalog {
            modes,
            card_packs,
            general_packs,
            editions: registry.editions.iter().map(|e| e.to_string()).collect(),
            default_ruleset: Ruleset::standard(),
            card_kinds,
            skills,
            generals,
        }
    }

    /// The catalog of the engine's own registry.
    pub fn engine() -> Catalog {
        Catalog::of(&sgs_engine::REGISTRY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_lists_every_registered_mode_and_pack_and_names_everything() {
        let catalog = Catalog::engine();
        let registry = &sgs_engine::REGISTRY;
        assert_eq!(catalog.modes.len(), registry.modes.len());
        assert_eq!(catalog.card_packs.len(), registry.card_packs.len());
        assert_eq!(catalog.general_packs.len(), registry.general_packs.len());
        let standard = &catalog.card_packs[0];
        assert_eq!(standard.cards.len(), 108);
        assert_eq!(
            standard.cards.iter().filter(|c| c.part.is_some()).count(),
            4
        );
        assert!(standard.options.iter().any(|o| o.id == "ex"));
        let identity = &catalog.modes[0];
        assert!(identity.options.iter().any(|o| o.id == "role_table"));
        assert!(catalog
            .card_kinds
            .iter()
            .all(|k| !k.name_zh.is_empty() && !k.name_en.is_empty()));
        assert!(catalog.skills.iter().all(|s| !s.text_zh.is_empty()));
        // The white general, then every pack's roster (the standard pack's 25 first).
        let roster: usize = registry
            .general_packs
            .iter()
            .map(|p| p.generals.len())
            .sum();
        assert_eq!(catalog.generals.len(), 1 + roster);
        assert_eq!(catalog.general_packs[0].generals.len(), 25);
        assert_eq!(catalog.generals[0].id, GeneralId::White);
        let json = serde_json::to_value(&catalog).unwrap();
        assert_eq!(json["modes"][0]["options"][0]["kind"], "choice");
    }

    /// Issue 18: every option of every registered mode and card pack explains itself in one
    /// line, in Chinese and in English (the lobby shows it beside the option).
    #[test]
    fn every_option_has_a_one_line_explanation_in_both_languages() {
        let catalog = Catalog::engine();
        let options = catalog
            .modes
            .iter()
            .map(|m| (&m.id, &m.options))
            .chain(catalog.card_packs.iter().map(|p| (&p.id, &p.options)));
        for (owner, options) in options {
            for option in options {
                for text in [&option.text_zh, &option.text_en] {
                    assert!(
                        !text.trim().is_empty() && !text.contains('\n'),
                        "{owner}.{}: {text:?}",
                        option.id
                    );
                }
            }
        }
    }
}
