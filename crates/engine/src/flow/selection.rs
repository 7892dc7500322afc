//! 选将 General selection, before the starting hands are dealt (`timing-rulings.md` A.3): the
//! procedure, parametrized by the mode's [`SelectionPlan`].
//!
//! A seat may pick first and openly (identity: the lord), offered the lord generals of the pool
//! not fixed elsewhere plus `first_extra` random others, and shows the general at once. Every
//! other general of the game's pool (the first seat's unpicked offers included) is then shuffled,
//! and each other choosing seat is offered `per_seat` of them, no general offered twice; they all
//! pick at once, in any order, and the picks are shown together when the last seat has picked.
//! Until then a seat plays the white general. Seats with a general fixed by the config take no
//! part.
//!
//! What a seat is offered is in its prompt's choices only; `PromptKind::ChooseGeneral` names
//! nothing, since every seat sees who is being asked what.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::event::{Event, Known};
use crate::game::Game;
use crate::ids::GeneralId;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::{Role, Seat};

/// How a mode has its generals chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectionPlan {
    /// The seat that picks first and openly, if any.
    pub first: Option<Seat>,
    /// How many random generals the first seat is offered besides the lord generals.
    pub first_extra: u8,
    /// How many generals each other choosing seat is offered.
    pub per_seat: u8,
    /// Seats of this role pick with the others but are offered this many more (斗地主: the
    /// landlord, two more). Read when the offers are made: after any opening procedure.
    pub bonus: Option<(Role, u8)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Lord,
    LordPicked,
    Others,
    OthersPicking,
}

/// The selection in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectionFrame {
    /// The seats that choose, in seat order.
    choosing: Vec<Seat>,
    /// Generals no longer available: fixed by the config, or picked by the first seat.
    taken: Vec<GeneralId>,
    /// The seat that picks first.
    #[serde(default)]
    first: Option<Seat>,
    lord_extra: u8,
    per_seat: u8,
    #[serde(default)]
    bonus: Option<(Role, u8)>,
    /// The other seats' picks so far, hidden until all have picked.
    picks: Vec<(Seat, GeneralId)>,
    /// What each of the other seats was offered (a partner sees it, 2v2).
    #[serde(default)]
    offers: Vec<(Seat, Vec<GeneralId>)>,
    stage: Stage,
}

