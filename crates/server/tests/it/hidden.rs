//! Hidden information over the wire, across whole games: what each connection received is
//! exactly what the engine computed for its seat (replayed from the game's record); following
//! the true game card by card, no snapshot shows another seat's hand or a hidden role, no
//! hidden move names its cards to a seat that did not see it, and no prompt names a card in
//! another seat's hand or in the draw pile that the seat has not legitimately seen go there.

use std::collections::HashSet;

use sgs_engine::{
    Action, CardId, Choices, Event, Events, Game, Pick, Prompt, PromptKind, Role, Ruleset, Seat,
    View, Zone,
};
use sgs_protocol::ServerMsg;

use crate::game::play_full_game;
use crate::support::*;

fn prompt_ids(prompt: &Prompt, out: &mut Vec<CardId>) {
    if let PromptKind::Pool { cards } = &prompt.kind {
        out.extend(cards);
    }
    match &prompt.choices {
        Choices::Actions { actions } => {
            for action in actions {
                match action {
                    Action::Card { cards, .. }
                    | Action::Skill { cards, .. }
                    | Action::Cards { cards } => out.extend(cards),
                    Action::Pick {
                        pick: Pick::Card { card },
                    } => out.push(*card),
                    Action::Arrange { top, bottom } => out.extend(top.iter().chain(bottom)),
                    _ => {}
                }
            }
        }
        Choices::Cards { from, .. } => out.extend(from),
        Choices::Arrange { .. } => {} // 观星: the seat legitimately sees the top of the pile
    }
}

/// Would `viewer` be allowed to know that `id` is in `zone`?
fn hidden_from(zone: Zone, viewer: Option<Seat>) -> bool {
    match zone {
        Zone::Hand(owner) => Some(owner) != viewer,
        Zone::DrawPile => true,
        _ => false,
    }
}

fn check_view(view: &View, viewer: Option<Seat>, game: &Game) {
    for seat_view in &view.seats {
        let seat = seat_view.seat;
        if Some(seat) != viewer {
            assert!(seat_view.hand.is_none(), "{viewer:?} sees {seat}'s hand");
        }
        let public_role = Some(seat) == viewer
            || game.seat(seat).role == Role::Lord
            || !game.seat(seat).alive
            || game.is_over();
        if !public_role {
            assert!(seat_view.role.is_none(), "{viewer:?} sees {seat}'s role");
        }
    }
}

/// The record a player's `game_over` carried (a spectator's carries none).
fn told_record(client: &Client) -> Option<Box<sgs_engine::Record>> {
    client.received.iter().find_map(|m| match m {
        ServerMsg::GameOver {
            record: Some(record),
            ..
        } => Some(record.clone()),
        _ => None,
    })
}

