//! Issue 12, "bounded per connection and per client": control-frame floods, the close codes of
//! protocol errors, stalled peers found by the server's pings, one address filling its share
//! of connections and rooms while others still get in, a spectator limit, and lobby pushes
//! that carry only what changed.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use sgs_protocol::{ErrorCode, Occupant, RoomOptions, ServerMsg};
use tokio::io::AsyncWriteExt;
use tokio::time::{timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Bytes, Message};
use tokio_tungstenite::MaybeTlsStream;

use crate::support::*;

#[tokio::test]
async fn a_control_frame_flood_is_closed_with_1008() {
    let mut config = config();
    config.rate_per_sec = 0.001; // no refill during the test: the counts below are exact
    config.rate_burst = 40.0;
    config.flood_strikes = 5;
    let server = Server::start(config).await;
    // Pings never get an error each (that would amplify the flood); past the budget and the
    // strikes the connection is closed.
    let mut flooder = server.client("flooder").await;
    for _ in 0..46 {
        flooder
            .socket()
            .send(Message::Ping(Bytes::new()))
            .await
            .unwrap();
    }
    assert_eq!(
        flooder.until_closed().await.map(|c| c.0),
        Some(CloseCode::Policy)
    );
    // A real flood — far more pings than the budget, never reading — ends the same way and
    // harms nobody else.
    let mut flooder = server.client("flooder2").await;
    let started = Instant::now();
    for _ in 0..200_000 {
        if flooder
            .socket()
            .feed(Message::Ping(Bytes::new()))
            .await
            .is_err()
        {
            break;
        }
    }
    let _ = flooder.socket().flush().await;
    let ended = timeout(WAIT, async {
        while let Some(Ok(_)) = flooder.socket().next().await {}
    })
    .await;
    assert!(ended.is_ok(), "the flooding connection was closed");
    eprintln!("control-frame flood closed after {:?}", started.elapsed());
    let mut other = server.client("other").await;
    assert!(matches!(
        other.command(json!({"type": "ping"})).await,
        ServerMsg::Pong { .. }
    ));
}

/// A masked client frame: header byte, payload (masked with a zero key, so unchanged).
fn frame(first: u8, payload: &[u8]) -> Vec<u8> {
    let mut bytes = vec![first, 0x80 | payload.len() as u8, 0, 0, 0, 0];
    bytes.extend_from_slice(payload);
    bytes
}

/// Sends raw bytes on a fresh connection after `hello`; returns the error code told and the
/// close code.
async fn raw(server: &Server, bytes: &[u8]) -> (Option<ErrorCode>, Option<CloseCode>) {
    let mut client = server.client("raw").await;
    let MaybeTlsStream::Plain(stream) = client.socket().get_mut() else {
        panic!("a plain socket")
    };
    stream.write_all(bytes).await.unwrap();
    let mut told = None;
    while let Some(msg) = client.next().await {
        if let ServerMsg::Error { code, .. } = msg {
            told = Some(code);
        }
    }
    (told, client.closed.clone().map(|c| c.0))
}

#[tokio::test]
async fn protocol_errors_close_with_their_codes_after_an_error() {
    let server = Server::start(config()).await;
    // RSV1 set without an extension: a protocol error (1002).
    let reserved = raw(&server, &frame(0xC1, b"")).await;
    assert_eq!(
        reserved,
        (Some(ErrorCode::BadMessage), Some(CloseCode::Protocol))
    );
    // A text frame that is not UTF-8 (1007).
    let latin = raw(&server, &frame(0x81, &[0xFF, 0xFE, 0x41])).await;
    assert_eq!(
        latin,
        (Some(ErrorCode::BadMessage), Some(CloseCode::Invalid))
    );
    // A frame announcing a megabyte, far over the cap: refused from its header (1009).
    let mut huge = vec![0x81, 0x80 | 127];
    huge.extend_from_slice(&(1u64 << 20).to_be_bytes());
    huge.extend_from_slice(&[0, 0, 0, 0]);
    let big = raw(&server, &huge).await;
    assert_eq!(big, (Some(ErrorCode::FrameTooLarge), Some(CloseCode::Size)));
}

