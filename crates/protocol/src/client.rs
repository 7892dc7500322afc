//! [`ClientMsg`]: everything a client may send.
//!
//! Every command but `hello` may carry an `id` (a number the client chooses). The server's answer
//! names it: an `ack`, the reply it asked for (`sync`, `room_list`, `catalog`, `pong`) or an
//! `error`. Sending the same `id` twice on one connection does not act twice: the server sends
//! the original answer again.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sgs_engine::{Action, Seat};

use crate::room::{PlayerId, RoomId, RoomOptions};
use crate::CommandId;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message on a connection. `token` resumes an earlier session (and its seat).
    Hello {
        version: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Display name (at most 24 characters; a default is chosen when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Liveness check; answered with `pong`.
    Ping {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    /// The static catalog (cards, card kinds, skills, generals); answered with `catalog`.
    GetCatalog {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    /// A page of the public rooms (waiting rooms first); answered with `room_list`.
    ListRooms {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        /// Rooms to skip (default 0).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offset: Option<u32>,
        /// Rooms per page (default and at most 100).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    /// `on: true`: a `room_list` with the first page now, then a `lobby_update` (only what
    /// changed) whenever public rooms change. `on: false` stops it.
    SubscribeLobby {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        on: bool,
        /// Size of the first page (default and at most 100).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    /// Create a room and sit in its first seat as host; answered with `sync`.
    CreateRoom {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        #[serde(default)]
        options: Box<RoomOptions>,
    },
    /// Take a seat in a waiting room (`seat` absent = the first empty one); answered with `sync`.
    JoinRoom {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        room: RoomId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Watch a room without a seat; answered with `sync` (public information only).
    Spectate {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        room: RoomId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Leave the room. During a game the seat is handed to a bot.
    LeaveRoom {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    /// Move to another empty seat (before the game starts).
    TakeSeat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        seat: Seat,
    },
    /// Host: give an empty seat (`seat` absent = the first one) to a bot (before start).
    AddBot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// Host: empty a bot's seat (before start).
    RemoveBot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        seat: Seat,
    },
    /// Host: remove a player from the room (a seat in a game goes to a bot).
    Kick {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        player: PlayerId,
    },
    /// Host: remove a player from the room and keep it out (by its player id, which is its
    /// account's) for `minutes` (absent: as long as the room lives).
    Ban {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minutes: Option<u32>,
    },
    /// Host: silence a member's chat in the room for `minutes` (default 10; 0 lifts it).
    Mute {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minutes: Option<u32>,
    },
    /// Host: start the game (every seat taken, or `fill_bots`).
    StartGame {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    /// Host, after a game: a new game with the same people in the same seats.
    Rematch {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
    /// Say something to the room (at most 500 characters).
    Chat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        text: String,
    },
    /// Say something in the lobby, to everyone following it (`subscribe_lobby`): 1 to 500
    /// characters. Not stored.
    LobbyChat {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        text: String,
    },
    /// Answer `seat`'s pending prompt. `prompt_id`, when given, must be the pending prompt's.
    Act {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        seat: Seat,
        action: Action,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prompt_id: Option<u64>,
    },
    /// Turn 托管 (trusteeship) on or off for one's seat.
    Trusteeship {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
        on: bool,
    },
    /// Ask for a full snapshot of one's view; answered with `sync`.
    Resync {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<CommandId>,
    },
}

impl ClientMsg {
    /// Every `type` a client may send, for telling an unknown type from a bad message.
    pub const TYPES: &'static [&'static str] = &[
        "hello",
        "ping",
        "get_catalog",
        "list_rooms",
        "subscribe_lobby",
        "create_room",
        "join_room",
        "spectate",
        "leave_room",
        "take_seat",
        "add_bot",
        "remove_bot",
        "kick",
        "ban",
        "mute",
        "start_game",
        "rematch",
        "chat",
        "lobby_chat",
        "act",
        "trusteeship",
        "resync",
    ];

    /// The command's id, if it has one.
    pub fn id(&self) -> Option<CommandId> {
        use ClientMsg as M;
        match self {
            M::Hello { .. } => None,
            M::Ping { id }
            | M::GetCatalog { id }
            | M::ListRooms { id, .. }
            | M::SubscribeLobby { id, .. }
            | M::CreateRoom { id, .. }
            | M::JoinRoom { id, .. }
            | M::Spectate { id, .. }
            | M::LeaveRoom { id }
            | M::TakeSeat { id, .. }
            | M::AddBot { id, .. }
            | M::RemoveBot { id, .. }
            | M::Kick { id, .. }
            | M::Ban { id, .. }
            | M::Mute { id, .. }
            | M::StartGame { id }
            | M::Rematch { id }
            | M::Chat { id, .. }
            | M::LobbyChat { id, .. }
            | M::Act { id, .. }
            | M::Trusteeship { id, .. }
            | M::Resync { id } => *id,
        }
    }
}
