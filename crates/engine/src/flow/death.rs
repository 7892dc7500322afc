//! 死亡 Death: the role is revealed, every card of the dead character is discarded, the win
//! conditions are checked (the game may end here, at any depth), and only then rewards and
//! penalties apply (`timing-rulings.md` D.20–21).

use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::game::Game;
use crate::resolve::{Frame, Step, Timing, TimingData, TriggerFrame};
use crate::seat::{Role, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DeathStep {
    Die,
    Triggers,
    Victory,
    Done,
}

/// A death in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathFrame {
    pub seat: Seat,
    pub killer: Option<Seat>,
    step: DeathStep,
}

impl DeathFrame {
    pub fn new(seat: Seat, killer: Option<Seat>) -> Self {
        DeathFrame {
            seat,
            killer,
            step: DeathStep::Die,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        match self.step {
            DeathStep::Die => {
                game.seats[self.seat.index()].alive = false;
                game.emit(Event::Died {
                    seat: self.seat,
                    role: game.role(self.seat),
                    killer: self.killer,
                });
                let cards = &game.table.seats[self.seat.index()];
                let mut all: Vec<_> = cards.hand.clone();
                all.extend(cards.equipment());
                all.extend(cards.judge.iter().map(|d| d.card));
                game.discard(&all);
                self.step = DeathStep::Triggers;
                Step::Again
            }
            DeathStep::Triggers => {
                self.step = DeathStep::Victory;
                Step::Push(Frame::Trigger(TriggerFrame::new(
                    Timing::Death,
                    TimingData::Death {
                        seat: self.seat,
                        killer: self.killer,
                    },
                )))
            }
            DeathStep::Victory => {
                game.take_reply();
                self.step = DeathStep::Done;
                if let Some(outcome) = super::victory::check(game) {
                    game.finish(outcome);
                    return Step::Done;
                }
                self.reward_or_penalty(game);
                Step::Done
            }
            DeathStep::Done => Step::Done,
        }
    }

    /// 奖惩 Whoever kills a rebel draws 3; a lord who kills a loyalist discards hand and
    /// equipment. Nothing when there is no killer or the killer is dead.
    fn reward_or_penalty(&self, game: &mut Game) {
        let Some(killer) = self.killer else { return };
        if !game.is_alive(killer) {
            return;
        }
        match (game.role(self.seat), game.role(killer)) {
            (Role::Rebel, _) => game.draw(killer, 3),
            (Role::Loyalist, Role::Lord) => {
                let cards = &game.table.seats[killer.index()];
                let mut all: Vec<_> = cards.hand.clone();
                all.extend(cards.equipment());
                game.discard(&all);
            }
            _ => {}
        }
    }
}
