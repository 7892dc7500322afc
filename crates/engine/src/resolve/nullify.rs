//! 无懈可击 Nullification windows.
//!
//! Before a trick takes effect on a target, every living seat may use 无懈可击; the window is
//! offered to all of them at once and the first valid answer wins. A 无懈可击 is itself a trick
//! and opens a new window against it, so chains resolve by parity: an odd number of effective
//! nullifications cancels the original effect.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::CardMode;
use crate::game::Game;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, Reply, Step, UseFrame};
use crate::seat::Seat;

/// A nullification window (and the chain that may grow from it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NullifyFrame {
    pub trick: CardKind,
    pub target: Option<Seat>,
    /// Is the original effect cancelled as things stand?
    cancelled: bool,
    asked: bool,
    using: bool,
}

impl NullifyFrame {
    pub fn new(trick: CardKind, target: Option<Seat>) -> Self {
        NullifyFrame {
            trick,
            target,
            cancelled: false,
            asked: false,
            using: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.using {
            // A 无懈可击 was used and has resolved; the chain flips and a new window opens.
            self.using = false;
            game.take_reply();
            self.cancelled = !self.cancelled;
        } else if self.asked {
            match game.take_answer() {
                Some((seat, Action::Card { cards, skill, .. })) => {
                    self.asked = false;
                    game.prompts.clear();
                    let Some(card) =
                        game.make_used_card(&cards, skill, Some(CardKind::Nullification))
                    else {
                        return Step::Again;
                    };
                    self.using = true;
                    return Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                        seat,
                        card,
                        Vec::new(),
                    ))));
                }
                _ if !game.prompts.is_empty() => return Step::Wait,
                _ => {
                    game.reply = Reply::Nullified(self.cancelled);
                    return Step::Done;
                }
            }
        }
        self.asked = true;
        let prompts: Vec<Prompt> = game
            .order_from_current()
            .into_iter()
            .map(|seat| {
                let mut actions = game.response_actions(
                    seat,
                    CardKind::Nullification,
                    CardMode::UseInResponse,
                    &[],
                );
                actions.push(Action::Pass);
                Prompt::new(
                    seat,
                    PromptKind::Nullify {
                        trick: self.trick,
                        target: self.target,
                        countering: self.cancelled,
                    },
                    Choices::actions(actions),
                )
            })
            .collect();
        Step::Ask(prompts)
    }
}
