//! Store figures (`cargo bench -p sgs-server`; prints numbers, asserts nothing):
//!
//! 1. Restart: how long the server takes to rebuild 1,000 unfinished rooms from the store
//!    (read every room and record, replay every game through its stored hashes, start the rooms).
//!    Target: under 5 s.
//! 2. Write cost per action under load: `rooms` concurrent tasks each append actions one at a
//!    time and wait for each ack, as a room does; throughput and ack latency, for
//!    `synchronous=FULL` (the default) and `NORMAL`.
//!
//! `SGS_BENCH_ROOMS` (default 1000) and `SGS_BENCH_ACTIONS` (default 200 per writer) change the
//! sizes. With `SGS_BENCH_DATABASE_URL` (an empty PostgreSQL database, e.g. from
//! `scripts/with-postgres.sh`), both figures are measured on the PostgreSQL store instead; with
//! `SGS_BENCH_FENCED_DATABASE_URL` too (another empty database or schema), the write figures
//! again with room leases, every write fenced by its room's epoch (decision 0021).

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_engine::{sim, Action, Game, GameConfig, Seat};
use sgs_protocol::{RoomOptions, RoomState};
use sgs_server::config::Config;
use sgs_server::room::Holder;
use sgs_server::settings::RoomSettings;
use sgs_server::storage::{
    GamePlayer, MemberRow, NewGame, PgStorage, RoomRow, SeatRow, SecretHash, SqliteStorage,
    Storage, SyncMode,
};
use sgs_server::trustee::DefaultAnswer;
use sgs_server::AppState;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A standard 5-seat game played at random for up to `actions` actions, unfinished.
fn unfinished_game(seed: u64, actions: usize) -> Game {
    let config = GameConfig::standard(5);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(config, seed).expect("a standard game");
    while game.action_count() < actions {
        let Some(prompt) = sim::random_prompt(&game, &mut rng).cloned() else {
            break;
        };
        let action = sim::random_action(&prompt, &mut rng);
        let mut next = game.clone();
        next.act(prompt.seat, action)
            .expect("a legal random action");
        if next.is_over() {
            break; // keep it running
        }
        game = next;
    }
    game
}

/// Writes `rooms` rooms, each with a running game of 50..=400 actions; returns the total
/// number of actions stored.
async fn fill(storage: &dyn Storage, rooms: usize) -> usize {
    let config = Config::default();
    let options = RoomOptions {
        seats: 5,
        ..RoomOptions::default()
    };
    let settings = RoomSettings::from_options(options, &config).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut total = 0;
    let mut acks = Vec::new();
    for r in 0..rooms {
        let id = format!("bench{r:04}");
        let first = (r as u64) * 10 + 1;
        let game = unfinished_game(r as u64, rng.gen_range(50..=400));
        let holder = |i: u64| {
            if i < 2 {
                Holder::Player(first + i)
            } else {
                Holder::Bot
            }
        };
        let row = RoomRow {
            id: id.clone(),
            settings: settings.clone(),
            host: first,
            state: RoomState::Playing,
            games: 1,
            seats: (0..5)
                .map(|i| SeatRow {
                    holder: holder(i),
                    trusteeship: false,
                    trusteeship_reason: None,
                })
                .collect(),
            members: (0..2)
                .map(|i| MemberRow {
                    player: first + i,
                    name: format!("p{i}"),
                    token: SecretHash::of(&format!("{id}-{i}")),
                    seat: Some(Seat(i as u8)),
                })
                .collect(),
            empty_since: None,
            series: None,
        };
        acks.push(storage.save_room(&row));
        let record = game.record();
        let mut start = record.clone();
        start.actions.clear();
        let players = (0..5)
            .map(|i| GamePlayer {
                seat: Seat(i),
                player: (i < 2).then_some(first + u64::from(i)),
                name: "p".into(),
            })
            .collect();
        let (mut log, ack) = storage
            .begin(NewGame {
                room: &id,
                number: 1,
                start: &start,
                players,
                private: false,
                host: None,
            })
            .expect("begin");
        acks.push(ack);
        let mut replay = start.replay_prefix(0).expect("replays");
        for (seat, action) in &record.actions {
            replay.act(*seat, action.clone()).expect("replays");
            acks.push(log.append(*seat, action, replay.hash()));
        }
        total += record.actions.len();
        if acks.len() > 10_000 {
            for ack in acks.drain(..) {
                ack.await.expect("stored");
            }
        }
    }
    for ack in acks {
        ack.await.expect("stored");
    }
    total
}

