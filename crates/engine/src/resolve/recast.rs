//! 重铸 Recasting: instead of using a recastable card (铁索连环) in the play phase, its holder
//! puts it face up into the discard pile and then draws one (`timing-rulings.md` F.28). It is
//! not a use: no "card used" timing, no target, no 无懈可击 window (C.16). The discard and the
//! draw are two steps, so a skill that reacts to the hand emptying (连营) does so in between.

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardId};
use crate::def::skill::CardMode;
use crate::event::Event;
use crate::game::Game;
use crate::resolve::Step;
use crate::seat::Seat;
use crate::zone::Zone;

/// A recast in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecastFrame {
    pub seat: Seat,
    pub card: CardId,
    discarded: bool,
}

impl RecastFrame {
    pub fn new(seat: Seat, card: CardId) -> Self {
        RecastFrame {
            seat,
            card,
            discarded: false,
        }
    }

    pub(crate) fn step(&mut self, game: &mut Game) -> Step {
        if !self.discarded {
            self.discarded = true;
            if game.table.zone_of(self.card) != Zone::Hand(self.seat) {
                return Step::Done;
            }
            game.emit(Event::CardRecast {
                seat: self.seat,
                card: self.card,
            });
            game.put_in_discard_pile(&[self.card]);
            return Step::Again;
        }
        if game.is_alive(self.seat) {
            game.draw(self.seat, 1);
        }
        Step::Done
    }
}

impl Game {
    /// The hand cards `seat` may recast now (in its play phase): recastable cards, and cards a
    /// conversion of its own makes one of (连环 recasts a ♣ card as 铁索连环).
    pub(crate) fn recastable(&self, seat: Seat) -> Vec<CardId> {
        self.hand(seat)
            .iter()
            .copied()
            .filter(|c| self.recasts(seat, self.card(*c)))
            .collect()
    }

    fn recasts(&self, seat: Seat, card: Card) -> bool {
        if self.card_def(card.kind).recast {
            return true;
        }
        let chosen = [card];
        self.skills(seat).any(|skill| {
            skill.view_as.as_ref().is_some_and(|v| {
                v.cards == 1
                    && (v.usable)(self, seat, CardMode::Play)
                    && (v.as_kind)(&chosen).is_some_and(|k| self.card_def(k).recast)
                    && v.accepts.is_none_or(|f| f(self, seat, &chosen))
            })
        })
    }
}
