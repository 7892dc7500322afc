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
//! `--option ID=VALUE` sets a mode option (the identity variants: `attrition=on`,
//! `reincarnation=on`, `role_table=variant`, …; typed by the mode's option list), and `--plain`
//! plays the same seeds again with every mode option at its default, so a variant's game length
//! and win rates stand beside the plain game's in one line (`plain`).
//!
//! Arguments are parsed by hand (the flags and their errors are those of the engine's former
//! `sgs-sim`).

use std::process::ExitCode;
use std::time::Instant;

use sgs_bot::arena::{self, AgentSpec};
use sgs_bot::AgentKind;
use sgs_engine::modes::identity::{score, zhuanshi};
use sgs_engine::{sim, Game, GameConfig, PackChoice, Role, Ruleset, Seat};

const USAGE: &str = "\
sgs-sim: play games and print one JSON line of figures

USAGE:
    sgs-sim [--mode M] [--players N] [--games N] [--seed N] [--generals P[,P..]|none]
            [--cards P[,P..]] [--ruleset JSON] [--option ID=VALUE].. [--plain]
            [--no-auto-pass] [--max-actions N] [--agents SPEC]

OPTIONS:
    --mode M             the mode: identity (default), doudizhu (3 seats) …; a mode with fixed
                         seat counts plays at the nearest one to --players
    --players N          seats per game, 2..=10 (default 8)
    --games N            number of games (default 1000)
    --seed N             base seed; game i is seeded from (seed, i) (default 1)
    --generals P         general packs, comma-separated (default standard, the 25 standard
                         generals, or the mode's own packs: 国战's), or none (white generals)
    --cards P            card packs, comma-separated (default standard)
    --ruleset JSON       the whole ruleset as JSON (mode, options, cards, generals, edition);
                         --generals, --cards and --option after it change it
    --option ID=VALUE    a mode option, repeatable: identity's attrition=on|on_alt,
                         reincarnation=on, role_table=standard|variant|s0,
                         lord_hp=five_plus|always, generals=chosen|none|first_game, …
                         (a flag takes true/false, a number a whole number)
    --plain              also play the same seeds with every mode option at its default,
                         and add their figures as `plain`
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
    peak_state_bytes, record_hash,
    per_game {turns, actions}, win_rates {lord, loyalist, rebel, renegade},
    three_survivors (games that came down to exactly three living characters),
    reincarnations (转世: characters that came back, all games; 0 when off),
    reincarnated {loyalist, rebel, renegade} (the same by role; the lord never comes back),
    points_per_seat {lord, loyalist, rebel, renegade} (identity: the 计分赛 points of V-JF
    tables 1 and 2 a seat of that role scored per game, whether or not a series is on),
    plain (with --plain: games, per_game, win_rates, three_survivors, reincarnations,
    points_per_seat, draws, unfinished and record_hash of the same seeds played without the options)

    seconds and *_per_sec are wall-clock; cpu_seconds and games_per_cpu_sec count only the time
    this thread ran (Linux /proc/self/schedstat; null elsewhere), which stays meaningful on a
    busy machine.

    wins.<role> counts the games in which a seat of that role was among the winners (so a
    lord-side win counts for both lord and loyalist when loyalists are seated); win_rates are
    those counts over all games.
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
    /// Also play the plain game (every mode option at its default).
    plain: bool,
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
        plain: false,
    };
    let mut options: Vec<String> = Vec::new();
    let mut generals_given = false;
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
                generals_given = true;
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
                generals_given = true;
                let v = value("--ruleset")?;
                args.ruleset = serde_json::from_str(&v).map_err(|e| format!("--ruleset: {e}"))?;
            }
            "--mode" => args.ruleset.mode = value("--mode")?,
            "--option" => options.push(value("--option")?),
            "--plain" => args.plain = true,
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
    // A mode with generals of its own (国战) plays those unless told otherwise.
    if !generals_given && sgs_engine::REGISTRY.has_own_generals(mode.id) {
        args.ruleset.generals = sgs_engine::generals::ALL
            .iter()
            .filter(|p| p.modes.contains(&mode.id))
            .map(|p| p.id.to_string())
            .collect();
    }
    for option in &options {
        let (id, value) = sgs_bot::strength::option_value(mode.options, option)?;
        args.ruleset.options.set(&id, value);
    }
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

