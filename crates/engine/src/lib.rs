//! # sgs-engine: the rules of Sanguosha (三国杀) as a platform
//!
//! A deterministic, sans-I/O state machine. It owns the rules and nothing else: no sockets, no
//! clock, no files, no global state. Its caller starts a game from a [`GameConfig`] (or a
//! [`Scenario`]) and a seed; the engine runs until it needs a decision and exposes it as
//! [`Prompt`]s; the caller answers with [`Game::act`]; the engine validates the [`Action`],
//! continues, and returns the [`Event`]s that happened. The same setup, seed and actions give
//! the same game on every machine, so a [`Record`] of them is enough to replay it.
//!
//! A game's rules are a value it carries: its [`Ruleset`] names a mode with its options, card
//! packs, general packs and a text edition. Setup builds the game's own card table and general
//! pool from them; a mode decides roles, selection, rewards and victory.
//!
//! What each seat may know is decided here and only here ([`view`]): [`Game::view`] gives a
//! seat's snapshot and [`Events::for_viewer`] its filtered events.
//!
//! ```
//! use sgs_engine::{Action, Game, GameConfig};
//!
//! let mut game = Game::new(GameConfig::white(4), 7).unwrap();
//! let prompt = game.prompts()[0].clone();
//! // The lord is in its play phase; ending it is always legal.
//! let events = game.act(prompt.seat, Action::Pass).unwrap();
//! assert!(!events.for_viewer(None).is_empty());
//! ```
//!
//! Layers, each importing only those before it:
//! - vocabulary — `card`, `ids`, `seat`, `zone`, `action`, `prompt`, `event`, `error`, `ruleset`;
//! - machinery — the shapes of definitions and their registry (`def`), the state (`game`,
//!   `deck`), setup, the procedures (`resolve/`, `flow/`), visibility (`view`), records
//!   (`record`, `scenario`);
//! - content — card kinds (`cards/`), card packs (`decks/`), skills (`skills/`), general packs
//!   (`generals/`), modes (`modes/`), and `content`, which registers them all.
//!
//! This crate must never do I/O, read the clock, use a non-seeded RNG or iterate a hash map
//! where order matters.

// Vocabulary.
pub mod action;
pub mod card;
pub mod error;
pub mod event;
pub mod ids;
pub mod prompt;
pub mod ruleset;
pub mod seat;
pub mod zone;

// Machinery.
pub mod config;
pub mod deck;
pub mod def;
pub mod flow;
pub mod game;
pub mod position;
pub mod record;
pub mod resolve;
pub mod scenario;
mod setup;
pub mod sim;
pub mod view;

// Content.
pub mod cards;
pub mod content;
pub mod decks;
pub mod generals;
pub mod modes;
pub mod skills;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use action::{Action, Pick};
pub use card::{Card, CardId, CardKind, Category, Color, Nature, Slot, Suit, UsedCard};
pub use config::GameConfig;
pub use content::REGISTRY;
pub use deck::Deck;
pub use error::{ActionError, SetupError};
pub use event::{Camp, Event, Known, Outcome, Side};
pub use game::{Events, Game};
pub use ids::{GeneralId, MarkId, SkillId};
pub use modes::identity::series::{Series, SeriesGame};
pub use modes::identity::RoleTable;
pub use position::Position;
pub use prompt::{Cause, Choices, Phase, Prompt, PromptKind};
pub use record::{Record, ReplayError, RulesVersion, Setup};
pub use ruleset::{OptionValue, Options, PackChoice, Ruleset};
pub use scenario::{CardSpec, Scenario, ScenarioDuo, ScenarioSeat};
pub use seat::{Gender, Kingdom, Role, RoleCounts, Seat};
pub use view::{EventView, SeatView, View};
pub use zone::{Visibility, Zone};

/// The engine version written into records (for debugging: replays do not depend on it).
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
