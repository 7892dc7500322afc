//! [`RoomSettings`]: a host's [`RoomOptions`], validated against the server's limits and the
//! engine's registry (the ruleset). They are stored with the room (`storage`), the password only
//! as its hash; settings stored by server 0.1.0 (flags instead of a ruleset) are read too.

use serde::{Deserialize, Serialize};
use sgs_engine::record::legacy;
use sgs_engine::{Game, GameConfig, Ruleset, Scenario};
use sgs_protocol::{BotLevel, ErrorCode, RoomOptions};

use crate::config::Config;
use crate::error::ServerError;
use crate::lobby::random_code;
use crate::storage::SecretHash;

/// A room's settings, fixed at creation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StoredSettings")]
pub struct RoomSettings {
    pub name: String,
    pub seats: u8,
    /// The rules of the room's games (a practice room's: its scenario's).
    pub ruleset: Ruleset,
    pub decision_timeout_ms: u64,
    pub play_timeout_ms: u64,
    pub private: bool,
    /// The password's hash (the password itself is not kept).
    pub password: Option<SecretHash>,
    /// Lets others into a private room without the password.
    pub invite: Option<String>,
    pub allow_spectators: bool,
    pub fill_bots: bool,
    /// Seats dealt by lot at each start (V-SEAT-1).
    pub seats_by_lot: bool,
    /// How the bots play (issue 22; settings stored before it: the heuristic).
    pub bot_level: BotLevel,
    pub scenario: Option<Scenario>,
}

/// Settings as stored: today's, or server 0.1.0's (no ruleset; `generals`, `ex_cards`,
/// `role_table` flags, and a scenario with `ex_cards`).
#[derive(Deserialize)]
struct StoredSettings {
    name: String,
    seats: u8,
    #[serde(default)]
    ruleset: Option<Ruleset>,
    #[serde(default)]
    generals: Option<String>,
    #[serde(default)]
    ex_cards: Option<bool>,
    #[serde(default)]
    role_table: Option<String>,
    decision_timeout_ms: u64,
    play_timeout_ms: u64,
    private: bool,
    password: Option<SecretHash>,
    invite: Option<String>,
    allow_spectators: bool,
    fill_bots: bool,
    #[serde(default)]
    seats_by_lot: bool,
    #[serde(default)]
    bot_level: BotLevel,
    scenario: Option<serde_json::Value>,
}

impl TryFrom<StoredSettings> for RoomSettings {
    type Error = String;

