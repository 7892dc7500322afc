//! Turn flow: general selection, the game loop, turns and phases, the judgment phase, dying and
//! death. What a mode decides (roles, victory, rewards) it decides through its `ModeDef`.

pub mod death;
pub mod duo;
pub mod dying;
pub mod hidden;
pub mod judge_phase;
pub mod kingdoms;
pub mod lineup;
pub mod selection;
pub mod turn;

use serde::{Deserialize, Serialize};

use crate::def::skill::Period;
use crate::game::Game;
use crate::resolve::{Frame, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;

/// The game loop: deal the starting hands, then turns in seat order from the first seat.
/// Between turns: extra turns come first; a face-down general's turn is skipped as it turns face
/// up (W-MECH-FLIP-2); a round begins when the order comes back round to the first seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlowFrame {
    /// Whose turn comes next (in the normal order).
    pub next: Seat,
    /// The starting hands have been dealt.
    pub dealt: bool,
    in_turn: bool,
    /// The seat that takes the first turn: rounds are counted from it.
    first: Seat,
    /// The seat whose normal turn came last (taken or skipped).
    last: Option<Seat>,
    /// A round-start window is open; the turn of `next` follows it.
    round_window: bool,
    /// The mode's round-start rules ran; the round-start window opens next.
    #[serde(default)]
    round_rules: bool,
}

impl FlowFrame {
    pub fn new(first: Seat, dealt: bool) -> Self {
        FlowFrame {
            next: first,
            dealt,
            in_turn: false,
            first,
            last: None,
            round_window: false,
            round_rules: false,
        }
    }

    /// A loop whose first turn is already on the stack (scenarios), in round 1 from `first`.
    pub fn during_turn(first: Seat, current: Seat) -> Self {
        FlowFrame {
            next: current,
            dealt: true,
            in_turn: true,
            first,
            last: Some(current),
            round_window: false,
            round_rules: false,
        }
    }

    /// How far `seat` is from the first seat, in seat order.
    fn offset(&self, game: &Game, seat: Seat) -> usize {
        let n = game.seat_count();
        (seat.index() + n - self.first.index()) % n
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if !self.dealt {
            // 神 Gods choose their kingdoms first, one by one in seat order (W-MECH-GOD-1).
            if let Some(step) = choose_kingdoms(game, self.next) {
                return step;
            }
            self.dealt = true;
            // Everyone draws the starting hand, in seat order from the first seat.
            for seat in game.order_from(self.next) {
                let hand = (game.mode.starting_hand)(game, seat);
                game.draw(seat, hand as usize);
            }
            // 游戏开始时: the hands are dealt (七星 sets its stars aside).
            if game.hooked & (1 << Timing::GameStart as u32) != 0 {
                let mut window =
                    TriggerFrame::new(Timing::GameStart, TimingData::Turn { seat: self.next });
                window.reply = false;
                return Step::Push(Frame::Trigger(window));
            }
            return Step::Again;
        }
        if self.in_turn {
            game.take_reply();
            self.in_turn = false;
            // Extra turns come before the order goes on.
            if !game.extra_turns.is_empty() {
                let seat = game.extra_turns.remove(0);
                if game.is_alive(seat) {
                    return self.start_turn(game, seat);
                }
                return Step::Again;
            }
            if let Some(last) = self.last {
                self.next = game.next_alive(last);
            }
            return Step::Again;
        }
        if self.round_rules {
            game.take_reply();
            self.round_rules = false;
            self.round_window = true;
            return Step::Push(Frame::Trigger(TriggerFrame::new(
                Timing::RoundStart,
                TimingData::Round { number: game.round },
            )));
        }
        if self.round_window {
            game.take_reply();
            self.round_window = false;
            return self.start_turn(game, self.next);
        }
        let (seat, new_round) = match game.mode.turn_order {
            // The mode's own order (3v3): its procedure names the seat and the round.
            Some(order) => match game.next_turn.take() {
                Some(next) if game.is_alive(next.0) => next,
                _ => return Step::Push(Frame::Mode(order(game))),
            },
            None => {
                if !game.is_alive(self.next) {
                    self.next = game.next_alive(self.next);
                }
                let seat = self.next;
                let new_round = self
                    .last
                    .is_none_or(|last| self.offset(game, seat) <= self.offset(game, last));
                (seat, new_round)
            }
        };
        self.next = seat;
        self.last = Some(seat);
        if new_round {
            game.round += 1;
            game.reset_usage(Period::Round);
            // The mode's rules first (they may end the game), then the skills' window.
            self.round_rules = true;
            return match (game.mode.round_start)(game) {
                Some(frame) => Step::Push(frame),
                None => Step::Again,
            };
        }
        self.start_turn(game, seat)
    }

    /// Starts `seat`'s turn — or, if its general is face down, turns it face up instead and
    /// skips the turn.
    fn start_turn(&mut self, game: &mut Game, seat: Seat) -> Step {
        self.in_turn = true;
        if game.is_turned_over(seat) {
            game.turn_over(seat);
            return Step::Again;
        }
        Step::Push(Frame::Turn(turn::TurnFrame::new(seat)))
    }
}

/// 神 The god generals' kingdom choice (W-MECH-GOD-1): takes the last answer, then asks the next
/// seat (in seat order from `first`) still showing the 神 kingdom; `None` once every god has
/// chosen.
fn choose_kingdoms(game: &mut Game, first: Seat) -> Option<Step> {
    kingdoms::take_answer(game);
    let seat = game
        .order_from(first)
        .into_iter()
        .find(|s| kingdoms::must_choose(game, *s))?;
    Some(Step::ask(kingdoms::prompt(seat)))
}
