//! What each seat may know: the [`View`] snapshot and event redaction. This is the ONLY place that
//! decides visibility; the server forwards what it returns and never looks at `Game` itself.
//!
//! Hidden: other seats' roles (until death or game over; the lord's is public), other seats' hand
//! cards, the draw pile's order, cards moved face down, what a seat privately saw. Hidden things
//! are absent from these types: an opponent's hand is a count, a face-down card has no id.
//!
//! Replays ([`replay`]) show a FINISHED game step by step as one seat or a spectator saw it, or
//! with everything open ([`Audience::Everyone`]: every hand, role and moved card). The open view
//! exists only there, and `replay` refuses a record whose game does not end.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardId, CardKind};
use crate::deck::Deck;
use crate::event::{Event, Outcome};
use crate::game::Game;
use crate::ids::GeneralId;
use crate::prompt::{Phase, Prompt, PromptKind};
use crate::record::{Record, ReplayError};
use crate::seat::{Gender, Kingdom, Role, Seat};

/// An event as one audience sees it: moved cards it may not see have no id.
pub type EventView = Event<Option<CardId>>;

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeatView {
    pub seat: Seat,
    pub general: GeneralId,
    pub kingdom: Kingdom,
    pub gender: Gender,
    pub hp: i8,
    pub max_hp: u8,
    pub alive: bool,
    /// Known role: one's own, the lord's, the dead's, everyone's after the game.
    pub role: Option<Role>,
    pub hand_count: u8,
    /// The hand, for the viewer's own seat only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardId>>,
    pub equip: Vec<CardId>,
    /// Delayed tricks in the judgment area with the kind each counts as, in the order placed.
    pub judge: Vec<(CardId, CardKind)>,
}

/// Who is being asked what (public: the kind of decision, never its options).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Waiting {
    pub seat: Seat,
    pub kind: PromptKind,
}

/// A snapshot of the table for one viewer (`None` = spectator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    pub viewer: Option<Seat>,
    /// The game's card table: every physical card by id (public; the same all game long). A
    /// replay sends it once rather than with every step, so it may be empty there.
    #[serde(default, skip_serializing_if = "Deck::is_empty")]
    pub deck: Deck,
    pub seats: Vec<SeatView>,
    pub draw_pile: u8,
    /// Face up; the last is on top.
    pub discard_pile: Vec<CardId>,
    pub processing: Vec<CardId>,
    pub current: Seat,
    pub phase: Option<Phase>,
    pub turn_number: u32,
    pub waiting: Vec<Waiting>,
    /// The viewer's own pending decision, with its legal answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Prompt>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Is `seat`'s role known to `viewer`?
fn role_known(game: &Game, seat: Seat, viewer: Option<Seat>) -> bool {
    Some(seat) == viewer || game.role(seat) == Role::Lord || !game.is_alive(seat) || game.is_over()
}

/// The snapshot for `viewer`.
pub fn view(game: &Game, viewer: Option<Seat>) -> View {
    snapshot(game, Sight::Of(viewer))
}

/// Who sees: one viewer (`None` = a spectator), or everyone everything (finished games' replays
/// only).
#[derive(Clone, Copy)]
enum Sight {
    Of(Option<Seat>),
    All,
}

impl Sight {
    fn viewer(self) -> Option<Seat> {
        match self {
            Sight::Of(viewer) => viewer,
            Sight::All => None,
        }
    }
}

fn snapshot(game: &Game, sight: Sight) -> View {
    let open = matches!(sight, Sight::All);
    let viewer = sight.viewer();
    let seats = (0..game.seat_count())
        .map(|i| {
            let seat = Seat(i as u8);
            let state = game.seat(seat);
            let cards = &game.table.seats[i];
            SeatView {
                seat,
                general: state.general,
                kingdom: state.kingdom,
                gender: state.gender,
                hp: state.hp,
                max_hp: state.max_hp,
                alive: state.alive,
                role: (open || role_known(game, seat, viewer)).then_some(state.role),
                hand_count: cards.hand.len() as u8,
                hand: (open || Some(seat) == viewer).then(|| cards.hand.clone()),
                equip: cards.equipment().collect(),
                judge: cards.judge.iter().map(|d| (d.card, d.kind)).collect(),
            }
        })
        .collect();
    View {
        viewer,
        deck: game.deck.clone(),
        seats,
        draw_pile: game.table.draw_pile.len() as u8,
        discard_pile: game.table.discard_pile.clone(),
        processing: game.table.processing.clone(),
        current: game.turn.seat,
        phase: game.turn.phase,
        turn_number: game.turn.number,
        waiting: game
            .prompts
            .iter()
            .map(|p| Waiting {
                seat: p.seat,
                kind: p.kind.clone(),
            })
            .collect(),
        prompt: viewer.and_then(|v| game.prompt_for(v).cloned()),
        outcome: game.outcome.clone(),
    }
}

/// What `viewer` may see of `event`; `None` if it sees nothing of it.
pub fn redact(event: &Event, viewer: Option<Seat>) -> Option<EventView> {
    show(event, Sight::Of(viewer))
}

fn show(event: &Event, sight: Sight) -> Option<EventView> {
    use Event as E;
    let open = matches!(sight, Sight::All);
    let viewer = sight.viewer();
    Some(match event.clone() {
        E::RoleDealt { seat, role } => {
            if !open && Some(seat) != viewer && role != Role::Lord {
                return None;
            }
            E::RoleDealt { seat, role }
        }
        E::CardsMoved {
            cards,
            from,
            to,
            known,
            bottom,
        } => {
            let visible = open || known.includes(viewer);
            E::CardsMoved {
                cards: cards.into_iter().map(|c| visible.then_some(c)).collect(),
                from,
                to,
                known,
                bottom,
            }
        }
        E::GameStarted { seats, lord } => E::GameStarted { seats, lord },
        E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        } => E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        },
        E::TurnStarted { seat } => E::TurnStarted { seat },
        E::PhaseStarted { seat, phase } => E::PhaseStarted { seat, phase },
        E::PhaseSkipped { seat, phase } => E::PhaseSkipped { seat, phase },
        E::TurnEnded { seat } => E::TurnEnded { seat },
        E::CardUsed {
            seat,
            card,
            targets,
        } => E::CardUsed {
            seat,
            card,
            targets,
        },
        E::CardPlayed { seat, card } => E::CardPlayed { seat, card },
        E::SkillInvoked {
            seat,
            skill,
            targets,
        } => E::SkillInvoked {
            seat,
            skill,
            targets,
        },
        E::SuitNamed { seat, suit, cause } => E::SuitNamed { seat, suit, cause },
        E::EffectCancelled { card, target } => E::EffectCancelled { card, target },
        E::Judged { seat, card, cause } => E::Judged { seat, card, cause },
        E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        } => E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        },
        E::HpLost { seat, amount, hp } => E::HpLost { seat, amount, hp },
        E::Recovered { seat, amount, hp } => E::Recovered { seat, amount, hp },
        E::Dying { seat } => E::Dying { seat },
        E::Died { seat, role, killer } => E::Died { seat, role, killer },
        E::DeckReshuffled { count } => E::DeckReshuffled { count },
        E::GameOver { outcome } => E::GameOver { outcome },
    })
}

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
