//! [`ConnHandle`]: the way into one connection — its outbound queue, bounded in messages and in
//! bytes, and its close signal. Rooms and the lobby only ever `try_send`: a reader too slow to
//! keep up fills its queue and is closed, and nobody waits for it.
//!
//! Messages are serialized when they are queued, so the queue's size is known in bytes and a
//! message sent to many connections (a lobby change) is serialized once and shared.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use sgs_protocol::ServerMsg;
use tokio::sync::{mpsc, watch};

/// A connection's number (unique for the life of the process).
pub type ConnId = u64;

/// A serialized message, ready for the socket: shared between connections, and handed to the
/// WebSocket as it is (no copy).
pub type Text = axum::extract::ws::Utf8Bytes;

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
    /// A connection outside any room sent nothing for `--idle-timeout-ms`.
    pub const IDLE: Close = Close {
        code: 1000,
        reason: "idle",
    };
    pub const GOING_AWAY: Close = Close {
        code: 1001,
        reason: "server shutting down",
    };
    pub const PROTOCOL: Close = Close {
        code: 1002,
        reason: "protocol version mismatch",
    };
    /// A frame that breaks the WebSocket protocol (RFC 6455).
    pub const PROTOCOL_ERROR: Close = Close {
        code: 1002,
        reason: "protocol error",
    };
    /// A text frame that is not UTF-8.
    pub const INVALID_PAYLOAD: Close = Close {
        code: 1007,
        reason: "text frames must be UTF-8",
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
    /// A message far over the frame cap.
    pub const TOO_BIG: Close = Close {
        code: 1009,
        reason: "message too big",
    };
    /// The server is full: only seated session tokens get in now.
    pub const TRY_LATER: Close = Close {
        code: 1013,
        reason: "server full; try again later",
    };
    /// Refused by the server's moderation (a banned account or address).
    pub const BANNED: Close = Close {
        code: 1008,
        reason: "banned",
    };
    /// The room moved to another server process (its lease was taken over, decision 0021):
    /// reconnect at the room's URL and resume with the session token.
    pub const MOVED: Close = Close {
        code: 1012,
        reason: "room moved to another server; reconnect",
    };
    pub const REPLACED: Close = Close {
        code: 4001,
        reason: "session resumed elsewhere",
    };
    /// Nothing was heard from the peer (not even a pong) within the ping deadline, or a write
    /// to it did not complete: it is gone or stalled.
    pub const NO_ANSWER: Close = Close {
        code: 4002,
        reason: "no answer to ping",
    };
}

/// A cheap, cloneable handle on one connection's outbound side.
#[derive(Clone, Debug)]
pub struct ConnHandle {
    pub id: ConnId,
    tx: mpsc::Sender<Text>,
    /// Bytes queued and not yet written (shared with the writer).
    queued: Arc<AtomicUsize>,
    max_bytes: usize,
    close: Arc<watch::Sender<Option<Close>>>,
    /// New prompts sent and not yet credited to the reader's rate limit (their answers are
    /// owed), and the last prompt id counted (a pending prompt rides along in every update).
    prompts: Arc<PromptCount>,
}

#[derive(Debug, Default)]
struct PromptCount {
    owed: AtomicU32,
    last: AtomicU64,
}

/// The writer's end of a connection's queue.
#[derive(Debug)]
pub struct Outbox {
    pub rx: mpsc::Receiver<Text>,
    queued: Arc<AtomicUsize>,
}

impl Outbox {
    /// The next message to write.
    pub async fn recv(&mut self) -> Option<Text> {
        self.rx.recv().await
    }

    pub fn try_recv(&mut self) -> Option<Text> {
        self.rx.try_recv().ok()
    }

    /// `text` left the queue (written or dropped).
    pub fn written(&self, text: &Text) {
        self.queued.fetch_sub(text.len(), Ordering::AcqRel);
    }
}

/// A connection's queue: at most `messages` messages and `bytes` bytes (a single message
/// larger than `bytes` is still accepted into an empty queue).
pub fn queue(
    id: ConnId,
    messages: usize,
    bytes: usize,
    close: watch::Sender<Option<Close>>,
) -> (ConnHandle, Outbox) {
    let (tx, rx) = mpsc::channel(messages.max(1));
    let queued = Arc::new(AtomicUsize::new(0));
    let handle = ConnHandle {
        id,
        tx,
        queued: queued.clone(),
        max_bytes: bytes,
        close: Arc::new(close),
        prompts: Arc::default(),
    };
    (handle, Outbox { rx, queued })
}

