//! Private games stay private, over the HTTP API and the WebSocket: a finished game of a
//! private or password room is not in the public list nor in a player's games and does not
//! exist for a stranger through any endpoint; its
//! players and its host see it (their own list, the record, every replay). A public room's game
//! shows its record and the replays from a seat or with all cards open only to its players; its
//! spectator's replay is for everyone, and a spectator's `game_over` carries no record.

use serde_json::{json, Value};
use sgs_engine::Ruleset;
use sgs_protocol::RoomOptions;

use crate::game::{play_full_game, play_full_game_with};
use crate::support::*;

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

fn ids(list: &Value) -> Vec<u64> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_u64().unwrap())
        .collect()
}

/// Every endpoint about game `id`, as `token` (none: anonymous): (path, status, error code).
async fn every_endpoint(
    server: &Server,
    id: u64,
    token: Option<&str>,
) -> Vec<(String, u16, String)> {
    let mut seen = Vec::new();
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/replay"),
        format!("/api/games/{id}/replay?viewer=all"),
        format!("/api/games/{id}/replay?viewer=spectator"),
        format!("/api/games/{id}/replay?viewer=0"),
    ] {
        let (status, body) = request_json(server.addr, "GET", &path, token, None).await;
        seen.push((path, status, code(&body).to_string()));
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_rooms_games_exist_only_for_its_players_and_host() {
    let server = Server::start(config()).await;
    let options = RoomOptions {
        name: "secret".into(),
        seats: 4,
        ruleset: Ruleset::standard().white(),
        fill_bots: true,
        private: true,
        password: Some("pw".into()),
        allow_spectators: true,
        ..RoomOptions::default()
    };
    let clients = play_full_game_with(&server, options, json!({"password": "pw"})).await;
    let (host, player, watcher) = (&clients[0], &clients[1], &clients[3]);
    let stranger = server.client("stranger").await;

    // Not in the public list, for anyone.
    for token in [
        None,
        Some(host.token.as_str()),
        Some(stranger.token.as_str()),
    ] {
        let (status, list) = request_json(server.addr, "GET", "/api/games", token, None).await;
        assert_eq!((status, ids(&list)), (200, vec![]), "{list}");
    }
    // In its players' own lists.
    let (status, mine) = get_json_as(server.addr, "/api/games?mine=true", &player.token).await;
    assert_eq!(status, 200, "{mine}");
    let id = match ids(&mine)[..] {
        [id] => id,
        _ => panic!("{mine}"),
    };
    assert_eq!(mine["games"][0]["private"], true);
    let (status, body) = get_json(server.addr, "/api/games?mine=true").await;
    assert_eq!((status, code(&body)), (401, "unauthorized"));
    let (_, theirs) = get_json_as(server.addr, "/api/games?mine=true", &stranger.token).await;
    assert_eq!(ids(&theirs), Vec::<u64>::new());

    // A stranger, a spectator of the game, a made-up token and nobody: no such game, anywhere.
    for token in [
        None,
        Some(stranger.token.as_str()),
        Some(watcher.token.as_str()),
        Some("0123abcd"),
    ] {
        for (path, status, code) in every_endpoint(&server, id, token).await {
            assert_eq!(
                (status, code.as_str()),
                (404, "no_such_game"),
                "{path} as {token:?}"
            );
        }
    }
    // Nor in a player's list of games, to anyone but those who played it.
    let path = format!("/api/players/{}/games", player.player);
    for token in [None, Some(stranger.token.as_str())] {
        let (status, list) = request_json(server.addr, "GET", &path, token, None).await;
        assert_eq!((status, ids(&list)), (200, vec![]), "{list}");
    }
    let (_, own) = get_json_as(server.addr, &path, &host.token).await;
    assert_eq!(ids(&own), vec![id]);
    // Its players and its host: everything.
    for token in [&host.token, &player.token] {
        for (path, status, code) in every_endpoint(&server, id, Some(token)).await {
            assert_eq!((status, code.as_str()), (200, ""), "{path}");
        }
        let (_, game) = get_json_as(server.addr, &format!("/api/games/{id}"), token).await;
        assert!(game["record"]["actions"].is_array(), "{game}");
        let (_, all) = get_json_as(server.addr, &format!("/api/games/{id}/replay"), token).await;
        assert_eq!(
            all["viewer"], "all",
            "a player's replay opens every hand by default"
        );
    }
    assert_eq!(server.stop().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_games_open_cards_are_for_its_players_only() {
    let server = Server::start(config()).await;
    let clients = play_full_game(&server, 4, Ruleset::standard().white()).await;
    let (player, watcher) = (&clients[1], &clients[3]);
    let (status, list) = get_json(server.addr, "/api/games").await;
    assert_eq!(status, 200);
    let id = ids(&list)[0];
    assert_eq!(list["games"][0]["private"], false);

    for token in [None, Some(watcher.token.as_str())] {
        let seen = every_endpoint(&server, id, token).await;
        let got: Vec<(u16, &str)> = seen.iter().map(|(_, s, c)| (*s, c.as_str())).collect();
        assert_eq!(
            got,
            [
                (200, ""),
                (200, ""),
                (403, "forbidden"),
                (200, ""),
                (403, "forbidden")
            ],
            "{seen:?}"
        );
        let (_, game) =
            request_json(server.addr, "GET", &format!("/api/games/{id}"), token, None).await;
        assert!(
            game["record"].is_null(),
            "the record opens every hand: {game}"
        );
        assert_eq!(game["game"]["id"], id);
        let path = format!("/api/games/{id}/replay");
        let (_, replay) = request_json(server.addr, "GET", &path, token, None).await;
        assert_eq!(replay["viewer"], "spectator");
    }
    for (path, status, _) in every_endpoint(&server, id, Some(&player.token)).await {
        assert_eq!(status, 200, "{path}");
    }
    assert_eq!(server.stop().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_websocket_a_private_room_is_neither_listed_nor_watched_without_its_secret() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        name: "secret".into(),
        seats: 4,
        private: true,
        password: Some("pw".into()),
        allow_spectators: true,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut stranger = server.client("stranger").await;
    let list = stranger.command(json!({"type": "list_rooms"})).await;
    let sgs_protocol::ServerMsg::RoomList { rooms, .. } = &list else {
        panic!("{list:?}")
    };
    assert!(rooms.iter().all(|r| r.id != room), "not listed: {list:?}");
    for secret in [json!({}), json!({"password": "wrong"})] {
        let mut watch = json!({"type": "spectate", "room": room});
        let mut join = json!({"type": "join_room", "room": room});
        for (key, value) in secret.as_object().unwrap() {
            watch[key] = value.clone();
            join[key] = value.clone();
        }
        stranger
            .expect_error(watch, sgs_protocol::ErrorCode::NoSuchRoom)
            .await;
        stranger
            .expect_error(join, sgs_protocol::ErrorCode::NoSuchRoom)
            .await;
    }
    let watching = stranger
        .command(json!({"type": "spectate", "room": room, "password": "pw"}))
        .await;
    assert!(
        matches!(watching, sgs_protocol::ServerMsg::Sync { .. }),
        "{watching:?}"
    );
    server.stop().await;
}

/// The `game_over` message carries the record (every hand open) to the game's players and the
/// host only: a spectator learns the outcome, not the cards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_gets_the_outcome_but_not_the_open_record() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        name: "watched".into(),
        seats: 3,
        ruleset: Ruleset::standard().white(),
        fill_bots: true,
        allow_spectators: true,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut watcher = server.client("watcher").await;
    let watching = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(
        matches!(watching, sgs_protocol::ServerMsg::Sync { .. }),
        "{watching:?}"
    );
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(
        matches!(started, sgs_protocol::ServerMsg::Ack { .. }),
        "{started:?}"
    );
    let host = tokio::time::timeout(WAIT * 6, play_randomly(host, 9))
        .await
        .unwrap();
    let over = tokio::time::timeout(
        WAIT * 6,
        watcher.recv_until(|m| matches!(m, sgs_protocol::ServerMsg::GameOver { .. })),
    )
    .await
    .unwrap();
    let record_sent = |msg: &sgs_protocol::ServerMsg| match msg {
        sgs_protocol::ServerMsg::GameOver { record, .. } => Some(record.is_some()),
        _ => None,
    };
    assert_eq!(record_sent(&over), Some(false), "the spectator: {over:?}");
    let host_over = host.received.iter().find_map(record_sent);
    assert_eq!(host_over, Some(true), "the host (and player)");
    server.stop().await;
}
