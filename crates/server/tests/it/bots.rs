//! Bot seats are played by the heuristic AI of `sgs-bot` (one agent per seat, fed that seat's
//! events): it plays sensibly, and a table of bots with one person plays to the end.

use serde_json::json;
use sgs_engine::{
    Action, CardKind, CardSpec, Choices, Event, GeneralId, Role, Ruleset, Scenario, ScenarioSeat,
    Seat,
};
use sgs_protocol::{RoomOptions, ServerMsg};
use tokio::time::timeout;

use crate::support::*;

/// Seat 1 is a bot holding four 闪 at full HP. 张飞 (咆哮) uses four 杀 on it: the heuristic
/// agent dodges every one (a uniformly random bot would take a hit four times in five).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_dodges_with_the_heuristic_agent() {
    let server = Server::start(config()).await;
    let scenario = Scenario {
        seed: 11,
        seats: vec![
            ScenarioSeat {
                role: Role::Lord,
                general: GeneralId::Zhangfei,
                hand: vec![CardSpec::kind(CardKind::Slash); 4],
                ..ScenarioSeat::default()
            },
            ScenarioSeat {
                role: Role::Rebel,
                hand: vec![CardSpec::kind(CardKind::Jink); 4],
                ..ScenarioSeat::default()
            },
        ],
        draw_pile_top: vec![CardSpec::kind(CardKind::Peach); 4],
        current: Some(Seat(0)),
        ..Scenario::default()
    };
    let options = RoomOptions {
        scenario: Some(scenario),
        fill_bots: true,
        ..RoomOptions::default()
    };
    let mut host = server.client("host").await;
    room_id(&host.create_room(options).await);
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");

    // Use a 杀 at every play prompt, four times; then look at what happened.
    let mut seen = Vec::new();
    let mut slashes = 0;
    let mut answered = 0;
    loop {
        let msg = host.recv().await;
        if let ServerMsg::Update { events, .. } = &msg {
            seen.extend(events.iter().cloned());
        }
        let Some(pending) = prompt_of(&msg).filter(|p| p.prompt.is_play()) else {
            continue;
        };
        if pending.prompt_id == answered {
            continue;
        }
        if slashes == 4 {
            break;
        }
        answered = pending.prompt_id;
        let Choices::Actions { actions } = &pending.prompt.choices else {
            panic!("{pending:?}")
        };
        let slash = actions
            .iter()
            .find(|a| matches!(a, Action::Card { targets, .. } if targets == &[Seat(1)]))
            .cloned()
            .expect("a 杀 on seat 1");
        let act = json!({"type": "act", "seat": 0, "action": slash, "prompt_id": answered});
        host.send_json(&act).await;
        slashes += 1;
    }
    assert!(
        !seen.iter().any(|e| matches!(e, Event::Damaged { .. })),
        "the bot took a hit it could dodge: {seen:?}"
    );
    let dodged = seen
        .iter()
        .filter(|e| matches!(e, Event::CardUsed { seat: Seat(1), card, .. } if card.kind == CardKind::Jink))
        .count();
    assert_eq!(dodged, 4);
    server.stop().await;
}

/// One person and seven heuristic bots play a standard eight-seat game to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_heuristic_bots_and_a_person_finish_a_standard_game() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let options = RoomOptions {
        name: "bots".into(),
        seats: 8,
        ruleset: Ruleset::standard(),
        fill_bots: true,
        ..RoomOptions::default()
    };
    room_id(&host.create_room(options).await);
    let started = host.command(json!({"type": "start_game"})).await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let host = timeout(WAIT * 6, play_randomly(host, 3)).await.unwrap();
    let over = host
        .received
        .iter()
        .find_map(|m| match m {
            ServerMsg::GameOver {
                outcome,
                record: Some(record),
                ..
            } => Some((outcome, record)),
            _ => None,
        })
        .expect("game over");
    assert_eq!(over.0.roles.len(), 8);
    assert!(over.1.replay().unwrap().is_over(), "the record replays");
    server.stop().await;
}
