//! [`SqliteStorage`]: the embedded store, one SQLite file (`sgs.sqlite3`) in the data directory.
//!
//! - **Schema**: [`super::MIGRATIONS`] are applied at open (`schema.rs`).
//! - **Writes** go to one writer thread through a channel. It takes every job waiting (up to
//!   [`MAX_BATCH`]), runs each in a savepoint inside one transaction, commits once, then answers
//!   each job's ack: many rooms share one disk sync (group commit), and no async task ever waits
//!   on the disk itself. The queue is FIFO, so writes happen in the order they were asked for.
//! - **Durability**: WAL journal; `synchronous=FULL` by default, so a commit is on disk (the WAL
//!   is synced) before any ack is sent — safe against a killed process and a power cut.
//!   `--store-sync normal` syncs only at checkpoints: still safe against a killed process (the
//!   OS has the WAL), not against a power cut. See `docs/decisions/0003-sqlite-store.md`.
//! - **Reads** use their own connection (WAL lets it read while the writer writes).
//!
//! u64 values (seeds, hashes, ids) are stored as the i64 with the same bits.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use sgs_engine::{Action, Outcome, Record, Seat};
use sgs_protocol::{PlayerId, RoomId, RoomState};
use tokio::sync::{oneshot, watch};

use super::read::{read_game, read_room, summary_row, SUMMARY_COLUMNS};
use super::schema::{db_error, migrate};

use super::{
    checkpoints, Ack, GameId, GameLog, GameStatus, GameSummary, MemberRow, NewGame, OpenRoom,
    RoomRow, Storage, StoredGame, HASH_EVERY,
};

/// The database file in the data directory.
pub const FILE_NAME: &str = "sgs.sqlite3";

/// Most jobs committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// When a commit counts as durable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Sync {
    /// The WAL is synced to disk at every commit: survives a power cut.
    #[default]
    Full,
    /// Synced at checkpoints only: survives a killed process, not a power cut. Faster.
    Normal,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn json<T: serde::Serialize>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}

