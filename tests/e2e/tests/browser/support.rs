//! Imports and helpers shared by the browser tests.

pub use std::time::Duration;

pub use futures_util::{SinkExt, StreamExt};
pub use serde_json::{json, Value};
pub use sgs_e2e::*;
pub use tokio_tungstenite::tungstenite::Message;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// My seat has a prompt of the play phase, or the game is over.
pub const MY_PLAY_PHASE: &str = "return !!document.querySelector(\
    '[data-testid=prompt][data-kind=play]:not([data-answered]), [data-testid=game-over]');";

/// Someone else (a plain WebSocket client) opens a public room, so the lobby has one to list.
/// Returns the socket: the room lives while it is open.
pub async fn open_room_elsewhere(server: &TestServer, name: &str) -> Result<Socket> {
    let url = format!("ws://{}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await?;
    let hello = json!({"type": "hello", "version": 2, "name": "elsewhere"});
    ws.send(Message::text(hello.to_string())).await?;
    let create = json!({"type": "create_room", "id": 1, "options": {"name": name, "seats": 6}});
    ws.send(Message::text(create.to_string())).await?;
    while let Some(frame) = ws.next().await {
        let Message::Text(text) = frame? else {
            continue;
        };
        let msg: Value = serde_json::from_str(text.as_str())?;
        match msg["type"].as_str() {
            Some("sync") => return Ok(ws),
            Some("error") => return fail(format!("cannot open a room: {msg}")),
            _ => {}
        }
    }
    fail("the socket closed before the room was opened")
}
