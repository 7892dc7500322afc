//! What a bot hands back when it stops cleanly: why it stopped ([`Ending`]) and what it did
//! ([`Report`]).

use sgs_engine::{Outcome, Seat};

/// Why a bot stopped, cleanly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The room closed (everyone left, idle, or it no longer exists after a reconnect).
    RoomClosed,
    /// The host removed the bot.
    Kicked,
    /// It played the games it was asked to and left.
    GamesPlayed,
    /// The server is shutting down.
    Shutdown,
}

/// What a bot did.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub ending: Ending,
    /// The room it played in.
    pub room: Option<String>,
    /// Its seat in the last game.
    pub seat: Option<Seat>,
    /// Each finished game's outcome.
    pub outcomes: Vec<Outcome>,
    /// `act`s sent.
    pub acted: u64,
    /// Connections opened after the first.
    pub reconnects: u32,
    /// The search agent's work over the finished games (zero for the other agents).
    pub search: crate::search::SearchStats,
}
