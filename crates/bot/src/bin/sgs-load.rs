//! `sgs-load`: N WebSocket connections in rooms against a server on loopback, then one JSON
//! summary on stdout (see `sgs_bot::load`).
//!
//! ```text
//! sgs-load --url ws://127.0.0.1:8080/ws --connections 1000 --room-size 8 --pace human \
//!          --server-pid "$(pidof sgs-server)"
//! sgs-load --connections 512 --pace max --baseline-url ws://127.0.0.1:9000/ws   # + a ratio
//! ```
//!
//! With `--baseline-url` the same load runs a second time against the baseline server
//! (`sgs-baseline`), and the output is `{"server": …, "baseline": …, "ratio": …}`: the
//! server's rates divided by the baseline's. Exit codes: 0 after a run, 1 if it could not
//! start, 2 for bad arguments.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use serde_json::json;
use sgs_bot::load::{self, LoadOptions, Pace, Soak, Summary};

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PaceArg {
    /// Hello, then nothing (no room): memory per idle connection.
    Idle,
    /// Answer after a log-normal think time (median `--think-ms`).
    Human,
    /// Answer at once.
    Max,
}

/// Load for a sanguosha server on loopback: connections in rooms, answering their prompts.
#[derive(Debug, Parser)]
#[command(name = "sgs-load", version)]
struct Args {
    /// The server's WebSocket endpoint (loopback only).
    #[arg(long, env = "SGS_LOAD_URL", default_value = "ws://127.0.0.1:8080/ws")]
    url: String,
    /// Connections to open (at most 50,000).
    #[arg(long, env = "SGS_LOAD_CONNECTIONS", default_value_t = 100)]
    connections: usize,
    /// Seats per room; each seat is one connection.
    #[arg(long, env = "SGS_LOAD_ROOM_SIZE", default_value_t = 8)]
    room_size: u8,
    /// The rooms' game mode (the ruleset's mode id).
    #[arg(long, env = "SGS_LOAD_MODE", default_value = "identity")]
    mode: String,
    /// How prompts are answered.
    #[arg(long, env = "SGS_LOAD_PACE", value_enum, default_value = "human")]
    pace: PaceArg,
    /// Median think time of `--pace human`, in milliseconds.
    #[arg(long, env = "SGS_LOAD_THINK_MS", default_value_t = 1_500)]
    think_ms: u64,
    /// Seconds measured, after the warm-up (at most 3,600 with it).
    #[arg(long, env = "SGS_LOAD_SECONDS", default_value_t = 30)]
    seconds: u64,
    /// Seconds of warm-up (connecting, first games), not measured.
    #[arg(long, env = "SGS_LOAD_WARMUP", default_value_t = 10)]
    warmup: u64,
    /// New connections per second while ramping up.
    #[arg(long, env = "SGS_LOAD_RAMP", default_value_t = 2_000.0)]
    ramp: f64,
    /// The server's pid: its CPU and RSS are read from /proc/<pid>.
    #[arg(long, env = "SGS_LOAD_SERVER_PID")]
    server_pid: Option<u32>,
    /// Connect every room from 127.0.0.1 instead of its own loopback address (127.1.x.y).
    #[arg(long, env = "SGS_LOAD_ONE_SOURCE")]
    one_source: bool,
    /// Join and reconnect on each room's own socket (`/rooms/{id}/ws`): for several server
    /// processes behind a proxy that routes by room (docs/cluster.md).
    #[arg(long, env = "SGS_LOAD_ROOM_SOCKETS")]
    room_sockets: bool,
    /// Mix in disconnects, reconnect storms, malformed frames and slow readers.
    #[arg(long, env = "SGS_LOAD_SOAK")]
    soak: bool,
    /// Seconds between samples of the server.
    #[arg(long, env = "SGS_LOAD_SAMPLE_EVERY", default_value_t = 5)]
    sample_every: u64,
    /// Run the same load against this baseline server too, and print the ratio.
    #[arg(long, env = "SGS_LOAD_BASELINE_URL")]
    baseline_url: Option<String>,
    /// The baseline's pid (for its CPU and RSS).
    #[arg(long, env = "SGS_LOAD_BASELINE_PID")]
    baseline_pid: Option<u32>,
    /// Seeds the seats' choices.
    #[arg(long, env = "SGS_LOAD_SEED", default_value_t = 1)]
    seed: u64,
}

fn options(args: &Args, url: &str, pid: Option<u32>) -> LoadOptions {
    let pace = match args.pace {
        PaceArg::Idle => Pace::Idle,
        PaceArg::Human => Pace::Human {
            median_ms: args.think_ms,
        },
        PaceArg::Max => Pace::Max,
    };
    let mut options = LoadOptions::new(url, args.connections, args.room_size, pace);
    options.ruleset.mode = args.mode.clone();
    options.duration = Duration::from_secs(args.seconds.max(1));
    options.warmup = Duration::from_secs(args.warmup);
    options.ramp_per_sec = args.ramp;
    options.server_pid = pid;
    options.spread_sources = !args.one_source;
    options.room_sockets = args.room_sockets;
    options.soak = args.soak.then(Soak::default);
    options.sample_every = Duration::from_secs(args.sample_every.max(1));
    options.seed = args.seed;
    options
}

fn ratio(a: f64, b: f64) -> Option<f64> {
    (b > 0.0).then(|| (a / b * 1000.0).round() / 1000.0)
}

fn ratios(server: &Summary, baseline: &Summary) -> serde_json::Value {
    json!({
        "acts_per_sec": ratio(server.acts_per_sec, baseline.acts_per_sec),
        "messages_per_sec": ratio(server.messages_per_sec, baseline.messages_per_sec),
        "bytes_per_sec": ratio(server.bytes_per_sec, baseline.bytes_per_sec),
    })
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let server = match load::run(options(&args, &args.url, args.server_pid)).await {
        Ok(summary) => summary,
        Err(error) => {
            eprintln!("sgs-load: {error}");
            return ExitCode::from(1);
        }
    };
    let output = match &args.baseline_url {
        None => serde_json::to_value(&server).unwrap_or_default(),
        Some(url) => match load::run(options(&args, url, args.baseline_pid)).await {
            Ok(baseline) => json!({
                "ratio": ratios(&server, &baseline),
                "server": server,
                "baseline": baseline,
            }),
            Err(error) => {
                eprintln!("sgs-load: baseline: {error}");
                return ExitCode::from(1);
            }
        },
    };
    println!("{output}");
    ExitCode::SUCCESS
}
