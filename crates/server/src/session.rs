//! [`Sessions`]: who is who. A session is a player id, a display name and a secret token; it
//! outlives its connection while the player is in a room, so reconnecting with the token gets
//! the seat back. A second connection with the same token replaces the first.
//!
//! A plain mutex over small maps: every operation is short and synchronous, and no lock is ever
//! held across an await.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use rand::rngs::OsRng;
use rand::RngCore;
use sgs_protocol::{PlayerId, RoomId};

use crate::outbound::{ConnHandle, ConnId};

/// One player's session.
#[derive(Debug)]
struct Session {
    name: String,
    token: String,
    conn: Option<ConnHandle>,
    /// The room the player is in. Only rooms change it (they know who is a member).
    room: Option<RoomId>,
}

#[derive(Debug, Default)]
struct Table {
    players: HashMap<PlayerId, Session>,
    by_token: HashMap<String, PlayerId>,
    next_player: PlayerId,
}

/// The result of a `hello`.
#[derive(Debug)]
pub struct Hello {
    pub player: PlayerId,
    pub name: String,
    pub token: String,
    pub resumed: bool,
    pub room: Option<RoomId>,
    /// The connection that held the session before, to be closed.
    pub replaced: Option<ConnHandle>,
}

/// Every session of the process.
#[derive(Debug, Default)]
pub struct Sessions {
    table: Mutex<Table>,
}

/// 32 random bytes from the OS, hex-encoded: unguessable.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A display name: trimmed, without control characters, at most 24 characters.
fn clean_name(name: Option<&str>, player: PlayerId) -> String {
    let name: String = name
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(24)
        .collect();
    let name = name.trim();
    if name.is_empty() {
        format!("player{player}")
    } else {
        name.to_string()
    }
}

impl Sessions {
    fn lock(&self) -> MutexGuard<'_, Table> {
        // A panic while holding this lock cannot leave the maps half-updated in a way that
        // matters more than losing every session, so a poisoned lock is simply reused.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Resumes the session of `token` (if known) or starts a new one, held by `conn`.
    pub fn hello(&self, token: Option<&str>, name: Option<&str>, conn: ConnHandle) -> Hello {
        let mut table = self.lock();
        let known = token.and_then(|t| table.by_token.get(t).copied());
        if let Some(player) = known {
            if let Some(session) = table.players.get_mut(&player) {
                if name.is_some() {
                    session.name = clean_name(name, player);
                }
                let replaced = session.conn.replace(conn);
                return Hello {
                    player,
                    name: session.name.clone(),
                    token: session.token.clone(),
                    resumed: true,
                    room: session.room.clone(),
                    replaced,
                };
            }
        }
        table.next_player += 1;
        let player = table.next_player;
        let session = Session {
            name: clean_name(name, player),
            token: new_token(),
            conn: Some(conn),
            room: None,
        };
        let hello = Hello {
            player,
            name: session.name.clone(),
            token: session.token.clone(),
            resumed: false,
            room: None,
            replaced: None,
        };
        table.by_token.insert(session.token.clone(), player);
        table.players.insert(player, session);
        hello
    }

    pub fn room_of(&self, player: PlayerId) -> Option<RoomId> {
        self.lock()
            .players
            .get(&player)
            .and_then(|s| s.room.clone())
    }

    /// Records the room `player` is in (called by rooms only).
    pub fn set_room(&self, player: PlayerId, room: Option<RoomId>) {
        let mut table = self.lock();
        let forget = match table.players.get_mut(&player) {
            Some(session) => {
                session.room = room;
                session.room.is_none() && session.conn.is_none()
            }
            None => false,
        };
        if forget {
            Self::forget(&mut table, player);
        }
    }

    /// Connection `conn` of `player` ended. A session in no room is forgotten; one in a room
    /// waits for its player to come back. Returns whether `conn` still held the session.
    pub fn disconnect(&self, player: PlayerId, conn: ConnId) -> bool {
        let mut table = self.lock();
        let Some(session) = table.players.get_mut(&player) else {
            return false;
        };
        if session.conn.as_ref().map(|c| c.id) != Some(conn) {
            return false;
        }
        session.conn = None;
        if session.room.is_none() {
            Self::forget(&mut table, player);
        }
        true
    }

    fn forget(table: &mut Table, player: PlayerId) {
        if let Some(session) = table.players.remove(&player) {
            table.by_token.remove(&session.token);
        }
    }

    pub fn len(&self) -> usize {
        self.lock().players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::{mpsc, watch};

    fn conn(id: ConnId) -> ConnHandle {
        let (tx, _) = mpsc::channel(1);
        ConnHandle::new(id, tx, watch::channel(None).0)
    }

    #[test]
    fn a_token_resumes_its_session_and_replaces_the_connection() {
        let sessions = Sessions::default();
        let first = sessions.hello(None, Some("  Cao\u{7}Cao "), conn(1));
        assert_eq!(first.name, "CaoCao");
        assert_eq!(first.token.len(), 64);
        sessions.set_room(first.player, Some("room1".into()));
        let again = sessions.hello(Some(&first.token), None, conn(2));
        assert!(again.resumed);
        assert_eq!(again.player, first.player);
        assert_eq!(again.room.as_deref(), Some("room1"));
        assert_eq!(again.replaced.map(|c| c.id), Some(1));
        // The replaced connection ending does not end the session.
        assert!(!sessions.disconnect(first.player, 1));
        let wrong = sessions.hello(Some("not-a-token"), None, conn(3));
        assert!(!wrong.resumed);
        assert_ne!(wrong.player, first.player);
    }

    #[test]
    fn a_session_outside_rooms_is_forgotten_on_disconnect() {
        let sessions = Sessions::default();
        let hello = sessions.hello(None, None, conn(1));
        assert!(sessions.disconnect(hello.player, 1));
        assert!(sessions.is_empty());
        assert!(!sessions.hello(Some(&hello.token), None, conn(2)).resumed);
    }
}
