//! Clocks: a prompt whose deadline passes is answered by trusteeship, the game goes on, and the
//! seat stays in trusteeship until its player acts again (or turns it off).

use serde_json::json;
use sgs_engine::{Event, Phase, Seat};
use sgs_protocol::{RoomOptions, ServerMsg};

use crate::support::*;

fn trusteeship_of(msg: &ServerMsg, seat: usize) -> Option<bool> {
    match msg {
        ServerMsg::RoomState { room, .. } => Some(room.seats[seat].trusteeship),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_prompt_is_answered_by_trusteeship_until_the_player_acts() {
    let mut config = config();
    // Automatic answers wait a little, so the player can act before its trustee does.
    config.pass_delay_min_ms = 400;
    config.pass_delay_max_ms = 400;
    let server = Server::start(config).await;
    let options = RoomOptions {
        decision_timeout_ms: Some(200),
        play_timeout_ms: Some(200),
        ..practice_options()
    };
    let (mut host, _guest, _) = practice_table(&server, options).await;
    let first = host.recv_until(|m| prompt_of(m).is_some()).await;
    let deadline = prompt_of(&first).unwrap().remaining_ms;
    assert!(deadline <= 200, "the deadline travels with the prompt");

    // Nobody answers: seat 0 goes into trusteeship and its play phase ends for it.
    host.recv_until(|m| trusteeship_of(m, 0) == Some(true))
        .await;
    host.recv_until(|m| match m {
        ServerMsg::Update { events, .. } => events.iter().any(|e| {
            matches!(
                e,
                Event::PhaseStarted {
                    seat: Seat(0),
                    phase: Phase::Discard | Phase::Finish
                }
            )
        }),
        _ => false,
    })
    .await;

    // Next time seat 0 is asked, its player answers before the trustee: trusteeship ends.
    let prompted = host
        .recv_until(|m| prompt_of(m).is_some_and(|p| p.prompt.seat == Seat(0)))
        .await;
    let pending = prompt_of(&prompted).unwrap().clone();
    let answer = host
        .command(json!({"type": "act", "seat": 0, "action": pending.prompt.default_action(), "prompt_id": pending.prompt_id}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    host.recv_until(|m| trusteeship_of(m, 0) == Some(false))
        .await;

    // Trusteeship can be asked for, and turned off, by command.
    let on = host
        .command(json!({"type": "trusteeship", "on": true}))
        .await;
    assert!(matches!(on, ServerMsg::Ack { .. }));
    host.recv_until(|m| trusteeship_of(m, 0) == Some(true))
        .await;
    let off = host
        .command(json!({"type": "trusteeship", "on": false}))
        .await;
    assert!(matches!(off, ServerMsg::Ack { .. }));
    host.recv_until(|m| trusteeship_of(m, 0) == Some(false))
        .await;
    server.stop().await;
}
