//! [`Ruleset`]: the rules a game is played by, as a value the game carries in its config and
//! its record — a mode with its options, card packs (each with its options), general packs and a
//! text edition, all named by stable ids. Setup checks every id and option against the registry
//! (`def::Registry`), so an unknown pack or a bad option is a clear setup error.
//!
//! Vocabulary only: nothing here knows what a pack or a mode contains.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The text edition every ruleset uses unless it names another.
pub const DEFAULT_EDITION: &str = "2013";

/// The original (2009/2010) print of the 风 and 火 packs: the texts the 2013 reprint changed
/// (据守, 不屈, 雷击, 蛊惑 — `generals-wind-fire.md`, the `-OLD` rule ids).
pub const ORIGINAL_EDITION: &str = "2009";

/// The early (2008) texts of the standard generals, as the first rules leaflet words them
/// (`modes.md` §7.8, V-EARLY; `generals-standard.md` §3b: confirmed by no edition).
pub const EARLY_EDITION: &str = "2008";

/// A game's rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ruleset {
    /// The mode's id (`identity`).
    pub mode: String,
    /// The mode's options; an option left out takes its default.
    #[serde(default, skip_serializing_if = "Options::is_empty")]
    pub options: Options,
    /// The card packs, in the order their cards are numbered (`standard`).
    pub cards: Vec<PackChoice>,
    /// The general packs the generals are drawn from; none at all means every seat plays a white
    /// general (no skills).
    #[serde(default)]
    pub generals: Vec<String>,
    /// Which edition's skill and card texts apply (`2013`).
    #[serde(default = "default_edition")]
    pub edition: String,
}

fn default_edition() -> String {
    DEFAULT_EDITION.to_string()
}

/// A card pack chosen for a game, with its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PackChoice {
    pub id: String,
    #[serde(default, skip_serializing_if = "Options::is_empty")]
    pub options: Options,
}

impl PackChoice {
    pub fn new(id: &str) -> Self {
        PackChoice {
            id: id.to_string(),
            options: Options::default(),
        }
    }
}

/// Option values by option id (ordered, so a ruleset serializes and hashes the same everywhere).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(transparent)]
pub struct Options(pub BTreeMap<String, OptionValue>);

impl Options {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, id: &str) -> Option<&OptionValue> {
        self.0.get(id)
    }

    pub fn set(&mut self, id: &str, value: OptionValue) {
        self.0.insert(id.to_string(), value);
    }

    /// These options with `id` set to `value`.
    pub fn with(mut self, id: &str, value: impl Into<OptionValue>) -> Self {
        self.set(id, value.into());
        self
    }
}

/// One option's value: a switch, a number, or one of the option's named choices.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum OptionValue {
    Flag(bool),
    Number(i64),
    Choice(String),
}

impl From<bool> for OptionValue {
    fn from(value: bool) -> Self {
        OptionValue::Flag(value)
    }
}

impl From<i64> for OptionValue {
    fn from(value: i64) -> Self {
        OptionValue::Number(value)
    }
}

impl From<&str> for OptionValue {
    fn from(value: &str) -> Self {
        OptionValue::Choice(value.to_string())
    }
}

impl Ruleset {
    /// The standard identity game: the standard cards with the EX cards, the standard generals.
    pub fn standard() -> Self {
        Ruleset {
            mode: "identity".to_string(),
            options: Options::default(),
            cards: vec![PackChoice::new("standard")],
            generals: vec!["standard".to_string()],
            edition: default_edition(),
        }
    }

    /// The 160-card game: the standard cards with the 军争 (Maneuvering) pack, the standard
    /// generals.
    pub fn maneuvering() -> Self {
        let mut ruleset = Ruleset::standard();
        ruleset.cards.push(PackChoice::new("maneuvering"));
        ruleset
    }

    /// This ruleset with white generals only (no general packs).
    pub fn white(mut self) -> Self {
        self.generals.clear();
        self
    }

    /// This ruleset with the mode option `id` set.
    pub fn with_option(mut self, id: &str, value: impl Into<OptionValue>) -> Self {
        self.options.set(id, value.into());
        self
    }

    /// This ruleset with option `id` of card pack `pack` set (the pack must be in the ruleset).
    pub fn with_card_option(mut self, pack: &str, id: &str, value: impl Into<OptionValue>) -> Self {
        if let Some(choice) = self.cards.iter_mut().find(|c| c.id == pack) {
            choice.options.set(id, value.into());
        }
        self
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::standard()
    }
}
