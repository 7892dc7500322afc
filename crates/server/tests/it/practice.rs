//! Practice rooms (残局): the worked example of `docs/protocol.md`, sent as written, plays out
//! to the documented result.

use serde_json::Value;
use sgs_engine::{Action, Choices, Seat, Side};
use sgs_protocol::{ErrorCode, ServerMsg};

use crate::support::*;

/// The `create_room` line of the documented puzzle.
fn documented_puzzle() -> Value {
    let doc = include_str!("../../../../docs/protocol.md");
    let line = doc
        .lines()
        .find(|l| l.contains("\"create_room\"") && l.contains("咆哮残局"))
        .expect("the worked example is in docs/protocol.md");
    // The example spans several lines: take the whole code block from that line.
    let start = doc.find(line).unwrap();
    let block = &doc[start..];
    let end = block.find("\n{\"type\": \"start_game\"").unwrap();
    serde_json::from_str(&block[..end]).expect("the example is valid JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documented_puzzle_plays_out() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let mut create = documented_puzzle();
    create.as_object_mut().unwrap().remove("id");
    let created = host.command(create).await;
    assert!(matches!(created, ServerMsg::Sync { .. }), "{created:?}");
    let started = host
        .command(serde_json::json!({"type": "start_game"}))
        .await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    loop {
        let msg = host.recv().await;
        if let ServerMsg::GameOver { outcome, .. } = &msg {
            assert_eq!(outcome.winner, Some(Side::Lord));
            break;
        }
        let Some(pending) = prompt_of(&msg) else {
            continue;
        };
        // Slash the rebel whenever possible; otherwise the prompt's default answer.
        let slash = match &pending.prompt.choices {
            Choices::Actions { actions } => actions
                .iter()
                .find(|a| matches!(a, Action::Card { targets, .. } if targets == &[Seat(1)]))
                .cloned(),
            _ => None,
        };
        let action = slash.unwrap_or_else(|| pending.prompt.default_action());
        let act = serde_json::json!({"type": "act", "seat": 0, "action": action, "prompt_id": pending.prompt_id});
        // Messages read while waiting for the answer are handled next; some of their prompts
        // were already answered, which the server says with `stale_prompt`.
        let answer = host.command(act).await;
        assert!(
            matches!(
                answer,
                ServerMsg::Ack { .. }
                    | ServerMsg::Error {
                        code: ErrorCode::StalePrompt | ErrorCode::NotYourTurn | ErrorCode::GameOver,
                        ..
                    }
            ),
            "{answer:?}"
        );
    }
    server.stop().await;
}
