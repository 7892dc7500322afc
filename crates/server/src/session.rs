//! [`Sessions`]: who is who. A session is a player id, a display name and a secret token; it
//! outlives its connection while the player is in a room, so reconnecting with the token gets
//! the seat back. A second connection with the same token replaces the first.
//!
//! Only the token's hash is kept ([`SecretHash`]); the token itself is handed to the client once
//! and echoed back when it resumes. Sessions of people in rooms are stored with their rooms and
//! restored after a restart ([`Sessions::restore`]), so a token outlives the process.
//!
//! A session may be an account's (`accounts.rs`): its player id is the account's, its name the
//! account's, and any of the account's login tokens resumes it — or starts it afresh on a
//! device that logs in while it is gone ([`Sessions::hello`] with `account`).
//!
//! A plain mutex over small maps: every operation is short and synchronous, and no lock is ever
//! held across an await.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use rand::rngs::OsRng;
use rand::RngCore;
use sgs_protocol::{PlayerId, RoomId};

use crate::outbound::{ConnHandle, ConnId};
use crate::storage::{IdBlocks, SecretHash, PLAYER_ID_BLOCK};

/// One player's session.
#[derive(Debug)]
struct Session {
    name: String,
    token: SecretHash,
    conn: Option<ConnHandle>,
    /// The room the player is in. Only rooms change it (they know who is a member).
    room: Option<RoomId>,
    /// The player holds a seat in that room (its token gets into a full server).
    seated: bool,
    /// The session is an account's: its name is the account's.
    account: bool,
}

impl Session {
    /// A guest's session held by no connection (restored with its room, or learned from the
    /// store): the next `hello` with its token resumes it.
    fn away(name: &str, token: SecretHash, room: Option<RoomId>, seated: bool) -> Session {
        Session {
            name: name.to_string(),
            token,
            conn: None,
            room,
            seated,
            account: false,
        }
    }
}

#[derive(Debug, Default)]
struct Table {
    players: HashMap<PlayerId, Session>,
    by_token: HashMap<SecretHash, PlayerId>,
    next_player: PlayerId,
    /// The ids left of the block taken from the store (next, end), when the store hands them
    /// out ([`Sessions::with_id_blocks`]).
    block: (PlayerId, PlayerId),
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
#[derive(Default)]
pub struct Sessions {
    table: Mutex<Table>,
    /// Where new player ids come from when processes share the store (`None`: counted here).
    ids: Option<IdBlocks>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("table", &self.table)
            .field("shared_ids", &self.ids.is_some())
            .finish()
    }
}

/// 32 random bytes from the OS, hex-encoded: unguessable.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A display name: normalised, without control or invisible characters, at most 24
/// characters (`text::clean_name`).
fn clean_name(name: Option<&str>, player: PlayerId) -> String {
    let name = crate::text::clean_name(name.unwrap_or(""), 24);
    if name.is_empty() {
        format!("player{player}")
    } else {
        name
    }
}

impl Sessions {
    fn lock(&self) -> MutexGuard<'_, Table> {
        // A panic while holding this lock cannot leave the maps half-updated in a way that
        // matters more than losing every session, so a poisoned lock is simply reused.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Resumes the session of `token` (if known) or starts a new one, held by `conn`.
    /// `account`: `token` is a login token of that account (id and name), whose session this
    /// is — resumed if it lives, else started under the account's id.
    pub fn hello(
        &self,
        token: Option<&str>,
        name: Option<&str>,
        conn: ConnHandle,
        account: Option<(PlayerId, String)>,
    ) -> Hello {
        let mut table = self.lock();
        if let (Some((player, account_name)), Some(token)) = (account, token) {
            return Self::account_hello(&mut table, player, account_name, token, conn);
        }
        let known = token.and_then(|t| table.by_token.get(&SecretHash::of(t)).copied());
        if let (Some(player), Some(token)) = (known, token) {
            if let Some(session) = table.players.get_mut(&player) {
                if name.is_some() && !session.account {
                    session.name = clean_name(name, player);
                }
                let replaced = session.conn.replace(conn);
                return Hello {
                    player,
                    name: session.name.clone(),
                    token: token.to_string(),
                    resumed: true,
                    room: session.room.clone(),
                    replaced,
                };
            }
        }
        let player = self.new_player(&mut table);
        let token = new_token();
        let session = Session {
            name: clean_name(name, player),
            token: SecretHash::of(&token),
            conn: Some(conn),
            room: None,
            seated: false,
            account: false,
        };
        let hello = Hello {
            player,
            name: session.name.clone(),
            token,
            resumed: false,
            room: None,
            replaced: None,
        };
        table.by_token.insert(session.token, player);
        table.players.insert(player, session);
        hello
    }

