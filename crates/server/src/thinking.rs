//! Bots that think off the room's task (issue 22): the room option `bot_level` chooses how the
//! bots that fill empty seats play ([`bot_agent`]), and [`SearchPool`] runs the search bots'
//! searches on tokio's blocking threads, a bounded number at once, each under a time budget.
//!
//! A room never waits on a search. When a search bot's prompt falls due, the room asks its agent
//! for a [`SearchJob`] (an owned copy of what the seat has seen; `Agent::think`) and hands it to
//! the pool; the room's task goes on serving its queue and its other clocks, and the job's
//! answer comes back through [`Thought`] (the room's `select!` waits on it). When every permit
//! is taken the bot answers at once with its heuristic (`Agent::quick`); a job whose budget runs
//! out gives no answer and the bot answers with its heuristic then. Either way the chosen action
//! is applied and recorded like any other, so a game stays a pure function of its seed and its
//! recorded actions and replays without any bot (decision 0015).
//!
//! 托管 trusteeship never searches: seats of people are played by the server's [`Trustee`]
//! (the heuristic), whatever the room's level.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sgs_bot::search::sample::TableRules;
use sgs_bot::{RandomAgent, SearchAgent, SearchConfig, SearchJob, SearchStats};
use sgs_engine::{Action, Ruleset, Seat};
use sgs_protocol::BotLevel;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use crate::settings::RoomSettings;
use crate::trustee::{SeatAgent, Trustee};
use crate::Shared;

/// The agent of `seat` for a game: a bot seat's plays at the room's level, any other seat's is
/// the server's trustee (托管 always plays the heuristic, so it never slows a room).
pub(crate) fn seat_agent(
    shared: &Shared,
    settings: &RoomSettings,
    bot: bool,
    seat: Seat,
    seed: u64,
    game: &sgs_engine::Game,
    auto_pass: bool,
) -> SeatAgent {
    let trustee = shared.trustee.as_ref();
    if !bot {
        return trustee.agent(seat, seed, game.ruleset());
    }
    bot_agent(
        settings.bot_level,
        trustee,
        seat,
        seed,
        game.ruleset(),
        auto_pass,
    )
}

/// The agent of a bot seat at a room of `level` (`auto_pass`: the game's, which the search's
/// sampled games must share). The heuristic level is the server's trustee (tests swap it).
pub(crate) fn bot_agent(
    level: BotLevel,
    trustee: &dyn Trustee,
    seat: Seat,
    seed: u64,
    ruleset: &Ruleset,
    auto_pass: bool,
) -> SeatAgent {
    match level {
        BotLevel::Random => Box::new(RandomAgent::new(seed)),
        BotLevel::Heuristic => trustee.agent(seat, seed, ruleset),
        BotLevel::Search => match TableRules::new(ruleset.clone(), auto_pass) {
            Ok(rules) => Box::new(SearchAgent::new(seat, seed, rules, SearchConfig::default())),
            // A ruleset the engine refuses has no game to play anyway.
            Err(_) => trustee.agent(seat, seed, ruleset),
        },
    }
}

/// What a finished search gives: the chosen action and the work done, or `None` when its
/// budget ran out first.
pub(crate) type Outcome = Option<(Action, SearchStats)>;

/// Runs searches on the blocking threads: at most `permits` at once, each within `budget`.
#[derive(Debug)]
pub struct SearchPool {
    permits: Arc<Semaphore>,
    budget: Duration,
    counts: Arc<SearchCounts>,
}

/// What a [`SearchPool`] did since the server started (also the `sgs_bot_searches_total`
/// metric).
#[derive(Debug, Default)]
pub struct SearchCounts {
    /// Searches that answered within their budget.
    pub searched: AtomicU64,
    /// Searches whose budget ran out (the heuristic answered).
    pub over_budget: AtomicU64,
    /// Decisions the heuristic answered because every permit was taken.
    pub busy: AtomicU64,
}

impl SearchPool {
    /// A pool of `threads` searches at once (0: one per core) with `budget_ms` per decision.
    pub fn new(threads: usize, budget_ms: u64) -> SearchPool {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        SearchPool {
            permits: Arc::new(Semaphore::new(threads)),
            budget: Duration::from_millis(budget_ms),
            counts: Arc::default(),
        }
    }

    /// Starts `job` on a blocking thread, or gives it back when every permit is taken (the
    /// caller answers with the heuristic). The permit is held until the job ends.
    pub fn start(&self, job: SearchJob) -> Result<JoinHandle<Outcome>, Box<SearchJob>> {
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                self.counts.busy.fetch_add(1, Ordering::Relaxed);
                metrics::counter!("sgs_bot_searches_total", "result" => "busy").increment(1);
                return Err(Box::new(job));
            }
        };
        let deadline = std::time::Instant::now() + self.budget;
        let counts = self.counts.clone();
        Ok(tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let outcome = job.run(Some(deadline));
            let (count, result) = if outcome.is_some() {
                (&counts.searched, "searched")
            } else {
                (&counts.over_budget, "over_budget")
            };
            count.fetch_add(1, Ordering::Relaxed);
            metrics::counter!("sgs_bot_searches_total", "result" => result).increment(1);
            outcome
        }))
    }

    /// What the pool did so far.
    pub fn counts(&self) -> &SearchCounts {
        &self.counts
    }

    /// Searches that may start now.
    pub fn available(&self) -> usize {
        self.permits.available_permits()
    }
}

