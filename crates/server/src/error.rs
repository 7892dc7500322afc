//! [`ServerError`]: why a command was refused, with the stable wire code. Converts the engine's
//! typed errors (`ActionError`, `SetupError`) without losing their meaning.

use sgs_engine::{ActionError, SetupError};
use sgs_protocol::{CommandId, ErrorCode, ServerMsg};

/// A refused command. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ServerError {
    pub code: ErrorCode,
    pub message: String,
}

impl ServerError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ServerError {
            code,
            message: message.into(),
        }
    }

    /// The `error` message answering command `id`.
    pub fn to_msg(&self, id: Option<CommandId>) -> ServerMsg {
        ServerMsg::error(id, self.code, self.message.clone())
    }
}

impl From<ActionError> for ServerError {
    fn from(error: ActionError) -> Self {
        let code = match error {
            ActionError::GameOver => ErrorCode::GameOver,
            ActionError::NoSuchSeat(_) => ErrorCode::NoSuchSeat,
            ActionError::NotYourTurn(_) => ErrorCode::NotYourTurn,
            ActionError::Illegal(_) => ErrorCode::IllegalAction,
        };
        ServerError::new(code, error.to_string())
    }
}

impl From<SetupError> for ServerError {
    fn from(error: SetupError) -> Self {
        ServerError::new(ErrorCode::BadSetup, error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_codes_pass_through_unchanged() {
        for error in [
            ActionError::GameOver,
            ActionError::NoSuchSeat(sgs_engine::Seat(9)),
            ActionError::NotYourTurn(sgs_engine::Seat(1)),
            ActionError::Illegal("x".into()),
        ] {
            let engine_code = error.code();
            let wire = serde_json::to_value(ServerError::from(error).code).unwrap();
            assert_eq!(wire, engine_code);
        }
    }
}
