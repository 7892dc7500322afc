//! [`SearchAgent`]: determinized rollout search from the seat's own view (issue 22; the choice
//! of method is `docs/decisions/0015-search-agent.md`).
//!
//! In its own play phase, with nothing being resolved, the agent takes the heuristic's best
//! plays as candidates (at most [`SearchConfig::candidates`], and ending the phase), samples
//! complete hidden states from what its seat has seen ([`sample`]), and in each sampled game
//! plays every candidate followed by heuristic play for every seat up to a horizon, scoring the
//! table from its side. Every candidate meets the same samples and the same rollout seeds
//! (common random numbers), so the comparison is between the candidates and not between the
//! samples. The best mean wins; ties keep the heuristic's choice. Every other prompt is the
//! heuristic's, and a prompt with one legal answer costs nothing.
//!
//! The budget is counted in simulations (one rollout of one candidate in one sample), so a
//! decision is a pure function of the seat's view, its events, the seed and the budget.

pub mod sample;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_engine::{
    view, Action, Choices, Event, EventView, Game, Prompt, PromptKind, Role, Seat, View,
};

use crate::agent::{answer, Agent};
use crate::heuristic::HeuristicAgent;
use sample::{Seen, TableRules};

/// How hard the agent searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Simulations per searched decision (samples × candidates).
    pub simulations: u32,
    /// Plays considered besides ending the phase.
    pub candidates: usize,
    /// Turns a rollout plays after the current one.
    pub horizon: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            simulations: 48,
            candidates: 3,
            horizon: 4,
        }
    }
}

/// Figures of the agent's work, for benches and reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions searched.
    pub searched: u64,
    /// Decisions the search changed from the heuristic's choice.
    pub changed: u64,
    /// Samples that could not be built (and were skipped).
    pub failed_samples: u64,
    pub simulations: u64,
}

impl SearchStats {
    /// Adds `other`'s figures to these.
    pub fn add(&mut self, other: SearchStats) {
        self.searched += other.searched;
        self.changed += other.changed;
        self.failed_samples += other.failed_samples;
        self.simulations += other.simulations;
    }
}

/// The search player of one seat.
pub struct SearchAgent {
    seat: Seat,
    heuristic: HeuristicAgent,
    seen: Seen,
    rules: TableRules,
    config: SearchConfig,
    rng: ChaCha8Rng,
    stats: SearchStats,
}

impl SearchAgent {
    pub fn new(seat: Seat, seed: u64, rules: TableRules, config: SearchConfig) -> Self {
        SearchAgent {
            seat,
            // In a 计分赛 series its own heuristic plays for points (the search's score is still
            // the table's material).
            heuristic: HeuristicAgent::for_ruleset(seat, &rules.ruleset),
            seen: Seen::new(seat),
            rules,
            config,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5ea2_c4a9_e47d_0001),
            stats: SearchStats::default(),
        }
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// What the seat has seen, for the sampler.
    pub fn seen(&self) -> &Seen {
        &self.seen
    }

    /// Is this a decision the search takes on (the seat's own play, nothing being resolved)?
    fn searchable(&self, view: &View, prompt: &Prompt) -> bool {
        prompt.kind == PromptKind::Play
            && view.current == self.seat
            && view.phase == Some(sgs_engine::Phase::Play)
            && view.processing.is_empty()
    }

    /// The search of this decision as a job that owns everything it reads (clones of the seat's
    /// memory, a seed drawn from the agent's rng), so it can run on another thread.
    fn job(&mut self, view: &View, prompt: &Prompt, candidates: Vec<Action>) -> SearchJob {
        SearchJob {
            seat: self.seat,
            heuristic: self.heuristic.clone(),
            seen: self.seen.clone(),
            rules: self.rules.clone(),
            config: self.config,
            seed: self.rng.gen(),
            view: view.clone(),
            prompt: prompt.clone(),
            candidates,
        }
    }

    fn add_stats(&mut self, stats: SearchStats) {
        self.stats.add(stats);
    }

    /// The heuristic's candidates for a searchable decision with more than one of them (`None`:
    /// the decision is the heuristic's).
    fn candidates(&mut self, view: &View, prompt: &Prompt) -> Option<Vec<Action>> {
        if single_answer(prompt) || !self.searchable(view, prompt) {
            return None;
        }
        let candidates = self
            .heuristic
            .play_candidates(view, prompt, self.config.candidates);
        (candidates.len() > 1).then_some(candidates)
    }
}

