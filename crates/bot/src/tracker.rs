//! [`Tracker`]: keeps a seat's [`View`] up to date from the events it receives, the way a
//! remote client must: the protocol sends a full `View` only in a `sync`, and after that the
//! seat's filtered events (`update`). An [`Agent`](crate::Agent) decides from a `View`, so a
//! headless bot folds each event into its last snapshot; every `sync` replaces the snapshot.
//!
//! Pure and I/O-free. The test plays whole games through the engine and checks the tracked view
//! against the engine's own `view` for the seat after every action.

use crate::rules::{GeneralRules, KindRules};
use sgs_engine::view::Waiting;
use sgs_engine::{CardId, CardKind, Event, EventView, Prompt, Role, Seat, UsedCard, View, Zone};

/// A seat's view, kept current from its events.
#[derive(Clone, Debug)]
pub struct Tracker {
    view: View,
    /// The last card used, for the kind a delayed trick counts as when it enters a judgment
    /// area (国色 places a ♦ card as 乐不思蜀).
    last_used: Option<UsedCard>,
}

impl Tracker {
    /// Starts from a snapshot (a `sync`'s view).
    pub fn new(view: View) -> Self {
        Tracker {
            view,
            last_used: None,
        }
    }

    /// The current view.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// Sets who is asked what and the seat's own prompt (an `update` carries them beside its
    /// events: `clocks` and `prompt`).
    pub fn set_pending(&mut self, waiting: Vec<Waiting>, prompt: Option<Prompt>) {
        self.view.waiting = waiting;
        self.view.prompt = prompt;
    }

    /// Folds a batch of events into the view, in order.
    pub fn apply_all(&mut self, events: &[EventView]) {
        for event in events {
            self.apply(event);
        }
    }

    /// Folds one event into the view.
    pub fn apply(&mut self, event: &EventView) {
        use Event as E;
        let view = &mut self.view;
        match event {
            E::GameStarted { .. } | E::SkillInvoked { .. } | E::SuitNamed { .. } => {}
            E::RoleDealt { seat, role } => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    s.role = Some(*role);
                }
            }
            E::GeneralShown {
                seat,
                general,
                hp,
                max_hp,
            } => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    let def = general.general();
                    s.general = *general;
                    s.kingdom = def.kingdom;
                    s.gender = def.gender;
                    s.hp = *hp;
                    s.max_hp = *max_hp;
                }
            }
            E::TurnStarted { seat } => {
                view.current = *seat;
                view.turn_number += 1;
                view.phase = None;
            }
            E::PhaseStarted { seat, phase } | E::PhaseSkipped { seat, phase } => {
                view.current = *seat;
                view.phase = Some(*phase);
            }
            E::TurnEnded { .. } => view.phase = None,
            E::CardsMoved {
                cards, from, to, ..
            } => {
                for (card, from) in cards.iter().zip(from) {
                    let kind = self.take(*card, *from);
                    self.put(*card, *to, kind);
                }
            }
            E::CardUsed { card, .. } | E::CardPlayed { card, .. } => {
                self.last_used = Some(card.clone());
            }
            E::EffectCancelled { .. } | E::Judged { .. } | E::Dying { .. } => {}
            E::Damaged {
                target: seat, hp, ..
            }
            | E::HpLost { seat, hp, .. }
            | E::Recovered { seat, hp, .. } => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    s.hp = *hp;
                }
            }
            E::Died { seat, role, .. } => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    s.alive = false;
                    s.role = Some(*role);
                }
            }
            E::DeckReshuffled { count } => {
                view.discard_pile.clear();
                view.draw_pile = view.draw_pile.saturating_add(*count);
            }
            E::GameOver { outcome } => {
                for (s, role) in view.seats.iter_mut().zip(&outcome.roles) {
                    s.role = Some(*role);
                }
                view.outcome = Some(outcome.clone());
            }
        }
    }

    /// Takes `card` out of `zone`; returns the kind it counted as in a judgment area.
    fn take(&mut self, card: Option<CardId>, zone: Zone) -> Option<CardKind> {
        let view = &mut self.view;
        let remove = |list: &mut Vec<CardId>| {
            if let Some(card) = card {
                list.retain(|c| *c != card);
            }
        };
        match zone {
            Zone::DrawPile => view.draw_pile = view.draw_pile.saturating_sub(1),
            Zone::DiscardPile => remove(&mut view.discard_pile),
            Zone::Processing => remove(&mut view.processing),
            Zone::Hand(seat) => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    s.hand_count = s.hand_count.saturating_sub(1);
                    if let Some(hand) = &mut s.hand {
                        remove(hand);
                    }
                }
            }
            Zone::Equip(seat) => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    remove(&mut s.equip);
                }
            }
            Zone::Judge(seat) => {
                let s = view.seats.get_mut(seat.index())?;
                let card = card?;
                let at = s.judge.iter().position(|(c, _)| *c == card)?;
                return Some(s.judge.remove(at).1);
            }
            Zone::Out => {}
        }
        None
    }

    /// Puts `card` into `zone`; `kind` is what it counted as in the judgment area it left.
    fn put(&mut self, card: Option<CardId>, zone: Zone, kind: Option<CardKind>) {
        let view = &mut self.view;
        match zone {
            Zone::DrawPile => view.draw_pile = view.draw_pile.saturating_add(1),
            Zone::DiscardPile => view.discard_pile.extend(card),
            Zone::Processing => view.processing.extend(card),
            Zone::Hand(seat) => {
                if let Some(s) = view.seats.get_mut(seat.index()) {
                    s.hand_count = s.hand_count.saturating_add(1);
                    if let (Some(hand), Some(card)) = (&mut s.hand, card) {
                        hand.push(card);
                    }
                }
            }
            Zone::Equip(seat) => {
                if let (Some(s), Some(card)) = (view.seats.get_mut(seat.index()), card) {
                    // In slot order, as the engine lists equipment.
                    s.equip.push(card);
                    s.equip
                        .sort_by_key(|c| view.deck.card(*c).kind.slot().map(|s| s.index()));
                }
            }
            Zone::Judge(seat) => {
                if let (Some(s), Some(card)) = (view.seats.get_mut(seat.index()), card) {
                    let kind = kind
                        .or_else(|| {
                            self.last_used
                                .as_ref()
                                .filter(|used| used.cards.contains(&card))
                                .map(|used| used.kind)
                        })
                        .unwrap_or(view.deck.card(card).kind);
                    s.judge.push((card, kind));
                }
            }
            Zone::Out => {}
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
    use sgs_engine::{Game, GameConfig, Phase};

    /// The view without what an `update` sends beside its events (`waiting`, `prompt`) and
    /// without the phase, compared apart.
    fn table(view: &View) -> View {
        View {
            waiting: Vec::new(),
            prompt: None,
            phase: None,
            ..view.clone()
        }
    }

    /// The tracked phase is the last one announced; while triggers run before a phase starts
    /// (克己 deciding to skip the discard phase) the engine already names the coming one.
    fn phase_ok(tracked: Option<Phase>, engine: Option<Phase>) -> bool {
        let index = |p: Phase| Phase::ALL.iter().position(|q| *q == p);
        tracked == engine || engine.is_some_and(|e| tracked.is_none_or(|t| index(t) < index(e)))
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
                    assert!(
                        phase_ok(tracker.view().phase, engine.phase),
                        "seed {seed}: phase {:?}, the engine's {:?}",
                        tracker.view().phase,
                        engine.phase
                    );
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
