//! What both stores' writer threads share: taking a batch of jobs off the queue (group commit),
//! answering their acks, the commit figures, and the ratings a recorded game gives (the SQL
//! around them is each store's: `writer.rs`, `pg/write.rs`).

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::writer::{Envelope, Job, MAX_BATCH};
use super::GameResults;
use crate::ratings::{self, RatedSeat, Rating};

/// Waits for the next job, then takes every job waiting and what arrives within the commit
/// window after the first (up to [`MAX_BATCH`]): one transaction, one sync for all of them.
/// `None`: every sender is gone.
pub(super) fn next_batch(
    rx: &mpsc::Receiver<Envelope>,
    window_us: &AtomicU64,
) -> Option<Vec<Envelope>> {
    let first = rx.recv().ok()?;
    let mut batch = vec![first];
    let window = Duration::from_micros(window_us.load(Ordering::Relaxed));
    let opened = Instant::now();
    while batch.len() < MAX_BATCH {
        match rx.try_recv() {
            Ok(envelope) => batch.push(envelope),
            Err(mpsc::TryRecvError::Disconnected) => break,
            Err(mpsc::TryRecvError::Empty) => {
                let left = window.saturating_sub(opened.elapsed());
                if left.is_zero() {
                    break;
                }
                match rx.recv_timeout(left) {
                    Ok(envelope) => batch.push(envelope),
                    Err(_) => break,
                }
            }
        }
    }
    Some(batch)
}

/// What a committed batch asks of its writer besides the acks.
#[derive(Default)]
pub(super) struct Answered {
    /// A `Stop` was among the jobs.
    pub stop: bool,
    /// A `Repair` was among the jobs, for this reason.
    pub repair: Option<String>,
}

/// Answers each job's ack with its result (a failed job without an ack is logged).
pub(super) fn answer(batch: Vec<Envelope>, results: Vec<Result<(), String>>) -> Answered {
    let mut answered = Answered::default();
    for (envelope, result) in batch.into_iter().zip(results) {
        answered.stop |= matches!(envelope.job, Job::Stop);
        if let Job::Repair(reason) = &envelope.job {
            answered.repair = Some(reason.clone());
        }
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
    answered
}

/// Records a commit's figures.
pub(super) fn measure(started: Instant, jobs: usize, results: &[Result<(), String>]) {
    metrics::histogram!("sgs_store_commit_seconds").record(started.elapsed().as_secs_f64());
    metrics::histogram!("sgs_store_batch_jobs").record(jobs as f64);
    tracing::trace!(
        jobs,
        ok = results.iter().filter(|r| r.is_ok()).count(),
        "committed"
    );
}

/// A seat of a finished game as rating reads it: its player, role, result, whether the
/// player has an account, and the account's rating in the game's mode so far.
pub(super) struct RatingSeatRow {
    pub player: Option<i64>,
    pub role: String,
    pub won: bool,
    pub escaped: bool,
    pub account: bool,
    pub rating: Option<f64>,
    pub uncertainty: Option<f64>,
    pub games: i64,
}

/// The ratings a game's seats have after it, `(account, rating, games rated)` in seat order,
/// or `None` when the game is not rated (`ratings.rs`; any store).
pub(super) fn new_ratings(
    rows: &[RatingSeatRow],
    results: &GameResults,
) -> Option<Vec<(i64, Rating, i64)>> {
    let who: Vec<_> = rows
        .iter()
        .map(|row| (row.player.map(|p| p as u64), row.account))
        .collect();
    // Decided by the camps' result (a winning seat whose player escaped still made it one).
    let decided = results.seats.iter().any(|seat| seat.won);
    if !ratings::is_rated(&who, results.default_clocks, decided) {
        return None;
    }
    let seats: Vec<RatedSeat> = rows
        .iter()
        .map(|row| RatedSeat {
            account: row.player.unwrap_or(0) as u64,
            role: row.role.clone(),
            won: row.won,
            escaped: row.escaped,
            before: match (row.rating, row.uncertainty) {
                (Some(rating), Some(uncertainty)) => Rating {
                    rating,
                    uncertainty,
                },
                _ => Rating::default(),
            },
        })
        .collect();
    let after = ratings::rate(&seats);
    Some(
        seats
            .iter()
            .zip(after)
            .zip(rows)
            .map(|((seat, rating), row)| (seat.account as i64, rating, row.games + 1))
            .collect(),
    )
}
