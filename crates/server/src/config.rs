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
    /// Address to listen on. The default answers this machine only; `0.0.0.0:8080` lets
    /// friends on the same network (or a reverse proxy elsewhere) reach it.
    #[arg(long, env = "SGS_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// The address players open this server at (`https://sgs.example.org`,
    /// `http://192.168.1.20:8080`): invite links carry it. Unset, each browser builds links
    /// from the address it opened the page at, which a friend on another machine cannot use
    /// when that is `127.0.0.1`.
    #[arg(long, env = "SGS_PUBLIC_URL", value_parser = PublicUrl::parse)]
    pub public_url: Option<PublicUrl>,

    /// Directory of the store (`sgs.sqlite3`: rooms, games, chat), created if missing. Open
    /// rooms found there at start are rebuilt and resume.
    #[arg(long, env = "SGS_DATA", default_value = "./data")]
    pub data: PathBuf,

    /// Keep the store in PostgreSQL instead of SQLite (`postgres://user:password@host/db`):
    /// rooms, games, accounts and records go into that database, and `--data` is not used.
    /// Open rooms found there at start are rebuilt and resume, as with SQLite.
    #[arg(long, env = "SGS_DATABASE_URL", value_parser = DatabaseUrl::parse)]
    pub database_url: Option<DatabaseUrl>,

    /// This process's name among several behind one proxy (1–16 of `a-z0-9`): its room ids
    /// begin with it (`n2-x4kq9m`), so a proxy can send `/rooms/{id}/ws` to the process that
    /// holds the room (decision 0014). Unset: room ids carry no node.
    #[arg(long, env = "SGS_NODE_ID", value_parser = parse_node_id)]
    pub node_id: Option<String>,

    /// With `--node-id` on PostgreSQL: how long this process's lease on each of its rooms
    /// lasts, in milliseconds (renewed every third of it). When the process dies, another
    /// claims its rooms once their leases expire and rebuilds them from their records
    /// (decision 0021): the longest a room is away after a crash, besides its rebuild.
    #[arg(long, env = "SGS_LEASE_MS", default_value_t = 10_000)]
    pub lease_ms: u64,

    /// With `--node-id` on PostgreSQL: milliseconds between looks at the rooms the other
    /// processes run, for the public room list every process shows (decision 0021).
    #[arg(long, env = "SGS_ROOM_LIST_POLL_MS", default_value_t = 1_000)]
    pub room_list_poll_ms: u64,

    /// Keep nothing: no store, no recovery, no replays (for tests and throwaway servers).
    #[arg(long, env = "SGS_NO_STORAGE")]
    pub no_storage: bool,

    /// When a stored action counts as durable: `full` syncs the store's journal to disk at
    /// every commit (survives a power cut); `normal` only at checkpoints (survives a killed
    /// process, not a power cut; faster).
    #[arg(long, env = "SGS_STORE_SYNC", value_enum, default_value = "full")]
    pub store_sync: crate::storage::SyncMode,

    /// Microseconds the store's group commit waits, after the first write of a batch, for more
    /// to share its transaction and sync. Larger: fewer syncs and less CPU for the store; each
    /// acknowledgement waits at most this much longer.
    #[arg(long, env = "SGS_STORE_COMMIT_WINDOW_US", default_value_t = 0)]
    pub store_commit_window_us: u64,

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

    /// Anti-timing-leak delay: in rooms with people, answers given by a bot or trusteeship, and
    /// a person's passes until it has a history of think times (then they are drawn from it),
    /// wait a random time in [pass-delay-min-ms, pass-delay-max-ms], so the speed of an answer
    /// reveals no hand.
    #[arg(long, env = "SGS_PASS_DELAY_MIN_MS", default_value_t = 600)]
    pub pass_delay_min_ms: u64,

    /// Upper end of the anti-timing-leak delay, in milliseconds. 0 turns the delay off
    /// entirely — a person's passes are not drawn from its think times either — so timing
    /// may show what a seat holds: for load tests and trusted tables only.
    #[arg(long, env = "SGS_PASS_DELAY_MAX_MS", default_value_t = 2_500)]
    pub pass_delay_max_ms: u64,

    /// Searches of search bots (room option `bot_level: search`) running at once, on tokio's
    /// blocking threads (0: one per core). A search bot whose search cannot start answers with
    /// the heuristic at once.
    #[arg(long, env = "SGS_SEARCH_THREADS", default_value_t = 0)]
    pub search_threads: usize,

    /// Milliseconds a search bot may think about one decision; a search past it is dropped and
    /// the bot answers with the heuristic.
    #[arg(long, env = "SGS_SEARCH_BUDGET_MS", default_value_t = 500)]
    pub search_budget_ms: u64,

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

    /// Bytes queued for one connection before it counts as too slow and is closed (1008).
    #[arg(long, env = "SGS_OUTBOUND_QUEUE_BYTES", default_value_t = 1024 * 1024)]
    pub outbound_queue_bytes: usize,

    /// Milliseconds a new TCP connection has to send its HTTP request headers (before the
    /// WebSocket upgrade).
    #[arg(long, env = "SGS_HEADER_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_timeout_ms: u64,

    /// Milliseconds a new connection has to say `hello`.
    #[arg(long, env = "SGS_HELLO_TIMEOUT_MS", default_value_t = 10_000)]
    pub hello_timeout_ms: u64,

    /// Milliseconds a connection outside any room may go without sending a message before it
    /// is closed.
    #[arg(long, env = "SGS_IDLE_TIMEOUT_MS", default_value_t = 600_000)]
    pub idle_timeout_ms: u64,

    /// Milliseconds between the server's WebSocket pings.
    #[arg(long, env = "SGS_PING_INTERVAL_MS", default_value_t = 15_000)]
    pub ping_interval_ms: u64,

    /// Milliseconds after a ping is due without hearing from the peer (a pong or anything)
    /// before the connection counts as dead: it is closed and its seat goes through the
    /// disconnect grace period.
    #[arg(long, env = "SGS_PING_TIMEOUT_MS", default_value_t = 15_000)]
    pub ping_timeout_ms: u64,

    /// Open WebSocket connections accepted at once.
    #[arg(long, env = "SGS_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,

    /// Of `max-connections`, the share kept for players who come back with a session token
    /// that holds a seat: above `max-connections - reserved-connections`, a new connection
    /// must say `hello` with such a token or it is closed (1013).
    #[arg(long, env = "SGS_RESERVED_CONNECTIONS", default_value_t = 500)]
    pub reserved_connections: usize,

    /// Open WebSocket connections from one client address (an IPv6 client is its /64). Past
    /// it, a few more are let in for seated session tokens only; TCP sockets from one peer are
    /// capped at twice this.
    #[arg(long, env = "SGS_MAX_CONNECTIONS_PER_CLIENT", default_value_t = 32)]
    pub max_connections_per_client: usize,

    /// TCP sockets open at once (HTTP and WebSocket), kept below the process's file
    /// descriptor limit; past it the server stops accepting until one closes.
    #[arg(long, env = "SGS_MAX_SOCKETS", default_value_t = 12_000)]
    pub max_sockets: usize,

    /// Peers whose `X-Forwarded-For` header names the client (reverse proxies): addresses
    /// or CIDR blocks, comma-separated.
    #[arg(
        long,
        env = "SGS_TRUSTED_PROXIES",
        value_delimiter = ',',
        default_value = "127.0.0.1,::1"
    )]
    pub trusted_proxies: Vec<String>,

    /// Rooms open at once.
    #[arg(long, env = "SGS_MAX_ROOMS", default_value_t = 2_000)]
    pub max_rooms: usize,

    /// Rooms open at once that were created from one client address.
    #[arg(long, env = "SGS_MAX_ROOMS_PER_CLIENT", default_value_t = 8)]
    pub max_rooms_per_client: usize,

    /// Rooms one client address may create per minute on average (bursts up to
    /// `max-rooms-per-client`).
    #[arg(long, env = "SGS_ROOM_CREATIONS_PER_MIN", default_value_t = 4.0)]
    pub room_creations_per_min: f64,

    /// Spectators one room admits.
    #[arg(long, env = "SGS_MAX_SPECTATORS", default_value_t = 50)]
    pub max_spectators: usize,

    /// Wrong passwords (or unknown rooms) one client address may try before each further
    /// try must wait (1 s, doubling up to 5 min).
    #[arg(long, env = "SGS_PASSWORD_TRIES", default_value_t = 5)]
    pub password_tries: u32,

    /// Words no account name may contain (comma-separated), besides the built-in list; compared
    /// with width, case and look-alike characters folded.
    #[arg(long, env = "SGS_BANNED_WORDS", value_delimiter = ',')]
    pub banned_words: Vec<String>,

    /// Words the chat filter masks (comma-separated; default: a short built-in list).
    #[arg(long, env = "SGS_CHAT_FILTER", value_delimiter = ',')]
    pub chat_filter: Vec<String>,

    /// The operator's token for `/api/admin/*` (from the environment only; unset: the admin
    /// API refuses every request).
    #[arg(skip = std::env::var("SGS_ADMIN_TOKEN").ok().filter(|t| !t.is_empty()))]
    pub admin_token: Option<String>,

    /// Milliseconds a room whose game is running lives with nobody connected before it
    /// closes.
    #[arg(long, env = "SGS_ROOM_IDLE_MS", default_value_t = 600_000)]
    pub room_idle_ms: u64,

    /// Milliseconds a room without a running game lives with nobody connected before it
    /// closes (also after a restart).
    #[arg(long, env = "SGS_EMPTY_ROOM_MS", default_value_t = 60_000)]
    pub empty_room_ms: u64,

    /// Milliseconds between checks of the store's file (its identity and integrity).
    #[arg(long, env = "SGS_STORE_CHECK_MS", default_value_t = 60_000)]
    pub store_check_ms: u64,

    /// Milliseconds between a stalled room's tries to write to the store again.
    #[arg(long, env = "SGS_STORE_RETRY_MS", default_value_t = 1_000)]
    pub store_retry_ms: u64,

    /// Actions after which a game ends in a draw (the engine's action limit, named in its
    /// record): ends games that play on without a person at a rate no person could. A long
    /// game of people takes about 2,000. 0: no limit.
    #[arg(long, env = "SGS_MAX_GAME_ACTIONS", default_value_t = 10_000)]
    pub max_game_actions: u32,

    /// Do not serve: ask the server listening at `--addr` (on this machine; 0.0.0.0 means
    /// 127.0.0.1) for `GET /healthz` and exit 0 if it answers `ok`, 1 otherwise. The image's
    /// health check, which needs no HTTP client in the image.
    #[arg(long, env = "SGS_HEALTH_CHECK")]
    pub health_check: bool,

    /// How log lines are written to stderr: `text` for people, `json` (one object a line, with
    /// the room and connection spans as fields) for log collectors. `RUST_LOG` filters them.
    #[arg(long, env = "SGS_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,

    /// Milliseconds to wait for connections to close at shutdown.
    #[arg(long, env = "SGS_SHUTDOWN_GRACE_MS", default_value_t = 5_000)]
    pub shutdown_grace_ms: u64,
}

