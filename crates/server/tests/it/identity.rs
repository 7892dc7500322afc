//! Issue 12, "identity and chat": a name cannot be borrowed (chat names its speaker's place,
//! names are normalised and unique in a room), and room passwords cannot be guessed quickly —
//! while an unknown room and a wrong password look alike to an outsider.

use std::time::Duration;

use serde_json::json;
use sgs_protocol::{ErrorCode, RoomOptions, ServerMsg, Speaker};
use tokio::time::Instant;

use crate::support::*;

#[tokio::test]
async fn a_spectator_cannot_chat_under_a_seated_players_name() {
    let server = Server::start(config()).await;
    let mut alice = server.client("Alice").await;
    let room = room_id(&alice.create_room(RoomOptions::default()).await);
    // The same name with a zero-width space and a right-to-left mark: the same name.
    let mut mallory = server.client("Ａlice\u{200B}\u{200F}").await;
    let watched = mallory
        .command(json!({"type": "spectate", "room": room}))
        .await;
    let ServerMsg::Sync { room: info, .. } = watched else {
        panic!("{watched:?}")
    };
    assert_eq!(info.spectators[0].name, "Alice (2)", "unique in the room");
    mallory
        .command(json!({"type": "chat", "text": "I am \u{202E}Alice"}))
        .await;
    alice.command(json!({"type": "chat", "text": "hi"})).await;
    let mut lines = Vec::new();
    while lines.len() < 2 {
        if let ServerMsg::Chat {
            name,
            text,
            speaker,
            ..
        } = alice.recv().await
        {
            lines.push((name, text, speaker));
        }
    }
    assert_eq!(
        lines[0],
        (
            "Alice (2)".to_string(),
            "I am Alice".to_string(),
            Speaker {
                seat: None,
                host: false
            }
        )
    );
    assert_eq!(
        lines[1].2,
        Speaker {
            seat: Some(sgs_engine::Seat(0)),
            host: true
        }
    );
}

#[tokio::test]
async fn names_lose_invisible_and_bidi_characters() {
    let server = Server::start(config()).await;
    let mut client = Client::connect(server.addr).await;
    let welcome = client
        .hello("\u{202E}evil\u{200B}  \u{2066}name\u{0007}", None)
        .await;
    assert!(matches!(welcome, ServerMsg::Welcome { name, .. } if name == "evil name"));
    let mut blank = Client::connect(server.addr).await;
    let welcome = blank.hello("\u{3164}\u{200B}", None).await;
    assert!(matches!(welcome, ServerMsg::Welcome { name, .. } if name.starts_with("player")));
}

/// The error message with the room id taken out.
fn shape(msg: &ServerMsg, room: &str) -> (ErrorCode, String) {
    match msg {
        ServerMsg::Error { code, message, .. } => (*code, message.replace(room, "ROOM")),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[tokio::test]
async fn room_passwords_cannot_be_guessed_quickly_and_unknown_rooms_look_the_same() {
    let mut config = config();
    config.password_tries = 3;
    let server = Server::start(config).await;
    let mut host = Client::connect_from(server.addr, "127.0.0.20")
        .await
        .unwrap();
    host.hello("host", None).await;
    let options = RoomOptions {
        private: true,
        password: Some("open sesame".into()),
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);

    let mut guesser = Client::connect_from(server.addr, "127.0.0.21")
        .await
        .unwrap();
    guesser.hello("guesser", None).await;
    let wrong = guesser
        .command(json!({"type": "join_room", "room": room, "password": "guess"}))
        .await;
    let unknown = guesser
        .command(json!({"type": "join_room", "room": "zzzzzz", "password": "guess"}))
        .await;
    assert_eq!(
        shape(&wrong, &room),
        shape(&unknown, "zzzzzz"),
        "alike to an outsider"
    );

    // A quick run of guesses: past the free tries, each must wait, doubling.
    let started = Instant::now();
    let (mut checked, mut waited) = (2, 0);
    while started.elapsed() < Duration::from_secs(2) {
        let answer = guesser
            .command(json!({"type": "join_room", "room": room, "password": format!("g{checked}")}))
            .await;
        match answer {
            ServerMsg::Error {
                code: ErrorCode::TooManyAttempts,
                ..
            } => waited += 1,
            ServerMsg::Error {
                code: ErrorCode::NoSuchRoom,
                ..
            } => checked += 1,
            other => panic!("{other:?}"),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!("password guessing: {checked} guesses checked in 2 s, {waited} told to wait");
    assert!(checked <= 5, "{checked} guesses were checked in 2 s");
    assert!(waited > 10);
    // Even the right password waits out the back-off …
    let right = json!({"type": "join_room", "room": room, "password": "open sesame"});
    assert!(matches!(
        guesser.command(right.clone()).await,
        ServerMsg::Error {
            code: ErrorCode::TooManyAttempts,
            ..
        }
    ));
    // … while another address is not held back.
    let mut friend = Client::connect_from(server.addr, "127.0.0.22")
        .await
        .unwrap();
    friend.hello("friend", None).await;
    assert!(matches!(
        friend.command(right).await,
        ServerMsg::Sync { .. }
    ));
}
