//! `sgs-sim`: plays many games and prints one JSON line of figures (throughput, outcomes, peak
//! paused-state size, a hash of every game). By default every seat plays uniformly random legal
//! actions; `--agents` seats the heuristic AI by role or by seat
//! (`--agents lord=heuristic,loyalist=heuristic,rebel=random,renegade=random`, `0=heuristic`,
//! `heuristic`).
//!
//! ```text
//! cargo run --release --bin sgs-sim -- --games 1000 --agents heuristic
//! ```
//!
//! Single thread. Game `i` is seeded from `--seed` and `i` only, so the same arguments give the
//! same games and the same `record_hash` on every machine. When every seat is random (no
//! `--agents`, or a spec that names only `random`) the games are played by the engine's own
//! driver (`sgs_engine::sim::play_random`), exactly as before the simulator moved here from the
//! engine package; otherwise by `sgs_bot::arena`, one agent per seat fed only its seat's events.
//!
//! The sim sets `GameConfig::auto_pass`: a prompt whose only legal answer is to pass is answered
//! by the engine itself. Every seat is a bot, so this reveals nothing to anyone and changes no
//! outcome distribution (a random chooser picks the only answer anyway); it only saves the
//! round trips. `--no-auto-pass` turns it off.
//!
//! Arguments are parsed by hand (the flags and their errors are those of the engine's former
//! `sgs-sim`).

use std::process::ExitCode;
use std::time::Instant;

use sgs_bot::arena::{self, AgentSpec};
use sgs_bot::AgentKind;
use sgs_engine::{sim, GameConfig, PackChoice, Role, Ruleset};

const USAGE: &str = "\
sgs-sim: play games and print one JSON line of figures

USAGE:
    sgs-sim [--mode M] [--players N] [--games N] [--seed N] [--generals P[,P..]|none]
            [--cards P[,P..]] [--ruleset JSON] [--no-auto-pass] [--max-actions N] [--agents SPEC]

OPTIONS:
    --mode M             the mode: identity (default), doudizhu (3 seats) …; a mode with fixed
                         seat counts plays at the nearest one to --players
    --players N          seats per game, 2..=10 (default 8)
    --games N            number of games (default 1000)
    --seed N             base seed; game i is seeded from (seed, i) (default 1)
    --generals P         general packs, comma-separated (default standard, the 25 standard
                         generals), or none (white generals)
    --cards P            card packs, comma-separated (default standard)
    --ruleset JSON       the whole ruleset as JSON (mode, options, cards, generals, edition);
                         --generals and --cards after it change it
    --no-auto-pass       ask seats even when passing is their only answer
                         (default: the engine passes for them, GameConfig::auto_pass)
    --max-actions N      safety cap per game; games hitting it count as `unfinished`
                         (default 100000)
    --agents SPEC        who plays: per role (lord=heuristic,loyalist=heuristic,
                         rebel=random,renegade=random), per seat (0=heuristic,3=random; a seat
                         wins over its role), or one kind for all (heuristic); unnamed seats
                         play random (default: every seat random)
    -h, --help           print this help

OUTPUT (one JSON line):
    games, players, generals, ruleset, auto_pass, turns, actions,
    wins {lord, loyalist, rebel, renegade},
    draws, unfinished, seconds, games_per_sec, actions_per_sec, cpu_seconds, games_per_cpu_sec,
    peak_state_bytes, record_hash

    seconds and *_per_sec are wall-clock; cpu_seconds and games_per_cpu_sec count only the time
    this thread ran (Linux /proc/self/schedstat; null elsewhere), which stays meaningful on a
    busy machine.

    wins.<role> counts the games in which a seat of that role was among the winners (so a
    lord-side win counts for both lord and loyalist when loyalists are seated).
    record_hash combines every game's Game::hash() in order (hex).
    With --agents, the line also has `agents`: the spec as given.
";

struct Args {
    players: u8,
    games: u64,
    seed: u64,
    ruleset: Ruleset,
    auto_pass: bool,
    max_actions: usize,
    /// `--agents` as given, and parsed.
    agents: Option<(String, AgentSpec)>,
}

enum Parsed {
    Run(Box<Args>),
    Help,
}

