//! Replays of finished games, step by step, as one audience saw them.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::event::Event;
use crate::record::{Record, ReplayError};
use crate::seat::Seat;

use super::redact::show;
use super::{snapshot, EventView, Sight, View};

/// Who watches a replay of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// As this seat saw the game.
    Seat(Seat),
    /// As a spectator saw it.
    Spectator,
    /// Everything open: every hand, role and moved card (the game is over).
    Everyone,
}

impl Audience {
    fn sight(self) -> Sight {
        match self {
            Audience::Seat(seat) => Sight::Of(Some(seat)),
            Audience::Spectator => Sight::Of(None),
            Audience::Everyone => Sight::All,
        }
    }
}

/// One step of a replay: an action, what the audience saw happen, and the table after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReplayStep {
    /// Actions taken so far (0: the deal, before anyone acted).
    pub index: usize,
    /// Who acted (`None` for the deal).
    pub seat: Option<Seat>,
    /// The action, shown to its own seat and to everyone with everything open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    pub events: Vec<EventView>,
    pub view: View,
}

/// Replays a finished game's `record` step by step as `audience` saw it: the deal, then one step
/// per action. A record whose game does not end is refused ([`ReplayError::NotOver`]) — its
/// replay would show a running game — as is one from another engine or record version.
/// (`sgs_engine::content::replay` does this with the engine's own registry.)
pub fn replay_with(
    registry: &'static crate::def::Registry,
    record: &Record,
    audience: Audience,
) -> Result<Vec<ReplayStep>, ReplayError> {
    let sight = audience.sight();
    let events = |events: &[Event]| -> Vec<EventView> {
        events.iter().filter_map(|e| show(e, sight)).collect()
    };
    let mut game = record.replay_prefix_with(registry, 0)?;
    let dealt = game.take_events();
    let mut steps = vec![ReplayStep {
        index: 0,
        seat: None,
        action: None,
        events: events(&dealt.0),
        view: snapshot(&game, sight),
    }];
    for (index, (seat, action)) in record.actions.iter().enumerate() {
        let happened = game
            .act(*seat, action.clone())
            .map_err(|error| ReplayError::Action { index, error })?;
        let shown = match audience {
            Audience::Everyone => true,
            Audience::Seat(viewer) => viewer == *seat,
            Audience::Spectator => false,
        };
        steps.push(ReplayStep {
            index: index + 1,
            seat: Some(*seat),
            action: shown.then(|| action.clone()),
            events: events(&happened.0),
            view: snapshot(&game, sight),
        });
    }
    if !game.is_over() {
        return Err(ReplayError::NotOver);
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::GameConfig;
    use crate::game::Game;
    use crate::sim;

    fn replay(record: &Record, audience: Audience) -> Result<Vec<ReplayStep>, ReplayError> {
        replay_with(&crate::content::REGISTRY, record, audience)
    }

    fn finished() -> Game {
        let game = sim::play_random(GameConfig::white(4), 3, 5_000, |_, _, _| {}).unwrap();
        assert!(game.is_over(), "the random game ends");
        game
    }

    #[test]
    fn a_seat_replays_the_game_as_it_saw_it() {
        let game = finished();
        let steps = replay(&game.record(), Audience::Seat(Seat(1))).unwrap();
        assert_eq!(steps.len(), game.action_count() + 1);
        assert_eq!(steps.last().unwrap().view, game.view(Seat(1)));
        for step in &steps {
            for seat in &step.view.seats {
                assert_eq!(
                    seat.hand.is_some(),
                    seat.seat == Seat(1),
                    "only its own hand"
                );
            }
            let own = step.seat == Some(Seat(1));
            assert_eq!(step.action.is_some(), own, "only its own actions");
        }
        let spectator = replay(&game.record(), Audience::Spectator).unwrap();
        assert_eq!(spectator.last().unwrap().view, game.view_spectator());
        assert!(spectator.iter().all(|s| s.action.is_none()));
    }

    #[test]
    fn everyone_sees_every_hand_role_and_card_of_a_finished_game() {
        let game = finished();
        let steps = replay(&game.record(), Audience::Everyone).unwrap();
        let deal = &steps[0];
        assert!(deal.view.seats.iter().all(|s| s.role.is_some()));
        for (i, seat) in deal.view.seats.iter().enumerate() {
            let hand = seat.hand.as_ref().expect("every hand is open");
            assert_eq!(hand.len(), usize::from(seat.hand_count), "seat {i}");
        }
        let roles_dealt = deal
            .events
            .iter()
            .filter(|e| matches!(e, Event::RoleDealt { .. }))
            .count();
        assert_eq!(roles_dealt, game.seat_count());
        let hidden_card = steps.iter().flat_map(|s| &s.events).any(
            |e| matches!(e, Event::CardsMoved { cards, .. } if cards.iter().any(Option::is_none)),
        );
        assert!(!hidden_card, "no card moves face down for everyone");
        assert!(steps.iter().skip(1).all(|s| s.action.is_some()));
    }

    #[test]
    fn a_running_game_is_not_replayed() {
        let mut game = Game::new(GameConfig::white(4), 3).unwrap();
        let prompt = game.prompts()[0].clone();
        game.act(prompt.seat, prompt.default_action()).unwrap();
        let error = replay(&game.record(), Audience::Everyone).unwrap_err();
        assert_eq!(error, ReplayError::NotOver);
        assert_eq!(error.code(), "not_over");
        // Another engine build replays it (records do not depend on the build) …
        let mut other_build = game.record();
        other_build.engine = "0.0.1".into();
        assert_eq!(
            replay(&other_build, Audience::Spectator).unwrap_err(),
            ReplayError::NotOver
        );
        // … but a record of rules that have changed since is refused by name.
        let mut old = game.record();
        old.rules[1].version = 0;
        let error = replay(&old, Audience::Spectator).unwrap_err();
        assert_eq!(error.code(), "rules_changed");
    }
}
