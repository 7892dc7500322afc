//! The fence on a room's writes (when processes share the store; `storage/lease.rs`,
//! decision 0021), checked by the writer (`write.rs`) in each write's own transaction.
//!
//! Every write of a room — its row, its closing, its games' rows and actions — first checks,
//! in the same transaction, that the room's lease still has the epoch this process holds,
//! taking a `FOR KEY SHARE` lock on the lease row. A claim by another process locks that row `FOR UPDATE` before it changes the
//! epoch, so a write and a claim are ordered: a write that commits before the claim is in what
//! the claimer reads; a write after it fails (`JobError::Fenced`) and the room is marked lost.
//! (Renewals change only `expires_at` under a `FOR NO KEY UPDATE` lock, which a key-share lock
//! does not wait for: writes and renewals never block each other.)

use std::sync::Arc;

use postgres::Transaction;

use super::write::Statements;
use crate::storage::lease::{Fence, Leases};

/// Why a job failed: the database, or the fence (the room's lease is another process's).
#[derive(Debug)]
pub(super) enum JobError {
    Db(postgres::Error),
    Fenced(String),
}

impl From<postgres::Error> for JobError {
    fn from(error: postgres::Error) -> JobError {
        JobError::Db(error)
    }
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::Db(error) => error.fmt(f),
            JobError::Fenced(room) => crate::storage::fenced(room).fmt(f),
        }
    }
}

/// Leases taken (room, `Some(epoch)`) or ended by closing the room (room, `None`) by the jobs
/// of a transaction: recorded once it commits.
pub(super) type Taken = Vec<(String, Option<i64>)>;

/// What the fence keeps while a transaction runs.
pub(super) struct FenceState<'a> {
    /// The process's leases (`None`: the store has none).
    pub leases: Option<&'a Arc<Leases>>,
    /// Leases the transaction's jobs took or ended.
    pub taken: Taken,
    /// The held epochs of every job of the batch were checked at its start, in one statement
    /// ([`precheck`]): the jobs need not check them again.
    pub prechecked: bool,
}

impl<'a> FenceState<'a> {
    pub fn new(leases: Option<&'a Arc<Leases>>) -> FenceState<'a> {
        FenceState {
            leases,
            taken: Taken::new(),
            prechecked: false,
        }
    }
}

/// Checks the held epochs (room, epoch) of every job of a batch in one statement at the start
/// of its transaction, locking their lease rows `FOR KEY SHARE` until it ends — as each job's
/// own check would, one round trip instead of one per job. `false`: some lease is no longer
/// held (the batch then runs job by job, each checking its own, so only those fail).
pub(super) fn precheck(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    held: &[(String, i64)],
) -> Result<bool, postgres::Error> {
    if held.is_empty() {
        return Ok(true);
    }
    let rooms: Vec<&str> = held.iter().map(|(room, _)| room.as_str()).collect();
    let epochs: Vec<i64> = held.iter().map(|(_, epoch)| *epoch).collect();
    let found = statements.query(
        tx,
        "SELECT l.room FROM room_leases l
         JOIN UNNEST($1::TEXT[], $2::BIGINT[]) AS h (room, epoch)
           ON l.room = h.room AND l.epoch = h.epoch
         FOR KEY SHARE OF l",
        &[&rooms, &epochs],
    )?;
    Ok(found.len() == held.len())
}

/// The fence of a write of `room`: the room's lease must have the epoch this process holds
/// (locked `FOR KEY SHARE` until the transaction ends, so no claim changes it meanwhile). A
/// room's first write takes a new lease for this process — unless the room is another's.
pub(super) fn check_fence(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    room: &str,
    fence: Option<Fence>,
    state: &mut FenceState<'_>,
) -> Result<(), JobError> {
    let Some(fence) = fence else {
        return Ok(());
    };
    let found = match fence {
        Fence::Held(epoch) if state.prechecked => Some(epoch),
        Fence::Held(epoch) => statements
            .query(
                tx,
                "SELECT epoch FROM room_leases WHERE room = $1 AND epoch = $2 FOR KEY SHARE",
                &[&room, &epoch],
            )?
            .first()
            .map(|row| row.try_get::<_, i64>(0))
            .transpose()?,
        Fence::New => {
            let Some(leases) = state.leases else {
                return Ok(());
            };
            let ttl = i64::try_from(leases.ttl_ms).unwrap_or(i64::MAX);
            statements.exec(
                tx,
                concat!(
                    "INSERT INTO room_leases (room, owner, epoch, expires_at)
                     VALUES ($1, $2, nextval('lease_epochs'), ",
                    db_now_ms!(),
                    " + $3) ON CONFLICT (room) DO NOTHING"
                ),
                &[&room, &leases.node, &ttl],
            )?;
            let epoch = statements
                .query(
                    tx,
                    "SELECT epoch FROM room_leases WHERE room = $1 AND owner = $2 FOR KEY SHARE",
                    &[&room, &leases.node],
                )?
                .first()
                .map(|row| row.try_get::<_, i64>(0))
                .transpose()?;
            if let Some(epoch) = epoch {
                state.taken.push((room.to_string(), Some(epoch)));
            }
            epoch
        }
    };
    match found {
        Some(_) => Ok(()),
        None => Err(JobError::Fenced(room.to_string())),
    }
}
