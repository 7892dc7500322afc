//! Typed errors: [`ActionError`] for rejected actions, [`SetupError`] for invalid setups.
//! Every variant has a stable code (`code()`) that travels on the wire.

use thiserror::Error;

use crate::seat::Seat;

/// Why an action was rejected. A rejected action leaves the game unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ActionError {
    /// The game has ended; no more actions are taken.
    #[error("the game is over")]
    GameOver,
    /// The seat does not exist at this table.
    #[error("{0} is not at this table")]
    NoSuchSeat(Seat),
    /// Nothing is being asked of this seat right now.
    #[error("{0} has no pending decision")]
    NotYourTurn(Seat),
    /// The action does not answer the pending prompt (wrong shape, a card not held, an illegal
    /// target, a limit reached …).
    #[error("illegal action: {0}")]
    Illegal(String),
}

impl ActionError {
    /// Stable code for clients.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::GameOver => "game_over",
            ActionError::NoSuchSeat(_) => "no_such_seat",
            ActionError::NotYourTurn(_) => "not_your_turn",
            ActionError::Illegal(_) => "illegal_action",
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SetupError {
    #[error("player count {0} is outside 2..=10")]
    PlayerCount(usize),
    #[error("{0}")]
    Invalid(String),
}

impl SetupError {
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::PlayerCount(_) => "bad_player_count",
            SetupError::Invalid(_) => "bad_setup",
        }
    }
}
