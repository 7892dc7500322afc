//! 计分赛 A room's scoring series (`modes.md` V-JF-2): when the identity option `series` is on,
//! the room plays as many games as seats, dealing each game's lord to the next seat
//! (`sgs_engine::Series` knows whose turn it is), scores each finished game, keeps the running
//! table (shown in `RoomInfo::series`, stored with the room's row and with each game's results)
//! and, after the last game, starts a new series at the next start.

use sgs_engine::{GameConfig, Seat, Series};

use crate::room::Room;

impl Room {
    /// Does this room play 计分赛 series? (Identity rooms with the option on; never practice.)
    pub(crate) fn plays_series(&self) -> bool {
        let ruleset = &self.settings.ruleset;
        self.settings.scenario.is_none()
            && ruleset.mode == sgs_engine::modes::identity::MODE.id
            && sgs_engine::modes::identity::series::enabled(&ruleset.options)
    }

    /// Is a series under way (some games played, more to come)? Then seats stay as they are
    /// (no new draw by lot): the scores are by seat.
    pub(crate) fn series_under_way(&self) -> bool {
        self.series
            .as_ref()
            .is_some_and(|s| !s.played.is_empty() && !s.is_over())
    }

    /// Before a game starts: a new series if none is under way (the first seat is lord first),
    /// and `config` dealt with the lord the series names.
    pub(crate) fn series_config(&mut self, config: GameConfig) -> GameConfig {
        if !self.plays_series() {
            self.series = None;
            return config;
        }
        let seats = self.settings.seats;
        let series = match &mut self.series {
            Some(series) if !series.is_over() && series.games == seats => series,
            slot => slot.insert(Series::new(seats, Seat(0))),
        };
        let mut config = config;
        config.ruleset.options = series.next_options(&config.ruleset.options);
        config
    }

    /// After a game: its points go into the series. Returns the series as it now stands.
    pub(crate) fn series_record(&mut self) -> Option<Series> {
        let game = self.game.as_ref()?;
        let series = self.series.as_mut()?;
        if series.is_over() {
            return None;
        }
        series.record(game);
        Some(series.clone())
    }
}
