//! The accept loop: TCP sockets in, HTTP/1 connections served by the router ([`crate::app`]).
//!
//! It is ours rather than `axum::serve` for what a hostile peer could otherwise hold:
//! - a socket must send its request headers within `--header-timeout-ms` (hyper's
//!   header-read timeout), so sockets that never speak are closed;
//! - an untrusted peer holds at most twice `--max-connections-per-client` sockets (more are
//!   closed at once), and the loop stops accepting at `--max-sockets` — kept below the
//!   process's file descriptor limit — until a socket closes, so the process never runs out
//!   of descriptors for its store and its health check;
//! - every request carries the [`Peer`] it came from (address, trusted proxy or not), from
//!   which the WebSocket handler counts the client ([`crate::clients`]).

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::clients::Peer;
use crate::Shared;

/// Descriptors kept free for everything that is not a client socket (the store, the listener,
/// logs, the runtime).
const SPARE_FDS: u64 = 64;

/// The socket cap: `--max-sockets`, and below the soft file descriptor limit.
pub fn socket_cap(configured: usize) -> usize {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    match limit {
        Some(limit) => {
            let usable = limit.saturating_sub(SPARE_FDS).max(SPARE_FDS / 2);
            configured.min(usize::try_from(usable).unwrap_or(usize::MAX))
        }
        None => configured,
    }
    .max(1)
}

/// Accepts and serves until `stop` completes.
pub async fn accept_loop(
    listener: TcpListener,
    shared: Arc<Shared>,
    router: Router,
    stop: impl Future<Output = ()>,
) {
    let configured = shared.clients.max_sockets();
    let cap = socket_cap(configured);
    if cap < configured {
        tracing::info!(
            cap,
            configured,
            "the file descriptor limit lowers the socket cap (raise it with ulimit -n)"
        );
    }
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(
            shared.config.header_timeout_ms.max(1),
        ))
        .keep_alive(true);
    let http = Arc::new(http);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            biased;
            () = &mut stop => return,
            () = shared.clients.wait_for_socket(cap) => {}
        }
        let accepted = tokio::select! {
            biased;
            () = &mut stop => return,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, addr)) => serve_socket(&shared, &http, &router, stream, addr),
            Err(error) => {
                // Out of descriptors or memory, or a connection reset before it was accepted:
                // pause briefly instead of spinning.
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

fn serve_socket(
    shared: &Arc<Shared>,
    http: &Arc<hyper::server::conn::http1::Builder>,
    router: &Router,
    stream: TcpStream,
    addr: SocketAddr,
) {
    let ip = addr.ip();
    let trusted = shared.clients.is_trusted(ip);
    let Some(socket) = shared.clients.admit_socket(ip, trusted) else {
        tracing::debug!(%ip, "too many sockets from one peer");
        return; // dropped: closed at once
    };
    let _ = stream.set_nodelay(true);
    let peer = Peer {
        ip,
        trusted,
        socket,
    };
    let router = router.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(peer.clone());
        router.clone().oneshot(request)
    });
    let http = http.clone();
    let mut stopping = shared.shutdown.subscribe();
    tokio::spawn(async move {
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        tokio::pin!(connection);
        let stop = async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        };
        tokio::select! {
            _ = connection.as_mut() => {}
            () = stop => {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
        }
    });
}
