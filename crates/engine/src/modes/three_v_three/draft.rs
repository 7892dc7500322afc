//! 选将 The 3v3 draft (2013, M-3V3-5): sixteen generals of the pool are shown face up. The warm
//! marshal chooses which camp picks first; the marshals then pick 1-2-2-2-2-2-2-2-1 (the first
//! camp one, then two each in turn, the first camp the last one), every pick public, eight each.
//! Each marshal then secretly assigns three of its eight to its seats (left vanguard, itself,
//! right vanguard), both at once; the six are shown together. A game whose general packs hold
//! fewer than sixteen generals plays white generals (docs/rulings.md).

use rand::seq::SliceRandom;

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::event::{Camp, Event, Known};
use crate::flow::lineup::Lineups;
use crate::game::Game;
use crate::ids::GeneralId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

use super::{enemy, marshal, seats_of};

pub const KIND: u8 = 1;

/// Generals shown for the draft.
pub const SHOWN: usize = 16;

/// The answers to "which camp first": the warm camp, or the cool camp (numbered after a
/// marshal's answers in a unit, `order.rs`, so an answer names one thing).
pub const WARM_FIRST: u8 = 3;
pub const COOL_FIRST: u8 = 4;

const NONE: u32 = u32::MAX;

/// Every 3v3 game opens with the draft.
pub fn opening(_: &Game) -> Option<ModeFrame> {
    Some(ModeFrame::new(KIND))
}

/// `seat` chooses which camp goes first.
pub(crate) fn ask_first(seat: Seat) -> Step {
    Step::ask(Prompt::new(
        seat,
        PromptKind::Choose {
            cause: Cause::Order,
        },
        Choices::actions(vec![
            Action::Option { index: WARM_FIRST },
            Action::Option { index: COOL_FIRST },
        ]),
    ))
}

/// The camp the answer to [`ask_first`] names (warm if none).
pub(crate) fn first_camp(game: &mut Game) -> Camp {
    match game.take_answer() {
        Some((_, Action::Option { index: COOL_FIRST })) => Camp::Cool,
        _ => Camp::Warm,
    }
}

pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.step {
        0 => show(frame, game),
        1 => {
            let first = first_camp(game);
            let (a, b) = (marshal(first), marshal(enemy(first)));
            // 1-2-2-2-2-2-2-2-1.
            frame.seats = vec![a, b, b, a, a, b, b, a, a, b, b, a, a, b, b, a];
            frame.step = 2;
            Step::Again
        }
        2 => {
            let Some(&seat) = frame.seats.first() else {
                frame.step = 4;
                return Step::Again;
            };
            frame.step = 3;
            Step::ask(crate::modes::one_v_one::draft::prompt(
                seat,
                &game.lineups.pool,
            ))
        }
        3 => {
            if let Some((seat, Action::General { general })) = game.take_answer() {
                if let Some(i) = game.lineups.pool.iter().position(|g| *g == general) {
                    game.lineups.pool.remove(i);
                    game.lineups.reserve[seat.index()].push(general);
                    game.lineups.open.push(general);
                    game.emit(Event::GeneralPicked {
                        seat,
                        general,
                        to: Known::All,
                    });
                }
            }
            if !frame.seats.is_empty() {
                frame.seats.remove(0);
            }
            frame.step = 2;
            Step::Again
        }
        4 => {
            frame.numbers = vec![NONE; game.seat_count()];
            frame.step = 5;
            Step::Again
        }
        5 => assign(frame, game),
        _ => {
            if let Some((seat, Action::General { general })) = game.take_answer() {
                let camp = super::camp_of(seat);
                let at = game
                    .lineups
                    .reserve(seat)
                    .iter()
                    .position(|g| *g == general);
                if let (Some(at), Some(to)) = (at, next_unassigned(frame, camp)) {
                    frame.numbers[to.index()] = at as u32;
                }
            }
            // Ask again at once: the other marshal's prompt is replaced, not left standing.
            assign(frame, game)
        }
    }
}

/// Asks each marshal with seats left to assign for the next one; when none is left, shows the
/// six.
fn assign(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let prompts: Vec<Prompt> = [Camp::Cool, Camp::Warm]
        .into_iter()
        .filter_map(|camp| {
            let m = marshal(camp);
            next_unassigned(frame, camp)?;
            let left: Vec<GeneralId> = game
                .lineups
                .reserve(m)
                .iter()
                .enumerate()
                .filter(|(i, _)| !assigned_by(frame, camp, *i))
                .map(|(_, g)| *g)
                .collect();
            Some(crate::modes::one_v_one::draft::prompt(m, &left))
        })
        .collect();
    if prompts.is_empty() {
        reveal(frame, game);
        return Step::Done;
    }
    frame.step = 6;
    Step::Ask(prompts)
}

/// Is the `i`th of `camp`'s generals assigned to one of its seats?
fn assigned_by(frame: &ModeFrame, camp: Camp, i: usize) -> bool {
    seats_of(camp)
        .iter()
        .any(|s| frame.numbers.get(s.index()) == Some(&(i as u32)))
}

/// The next of `camp`'s seats to assign: left vanguard, marshal, right vanguard.
fn next_unassigned(frame: &ModeFrame, camp: Camp) -> Option<Seat> {
    seats_of(camp)
        .into_iter()
        .find(|s| frame.numbers.get(s.index()) == Some(&NONE))
}

/// The sixteen are shown; the warm marshal is asked which camp picks first.
fn show(frame: &mut ModeFrame, game: &mut Game) -> Step {
    game.lineups = Lineups::new(game.seat_count());
    let mut pool: Vec<GeneralId> = game
        .general_pool
        .iter()
        .copied()
        .filter(|g| super::POOL.contains(g))
        .collect();
    pool.shuffle(&mut game.rng);
    if pool.len() < SHOWN {
        let mut others: Vec<GeneralId> = game
            .general_pool
            .iter()
            .copied()
            .filter(|g| !pool.contains(g))
            .collect();
        others.shuffle(&mut game.rng);
        pool.extend(others);
    }
    if pool.len() < SHOWN {
        // Too few generals: everyone plays the white general.
        return Step::Done;
    }
    pool.truncate(SHOWN);
    game.emit(Event::DraftPool {
        generals: pool.clone(),
    });
    game.lineups.pool = pool;
    frame.step = 1;
    ask_first(marshal(Camp::Warm))
}

/// The six assigned generals are shown together; the unused ones stay in their marshal's
/// reserve, set aside.
fn reveal(frame: &ModeFrame, game: &mut Game) {
    let mut chosen = Vec::new();
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        let m = marshal(super::camp_of(seat));
        let at = frame.numbers.get(i).copied().unwrap_or(NONE);
        if let Some(general) = game.lineups.reserve(m).get(at as usize).copied() {
            chosen.push((seat, m, general));
        }
    }
    for (_, m, general) in &chosen {
        game.lineups.reserve[m.index()].retain(|g| g != general);
    }
    for (seat, _, general) in chosen {
        crate::flow::selection::take_general(game, seat, general);
    }
}
