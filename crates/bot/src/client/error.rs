//! Why a bot failed: [`ClientError`].

use sgs_protocol::{ErrorCode, PROTOCOL_VERSION};

/// Why a bot failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientError {
    /// The URL cannot be used.
    BadUrl(String),
    /// The first connection failed.
    Connect(String),
    /// The server speaks another protocol version.
    VersionMismatch(String),
    /// The server refused to seat the bot (no such room, wrong password, room full …).
    Refused { code: ErrorCode, message: String },
    /// The server did something the protocol does not allow.
    Protocol(String),
    /// The connection dropped and reconnecting failed `attempts` times.
    Lost { attempts: u32, last: String },
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::BadUrl(why) => write!(f, "bad URL: {why}"),
            ClientError::Connect(why) => write!(f, "cannot connect: {why}"),
            ClientError::VersionMismatch(why) => write!(
                f,
                "protocol version mismatch (this bot speaks {PROTOCOL_VERSION}): {why}"
            ),
            ClientError::Refused { code, message } => {
                let code = serde_json::to_value(code).unwrap_or_default();
                write!(
                    f,
                    "the server refused: {message} ({})",
                    code.as_str().unwrap_or("?")
                )
            }
            ClientError::Protocol(why) => write!(f, "protocol error: {why}"),
            ClientError::Lost { attempts, last } => {
                write!(
                    f,
                    "connection lost; {attempts} reconnection attempts failed (last: {last})"
                )
            }
        }
    }
}

impl std::error::Error for ClientError {}
