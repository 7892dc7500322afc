//! Issue 12: room commands are acknowledged only once durable. The real binary is killed
//! (SIGKILL) right after each acknowledgement of `create_room`, `join_room` and `take_seat`;
//! after the restart every one of them is still in effect.

use std::path::Path;

use serde_json::json;
use sgs_engine::Seat;
use sgs_protocol::{RoomOptions, ServerMsg};

use crate::spawn::Incarnation;
use crate::support::*;

const TRIALS: usize = 4;

/// Kills `server` and starts the next one on the same store.
async fn restart(server: Incarnation, data: &Path, n: &mut usize) -> Incarnation {
    server.kill();
    *n += 1;
    let log = data.with_file_name(format!("server-{n}.log"));
    Incarnation::launch(data, log, &[], None).await
}

/// Comes back with `token`: the session's room and seat.
async fn resume(server: &Incarnation, token: &str) -> (Option<String>, Option<Seat>) {
    let mut client = Client::connect(server.addr).await;
    let ServerMsg::Welcome { room, .. } = client.hello("back", Some(token)).await else {
        unreachable!()
    };
    if room.is_none() {
        return (None, None);
    }
    match client
        .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
        .await
    {
        ServerMsg::Sync { you, .. } => (room, you.seat),
        _ => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_commands_survive_a_kill_right_after_their_ack() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut n = 0;
    let mut server = Incarnation::launch(&data, dir.path().join("server-0.log"), &[], None).await;
    for trial in 0..TRIALS {
        let mut host = Client::connect(server.addr).await;
        host.hello(&format!("host{trial}"), None).await;
        let options = RoomOptions {
            seats: 4,
            ..RoomOptions::default()
        };
        let room = room_id(&host.create_room(options).await);
        let host_token = host.token.clone();
        server = restart(server, &data, &mut n).await;
        assert_eq!(
            resume(&server, &host_token).await,
            (Some(room.clone()), Some(Seat(0))),
            "trial {trial}: create_room was lost"
        );

        let mut guest = Client::connect(server.addr).await;
        guest.hello(&format!("guest{trial}"), None).await;
        assert!(matches!(guest.join(&room).await, ServerMsg::Sync { .. }));
        let guest_token = guest.token.clone();
        server = restart(server, &data, &mut n).await;
        let (back_in, seat) = resume(&server, &guest_token).await;
        assert_eq!(
            back_in.as_deref(),
            Some(room.as_str()),
            "trial {trial}: join_room was lost"
        );
        assert!(seat.is_some());

        let mut guest = Client::connect(server.addr).await;
        guest.hello("guest", Some(&guest_token)).await;
        guest
            .recv_until(|m| matches!(m, ServerMsg::Sync { .. }))
            .await;
        let moved = guest.command(json!({"type": "take_seat", "seat": 3})).await;
        assert!(matches!(moved, ServerMsg::Ack { .. }), "{moved:?}");
        server = restart(server, &data, &mut n).await;
        assert_eq!(
            resume(&server, &guest_token).await,
            (Some(room.clone()), Some(Seat(3))),
            "trial {trial}: take_seat was lost"
        );
    }
    server.kill();
}