/// One searched decision, owning all it reads: what [`SearchAgent::think`] hands to a caller
/// that runs it off its own thread (the server runs it on a bounded blocking pool). Running it
/// is a pure function of its contents; only `deadline` reads the clock, and a job stopped by it
/// gives no answer (the caller falls back to the heuristic).
pub struct SearchJob {
    seat: Seat,
    heuristic: HeuristicAgent,
    seen: Seen,
    rules: TableRules,
    config: SearchConfig,
    seed: u64,
    view: View,
    prompt: Prompt,
    candidates: Vec<Action>,
}

impl std::fmt::Debug for SearchJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchJob")
            .field("seat", &self.seat)
            .field("candidates", &self.candidates.len())
            .field("config", &self.config)
            .finish()
    }
}

impl SearchJob {
    /// The prompt it answers.
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// Searches: the chosen candidate and the work done, or `None` when `deadline` passed first.
    pub fn run(self, deadline: Option<std::time::Instant>) -> Option<(Action, SearchStats)> {
        let candidates = &self.candidates;
        let c = candidates.len();
        let samples = (self.config.simulations as usize / c).max(1);
        let mut totals = vec![0.0f64; c];
        let mut counted = 0usize;
        let mut stats = SearchStats {
            searched: 1,
            ..SearchStats::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        for _ in 0..samples {
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return None;
            }
            let world_seed: u64 = rng.gen();
            let mut world_rng = ChaCha8Rng::seed_from_u64(world_seed);
            let Some(s) = sample::sample(
                &self.view,
                &self.seen,
                self.heuristic.beliefs(),
                &self.rules,
                &mut world_rng,
            ) else {
                stats.failed_samples += 1;
                continue;
            };
            let game = match sample::build(&self.view, &self.seen, &s, &self.rules, world_seed) {
                Ok(game) => game,
                Err(_) => {
                    stats.failed_samples += 1;
                    continue;
                }
            };
            // The sampled game must ask this seat the same question.
            if game.prompt_for(self.seat) != Some(&self.prompt) {
                stats.failed_samples += 1;
                continue;
            }
            let rollout_seed: u64 = world_rng.gen();
            for (i, action) in candidates.iter().enumerate() {
                let mut g = game.clone();
                totals[i] += self.rollout(&mut g, action, &s.roles, rollout_seed);
                stats.simulations += 1;
            }
            counted += 1;
        }
        let mut best = 0;
        if counted > 0 {
            for i in 1..c {
                // Strictly better only: ties keep the heuristic's order.
                if totals[i] > totals[best] + 1e-9 {
                    best = i;
                }
            }
        }
        if best != 0 {
            stats.changed += 1;
        }
        Some((candidates[best].clone(), stats))
    }

    /// Plays `first` for this seat in `game`, then heuristic play for everyone up to the horizon;
    /// the table's worth to this seat.
    fn rollout(&self, game: &mut Game, first: &Action, roles: &[Role], seed: u64) -> f64 {
        let n = game.seat_count();
        let mut agents: Vec<HeuristicAgent> = (0..n)
            .map(|i| {
                let seat = Seat(i as u8);
                if seat == self.seat {
                    return self.heuristic.clone();
                }
                let mut agent = HeuristicAgent::for_ruleset(seat, game.ruleset());
                let opening = crate::tracker::opening_events(&game.view(seat));
                agent.observe(&opening);
                // In a sampled world the others play as if they had read the table: every
                // role shown to them.
                let shown: Vec<EventView> = roles
                    .iter()
                    .enumerate()
                    .map(|(j, role)| Event::RoleShown {
                        seat: Seat(j as u8),
                        role: *role,
                    })
                    .collect();
                agent.observe(&shown);
                agent
            })
            .collect();
        let mut log: Vec<Event> = Vec::new();
        let mut seen = vec![0usize; n];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        match game.act(self.seat, first.clone()) {
            Ok(events) => log.extend(events.0),
            Err(_) => return f64::MIN / 4.0,
        }
        let last_turn = game.turn().number + self.config.horizon;
        let limit = game.action_count() + 3_000;
        while !game.is_over() && game.turn().number <= last_turn && game.action_count() < limit {
            let prompts = game.prompts();
            if prompts.is_empty() {
                break;
            }
            let index = if prompts.len() == 1 {
                0
            } else {
                rng.gen_range(0..prompts.len())
            };
            let prompt = prompts[index].clone();
            let seat = prompt.seat;
            let action = if single_answer(&prompt) {
                prompt.default_action()
            } else {
                let news: Vec<EventView> = log[seen[seat.index()]..]
                    .iter()
                    .filter_map(|e| view::redact(e, Some(seat)))
                    .collect();
                seen[seat.index()] = log.len();
                let agent = &mut agents[seat.index()];
                agent.observe(&news);
                answer(agent, &game.view(seat), &prompt)
            };
            match game.act(seat, action) {
                Ok(events) => log.extend(events.0),
                Err(_) => break,
            }
        }
        worth(game, self.seat, roles)
    }
}