/// A `RoomState` as its wire name (`waiting`, …).
fn state_name(state: RoomState) -> String {
    serde_json::to_value(state)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The job writing a new game's row.
fn begin_job(id: GameId, game: &NewGame<'_>) -> io::Result<Job> {
    Ok(Job::Begin {
        id: id as i64,
        room: game.room.to_string(),
        number: i64::from(game.number),
        record_version: i64::from(game.start.version),
        engine: game.start.engine.clone(),
        setup: json(&game.start.setup)?,
        seed: game.start.seed as i64,
        players: json(&game.players)?,
    })
}

/// What the writer thread is asked to do.
enum Job {
    SaveRoom {
        id: RoomId,
        state: String,
        host: i64,
        games: i64,
        settings: String,
        seats: String,
        members: Vec<MemberRow>,
        empty_since: Option<i64>,
    },
    CloseRoom {
        id: RoomId,
        failed: bool,
    },
    Chat {
        room: RoomId,
        game: Option<i64>,
        player: i64,
        name: String,
        text: String,
    },
    Begin {
        id: i64,
        room: RoomId,
        number: i64,
        record_version: i64,
        engine: String,
        setup: String,
        seed: i64,
        players: String,
    },
    Append {
        game: i64,
        n: i64,
        seat: i64,
        action: String,
        hash: Option<i64>,
    },
    Finish {
        game: i64,
        actions: i64,
        outcome: String,
        hash: i64,
    },
    /// A game whole, replacing what is stored under its id.
    Replace {
        begin: Box<Job>,
        actions: Vec<(i64, String, Option<i64>)>,
    },
    /// Nothing: its ack completes once everything before it is durable.
    Flush,
    /// Commit what is queued and stop.
    Stop,
}

struct Envelope {
    job: Job,
    ack: Option<oneshot::Sender<io::Result<()>>>,
}

/// The embedded SQLite store.
pub struct SqliteStorage {
    path: PathBuf,
    jobs: mpsc::Sender<Envelope>,
    reader: Mutex<Connection>,
    next_game: AtomicU64,
    writer: Option<JoinHandle<()>>,
    generation: watch::Sender<u64>,
}

impl std::fmt::Debug for SqliteStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStorage")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl SqliteStorage {
    /// Opens (or creates) the store in directory `dir`, migrating its schema.
    pub fn open(dir: &Path, sync: Sync) -> io::Result<SqliteStorage> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(FILE_NAME);
        let mut conn = Connection::open(&path).map_err(db_error)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db_error)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .map_err(db_error)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(io::Error::other(format!(
                "cannot use the WAL journal (got {mode})"
            )));
        }
        let sync_level = match sync {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", sync_level)
            .map_err(db_error)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(db_error)?;
        migrate(&mut conn)?;
        let reader = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(db_error)?;
        reader
            .busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db_error)?;
        let last: i64 = conn
            .query_row("SELECT COALESCE(MAX(id), 0) FROM games", [], |row| {
                row.get(0)
            })
            .map_err(db_error)?;
        let (jobs, rx) = mpsc::channel();
        let writer = std::thread::Builder::new()
            .name("sgs-store-writer".into())
            .spawn(move || write_loop(conn, rx))?;
        Ok(SqliteStorage {
            path,
            jobs,
            reader: Mutex::new(reader),
            next_game: AtomicU64::new(last as u64 + 1),
            writer: Some(writer),
            generation: watch::channel(0).0,
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn send(&self, job: Job) -> Ack {
        let (tx, rx) = oneshot::channel();
        let envelope = Envelope { job, ack: Some(tx) };
        match self.jobs.send(envelope) {
            Ok(()) => Ack::waiting(rx),
            Err(_) => Ack::failed(super::writer_gone()),
        }
    }

    fn reader(&self) -> MutexGuard<'_, Connection> {
        // A panic while reading leaves nothing half-done on a read-only connection.
        self.reader.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for SqliteStorage {
    /// Commits what is queued and waits for the writer to stop.
    fn drop(&mut self) {
        let _ = self.jobs.send(Envelope {
            job: Job::Stop,
            ack: None,
        });
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Envelope>) {
    let mut stopping = false;
    while !stopping {
        let Ok(first) = rx.recv() else { break };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(envelope) => batch.push(envelope),
                Err(_) => break,
            }
        }
        let results = commit(&mut conn, &batch);
        for (envelope, result) in batch.into_iter().zip(results) {
            stopping |= matches!(envelope.job, Job::Stop);
            match envelope.ack {
                Some(ack) => {
                    let _ = ack.send(result.map_err(io::Error::other));
                }
                None => {
                    if let Err(error) = result {
                        tracing::error!(%error, "store write failed");
                    }
                }
            }
        }
    }
    if let Err(error) = conn.pragma_update(None, "wal_checkpoint", "TRUNCATE") {
        tracing::warn!(%error, "cannot checkpoint the store");
    }
}

/// Runs a batch in one transaction, each job in its own savepoint (a failed job does not undo
/// the others). Returns each job's result.
fn commit(conn: &mut Connection, batch: &[Envelope]) -> Vec<Result<(), String>> {
    let all = |error: rusqlite::Error| batch.iter().map(|_| Err(error.to_string())).collect();
    let mut tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(error) => return all(error),
    };
    let mut results = Vec::with_capacity(batch.len());
    for envelope in batch {
        let result = tx.savepoint().and_then(|savepoint| {
            run(&savepoint, &envelope.job)?;
            savepoint.commit()
        });
        results.push(result.map_err(|e| e.to_string()));
    }
    match tx.commit() {
        Ok(()) => results,
        Err(error) => all(error),
    }
}

