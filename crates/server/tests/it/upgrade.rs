//! Records are forever, for real: `tests/fixtures/store-0.1.0/sgs.sqlite3` was written by server
//! 0.1.0 (before rulesets: record format 1, settings with `generals`/`ex_cards`/`role_table`
//! flags, store schema 1) with five open rooms — one whose three games finished, a standard game
//! waiting on its one person, a white-generals game without the EX cards on the variant role
//! table waiting on two people, a practice table, a private room still waiting — and
//! `meta.json` holds their ids and the people's session tokens.
//!
//! This server opens a copy, migrates it, recovers every room (each running game replayed
//! through the hashes 0.1.0 stored), gives each person its seat, view and prompt back, takes
//! their next actions, and replays the finished games through the API.

use serde_json::{json, Value};
use sgs_engine::Ruleset;
use sgs_protocol::{RoomState, ServerMsg};
use sgs_server::storage::{SqliteStorage, SyncMode, FILE_NAME};
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;

use crate::support::*;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/store-0.1.0");

fn meta() -> Value {
    let text = std::fs::read_to_string(format!("{FIXTURE}/meta.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A person of the old store comes back with `token`: its room, seat, view and (if asked) its
/// prompt; it answers it. Returns the room it was synced to.
async fn comes_back(server: &Server, token: &str, room: &str) -> sgs_protocol::RoomInfo {
    let mut client = Client::connect(server.addr).await;
    let welcome = client.hello("back", Some(token)).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if r == room),
        "{welcome:?}"
    );
    let sync = client
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    let ServerMsg::Sync {
        room: info,
        you,
        view,
        prompt,
        ..
    } = sync
    else {
        unreachable!()
    };
    if info.state == RoomState::Playing {
        let seat = you.seat.expect("a seated person");
        let view = view.expect("the game's view");
        assert_eq!(view.viewer, Some(seat));
        assert_eq!(view.deck.len(), 108, "the standard card table");
        if let Some(pending) = prompt {
            let action = pending.prompt.default_action();
            let answer = client
                .command(json!({"type": "act", "seat": seat.0, "action": action,
                    "prompt_id": pending.prompt_id}))
                .await;
            assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
        }
    }
    client.close().await;
    info
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_of_server_0_1_recovers_its_rooms_and_replays_its_games() {
    let data = tempfile::tempdir().unwrap();
    std::fs::copy(
        format!("{FIXTURE}/{FILE_NAME}"),
        data.path().join(FILE_NAME),
    )
    .unwrap();
    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let state = AppState::with_parts(config(), Box::new(storage), Box::new(Heuristic));
    let recovered = state.recover().unwrap();
    assert!(recovered.failed.is_empty(), "{:?}", recovered.failed);
    assert_eq!((recovered.rooms, recovered.games), (5, 3));
    let server = Server::serve_state(state).await;
    let meta = meta();
    let id = |key: &str| meta[key]["room"].as_str().unwrap().to_string();

    // The standard game: its person is back in its seat and plays on.
    let token = meta["standard_room"]["token"].as_str().unwrap();
    let room = comes_back(&server, token, &id("standard_room")).await;
    assert_eq!(room.ruleset, Ruleset::standard());

    // White generals, no EX cards, the variant table: read from 0.1.0's flags.
    let white = Ruleset::standard()
        .white()
        .with_option("role_table", "variant")
        .with_card_option("standard", "ex", false);
    for token in meta["white_room"]["tokens"].as_array().unwrap() {
        let room = comes_back(&server, token.as_str().unwrap(), &id("white_room")).await;
        assert_eq!(room.ruleset, white);
    }

    // The practice table and the waiting room come back too.
    let token = meta["practice_room"]["tokens"][0].as_str().unwrap();
    let room = comes_back(&server, token, &id("practice_room")).await;
    assert!(room.practice);
    let token = meta["waiting_room"]["token"].as_str().unwrap();
    let room = comes_back(&server, token, &id("waiting_room")).await;
    assert_eq!(room.state, RoomState::Waiting);
    assert!(room.private && room.has_password);

    // The finished games are listed and replay, as every seat saw them and with all open (to
    // their player: the person of the finished room).
    let player = meta["finished_room"]["token"].as_str().unwrap();
    let (status, list) = get_json(server.addr, "/api/games?limit=10").await;
    assert_eq!(status, 200);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{list}");
    for game in games {
        let game_id = game["id"].as_u64().unwrap();
        let path = format!("/api/games/{game_id}");
        let (status, body) = get_json_as(server.addr, &path, player).await;
        assert_eq!(status, 200);
        assert!(body["record"].is_object(), "{body}");
        assert_eq!(body["replayable"]["ok"], true, "{body}");
        for viewer in ["all", "spectator", "0"] {
            let path = format!("/api/games/{game_id}/replay?viewer={viewer}");
            let (status, replay) = get_json_as(server.addr, &path, player).await;
            assert_eq!(status, 200, "{path}: {replay}");
            assert_eq!(replay["deck"].as_array().unwrap().len(), 108);
            let steps = replay["steps"].as_array().unwrap();
            assert!(steps.len() > 700, "{path}: {} steps", steps.len());
            assert!(steps.last().unwrap()["view"]["outcome"].is_object());
        }
    }
    // `stop` replays every finished game from its stored record through every stored hash.
    assert_eq!(server.stop().await, 3);
}
