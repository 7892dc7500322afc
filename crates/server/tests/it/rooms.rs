//! Room management: seats, bots, kicks, leaving, the host moving on, chat.

use serde_json::json;
use sgs_engine::{Ruleset, Seat};
use sgs_protocol::{LeaveReason, Occupant, RoomOptions, ServerMsg};

use crate::support::*;

#[tokio::test]
async fn seats_bots_kicks_and_the_host_moving_on() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        seats: 4,
        ..RoomOptions::default()
    };
    let room = room_id(&host.create_room(options).await);
    let mut guest = server.client("guest").await;
    let ServerMsg::Sync { you, .. } = guest.join(&room).await else {
        panic!()
    };
    assert_eq!(you.seat, Some(Seat(1)));
    assert!(matches!(
        guest.command(json!({"type": "take_seat", "seat": 3})).await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(
        host.command(json!({"type": "add_bot", "seat": 1})).await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(
        host.command(json!({"type": "remove_bot", "seat": 1})).await,
        ServerMsg::Ack { .. }
    ));
    let said = host
        .command(json!({"type": "chat", "text": "  欢迎 "}))
        .await;
    assert!(matches!(said, ServerMsg::Ack { .. }));
    let chat = guest
        .recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
        .await;
    assert!(matches!(chat, ServerMsg::Chat { text, .. } if text == "欢迎"));

    // Kicked: told so, and out of the room.
    let kicked = host
        .command(json!({"type": "kick", "player": guest.player}))
        .await;
    assert!(matches!(kicked, ServerMsg::Ack { .. }));
    let left = guest
        .recv_until(|m| matches!(m, ServerMsg::LeftRoom { .. }))
        .await;
    assert!(matches!(
        left,
        ServerMsg::LeftRoom {
            reason: LeaveReason::Kicked,
            ..
        }
    ));
    assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));

    // The host leaves: the guest hosts now, and the host's seat is free again.
    assert!(matches!(
        host.command(json!({"type": "leave_room"})).await,
        ServerMsg::Ack { .. }
    ));
    let state = guest
        .recv_until(|m| matches!(m, ServerMsg::RoomState { you, .. } if you.host))
        .await;
    let ServerMsg::RoomState { room: info, .. } = state else {
        unreachable!()
    };
    assert_eq!(info.host, guest.player);
    assert_eq!(info.seats[0].occupant, Occupant::Empty);
    // The last person leaving closes the room.
    guest.command(json!({"type": "leave_room"})).await;
    let rooms = guest.command(json!({"type": "list_rooms"})).await;
    assert!(matches!(rooms, ServerMsg::RoomList { rooms, .. } if rooms.is_empty()));
    server.stop().await;
}

/// V-SEAT-1 座位抽签: with `seats_by_lot`, the seats are dealt at random when the game starts —
/// the host, seated at 0, ends up at different seats across rooms, and what it is told (its
/// `you.seat`, the room's seat list, its view) agrees on the seat it was dealt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v_seat_seats_are_dealt_by_lot_when_the_game_starts() {
    let mut config = config();
    config.max_rooms_per_client = 100;
    config.room_creations_per_min = 6_000.0;
    let server = Server::start(config).await;
    let mut dealt = std::collections::HashSet::new();
    for n in 0..12 {
        let mut host = server.client(&format!("host{n}")).await;
        let options = RoomOptions {
            seats: 5,
            ruleset: Ruleset::standard().white(),
            fill_bots: true,
            seats_by_lot: true,
            ..RoomOptions::default()
        };
        let created = host.create_room(options).await;
        let ServerMsg::Sync { you, room, .. } = &created else {
            panic!("{created:?}")
        };
        assert_eq!(
            you.seat,
            Some(Seat(0)),
            "the host sits at 0 before the start"
        );
        assert!(room.seats_by_lot);
        let started = host.command(json!({"type": "start_game"})).await;
        assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
        let synced = host
            .recv_until(|m| matches!(m, ServerMsg::Sync { view: Some(_), .. }))
            .await;
        let ServerMsg::Sync {
            you, room, view, ..
        } = synced
        else {
            unreachable!()
        };
        let seat = you.seat.expect("still seated");
        let holder = &room.seats[seat.index()].occupant;
        assert!(
            matches!(holder, Occupant::Player { player, .. } if *player == you.player),
            "{holder:?}"
        );
        let view = view.unwrap();
        assert!(view.seats[seat.index()].hand.is_some(), "its own hand");
        dealt.insert(seat);
    }
    assert!(dealt.len() > 1, "always dealt to {dealt:?}");
    server.stop().await;
}
