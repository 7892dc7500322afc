//! Issue 12, "storage faults": a store that fails its writes (a full disk), a store file
//! corrupted, deleted while the server runs, and one found damaged at start. In every case a
//! game played by a connected person (and watched by a spectator) loses no acknowledged action
//! and shows nobody anything twice: what each connection saw is the stored record's replay,
//! in order, with no step taken back.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use sgs_engine::view::Audience;
use sgs_engine::{Outcome, Record, Ruleset, Seat};
use sgs_protocol::{ErrorCode, PlayerId, RoomOptions, ServerMsg};
use sgs_server::storage::{
    Ack, Appended, GameId, GameLog, GameSummary, NewGame, OpenRoom, RoomRow, SqliteStorage,
    Storage, StoredGame, SyncMode, FILE_NAME,
};
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::sync::watch;
use tokio::time::{sleep, timeout};

use crate::crash::{check_segments, is_subsequence, Seen, Segment};
use crate::support::*;

/// The switch of a disk that can fill up, and what the game log asked of it: the test
/// waits on these counts instead of on the clock, so a slow machine cannot miss the fault.
#[derive(Default)]
struct Disk {
    failing: AtomicBool,
    /// Game-log writes that went through.
    written: AtomicUsize,
    /// Game-log writes refused while the disk was full.
    refused: AtomicUsize,
    /// Set once the game's end is written.
    over: AtomicBool,
}

impl Disk {
    fn count(&self, refused: bool) {
        let counter = if refused {
            &self.refused
        } else {
            &self.written
        };
        counter.fetch_add(1, Ordering::SeqCst);
    }
}

/// A store whose writes fail while `failing` is set, like a full disk: nothing is written.
struct Faulty {
    inner: SqliteStorage,
    failing: Arc<Disk>,
}

struct FaultyLog {
    inner: Box<dyn GameLog>,
    failing: Arc<Disk>,
}

fn disk_full() -> Ack {
    Ack::failed(io::Error::other("No space left on device"))
}

impl Faulty {
    fn down(&self) -> bool {
        self.failing.failing.load(Ordering::SeqCst)
    }
}

