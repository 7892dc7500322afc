//! Durable rooms and games. A host may kill the server at any moment and lose no game: every
//! accepted action is durable before its effects are sent to anyone, and on start the server
//! rebuilds every open room from what is stored here (`recover.rs`).
//!
//! [`Storage`] is the seam between the server and its database. It stores:
//! - rooms: settings, host, state, seats, and members with their session tokens as SHA-256
//!   hashes (never the tokens themselves);
//! - each game's record: engine and record versions, setup, seed, every accepted action in
//!   order, and the game's running hash ([`sgs_engine::Game::hash`], the hash of every event so
//!   far) every [`HASH_EVERY`] actions and at the end;
//! - chat, and each game's result.
//!
//! Writes are queued and answered with an [`Ack`] that completes once the write is durable; a
//! room awaits the ack of an action before it tells anyone. Writes that need no ack (a room's
//! seats, chat) are ordered with the others by the same queue.
//!
//! [`SqliteStorage`] is the embedded default (`sqlite.rs`: the `Storage` implementation;
//! `writer.rs`: its writer thread; `schema.rs`: the migrations; `read.rs`: reading rows back);
//! [`PgStorage`] is the same store on PostgreSQL (`pg/`, `--database-url`); both put their writes
//! on a queue the same way (`queue.rs`) and pass one test suite (`tests/`). [`NoStorage`] keeps
//! nothing. When several processes share a PostgreSQL store (`--node-id`), each open room has a
//! lease there and every write of a room is fenced by its epoch ([`Leases`], `lease.rs`,
//! decision 0021); the SQLite store has one process, which owns every room.

mod accounts;
mod batch;
mod health;
mod lease;
mod none;
mod pg;
mod queue;
mod read;
mod schema;
mod sqlite;
#[cfg(test)]
mod tests;
mod writer;

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use serde::{Deserialize, Serialize};
use sgs_engine::{Action, Events, Game, Outcome, Record, ReplayError, Seat};
use sgs_protocol::{PlayerId, RoomId, RoomState, TrusteeshipReason};
use sha2::{Digest, Sha256};
use tokio::sync::{oneshot, watch};

use crate::room::Holder;
use crate::settings::RoomSettings;

pub use accounts::*;
pub use lease::{fenced, Leases};
pub use none::NoStorage;
pub use pg::{PgStorage, GAME_ID_BLOCK, PG_MIGRATIONS};
pub use schema::{migrate, MIGRATIONS};
pub use sqlite::{SqliteStorage, Sync as SyncMode, FILE_NAME};

/// A game's number in the store (`GET /api/games/{id}`).
pub type GameId = u64;

/// Player ids handed out at a time by [`Storage::player_id_blocks`].
pub const PLAYER_ID_BLOCK: u64 = 64;

/// Hands out the first id of a block of [`PLAYER_ID_BLOCK`] fresh player ids (blocking: a round
/// trip to the database once per block).
pub type IdBlocks = Box<dyn Fn() -> io::Result<PlayerId> + Send + Sync>;

/// The game's running hash is stored with every `HASH_EVERY`-th action (and at the end), so a
/// replay that drifts from the original is caught within that many actions.
pub const HASH_EVERY: usize = 16;

/// The SHA-256 of a secret: a session token (32 random bytes, so an unsalted hash is enough —
/// nobody can search that space, and a leaked database gives no one a seat), or a room password
/// (kept only as this hash).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SecretHash(pub [u8; 32]);

impl SecretHash {
    pub fn of(secret: &str) -> SecretHash {
        SecretHash(Sha256::digest(secret.as_bytes()).into())
    }
}

/// A write's completion: resolves once the write is durable (or has failed).
#[must_use = "an ack tells when the write is durable"]
pub struct Ack(AckState);

enum AckState {
    Done(Option<io::Error>),
    Waiting(oneshot::Receiver<io::Result<()>>),
}

impl Ack {
    /// Already durable (or nothing to write).
    pub fn done() -> Ack {
        Ack(AckState::Done(None))
    }

    pub fn failed(error: io::Error) -> Ack {
        Ack(AckState::Done(Some(error)))
    }

