//! # sgs-server: hosts Sanguosha games over WebSocket
//!
//! The server hosts; the engine rules. Each room is one tokio task owning one
//! `sgs_engine::Game` ([`room`], [`play`]); connections ([`connection`]) reach it only through
//! its queue, and receive only what the engine computed for their seat. The server holds the
//! clocks, trusteeship (托管, [`trustee`]), reconnection ([`session`]) and the durable store
//! ([`storage`]: rooms, game records, chat, results; SQLite by default). At start, every room the
//! store holds as open is rebuilt from its record and resumes ([`recover`]).
//!
//! [`app`] builds the HTTP router: `GET /ws` (the protocol of `sgs-protocol`), `GET /healthz`,
//! `GET /metrics` (Prometheus text, [`metrics`]),
//! `GET /protocol/schema.json`, `GET /catalog.json`, finished games and their replays under
//! `GET /api/games` ([`api`]), and the browser client under `/`. [`serve`] runs it with graceful
//! shutdown.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let state = sgs_server::AppState::new(sgs_server::config::Config::default())?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! sgs_server::serve(listener, state, sgs_server::shutdown_signal()).await?;
//! # Ok(()) }
//! ```

pub mod account_api;
pub mod accounts;
pub mod admin_api;
pub mod api;
pub mod clients;
mod clocks;
mod cluster;
pub mod config;
pub mod connection;
mod dispatch;
mod durable;
pub mod error;
mod listen;
pub mod lobby;
mod members;
pub mod metrics;
pub mod moderation;
pub mod outbound;
mod pacing;
mod play;
pub mod rate;
pub mod ratings;
pub mod records_api;
pub mod recover;
pub mod room;
mod room_moderation;
mod series;
pub mod session;
pub mod settings;
pub mod storage;
mod text;
pub mod thinking;
pub mod trustee;
mod web;

use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use sgs_protocol::Catalog;
use tokio::net::TcpListener;
use tokio::sync::{watch, Notify};

use crate::accounts::Accounts;
use crate::clients::{Clients, Peer};
use crate::config::Config;
use crate::lobby::Lobby;
use crate::moderation::Moderation;
use crate::outbound::ConnId;
use crate::recover::Recovered;
use crate::session::Sessions;
use crate::storage::{NoStorage, PgStorage, SqliteStorage, Storage};
use crate::trustee::{Heuristic, Trustee};

/// Bytes read from a WebSocket at a time (see `websocket`).
pub const READ_BUFFER: usize = 4 * 1024;

/// The committed protocol schema (checked against the code by `sgs-protocol`'s tests).
const SCHEMA: &str = include_str!("../../../docs/protocol.schema.json");

/// What every connection and room shares.
pub struct Shared {
    pub config: Config,
    /// What each client address holds (sockets, connections, rooms, wrong guesses).
    pub clients: Arc<Clients>,
    pub lobby: Lobby,
    pub sessions: Sessions,
    /// Accounts and their login tokens (read from the store at start).
    pub accounts: Accounts,
    /// Server bans, the chat filter and rate, reports.
    pub moderation: Moderation,
    pub storage: Box<dyn Storage>,
    /// Makes the agents that play bot seats and seats in trusteeship (after a timeout, an
    /// absence, or by choice): one per seat per game.
    pub trustee: Box<dyn Trustee>,
    /// Where search bots think (bounded, off the async workers).
    pub search: thinking::SearchPool,
    pub catalog: Catalog,
    catalog_json: String,
    shutdown: watch::Sender<bool>,
    connections: AtomicUsize,
    drained: Notify,
    next_conn: AtomicU64,
}

/// Counts an open connection while it lives.
pub struct Counted(Arc<Shared>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
        self.0.drained.notify_waiters();
    }
}

impl Shared {
    pub fn next_conn_id(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed) + 1
    }

    pub fn count_connection(self: &Arc<Self>) -> Counted {
        self.connections.fetch_add(1, Ordering::SeqCst);
        Counted(self.clone())
    }

    pub fn connection_count(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    pub fn is_shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }
}

