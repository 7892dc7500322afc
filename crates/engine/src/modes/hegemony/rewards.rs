//! 奖惩 Rewards and penalties for a kill (H-DEATH-3, H-PROC-DEATH (6)): nothing if there is no
//! killer, if it is dead, or if it has shown no general. A killer of its own faction discards
//! every hand and equipped card; any other killer draws one card for the victim and one for each
//! living determined member of the victim's faction (a careerist victim: one).

use crate::game::Game;
use crate::resolve::Frame;
use crate::seat::Seat;

pub fn on_death(game: &mut Game, dead: Seat, killer: Option<Seat>) -> Option<Frame> {
    let killer = killer.filter(|k| game.is_alive(*k) && game.is_determined(*k))?;
    if game.same_faction(killer, dead) {
        let cards = &game.table().seats[killer.index()];
        let mut all = cards.hand.clone();
        all.extend(cards.equipment());
        game.discard(&all);
    } else {
        let allies = game
            .order_from(killer)
            .into_iter()
            .filter(|s| *s != dead && game.same_faction(*s, dead))
            .count();
        game.draw(killer, 1 + allies);
    }
    None
}