    /// Completes when `rx` is answered.
    pub fn waiting(rx: oneshot::Receiver<io::Result<()>>) -> Ack {
        Ack(AckState::Waiting(rx))
    }

    /// Blocks the thread until the write is durable (outside async code only).
    pub fn wait(self) -> io::Result<()> {
        match self.0 {
            AckState::Done(None) => Ok(()),
            AckState::Done(Some(error)) => Err(error),
            AckState::Waiting(rx) => rx.blocking_recv().unwrap_or_else(|_| Err(writer_gone())),
        }
    }
}

fn writer_gone() -> io::Error {
    io::Error::other("the storage writer has stopped")
}

impl Future for Ack {
    type Output = io::Result<()>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.0 {
            AckState::Done(error) => Poll::Ready(error.take().map_or(Ok(()), Err)),
            AckState::Waiting(rx) => Pin::new(rx)
                .poll(cx)
                .map(|answer| answer.unwrap_or_else(|_| Err(writer_gone()))),
        }
    }
}

/// Rooms' lines in the shared public list, as [`Storage::room_listings`] reads them: the
/// store's time then, and each changed room with its line (`None`: not listed any more).
pub type Listings = (i64, Vec<(RoomId, Option<sgs_protocol::RoomSummary>)>);

/// A room as stored: enough to bring it back after a restart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomRow {
    pub id: RoomId,
    pub settings: RoomSettings,
    pub host: PlayerId,
    pub state: RoomState,
    /// Games started so far.
    pub games: u32,
    pub seats: Vec<SeatRow>,
    pub members: Vec<MemberRow>,
    /// Since when (Unix ms) nobody has been connected to the room (`None`: someone is).
    #[serde(default)]
    pub empty_since: Option<u64>,
    /// Its 计分赛 series, in progress or just finished (V-JF-2).
    #[serde(default)]
    pub series: Option<sgs_engine::Series>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRow {
    pub holder: Holder,
    pub trusteeship: bool,
    /// Why (stores before it was kept read as `asked`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trusteeship_reason: Option<TrusteeshipReason>,
}

/// A person in a room (seated or spectating), with the hash of its session token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberRow {
    pub player: PlayerId,
    pub name: String,
    pub token: SecretHash,
    pub seat: Option<Seat>,
}

/// Who played a seat of a game (for game lists and replays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamePlayer {
    pub seat: Seat,
    /// `None` for a bot.
    pub player: Option<PlayerId>,
    pub name: String,
}

/// A game's place in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Playing,
    Finished,
    /// Its room closed before the end.
    Abandoned,
    /// Its record could not be rebuilt (see the server log).
    Failed,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
            GameStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<GameStatus> {
        [
            GameStatus::Playing,
            GameStatus::Finished,
            GameStatus::Abandoned,
            GameStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// A game without its actions: what the game list shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub room: RoomId,
    /// The room's n-th game.
    pub number: u32,
    pub status: GameStatus,
    /// Engine version that played it.
    pub engine: String,
    /// Unix milliseconds.
    pub started_at: u64,
    pub finished_at: Option<u64>,
    pub players: Vec<GamePlayer>,
    /// Actions accepted.
    pub actions: u64,
    pub outcome: Option<Outcome>,
    /// Its room was private or had a password: only its players and its host may see it.
    #[serde(default)]
    pub private: bool,
    /// The room's host when the game began (`None` for games stored before it was kept and
    /// whose room is gone).
    #[serde(default)]
    pub host: Option<PlayerId>,
    /// A game of a 计分赛 series: the series as it stood after this game (its points are
    /// the last of `series.played`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<sgs_engine::Series>,
}

impl GameSummary {
    /// Did `player` play in this game or host its room?
    pub fn involves(&self, player: PlayerId) -> bool {
        self.host == Some(player) || self.players.iter().any(|p| p.player == Some(player))
    }
}

/// A stored game: its summary, its record and the stored running hashes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    pub summary: GameSummary,
    pub record: Record,
    /// `(actions, hash)`: `Game::hash()` after that many actions.
    pub hashes: Vec<(u64, u64)>,
}

