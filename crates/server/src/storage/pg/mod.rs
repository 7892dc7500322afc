//! [`PgStorage`]: the store on PostgreSQL (`--database-url postgres://…`), for a host that
//! keeps its data in a database server, and the first step towards several server processes
//! sharing one store (issue 21; `docs/decisions/0013-postgres-store.md`).
//!
//! It keeps every promise of the SQLite store (`sqlite.rs`) and shares its code wherever the
//! database does not matter: the same jobs on the same queue (`queue.rs`), the same group
//! commit (`writer.rs`), the same parsing of rows (`read.rs`).
//! - **Schema**: [`PG_MIGRATIONS`] are applied at open (`schema.rs`), under an advisory lock.
//! - **Writes** go to one writer thread with its own connection (`write.rs`): every job
//!   waiting goes into one transaction, then every ack is answered. An ack means `COMMIT`
//!   returned, i.e. (with PostgreSQL's default `synchronous_commit = on`) the transaction is
//!   in the database's synced WAL: durable before anything is sent.
//! - **Reads** go to a few reader threads, each with its own connection; a read blocks its
//!   caller (as a SQLite read does) until a reader answers.
//! - **Game ids** come from the database sequence `game_ids`, a block of [`GAME_ID_BLOCK`]
//!   at a time, so processes sharing the database never hand out the same id.
//! - **A lost database** (restarted, failed over, unreachable): each thread opens its
//!   connection again on its next job. Meanwhile writes fail, so rooms pause with
//!   `storage_unavailable` and retry (`durable.rs`), and `/healthz` reports it.
//!
//! The sync `postgres` client runs its own small tokio runtime and must not be called from
//! inside another one: it is only ever used on the store's own threads.

/// Now on the database's clock, in Unix milliseconds (an SQL expression): leases expire by
/// the one clock every process shares.
macro_rules! db_now_ms {
    () => {
        "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT"
    };
}

mod fence;
mod lease;
mod read;
mod results;
mod schema;
mod write;

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::thread::JoinHandle;
use std::time::Duration;

use postgres::{Client, NoTls};
use sgs_engine::Record;
use sgs_protocol::{PlayerId, RoomId};
use tokio::sync::watch;

use super::queue::Queue;
use super::writer::Job;
use super::{
    AccountId, AccountRow, Ack, BanRow, GameId, GameLog, GameResults, GameSummary, GeneralStats,
    Leases, NewGame, OpenRoom, PlayerRecord, RatingRow, ReportRow, RoomRow, SecretHash, Storage,
    StoredAccounts, StoredGame,
};
pub use schema::PG_MIGRATIONS;

/// Game ids taken from the sequence at a time (its `INCREMENT BY`).
pub const GAME_ID_BLOCK: u64 = 64;

/// Guest sessions shared by the processes are kept this many days (`guest_sessions`).
const GUEST_DAYS: i64 = 30;

/// Reader threads (and connections) per store.
const READERS: usize = 2;

/// Opens a connection to the database.
pub(super) type Connector = Arc<dyn Fn() -> Result<Client, postgres::Error> + Send + Sync>;

/// A read to run on a reader thread.
type ReadJob = Box<dyn FnOnce(&mut Reader) + Send>;

/// The readers' queue, shared with the id sources the store hands out.
type Reads = Arc<Mutex<Option<mpsc::Sender<ReadJob>>>>;

/// Runs `f` on a reader thread and waits for its answer.
fn read_on<T: Send + 'static>(
    reads: &Reads,
    f: impl Fn(&mut Client) -> Result<T, String> + Send + 'static,
) -> io::Result<T> {
    let (tx, rx) = mpsc::sync_channel(1);
    let job: ReadJob = Box::new(move |reader| {
        let _ = tx.send(reader.run(f));
    });
    let stopped = || io::Error::other("the store's readers have stopped");
    lock(reads)
        .as_ref()
        .ok_or_else(stopped)?
        .send(job)
        .map_err(|_| stopped())?;
    rx.recv().map_err(|_| stopped())?.map_err(io::Error::other)
}

/// The first of a block of ids from `sequence` (whose `INCREMENT BY` is the block's size).
fn next_block(reads: &Reads, sequence: &'static str) -> io::Result<u64> {
    let first = read_on(reads, move |client| {
        client
            .query_one("SELECT nextval($1::TEXT::REGCLASS)", &[&sequence])
            .and_then(|row| row.try_get::<_, i64>(0))
            .map_err(|e| e.to_string())
    })?;
    u64::try_from(first).map_err(io::Error::other)
}

/// A reader thread's connection, opened when needed.
struct Reader {
    connect: Connector,
    client: Option<Client>,
}

