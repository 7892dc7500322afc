#!/usr/bin/env bash
# Runs every test of the project: formatting, lints, and the whole `cargo test` suite — engine
# scenarios and simulations, server integration tests over real WebSockets, bots, and the browser
# tests in headless Chromium. This is the command README.md names and .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# Browser tests fail (instead of skipping) when Chromium is missing.
SGS_REQUIRE_BROWSER=1 cargo test --workspace