async fn restart(dir: &Path, rooms: usize) {
    let storage = SqliteStorage::open(dir, SyncMode::Normal).expect("open");
    let began = Instant::now();
    let actions = fill(&storage, rooms).await;
    storage.flush().await.expect("flush");
    drop(storage);
    let size = std::fs::metadata(dir.join(sgs_server::storage::FILE_NAME)).map_or(0, |m| m.len());
    println!(
        "store: {rooms} rooms, {actions} actions ({:.0} per game), {:.1} MB, written in {:.1} s",
        actions as f64 / rooms as f64,
        size as f64 / 1e6,
        began.elapsed().as_secs_f64()
    );

    let began = Instant::now();
    let storage = SqliteStorage::open(dir, SyncMode::Full).expect("open");
    let opened = began.elapsed();
    let read = Instant::now();
    let open = storage.open_rooms().expect("read");
    let read = read.elapsed();
    drop(open);
    let replay = Instant::now();
    let config = Config {
        no_storage: false,
        ..Config::default()
    };
    let state = AppState::with_parts(config, Box::new(storage), Box::new(DefaultAnswer));
    let recovered = state.recover().expect("recover");
    let total = began.elapsed();
    println!(
        "restart with {rooms} unfinished rooms: {:.2} s in all (open {:.0} ms; reading every \
         room and record alone {:.0} ms; read + replay + start {:.0} ms); {} rooms and {} games \
         back, {} failed [target < 5 s]",
        total.as_secs_f64(),
        opened.as_secs_f64() * 1e3,
        read.as_secs_f64() * 1e3,
        replay.elapsed().as_secs_f64() * 1e3,
        recovered.rooms,
        recovered.games,
        recovered.failed.len()
    );
}

/// Real actions with their hashes, to write.
fn sample_actions() -> Vec<(Seat, Action, u64)> {
    let mut actions = Vec::new();
    let mut seed = 100;
    while actions.len() < 2_000 {
        let game = unfinished_game(seed, 400);
        let record = game.record();
        let mut replay = record.replay_prefix(0).expect("replays");
        for (seat, action) in record.actions {
            replay.act(seat, action.clone()).expect("replays");
            actions.push((seat, action, replay.hash()));
        }
        seed += 1;
    }
    actions
}

async fn write_load(dir: &Path, sync: SyncMode, writers: usize, per_writer: usize) {
    let storage = Arc::new(SqliteStorage::open(dir, sync).expect("open"));
    let label = format!("synchronous={sync:?}");
    write_load_on(storage, &label, writers, per_writer).await;
}

/// Restart with `rooms` unfinished rooms on the PostgreSQL store at `url`.
async fn restart_pg(url: &str, rooms: usize) {
    let storage = PgStorage::open(url).expect("open");
    let began = Instant::now();
    let actions = fill(&storage, rooms).await;
    storage.flush().await.expect("flush");
    drop(storage);
    println!(
        "PostgreSQL store: {rooms} rooms, {actions} actions, written in {:.1} s",
        began.elapsed().as_secs_f64()
    );
    let began = Instant::now();
    let storage = PgStorage::open(url).expect("open");
    let opened = began.elapsed();
    let read = Instant::now();
    drop(storage.open_rooms().expect("read"));
    let read = read.elapsed();
    let state = AppState::with_parts(
        Config::default(),
        Box::new(storage),
        Box::new(DefaultAnswer),
    );
    let recovered = state.recover().expect("recover");
    println!(
        "PostgreSQL restart with {rooms} unfinished rooms: {:.2} s in all (open {:.0} ms; reading every room and record alone {:.0} ms); {} rooms back, {} failed",
        began.elapsed().as_secs_f64(),
        opened.as_secs_f64() * 1e3,
        read.as_secs_f64() * 1e3,
        recovered.rooms,
        recovered.failed.len()
    );
}

