//! Hidden information over the wire, across whole games: what each connection received is
//! exactly what the engine computed for its seat (replayed from the game's record), and an
//! independent check against the true game finds no other seat's hand card, no hidden role
//! before it is revealed, and no draw-pile card a seat has not legitimately seen.

use std::collections::HashSet;

use sgs_engine::{
    Action, CardId, Choices, Event, EventView, Game, GeneralPack, Pick, Prompt, PromptKind, Role,
    Seat, View, Zone,
};
use sgs_protocol::ServerMsg;

use crate::game::play_full_game;
use crate::support::*;

/// Card ids a message names, with the zone a move says they went to.
fn event_ids(event: &EventView, out: &mut Vec<(CardId, Option<Zone>)>) {
    match event {
        Event::CardsMoved { cards, to, .. } => {
            out.extend(cards.iter().flatten().map(|id| (*id, Some(*to))));
        }
        Event::CardUsed { card, .. } | Event::CardPlayed { card, .. } => {
            out.extend(card.cards.iter().map(|id| (*id, None)));
        }
        Event::Judged { card, .. } => out.push((*card, None)),
        _ => {}
    }
}

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

/// Replays the game of `client`'s messages and checks everything it received.
fn check_stream(client: &Client) {
    let mut messages = client.received.iter();
    let start = messages
        .by_ref()
        .find(|m| matches!(m, ServerMsg::Sync { view: Some(_), .. }))
        .expect("a sync at the start");
    let ServerMsg::Sync { you, view, .. } = start else {
        unreachable!()
    };
    let viewer = you.seat;
    let record = client
        .received
        .iter()
        .find_map(|m| match m {
            ServerMsg::GameOver { record, .. } => Some(record.clone()),
            _ => None,
        })
        .expect("a game_over");
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
    assert_eq!(updates.len(), record.actions.len(), "one update per action");
    let mut seen_hidden: HashSet<CardId> = HashSet::new();
    for ((seat, action), update) in record.actions.iter().zip(updates) {
        let events = game.act(*seat, action.clone()).unwrap();
        let ServerMsg::Update {
            events: got,
            prompt,
            ..
        } = update
        else {
            unreachable!()
        };
        assert_eq!(
            got,
            &events.for_viewer(viewer),
            "events are the engine's, for {viewer:?}"
        );
        for event in got {
            if let Event::RoleDealt { seat, role } = event {
                assert!(
                    Some(*seat) == viewer || *role == Role::Lord,
                    "{viewer:?} saw a role"
                );
            }
        }
        // Independently of the engine's filter: every id named is one the viewer may know.
        let mut named = Vec::new();
        got.iter().for_each(|e| event_ids(e, &mut named));
        let mut in_prompt = Vec::new();
        if let Some(pending) = prompt {
            assert_eq!(Some(pending.prompt.seat), viewer, "only one's own prompt");
            prompt_ids(&pending.prompt, &mut in_prompt);
        }
        for (id, moved_to) in named
            .iter()
            .copied()
            .chain(in_prompt.iter().map(|id| (*id, None)))
        {
            let zone = game.table().zone_of(id);
            if !hidden_from(zone, viewer) {
                continue;
            }
            let seen_moving_there = named.iter().any(|(i, to)| *i == id && *to == Some(zone));
            assert!(
                seen_moving_there
                    || seen_hidden.contains(&id)
                    || moved_to.is_some_and(|to| to != zone),
                "{viewer:?} was told about card {id:?} in {zone:?}"
            );
            if seen_moving_there {
                seen_hidden.insert(id);
            }
        }
    }
    assert!(game.is_over());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_learns_what_its_seat_may_not_know() {
    let server = Server::start(config()).await;
    for (seats, generals) in [(6, GeneralPack::Standard), (4, GeneralPack::None)] {
        let clients = play_full_game(&server, seats, generals).await;
        for client in &clients {
            check_stream(client);
        }
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