impl Reader {
    /// Runs `f` on the connection; if it fails because the connection was lost (the database
    /// restarted or dropped it), connects again and runs it once more.
    fn run<T>(&mut self, f: impl Fn(&mut Client) -> Result<T, String>) -> Result<T, String> {
        let mut tries = 0;
        loop {
            tries += 1;
            if self.client.as_ref().is_none_or(Client::is_closed) {
                self.client = None;
                let client = (self.connect)()
                    .map_err(|error| format!("cannot reach the database: {error}"))?;
                self.client = Some(client);
            }
            let Some(client) = self.client.as_mut() else {
                return Err("no connection to the database".to_string());
            };
            match f(client) {
                Ok(value) => return Ok(value),
                Err(error) => {
                    let lost =
                        client.is_closed() || client.is_valid(Duration::from_secs(2)).is_err();
                    if !lost {
                        return Err(error);
                    }
                    self.client = None;
                    if tries >= 2 {
                        return Err(error);
                    }
                }
            }
        }
    }
}

/// What the store's threads share.
#[derive(Debug, Default)]
pub(super) struct PgShared {
    /// Microseconds a group commit waits for more jobs after its first one.
    pub window_us: AtomicU64,
    /// Why the database cannot be written now (`None`: it can).
    failed: Mutex<Option<String>>,
    /// The leases of this process's rooms, when several processes share the database.
    pub leases: OnceLock<Arc<Leases>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Plain values: a poisoned lock still holds a usable one.
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl PgShared {
    pub fn failure(&self) -> Option<String> {
        lock(&self.failed).clone()
    }

    pub fn fail(&self, reason: String) {
        let mut failed = lock(&self.failed);
        if failed.is_none() {
            tracing::error!(%reason, "the store cannot write: rooms pause until it can");
        }
        *failed = Some(reason);
    }

    pub fn recovered(&self) {
        if lock(&self.failed).take().is_some() {
            tracing::info!("the database works again");
        }
    }
}

/// The store on PostgreSQL.
pub struct PgStorage {
    /// Where, for the logs (never the password).
    place: String,
    jobs: Queue,
    writer: Option<JoinHandle<()>>,
    /// The readers' queue; `None` once the store is dropped (so an id source handed out
    /// cannot keep the readers alive).
    reads: Reads,
    readers: Vec<JoinHandle<()>>,
    shared: Arc<PgShared>,
    /// The game ids of the block taken from the sequence: next, end.
    ids: Mutex<(u64, u64)>,
    /// The store never changes files; rooms never need to write themselves again.
    generation: watch::Sender<u64>,
}

impl std::fmt::Debug for PgStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStorage")
            .field("place", &self.place)
            .finish_non_exhaustive()
    }
}

/// `host:port/dbname` of a connection config, without user or password.
fn place(config: &postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(host)) => host.clone(),
        #[cfg(unix)]
        Some(postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let dbname = config.get_dbname().unwrap_or("");
    format!("{host}:{port}/{dbname}")
}

impl PgStorage {
    /// Connects to the database at `url` (`postgres://user:password@host:port/dbname`, or
    /// `key=value` pairs), migrating its schema. Fails if the database cannot be reached.
    pub fn open(url: &str) -> io::Result<PgStorage> {
        let config: postgres::Config = url
            .parse()
            .map_err(|e| io::Error::other(format!("bad database URL: {e}")))?;
        PgStorage::open_config(config)
    }

    /// [`PgStorage::open`] with a parsed config.
    pub fn open_config(mut config: postgres::Config) -> io::Result<PgStorage> {
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        if config.get_application_name().is_none() {
            config.application_name("sgs-server");
        }
        config.keepalives(true);
        config.keepalives_idle(Duration::from_secs(30));
        let place = place(&config);
        let connect: Connector = Arc::new(move || config.connect(NoTls));
        // Connecting and migrating happen on a thread of their own: the client must not run
        // inside the caller's tokio runtime.
        let first = {
            let connect = connect.clone();
            std::thread::spawn(move || -> io::Result<Client> {
                let mut client = connect().map_err(|e| io::Error::other(e.to_string()))?;
                schema::migrate(&mut client)?;
                Ok(client)
            })
            .join()
            .map_err(|_| io::Error::other("the store's first connection panicked"))?
        }
        .map_err(|e| io::Error::other(format!("cannot use the database at {place}: {e}")))?;

        let shared = Arc::new(PgShared::default());
        let (jobs, rx) = mpsc::channel();
        let writer = {
            let (connect, shared) = (connect.clone(), shared.clone());
            std::thread::Builder::new()
                .name("sgs-store-writer".into())
                .spawn(move || write::write_loop(connect, Some(first), rx, shared))?
        };
        let (reads, read_rx) = mpsc::channel::<ReadJob>();
        let read_rx = Arc::new(Mutex::new(read_rx));
        let readers = (0..READERS)
            .map(|i| {
                let (connect, rx) = (connect.clone(), read_rx.clone());
                std::thread::Builder::new()
                    .name(format!("sgs-store-reader-{i}"))
                    .spawn(move || read_loop(connect, rx))
            })
            .collect::<io::Result<Vec<_>>>()?;
        tracing::info!(database = %place, "the store is on PostgreSQL");
        Ok(PgStorage {
            place,
            jobs: Queue::new(jobs),
            writer: Some(writer),
            reads: Arc::new(Mutex::new(Some(reads))),
            readers,
            shared,
            ids: Mutex::new((0, 0)),
            generation: watch::channel(0).0,
        })
    }