fn run(conn: &Connection, job: &Job) -> rusqlite::Result<()> {
    match job {
        Job::SaveRoom {
            id,
            state,
            host,
            games,
            settings,
            seats,
            members,
            empty_since,
        } => {
            let now = now_ms();
            // A closed room's id may be drawn again for a new room: the row starts over.
            conn.prepare_cached(
                "INSERT INTO rooms (id, state, host, games, settings, seats, created_at, updated_at,
                                    empty_since)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)
                 ON CONFLICT (id) DO UPDATE SET
                   created_at = CASE WHEN rooms.state IN ('closed', 'failed')
                                     THEN excluded.created_at ELSE rooms.created_at END,
                   state = excluded.state, host = excluded.host, games = excluded.games,
                   settings = excluded.settings, seats = excluded.seats,
                   updated_at = excluded.updated_at, empty_since = excluded.empty_since",
            )?
            .execute(params![id, state, host, games, settings, seats, now, empty_since])?;
            conn.prepare_cached("DELETE FROM members WHERE room = ?1")?
                .execute(params![id])?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO members (room, player, name, token, seat) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for member in members {
                insert.execute(params![
                    id,
                    member.player as i64,
                    member.name,
                    &member.token.0[..],
                    member.seat.map(|s| s.0)
                ])?;
            }
        }
        Job::CloseRoom { id, failed } => {
            let (room_state, game_status) = if *failed {
                ("failed", GameStatus::Failed)
            } else {
                ("closed", GameStatus::Abandoned)
            };
            conn.prepare_cached("UPDATE rooms SET state = ?2, updated_at = ?3 WHERE id = ?1")?
                .execute(params![id, room_state, now_ms()])?;
            conn.prepare_cached(
                "UPDATE games SET status = ?2 WHERE room = ?1 AND status = 'playing'",
            )?
            .execute(params![id, game_status.as_str()])?;
        }
        Job::Chat {
            room,
            game,
            player,
            name,
            text,
        } => {
            conn.prepare_cached(
                "INSERT INTO chat (room, game, player, name, text, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![room, game, player, name, text, now_ms()])?;
        }
        Job::Begin {
            id,
            room,
            number,
            record_version,
            engine,
            setup,
            seed,
            players,
        } => {
            conn.prepare_cached(
                "INSERT INTO games (id, room, number, status, record_version, engine, setup, seed,
                                    players, started_at)
                 VALUES (?1, ?2, ?3, 'playing', ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![
                id,
                room,
                number,
                record_version,
                engine,
                setup,
                seed,
                players,
                now_ms()
            ])?;
        }
        Job::Append {
            game,
            n,
            seat,
            action,
            hash,
        } => {
            conn.prepare_cached(
                "INSERT INTO actions (game, n, seat, action, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![game, n, seat, action, hash])?;
        }
        Job::Finish {
            game,
            actions,
            outcome,
            hash,
        } => {
            conn.prepare_cached(
                "UPDATE games SET status = 'finished', finished_at = ?2, actions = ?3,
                                  outcome = ?4, final_hash = ?5
                 WHERE id = ?1",
            )?
            .execute(params![game, now_ms(), actions, outcome, hash])?;
        }
        Job::Replace { begin, actions } => {
            let Job::Begin { id, .. } = **begin else {
                return Ok(());
            };
            conn.prepare_cached("DELETE FROM actions WHERE game = ?1")?
                .execute(params![id])?;
            conn.prepare_cached("DELETE FROM games WHERE id = ?1")?
                .execute(params![id])?;
            run(conn, begin)?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO actions (game, n, seat, action, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (n, (seat, action, hash)) in actions.iter().enumerate() {
                insert.execute(params![id, n as i64, seat, action, hash])?;
            }
        }
        Job::Flush | Job::Stop => {}
    }
    Ok(())
}

/// One game's log in the SQLite store.
struct SqliteLog {
    id: GameId,
    /// Actions written so far.
    next: u64,
    jobs: mpsc::Sender<Envelope>,
}

impl SqliteLog {
    fn send(&self, job: Job) -> Ack {
        let (tx, rx) = oneshot::channel();
        match self.jobs.send(Envelope { job, ack: Some(tx) }) {
            Ok(()) => Ack::waiting(rx),
            Err(_) => Ack::failed(super::writer_gone()),
        }
    }
}

impl GameLog for SqliteLog {
    fn id(&self) -> GameId {
        self.id
    }

    fn append(&mut self, seat: Seat, action: &Action, hash: u64) -> Ack {
        let action = match json(action) {
            Ok(action) => action,
            Err(error) => return Ack::failed(error),
        };
        let n = self.next;
        self.next += 1;
        // The HASH_EVERY-th action, the 2 × HASH_EVERY-th, …
        let checkpoint = n % HASH_EVERY as u64 == HASH_EVERY as u64 - 1;
        self.send(Job::Append {
            game: self.id as i64,
            n: n as i64,
            seat: i64::from(seat.0),
            action,
            hash: checkpoint.then_some(hash as i64),
        })
    }

    fn finish(&mut self, outcome: &Outcome, hash: u64) -> Ack {
        let outcome = match json(outcome) {
            Ok(outcome) => outcome,
            Err(error) => return Ack::failed(error),
        };
        self.send(Job::Finish {
            game: self.id as i64,
            actions: self.next as i64,
            outcome,
            hash: hash as i64,
        })
    }
}

impl Storage for SqliteStorage {
    fn save_room(&self, room: &RoomRow) -> Ack {
        let (settings, seats) = match (json(&room.settings), json(&room.seats)) {
            (Ok(settings), Ok(seats)) => (settings, seats),
            (Err(error), _) | (_, Err(error)) => return Ack::failed(error),
        };
        self.send(Job::SaveRoom {
            id: room.id.clone(),
            state: state_name(room.state),
            host: room.host as i64,
            games: i64::from(room.games),
            settings,
            seats,
            members: room.members.clone(),
            empty_since: room.empty_since.map(|t| t as i64),
        })
    }

    fn close_room(&self, room: &str, failed: bool) -> Ack {
        self.send(Job::CloseRoom {
            id: room.to_string(),
            failed,
        })
    }

    fn chat(
        &self,
        room: &str,
        game: Option<GameId>,
        player: PlayerId,
        name: &str,
        text: &str,
    ) -> Ack {
        self.send(Job::Chat {
            room: room.to_string(),
            game: game.map(|g| g as i64),
            player: player as i64,
            name: name.to_string(),
            text: text.to_string(),
        })
    }

    fn begin(&self, game: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)> {
        let id = self.next_game.fetch_add(1, Ordering::SeqCst);
        let ack = self.send(begin_job(id, &game)?);
        let log = SqliteLog {
            id,
            next: game.start.actions.len() as u64,
            jobs: self.jobs.clone(),
        };
        Ok((Box::new(log), ack))
    }

    fn resume(&self, game: GameId, actions: u64) -> Box<dyn GameLog> {
        Box::new(SqliteLog {
            id: game,
            next: actions,
            jobs: self.jobs.clone(),
        })
    }

    fn flush(&self) -> Ack {
        self.send(Job::Flush)
    }

    fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack {
        let job = || -> io::Result<Job> {
            let hashes = checkpoints(record).map_err(io::Error::other)?;
            let actions = record
                .actions
                .iter()
                .zip(hashes)
                .map(|((seat, action), hash)| {
                    Ok((i64::from(seat.0), json(action)?, hash.map(|h| h as i64)))
                })
                .collect::<io::Result<Vec<_>>>()?;
            Ok(Job::Replace {
                begin: Box::new(begin_job(id, &game)?),
                actions,
            })
        };
        match job() {
            Ok(job) => self.send(job),
            Err(error) => Ack::failed(error),
        }
    }

    fn generations(&self) -> watch::Receiver<u64> {
        self.generation.subscribe()
    }

    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>> {
        let conn = self.reader();
        let mut rooms = conn
            .prepare(
                "SELECT id, state, host, games, settings, seats, created_at, empty_since FROM rooms
                 WHERE state NOT IN ('closed', 'failed') ORDER BY created_at, id",
            )
            .map_err(db_error)?;
        let rows = rooms
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, String>(4)?,
                    row.get::<_, String>(5)?,
                    row.get::<_, i64>(6)?,
                    row.get::<_, Option<i64>>(7)?,
                ))
            })
            .map_err(db_error)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(db_error)?;
        let mut open = Vec::with_capacity(rows.len());
        for (id, state, host, games, settings, seats, created_at, empty_since) in rows {
            let room = read_room(
                &conn,
                &id,
                &state,
                host,
                games,
                &settings,
                &seats,
                empty_since,
            );
            let latest: Option<i64> = conn
                .prepare_cached(
                    "SELECT id FROM games WHERE room = ?1 AND started_at >= ?2
                     ORDER BY id DESC LIMIT 1",
                )
                .and_then(|mut s| {
                    s.query_row(params![id, created_at], |r| r.get(0))
                        .optional()
                })
                .map_err(db_error)?;
            let game = latest.map(|game| match read_game(&conn, game as u64) {
                Ok(Some(game)) => Ok(game),
                Ok(None) => Err(format!("game {game} vanished")),
                Err(error) => Err(error),
            });
            open.push(OpenRoom { id, room, game });
        }
        Ok(open)
    }

    fn max_player(&self) -> io::Result<PlayerId> {
        let conn = self.reader();
        let max: i64 = conn
            .query_row("SELECT COALESCE(MAX(player), 0) FROM members", [], |row| {
                row.get(0)
            })
            .map_err(db_error)?;
        Ok(max as u64)
    }

    fn finished_games(&self, before: Option<GameId>, limit: u32) -> io::Result<Vec<GameSummary>> {
        let conn = self.reader();
        let before = before.map_or(i64::MAX, |b| b as i64);
        let mut query = conn
            .prepare_cached(&format!(
                "SELECT {SUMMARY_COLUMNS} FROM games WHERE status = 'finished' AND id < ?1
                 ORDER BY id DESC LIMIT ?2"
            ))
            .map_err(db_error)?;
        let rows = query
            .query_map(params![before, limit], summary_row)
            .map_err(db_error)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(db_error)?;
        rows.into_iter()
            .map(|row| row.into_summary().map(|(summary, _)| summary))
            .collect::<Result<_, _>>()
            .map_err(io::Error::other)
    }

    fn game(&self, id: GameId) -> io::Result<Option<StoredGame>> {
        read_game(&self.reader(), id).map_err(io::Error::other)
    }
}

#[cfg(test)]
mod tests;