impl Storage for Faulty {
    fn save_room(&self, room: &RoomRow) -> Ack {
        if self.down() {
            return disk_full();
        }
        self.inner.save_room(room)
    }
    fn close_room(&self, room: &str, failed: bool) -> Ack {
        if self.down() {
            return disk_full();
        }
        self.inner.close_room(room, failed)
    }
    fn chat(&self, room: &str, game: Option<GameId>, p: PlayerId, name: &str, text: &str) -> Ack {
        if self.down() {
            return disk_full();
        }
        self.inner.chat(room, game, p, name, text)
    }
    fn begin(&self, game: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)> {
        if self.down() {
            return Err(io::Error::other("No space left on device"));
        }
        let (inner, ack) = self.inner.begin(game)?;
        let log = FaultyLog {
            inner,
            failing: self.failing.clone(),
        };
        Ok((Box::new(log), ack))
    }
    fn resume(&self, room: &str, game: GameId, actions: u64) -> Box<dyn GameLog> {
        Box::new(FaultyLog {
            inner: self.inner.resume(room, game, actions),
            failing: self.failing.clone(),
        })
    }
    fn flush(&self) -> Ack {
        self.inner.flush()
    }
    fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack {
        if self.down() {
            return disk_full();
        }
        self.inner.replace_game(id, game, record)
    }
    fn generations(&self) -> watch::Receiver<u64> {
        self.inner.generations()
    }
    fn open_rooms(&self) -> io::Result<Vec<OpenRoom>> {
        self.inner.open_rooms()
    }
    fn max_player(&self) -> io::Result<PlayerId> {
        self.inner.max_player()
    }
    fn finished_games(&self, before: Option<GameId>, limit: u32) -> io::Result<Vec<GameSummary>> {
        self.inner.finished_games(before, limit)
    }
    fn save_account(&self, account: &sgs_server::storage::AccountRow) -> Ack {
        self.inner.save_account(account)
    }
    fn save_login(&self, account: u64, token: sgs_server::storage::SecretHash) -> Ack {
        self.inner.save_login(account, token)
    }
    fn revoke_logins(&self, account: u64, token: Option<sgs_server::storage::SecretHash>) -> Ack {
        self.inner.revoke_logins(account, token)
    }
    fn accounts(&self) -> io::Result<sgs_server::storage::StoredAccounts> {
        self.inner.accounts()
    }
    fn record_results(&self, results: &sgs_server::storage::GameResults) -> Ack {
        self.inner.record_results(results)
    }
    fn player_record(&self, player: u64) -> io::Result<sgs_server::storage::PlayerRecord> {
        self.inner.player_record(player)
    }
    fn general_stats(&self, mode: &str) -> io::Result<sgs_server::storage::GeneralStats> {
        self.inner.general_stats(mode)
    }
    fn save_ban(&self, ban: &sgs_server::storage::BanRow) -> Ack {
        self.inner.save_ban(ban)
    }
    fn remove_ban(&self, kind: &str, target: &str) -> Ack {
        self.inner.remove_ban(kind, target)
    }
    fn bans(&self) -> io::Result<Vec<sgs_server::storage::BanRow>> {
        self.inner.bans()
    }
    fn ban_from_room(&self, room: &str, player: u64, until: Option<u64>) -> Ack {
        self.inner.ban_from_room(room, player, until)
    }
    fn room_bans(&self) -> io::Result<Vec<(String, u64, Option<u64>)>> {
        self.inner.room_bans()
    }
    fn save_report(&self, report: &sgs_server::storage::ReportRow) -> Ack {
        self.inner.save_report(report)
    }
    fn reports(
        &self,
        before: Option<u64>,
        limit: u32,
    ) -> io::Result<Vec<sgs_server::storage::ReportRow>> {
        self.inner.reports(before, limit)
    }
    fn ratings_of(&self, account: u64) -> io::Result<Vec<sgs_server::storage::RatingRow>> {
        self.inner.ratings_of(account)
    }
    fn leaderboard(
        &self,
        mode: &str,
        offset: u32,
        limit: u32,
    ) -> io::Result<Vec<sgs_server::storage::RatingRow>> {
        self.inner.leaderboard(mode, offset, limit)
    }
    fn all_finished_games(
        &self,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        self.inner.all_finished_games(before, limit)
    }
    fn games_of(
        &self,
        player: sgs_protocol::PlayerId,
        before: Option<GameId>,
        limit: u32,
    ) -> io::Result<Vec<GameSummary>> {
        self.inner.games_of(player, before, limit)
    }
    fn game(&self, id: GameId) -> io::Result<Option<StoredGame>> {
        self.inner.game(id)
    }
}