async fn write_load_on(storage: Arc<dyn Storage>, label: &str, writers: usize, per_writer: usize) {
    let actions = Arc::new(sample_actions());
    let began = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..writers {
        let storage = storage.clone();
        let actions = actions.clone();
        tasks.push(tokio::spawn(async move {
            let start = Game::new(GameConfig::white(5), w as u64)
                .expect("a game")
                .record();
            // A room of its own per writer (with leases, a lease of its own).
            let room = format!("load{w}");
            let (mut log, ack) = storage
                .begin(NewGame {
                    room: &room,
                    number: w as u32 + 1,
                    start: &start,
                    players: Vec::new(),
                    private: false,
                    host: None,
                })
                .expect("begin");
            ack.await.expect("stored");
            let mut latencies = Vec::with_capacity(per_writer);
            for i in 0..per_writer {
                let (seat, action, hash) = &actions[(w * 131 + i) % actions.len()];
                let asked = Instant::now();
                log.append(*seat, action, *hash).await.expect("stored");
                latencies.push(asked.elapsed());
            }
            latencies
        }));
    }
    let mut latencies: Vec<Duration> = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("writer"));
    }
    let elapsed = began.elapsed();
    latencies.sort();
    let n = latencies.len();
    let pct = |p: f64| latencies[((n as f64 * p) as usize).min(n - 1)].as_secs_f64() * 1e3;
    let mean = latencies.iter().sum::<Duration>().as_secs_f64() * 1e3 / n as f64;
    println!(
        "writes, {label}, {writers:>4} rooms writing at once: {:>8.0} actions/s, \
         {:>7.1} µs per action (wall time / actions); ack latency mean {mean:.2} ms, p50 {:.2} ms, \
         p99 {:.2} ms",
        n as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / n as f64,
        pct(0.5),
        pct(0.99),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is accepted and ignored.
    let rooms = env_usize("SGS_BENCH_ROOMS", 1_000);
    let per_writer = env_usize("SGS_BENCH_ACTIONS", 200);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    if let Ok(url) = std::env::var("SGS_BENCH_DATABASE_URL") {
        runtime.block_on(async {
            let storage: Arc<dyn Storage> = Arc::new(PgStorage::open(&url).expect("open"));
            for writers in [1, 16, 256] {
                write_load_on(storage.clone(), "PostgreSQL", writers, per_writer).await;
            }
            drop(storage);
            // The same writes fenced by room leases (`--node-id`, decision 0021): each also
            // checks its room's lease epoch under a key-share lock. On a fresh database.
            if let Ok(url) = std::env::var("SGS_BENCH_FENCED_DATABASE_URL") {
                let mut fenced = PgStorage::open(&url).expect("open");
                fenced.enable_leases("bench", Duration::from_secs(3_600));
                let fenced: Arc<dyn Storage> = Arc::new(fenced);
                for writers in [1, 16, 256] {
                    write_load_on(fenced.clone(), "PostgreSQL, fenced", writers, per_writer).await;
                }
            }
            restart_pg(&url, rooms).await;
        });
        runtime.shutdown_timeout(Duration::from_secs(1));
        return;
    }
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a temp dir");
        restart(&dir.path().join("restart"), rooms).await;
        for sync in [SyncMode::Full, SyncMode::Normal] {
            for writers in [1, 16, 256] {
                let dir = dir.path().join(format!("load-{sync:?}-{writers}"));
                write_load(&dir, sync, writers, per_writer).await;
            }
        }
    });
    // The restored rooms' tasks are dropped with the runtime.
    runtime.shutdown_timeout(Duration::from_secs(1));
}
