//! A game that plays on past the server's action limit (`--max-game-actions`) ends in a draw
//! everyone is told about, is stored finished, and replays to the same end; the room can
//! play again.

use serde_json::json;
use sgs_engine::{Camp, Event};
use sgs_protocol::{RoomOptions, ServerMsg};

use crate::support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_past_the_action_limit_ends_in_a_draw_that_is_stored_and_replays() {
    let limit = 30;
    let server = Server::start(sgs_server::config::Config {
        max_game_actions: limit,
        ..config()
    })
    .await;
    let options = RoomOptions {
        seats: 4,
        fill_bots: true,
        ..RoomOptions::default()
    };
    let mut host = server.client("host").await;
    let room = room_id(&host.create_room(options).await);
    let mut watcher = server.client("watcher").await;
    let watched = watcher
        .command(json!({"type": "spectate", "room": room}))
        .await;
    assert!(matches!(watched, ServerMsg::Sync { .. }), "{watched:?}");
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let mut host = play_randomly(host, 3).await;

    // The spectator sees the limit reached, then the draw.
    let mut events = Vec::new();
    let (outcome, record) = loop {
        match watcher.recv().await {
            ServerMsg::Update { events: e, .. } => events.extend(e),
            ServerMsg::GameOver {
                outcome, record, ..
            } => break (outcome, record),
            _ => {}
        }
    };
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ActionLimitReached { limit: l } if *l == limit)),
        "no action_limit_reached among {} events",
        events.len()
    );
    assert_eq!(outcome.winner, None::<Camp>, "a draw");
    assert!(record.is_none(), "a spectator is not told the record");
    // The host, a player, is.
    let record = host
        .received
        .iter()
        .find_map(|m| match m {
            ServerMsg::GameOver {
                record: Some(record),
                ..
            } => Some(record.clone()),
            _ => None,
        })
        .expect("the host's game_over carries the record");
    assert_eq!(record.actions.len(), limit as usize);
    let replayed = record.replay().expect("the record replays");
    assert!(replayed.is_over());
    assert_eq!(replayed.outcome(), Some(&outcome));

    // Stored finished (and replaying through every stored hash), and the room plays on.
    server.state.shared.storage.flush().await.unwrap();
    assert_eq!(verify_replays(server.state.shared.storage.as_ref()), 1);
    host.clear_inbox();
    let again = host.command(json!({"type": "rematch"})).await;
    assert!(matches!(again, ServerMsg::Ack { .. }), "{again:?}");
}
