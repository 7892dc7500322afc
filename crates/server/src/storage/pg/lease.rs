//! Room leases in PostgreSQL (decision 0021; the process's side is `storage/lease.rs`, the
//! fence on every write `fence.rs`): claiming rooms and renewing leases, each on a reader
//! connection, each claim in a transaction of its own — committed before the claimed room is
//! read — and the store's `claim_rooms` and `renew_leases` built on them.

use std::io;

use postgres::Client;
use sgs_protocol::RoomId;

use super::PgStorage;
use crate::storage::OpenRoom;

/// The open rooms this process may claim: every one whose lease expired or that has none, and
/// at start also those `$2` (this node) owns.
const CLAIMABLE: &str = concat!(
    "SELECT r.id FROM rooms r LEFT JOIN room_leases l ON l.room = r.id
     WHERE r.state NOT IN ('closed', 'failed')
       AND (l.room IS NULL OR l.expires_at < ",
    db_now_ms!(),
    " OR ($1 AND l.owner = $2))
     ORDER BY r.created_at, r.id"
);

/// Claims every claimable room (see [`CLAIMABLE`]) for `node`: one transaction per room, which
/// locks the room's lease row `FOR UPDATE` (waiting for any write under the old epoch to end),
/// checks again that it may take it, and gives it a new epoch. Returns (room, epoch) of each
/// room claimed; a room another process claimed first is left out.
pub(super) fn claim(
    client: &mut Client,
    node: &str,
    ttl_ms: u64,
    at_start: bool,
) -> Result<Vec<(String, i64)>, String> {
    let ttl = i64::try_from(ttl_ms).unwrap_or(i64::MAX);
    let text = |e: postgres::Error| e.to_string();
    let candidates: Vec<String> = client
        .query(CLAIMABLE, &[&at_start, &node])
        .map_err(text)?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()
        .map_err(text)?;
    if !candidates.is_empty() {
        // A claimer paused mid-claim must not keep the room's writes waiting (see `write.rs`).
        client
            .batch_execute(&super::write::idle_timeout(ttl_ms))
            .map_err(text)?;
    }
    let mut claimed = Vec::new();
    for room in candidates {
        let mut tx = client.transaction().map_err(text)?;
        // A room without a lease row yet (made before leases, or by a process without
        // `--node-id`) gets an expired one to claim.
        tx.execute(
            "INSERT INTO room_leases (room, owner, epoch, expires_at)
             VALUES ($1, '', nextval('lease_epochs'), 0) ON CONFLICT (room) DO NOTHING",
            &[&room],
        )
        .map_err(text)?;
        let may = tx
            .query_opt(
                concat!(
                    "SELECT 1 FROM room_leases
                     WHERE room = $1 AND (expires_at < ",
                    db_now_ms!(),
                    " OR ($2 AND owner = $3)) FOR UPDATE"
                ),
                &[&room, &at_start, &node],
            )
            .map_err(text)?
            .is_some();
        if !may {
            // Renewed or claimed by another meanwhile.
            continue;
        }
        let epoch: i64 = tx
            .query_one(
                concat!(
                    "UPDATE room_leases SET owner = $2, epoch = nextval('lease_epochs'),
                         expires_at = ",
                    db_now_ms!(),
                    " + $3 WHERE room = $1 RETURNING epoch"
                ),
                &[&room, &node, &ttl],
            )
            .and_then(|row| row.try_get(0))
            .map_err(text)?;
        tx.commit().map_err(text)?;
        tracing::info!(%room, epoch, "room claimed");
        claimed.push((room, epoch));
    }
    Ok(claimed)
}

/// Extends the leases of `rooms` that still have the given `epochs` by `ttl_ms` from now;
/// returns the rooms renewed.
pub(super) fn renew(
    client: &mut Client,
    rooms: &[String],
    epochs: &[i64],
    ttl_ms: u64,
) -> Result<Vec<String>, String> {
    let ttl = i64::try_from(ttl_ms).unwrap_or(i64::MAX);
    set_expiry(
        client,
        concat!(db_now_ms!(), " + $3"),
        &[&rooms, &epochs, &ttl],
    )
}

/// Ends the leases of `rooms` that still have the given `epochs` now (they are claimable at
/// once); returns the rooms released.
pub(super) fn release(
    client: &mut Client,
    rooms: &[String],
    epochs: &[i64],
) -> Result<Vec<String>, String> {
    set_expiry(client, "0", &[&rooms, &epochs])
}

/// Sets `expires_at` to `expiry` (SQL; `$1` rooms, `$2` epochs, more parameters after) on each
/// lease of the rooms that still has its epoch; returns the rooms changed.
fn set_expiry(
    client: &mut Client,
    expiry: &str,
    parameters: &[&(dyn postgres::types::ToSql + Sync)],
) -> Result<Vec<String>, String> {
    let statement = format!(
        "UPDATE room_leases l SET expires_at = {expiry}
         FROM UNNEST($1::TEXT[], $2::BIGINT[]) AS h (room, epoch)
         WHERE l.room = h.room AND l.epoch = h.epoch
         RETURNING l.room"
    );
    let rows = client
        .query(&statement, parameters)
        .map_err(|e| e.to_string())?;
    rows.iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())
}

/// [`crate::storage::Storage::claim_rooms`] on PostgreSQL: claims, then holds the new epochs, then reads.
pub(super) fn claim_rooms(store: &PgStorage, at_start: bool) -> io::Result<Option<Vec<OpenRoom>>> {
    let Some(leases) = store.shared.leases.get().cloned() else {
        return Ok(None);
    };
    let (node, ttl) = (leases.node.clone(), leases.ttl_ms);
    let claimed = store.read(move |client| claim(client, &node, ttl, at_start))?;
    if claimed.is_empty() {
        return Ok(Some(Vec::new()));
    }
    // Held before anything is read: the rooms' writes from now on carry the new epochs.
    for (room, epoch) in &claimed {
        leases.hold(room, *epoch);
    }
    let ids: Vec<String> = claimed.into_iter().map(|(room, _)| room).collect();
    let wanted = ids.clone();
    match store
        .read(move |client| super::read::read_open_rooms(client, super::read::Which::Ids(&wanted)))
    {
        Ok(rooms) => Ok(Some(rooms)),
        Err(error) => {
            // Not run here after all: the leases lapse and a process claims them again.
            for room in &ids {
                leases.forget(room);
            }
            Err(error)
        }
    }
}

/// [`crate::storage::Storage::renew_leases`] on PostgreSQL.
pub(super) fn renew_held(store: &PgStorage) -> io::Result<Vec<RoomId>> {
    let Some(leases) = store.shared.leases.get().cloned() else {
        return Ok(Vec::new());
    };
    let (rooms, epochs) = leases.held();
    if rooms.is_empty() {
        return Ok(Vec::new());
    }
    let asked: Vec<(String, i64)> = rooms.iter().cloned().zip(epochs.iter().copied()).collect();
    let ttl = leases.ttl_ms;
    let renewed = store.read(move |client| renew(client, &rooms, &epochs, ttl))?;
    Ok(leases.after_renewal(&asked, &renewed))
}

/// [`crate::storage::Storage::release_leases`] on PostgreSQL: the leases end now and are
/// forgotten here.
pub(super) fn release_rooms(
    store: &PgStorage,
    rooms: Vec<String>,
    epochs: Vec<i64>,
) -> io::Result<usize> {
    if rooms.is_empty() {
        return Ok(0);
    }
    let asked = rooms.clone();
    let released = store.read(move |client| release(client, &rooms, &epochs))?;
    if let Some(leases) = store.shared.leases.get() {
        for room in &asked {
            leases.forget(room);
        }
    }
    tracing::info!(
        released = released.len(),
        "leases given up for another server to take"
    );
    Ok(released.len())
}
