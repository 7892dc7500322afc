//! 计分赛 The scoring league's points for one game (`modes.md` V-JF): the result score of
//! table 1 by role and outcome, plus the personal bonus of table 2 for kills.
//!
//! Pure: from the outcome and the deaths in the order they happened (who died, who killed it),
//! as a room keeps them while the game is played (`Event::Died`).

use crate::event::{Camp, Outcome};
use crate::seat::{Role, Seat};

/// One game's points per seat (V-JF tables 1 and 2); `deaths` in order, with their killers.
pub fn points(outcome: &Outcome, deaths: &[(Seat, Option<Seat>)]) -> Vec<i32> {
    let roles = &outcome.roles;
    let n = roles.len() as i32;
    let alive_at_end = |seat: usize| !deaths.iter().any(|(dead, _)| dead.index() == seat);
    let living = |role: Role| {
        (0..roles.len())
            .filter(|&s| roles[s] == role && alive_at_end(s))
            .count() as i32
    };
    let (loyalists, rebels) = (living(Role::Loyalist), living(Role::Rebel));
    let lost_final_duel = final_duels(roles, deaths);
    (0..roles.len())
        .map(|seat| {
            let role = roles[seat];
            let result = match (role, outcome.winner) {
                (Role::Lord, Some(Camp::Lord)) => 4 + loyalists * 2,
                (Role::Lord, Some(Camp::Renegade)) => 1,
                (Role::Loyalist, Some(Camp::Lord)) => 5 + loyalists,
                (Role::Rebel, Some(Camp::Rebels)) => rebels * 3,
                (Role::Renegade, Some(Camp::Renegade)) => 4 + n * 2,
                (Role::Renegade, Some(Camp::Lord)) if lost_final_duel[seat] => n,
                (Role::Renegade, Some(Camp::Rebels)) if alive_at_end(seat) => 1,
                _ => 0,
            };
            result + bonus(seat, role, outcome, roles, deaths)
        })
        .collect()
}

/// Table 2: a winning lord or loyalist +1 for each rebel or renegade it killed; a rebel +1 for
/// each loyalist or renegade and +2 for the lord, won or lost (V-JF-3).
fn bonus(
    seat: usize,
    role: Role,
    outcome: &Outcome,
    roles: &[Role],
    deaths: &[(Seat, Option<Seat>)],
) -> i32 {
    let won = outcome.winners.iter().any(|w| w.index() == seat);
    deaths
        .iter()
        .filter(|(_, killer)| killer.is_some_and(|k| k.index() == seat))
        .map(|(dead, _)| match (role, roles[dead.index()]) {
            (Role::Lord | Role::Loyalist, Role::Rebel | Role::Renegade) if won => 1,
            (Role::Rebel, Role::Loyalist | Role::Renegade) => 1,
            (Role::Rebel, Role::Lord) => 2,
            _ => 0,
        })
        .sum()
}

/// V-JF-1: per seat, was it a renegade that died as one of the last two living characters, the
/// other being the lord?
fn final_duels(roles: &[Role], deaths: &[(Seat, Option<Seat>)]) -> Vec<bool> {
    let mut alive: Vec<bool> = vec![true; roles.len()];
    let mut lost = vec![false; roles.len()];
    for (dead, _) in deaths {
        let living: Vec<usize> = (0..roles.len()).filter(|&s| alive[s]).collect();
        let with_lord = living.len() == 2 && living.iter().any(|&s| roles[s] == Role::Lord);
        if roles[dead.index()] == Role::Renegade && with_lord {
            lost[dead.index()] = true;
        }
        alive[dead.index()] = false;
    }
    lost
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lord 0, loyalists 1 and 2, rebels 3–6, renegade 7: an 8-seat table.
    fn roles() -> Vec<Role> {
        use Role::*;
        vec![
            Lord, Loyalist, Loyalist, Rebel, Rebel, Rebel, Rebel, Renegade,
        ]
    }

    fn outcome(winner: Camp, winners: &[u8]) -> Outcome {
        Outcome {
            winner: Some(winner),
            winners: winners.iter().map(|s| Seat(*s)).collect(),
            roles: roles(),
        }
    }

    fn deaths(list: &[(u8, Option<u8>)]) -> Vec<(Seat, Option<Seat>)> {
        list.iter().map(|(d, k)| (Seat(*d), k.map(Seat))).collect()
    }

    /// V-JF tables 1 and 2, the lord's side winning with no loyalist left: the lord 4 and +1
    /// for each rebel or renegade it killed; each (dead) loyalist 5, one +2 for its kills; the
    /// renegade, killed in the final duel with the lord (V-JF-1), N × 1 = 8; a rebel who killed
    /// a loyalist keeps its +1 though the rebels lost (V-JF-3).
    #[test]
    fn v_jf_the_lords_side_wins() {
        let died = deaths(&[
            (1, Some(3)),
            (3, Some(2)),
            (4, Some(0)),
            (5, Some(0)),
            (6, Some(2)),
            (2, Some(7)),
            (7, Some(0)),
        ]);
        let got = points(&outcome(Camp::Lord, &[0, 1, 2]), &died);
        assert_eq!(got, vec![4 + 3, 5, 5 + 2, 1, 0, 0, 0, 8]);
    }

    /// V-JF-1: a renegade killed while a loyalist still stands did not lose a final duel: 0;
    /// the living loyalist counts for the lord (+2) and for each loyalist (+1).
    #[test]
    fn v_jf_1_a_renegade_not_in_the_final_duel() {
        let died = deaths(&[
            (1, Some(3)),
            (3, Some(2)),
            (4, Some(0)),
            (5, Some(0)),
            (7, Some(0)),
            (6, Some(2)),
        ]);
        let got = points(&outcome(Camp::Lord, &[0, 1, 2]), &died);
        assert_eq!(got, vec![4 + 2 + 3, 5 + 1, 5 + 1 + 2, 1, 0, 0, 0, 0]);
    }

    /// Rebels win: each rebel 3 × living rebels (two), the one that killed the lord +2; the
    /// renegade alive at the end 1; the lord's side nothing.
    #[test]
    fn v_jf_the_rebels_win() {
        let died = deaths(&[(3, Some(1)), (4, Some(0)), (0, Some(5))]);
        let got = points(&outcome(Camp::Rebels, &[3, 4, 5, 6]), &died);
        assert_eq!(got, vec![0, 0, 0, 6, 6, 6 + 2, 6, 1]);
    }

    /// The renegade wins: 4 + 2N = 20, the lord 1, its kills worth +1 only to a winner; a
    /// renegade dead at the end of a rebel win scores 0.
    #[test]
    fn v_jf_the_renegade_wins_and_a_dead_renegade_scores_nothing() {
        let died = deaths(&[
            (1, Some(7)),
            (2, Some(7)),
            (3, Some(0)),
            (4, Some(7)),
            (5, Some(7)),
            (6, Some(7)),
            (0, Some(7)),
        ]);
        let got = points(&outcome(Camp::Renegade, &[7]), &died);
        assert_eq!(got, vec![1, 0, 0, 0, 0, 0, 0, 20]);

        let died = deaths(&[(7, Some(3)), (0, Some(3))]);
        let got = points(&outcome(Camp::Rebels, &[3, 4, 5, 6]), &died);
        assert_eq!(got[7], 0);
        assert_eq!(got[3], 12 + 1 + 2);
    }
}