    /// `hello` with an account's login token.
    fn account_hello(
        table: &mut Table,
        player: PlayerId,
        name: String,
        token: &str,
        conn: ConnHandle,
    ) -> Hello {
        table.next_player = table.next_player.max(player);
        if let Some(session) = table.players.get_mut(&player) {
            session.name = name;
            session.account = true;
            let replaced = session.conn.replace(conn);
            return Hello {
                player,
                name: session.name.clone(),
                token: token.to_string(),
                resumed: true,
                room: session.room.clone(),
                replaced,
            };
        }
        // The session's own token is never handed out: the login token resumes it.
        let session = Session {
            name: name.clone(),
            token: SecretHash::of(&new_token()),
            conn: Some(conn),
            room: None,
            seated: false,
            account: true,
        };
        table.by_token.insert(session.token, player);
        table.players.insert(player, session);
        Hello {
            player,
            name,
            token: token.to_string(),
            resumed: false,
            room: None,
            replaced: None,
        }
    }

    /// Player `player`'s session became the account `name` (its claim is durable).
    pub fn set_account(&self, player: PlayerId, name: &str) {
        if let Some(session) = self.lock().players.get_mut(&player) {
            session.account = true;
            session.name = name.to_string();
        }
    }

    /// "Log out everywhere": the session's own token stops working and its connection is
    /// handed back to be closed. The session (and its seat) stays for the next login.
    pub fn sign_out(&self, player: PlayerId) -> Option<ConnHandle> {
        let mut table = self.lock();
        let session = table.players.get_mut(&player)?;
        let old = std::mem::replace(&mut session.token, SecretHash::of(&new_token()));
        let new = session.token;
        let conn = session.conn.take();
        let in_room = session.room.is_some();
        table.by_token.remove(&old);
        if in_room {
            table.by_token.insert(new, player);
        } else {
            Self::forget(&mut table, player);
        }
        conn
    }

    /// Marks the sessions of accounts as theirs (after a restart restored them as guests):
    /// `account` names the account of a player id, if it is one.
    pub fn mark_accounts(&self, account: impl Fn(PlayerId) -> Option<String>) {
        for session in self.lock().players.iter_mut() {
            if let Some(name) = account(*session.0) {
                session.1.account = true;
                session.1.name = name;
            }
        }
    }

    pub fn name_of(&self, player: PlayerId) -> Option<String> {
        self.lock().players.get(&player).map(|s| s.name.clone())
    }

    /// Does `player`'s session hold a seat?
    pub fn is_seated(&self, player: PlayerId) -> bool {
        self.lock().players.get(&player).is_some_and(|s| s.seated)
    }

    /// Brings back the session of a member of a restored room (no connection yet).
    pub fn restore(
        &self,
        player: PlayerId,
        name: &str,
        token: SecretHash,
        room: RoomId,
        seated: bool,
    ) {
        let mut table = self.lock();
        table.next_player = table.next_player.max(player);
        if let Some(old) = table.players.get(&player) {
            // A player in two restored rooms: the last one stored wins.
            let old = old.token;
            table.by_token.remove(&old);
        }
        table.by_token.insert(token, player);
        table
            .players
            .insert(player, Session::away(name, token, Some(room), seated));
    }

    /// Sessions whose new player ids come from `ids` (the store's blocks, shared by every
    /// process on it), or are counted here (`None`).
    pub fn with_id_blocks(ids: Option<IdBlocks>) -> Sessions {
        Sessions {
            ids,
            ..Sessions::default()
        }
    }

    /// A new player's id: the next of the store's block (a new block when it is used up), or
    /// one above every id seen here.
    fn new_player(&self, table: &mut Table) -> PlayerId {
        if let Some(blocks) = &self.ids {
            if table.block.0 >= table.block.1 {
                match blocks() {
                    Ok(first) => table.block = (first, first + PLAYER_ID_BLOCK),
                    Err(error) => {
                        // The store is down (and every room pauses): count on here meanwhile.
                        tracing::error!(%error, "cannot take player ids from the store");
                        table.block = (0, 0);
                    }
                }
            }
            if table.block.0 < table.block.1 {
                let player = table.block.0;
                table.block.0 += 1;
                table.next_player = table.next_player.max(player);
                return player;
            }
        }
        table.next_player += 1;
        table.next_player
    }

