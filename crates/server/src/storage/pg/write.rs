//! The PostgreSQL store's writer thread: the same jobs as the SQLite writer (`writer.rs`), the
//! same group commit (every job waiting, each in a savepoint only if one fails, one commit,
//! then every ack), on one connection that it opens again when the database went away.
//!
//! With leases (several processes on the database), every write of a room is fenced by its
//! lease's epoch first (`fence.rs`).
//!
//! The first append of a reopened log first deletes whatever the log holds from its first
//! action on: the room is the only writer of its game, and after a write whose answer was lost
//! (the connection dropped during `COMMIT`, which may or may not have committed) the room goes
//! back to its last acknowledged action and reopens its log there — never shown to anyone, the
//! lost rows are replaced, not left to block the log.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use postgres::types::ToSql;
use postgres::{Client, Statement, Transaction};

use super::fence::{check_fence, precheck, FenceState, JobError, Taken};
use super::{Connector, PgShared};
use crate::storage::batch::{answer, measure, next_batch};
use crate::storage::lease::{Fence, Leases};
use crate::storage::sqlite::now_ms;
use crate::storage::writer::{Envelope, Job};
use crate::storage::GameStatus;

pub(super) type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// Statements prepared on the writer's connection, by their text.
#[derive(Default)]
pub(super) struct Statements(HashMap<&'static str, Statement>);

impl Statements {
    pub(super) fn exec(
        &mut self,
        tx: &mut Transaction<'_>,
        sql: &'static str,
        params: Params<'_>,
    ) -> Result<u64, postgres::Error> {
        let statement = match self.0.get(sql) {
            Some(statement) => statement.clone(),
            None => {
                let statement = tx.prepare(sql)?;
                self.0.insert(sql, statement.clone());
                statement
            }
        };
        tx.execute(&statement, params)
    }

    pub(super) fn query(
        &mut self,
        tx: &mut Transaction<'_>,
        sql: &'static str,
        params: Params<'_>,
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        let statement = match self.0.get(sql) {
            Some(statement) => statement.clone(),
            None => {
                let statement = tx.prepare(sql)?;
                self.0.insert(sql, statement.clone());
                statement
            }
        };
        tx.query(&statement, params)
    }
}

/// The writer thread: batches, commits, answers; reconnects when the connection is gone.
pub(super) fn write_loop(
    connect: Connector,
    mut client: Option<Client>,
    rx: mpsc::Receiver<Envelope>,
    shared: Arc<PgShared>,
) {
    let mut statements = Statements::default();
    // The connection's idle-in-transaction timeout is set (with leases).
    let mut tuned = false;
    loop {
        let Some(batch) = next_batch(&rx, &shared.window_us) else {
            break;
        };
        let started = Instant::now();
        if client.as_ref().is_none_or(Client::is_closed) {
            statements = Statements::default();
            tuned = false;
            client = match connect() {
                Ok(client) => Some(client),
                Err(error) => {
                    shared.fail(format!("cannot reach the database: {error}"));
                    None
                }
            };
        }
        if let (Some(connected), Some(leases), false) = (&mut client, shared.leases.get(), tuned) {
            // A process paused in the middle of a transaction (stopped, swapping) would hold
            // its lease rows' locks and keep a claim waiting: the database ends such a
            // transaction after half a lease, and the paused process's commit then fails.
            tuned = connected
                .batch_execute(&idle_timeout(leases.ttl_ms))
                .is_ok();
        }
        let results = match &mut client {
            Some(client) => commit(client, &mut statements, &batch, shared.leases.get()),
            None => {
                let reason = shared.failure().unwrap_or_default();
                batch.iter().map(|_| Err(reason.clone())).collect()
            }
        };
        // A failed job may be only itself (a name already taken) or the connection: ask the
        // database (one round trip, on failures only). A lost connection is opened again for
        // the next batch.
        let failed = results.iter().any(Result::is_err);
        let lost = client.as_mut().is_some_and(|client| {
            client.is_closed() || (failed && client.is_valid(Duration::from_secs(2)).is_err())
        });
        if lost {
            shared.fail("the connection to the database was lost".to_string());
            client = None;
        } else if client.is_some() && results.iter().any(Result::is_ok) {
            shared.recovered();
        }
        measure(started, batch.len(), &results);
        if answer(batch, results).stop {
            break;
        }
    }
}

/// The room and epoch a job's write is fenced by, when it is a held lease's.
fn held_fence(job: &Job) -> Option<(String, i64)> {
    let (room, fence) = match job {
        Job::SaveRoom { id, fence, .. } | Job::CloseRoom { id, fence, .. } => (id, fence),
        Job::Begin { room, fence, .. }
        | Job::Append { room, fence, .. }
        | Job::Finish { room, fence, .. } => (room, fence),
        Job::Replace { begin, .. } => return held_fence(begin),
        _ => return None,
    };
    match fence {
        Some(Fence::Held(epoch)) => Some((room.clone(), *epoch)),
        _ => None,
    }
}

/// The statement that ends a transaction idle for half a lease of `ttl_ms` (at least 100 ms).
pub(super) fn idle_timeout(ttl_ms: u64) -> String {
    format!(
        "SET idle_in_transaction_session_timeout = {}",
        (ttl_ms / 2).max(100)
    )
}

/// Runs a batch in one transaction; if a job fails, the batch runs again with each job in its
/// own savepoint, so a failed job does not undo the others (as the SQLite writer does). A job
/// refused by the fence marks its room lost in `leases`; leases the jobs took are recorded there
/// once the transaction commits.
fn commit(
    client: &mut Client,
    statements: &mut Statements,
    batch: &[Envelope],
    leases: Option<&std::sync::Arc<Leases>>,
) -> Vec<Result<(), String>> {
    let fenced = |error: &JobError| {
        if let (JobError::Fenced(room), Some(leases)) = (error, leases) {
            leases.lose(room);
        }
    };
    let record = |taken: Taken| {
        if let Some(leases) = leases {
            for (room, epoch) in taken {
                match epoch {
                    Some(epoch) => leases.hold(&room, epoch),
                    None => leases.forget(&room),
                }
            }
        }
    };
    if batch.len() > 1 {
        if let Ok(mut tx) = client.transaction() {
            let mut state = FenceState::new(leases);
            let held: Vec<(String, i64)> =
                batch.iter().filter_map(|e| held_fence(&e.job)).collect();
            state.prechecked = precheck(&mut tx, statements, &held).unwrap_or(false);
            let all = state.prechecked
                && batch.iter().all(|envelope| {
                    run(&mut tx, statements, &envelope.job, &mut state)
                        .inspect_err(fenced)
                        .is_ok()
                });
            if all && tx.commit().is_ok() {
                record(state.taken);
                return batch.iter().map(|_| Ok(())).collect();
            }
            // Dropping an unfinished transaction rolls it back.
        }
    }
    let all = |error: postgres::Error| batch.iter().map(|_| Err(error.to_string())).collect();
    let mut tx = match client.transaction() {
        Ok(tx) => tx,
        Err(error) => return all(error),
    };
    let mut results = Vec::with_capacity(batch.len());
    let mut taken = Taken::new();
    for envelope in batch {
        let mut job_state = FenceState::new(leases);
        let result = tx
            .savepoint("job")
            .map_err(JobError::from)
            .and_then(|mut savepoint| {
                run(&mut savepoint, statements, &envelope.job, &mut job_state)?;
                Ok(savepoint.commit()?)
            });
        match result {
            Ok(()) => {
                taken.extend(job_state.taken);
                results.push(Ok(()));
            }
            Err(error) => {
                fenced(&error);
                results.push(Err(error.to_string()));
            }
        }
    }
    match tx.commit() {
        Ok(()) => {
            record(taken);
            results
        }
        Err(error) => all(error),
    }
}

/// Inserts actions `first`, `first + 1`, … of `game` in one statement.
fn insert_actions(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    game: i64,
    first: i64,
    rows: &[(i64, String, Option<i64>)],
) -> Result<(), postgres::Error> {
    let seats: Vec<i64> = rows.iter().map(|r| r.0).collect();
    let actions: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    let hashes: Vec<Option<i64>> = rows.iter().map(|r| r.2).collect();
    statements.exec(
        tx,
        "INSERT INTO actions (game, n, seat, action, hash)
         SELECT $1, $2 + t.i - 1, t.seat, t.action, t.hash
         FROM UNNEST($3::BIGINT[], $4::TEXT[], $5::BIGINT[])
              WITH ORDINALITY AS t (seat, action, hash, i)",
        &[&game, &first, &seats, &actions, &hashes],
    )?;
    Ok(())
}

fn run(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    job: &Job,
    fences: &mut FenceState<'_>,
) -> Result<(), JobError> {
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
            fence,
        } => {
            check_fence(tx, statements, id, *fence, fences)?;
            // A closed room's id may be drawn again for a new room: the row starts over.
            statements.exec(
                tx,
                concat!(
                    "INSERT INTO rooms (id, state, host, games, settings, seats, created_at,
                                    updated_at, empty_since, series)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, ",
                    db_now_ms!(),
                    ", $8, $9)
                 ON CONFLICT (id) DO UPDATE SET
                   created_at = CASE WHEN rooms.state IN ('closed', 'failed')
                                     THEN excluded.created_at ELSE rooms.created_at END,
                   state = excluded.state, host = excluded.host, games = excluded.games,
                   settings = excluded.settings, seats = excluded.seats,
                   updated_at = excluded.updated_at, empty_since = excluded.empty_since,
                   series = excluded.series"
                ),
                &[
                    id,
                    state,
                    host,
                    games,
                    settings,
                    seats,
                    &now_ms(),
                    empty_since,
                    series,
                ],
            )?;
            statements.exec(tx, "DELETE FROM members WHERE room = $1", &[id])?;
            for member in members {
                statements.exec(
                    tx,
                    "INSERT INTO members (room, player, name, token, seat)
                     VALUES ($1, $2, $3, $4, $5)",
                    &[
                        id,
                        &(member.player as i64),
                        &member.name,
                        &&member.token.0[..],
                        &member.seat.map(|s| i64::from(s.0)),
                    ],
                )?;
            }
        }
        Job::CloseRoom { id, failed, fence } => {
            // A room that never wrote has no lease to check (and nothing to close).
            if *fence != Some(Fence::New) {
                check_fence(tx, statements, id, *fence, fences)?;
            }
            let (room_state, game_status) = if *failed {
                ("failed", GameStatus::Failed)
            } else {
                ("closed", GameStatus::Abandoned)
            };
            statements.exec(
                tx,
                concat!(
                    "UPDATE rooms SET state = $2, updated_at = ",
                    db_now_ms!(),
                    " WHERE id = $1"
                ),
                &[id, &room_state],
            )?;
            statements.exec(
                tx,
                "UPDATE games SET status = $2 WHERE room = $1 AND status = 'playing'",
                &[id, &game_status.as_str()],
            )?;
            // A room id may be drawn again: the next room starts with no bans.
            statements.exec(tx, "DELETE FROM room_bans WHERE room = $1", &[id])?;
            if fence.is_some() {
                // Nobody runs a closed room.
                statements.exec(tx, "DELETE FROM room_leases WHERE room = $1", &[id])?;
                fences.taken.push((id.clone(), None));
            }
        }
        Job::Chat {
            room,
            game,
            player,
            name,
            text,
        } => {
            statements.exec(
                tx,
                "INSERT INTO chat (room, game, player, name, text, at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[room, game, player, name, text, &now_ms()],
            )?;
        }
        Job::Begin {
            fence,
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
        } => {
            check_fence(tx, statements, room, *fence, fences)?;
            statements.exec(
                tx,
                "INSERT INTO games (id, room, number, status, record_version, engine, rules,
                                    setup, seed, players, started_at, private, host)
                 VALUES ($1, $2, $3, 'playing', $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                &[
                    id,
                    room,
                    number,
                    record_version,
                    engine,
                    rules,
                    setup,
                    seed,
                    players,
                    &now_ms(),
                    private,
                    host,
                ],
            )?;
            for (seat, player) in seats {
                statements.exec(
                    tx,
                    "INSERT INTO game_players (game, seat, player) VALUES ($1, $2, $3)",
                    &[id, seat, player],
                )?;
            }
        }
        Job::Append {
            room,
            fence,
            game,
            first,
            rows,
            overwrite,
        } => {
            check_fence(tx, statements, room, *fence, fences)?;
            if *overwrite {
                statements.exec(
                    tx,
                    "DELETE FROM actions WHERE game = $1 AND n >= $2",
                    &[game, first],
                )?;
            }
            insert_actions(tx, statements, *game, *first, rows)?;
        }
        Job::Finish {
            room,
            fence,
            game,
            actions,
            outcome,
            hash,
        } => {
            check_fence(tx, statements, room, *fence, fences)?;
            statements.exec(
                tx,
                "UPDATE games SET status = 'finished', finished_at = $2, actions = $3,
                                  outcome = $4, final_hash = $5
                 WHERE id = $1",
                &[game, &now_ms(), actions, outcome, hash],
            )?;
        }
        Job::Replace { begin, actions } => {
            let Job::Begin { id, .. } = **begin else {
                return Ok(());
            };
            statements.exec(tx, "DELETE FROM actions WHERE game = $1", &[&id])?;
            statements.exec(tx, "DELETE FROM game_players WHERE game = $1", &[&id])?;
            statements.exec(tx, "DELETE FROM games WHERE id = $1", &[&id])?;
            run(tx, statements, begin, fences)?;
            insert_actions(tx, statements, id, 0, actions)?;
        }
        Job::SaveAccount(account) => {
            statements.exec(
                tx,
                "INSERT INTO accounts (id, name, name_key, password, created_at, private)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (id) DO UPDATE SET
                   name = excluded.name, name_key = excluded.name_key,
                   password = excluded.password, private = excluded.private",
                &[
                    &(account.id as i64),
                    &account.name,
                    &account.key,
                    &account.password,
                    &(account.created_at as i64),
                    &account.private,
                ],
            )?;
            statements.exec(
                tx,
                "UPDATE ratings SET hidden = $2 WHERE account = $1",
                &[&(account.id as i64), &account.private],
            )?;
        }
        Job::Results(results) => super::results::results_job(tx, statements, results)?,
        Job::SaveBan(ban) => {
            statements.exec(
                tx,
                "INSERT INTO bans (kind, target, until, reason, created_at)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (kind, target) DO UPDATE SET until = excluded.until,
                   reason = excluded.reason, created_at = excluded.created_at",
                &[
                    &ban.kind,
                    &ban.target,
                    &ban.until.map(|t| t as i64),
                    &ban.reason,
                    &(ban.created_at as i64),
                ],
            )?;
        }
        Job::RemoveBan { kind, target } => {
            statements.exec(
                tx,
                "DELETE FROM bans WHERE kind = $1 AND target = $2",
                &[kind, target],
            )?;
        }
        Job::RoomBan {
            room,
            player,
            until,
        } => {
            statements.exec(
                tx,
                "INSERT INTO room_bans (room, player, until) VALUES ($1, $2, $3)
                 ON CONFLICT (room, player) DO UPDATE SET until = excluded.until",
                &[room, player, until],
            )?;
        }
        Job::SaveReport(report) => {
            statements.exec(
                tx,
                "INSERT INTO reports (reporter, player, game, reason, at)
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    &(report.reporter as i64),
                    &(report.player as i64),
                    &report.game.map(|g| g as i64),
                    &report.reason,
                    &(report.at as i64),
                ],
            )?;
        }
        Job::SaveLogin { account, token } => {
            statements.exec(
                tx,
                "INSERT INTO logins (token, account, created_at) VALUES ($1, $2, $3)
                 ON CONFLICT (token) DO UPDATE SET account = excluded.account,
                   created_at = excluded.created_at",
                &[&&token.0[..], account, &now_ms()],
            )?;
        }
        Job::SaveGuest {
            token,
            player,
            name,
        } => {
            let now = now_ms();
            statements.exec(
                tx,
                "INSERT INTO guest_sessions (token, player, name, created_at)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (token) DO NOTHING",
                &[&&token.0[..], player, name, &now],
            )?;
            // Old guests go, now and then (one save in 64).
            if player.rem_euclid(64) == 0 {
                let before = now - super::GUEST_DAYS * 86_400_000;
                statements.exec(
                    tx,
                    "DELETE FROM guest_sessions WHERE created_at < $1",
                    &[&before],
                )?;
            }
        }
        Job::RevokeLogins { account, token } => match token {
            Some(token) => {
                statements.exec(
                    tx,
                    "DELETE FROM logins WHERE account = $1 AND token = $2",
                    &[account, &&token.0[..]],
                )?;
            }
            None => {
                statements.exec(tx, "DELETE FROM logins WHERE account = $1", &[account])?;
            }
        },
        Job::Repair(_) | Job::Flush | Job::Stop => {}
    }
    Ok(())
}