fn parse(mut argv: impl Iterator<Item = String>) -> Result<Parsed, String> {
    let mut args = Args {
        players: 8,
        games: 1000,
        seed: 1,
        ruleset: Ruleset::standard(),
        auto_pass: true,
        max_actions: 100_000,
        agents: None,
    };
    while let Some(flag) = argv.next() {
        let mut value = |name: &str| {
            argv.next()
                .ok_or_else(|| format!("{name} needs a value (see --help)"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Parsed::Help),
            "--players" => {
                let v = value("--players")?;
                args.players = v
                    .parse()
                    .ok()
                    .filter(|n| (2..=10).contains(n))
                    .ok_or_else(|| format!("--players must be 2..=10, got {v:?}"))?;
            }
            "--games" => {
                let v = value("--games")?;
                args.games = v
                    .parse()
                    .map_err(|_| format!("--games must be a number, got {v:?}"))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                args.seed = v
                    .parse()
                    .map_err(|_| format!("--seed must be a number, got {v:?}"))?;
            }
            "--generals" => {
                let v = value("--generals")?;
                args.ruleset.generals = match v.as_str() {
                    "none" | "white" => Vec::new(),
                    list => list.split(',').map(str::to_string).collect(),
                };
            }
            "--cards" => {
                let v = value("--cards")?;
                args.ruleset.cards = v.split(',').map(PackChoice::new).collect();
            }
            "--ruleset" => {
                let v = value("--ruleset")?;
                args.ruleset = serde_json::from_str(&v).map_err(|e| format!("--ruleset: {e}"))?;
            }
            "--mode" => args.ruleset.mode = value("--mode")?,
            "--no-auto-pass" => args.auto_pass = false,
            "--max-actions" => {
                let v = value("--max-actions")?;
                args.max_actions =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                        format!("--max-actions must be a positive number, got {v:?}")
                    })?;
            }
            "--agents" => {
                let v = value("--agents")?;
                let spec = AgentSpec::parse(&v).map_err(|e| format!("--agents: {e}"))?;
                args.agents = Some((v, spec));
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    let Some(mode) = sgs_engine::REGISTRY.mode(&args.ruleset.mode) else {
        return Err(format!("no mode {:?} (see --help)", args.ruleset.mode));
    };
    args.players = args.players.clamp(mode.seats.0, mode.seats.1);
    Ok(Parsed::Run(Box::new(args)))
}

/// SplitMix64: spreads (base seed, game index) over the seed space.
fn game_seed(base: u64, index: u64) -> u64 {
    let mut z = base
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// CPU time this process has run, from Linux's scheduler statistics.
fn cpu_time() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn run(args: &Args) -> Result<serde_json::Value, String> {
    let config = GameConfig {
        auto_pass: args.auto_pass,
        ..GameConfig::new(args.players, args.ruleset.clone())
    };
    let roles = [Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade];
    let mut wins = [0u64; 4];
    let (mut turns, mut actions, mut draws, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let mut peak_state_bytes = 0usize;
    // FNV-1a over the games' hashes, in game order.
    let mut record_hash: u64 = 0xcbf2_9ce4_8422_2325;

    let start = Instant::now();
    let cpu_start = cpu_time();
    for index in 0..args.games {
        let seed = game_seed(args.seed, index);
        let mut observe = |game: &sgs_engine::Game| {
            peak_state_bytes = peak_state_bytes.max(game.state_bytes());
        };
        let game = match &args.agents {
            Some((_, spec)) if !spec.is_all(AgentKind::Random) => {
                arena::play_observed(config.clone(), seed, spec, args.max_actions, |game| {
                    observe(game)
                })
                .map(|(game, _)| game)
            }
            _ => sim::play_random(config.clone(), seed, args.max_actions, |game, _, _| {
                observe(game)
            }),
        }
        .map_err(|e| format!("setup failed: {e}"))?;
        observe(&game);
        for byte in game.hash().to_le_bytes() {
            record_hash = (record_hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        turns += u64::from(game.turn().number);
        actions += game.action_count() as u64;
        match game.outcome() {
            None => unfinished += 1,
            Some(outcome) if outcome.winner.is_none() => draws += 1,
            Some(outcome) => {
                for (count, role) in wins.iter_mut().zip(roles) {
                    if outcome
                        .winners
                        .iter()
                        .any(|s| outcome.roles[s.index()] == role)
                    {
                        *count += 1;
                    }
                }
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let cpu_seconds = cpu_start.zip(cpu_time()).map(|(a, b)| (b - a).max(1e-9));

    let mut figures = serde_json::json!({
        "games": args.games,
        "players": args.players,
        "generals": if args.ruleset.generals.is_empty() {
            "none".to_string()
        } else {
            args.ruleset.generals.join(",")
        },
        "ruleset": args.ruleset,
        "auto_pass": args.auto_pass,
        "turns": turns,
        "actions": actions,
        "wins": {
            "lord": wins[0],
            "loyalist": wins[1],
            "rebel": wins[2],
            "renegade": wins[3],
        },
        "draws": draws,
        "unfinished": unfinished,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "games_per_sec": (args.games as f64 / seconds).round() as u64,
        "actions_per_sec": (actions as f64 / seconds).round() as u64,
        "cpu_seconds": cpu_seconds.map(|s| (s * 1000.0).round() / 1000.0),
        "games_per_cpu_sec": cpu_seconds.map(|s| (args.games as f64 / s).round() as u64),
        "peak_state_bytes": peak_state_bytes,
        "record_hash": format!("{record_hash:016x}"),
    });
    if let Some((text, _)) = &args.agents {
        figures["agents"] = serde_json::Value::from(text.as_str());
    }
    Ok(figures)
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(Parsed::Run(args)) => args,
        Ok(Parsed::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("sgs-sim: {message}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(figures) => {
            println!("{figures}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("sgs-sim: {message}");
            ExitCode::FAILURE
        }
    }
}
