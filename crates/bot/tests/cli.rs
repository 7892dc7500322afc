//! The `sgs-bot` binary's exit codes and messages, against a scripted WebSocket server that
//! plays the server's side of a few exchanges: 0 when the room closes, 1 with a clear message
//! for a version mismatch, a wrong room or no server, 2 for a bad URL.

#![cfg(feature = "client")]

use std::net::SocketAddr;
use std::process::{Command, Output};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

/// How the scripted server answers.
#[derive(Clone, Copy)]
enum Script {
    /// `hello` gets `version_mismatch` and close 1002.
    OldServer,
    /// `join_room` gets `no_such_room`.
    NoRoom,
    /// `join_room` gets a `sync` of a waiting room, then `left_room {closed}`.
    Closes,
}

const WELCOME: &str =
    r#"{"type":"welcome","player":7,"name":"bot","protocol":1,"resumed":false,"token":"t0k"}"#;

fn waiting_room(id: u64) -> Value {
    json!({"type": "sync", "id": id, "seq": 1,
        "room": {"id": "abc123", "name": "room", "state": "waiting", "host": 1, "games": 0,
            "seats": [
                {"seat": 0, "occupant": {"kind": "player", "player": 1, "name": "host", "connected": true}, "trusteeship": false},
                {"seat": 1, "occupant": {"kind": "player", "player": 7, "name": "bot", "connected": true}, "trusteeship": false}],
            "spectators": [], "ruleset": sgs_engine::Ruleset::standard(),
            "decision_timeout_ms": 15000, "play_timeout_ms": 30000, "private": false,
            "has_password": false, "allow_spectators": true, "fill_bots": false, "practice": false},
        "you": {"player": 7, "seat": 1, "host": false}})
}

/// Serves one connection with `script`; returns the address.
async fn scripted_server(script: Script) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (stream, _) = listener.accept().await.unwrap();
        let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
        while let Some(Ok(Message::Text(text))) = ws.next().await {
            let msg: Value = serde_json::from_str(text.as_str()).unwrap();
            let reply = |v: Value| Message::Text(v.to_string().into());
            match (msg["type"].as_str().unwrap(), script) {
                ("hello", Script::OldServer) => {
                    let error = json!({"type": "error", "code": "version_mismatch",
                        "message": "this server speaks protocol version 2"});
                    ws.send(reply(error)).await.unwrap();
                    let close = CloseFrame {
                        code: CloseCode::Protocol,
                        reason: "version mismatch".into(),
                    };
                    let _ = ws.close(Some(close)).await;
                    return;
                }
                ("hello", _) => ws.send(Message::Text(WELCOME.into())).await.unwrap(),
                ("join_room", Script::NoRoom) => {
                    let error = json!({"type": "error", "id": msg["id"], "code": "no_such_room",
                        "message": "no room nosuch"});
                    ws.send(reply(error)).await.unwrap();
                }
                ("join_room", _) => {
                    let id = msg["id"].as_u64().unwrap();
                    ws.send(reply(waiting_room(id))).await.unwrap();
                    let left = json!({"type": "left_room", "room": "abc123", "reason": "closed"});
                    ws.send(reply(left)).await.unwrap();
                }
                _ => {}
            }
        }
    });
    addr
}

/// Runs the binary with `args` (in a blocking thread, so the scripted server keeps running).
async fn sgs_bot(args: &[&str]) -> Output {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let run = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_sgs-bot"))
            .args(&args)
            .output()
            .unwrap()
    });
    tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("sgs-bot exits")
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[tokio::test]
async fn a_closed_room_ends_the_bot_with_exit_code_0() {
    let addr = scripted_server(Script::Closes).await;
    let url = format!("ws://{addr}/ws");
    let output = sgs_bot(&["--url", &url, "--room", "abc123", "--quiet"]).await;
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[tokio::test]
async fn a_version_mismatch_is_exit_code_1_with_a_message() {
    let addr = scripted_server(Script::OldServer).await;
    let url = format!("ws://{addr}/ws");
    let output = sgs_bot(&["--url", &url, "--room", "abc123"]).await;
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("protocol version mismatch"),
        "{}",
        stderr(&output)
    );
}

#[tokio::test]
async fn a_wrong_room_is_exit_code_1_with_a_message() {
    let addr = scripted_server(Script::NoRoom).await;
    let url = format!("ws://{addr}/ws");
    let output = sgs_bot(&["--url", &url, "--room", "nosuch"]).await;
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("no_such_room"),
        "{}",
        stderr(&output)
    );
}

#[tokio::test]
async fn no_server_and_bad_urls_are_errors() {
    // A port with nothing listening.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let url = format!("ws://{addr}/ws");
    let output = sgs_bot(&["--url", &url, "--room", "abc123"]).await;
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot connect"),
        "{}",
        stderr(&output)
    );

    for url in ["not a url", "http://127.0.0.1:1/ws", "wss://127.0.0.1:1/ws"] {
        let output = sgs_bot(&["--url", url, "--room", "abc123"]).await;
        assert_eq!(output.status.code(), Some(2), "{url}");
        assert!(stderr(&output).contains("bad URL"), "{}", stderr(&output));
    }
    let output = sgs_bot(&["--url", "ws://127.0.0.1:1/ws"]).await;
    assert_eq!(
        output.status.code(),
        Some(2),
        "--room or --create is required"
    );
}