/// What a batch of games came to.
#[derive(Default)]
struct Batch {
    games: u64,
    turns: u64,
    actions: u64,
    draws: u64,
    unfinished: u64,
    /// Games a seat of each role (lord, loyalist, rebel, renegade) was among the winners of.
    wins: [u64; 4],
    /// Games that came down to exactly three living characters (V-3S's condition).
    three_survivors: u64,
    /// 转世: characters that came back (V-ZS-3), over all games.
    reincarnations: u64,
    /// The same by role (lord, loyalist, rebel, renegade).
    reincarnated: [u64; 4],
    /// 计分赛 points (V-JF tables 1 and 2) per role, summed over every seat of it in every
    /// finished identity game, and those seats' count.
    points: [i64; 4],
    role_seats: [u64; 4],
    peak_state_bytes: usize,
    record_hash: u64,
}

impl Batch {
    fn per_game(&self, total: u64) -> f64 {
        (total as f64 / self.games.max(1) as f64 * 10.0).round() / 10.0
    }

    /// The mean points of a seat of role `i` per game (`null` where no seat had it).
    fn mean_points(&self, i: usize) -> Option<f64> {
        (self.role_seats[i] > 0)
            .then(|| (self.points[i] as f64 / self.role_seats[i] as f64 * 1000.0).round() / 1000.0)
    }

    fn rate(&self, count: u64) -> f64 {
        (count as f64 / self.games.max(1) as f64 * 10_000.0).round() / 10_000.0
    }

    /// The figures that compare one batch with another of the same seeds.
    fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "games": self.games,
            "per_game": {
                "turns": self.per_game(self.turns),
                "actions": self.per_game(self.actions),
            },
            "win_rates": {
                "lord": self.rate(self.wins[0]),
                "loyalist": self.rate(self.wins[1]),
                "rebel": self.rate(self.wins[2]),
                "renegade": self.rate(self.wins[3]),
            },
            "three_survivors": self.three_survivors,
            "reincarnations": self.reincarnations,
            "reincarnated": {
                "loyalist": self.reincarnated[1],
                "rebel": self.reincarnated[2],
                "renegade": self.reincarnated[3],
            },
            "points_per_seat": {
                "lord": self.mean_points(0),
                "loyalist": self.mean_points(1),
                "rebel": self.mean_points(2),
                "renegade": self.mean_points(3),
            },
            "draws": self.draws,
            "unfinished": self.unfinished,
            "record_hash": format!("{:016x}", self.record_hash),
        })
    }
}

/// Per game: which seats are reincarnated characters now, and whether three were left at once.
struct Watch {
    reborn: Vec<bool>,
    three: bool,
    reincarnations: u64,
    /// Per seat.
    came_back: Vec<u64>,
    peak_state_bytes: usize,
}

impl Watch {
    fn new() -> Self {
        Watch {
            reborn: Vec::new(),
            three: false,
            reincarnations: 0,
            came_back: Vec::new(),
            peak_state_bytes: 0,
        }
    }

    fn see(&mut self, game: &Game) {
        self.peak_state_bytes = self.peak_state_bytes.max(game.state_bytes());
        self.three |= game.alive_count() == 3;
        self.reborn.resize(game.seat_count(), false);
        self.came_back.resize(game.seat_count(), 0);
        for (i, was) in self.reborn.iter_mut().enumerate() {
            let now = zhuanshi::reborn(game, Seat(i as u8));
            let back = u64::from(now && !*was);
            self.reincarnations += back;
            self.came_back[i] += back;
            *was = now;
        }
    }
}

