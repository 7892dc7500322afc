//! Search bots (room option `bot_level: search`, issue 22): they think off the room's task, on
//! a bounded pool, so a table of them plays to the end while every other room answers at once.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde_json::json;
use sgs_protocol::{BotLevel, RoomOptions, ServerMsg};
use tokio::time::timeout;

use crate::support::*;

/// Issue 22 (in the server): a room of one person and four search bots plays a standard game
/// to the end (the record replays), the bots' searches answering within their budget; all the
/// while another room's host gets each command acknowledged promptly (its room's task never
/// waits on a search).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_bots_finish_a_game_while_another_room_answers_promptly() {
    let server = Server::start(sgs_server::config::Config {
        // Unoptimized test builds search several times slower than the server's release build.
        search_budget_ms: 3_000,
        ..config()
    })
    .await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        name: "search".into(),
        seats: 5,
        fill_bots: true,
        bot_level: BotLevel::Search,
        ..RoomOptions::default()
    };
    let synced = host.create_room(options).await;
    match &synced {
        ServerMsg::Sync { room, .. } => assert_eq!(room.bot_level, BotLevel::Search),
        other => panic!("expected sync, got {other:?}"),
    }
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let game = tokio::spawn(timeout(WAIT * 30, play_randomly(host, 5)));

    // Another room: its host adds and removes a bot over and over, timing each ack.
    let mut other = server.client("other").await;
    room_id(
        &other
            .create_room(RoomOptions {
                seats: 4,
                ..RoomOptions::default()
            })
            .await,
    );
    let mut slowest = Duration::ZERO;
    let mut commands = 0u32;
    while !game.is_finished() && commands < 20_000 {
        for msg in [
            json!({"type": "add_bot", "seat": 1}),
            json!({"type": "remove_bot", "seat": 1}),
        ] {
            let sent = Instant::now();
            let answer = other.command(msg).await;
            slowest = slowest.max(sent.elapsed());
            assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
            commands += 1;
        }
        other.clear_inbox();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let host = game.await.unwrap().expect("the game ends");
    let record = host
        .received
        .iter()
        .find_map(|m| match m {
            ServerMsg::GameOver {
                record: Some(record),
                ..
            } => Some(record),
            _ => None,
        })
        .expect("game over with its record");
    assert!(record.replay().unwrap().is_over(), "the record replays");
    let counts = server.state.shared.search.counts();
    let searched = counts.searched.load(Ordering::Relaxed);
    let over = counts.over_budget.load(Ordering::Relaxed);
    eprintln!(
        "{commands} commands, slowest ack {slowest:?}; searches {searched}, over budget {over}"
    );
    assert!(searched > 0, "the bots searched ({over} over budget)");
    assert!(commands >= 10, "the other room was used while the game ran");
    // A search takes up to seconds in a test build; an ack that waited on one would show it.
    assert!(
        slowest < Duration::from_millis(1_000),
        "the other room's slowest ack took {slowest:?}"
    );
    server.stop().await;
}
