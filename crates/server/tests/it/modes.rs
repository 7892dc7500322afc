//! Every registered mode over the wire (issue 19): a person and heuristic bots play a game of it
//! to the end at its smallest table, the record replays to the same outcome; and a practice room
//! (残局) accepts a table of the mode.

use serde_json::json;
use sgs_engine::{Game, GameConfig, Role, Ruleset, Scenario, ScenarioSeat, Seat, REGISTRY};
use sgs_protocol::{RoomOptions, ServerMsg};
use tokio::time::timeout;

use crate::support::*;

/// The standard game of `mode`; a mode with general packs of its own (国战) plays those.
fn ruleset(mode: &str) -> Ruleset {
    let own: Vec<String> = REGISTRY
        .general_packs
        .iter()
        .filter(|p| p.modes.contains(&mode))
        .map(|p| p.id.to_string())
        .collect();
    let standard = Ruleset::standard();
    Ruleset {
        mode: mode.to_string(),
        generals: if own.is_empty() {
            standard.generals.clone()
        } else {
            own
        },
        ..standard
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mode_plays_to_the_end_with_bots() {
    let server = Server::start(config()).await;
    for mode in REGISTRY.modes {
        let mut host = server.client("host").await;
        let options = RoomOptions {
            name: format!("{} bots", mode.id),
            seats: mode.seats.0.max(3).min(mode.seats.1),
            ruleset: ruleset(mode.id),
            fill_bots: true,
            ..RoomOptions::default()
        };
        room_id(&host.create_room(options).await);
        let started = host.command(json!({"type": "start_game"})).await;
        assert!(
            matches!(started, ServerMsg::Ack { .. }),
            "{}: {started:?}",
            mode.id
        );
        let host = timeout(WAIT * 6, play_randomly(host, 5)).await.unwrap();
        let (outcome, record) = host
            .received
            .iter()
            .find_map(|m| match m {
                ServerMsg::GameOver {
                    outcome,
                    record: Some(record),
                    ..
                } => Some((outcome.clone(), record.clone())),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{}: no game over", mode.id));
        assert_eq!(record.setup.ruleset().mode, mode.id);
        if let Some(winner) = outcome.winner {
            assert!(mode.camps.contains(&winner), "{}: {winner:?}", mode.id);
        }
        let replayed = record.replay().unwrap();
        assert_eq!(replayed.outcome(), Some(&outcome), "{}", mode.id);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_room_accepts_every_mode() {
    let server = Server::start(config()).await;
    for mode in REGISTRY.modes {
        // A table of the mode: the roles its own deal gives.
        let players = mode.seats.0.max(3).min(mode.seats.1);
        let game = Game::new(GameConfig::new(players, ruleset(mode.id).white()), 1).unwrap();
        let roles: Vec<Role> = (0..players).map(|i| game.role(Seat(i))).collect();
        let scenario = Scenario {
            ruleset: ruleset(mode.id).white(),
            seats: roles
                .iter()
                .map(|role| ScenarioSeat {
                    role: *role,
                    ..ScenarioSeat::default()
                })
                .collect(),
            ..Scenario::default()
        };
        let options = RoomOptions {
            scenario: Some(scenario),
            fill_bots: true,
            ..RoomOptions::default()
        };
        let mut host = server.client("host").await;
        let created = host.create_room(options).await;
        assert!(
            matches!(created, ServerMsg::Sync { .. }),
            "{}: {created:?}",
            mode.id
        );
        let started = host.command(json!({"type": "start_game"})).await;
        assert!(
            matches!(started, ServerMsg::Ack { .. }),
            "{}: {started:?}",
            mode.id
        );
        let view = match host.command(json!({"type": "resync"})).await {
            ServerMsg::Sync {
                view: Some(view), ..
            } => view,
            other => panic!("{}: {other:?}", mode.id),
        };
        // Every role the mode makes public is in the host's view.
        for (seat, role) in view.seats.iter().zip(&roles) {
            if mode.public_roles.contains(role) {
                assert_eq!(seat.role, Some(*role), "{}", mode.id);
            }
        }
        let _ = host.command(json!({"type": "leave_room"})).await;
    }
    server.stop().await;
}
