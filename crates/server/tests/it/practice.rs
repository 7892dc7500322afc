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

/// Every piece of lasting state the mechanics keep can be staged over the wire in a practice
/// room, and each connection's view shows it as its seat may see it: marks (an owner-only one to
/// its owner), piles (an owner-only one's cards to its owner), chained and turned-over seats,
/// gained and lost skills, a used limited skill… and the discard pile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_table_stages_the_mechanics_state_and_each_seat_sees_its_share() {
    let server = Server::start(config()).await;
    let mut host = server.client("host").await;
    let scenario = serde_json::json!({
        "seats": [
            {"role": "lord", "general": "liubei", "hand": [{"kind": "slash"}],
             "lost": ["jijiang"], "gained": ["paoxiao"], "chained": true,
             "marks": [{"mark": {"skill": "rende"}, "count": 2},
                       {"mark": {"card": "peach"}, "count": 1, "visibility": "owner"}],
             "piles": [{"skill": "guanxing", "visibility": "owner", "cards": [{"kind": "jink"}]},
                       {"skill": "tuxi", "cards": [{"kind": "peach"}]}]},
            {"role": "rebel", "turned": true, "judge": [{"card": {"kind": "jink"}, "as": "indulgence"}]}
        ],
        "discard_pile": [{"kind": "duel"}],
        "current": 0,
    });
    let created = host
        .command(serde_json::json!({"type": "create_room", "options": {"scenario": scenario}}))
        .await;
    assert!(matches!(created, ServerMsg::Sync { .. }), "{created:?}");
    let room = room_id(&created);
    let mut guest = server.client("guest").await;
    guest.join(&room).await;
    let started = host
        .command(serde_json::json!({"type": "start_game"}))
        .await;
    assert!(matches!(started, ServerMsg::Ack { .. }), "{started:?}");
    let view_of = |msg: &ServerMsg| match msg {
        ServerMsg::Sync {
            view: Some(view), ..
        } => serde_json::to_value(view).unwrap(),
        _ => Value::Null,
    };
    let mine = view_of(&host.command(serde_json::json!({"type": "resync"})).await);
    let theirs = view_of(&guest.command(serde_json::json!({"type": "resync"})).await);
    let lord = |v: &Value| v["seats"][0].clone();
    assert_eq!(
        lord(&mine)["skills"],
        serde_json::json!(["rende", "paoxiao"])
    );
    assert_eq!(lord(&mine)["chained"], true);
    assert_eq!(lord(&mine)["marks"].as_array().unwrap().len(), 2);
    assert_eq!(
        lord(&theirs)["marks"].as_array().unwrap().len(),
        1,
        "owner-only hidden"
    );
    assert_eq!(
        lord(&mine)["piles"][0]["cards"].as_array().unwrap().len(),
        1
    );
    assert!(
        lord(&theirs)["piles"][0].get("cards").is_none(),
        "owner-only pile face down"
    );
    assert_eq!(lord(&theirs)["piles"][0]["count"], 1);
    assert_eq!(
        lord(&theirs)["piles"][1]["cards"].as_array().unwrap().len(),
        1
    );
    assert_eq!(theirs["seats"][1]["turned"], true);
    assert_eq!(
        theirs["seats"][1]["judge"][0][1], "indulgence",
        "a 闪 placed as 乐不思蜀"
    );
    assert_eq!(mine["discard_pile"].as_array().unwrap().len(), 1);

    // A table that is decided already is refused, and so is a 杀 in a judgment area.
    let mut other = server.client("other").await;
    let decided = serde_json::json!({"seats": [
        {"role": "lord", "alive": false, "hp": 0}, {"role": "rebel"}]});
    other
        .expect_error(
            serde_json::json!({"type": "create_room", "options": {"scenario": decided}}),
            ErrorCode::BadSetup,
        )
        .await;
    let slash_judged = serde_json::json!({"seats": [
        {"role": "lord", "judge": [{"kind": "slash"}]}, {"role": "rebel"}]});
    other
        .expect_error(
            serde_json::json!({"type": "create_room", "options": {"scenario": slash_judged}}),
            ErrorCode::BadSetup,
        )
        .await;
    server.stop().await;
}
