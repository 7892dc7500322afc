#!/usr/bin/env bash
# Runs every test of the project: formatting, lints, and the whole `cargo test` suite — engine
# scenarios and simulations, server integration tests over real WebSockets (a 60 s soak among
# them), bots, and the browser tests in headless Chromium —, then a short run of every fuzz
# target and the container image built offline and run from its own filesystem. This is the
# command README.md names and .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# Browser tests fail (instead of skipping) when Chromium is missing; the PostgreSQL store's tests
# run against a throwaway cluster (scripts/with-postgres.sh) and fail when PostgreSQL is missing,
# as the test behind nginx does without nginx.
SGS_REQUIRE_BROWSER=1 SGS_REQUIRE_POSTGRES=1 SGS_REQUIRE_NGINX=1 \
    bash scripts/with-postgres.sh cargo test --workspace
# The image, built with podman from a debootstrapped base and the binary cargo test just built.
bash scripts/image-check.sh
# Every fuzz target from its committed corpus, briefly (scripts/fuzz.sh 600 for the long runs).
bash scripts/fuzz.sh 20