impl GameLog for FaultyLog {
    fn id(&self) -> GameId {
        self.inner.id()
    }
    fn append_all(&mut self, actions: &[Appended<'_>]) -> Ack {
        let full = self.failing.failing.load(Ordering::SeqCst);
        self.failing.count(full);
        if full {
            return disk_full();
        }
        self.inner.append_all(actions)
    }
    fn finish(&mut self, outcome: &Outcome, hash: u64) -> Ack {
        let full = self.failing.failing.load(Ordering::SeqCst);
        self.failing.count(full);
        if full {
            return disk_full();
        }
        self.failing.over.store(true, Ordering::SeqCst);
        self.inner.finish(outcome, hash)
    }
}

/// What a client saw, and whether anything reached it while its room was paused.
struct Followed {
    seen: Seen,
    pauses: usize,
    shown_while_paused: usize,
}

/// Plays `seat` (or watches) until the game is over; a paused room's errors are expected.
async fn follow(mut client: Client, seat: Option<Seat>, name: &str) -> Followed {
    let mut seen = Seen::new(name.into(), String::new(), seat, client.token.clone());
    let (mut pauses, mut shown_while_paused, mut paused) = (0, 0, false);
    let mut player = RandomSeat::new(client.player, 3);
    loop {
        let Ok(Some(msg)) = timeout(Duration::from_secs(8), client.next()).await else {
            let last: Vec<String> = client
                .received
                .iter()
                .rev()
                .take(4)
                .map(|m| {
                    serde_json::to_string(m)
                        .unwrap()
                        .chars()
                        .take(600)
                        .collect()
                })
                .collect();
            panic!(
                "{name}: the game stalled; last messages:\n{}",
                last.join("\n")
            );
        };
        match &msg {
            ServerMsg::Sync {
                view: Some(view), ..
            } => {
                paused = false;
                seen.segments.push(Segment {
                    view: (**view).clone(),
                    updates: Vec::new(),
                });
            }
            ServerMsg::Update { events, .. } => {
                shown_while_paused += usize::from(paused);
                if let Some(segment) = seen.segments.last_mut() {
                    segment.updates.push(events.clone());
                }
            }
            ServerMsg::Ack { id } => {
                shown_while_paused += usize::from(paused && player.sent.contains_key(id));
                if let Some(action) = player.acked(*id) {
                    seen.acked.push(action);
                }
            }
            // A spectator's game_over has no record (issue 15): `seen.record` stays `None`.
            ServerMsg::GameOver { record, .. } => {
                seen.record = record.as_deref().cloned();
                return Followed {
                    seen,
                    pauses,
                    shown_while_paused,
                };
            }
            ServerMsg::Error {
                code: ErrorCode::StorageUnavailable,
                id,
                ..
            } => {
                if id.is_none() && !paused {
                    paused = true;
                    pauses += 1;
                }
                if let Some(id) = id {
                    player.acked(*id);
                }
            }
            ServerMsg::Error { code, message, .. } => assert!(
                matches!(code, ErrorCode::StalePrompt | ErrorCode::NotYourTurn),
                "{name}: {code:?} {message}"
            ),
            _ => {}
        }
        if seat.is_some() {
            player.answer(&mut client, &msg).await;
        }
    }
}

/// A started 4-seat game (white generals, bots filling) with a person in seat 0 and a
/// spectator, each followed by its own task.
async fn start_game(server: &Server) -> Vec<tokio::task::JoinHandle<Followed>> {
    let mut host = server.client("host").await;
    let options = RoomOptions {
        seats: 4,
        ruleset: Ruleset::standard().white(),
        fill_bots: true,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut watcher = server.client("watcher").await;
    let watching = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(matches!(watching, ServerMsg::Sync { .. }));
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    vec![
        tokio::spawn(async move { follow(host, Some(Seat(0)), "host").await }),
        tokio::spawn(async move { follow(watcher, None, "watcher").await }),
    ]
}

/// Every client's view fits the one stored record, to its end, and every ack is in it.
fn check_against_store(storage: &dyn Storage, followed: &[Followed]) -> Record {
    let page = storage.finished_games(None, 10).unwrap();
    assert_eq!(page.len(), 1, "one finished game in the store");
    let stored = storage.game(page[0].id).unwrap().unwrap();
    stored
        .rebuild()
        .expect("the stored record replays through its hashes");
    let record = stored.record;
    for f in followed {
        // The players are told the record (= the store's); a spectator is not.
        let told = (f.seen.name != "watcher").then_some(&record);
        assert_eq!(
            f.seen.record.as_ref(),
            told,
            "{}: game_over = store",
            f.seen.name
        );
        assert!(
            is_subsequence(&f.seen.acked, &record.actions),
            "{}: an ack was lost",
            f.seen.name
        );
        let audience = f.seen.seat.map_or(Audience::Spectator, Audience::Seat);
        check_segments(
            &f.seen,
            &sgs_engine::content::replay(&record, audience).unwrap(),
        );
    }
    record
}

async fn finish(tasks: Vec<tokio::task::JoinHandle<Followed>>) -> Vec<Followed> {
    let mut followed = Vec::new();
    for task in tasks {
        followed.push(
            timeout(Duration::from_secs(60), task)
                .await
                .unwrap()
                .unwrap(),
        );
    }
    followed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_pauses_the_game_and_it_goes_on_from_its_last_durable_action() {
    let data = tempfile::tempdir().unwrap();
    let failing = Arc::new(Disk::default());
    let storage = Faulty {
        inner: SqliteStorage::open(data.path(), SyncMode::Full).unwrap(),
        failing: failing.clone(),
    };
    let mut config = config();
    config.store_retry_ms = 100;
    let state = AppState::with_parts(config, Box::new(storage), Box::new(Heuristic));
    let server = Server::serve_state(state).await;
    let tasks = start_game(&server).await;
    // Twice (if the game lasts): let the game write a few batches, fill the disk until a write has been refused
    // (and retried a little), then free it. Counts, not the clock, so a loaded machine still
    // sees the fault land mid-game.
    for round in 1..=2 {
        let written = failing.written.load(Ordering::SeqCst);
        let over = || failing.over.load(Ordering::SeqCst);
        assert!(
            until(|| over() || failing.written.load(Ordering::SeqCst) >= written + 3).await,
            "round {round}: the game writes"
        );
        if over() {
            // A short game may end before the second round; the first one is the test.
            assert!(round > 1, "the game outlasts the first full disk");
            break;
        }
        failing.failing.store(true, Ordering::SeqCst);
        let refused = failing.refused.load(Ordering::SeqCst);
        assert!(
            until(|| failing.refused.load(Ordering::SeqCst) > refused).await,
            "round {round}: a write met the full disk"
        );
        sleep(Duration::from_millis(300)).await;
        failing.failing.store(false, Ordering::SeqCst);
    }
    let followed = finish(tasks).await;
    for f in &followed {
        assert!(f.pauses >= 1, "{} was told the game paused", f.seen.name);
        assert_eq!(
            f.shown_while_paused, 0,
            "{}: nothing was sent while paused",
            f.seen.name
        );
    }
    let record = check_against_store(server.state.shared.storage.as_ref(), &followed);
    eprintln!(
        "full disk: {} pauses seen, game of {} actions stored whole",
        followed[0].pauses,
        record.actions.len()
    );
}

/// A server on a real store in `dir` whose file is checked every 50 ms.
async fn checked_server(dir: &Path) -> Server {
    let storage =
        SqliteStorage::open_checked(dir, SyncMode::Full, Some(Duration::from_millis(50))).unwrap();
    let mut config = config();
    config.store_retry_ms = 50;
    let state = AppState::with_parts(config, Box::new(storage), Box::new(Heuristic));
    Server::serve_state(state).await
}

fn set_aside_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".damaged-"))
        .count()
}

