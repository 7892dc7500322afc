//! `sgs-bot`: a headless bot that joins a room over the WebSocket protocol and plays whole games
//! as an ordinary client (see `sgs_bot::client`).
//!
//! ```text
//! sgs-bot --url ws://127.0.0.1:8080/ws --room CODE --name NAME --agent heuristic
//! sgs-bot --url ws://127.0.0.1:8080/ws --create --seats 5 --start --games 3   # host a bot room
//! ```
//!
//! Exit codes: 0 when the room closes, the bot is kicked, the server shuts down or `--games`
//! games are played; 1 on errors (cannot connect, version mismatch, the room refused the bot,
//! connection lost for good); 2 for bad arguments or a bad URL.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use sgs_bot::client::{self, ClientError, Options, Target};
use sgs_bot::AgentKind;
use sgs_engine::Seat;
use sgs_protocol::RoomOptions;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Agent {
    Heuristic,
    Random,
    /// The heuristic improved by a short search of its own play phase (issue 22), built from
    /// the room's ruleset as the server's `sync` tells it.
    Search,
}

/// A headless Sanguosha bot: joins a room and plays it like any client.
#[derive(Debug, Parser)]
#[command(name = "sgs-bot", version)]
struct Args {
    /// The server's WebSocket endpoint.
    #[arg(long, default_value = "ws://127.0.0.1:8080/ws")]
    url: String,
    /// The room code to join.
    #[arg(long, required_unless_present = "create", conflicts_with = "create")]
    room: Option<String>,
    /// Create a room instead (its code is printed on stdout) and host it.
    #[arg(long)]
    create: bool,
    /// Seats of the created room.
    #[arg(long, default_value_t = 5, requires = "create")]
    seats: u8,
    /// As host: start the game when every seat is taken, and a rematch after each game.
    #[arg(long)]
    start: bool,
    /// Display name.
    #[arg(long, default_value = "bot")]
    name: String,
    /// Who decides.
    #[arg(long, value_enum, default_value = "heuristic")]
    agent: Agent,
    /// The seat to take (default: the first empty one).
    #[arg(long)]
    seat: Option<u8>,
    /// The room's password.
    #[arg(long)]
    password: Option<String>,
    /// Leave after this many games (default: stay until the room closes).
    #[arg(long)]
    games: Option<u32>,
    /// Seed of the random agent.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Reconnection attempts in a row before giving up.
    #[arg(long, default_value_t = 10)]
    max_retries: u32,
    /// Messages per second at most (stay under the server's budget).
    #[arg(long, default_value_t = 15.0)]
    rate: f64,
    /// Say nothing on stderr but errors.
    #[arg(long, short)]
    quiet: bool,
}

fn options(args: Args) -> Options {
    let target = match args.room {
        Some(room) if !args.create => Target::Join {
            room,
            seat: args.seat.map(Seat),
            password: args.password,
        },
        _ => Target::Create(Box::new(RoomOptions {
            name: format!("{}'s room", args.name),
            seats: args.seats,
            password: args.password,
            ..RoomOptions::default()
        })),
    };
    Options {
        url: args.url,
        target,
        name: args.name,
        agent: match args.agent {
            Agent::Heuristic => AgentKind::Heuristic,
            Agent::Random => AgentKind::Random,
            Agent::Search => AgentKind::Search,
        },
        seed: args.seed,
        games: args.games,
        start: args.start,
        max_retries: args.max_retries,
        backoff: Duration::from_millis(250),
        rate_per_sec: args.rate,
        verbose: !args.quiet,
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let create = args.create;
    let options = options(args);
    if let Err(error) = client::check_url(&options.url) {
        eprintln!("sgs-bot: {error}");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("sgs-bot: cannot start: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(client::run_with(options, move |room| {
        if create {
            println!("{room}");
        }
    })) {
        Ok(report) => {
            if !report.outcomes.is_empty() || report.acted > 0 {
                eprintln!(
                    "sgs-bot: {:?} after {} game(s), {} answer(s)",
                    report.ending,
                    report.outcomes.len(),
                    report.acted
                );
                if report.search.searched > 0 {
                    let s = report.search;
                    eprintln!(
                        "sgs-bot: {} decision(s) searched, {} changed from the heuristic's, {} simulation(s)",
                        s.searched, s.changed, s.simulations
                    );
                }
            }
            ExitCode::SUCCESS
        }
        Err(error @ ClientError::BadUrl(_)) => {
            eprintln!("sgs-bot: {error}");
            ExitCode::from(2)
        }
        Err(error) => {
            eprintln!("sgs-bot: {error}");
            ExitCode::FAILURE
        }
    }
}
