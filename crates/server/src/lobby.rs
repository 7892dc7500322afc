//! [`Lobby`]: the room directory (room id → [`RoomHandle`]), the public room list, and the
//! connections subscribed to it.
//!
//! With several processes on one store (decision 0021) the list also holds the public rooms
//! the other processes run (`remote`, kept up to date by `cluster.rs` from the store); a room
//! that runs here is always listed from here, never twice.
//!
//! The list is read a page at a time (`list_rooms`). Subscribers get the first page once, then
//! only what changed: rooms publish their summary here when it changes, and changes are
//! gathered for [`COALESCE`] and pushed as one `lobby_update`, serialized once for every
//! subscriber. So a busy lobby costs each subscriber the size of its changes, not of the list.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rand::rngs::OsRng;
use rand::Rng;
use sgs_protocol::{CommandId, LobbyPerson, PlayerId, RoomId, RoomState, RoomSummary, ServerMsg};

use crate::outbound::{ConnHandle, ConnId, Text};
use crate::room::{Holder, RoomHandle};
use crate::settings::RoomSettings;

/// How long changes are gathered before they are pushed.
pub const COALESCE: Duration = Duration::from_millis(100);

/// The largest page (and the default one).
pub const PAGE: u32 = 100;

struct Entry {
    handle: RoomHandle,
    /// What the room last reported (for the `/metrics` counts of rooms by state).
    state: RoomState,
    /// `None` for a private room (not listed).
    summary: Option<RoomSummary>,
}

#[derive(Default)]
struct Directory {
    rooms: HashMap<RoomId, Entry>,
    /// Public rooms other processes run (none without a shared store); never one in `rooms`.
    remote: HashMap<RoomId, RoomSummary>,
    /// Public rooms in `rooms`, and those in `remote`.
    listed: usize,
    subscribers: HashMap<ConnId, ConnHandle>,
    /// Who follows the lobby, in the order they came (for `lobby_people`).
    people: Vec<(ConnId, LobbyPerson)>,
    /// Someone came or went since the last push.
    people_changed: bool,
    /// Rooms whose listing changed since the last push.
    dirty: BTreeSet<RoomId>,
    push_scheduled: bool,
}

/// The room directory. Short synchronous critical sections only; never held across an await.
#[derive(Default, Clone)]
pub struct Lobby {
    directory: Arc<Mutex<Directory>>,
    /// This process's node id (`--node-id`): new room ids begin with it and a `-`.
    node: Option<Arc<str>>,
}

const ID_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A random code of `len` characters (no look-alike characters).
pub fn random_code(len: usize) -> String {
    (0..len)
        .map(|_| ID_ALPHABET[OsRng.gen_range(0..ID_ALPHABET.len())] as char)
        .collect()
}

