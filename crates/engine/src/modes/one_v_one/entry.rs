//! 登场 The next general enters (M-1V1-5): the player picks it from its reserve (a single one is
//! taken at once); the seat is revived with its full HP, face up and unchained, and draws its
//! starting hand (M-1V1-4).

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::game::Game;
use crate::resolve::Step;
use crate::seat::Seat;

pub const KIND: u8 = 2;

/// The entry of `seat`'s next general.
pub fn frame(seat: Seat) -> ModeFrame {
    ModeFrame {
        seats: vec![seat],
        ..ModeFrame::new(KIND)
    }
}

pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let Some(&seat) = frame.seats.first() else {
        return Step::Done;
    };
    if frame.step == 0 {
        let reserve = game.lineups.reserve(seat).to_vec();
        let Some(&only) = reserve.first() else {
            return Step::Done;
        };
        if reserve.iter().all(|g| *g == only) {
            enter(game, seat, only);
            return Step::Done;
        }
        frame.step = 1;
        return Step::ask(super::draft::prompt(seat, &reserve));
    }
    if let Some((_, Action::General { general })) = game.take_answer() {
        if game.lineups.reserve(seat).contains(&general) {
            enter(game, seat, general);
        }
    }
    Step::Done
}

fn enter(game: &mut Game, seat: Seat, general: crate::ids::GeneralId) {
    game.bring_out(seat, general);
    if let Some(n) = game.lineups.entered.get_mut(seat.index()) {
        *n += 1;
    }
    let hand = super::starting_hand(game, seat);
    game.draw(seat, usize::from(hand));
}
