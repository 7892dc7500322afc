//! `sgs-strength`: plays many games per matchup and prints win rates by side.
//!
//! ```text
//! cargo run --release -p sgs-bot --bin sgs-strength -- --games 10000 --threads 2
//! ```
//! Options: `--games N` (10000), `--players N` (8), `--seed S` (first seed, 0), `--threads T`
//! (1), `--max-actions N` (20000), `--generals P,…` (general packs the generals are drawn
//! from; default `standard`), `--cards P,…` (card packs; `standard,maneuvering` is the
//! 160-card game), `--json` (JSON instead of a markdown table),
//! `--agents SPEC` (one custom matchup instead of the standard ones, e.g.
//! `lord=heuristic,loyalist=heuristic,rebel=random,renegade=random`), `--only I,J` (run only
//! these standard matchups, by index).

use std::process::ExitCode;
use std::time::Instant;

use sgs_bot::arena::AgentSpec;
use sgs_bot::strength::{self, Line, Matchup, Settings};

struct Args {
    settings: Settings,
    json: bool,
    matchups: Vec<Matchup>,
}

fn parse() -> Result<Args, String> {
    let mut settings = Settings::default();
    let mut json = false;
    let mut matchups = strength::matchups();
    let mut only: Option<Vec<usize>> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |text: String, name: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{name}: {text:?} is not a number"))
        };
        match arg.as_str() {
            "--games" => settings.games = number(value("--games")?, "--games")? as usize,
            "--players" => settings.players = number(value("--players")?, "--players")? as u8,
            "--seed" => settings.first_seed = number(value("--seed")?, "--seed")?,
            "--threads" => settings.threads = number(value("--threads")?, "--threads")? as usize,
            "--max-actions" => {
                settings.max_actions = number(value("--max-actions")?, "--max-actions")? as usize
            }
            "--json" => json = true,
            "--cards" => {
                settings.cards = value("--cards")?.split(',').map(str::to_string).collect()
            }
            "--generals" => {
                settings.generals = value("--generals")?
                    .split(',')
                    .map(str::to_string)
                    .collect()
            }
            "--agents" => {
                let text = value("--agents")?;
                matchups = vec![Matchup {
                    name: text.clone(),
                    spec: AgentSpec::parse(&text)?,
                    focus: None,
                }];
            }
            "--only" => {
                let text = value("--only")?;
                let list = text
                    .split(',')
                    .map(|i| {
                        i.trim()
                            .parse::<usize>()
                            .map_err(|_| format!("--only: {i:?}"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                only = Some(list);
            }
            "--help" | "-h" => {
                return Err(
                    "usage: sgs-strength [--games N] [--players N] [--seed S] [--threads T] \
                     [--max-actions N] [--cards P,..] [--generals P,..] [--json] [--agents SPEC] \
                     [--only I,J]"
                        .to_string(),
                )
            }
            other => return Err(format!("unknown option {other:?} (try --help)")),
        }
    }
    if let Some(only) = only {
        matchups = only
            .into_iter()
            .filter_map(|i| matchups.get(i).cloned())
            .collect();
    }
    Ok(Args {
        settings,
        json,
        matchups,
    })
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut lines = Vec::new();
    for matchup in &args.matchups {
        let start = Instant::now();
        let tally = strength::run(matchup, &args.settings);
        let line = Line::new(matchup, tally, start.elapsed().as_secs_f64());
        eprintln!(
            "{}: lord side {:.1}%, rebels {:.1}%, renegade {:.1}% ({:.1}s)",
            line.matchup,
            100.0 * line.lord_side,
            100.0 * line.rebels,
            100.0 * line.renegade,
            line.seconds
        );
        lines.push(line);
    }
    if args.json {
        match serde_json::to_string_pretty(&lines) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print!("{}", strength::markdown(&lines, &args.settings));
    }
    ExitCode::SUCCESS
}
