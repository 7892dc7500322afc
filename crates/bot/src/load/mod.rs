//! The load harness behind `sgs-load` (feature `client`): many WebSocket connections from one
//! process, in rooms of a given size and ruleset, answering their prompts after a think time or
//! at once, then one JSON [`Summary`].
//!
//! - **Where**: loopback only ([`host::loopback_target`] refuses any other address). Each room
//!   connects from its own loopback source address (127.1.x.y), so the server's per-address
//!   limits apply as they would to real clients and the ephemeral ports do not run out.
//! - **Bounded**: at most [`MAX_CONNECTIONS`] connections and [`MAX_DURATION`]; every task
//!   stops at the deadline.
//! - **What it measures** (after `warmup`): connect time (TCP + upgrade + `hello`), act→ack and
//!   act→update latency, messages and bytes received per second, errors by code; the server's
//!   CPU and RSS from `/proc/<pid>` when given its pid, and its own counters from `/metrics`
//!   (actions by players and by the server, store commits) when it has them.
//! - **Soak** ([`Soak`]): random disconnects with reconnection by token, reconnect storms (every
//!   member of a room at once), malformed frames and slow readers, and the checks that no room
//!   is lost (every reconnect gets its seat back) or stuck (each room's game keeps moving).
//!
//! [`baseline`] is the yardstick: a minimal tokio-tungstenite server that speaks just enough
//! of the protocol for the same client, broadcasting one recorded game's real messages to each
//! room, so the real server's figures can be stated as a ratio to what the stack itself does.

pub mod baseline;
mod host;
mod member;
mod stats;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use sgs_engine::Ruleset;
use tokio::sync::{watch, Notify};
use tokio::time::Instant;

pub use host::{loopback_target, raise_fd_limit, ProcSample};
pub use stats::{Latency, Summary};

use stats::Tally;

/// Most connections one run opens.
pub const MAX_CONNECTIONS: usize = 50_000;
/// Longest run.
pub const MAX_DURATION: Duration = Duration::from_secs(3_600);

/// How a connection answers its prompts.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Say hello and stay, in no room (memory per idle connection).
    Idle,
    /// Answer after a log-normal think time with this median (ms); one in four answers is
    /// slower than about twice the median.
    Human { median_ms: u64 },
    /// Answer at once.
    Max,
}

/// Misbehaviour mixed in for a soak; each is a chance per connection per second.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Soak {
    /// Drop the socket and reconnect with the session token.
    pub disconnect: f64,
    /// Every member of the room drops at once and reconnects (asked of each room's host).
    pub storm: f64,
    /// Send a malformed frame (bad JSON, an unknown type, bad fields, binary, oversized).
    pub malformed: f64,
    /// Stop reading for 5–40 s.
    pub slow_reader: f64,
    /// A room whose game has not moved for this long counts as stuck.
    pub stuck_after: Duration,
}

impl Default for Soak {
    fn default() -> Self {
        Soak {
            disconnect: 0.002,
            storm: 0.0005,
            malformed: 0.002,
            slow_reader: 0.0005,
            stuck_after: Duration::from_secs(90),
        }
    }
}

/// One run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// `ws://127.0.0.1:PORT/ws`.
    pub url: String,
    pub connections: usize,
    /// Seats per room (every seat a connection; the last room may be smaller).
    pub room_size: u8,
    pub ruleset: Ruleset,
    pub pace: Pace,
    /// Measured time, after the warm-up.
    pub duration: Duration,
    /// Connecting and the first games: not measured.
    pub warmup: Duration,
    /// New connections per second while ramping up.
    pub ramp_per_sec: f64,
    /// The server's pid, for its CPU and RSS.
    pub server_pid: Option<u32>,
    /// Connect from 127.1.x.y, one address per room (else from the system's choice).
    pub spread_sources: bool,
    /// Once its room exists, a connection uses the room's own socket (`/rooms/{id}/ws`, as
    /// the browser does) — the host after making it, the others from the start: needed behind
    /// a proxy routing by room to several server processes (docs/cluster.md).
    pub room_sockets: bool,
    pub soak: Option<Soak>,
    /// Seconds between samples of the server's RSS (the soak's "flat after warm-up").
    pub sample_every: Duration,
    pub seed: u64,
}

