//! [`GameConfig`]: the unvalidated description of a new game. `Game::new` validates it.

use serde::{Deserialize, Serialize};

use crate::generals::GeneralId;
use crate::seat::RoleTable;

/// Which generals take part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum GeneralPack {
    /// Everyone plays a white general (no skills).
    None,
    /// The 25 standard generals.
    #[default]
    Standard,
}

/// Everything that shapes a game before the first shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default)]
pub struct GameConfig {
    /// Number of seats (2..=10).
    pub players: u8,
    /// Which role table to deal from.
    pub role_table: RoleTable,
    /// Include the four EX cards (寒冰剑, 仁王盾, ♥Q 闪电, ♦Q 无懈可击).
    pub ex_cards: bool,
    /// Fixed generals per seat; `None` entries (or a short list) are chosen by the general
    /// selection, or white when `generals` is `None`.
    pub seat_generals: Vec<Option<GeneralId>>,
    /// The general pack used for selection.
    pub generals: GeneralPack,
    /// How many generals a non-lord seat is offered (the rules: 3, or 2 with 10 players).
    /// `0` means "by the rules".
    pub offered: u8,
    /// How many random generals the lord is offered besides the lord candidates (the rules: 2).
    pub lord_extra: u8,
    /// Skip prompts whose only legal answer is to pass. Saves time in all-bot games; in rooms
    /// with people it would reveal what a seat holds, so it is off by default.
    pub auto_pass: bool,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            players: 5,
            role_table: RoleTable::Standard,
            ex_cards: true,
            seat_generals: Vec::new(),
            generals: GeneralPack::Standard,
            offered: 0,
            lord_extra: 2,
            auto_pass: false,
        }
    }
}

impl GameConfig {
    /// A config for `players` seats with white generals (no skills).
    pub fn white(players: u8) -> Self {
        GameConfig {
            players,
            generals: GeneralPack::None,
            ..GameConfig::default()
        }
    }

    /// How many generals a non-lord seat is offered.
    pub fn offered_per_seat(&self) -> usize {
        match self.offered {
            0 if self.players >= 10 => 2,
            0 => 3,
            n => n as usize,
        }
    }
}
