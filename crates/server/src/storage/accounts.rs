//! Accounts, results, ratings and moderation as stored: the rows [`Storage`](super::Storage)
//! reads and writes for players (never game records, which are `super`'s).

use serde::{Deserialize, Serialize};
use sgs_engine::Seat;
use sgs_protocol::PlayerId;

use super::{GameId, SecretHash};

/// An account is the player id its guest had when it was claimed.
pub type AccountId = PlayerId;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub id: AccountId,
    /// As shown.
    pub name: String,
    /// `accounts::names::key(name)`: unique across accounts.
    pub key: String,
    /// Argon2id PHC string.
    pub password: String,
    /// Unix ms.
    pub created_at: u64,
    /// The player hides its history from others.
    pub private: bool,
}

/// One seat's part in a finished game, for the records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    pub seat: Seat,
    /// The general's wire id.
    pub general: String,
    /// The role's wire id (`lord`, `rebel`, …).
    pub role: String,
    pub won: bool,
    /// Who holds the seat at the end (`None`: a bot, or nobody). A seat whose player began the
    /// game and does not hold it at the end, or is in trusteeship then, *escaped*.
    pub held_by: Option<PlayerId>,
    pub trusteeship: bool,
}

/// A finished game's place in the records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResults {
    pub game: GameId,
    pub mode: String,
    pub seats: Vec<SeatResult>,
    /// Played at the server's default clocks (a condition of a rated game).
    pub default_clocks: bool,
    /// A game of a 计分赛 series: the series as it stands after this game.
    pub series: Option<sgs_engine::Series>,
}

/// Totals over games: played, won, escaped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// What is counted (a role, a general, a mode; empty for the grand total).
    pub key: String,
    pub games: u64,
    pub wins: u64,
    pub escapes: u64,
}

/// A player's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub total: Tally,
    pub by_role: Vec<Tally>,
    pub by_general: Vec<Tally>,
    pub by_mode: Vec<Tally>,
}

/// A general's totals in one mode and role.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralTally {
    pub general: String,
    pub role: String,
    pub games: u64,
    pub wins: u64,
}

/// Every general's totals in one mode, with the mode's totals (for pick rates).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralStats {
    pub games: u64,
    pub seats: u64,
    pub generals: Vec<GeneralTally>,
}

/// An account's rating in one mode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    pub account: AccountId,
    /// The account's name (in leaderboards).
    pub name: String,
    pub mode: String,
    pub rating: f64,
    pub uncertainty: f64,
    /// rating − 3 × uncertainty: what the leaderboard orders by.
    pub score: f64,
    /// Rated games played.
    pub games: u64,
}

/// A server ban as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BanRow {
    /// `account` or `address`.
    pub kind: String,
    /// The account id, or the address.
    pub target: String,
    /// Unix ms; `None`: until lifted.
    pub until: Option<u64>,
    pub reason: String,
    pub created_at: u64,
}

/// A player's report of another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportRow {
    /// Assigned by the store (0 when new).
    pub id: u64,
    pub reporter: PlayerId,
    pub player: PlayerId,
    pub game: Option<GameId>,
    pub reason: String,
    pub at: u64,
}

/// Every account and every live login token's hash (read once, at start).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredAccounts {
    pub accounts: Vec<AccountRow>,
    pub logins: Vec<(SecretHash, AccountId)>,
}
