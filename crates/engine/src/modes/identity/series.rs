//! 计分赛 The scoring league played as a series in one room (`modes.md` V-JF-2, "推广版计分赛"):
//! as many games as seats; the lord passes to the next seat (下家) each game while the other
//! roles are dealt at random; each game scores by tables 1 and 2 ([`score::points`]); after
//! everyone has been lord once, the highest total wins.
//!
//! The room keeps a [`Series`] between games and asks it, before each game, for the options that
//! game is dealt with ([`Series::next_options`]: who is lord). The engine plays each game as an
//! ordinary identity game.

use serde::{Deserialize, Serialize};

use crate::def::option;
use crate::game::Game;
use crate::ruleset::{OptionValue, Options};
use crate::seat::Seat;

use super::{score, OPTIONS};

/// Is the 计分赛 series on in these identity options?
pub fn enabled(options: &Options) -> bool {
    option::choice(OPTIONS, options, "series") != "off"
}

/// A series in progress or finished: its length, who was lord, and every game's points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Series {
    /// Games in the series: one per seat (V-JF-2).
    pub games: u8,
    /// The lord of the first game; each later game's lord is the next seat after the last.
    pub first_lord: Seat,
    /// The games played so far, in order.
    pub played: Vec<SeriesGame>,
}

/// One game of a series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeriesGame {
    /// Its lord.
    pub lord: Seat,
    /// Its points per seat (V-JF tables 1 and 2).
    pub points: Vec<i32>,
    /// The first seat eliminated, if anyone died.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_out: Option<Seat>,
}

impl Series {
    /// A new series for `seats` seats whose first lord is `first_lord`.
    pub fn new(seats: u8, first_lord: Seat) -> Self {
        Series {
            games: seats,
            first_lord,
            played: Vec::new(),
        }
    }

    /// Has every seat been lord once?
    pub fn is_over(&self) -> bool {
        self.played.len() >= usize::from(self.games)
    }

    /// The lord of the next game (V-JF-2: the lord passes to the next seat); `None` once over.
    pub fn next_lord(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        let k = self.played.len() as u8;
        Some(Seat((self.first_lord.0 + k) % self.games.max(1)))
    }

    /// The identity options the next game is dealt with: `options` with the lord at the next
    /// lord's seat (`lord_seat` counts from 1). The other roles stay random.
    pub fn next_options(&self, options: &Options) -> Options {
        let mut options = options.clone();
        if let Some(lord) = self.next_lord() {
            options = options.with("lord_seat", OptionValue::Number(i64::from(lord.0) + 1));
        }
        // 暗魂: the first out of the previous game is protected (V-AH-1).
        if option::choice(OPTIONS, &options, "series") == "anhun" {
            let first_out = self.played.last().and_then(|g| g.first_out);
            let protected = first_out.map_or(0, |s| i64::from(s.0) + 1);
            options = options.with("protected", OptionValue::Number(protected));
        }
        options
    }

    /// Scores a finished game of the series and adds it. Nothing for a game still running.
    pub fn record(&mut self, game: &Game) {
        let Some(outcome) = game.outcome() else {
            return;
        };
        let deaths = game.deaths();
        self.played.push(SeriesGame {
            lord: game.lord(),
            points: score::points(outcome, deaths),
            first_out: deaths.first().map(|(seat, _)| *seat),
        });
    }

    /// Every seat's total so far.
    pub fn totals(&self) -> Vec<i32> {
        let mut totals = vec![0; usize::from(self.games)];
        for game in &self.played {
            for (total, points) in totals.iter_mut().zip(&game.points) {
                *total += points;
            }
        }
        totals
    }

    /// The seats with the highest total (V-JF-2: the series' winners once it is over; ties
    /// share the win).
    pub fn leaders(&self) -> Vec<Seat> {
        let totals = self.totals();
        let best = totals.iter().copied().max().unwrap_or(0);
        (0..totals.len())
            .filter(|&i| totals[i] == best)
            .map(|i| Seat(i as u8))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameConfig, Role};

    /// V-JF-2: five seats, five games; the lord passes round the table from the first lord.
    #[test]
    fn v_jf_2_the_lord_passes_to_the_next_seat_each_game() {
        let mut series = Series::new(5, Seat(3));
        let mut lords = Vec::new();
        while let Some(lord) = series.next_lord() {
            lords.push(lord.0);
            series.played.push(SeriesGame {
                lord,
                points: vec![0; 5],
                first_out: None,
            });
        }
        assert_eq!(lords, [3, 4, 0, 1, 2]);
        assert!(series.is_over());
    }

    /// V-JF-2: the options of the next game deal the lord to the next lord's seat; the other
    /// roles stay random.
    #[test]
    fn v_jf_2_the_next_game_is_dealt_its_lord() {
        let series = Series {
            games: 5,
            first_lord: Seat(0),
            played: vec![SeriesGame {
                lord: Seat(0),
                points: vec![0; 5],
                first_out: None,
            }],
        };
        let options = series.next_options(&Options::default().with("series", "on"));
        for seed in 0..10 {
            let mut config = GameConfig::white(5);
            config.ruleset.options = options.clone();
            let game = Game::new(config, seed).unwrap();
            assert_eq!(game.lord(), Seat(1));
            assert_eq!(game.role(Seat(1)), Role::Lord);
        }
    }

    /// V-JF-2: totals add every game's points; the highest total wins, a tie shares it.
    #[test]
    fn v_jf_2_totals_and_the_winners() {
        let game = |lord: u8, points: [i32; 3]| SeriesGame {
            lord: Seat(lord),
            points: points.to_vec(),
            first_out: None,
        };
        let mut series = Series::new(3, Seat(0));
        series.played = vec![game(0, [6, 0, 3]), game(1, [1, 8, 0])];
        assert_eq!(series.totals(), [7, 8, 3]);
        assert_eq!(series.leaders(), [Seat(1)]);
        series.played.push(game(2, [1, 0, 5]));
        assert_eq!(series.totals(), [8, 8, 8]);
        assert_eq!(series.leaders(), [Seat(0), Seat(1), Seat(2)]);
    }

    /// V-JF: a finished game is scored from its outcome and its deaths in order: the lord of a
    /// two-seat table kills the 1-HP rebel — the lord's side wins, 4 with no loyalist + 1 for
    /// the rebel it killed; the rebel out first.
    #[test]
    fn v_jf_a_finished_game_is_scored_from_its_deaths() {
        use crate::card::CardKind;
        use crate::testing::{cards, seat, table, Check};
        let mut s = table(&[Role::Lord, Role::Rebel]);
        s.ruleset = s.ruleset.with_option("series", "on");
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(c.game.is_over());
        assert_eq!(c.game.deaths(), [(Seat(1), Some(Seat(0)))]);
        let mut series = Series::new(2, Seat(0));
        series.record(&c.game);
        assert_eq!(
            series.played,
            [SeriesGame {
                lord: Seat(0),
                points: vec![5, 0],
                first_out: Some(Seat(1)),
            }]
        );
        assert_eq!(series.next_lord(), Some(Seat(1)));
    }
}
