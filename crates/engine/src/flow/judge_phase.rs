//! A delayed trick resolving in its holder's judgment phase: it leaves the judgment area, may be
//! nullified, then is judged. A nullified or missed 闪电 moves on to the next character instead
//! of being discarded (`timing-rulings.md` C.14).

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::{Frame, JudgeFrame, NullifyFrame, Reply, Step};
use crate::seat::Seat;
use crate::zone::Zone;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DelayedStep {
    Remove,
    Nullified,
    Judged,
    Done,
}

/// One delayed trick resolving.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayedFrame {
    pub seat: Seat,
    pub card: CardId,
    pub kind: CardKind,
    step: DelayedStep,
}

impl DelayedFrame {
    pub fn new(seat: Seat, card: CardId, kind: CardKind) -> Self {
        DelayedFrame {
            seat,
            card,
            kind,
            step: DelayedStep::Remove,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        let Some(delayed) = game.card_def(self.kind).delayed.as_ref() else {
            game.discard(&[self.card]);
            return Step::Done;
        };
        match self.step {
            DelayedStep::Remove => {
                game.move_cards(&[self.card], Zone::Processing);
                self.step = DelayedStep::Nullified;
                Step::Push(Frame::Nullify(NullifyFrame::new(
                    self.kind,
                    Some(self.seat),
                )))
            }
            DelayedStep::Nullified => {
                if game.take_reply() == Reply::Nullified(true) {
                    self.miss(game, delayed.moves_on);
                    return Step::Done;
                }
                self.step = DelayedStep::Judged;
                Step::Push(Frame::Judge(JudgeFrame::new(
                    self.seat,
                    Cause::Card(self.kind),
                )))
            }
            DelayedStep::Judged => {
                self.step = DelayedStep::Done;
                let Some(result) = game.take_judgment() else {
                    self.miss(game, delayed.moves_on);
                    return Step::Done;
                };
                if !(delayed.hits)(&result) {
                    self.miss(game, delayed.moves_on);
                    return Step::Done;
                }
                // The trick stays in the processing area while its effect resolves (奸雄 may
                // take a 闪电 that hurt him).
                match (delayed.on_hit)(game, self.seat, self.card) {
                    Some(frame) => Step::Push(frame),
                    None => Step::Again,
                }
            }
            DelayedStep::Done => {
                game.take_reply();
                game.discard_from_processing(&[self.card]);
                Step::Done
            }
        }
    }

    /// Discards the trick, or passes it on to the next seat that can hold it.
    fn miss(&self, game: &mut Game, moves_on: bool) {
        if game.table.zone_of(self.card) != Zone::Processing {
            return;
        }
        if moves_on {
            let n = game.seat_count();
            for i in 1..=n {
                let next = Seat(((self.seat.index() + i) % n) as u8);
                if game.is_alive(next) && !game.holds_delayed(next, self.kind) {
                    game.place_delayed(self.card, next, self.kind);
                    return;
                }
            }
        }
        game.discard(&[self.card]);
    }
}
