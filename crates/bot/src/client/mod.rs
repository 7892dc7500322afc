//! A headless bot that plays over the WebSocket protocol like any other client (feature
//! `client`, binary `sgs-bot`).
//!
//! [`run`] connects, says `hello`, keeps the session token from `welcome`, joins (or creates)
//! a room and answers its seat's prompts with an [`Agent`]: every `sync` gives a fresh [`View`]
//! (a [`Tracker`] keeps it current from the `update`s that follow), every `update` feeds the
//! agent the seat's events, and each new prompt is answered with `act` naming its `prompt_id`.
//!
//! - **Reconnecting.** When the connection drops it reconnects with `hello {token}` after a
//!   backoff (doubling, capped), at most [`Options::max_retries`] times in a row; the server
//!   resumes the session and its seat with a `sync`. The agent keeps its memory.
//! - **Games.** It stays for rematches (a new game comes as a `sync` with a higher
//!   `room.games`: a fresh agent). As host (`start`) it starts the game once every seat is taken
//!   and asks for a rematch after each game. After [`Options::games`] games it leaves.
//! - **Ending.** The room closing, a kick, a server shutdown or `games` reached end it cleanly
//!   ([`Ending`]); errors are [`ClientError`]s (bad URL, version mismatch, join refused,
//!   connection lost for good).
//! - **Pacing.** It never sends faster than [`Options::rate_per_sec`] (the server closes
//!   connections that flood), and answers races (`stale_prompt`, `not_your_turn`) are normal.
//!
//! [`Agent`]: crate::Agent
//! [`View`]: sgs_engine::View
//! [`Tracker`]: crate::tracker::Tracker

mod bot;
mod error;
mod options;
mod play;
mod reconnect;
mod report;
mod session;
mod socket;

pub use error::ClientError;
pub use options::{check_url, Options, Target, MAX_BACKOFF};
pub use reconnect::{run, run_with};
pub use report::{Ending, Report};
