//! 胜负 Win conditions of identity mode, checked at every death (`timing-rulings.md` D.22,
//! `modes.md` M-ID-3).

use crate::event::{Camp as Side, Outcome};
use crate::game::Game;
use crate::seat::{Role, Seat};

/// The outcome if the game is decided now.
pub fn check(game: &Game) -> Option<Outcome> {
    let seats = || (0..game.seat_count()).map(|i| Seat(i as u8));
    let roles: Vec<Role> = seats().map(|s| game.role(s)).collect();
    let with_role =
        |role: Role| -> Vec<Seat> { seats().filter(|s| game.role(*s) == role).collect() };
    // 转世: a reincarnated character counts as dead (V-ZS-6).
    let counts = |s: Seat| game.is_alive(s) && !super::zhuanshi::reborn(game, s);
    let alive: Vec<Seat> = seats().filter(|s| counts(*s)).collect();
    let (winner, winners) = if !game.is_alive(game.lord()) {
        match alive.as_slice() {
            // The lord fell to a lone renegade who outlived everyone else.
            [only] if game.role(*only) == Role::Renegade => (Side::Renegade, vec![*only]),
            _ => (Side::Rebels, with_role(Role::Rebel)),
        }
    } else if alive
        .iter()
        .all(|s| !matches!(game.role(*s), Role::Rebel | Role::Renegade))
    {
        let mut winners = with_role(Role::Lord);
        winners.extend(with_role(Role::Loyalist));
        winners.sort();
        (Side::Lord, winners)
    } else {
        return None;
    };
    Some(Outcome {
        winner: Some(winner),
        winners,
        roles,
    })
}
