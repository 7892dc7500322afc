//! [`ErrorCode`]: the stable codes of `error` messages. Clients branch on them; never rename one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Why a message was refused. Each code is stable on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // ---- the frame itself ----
    /// The frame is not JSON.
    MalformedJson,
    /// The JSON has no known `type`.
    UnknownType,
    /// A known `type` with missing or invalid fields, or a binary frame.
    BadMessage,
    /// The frame is larger than the server's cap.
    FrameTooLarge,
    /// Too many messages too fast; repeated floods close the connection (1008).
    RateLimited,
    // ---- the session ----
    /// The first message must be `hello`; a second `hello` is refused.
    HelloFirst,
    /// The client speaks another protocol version; the connection is closed.
    VersionMismatch,
    /// Another connection resumed this session; this one is closed.
    Replaced,
    // ---- rooms ----
    NoSuchRoom,
    /// The command needs a room and the connection is in none.
    NotInRoom,
    /// The connection is already in a room (leave it first).
    AlreadyInRoom,
    /// The room's password or invite code is missing or wrong.
    WrongPassword,
    /// Every seat is taken.
    RoomFull,
    /// The seat is taken or out of range.
    SeatUnavailable,
    /// The room does not allow spectators.
    SpectatorsNotAllowed,
    /// Only the host may do this.
    NotHost,
    /// The command does not fit the room's state (take a seat during a game, start twice …).
    WrongState,
    /// The host tried to start with empty seats and `fill_bots` off.
    SeatsNotFilled,
    /// The room options are invalid.
    BadOptions,
    /// The practice scenario or game setup is invalid (the engine's `SetupError`).
    BadSetup,
    /// No such player in the room.
    NoSuchPlayer,
    // ---- actions ----
    /// The connection holds no seat (a spectator, or not in a game).
    NotSeated,
    /// The action names a seat the connection does not hold.
    NotYourSeat,
    /// The action answers an older prompt than the seat's pending one.
    StalePrompt,
    /// The engine's `not_your_turn`: nothing is asked of this seat now.
    NotYourTurn,
    /// The engine's `illegal_action`: the action does not answer the pending prompt.
    IllegalAction,
    /// The engine's `game_over`.
    GameOver,
    /// The engine's `no_such_seat`.
    NoSuchSeat,
    /// The server holds as many rooms or connections as it allows, or the sender's address
    /// holds its share of them.
    ServerFull,
    /// Too many unknown room ids or wrong passwords from the sender's address: wait the time
    /// the message names, then try again.
    TooManyAttempts,
    /// The room admits no more spectators.
    SpectatorsFull,
    /// The server cannot write to its store: the room's game is paused (nothing further is
    /// acknowledged or shown) and resumes by itself when the store works again.
    StorageUnavailable,
    /// The connection sent nothing for too long outside any room; it is closed (1000).
    IdleTimeout,
    /// Something went wrong on the server's side (a room stopped). Nothing was changed.
    Internal,
    // ---- moderation (appended) ----
    /// The account (or address) is banned, from this room by its host or from the server by
    /// its operator, until the time the message names.
    Banned,
    /// The room's host muted this member's chat for a while.
    Muted,
    /// Chat lines come too fast from this player: wait a few seconds.
    ChatTooFast,
}
