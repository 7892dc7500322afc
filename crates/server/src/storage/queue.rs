//! The writer's queue as both stores use it: each write of the [`Storage`](super::Storage)
//! trait becomes a [`Job`] on the channel of the store's writer thread, answered by an
//! [`Ack`]; and [`QueueLog`], a game's log on that queue. The SQLite and the PostgreSQL store
//! differ only in how their writer runs the jobs (`writer.rs`, `pg/write.rs`).

use std::io;
use std::sync::mpsc;
use std::sync::Arc;

use sgs_engine::{Outcome, Record};
use sgs_protocol::{PlayerId, RoomState};
use tokio::sync::oneshot;

use super::lease::{Fence, Leases};
use super::sqlite::json;
use super::writer::{begin_job, Envelope, Job};
use super::{
    checkpoints, AccountId, Ack, Appended, GameId, GameLog, NewGame, RoomRow, SecretHash,
    HASH_EVERY,
};

/// A `RoomState` as its wire name (`waiting`, …).
fn state_name(state: RoomState) -> String {
    serde_json::to_value(state)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The sending end of a writer's channel, and the leases that fence a room's writes (when
/// processes share the store; `None`: this process owns every room).
#[derive(Clone)]
pub(super) struct Queue {
    pub tx: mpsc::Sender<Envelope>,
    pub leases: Option<Arc<Leases>>,
}

impl Queue {
    pub fn new(tx: mpsc::Sender<Envelope>) -> Queue {
        Queue { tx, leases: None }
    }

    /// The fence of a write of `room` (`None` without leases), or the error of a room whose
    /// lease another process took.
    fn fence(&self, room: &str) -> io::Result<Option<Fence>> {
        self.leases
            .as_ref()
            .map(|leases| leases.fence(room))
            .transpose()
    }

    /// Queues `job`; its ack completes once the writer committed it.
    pub fn send(&self, job: Job) -> Ack {
        let (tx, rx) = oneshot::channel();
        match self.tx.send(Envelope { job, ack: Some(tx) }) {
            Ok(()) => Ack::waiting(rx),
            Err(_) => Ack::failed(super::writer_gone()),
        }
    }

    /// Queues `job` with nobody waiting for it (a failure is logged by the writer).
    pub fn send_unacked(&self, job: Job) {
        let _ = self.tx.send(Envelope { job, ack: None });
    }

    pub fn save_room(&self, room: &RoomRow) -> Ack {
        let (settings, seats) = match (json(&room.settings), json(&room.seats)) {
            (Ok(settings), Ok(seats)) => (settings, seats),
            (Err(error), _) | (_, Err(error)) => return Ack::failed(error),
        };
        let series = match room.series.as_ref().map(json).transpose() {
            Ok(series) => series,
            Err(error) => return Ack::failed(error),
        };
        let fence = match self.fence(&room.id) {
            Ok(fence) => fence,
            Err(error) => return Ack::failed(error),
        };
        self.send(Job::SaveRoom {
            id: room.id.clone(),
            state: state_name(room.state),
            host: room.host as i64,
            games: i64::from(room.games),
            settings,
            seats,
            members: room.members.clone(),
            empty_since: room.empty_since.map(|t| t as i64),
            series,
            fence,
        })
    }

    pub fn close_room(&self, room: &str, failed: bool) -> Ack {
        let fence = match self.fence(room) {
            Ok(fence) => fence,
            Err(error) => return Ack::failed(error),
        };
        self.send(Job::CloseRoom {
            id: room.to_string(),
            failed,
            fence,
        })
    }

    pub fn chat(
        &self,
        room: &str,
        game: Option<GameId>,
        player: PlayerId,
        name: &str,
        text: &str,
    ) -> Ack {
        self.send(Job::Chat {
            room: room.to_string(),
            game: game.map(|g| g as i64),
            player: player as i64,
            name: name.to_string(),
            text: text.to_string(),
        })
    }

    /// Opens the log of a new game numbered `id`.
    pub fn begin(&self, id: GameId, game: NewGame<'_>) -> io::Result<(Box<dyn GameLog>, Ack)> {
        let ack = self.send(begin_job(id, &game, self.fence(game.room)?)?);
        let log = QueueLog {
            room: game.room.to_string(),
            id,
            next: game.start.actions.len() as u64,
            jobs: self.clone(),
            overwrite: false,
        };
        Ok((Box::new(log), ack))
    }

    /// Reopens a game's log after its first `actions` actions: its first append replaces
    /// whatever the store holds after them.
    pub fn resume(&self, room: &str, game: GameId, actions: u64) -> Box<dyn GameLog> {
        Box::new(QueueLog {
            room: room.to_string(),
            id: game,
            next: actions,
            jobs: self.clone(),
            overwrite: true,
        })
    }

    pub fn save_login(&self, account: AccountId, token: SecretHash) -> Ack {
        self.send(Job::SaveLogin {
            account: account as i64,
            token,
        })
    }

    pub fn save_guest(&self, token: SecretHash, player: PlayerId, name: &str) -> Ack {
        self.send(Job::SaveGuest {
            token,
            player: player as i64,
            name: name.to_string(),
        })
    }

    pub fn revoke_logins(&self, account: AccountId, token: Option<SecretHash>) -> Ack {
        self.send(Job::RevokeLogins {
            account: account as i64,
            token,
        })
    }

    pub fn remove_ban(&self, kind: &str, target: &str) -> Ack {
        self.send(Job::RemoveBan {
            kind: kind.to_string(),
            target: target.to_string(),
        })
    }

    pub fn ban_from_room(&self, room: &str, player: PlayerId, until: Option<u64>) -> Ack {
        self.send(Job::RoomBan {
            room: room.to_string(),
            player: player as i64,
            until: until.map(|t| t as i64),
        })
    }

    pub fn replace_game(&self, id: GameId, game: NewGame<'_>, record: &Record) -> Ack {
        let job = || -> io::Result<Job> {
            let hashes = checkpoints(record).map_err(io::Error::other)?;
            let actions = record
                .actions
                .iter()
                .zip(hashes)
                .map(|((seat, action), hash)| {
                    Ok((i64::from(seat.0), json(action)?, hash.map(|h| h as i64)))
                })
                .collect::<io::Result<Vec<_>>>()?;
            Ok(Job::Replace {
                begin: Box::new(begin_job(id, &game, self.fence(game.room)?)?),
                actions,
            })
        };
        match job() {
            Ok(job) => self.send(job),
            Err(error) => Ack::failed(error),
        }
    }
}

/// One game's log on a writer's queue.
struct QueueLog {
    /// Its room (whose lease fences its writes).
    room: String,
    id: GameId,
    /// Actions written so far.
    next: u64,
    jobs: Queue,
    /// The next append replaces what the store holds from its first action on (a reopened
    /// log: a write whose answer was lost may have committed).
    overwrite: bool,
}

impl GameLog for QueueLog {
    fn id(&self) -> GameId {
        self.id
    }

    fn append_all(&mut self, actions: &[Appended<'_>]) -> Ack {
        let first = self.next;
        let rows = actions
            .iter()
            .zip(first..)
            .map(|(appended, n)| {
                // The HASH_EVERY-th action, the 2 × HASH_EVERY-th, …
                let checkpoint = n % HASH_EVERY as u64 == HASH_EVERY as u64 - 1;
                Ok((
                    i64::from(appended.seat.0),
                    json(appended.action)?,
                    checkpoint.then_some(appended.hash as i64),
                ))
            })
            .collect::<io::Result<Vec<_>>>();
        let (rows, fence) = match rows.and_then(|rows| Ok((rows, self.jobs.fence(&self.room)?))) {
            Ok(found) => found,
            Err(error) => return Ack::failed(error),
        };
        self.next += rows.len() as u64;
        self.jobs.send(Job::Append {
            room: self.room.clone(),
            fence,
            game: self.id as i64,
            first: first as i64,
            rows,
            overwrite: std::mem::take(&mut self.overwrite),
        })
    }

    fn finish(&mut self, outcome: &Outcome, hash: u64) -> Ack {
        let found = json(outcome).and_then(|outcome| Ok((outcome, self.jobs.fence(&self.room)?)));
        let (outcome, fence) = match found {
            Ok(found) => found,
            Err(error) => return Ack::failed(error),
        };
        self.jobs.send(Job::Finish {
            room: self.room.clone(),
            fence,
            game: self.id as i64,
            actions: self.next as i64,
            outcome,
            hash: hash as i64,
        })
    }
}
