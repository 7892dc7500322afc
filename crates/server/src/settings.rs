//! [`RoomSettings`]: a host's [`RoomOptions`], validated against the server's limits.

use sgs_engine::{Game, GameConfig, GeneralPack, RoleTable, Scenario};
use sgs_protocol::{ErrorCode, RoomOptions};

use crate::config::Config;
use crate::error::ServerError;
use crate::lobby::random_code;

/// A room's settings, fixed at creation.
#[derive(Clone, Debug)]
pub struct RoomSettings {
    pub name: String,
    pub seats: u8,
    pub generals: GeneralPack,
    pub ex_cards: bool,
    pub role_table: RoleTable,
    pub decision_timeout_ms: u64,
    pub play_timeout_ms: u64,
    pub private: bool,
    pub password: Option<String>,
    /// Lets others into a private room without the password.
    pub invite: Option<String>,
    pub allow_spectators: bool,
    pub fill_bots: bool,
    pub scenario: Option<Scenario>,
}

fn bad(message: impl Into<String>) -> ServerError {
    ServerError::new(ErrorCode::BadOptions, message)
}

impl RoomSettings {
    /// Validates `options`: seat count, name and password lengths, timeouts clamped to the
    /// server's limits, and a practice scenario the engine accepts.
    pub fn from_options(options: RoomOptions, config: &Config) -> Result<Self, ServerError> {
        let name: String = options
            .name
            .chars()
            .filter(|c| !c.is_control())
            .collect::<String>()
            .trim()
            .to_string();
        if name.chars().count() > 40 {
            return Err(bad("the room name is longer than 40 characters"));
        }
        let password = options.password.filter(|p| !p.is_empty());
        if password.as_ref().is_some_and(|p| p.chars().count() > 64) {
            return Err(bad("the password is longer than 64 characters"));
        }
        let seats = match &options.scenario {
            Some(scenario) => {
                // The engine validates the whole table; a room never holds a bad scenario.
                Game::from_scenario(scenario.clone())?;
                u8::try_from(scenario.seats.len()).unwrap_or(u8::MAX)
            }
            None => {
                if !(2..=10).contains(&options.seats) {
                    return Err(bad(format!("{} seats is outside 2..=10", options.seats)));
                }
                let config = GameConfig {
                    players: options.seats,
                    role_table: options.role_table,
                    ..GameConfig::default()
                };
                Game::new(config, 0)?;
                options.seats
            }
        };
        Ok(RoomSettings {
            name: if name.is_empty() {
                "room".to_string()
            } else {
                name
            },
            seats,
            generals: options.generals,
            ex_cards: options.ex_cards,
            role_table: options.role_table,
            decision_timeout_ms: config
                .clamp_timeout(options.decision_timeout_ms, config.decision_timeout_ms),
            play_timeout_ms: config.clamp_timeout(options.play_timeout_ms, config.play_timeout_ms),
            private: options.private,
            invite: options.private.then(|| random_code(10)),
            password,
            allow_spectators: options.allow_spectators,
            fill_bots: options.fill_bots,
            scenario: options.scenario,
        })
    }

    /// May someone with this password or invite code join?
    pub fn admits(&self, password: Option<&str>, invite: Option<&str>) -> bool {
        let by_password = self
            .password
            .as_deref()
            .is_some_and(|p| Some(p) == password);
        let by_invite = self.invite.as_deref().is_some_and(|i| Some(i) == invite);
        match (&self.password, self.private) {
            (None, false) => true,
            _ => by_password || by_invite,
        }
    }

    /// The engine config of a new game (`auto_pass` only without people: it would leak hands).
    pub fn game_config(&self, with_people: bool) -> GameConfig {
        GameConfig {
            players: self.seats,
            role_table: self.role_table,
            ex_cards: self.ex_cards,
            generals: self.generals,
            auto_pass: !with_people,
            ..GameConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked_and_clamped() {
        let config = Config::default();
        let too_many = RoomOptions {
            seats: 11,
            ..RoomOptions::default()
        };
        let error = RoomSettings::from_options(too_many, &config).unwrap_err();
        assert_eq!(error.code, ErrorCode::BadOptions);
        let quick = RoomOptions {
            decision_timeout_ms: Some(1),
            ..RoomOptions::default()
        };
        let settings = RoomSettings::from_options(quick, &config).unwrap();
        assert_eq!(settings.decision_timeout_ms, config.min_timeout_ms);
        let bad_scenario = RoomOptions {
            scenario: Some(Scenario::default()),
            ..RoomOptions::default()
        };
        let error = RoomSettings::from_options(bad_scenario, &config).unwrap_err();
        assert_eq!(error.code, ErrorCode::BadSetup);
    }

    #[test]
    fn private_rooms_need_the_password_or_the_invite() {
        let options = RoomOptions {
            private: true,
            password: Some("pw".into()),
            ..RoomOptions::default()
        };
        let settings = RoomSettings::from_options(options, &Config::default()).unwrap();
        let invite = settings.invite.clone().unwrap();
        assert!(settings.admits(Some("pw"), None));
        assert!(settings.admits(None, Some(&invite)));
        assert!(!settings.admits(Some("nope"), None));
        assert!(!settings.admits(None, None));
        let open = RoomSettings::from_options(RoomOptions::default(), &Config::default()).unwrap();
        assert!(open.admits(None, None));
    }
}
