//! The real server started in-process for a test, on a free port of 127.0.0.1.

use std::net::SocketAddr;
use std::time::Duration;

use sgs_server::config::{Config, PublicUrl};
use sgs_server::storage::NoStorage;
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::Result;

/// A server configuration for tests: no storage, no anti-leak delay, short timeouts allowed.
pub fn config() -> Config {
    Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        no_storage: true,
        decision_timeout_ms: 30_000,
        play_timeout_ms: 30_000,
        min_timeout_ms: 10,
        pass_delay_min_ms: 0,
        pass_delay_max_ms: 0,
        disconnect_grace_ms: 30_000,
        rate_per_sec: 1_000.0,
        rate_burst: 1_000.0,
        shutdown_grace_ms: 1_000,
        ..Config::default()
    }
}

/// The real server, serving the embedded client on a free port of 127.0.0.1.
pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl TestServer {
    pub async fn start(config: Config) -> Result<TestServer> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        Self::serve(config, listener)
    }

    /// As [`start`](Self::start), with `--public-url http://127.0.0.1:<port>`: a page opened
    /// at another name of this machine ([`url_at`](Self::url_at)`("localhost")`) must still
    /// hand out links to `127.0.0.1`.
    pub async fn start_public(mut config: Config) -> Result<TestServer> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        config.public_url = Some(PublicUrl::parse(&url)?);
        Self::serve(config, listener)
    }

    /// As [`start`](Self::start), with the SQLite store in `dir` (for replays).
    pub async fn start_stored(mut config: Config, dir: &std::path::Path) -> Result<TestServer> {
        config.no_storage = false;
        config.data = dir.to_path_buf();
        let state = AppState::new(config)?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        Self::serve_state(state, listener)
    }

    fn serve(config: Config, listener: tokio::net::TcpListener) -> Result<TestServer> {
        // Bots and trusteeship play with the server's own heuristic AI.
        let state = AppState::with_parts(config, Box::new(NoStorage), Box::new(Heuristic));
        Self::serve_state(state, listener)
    }

    fn serve_state(state: AppState, listener: tokio::net::TcpListener) -> Result<TestServer> {
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(sgs_server::serve(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        Ok(TestServer {
            addr,
            state,
            stop: Some(stop),
            task: Some(task),
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The client's address under another host name of this machine (`localhost`).
    pub fn url_at(&self, host: &str) -> String {
        format!("http://{host}:{}/", self.addr.port())
    }

    /// Stops the server and waits (briefly) for it to finish.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
        }
    }
}
