//! The lease loop of a process sharing its PostgreSQL store with others (`--node-id`,
//! decision 0021). Every third of the lease time it
//! 1. renews the leases of the rooms it runs; a room whose lease another process took over
//!    (this one was too slow, or cut off from the database) stops here at once
//!    (`Room::lose_lease`);
//! 2. claims the open rooms whose lease expired — those of a process that died — and rebuilds
//!    them from their records, as recovery does at start (`recover::restore`). Their players
//!    reconnect at the rooms' URLs; the proxy sends them here, and their session tokens, stored
//!    with the rooms, resume their seats.
//!
//! A second loop keeps the public room list shared (`Lobby::update_remote`), and every
//! [`BANS_EVERY`] looks reads the server bans again (`Moderation::sync_bans`): every
//! `--room-list-poll-ms` it reads from the store the rooms whose row changed since its last
//! look (a margin before it), and every [`FULL_EVERY`] looks all open rooms, dropping the lines
//! of rooms gone meanwhile. Polling the `rooms` table rather than `LISTEN/NOTIFY`: the table is
//! already written, durably, on every change a line shows (seats, state, members), so the list
//! cannot disagree with it and needs no second write path; a look is one indexed query per
//! process per period returning only what changed; and a lost connection loses nothing (a
//! notification sent while a listener reconnects would be lost, and a full read would be needed
//! anyway). Notifications would show a new room within milliseconds instead of within a
//! period — for a lobby list that already gathers its pushes for 100 ms, a second is enough.
//!
//! Without leases (SQLite, or PostgreSQL without `--node-id`) there are no loops: the process
//! owns every room.

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::time::MissedTickBehavior;

use crate::Shared;

/// A look at the shared list reads rooms changed this long before the previous look began
/// (a write committed late, with an earlier time, is still seen).
const MARGIN_MS: i64 = 2_000;

/// Every this many looks, one reads every open room (and drops lines of rooms gone).
pub const FULL_EVERY: u32 = 30;

/// Every this many looks of the list, the server bans are read again too (another process may
/// have banned or lifted one).
pub const BANS_EVERY: u32 = 5;

/// Starts the loops if the store has leases (inside a tokio runtime). They end with the server.
pub(crate) fn spawn(shared: &Arc<Shared>) {
    let Some(leases) = shared.storage.leases() else {
        return;
    };
    spawn_listing(shared);
    let every = Duration::from_millis((leases.ttl_ms / 3).max(10));
    let shared: Weak<Shared> = Arc::downgrade(shared);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // The first tick is at once: recovery has just claimed what there was.
        tick.tick().await;
        loop {
            tick.tick().await;
            let Some(shared) = shared.upgrade() else {
                break;
            };
            if shared.is_shutting_down() {
                break;
            }
            renew(&shared).await;
            claim(&shared).await;
        }
    });
}

/// Renews this process's leases; stops the rooms whose lease was taken over.
async fn renew(shared: &Arc<Shared>) {
    let store = shared.clone();
    match tokio::task::spawn_blocking(move || store.storage.renew_leases()).await {
        Ok(Ok(lost)) => {
            for room in lost {
                if let Some(handle) = shared.lobby.get(&room) {
                    handle.lease_lost().await;
                }
            }
        }
        // The rooms' own writes fail meanwhile, and they pause (or stop, once fenced).
        Ok(Err(error)) => tracing::warn!(%error, "cannot renew the rooms' leases"),
        Err(error) => tracing::error!(%error, "the lease renewal panicked"),
    }
}

/// Claims the rooms whose lease expired and rebuilds them here.
async fn claim(shared: &Arc<Shared>) {
    let store = shared.clone();
    let claimed = tokio::task::spawn_blocking(move || {
        let rooms = store.storage.claim_rooms(false)?.unwrap_or_default();
        // The rooms are ours now: they come back even if their bans cannot be read.
        let bans = if rooms.is_empty() {
            Vec::new()
        } else {
            store.storage.room_bans().unwrap_or_else(|error| {
                tracing::error!(%error, "cannot read the claimed rooms' bans");
                Vec::new()
            })
        };
        std::io::Result::Ok((rooms, bans))
    })
    .await;
    let (rooms, bans) = match claimed {
        Ok(Ok((rooms, _))) if rooms.is_empty() => return,
        Ok(Ok(found)) => found,
        Ok(Err(error)) => {
            tracing::warn!(%error, "cannot claim rooms whose lease expired");
            return;
        }
        Err(error) => {
            tracing::error!(%error, "claiming rooms panicked");
            return;
        }
    };
    let claimed = rooms.len();
    let recovered = crate::recover::restore(shared, rooms, bans);
    metrics::counter!("sgs_rooms_taken_over_total").increment(recovered.rooms as u64);
    shared
        .sessions
        .mark_accounts(|player| shared.accounts.get(player).map(|a| a.name));
    tracing::info!(
        claimed,
        rooms = recovered.rooms,
        games = recovered.games,
        failed = recovered.failed.len(),
        "rooms taken over from a server whose leases expired"
    );
}

/// The loop keeping the other processes' public rooms in this one's list.
fn spawn_listing(shared: &Arc<Shared>) {
    let every = Duration::from_millis(shared.config.room_list_poll_ms.max(10));
    let shared: Weak<Shared> = Arc::downgrade(shared);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut since: Option<i64> = None;
        let mut looks = 0u32;
        loop {
            tick.tick().await;
            let Some(shared) = shared.upgrade() else {
                break;
            };
            if shared.is_shutting_down() {
                break;
            }
            let full = looks.is_multiple_of(FULL_EVERY);
            let asked = if full { None } else { since };
            let store = shared.clone();
            let read = tokio::task::spawn_blocking(move || store.storage.room_listings(asked));
            match read.await {
                Ok(Ok(Some((now, mut changes)))) => {
                    if full {
                        // Lines of rooms no longer open anywhere go.
                        let open: std::collections::HashSet<&str> =
                            changes.iter().map(|(room, _)| room.as_str()).collect();
                        let gone: Vec<_> = shared
                            .lobby
                            .remote_rooms()
                            .into_iter()
                            .filter(|room| !open.contains(room.as_str()))
                            .collect();
                        changes.extend(gone.into_iter().map(|room| (room, None)));
                    }
                    shared.lobby.update_remote(changes);
                    since = Some(now - MARGIN_MS);
                    if looks.is_multiple_of(BANS_EVERY) {
                        sync_bans(&shared).await;
                    }
                    looks = looks.wrapping_add(1);
                }
                Ok(Ok(None)) => break,
                Ok(Err(error)) => tracing::warn!(%error, "cannot read the shared room list"),
                Err(error) => tracing::error!(%error, "reading the shared room list panicked"),
            }
        }
    });
}

/// Reads the server bans again (several processes: another may have banned or lifted one).
async fn sync_bans(shared: &Arc<Shared>) {
    let store = shared.clone();
    match tokio::task::spawn_blocking(move || store.storage.bans()).await {
        Ok(Ok(bans)) => {
            let now = crate::recover::unix_ms();
            let settle = u64::try_from(MARGIN_MS).unwrap_or(0);
            shared.moderation.sync_bans(bans, now, settle);
        }
        Ok(Err(error)) => tracing::warn!(%error, "cannot read the server bans"),
        Err(error) => tracing::error!(%error, "reading the server bans panicked"),
    }
}
