//! [`Record`]: `(setup, seed, actions)` — enough to replay, persist, recover and debug a game.
//! Its JSON form is versioned; a record from another version says so instead of replaying
//! differently.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::action::Action;
use crate::config::GameConfig;
use crate::error::{ActionError, SetupError};
use crate::game::Game;
use crate::scenario::Scenario;
use crate::seat::Seat;

/// The record format version. Bump it when a record's meaning changes.
pub const RECORD_VERSION: u32 = 1;

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
}

/// A game's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Record {
    pub version: u32,
    /// The engine version that wrote it.
    pub engine: String,
    pub setup: Setup,
    pub seed: u64,
    pub actions: Vec<(Seat, Action)>,
}

/// Why a record could not be replayed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("record version {found} cannot be replayed by this engine (version {expected})")]
    Version { found: u32, expected: u32 },
    #[error("record written by engine {found}, this is engine {expected}; replay may differ")]
    Engine { found: String, expected: String },
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    #[error("action {index} was rejected: {error}")]
    Action { index: usize, error: ActionError },
    /// The record's game does not end: its replay would show a running game's hidden state
    /// (`view::replay` only shows finished games).
    #[error("the game is not over; only finished games are replayed")]
    NotOver,
}

impl ReplayError {
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::Version { .. } => "record_version",
            ReplayError::Engine { .. } => "engine_version",
            ReplayError::Setup(_) => "bad_setup",
            ReplayError::Action { .. } => "bad_action",
            ReplayError::NotOver => "not_over",
        }
    }
}

impl Record {
    /// Replays the record from scratch. Fails clearly on a record of another version.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_prefix(self.actions.len())
    }

    /// Replays the first `n` actions.
    pub fn replay_prefix(&self, n: usize) -> Result<Game, ReplayError> {
        if self.version != RECORD_VERSION {
            return Err(ReplayError::Version {
                found: self.version,
                expected: RECORD_VERSION,
            });
        }
        if self.engine != crate::ENGINE_VERSION {
            return Err(ReplayError::Engine {
                found: self.engine.clone(),
                expected: crate::ENGINE_VERSION.to_string(),
            });
        }
        let mut game = crate::setup::new_game(self.setup.clone(), self.seed)?;
        for (index, (seat, action)) in self.actions.iter().take(n).enumerate() {
            game.act(*seat, action.clone())
                .map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Record, serde_json::Error> {
        serde_json::from_str(text)
    }
}
