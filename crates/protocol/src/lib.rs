//! # sgs-protocol: the wire contract between the server and its clients
//!
//! JSON text frames over a WebSocket (`GET /ws`). A client sends [`ClientMsg`]s, the server
//! answers with [`ServerMsg`]s; both are tagged enums (`"type"`, snake_case), and people in
//! browsers and headless bots speak the same protocol. The game's own vocabulary (views, events,
//! prompts, actions, scenarios) is the engine's: this crate embeds those types and adds the
//! envelope around them (handshake, rooms, lobby, clocks, errors).
//!
//! ```
//! use sgs_protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};
//!
//! let hello: ClientMsg = serde_json::from_str(r#"{"type":"hello","version":2}"#).unwrap();
//! assert!(matches!(hello, ClientMsg::Hello { version: PROTOCOL_VERSION, .. }));
//! let pong = serde_json::to_string(&ServerMsg::Pong { id: Some(3) }).unwrap();
//! assert_eq!(pong, r#"{"type":"pong","id":3}"#);
//! ```
//!
//! This crate has no I/O. `docs/protocol.md` documents every message with an example;
//! [`schema::protocol_schema`] generates the JSON Schema committed at
//! `docs/protocol.schema.json`.

pub mod catalog;
pub mod client;
pub mod error;
pub mod prepared;
pub mod room;
pub mod schema;
pub mod server;

pub use catalog::Catalog;
pub use client::ClientMsg;
pub use error::ErrorCode;
pub use room::{
    BotLevel, Clock, LobbyPerson, Occupant, PendingPrompt, PlayerId, Reach, RoomId, RoomInfo,
    RoomOptions, RoomState, RoomSummary, SeatInfo, Speaker, TrusteeshipReason, You,
};
pub use server::{LeaveReason, ServerMsg};

/// The protocol version. A `hello` with another version is refused with `version_mismatch`.
/// Version 2: room options carry a `ruleset` (mode, options, card and general packs, edition)
/// instead of `generals`, `ex_cards` and `role_table`; the catalog lists modes and packs; a
/// game's card table comes in its view (`deck`).
pub const PROTOCOL_VERSION: u32 = 2;

/// A client's number for one command; the server's answer (or error) names it.
pub type CommandId = u64;