#[tokio::test]
async fn a_stalled_peer_is_found_by_the_pings_and_its_seat_waits_out_the_grace_period() {
    let mut config = config();
    config.ping_interval_ms = 100;
    config.ping_timeout_ms = 200;
    let server = Server::start(config).await;
    let (mut host, guest, _) = practice_table(&server, practice_options()).await;
    let guest_player = guest.player;
    // The guest stops reading (and so never answers a ping) but keeps its socket open.
    let stalled = Instant::now();
    let dropped = host
        .recv_until(|m| match m {
            ServerMsg::RoomState { room, .. } => room.seats.iter().any(|s| {
                matches!(s.occupant, Occupant::Player { player, connected: false, .. } if player == guest_player)
            }),
            _ => false,
        })
        .await;
    assert!(matches!(dropped, ServerMsg::RoomState { .. }));
    let detected = stalled.elapsed();
    eprintln!("stalled peer detected after {detected:?} (ping every 100 ms, deadline 200 ms)");
    assert!(
        detected < Duration::from_secs(8),
        "found within a bounded time"
    );
    // Its seat is kept (the grace period runs), not handed to a bot.
    let view = host.command(json!({"type": "resync"})).await;
    let ServerMsg::Sync { room, .. } = view else {
        panic!()
    };
    assert!(!room.seats[1].trusteeship);
    drop(guest);
}

#[tokio::test]
async fn one_address_fills_its_share_while_others_get_in_and_a_seated_token_comes_back() {
    let mut config = config();
    config.max_connections = 30;
    config.reserved_connections = 6;
    config.max_connections_per_client = 8;
    config.max_rooms_per_client = 3;
    config.room_creations_per_min = 60.0;
    let server = Server::start(config).await;
    let addr = server.addr;

    // A seated player, who then drops.
    let mut player = Client::connect_from(addr, "127.0.0.9").await.unwrap();
    player.hello("seated", None).await;
    let room = room_id(&player.create_room(RoomOptions::default()).await);
    let token = player.token.clone();
    player.close().await;

    // One address opens connections until it is refused: it gets its share (8) and no more.
    let hello_from = |from: &'static str| async move {
        let mut client = Client::connect_from(addr, from).await?;
        let hello = json!({"type": "hello", "version": sgs_protocol::PROTOCOL_VERSION});
        client.send_json(&hello).await;
        match client.next().await {
            Some(ServerMsg::Welcome { .. }) => Some(client),
            _ => None,
        }
    };
    let mut held = Vec::new();
    for _ in 0..20 {
        if let Some(client) = hello_from("127.0.0.2").await {
            held.push(client);
        }
    }
    assert_eq!(held.len(), 8, "one address holds its share of connections");
    // … and its share of rooms.
    let mut created = 0;
    for client in &mut held {
        if matches!(
            client.create_room(RoomOptions::default()).await,
            ServerMsg::Sync { .. }
        ) {
            created += 1;
        }
    }
    assert_eq!(created, 3, "one address holds its share of rooms");
    // Another address still connects and opens a room.
    let mut other = hello_from("127.0.0.3")
        .await
        .expect("another address gets in");
    assert!(matches!(
        other.create_room(RoomOptions::default()).await,
        ServerMsg::Sync { .. }
    ));
    held.push(other);
    // More addresses use up the open share of the server …
    for from in ["127.0.0.4", "127.0.0.5", "127.0.0.6"] {
        for _ in 0..8 {
            if let Some(client) = hello_from(from).await {
                held.push(client);
            }
        }
    }
    assert_eq!(held.len(), 30 - 6, "the open share is used up");
    // … so a newcomer without a seat is turned away,
    let mut newcomer = Client::connect_from(addr, "127.0.0.7").await.unwrap();
    newcomer
        .send_json(&json!({"type": "hello", "version": sgs_protocol::PROTOCOL_VERSION}))
        .await;
    let refused = newcomer.recv().await;
    assert!(matches!(
        refused,
        ServerMsg::Error {
            code: ErrorCode::ServerFull,
            ..
        }
    ));
    assert_eq!(
        newcomer.until_closed().await.map(|c| c.0),
        Some(CloseCode::Again)
    );
    // … but the seated player comes back to its seat.
    let mut back = Client::connect_from(addr, "127.0.0.9").await.unwrap();
    let welcome = back.hello("seated", Some(&token)).await;
    assert!(
        matches!(welcome, ServerMsg::Welcome { resumed: true, room: Some(r), .. } if r == room)
    );
    let sync = back
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    assert!(matches!(sync, ServerMsg::Sync { you, .. } if you.seat.is_some()));
}

