//! 胜负 Victory in 2v2 (M-2V2-6): a team wins (its dead member too) when both enemies are dead.

use crate::event::{Camp, Outcome};
use crate::game::Game;
use crate::seat::{Role, Seat};

/// The outcome if the game is decided now.
pub fn check(game: &Game) -> Option<Outcome> {
    let seats: Vec<Seat> = (0..game.seat_count()).map(|i| Seat(i as u8)).collect();
    let roles: Vec<Role> = seats.iter().map(|s| game.role(*s)).collect();
    let team = |role: Role| -> Vec<Seat> {
        seats
            .iter()
            .copied()
            .filter(|s| game.role(*s) == role)
            .collect()
    };
    let (a, b) = (team(Role::Loyalist), team(Role::Rebel));
    let out = |team: &[Seat]| team.iter().all(|s| !game.is_alive(*s));
    let (winner, winners) = if out(&b) {
        (Camp::Loyalists, a)
    } else if out(&a) {
        (Camp::Rebels, b)
    } else {
        return None;
    };
    Some(Outcome {
        winner: Some(winner),
        winners,
        roles,
    })
}
