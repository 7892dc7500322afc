//! [`Lobby`]: the room directory (room id → [`RoomHandle`]), the public room list, and the
//! connections subscribed to it. Rooms publish their summary here when it changes; subscribers
//! get the new list pushed. This is the seam where routing rooms across processes would plug in.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use rand::rngs::OsRng;
use rand::Rng;
use sgs_protocol::{RoomId, RoomState, RoomSummary, ServerMsg};

use crate::outbound::{ConnHandle, ConnId};
use crate::room::RoomHandle;

struct Entry {
    handle: RoomHandle,
    /// `None` for a private room (not listed).
    summary: Option<RoomSummary>,
}

#[derive(Default)]
struct Directory {
    rooms: HashMap<RoomId, Entry>,
    subscribers: HashMap<ConnId, ConnHandle>,
}

/// The room directory. Short synchronous critical sections only; never held across an await.
#[derive(Default)]
pub struct Lobby {
    directory: Mutex<Directory>,
}

const ID_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A random code of `len` characters (no look-alike characters).
pub fn random_code(len: usize) -> String {
    (0..len)
        .map(|_| ID_ALPHABET[OsRng.gen_range(0..ID_ALPHABET.len())] as char)
        .collect()
}

impl Lobby {
    fn lock(&self) -> MutexGuard<'_, Directory> {
        self.directory.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn room_count(&self) -> usize {
        self.lock().rooms.len()
    }

    /// Registers a new room under a fresh id made by `make` from that id.
    pub fn insert_with(&self, make: impl FnOnce(RoomId) -> RoomHandle) -> RoomId {
        let mut directory = self.lock();
        let id = loop {
            let id = random_code(6);
            if !directory.rooms.contains_key(&id) {
                break id;
            }
        };
        let handle = make(id.clone());
        directory.rooms.insert(
            id.clone(),
            Entry {
                handle,
                summary: None,
            },
        );
        id
    }

    pub fn get(&self, room: &str) -> Option<RoomHandle> {
        self.lock().rooms.get(room).map(|e| e.handle.clone())
    }

    /// Every room's handle (for shutdown).
    pub fn handles(&self) -> Vec<RoomHandle> {
        self.lock()
            .rooms
            .values()
            .map(|e| e.handle.clone())
            .collect()
    }

    /// A room's listing changed (`None`: not listed).
    pub fn publish(&self, room: &str, summary: Option<RoomSummary>) {
        let mut directory = self.lock();
        if let Some(entry) = directory.rooms.get_mut(room) {
            if entry.summary == summary {
                return;
            }
            entry.summary = summary;
        }
        Self::notify(&mut directory);
    }

    pub fn remove(&self, room: &str) {
        let mut directory = self.lock();
        if let Some(entry) = directory.rooms.remove(room) {
            if entry.summary.is_some() {
                Self::notify(&mut directory);
            }
        }
    }

    pub fn public_rooms(&self) -> Vec<RoomSummary> {
        Self::list(&self.lock())
    }

    /// `conn` receives a `room_list` on every change (and the current one now).
    pub fn subscribe(&self, conn: ConnHandle) {
        let mut directory = self.lock();
        let rooms = Self::list(&directory);
        if conn.send(ServerMsg::RoomList { id: None, rooms }) {
            directory.subscribers.insert(conn.id, conn);
        }
    }

    pub fn unsubscribe(&self, conn: ConnId) {
        self.lock().subscribers.remove(&conn);
    }

    /// Waiting rooms first, then by name and id.
    fn list(directory: &Directory) -> Vec<RoomSummary> {
        let mut rooms: Vec<RoomSummary> = directory
            .rooms
            .values()
            .filter_map(|e| e.summary.clone())
            .collect();
        rooms.sort_by(|a, b| {
            (a.state != RoomState::Waiting, &a.name, &a.id).cmp(&(
                b.state != RoomState::Waiting,
                &b.name,
                &b.id,
            ))
        });
        rooms
    }

    fn notify(directory: &mut Directory) {
        if directory.subscribers.is_empty() {
            return;
        }
        let rooms = Self::list(directory);
        directory.subscribers.retain(|_, conn| {
            conn.send(ServerMsg::RoomList {
                id: None,
                rooms: rooms.clone(),
            })
        });
    }
}
