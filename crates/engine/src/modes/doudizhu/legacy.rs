//! 挑选遗产 A fallen farmer's legacy (M-DDZ-9): killing a farmer gives the killer nothing; when a
//! farmer dies and the other is alive, the survivor chooses: draw 2 cards, or recover 1 HP (only
//! if wounded), or nothing. Option `legacy`: `choose` (the default, as above), `draw_one` (the
//! survivor draws 1, M-DDZ-9-ALT), `none` (no legacy at all). Applied after the victory check, as
//! every reward is: a death that ends the game leaves no legacy.

use crate::action::Action;
use crate::def::mode::ModeFrame;
use crate::def::option;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step};
use crate::seat::{Role, Seat};

/// Which [`ModeFrame`] kind of 斗地主 this is.
pub const KIND: u8 = 0;

/// The survivor's options, as `Action::Option` indices.
pub const DRAW_TWO: u8 = 0;
pub const RECOVER_ONE: u8 = 1;

/// After a death that did not end the game.
pub fn on_death(game: &mut Game, dead: Seat, _killer: Option<Seat>) -> Option<Frame> {
    if game.role(dead) != Role::Rebel {
        return None;
    }
    let survivor = game
        .order_from(dead)
        .into_iter()
        .find(|s| *s != dead && game.role(*s) == Role::Rebel)?;
    match option::choice(super::OPTIONS, game.mode_options(), "legacy").as_str() {
        "none" => None,
        "draw_one" => {
            game.draw(survivor, 1);
            None
        }
        _ => {
            let mut frame = ModeFrame::new(KIND);
            frame.seats = vec![survivor, dead];
            Some(Frame::Mode(frame))
        }
    }
}

/// Asks the survivor, then applies its choice.
pub fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    let [survivor, dead] = frame.seats[..] else {
        return Step::Done;
    };
    match frame.step {
        0 => {
            frame.step = 1;
            let mut actions = vec![Action::Option { index: DRAW_TWO }];
            if game.is_wounded(survivor) {
                actions.push(Action::Option { index: RECOVER_ONE });
            }
            actions.push(Action::Pass);
            Step::ask(Prompt::new(
                survivor,
                PromptKind::Choose {
                    cause: Cause::Death(dead),
                },
                Choices::actions(actions),
            ))
        }
        _ => {
            match game.take_answer() {
                Some((_, Action::Option { index: DRAW_TWO })) => game.draw(survivor, 2),
                Some((_, Action::Option { index: RECOVER_ONE })) => game.recover(survivor, 1),
                _ => {}
            }
            Step::Done
        }
    }
}
