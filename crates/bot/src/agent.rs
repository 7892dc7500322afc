//! [`Agent`]: something that answers a seat's prompts from what that seat may know, and the
//! baseline [`RandomAgent`].
//!
//! An agent never sees the engine's `Game`: it is fed the seat's filtered events
//! ([`Agent::observe`]) and asked to answer the seat's own pending prompt with the seat's
//! [`View`] ([`Agent::decide`]). [`answer`] wraps a decision with the legality guard every
//! caller should use.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sgs_engine::{Action, EventView, Prompt, View};

/// A player that decides from what its seat may know.
pub trait Agent {
    /// Takes note of events the seat has seen (filtered for it), in order.
    fn observe(&mut self, events: &[EventView]);

    /// Answers `prompt` (the seat's own pending prompt; `view.prompt` holds the same one).
    /// The answer should be legal; callers go through [`answer`], which falls back to the
    /// prompt's default if it is not.
    fn decide(&mut self, view: &View, prompt: &Prompt) -> Action;

    /// A short name for reports ("random", "heuristic").
    fn name(&self) -> &'static str;

    /// A decision too slow to take on the caller's thread, as a job the caller runs elsewhere
    /// (`None`: answer with [`decide`](Agent::decide) now). The caller gives the job's answer —
    /// or, when it cannot run it in time, [`quick`](Agent::quick)'s — and tells the agent with
    /// [`answered`](Agent::answered). Only the search agent has such decisions.
    fn think(&mut self, _view: &View, _prompt: &Prompt) -> Option<crate::search::SearchJob> {
        None
    }

    /// The answer a [`think`](Agent::think) job gave to `prompt` (the agent takes note of it).
    fn answered(&mut self, _prompt: &Prompt, _action: &Action) {}

    /// What the agent's searches did so far (`None`: it does not search).
    fn search_stats(&self) -> Option<crate::search::SearchStats> {
        None
    }

    /// A fast answer (the heuristic's, for the search agent): for when a job cannot run.
    fn quick(&mut self, view: &View, prompt: &Prompt) -> Action {
        self.decide(view, prompt)
    }
}

/// Asks `agent` for an answer to `prompt` and makes sure it is legal: an illegal answer is
/// replaced by the prompt's default answer (and fails a debug assertion, since it is a bug).
pub fn answer(agent: &mut dyn Agent, view: &View, prompt: &Prompt) -> Action {
    let action = agent.decide(view, prompt);
    if prompt.choices.allows(&action) {
        return action;
    }
    // An agent must only give legal answers; this is a bug in the agent.
    debug_assert!(
        false,
        "{} agent gave an illegal answer {action:?} to {prompt:?}",
        agent.name()
    );
    prompt.default_action()
}

/// Uniformly random over the legal answers: the baseline.
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn observe(&mut self, _: &[EventView]) {}

    fn decide(&mut self, _: &View, prompt: &Prompt) -> Action {
        sgs_engine::sim::random_action(prompt, &mut self.rng)
    }

    fn name(&self) -> &'static str {
        "random"
    }
}

/// Which agent plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AgentKind {
    #[default]
    Random,
    Heuristic,
    /// Determinized rollout search over the heuristic ([`crate::search`]), at its default
    /// budget.
    Search,
}

impl AgentKind {
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Heuristic => "heuristic",
            AgentKind::Search => "search",
        }
    }

    /// Parses "random", "heuristic" or "search".
    pub fn parse(text: &str) -> Option<AgentKind> {
        match text.trim() {
            "random" => Some(AgentKind::Random),
            "heuristic" => Some(AgentKind::Heuristic),
            "search" => Some(AgentKind::Search),
            _ => None,
        }
    }

    /// A fresh agent of this kind for `seat` at a table of `config` (public: the search samples
    /// with its rules), seeded with `seed`.
    pub fn make(
        self,
        seat: sgs_engine::Seat,
        seed: u64,
        config: &sgs_engine::GameConfig,
    ) -> Box<dyn Agent> {
        match self {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            AgentKind::Heuristic => Box::new(crate::heuristic::HeuristicAgent::for_ruleset(
                seat,
                &config.ruleset,
            )),
            AgentKind::Search => {
                match crate::search::sample::TableRules::new(
                    config.ruleset.clone(),
                    config.auto_pass,
                ) {
                    Ok(rules) => Box::new(crate::search::SearchAgent::new(
                        seat,
                        seed,
                        rules,
                        crate::search::SearchConfig::default(),
                    )),
                    // A ruleset the engine refuses has no game to play anyway.
                    Err(_) => Box::new(crate::heuristic::HeuristicAgent::new(seat)),
                }
            }
        }
    }
}
