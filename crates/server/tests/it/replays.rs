//! Finished games over HTTP: the list (paged), one game's record, and its replay from a seat, a
//! spectator or everyone; a record of another engine version says clearly that it cannot be
//! replayed; a running game is not served.

use serde_json::Value;
use sgs_engine::{GameConfig, Record, Ruleset};
use sgs_protocol::ServerMsg;
use sgs_server::storage::{GamePlayer, NewGame};

use crate::game::play_full_game;
use crate::support::*;

fn game_over_record(client: &Client) -> Record {
    client
        .received
        .iter()
        .find_map(|m| match m {
            ServerMsg::GameOver {
                record: Some(record),
                ..
            } => Some((**record).clone()),
            _ => None,
        })
        .expect("no game_over")
}

fn error_code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_listed_served_and_replayed_from_every_point_of_view() {
    let server = Server::start(config()).await;
    let clients = play_full_game(&server, 4, Ruleset::standard().white()).await;
    let record = game_over_record(&clients[0]);

    let (status, list) = get_json(server.addr, "/api/games").await;
    assert_eq!(status, 200, "{list}");
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert!(list["next_before"].is_null());
    let id = games[0]["id"].as_u64().unwrap();
    assert_eq!(games[0]["status"], "finished");
    assert_eq!(games[0]["players"].as_array().unwrap().len(), 4);
    assert_eq!(games[0]["actions"], record.actions.len());

    // The record and the replays from a seat or with every hand open are for its players.
    let token = clients[0].token.clone();
    let (status, game) = get_json_as(server.addr, &format!("/api/games/{id}"), &token).await;
    assert_eq!(status, 200, "{game}");
    let stored: Record = serde_json::from_value(game["record"].clone()).unwrap();
    assert_eq!(
        stored, record,
        "the stored record is the one everyone was shown"
    );
    assert_eq!(game["replayable"]["ok"], true);

    // Everyone: every hand open at every step; the last step is the end of the game.
    let path = format!("/api/games/{id}/replay?viewer=all");
    let (status, all) = get_json_as(server.addr, &path, &token).await;
    assert_eq!(status, 200, "{all}");
    let steps = all["steps"].as_array().unwrap();
    assert_eq!(steps.len(), record.actions.len() + 1);
    assert!(steps.iter().all(|s| s["view"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .all(|seat| seat.get("hand").is_some())));
    assert!(!steps.last().unwrap()["view"]["outcome"].is_null());

    // Seat 2: only its own hand.
    let path = format!("/api/games/{id}/replay?viewer=2");
    let (status, seat) = get_json_as(server.addr, &path, &token).await;
    assert_eq!(status, 200, "{seat}");
    for step in seat["steps"].as_array().unwrap() {
        for (i, view) in step["view"]["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(view.get("hand").is_some(), i == 2);
        }
    }

    for (path, status, code) in [
        ("/api/games/nope", 400, "bad_request"),
        ("/api/games/999", 404, "no_such_game"),
        (
            &format!("/api/games/{id}/replay?viewer=9") as &str,
            400,
            "bad_request",
        ),
        (
            &format!("/api/games/{id}/replay?viewer=x"),
            400,
            "bad_request",
        ),
        ("/api/games?limit=x", 400, "bad_request"),
    ] {
        let (got, body) = get_json_as(server.addr, path, &token).await;
        assert_eq!((got, error_code(&body)), (status, code), "{path}: {body}");
    }
    // The replay viewer is served from the binary.
    let page = crate::shutdown::reqwest_like_get(server.addr, "/replay.html").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("js/replay/main.js"));
    for script in ["main", "api", "names", "log", "table"] {
        let path = format!("/js/replay/{script}.js");
        let js = crate::shutdown::reqwest_like_get(server.addr, &path).await;
        assert!(js.starts_with("HTTP/1.1 200"), "{path}");
        assert!(
            js.to_lowercase().contains("javascript"),
            "{path}: {js:.200}"
        );
    }
    assert_eq!(server.stop().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_of_changed_rules_says_it_cannot_be_replayed_and_running_games_are_not_served() {
    let server = Server::start(config()).await;
    let storage = &server.state.shared.storage;
    let mut game = sgs_engine::Game::new(GameConfig::white(2), 4).unwrap();
    // A record of rules that have changed since it was played: version 0 of the standard cards.
    let mut old = game.record();
    let cards = old
        .rules
        .iter_mut()
        .find(|r| r.id == "cards/standard")
        .unwrap();
    cards.version = 0;
    let players = |n: u8| {
        (0..n)
            .map(|i| GamePlayer {
                seat: sgs_engine::Seat(i),
                player: None,
                name: "bot".into(),
            })
            .collect()
    };
    let (mut log, ack) = storage
        .begin(NewGame {
            room: "old",
            number: 1,
            start: &old,
            players: players(2),
            private: false,
            host: None,
        })
        .unwrap();
    ack.await.unwrap();
    let prompt = game.prompts()[0].clone();
    let action = prompt.default_action();
    game.act(prompt.seat, action.clone()).unwrap();
    log.append(prompt.seat, &action, game.hash()).await.unwrap();
    let outcome = sgs_engine::Outcome {
        winner: None,
        winners: Vec::new(),
        roles: Vec::new(),
    };
    log.finish(&outcome, game.hash()).await.unwrap();
    let old_id = log.id();

    // A game still running is never served: its record would show every hand.
    let running = game.record();
    let (running_log, ack) = storage
        .begin(NewGame {
            room: "live",
            number: 1,
            start: &running,
            players: players(2),
            private: false,
            host: None,
        })
        .unwrap();
    ack.await.unwrap();

    let (status, body) = get_json(server.addr, &format!("/api/games/{old_id}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["replayable"]["ok"], false);
    assert_eq!(body["replayable"]["code"], "rules_changed");
    let (status, body) = get_json(server.addr, &format!("/api/games/{old_id}/replay")).await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "rules_changed"),
        "{body}"
    );
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cards/standard"));
    let path = format!("/api/games/{}", running_log.id());
    let (status, body) = get_json(server.addr, &path).await;
    assert_eq!((status, error_code(&body)), (404, "no_such_game"));
    let (_, list) = get_json(server.addr, "/api/games?limit=1").await;
    let ids: Vec<u64> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [old_id]);
    // (`stop` checks that finished games replay: this one cannot, so it is checked here.)
    server.state.shared.storage.flush().await.unwrap();
}
