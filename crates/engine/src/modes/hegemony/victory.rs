//! 胜负 Victory (H-WIN-1/2, H-PROC-WIN; O-1 default: the early end). Checked after every death
//! (once the dead character's generals are shown) and after every ordinary reveal.
//!
//! One survivor wins with every dead member of its faction (a careerist alone). With several
//! survivors, the hidden ones are revealed in thought, in seat order from the current seat, each
//! taking its main general's kingdom unless that would make it a careerist (H-CAR-1); if then
//! every survivor is of one faction, and no careerist, that faction wins, its dead included. The
//! hidden survivors are shown when the game ends (`Game::finish`). Under `strict_victory`
//! (H-WIN-STRICT) several survivors must all have shown a general first.

use crate::event::{Camp, Outcome};
use crate::flow::duo::camp_of;
use crate::game::Game;
use crate::seat::Seat;

/// The outcome if the game is decided now.
pub fn check(game: &Game) -> Option<Outcome> {
    if game.duos().is_empty() {
        return without_generals(game);
    }
    if game.duos().len() != game.seat_count() || game.duos().iter().any(|d| !d.offer.is_empty()) {
        return None;
    }
    let n = game.seat_count();
    let mut factions: Vec<Option<Camp>> = (0..n).map(|i| game.faction(Seat(i as u8))).collect();
    let alive = game.order_from(game.turn.seat);
    // H-WIN-STRICT: with several survivors, none may be hidden.
    let strict = super::strict_victory(game.mode_options());
    if strict && alive.len() > 1 && alive.iter().any(|s| factions[s.index()].is_none()) {
        return None;
    }
    for seat in &alive {
        if factions[seat.index()].is_some() {
            continue;
        }
        let kingdom = camp_of(game.duo_kingdom(*seat)?);
        let same = factions.iter().filter(|f| **f == Some(kingdom)).count();
        factions[seat.index()] = Some(if same + 1 > n / 2 {
            Camp::Careerist
        } else {
            kingdom
        });
    }
    let first = *alive.first()?;
    let faction = factions[first.index()]?;
    let winners: Vec<Seat> = if alive.len() == 1 {
        if faction == Camp::Careerist {
            vec![first]
        } else {
            (0..n)
                .map(|i| Seat(i as u8))
                .filter(|s| factions[s.index()] == Some(faction))
                .collect()
        }
    } else {
        if faction == Camp::Careerist || alive.iter().any(|s| factions[s.index()] != Some(faction))
        {
            return None;
        }
        (0..n)
            .map(|i| Seat(i as u8))
            .filter(|s| factions[s.index()] == Some(faction))
            .collect()
    };
    Some(Outcome {
        winner: Some(faction),
        winners,
        roles: (0..n).map(|i| game.role(Seat(i as u8))).collect(),
    })
}

/// A table without two generals per seat (white generals, or a practice table): each seat is
/// of its general's kingdom, a white general's seat alone; the last kingdom standing wins.
fn without_generals(game: &Game) -> Option<Outcome> {
    use crate::seat::Kingdom;
    let n = game.seat_count();
    let alive = game.order_from(game.turn.seat);
    let first = *alive.first()?;
    let kingdom = |s: Seat| game.seat(s).kingdom;
    let alone = |k: Kingdom| matches!(k, Kingdom::None | Kingdom::God);
    let k = kingdom(first);
    let (winner, winners) = if alive.len() == 1 && alone(k) {
        (Camp::Careerist, alive)
    } else if !alone(k) && alive.iter().all(|s| kingdom(*s) == k) {
        let all = (0..n).map(|i| Seat(i as u8)).filter(|s| kingdom(*s) == k);
        (camp_of(k), all.collect())
    } else {
        return None;
    };
    Some(Outcome {
        winner: Some(winner),
        winners,
        roles: (0..n).map(|i| game.role(Seat(i as u8))).collect(),
    })
}
