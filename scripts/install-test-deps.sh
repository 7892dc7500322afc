#!/usr/bin/env bash
# Installs what the test suite needs beyond Rust: headless Chromium and ChromeDriver from Debian
# (browser tests) and the Python `websockets` package (the example Python bot). Idempotent.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v chromedriver >/dev/null 2>&1 || ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium and chromium-driver from Debian packages"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import websockets' >/dev/null 2>&1; then
    echo "installing the python websockets package"
    python3 -m pip install --quiet websockets
fi