/// Waits (at most 10 s) until `done` holds.
async fn until(done: impl Fn() -> bool) -> bool {
    for _ in 0..200 {
        if done() {
            return true;
        }
        sleep(Duration::from_millis(50)).await;
    }
    false
}

/// After the game: a restarted server reads the same whole game from the store.
async fn restart_reads_the_game(dir: &Path, record: &Record) {
    let storage = SqliteStorage::open(dir, SyncMode::Full).unwrap();
    let page = storage.finished_games(None, 10).unwrap();
    let again = storage.game(page[0].id).unwrap().unwrap();
    assert_eq!(
        &again.record, record,
        "the store holds the whole game after a restart"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_corrupted_while_running_is_found_and_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let server = checked_server(dir.path()).await;
    let tasks = start_game(&server).await;
    sleep(Duration::from_millis(100)).await;
    // Someone overwrites the start of the file.
    let path = dir.path().join(FILE_NAME);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[..100].fill(0xA5);
    std::fs::write(&path, &bytes).unwrap();
    let aside = until(|| set_aside_files(dir.path()) >= 1).await;
    assert!(aside, "the damaged file was set aside");
    let followed = finish(tasks).await;
    let record = check_against_store(server.state.shared.storage.as_ref(), &followed);
    server.stop().await;
    restart_reads_the_game(dir.path(), &record).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_deleted_while_running_is_found_and_written_again() {
    let dir = tempfile::tempdir().unwrap();
    let server = checked_server(dir.path()).await;
    let tasks = start_game(&server).await;
    sleep(Duration::from_millis(100)).await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.path().join(format!("{FILE_NAME}{suffix}")));
    }
    let again = until(|| dir.path().join(FILE_NAME).exists()).await;
    assert!(again, "the store has a file again");
    let followed = finish(tasks).await;
    let record = check_against_store(server.state.shared.storage.as_ref(), &followed);
    server.stop().await;
    restart_reads_the_game(dir.path(), &record).await;
}

#[tokio::test]
async fn a_store_damaged_at_start_is_set_aside_and_the_server_starts_degraded() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), vec![0x5A; 8192]).unwrap();
    let mut config = config();
    config.data = dir.path().to_path_buf();
    let state = AppState::new(config).expect("a damaged store does not stop the server");
    assert_eq!(set_aside_files(dir.path()), 1);
    let server = Server::serve_state(state).await;
    let (status, _) = get_json(server.addr, "/api/games").await;
    assert_eq!(status, 200, "the new store serves");
    let mut host = server.client("host").await;
    assert!(matches!(
        host.create_room(RoomOptions::default()).await,
        ServerMsg::Sync { .. }
    ));
    let health = server.state.shared.storage.status().unwrap_or_default();
    assert!(health.contains("set aside"), "{health}");
}