/// Why a stored game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error(
        "the game's hash after {actions} actions is {found:#018x}, the record says {stored:#018x}"
    )]
    Hash {
        actions: u64,
        stored: u64,
        found: u64,
    },
    #[error("a stored hash names action {0}, past the end of the record")]
    PastEnd(u64),
}

impl StoredGame {
    /// Replays the record from scratch, checking every stored hash on the way.
    pub fn rebuild(&self) -> Result<Game, RebuildError> {
        self.rebuild_observed(|_| {})
    }

    /// [`StoredGame::rebuild`], handing every batch of events the replay produces, in order, to
    /// `seen` (the whole game so far, to prime the seats' agents with its history).
    pub fn rebuild_observed(&self, mut seen: impl FnMut(Events)) -> Result<Game, RebuildError> {
        let mut game = self.record.replay_prefix(0)?;
        let mut hashes = self.hashes.iter().peekable();
        let check = |game: &Game, hashes: &mut std::iter::Peekable<_>| {
            while let Some(&&(actions, stored)) = hashes.peek() {
                if actions != game.action_count() as u64 {
                    break;
                }
                hashes.next();
                if stored != game.hash() {
                    return Err(RebuildError::Hash {
                        actions,
                        stored,
                        found: game.hash(),
                    });
                }
            }
            Ok(())
        };
        check(&game, &mut hashes)?;
        for (index, (seat, action)) in self.record.actions.iter().enumerate() {
            let events = game
                .act(*seat, action.clone())
                .map_err(|error| ReplayError::Action { index, error })?;
            seen(events);
            check(&game, &mut hashes)?;
        }
        // With no action yet, the opening is still pending.
        seen(game.take_events());
        match hashes.next() {
            Some(&(actions, _)) => Err(RebuildError::PastEnd(actions)),
            None => Ok(game),
        }
    }
}

/// A room found open at start, as read (each part may be unreadable).
#[derive(Debug)]
pub struct OpenRoom {
    pub id: RoomId,
    pub room: Result<RoomRow, String>,
    /// Its latest game, if it has one.
    pub game: Option<Result<StoredGame, String>>,
    /// Read from a damaged store set aside at start: not in the store now, so it must be
    /// written again.
    pub salvaged: bool,
}

/// `Game::hash()` after each [`HASH_EVERY`]-th action of `record` (as the log stores them).
pub fn checkpoints(record: &Record) -> Result<Vec<Option<u64>>, ReplayError> {
    let mut game = record.replay_prefix(0)?;
    let mut hashes = Vec::with_capacity(record.actions.len());
    for (index, (seat, action)) in record.actions.iter().enumerate() {
        game.act(*seat, action.clone())
            .map_err(|error| ReplayError::Action { index, error })?;
        let checkpoint = index % HASH_EVERY == HASH_EVERY - 1;
        hashes.push(checkpoint.then(|| game.hash()));
    }
    Ok(hashes)
}

/// A new game's first row.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    pub room: &'a str,
    pub number: u32,
    /// The record before any action.
    pub start: &'a Record,
    pub players: Vec<GamePlayer>,
    /// The room is private or has a password (see [`GameSummary::private`]).
    pub private: bool,
    pub host: Option<PlayerId>,
}

