//! Moderation over real HTTP and WebSocket: the admin endpoint refuses without its token; an
//! account the operator bans loses its connection and cannot log in, say hello or open a room,
//! until unbanned; a banned address gets no socket; a host's ban keeps a player out of the
//! room and a mute silences it until lifted; chat is filtered and rate-limited; reports reach
//! the operator; the operator renames an account.

use serde_json::{json, Value};
use sgs_protocol::{ErrorCode, LeaveReason, RoomOptions, ServerMsg};

use crate::support::*;

const ADMIN: &str = "the operator's secret";

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

fn admin_config() -> sgs_server::config::Config {
    sgs_server::config::Config {
        admin_token: Some(ADMIN.into()),
        chat_filter: vec!["darn".into()],
        ..config()
    }
}

async fn account(server: &Server, name: &str) -> (Client, String) {
    let client = server.client(name).await;
    let body = json!({"password": "a long password"});
    let (status, claimed) =
        post_json(server.addr, "/api/accounts", Some(&client.token), &body).await;
    assert_eq!(status, 201, "{claimed}");
    (client, claimed["token"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_endpoint_refuses_without_its_token() {
    let off = Server::start(config()).await;
    let (status, body) = get_json_as(off.addr, "/api/admin/bans", ADMIN).await;
    assert_eq!(
        (status, code(&body)),
        (403, "admin_disabled"),
        "no SGS_ADMIN_TOKEN: off"
    );
    off.stop().await;

    let server = Server::start(admin_config()).await;
    for path in ["/api/admin/bans", "/api/admin/reports"] {
        let (status, body) = get_json(server.addr, path).await;
        assert_eq!((status, code(&body)), (401, "unauthorized"), "{path}");
        let (status, body) = get_json_as(server.addr, path, "guess").await;
        assert_eq!((status, code(&body)), (401, "unauthorized"), "{path}");
        let (status, _) = get_json_as(server.addr, path, ADMIN).await;
        assert_eq!(status, 200, "{path}");
    }
    for path in ["/api/admin/bans", "/api/admin/unban", "/api/admin/rename"] {
        let (status, body) =
            post_json(server.addr, path, Some("guess"), &json!({"account": 1})).await;
        assert_eq!((status, code(&body)), (401, "unauthorized"), "{path}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_account_cannot_log_in_or_play_until_unbanned() {
    let server = Server::start(admin_config()).await;
    let (mut cao, token) = account(&server, "Cao Cao").await;
    let id = cao.player;
    let ban = json!({"account": id, "minutes": 60, "reason": "cheating"});
    let (status, body) = post_json(server.addr, "/api/admin/bans", Some(ADMIN), &ban).await;
    assert_eq!(status, 201, "{body}");
    // Its connection is told and closed.
    let told = cao
        .recv_until(|m| {
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::Banned,
                    ..
                }
            )
        })
        .await;
    assert!(matches!(told, ServerMsg::Error { .. }));
    let (status, body) = post_json(
        server.addr,
        "/api/login",
        None,
        &json!({"name": "Cao Cao", "password": "a long password"}),
    )
    .await;
    assert_eq!((status, code(&body)), (403, "banned"), "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cheating"));
    // Its login token was revoked with the ban: it says hello as nobody.
    let mut back = Client::connect(server.addr).await;
    let welcome = back.hello("x", Some(&token)).await;
    assert!(
        matches!(welcome, ServerMsg::Welcome { player, .. } if player != id),
        "{welcome:?}"
    );
    let (_, bans) = get_json_as(server.addr, "/api/admin/bans", ADMIN).await;
    assert_eq!(bans["bans"][0]["target"], id.to_string());

    let (status, body) = post_json(
        server.addr,
        "/api/admin/unban",
        Some(ADMIN),
        &json!({"account": id}),
    )
    .await;
    assert_eq!((status, &body["lifted"]), (200, &json!(true)));
    let (status, logged) = post_json(
        server.addr,
        "/api/login",
        None,
        &json!({"name": "cao cao", "password": "a long password"}),
    )
    .await;
    assert_eq!(status, 200, "{logged}");
    let mut again = Client::connect(server.addr).await;
    again.hello("x", logged["token"].as_str()).await;
    assert_eq!(again.player, id);
    let created = again.create_room(RoomOptions::default()).await;
    assert!(matches!(created, ServerMsg::Sync { .. }), "{created:?}");

    // The operator renames it; the new name logs in.
    let rename = json!({"account": id, "name": "Meng De"});
    let (status, body) = post_json(server.addr, "/api/admin/rename", Some(ADMIN), &rename).await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = post_json(
        server.addr,
        "/api/login",
        None,
        &json!({"name": "meng de", "password": "a long password"}),
    )
    .await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_address_gets_no_socket() {
    let server = Server::start(admin_config()).await;
    let ban = json!({"address": "127.0.0.9"});
    let (status, _) = post_json(server.addr, "/api/admin/bans", Some(ADMIN), &ban).await;
    assert_eq!(status, 201);
    assert!(Client::connect_from(server.addr, "127.0.0.9")
        .await
        .is_none());
    assert!(Client::connect_from(server.addr, "127.0.0.8")
        .await
        .is_some());
    let (status, _) = post_json(server.addr, "/api/admin/unban", Some(ADMIN), &ban).await;
    assert_eq!(status, 200);
    assert!(Client::connect_from(server.addr, "127.0.0.9")
        .await
        .is_some());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_bans_and_mutes_and_chat_is_filtered_and_held_back() {
    let server = Server::start(admin_config()).await;
    let mut host = server.client("host").await;
    let room = room_id(
        &host
            .create_room(RoomOptions {
                seats: 4,
                ..RoomOptions::default()
            })
            .await,
    );
    let (mut guest, _) = account(&server, "Lu Bu").await;
    assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));

    // Filtered: the word's letters arrive as stars.
    let said = guest
        .command(json!({"type": "chat", "text": "oh DARN it"}))
        .await;
    assert!(matches!(said, ServerMsg::Ack { .. }), "{said:?}");
    let heard = host
        .recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
        .await;
    assert!(
        matches!(&heard, ServerMsg::Chat { text, .. } if text == "oh **** it"),
        "{heard:?}"
    );

    // Muted, then not.
    let muted = host
        .command(json!({"type": "mute", "player": guest.player, "minutes": 5}))
        .await;
    assert!(matches!(muted, ServerMsg::Ack { .. }), "{muted:?}");
    guest
        .expect_error(json!({"type": "chat", "text": "hello"}), ErrorCode::Muted)
        .await;
    guest
        .expect_error(
            json!({"type": "mute", "player": host.player}),
            ErrorCode::NotHost,
        )
        .await;
    host.command(json!({"type": "mute", "player": guest.player, "minutes": 0}))
        .await;
    // A flood of chat is held back (the filtered line above counted too).
    let mut refused = 0;
    for i in 0..8 {
        if let ServerMsg::Error { code, .. } = guest
            .command(json!({"type": "chat", "text": format!("line {i}")}))
            .await
        {
            assert_eq!(code, ErrorCode::ChatTooFast);
            refused += 1;
        }
    }
    assert_eq!(refused, 4, "a burst of 5");

    // Banned from the room: out, and kept out.
    let banned = host
        .command(json!({"type": "ban", "player": guest.player}))
        .await;
    assert!(matches!(banned, ServerMsg::Ack { .. }), "{banned:?}");
    let left = guest
        .recv_until(|m| matches!(m, ServerMsg::LeftRoom { .. }))
        .await;
    assert!(matches!(
        left,
        ServerMsg::LeftRoom {
            reason: LeaveReason::Kicked,
            ..
        }
    ));
    guest
        .expect_error(
            json!({"type": "join_room", "room": room}),
            ErrorCode::Banned,
        )
        .await;
    guest
        .expect_error(json!({"type": "spectate", "room": room}), ErrorCode::Banned)
        .await;

    // The guest reports the host; the operator reads it.
    let report = json!({"player": host.player, "reason": "banned me for nothing"});
    let (status, _) = post_json(server.addr, "/api/reports", Some(&guest.token), &report).await;
    assert_eq!(status, 201);
    let (status, body) = post_json(server.addr, "/api/reports", None, &report).await;
    assert_eq!((status, code(&body)), (401, "unauthorized"));
    let (_, reports) = get_json_as(server.addr, "/api/admin/reports", ADMIN).await;
    let first = &reports["reports"][0];
    assert_eq!(
        (&first["reporter"], &first["player"]),
        (&json!(guest.player), &json!(host.player))
    );
    assert_eq!(first["reason"], "banned me for nothing");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosts_ban_holds_across_a_restart() {
    use sgs_server::storage::{SqliteStorage, SyncMode};
    let mut server = Server::start(config()).await;
    let data = server.data.take().unwrap();
    let mut host = server.client("host").await;
    let room = room_id(
        &host
            .create_room(RoomOptions {
                seats: 4,
                ..RoomOptions::default()
            })
            .await,
    );
    let (mut guest, token) = account(&server, "Diao Chan").await;
    assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));
    let banned = host
        .command(json!({"type": "ban", "player": guest.player, "minutes": 60}))
        .await;
    assert!(matches!(banned, ServerMsg::Ack { .. }), "{banned:?}");
    let host_token = host.token.clone();
    drop((host, guest));
    server.stop().await;

    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let state = sgs_server::AppState::with_parts(
        config(),
        Box::new(storage),
        Box::new(sgs_server::trustee::Heuristic),
    );
    state.recover().unwrap();
    let server = Server::serve_state(state).await;
    // The host is back in its room; the banned account is still kept out.
    let mut host = Client::connect(server.addr).await;
    let welcome = host.hello("host", Some(&host_token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { room: Some(r), .. } if *r == room),
        "{welcome:?}"
    );
    let mut guest = Client::connect(server.addr).await;
    guest.hello("x", Some(&token)).await;
    guest
        .expect_error(
            json!({"type": "join_room", "room": room}),
            ErrorCode::Banned,
        )
        .await;
    server.stop().await;
}
