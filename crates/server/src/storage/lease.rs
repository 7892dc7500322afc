//! [`Leases`]: which rooms this process may write, when several processes share one store
//! (issue 21, `docs/decisions/0021-room-leases.md`).
//!
//! Each open room has a row in the shared store's `room_leases`: its owner (a node id), an
//! epoch (from one database sequence, so no two claims ever get the same one) and when the
//! lease expires (the database's clock). A process holds the epoch of every room it runs here;
//! every write of the room carries it, and the store's writer checks it under a row lock in the
//! same transaction (the fence): a write of a process whose lease was taken over fails, and the
//! room stops. This map is the process's side of it:
//! - `Held(epoch)`: the room's writes are fenced by `epoch`;
//! - `Lost`: another process took the room (a renewal or a write found out); its writes fail at
//!   once, without reaching the database;
//! - absent: a room made here that has not written yet — its first write takes a new lease.
//!
//! The SQLite store has no leases: one process owns everything (a trivial, always-held lease).

use std::collections::HashMap;
use std::io;
use std::sync::{Mutex, MutexGuard};

use sgs_protocol::RoomId;

/// How a room's write is fenced (the writer checks it in the write's transaction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fence {
    /// The write goes through only while the room's lease has this epoch.
    Held(i64),
    /// The room's first write: it takes a new lease for this process (unless the room is
    /// another's).
    New,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Held(i64),
    Lost,
}

/// The leases this process holds (or lost), and how long a lease lasts.
#[derive(Debug)]
pub struct Leases {
    /// This process's node id (`--node-id`).
    pub node: String,
    /// How long a lease lasts after it is taken or renewed, in milliseconds.
    pub ttl_ms: u64,
    rooms: Mutex<HashMap<RoomId, State>>,
}

/// The error of a write refused by the fence.
pub fn fenced(room: &str) -> io::Error {
    io::Error::other(format!(
        "room {room} is run by another server now (its lease was taken over): not written"
    ))
}

impl Leases {
    pub fn new(node: &str, ttl_ms: u64) -> Leases {
        Leases {
            node: node.to_string(),
            ttl_ms,
            rooms: Mutex::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<RoomId, State>> {
        // Plain values: a poisoned lock still holds a usable map.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The fence of a write of `room`, or the error of a room whose lease is lost.
    pub(super) fn fence(&self, room: &str) -> io::Result<Fence> {
        match self.lock().get(room) {
            Some(State::Held(epoch)) => Ok(Fence::Held(*epoch)),
            Some(State::Lost) => Err(fenced(room)),
            None => Ok(Fence::New),
        }
    }

    /// This process holds `room` with `epoch` (claimed, or its first write took the lease).
    pub(super) fn hold(&self, room: &str, epoch: i64) {
        self.lock().insert(room.to_string(), State::Held(epoch));
    }

    /// Another process took `room`: its writes fail from now on.
    pub(super) fn lose(&self, room: &str) {
        let mut rooms = self.lock();
        if rooms.insert(room.to_string(), State::Lost) != Some(State::Lost) {
            tracing::warn!(%room, "the room's lease was taken over by another server");
            metrics::counter!("sgs_room_leases_lost_total").increment(1);
        }
    }

    /// Has `room`'s lease been taken over?
    pub fn is_lost(&self, room: &str) -> bool {
        self.lock().get(room) == Some(&State::Lost)
    }

    /// The room's task ended: forget it.
    pub fn forget(&self, room: &str) {
        self.lock().remove(room);
    }

    /// How many leases are held now.
    pub fn held_count(&self) -> usize {
        self.lock()
            .values()
            .filter(|state| matches!(state, State::Held(_)))
            .count()
    }

    /// Every lease held now: (room, epoch).
    pub(crate) fn held(&self) -> (Vec<String>, Vec<i64>) {
        self.lock()
            .iter()
            .filter_map(|(room, state)| match state {
                State::Held(epoch) => Some((room.clone(), *epoch)),
                State::Lost => None,
            })
            .unzip()
    }

    /// Of the leases held before a renewal (`asked`, with their epochs), those the renewal did
    /// not find any more (`renewed` are the rooms it did) are lost; returns them. A lease
    /// taken again meanwhile (another epoch) is left alone.
    pub(super) fn after_renewal(&self, asked: &[(String, i64)], renewed: &[String]) -> Vec<RoomId> {
        let renewed: std::collections::HashSet<&str> = renewed.iter().map(String::as_str).collect();
        let mut rooms = self.lock();
        let mut lost = Vec::new();
        for (room, epoch) in asked {
            if renewed.contains(room.as_str()) || rooms.get(room) != Some(&State::Held(*epoch)) {
                continue;
            }
            tracing::warn!(%room, "the room's lease was taken over by another server");
            metrics::counter!("sgs_room_leases_lost_total").increment(1);
            rooms.insert(room.clone(), State::Lost);
            lost.push(room.clone());
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_is_new_then_held_then_lost_and_forgotten() {
        let leases = Leases::new("n1", 1_000);
        assert_eq!(leases.fence("n1-a").unwrap(), Fence::New);
        leases.hold("n1-a", 7);
        leases.hold("n1-b", 8);
        assert_eq!(leases.fence("n1-a").unwrap(), Fence::Held(7));
        let asked = vec![("n1-a".to_string(), 7), ("n1-b".to_string(), 8)];
        let lost = leases.after_renewal(&asked, &["n1-b".to_string()]);
        assert_eq!(lost, vec!["n1-a".to_string()]);
        assert!(leases.is_lost("n1-a"));
        assert!(leases.fence("n1-a").is_err());
        assert_eq!(leases.held(), (vec!["n1-b".to_string()], vec![8]));
        leases.forget("n1-a");
        assert!(!leases.is_lost("n1-a"));
    }
}
