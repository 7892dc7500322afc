//! 胜负 Victory in 斗地主 (M-DDZ-10): the landlord's death wins the game for both farmers (a dead
//! one too); both farmers dead, the landlord wins.

use crate::event::{Camp, Outcome};
use crate::game::Game;
use crate::seat::{Role, Seat};

/// The outcome if the game is decided now.
pub fn check(game: &Game) -> Option<Outcome> {
    let seats: Vec<Seat> = (0..game.seat_count()).map(|i| Seat(i as u8)).collect();
    let roles: Vec<Role> = seats.iter().map(|s| game.role(*s)).collect();
    let farmers: Vec<Seat> = seats
        .iter()
        .copied()
        .filter(|s| game.role(*s) == Role::Rebel)
        .collect();
    let (winner, winners) = if !game.is_alive(game.lord()) {
        (Camp::Farmers, farmers)
    } else if farmers.iter().all(|s| !game.is_alive(*s)) {
        (Camp::Landlord, vec![game.lord()])
    } else {
        return None;
    };
    Some(Outcome {
        winner: Some(winner),
        winners,
        roles,
    })
}
