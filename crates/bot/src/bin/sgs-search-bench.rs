//! `sgs-search-bench`: how long the search agent takes to decide, on one core.
//!
//! ```text
//! cargo run --release -p sgs-bot --bin sgs-search-bench -- --games 20
//! ```
//! Plays `--games N` (20) 8-seat identity games with standard generals (seeds `--seed S`.., 0),
//! the lord's side searching (`--simulations N`, the default budget otherwise) and the others
//! heuristic, and prints the decision times of the searching seats: over every decision they
//! make, and over the searched ones (their own play, more than one candidate). A bench figure,
//! not a test: it reads the clock around each decision only.

use std::process::ExitCode;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_bot::search::sample::TableRules;
use sgs_bot::{answer, Agent, HeuristicAgent, SearchAgent, SearchConfig};
use sgs_engine::{view, Event, Game, Role, Seat};

fn figures(name: &str, mut times: Vec<f64>) {
    if times.is_empty() {
        println!("{name}: none");
        return;
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: {} decisions, mean {:.2} ms, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        mean,
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

fn main() -> ExitCode {
    let mut games = 20u64;
    let mut first = 0u64;
    let mut config = SearchConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), value) {
            ("--games", Some(v)) => games = v,
            ("--seed", Some(v)) => first = v,
            ("--simulations", Some(v)) => config.simulations = v as u32,
            _ => {
                eprintln!("usage: sgs-search-bench [--games N] [--seed S] [--simulations N]");
                return ExitCode::from(2);
            }
        }
    }
    let mut all = Vec::new();
    let mut searched = Vec::new();
    for seed in first..first + games {
        let setup = sgs_bot::strength::config(8, seed);
        let Ok(rules) = TableRules::new(setup.ruleset.clone(), setup.auto_pass) else {
            return ExitCode::FAILURE;
        };
        let Ok(mut game) = Game::new(setup, seed) else {
            return ExitCode::FAILURE;
        };
        let n = game.seat_count();
        let mut searchers: Vec<Option<SearchAgent>> = Vec::new();
        let mut others: Vec<HeuristicAgent> = Vec::new();
        for i in 0..n {
            let seat = Seat(i as u8);
            let lord_side = matches!(game.seat(seat).role, Role::Lord | Role::Loyalist);
            searchers.push(lord_side.then(|| SearchAgent::new(seat, seed, rules.clone(), config)));
            others.push(HeuristicAgent::new(seat));
        }
        let mut log: Vec<Event> = game.take_events().0;
        let mut fed = vec![0usize; n];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() && game.action_count() < 20_000 {
            let prompts = game.prompts();
            let prompt = prompts[rng.gen_range(0..prompts.len())].clone();
            let seat = prompt.seat;
            let news: Vec<_> = log[fed[seat.index()]..]
                .iter()
                .filter_map(|e| view::redact(e, Some(seat)))
                .collect();
            fed[seat.index()] = log.len();
            let real = game.view(seat);
            let action = match &mut searchers[seat.index()] {
                Some(agent) => {
                    agent.observe(&news);
                    let before = agent.stats().searched;
                    let start = Instant::now();
                    let action = answer(agent, &real, &prompt);
                    let ms = start.elapsed().as_secs_f64() * 1e3;
                    all.push(ms);
                    if agent.stats().searched > before {
                        searched.push(ms);
                    }
                    action
                }
                None => {
                    let agent = &mut others[seat.index()];
                    agent.observe(&news);
                    answer(agent, &real, &prompt)
                }
            };
            match game.act(seat, action) {
                Ok(events) => log.extend(events.0),
                Err(_) => return ExitCode::FAILURE,
            }
        }
    }
    println!(
        "{games} games, 8 seats, standard generals, lord's side searching with {} simulations",
        config.simulations
    );
    figures("every decision of a searching seat", all);
    figures(
        "searched decisions (own play, several candidates)",
        searched,
    );
    ExitCode::SUCCESS
}
