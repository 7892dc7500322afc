//! [`Config`]: every knob of the server, from command-line flags or environment variables
//! (clap). `sgs-server --help` documents each one.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

/// sgs-server: an authoritative Sanguosha (三国杀) server. Rooms over WebSocket (`GET /ws`),
/// the browser client at `GET /`, the protocol's JSON Schema at `GET /protocol/schema.json`.
#[derive(Clone, Debug, Parser)]
#[command(name = "sgs-server", version, about, long_about = None)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "SGS_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Directory for game logs and records (created if missing).
    #[arg(long, env = "SGS_DATA", default_value = "./data")]
    pub data: PathBuf,

    /// Do not write game logs (for tests and throwaway servers).
    #[arg(long, env = "SGS_NO_STORAGE")]
    pub no_storage: bool,

    /// Default milliseconds for an ordinary decision before trusteeship answers.
    #[arg(long, env = "SGS_DECISION_TIMEOUT_MS", default_value_t = 15_000)]
    pub decision_timeout_ms: u64,

    /// Default milliseconds for a play-phase decision (the longer clock).
    #[arg(long, env = "SGS_PLAY_TIMEOUT_MS", default_value_t = 30_000)]
    pub play_timeout_ms: u64,

    /// Smallest decision timeout a room may choose, in milliseconds.
    #[arg(long, env = "SGS_MIN_TIMEOUT_MS", default_value_t = 3_000)]
    pub min_timeout_ms: u64,

    /// Largest decision timeout a room may choose, in milliseconds.
    #[arg(long, env = "SGS_MAX_TIMEOUT_MS", default_value_t = 120_000)]
    pub max_timeout_ms: u64,

    /// Milliseconds a disconnected player keeps deciding for itself before trusteeship plays
    /// its seat.
    #[arg(long, env = "SGS_DISCONNECT_GRACE_MS", default_value_t = 20_000)]
    pub disconnect_grace_ms: u64,

    /// Anti-timing-leak delay: in rooms with people, a prompt that can only be passed (and any
    /// answer given by a bot or trusteeship) waits a random time in
    /// [pass-delay-min-ms, pass-delay-max-ms] so the speed of an answer reveals no hand.
    #[arg(long, env = "SGS_PASS_DELAY_MIN_MS", default_value_t = 600)]
    pub pass_delay_min_ms: u64,

    /// Upper end of the anti-timing-leak delay, in milliseconds.
    #[arg(long, env = "SGS_PASS_DELAY_MAX_MS", default_value_t = 2_500)]
    pub pass_delay_max_ms: u64,

    /// Largest text frame accepted, in bytes; larger ones get `frame_too_large`.
    #[arg(long, env = "SGS_MAX_FRAME_BYTES", default_value_t = 16 * 1024)]
    pub max_frame_bytes: usize,

    /// Messages per second a connection may send on average.
    #[arg(long, env = "SGS_RATE_PER_SEC", default_value_t = 20.0)]
    pub rate_per_sec: f64,

    /// Messages a connection may send in a burst.
    #[arg(long, env = "SGS_RATE_BURST", default_value_t = 40.0)]
    pub rate_burst: f64,

    /// Messages refused for the rate limit before the connection is closed (1008).
    #[arg(long, env = "SGS_FLOOD_STRIKES", default_value_t = 20)]
    pub flood_strikes: u32,

    /// Messages queued for one connection before it counts as too slow and is closed.
    #[arg(long, env = "SGS_OUTBOUND_QUEUE", default_value_t = 256)]
    pub outbound_queue: usize,

    /// Milliseconds a new connection has to say `hello`.
    #[arg(long, env = "SGS_HELLO_TIMEOUT_MS", default_value_t = 10_000)]
    pub hello_timeout_ms: u64,

    /// Open connections accepted at once.
    #[arg(long, env = "SGS_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,

    /// Rooms open at once.
    #[arg(long, env = "SGS_MAX_ROOMS", default_value_t = 2_000)]
    pub max_rooms: usize,

    /// Milliseconds a room lives with nobody connected before it closes.
    #[arg(long, env = "SGS_ROOM_IDLE_MS", default_value_t = 600_000)]
    pub room_idle_ms: u64,

    /// Milliseconds to wait for connections to close at shutdown.
    #[arg(long, env = "SGS_SHUTDOWN_GRACE_MS", default_value_t = 5_000)]
    pub shutdown_grace_ms: u64,
}

impl Default for Config {
    /// The defaults above (environment variables still apply).
    fn default() -> Self {
        Config::parse_from(["sgs-server"])
    }
}

impl Config {
    pub fn decision_timeout(&self) -> Duration {
        Duration::from_millis(self.decision_timeout_ms)
    }

    pub fn disconnect_grace(&self) -> Duration {
        Duration::from_millis(self.disconnect_grace_ms)
    }

    /// A room's chosen timeout, clamped to the server's limits (`None` = `default`).
    pub fn clamp_timeout(&self, chosen: Option<u64>, default: u64) -> u64 {
        let max = self.max_timeout_ms.max(self.min_timeout_ms);
        chosen.unwrap_or(default).clamp(self.min_timeout_ms, max)
    }
}
