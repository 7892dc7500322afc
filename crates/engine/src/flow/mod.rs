//! Turn flow: general selection, the game loop, turns and phases, the judgment phase, dying and
//! death. What a mode decides (roles, victory, rewards) it decides through its `ModeDef`.

pub mod death;
pub mod dying;
pub mod judge_phase;
pub mod selection;
pub mod turn;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::resolve::{Frame, Step};
use crate::seat::Seat;

/// The game loop: deal the starting hands, then turns in seat order from the lord.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlowFrame {
    /// Whose turn comes next.
    pub next: Seat,
    /// The starting hands have been dealt.
    pub dealt: bool,
    in_turn: bool,
}

impl FlowFrame {
    pub fn new(first: Seat, dealt: bool) -> Self {
        FlowFrame {
            next: first,
            dealt,
            in_turn: false,
        }
    }

    /// A loop whose first turn is already on the stack (scenarios).
    pub fn during_turn(current: Seat) -> Self {
        FlowFrame {
            next: current,
            dealt: true,
            in_turn: true,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if !self.dealt {
            self.dealt = true;
            // Everyone draws the starting hand, in seat order from the first seat.
            let hand = game.mode.starting_hand as usize;
            for seat in game.order_from(self.next) {
                game.draw(seat, hand);
            }
            return Step::Again;
        }
        if self.in_turn {
            game.take_reply();
            self.in_turn = false;
            self.next = game.next_alive(game.turn.seat);
            return Step::Again;
        }
        self.in_turn = true;
        if !game.is_alive(self.next) {
            self.next = game.next_alive(self.next);
        }
        Step::Push(Frame::Turn(turn::TurnFrame::new(self.next)))
    }
}
