//! Whole games over WebSocket: people and bots play to the end; everyone sees the result with
//! every role; a rematch starts with the same people.

use serde_json::json;
use sgs_engine::Ruleset;
use sgs_protocol::{Occupant, RoomOptions, RoomState, ServerMsg};
use tokio::time::timeout;

use crate::support::*;

/// Creates a room of `seats` with three people (the rest bots) and a spectator, starts it and
/// plays it out with random legal actions. Returns the three players and the spectator.
pub async fn play_full_game(server: &Server, seats: u8, ruleset: Ruleset) -> Vec<Client> {
    let options = RoomOptions {
        name: "full game".into(),
        seats,
        ruleset,
        fill_bots: true,
        ..RoomOptions::default()
    };
    play_full_game_with(server, options, json!({})).await
}

/// [`play_full_game`] in a room of `options`; `secret` (`{"password": …}` or `{"invite": …}`)
/// goes with every join.
pub async fn play_full_game_with(
    server: &Server,
    options: RoomOptions,
    secret: serde_json::Value,
) -> Vec<Client> {
    let mut host = server.client("host").await;
    let created = host.create_room(options).await;
    let room = room_id(&created);
    let mut second = server.client("second").await;
    let mut third = server.client("third").await;
    let mut join = json!({"type": "join_room", "room": room});
    let mut spectate = json!({"type": "spectate", "room": room});
    if let Some(secret) = secret.as_object() {
        for (key, value) in secret {
            join[key] = value.clone();
            spectate[key] = value.clone();
        }
    }
    for client in [&mut second, &mut third] {
        let joined = client.command(join.clone()).await;
        assert!(matches!(joined, ServerMsg::Sync { .. }), "{joined:?}");
    }
    let mut watcher = server.client("watcher").await;
    let spectating = watcher.command(spectate).await;
    assert!(
        matches!(spectating, ServerMsg::Sync { .. }),
        "{spectating:?}"
    );
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");

    let players = [host, second, third]
        .into_iter()
        .enumerate()
        .map(|(i, client)| tokio::spawn(play_randomly(client, i as u64 + 1)))
        .collect::<Vec<_>>();
    let watching = tokio::spawn(async move {
        watcher
            .recv_until(|m| matches!(m, ServerMsg::GameOver { .. }))
            .await;
        watcher.clear_inbox();
        watcher
    });
    let mut clients = Vec::new();
    for task in players {
        clients.push(timeout(WAIT * 6, task).await.unwrap().unwrap());
    }
    clients.push(timeout(WAIT * 6, watching).await.unwrap().unwrap());
    clients
}

/// The outcome and record of the `game_over` a client received (`seq` differs per client).
fn game_over(client: &Client) -> ServerMsg {
    let over = client
        .received
        .iter()
        .find(|m| matches!(m, ServerMsg::GameOver { .. }))
        .expect("no game_over");
    match over.clone() {
        ServerMsg::GameOver {
            outcome, record, ..
        } => ServerMsg::GameOver {
            seq: 0,
            outcome,
            record,
        },
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_and_bots_play_a_standard_game_to_the_end() {
    let server = Server::start(config()).await;
    let mut clients = play_full_game(&server, 5, Ruleset::standard()).await;
    let over = game_over(&clients[0]);
    let ServerMsg::GameOver {
        outcome,
        record: Some(record),
        ..
    } = &over
    else {
        unreachable!()
    };
    assert_eq!(outcome.roles.len(), 5, "every role is revealed");
    assert!(!outcome.winners.is_empty() || outcome.winner.is_none());
    assert!(
        record.replay().unwrap().is_over(),
        "the record replays to the end"
    );
    // The players see the same result and record; the spectator (last) the result alone.
    let (watcher, players) = clients.split_last().unwrap();
    let ServerMsg::GameOver {
        outcome: watched,
        record: none,
        ..
    } = game_over(watcher)
    else {
        unreachable!()
    };
    assert_eq!(
        (&watched, none),
        (outcome, None),
        "the spectator's game_over"
    );
    for client in players {
        assert_eq!(game_over(client), over, "everyone sees the same result");
    }

    // The bots' seats, then a rematch with the same people.
    let host = &mut clients[0];
    let ServerMsg::Sync { room, .. } = host.command(json!({"type": "resync"})).await else {
        panic!("resync answers with sync")
    };
    assert_eq!(room.state, RoomState::Finished);
    let bots = room
        .seats
        .iter()
        .filter(|s| s.occupant == Occupant::Bot)
        .count();
    assert_eq!(bots, 2);
    let rematch = host.command(json!({"type": "rematch"})).await;
    assert!(matches!(rematch, ServerMsg::Ack { .. }), "{rematch:?}");
    for client in &mut clients {
        let sync = client
            .recv_until(|m| matches!(m, ServerMsg::Sync { view: Some(_), .. }))
            .await;
        let ServerMsg::Sync { room, view, .. } = sync else {
            unreachable!()
        };
        assert_eq!(room.state, RoomState::Playing);
        assert_eq!(room.games, 2);
        assert!(view.unwrap().outcome.is_none());
    }
    assert_eq!(
        server.stop().await,
        1,
        "the finished game replays from the store"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_bot_table_plays_out_and_the_lobby_lists_it() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let mut lobby = server.client("lobby").await;
    let subscribed = lobby
        .command(json!({"type": "subscribe_lobby", "on": true}))
        .await;
    assert!(matches!(subscribed, ServerMsg::Ack { .. }));
    let options = RoomOptions {
        name: "bots".into(),
        seats: 8,
        ruleset: Ruleset::standard().white(),
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let listed = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { changed, .. } if changed.iter().any(|r| r.id == room)))
        .await;
    assert!(matches!(listed, ServerMsg::LobbyUpdate { total: 1, .. }));
    for _ in 0..8 {
        let added = host.command(json!({"type": "add_bot"})).await;
        if matches!(added, ServerMsg::Error { .. }) {
            break;
        }
    }
    // The host took seat 0, so seven bots filled the rest; an eighth is refused.
    let ServerMsg::Sync { room: info, .. } = host.command(json!({"type": "resync"})).await else {
        panic!()
    };
    assert_eq!(
        info.seats
            .iter()
            .filter(|s| s.occupant == Occupant::Bot)
            .count(),
        7
    );
    // The host leaves its seat to a spectator's chair: only bots play.
    host.command(json!({"type": "start_game"})).await;
    let host = play_randomly(host, 9).await;
    assert!(host
        .received
        .iter()
        .any(|m| matches!(m, ServerMsg::GameOver { .. })));
    assert_eq!(
        server.stop().await,
        1,
        "the finished game replays from the store"
    );
}
