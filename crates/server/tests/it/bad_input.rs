//! Bad input gets an `error` with a stable code and changes nothing: the room and the other
//! players go on. One test per kind of bad input.

use serde_json::{json, Value};
use sgs_engine::{Action, CardId, View};
use sgs_protocol::{ErrorCode, RoomOptions, ServerMsg, PROTOCOL_VERSION};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::support::*;

/// The host's view now (through `resync`).
async fn view_of(client: &mut Client) -> View {
    match client.command(json!({"type": "resync"})).await {
        ServerMsg::Sync {
            view: Some(view), ..
        } => *view,
        other => panic!("expected a sync with a view, got {other:?}"),
    }
}

/// A started two-seat practice game; returns host, guest and the host's view.
async fn table(server: &Server) -> (Client, Client, View) {
    let (mut host, guest, _) = practice_table(server, practice_options()).await;
    let view = view_of(&mut host).await;
    assert!(view.prompt.is_some(), "the host is in its play phase");
    (host, guest, view)
}

/// The game did not change, and the host can still play: it ends its play phase.
async fn goes_on(host: &mut Client, before: &View) {
    assert_eq!(&view_of(host).await, before, "the game changed");
    let answer = host
        .command(json!({"type": "act", "seat": 0, "action": {"type": "pass"}}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
}

fn act(seat: u8, action: Action) -> Value {
    json!({"type": "act", "seat": seat, "action": action})
}

#[tokio::test]
async fn malformed_json() {
    let server = Server::start(config()).await;
    let (mut host, _guest, view) = table(&server).await;
    host.send_text("{\"type\": \"act\", oops".into()).await;
    let error = host
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    assert!(matches!(
        error,
        ServerMsg::Error {
            code: ErrorCode::MalformedJson,
            id: None,
            ..
        }
    ));
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn unknown_message_type() {
    let server = Server::start(config()).await;
    let (mut host, _guest, view) = table(&server).await;
    host.expect_error(json!({"type": "teleport"}), ErrorCode::UnknownType)
        .await;
    host.expect_error(
        json!({"type": "act", "seat": "zero"}),
        ErrorCode::BadMessage,
    )
    .await;
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn oversized_frame() {
    let server = Server::start(config()).await;
    let (mut host, _guest, view) = table(&server).await;
    let text = "x".repeat(20 * 1024);
    host.send_json(&json!({"type": "chat", "id": 1, "text": text}))
        .await;
    let error = host
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    assert!(matches!(
        error,
        ServerMsg::Error {
            code: ErrorCode::FrameTooLarge,
            ..
        }
    ));
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn action_out_of_turn() {
    let server = Server::start(config()).await;
    let (mut host, mut guest, view) = table(&server).await;
    guest
        .expect_error(act(1, Action::Pass), ErrorCode::NotYourTurn)
        .await;
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn action_for_a_seat_the_connection_does_not_hold() {
    let server = Server::start(config()).await;
    let (mut host, mut guest, view) = table(&server).await;
    guest
        .expect_error(act(0, Action::Pass), ErrorCode::NotYourSeat)
        .await;
    let mut watcher = server.client("watcher").await;
    let room = match host.command(json!({"type": "resync"})).await {
        ServerMsg::Sync { room, .. } => room.id,
        _ => unreachable!(),
    };
    watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    watcher
        .expect_error(act(0, Action::Pass), ErrorCode::NotSeated)
        .await;
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn illegal_action_passes_the_engine_code_through() {
    let server = Server::start(config()).await;
    let (mut host, _guest, view) = table(&server).await;
    let hand = view.seats[0].hand.clone().unwrap();
    let not_held = (0..108).map(CardId).find(|c| !hand.contains(c)).unwrap();
    let slash = Action::Card {
        cards: vec![not_held],
        skill: None,
        targets: vec![sgs_engine::Seat(1)],
    };
    host.expect_error(act(0, slash), ErrorCode::IllegalAction)
        .await;
    host.expect_error(act(7, Action::Pass), ErrorCode::NotYourSeat)
        .await;
    let stale = json!({"type": "act", "seat": 0, "action": {"type": "pass"}, "prompt_id": 999});
    host.expect_error(stale, ErrorCode::StalePrompt).await;
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn commands_in_the_wrong_room_state_or_by_the_wrong_player() {
    let server = Server::start(config()).await;
    let (mut host, mut guest, view) = table(&server).await;
    guest
        .expect_error(
            json!({"type": "take_seat", "seat": 0}),
            ErrorCode::WrongState,
        )
        .await;
    host.expect_error(json!({"type": "start_game"}), ErrorCode::WrongState)
        .await;
    host.expect_error(json!({"type": "add_bot"}), ErrorCode::WrongState)
        .await;
    host.expect_error(json!({"type": "rematch"}), ErrorCode::WrongState)
        .await;
    guest
        .expect_error(json!({"type": "start_game"}), ErrorCode::NotHost)
        .await;
    guest
        .expect_error(
            json!({"type": "kick", "player": host.player}),
            ErrorCode::NotHost,
        )
        .await;
    guest
        .expect_error(json!({"type": "create_room"}), ErrorCode::AlreadyInRoom)
        .await;
    let mut lonely = server.client("lonely").await;
    lonely
        .expect_error(json!({"type": "chat", "text": "hi"}), ErrorCode::NotInRoom)
        .await;
    lonely
        .expect_error(
            json!({"type": "join_room", "room": "nope"}),
            ErrorCode::NoSuchRoom,
        )
        .await;
    let bad_room = json!({"type": "create_room", "options": {"seats": 1}});
    lonely.expect_error(bad_room, ErrorCode::BadOptions).await;
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn wrong_room_password() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        seats: 3,
        private: true,
        password: Some("open sesame".into()),
        ..RoomOptions::default()
    };
    let ServerMsg::Sync { room, .. } = host.create_room(options).await else {
        panic!()
    };
    let invite = room
        .invite
        .clone()
        .expect("private rooms have an invite code");
    let mut guest = server.client("guest").await;
    let join = |password: &str| json!({"type": "join_room", "room": room.id, "password": password});
    // To an outsider, a private room that does not admit it answers like no room at all.
    guest
        .expect_error(join("sesame"), ErrorCode::NoSuchRoom)
        .await;
    guest
        .expect_error(
            json!({"type": "join_room", "room": room.id}),
            ErrorCode::NoSuchRoom,
        )
        .await;
    guest
        .expect_error(
            json!({"type": "spectate", "room": room.id}),
            ErrorCode::NoSuchRoom,
        )
        .await;
    // Nothing changed: the room is unlisted and its seats are still free.
    let listed = guest.command(json!({"type": "list_rooms"})).await;
    assert!(matches!(listed, ServerMsg::RoomList { rooms, .. } if rooms.is_empty()));
    assert!(matches!(
        guest.command(join("open sesame")).await,
        ServerMsg::Sync { .. }
    ));
    let mut friend = server.client("friend").await;
    let by_invite = json!({"type": "join_room", "room": room.id, "invite": invite});
    assert!(matches!(
        friend.command(by_invite).await,
        ServerMsg::Sync { .. }
    ));
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
}

#[tokio::test]
async fn floods_are_refused_then_closed_with_1008() {
    let mut config = config();
    config.rate_per_sec = 1.0;
    config.rate_burst = 30.0;
    config.flood_strikes = 5;
    let server = Server::start(config).await;
    let (mut host, mut guest, view) = table(&server).await;
    for n in 0..40 {
        guest
            .send_json(&json!({"type": "ping", "id": 500 + n}))
            .await;
    }
    let limited = guest
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    // The refusal names the refused command (one of the pings past the burst of 30).
    assert!(
        matches!(
            limited,
            ServerMsg::Error {
                code: ErrorCode::RateLimited,
                id: Some(id),
                ..
            } if (520..540).contains(&id)
        ),
        "{limited:?}"
    );
    let closed = guest.until_closed().await;
    assert_eq!(closed.map(|c| c.0), Some(CloseCode::Policy));
    goes_on(&mut host, &view).await;
}

#[tokio::test]
async fn handshake_errors() {
    let server = Server::start(config()).await;
    let mut early = Client::connect(server.addr).await;
    early
        .expect_error(json!({"type": "ping"}), ErrorCode::HelloFirst)
        .await;
    early.hello("early", None).await;
    early
        .send_json(&json!({"type": "hello", "version": PROTOCOL_VERSION}))
        .await;
    let twice = early
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    assert!(matches!(
        twice,
        ServerMsg::Error {
            code: ErrorCode::HelloFirst,
            ..
        }
    ));
    assert!(matches!(
        early.command(json!({"type": "ping"})).await,
        ServerMsg::Pong { .. }
    ));
    let mut old = Client::connect(server.addr).await;
    old.send_json(&json!({"type": "hello", "version": PROTOCOL_VERSION + 1}))
        .await;
    let refused = old.recv().await;
    assert!(matches!(
        refused,
        ServerMsg::Error {
            code: ErrorCode::VersionMismatch,
            ..
        }
    ));
    assert_eq!(
        old.until_closed().await.map(|c| c.0),
        Some(CloseCode::Protocol)
    );
}

#[tokio::test]
async fn a_repeated_command_id_does_not_act_twice() {
    let server = Server::start(config()).await;
    let (mut host, _guest, _) = table(&server).await;
    let pass = json!({"type": "act", "id": 77, "seat": 0, "action": {"type": "pass"}});
    host.send_json(&pass).await;
    let first = host.recv_until(|m| answer_id(m) == Some(77)).await;
    host.send_json(&pass).await;
    let second = host.recv_until(|m| answer_id(m) == Some(77)).await;
    assert_eq!(first, ServerMsg::Ack { id: 77 });
    assert_eq!(second, first, "the original answer, not not_your_turn");
    // The turn moved on once: the guest (who has a real choice) is being asked now.
    let view = view_of(&mut host).await;
    assert_eq!(view.current, sgs_engine::Seat(1), "the lord's turn ended");
}
