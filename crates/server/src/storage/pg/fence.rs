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

/// The fence of a write of `room`: the room's lease must have the epoch this process holds
/// (locked `FOR KEY SHARE` until the transaction ends, so no claim changes it meanwhile). A
/// room's first write takes a new lease for this process — unless the room is another's.
pub(super) fn check_fence(
    tx: &mut Transaction<'_>,
    statements: &mut Statements,
    room: &str,
    fence: Option<Fence>,
    leases: Option<&Arc<Leases>>,
    taken: &mut Taken,
) -> Result<(), JobError> {
    let Some(fence) = fence else {
        return Ok(());
    };
    let found = match fence {
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
            let Some(leases) = leases else {
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
                taken.push((room.to_string(), Some(epoch)));
            }
            epoch
        }
    };
    match found {
        Some(_) => Ok(()),
        None => Err(JobError::Fenced(room.to_string())),
    }
}
