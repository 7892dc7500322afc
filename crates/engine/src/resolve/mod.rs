//! The resolution machinery: how the engine runs between two decisions.
//!
//! Every procedure of the rules (use a card, ask for a response, nullification window, damage,
//! judgment, triggers) is a [`Frame`]: plain data holding where it is. `Game::run` pops the top
//! frame and steps it; a step either finishes, pushes a child procedure, or asks for decisions.
//! A finished child hands its result to its parent through `Game::reply`. Game over clears the
//! stack, so it unwinds from any depth.

pub mod damage;
pub mod direction;
pub mod hash;
pub mod judge;
pub mod legal;
pub mod moves;
pub mod nullify;
pub mod pick;
pub mod pindian;
pub mod query;
pub mod recast;
pub mod respond;
pub mod state;
pub mod trigger;
pub mod use_card;

#[cfg(test)]
mod mechanics_tests;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardId, UsedCard};
use crate::event::Event;
use crate::game::Game;
use crate::prompt::Prompt;
use crate::seat::Seat;

pub use damage::{Damage, DamageFrame, LoseHpFrame};
pub use judge::JudgeFrame;
pub use nullify::NullifyFrame;
pub use respond::{RespondFrame, RespondMode};
pub use trigger::{Timing, TimingData, TriggerFrame};
pub use use_card::{CardUse, EffectFrame, UseFrame};

/// What a step did.
pub enum Step {
    /// The frame is finished (it set `game.reply` if its parent expects a value).
    Done,
    /// Step the same frame again.
    Again,
    /// Run this child procedure, then come back.
    Push(Frame),
    /// Wait for these decisions.
    Ask(Vec<Prompt>),
    /// Keep waiting for the decisions still pending.
    Wait,
}

impl Step {
    pub fn ask(prompt: Prompt) -> Step {
        Step::Ask(vec![prompt])
    }
}

/// The value a frame receives when it resumes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reply {
    #[default]
    None,
    /// A seat answered a prompt of this frame.
    Answer(Seat, Action),
    /// A response procedure finished: was the card (or its equivalent) given?
    Responded(bool),
    /// A nullification window closed: is the effect cancelled?
    Nullified(bool),
    /// A judgment of `seat` finished with `card` as its result.
    Judged { card: CardId, seat: Seat },
    /// A trigger window finished; the (possibly changed) timing data.
    Timing(TimingData),
    /// A pindian finished (its cards wait in the processing area for `Game::end_pindian`).
    Pindian(pindian::PindianResult),
}

/// A procedure in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    Flow(crate::flow::FlowFrame),
    Selection(crate::flow::selection::SelectionFrame),
    Turn(crate::flow::turn::TurnFrame),
    Use(UseFrame),
    Effect(EffectFrame),
    Respond(RespondFrame),
    Nullify(NullifyFrame),
    Damage(DamageFrame),
    Judge(JudgeFrame),
    Dying(crate::flow::dying::DyingFrame),
    Death(crate::flow::death::DeathFrame),
    Trigger(TriggerFrame),
    Delayed(crate::flow::judge_phase::DelayedFrame),
    Skill(crate::def::skill::SkillFrame),
    LoseHp(damage::LoseHpFrame),
    Pindian(pindian::PindianFrame),
    Recast(recast::RecastFrame),
    Mode(crate::def::mode::ModeFrame),
}

impl Frame {
    fn step(&mut self, game: &mut Game) -> Step {
        match self {
            Frame::Flow(f) => f.step(game),
            Frame::Selection(f) => f.step(game),
            Frame::Turn(f) => f.step(game),
            Frame::Use(f) => f.step(game),
            Frame::Effect(f) => f.step(game),
            Frame::Respond(f) => f.step(game),
            Frame::Nullify(f) => f.step(game),
            Frame::Damage(f) => f.step(game),
            Frame::Judge(f) => f.step(game),
            Frame::Dying(f) => f.step(game),
            Frame::Death(f) => f.step(game),
            Frame::Trigger(f) => f.step(game),
            Frame::Delayed(f) => f.step(game),
            Frame::Skill(f) => crate::def::skill::step(f, game),
            Frame::LoseHp(f) => f.step(game),
            Frame::Pindian(f) => f.step(game),
            Frame::Recast(f) => f.step(game),
            Frame::Mode(f) => (game.mode.step)(f, game),
        }
    }
}

