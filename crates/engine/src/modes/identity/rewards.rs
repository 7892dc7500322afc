//! 奖惩 Rewards and penalties of identity mode (`timing-rulings.md` D.21, `modes.md` M-ID-3):
//! whoever kills a rebel draws 3; a lord who kills a loyalist discards hand and equipment. Nothing
//! when there is no killer or the killer is dead. They apply after the win check: a kill that ends
//! the game gives nothing (D.20).

use crate::game::Game;
use crate::resolve::Frame;
use crate::seat::{Role, Seat};

pub fn reward_or_penalty(game: &mut Game, dead: Seat, killer: Option<Seat>) -> Option<Frame> {
    let killer = killer?;
    if !game.is_alive(killer) {
        return None;
    }
    match (game.role(dead), game.role(killer)) {
        (Role::Rebel, _) => game.draw(killer, 3),
        (Role::Loyalist, Role::Lord) => {
            let cards = &game.table.seats[killer.index()];
            let mut all: Vec<_> = cards.hand.clone();
            all.extend(cards.equipment());
            game.discard(&all);
        }
        _ => {}
    }
    None
}
