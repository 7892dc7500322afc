//! Issue 12: sockets that never speak, under a lowered file descriptor limit, and memory per
//! connection under a ping flood. The real binary runs as a child process with its own limit
//! (set by the shell that starts it); the figures printed here are in `docs/performance.md`.

use std::time::Duration;

use futures_util::SinkExt;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{sleep, timeout, Instant};
use tokio_tungstenite::tungstenite::{Bytes, Message};

use crate::spawn::Incarnation;
use crate::support::*;

/// `GET /healthz` from `from`: the body, or `None` if the server does not answer in time.
async fn healthz_from(addr: std::net::SocketAddr, from: &str) -> Option<String> {
    let mut stream = socket_from(addr, from).await?;
    let request = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = Vec::new();
    timeout(Duration::from_secs(3), stream.read_to_end(&mut response))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&response).into_owned();
    text.starts_with("HTTP/1.1 200").then_some(text)
}

/// Has the server closed `stream` (EOF or reset)?
async fn is_closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    matches!(
        timeout(Duration::from_millis(50), stream.read(&mut byte)).await,
        Ok(Ok(0)) | Ok(Err(_))
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_cannot_use_up_the_file_descriptors() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--header-timeout-ms",
        "700",
        "--max-connections-per-client",
        "8",
    ];
    let mut server = Incarnation::launch(
        &dir.path().join("data"),
        dir.path().join("log"),
        &args,
        Some(128),
    )
    .await;
    let addr = server.addr;
    // 20 addresses × 20 sockets that never send a byte: more than the process may open.
    let mut flood = Vec::new();
    for a in 0..20 {
        let from = format!("127.0.1.{}", a + 1);
        for _ in 0..20 {
            if let Some(stream) = socket_from(addr, &from).await {
                flood.push(stream);
            }
        }
    }
    // Someone else's health check still gets through (once the silent ones time out, if not
    // at once).
    let started = Instant::now();
    let mut answered = None;
    while started.elapsed() < Duration::from_secs(15) {
        if let Some(text) = healthz_from(addr, "127.0.2.1").await {
            answered = Some(text);
            break;
        }
        sleep(Duration::from_millis(100)).await;
    }
    assert!(
        answered.is_some_and(|t| t.ends_with("ok")),
        "/healthz did not answer under the flood:\n{}",
        std::fs::read_to_string(dir.path().join("log")).unwrap_or_default()
    );
    eprintln!("fd flood: /healthz answered after {:?}", started.elapsed());
    // The silent sockets are closed by the server: at once past a peer's share, after the
    // header timeout otherwise.
    sleep(Duration::from_millis(1_500)).await;
    let mut closed = 0;
    for stream in &mut flood {
        closed += usize::from(is_closed(stream).await);
    }
    assert!(
        closed >= flood.len() * 9 / 10,
        "{closed} of {} closed",
        flood.len()
    );
    assert!(server.is_alive());
    server.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_per_connection_stays_bounded_under_a_ping_flood() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--rate-per-sec", "20", "--rate-burst", "40"];
    let mut server = Incarnation::launch(
        &dir.path().join("data"),
        dir.path().join("log"),
        &args,
        None,
    )
    .await;
    let addr = server.addr;
    sleep(Duration::from_millis(200)).await;
    let before = server.rss_kib().unwrap_or(0);
    const IDLE: usize = 200;
    let mut idle = Vec::new();
    for n in 0..IDLE {
        let from = format!("127.0.3.{}", n / 20 + 1);
        let mut client = Client::connect_from(addr, &from).await.unwrap();
        client.hello("idle", None).await;
        idle.push(client);
    }
    sleep(Duration::from_millis(300)).await;
    let with_idle = server.rss_kib().unwrap_or(0);
    // 50 connections each send 20,000 pings and read nothing.
    let mut peak = with_idle;
    let mut floods = Vec::new();
    for n in 0..50 {
        let from = format!("127.0.4.{}", n / 10 + 1);
        let mut client = Client::connect_from(addr, &from).await.unwrap();
        client.hello("flood", None).await;
        floods.push(tokio::spawn(async move {
            for _ in 0..20_000 {
                if client
                    .socket()
                    .feed(Message::Ping(Bytes::new()))
                    .await
                    .is_err()
                {
                    break;
                }
            }
            let _ = client.socket().flush().await;
            client
        }));
    }
    for flood in floods {
        let _ = timeout(WAIT, flood).await;
        peak = peak.max(server.rss_kib().unwrap_or(0));
    }
    let per_idle = (with_idle.saturating_sub(before)) as f64 / IDLE as f64;
    eprintln!(
        "memory: {before} KiB at start, {with_idle} KiB with {IDLE} idle connections \
         ({per_idle:.1} KiB each), peak {peak} KiB during 50 ping floods"
    );
    assert!(
        peak.saturating_sub(before) < 200 * 1024,
        "the floods grew the server by {} KiB",
        peak.saturating_sub(before)
    );
    assert!(server.is_alive());
    server.kill();
}
