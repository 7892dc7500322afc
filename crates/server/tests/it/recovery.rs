//! Recovery in-process: rooms written to a store come back at start; a player's token gets its
//! seat, view and pending prompt with a full fresh timeout, and its next action is stored after
//! the others; a room whose record is corrupt is marked failed and the others come back.
//! (`crash.rs` kills the real binary.)

use std::time::Duration;

use serde_json::json;
use sgs_engine::{Game, Seat};
use sgs_protocol::{RoomOptions, RoomState, ServerMsg};
use sgs_server::config::Config;
use sgs_server::room::Holder;
use sgs_server::settings::RoomSettings;
use sgs_server::storage::{
    GamePlayer, MemberRow, NewGame, RoomRow, SeatRow, SecretHash, SqliteStorage, Storage, SyncMode,
    FILE_NAME,
};
use sgs_server::trustee::DefaultAnswer;
use sgs_server::AppState;

use crate::support::*;

pub(crate) fn token(room: &str, seat: u8) -> String {
    format!("{room}{seat}").repeat(8)
}

/// Stores a room of four people in `room` playing a game of `actions` default answers; returns
/// the game.
pub(crate) async fn store_room(
    storage: &dyn Storage,
    room: &str,
    first_player: u64,
    actions: usize,
) -> Game {
    let config = Config::default();
    let options = RoomOptions {
        seats: 4,
        ruleset: sgs_engine::Ruleset::standard().white(),
        ..RoomOptions::default()
    };
    let settings = RoomSettings::from_options(options, &config).unwrap();
    let mut game = Game::new(settings.game_config(true), 21).unwrap();
    game.take_events();
    let row = RoomRow {
        id: room.into(),
        settings,
        host: first_player,
        state: RoomState::Playing,
        games: 1,
        seats: (0..4)
            .map(|i| SeatRow {
                holder: Holder::Player(first_player + i),
                trusteeship: false,
                trusteeship_reason: None,
            })
            .collect(),
        members: (0..4)
            .map(|i| MemberRow {
                player: first_player + i,
                name: format!("p{i}"),
                token: SecretHash::of(&token(room, i as u8)),
                seat: Some(Seat(i as u8)),
            })
            .collect(),
        empty_since: None,
        series: None,
    };
    storage.save_room(&row).await.unwrap();
    let start = game.record();
    let players = (0..4)
        .map(|i| GamePlayer {
            seat: Seat(i),
            player: Some(first_player + u64::from(i)),
            name: format!("p{i}"),
        })
        .collect();
    let (mut log, ack) = storage
        .begin(NewGame {
            room,
            number: 1,
            start: &start,
            players,
            private: false,
            host: None,
        })
        .unwrap();
    ack.await.unwrap();
    for _ in 0..actions {
        let prompt = game.prompts()[0].clone();
        let action = prompt.default_action();
        game.act(prompt.seat, action.clone()).unwrap();
        log.append(prompt.seat, &action, game.hash()).await.unwrap();
    }
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stored_rooms_come_back_and_a_corrupt_one_is_marked_failed() {
    let data = tempfile::tempdir().unwrap();
    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let game = store_room(&storage, "good", 10, 40).await;
    store_room(&storage, "bad", 20, 40).await;
    drop(storage);
    // Corrupt the bad room's game: its hash check fails on replay.
    let conn = rusqlite::Connection::open(data.path().join(FILE_NAME)).unwrap();
    conn.execute(
        "UPDATE actions SET hash = hash + 1 WHERE game = (SELECT id FROM games WHERE room = 'bad')",
        [],
    )
    .unwrap();
    drop(conn);

    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let mut config = config();
    config.decision_timeout_ms = 20_000;
    config.play_timeout_ms = 20_000;
    let state = AppState::with_parts(config, Box::new(storage), Box::new(DefaultAnswer));
    let recovered = state.recover().unwrap();
    assert_eq!((recovered.rooms, recovered.games), (1, 1));
    assert_eq!(recovered.failed.len(), 1);
    assert_eq!(recovered.failed[0].0, "bad");
    assert!(
        recovered.failed[0].1.contains("does not replay"),
        "{:?}",
        recovered.failed
    );
    let server = Server::serve_state(state).await;

    // The seat being asked comes back with its view and its prompt, on a full fresh clock.
    let seat = game.prompts()[0].seat;
    let mut client = Client::connect(server.addr).await;
    let welcome = client.hello("again", Some(&token("good", seat.0))).await;
    assert!(
        matches!(&welcome, ServerMsg::Welcome { resumed: true, room: Some(r), player, .. } if r == "good" && *player == 10 + u64::from(seat.0)),
        "{welcome:?}"
    );
    let sync = client
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    let ServerMsg::Sync {
        view,
        prompt,
        you,
        room,
        ..
    } = sync
    else {
        unreachable!()
    };
    assert_eq!(you.seat, Some(seat));
    assert_eq!(room.state, RoomState::Playing);
    assert_eq!(*view.unwrap(), game.view(seat));
    let pending = prompt.expect("its prompt is pending");
    assert_eq!(&pending.prompt, &game.prompts()[0]);
    assert!(pending.remaining_ms > 19_000, "{}", pending.remaining_ms);

    // Its answer is the record's next action.
    let action = pending.prompt.default_action();
    let answer = client
        .command(json!({"type": "act", "seat": seat.0, "action": action, "prompt_id": pending.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    let storage = &server.state.shared.storage;
    let open = storage.open_rooms().unwrap();
    let ids: Vec<&str> = open.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["good"], "the bad room is marked failed");
    let stored = open[0].game.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(stored.record.actions.len(), 41);
    assert_eq!(stored.record.actions[40], (seat, action));

    // The bad room's players start over.
    let mut lost = Client::connect(server.addr).await;
    let welcome = lost.hello("lost", Some(&token("bad", 0))).await;
    assert!(matches!(
        welcome,
        ServerMsg::Welcome {
            resumed: false,
            room: None,
            ..
        }
    ));
    tokio::time::sleep(Duration::from_millis(10)).await;
    server.stop().await;
}
