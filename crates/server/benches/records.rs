//! Records figures (`cargo bench -p sgs-server --bench records`; prints numbers, asserts
//! nothing): a store of `SGS_BENCH_PLAYERS` accounts (default 100,000) and `SGS_BENCH_GAMES`
//! finished five-seat games (default 1,000,000; a tenth of them private), then the reads behind
//! the pages, each timed over many calls through the `Storage` trait:
//!
//! - a player's profile (`player_record`: totals by role, general and mode) and its first page
//!   of games (`games_of`);
//! - the generals' figures of a mode (`general_stats`: running totals);
//! - the leaderboard's first page and a page 50,000 places down;
//! - the public game list's first page and a page half-way down.
//!
//! The rows are written straight into the migrated schema in one transaction (the writer's own
//! path is measured by `benches/store.rs`).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{params, Connection};
use sgs_engine::{Game, GameConfig};
use sgs_server::storage::{SqliteStorage, Storage, SyncMode, FILE_NAME};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const ROLES: [&str; 5] = ["lord", "loyalist", "rebel", "rebel", "renegade"];

fn fill(conn: &mut Connection, players: usize, games: usize) -> rusqlite::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    // Every game's row names a real setup (a list reads each summary's record head).
    let record = Game::new(GameConfig::standard(5), 1)
        .expect("a standard game")
        .record();
    let setup = serde_json::to_string(&record.setup).expect("a setup");
    let rules = serde_json::to_string(&record.rules).expect("rules");
    let tx = conn.transaction()?;
    {
        let mut account = tx.prepare(
            "INSERT INTO accounts (id, name, name_key, password, created_at, private)
             VALUES (?1, ?2, ?2, 'x', 0, ?3)",
        )?;
        let mut rating = tx.prepare(
            "INSERT INTO ratings (account, mode, rating, uncertainty, score, games, hidden)
             VALUES (?1, 'identity', ?2, ?3, ?2 - 3 * ?3, 10, ?4)",
        )?;
        for id in 1..=players as i64 {
            let private = rng.gen_bool(0.02);
            account.execute(params![id, format!("player{id}"), private])?;
            rating.execute(params![
                id,
                rng.gen_range(10.0..40.0f64),
                rng.gen_range(1.0..8.0f64),
                private
            ])?;
        }
        let mut game = tx.prepare(
            "INSERT INTO games (id, room, number, status, record_version, engine, setup, seed,
                                players, started_at, finished_at, actions, outcome, private,
                                host, mode, rated, rules)
             VALUES (?1, 'room', 1, 'finished', ?6, ?7, ?8, ?1, ?2, ?3, ?3, 300,
                     '{\"winner\":\"rebels\",\"winners\":[2,3],\"roles\":[]}', ?4, ?5,
                     'identity', 1, ?9)",
        )?;
        let mut seat = tx.prepare(
            "INSERT INTO game_players (game, seat, player, general, role, won, escaped)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for id in 1..=games as i64 {
            let seats: Vec<i64> = (0..5).map(|_| rng.gen_range(1..=players as i64)).collect();
            let json = seats
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{{\"seat\":{i},\"player\":{p},\"name\":\"player{p}\"}}"))
                .collect::<Vec<_>>()
                .join(",");
            game.execute(params![
                id,
                format!("[{json}]"),
                id * 1000,
                rng.gen_bool(0.1),
                seats[0],
                i64::from(record.version),
                record.engine,
                setup,
                rules
            ])?;
            for (i, player) in seats.iter().enumerate() {
                seat.execute(params![
                    id,
                    i as i64,
                    player,
                    format!("general{}", rng.gen_range(0..40)),
                    ROLES[i],
                    i == 2 || i == 3,
                    rng.gen_bool(0.03)
                ])?;
            }
        }
    }
    tx.execute_batch(
        "INSERT INTO general_stats (mode, general, role, games, wins)
             SELECT 'identity', general, role, COUNT(*), SUM(won) FROM game_players
             GROUP BY general, role;
         INSERT INTO mode_stats (mode, games, seats)
             SELECT 'identity', COUNT(DISTINCT game), COUNT(*) FROM game_players;",
    )?;
    tx.commit()
}

/// Runs `f` `n` times; prints the mean and the slowest.
fn time(what: &str, n: usize, mut f: impl FnMut(usize)) {
    let mut slowest = Duration::ZERO;
    let started = Instant::now();
    for i in 0..n {
        let one = Instant::now();
        f(i);
        slowest = slowest.max(one.elapsed());
    }
    let mean = started.elapsed() / n as u32;
    println!("{what:<44} mean {mean:>10.2?}  max {slowest:>10.2?}  ({n} calls)");
}

fn main() {
    let players = env_usize("SGS_BENCH_PLAYERS", 100_000);
    let games = env_usize("SGS_BENCH_GAMES", 1_000_000);
    let dir = tempfile::tempdir().expect("a temporary directory");
    drop(SqliteStorage::open(dir.path(), SyncMode::Normal).expect("a new store"));
    let mut conn = Connection::open(dir.path().join(FILE_NAME)).expect("the store's file");
    let started = Instant::now();
    fill(&mut conn, players, games).expect("rows written");
    drop(conn);
    let size = std::fs::metadata(dir.path().join(FILE_NAME)).map_or(0, |m| m.len());
    println!(
        "{players} accounts, {games} games, {} seats written in {:.1?} ({} MB)",
        games * 5,
        started.elapsed(),
        size / 1_000_000
    );

    let storage = SqliteStorage::open(dir.path(), SyncMode::Normal).expect("the store");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut pick = move || rng.gen_range(1..=players as u64);
    let mut seen = 0usize;
    time("profile: player_record", 1000, |_| {
        seen += storage.player_record(pick()).expect("a record").total.games as usize;
    });
    println!("  (a player has {} games on average)", seen / 1000);
    time("profile: games_of, first page of 20", 1000, |_| {
        storage.games_of(pick(), None, 20).expect("games");
    });
    time("generals: general_stats", 100, |_| {
        storage.general_stats("identity").expect("figures");
    });
    time("leaderboard: first page of 20", 1000, |_| {
        storage.leaderboard("identity", 0, 20).expect("a page");
    });
    time("leaderboard: 20 from place 50,000", 100, |_| {
        storage.leaderboard("identity", 50_000, 20).expect("a page");
    });
    time("public games: first page of 20", 1000, |_| {
        storage.finished_games(None, 20).expect("a page");
    });
    let middle = games as u64 / 2;
    time("public games: 20 before the middle", 1000, |i| {
        storage
            .finished_games(Some(middle - i as u64), 20)
            .expect("a page");
    });
}