/// Who follows the lobby: the first [`PAGE`] by arrival, and how many in all.
fn people_msg(people: &[(ConnId, LobbyPerson)]) -> ServerMsg {
    ServerMsg::LobbyPeople {
        people: people
            .iter()
            .take(PAGE as usize)
            .map(|(_, p)| p.clone())
            .collect(),
        total: count(people.len()),
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A room's line in the public list (`None` for a private room, which is not listed): from
/// a running room, or from its stored row on another process (`lobby.rs`, shared list).
pub(crate) fn listing(
    id: &str,
    settings: &RoomSettings,
    state: RoomState,
    holders: impl Iterator<Item = Holder> + Clone,
    spectators: usize,
) -> Option<RoomSummary> {
    if settings.private {
        return None;
    }
    let count = |f: fn(&Holder) -> bool| holders.clone().filter(&f).count() as u8;
    Some(RoomSummary {
        id: id.to_string(),
        name: settings.name.clone(),
        state,
        seats: settings.seats,
        taken: count(|h| *h != Holder::Empty),
        players: count(|h| matches!(h, Holder::Player(_))),
        bots: count(|h| *h == Holder::Bot),
        spectators: u32::try_from(spectators).unwrap_or(u32::MAX),
        allow_spectators: settings.allow_spectators,
        has_password: settings.password.is_some(),
        practice: settings.scenario.is_some(),
        ruleset: settings.ruleset.clone(),
    })
}

/// The node a room id names (`n2` of `n2-x4kq9m`), if it names one.
pub fn node_of(room: &str) -> Option<&str> {
    room.split_once('-').map(|(node, _)| node)
}

impl Lobby {
    /// The directory of a process named `node` among several (`--node-id`).
    pub fn for_node(node: Option<&str>) -> Lobby {
        Lobby {
            node: node.map(Arc::from),
            ..Lobby::default()
        }
    }

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
            let id = match &self.node {
                Some(node) => format!("{node}-{}", random_code(6)),
                None => random_code(6),
            };
            if !directory.rooms.contains_key(&id) {
                break id;
            }
        };
        let handle = make(id.clone());
        Self::forget_remote(&mut directory, &id);
        directory.rooms.insert(
            id.clone(),
            Entry {
                handle,
                state: RoomState::Waiting,
                summary: None,
            },
        );
        id
    }

    /// Registers a room rebuilt after a restart under its old id. `false` if the id is taken.
    pub fn insert_existing(&self, id: RoomId, handle: RoomHandle) -> bool {
        let mut directory = self.lock();
        if directory.rooms.contains_key(&id) {
            return false;
        }
        let entry = Entry {
            handle,
            state: RoomState::Waiting,
            summary: None,
        };
        // Claimed from another process: listed from here now.
        if Self::forget_remote(&mut directory, &id) {
            self.changed(&mut directory, &id);
        }
        directory.rooms.insert(id, entry);
        true
    }

    /// The rooms other processes run that the list shows.
    pub fn remote_rooms(&self) -> Vec<RoomId> {
        self.lock().remote.keys().cloned().collect()
    }

    /// Drops the remote line of `room`, if any; returns whether there was one.
    fn forget_remote(directory: &mut Directory, room: &str) -> bool {
        let had = directory.remote.remove(room).is_some();
        if had {
            directory.listed = directory.listed.saturating_sub(1);
        }
        had
    }

    /// Lines of rooms other processes run, as read from the shared store (`None`: the room is
    /// not listed any more). A room that runs here is listed from here and skipped.
    pub fn update_remote(&self, changes: Vec<(RoomId, Option<RoomSummary>)>) {
        let mut directory = self.lock();
        for (room, line) in changes {
            if directory.rooms.contains_key(&room) {
                continue;
            }
            let changed = match line {
                Some(line) => {
                    if directory.remote.get(&room) == Some(&line) {
                        false
                    } else {
                        if directory.remote.insert(room.clone(), line).is_none() {
                            directory.listed += 1;
                        }
                        true
                    }
                }
                None => Self::forget_remote(&mut directory, &room),
            };
            if changed {
                self.changed(&mut directory, &room);
            }
        }
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

    /// Rooms open now: waiting, playing, finished (for `/metrics`).
    pub fn rooms_by_state(&self) -> [(RoomState, usize); 3] {
        let directory = self.lock();
        [RoomState::Waiting, RoomState::Playing, RoomState::Finished].map(|state| {
            (
                state,
                directory
                    .rooms
                    .values()
                    .filter(|e| e.state == state)
                    .count(),
            )
        })
    }

    /// A room's state or listing changed (`summary` `None`: not listed).
    pub fn publish(&self, room: &str, state: RoomState, summary: Option<RoomSummary>) {
        let mut directory = self.lock();
        let Some(entry) = directory.rooms.get_mut(room) else {
            return;
        };
        entry.state = state;
        if entry.summary == summary {
            return;
        }
        let delta = isize::from(summary.is_some()) - isize::from(entry.summary.is_some());
        entry.summary = summary;
        directory.listed = directory.listed.saturating_add_signed(delta);
        self.changed(&mut directory, room);
    }

    pub fn remove(&self, room: &str) {
        let mut directory = self.lock();
        if let Some(entry) = directory.rooms.remove(room) {
            if entry.summary.is_some() {
                directory.listed = directory.listed.saturating_sub(1);
                self.changed(&mut directory, room);
            }
        }
    }

    /// A page of the public rooms: waiting rooms first, then by name and id.
    pub fn page(
        &self,
        id: Option<CommandId>,
        offset: Option<u32>,
        limit: Option<u32>,
    ) -> ServerMsg {
        let directory = self.lock();
        let offset = offset.unwrap_or(0);
        let limit = limit.unwrap_or(PAGE).clamp(1, PAGE);
        let mut rooms: Vec<&RoomSummary> = directory
            .rooms
            .values()
            .filter_map(|e| e.summary.as_ref())
            .chain(directory.remote.values())
            .collect();
        rooms.sort_by(|a, b| {
            (a.state != RoomState::Waiting, &a.name, &a.id).cmp(&(
                b.state != RoomState::Waiting,
                &b.name,
                &b.id,
            ))
        });
        let total = count(rooms.len());
        let rooms = rooms
            .into_iter()
            .skip(offset as usize)
            .take(limit as usize)
            .cloned()
            .collect();
        ServerMsg::RoomList {
            id,
            rooms,
            total,
            offset,
        }
    }

    /// `conn` (the player `who`) gets the first page and who is in the lobby now (at most
    /// `limit` rooms), then every change.
    pub fn subscribe(&self, conn: ConnHandle, limit: Option<u32>, who: LobbyPerson) {
        let first = self.page(None, None, limit);
        let mut directory = self.lock();
        if !conn.send(first) {
            return;
        }
        let id = conn.id;
        if directory.subscribers.insert(id, conn).is_none() {
            directory.people.push((id, who));
        }
        if let Some(conn) = directory.subscribers.get(&id) {
            conn.send(people_msg(&directory.people));
        }
        directory.people_changed = true;
        self.schedule(&mut directory);
    }

    pub fn unsubscribe(&self, conn: ConnId) {
        let mut directory = self.lock();
        if directory.subscribers.remove(&conn).is_some() {
            directory.people.retain(|(id, _)| *id != conn);
            directory.people_changed = true;
            self.schedule(&mut directory);
        }
    }

    /// Someone in the lobby said something: to every subscriber at once (nothing is kept).
    pub fn chat(&self, from: PlayerId, name: String, text: String) {
        let msg = ServerMsg::LobbyChat { from, name, text };
        let Ok(text) = serde_json::to_string(&msg) else {
            return;
        };
        let text: Text = text.into();
        self.lock()
            .subscribers
            .retain(|_, conn| conn.send_text(text.clone()));
    }

    /// Subscribers now.
    pub fn subscriber_count(&self) -> usize {
        self.lock().subscribers.len()
    }

    fn changed(&self, directory: &mut Directory, room: &str) {
        if directory.subscribers.is_empty() {
            return;
        }
        directory.dirty.insert(room.to_string());
        self.schedule(directory);
    }

    /// A push within [`COALESCE`] (at once outside a runtime).
    fn schedule(&self, directory: &mut Directory) {
        if directory.push_scheduled {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return self.push(directory);
        };
        directory.push_scheduled = true;
        let lobby = self.clone();
        runtime.spawn(async move {
            tokio::time::sleep(COALESCE).await;
            let mut directory = lobby.lock();
            directory.push_scheduled = false;
            lobby.push(&mut directory);
        });
    }

    /// Sends the gathered changes to every subscriber (one serialization for all).
    fn push(&self, directory: &mut Directory) {
        if std::mem::take(&mut directory.people_changed) && !directory.subscribers.is_empty() {
            if let Ok(text) = serde_json::to_string(&people_msg(&directory.people)) {
                let text: Text = text.into();
                for conn in directory.subscribers.values() {
                    conn.send_text(text.clone());
                }
            }
        }
        let dirty = std::mem::take(&mut directory.dirty);
        if dirty.is_empty() || directory.subscribers.is_empty() {
            return;
        }
        let mut changed = Vec::new();
        let mut removed = Vec::new();
        for id in dirty {
            let line = match directory.rooms.get(&id) {
                Some(entry) => entry.summary.clone(),
                None => directory.remote.get(&id).cloned(),
            };
            match line {
                Some(summary) => changed.push(summary),
                None => removed.push(id),
            }
        }
        let msg = ServerMsg::LobbyUpdate {
            changed,
            removed,
            total: count(directory.listed),
        };
        let Ok(text) = serde_json::to_string(&msg) else {
            return;
        };
        let text: Text = text.into();
        directory
            .subscribers
            .retain(|_, conn| conn.send_text(text.clone()));
    }
}
