//! Graceful shutdown: clients are told, then closed; the server stops.

use sgs_protocol::ServerMsg;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::support::*;

#[tokio::test]
async fn shutdown_tells_clients_and_closes_them() {
    let server = Server::start(config()).await;
    let mut client = server.client("a").await;
    let health = reqwest_like_get(server.addr, "/healthz").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    server.stop().await;
    let bye = client
        .recv_until(|m| matches!(m, ServerMsg::Shutdown { .. }))
        .await;
    assert!(matches!(bye, ServerMsg::Shutdown { .. }));
    let closed = client.until_closed().await;
    assert_eq!(closed.map(|c| c.0), Some(CloseCode::Away));
}

/// A bare HTTP/1.1 GET (no client library needed): the status line, headers and body.
pub async fn reqwest_like_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

#[tokio::test]
async fn http_routes_serve_the_client_schema_and_catalog() {
    let server = Server::start(config()).await;
    let index = reqwest_like_get(server.addr, "/").await;
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    assert!(index.to_lowercase().contains("content-type: text/html"));
    let css = reqwest_like_get(server.addr, "/style.css").await;
    assert!(
        css.to_lowercase().contains("content-type: text/css"),
        "{css}"
    );
    let missing = reqwest_like_get(server.addr, "/nope.js").await;
    assert!(missing.starts_with("HTTP/1.1 404"));
    let schema = reqwest_like_get(server.addr, "/protocol/schema.json").await;
    assert!(schema.contains("\"ClientMsg\""));
    let catalog = reqwest_like_get(server.addr, "/catalog.json").await;
    assert!(catalog.contains("\"card_kinds\""));
    server.stop().await;
}