/// The router's state: a handle on [`Shared`].
#[derive(Clone)]
pub struct AppState {
    pub shared: Arc<Shared>,
}

impl AppState {
    /// The server's state with the SQLite store in `config.data` (or the PostgreSQL one at
    /// `--database-url`; nothing with `--no-storage`) and the heuristic AI of `sgs-bot` for bots
    /// and trusteeship. Every open room of the store is rebuilt and resumes, so call this
    /// inside a tokio runtime.
    pub fn new(config: Config) -> anyhow::Result<AppState> {
        Clients::new(&config).map_err(|e| anyhow::anyhow!("--trusted-proxies: {e}"))?;
        let storage: Box<dyn Storage> = if config.no_storage {
            Box::new(NoStorage)
        } else if let Some(url) = &config.database_url {
            let mut storage = PgStorage::open(&url.0).map_err(|e| anyhow::anyhow!("{e}"))?;
            storage.set_commit_window(Duration::from_micros(config.store_commit_window_us));
            if let Some(node) = &config.node_id {
                // One of several processes on this database: each runs the rooms it leases.
                storage.enable_leases(node, Duration::from_millis(config.lease_ms));
            }
            Box::new(storage)
        } else {
            let every = Duration::from_millis(config.store_check_ms.max(10));
            let storage = SqliteStorage::open_checked(&config.data, config.store_sync, Some(every))
                .map_err(|e| {
                    anyhow::anyhow!("cannot use data directory {}: {e}", config.data.display())
                })?;
            storage.set_commit_window(Duration::from_micros(config.store_commit_window_us));
            Box::new(storage)
        };
        let state = AppState::with_parts(config, storage, Box::new(Heuristic));
        state
            .recover()
            .map_err(|e| anyhow::anyhow!("cannot read the store: {e}"))?;
        Ok(state)
    }

    /// Rebuilds every open room of the store and starts it (inside a tokio runtime). A room
    /// that cannot be rebuilt is marked failed and logged; only an unreadable store fails.
    ///
    /// With leases (several processes on one PostgreSQL store), it claims the rooms this
    /// process may run and starts the loop that renews its leases and takes over the rooms of
    /// processes whose leases expired (`cluster.rs`).
    pub fn recover(&self) -> std::io::Result<Recovered> {
        let recovered = recover::recover(&self.shared)?;
        let shared = &self.shared;
        shared
            .sessions
            .mark_accounts(|player| shared.accounts.get(player).map(|a| a.name));
        cluster::spawn(shared);
        Ok(recovered)
    }

    /// The server's state with the given storage and trustee (which plays bot seats and seats
    /// in trusteeship).
    pub fn with_parts(
        config: Config,
        storage: Box<dyn Storage>,
        trustee: Box<dyn Trustee>,
    ) -> AppState {
        metrics::install();
        let catalog = Catalog::engine();
        let catalog_json = serde_json::to_string(&catalog).unwrap_or_default();
        // A bad proxy list is refused by `new`; here it trusts no proxy.
        let clients = Clients::new(&config).unwrap_or_else(|error| {
            tracing::error!(%error, "bad --trusted-proxies; trusting none");
            let config = Config {
                trusted_proxies: Vec::new(),
                ..config.clone()
            };
            Clients::new(&config).unwrap_or_else(|_| unreachable!("no proxies to parse"))
        });
        let accounts = Accounts::new(config.banned_words.clone());
        match storage.accounts() {
            Ok(stored) => accounts.load(stored),
            // Recovery reads the store next and fails clearly if it cannot be read.
            Err(error) => tracing::error!(%error, "cannot read the accounts"),
        }
        let moderation = Moderation::new(&config.chat_filter);
        match storage.bans() {
            Ok(bans) => moderation.load(bans),
            Err(error) => tracing::error!(%error, "cannot read the bans"),
        }
        let sessions = Sessions::with_id_blocks(storage.player_id_blocks());
        sessions.reserve_ids(accounts.max_id());
        let lobby = Lobby::for_node(config.node_id.as_deref());
        let search = thinking::SearchPool::new(config.search_threads, config.search_budget_ms);
        AppState {
            shared: Arc::new(Shared {
                clients: Arc::new(clients),
                config,
                lobby,
                sessions,
                accounts,
                moderation,
                storage,
                trustee,
                search,
                catalog,
                catalog_json,
                shutdown: watch::channel(false).0,
                connections: AtomicUsize::new(0),
                drained: Notify::new(),
                next_conn: AtomicU64::new(0),
            }),
        }
    }