/// Where rooms and games are kept. Writes return an [`Ack`]; reads block (call them off the
/// async runtime, e.g. in `spawn_blocking`, except at start-up).
pub trait Storage: Send + Sync {
    /// Writes a room's row and members (replacing what was stored).
    fn save_room(&self, room: &RoomRow) -> Ack;
    /// The room closed for good (`failed`: it could not be rebuilt). Its running game, if any,
    /// is abandoned (or failed).
    fn close_room(&self, room: &str, failed: bool) -> Ack;
    /// A chat line said in `room` (during `game`, if one is running).
    fn chat(
        &self,
        room: &str,
        game: Option<GameId>,
        player: PlayerId,
        name: &str,
        text: &str,
    ) -> Ack;
    /// Opens a new game's log.
    fn begin(&self, game: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)>;
    /// Reopens the log of `room`'s stored running game that has `actions` actions.
    fn resume(&self, room: &str, game: GameId, actions: u64) -> Box<dyn GameLog>;
    /// Completes once everything queued before is durable.
    fn flush(&self) -> Ack;
    /// Writes an account (replacing the row of its id). A second account with the same name
    /// key fails.
    fn save_account(&self, account: &AccountRow) -> Ack;
    /// A new login token (its hash) for `account`.
    fn save_login(&self, account: AccountId, token: SecretHash) -> Ack;
    /// Revokes one login token of `account`, or all of them (`None`).
    fn revoke_logins(&self, account: AccountId, token: Option<SecretHash>) -> Ack;
    /// Every account and login (read at start).
    fn accounts(&self) -> io::Result<StoredAccounts>;
    /// The account whose login token has hash `token`, read from the store now (`None`: no
    /// such login — never issued, or revoked). With several processes on one store the store is
    /// the truth about logins: another process may have issued or revoked one since this one
    /// started. The default (one process, which read them all at start) says nothing.
    fn login_account(&self, token: SecretHash) -> io::Result<Option<AccountRow>> {
        let _ = token;
        Ok(None)
    }
    /// The account whose name key is `key`, read from the store now (see
    /// [`Storage::login_account`]).
    fn account_by_key(&self, key: &str) -> io::Result<Option<AccountRow>> {
        let _ = key;
        Ok(None)
    }
    /// A finished game's results go into the records (after its `finish`).
    fn record_results(&self, results: &GameResults) -> Ack;
    /// `player`'s record over every finished, recorded game.
    fn player_record(&self, player: PlayerId) -> io::Result<PlayerRecord>;
    /// Every general's totals in `mode`.
    fn general_stats(&self, mode: &str) -> io::Result<GeneralStats>;
    /// Writes a server ban (replacing one of the same target).
    fn save_ban(&self, ban: &BanRow) -> Ack;
    /// Lifts a server ban.
    fn remove_ban(&self, kind: &str, target: &str) -> Ack;
    /// Every server ban (read at start).
    fn bans(&self) -> io::Result<Vec<BanRow>>;
    /// A host banned `player` from `room` until `until` (unix ms; `None`: while it lives).
    /// Closing the room forgets its bans.
    fn ban_from_room(&self, room: &str, player: PlayerId, until: Option<u64>) -> Ack;
    /// Every open room's bans: (room, player, until).
    fn room_bans(&self) -> io::Result<Vec<(RoomId, PlayerId, Option<u64>)>>;
    /// Stores a player's report.
    fn save_report(&self, report: &ReportRow) -> Ack;
    /// Reports, newest first, with ids below `before`.
    fn reports(&self, before: Option<u64>, limit: u32) -> io::Result<Vec<ReportRow>>;
    /// `account`'s ratings, one per mode it played rated games in.
    fn ratings_of(&self, account: AccountId) -> io::Result<Vec<RatingRow>>;
    /// The best ratings of `mode` (private accounts left out), from the `offset`-th.
    fn leaderboard(&self, mode: &str, offset: u32, limit: u32) -> io::Result<Vec<RatingRow>>;
    /// Writes a running game whole — its row and every action of `record` — under `id`,
    /// replacing whatever the store held under that id (after the store opened a new file).
    fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack;
    /// The store's file generation: it changes when the store had to open a new file (the
    /// old one was deleted, replaced or corrupt), and every room then writes itself again.
    fn generations(&self) -> watch::Receiver<u64>;
    /// What is wrong with the store, if anything (for `/healthz` and the logs).
    fn status(&self) -> Option<String> {
        None
    }
    /// Where new player ids come from when several processes share the store: each call
    /// hands out the first of [`PLAYER_ID_BLOCK`] ids no other process gets. `None`: the store
    /// has one process, which counts on from the largest id stored.
    fn player_id_blocks(&self) -> Option<IdBlocks> {
        None
    }

