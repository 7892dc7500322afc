//! The lobby's own chat and who is in it (issue 14, social): lines reach everyone following the
//! lobby and nobody else, and the people list follows arrivals and departures.

use serde_json::json;
use sgs_protocol::{ErrorCode, ServerMsg};

use crate::support::*;

fn names(msg: &ServerMsg) -> Option<(Vec<String>, u32)> {
    match msg {
        ServerMsg::LobbyPeople { people, total } => {
            Some((people.iter().map(|p| p.name.clone()).collect(), *total))
        }
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_chat_reaches_the_lobby_only_and_the_people_list_follows_it() {
    let server = Server::start(config()).await;
    let mut ann = server.client("ann").await;
    let mut bob = server.client("bob").await;
    let mut carl = server.client("carl").await; // never follows the lobby
    ann.command(json!({"type": "subscribe_lobby", "on": true}))
        .await;
    bob.command(json!({"type": "subscribe_lobby", "on": true}))
        .await;
    // Both see both (bob at once with his first page, ann in a push).
    for client in [&mut ann, &mut bob] {
        client
            .recv_until(|m| names(m).is_some_and(|(n, total)| total == 2 && n == ["ann", "bob"]))
            .await;
    }

    let said = ann
        .command(json!({"type": "lobby_chat", "text": "  有人一起玩吗？\u{200B} "}))
        .await;
    assert!(matches!(said, ServerMsg::Ack { .. }), "{said:?}");
    let line = bob
        .recv_until(|m| matches!(m, ServerMsg::LobbyChat { .. }))
        .await;
    let ServerMsg::LobbyChat { from, name, text } = line else {
        unreachable!()
    };
    assert_eq!((name.as_str(), text.as_str()), ("ann", "有人一起玩吗？"));
    assert_eq!(from, ann.player);
    ann.expect_error(
        json!({"type": "lobby_chat", "text": " "}),
        ErrorCode::BadMessage,
    )
    .await;
    ann.expect_error(
        json!({"type": "lobby_chat", "text": "长".repeat(501)}),
        ErrorCode::BadMessage,
    )
    .await;

    // Ann leaves the lobby (she joins a room, say): bob sees one person left.
    ann.command(json!({"type": "subscribe_lobby", "on": false}))
        .await;
    bob.recv_until(|m| names(m).is_some_and(|(n, total)| total == 1 && n == ["bob"]))
        .await;
    // Carl, who never followed the lobby, heard nothing of it.
    assert!(matches!(
        carl.command(json!({"type": "ping"})).await,
        ServerMsg::Pong { .. }
    ));
    assert!(
        !carl.received.iter().any(|m| matches!(
            m,
            ServerMsg::LobbyChat { .. } | ServerMsg::LobbyPeople { .. }
        )),
        "a lobby message reached a connection outside the lobby"
    );
    server.stop().await;
}
