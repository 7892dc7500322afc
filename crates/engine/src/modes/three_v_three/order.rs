//! 行动顺序 The 3v3 turn order (M-3V3-7): before the first round the cool marshal chooses which
//! camp acts first. A round is up to four action units, the camps alternating from the first
//! camp. In a unit a camp's marshal chooses who acts among its living characters that have not
//! acted this round: itself, or one vanguard followed at once by the other (if both are yet to
//! act). A camp with nobody left to act gives its unit up; when every living character has
//! acted (taken or skipped its turn), a new round begins with the first camp.
//!
//! What it keeps (`Game::mode_counters`): the seats that have acted this round (a bit each),
//! the vanguard whose turn follows at once (seat + 1, or 0), the camp whose unit is next, and
//! the first camp (0 until chosen).

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::event::Camp;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

use super::{enemy, marshal, seats_of};

pub const KIND: u8 = 2;

const ACTED: usize = 0;
const FOLLOWING: usize = 1;
const NEXT_CAMP: usize = 2;
const FIRST_CAMP: usize = 3;

/// A marshal's answers: it acts itself, or the vanguards do (the left one first, or the right
/// one first).
pub const MARSHAL: u8 = 0;
pub const LEFT_FIRST: u8 = 1;
pub const RIGHT_FIRST: u8 = 2;

/// The procedure that names the next turn.
pub fn frame(_: &Game) -> ModeFrame {
    ModeFrame::new(KIND)
}

fn code(camp: Camp) -> u32 {
    if camp == Camp::Warm {
        1
    } else {
        2
    }
}

fn camp(code: u32) -> Camp {
    if code == 1 {
        Camp::Warm
    } else {
        Camp::Cool
    }
}

fn counter(game: &Game, i: usize) -> u32 {
    game.mode_counters.get(i).copied().unwrap_or(0)
}

fn set(game: &mut Game, i: usize, value: u32) {
    if game.mode_counters.len() <= i {
        game.mode_counters.resize(i + 1, 0);
    }
    game.mode_counters[i] = value;
}

fn acted(game: &Game, seat: Seat) -> bool {
    counter(game, ACTED) & (1 << seat.0) != 0
}

/// `seat` takes the next turn (it has acted this round).
fn next(game: &mut Game, seat: Seat, new_round: bool) -> Step {
    let mask = counter(game, ACTED) | (1 << seat.0);
    set(game, ACTED, mask);
    game.set_next_turn(seat, new_round);
    Step::Done
}

/// `camp`'s living characters yet to act this round (vanguard, marshal, vanguard order).
fn waiting(game: &Game, camp: Camp) -> Vec<Seat> {
    seats_of(camp)
        .into_iter()
        .filter(|s| game.is_alive(*s) && !acted(game, *s))
        .collect()
}

pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.step {
        0 if counter(game, FIRST_CAMP) == 0 => {
            frame.step = 1;
            super::draft::ask_first(marshal(Camp::Cool))
        }
        1 => {
            let first = super::draft::first_camp(game);
            set(game, FIRST_CAMP, code(first));
            set(game, NEXT_CAMP, code(first));
            // The first unit of the game begins the first round.
            frame.numbers = vec![1];
            frame.step = 2;
            Step::Again
        }
        0 | 2 => unit(frame, game),
        _ => {
            let new_round = frame.numbers.first() == Some(&1);
            let choices: Vec<Seat> = frame.seats.clone();
            let answer = match game.take_answer() {
                Some((_, Action::Option { index })) => index,
                _ => MARSHAL,
            };
            match (answer, &choices[..]) {
                (LEFT_FIRST, [.., a, b]) | (RIGHT_FIRST, [.., b, a]) => {
                    set(game, FOLLOWING, u32::from(b.0) + 1);
                    next(game, *a, new_round)
                }
                _ => {
                    let m = choices.first().copied().unwrap_or(Seat(0));
                    next(game, m, new_round)
                }
            }
        }
    }
}

/// The next action unit (or the vanguard who follows at once).
fn unit(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let mut new_round = frame.numbers.first() == Some(&1);
    let following = counter(game, FOLLOWING);
    if following > 0 {
        set(game, FOLLOWING, 0);
        let seat = Seat((following - 1) as u8);
        if game.is_alive(seat) && !acted(game, seat) {
            return next(game, seat, false);
        }
    }
    let mut camp_now = camp(counter(game, NEXT_CAMP));
    let mut who = waiting(game, camp_now);
    if who.is_empty() {
        camp_now = enemy(camp_now);
        who = waiting(game, camp_now);
    }
    if who.is_empty() {
        // Everyone has acted: a new round, from the first camp.
        set(game, ACTED, 0);
        new_round = true;
        camp_now = camp(counter(game, FIRST_CAMP));
        who = waiting(game, camp_now);
        if who.is_empty() {
            camp_now = enemy(camp_now);
            who = waiting(game, camp_now);
        }
    }
    set(game, NEXT_CAMP, code(enemy(camp_now)));
    let m = marshal(camp_now);
    let vanguards: Vec<Seat> = who.iter().copied().filter(|s| *s != m).collect();
    match (&who[..], &vanguards[..]) {
        ([], _) => Step::Done,
        ([only], _) => next(game, *only, new_round),
        (_, [a, b]) => {
            // The marshal chooses: itself (if it is yet to act), or the vanguards in an order.
            let mut actions = Vec::new();
            if who.contains(&m) {
                actions.push(Action::Option { index: MARSHAL });
            }
            actions.push(Action::Option { index: LEFT_FIRST });
            actions.push(Action::Option { index: RIGHT_FIRST });
            frame.seats = vec![m, *a, *b];
            frame.numbers = vec![u32::from(new_round)];
            frame.step = 3;
            Step::ask(Prompt::new(
                m,
                PromptKind::Choose {
                    cause: Cause::Order,
                },
                Choices::actions(actions),
            ))
        }
        // The marshal and one vanguard: the marshal chooses which acts now.
        (_, [v]) => {
            frame.seats = vec![m, *v, *v];
            frame.numbers = vec![u32::from(new_round)];
            frame.step = 3;
            Step::ask(Prompt::new(
                m,
                PromptKind::Choose {
                    cause: Cause::Order,
                },
                Choices::actions(vec![
                    Action::Option { index: MARSHAL },
                    Action::Option { index: LEFT_FIRST },
                ]),
            ))
        }
        _ => next(game, who[0], new_round),
    }
}
