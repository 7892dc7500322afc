//! 选将 The 1v1 draft (2013, M-1V1-2/3): twelve generals of the pool, six face up and six face
//! down. 后手 secretly receives face-down #1, #3, #5 and 先手 #2, #4, #6, each seen only by its
//! owner; the six face-up ones are drafted 1-2-2-1 (后手 1, 先手 2, 后手 2, 先手 1), every pick
//! public. Then both players choose their first general at once, secretly; the two are shown
//! together. A game whose general packs hold fewer than twelve generals plays white generals
//! (three each; docs/rulings.md).

use rand::seq::SliceRandom;

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::event::{Event, Known};
use crate::flow::lineup::Lineups;
use crate::game::Game;
use crate::ids::GeneralId;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

pub const KIND: u8 = 1;

/// Generals drawn for the draft.
pub const DRAWN: usize = 12;

/// No pick yet.
const NONE: u32 = u32::MAX;

/// Every 1v1 game opens with the draft.
pub fn opening(_: &Game) -> Option<ModeFrame> {
    Some(ModeFrame::new(KIND))
}

/// A choice among `generals`.
pub(crate) fn prompt(seat: Seat, generals: &[GeneralId]) -> Prompt {
    let actions = generals
        .iter()
        .map(|general| Action::General { general: *general })
        .collect();
    Prompt::new(seat, PromptKind::ChooseGeneral, Choices::actions(actions))
}

pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.step {
        0 => deal(frame, game),
        1 => {
            let Some(&seat) = frame.seats.first() else {
                frame.step = 3;
                return Step::Again;
            };
            frame.step = 2;
            Step::ask(prompt(seat, &game.lineups.pool))
        }
        2 => {
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
            frame.step = 1;
            Step::Again
        }
        3 => {
            frame.step = 4;
            frame.numbers = vec![NONE; game.seat_count()];
            let prompts = (0..game.seat_count())
                .map(|i| prompt(Seat(i as u8), game.lineups.reserve(Seat(i as u8))))
                .collect();
            Step::Ask(prompts)
        }
        _ => {
            if let Some((seat, Action::General { general })) = game.take_answer() {
                let at = game
                    .lineups
                    .reserve(seat)
                    .iter()
                    .position(|g| *g == general);
                if let (Some(at), Some(slot)) = (at, frame.numbers.get_mut(seat.index())) {
                    *slot = at as u32;
                }
            }
            if !game.prompts.is_empty() {
                return Step::Wait;
            }
            // Both have chosen: shown together, 先手 first.
            for seat in game.order_from(super::first(game)) {
                let at = frame.numbers.get(seat.index()).copied().unwrap_or(NONE);
                let general = game.lineups.reserve(seat).get(at as usize).copied();
                if let Some(general) = general {
                    game.bring_out(seat, general);
                }
            }
            Step::Done
        }
    }
}

/// Draws the twelve: the face-down ones to their owners, the face-up ones to draft.
fn deal(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let seats = game.seat_count();
    game.lineups = Lineups::new(seats);
    let mut pool: Vec<GeneralId> = game
        .general_pool
        .iter()
        .copied()
        .filter(|g| super::POOL.contains(g))
        .collect();
    if pool.len() < DRAWN {
        // Fill in from the packs' other generals.
        let others: Vec<GeneralId> = game
            .general_pool
            .iter()
            .copied()
            .filter(|g| !pool.contains(g))
            .collect();
        pool.extend(others);
    }
    let (first, second) = (super::first(game), super::second(game));
    if pool.len() < DRAWN {
        // Too few generals: three white generals each.
        let white = game.registry.white.id;
        for seat in [first, second] {
            game.lineups.reserve[seat.index()] = vec![white; usize::from(super::LIVES) - 1];
        }
        return Step::Done;
    }
    pool.shuffle(&mut game.rng);
    pool.truncate(DRAWN);
    let face_down = pool.split_off(DRAWN / 2);
    for (i, general) in face_down.into_iter().enumerate() {
        let seat = if i % 2 == 0 { second } else { first };
        game.lineups.reserve[seat.index()].push(general);
        game.emit(Event::GeneralPicked {
            seat,
            general,
            to: Known::Seats(vec![seat]),
        });
    }
    game.emit(Event::DraftPool {
        generals: pool.clone(),
    });
    game.lineups.pool = pool;
    // 1-2-2-1 from 后手.
    frame.seats = vec![second, first, first, second, second, first];
    frame.step = 1;
    Step::Again
}
