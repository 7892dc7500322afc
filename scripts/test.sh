#!/usr/bin/env bash
# Runs every test of the project: formatting, lints, and the whole `cargo test` suite — engine
# scenarios and simulations, server integration tests over real WebSockets (a 60 s soak among
# them), bots, and the browser tests in headless Chromium —, then a short run of every fuzz
# target and the container image built offline and run from its own filesystem. This is the
# command README.md names and .ci/run calls.
#
# On two cores the run is kept short by overlapping what waits with what computes: the image's
# Debian base is fetched while the code compiles, and the browser crate's tests (which mostly
# wait on Chromium) run beside the engine's and the server's (which keep the cores busy). Their
# lines are prefixed with [e2e]. Each stage prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
stage() { echo "=== test.sh: $1 ($((SECONDS - start)) s since the start)"; }
# Background work never outlives the script, whichever way it ends.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

stage "installing what the tests need"
bash scripts/install-test-deps.sh

stage "the image's base, in the background"
base_log="$(mktemp)"
bash scripts/image-check.sh --base-only >"$base_log" 2>&1 &
base=$!

stage "formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

# Browser tests fail (instead of skipping) when Chromium is missing; the PostgreSQL store's tests
# run against a throwaway cluster (scripts/with-postgres.sh) and fail when PostgreSQL is missing,
# as the test behind nginx does without nginx.
export SGS_REQUIRE_BROWSER=1 SGS_REQUIRE_POSTGRES=1 SGS_REQUIRE_NGINX=1
stage "building every test"
built="$(mktemp)"
cargo test --workspace --no-run --message-format=json-render-diagnostics >"$built"

# One build, two groups side by side (scripts/run-test-binaries.py says why not two cargo runs).
stage "the tests: the browser crate's beside the rest"
python3 scripts/run-test-binaries.py "$built" --package sgs-e2e --prefix '[e2e] ' &
e2e=$!
bash scripts/with-postgres.sh python3 scripts/run-test-binaries.py "$built" --except sgs-e2e
cargo test --workspace --doc
stage "the engine's, server's and bots' tests passed; waiting for the browser crate's"
wait "$e2e"
stage "the browser crate's tests passed"

# The image, built with podman from the debootstrapped base and the binary cargo test built.
wait "$base" || { cat "$base_log"; exit 1; }
cat "$base_log"
bash scripts/image-check.sh
stage "the image check passed"
# Every fuzz target from its committed corpus, briefly (scripts/fuzz.sh 600 for the long runs).
bash scripts/fuzz.sh 20
stage "done: every test passed"
