//! 神 A god general's kingdom (W-MECH-GOD-1): printed 神, it chooses one of the four kingdoms
//! and plays for it from then on — at the start of the game (the game loop, before the starting
//! hands) and when it enters later (1v1's next general, M-1V1-5, before it draws). Owns the
//! prompt and its answer; never decides for a seat.

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::seat::{Kingdom, Seat};

/// Does `seat` still have to choose its kingdom (its general is printed 神)?
pub(crate) fn must_choose(game: &Game, seat: Seat) -> bool {
    game.seat(seat).kingdom == Kingdom::God
}

/// The question to `seat`: one option per kingdom of [`Kingdom::CHOOSABLE`].
pub(crate) fn prompt(seat: Seat) -> Prompt {
    let options = (0..Kingdom::CHOOSABLE.len() as u8)
        .map(|index| Action::Option { index })
        .collect();
    Prompt::new(seat, PromptKind::ChooseKingdom, Choices::actions(options))
}

/// Takes the answer to a [`prompt`], if it is one, and gives the seat its kingdom (public).
pub(crate) fn take_answer(game: &mut Game) {
    if let Some((seat, Action::Option { index })) = game.take_answer() {
        if let Some(&kingdom) = Kingdom::CHOOSABLE.get(index as usize) {
            game.seats[seat.index()].kingdom = kingdom;
            game.emit(Event::KingdomChosen { seat, kingdom });
        }
    }
}
