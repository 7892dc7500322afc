//! The store's writer thread: the jobs it is sent, group commit (every job waiting, each in
//! its own savepoint, one commit, then every ack), and the repair of a damaged file
//! (`health.rs`), which it carries out itself because it owns the writing connection.

use std::io;
use std::sync::atomic::AtomicU64;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rusqlite::{params, Connection, TransactionBehavior};
use tokio::sync::oneshot;

use super::batch::{answer, measure, new_ratings, next_batch, RatingSeatRow};
use super::health::{self, Health};
use super::lease::Fence;
use super::sqlite::{json, now_ms, open_reader, open_writer, Sync};
use super::{
    AccountRow, BanRow, GameId, GameResults, GameStatus, MemberRow, NewGame, ReportRow, SecretHash,
};
use sgs_protocol::RoomId;

/// Most jobs committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// The job writing a new game's row.
pub(super) fn begin_job(id: GameId, game: &NewGame<'_>, fence: Option<Fence>) -> io::Result<Job> {
    Ok(Job::Begin {
        fence,
        id: id as i64,
        room: game.room.to_string(),
        number: i64::from(game.number),
        record_version: i64::from(game.start.version),
        engine: game.start.engine.clone(),
        rules: json(&game.start.rules)?,
        setup: json(&game.start.setup)?,
        seed: game.start.seed as i64,
        players: json(&game.players)?,
        seats: game
            .players
            .iter()
            .map(|p| (i64::from(p.seat.0), p.player.map(|p| p as i64)))
            .collect(),
        private: game.private,
        host: game.host.map(|h| h as i64),
    })
}

/// What the writer thread is asked to do.
pub(super) enum Job {
    SaveRoom {
        id: RoomId,
        state: String,
        host: i64,
        games: i64,
        settings: String,
        seats: String,
        members: Vec<MemberRow>,
        empty_since: Option<i64>,
        /// Its 计分赛 series (JSON).
        series: Option<String>,
        /// The room's lease (`None`: the store has no leases).
        fence: Option<Fence>,
    },
    CloseRoom {
        id: RoomId,
        failed: bool,
        fence: Option<Fence>,
    },
    Chat {
        room: RoomId,
        game: Option<i64>,
        player: i64,
        name: String,
        text: String,
    },
    Begin {
        fence: Option<Fence>,
        id: i64,
        room: RoomId,
        number: i64,
        record_version: i64,
        engine: String,
        rules: String,
        setup: String,
        seed: i64,
        players: String,
        /// (seat, player) for `game_players`.
        seats: Vec<(i64, Option<i64>)>,
        private: bool,
        host: Option<i64>,
    },
    /// Actions `first`, `first + 1`, … of a game: (seat, action, checkpoint hash).
    Append {
        room: RoomId,
        fence: Option<Fence>,
        game: i64,
        first: i64,
        rows: Vec<(i64, String, Option<i64>)>,
        /// The first append of a reopened log: first delete whatever the log holds from
        /// `first` on (a write whose answer was lost may have committed it).
        overwrite: bool,
    },
    Finish {
        room: RoomId,
        fence: Option<Fence>,
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
    SaveAccount(AccountRow),
    SaveBan(BanRow),
    RemoveBan {
        kind: String,
        target: String,
    },
    SaveReport(ReportRow),
    RoomBan {
        room: RoomId,
        player: i64,
        until: Option<i64>,
    },
    Results(GameResults),
    SaveLogin {
        account: i64,
        token: SecretHash,
    },
    RevokeLogins {
        account: i64,
        token: Option<SecretHash>,
    },
    /// A guest session, for the other processes sharing the store (PostgreSQL only).
    SaveGuest {
        token: SecretHash,
        player: i64,
        name: String,
    },
    /// Set the damaged file aside and go on in a new one.
    Repair(String),
    /// Nothing: its ack completes once everything before it is durable.
    Flush,
    /// Commit what is queued and stop.
    Stop,
}

pub(super) struct Envelope {
    pub job: Job,
    pub ack: Option<oneshot::Sender<io::Result<()>>>,
}

/// What the writer needs besides its connection: the shared file health and reader, and how
/// to open the file again.
pub(super) struct Context {
    pub health: Arc<Health>,
    pub reader: Arc<Mutex<Connection>>,
    pub sync: Sync,
    /// Microseconds a group commit waits for more jobs after its first one.
    pub window_us: Arc<AtomicU64>,
}

pub(super) fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Envelope>, context: Context) {
    let mut stopping = false;
    while !stopping {
        let Some(batch) = next_batch(&rx, &context.window_us) else {
            break;
        };
        let mut repair = None;
        let started = Instant::now();
        let (results, damaged) = match context.health.failure() {
            // Writes are refused until the file is repaired.
            Some(reason) => (batch.iter().map(|_| Err(reason.clone())).collect(), false),
            None => commit(&mut conn, &batch),
        };
        measure(started, batch.len(), &results);
        if damaged {
            let reason = "a write found the store's file damaged".to_string();
            if context.health.fail(&reason) {
                tracing::error!("{reason}: writes stop until it is repaired");
            }
            if context.health.begin_repair() {
                repair = Some(reason);
            }
        }
        let answered = answer(batch, results);
        stopping = answered.stop;
        repair = answered.repair.or(repair);
        if let Some(reason) = repair {
            conn = repaired(conn, &context, &reason);
        }
    }
    if let Err(error) = conn.pragma_update(None, "wal_checkpoint", "TRUNCATE") {
        tracing::warn!(%error, "cannot checkpoint the store");
    }
}