#[tokio::test]
async fn a_proxys_forwarded_address_is_the_client() {
    let mut config = config();
    config.max_connections_per_client = 2;
    let server = Server::start(config).await;
    // Through the (loopback, trusted) proxy, two clients each get their share.
    let mut held = Vec::new();
    for client in ["10.0.0.1", "10.0.0.2"] {
        for _ in 0..2 {
            let mut c = Client::connect_forwarded(server.addr, client)
                .await
                .unwrap();
            c.hello("via proxy", None).await;
            held.push(c);
        }
    }
    // A third from the same forwarded address is let in only for a seated token.
    let mut third = Client::connect_forwarded(server.addr, "10.0.0.1")
        .await
        .unwrap();
    third
        .send_json(&json!({"type": "hello", "version": sgs_protocol::PROTOCOL_VERSION}))
        .await;
    assert!(matches!(
        third.recv().await,
        ServerMsg::Error {
            code: ErrorCode::ServerFull,
            ..
        }
    ));
}

#[tokio::test]
async fn spectators_are_limited_and_counted() {
    let mut config = config();
    config.max_spectators = 2;
    let server = Server::start(config).await;
    let mut host = server.client("host").await;
    let room = room_id(&host.create_room(RoomOptions::default()).await);
    let mut watchers = Vec::new();
    for n in 0..2 {
        let mut watcher = server.client(&format!("w{n}")).await;
        let ok = watcher
            .command(json!({"type": "spectate", "room": room}))
            .await;
        assert!(matches!(ok, ServerMsg::Sync { .. }));
        watchers.push(watcher);
    }
    let mut late = server.client("late").await;
    late.expect_error(
        json!({"type": "spectate", "room": room}),
        ErrorCode::SpectatorsFull,
    )
    .await;
    let list = late.command(json!({"type": "list_rooms"})).await;
    assert!(matches!(list, ServerMsg::RoomList { rooms, .. } if rooms[0].spectators == 2));
}

