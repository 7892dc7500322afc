//! What a bot is told: which room ([`Target`]), how it runs ([`Options`]), and the check that
//! its URL can be used ([`check_url`]).

use std::time::Duration;

use sgs_engine::Seat;
use sgs_protocol::RoomOptions;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::ClientError;
use crate::agent::AgentKind;

/// Which room to play in.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// Join room `room` (in `seat`, or the first empty one).
    Join {
        room: String,
        seat: Option<Seat>,
        password: Option<String>,
    },
    /// Create a room (and host it, in seat 0).
    Create(Box<RoomOptions>),
}

/// How a bot runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// `ws://host:port/ws`.
    pub url: String,
    pub target: Target,
    /// Display name.
    pub name: String,
    pub agent: AgentKind,
    /// Seeds the random agent.
    pub seed: u64,
    /// Leave after this many games (`None`: stay until the room closes).
    pub games: Option<u32>,
    /// As host: start the game once every seat is taken, and ask for a rematch after each game.
    pub start: bool,
    /// Reconnection attempts in a row before giving up.
    pub max_retries: u32,
    /// The first reconnection delay; it doubles up to [`MAX_BACKOFF`].
    pub backoff: Duration,
    /// Messages per second at most (the server's default budget is 20/s, bursts of 40).
    pub rate_per_sec: f64,
    /// Print what happens to stderr.
    pub verbose: bool,
}

impl Options {
    /// Defaults for joining `room` at `url` as `name` with `agent`.
    pub fn join(url: &str, room: &str, name: &str, agent: AgentKind) -> Options {
        Options {
            url: url.to_string(),
            target: Target::Join {
                room: room.to_string(),
                seat: None,
                password: None,
            },
            name: name.to_string(),
            agent,
            seed: 0,
            games: None,
            start: false,
            max_retries: 10,
            backoff: Duration::from_millis(250),
            rate_per_sec: 15.0,
            verbose: false,
        }
    }
}

/// The longest wait between reconnection attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(8);

/// Checks that `url` is a `ws://` URL this build can connect to.
pub fn check_url(url: &str) -> Result<(), ClientError> {
    let request = url
        .into_client_request()
        .map_err(|e| ClientError::BadUrl(format!("{url:?}: {e}")))?;
    match request.uri().scheme_str() {
        Some("ws") => Ok(()),
        Some("wss") => Err(ClientError::BadUrl(format!(
            "{url:?}: wss:// is not supported by this build (no TLS); connect to the server \
             directly with ws://"
        ))),
        _ => Err(ClientError::BadUrl(format!(
            "{url:?}: expected ws://host:port/ws"
        ))),
    }
}