/// A search bot's decision being thought about for a room.
#[derive(Debug)]
pub(crate) struct Thought {
    pub seat: Seat,
    /// The prompt it answers: a thought whose prompt has gone is dropped.
    pub prompt_id: u64,
    pub task: JoinHandle<Outcome>,
}

/// Waits for the room's thought to end (forever when there is none): its seat, prompt id and
/// outcome (a search that panicked counts as one over budget).
pub(crate) async fn finished(thought: &mut Option<Thought>) -> (Seat, u64, Outcome) {
    match thought {
        Some(thought) => {
            let outcome = (&mut thought.task).await.unwrap_or(None);
            (thought.seat, thought.prompt_id, outcome)
        }
        None => std::future::pending().await,
    }
}

// Tests only: an unwrap here fails the test, no client input reaches it.
#[cfg(test)]
mod tests {
    use super::*;
    use sgs_bot::{answer, Agent, HeuristicAgent};
    use sgs_engine::{Game, GameConfig};

    /// Plays heuristic games until seat 0's search agent has a decision to think about.
    fn a_search_job(seed: u64) -> SearchJob {
        let config = GameConfig::new(8, Ruleset::standard());
        let mut game = Game::new(config.clone(), seed).unwrap();
        let rules = TableRules::new(config.ruleset.clone(), config.auto_pass).unwrap();
        let opening = game.take_events();
        let mut searcher = SearchAgent::new(Seat(0), seed, rules, SearchConfig::default());
        searcher.observe(&opening.for_viewer(Some(Seat(0))));
        let mut others: Vec<HeuristicAgent> = (0..8)
            .map(|i| {
                let mut agent = HeuristicAgent::new(Seat(i));
                agent.observe(&opening.for_viewer(Some(Seat(i))));
                agent
            })
            .collect();
        while !game.is_over() && game.action_count() < 20_000 {
            let prompt = game.prompts()[0].clone();
            let seat = prompt.seat;
            let view = game.view(seat);
            let action = if seat == Seat(0) {
                if let Some(job) = searcher.think(&view, &prompt) {
                    return job;
                }
                answer(&mut searcher, &view, &prompt)
            } else {
                answer(&mut others[seat.index()], &view, &prompt)
            };
            let events = game.act(seat, action).unwrap();
            searcher.observe(&events.for_viewer(Some(Seat(0))));
            for (i, agent) in others.iter_mut().enumerate() {
                agent.observe(&events.for_viewer(Some(Seat(i as u8))));
            }
        }
        panic!("seat 0 never had a decision to search");
    }

    /// Issue 22 (in the server): a pool whose permits are all taken gives the job back at
    /// once — the bot answers with its heuristic — and takes jobs again once one ends.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_saturated_pool_hands_the_job_back() {
        let pool = SearchPool::new(1, 60_000);
        let first = pool.start(a_search_job(1)).unwrap();
        assert_eq!(pool.available(), 0);
        let refused = pool.start(a_search_job(2));
        assert!(
            refused.is_err(),
            "a second search while the only permit is taken"
        );
        let (action, stats) = first.await.unwrap().expect("within a minute");
        assert!(stats.searched == 1 && stats.simulations > 0, "{stats:?}");
        let job = a_search_job(1);
        assert!(job.prompt().choices.allows(&action));
        assert_eq!(pool.available(), 1, "the permit is back once the job ended");
        assert!(pool.start(job).unwrap().await.unwrap().is_some());
    }

    /// Issue 22: a bot seat plays at the room's level; a person's seat (托管 trusteeship) plays
    /// the server's trustee, the heuristic, even in a room of search bots.
    #[test]
    fn bots_play_at_the_rooms_level_and_trusteeship_stays_heuristic() {
        use crate::settings::RoomSettings;
        use crate::trustee::Heuristic;
        let state = crate::AppState::with_parts(
            crate::config::Config::default(),
            Box::new(crate::storage::NoStorage),
            Box::new(Heuristic),
        );
        let game = Game::new(GameConfig::new(5, Ruleset::standard()), 3).unwrap();
        for (level, name) in [
            (BotLevel::Random, "random"),
            (BotLevel::Heuristic, "heuristic"),
            (BotLevel::Search, "search"),
        ] {
            let options = sgs_protocol::RoomOptions {
                bot_level: level,
                ..Default::default()
            };
            let settings = RoomSettings::from_options(options, &state.shared.config).unwrap();
            let bot = seat_agent(&state.shared, &settings, true, Seat(1), 7, &game, false);
            assert_eq!(bot.name(), name);
            let person = seat_agent(&state.shared, &settings, false, Seat(1), 7, &game, false);
            assert_eq!(person.name(), "heuristic", "托管 at level {level:?}");
        }
    }

    /// Issue 22: a search whose budget is spent gives no answer (the room answers with the
    /// heuristic).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_over_its_budget_gives_no_answer() {
        let pool = SearchPool::new(1, 0);
        let outcome = pool.start(a_search_job(1)).unwrap().await.unwrap();
        assert!(outcome.is_none());
    }
}