/// Plays `args.games` games of `ruleset`.
fn play(args: &Args, ruleset: &Ruleset) -> Result<Batch, String> {
    let config = GameConfig {
        auto_pass: args.auto_pass,
        ..GameConfig::new(args.players, ruleset.clone())
    };
    let roles = [Role::Lord, Role::Loyalist, Role::Rebel, Role::Renegade];
    // FNV-1a over the games' hashes, in game order.
    let mut batch = Batch {
        record_hash: 0xcbf2_9ce4_8422_2325,
        ..Batch::default()
    };
    for index in 0..args.games {
        let seed = game_seed(args.seed, index);
        let mut watch = Watch::new();
        let game = match &args.agents {
            Some((_, spec)) if !spec.is_all(AgentKind::Random) => {
                arena::play_observed(config.clone(), seed, spec, args.max_actions, |game| {
                    watch.see(game)
                })
                .map(|(game, _)| game)
            }
            _ => sim::play_random(config.clone(), seed, args.max_actions, |game, _, _| {
                watch.see(game)
            }),
        }
        .map_err(|e| format!("setup failed: {e}"))?;
        watch.see(&game);
        batch.games += 1;
        batch.peak_state_bytes = batch.peak_state_bytes.max(watch.peak_state_bytes);
        batch.three_survivors += u64::from(watch.three);
        batch.reincarnations += watch.reincarnations;
        for (i, back) in watch.came_back.iter().enumerate() {
            let role = game.seat(Seat(i as u8)).role;
            let at = roles.iter().position(|r| *r == role).unwrap_or(0);
            batch.reincarnated[at] += back;
        }
        for byte in game.hash().to_le_bytes() {
            batch.record_hash =
                (batch.record_hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        if let (Some(outcome), "identity") = (game.outcome(), ruleset.mode.as_str()) {
            let points = score::points(outcome, game.deaths());
            for (seat, points) in points.iter().enumerate() {
                let i = roles
                    .iter()
                    .position(|r| *r == outcome.roles[seat])
                    .unwrap_or(0);
                batch.points[i] += i64::from(*points);
                batch.role_seats[i] += 1;
            }
        }
        batch.turns += u64::from(game.turn().number);
        batch.actions += game.action_count() as u64;
        match game.outcome() {
            None => batch.unfinished += 1,
            Some(outcome) if outcome.winner.is_none() => batch.draws += 1,
            Some(outcome) => {
                for (count, role) in batch.wins.iter_mut().zip(roles) {
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
    Ok(batch)
}

fn run(args: &Args) -> Result<serde_json::Value, String> {
    let start = Instant::now();
    let cpu_start = cpu_time();
    let batch = play(args, &args.ruleset)?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let cpu_seconds = cpu_start.zip(cpu_time()).map(|(a, b)| (b - a).max(1e-9));
    let actions = batch.actions;

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
        "turns": batch.turns,
        "actions": actions,
        "wins": {
            "lord": batch.wins[0],
            "loyalist": batch.wins[1],
            "rebel": batch.wins[2],
            "renegade": batch.wins[3],
        },
        "draws": batch.draws,
        "unfinished": batch.unfinished,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "games_per_sec": (args.games as f64 / seconds).round() as u64,
        "actions_per_sec": (actions as f64 / seconds).round() as u64,
        "cpu_seconds": cpu_seconds.map(|s| (s * 1000.0).round() / 1000.0),
        "games_per_cpu_sec": cpu_seconds.map(|s| (args.games as f64 / s).round() as u64),
        "peak_state_bytes": batch.peak_state_bytes,
        "record_hash": format!("{:016x}", batch.record_hash),
    });
    let summary = batch.summary();
    for key in [
        "per_game",
        "win_rates",
        "three_survivors",
        "reincarnations",
        "reincarnated",
        "points_per_seat",
    ] {
        figures[key] = summary[key].clone();
    }
    if let Some((text, _)) = &args.agents {
        figures["agents"] = serde_json::Value::from(text.as_str());
    }
    if args.plain {
        let plain = Ruleset {
            options: Default::default(),
            ..args.ruleset.clone()
        };
        figures["plain"] = play(args, &plain)?.summary();
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
