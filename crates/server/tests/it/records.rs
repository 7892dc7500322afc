//! Records and ratings over real HTTP and WebSocket: a finished game lands in each player's
//! record (by role, general and mode), in the generals' figures and in the players' game
//! lists with replay links; a rated game between accounts updates both camps' ratings, and
//! leaving it counts as a loss; a player who makes its history private disappears for
//! others.

use serde_json::{json, Value};
use sgs_engine::Ruleset;
use sgs_protocol::{RoomOptions, ServerMsg};

use crate::game::play_full_game;
use crate::support::*;

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_in_its_players_records_and_the_generals_figures() {
    let server = Server::start(config()).await;
    let clients = play_full_game(&server, 4, Ruleset::standard().white()).await;
    let host = &clients[0];

    let (status, profile) = get_json(server.addr, &format!("/api/players/{}", host.player)).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["name"], "host");
    assert_eq!(profile["account"], false);
    let record = &profile["record"];
    assert_eq!(record["total"]["games"], 1, "{record}");
    assert_eq!(record["total"]["escapes"], 0);
    assert_eq!(record["by_mode"][0]["key"], "identity");
    assert_eq!(record["by_role"].as_array().unwrap().len(), 1);
    assert_eq!(record["by_general"][0]["games"], 1);
    let won = record["total"]["wins"].as_u64().unwrap();
    assert_eq!(record["total"]["win_rate"].as_f64().unwrap(), won as f64);
    assert_eq!(
        profile["ratings"],
        json!([]),
        "a game with bots and guests is not rated"
    );

    let path = format!("/api/players/{}/games", host.player);
    let (status, games) = get_json(server.addr, &path).await;
    assert_eq!(status, 200, "{games}");
    let id = games["games"][0]["id"].as_u64().unwrap();
    assert_eq!(
        games["games"][0]["replay"],
        format!("/replay.html#game={id}")
    );

    let (status, generals) = get_json(server.addr, "/api/generals?mode=identity").await;
    assert_eq!(status, 200, "{generals}");
    assert_eq!(
        (generals["games"].as_u64(), generals["seats"].as_u64()),
        (Some(1), Some(4))
    );
    let picks: u64 = generals["generals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["games"].as_u64().unwrap())
        .sum();
    assert_eq!(picks, 4, "every seat's general: {generals}");

    for (path, status, expected) in [
        ("/api/players/x", 400, "bad_request"),
        ("/api/players/99999", 404, "no_such_player"),
        ("/api/generals?limit=x", 400, "bad_request"),
    ] {
        let (got, body) = get_json(server.addr, path).await;
        assert_eq!((got, code(&body)), (status, expected), "{path}: {body}");
    }
    assert_eq!(server.stop().await, 1);
}

/// A guest that claims an account at once: the client and its login token.
async fn account(server: &Server, name: &str) -> (Client, String) {
    let client = server.client(name).await;
    let body = json!({"password": "a long password"});
    let (status, claimed) =
        post_json(server.addr, "/api/accounts", Some(&client.token), &body).await;
    assert_eq!(status, 201, "{claimed}");
    (client, claimed["token"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_updates_both_camps_and_leaving_counts_as_a_loss() {
    let server = Server::start(config()).await;
    let mut people = Vec::new();
    for name in ["Liu Bei", "Guan Yu", "Zhang Fei", "Zhao Yun"] {
        people.push(account(&server, name).await);
    }
    let options = RoomOptions {
        name: "rated".into(),
        seats: 4,
        ruleset: Ruleset::standard().white(),
        ..RoomOptions::default()
    };
    let room = room_id(&people[0].0.create_room(options).await);
    for (client, _) in &mut people[1..] {
        assert!(matches!(client.join(&room).await, ServerMsg::Sync { .. }));
    }
    let started = people[0].0.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    // Zhao Yun leaves at once: a bot plays the seat on.
    let (mut leaver, leaver_token) = people.pop().unwrap();
    let left = leaver.command(json!({"type": "leave_room"})).await;
    assert!(matches!(left, ServerMsg::Ack { .. }), "{left:?}");
    let players: Vec<u64> = people.iter().map(|(c, _)| c.player).collect();
    let tasks: Vec<_> = people
        .into_iter()
        .enumerate()
        .map(|(i, (client, _))| tokio::spawn(play_randomly(client, 40 + i as u64)))
        .collect();
    for task in tasks {
        tokio::time::timeout(WAIT * 6, task).await.unwrap().unwrap();
    }
    // The results are written after the game's end: wait for the store.
    server.state.shared.storage.flush().await.unwrap();

    let (status, board) = get_json(server.addr, "/api/leaderboard?mode=identity").await;
    assert_eq!(status, 200, "{board}");
    let ranked = board["players"].as_array().unwrap();
    assert_eq!(ranked.len(), 4, "every seat was rated: {board}");
    assert_eq!(ranked[0]["rank"], 1);
    let scores: Vec<f64> = ranked
        .iter()
        .map(|r| r["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");

    let start = 25.0;
    let mut up = 0;
    let mut down = 0;
    for player in players.iter().chain([&leaver.player]) {
        let (_, profile) = get_json(server.addr, &format!("/api/players/{player}")).await;
        let rating = &profile["ratings"][0];
        assert_eq!(
            (rating["mode"].as_str(), rating["games"].as_u64()),
            (Some("identity"), Some(1))
        );
        let value = rating["rating"].as_f64().unwrap();
        let won = profile["record"]["total"]["wins"].as_u64().unwrap() == 1;
        assert_eq!(value > start, won, "winners go up, losers down: {profile}");
        if won {
            up += 1
        } else {
            down += 1
        }
    }
    // Every camp's seats were rated (winners up, losers — the leaver among them — down).
    assert_eq!(up + down, 4);
    assert!(down >= 1);
    let (_, profile) = get_json(server.addr, &format!("/api/players/{}", leaver.player)).await;
    assert_eq!(profile["record"]["total"]["escapes"], 1, "{profile}");
    assert_eq!(
        profile["record"]["total"]["wins"], 0,
        "leaving counts as a loss"
    );

    // Zhao Yun hides its history: gone for others, there for itself, off the leaderboard.
    let (status, _) = post_json(
        server.addr,
        "/api/me/privacy",
        Some(&leaver_token),
        &json!({"private": true}),
    )
    .await;
    assert_eq!(status, 200);
    let path = format!("/api/players/{}", leaver.player);
    let (status, body) = get_json(server.addr, &path).await;
    assert_eq!((status, code(&body)), (404, "no_such_player"));
    let (status, _) = get_json(server.addr, &format!("{path}/games")).await;
    assert_eq!(status, 404);
    let (status, mine) = get_json_as(server.addr, &path, &leaver_token).await;
    assert_eq!((status, &mine["private"]), (200, &json!(true)));
    let (_, board) = get_json(server.addr, "/api/leaderboard").await;
    assert_eq!(board["players"].as_array().unwrap().len(), 3);
    assert_eq!(server.stop().await, 1);
}
