//! [`ServerMsg`]: everything the server sends.
//!
//! Messages from a room (`sync`, `room_state`, `update`, `chat`, `game_over`) carry `seq`: a
//! number counted per room and per connection, one more for each such message. A gap means
//! something was missed; `resync` gets a fresh `sync` (which sets the count anew).
//!
//! What a connection receives about the game is exactly what the engine computed for its seat
//! (`View`, `EventView`): a seated connection sees its own seat's hidden information, a
//! spectator only public information.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sgs_engine::{EventView, Outcome, Record, View};

use crate::catalog::Catalog;
use crate::error::ErrorCode;
use crate::room::{
    Clock, LobbyPerson, PendingPrompt, PlayerId, RoomId, RoomInfo, RoomSummary, Speaker, You,
};
use crate::CommandId;

/// Why a connection is no longer in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LeaveReason {
    /// It asked to leave.
    Left,
    /// The host removed it.
    Kicked,
    /// The room closed (no players left, or the server is stopping).
    Closed,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`. Keep `token` secret: it resumes this session (and its seat).
    Welcome {
        player: PlayerId,
        name: String,
        token: String,
        protocol: u32,
        /// The token named an existing session, which this connection now holds.
        resumed: bool,
        /// The room the session is in, if any (a `sync` follows).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<RoomId>,
        /// The address players open this server at (`--public-url`, no trailing slash):
        /// invite links start with it. Absent: the client uses the address it was opened at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        public_url: Option<String>,
    },
    /// A refused message. Nothing was changed.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        code: ErrorCode,
        message: String,
    },
    /// The command `id` was carried out.
    Ack { id: CommandId },
    Pong {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    Catalog {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        catalog: Box<Catalog>,
    },
    /// A page of the public rooms: the answer to `list_rooms`, and the first message to a new
    /// lobby subscriber.
    RoomList {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        rooms: Vec<RoomSummary>,
        /// Public rooms in all (the page may hold fewer).
        #[serde(default)]
        total: u32,
        /// Rooms skipped before this page.
        #[serde(default)]
        offset: u32,
    },
    /// Pushed to lobby subscribers: public rooms that appeared or changed (their new summary)
    /// and rooms that closed or stopped being listed. Changes close together come as one.
    LobbyUpdate {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        changed: Vec<RoomSummary>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        removed: Vec<RoomId>,
        /// Public rooms in all after these changes.
        total: u32,
    },
    /// Pushed to lobby subscribers: someone in the lobby said something.
    LobbyChat {
        from: PlayerId,
        name: String,
        text: String,
    },
    /// Pushed to lobby subscribers when someone starts or stops following the lobby: who is
    /// there (the first 100 by when they came), and how many in all.
    LobbyPeople {
        people: Vec<LobbyPerson>,
        total: u32,
    },
    /// A full snapshot of the room and of the receiver's view of the game: the answer to
    /// `create_room`, `join_room`, `spectate` and `resync`, and sent on reconnect and when a
    /// game starts. Later room messages count `seq` on from this one.
    Sync {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        seq: u64,
        room: RoomInfo,
        you: You,
        /// The game as the receiver may see it (absent before the first game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Box<View>>,
        /// Every pending decision with its clock.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        clocks: Vec<Clock>,
        /// The receiver's own pending decision.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prompt: Option<PendingPrompt>,
    },
    /// Who sits where changed (a join, a leave, a seat change, a bot, trusteeship, a
    /// disconnect …).
    RoomState { seq: u64, room: RoomInfo, you: You },
    /// The game moved on: the events the receiver may see, every pending decision's clock, and
    /// the receiver's own pending decision (absent = nothing asked of it).
    Update {
        seq: u64,
        events: Vec<EventView>,
        clocks: Vec<Clock>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prompt: Option<PendingPrompt>,
    },
    /// The game ended: the outcome with every role, and — to the game's players and the host
    /// only — the record (setup, seed, actions) to replay it with every card open. A spectator
    /// gets no record (issue 15: open-card replays are for the game's players).
    GameOver {
        seq: u64,
        outcome: Outcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        record: Option<Box<Record>>,
    },
    /// Someone in the room said something. `speaker` tells who from the room itself (which
    /// seat, or a spectator, and whether the host), so a name alone proves nothing.
    Chat {
        seq: u64,
        from: PlayerId,
        name: String,
        text: String,
        speaker: Speaker,
    },
    /// The receiver is no longer in `room`.
    LeftRoom { room: RoomId, reason: LeaveReason },
    /// The server is stopping; the connection closes next.
    Shutdown { message: String },
}

impl ServerMsg {
    /// An error answering command `id`.
    pub fn error(id: Option<CommandId>, code: ErrorCode, message: impl Into<String>) -> Self {
        ServerMsg::Error {
            id,
            code,
            message: message.into(),
        }
    }
}
