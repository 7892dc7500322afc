//! 死亡 Death: the role is revealed, skills may take the dead character's cards (行殇), every card
//! left is discarded, the mode's win conditions are checked (the game may end here, at any
//! depth), and only then the mode's rewards and penalties apply (`timing-rulings.md` D.20–21). Between the two, if the game goes
//! on, the death skills that act after the win check (武魂, W-WUHUN-3) resolve.

use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::game::Game;
use crate::resolve::{Frame, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DeathStep {
    Die,
    /// Skills that take the dead character's cards before they are discarded (行殇).
    Inherit,
    Discard,
    Triggers,
    Victory,
    Resolved,
    Rewards,
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
                // 国战 亮出: the dead character's hidden generals are shown, fixing its faction
                // (H-DEATH-1), before anything else of the death.
                game.reveal_all_of(self.seat);
                game.deaths.push((self.seat, self.killer));
                game.emit(Event::Died {
                    seat: self.seat,
                    role: game.role(self.seat),
                    killer: self.killer,
                });
                // 暗魂: a death ends the protection (V-AH-3a).
                crate::modes::identity::anhun::on_death(game);
                self.step = DeathStep::Discard;
                if game.hooked & (1 << Timing::Dead as u32) != 0 {
                    self.step = DeathStep::Inherit;
                    return Step::Push(Frame::Trigger(TriggerFrame::new(
                        Timing::Dead,
                        TimingData::Death {
                            seat: self.seat,
                            killer: self.killer,
                        },
                    )));
                }
                Step::Again
            }
            DeathStep::Inherit => {
                game.take_reply();
                self.step = DeathStep::Discard;
                Step::Again
            }
            DeathStep::Discard => {
                let cards = &game.table.seats[self.seat.index()];
                let mut all: Vec<_> = cards.hand.clone();
                all.extend(cards.equipment());
                all.extend(cards.judge.iter().map(|d| d.card));
                game.discard(&all);
                game.clear_on_death(self.seat);
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
                self.step = DeathStep::Rewards;
                let victory = (!game.victory_deferred)
                    .then(|| (game.mode.victory)(game))
                    .flatten();
                if let Some(outcome) = victory {
                    game.finish(outcome);
                    return Step::Done;
                }
                self.step = DeathStep::Resolved;
                if game.hooked & (1 << Timing::DeathResolved as u32) != 0 {
                    // The game goes on: skills that act after the win check (武魂, W-WUHUN-3).
                    return Step::Push(Frame::Trigger(TriggerFrame::new(
                        Timing::DeathResolved,
                        TimingData::Death {
                            seat: self.seat,
                            killer: self.killer,
                        },
                    )));
                }
                Step::Again
            }
            DeathStep::Resolved => {
                game.take_reply();
                self.step = DeathStep::Rewards;
                if game.outcome.is_some() {
                    return Step::Done;
                }
                match (game.mode.on_death)(game, self.seat, self.killer) {
                    Some(frame) => Step::Push(frame),
                    None => Step::Done,
                }
            }
            DeathStep::Rewards => {
                game.take_reply();
                Step::Done
            }
            DeathStep::Done => Step::Done,
        }
    }
}
