//! Players who come back, over real HTTP and WebSocket: a guest plays at once, claims its name
//! as an account in the middle of a game, and a login on another connection gets its seat
//! back; wrong passwords, a flood of logins, taken and offensive names are refused with their
//! codes; logging out everywhere ends every login; accounts outlive a restart.

use serde_json::{json, Value};
use sgs_protocol::{ErrorCode, RoomOptions, RoomState, ServerMsg};
use sgs_server::storage::{SqliteStorage, SyncMode};
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;

use crate::support::*;

const PASSWORD: &str = "peach garden oath";

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

/// A guest hosting a running four-seat game (bots in the other seats).
async fn host_in_a_game(server: &Server, name: &str) -> (Client, String) {
    let mut host = server.client(name).await;
    let options = RoomOptions {
        name: "game".into(),
        seats: 4,
        fill_bots: true,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    (host, room)
}

/// Connects with `token` and expects the session of `player` back, in its seat of `room`.
async fn comes_back(server: &Server, token: &str, player: u64, room: &str) -> Client {
    let mut client = Client::connect(server.addr).await;
    let welcome = client.hello("someone else", Some(token)).await;
    let ServerMsg::Welcome {
        player: got,
        resumed,
        room: Some(got_room),
        ..
    } = &welcome
    else {
        panic!("{welcome:?}")
    };
    assert_eq!((*got, *resumed, got_room.as_str()), (player, true, room));
    let sync = client
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    let ServerMsg::Sync {
        room: info,
        you,
        view,
        ..
    } = sync
    else {
        unreachable!()
    };
    assert_eq!(info.state, RoomState::Playing);
    assert_eq!(you.seat, Some(sgs_engine::Seat(0)), "the seat is back");
    assert!(view.is_some(), "with the game's view");
    client
}

async fn login(server: &Server, name: &str, password: &str) -> (u16, Value) {
    post_json(
        server.addr,
        "/api/login",
        None,
        &json!({"name": name, "password": password}),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_claims_its_name_and_a_login_elsewhere_gets_its_seat_back() {
    let server = Server::start(config()).await;
    let (mut guest, room) = host_in_a_game(&server, "Cao Cao").await;
    let player = guest.player;

    // The guest claims its name (and player id) in the middle of its game.
    let claim = json!({"password": PASSWORD});
    let (status, claimed) =
        post_json(server.addr, "/api/accounts", Some(&guest.token), &claim).await;
    assert_eq!(status, 201, "{claimed}");
    assert_eq!(claimed["account"], json!({"id": player, "name": "Cao Cao"}));
    let token = claimed["token"].as_str().unwrap().to_string();
    let (status, me) = get_json_as(server.addr, "/api/me", &token).await;
    assert_eq!(
        (status, &me["account"], &me["player"]),
        (200, &json!(true), &json!(player))
    );
    let (status, again) = post_json(server.addr, "/api/accounts", Some(&guest.token), &claim).await;
    assert_eq!((status, code(&again)), (409, "already_claimed"));

    // Another device says hello with the login token: the seat comes back there, and the
    // first connection is told it was replaced.
    let second = comes_back(&server, &token, player, &room).await;
    let replaced = guest
        .recv_until(|m| {
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::Replaced,
                    ..
                }
            )
        })
        .await;
    assert!(matches!(replaced, ServerMsg::Error { .. }));

    // A login by name and password (any width or case) on a third.
    let (status, logged) = login(&server, "ｃａｏ ｃａｏ", PASSWORD).await;
    assert_eq!(status, 200, "{logged}");
    assert_eq!(logged["account"]["id"], player);
    let fresh = logged["token"].as_str().unwrap().to_string();
    assert_ne!(fresh, token);
    let third = comes_back(&server, &fresh, player, &room).await;

    // Nobody passes for the account as a guest.
    let mut other = Client::connect(server.addr).await;
    let welcome = other.hello("CAO_CAO", None).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { name, .. } if name == "CAO_CAO(游客)"),
        "{welcome:?}"
    );

    // Log out everywhere: neither token works any more, and the connection is closed.
    let (status, out) = post_json(
        server.addr,
        "/api/logout?everywhere=true",
        Some(&fresh),
        &json!({}),
    )
    .await;
    assert_eq!((status, &out["revoked"]), (200, &json!(2)), "{out}");
    for token in [&token, &fresh] {
        let (status, body) = get_json_as(server.addr, "/api/me", token).await;
        assert_eq!((status, code(&body)), (401, "unauthorized"));
        let mut client = Client::connect(server.addr).await;
        let welcome = client.hello("x", Some(token)).await;
        assert!(
            matches!(welcome, ServerMsg::Welcome { resumed: false, .. }),
            "{welcome:?}"
        );
    }
    // Logging in again brings the seat back once more.
    let (status, logged) = login(&server, "Cao Cao", PASSWORD).await;
    assert_eq!(status, 200, "{logged}");
    comes_back(&server, logged["token"].as_str().unwrap(), player, &room).await;
    drop((second, third));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_claims_and_logins_are_refused_with_their_codes() {
    let server = Server::start(config()).await;
    let first = server.client("孔明").await;
    let (status, _) = post_json(
        server.addr,
        "/api/accounts",
        Some(&first.token),
        &json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 201);

    let second = server.client("someone").await;
    for (body, status, expected) in [
        (
            json!({"password": PASSWORD, "name": "孔明"}),
            409,
            "name_taken",
        ),
        (
            json!({"password": PASSWORD, "name": " 孔明\u{200B}"}),
            409,
            "name_taken",
        ),
        (
            json!({"password": PASSWORD, "name": "Adm1n"}),
            422,
            "name_offensive",
        ),
        (
            json!({"password": PASSWORD, "name": "\u{200B}"}),
            422,
            "bad_name",
        ),
        (
            json!({"password": "short", "name": "周瑜"}),
            422,
            "bad_password",
        ),
        (json!({"name": "周瑜"}), 400, "bad_request"),
    ] {
        let (got, answer) =
            post_json(server.addr, "/api/accounts", Some(&second.token), &body).await;
        assert_eq!((got, code(&answer)), (status, expected), "{body}: {answer}");
    }
    let (got, answer) = post_json(
        server.addr,
        "/api/accounts",
        None,
        &json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!((got, code(&answer)), (401, "unauthorized"));
    let (got, answer) = post_json(
        server.addr,
        "/api/accounts",
        Some("nobody"),
        &json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!((got, code(&answer)), (401, "unauthorized"));

    let (status, body) = login(&server, "孔明", "wrong password").await;
    assert_eq!((status, code(&body)), (401, "bad_login"));
    let (status, body) = login(&server, "nobody at all", PASSWORD).await;
    assert_eq!(
        (status, code(&body)),
        (401, "bad_login"),
        "an unknown name says the same"
    );
    let (status, _) = login(&server, "孔明", PASSWORD).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_logins_is_held_back() {
    let server = Server::start(config()).await;
    let guest = server.client("Zhou Yu").await;
    let (status, _) = post_json(
        server.addr,
        "/api/accounts",
        Some(&guest.token),
        &json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 201);
    let started = std::time::Instant::now();
    let mut answers = Vec::new();
    for i in 0..12 {
        let (status, body) = login(&server, "Zhou Yu", &format!("guess number {i}")).await;
        answers.push((status, code(&body).to_string()));
    }
    let wrong = answers.iter().filter(|(s, _)| *s == 401).count();
    let held = answers
        .iter()
        .filter(|(s, c)| *s == 429 && c == "too_many_attempts")
        .count();
    assert_eq!(wrong, 5, "the free tries: {answers:?}");
    assert_eq!(held, 7, "{answers:?}");
    // Held back, the right password is refused too (until the wait is over).
    let (status, body) = login(&server, "Zhou Yu", PASSWORD).await;
    assert_eq!((status, code(&body)), (429, "too_many_attempts"));
    println!("12 wrong logins answered in {:?}", started.elapsed());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_and_their_logins_outlive_a_restart() {
    let mut server = Server::start(config()).await;
    let data = server.data.take().unwrap();
    let guest = server.client("Liu Bei").await;
    let (status, claimed) = post_json(
        server.addr,
        "/api/accounts",
        Some(&guest.token),
        &json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 201);
    let token = claimed["token"].as_str().unwrap().to_string();
    let player = guest.player;
    drop(guest);
    server.stop().await;

    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let state = AppState::with_parts(config(), Box::new(storage), Box::new(Heuristic));
    state.recover().unwrap();
    let server = Server::serve_state(state).await;
    let (status, me) = get_json_as(server.addr, "/api/me", &token).await;
    assert_eq!(
        (status, &me["player"], &me["name"]),
        (200, &json!(player), &json!("Liu Bei"))
    );
    let mut back = Client::connect(server.addr).await;
    let welcome = back.hello("", Some(&token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { player: p, name, .. } if *p == player && name == "Liu Bei"),
        "{welcome:?}"
    );
    let (status, _) = login(&server, "liu bei", PASSWORD).await;
    assert_eq!(status, 200);
    // A new guest does not get the account's id.
    let newcomer = server.client("newcomer").await;
    assert!(newcomer.player > player);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_everywhere_holds_across_a_restart() {
    let mut server = Server::start(config()).await;
    let data = server.data.take().unwrap();
    let mut guest = server.client("Sun Quan").await;
    let room = room_id(&guest.create_room(RoomOptions::default()).await);
    let session = guest.token.clone();
    let (_, claimed) = post_json(
        server.addr,
        "/api/accounts",
        Some(&session),
        &json!({"password": PASSWORD}),
    )
    .await;
    let token = claimed["token"].as_str().unwrap().to_string();
    let (status, _) = post_json(
        server.addr,
        "/api/logout?everywhere=true",
        Some(&token),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    guest.until_closed().await;
    server.state.shared.storage.flush().await.unwrap();
    server.stop().await;

    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let state = AppState::with_parts(config(), Box::new(storage), Box::new(Heuristic));
    state.recover().unwrap();
    let server = Server::serve_state(state).await;
    for old in [&session, &token] {
        let mut client = Client::connect(server.addr).await;
        let welcome = client.hello("x", Some(old)).await;
        assert!(
            matches!(
                welcome,
                ServerMsg::Welcome {
                    resumed: false,
                    room: None,
                    ..
                }
            ),
            "{welcome:?}"
        );
    }
    // A new login gets the room back, under the account's name.
    let (status, logged) = login(&server, "sun quan", PASSWORD).await;
    assert_eq!(status, 200, "{logged}");
    let mut back = Client::connect(server.addr).await;
    let welcome = back.hello("someone", logged["token"].as_str()).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), name, .. } if *r == room && name == "Sun Quan"),
        "{welcome:?}"
    );
    server.stop().await;
}