impl Game {
    /// Runs frames until a decision is needed or the game is over.
    pub(crate) fn run(&mut self) {
        loop {
            if self.outcome.is_some() {
                self.stack.clear();
                self.prompts.clear();
                self.notices.clear();
                return;
            }
            if !self.prompts.is_empty() && self.reply == Reply::None {
                return;
            }
            if self.reply == Reply::None {
                if let Some(notice) = self.notices.pop() {
                    self.stack
                        .push(Frame::Trigger(TriggerFrame::notice(notice)));
                    continue;
                }
            }
            let Some(mut frame) = self.stack.pop() else {
                return;
            };
            match frame.step(self) {
                Step::Done => {}
                Step::Again => self.stack.push(frame),
                Step::Push(child) => {
                    self.stack.push(frame);
                    self.stack.push(child);
                }
                Step::Ask(prompts) => {
                    self.stack.push(frame);
                    self.prompts.clear();
                    self.set_prompts(prompts);
                }
                Step::Wait => self.stack.push(frame),
            }
        }
    }

    fn set_prompts(&mut self, mut prompts: Vec<Prompt>) {
        debug_assert!(
            self.notices.is_empty(),
            "invariant: a step that moves cards does not also ask"
        );
        if self.setup.auto_pass() {
            let last = prompts.last().map(|p| p.seat);
            prompts.retain(|p| p.choices.has_option_besides_pass());
            if prompts.is_empty() {
                if let Some(seat) = last {
                    self.reply = Reply::Answer(seat, Action::Pass);
                }
                return;
            }
        }
        self.prompts = prompts;
    }

    /// Takes the value handed to the resuming frame.
    pub(crate) fn take_reply(&mut self) -> Reply {
        std::mem::take(&mut self.reply)
    }

    /// Takes the answer to this frame's prompt, if that is what arrived.
    pub(crate) fn take_answer(&mut self) -> Option<(Seat, Action)> {
        match self.take_reply() {
            Reply::Answer(seat, action) => Some((seat, action)),
            _ => None,
        }
    }

    /// Records an event.
    pub(crate) fn emit(&mut self, event: Event) {
        self.hash = hash::fold(self.hash, &event);
        self.events.push(event);
    }

    /// The card use with this index.
    pub(crate) fn card_use(&self, id: usize) -> &CardUse {
        &self.uses[id]
    }

    pub(crate) fn card_use_mut(&mut self, id: usize) -> &mut CardUse {
        &mut self.uses[id]
    }

    /// Builds the card a seat uses or plays from an action's cards and conversion skill.
    pub(crate) fn make_used_card(
        &self,
        cards: &[CardId],
        skill: Option<crate::ids::SkillId>,
        want: Option<crate::card::CardKind>,
    ) -> Option<UsedCard> {
        let faces: Vec<_> = cards.iter().map(|c| self.card(*c)).collect();
        match skill {
            None => match faces.as_slice() {
                [one] => Some(UsedCard::real(one)),
                _ => None,
            },
            Some(skill) => {
                let view_as = self.skill_def(skill).view_as.as_ref()?;
                let kind = want.or_else(|| (view_as.as_kind)(&faces))?;
                let mut card = UsedCard::converted(kind, &faces, Some(skill));
                if view_as.shared_suit {
                    card = card.with_shared_suit(&faces);
                }
                card.nature = view_as.nature;
                Some(card)
            }
        }
    }
}

#[cfg(test)]
mod size {
    /// The run loop moves the top frame out and back at every step, and a step returns its
    /// child frame by value: past 128 bytes those moves become `memmove` calls, which cost 13%
    /// of a random game's time when `SkillFrame` carried a `Damage` inline (now boxed).
    #[test]
    fn frames_stay_small_enough_to_move_cheaply() {
        assert!(std::mem::size_of::<super::Frame>() <= 128);
        assert!(std::mem::size_of::<super::Step>() <= 128);
    }
}
