//! 计分赛 over WebSocket (issue 18, `modes.md` V-JF-2): a room with the identity option
//! `series` plays as many games as seats, the lord passing to the next seat each game; the room
//! shows the running score table; each game is stored with the series as it stood after it
//! (`/api/games`); after the last game the series has its winner.

use serde_json::json;
use sgs_engine::{Ruleset, Seat};
use sgs_protocol::{RoomOptions, RoomState, ServerMsg};
use sgs_server::storage::{SqliteStorage, SyncMode};
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::time::timeout;

use crate::support::*;

/// A two-seat series room (a person and a bot, white generals), created and started; `series`
/// is the option's value (`on`, or `anhun` for 暗魂).
async fn series_room(server: &Server, series: &str) -> Client {
    let options = RoomOptions {
        name: "计分赛".into(),
        seats: 2,
        ruleset: Ruleset::standard().white().with_option("series", series),
        fill_bots: true,
        ..RoomOptions::default()
    };
    let mut host = server.client("host").await;
    let created = host.create_room(options).await;
    let ServerMsg::Sync { room, .. } = &created else {
        panic!("{created:?}")
    };
    assert!(room.series.is_none(), "no series before the first game");
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    host
}

/// The room's series after its game `game` (1-based) ended, by a `resync`.
async fn series_after(host: &mut Client, game: usize) -> sgs_engine::Series {
    let ServerMsg::Sync { room, .. } = host.command(json!({"type": "resync"})).await else {
        panic!("resync answers with sync")
    };
    assert_eq!(room.state, RoomState::Finished);
    let series = room.series.expect("the room shows its series");
    assert_eq!(series.games, 2);
    assert_eq!(series.played.len(), game, "{series:?}");
    let lords: Vec<Seat> = series.played.iter().map(|g| g.lord).collect();
    assert_eq!(lords, [Seat(0), Seat(1)][..game], "the lord passes round");
    series
}

/// A two-seat series (a person and a bot, white generals): two games, seat 1 lord first, then
/// seat 2; the table after each game; the winner at the end; both games listed with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v_jf_2_a_two_game_series_is_played_to_the_end_with_a_bot() {
    let server = Server::start(config()).await;
    let mut host = series_room(&server, "on").await;
    for game in 1..=2usize {
        host = timeout(WAIT * 6, play_randomly(host, game as u64))
            .await
            .expect("the game ends");
        let series = series_after(&mut host, game).await;
        assert!(series.played.iter().all(|g| g.points.len() == 2));
        if game == 1 {
            assert!(!series.is_over());
            host.clear_inbox();
            let rematch = host.command(json!({"type": "rematch"})).await;
            assert!(matches!(rematch, ServerMsg::Ack { .. }), "{rematch:?}");
        } else {
            assert!(series.is_over());
            let winners = series.leaders();
            assert!(!winners.is_empty());
            let best = *series.totals().iter().max().unwrap();
            for seat in winners {
                assert_eq!(series.totals()[seat.index()], best);
            }
        }
    }

    // Both games are listed with the series as it stood after each.
    let (status, list) = get_json(server.addr, "/api/games").await;
    assert_eq!(status, 200, "{list}");
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{list}");
    let played: Vec<usize> = games
        .iter()
        .map(|g| g["series"]["played"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(played, [2, 1], "newest first: {list}");
}

/// A series under way survives a restart: the room comes back from the store with its table,
/// and the next game deals the lord to the next seat and ends the series.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v_jf_2_a_series_under_way_comes_back_after_a_restart() {
    let mut server = Server::start(config()).await;
    let data = server.data.take().unwrap();
    let host = series_room(&server, "on").await;
    let mut host = timeout(WAIT * 6, play_randomly(host, 7))
        .await
        .expect("the game ends");
    let before = series_after(&mut host, 1).await;
    let token = host.token.clone();
    host.close().await;
    server.stop().await;

    let storage = SqliteStorage::open(data.path(), SyncMode::Full).unwrap();
    let state = AppState::with_parts(config(), Box::new(storage), Box::new(Heuristic));
    let recovered = state.recover().unwrap();
    assert_eq!(recovered.rooms, 1, "{recovered:?}");
    let server = Server::serve_state(state).await;
    let mut host = Client::connect(server.addr).await;
    host.hello("host", Some(&token)).await;
    let sync = host
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    let ServerMsg::Sync { room, .. } = sync else {
        unreachable!()
    };
    assert_eq!(room.series.as_ref(), Some(&before), "the table came back");
    host.clear_inbox();
    let rematch = host.command(json!({"type": "rematch"})).await;
    assert!(matches!(rematch, ServerMsg::Ack { .. }), "{rematch:?}");
    let mut host = timeout(WAIT * 6, play_randomly(host, 8))
        .await
        .expect("the game ends");
    let series = series_after(&mut host, 2).await;
    assert_eq!(series.played[0], before.played[0]);
    assert!(series.is_over());
    server.stop().await;
}

/// 暗魂 over WebSocket (V-AH-1/2): in a series with `series = anhun`, the second game protects
/// the seat that went out first in the first; every seat's view shows it from the deal (public),
/// and the protection event is in the game's log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v_ah_1_the_first_out_is_protected_in_the_next_game_and_every_seat_sees_it() {
    let server = Server::start(config()).await;
    let host = series_room(&server, "anhun").await;
    let mut host = timeout(WAIT * 6, play_randomly(host, 11))
        .await
        .expect("the game ends");
    let series = series_after(&mut host, 1).await;
    let first_out = series.played[0]
        .first_out
        .expect("someone went out in a two-seat game");
    host.clear_inbox();
    let rematch = host.command(json!({"type": "rematch"})).await;
    assert!(matches!(rematch, ServerMsg::Ack { .. }), "{rematch:?}");
    let ServerMsg::Sync { room, view, .. } = host.command(json!({"type": "resync"})).await else {
        panic!("resync answers with sync")
    };
    assert_eq!(room.state, RoomState::Playing);
    let view = view.expect("the second game is dealt");
    let protected: Vec<Seat> = view
        .seats
        .iter()
        .filter(|s| s.protected)
        .map(|s| s.seat)
        .collect();
    assert_eq!(
        protected,
        [first_out],
        "the first out of game 1 is protected in game 2"
    );
    server.stop().await;
}
