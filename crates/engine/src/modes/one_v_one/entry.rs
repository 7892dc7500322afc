//! 登场 The next general enters (M-1V1-5): the player picks it from its reserve (a single one is
//! taken at once); the seat is revived with its full HP, face up and unchained, a god chooses its
//! kingdom (W-MECH-GOD-1), and it draws its starting hand (M-1V1-4).

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::flow::kingdoms;
use crate::game::Game;
use crate::ids::GeneralId;
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
            return enter(frame, game, seat, only);
        }
        frame.step = 1;
        return Step::ask(super::draft::prompt(seat, &reserve));
    }
    if frame.step == 2 {
        kingdoms::take_answer(game);
        draw_starting_hand(game, seat);
        return Step::Done;
    }
    match game.take_answer() {
        Some((_, Action::General { general })) if game.lineups.reserve(seat).contains(&general) => {
            enter(frame, game, seat, general)
        }
        _ => Step::Done,
    }
}

fn enter(frame: &mut ModeFrame, game: &mut Game, seat: Seat, general: GeneralId) -> Step {
    game.bring_out(seat, general);
    if let Some(n) = game.lineups.entered.get_mut(seat.index()) {
        *n += 1;
    }
    // 神 An entering god chooses its kingdom before it draws.
    if kingdoms::must_choose(game, seat) {
        frame.step = 2;
        return Step::ask(kingdoms::prompt(seat));
    }
    draw_starting_hand(game, seat);
    Step::Done
}

fn draw_starting_hand(game: &mut Game, seat: Seat) {
    let hand = super::starting_hand(game, seat);
    game.draw(seat, usize::from(hand));
}