    /// New players get ids above `player` (ids already used by stored rooms).
    pub fn reserve_ids(&self, player: PlayerId) {
        let mut table = self.lock();
        table.next_player = table.next_player.max(player);
    }

    /// The hash of `player`'s token (stored with its room).
    pub fn token_of(&self, player: PlayerId) -> Option<SecretHash> {
        self.lock().players.get(&player).map(|s| s.token)
    }

    /// The player whose session `token` is.
    /// A guest session another process sharing the store made (its token's hash, player id
    /// and name): known here from now on, held by no connection yet — the `hello` that asked
    /// resumes it. A session already known here (by token or player) is left as it is.
    pub fn learn_guest(&self, token: SecretHash, player: PlayerId, name: &str) {
        let mut table = self.lock();
        if table.by_token.contains_key(&token) || table.players.contains_key(&player) {
            return;
        }
        table.by_token.insert(token, player);
        table
            .players
            .insert(player, Session::away(name, token, None, false));
    }

    pub fn player_of(&self, token: &str) -> Option<PlayerId> {
        self.lock().by_token.get(&SecretHash::of(token)).copied()
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
                session.seated &= session.room.is_some();
                session.room.is_none() && session.conn.is_none()
            }
            None => false,
        };
        if forget {
            Self::forget(&mut table, player);
        }
    }

    /// Records whether `player` holds a seat in its room (called by rooms only).
    pub fn set_seated(&self, player: PlayerId, seated: bool) {
        if let Some(session) = self.lock().players.get_mut(&player) {
            session.seated = seated && session.room.is_some();
        }
    }

    /// Does `token` name a session that holds a seat in a room?
    pub fn holds_seat(&self, token: &str) -> bool {
        let table = self.lock();
        table
            .by_token
            .get(&SecretHash::of(token))
            .and_then(|player| table.players.get(player))
            .is_some_and(|session| session.seated)
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
    use tokio::sync::watch;

    fn conn(id: ConnId) -> ConnHandle {
        crate::outbound::queue(id, 1, 1024, watch::channel(None).0).0
    }

    #[test]
    fn a_token_resumes_its_session_and_replaces_the_connection() {
        let sessions = Sessions::default();
        let first = sessions.hello(None, Some("  Cao\u{7}Cao\u{200B} "), conn(1), None);
        assert_eq!(first.name, "CaoCao");
        assert_eq!(first.token.len(), 64);
        sessions.set_room(first.player, Some("room1".into()));
        let again = sessions.hello(Some(&first.token), None, conn(2), None);
        assert!(again.resumed);
        assert_eq!(again.player, first.player);
        assert_eq!(again.room.as_deref(), Some("room1"));
        assert_eq!(again.replaced.map(|c| c.id), Some(1));
        // The replaced connection ending does not end the session.
        assert!(!sessions.disconnect(first.player, 1));
        let wrong = sessions.hello(Some("not-a-token"), None, conn(3), None);
        assert!(!wrong.resumed);
        assert_ne!(wrong.player, first.player);
    }

    #[test]
    fn a_session_outside_rooms_is_forgotten_on_disconnect() {
        let sessions = Sessions::default();
        let hello = sessions.hello(None, None, conn(1), None);
        assert!(sessions.disconnect(hello.player, 1));
        assert!(sessions.is_empty());
        assert!(
            !sessions
                .hello(Some(&hello.token), None, conn(2), None)
                .resumed
        );
    }

    #[test]
    fn a_restored_session_is_resumed_by_its_token_and_new_ids_count_on() {
        let sessions = Sessions::default();
        let token = "ab".repeat(32);
        sessions.restore(41, "Liu Bei", SecretHash::of(&token), "room1".into(), true);
        assert!(sessions.holds_seat(&token));
        let hello = sessions.hello(Some(&token), None, conn(1), None);
        assert!(hello.resumed);
        assert_eq!((hello.player, hello.name.as_str()), (41, "Liu Bei"));
        assert_eq!(hello.token, token);
        assert_eq!(hello.room.as_deref(), Some("room1"));
        assert_eq!(sessions.hello(None, None, conn(2), None).player, 42);
        assert_eq!(sessions.token_of(41), Some(SecretHash::of(&token)));
    }
}
