//! [`GameConfig`]: the unvalidated description of a new game — its seats, its [`Ruleset`], any
//! fixed generals. `Game::new` validates it against the registry.

use serde::{Deserialize, Serialize};

use crate::ids::GeneralId;
use crate::ruleset::Ruleset;

/// Everything that shapes a game before the first shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct GameConfig {
    /// Number of seats (within the mode's range).
    pub players: u8,
    /// The rules: mode and options, card packs, general packs, edition.
    pub ruleset: Ruleset,
    /// Fixed generals per seat; `None` entries (or a short list) are chosen by the general
    /// selection, or white when the ruleset has no general pack.
    pub seat_generals: Vec<Option<GeneralId>>,
    /// Skip prompts whose only legal answer is to pass. Saves time in all-bot games; in rooms
    /// with people it would reveal what a seat holds, so it is off by default.
    pub auto_pass: bool,
    /// End the game in a draw once this many actions were taken: a host's guard against a game
    /// that plays on without a person at a rate no person could. `None`: no limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action_limit: Option<u32>,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig::new(5, Ruleset::standard())
    }
}

impl GameConfig {
    /// A config for `players` seats playing `ruleset`.
    pub fn new(players: u8, ruleset: Ruleset) -> Self {
        GameConfig {
            players,
            ruleset,
            seat_generals: Vec::new(),
            auto_pass: false,
            action_limit: None,
        }
    }

    /// The standard identity game for `players` seats.
    pub fn standard(players: u8) -> Self {
        GameConfig::new(players, Ruleset::standard())
    }

    /// The standard identity game for `players` seats with white generals (no skills).
    pub fn white(players: u8) -> Self {
        GameConfig::new(players, Ruleset::standard().white())
    }
}
