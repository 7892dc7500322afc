//! [`ConnHandle`]: the way into one connection — its bounded outbound queue and its close
//! signal. Rooms and the lobby only ever `try_send`: a reader too slow to keep up fills its
//! queue and is closed, and nobody waits for it.

use std::sync::Arc;

use sgs_protocol::ServerMsg;
use tokio::sync::{mpsc, watch};

/// A connection's number (unique for the life of the process).
pub type ConnId = u64;

/// Why and how a connection is closed (a WebSocket close code and reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Close {
    pub code: u16,
    pub reason: &'static str,
}

impl Close {
    pub const NORMAL: Close = Close {
        code: 1000,
        reason: "bye",
    };
    pub const GOING_AWAY: Close = Close {
        code: 1001,
        reason: "server shutting down",
    };
    pub const PROTOCOL: Close = Close {
        code: 1002,
        reason: "protocol version mismatch",
    };
    pub const FLOOD: Close = Close {
        code: 1008,
        reason: "too many messages",
    };
    pub const TOO_SLOW: Close = Close {
        code: 1008,
        reason: "too slow to read",
    };
    pub const HELLO_TIMEOUT: Close = Close {
        code: 1008,
        reason: "no hello",
    };
    pub const REPLACED: Close = Close {
        code: 4001,
        reason: "session resumed elsewhere",
    };
}

/// A cheap, cloneable handle on one connection's outbound side.
#[derive(Clone, Debug)]
pub struct ConnHandle {
    pub id: ConnId,
    tx: mpsc::Sender<ServerMsg>,
    close: Arc<watch::Sender<Option<Close>>>,
}

impl ConnHandle {
    pub fn new(
        id: ConnId,
        tx: mpsc::Sender<ServerMsg>,
        close: watch::Sender<Option<Close>>,
    ) -> Self {
        ConnHandle {
            id,
            tx,
            close: Arc::new(close),
        }
    }

    /// Queues `msg` without waiting. A full queue closes the connection (it is too slow); a
    /// closed one is ignored. Returns whether the message was queued.
    pub fn send(&self, msg: ServerMsg) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.close(Close::TOO_SLOW);
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Asks the connection to close: the writer flushes what is queued, sends a close frame
    /// and stops. The first reason given wins.
    pub fn close(&self, close: Close) {
        self.close.send_if_modified(|current| {
            if current.is_none() {
                *current = Some(close);
                true
            } else {
                false
            }
        });
    }

    pub fn is_closed(&self) -> bool {
        self.close.borrow().is_some() || self.tx.is_closed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_closes_the_connection_instead_of_waiting() {
        let (tx, _rx) = mpsc::channel(2);
        let (close_tx, close_rx) = watch::channel(None);
        let conn = ConnHandle::new(1, tx, close_tx);
        assert!(conn.send(ServerMsg::Pong { id: None }));
        assert!(conn.send(ServerMsg::Pong { id: None }));
        assert!(!conn.send(ServerMsg::Pong { id: None }));
        assert_eq!(*close_rx.borrow(), Some(Close::TOO_SLOW));
        assert!(conn.is_closed());
    }
}
