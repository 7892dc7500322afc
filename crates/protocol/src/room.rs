//! Rooms as the wire sees them: the options a host chooses, the room's state, who sits where,
//! the lobby's summary, and the clocks that travel with prompts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sgs_engine::{Prompt, PromptKind, Ruleset, Scenario, Seat};

/// A connected person's public id (stable for a session).
pub type PlayerId = u64;

/// A room's id: short, random, lowercase letters and digits.
pub type RoomId = String;

/// What a host chooses when creating a room. Every field has a default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct RoomOptions {
    /// Shown in the lobby (at most 40 characters).
    pub name: String,
    /// Number of seats, within the mode's range (ignored for a practice room: the scenario's
    /// count is used).
    pub seats: u8,
    /// The rules: a mode with its options, card packs, general packs (none: white generals),
    /// a text edition — ids and options as the catalog lists them. Ignored for a practice room,
    /// whose scenario carries its own.
    pub ruleset: Ruleset,
    /// Milliseconds for an ordinary decision; `null` = the server's default. Clamped to the
    /// server's limits.
    pub decision_timeout_ms: Option<u64>,
    /// Milliseconds for a play-phase decision; `null` = the server's default.
    pub play_timeout_ms: Option<u64>,
    /// Private rooms are not listed; joining needs the password or the invite code.
    pub private: bool,
    /// A password to join (any room may have one).
    pub password: Option<String>,
    pub allow_spectators: bool,
    /// At start, empty seats are given to bots (otherwise every seat must be taken).
    pub fill_bots: bool,
    /// 座位抽签 Seats by lot (`modes.md` V-SEAT-1): when a game starts, the server deals the
    /// seated players and bots to the seats at random (the seat order is the turn order).
    pub seats_by_lot: bool,
    /// How the bots that fill empty seats play (托管 trusteeship always plays the heuristic).
    pub bot_level: BotLevel,
    /// A practice room (残局): the game starts from this table instead of a deal.
    pub scenario: Option<Scenario>,
}

impl Default for RoomOptions {
    fn default() -> Self {
        RoomOptions {
            name: String::new(),
            seats: 5,
            ruleset: Ruleset::standard(),
            decision_timeout_ms: None,
            play_timeout_ms: None,
            private: false,
            password: None,
            allow_spectators: true,
            fill_bots: false,
            seats_by_lot: false,
            bot_level: BotLevel::default(),
            scenario: None,
        }
    }
}

/// How a room's bots play (issue 22). Seats in 托管 trusteeship always play the heuristic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// A uniformly random legal answer.
    Random,
    /// The role-aware heuristic player (answers in microseconds).
    #[default]
    Heuristic,
    /// The heuristic improved by a short search of its own play phase from its seat's view
    /// (`docs/decisions/0015-search-agent.md`); it thinks off the room's task, within a budget,
    /// and answers with the heuristic when the server is busy.
    Search,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomState {
    /// Seats are being taken; the host may start.
    Waiting,
    Playing,
    /// The game ended; the host may start a rematch.
    Finished,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    Empty,
    Player {
        player: PlayerId,
        name: String,
        /// The player's connection is open.
        connected: bool,
    },
    /// Played by the server's built-in AI.
    Bot,
}

/// One seat of a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SeatInfo {
    pub seat: Seat,
    pub occupant: Occupant,
    /// 托管: the built-in AI answers for this seat (after a timeout, an absence, or by choice).
    pub trusteeship: bool,
    /// Why it is on (absent when it is off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusteeship_reason: Option<TrusteeshipReason>,
}

/// Why a seat is in 托管 (trusteeship). It ends when its player acts; an absence's also when
/// the player comes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TrusteeshipReason {
    /// The player turned it on.
    Asked,
    /// The player let a deadline run out.
    Timeout,
    /// The player was disconnected longer than the grace period.
    Absent,
}

/// A spectator or other member without a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Member {
    pub player: PlayerId,
    pub name: String,
}

/// A room as its members see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RoomInfo {
    pub id: RoomId,
    pub name: String,
    pub state: RoomState,
    pub host: PlayerId,
    pub seats: Vec<SeatInfo>,
    pub spectators: Vec<Member>,
    /// The rules its games are played by.
    pub ruleset: Ruleset,
    pub decision_timeout_ms: u64,
    pub play_timeout_ms: u64,
    pub private: bool,
    pub has_password: bool,
    pub allow_spectators: bool,
    pub fill_bots: bool,
    /// Seats are dealt by lot at each start (V-SEAT-1).
    #[serde(default)]
    pub seats_by_lot: bool,
    /// How its bots play.
    #[serde(default)]
    pub bot_level: BotLevel,
    /// A practice room (started from a scenario).
    pub practice: bool,
    /// The code that lets others join a private room (shown to members only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// Games started in this room so far.
    pub games: u32,
    /// The server cannot write to its store: the game waits (nothing is acknowledged or
    /// shown) and goes on by itself when the store works again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub paused: bool,
    /// The 计分赛 series this room plays (identity option `series`, V-JF-2): how many games,
    /// who was lord and each game's points per seat; absent when the room plays no series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<sgs_engine::Series>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Someone following the lobby (`lobby_people`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LobbyPerson {
    pub player: PlayerId,
    pub name: String,
}

/// Who said a chat line, as the room knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Speaker {
    /// The speaker's seat; `null` for a spectator.
    pub seat: Option<Seat>,
    /// The speaker hosts the room.
    pub host: bool,
}

/// A public room as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RoomSummary {
    pub id: RoomId,
    pub name: String,
    pub state: RoomState,
    pub seats: u8,
    /// Seats held by players or bots.
    pub taken: u8,
    pub players: u8,
    pub bots: u8,
    pub spectators: u32,
    pub allow_spectators: bool,
    pub has_password: bool,
    pub practice: bool,
    /// The rules its games are played by.
    pub ruleset: Ruleset,
}

/// The receiving connection's place in the room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct You {
    pub player: PlayerId,
    /// `null` for a spectator.
    pub seat: Option<Seat>,
    pub host: bool,
}

/// Someone's pending decision and how long is left (public: never its options).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Clock {
    pub seat: Seat,
    #[serde(flatten)]
    pub kind: PromptKind,
    /// Milliseconds until the deadline, measured when the message was sent.
    pub remaining_ms: u64,
}

/// The receiver's own pending decision with its legal answers and deadline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PendingPrompt {
    /// The prompt's number in this room; an `act` may name it to avoid answering a newer one.
    pub prompt_id: u64,
    pub prompt: Prompt,
    /// Milliseconds until the deadline, measured when the message was sent. Then trusteeship
    /// answers.
    pub remaining_ms: u64,
    /// How far the asked seat reaches, so a client can say why a seat is not a legal target
    /// ("distance 3, attack range 1"). Public knowledge (seats, horses, weapons, skills).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
}

/// 距离与攻击范围 Distances and attack range of one seat, as the engine computes them now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Reach {
    /// The distance to every seat, by seat number (0 to itself; dead seats are not counted
    /// between the living and are themselves shown as 0).
    pub distances: Vec<u8>,
    /// 攻击范围: the weapon's range, or 1.
    pub attack_range: u8,
}