    /// Shares the database with other processes: this one is `node` (`--node-id`), and runs
    /// only the rooms it holds a lease on, each lease lasting `ttl` after it is taken or
    /// renewed (decision 0021). Call before the store is used.
    pub fn enable_leases(&mut self, node: &str, ttl: Duration) {
        let ttl_ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1);
        let leases = Arc::new(Leases::new(node, ttl_ms));
        if self.shared.leases.set(leases.clone()).is_ok() {
            self.jobs.leases = Some(leases);
        }
    }

    /// How long a group commit waits for more jobs after its first one.
    pub fn set_commit_window(&self, window: Duration) {
        let micros = u64::try_from(window.as_micros()).unwrap_or(u64::MAX);
        self.shared.window_us.store(micros, Ordering::Relaxed);
    }

    /// Runs `f` on a reader thread and waits for its answer.
    fn read<T: Send + 'static>(
        &self,
        f: impl Fn(&mut Client) -> Result<T, String> + Send + 'static,
    ) -> io::Result<T> {
        read_on(&self.reads, f)
    }

    /// The next game id, from the block taken from the sequence (a new block when it is used
    /// up).
    fn next_game_id(&self) -> io::Result<GameId> {
        let mut ids = lock(&self.ids);
        if ids.0 >= ids.1 {
            let first = next_block(&self.reads, "game_ids")?;
            *ids = (first, first + GAME_ID_BLOCK);
        }
        let id = ids.0;
        ids.0 += 1;
        Ok(id)
    }
}