impl SelectionFrame {
    /// The selection `plan` describes, for the `choosing` seats, with the `taken` generals out.
    pub(crate) fn new(plan: SelectionPlan, choosing: Vec<Seat>, taken: Vec<GeneralId>) -> Self {
        SelectionFrame {
            choosing,
            taken,
            first: plan.first,
            lord_extra: plan.first_extra,
            per_seat: plan.per_seat,
            bonus: plan.bonus,
            picks: Vec::new(),
            offers: Vec::new(),
            stage: Stage::Lord,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        match self.stage {
            Stage::Lord => self.offer_to_first(game),
            Stage::LordPicked => {
                if let (Some(first), Some((_, Action::General { general }))) =
                    (self.first, game.take_answer())
                {
                    self.taken.push(general);
                    take_general(game, first, general);
                }
                self.stage = Stage::Others;
                Step::Again
            }
            Stage::Others => self.offer_to_others(game),
            Stage::OthersPicking => {
                if let Some((seat, Action::General { general })) = game.take_answer() {
                    self.picks.push((seat, general));
                    // A partner sees the pick at once (2v2, M-2V2-2).
                    if let Some(partner) = (game.mode.partner)(game, seat) {
                        game.emit(Event::GeneralPicked {
                            seat,
                            general,
                            to: Known::Seats(vec![partner]),
                        });
                    }
                }
                if !game.prompts.is_empty() {
                    return Step::Wait;
                }
                // Everyone has picked: shown together, in seat order from the first seat.
                let from = self.first.unwrap_or(game.turn.seat);
                for seat in game.order_from(from) {
                    if let Some(&(_, general)) = self.picks.iter().find(|(s, _)| *s == seat) {
                        take_general(game, seat, general);
                    }
                }
                Step::Done
            }
        }
    }

    /// The offer (and pick) of the seat whose partner `viewer` is, while the seats pick.
    pub(crate) fn offer_seen_by(
        &self,
        game: &Game,
        viewer: Seat,
    ) -> Option<crate::view::PartnerOffer> {
        let (seat, generals) = self
            .offers
            .iter()
            .find(|(seat, _)| (game.mode.partner)(game, *seat) == Some(viewer))?;
        Some(crate::view::PartnerOffer {
            seat: *seat,
            generals: generals.clone(),
            picked: self
                .picks
                .iter()
                .find(|(s, _)| s == seat)
                .map(|(_, general)| *general),
        })
    }

    /// The lord generals of the pool not taken, then `lord_extra` random others.
    fn offer_to_first(&mut self, game: &mut Game) -> Step {
        self.stage = Stage::Others;
        let Some(first) = self.first.filter(|s| self.choosing.contains(s)) else {
            return Step::Again;
        };
        let available: Vec<GeneralId> = game
            .general_pool
            .iter()
            .copied()
            .filter(|g| !self.taken.contains(g))
            .collect();
        let mut offer: Vec<GeneralId> = available
            .iter()
            .copied()
            .filter(|g| game.general(*g).lord_candidate)
            .collect();
        let mut others: Vec<GeneralId> = available
            .iter()
            .copied()
            .filter(|g| !game.general(*g).lord_candidate)
            .collect();
        others.shuffle(&mut game.rng);
        offer.extend(others.into_iter().take(self.lord_extra as usize));
        if offer.is_empty() {
            return Step::Again;
        }
        self.stage = Stage::LordPicked;
        Step::ask(prompt(first, &offer))
    }

    /// The rest shuffled, `per_seat` each (fewer if they run short), all asked at once.
    fn offer_to_others(&mut self, game: &mut Game) -> Step {
        let from = self.first.unwrap_or(game.turn.seat);
        let seats: Vec<Seat> = game
            .order_from(from)
            .into_iter()
            .filter(|s| Some(*s) != self.first && self.choosing.contains(s))
            .collect();
        if seats.is_empty() {
            return Step::Done;
        }
        let mut pool: Vec<GeneralId> = game
            .general_pool
            .iter()
            .copied()
            .filter(|id| !self.taken.contains(id))
            .collect();
        pool.shuffle(&mut game.rng);
        let bonus: Vec<usize> = seats
            .iter()
            .map(|seat| match self.bonus {
                Some((role, n)) if game.role(*seat) == role => n as usize,
                _ => 0,
            })
            .collect();
        let wanted: usize = self.per_seat as usize * seats.len() + bonus.iter().sum::<usize>();
        // Fewer each if the pool runs short (the bonus shrinks with them).
        let enough = wanted <= pool.len();
        let each = if enough {
            self.per_seat as usize
        } else {
            (self.per_seat as usize).min(pool.len() / seats.len())
        };
        if each == 0 {
            return Step::Done;
        }
        self.stage = Stage::OthersPicking;
        let mut rest = pool.as_slice();
        let mut prompts = Vec::with_capacity(seats.len());
        for (seat, bonus) in seats.iter().zip(bonus) {
            let n = if enough { each + bonus } else { each };
            let (offer, after) = rest.split_at(n.min(rest.len()));
            rest = after;
            prompts.push(prompt(*seat, offer));
            // A partner sees the offer (2v2, M-2V2-2).
            if let Some(partner) = (game.mode.partner)(game, *seat) {
                self.offers.push((*seat, offer.to_vec()));
                game.emit(Event::GeneralsOffered {
                    seat: *seat,
                    generals: offer.to_vec(),
                    to: Known::Seats(vec![partner]),
                });
            }
        }
        Step::Ask(prompts)
    }
}

fn prompt(seat: Seat, offer: &[GeneralId]) -> Prompt {
    let actions = offer
        .iter()
        .map(|general| Action::General { general: *general })
        .collect();
    Prompt::new(seat, PromptKind::ChooseGeneral, Choices::actions(actions))
}

/// `seat` plays `general` from now on (max HP as the mode gives it) and shows it.
pub(crate) fn take_general(game: &mut Game, seat: Seat, general: GeneralId) {
    let role: Role = game.role(seat);
    let (players, options) = (game.seat_count(), game.mode_options());
    let mode_max_hp = |hp, role| (game.mode.max_hp)(hp, role, players, options);
    let state = crate::setup::seat_state(
        game.registry,
        game.mode,
        options,
        &mode_max_hp,
        general,
        role,
        None,
        None,
    );
    let (hp, max_hp) = (state.hp, state.max_hp);
    game.seats[seat.index()] = state;
    game.emit(Event::GeneralShown {
        seat,
        general,
        hp,
        max_hp,
    });
    crate::setup::announce_role_skills(game, seat);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::GameConfig;
    use crate::event::Event;
    use crate::seat::Role;

    fn offers(game: &Game, seat: Seat) -> Vec<GeneralId> {
        let Some(prompt) = game.prompt_for(seat) else {
            return Vec::new();
        };
        assert_eq!(prompt.kind, PromptKind::ChooseGeneral);
        prompt
            .legal_actions(64)
            .into_iter()
            .filter_map(|a| match a {
                Action::General { general } => Some(general),
                _ => None,
            })
            .collect()
    }

    fn pick(game: &mut Game, seat: Seat, general: GeneralId) -> Vec<Event> {
        match game.act(seat, Action::General { general }) {
            Ok(events) => events.0,
            Err(e) => panic!("{seat} cannot pick {general:?}: {e}"),
        }
    }

    fn shown(events: &[Event]) -> Vec<(Seat, GeneralId, i8)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::GeneralShown {
                    seat, general, hp, ..
                } => Some((*seat, *general, *hp)),
                _ => None,
            })
            .collect()
    }

    fn config(players: u8) -> GameConfig {
        GameConfig {
            players,
            ..GameConfig::default()
        }
    }

    #[test]
    fn the_lord_picks_first_and_openly_then_the_others_at_once() {
        let mut game = Game::new(config(5), 3).unwrap();
        let opening = game.take_events().0;
        assert!(shown(&opening).is_empty(), "nobody has a general yet");
        let lord = game.lord();
        assert_eq!(game.prompts().len(), 1);
        let offer = offers(&game, lord);
        assert_eq!(offer.len(), 5);
        assert_eq!(
            &offer[..3],
            &[GeneralId::Caocao, GeneralId::Liubei, GeneralId::Sunquan]
        );
        assert!(game.hand(lord).is_empty(), "no cards before the generals");

        let events = pick(&mut game, lord, GeneralId::Liubei);
        assert_eq!(shown(&events), vec![(lord, GeneralId::Liubei, 5)]);
        assert_eq!(game.seat(lord).max_hp, 5, "lord +1 with five seats");

        let others: Vec<Seat> = game.order_from(lord).into_iter().skip(1).collect();
        assert_eq!(game.prompts().len(), 4);
        let mut all = Vec::new();
        for seat in &others {
            let offer = offers(&game, *seat);
            assert_eq!(offer.len(), 3);
            all.extend(offer);
        }
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 12, "no general offered twice");
        assert!(!all.contains(&GeneralId::Liubei));

        // Picks stay hidden until the last one, whatever the order.
        for seat in others.iter().rev().take(3) {
            let first = offers(&game, *seat)[0];
            let events = pick(&mut game, *seat, first);
            assert!(shown(&events).is_empty());
            assert_eq!(game.seat(*seat).general, GeneralId::White);
        }
        let last = others[0];
        let choice = offers(&game, last)[1];
        let events = pick(&mut game, last, choice);
        let revealed = shown(&events);
        assert_eq!(revealed.len(), 4);
        assert_eq!(revealed.iter().map(|r| r.0).collect::<Vec<_>>(), others);
        assert_eq!(game.seat(last).general, choice);
        // Then the starting hands, and the lord's first turn.
        for seat in game.order_from(lord) {
            assert!(game.hand(seat).len() >= 4);
        }
        assert!(game.prompt_for(lord).is_some_and(|p| p.is_play()));
    }

    #[test]
    fn no_seat_learns_another_seats_options() {
        let mut game = Game::new(config(6), 11).unwrap();
        let mut log = game.take_events().0;
        let lord = game.lord();
        let lord_offer = offers(&game, lord);
        let wire = |g: &GeneralId| serde_json::to_string(g).unwrap();
        let leaks = |game: &Game, log: &[Event], viewer: Seat, secret: &[GeneralId]| {
            let view = serde_json::to_string(&game.view(viewer)).unwrap();
            let events =
                serde_json::to_string(&crate::game::Events(log.to_vec()).for_viewer(Some(viewer)))
                    .unwrap();
            secret
                .iter()
                .any(|g| view.contains(&wire(g)) || events.contains(&wire(g)))
        };
        for seat in game.order_from(lord).into_iter().skip(1) {
            assert!(!leaks(&game, &log, seat, &lord_offer));
        }
        log.extend(pick(&mut game, lord, lord_offer[3]));
        let seats: Vec<Seat> = game.order_from(lord).into_iter().skip(1).collect();
        let secret: Vec<(Seat, Vec<GeneralId>)> =
            seats.iter().map(|s| (*s, offers(&game, *s))).collect();
        // One seat has picked: still nobody else knows its options or its pick.
        log.extend(pick(&mut game, seats[0], secret[0].1[0]));
        for viewer in game.order_from(lord) {
            for (seat, offer) in &secret {
                if *seat != viewer {
                    assert!(
                        !leaks(&game, &log, viewer, offer),
                        "{viewer} learns {seat}'s options"
                    );
                }
            }
        }
        let spectator = serde_json::to_string(&game.view_spectator()).unwrap();
        assert!(!secret
            .iter()
            .any(|(_, offer)| offer.iter().any(|g| spectator.contains(&wire(g)))));
    }

    #[test]
    fn ten_players_are_offered_two_each() {
        let mut game = Game::new(config(10), 1).unwrap();
        let lord = game.lord();
        let first = offers(&game, lord)[0];
        pick(&mut game, lord, first);
        assert_eq!(game.prompts().len(), 9);
        assert!(game
            .prompts()
            .iter()
            .all(|p| offers(&game, p.seat).len() == 2));
    }

    #[test]
    fn fixed_generals_are_not_offered_and_do_not_choose() {
        let mut all_fixed = config(4);
        all_fixed.seat_generals = vec![
            Some(GeneralId::Zhangfei),
            Some(GeneralId::Guanyu),
            Some(GeneralId::Liubei),
            Some(GeneralId::Lvbu),
        ];
        let game = Game::new(all_fixed, 5).unwrap();
        assert!(game.prompts().iter().all(|p| p.is_play()));
        assert_eq!(game.seat(Seat(0)).general, GeneralId::Zhangfei);

        // Seat 0 fixed, the others choose; 刘备 is not offered to anyone.
        let mut partly = config(4);
        partly.seat_generals = vec![Some(GeneralId::Liubei)];
        for seed in 0..8 {
            let mut game = Game::new(partly.clone(), seed).unwrap();
            let lord = game.lord();
            if lord != Seat(0) {
                let offer = offers(&game, lord);
                assert_eq!(&offer[..2], &[GeneralId::Caocao, GeneralId::Sunquan]);
                pick(&mut game, lord, offer[0]);
            }
            assert!(game.prompt_for(Seat(0)).is_none());
            for p in game.prompts() {
                assert!(!offers(&game, p.seat).contains(&GeneralId::Liubei));
            }
        }
    }

    #[test]
    fn the_lord_bonus_needs_five_seats() {
        let mut game = Game::new(config(4), 2).unwrap();
        let lord = game.lord();
        assert_eq!(game.role(lord), Role::Lord);
        pick(&mut game, lord, GeneralId::Sunquan);
        assert_eq!((game.hp(lord), game.seat(lord).max_hp), (4, 4));
    }

    #[test]
    fn the_answer_order_does_not_change_the_game() {
        let run = |reverse: bool| {
            let mut game = Game::new(config(7), 9).unwrap();
            let lord = game.lord();
            let first = offers(&game, lord)[2];
            pick(&mut game, lord, first);
            let mut seats: Vec<Seat> = game.prompts().iter().map(|p| p.seat).collect();
            if reverse {
                seats.reverse();
            }
            for seat in seats {
                let choice = *offers(&game, seat).last().unwrap();
                pick(&mut game, seat, choice);
            }
            let generals: Vec<GeneralId> = (0..7).map(|i| game.seat(Seat(i)).general).collect();
            (generals, game.hash())
        };
        assert_eq!(run(false), run(true));
    }

    #[test]
    fn random_play_with_the_default_config() {
        for players in [2u8, 4, 5, 8, 10] {
            for seed in 0..4 {
                let game = crate::sim::play_random(config(players), seed, 50_000, |g, _, _| {
                    if let Err(e) = g.table().check_conservation() {
                        panic!("{e}");
                    }
                })
                .unwrap();
                assert!(game.is_over(), "{players} seats, seed {seed}");
                assert!((0..players).all(|i| game.seat(Seat(i)).general != GeneralId::White));
            }
        }
    }
}
