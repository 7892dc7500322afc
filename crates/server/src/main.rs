//! `sgs-server`: parses the configuration, sets up logging (text or JSON), binds, and serves
//! until SIGINT or SIGTERM. Everything else is in the library.

use anyhow::Context;
use clap::Parser;
use sgs_server::config::{Config, LogFormat};
use sgs_server::AppState;

/// See the dependency's note in Cargo.toml: allocation is a large share of the work per message.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    if config.health_check {
        let answer = sgs_server::probe_health(config.addr)
            .with_context(|| format!("the server at {} is not healthy", config.addr))?;
        println!("{answer}");
        return Ok(());
    }
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match config.log_format {
        LogFormat::Text => logs.init(),
        // One JSON object a line; the spans (room, conn, player) are fields of it.
        LogFormat::Json => logs
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
    let addr = config.addr;
    let hint = config.reachability_hint();
    let state = AppState::new(config)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    if let Some(hint) = hint {
        tracing::warn!("{hint}");
    }
    sgs_server::serve(listener, state, sgs_server::shutdown_signal())
        .await
        .context("server error")?;
    tracing::info!("stopped");
    Ok(())
}
