#!/usr/bin/env bash
# Runs every fuzz target (fuzz/, cargo-fuzz layout) for SECONDS each (default 20), starting from
# its committed corpus in fuzz/corpus/<target>/; new inputs go to a scratch directory, so the
# committed corpus changes only when you copy them in (`cargo fuzz cmin` first). A crash fails
# the script and leaves its input under fuzz/artifacts/<target>/.
#
#   bash scripts/fuzz.sh            # CI: a short run of each target
#   bash scripts/fuzz.sh 600        # the 10-minute runs reported in docs/performance.md
#
# The machine's toolchain is stable: cargo-fuzz's libFuzzer instrumentation (sancov) works on
# stable, and RUSTC_BOOTSTRAP=1 lets it pass the nightly-only flags it uses for AddressSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
targets=(client_msg engine_random scenario)
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: run scripts/install-test-deps.sh" >&2
    exit 1
fi
export RUSTC_BOOTSTRAP=1
# The fuzz workspace builds with its own flags: keep its artifacts apart (fuzz/target).
export CARGO_TARGET_DIR="${SGS_FUZZ_TARGET_DIR:-$PWD/fuzz/target}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cargo fuzz build -O
for target in "${targets[@]}"; do
    mkdir -p "$scratch/$target"
    echo "fuzz: $target for ${seconds} s"
    cargo fuzz run -O "$target" "$scratch/$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
        2>"$scratch/$target.log" || { tail -40 "$scratch/$target.log"; echo "fuzz: $target FAILED"; exit 1; }
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "$scratch/$target.log" | sed "s/^/fuzz: $target: /"
done
echo "fuzz: every target ran ${seconds} s without a crash"
