//! [`SqliteStorage`]: the embedded store, one SQLite file (`sgs.sqlite3`) in the data directory.
//!
//! - **Schema**: [`super::MIGRATIONS`] are applied at open (`schema.rs`).
//! - **Writes** go to one writer thread through a channel (`writer.rs`). It takes every job
//!   waiting (up to `writer::MAX_BATCH`), runs each in a savepoint inside one transaction, commits
//!   once, then answers each job's ack: many rooms share one disk sync (group commit), and no
//!   async task ever waits on the disk itself. The queue is FIFO, so writes happen in the order
//!   they were asked for.
//! - **Durability**: WAL journal; `synchronous=FULL` by default, so a commit is on disk (the WAL
//!   is synced) before any ack is sent — safe against a killed process and a power cut.
//!   `--store-sync normal` syncs only at checkpoints: still safe against a killed process (the
//!   OS has the WAL), not against a power cut. See `docs/decisions/0003-sqlite-store.md`.
//! - **Reads** use their own connection (WAL lets it read while the writer writes).
//! - **Damage** (`health.rs`): the file is checked at open and every `--store-check-ms`; a
//!   damaged file is set aside — at start the server starts on a new file (degraded) and
//!   salvages what rooms it can read, while running it goes on in a copy of what it still sees.
//!
//! u64 values (seeds, hashes, ids) are stored as the i64 with the same bits.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use sgs_engine::Record;
use sgs_protocol::{PlayerId, RoomId};
use tokio::sync::watch;

use super::health::{self, Health};
use super::queue::Queue;
use super::read::{
    read_accounts, read_bans, read_game, read_general_stats, read_leaderboard, read_player_record,
    read_ratings, read_reports, read_room, summary_row, RoomColumns, SUMMARY_COLUMNS,
};
use super::schema::{db_error, migrate};
use super::writer::{write_loop, Context, Envelope, Job};

use super::{
    AccountId, AccountRow, Ack, BanRow, GameId, GameLog, GameResults, GameSummary, GeneralStats,
    NewGame, OpenRoom, PlayerRecord, RatingRow, ReportRow, RoomRow, SecretHash, Storage,
    StoredAccounts, StoredGame,
};

/// The database file in the data directory.
pub const FILE_NAME: &str = "sgs.sqlite3";

/// When a commit counts as durable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Sync {
    /// The WAL is synced to disk at every commit: survives a power cut.
    #[default]
    Full,
    /// Synced at checkpoints only: survives a killed process, not a power cut. Faster.
    Normal,
}

pub(super) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}

/// The writing connection: WAL, the chosen sync level, foreign keys, the schema migrated.
pub(super) fn open_writer(path: &Path, sync: Sync) -> io::Result<Connection> {
    let mut conn = Connection::open(path).map_err(db_error)?;
    conn.busy_timeout(Duration::from_secs(10))
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
    Ok(conn)
}

pub(super) fn open_reader(path: &Path) -> io::Result<Connection> {
    let reader = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(db_error)?;
    reader
        .busy_timeout(Duration::from_secs(10))
        .map_err(db_error)?;
    Ok(reader)
}

/// The embedded SQLite store.
pub struct SqliteStorage {
    path: PathBuf,
    jobs: Queue,
    reader: Arc<Mutex<Connection>>,
    next_game: AtomicU64,
    writer: Option<JoinHandle<()>>,
    health: Arc<Health>,
    /// Stops the checker thread when dropped.
    checker: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
    /// Open rooms read from a damaged file set aside at start, handed out once.
    salvaged: Mutex<Vec<OpenRoom>>,
    /// The largest player id among them.
    salvaged_player: PlayerId,
    /// The writer's group-commit window, in microseconds.
    window_us: Arc<AtomicU64>,
}

