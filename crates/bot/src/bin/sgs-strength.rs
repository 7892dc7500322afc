//! `sgs-strength`: plays many games per matchup and prints win rates by side.
//!
//! ```text
//! cargo run --release -p sgs-bot --bin sgs-strength -- --games 10000 --threads 2
//! ```
//! Options: `--games N` (10000), `--players N` (8), `--seed S` (first seed, 0), `--threads T`
//! (1), `--max-actions N` (20000), `--mode M` (identity), `--option ID=VALUE` (a mode option,
//! repeatable, as `sgs-sim`'s), `--generals P,…` (general packs the
//! generals are drawn from; default `standard`, or the mode's own packs: 国战's), `--cards P,…` (card packs; `standard,maneuvering` is the
//! 160-card game), `--json` (JSON instead of a markdown table),
//! `--agents SPEC` (one custom matchup instead of the standard ones, e.g.
//! `lord=heuristic,loyalist=heuristic,rebel=random,renegade=random`; in 国战 by kingdom,
//! `wei=heuristic,shu=random,wu=random,qun=random`), `--only I,J` (run only these standard
//! matchups, by index).

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
    let mut agents: Option<Matchup> = None;
    let mut generals_given = false;
    let mut options: Vec<String> = Vec::new();
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
            "--mode" => settings.mode = value("--mode")?,
            "--option" => options.push(value("--option")?),
            "--cards" => {
                settings.cards = value("--cards")?.split(',').map(str::to_string).collect()
            }
            "--generals" => {
                generals_given = true;
                settings.generals = value("--generals")?
                    .split(',')
                    .map(str::to_string)
                    .collect()
            }
            "--agents" => {
                let text = value("--agents")?;
                agents = Some(Matchup {
                    name: text.clone(),
                    spec: AgentSpec::parse(&text)?,
                    focus: None,
                });
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
                     [--max-actions N] [--mode M] [--option ID=VALUE].. [--cards P,..] \
                     [--generals P,..] [--json] \
                     [--agents SPEC] \
                     [--only I,J]"
                        .to_string(),
                )
            }
            other => return Err(format!("unknown option {other:?} (try --help)")),
        }
    }
    let Some(mode) = sgs_engine::REGISTRY.mode(&settings.mode) else {
        return Err(format!("no mode {:?}", settings.mode));
    };
    for option in &options {
        let (id, value) = strength::option_value(mode.options, option)?;
        settings.options.set(&id, value);
    }
    // A mode with generals of its own (国战) draws from those unless told otherwise.
    if !generals_given && sgs_engine::REGISTRY.has_own_generals(mode.id) {
        settings.generals = sgs_engine::generals::ALL
            .iter()
            .filter(|p| p.modes.contains(&mode.id))
            .map(|p| p.id.to_string())
            .collect();
    }
    // A mode played at fixed seat counts (斗地主: 3) plays at the nearest.
    settings.players = settings.players.clamp(mode.seats.0, mode.seats.1);
    let mut matchups = match agents {
        Some(matchup) => vec![matchup],
        None => strength::matchups_for(&settings.mode),
    };
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
        let mode = &args.settings.mode;
        let line = Line::in_mode(mode, matchup, tally, start.elapsed().as_secs_f64());
        let rates: Vec<String> = line
            .rates
            .iter()
            .map(|(camp, rate)| format!("{camp:?} {:.1}%", 100.0 * rate))
            .collect();
        eprintln!(
            "{}: {} ({:.1}s)",
            line.matchup,
            rates.join(", "),
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
