//! `sgs-server`: parses the configuration, sets up logging, binds, and serves until SIGINT or
//! SIGTERM. Everything else is in the library.

use anyhow::Context;
use clap::Parser;
use sgs_server::config::Config;
use sgs_server::AppState;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let config = Config::parse();
    let addr = config.addr;
    let state = AppState::new(config)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    sgs_server::serve(listener, state, sgs_server::shutdown_signal())
        .await
        .context("server error")?;
    tracing::info!("stopped");
    Ok(())
}