impl LoadOptions {
    pub fn new(url: &str, connections: usize, room_size: u8, pace: Pace) -> LoadOptions {
        LoadOptions {
            url: url.to_string(),
            connections,
            room_size,
            ruleset: sgs_protocol::RoomOptions::default().ruleset,
            pace,
            duration: Duration::from_secs(30),
            warmup: Duration::from_secs(5),
            ramp_per_sec: 2_000.0,
            server_pid: None,
            spread_sources: true,
            room_sockets: false,
            soak: None,
            sample_every: Duration::from_secs(5),
            seed: 1,
        }
    }
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Target(String),
    #[error("too many connections: {0} (at most {MAX_CONNECTIONS})")]
    TooMany(usize),
    #[error("the run is too long: at most {} s", MAX_DURATION.as_secs())]
    TooLong,
}

/// What the members of one room share.
pub(crate) struct RoomShared {
    /// The room's code, once its host created it.
    pub code: watch::Sender<Option<String>>,
    /// Members seated (the host starts the game when all are).
    pub joined: AtomicUsize,
    pub size: usize,
    pub all_joined: Notify,
    /// Milliseconds since the run began when the room's game last moved (an `update`).
    pub progress_ms: AtomicU64,
    /// Bumped to make every member drop and reconnect at once.
    pub storm: watch::Sender<u64>,
    /// Games finished (as the host saw them).
    pub games: AtomicU64,
    /// A member lost its seat or was told it left.
    pub lost: AtomicUsize,
}

/// What every member shares.
pub(crate) struct Run {
    pub options: LoadOptions,
    pub target: SocketAddr,
    pub began: Instant,
    /// Measuring from here.
    pub measure_from: Instant,
    pub deadline: Instant,
}

impl Run {
    pub fn ms_since_start(&self) -> u64 {
        self.began.elapsed().as_millis() as u64
    }

    pub fn measuring(&self, now: Instant) -> bool {
        now >= self.measure_from
    }
}

/// Runs the load and returns its summary. Refuses a target off loopback.
pub async fn run(options: LoadOptions) -> Result<Summary, LoadError> {
    let target = loopback_target(&options.url).map_err(LoadError::Target)?;
    if options.connections > MAX_CONNECTIONS {
        return Err(LoadError::TooMany(options.connections));
    }
    if options.duration + options.warmup > MAX_DURATION {
        return Err(LoadError::TooLong);
    }
    let fd_limit = raise_fd_limit();
    let began = Instant::now();
    let run = Arc::new(Run {
        target,
        began,
        measure_from: began + options.warmup,
        deadline: began + options.warmup + options.duration,
        options: options.clone(),
    });
    let size = usize::from(options.room_size.max(1));
    let rooms: Vec<Arc<RoomShared>> = (0..options.connections.div_ceil(size))
        .map(|r| {
            let members = size.min(options.connections - r * size);
            Arc::new(RoomShared {
                code: watch::channel(None).0,
                joined: AtomicUsize::new(0),
                size: members,
                all_joined: Notify::new(),
                progress_ms: AtomicU64::new(0),
                storm: watch::channel(0).0,
                games: AtomicU64::new(0),
                lost: AtomicUsize::new(0),
            })
        })
        .collect();
    let sampler = tokio::spawn(host::sample(run.clone()));
    let mut tasks = Vec::with_capacity(options.connections);
    // Started in batches every 10 ms (the timer's grain is a millisecond).
    let batch = (options.ramp_per_sec / 100.0).max(1.0) as usize;
    for n in 0..options.connections {
        let room = n / size;
        let member = member::Member {
            index: n,
            room_index: room,
            seat_index: n % size,
            room: rooms[room].clone(),
        };
        tasks.push(tokio::spawn(member::run(run.clone(), member)));
        if Instant::now() >= run.deadline {
            break;
        }
        if (n + 1) % batch == 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    let mut tally = Tally::default();
    for task in tasks {
        if let Ok(member) = task.await {
            tally.merge(member);
        }
    }
    let samples = sampler.await.unwrap_or_default();
    let now_ms = run.ms_since_start();
    let stuck_after = options
        .soak
        .map_or(u64::MAX, |s| s.stuck_after.as_millis() as u64);
    let rooms_stuck = rooms
        .iter()
        .filter(|r| r.size > 1 && options.pace != Pace::Idle)
        .filter(|r| now_ms.saturating_sub(r.progress_ms.load(Ordering::Relaxed)) > stuck_after)
        .count();
    let rooms_lost = rooms
        .iter()
        .filter(|r| r.lost.load(Ordering::Relaxed) > 0)
        .count();
    let games: u64 = rooms.iter().map(|r| r.games.load(Ordering::Relaxed)).sum();
    Ok(stats::summarize(stats::Parts {
        options: &options,
        tally,
        samples,
        rooms: rooms.len(),
        rooms_stuck,
        rooms_lost,
        games,
        fd_limit,
    }))
}