/// A prompt with one legal answer.
fn single_answer(prompt: &Prompt) -> bool {
    match &prompt.choices {
        Choices::Actions { actions } => actions.len() <= 1,
        _ => false,
    }
}

/// How `me` (playing `mine`) stands toward a seat playing `other`: 1 for a partner, -1 for an
/// enemy; the renegade needs the lord alive until the end and is everyone's lesser enemy.
fn stance(mine: Role, other: Role) -> f64 {
    use Role::*;
    match (mine, other) {
        (Lord | Loyalist, Lord | Loyalist) | (Rebel, Rebel) => 1.0,
        (Renegade, Renegade) => 1.0,
        (Renegade, Lord) => 0.2,
        (Renegade, _) | (_, Renegade) => -0.5,
        _ => -1.0,
    }
}

/// The table's worth to `me` in a sampled world whose roles are `roles`: ±`WIN` when the game is
/// decided, else each seat's strength (alive, HP, cards) by where it stands.
fn worth(game: &Game, me: Seat, roles: &[Role]) -> f64 {
    const WIN: f64 = 40.0;
    if let Some(outcome) = game.outcome() {
        return if outcome.winners.contains(&me) {
            WIN
        } else if outcome.winner.is_none() {
            0.0
        } else {
            -WIN
        };
    }
    let mine = roles[me.index()];
    let mut total = 0.0;
    for (i, role) in roles.iter().enumerate().take(game.seat_count()) {
        let seat = Seat(i as u8);
        let state = game.seat(seat);
        if !state.alive {
            continue;
        }
        let cards = game.table().seats[i].count_all() as f64;
        let strength = 4.0 + 2.0 * state.hp.max(0) as f64 + 0.6 * cards;
        let weight = if seat == me { 1.5 } else { 1.0 };
        total += weight * stance(mine, *role) * strength;
    }
    total
}

impl Agent for SearchAgent {
    fn observe(&mut self, events: &[EventView]) {
        self.seen.observe(events);
        self.heuristic.observe(events);
    }

    fn decide(&mut self, view: &View, prompt: &Prompt) -> Action {
        let Some(candidates) = self.candidates(view, prompt) else {
            return self.heuristic.decide(view, prompt);
        };
        let fallback = candidates[0].clone();
        let action = match self.job(view, prompt, candidates).run(None) {
            Some((action, stats)) => {
                self.add_stats(stats);
                action
            }
            None => fallback,
        };
        self.heuristic.note_answer(prompt, &action);
        action
    }

    fn think(&mut self, view: &View, prompt: &Prompt) -> Option<SearchJob> {
        let candidates = self.candidates(view, prompt)?;
        Some(self.job(view, prompt, candidates))
    }

    fn answered(&mut self, prompt: &Prompt, action: &Action) {
        self.heuristic.note_answer(prompt, action);
    }

    fn search_stats(&self) -> Option<SearchStats> {
        Some(self.stats)
    }

    fn quick(&mut self, view: &View, prompt: &Prompt) -> Action {
        self.heuristic.decide(view, prompt)
    }

    fn name(&self) -> &'static str {
        "search"
    }
}

#[cfg(test)]
mod tests {
    use crate::arena::{self, AgentSpec};

    /// A game with a searching seat is a pure function of its config and seed (the search's
    /// budget is counted in simulations, not time).
    #[test]
    fn games_with_a_searching_seat_are_deterministic() {
        let spec = AgentSpec::parse("heuristic,0=search").unwrap();
        let config = || crate::strength::config(4, 3);
        let a = arena::play(config(), 3, &spec, 5_000).unwrap();
        let b = arena::play(config(), 3, &spec, 5_000).unwrap();
        assert_eq!(a, b);
        assert!(a.outcome.is_some());
    }
}