/// Sets the damaged file aside and opens the new one; on failure keeps refusing writes (the
/// checker asks again).
fn repaired(conn: Connection, context: &Context, reason: &str) -> Connection {
    let health = &context.health;
    tracing::error!(%reason, path = %health.path.display(), "repairing the store");
    let stamp = now_ms() as u64;
    // The reader must not keep the old file's WAL alive at the path.
    let placeholder = Connection::open_in_memory();
    if let (Ok(placeholder), Ok(mut reader)) = (placeholder, context.reader.lock()) {
        drop(std::mem::replace(&mut *reader, placeholder));
    }
    let result = health::repair(conn, health, stamp).and_then(|_| {
        let writer = open_writer(&health.path, context.sync)?;
        let reader = open_reader(&health.path)?;
        Ok((writer, reader))
    });
    match result {
        Ok((writer, reader)) => {
            if let Ok(mut shared) = context.reader.lock() {
                *shared = reader;
            }
            health.recovered();
            tracing::info!("the store works again, in a new file; rooms write themselves into it");
            writer
        }
        Err(error) => {
            tracing::error!(%error, "cannot repair the store; writes stay refused");
            if let Ok(mut repairing) = health.repairing.lock() {
                *repairing = false;
            }
            // Keep a connection to answer with: writes are refused anyway.
            open_writer(&health.path, context.sync)
                .or_else(|_| Connection::open_in_memory().map_err(super::schema::db_error))
                .unwrap_or_else(|_| unreachable_memory())
        }
    }
}

/// An in-memory SQLite connection cannot fail to open but for a lack of memory.
fn unreachable_memory() -> Connection {
    match Connection::open_in_memory() {
        Ok(conn) => conn,
        Err(error) => panic!("out of memory: {error}"),
    }
}

/// Runs a batch in one transaction. Jobs almost never fail, so the batch is first run as it
/// is; if a job fails, that transaction is rolled back and the batch runs again with each job
/// in its own savepoint, so a failed job does not undo the others. Returns each job's result,
/// and whether an error showed the file damaged.
fn commit(conn: &mut Connection, batch: &[Envelope]) -> (Vec<Result<(), String>>, bool) {
    if batch.len() > 1 {
        if let Ok(tx) = conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            if batch.iter().all(|envelope| run(&tx, &envelope.job).is_ok()) && tx.commit().is_ok() {
                return (batch.iter().map(|_| Ok(())).collect(), false);
            }
            // Dropping an unfinished transaction rolls it back.
        }
    }
    commit_isolated(conn, batch)
}

/// [`commit`] with each job in its own savepoint.
fn commit_isolated(conn: &mut Connection, batch: &[Envelope]) -> (Vec<Result<(), String>>, bool) {
    let all = |error: rusqlite::Error| {
        let damaged = health::is_damage(&error);
        let results = batch.iter().map(|_| Err(error.to_string())).collect();
        (results, damaged)
    };
    let mut tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(error) => return all(error),
    };
    let mut results = Vec::with_capacity(batch.len());
    let mut damaged = false;
    for envelope in batch {
        let result = tx.savepoint().and_then(|savepoint| {
            run(&savepoint, &envelope.job)?;
            savepoint.commit()
        });
        if let Err(error) = &result {
            damaged |= health::is_damage(error);
        }
        results.push(result.map_err(|e| e.to_string()));
    }
    match tx.commit() {
        Ok(()) => (results, damaged),
        Err(error) => all(error),
    }
}

