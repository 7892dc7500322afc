//! `sgs-baseline`: the yardstick server for `sgs-load` — tokio-tungstenite broadcasting one
//! recorded game's real messages to each room, nothing else (see `sgs_bot::load::baseline`).
//!
//! ```text
//! sgs-baseline --addr 127.0.0.1:9000 --seconds 600
//! ```
//!
//! It listens on loopback only and stops by itself after `--seconds`.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sgs_bot::load::baseline;

/// The baseline server for sgs-load (loopback only, bounded in time).
#[derive(Debug, Parser)]
#[command(name = "sgs-baseline", version)]
struct Args {
    /// Address to listen on (loopback only).
    #[arg(long, env = "SGS_BASELINE_ADDR", default_value = "127.0.0.1:9000")]
    addr: SocketAddr,
    /// Seconds to serve before stopping (at most 3,600).
    #[arg(long, env = "SGS_BASELINE_SECONDS", default_value_t = 600)]
    seconds: u64,
    /// The recorded games' mode (the ruleset's mode id).
    #[arg(long, env = "SGS_BASELINE_MODE", default_value = "identity")]
    mode: String,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    sgs_bot::load::raise_fd_limit();
    let mut ruleset = sgs_protocol::RoomOptions::default().ruleset;
    ruleset.mode = args.mode;
    match baseline::bind(args.addr, ruleset).await {
        Ok((addr, _baseline)) => {
            println!("listening on ws://{addr}/ws");
            let limit = Duration::from_secs(args.seconds.min(3_600));
            tokio::select! {
                () = tokio::time::sleep(limit) => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("sgs-baseline: cannot listen on {}: {error}", args.addr);
            ExitCode::from(1)
        }
    }
}