    /// The leases of the rooms this process runs, when several processes share the store
    /// (`lease.rs`). `None`: the process owns every room (SQLite, or PostgreSQL without
    /// `--node-id`) and nothing is fenced.
    fn leases(&self) -> Option<&Leases> {
        None
    }
    /// Claims open rooms for this process and reads them (with their latest games), each with
    /// a new lease epoch: every room whose lease expired (or that has none), and at start
    /// (`at_start`) also those this process's node already owns. A claimed room's writes are
    /// fenced by its new epoch, so whoever held it before can no longer write it. Reads happen
    /// after the claim is committed: every write of the previous owner that went through is in
    /// what is read. `None`: the store has no leases.
    fn claim_rooms(&self, at_start: bool) -> io::Result<Option<Vec<OpenRoom>>> {
        let _ = at_start;
        Ok(None)
    }
    /// Extends every lease held; returns the rooms whose lease was taken over meanwhile (from
    /// now on their writes fail).
    fn renew_leases(&self) -> io::Result<Vec<RoomId>> {
        Ok(Vec::new())
    }
    /// Keeps a new guest session (its token's hash, player id and name) where every process
    /// sharing the store finds it ([`Storage::guest_session`]). One process keeps its
    /// sessions in memory: the default writes nothing.
    fn save_guest(&self, token: SecretHash, player: PlayerId, name: &str) -> Ack {
        let _ = (token, player, name);
        Ack::done()
    }
    /// The guest session of the token with hash `token`, made by any process sharing the store
    /// (`None`: unknown, or one process).
    fn guest_session(&self, token: SecretHash) -> io::Result<Option<(PlayerId, String)>> {
        let _ = token;
        Ok(None)
    }
    /// Gives up the leases of `rooms` with their `epochs` (graceful shutdown, once the rooms
    /// stopped and the store was flushed): they expire now, so another process claims the rooms
    /// at its next look instead of a whole lease later. A lease taken over meanwhile (another
    /// epoch) is left alone. Returns how many were given up.
    fn release_leases(&self, rooms: Vec<String>, epochs: Vec<i64>) -> io::Result<usize> {
        let _ = (rooms, epochs);
        Ok(0)
    }

    /// The public room list shared by the processes on the store (`lobby.rs`): the rooms
    /// whose row changed after `since` (the store's clock, Unix ms; `None`: every open room),
    /// each with its line in the list — `None` once it closed or if it is private — and the
    /// store's time when it looked. `Ok(None)`: the store is not shared (no leases).
    fn room_listings(&self, since: Option<i64>) -> io::Result<Option<Listings>> {
        let _ = since;
        Ok(None)
    }

    /// Every room not closed, with its latest game.
    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>>;
    /// The open rooms of the process named `node` (`--node-id`: their ids begin `node-`), with
    /// their latest games. The default reads every open room and keeps those.
    fn open_rooms_of(&self, node: &str) -> io::Result<Vec<OpenRoom>> {
        let mut rooms = self.open_rooms()?;
        rooms.retain(|room| crate::lobby::node_of(&room.id) == Some(node));
        Ok(rooms)
    }
    /// The largest player id ever stored (new sessions count on from there).
    fn max_player(&self) -> io::Result<PlayerId>;
    /// Finished games of public rooms, newest first, with ids below `before`.
    fn finished_games(&self, before: Option<GameId>, limit: u32) -> io::Result<Vec<GameSummary>>;
    /// Every finished game, private ones included, newest first, with ids below `before` (for
    /// checks and the operator, never for the public).
    fn all_finished_games(
        &self,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>>;
    /// Finished games `player` played in (private ones included), newest first, with ids below
    /// `before`.
    fn games_of(
        &self,
        player: PlayerId,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>>;
    /// One game with its record.
    fn game(&self, id: GameId) -> io::Result<Option<StoredGame>>;
}

/// An accepted action as it goes into a game's log.
#[derive(Clone, Copy, Debug)]
pub struct Appended<'a> {
    pub seat: Seat,
    pub action: &'a Action,
    /// The game's hash after it.
    pub hash: u64,
}

/// One game's log.
pub trait GameLog: Send {
    fn id(&self) -> GameId;
    /// Appends accepted actions, in order, all or none: one write, one ack. Await the ack
    /// before sending their effects.
    fn append_all(&mut self, actions: &[Appended<'_>]) -> Ack;
    /// Appends one accepted action; `hash` is the game's hash after it.
    fn append(&mut self, seat: Seat, action: &Action, hash: u64) -> Ack {
        self.append_all(&[Appended { seat, action, hash }])
    }
    /// The game ended with `outcome`; `hash` is its final hash.
    fn finish(&mut self, outcome: &Outcome, hash: u64) -> Ack;
}