/// Updates the ratings of a rated game's accounts (`ratings.rs`), in the transaction that
/// records its results.
fn rate_game(conn: &Connection, game: i64, results: &GameResults) -> rusqlite::Result<()> {
    let mut query = conn.prepare_cached(
        "SELECT gp.player, gp.role, gp.won, gp.escaped, a.id IS NOT NULL, r.rating, r.uncertainty,
                COALESCE(r.games, 0)
         FROM game_players gp
         LEFT JOIN accounts a ON a.id = gp.player
         LEFT JOIN ratings r ON r.account = gp.player AND r.mode = ?2
         WHERE gp.game = ?1 ORDER BY gp.seat",
    )?;
    let rows = query
        .query_map(params![game, results.mode], |row| {
            Ok(RatingSeatRow {
                player: row.get(0)?,
                role: row.get::<_, Option<String>>(1)?.unwrap_or_default(),
                won: row.get::<_, Option<bool>>(2)?.unwrap_or(false),
                escaped: row.get::<_, Option<bool>>(3)?.unwrap_or(false),
                account: row.get(4)?,
                rating: row.get(5)?,
                uncertainty: row.get(6)?,
                games: row.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let Some(after) = new_ratings(&rows, results) else {
        return Ok(());
    };
    let mut upsert = conn.prepare_cached(
        "INSERT INTO ratings (account, mode, rating, uncertainty, score, games, hidden)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6,
                 COALESCE((SELECT private FROM accounts WHERE id = ?1), 0))
         ON CONFLICT DO UPDATE SET rating = excluded.rating, uncertainty = excluded.uncertainty,
           score = excluded.score, games = excluded.games",
    )?;
    for (account, rating, games) in after {
        upsert.execute(params![
            account,
            results.mode,
            rating.rating,
            rating.uncertainty,
            rating.score(),
            games
        ])?;
    }
    conn.prepare_cached("UPDATE games SET rated = 1 WHERE id = ?1")?
        .execute(params![game])?;
    Ok(())
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
            series,
            // One process owns everything in SQLite: no fence.
            fence: _,
        } => {
            let now = now_ms();
            // A closed room's id may be drawn again for a new room: the row starts over.
            conn.prepare_cached(
                "INSERT INTO rooms (id, state, host, games, settings, seats, created_at, updated_at,
                                    empty_since, series)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9)
                 ON CONFLICT (id) DO UPDATE SET
                   created_at = CASE WHEN rooms.state IN ('closed', 'failed')
                                     THEN excluded.created_at ELSE rooms.created_at END,
                   state = excluded.state, host = excluded.host, games = excluded.games,
                   settings = excluded.settings, seats = excluded.seats,
                   updated_at = excluded.updated_at, empty_since = excluded.empty_since,
                   series = excluded.series",
            )?
            .execute(params![id, state, host, games, settings, seats, now, empty_since, series])?;
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
        Job::CloseRoom { id, failed, .. } => {
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
            // A room id may be drawn again: the next room starts with no bans.
            conn.prepare_cached("DELETE FROM room_bans WHERE room = ?1")?
                .execute(params![id])?;
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
            rules,
            setup,
            seed,
            players,
            seats,
            private,
            host,
            ..
        } => {
            conn.prepare_cached(
                "INSERT INTO games (id, room, number, status, record_version, engine, rules, setup,
                                    seed, players, started_at, private, host)
                 VALUES (?1, ?2, ?3, 'playing', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            )?
            .execute(params![
                id,
                room,
                number,
                record_version,
                engine,
                rules,
                setup,
                seed,
                players,
                now_ms(),
                private,
                host
            ])?;
            let mut insert = conn.prepare_cached(
                "INSERT INTO game_players (game, seat, player) VALUES (?1, ?2, ?3)",
            )?;
            for (seat, player) in seats {
                insert.execute(params![id, seat, player])?;
            }
        }
        Job::Append {
            game,
            first,
            rows,
            overwrite,
            ..
        } => {
            // Over whatever a write whose answer was lost left from `first` on (the room that
            // owns the game goes back to its last acknowledged action and appends from there).
            if *overwrite {
                conn.prepare_cached("DELETE FROM actions WHERE game = ?1 AND n >= ?2")?
                    .execute(params![game, first])?;
            }
            let mut insert = conn.prepare_cached(
                "INSERT INTO actions (game, n, seat, action, hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (n, (seat, action, hash)) in (*first..).zip(rows) {
                insert.execute(params![game, n, seat, action, hash])?;
            }
        }
        Job::Finish {
            game,
            actions,
            outcome,
            hash,
            ..
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
            conn.prepare_cached("DELETE FROM game_players WHERE game = ?1")?
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
        Job::SaveAccount(account) => {
            conn.prepare_cached(
                "INSERT INTO accounts (id, name, name_key, password, created_at, private)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (id) DO UPDATE SET
                   name = excluded.name, name_key = excluded.name_key,
                   password = excluded.password, private = excluded.private",
            )?
            .execute(params![
                account.id as i64,
                account.name,
                account.key,
                account.password,
                account.created_at as i64,
                account.private
            ])?;
            conn.prepare_cached("UPDATE ratings SET hidden = ?2 WHERE account = ?1")?
                .execute(params![account.id as i64, account.private])?;
        }
        Job::Results(results) => {
            let game = results.game as i64;
            // Our own type: it serializes.
            let series = (results.series.as_ref()).and_then(|s| serde_json::to_string(s).ok());
            conn.prepare_cached("UPDATE games SET mode = ?2, series = ?3 WHERE id = ?1")?
                .execute(params![game, results.mode, series])?;
            let mut seat = conn.prepare_cached(
                // A player who escaped did not win, whatever its camp did.
                "UPDATE game_players SET general = ?3, role = ?4,
                   escaped = (player IS NOT NULL AND (player IS NOT ?6 OR ?7)),
                   won = (?5 AND NOT (player IS NOT NULL AND (player IS NOT ?6 OR ?7)))
                 WHERE game = ?1 AND seat = ?2",
            )?;
            let mut general = conn.prepare_cached(
                "INSERT INTO general_stats (mode, general, role, games, wins)
                 VALUES (?1, ?2, ?3, 1, ?4)
                 ON CONFLICT DO UPDATE SET games = games + 1, wins = wins + excluded.wins",
            )?;
            for result in &results.seats {
                seat.execute(params![
                    game,
                    result.seat.0,
                    result.general,
                    result.role,
                    result.won,
                    result.held_by.map(|p| p as i64),
                    result.trusteeship
                ])?;
                general.execute(params![
                    results.mode,
                    result.general,
                    result.role,
                    i64::from(result.won)
                ])?;
            }
            conn.prepare_cached(
                "INSERT INTO mode_stats (mode, games, seats) VALUES (?1, 1, ?2)
                 ON CONFLICT DO UPDATE SET games = games + 1, seats = seats + excluded.seats",
            )?
            .execute(params![results.mode, results.seats.len() as i64])?;
            rate_game(conn, game, results)?;
        }
        Job::SaveBan(ban) => {
            conn.prepare_cached(
                "INSERT OR REPLACE INTO bans (kind, target, until, reason, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                ban.kind,
                ban.target,
                ban.until.map(|t| t as i64),
                ban.reason,
                ban.created_at as i64
            ])?;
        }
        Job::RemoveBan { kind, target } => {
            conn.prepare_cached("DELETE FROM bans WHERE kind = ?1 AND target = ?2")?
                .execute(params![kind, target])?;
        }
        Job::RoomBan {
            room,
            player,
            until,
        } => {
            conn.prepare_cached(
                "INSERT OR REPLACE INTO room_bans (room, player, until) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![room, player, until])?;
        }
        Job::SaveReport(report) => {
            conn.prepare_cached(
                "INSERT INTO reports (reporter, player, game, reason, at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                report.reporter as i64,
                report.player as i64,
                report.game.map(|g| g as i64),
                report.reason,
                report.at as i64
            ])?;
        }
        Job::SaveLogin { account, token } => {
            conn.prepare_cached(
                "INSERT OR REPLACE INTO logins (token, account, created_at) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![&token.0[..], account, now_ms()])?;
        }
        // One SQLite process keeps its sessions in memory (never sent here).
        Job::SaveGuest { .. } => {}
        Job::RevokeLogins { account, token } => match token {
            Some(token) => {
                conn.prepare_cached("DELETE FROM logins WHERE account = ?1 AND token = ?2")?
                    .execute(params![account, &token.0[..]])?;
            }
            None => {
                conn.prepare_cached("DELETE FROM logins WHERE account = ?1")?
                    .execute(params![account])?;
            }
        },
        Job::Repair(_) | Job::Flush | Job::Stop => {}
    }
    Ok(())
}
