//! [`Tracker`]: keeps a seat's [`View`] up to date from the events it receives, the way a
//! remote client must: the protocol sends a full `View` only in a `sync`, and after that the
//! seat's filtered events (`update`). An [`Agent`](crate::Agent) decides from a `View`, so a
//! headless bot folds each event into its last snapshot; every `sync` replaces the snapshot.
//!
//! The fold is the engine's own (`View::apply_all`, checked against the engine's snapshots over
//! whole games of every ruleset in the engine's tests); a tracker only keeps the view and notes
//! when an event did not fit it (then the bot asks for a fresh `sync`).

use sgs_engine::view::Waiting;
use sgs_engine::{Event, EventView, Prompt, Role, Seat, View, REGISTRY};

/// A seat's view, kept current from its events.
#[derive(Clone, Debug)]
pub struct Tracker {
    view: View,
    /// An event did not fit the view since the last snapshot: it is stale.
    stale: bool,
}

impl Tracker {
    /// Starts from a snapshot (a `sync`'s view).
    pub fn new(view: View) -> Self {
        Tracker { view, stale: false }
    }

    /// The current view.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// Did an event not fit the view since the last snapshot?
    pub fn is_stale(&self) -> bool {
        self.stale
    }

    /// Sets who is asked what and the seat's own prompt (an `update` carries them beside its
    /// events: `clocks` and `prompt`).
    pub fn set_pending(&mut self, waiting: Vec<Waiting>, prompt: Option<Prompt>) {
        self.view.set_pending(waiting, prompt);
    }

    /// Folds a batch of events (one update's) into the view, in order.
    pub fn apply_all(&mut self, events: &[EventView]) {
        if self.view.apply_all(events, &REGISTRY).is_err() {
            self.stale = true;
        }
    }

    /// Folds one event into the view.
    pub fn apply(&mut self, event: &EventView) {
        if self.view.apply(event, &REGISTRY).is_err() {
            self.stale = true;
        }
    }
}

/// The opening events a seat would have seen, rebuilt from a snapshot: the table, the roles the
/// seat knows and every general. A client that joins by `sync` (which carries no events) feeds
/// these to a fresh agent so it starts where an in-process agent would.
pub fn opening_events(view: &View) -> Vec<EventView> {
    let lord = view
        .seats
        .iter()
        .find(|s| s.role == Some(Role::Lord))
        .map_or(Seat(0), |s| s.seat);
    let mut events = vec![Event::GameStarted {
        seats: view.seats.len() as u8,
        lord,
    }];
    events.extend(
        view.seats
            .iter()
            .filter_map(|s| s.role.map(|role| Event::RoleDealt { seat: s.seat, role })),
    );
    events.extend(view.seats.iter().map(|s| Event::GeneralShown {
        seat: s.seat,
        general: s.general,
        hp: s.hp,
        max_hp: s.max_hp,
    }));
    // The dead, with their roles: an agent that believed them alive would wait forever for
    // rebels who are gone.
    events.extend(view.seats.iter().filter(|s| !s.alive).filter_map(|s| {
        s.role.map(|role| Event::Died {
            seat: s.seat,
            role,
            killer: None,
        })
    }));
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use sgs_engine::{Game, GameConfig};

    /// The view without what an `update` sends beside its events (`waiting`, `prompt`) and
    /// without the phase, compared apart.
    fn table(view: &View) -> View {
        View {
            waiting: Vec::new(),
            prompt: None,
            ..view.clone()
        }
    }

    #[test]
    fn tracked_views_match_the_engine_through_whole_games() {
        for seed in 0..40u64 {
            let config = GameConfig::standard(2 + (seed % 7) as u8);
            let mut game = Game::new(config, seed).unwrap();
            game.take_events();
            let seats: Vec<Seat> = (0..game.seat_count()).map(|i| Seat(i as u8)).collect();
            // Every seat and a spectator, each from its own first snapshot.
            let mut viewers: Vec<Option<Seat>> = seats.iter().copied().map(Some).collect();
            viewers.push(None);
            let mut trackers: Vec<Tracker> = viewers
                .iter()
                .map(|v| Tracker::new(sgs_engine::view::view(&game, *v)))
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !game.is_over() && game.action_count() < 5_000 {
                let prompts = game.prompts();
                let prompt = prompts[rng.gen_range(0..prompts.len())].clone();
                let action = sgs_engine::sim::random_action(&prompt, &mut rng);
                let events = game.act(prompt.seat, action).unwrap();
                for (viewer, tracker) in viewers.iter().zip(&mut trackers) {
                    tracker.apply_all(&events.for_viewer(*viewer));
                    let engine = sgs_engine::view::view(&game, *viewer);
                    assert!(!tracker.is_stale(), "seed {seed}");
                    assert_eq!(
                        table(tracker.view()),
                        table(&engine),
                        "seed {seed}, viewer {viewer:?}, after {} actions",
                        game.action_count()
                    );
                }
            }
        }
    }

    #[test]
    fn opening_events_prime_an_agent_like_the_real_ones() {
        let mut game = Game::new(GameConfig::white(5), 3).unwrap();
        let real = game.take_events();
        let seat = Seat(2);
        let rebuilt = opening_events(&game.view(seat));
        let mut a = crate::HeuristicAgent::new(seat);
        let mut b = crate::HeuristicAgent::new(seat);
        use crate::Agent;
        a.observe(&real.for_viewer(Some(seat)));
        b.observe(&rebuilt);
        assert_eq!(a.beliefs().known, b.beliefs().known);
        assert_eq!(a.beliefs().lord, b.beliefs().lord);
        assert_eq!(a.beliefs().hp, b.beliefs().hp);
        assert_eq!(a.beliefs().my_role, b.beliefs().my_role);
    }

    /// An agent rebuilt from the view alone (a restored room, a reconnecting bot) knows who is
    /// dead and what they were.
    #[test]
    fn opening_events_name_the_dead() {
        let mut game = Game::new(GameConfig::default(), 5).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        while !game.is_over() && game.view(Seat(0)).seats.iter().all(|s| s.alive) {
            let prompt = game.prompts()[0].clone();
            let action = sgs_engine::sim::random_action(&prompt, &mut rng);
            game.act(prompt.seat, action).unwrap();
        }
        let view = game.view(Seat(0));
        let dead: Vec<Seat> = view
            .seats
            .iter()
            .filter(|s| !s.alive)
            .map(|s| s.seat)
            .collect();
        assert!(!dead.is_empty());
        let mut beliefs = crate::belief::Beliefs::new(Seat(0));
        for event in opening_events(&view) {
            beliefs.observe(&event);
        }
        for seat in dead {
            assert!(!beliefs.alive[seat.index()], "{seat:?}");
            assert_eq!(beliefs.known[seat.index()], view.seats[seat.index()].role);
        }
    }
}
