#!/usr/bin/env bash
# Installs what the test suite needs beyond Rust: headless Chromium and ChromeDriver from Debian
# (browser tests), a Chinese font (so screenshots show 中文), Node.js (the client's event fold is
# checked against the engine's), podman and debootstrap from Debian (the offline image check,
# scripts/image-check.sh), PostgreSQL and nginx from Debian (the PostgreSQL store's tests, in a
# throwaway cluster: scripts/with-postgres.sh; servers behind a proxy), the Python `websockets`
# package (the example Python bot, the image's WebSocket check) and cargo-fuzz from crates.io
# (scripts/fuzz.sh).
# Idempotent: installs only what is missing.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in chromium chromium-driver fonts-wqy-microhei podman debootstrap postgresql nginx; do
    if ! dpkg -s "$package" >/dev/null 2>&1; then
        missing+=("$package")
    fi
done
# Node.js runs the browser client's event fold against the engine's (tests/e2e/tests/fold.rs).
if ! command -v node >/dev/null 2>&1; then
    missing+=(nodejs)
fi
if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing from Debian packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! python3 -c 'import websockets' >/dev/null 2>&1; then
    echo "installing the python websockets package"
    python3 -m pip install --quiet websockets
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz from crates.io"
    cargo install --locked --quiet cargo-fuzz
fi