impl ConnHandle {
    /// Queues `msg` without waiting. A full queue closes the connection (it is too slow); a
    /// closed one is ignored. Returns whether the message was queued.
    pub fn send(&self, msg: ServerMsg) -> bool {
        match &msg {
            ServerMsg::Error { code, .. } => {
                let code = crate::metrics::code_name(*code);
                metrics::counter!("sgs_errors_total", "code" => code).increment(1);
            }
            ServerMsg::Update {
                prompt: Some(pending),
                ..
            }
            | ServerMsg::Sync {
                prompt: Some(pending),
                ..
            } => self.asked(pending.prompt_id),
            _ => {}
        }
        match serde_json::to_string(&msg) {
            Ok(text) => self.send_text(text.into()),
            Err(error) => {
                tracing::error!(%error, ?msg, "cannot serialize a message");
                false
            }
        }
    }

    /// Queues a message serialized by the caller (`sgs_protocol::prepared`); `prompt_id`: the
    /// prompt it sends, if any (its answer is owed, as for [`ConnHandle::send`]).
    pub fn send_prepared(&self, text: serde_json::Result<String>, prompt_id: Option<u64>) -> bool {
        if let Some(prompt_id) = prompt_id {
            self.asked(prompt_id);
        }
        match text {
            Ok(text) => self.send_text(text.into()),
            Err(error) => {
                tracing::error!(%error, "cannot serialize a message");
                false
            }
        }
    }

    /// Queues an already serialized message (see [`ConnHandle::send`]). Nothing is queued
    /// once the connection was asked to close: what was queued before goes out, then the
    /// close frame (a room that moved to another server answers nothing more, say).
    pub fn send_text(&self, text: Text) -> bool {
        if self.close.borrow().is_some() {
            return false;
        }
        let len = text.len();
        let before = self.queued.fetch_add(len, Ordering::AcqRel);
        if before > 0 && before.saturating_add(len) > self.max_bytes {
            self.queued.fetch_sub(len, Ordering::AcqRel);
            metrics::counter!("sgs_outbound_dropped_total").increment(1);
            self.close(Close::TOO_SLOW);
            return false;
        }
        match self.tx.try_send(text) {
            Ok(()) => {
                let hot = crate::metrics::hot();
                hot.messages_sent.increment(1);
                hot.bytes_sent.increment(len as u64);
                true
            }
            Err(error) => {
                self.queued.fetch_sub(len, Ordering::AcqRel);
                if matches!(error, mpsc::error::TrySendError::Full(_)) {
                    metrics::counter!("sgs_outbound_dropped_total").increment(1);
                    self.close(Close::TOO_SLOW);
                }
                false
            }
        }
    }

    /// Prompt `prompt_id` is sent: its answer is owed (counted once per prompt).
    fn asked(&self, prompt_id: u64) {
        if self.prompts.last.fetch_max(prompt_id, Ordering::AcqRel) < prompt_id {
            self.prompts.owed.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// New prompts sent since the last call (see [`crate::rate::RateLimit::credit`]).
    pub fn take_owed_answers(&self) -> u32 {
        self.prompts.owed.swap(0, Ordering::AcqRel)
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

    /// Bytes queued and not yet written.
    pub fn queued_bytes(&self) -> usize {
        self.queued.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_closes_the_connection_instead_of_waiting() {
        let (close_tx, close_rx) = watch::channel(None);
        let (conn, _outbox) = queue(1, 2, 1 << 20, close_tx);
        assert!(conn.send(ServerMsg::Pong { id: None }));
        assert!(conn.send(ServerMsg::Pong { id: None }));
        assert!(!conn.send(ServerMsg::Pong { id: None }));
        assert_eq!(*close_rx.borrow(), Some(Close::TOO_SLOW));
        assert!(conn.is_closed());
    }

    #[test]
    fn the_queue_is_bounded_in_bytes_too() {
        let (close_tx, close_rx) = watch::channel(None);
        let (conn, mut outbox) = queue(1, 1000, 100, close_tx);
        let big: Text = "x".repeat(150).into();
        // One message larger than the budget still goes through an empty queue …
        assert!(conn.send_text(big.clone()));
        let written = outbox.try_recv().unwrap();
        outbox.written(&written);
        assert_eq!(conn.queued_bytes(), 0);
        assert!(conn.send_text("y".repeat(60).into()));
        assert_eq!(conn.queued_bytes(), 60);
        // … but bytes waiting behind others count against it.
        assert!(!conn.send_text("z".repeat(60).into()));
        assert_eq!(*close_rx.borrow(), Some(Close::TOO_SLOW));
        assert_eq!(conn.queued_bytes(), 60);
    }
}
