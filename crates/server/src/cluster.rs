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
//! Without leases (SQLite, or PostgreSQL without `--node-id`) there is no loop: the process
//! owns every room.

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::time::MissedTickBehavior;

use crate::Shared;

/// Starts the loop if the store has leases (inside a tokio runtime). It ends with the server.
pub(crate) fn spawn(shared: &Arc<Shared>) {
    let Some(leases) = shared.storage.leases() else {
        return;
    };
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