/// A reader thread: runs reads on its connection, opening it again when it is gone.
fn read_loop(connect: Connector, rx: Arc<Mutex<mpsc::Receiver<ReadJob>>>) {
    let mut reader = Reader {
        connect,
        client: None,
    };
    loop {
        let job = {
            let rx = lock(&rx);
            match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        job(&mut reader);
    }
}

impl Drop for PgStorage {
    /// Commits what is queued, then stops the writer and the readers.
    fn drop(&mut self) {
        self.jobs.send_unacked(Job::Stop);
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
        drop(lock(&self.reads).take());
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
    }
}

impl Storage for PgStorage {
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
        let id = self.next_game_id()?;
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

    fn accounts(&self) -> io::Result<StoredAccounts> {
        self.read(read::read_accounts)
    }

    fn login_account(&self, token: SecretHash) -> io::Result<Option<AccountRow>> {
        self.read(move |client| {
            read::read_account(
                client,
                "JOIN logins l ON l.account = a.id WHERE l.token = $1",
                &[&&token.0[..]],
            )
        })
    }

    fn account_by_key(&self, key: &str) -> io::Result<Option<AccountRow>> {
        let key = key.to_string();
        self.read(move |client| read::read_account(client, "WHERE a.name_key = $1", &[&key]))
    }

    fn record_results(&self, results: &GameResults) -> Ack {
        self.jobs.send(Job::Results(results.clone()))
    }

    fn player_record(&self, player: PlayerId) -> io::Result<PlayerRecord> {
        self.read(move |client| read::read_player_record(client, player))
    }

    fn general_stats(&self, mode: &str) -> io::Result<GeneralStats> {
        let mode = mode.to_string();
        self.read(move |client| read::read_general_stats(client, &mode))
    }

    fn save_ban(&self, ban: &BanRow) -> Ack {
        self.jobs.send(Job::SaveBan(ban.clone()))
    }

    fn remove_ban(&self, kind: &str, target: &str) -> Ack {
        self.jobs.remove_ban(kind, target)
    }

    fn bans(&self) -> io::Result<Vec<BanRow>> {
        self.read(read::read_bans)
    }

    fn ban_from_room(&self, room: &str, player: PlayerId, until: Option<u64>) -> Ack {
        self.jobs.ban_from_room(room, player, until)
    }

    fn room_bans(&self) -> io::Result<Vec<(RoomId, PlayerId, Option<u64>)>> {
        self.read(read::read_room_bans)
    }

    fn save_report(&self, report: &ReportRow) -> Ack {
        self.jobs.send(Job::SaveReport(report.clone()))
    }

    fn reports(&self, before: Option<u64>, limit: u32) -> io::Result<Vec<ReportRow>> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        self.read(move |client| read::read_reports(client, before, i64::from(limit)))
    }

    fn ratings_of(&self, account: AccountId) -> io::Result<Vec<RatingRow>> {
        self.read(move |client| {
            read::read_ratings(
                client,
                "WHERE account = $1 ORDER BY mode",
                &[&(account as i64)],
            )
        })
    }

    fn leaderboard(&self, mode: &str, offset: u32, limit: u32) -> io::Result<Vec<RatingRow>> {
        let mode = mode.to_string();
        self.read(move |client| {
            read::read_ratings(
                client,
                "WHERE mode = $1 AND account IN (
                     SELECT account FROM ratings WHERE mode = $1 AND NOT hidden
                     ORDER BY score DESC, account LIMIT $3 OFFSET $2)
                 ORDER BY score DESC, account",
                &[&mode, &i64::from(offset), &i64::from(limit)],
            )
        })
    }

    fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack {
        self.jobs.replace_game(id, game, record)
    }

    fn generations(&self) -> watch::Receiver<u64> {
        self.generation.subscribe()
    }

    fn status(&self) -> Option<String> {
        self.shared.failure()
    }

    fn player_id_blocks(&self) -> Option<super::IdBlocks> {
        let reads = self.reads.clone();
        Some(Box::new(move || next_block(&reads, "player_ids")))
    }

    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>> {
        self.read(|client| read::read_open_rooms(client, read::Which::All))
    }

    fn open_rooms_of(&self, node: &str) -> io::Result<Vec<OpenRoom>> {
        let node = node.to_string();
        self.read(move |client| read::read_open_rooms(client, read::Which::Node(&node)))
    }

    fn leases(&self) -> Option<&Leases> {
        self.shared.leases.get().map(Arc::as_ref)
    }

    fn claim_rooms(&self, at_start: bool) -> io::Result<Option<Vec<OpenRoom>>> {
        lease::claim_rooms(self, at_start)
    }

    fn room_listings(&self, since: Option<i64>) -> io::Result<Option<super::Listings>> {
        if self.shared.leases.get().is_none() {
            return Ok(None);
        }
        self.read(move |client| read::read_listings(client, since))
            .map(Some)
    }

    fn renew_leases(&self) -> io::Result<Vec<RoomId>> {
        lease::renew_held(self)
    }

    fn save_guest(&self, token: SecretHash, player: PlayerId, name: &str) -> Ack {
        if self.shared.leases.get().is_none() {
            return Ack::done();
        }
        self.jobs.save_guest(token, player, name)
    }

    fn guest_session(&self, token: SecretHash) -> io::Result<Option<(PlayerId, String)>> {
        self.read(move |client| {
            let row = client
                .query_opt(
                    "SELECT player, name FROM guest_sessions WHERE token = $1",
                    &[&&token.0[..]],
                )
                .map_err(|e| format!("guest session: {e}"))?;
            row.map(|row| Ok((row.try_get::<_, i64>(0)? as PlayerId, row.try_get(1)?)))
                .transpose()
                .map_err(|e: postgres::Error| format!("guest session: {e}"))
        })
    }

    fn release_leases(&self, rooms: Vec<String>, epochs: Vec<i64>) -> io::Result<usize> {
        lease::release_rooms(self, rooms, epochs)
    }

    fn max_player(&self) -> io::Result<PlayerId> {
        self.read(read::read_max_player)
    }

    fn finished_games(&self, before: Option<GameId>, limit: u32) -> io::Result<Vec<GameSummary>> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        self.read(move |client| {
            read::summaries(
                client,
                "WHERE status = 'finished' AND NOT private AND id < $1 ORDER BY id DESC LIMIT $2",
                &[&before, &i64::from(limit)],
            )
        })
    }

    fn all_finished_games(
        &self,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        self.read(move |client| {
            read::summaries(
                client,
                "WHERE status = 'finished' AND id < $1 ORDER BY id DESC LIMIT $2",
                &[&before, &i64::from(limit)],
            )
        })
    }

    fn games_of(
        &self,
        player: PlayerId,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        let before = before.map_or(i64::MAX, |b| b as i64);
        self.read(move |client| {
            read::summaries(
                client,
                "JOIN game_players ON games.id = game
                 WHERE player = $1 AND game < $2 AND status = 'finished'
                 ORDER BY game DESC LIMIT $3",
                &[&(player as i64), &before, &i64::from(limit)],
            )
        })
    }

    fn game(&self, id: GameId) -> io::Result<Option<StoredGame>> {
        self.read(move |client| read::read_game(client, id))
    }
}