impl std::fmt::Debug for SqliteStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStorage")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl SqliteStorage {
    /// Opens (or creates) the store in directory `dir`, migrating its schema; the file is
    /// checked at open only.
    pub fn open(dir: &Path, sync: Sync) -> io::Result<SqliteStorage> {
        SqliteStorage::open_checked(dir, sync, None)
    }

    /// Opens the store in `dir` and checks its file every `check_every`. A damaged file (one
    /// that does not open, or fails the check) is set aside with a clear log line and the
    /// store starts on a new one, salvaging the open rooms it can still read; only a directory
    /// that cannot be written fails.
    pub fn open_checked(
        dir: &Path,
        sync: Sync,
        check_every: Option<Duration>,
    ) -> io::Result<SqliteStorage> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(FILE_NAME);
        let existed = path.exists();
        let damage = if existed {
            health::check_file(&path)
                .err()
                .or_else(|| open_writer(&path, sync).err().map(|e| e.to_string()))
        } else {
            None
        };
        let mut salvaged = Vec::new();
        let mut degraded = None;
        if let Some(problem) = damage {
            let stamp = now_ms() as u64;
            let aside = health::set_aside(&path, stamp)?;
            salvaged = aside.as_deref().map(salvage).unwrap_or_default();
            let note = format!(
                "the store at {} was damaged ({problem}); it was set aside as {} and the server \
                 started on a new one, salvaging {} open rooms",
                path.display(),
                aside.as_deref().unwrap_or(&path).display(),
                salvaged.len()
            );
            tracing::error!("{note}");
            degraded = Some(note);
        }
        let conn = open_writer(&path, sync)?;
        let reader = Arc::new(Mutex::new(open_reader(&path)?));
        let last: i64 = conn
            .query_row("SELECT COALESCE(MAX(id), 0) FROM games", [], |row| {
                row.get(0)
            })
            .map_err(db_error)?;
        let salvaged_game = salvaged
            .iter()
            .filter_map(|open| open.game.as_ref()?.as_ref().ok())
            .map(|game| game.summary.id)
            .max()
            .unwrap_or(0);
        let salvaged_player = salvaged
            .iter()
            .filter_map(|open| open.room.as_ref().ok())
            .flat_map(|row| row.members.iter().map(|m| m.player))
            .max()
            .unwrap_or(0);
        let health = Arc::new(Health::new(path.clone()));
        *health.degraded.lock().unwrap_or_else(|e| e.into_inner()) = degraded;
        let (jobs, rx) = mpsc::channel();
        let window_us = Arc::new(AtomicU64::new(0));
        let context = Context {
            health: health.clone(),
            reader: reader.clone(),
            sync,
            window_us: window_us.clone(),
        };
        let writer = std::thread::Builder::new()
            .name("sgs-store-writer".into())
            .spawn(move || write_loop(conn, rx, context))?;
        let checker = match check_every {
            Some(every) => {
                let (stop, stopped) = mpsc::channel();
                let repairs = jobs.clone();
                let thread = health::spawn_checker(health.clone(), every, stopped, move |why| {
                    let _ = repairs.send(Envelope {
                        job: Job::Repair(why),
                        ack: None,
                    });
                })?;
                Some((stop, thread))
            }
            None => None,
        };
        Ok(SqliteStorage {
            path,
            jobs: Queue::new(jobs),
            reader,
            next_game: AtomicU64::new((last as u64).max(salvaged_game) + 1),
            writer: Some(writer),
            health,
            checker,
            salvaged: Mutex::new(salvaged),
            salvaged_player,
            window_us,
        })
    }

    /// How long a group commit waits for more jobs after its first one (`--store-commit-window-us`):
    /// fewer syncs and less CPU for the store, at most that much more latency per write.
    pub fn set_commit_window(&self, window: Duration) {
        let micros = u64::try_from(window.as_micros()).unwrap_or(u64::MAX);
        self.window_us.store(micros, Ordering::Relaxed);
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Game summaries: `SELECT … FROM games {rest}`.
    fn summaries(
        &self,
        rest: &str,
        params: &[&dyn rusqlite::ToSql],
    ) -> io::Result<Vec<GameSummary>> {
        let conn = self.reader();
        let mut query = conn
            .prepare_cached(&format!("SELECT {SUMMARY_COLUMNS} FROM games {rest}"))
            .map_err(db_error)?;
        let rows = query
            .query_map(params, summary_row)
            .map_err(db_error)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(db_error)?;
        rows.into_iter()
            .map(|row| row.into_summary().map(|(summary, _)| summary))
            .collect::<Result<_, _>>()
            .map_err(io::Error::other)
    }

    fn reader(&self) -> MutexGuard<'_, Connection> {
        // A panic while reading leaves nothing half-done on a read-only connection.
        self.reader.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The open rooms that can still be read from a damaged file (none if it cannot be opened).
fn salvage(path: &Path) -> Vec<OpenRoom> {
    let rooms = open_reader(path).and_then(|conn| read_open_rooms(&conn));
    match rooms {
        Ok(rooms) => rooms
            .into_iter()
            .filter(|open| open.room.is_ok())
            .map(|open| OpenRoom {
                salvaged: true,
                ..open
            })
            .collect(),
        Err(error) => {
            tracing::error!(%error, "no room can be salvaged from the damaged store");
            Vec::new()
        }
    }
}

impl Drop for SqliteStorage {
    /// Stops the checker, commits what is queued and waits for the writer to stop.
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.checker.take() {
            drop(stop);
            let _ = thread.join();
        }
        self.jobs.send_unacked(Job::Stop);
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

impl Storage for SqliteStorage {
    fn save_room(&self, room: &RoomRow) -> Ack {
        self.jobs.save_room(room)
    }

    fn close_room(&self, room: &str, failed: bool) -> Ack {
        self.jobs.close_room(room, failed)
    }

    fn chat(
        &self,
        room: &str,
        game: Option<GameId>,
        player: PlayerId,
        name: &str,
        text: &str,
    ) -> Ack {
        self.jobs.chat(room, game, player, name, text)
    }

    fn begin(&self, game: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)> {
        let id = self.next_game.fetch_add(1, Ordering::SeqCst);
        self.jobs.begin(id, game)
    }

    fn resume(&self, room: &str, game: GameId, actions: u64) -> Box<dyn GameLog> {
        self.jobs.resume(room, game, actions)
    }

    fn flush(&self) -> Ack {
        self.jobs.send(Job::Flush)
    }

    fn save_account(&self, account: &AccountRow) -> Ack {
        self.jobs.send(Job::SaveAccount(account.clone()))
    }

    fn save_login(&self, account: AccountId, token: SecretHash) -> Ack {
        self.jobs.save_login(account, token)
    }

    fn revoke_logins(&self, account: AccountId, token: Option<SecretHash>) -> Ack {
        self.jobs.revoke_logins(account, token)
    }

    fn record_results(&self, results: &GameResults) -> Ack {
        self.jobs.send(Job::Results(results.clone()))
    }

    fn player_record(&self, player: PlayerId) -> io::Result<PlayerRecord> {
        read_player_record(&self.reader(), player).map_err(db_error)
    }

    fn general_stats(&self, mode: &str) -> io::Result<GeneralStats> {
        read_general_stats(&self.reader(), mode).map_err(db_error)
    }

    fn save_ban(&self, ban: &BanRow) -> Ack {
        self.jobs.send(Job::SaveBan(ban.clone()))
    }

    fn remove_ban(&self, kind: &str, target: &str) -> Ack {
        self.jobs.remove_ban(kind, target)
    }

    fn bans(&self) -> io::Result<Vec<BanRow>> {
        read_bans(&self.reader()).map_err(db_error)
    }

    fn ban_from_room(&self, room: &str, player: PlayerId, until: Option<u64>) -> Ack {
        self.jobs.ban_from_room(room, player, until)
    }

    fn room_bans(&self) -> io::Result<Vec<(RoomId, PlayerId, Option<u64>)>> {
        let conn = self.reader();
        let mut query = conn
            .prepare_cached("SELECT room, player, until FROM room_bans")
            .map_err(db_error)?;
        let rows = query
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)? as u64,
                    row.get::<_, Option<i64>>(2)?.map(|t| t as u64),
                ))
            })
            .map_err(db_error)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(db_error);
        rows
    }

    fn save_report(&self, report: &ReportRow) -> Ack {
        self.jobs.send(Job::SaveReport(report.clone()))
    }

    fn reports(&self, before: Option<u64>, limit: u32) -> io::Result<Vec<ReportRow>> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        read_reports(&self.reader(), before, limit).map_err(db_error)
    }

    fn ratings_of(&self, account: AccountId) -> io::Result<Vec<RatingRow>> {
        read_ratings(
            &self.reader(),
            "WHERE account = ?1 ORDER BY mode",
            params![account as i64],
        )
        .map_err(db_error)
    }

    fn leaderboard(&self, mode: &str, offset: u32, limit: u32) -> io::Result<Vec<RatingRow>> {
        read_leaderboard(&self.reader(), mode, offset, limit).map_err(db_error)
    }

    fn accounts(&self) -> io::Result<StoredAccounts> {
        read_accounts(&self.reader()).map_err(io::Error::other)
    }

    fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack {
        self.jobs.replace_game(id, game, record)
    }

    fn generations(&self) -> watch::Receiver<u64> {
        self.health.generation.subscribe()
    }

    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>> {
        let mut rooms = read_open_rooms(&self.reader())?;
        let salvaged =
            std::mem::take(&mut *self.salvaged.lock().unwrap_or_else(|e| e.into_inner()));
        for open in salvaged {
            if !rooms.iter().any(|r| r.id == open.id) {
                rooms.push(open);
            }
        }
        Ok(rooms)
    }

    fn status(&self) -> Option<String> {
        self.health.status()
    }

    fn max_player(&self) -> io::Result<PlayerId> {
        let salvaged = self.salvaged_player;
        let conn = self.reader();
        let max: i64 = conn
            .query_row(
                "SELECT MAX((SELECT COALESCE(MAX(player), 0) FROM members),
                            (SELECT COALESCE(MAX(player), 0) FROM game_players),
                            (SELECT COALESCE(MAX(id), 0) FROM accounts))",
                [],
                |row| row.get(0),
            )
            .map_err(db_error)?;
        Ok((max as u64).max(salvaged))
    }

    fn finished_games(&self, before: Option<GameId>, limit: u32) -> io::Result<Vec<GameSummary>> {
        self.summaries(
            "WHERE status = 'finished' AND private = 0 AND id < ?1 ORDER BY id DESC LIMIT ?2",
            params![before.map_or(i64::MAX, |b| b as i64), limit],
        )
    }

    fn all_finished_games(
        &self,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        self.summaries(
            "WHERE status = 'finished' AND id < ?1 ORDER BY id DESC LIMIT ?2",
            params![before.map_or(i64::MAX, |b| b as i64), limit],
        )
    }

    fn games_of(
        &self,
        player: PlayerId,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        // Through `game_players_player`: the player's games newest first, then their rows.
        self.summaries(
            "JOIN game_players ON games.id = game
             WHERE player = ?1 AND game < ?2 AND status = 'finished'
             ORDER BY game DESC LIMIT ?3",
            params![player as i64, before.map_or(i64::MAX, |b| b as i64), limit],
        )
    }

    fn game(&self, id: GameId) -> io::Result<Option<StoredGame>> {
        read_game(&self.reader(), id).map_err(io::Error::other)
    }
}

