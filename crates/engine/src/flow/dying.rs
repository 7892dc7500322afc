//! 濒死 Dying: starting from the current seat and going round in seat order, every living
//! character (the dying one included) is asked in turn for 桃, one at a time, until the dying
//! character is back above 0 HP; nobody is asked twice. If nobody saves it, it dies
//! (`timing-rulings.md` D.19).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardKind, UsedCard};
use crate::def::skill::CardMode;
use crate::event::Event;
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, Step, Timing, TimingData, TriggerFrame, UseFrame};
use crate::seat::Seat;

/// A dying character being saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DyingFrame {
    pub seat: Seat,
    /// The source of the damage that caused it (the killer if it dies).
    pub killer: Option<Seat>,
    order: Vec<Seat>,
    index: usize,
    started: bool,
    /// The "enters dying" window is open.
    #[serde(default)]
    entering: bool,
    asked: bool,
    saving: bool,
    over: bool,
    /// The "rescue reaches the dying one" window has been opened.
    #[serde(default)]
    reached_self: bool,
    /// The "HP fell to 0 or below" window (before dying) has been opened.
    #[serde(default)]
    below: bool,
}

impl DyingFrame {
    pub fn new(seat: Seat, killer: Option<Seat>) -> Self {
        DyingFrame {
            seat,
            killer,
            order: Vec::new(),
            index: 0,
            started: false,
            entering: false,
            asked: false,
            saving: false,
            over: false,
            reached_self: false,
            below: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.over {
            return Step::Done;
        }
        if !self.below {
            // 体力值降至0或更低时: before it enters dying (the 2009 不屈 acts here).
            self.below = true;
            if game.hooked & (1 << Timing::BelowOne as u32) != 0 {
                self.entering = true;
                return Step::Push(Frame::Trigger(TriggerFrame::new(
                    Timing::BelowOne,
                    TimingData::Dying {
                        seat: self.seat,
                        killer: self.killer,
                    },
                )));
            }
        }
        if !self.started {
            if self.entering {
                self.entering = false;
                game.take_reply();
            }
            if game.alive_below_one(self.seat) {
                // It does not enter dying.
                self.over = true;
                return Step::Done;
            }
            self.started = true;
            game.emit(Event::Dying { seat: self.seat });
            self.order = game.order_from_current();
            self.entering = true;
            return Step::Push(Frame::Trigger(TriggerFrame::new(
                Timing::Dying,
                TimingData::Dying {
                    seat: self.seat,
                    killer: self.killer,
                },
            )));
        }
        if self.entering {
            self.entering = false;
            game.take_reply();
        }
        if self.saving {
            self.saving = false;
            game.take_reply();
        }
        if self.asked {
            self.asked = false;
            match game.take_answer() {
                // 完杀 declared by a hidden 贾诩 (revealing him): he is asked again, shown.
                Some((
                    _,
                    Action::Skill {
                        skill: SkillId::Wansha,
                        ..
                    },
                )) => {}
                Some((saver, action)) if matches!(action, Action::Card { .. }) => {
                    if let Some(card) = self.saving_card(game, saver, &action) {
                        self.saving = true;
                        return Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                            saver,
                            card,
                            vec![self.seat],
                        ))));
                    }
                }
                _ => self.index += 1,
            }
        }
        if game.hp(self.seat) > 0 || !game.is_alive(self.seat) || game.alive_below_one(self.seat) {
            return Step::Done;
        }
        while let Some(&saver) = self.order.get(self.index) {
            if !game.is_alive(saver) {
                self.index += 1;
                continue;
            }
            if saver == self.seat && !self.reached_self {
                // Its own skills act first (不屈); it may be saved by them.
                self.reached_self = true;
                self.entering = true;
                return Step::Push(Frame::Trigger(TriggerFrame::new(
                    Timing::SavingSelf,
                    TimingData::Dying {
                        seat: self.seat,
                        killer: self.killer,
                    },
                )));
            }
            let mut actions = if game.rescue_forbidden(saver, self.seat) {
                Vec::new()
            } else {
                game.response_actions(saver, CardKind::Peach, CardMode::UseInResponse, &[])
            };
            actions.extend(self.self_rescues(game, saver));
            actions.extend(declare_wansha(game, saver));
            actions.push(Action::Pass);
            self.asked = true;
            return Step::ask(Prompt::new(
                saver,
                PromptKind::Save { dying: self.seat },
                Choices::actions(actions),
            ));
        }
        self.over = true;
        Step::Push(Frame::Death(super::death::DeathFrame::new(
            self.seat,
            self.killer,
        )))
    }

    /// The card `saver`'s answer gives: a 桃, or a 酒 for itself.
    fn saving_card(&self, game: &Game, saver: Seat, action: &Action) -> Option<UsedCard> {
        let Action::Card { cards, skill, .. } = action else {
            return None;
        };
        let kind = if self.self_rescues(game, saver).contains(action) {
            CardKind::Analeptic
        } else {
            CardKind::Peach
        };
        game.make_used_card(cards, *skill, Some(kind))
    }

    /// What `saver` may use to save itself but nobody else: 酒, when it is the dying one
    /// (`timing-rulings.md` D.19, F.26).
    fn self_rescues(&self, game: &Game, saver: Seat) -> Vec<Action> {
        if saver != self.seat {
            return Vec::new();
        }
        game.response_actions(saver, CardKind::Analeptic, CardMode::UseInResponse, &[])
    }
}

/// 完杀 of a hidden 贾诩 (国战 H-SK-wansha): in his turn the first call for 桃 is his (the order
/// starts at the current seat), and in it he may declare 完杀, which reveals him (H-REV-2 (a)) —
/// pre-shown or not, since the question is one he gets anyway (H-REV-10). Not if he may not
/// reveal now (祸水).
fn declare_wansha(game: &Game, saver: Seat) -> Option<Action> {
    (saver == game.turn.seat
        && game.hidden_general_with(saver, SkillId::Wansha).is_some()
        && !game.reveal_blocked(saver))
    .then_some(Action::Skill {
        skill: SkillId::Wansha,
        cards: Vec::new(),
        targets: Vec::new(),
    })
}
