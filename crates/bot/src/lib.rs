//! # sgs-bot: players for Sanguosha identity mode
//!
//! An [`Agent`] answers one seat's prompts from what that seat may know: its filtered events
//! and its [`sgs_engine::View`], never the engine's `Game`. Two agents exist:
//! [`RandomAgent`] (uniform over the legal answers, the baseline) and [`HeuristicAgent`]
//! (plays like a decent human: role-aware, infers identities from behaviour, keeps 闪 and 桃 for
//! when they matter, uses every standard general's skills with sensible conditions).
//!
//! [`arena`] plays whole games with one agent per seat, deterministically for a seed;
//! [`strength`] runs many games and reports win rates by side (binary `sgs-strength`).
//! With the `client` feature: the WebSocket bot ([`client`], binary `sgs-bot`) and the load
//! harness ([`load`], binaries `sgs-load` and `sgs-baseline`).
//!
//! ```
//! use sgs_bot::arena::{self, AgentSpec};
//! use sgs_engine::GameConfig;
//!
//! let spec = AgentSpec::parse("lord=heuristic,loyalist=heuristic,rebel=random").unwrap();
//! let result = arena::play(GameConfig { players: 5, ..GameConfig::default() }, 1, &spec, 20_000)
//!     .unwrap();
//! assert!(result.outcome.is_some());
//! ```

pub mod agent;
pub mod arena;
pub mod belief;
#[cfg(feature = "client")]
pub mod client;
pub mod heuristic;
#[cfg(feature = "client")]
pub mod load;
pub mod rules;
pub mod search;
pub mod strength;
pub mod tracker;

pub use agent::{answer, Agent, AgentKind, RandomAgent};
pub use heuristic::HeuristicAgent;
pub use search::{SearchAgent, SearchConfig, SearchJob, SearchStats};
