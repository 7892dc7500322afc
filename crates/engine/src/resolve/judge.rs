//! 判定 Judgment: reveal the top card of the draw pile; seats with a retrial skill (鬼才), in
//! seat order from the current seat, may replace it before it takes effect; "after the
//! judgment" triggers run (天妒); then the card goes to the discard pile if nobody took it.
//! The caller reads the result with `Game::take_judgment` (the card as it counts for the judged
//! seat).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::CardId;
use crate::event::Event;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Reply, Step, Timing, TimingData, TriggerFrame};
use crate::seat::Seat;
use crate::zone::Zone;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum JudgeStep {
    Reveal,
    Retrial,
    After,
    End,
}

/// A judgment in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeFrame {
    pub seat: Seat,
    pub cause: Cause,
    pub card: Option<CardId>,
    step: JudgeStep,
    order: Vec<Seat>,
    index: usize,
    asked: bool,
}

impl JudgeFrame {
    pub fn new(seat: Seat, cause: Cause) -> Self {
        JudgeFrame {
            seat,
            cause,
            card: None,
            step: JudgeStep::Reveal,
            order: Vec::new(),
            index: 0,
            asked: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        match self.step {
            JudgeStep::Reveal => {
                let Some(&card) = game.take_from_top(1).first() else {
                    return Step::Done;
                };
                game.move_cards(&[card], Zone::Processing);
                game.emit(Event::Judged {
                    seat: self.seat,
                    card,
                    cause: self.cause,
                });
                self.card = Some(card);
                self.order = game.order_from_current();
                self.step = JudgeStep::Retrial;
                Step::Again
            }
            JudgeStep::Retrial => self.retrial(game),
            JudgeStep::After => {
                self.step = JudgeStep::End;
                let Some(card) = self.card else {
                    return Step::Done;
                };
                Step::Push(Frame::Trigger(TriggerFrame::new(
                    Timing::Judged,
                    TimingData::Judged {
                        seat: self.seat,
                        card,
                        cause: self.cause,
                    },
                )))
            }
            JudgeStep::End => {
                game.take_reply();
                let Some(card) = self.card else {
                    return Step::Done;
                };
                game.discard_from_processing(&[card]);
                game.reply = Reply::Judged {
                    card,
                    seat: self.seat,
                };
                Step::Done
            }
        }
    }

    fn retrial(&mut self, game: &mut Game) -> Step {
        if self.asked {
            self.asked = false;
            let answer = game.take_answer();
            let owner = self.order[self.index];
            self.index += 1;
            if let Some((_, Action::Skill { skill, cards, .. })) = answer {
                if let (Some(&new), Some(old)) = (cards.first(), self.card) {
                    game.invoke(owner, skill, vec![self.seat]);
                    game.move_cards(&[new], Zone::Processing);
                    if game.skill_def(skill).retrial_exchange {
                        game.move_cards(&[old], Zone::Hand(owner));
                    } else {
                        game.discard(&[old]);
                    }
                    game.emit(Event::Judged {
                        seat: self.seat,
                        card: new,
                        cause: self.cause,
                    });
                    self.card = Some(new);
                    return Step::Again;
                }
            }
        }
        while let Some(&owner) = self.order.get(self.index) {
            if game.is_alive(owner) {
                let mut actions = Vec::new();
                let mut retries = false;
                // A pre-shown hidden general's too (国战): using it reveals it (H-REV-2).
                for skill in game.triggering_skills(owner) {
                    if let Some(cards) = skill.retrial.map(|f| f(game, owner)) {
                        retries = true;
                        actions.extend(cards.into_iter().map(|c| Action::Skill {
                            skill: skill.id,
                            cards: vec![c],
                            targets: Vec::new(),
                        }));
                    }
                }
                // Asked whenever it holds a hand card, even if none may replace the judgment
                // (鬼道 wants a black one): being asked tells nothing about its hand.
                if retries && (!actions.is_empty() || !game.hand(owner).is_empty()) {
                    actions.push(Action::Pass);
                    self.asked = true;
                    let cause = self.cause;
                    return Step::ask(Prompt::new(
                        owner,
                        PromptKind::Choose { cause },
                        Choices::actions(actions),
                    ));
                }
            }
            self.index += 1;
        }
        self.step = JudgeStep::After;
        Step::Again
    }
}

impl Game {
    /// Takes the result a finished [`JudgeFrame`] handed back: the judgment card as it counts
    /// for the judged seat (its filters apply, 红颜).
    pub(crate) fn take_judgment(&mut self) -> Option<crate::card::Card> {
        match self.take_reply() {
            Reply::Judged { card, seat } => Some(self.card_for(card, seat)),
            _ => None,
        }
    }
}

/// 八卦阵's judgment, for the armor and for what acts as it (八阵): judge; a red result gives
/// the 闪 (`Reply::Responded(true)`). Steps the provider's `SkillFrame`; the judgment's cause is
/// the skill that gave it.
pub(crate) fn eight_diagram(game: &mut Game, frame: &mut crate::def::skill::SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::Judge(JudgeFrame::new(
            frame.owner,
            Cause::Skill(frame.skill),
        )));
    }
    let red = game
        .take_judgment()
        .is_some_and(|c| c.color() == crate::card::Color::Red);
    game.reply = Reply::Responded(red);
    Step::Done
}
