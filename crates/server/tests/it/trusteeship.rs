//! Clocks: a prompt whose deadline passes is answered by trusteeship, the game goes on, and the
//! seat stays in trusteeship until its player acts again (or turns it off).

use serde_json::json;
use sgs_engine::{Event, Phase, Seat};
use sgs_protocol::{RoomOptions, ServerMsg, TrusteeshipReason};

use crate::support::*;

fn trusteeship_of(msg: &ServerMsg, seat: usize) -> Option<bool> {
    match msg {
        ServerMsg::RoomState { room, .. } => Some(room.seats[seat].trusteeship),
        _ => None,
    }
}

/// Why `seat` is in trusteeship, as a `room_state` says (issue 14: the banner's reason).
fn reason_of(msg: &ServerMsg, seat: usize) -> Option<TrusteeshipReason> {
    match msg {
        ServerMsg::RoomState { room, .. } => room.seats[seat].trusteeship_reason,
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

    // Nobody answers: seat 0 goes into trusteeship and the AI plays its turn to the end.
    let taken = host
        .recv_until(|m| trusteeship_of(m, 0) == Some(true))
        .await;
    assert_eq!(reason_of(&taken, 0), Some(TrusteeshipReason::Timeout));
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
    // What came before (prompts the AI already answered) is history.
    host.clear_inbox();

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
    let asked = host
        .recv_until(|m| trusteeship_of(m, 0) == Some(true))
        .await;
    assert_eq!(reason_of(&asked, 0), Some(TrusteeshipReason::Asked));
    let off = host
        .command(json!({"type": "trusteeship", "on": false}))
        .await;
    assert!(matches!(off, ServerMsg::Ack { .. }));
    host.recv_until(|m| trusteeship_of(m, 0) == Some(false))
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_that_can_only_be_passed_is_held_for_a_human_like_delay() {
    use sgs_engine::{Action, CardKind, CardSpec};
    let mut config = config();
    config.pass_delay_min_ms = 300;
    config.pass_delay_max_ms = 300;
    let server = Server::start(config).await;
    // The guest holds nothing that answers a 杀.
    let mut scenario = duel_scenario();
    scenario.seats[1].hand = vec![CardSpec::kind(CardKind::Peach)];
    let options = RoomOptions {
        scenario: Some(scenario),
        ..RoomOptions::default()
    };
    let (mut host, _guest, _) = practice_table(&server, options).await;
    let prompted = host.recv_until(|m| prompt_of(m).is_some()).await;
    let slash = match &prompt_of(&prompted).unwrap().prompt.choices {
        sgs_engine::Choices::Actions { actions } => actions
            .iter()
            .find(|a| matches!(a, Action::Card { targets, .. } if targets == &[Seat(1)]))
            .cloned()
            .unwrap(),
        other => panic!("{other:?}"),
    };
    let sent = std::time::Instant::now();
    let answer = host
        .command(json!({"type": "act", "seat": 0, "action": slash}))
        .await;
    assert!(matches!(answer, ServerMsg::Ack { .. }), "{answer:?}");
    host.recv_until(|m| match m {
        ServerMsg::Update { events, .. } => events.iter().any(|e| {
            matches!(
                e,
                Event::Damaged {
                    target: Seat(1),
                    ..
                }
            )
        }),
        _ => false,
    })
    .await;
    assert!(
        sent.elapsed() >= std::time::Duration::from_millis(280),
        "the pass came after {:?}: too fast, it would reveal the hand",
        sent.elapsed()
    );
    server.stop().await;
}
