//! 无懈可击 Nullification windows.
//!
//! Before a trick takes effect on a target, every living seat may use 无懈可击; the window is
//! offered to all of them at once and the first valid answer wins. A 无懈可击 is itself a trick
//! and opens a new window against it, so chains resolve by parity: an odd number of effective
//! nullifications cancels the original effect.
//!
//! 无懈可击·国 (国战, H-CARD-GUOWUXIE) answers every window as a 无懈可击 does. Used first against
//! an ordinary trick's effect on a determined, non-careerist target T while the trick still has
//! later targets of T's faction, its user chooses "for T only" or "for the whole faction"
//! ([`SINGLE`], [`WHOLE_FACTION`]); if the trick stays cancelled for T, every living character of
//! T's faction is cancelled too, with no window, when its turn comes (H-PROC-GUOWUXIE, ruling
//! H-CARD-GUOWUXIE-1: only the first 无懈可击 of a window, the one that answers the trick itself,
//! offers the choice).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::{CardKind, Category};
use crate::def::skill::CardMode;
use crate::game::Game;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, Reply, Step, UseFrame};
use crate::seat::Seat;

/// 无懈可击·国's choice: cancel the trick for its target only.
pub const SINGLE: u8 = 0;
/// 无懈可击·国's choice: cancel it for the target's whole faction.
pub const WHOLE_FACTION: u8 = 1;

/// A nullification window (and the chain that may grow from it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NullifyFrame {
    pub trick: CardKind,
    pub target: Option<Seat>,
    /// Is the original effect cancelled as things stand?
    cancelled: bool,
    asked: bool,
    using: bool,
    /// The card use the trick belongs to (none for a delayed trick being judged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    use_id: Option<usize>,
    /// How many 无懈可击 have been used in this window so far.
    #[serde(default)]
    used: u8,
    /// The user of a first 无懈可击·国 that may choose the whole faction, once it has resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    chooser: Option<Seat>,
    /// Waiting for that user's choice.
    #[serde(default)]
    choosing: bool,
    /// "For the whole faction" was chosen.
    #[serde(default)]
    whole: bool,
}

impl NullifyFrame {
    pub fn new(trick: CardKind, target: Option<Seat>) -> Self {
        NullifyFrame {
            trick,
            target,
            cancelled: false,
            asked: false,
            using: false,
            use_id: None,
            used: 0,
            chooser: None,
            choosing: false,
            whole: false,
        }
    }

    /// The window before the trick of card use `use_id` takes effect on `target`.
    pub fn for_use(trick: CardKind, target: Seat, use_id: usize) -> Self {
        NullifyFrame {
            use_id: Some(use_id),
            ..NullifyFrame::new(trick, Some(target))
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if self.choosing {
            self.choosing = false;
            self.whole = matches!(
                game.take_answer(),
                Some((
                    _,
                    Action::Option {
                        index: WHOLE_FACTION
                    }
                ))
            );
        } else if self.using {
            // A 无懈可击 was used and has resolved; the chain flips and a new window opens.
            self.using = false;
            game.take_reply();
            self.cancelled = !self.cancelled;
            if let Some(user) = self.chooser {
                self.choosing = true;
                return Step::ask(Prompt::new(
                    user,
                    PromptKind::Choose {
                        cause: crate::prompt::Cause::Card(CardKind::HegNullification),
                    },
                    Choices::actions(vec![
                        Action::Option { index: SINGLE },
                        Action::Option {
                            index: WHOLE_FACTION,
                        },
                    ]),
                ));
            }
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
                    self.chooser = (self.used == 0
                        && card.kind == CardKind::HegNullification
                        && self.faction_follows(game))
                    .then_some(seat);
                    self.used = self.used.saturating_add(1);
                    self.using = true;
                    return Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                        seat,
                        card,
                        Vec::new(),
                    ))));
                }
                _ if !game.prompts.is_empty() => return Step::Wait,
                _ => {
                    if self.cancelled && self.whole {
                        self.cancel_for_the_faction(game);
                    }
                    game.reply = Reply::Nullified(self.cancelled);
                    return Step::Done;
                }
            }
        }
        self.chooser = None;
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
                actions.extend(game.response_actions(
                    seat,
                    CardKind::HegNullification,
                    CardMode::UseInResponse,
                    &[],
                ));
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

impl NullifyFrame {
    /// May a 无懈可击·国 here be for the whole faction: an ordinary trick, and a later target
    /// of the same faction as this one — both determined, neither a careerist (H-FAC-2)?
    fn faction_follows(&self, game: &Game) -> bool {
        let (Some(id), Some(target)) = (self.use_id, self.target) else {
            return false;
        };
        if game.card_def(self.trick).category != Category::Trick {
            return false;
        }
        game.card_use(id)
            .targets
            .iter()
            .skip_while(|s| **s != target)
            .skip(1)
            .any(|s| *s != target && game.is_alive(*s) && game.same_faction(target, *s))
    }

    /// Every living character of the target's faction is cancelled from now on.
    fn cancel_for_the_faction(&self, game: &mut Game) {
        let (Some(id), Some(target)) = (self.use_id, self.target) else {
            return;
        };
        let friends: Vec<Seat> = game
            .order_from(target)
            .into_iter()
            .filter(|s| *s != target && game.same_faction(target, *s))
            .collect();
        game.card_use_mut(id).faction_cancelled.extend(friends);
    }
}
