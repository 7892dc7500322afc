//! A room's writes to the store, and what it does when they fail. Part of the room actor
//! (`room.rs`).
//!
//! - **Durable before told.** A command marks the room's row dirty ([`Room::persist`]); after
//!   the command, [`Room::settle`] writes the row and waits until it is durable, and only then
//!   are the members sent their `room_state` and the requester its `ack` or `sync`. (Actions
//!   are written and awaited step by step in `play.rs`.)
//! - **A failed write stops the room visibly** ([`Room::stall`]): every member gets a
//!   `storage_unavailable` error, the game is put back at its last durable action (the action
//!   whose write failed was never shown), clocks stop, and every command but `resync` is
//!   refused. The room tries again every `--store-retry-ms`; when a write goes through it
//!   reopens its game log at the last durable action, restarts the clocks and sends every
//!   member a fresh `sync`.
//! - **A new store file** (the old one was deleted, replaced or corrupt and the store set it
//!   aside): the store's generation changes and every room writes itself into the new file
//!   again — its row and its running game with every action — from what it holds in memory,
//!   which is exactly what was durable.

use std::io;
use std::time::Duration;

use sgs_engine::{Game, Record};
use sgs_protocol::{ErrorCode, PlayerId, ServerMsg, You};
use tokio::sync::watch;
use tokio::time::Instant;

use crate::error::ServerError;
use crate::outbound::Close;
use crate::room::{RequestKind, Room};
use crate::storage::{NewGame, Storage};

/// Where a room stands with the store.
#[derive(Debug)]
pub(crate) struct Writes {
    /// The room's row changed and must be written before anyone is told.
    pub row_dirty: bool,
    /// Members are to be sent a `room_state` once the row is durable (but those in `synced`,
    /// who get a `sync`).
    pub announce: bool,
    pub synced: Vec<PlayerId>,
    /// A store write failed: when to try again. Nothing changes or is sent meanwhile.
    pub stalled: Option<Instant>,
    /// Another process took over the room's lease (decision 0021): it stops here, writing
    /// nothing more.
    pub moved: bool,
    /// The store file generation the room's rows are in (a new file needs them all again).
    pub generation: u64,
    pub generations: watch::Receiver<u64>,
}

impl Writes {
    pub fn new(storage: &dyn Storage) -> Writes {
        let generations = storage.generations();
        let generation = *generations.borrow();
        Writes {
            row_dirty: false,
            announce: false,
            synced: Vec::new(),
            stalled: None,
            moved: false,
            generation,
            generations,
        }
    }
}

/// The error a paused room answers with.
pub(crate) fn unavailable() -> ServerError {
    ServerError::new(
        ErrorCode::StorageUnavailable,
        "the server cannot save this room right now: it is paused and goes on by itself when \
         it can (nothing was changed)",
    )
}

/// The game as it was after its first `n` actions (its events already taken).
fn rewound(game: &Game, n: usize) -> Option<Game> {
    let mut game = game.record().replay_prefix(n).ok()?;
    drop(game.take_events());
    Some(game)
}

impl Room {
    /// The room's row changed: it is written before anyone is told ([`Room::settle`]).
    pub(crate) fn persist(&mut self) {
        if !self.members.is_empty() {
            self.writes.row_dirty = true;
        }
    }

    /// Writes the room's row if it changed and waits until it is durable; then sends the
    /// `room_state`s that waited for it. A failed write stalls the room.
    pub(crate) async fn settle(&mut self) -> Result<(), ServerError> {
        if self.writes.stalled.is_some() {
            return Err(unavailable());
        }
        if self.writes.row_dirty && !self.members.is_empty() {
            if let Err(error) = self.shared.storage.save_room(&self.row()).await {
                self.stall(&error);
                return Err(unavailable());
            }
        }
        self.writes.row_dirty = false;
        if std::mem::take(&mut self.writes.announce) {
            let room = self.info(true);
            let yous: Vec<You> = self.members.iter().map(|m| self.you(m)).collect();
            for (member, you) in self.members.iter_mut().zip(yous) {
                if !self.writes.synced.contains(&member.player) {
                    let room = room.clone();
                    member.send(|seq| ServerMsg::RoomState { seq, room, you });
                }
            }
            self.shared
                .lobby
                .publish(&self.id, self.state, self.summary());
        }
        self.writes.synced.clear();
        Ok(())
    }

    /// While the room is paused, only `resync` is served.
    pub(crate) fn refuse_while_stalled(&self, kind: &RequestKind) -> Result<(), ServerError> {
        match (self.writes.stalled, kind) {
            (Some(_), RequestKind::Resync) | (None, _) => Ok(()),
            (Some(_), _) => Err(unavailable()),
        }
    }

    fn retry_every(&self) -> Duration {
        Duration::from_millis(self.shared.config.store_retry_ms.max(10))
    }

    /// Has another process taken over the room's lease? (Never without leases.)
    pub(crate) fn lease_is_lost(&self) -> bool {
        self.shared
            .storage
            .leases()
            .is_some_and(|leases| leases.is_lost(&self.id))
    }

    /// Another process runs the room now (its lease was taken over; a write of ours was fenced
    /// or a renewal found out): the room stops here at once, writing nothing more — never a
    /// game that goes on unrecorded. Each member's connection is closed with
    /// [`Close::MOVED`]; the client reconnects at the room's URL, which the proxy sends to the
    /// process that runs the room now, and resumes with its token there.
    pub(crate) fn lose_lease(&mut self) {
        if self.writes.moved {
            return;
        }
        tracing::warn!(
            room = %self.id,
            "the room's lease was taken over: it stops here and its members reconnect"
        );
        self.stop_here();
    }

