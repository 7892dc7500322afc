//! # sgs-engine: the rules of Sanguosha (三国杀), identity mode (身份局)
//!
//! A deterministic, sans-I/O state machine. It owns the rules and nothing else: no sockets, no
//! clock, no files, no global state. Its caller starts a game from a [`GameConfig`] (or a
//! [`Scenario`]) and a seed; the engine runs until it needs a decision and exposes it as
//! [`Prompt`]s; the caller answers with [`Game::act`]; the engine validates the [`Action`],
//! continues, and returns the [`Event`]s that happened. The same setup, seed and actions give
//! the same game on every machine, so a [`Record`] of them is enough to replay it.
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
//! Layout: vocabulary types (`card`, `seat`, `zone`, `action`, `prompt`, `event`), the state
//! (`game`), the machinery (`resolve/`, `flow/`), the content (`cards/`, `skills/`,
//! `generals`), visibility (`view`), and records (`record`, `scenario`).
//!
//! This crate must never do I/O, read the clock, use a non-seeded RNG or iterate a hash map
//! where order matters.

pub mod action;
pub mod card;
pub mod cards;
pub mod config;
pub mod error;
pub mod event;
pub mod flow;
pub mod game;
pub mod generals;
pub mod prompt;
pub mod record;
pub mod resolve;
pub mod scenario;
pub mod seat;
mod setup;
pub mod sim;
pub mod skills;
pub mod view;
pub mod zone;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use action::{Action, Pick};
pub use card::{Card, CardId, CardKind, Category, Color, Slot, Suit, UsedCard};
pub use config::{GameConfig, GeneralPack};
pub use error::{ActionError, SetupError};
pub use event::{Event, Known, Nature, Outcome, Side};
pub use game::{Events, Game};
pub use generals::GeneralId;
pub use prompt::{Cause, Choices, Phase, Prompt, PromptKind};
pub use record::{Record, ReplayError, Setup};
pub use scenario::{CardSpec, Scenario, ScenarioSeat};
pub use seat::{Gender, Kingdom, Role, RoleTable, Seat};
pub use skills::SkillId;
pub use view::{EventView, SeatView, View};
pub use zone::Zone;

/// The engine version written into records.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
