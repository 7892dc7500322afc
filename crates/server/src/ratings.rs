//! Ratings: a Weng-Lin rating (`skillratings`, a Bayesian TrueSkill-like model that handles
//! teams and many teams in one game) per account per mode, updated when a rated game ends
//! (decision 0011). Pure: the store's writer calls [`rate`] inside the transaction that
//! records the game's results (`storage/writer.rs`).
//!
//! A game is **rated** when every seat was played by an account from start to end of its
//! seat (no bots — a seat given to a bot after its player left still counts that player), at
//! the server's default clocks, not a practice table, and not a draw ([`is_rated`]).
//!
//! **Teams**: the winning seats are one team, ranked first. The losing seats are grouped by role
//! (one team per role: a losing lord's loyalists are their own team, tied with the lord), all
//! ranked second and tied — so the model knows no mode, only who won. A seat whose player
//! **escaped** (left, or in trusteeship at the end) is a loser whatever its camp did: alone in
//! a team of its own, tied with the other losers. (Ranking it below them would let the losers
//! gain from "beating" it.)
//!
//! The leaderboard orders by the conservative score `rating − 3 × uncertainty`.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::storage::AccountId;

/// One seat of a finished game, as rating sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSeat {
    pub account: AccountId,
    pub role: String,
    pub won: bool,
    pub escaped: bool,
    /// The account's rating in the game's mode before the game.
    pub before: Rating,
}

/// A rating: Weng-Lin's mean and uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub uncertainty: f64,
}

impl Default for Rating {
    /// A new account: 25 ± 25/3.
    fn default() -> Self {
        let start = WengLinRating::new();
        Rating {
            rating: start.rating,
            uncertainty: start.uncertainty,
        }
    }
}

impl Rating {
    /// What the leaderboard orders by: the rating the player is very likely above.
    pub fn score(&self) -> f64 {
        self.rating - 3.0 * self.uncertainty
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: self.rating,
            uncertainty: self.uncertainty,
        }
    }
}

/// Is a game with these seats rated? `seats`: each seat's player, and whether that player is
/// an account; `default_clocks`; `decided`: the game has a winner.
pub fn is_rated(seats: &[(Option<AccountId>, bool)], default_clocks: bool, decided: bool) -> bool {
    default_clocks
        && decided
        && seats.len() >= 2
        && seats
            .iter()
            .all(|(player, account)| player.is_some() && *account)
}

/// Every seat's rating after the game, in the order of `seats`.
pub fn rate(seats: &[RatedSeat]) -> Vec<Rating> {
    // Teams: (rank, seat indices).
    let mut teams: Vec<(usize, String, Vec<usize>)> = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        let (rank, name) = match (seat.escaped, seat.won) {
            (true, _) => (2, format!("escaped {i}")),
            (false, true) => (1, "winners".to_string()),
            (false, false) => (2, format!("role {}", seat.role)),
        };
        match teams.iter_mut().find(|(_, n, _)| *n == name) {
            Some((_, _, members)) => members.push(i),
            None => teams.push((rank, name, vec![i])),
        }
    }
    let ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|(_, _, members)| {
            members
                .iter()
                .map(|&i| seats[i].before.weng_lin())
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(&teams)
        .map(|(team, (rank, _, _))| (&team[..], MultiTeamOutcome::new(*rank)))
        .collect();
    let after = weng_lin_multi_team(&input, &WengLinConfig::new());
    let mut out: Vec<Rating> = seats.iter().map(|s| s.before).collect();
    for ((_, _, members), team) in teams.iter().zip(after) {
        for (&i, rating) in members.iter().zip(team) {
            out[i] = Rating {
                rating: rating.rating,
                uncertainty: rating.uncertainty,
            };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(account: AccountId, role: &str, won: bool, escaped: bool) -> RatedSeat {
        RatedSeat {
            account,
            role: role.into(),
            won,
            escaped,
            before: Rating::default(),
        }
    }

    #[test]
    fn winners_go_up_and_losers_down_an_escape_among_them() {
        // Four seats: the rebels win; the lord's loyalist left the game.
        let seats = [
            seat(1, "lord", false, false),
            seat(2, "rebel", true, false),
            seat(3, "rebel", true, false),
            seat(4, "loyalist", false, true),
        ];
        let after = rate(&seats);
        let start = Rating::default();
        assert!(after[1].rating > start.rating && after[2].rating > start.rating);
        assert_eq!(after[1], after[2], "one team, one update");
        assert!(after[0].rating < start.rating);
        assert!(after[3].rating < start.rating, "escaping is a loss");
        assert!(after.iter().all(|r| r.uncertainty < start.uncertainty));
    }

    #[test]
    fn a_winning_seat_that_escaped_loses() {
        let seats = [
            seat(1, "lord", true, false),
            seat(2, "loyalist", true, true),
            seat(3, "rebel", false, false),
        ];
        let after = rate(&seats);
        assert!(after[0].rating > 25.0);
        assert!(after[1].rating < 25.0, "leaving counts as a loss");
    }

    #[test]
    fn only_games_of_accounts_at_default_clocks_with_a_winner_are_rated() {
        let accounts = [(Some(1), true), (Some(2), true)];
        assert!(is_rated(&accounts, true, true));
        assert!(!is_rated(&accounts, false, true), "custom clocks");
        assert!(!is_rated(&accounts, true, false), "a draw");
        assert!(
            !is_rated(&[(Some(1), true), (None, false)], true, true),
            "a bot"
        );
        assert!(
            !is_rated(&[(Some(1), true), (Some(2), false)], true, true),
            "a guest"
        );
        assert!(!is_rated(&[(Some(1), true)], true, true));
    }
}