/// Replays the game of `client`'s messages (its game's `record`) and checks everything it
/// received.
fn check_stream(client: &Client, record: &sgs_engine::Record) {
    let mut messages = client.received.iter();
    let start = messages
        .by_ref()
        .find(|m| matches!(m, ServerMsg::Sync { view: Some(_), .. }))
        .expect("a sync at the start");
    let ServerMsg::Sync { you, view, .. } = start else {
        unreachable!()
    };
    let viewer = you.seat;
    assert_eq!(
        told_record(client).is_some(),
        viewer.is_some(),
        "the record is told to players, not spectators"
    );
    let mut game = record.replay_prefix(0).unwrap();
    game.take_events();
    let view = view.as_deref().unwrap();
    let expected_view = match viewer {
        Some(seat) => game.view(seat),
        None => game.view_spectator(),
    };
    assert_eq!(
        view, &expected_view,
        "the first snapshot is the engine's view"
    );
    check_view(view, viewer, &game);

    let updates: Vec<&ServerMsg> = messages
        .filter(|m| matches!(m, ServerMsg::Update { .. }))
        .collect();
    // Each update carries one or more steps (an answer and the passes it took along): the
    // record's actions are played until their events make up the update's.
    let mut actions = record.actions.iter();
    // Where every card is, following the engine's full event stream, and the cards the viewer
    // legitimately saw go into a zone hidden from it.
    let mut location: Vec<Zone> = game.table().location.clone();
    let mut seen_hidden: HashSet<CardId> = HashSet::new();
    for update in updates {
        let ServerMsg::Update {
            events: got,
            prompt,
            ..
        } = update
        else {
            unreachable!()
        };
        let mut events = Events::default();
        loop {
            let (seat, action) = actions.next().expect("an update beyond the record");
            events.0.extend(game.act(*seat, action.clone()).unwrap().0);
            if events.for_viewer(viewer).len() >= got.len() {
                break;
            }
        }
        assert_eq!(
            got,
            &events.for_viewer(viewer),
            "events are the engine's, for {viewer:?}"
        );
        for full in &events.0 {
            let shown = sgs_engine::view::redact(full, viewer);
            match (full, &shown) {
                (Event::RoleDealt { seat, role }, Some(_)) => {
                    assert!(
                        Some(*seat) == viewer || *role == Role::Lord,
                        "{viewer:?} saw a role"
                    );
                }
                (
                    Event::CardsMoved {
                        cards, to, known, ..
                    },
                    shown,
                ) => {
                    let shown_ids = match shown {
                        Some(Event::CardsMoved { cards, .. }) => cards.clone(),
                        _ => vec![None; cards.len()],
                    };
                    for (card, shown_id) in cards.iter().zip(shown_ids) {
                        location[card.index()] = *to;
                        match shown_id {
                            // Named into a hidden zone only when the move says the viewer sees it.
                            Some(_) if hidden_from(*to, viewer) => {
                                assert!(known.includes(viewer), "{viewer:?} saw a hidden move");
                                seen_hidden.insert(*card);
                            }
                            Some(_) => {
                                seen_hidden.remove(card);
                            }
                            None => {
                                assert!(
                                    hidden_from(*to, viewer) || !to.is_public(),
                                    "a public move hidden"
                                );
                                seen_hidden.remove(card);
                            }
                        }
                    }
                }
                (Event::DeckReshuffled { .. }, _) => {
                    for zone in location.iter_mut().filter(|z| **z == Zone::DiscardPile) {
                        *zone = Zone::DrawPile;
                    }
                }
                _ => {}
            }
        }
        assert_eq!(
            location,
            game.table().location,
            "the tracked locations follow the game"
        );
        // The viewer's prompt names only cards it may know the place of.
        if let Some(pending) = prompt {
            assert_eq!(Some(pending.prompt.seat), viewer, "only one's own prompt");
            let mut named = Vec::new();
            prompt_ids(&pending.prompt, &mut named);
            for id in named {
                let zone = location[id.index()];
                assert!(
                    !hidden_from(zone, viewer) || seen_hidden.contains(&id),
                    "{viewer:?}'s prompt names card {id:?} in {zone:?}"
                );
            }
        }
    }
    for (seat, action) in actions {
        let events = game.act(*seat, action.clone()).unwrap();
        assert!(events.for_viewer(viewer).is_empty(), "an action never sent");
    }
    assert!(game.is_over());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_learns_what_its_seat_may_not_know() {
    let server = Server::start(config()).await;
    for (seats, generals) in [(6, Ruleset::standard()), (4, Ruleset::standard().white())] {
        let clients = play_full_game(&server, seats, generals).await;
        let record = told_record(&clients[0]).expect("the host's game_over has the record");
        for client in &clients {
            check_stream(client, &record);
        }
        // With the pass delay off, an answer takes the passes due at once along in its step:
        // fewer updates than actions, each checked above against the steps it carries.
        let spectator = clients.last().unwrap();
        let updates = spectator
            .received
            .iter()
            .filter(|m| matches!(m, ServerMsg::Update { .. }))
            .count();
        let actions = record.actions.len();
        assert!(updates < actions, "{updates} updates for {actions} actions");
        // The spectator (last) never holds a hand.
        let spectator = clients.last().unwrap();
        assert!(spectator.received.iter().all(|m| match m {
            ServerMsg::Sync {
                view: Some(view), ..
            } => view.seats.iter().all(|s| s.hand.is_none()),
            _ => true,
        }));
    }
    server.stop().await;
}
