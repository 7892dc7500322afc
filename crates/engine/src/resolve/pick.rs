//! Choosing a card from another seat's areas (过河拆桥, 顺手牵羊, 寒冰剑, 反馈 …).
//! Hand cards are offered face down by position; which card a position names is decided by the
//! seeded RNG when the pick resolves, so a position carries no information.

use rand::Rng;

use crate::action::{Action, Pick};
use crate::card::CardId;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::seat::Seat;

/// Which of a seat's areas a pick may take from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub hand: bool,
    pub equip: bool,
    pub judge: bool,
}

impl Areas {
    pub const ALL: Areas = Areas {
        hand: true,
        equip: true,
        judge: true,
    };
    pub const HAND_AND_EQUIP: Areas = Areas {
        hand: true,
        equip: true,
        judge: false,
    };
}

impl Game {
    /// Does `owner` have any card in `areas`?
    pub fn has_cards_in(&self, owner: Seat, areas: Areas) -> bool {
        let (hand, visible) = self.pickable(owner, areas.hand, areas.equip, areas.judge);
        hand > 0 || !visible.is_empty()
    }

    /// A prompt for `chooser` to pick one of `owner`'s cards in `areas`.
    pub(crate) fn pick_prompt(
        &self,
        chooser: Seat,
        owner: Seat,
        areas: Areas,
        cause: Cause,
        can_pass: bool,
    ) -> Prompt {
        let (hand, visible) = self.pickable(owner, areas.hand, areas.equip, areas.judge);
        Prompt::new(
            chooser,
            PromptKind::PickCard { owner, cause },
            Choices::picks(hand, &visible, can_pass),
        )
    }

    /// The card an answer to a [`Game::pick_prompt`] names, if it still is where it was.
    pub(crate) fn take_pick(&mut self, owner: Seat, action: &Action) -> Option<CardId> {
        let Action::Pick { pick } = action else {
            return None;
        };
        match pick {
            Pick::Hand { .. } => {
                let hand = &self.table.seats[owner.index()].hand;
                if hand.is_empty() {
                    return None;
                }
                let index = self.rng.gen_range(0..hand.len());
                let card = hand[index];
                // The seat that answered the pick takes it away (奋激 reacts when it moves).
                let hooked = self.hooked & (1 << crate::resolve::Timing::HandCardTaken as u32) != 0;
                if let Some(&(picker, _)) = self.actions.last().filter(|_| hooked) {
                    if picker != owner {
                        self.picked = Some((card, owner, picker));
                    }
                }
                Some(card)
            }
            Pick::Card { card } => {
                let zone = self.table.zone_of(*card);
                matches!(zone, crate::zone::Zone::Equip(s) | crate::zone::Zone::Judge(s) if s == owner)
                    .then_some(*card)
            }
        }
    }
}
