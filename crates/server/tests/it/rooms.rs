//! Room management: seats, bots, kicks, leaving, the host moving on, chat.

use serde_json::json;
use sgs_engine::Seat;
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