/// Every room not closed, with its latest game.
fn read_open_rooms(conn: &Connection) -> io::Result<Vec<OpenRoom>> {
    let mut rooms = conn
        .prepare(
            "SELECT id, state, host, games, settings, seats, created_at, empty_since, series
             FROM rooms
             WHERE state NOT IN ('closed', 'failed') ORDER BY created_at, id",
        )
        .map_err(db_error)?;
    let rows = rooms
        .query_map([], |row| {
            Ok(RoomColumns {
                id: row.get(0)?,
                state: row.get(1)?,
                host: row.get(2)?,
                games: row.get(3)?,
                settings: row.get(4)?,
                seats: row.get(5)?,
                created_at: row.get(6)?,
                empty_since: row.get(7)?,
                series: row.get(8)?,
            })
        })
        .map_err(db_error)?
        .collect::<rusqlite::Result<Vec<_>>>()
        .map_err(db_error)?;
    let mut open = Vec::with_capacity(rows.len());
    for columns in rows {
        let room = read_room(conn, &columns);
        let (id, created_at) = (columns.id, columns.created_at);
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
        let game = latest.map(|game| match read_game(conn, game as u64) {
            Ok(Some(game)) => Ok(game),
            Ok(None) => Err(format!("game {game} vanished")),
            Err(error) => Err(error),
        });
        open.push(OpenRoom {
            id,
            room,
            game,
            salvaged: false,
        });
    }
    Ok(open)
}