    fn try_from(stored: StoredSettings) -> Result<Self, String> {
        let (ruleset, scenario) = match stored.ruleset {
            Some(ruleset) => {
                let scenario = stored
                    .scenario
                    .map(serde_json::from_value::<Scenario>)
                    .transpose()
                    .map_err(|e| format!("scenario: {e}"))?;
                (ruleset, scenario)
            }
            None => {
                // Server 0.1.0: the flags name the standard game, as its records' setups did.
                let scenario = stored
                    .scenario
                    .map(legacy::scenario)
                    .transpose()
                    .map_err(|e| format!("scenario: {e}"))?;
                let flags = serde_json::json!({
                    "kind": "config",
                    "value": {
                        "players": stored.seats,
                        "generals": stored.generals,
                        "ex_cards": stored.ex_cards,
                        "role_table": stored.role_table,
                    },
                });
                let ruleset = match legacy::setup(flags).map_err(|e| e.to_string())?.0 {
                    sgs_engine::Setup::Config(config) => config.ruleset,
                    sgs_engine::Setup::Scenario(scenario) => scenario.ruleset,
                };
                let ruleset = scenario.as_ref().map_or(ruleset, |s| s.ruleset.clone());
                (ruleset, scenario)
            }
        };
        Ok(RoomSettings {
            name: stored.name,
            seats: stored.seats,
            ruleset,
            decision_timeout_ms: stored.decision_timeout_ms,
            play_timeout_ms: stored.play_timeout_ms,
            private: stored.private,
            password: stored.password,
            invite: stored.invite,
            allow_spectators: stored.allow_spectators,
            fill_bots: stored.fill_bots,
            seats_by_lot: stored.seats_by_lot,
            bot_level: stored.bot_level,
            scenario,
        })
    }
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
        let (seats, ruleset) = match &options.scenario {
            Some(scenario) => {
                // The engine validates the whole table; a room never holds a bad scenario.
                Game::from_scenario(scenario.clone())?;
                let seats = u8::try_from(scenario.seats.len()).unwrap_or(u8::MAX);
                (seats, scenario.ruleset.clone())
            }
            None => {
                if let Some(mode) = sgs_engine::REGISTRY.mode(&options.ruleset.mode) {
                    let (min, max) = mode.seats;
                    if !(min..=max).contains(&options.seats) {
                        return Err(bad(format!(
                            "{} seats is outside {min}..={max} for {}",
                            options.seats, mode.name_en
                        )));
                    }
                }
                // The engine checks the ruleset against its registry (an unknown mode or pack,
                // a bad option, is a setup error).
                Game::new(GameConfig::new(options.seats, options.ruleset.clone()), 0)?;
                (options.seats, options.ruleset)
            }
        };
        Ok(RoomSettings {
            name: if name.is_empty() {
                "room".to_string()
            } else {
                name
            },
            seats,
            ruleset,
            decision_timeout_ms: config
                .clamp_timeout(options.decision_timeout_ms, config.decision_timeout_ms),
            play_timeout_ms: config.clamp_timeout(options.play_timeout_ms, config.play_timeout_ms),
            private: options.private,
            invite: options.private.then(|| random_code(10)),
            password: password.as_deref().map(SecretHash::of),
            allow_spectators: options.allow_spectators,
            fill_bots: options.fill_bots,
            seats_by_lot: options.seats_by_lot,
            bot_level: options.bot_level,
            scenario: options.scenario,
        })
    }

    /// May someone with this password or invite code join?
    pub fn admits(&self, password: Option<&str>, invite: Option<&str>) -> bool {
        let by_password = self
            .password
            .is_some_and(|p| password.map(SecretHash::of) == Some(p));
        let by_invite = self.invite.as_deref().is_some_and(|i| Some(i) == invite);
        match (&self.password, self.private) {
            (None, false) => true,
            _ => by_password || by_invite,
        }
    }

    /// The engine config of a new game (`auto_pass` only without people: it would leak hands).
    pub fn game_config(&self, with_people: bool) -> GameConfig {
        GameConfig {
            auto_pass: !with_people,
            ..GameConfig::new(self.seats, self.ruleset.clone())
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
        let unknown_pack = RoomOptions {
            ruleset: Ruleset {
                generals: vec!["nope".into()],
                ..Ruleset::standard()
            },
            ..RoomOptions::default()
        };
        let error = RoomSettings::from_options(unknown_pack, &config).unwrap_err();
        assert_eq!(error.code, ErrorCode::BadSetup);
        assert!(error.message.contains("nope"), "{}", error.message);
    }

    #[test]
    fn settings_stored_by_server_0_1_are_read_as_a_ruleset() {
        let stored = r#"{"name":"white","seats":4,"generals":"none","ex_cards":false,
            "role_table":"variant","decision_timeout_ms":15000,"play_timeout_ms":30000,
            "private":false,"password":null,"invite":null,"allow_spectators":true,
            "fill_bots":true,"scenario":null}"#;
        let settings: RoomSettings = serde_json::from_str(stored).unwrap();
        let expected = Ruleset::standard()
            .white()
            .with_option("role_table", "variant")
            .with_card_option("standard", "ex", false);
        assert_eq!(settings.ruleset, expected);
        // Settings stored before the bots' level (issue 22) play the heuristic.
        assert_eq!(settings.bot_level, BotLevel::Heuristic);
        let again: RoomSettings =
            serde_json::from_str(&serde_json::to_string(&settings).unwrap()).unwrap();
        assert_eq!(again, settings);
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
