//! [`Record`]: `(setup, seed, actions)` — enough to replay, persist, recover and debug a game —
//! with the rules version of every mode and pack its ruleset uses. Its JSON form is versioned:
//! a record of format 1 (before rulesets) is read by converting its setup
//! ([`legacy`]), and a record whose rules have changed since it was written is refused by name
//! ([`ReplayError::RulesChanged`]) instead of replaying differently. The engine version that
//! wrote a record is kept for debugging only: an upgrade that adds content replays every old
//! record of unchanged content.

pub mod legacy;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::action::Action;
use crate::config::GameConfig;
use crate::def::Registry;
use crate::error::{ActionError, SetupError};
use crate::game::Game;
use crate::ruleset::Ruleset;
use crate::scenario::Scenario;
use crate::seat::Seat;

/// The record format version. Bump it when a record's meaning changes (and teach [`legacy`]
/// to read the old one).
pub const RECORD_VERSION: u32 = 2;

/// The id of the machinery's own rules version among a record's [`RulesVersion`]s.
pub const CORE: &str = "core";

/// How a game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Setup {
    Config(GameConfig),
    Scenario(Box<Scenario>),
}

impl Setup {
    pub fn auto_pass(&self) -> bool {
        match self {
            Setup::Config(config) => config.auto_pass,
            Setup::Scenario(scenario) => scenario.auto_pass,
        }
    }

    /// The number of actions after which the game ends in a draw, if any.
    pub fn action_limit(&self) -> Option<u32> {
        match self {
            Setup::Config(config) => config.action_limit,
            Setup::Scenario(scenario) => scenario.action_limit,
        }
    }

    pub fn ruleset(&self) -> &Ruleset {
        match self {
            Setup::Config(config) => &config.ruleset,
            Setup::Scenario(scenario) => &scenario.ruleset,
        }
    }
}

/// The rules version of one thing a record's game used: the machinery (`core`), its mode
/// (`mode/identity`), a card pack (`cards/standard`) or a general pack (`generals/standard`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RulesVersion {
    pub id: String,
    pub version: u32,
}

/// A game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Record {
    pub version: u32,
    /// The engine version that wrote it (for debugging; replay does not depend on it).
    pub engine: String,
    /// The rules version of the machinery and of each mode and pack the game used.
    #[serde(default)]
    pub rules: Vec<RulesVersion>,
    pub setup: Setup,
    pub seed: u64,
    pub actions: Vec<(Seat, Action)>,
}

/// Why a record could not be read or replayed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("record version {found} cannot be replayed by this engine (version {expected})")]
    Version { found: u32, expected: u32 },
    /// Something the game used plays differently now (or is no longer registered).
    #[error("the record's game used {id} version {recorded}, this engine has {current}")]
    RulesChanged {
        id: String,
        recorded: u32,
        /// `none` when this engine does not have it at all.
        current: String,
    },
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    #[error("action {index} was rejected: {error}")]
    Action { index: usize, error: ActionError },
    /// The record's game does not end: its replay would show a running game's hidden state
    /// (`view::replay` only shows finished games).
    #[error("the game is not over; only finished games are replayed")]
    NotOver,
    #[error("unreadable record: {0}")]
    Unreadable(String),
}

impl ReplayError {
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::Version { .. } => "record_version",
            ReplayError::RulesChanged { .. } => "rules_changed",
            ReplayError::Setup(_) => "bad_setup",
            ReplayError::Action { .. } => "bad_action",
            ReplayError::NotOver => "not_over",
            ReplayError::Unreadable(_) => "bad_record",
        }
    }
}

/// The rules versions a game of `ruleset` uses under `registry`: `core`, its mode, its card
/// packs and its general packs, in that order. (Names the registry lacks are left out; setup
/// refuses such a ruleset anyway.)
pub fn rules_versions(registry: &Registry, ruleset: &Ruleset) -> Vec<RulesVersion> {
    let entry = |id: String, version: u32| RulesVersion { id, version };
    let mut rules = vec![entry(CORE.to_string(), registry.core_version)];
    if let Some(mode) = registry.mode(&ruleset.mode) {
        rules.push(entry(format!("mode/{}", mode.id), mode.version));
    }
    for choice in &ruleset.cards {
        if let Some(pack) = registry.card_pack(&choice.id) {
            rules.push(entry(format!("cards/{}", pack.id), pack.version));
        }
    }
    for id in &ruleset.generals {
        if let Some(pack) = registry.general_pack(id) {
            rules.push(entry(format!("generals/{}", pack.id), pack.version));
        }
    }
    rules
}

impl Record {
    /// Checks that this engine can replay the record as it was played: the record format, and
    /// every rules version it names against `registry`.
    pub fn check_rules(&self, registry: &Registry) -> Result<(), ReplayError> {
        if self.version != RECORD_VERSION {
            return Err(ReplayError::Version {
                found: self.version,
                expected: RECORD_VERSION,
            });
        }
        let current = rules_versions(registry, self.setup.ruleset());
        for recorded in &self.rules {
            let now = current.iter().find(|c| c.id == recorded.id);
            if now.map(|c| c.version) != Some(recorded.version) {
                return Err(ReplayError::RulesChanged {
                    id: recorded.id.clone(),
                    recorded: recorded.version,
                    current: now.map_or("none".to_string(), |c| c.version.to_string()),
                });
            }
        }
        Ok(())
    }

    /// Replays the record from scratch with `registry`'s definitions.
    pub fn replay_with(&self, registry: &'static Registry) -> Result<Game, ReplayError> {
        self.replay_prefix_with(registry, self.actions.len())
    }

    /// Replays the first `n` actions.
    pub fn replay_prefix_with(
        &self,
        registry: &'static Registry,
        n: usize,
    ) -> Result<Game, ReplayError> {
        self.check_rules(registry)?;
        let mut game = Game::with_registry(registry, self.setup.clone(), self.seed)?;
        for (index, (seat, action)) in self.actions.iter().take(n).enumerate() {
            game.act(*seat, action.clone())
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record of any format this engine knows (format 1 is converted).
    pub fn from_json(text: &str) -> Result<Record, ReplayError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReplayError::Unreadable(e.to_string()))?;
        Record::from_value(value)
    }

    /// As [`Record::from_json`], from parsed JSON.
    pub fn from_value(mut value: serde_json::Value) -> Result<Record, ReplayError> {
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version == u64::from(legacy::VERSION) {
            let setup = value
                .get_mut("setup")
                .map(serde_json::Value::take)
                .ok_or_else(|| ReplayError::Unreadable("no setup".into()))?;
            let (setup, rules) = legacy::setup(setup)?;
            value["setup"] =
                serde_json::to_value(setup).map_err(|e| ReplayError::Unreadable(e.to_string()))?;
            value["rules"] =
                serde_json::to_value(rules).map_err(|e| ReplayError::Unreadable(e.to_string()))?;
            value["version"] = serde_json::Value::from(RECORD_VERSION);
        }
        serde_json::from_value(value).map_err(|e| ReplayError::Unreadable(e.to_string()))
    }
}