#[tokio::test]
async fn the_lobby_is_paged_and_pushes_only_what_changed() {
    let mut config = config();
    config.max_rooms_per_client = 100;
    config.room_creations_per_min = 6_000.0;
    let server = Server::start(config).await;
    let mut hosts = Vec::new();
    for n in 0..12 {
        let mut host = server.client(&format!("h{n}")).await;
        let options = RoomOptions {
            name: format!("room {n:02}"),
            ..RoomOptions::default()
        };
        let room = room_id(&host.create_room(options).await);
        hosts.push((host, room));
    }
    let mut lobby = server.client("lobby").await;
    let page = lobby
        .command(json!({"type": "list_rooms", "offset": 10, "limit": 5}))
        .await;
    assert!(
        matches!(&page, ServerMsg::RoomList { rooms, total: 12, offset: 10, .. } if rooms.len() == 2),
        "{page:?}"
    );
    lobby
        .command(json!({"type": "subscribe_lobby", "on": true, "limit": 5}))
        .await;
    let first = lobby
        .recv_until(|m| matches!(m, ServerMsg::RoomList { id: None, .. }))
        .await;
    assert!(matches!(&first, ServerMsg::RoomList { rooms, total: 12, .. } if rooms.len() == 5));
    // One room changes: the push names that room only.
    let mut guest = server.client("guest").await;
    guest.join(&hosts[3].1).await;
    let update = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { .. }))
        .await;
    let ServerMsg::LobbyUpdate {
        changed,
        removed,
        total,
    } = update
    else {
        unreachable!()
    };
    assert_eq!((changed.len(), removed.len(), total), (1, 0, 12));
    assert_eq!(changed[0].id, hosts[3].1);
    assert_eq!(changed[0].players, 2);
    // A room closing is a removal.
    let (mut host, room) = hosts.remove(0);
    host.command(json!({"type": "leave_room"})).await;
    let update = lobby
        .recv_until(|m| matches!(m, ServerMsg::LobbyUpdate { .. }))
        .await;
    assert!(
        matches!(update, ServerMsg::LobbyUpdate { removed, total: 11, .. } if removed == vec![room])
    );
    // Unsubscribed: nothing more.
    lobby
        .command(json!({"type": "subscribe_lobby", "on": false}))
        .await;
    guest.command(json!({"type": "leave_room"})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(matches!(
        lobby.command(json!({"type": "ping"})).await,
        ServerMsg::Pong { .. }
    ));
    assert!(!lobby
        .received
        .iter()
        .rev()
        .take(1)
        .any(|m| matches!(m, ServerMsg::LobbyUpdate { .. })));
}

#[tokio::test]
async fn an_empty_room_closes_soon_and_an_abandoned_one_does_not_come_back() {
    let mut config = config();
    config.empty_room_ms = 300;
    let server = Server::start(config.clone()).await;
    let mut host = server.client("host").await;
    host.create_room(RoomOptions::default()).await;
    host.close().await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    let mut lobby = server.client("lobby").await;
    let list = lobby.command(json!({"type": "list_rooms"})).await;
    assert!(
        matches!(list, ServerMsg::RoomList { total: 0, .. }),
        "{list:?}"
    );

    // A room whose people left just before the server stopped does not come back open after
    // a restart later than it would have lived.
    config.empty_room_ms = 60_000;
    let mut server = Server::start(config.clone()).await;
    let mut host = server.client("host").await;
    host.create_room(RoomOptions::default()).await;
    host.close().await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let data = server.data.take().unwrap();
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    config.empty_room_ms = 200;
    let storage =
        sgs_server::storage::SqliteStorage::open(data.path(), sgs_server::storage::SyncMode::Full)
            .unwrap();
    let state = sgs_server::AppState::with_parts(
        config,
        Box::new(storage),
        Box::new(sgs_server::trustee::Heuristic),
    );
    let recovered = state.recover().unwrap();
    assert_eq!((recovered.rooms, recovered.abandoned), (0, 1));
}

#[tokio::test]
async fn a_connection_outside_rooms_that_says_nothing_is_closed() {
    let mut config = config();
    config.idle_timeout_ms = 300;
    let server = Server::start(config).await;
    let mut idle = server.client("idle").await;
    let mut seated = server.client("seated").await;
    seated.create_room(RoomOptions::default()).await;
    let error = idle.recv().await;
    assert!(matches!(
        error,
        ServerMsg::Error {
            code: ErrorCode::IdleTimeout,
            ..
        }
    ));
    let closed = idle.until_closed().await;
    assert_eq!(
        closed.map(|c| (c.0, c.1)),
        Some((CloseCode::Normal, "idle".into()))
    );
    // In a room, silence is fine (a spectator watches; a player thinks).
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(matches!(
        seated.command(json!({"type": "ping"})).await,
        ServerMsg::Pong { .. }
    ));
}
