//! Reconnecting: the token resumes the same seat with the same view and pending prompt; a second
//! connection with the token replaces the first; a wrong token gets a fresh session and no
//! seat; a disconnected player's seat is played by trusteeship after the grace period.

use serde_json::json;
use sgs_engine::{Action, Seat};
use sgs_protocol::{ErrorCode, ServerMsg, TrusteeshipReason};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::support::*;

fn act(seat: u8, action: Action) -> serde_json::Value {
    json!({"type": "act", "seat": seat, "action": action})
}

/// Waits until `client` has a pending prompt; returns the message carrying it.
async fn until_prompted(client: &mut Client) -> ServerMsg {
    client.recv_until(|m| prompt_of(m).is_some()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnect_resumes_the_same_seat_view_and_prompt() {
    let server = Server::start(config()).await;
    let (mut host, mut guest, room) = practice_table(&server, practice_options()).await;
    until_prompted(&mut host).await;
    // The lord ends its play phase; the turn passes to the guest.
    assert!(matches!(
        host.command(act(0, Action::Pass)).await,
        ServerMsg::Ack { .. }
    ));
    until_prompted(&mut guest).await;
    let ServerMsg::Sync {
        view, prompt, you, ..
    } = guest.command(json!({"type": "resync"})).await
    else {
        panic!("resync answers with sync")
    };
    assert_eq!(you.seat, Some(Seat(1)));
    let prompt = prompt.expect("the guest is being asked");
    let token = guest.token.clone();
    let player = guest.player;
    guest.close().await;

    // Back with the token: same player, same seat, same view, same prompt.
    let mut back = Client::connect(server.addr).await;
    let welcome = back.hello("guest", Some(&token)).await;
    let ServerMsg::Welcome {
        resumed,
        room: in_room,
        player: again,
        ..
    } = welcome
    else {
        unreachable!()
    };
    assert!(resumed);
    assert_eq!(again, player);
    assert_eq!(in_room.as_deref(), Some(room.as_str()));
    let ServerMsg::Sync {
        view: view_back,
        prompt: prompt_back,
        you,
        ..
    } = back
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    else {
        unreachable!()
    };
    assert_eq!(you.seat, Some(Seat(1)));
    assert_eq!(view_back, view);
    assert_eq!(prompt_back.map(|p| p.prompt_id), Some(prompt.prompt_id));

    // A second connection with the token replaces the first.
    let mut third = Client::connect(server.addr).await;
    third.hello("guest", Some(&token)).await;
    let replaced = back
        .recv_until(|m| matches!(m, ServerMsg::Error { .. }))
        .await;
    assert!(matches!(
        replaced,
        ServerMsg::Error {
            code: ErrorCode::Replaced,
            ..
        }
    ));
    assert_eq!(
        back.until_closed().await.map(|c| c.0),
        Some(CloseCode::from(4001))
    );
    third
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;

    // A wrong token is a new player without a seat.
    let mut stranger = Client::connect(server.addr).await;
    let welcome = stranger.hello("mallory", Some(&"0".repeat(64))).await;
    assert!(matches!(
        welcome,
        ServerMsg::Welcome {
            resumed: false,
            room: None,
            ..
        }
    ));
    stranger
        .expect_error(act(1, Action::Pass), ErrorCode::NotInRoom)
        .await;
    stranger
        .expect_error(
            json!({"type": "join_room", "room": room}),
            ErrorCode::WrongState,
        )
        .await;

    // The resumed seat plays on.
    let answer = third
        .command(json!({"type": "act", "seat": 1, "action": {"type": "pass"}, "prompt_id": prompt.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    server.stop().await;
}

/// Issue 14: 托管 taken over for an absence says so, and ends by itself when the player is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_is_played_by_trusteeship_after_the_grace_period() {
    let mut config = config();
    config.disconnect_grace_ms = 200;
    let server = Server::start(config).await;
    let (mut host, guest, _) = practice_table(&server, practice_options()).await;
    until_prompted(&mut host).await;
    let token = guest.token.clone();
    guest.close().await;
    host.recv_until(|m| match m {
        ServerMsg::RoomState { room, .. } => {
            matches!(
                room.seats[1].occupant,
                sgs_protocol::Occupant::Player {
                    connected: false,
                    ..
                }
            )
        }
        _ => false,
    })
    .await;
    assert!(matches!(
        host.command(act(0, Action::Pass)).await,
        ServerMsg::Ack { .. }
    ));
    // The guest's turn is played for it once the grace period is over.
    let taken = host
        .recv_until(|m| matches!(m, ServerMsg::RoomState { room, .. } if room.seats[1].trusteeship))
        .await;
    let ServerMsg::RoomState { room, .. } = &taken else {
        unreachable!()
    };
    assert_eq!(
        room.seats[1].trusteeship_reason,
        Some(TrusteeshipReason::Absent)
    );
    let next = until_prompted(&mut host).await;
    assert_eq!(prompt_of(&next).unwrap().prompt.seat, Seat(0));

    // The guest comes back: its seat is its own again, without touching the 托管 button.
    let mut back = Client::connect(server.addr).await;
    back.hello("guest", Some(&token)).await;
    let sync = back
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await;
    let ServerMsg::Sync { room, .. } = &sync else {
        unreachable!()
    };
    assert!(
        !room.seats[1].trusteeship,
        "still in trusteeship after coming back"
    );
    assert_eq!(room.seats[1].trusteeship_reason, None);
    host.recv_until(|m| {
        matches!(m, ServerMsg::RoomState { room, .. }
            if !room.seats[1].trusteeship && matches!(room.seats[1].occupant, sgs_protocol::Occupant::Player { connected: true, .. }))
    })
    .await;
    server.stop().await;
}