/// An `http`/`https` address with a host and no query or fragment (`--public-url`), kept
/// without a trailing slash so that `{url}/#room=…` is the invite link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// Checks and normalises a `--public-url` value.
    pub fn parse(text: &str) -> Result<PublicUrl, String> {
        let url = url::Url::parse(text.trim()).map_err(|e| format!("not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!(
                "the scheme must be http or https, not {:?}",
                url.scheme()
            ));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err("the URL names no host".into());
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err("the URL must have no query (?…) or fragment (#…)".into());
        }
        Ok(PublicUrl(url.as_str().trim_end_matches('/').to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How log lines look (`--log-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// A node id: 1–16 lowercase ASCII letters and digits (it goes into room ids and URLs).
fn parse_node_id(text: &str) -> Result<String, String> {
    let fits = (1..=16).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    if fits {
        Ok(text.to_string())
    } else {
        Err("a node id is 1 to 16 of a-z and 0-9".into())
    }
}

/// A PostgreSQL URL (`--database-url`). Its `Debug` hides it: it may carry a password.
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(pub String);

impl DatabaseUrl {
    pub fn parse(text: &str) -> Result<DatabaseUrl, String> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(DatabaseUrl(text.to_string()))
        } else {
            Err("only PostgreSQL is supported: postgres://user:password@host:port/dbname".into())
        }
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DatabaseUrl(…)")
    }
}

impl Default for Config {
    /// The defaults above (environment variables still apply).
    fn default() -> Self {
        Config::parse_from(["sgs-server"])
    }
}

impl Config {
    /// What to tell a host at start about reaching this server from other machines: `None`
    /// when the address and `--public-url` agree.
    pub fn reachability_hint(&self) -> Option<String> {
        let loopback_only = self.addr.ip().is_loopback();
        match &self.public_url {
            Some(url) if loopback_only && !names_loopback(url.as_str()) => Some(format!(
                "invite links name {} but the server listens on {} only: set --addr 0.0.0.0:{} \
                 (or put a reverse proxy on this machine in front of it)",
                url.as_str(),
                self.addr,
                self.addr.port()
            )),
            None if !loopback_only => Some(
                "no --public-url: invite links carry whatever address each browser opened, \
                 so open the page at the address friends use (or set --public-url)"
                    .into(),
            ),
            _ => None,
        }
    }

    /// The action limit of new games, if any.
    pub fn game_action_limit(&self) -> Option<u32> {
        (self.max_game_actions > 0).then_some(self.max_game_actions)
    }

    pub fn decision_timeout(&self) -> Duration {
        Duration::from_millis(self.decision_timeout_ms)
    }

    pub fn disconnect_grace(&self) -> Duration {
        Duration::from_millis(self.disconnect_grace_ms)
    }

    /// A duration knob in milliseconds.
    pub fn ms(value: u64) -> Duration {
        Duration::from_millis(value)
    }

    /// A room's chosen timeout, clamped to the server's limits (`None` = `default`).
    pub fn clamp_timeout(&self, chosen: Option<u64>, default: u64) -> u64 {
        let max = self.max_timeout_ms.max(self.min_timeout_ms);
        chosen.unwrap_or(default).clamp(self.min_timeout_ms, max)
    }
}

/// Does `url` name this machine (`localhost`, `127.x.x.x`, `[::1]`)?
fn names_loopback(url: &str) -> bool {
    let Ok(url) = url::Url::parse(url) else {
        return false;
    };
    match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_checked_and_kept_without_its_trailing_slash() {
        let url = PublicUrl::parse("https://sgs.example.org/").unwrap();
        assert_eq!(url.as_str(), "https://sgs.example.org");
        let lan = PublicUrl::parse(" http://192.168.1.20:8080 ").unwrap();
        assert_eq!(lan.as_str(), "http://192.168.1.20:8080");
        let under = PublicUrl::parse("https://example.org/sgs/").unwrap();
        assert_eq!(under.as_str(), "https://example.org/sgs");
        for bad in [
            "",
            "sgs.example.org",
            "ftp://x.org",
            "https://x.org/?a=1",
            "https://x.org/#r",
        ] {
            assert!(PublicUrl::parse(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn the_host_is_told_when_friends_could_not_reach_the_invite_links() {
        let mut config = Config::parse_from(["sgs-server", "--public-url", "http://10.0.0.5:8080"]);
        let hint = config.reachability_hint().unwrap();
        assert!(hint.contains("--addr 0.0.0.0:8080"), "{hint}");
        config.addr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(config.reachability_hint(), None);
        config.public_url = None;
        assert!(config.reachability_hint().unwrap().contains("--public-url"));
        config.addr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(config.reachability_hint(), None);
        config.public_url = PublicUrl::parse("http://localhost:8080").ok();
        assert_eq!(config.reachability_hint(), None);
    }
}
