#!/usr/bin/env python3
"""Runs test binaries that `cargo test --no-run --message-format=json` built, as `cargo test` would.

    cargo test --workspace --no-run --message-format=json-render-diagnostics > built.json
    python3 scripts/run-test-binaries.py built.json --package sgs-e2e --prefix '[e2e] '
    python3 scripts/run-test-binaries.py built.json --except sgs-e2e

Why not two `cargo test -p …` runs: cargo unifies features over the packages a command selects,
so `-p sgs-e2e` and `--workspace --exclude sgs-e2e` each need the whole workspace compiled again
with other features (hyper's client, syn's visitors, the engine's `testing`). One build, then the
binaries run in two groups side by side (scripts/test.sh), costs one compile.

Each binary runs from its package's directory with CARGO_MANIFEST_DIR set, as under cargo. Every
binary runs even after a failure (like `cargo test --no-fail-fast`); the exit status is 1 if any
failed, and the failures are listed at the end. Doc tests are not here: `cargo test --doc`.
"""

import argparse
import json
import os
import subprocess
import sys
import time


def binaries(path):
    """(package name, package dir, target name, executable) of every test binary, in build order."""
    found = []
    with open(path, encoding="utf-8") as messages:
        for line in messages:
            line = line.strip()
            if not line.startswith("{"):
                continue
            message = json.loads(line)
            if message.get("reason") != "compiler-artifact":
                continue
            if not message.get("profile", {}).get("test") or not message.get("executable"):
                continue
            package = message["package_id"]
            # "path+file:///dir/crates/engine#sgs-engine@0.1.0" or the older "name version (url)".
            name = package.split("#")[-1].split("@")[0] if "#" in package else package.split()[0]
            directory = os.path.dirname(message["manifest_path"])
            found.append((name, directory, message["target"]["name"], message["executable"]))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("built", help="cargo's JSON messages from `cargo test --no-run`")
    parser.add_argument("--package", action="append", default=[], help="run only these packages")
    parser.add_argument("--except", dest="excluded", action="append", default=[],
                        help="run every package but these")
    parser.add_argument("--prefix", default="", help="put before every output line")
    args = parser.parse_args()

    chosen = [
        b for b in binaries(args.built)
        if (not args.package or b[0] in args.package) and b[0] not in args.excluded
    ]
    if not chosen:
        print(f"{args.prefix}run-test-binaries: no test binary matches", flush=True)
        return 1
    failed = []
    for name, directory, target, executable in chosen:
        start = time.monotonic()
        print(f"{args.prefix}     Running {name} {target} ({executable})", flush=True)
        env = dict(os.environ, CARGO_MANIFEST_DIR=directory, CARGO_PKG_NAME=name)
        process = subprocess.Popen(
            [executable], cwd=directory, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )
        for raw in process.stdout:
            sys.stdout.write(args.prefix + raw.decode("utf-8", "replace"))
            sys.stdout.flush()
        status = process.wait()
        took = time.monotonic() - start
        print(f"{args.prefix}     {name} {target}: exit {status} after {took:.0f} s", flush=True)
        if status != 0:
            failed.append(f"{name} {target} (exit {status})")
    if failed:
        print(f"{args.prefix}FAILED test binaries: {', '.join(failed)}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