    /// This process is shutting down and hands the room to another (decision 0021): it stops
    /// here as when its lease is lost — every write it made is already stored (each is awaited
    /// before the next message), so once this returns it writes nothing more.
    pub(crate) fn hand_over(&mut self) {
        if self.writes.moved {
            return;
        }
        tracing::info!(room = %self.id, "shutting down: the room is handed to another server");
        self.stop_here();
    }

    /// Stops the room in this process: no clock, out of the directory, every member's socket
    /// closed with "moved; reconnect" (the proxy sends them to the process that runs it next).
    fn stop_here(&mut self) {
        self.writes.moved = true;
        self.clocks.iter_mut().for_each(|c| *c = None);
        // Out of the directory first: a member reconnecting here at once is told 404 and the
        // proxy tries the next server.
        self.shared.lobby.remove(&self.id);
        for member in &mut self.members {
            // The session is the new owner's now; here it ends with its connection.
            self.shared.sessions.set_room(member.player, None);
            if let Some(conn) = member.conn.take() {
                conn.close(Close::MOVED);
            }
        }
    }

    /// A write failed: pause the room and tell everyone — or, when the write was refused
    /// because another process took the room over, stop it here.
    pub(crate) fn stall(&mut self, error: &io::Error) {
        if self.lease_is_lost() {
            return self.lose_lease();
        }
        let retry = Instant::now() + self.retry_every();
        if self.writes.stalled.replace(retry).is_some() {
            return;
        }
        tracing::error!(
            room = %self.id, %error,
            "cannot write to the store: the room is paused until it can"
        );
        let msg = unavailable().to_msg(None);
        for member in &self.members {
            if let Some(conn) = &member.conn {
                conn.send(msg.clone());
            }
        }
    }

    /// The write of the game's last `failed` actions failed: the game goes back to its last
    /// durable action (nothing about the failed ones was sent), and the room pauses.
    pub(crate) fn rewind_after_failed_append(&mut self, failed: usize, error: &io::Error) {
        if let Some(game) = &self.game {
            let durable = game.action_count().saturating_sub(failed);
            match rewound(game, durable) {
                Some(game) => self.game = Some(game),
                None => tracing::error!(room = %self.id, "cannot rewind the game"),
            }
        }
        self.stall(error);
    }

    /// The paused room's time to try the store again has come.
    pub(crate) fn is_retry_due(&self, now: Instant) -> bool {
        self.writes.stalled.is_some_and(|at| now >= at)
    }

    /// Tries a write; on success the room goes on.
    pub(crate) async fn retry_store(&mut self) {
        let generation = *self.writes.generations.borrow();
        let result = if generation != self.writes.generation {
            self.rewrite().await
        } else {
            self.shared.storage.save_room(&self.row()).await
        };
        match result {
            Ok(()) => {
                self.writes.generation = generation;
                self.go_on();
            }
            Err(_) if self.lease_is_lost() => self.lose_lease(),
            Err(error) => {
                tracing::debug!(room = %self.id, %error, "the store still fails");
                self.writes.stalled = Some(Instant::now() + self.retry_every());
            }
        }
    }

    /// The store works again: reopen the log at the last durable action, restart the clocks,
    /// and show everyone where the game is.
    fn go_on(&mut self) {
        self.writes.stalled = None;
        self.writes.row_dirty = false;
        self.writes.announce = false;
        self.writes.synced.clear();
        if let (Some(game), Some(log)) = (&self.game, &self.log) {
            let actions = game.action_count() as u64;
            self.log = Some(self.shared.storage.resume(&self.id, log.id(), actions));
        }
        self.clocks = self.seats.iter().map(|_| None).collect();
        self.refresh_clocks(None);
        let players: Vec<_> = self.members.iter().map(|m| m.player).collect();
        for player in players {
            self.sync_member(player, None);
        }
        self.shared
            .lobby
            .publish(&self.id, self.state, self.summary());
        tracing::info!(room = %self.id, "the store works again; the room goes on");
    }

    /// Writes the whole room into the store: its row and its running game.
    async fn rewrite(&mut self) -> io::Result<()> {
        self.shared.storage.save_room(&self.row()).await?;
        let (Some(game), Some(log)) = (&self.game, &self.log) else {
            return Ok(());
        };
        let record = game.record();
        let start = Record {
            actions: Vec::new(),
            ..record.clone()
        };
        let new_game = NewGame {
            room: &self.id,
            number: self.games,
            start: &start,
            players: self.game_players(),
            private: self.settings.private || self.settings.password.is_some(),
            host: Some(self.host),
        };
        self.shared
            .storage
            .replace_game(log.id(), new_game, &record)
            .await
    }

    /// The store opened a new file: write the room into it (pausing it if that fails).
    pub(crate) async fn on_new_store(&mut self) {
        tracing::debug!(room = %self.id, stalled = self.writes.stalled.is_some(), "a new store file");
        if self.writes.stalled.is_some() {
            self.writes.stalled = Some(Instant::now());
            return;
        }
        let generation = *self.writes.generations.borrow();
        match self.rewrite().await {
            Ok(()) => self.writes.generation = generation,
            Err(error) => self.stall(&error),
        }
    }
}