    /// Stops taking connections and tells every open one to say goodbye and close.
    pub fn begin_shutdown(&self) {
        self.shared.shutdown.send_replace(true);
    }

    /// Waits until every connection has closed, at most `limit`. Returns whether they all did.
    pub async fn wait_for_connections(&self, limit: Duration) -> bool {
        let shared = &self.shared;
        let wait = async {
            loop {
                let drained = shared.drained.notified();
                tokio::pin!(drained);
                drained.as_mut().enable();
                if shared.connection_count() == 0 {
                    return;
                }
                drained.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}

/// The HTTP router.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(prometheus))
        .route("/ws", get(websocket))
        .route("/rooms/{id}/ws", get(room_websocket))
        .route("/protocol/schema.json", get(schema))
        .route("/catalog.json", get(catalog))
        .route("/api/games", get(api::list_games))
        .route("/api/accounts", post(account_api::claim))
        .route("/api/login", post(account_api::login))
        .route("/api/logout", post(account_api::logout))
        .route("/api/me", get(account_api::me))
        .route("/api/me/privacy", post(records_api::privacy))
        .route("/api/players/{id}", get(records_api::player))
        .route("/api/players/{id}/games", get(records_api::player_games))
        .route("/api/generals", get(records_api::generals))
        .route("/api/reports", post(admin_api::report))
        .route("/api/admin/bans", get(admin_api::bans).post(admin_api::ban))
        .route("/api/admin/unban", post(admin_api::unban))
        .route("/api/admin/rename", post(admin_api::rename))
        .route("/api/admin/reports", get(admin_api::reports))
        .route("/api/leaderboard", get(records_api::leaderboard))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/replay", get(api::replay))
        .route("/", get(web::index))
        .fallback(web::asset)
        .with_state(state)
}

/// `ok`, or `ok (degraded: …)` when the store had to be set aside or cannot be written (the
/// server keeps serving); 503 while shutting down.
async fn healthz(State(state): State<AppState>) -> Response {
    if state.shared.is_shutting_down() {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down").into_response();
    }
    match state.shared.storage.status() {
        Some(problem) => format!("ok (degraded: {problem})").into_response(),
        None => "ok".into_response(),
    }
}

/// `GET /metrics`, for scrapers that reach the server directly: a request forwarded by a
/// reverse proxy (it names a client in `X-Forwarded-For`) came from outside and is refused.
async fn prometheus(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if headers.contains_key("x-forwarded-for") {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    let text = metrics::render(&state.shared);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

async fn schema() -> Response {
    ([(header::CONTENT_TYPE, "application/schema+json")], SCHEMA).into_response()
}

async fn catalog(State(state): State<AppState>) -> Response {
    let json = state.shared.catalog_json.clone();
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

/// `GET /rooms/{id}/ws`: the WebSocket of a room's players, at a URL that names the room, so
/// a proxy in front of several processes sends it to the one that holds the room (decision
/// 0014). The protocol is the lobby socket's; a room this process does not hold is `404`
/// before any upgrade (a proxy may then try the next process).
async fn room_websocket(
    State(state): State<AppState>,
    axum::extract::Path(room): axum::extract::Path<String>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if state.shared.lobby.get(&room).is_none() {
        return (StatusCode::NOT_FOUND, "no such room on this server").into_response();
    }
    websocket(State(state), peer, headers, upgrade).await
}

async fn websocket(
    State(state): State<AppState>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let shared = state.shared;
    if shared.is_shutting_down() {
        return (StatusCode::SERVICE_UNAVAILABLE, "shutting down").into_response();
    }
    let Some(axum::Extension(peer)) = peer else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "no peer address").into_response();
    };
    let config = &shared.config;
    let count = shared.connection_count();
    if count >= config.max_connections {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections").into_response();
    }
    let client = shared.clients.client_of(&peer, &headers);
    if shared.moderation.address_ban(client.ip()).is_some() {
        return (StatusCode::FORBIDDEN, "banned").into_response();
    }
    let full = count
        >= config
            .max_connections
            .saturating_sub(config.reserved_connections);
    let Some((admission, guard)) = shared.clients.admit_connection(client, full) else {
        tracing::debug!(%client, "too many connections from one client");
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "too many connections from your address",
        )
            .into_response();
    };
    // The socket layer's hard limit is above the protocol's cap, so an oversized frame gets a
    // `frame_too_large` error instead of a dropped connection; far larger ones are cut off
    // (1009). Its write buffer is bounded too: a peer that never reads cannot make it grow
    // (with unanswered pongs, say).
    let hard_limit = config.max_frame_bytes.saturating_mul(2).max(8 * 1024);
    let client = connection::ClientSeat {
        key: client,
        admission,
        _guard: guard,
        _socket: peer.socket,
    };
    upgrade
        .max_message_size(hard_limit)
        .max_frame_size(hard_limit)
        // Sized for this protocol: a client's frames are small (an `act` is ~100 bytes), so
        // the read buffer — allocated for every connection, idle or not — is 4 KiB and grows
        // only for the rare large frame; every message is flushed at once (nothing to gather),
        // so the write buffer holds one message at a time.
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| connection::run(socket, shared, client))
}

/// Serves `state` on `listener` until `shutdown` completes, then stops accepting, tells every
/// connection, and waits (up to `--shutdown-grace-ms`) for them to close. With room leases
/// (several processes on one store) its rooms stop first and their leases end once every write
/// is stored, so another process takes them over at once.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let shared = state.shared.clone();
    listen::accept_loop(listener, shared, app(state.clone()), shutdown).await;
    // The lease loops stop here: nothing more is claimed.
    state.begin_shutdown();
    // Several processes share the store: each room stops here, for another to take over (a
    // stopped room forgets its lease, so the leases to give up are taken first).
    let held = state.shared.storage.leases().map(|leases| leases.held());
    if held.is_some() {
        for room in state.shared.lobby.handles() {
            room.hand_over().await;
        }
    }
    let grace = Duration::from_millis(state.shared.config.shutdown_grace_ms);
    if !state.wait_for_connections(grace).await {
        tracing::warn!("connections still open after the shutdown grace period");
    }
    // Finish writing: rooms stay open in the store and come back at the next start.
    if let Err(error) = state.shared.storage.flush().await {
        tracing::error!(%error, "cannot flush the store");
    }
    if let Some((rooms, epochs)) = held {
        // Every write is stored: the leases end now, and another process claims the rooms at
        // its next look rather than a whole lease later.
        let shared = state.shared.clone();
        let release = move || shared.storage.release_leases(rooms, epochs);
        match tokio::task::spawn_blocking(release).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => tracing::warn!(%error, "cannot give up the rooms' leases"),
            Err(error) => tracing::error!(%error, "giving up the leases panicked"),
        }
    }
    Ok(())
}

/// `GET /healthz` of the server listening at `addr` on this machine (an unspecified address
/// means loopback): its body if it answered 200 `ok…`, else why not. Blocking, for
/// `sgs-server --health-check`.
pub fn probe_health(addr: std::net::SocketAddr) -> std::io::Result<String> {
    use std::io::{Read, Write};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let limit = Duration::from_secs(3);
    let mut stream =
        std::net::TcpStream::connect_timeout(&std::net::SocketAddr::new(ip, addr.port()), limit)?;
    stream.set_read_timeout(Some(limit))?;
    stream.set_write_timeout(Some(limit))?;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")?;
    let mut response = Vec::new();
    stream.take(64 * 1024).read_to_end(&mut response)?;
    let response = String::from_utf8_lossy(&response);
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    if head.starts_with("HTTP/1.1 200") && body.starts_with("ok") {
        Ok(body.to_string())
    } else {
        let status = head.lines().next().unwrap_or("no answer");
        Err(std::io::Error::other(format!("{status}: {body}")))
    }
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}
