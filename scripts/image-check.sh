#!/usr/bin/env bash
# Builds the container image offline and checks it, where containers cannot be started:
#   1. a Debian bookworm base made with debootstrap from Debian's packages (minbase, with the
#      user sgs (10001) and /data owned by it), imported into podman (cached in $WORK);
#   2. `podman build` of docker/Dockerfile.prebuilt (no RUN step) with the sgs-server binary
#      cargo built (target/debug by default; SGS_IMAGE_BINARY=path for another);
#   3. the image's settings: health check probing /healthz, 0.0.0.0:8080, the /data volume;
#   4. the image's filesystem exported (podman create + export) and the binary run from it with
#      chroot as user 10001, on 127.0.0.1 (outside a container the host's network is shared):
#      /healthz through the image's own health check, then a WebSocket hello.
# Skips, saying so, only when podman cannot work here at all. Bounded: every wait has a limit.
#
#   bash scripts/image-check.sh --base-only   # step 1 alone (scripts/test.sh runs it early, in
#                                             # the background, while the code compiles)
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${CARGO_TARGET_DIR:-target}"
binary="${SGS_IMAGE_BINARY:-$target_dir/debug/sgs-server}"
work="${SGS_IMAGE_WORK:-/var/tmp/sgs-image}"
base_tar="$work/base-bookworm.tar"
base_image="localhost/sgs-base:bookworm"
image="localhost/sanguosha:check"
port="${SGS_IMAGE_PORT:-18089}"
mirror="${SGS_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

base_only=""
if [ "${1:-}" = "--base-only" ]; then
    base_only=1
fi

say() { echo "image-check: $*"; }
chroot_bin="$(command -v chroot)"

if [ "$(id -u)" -ne 0 ]; then
    say "SKIPPED: needs root (debootstrap, chroot, podman's root store)"
    exit 0
fi
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
    say "podman or debootstrap is missing: run scripts/install-test-deps.sh"
    exit 1
fi
if ! podman info >/dev/null 2>&1; then
    say "SKIPPED: podman cannot run here ($(podman info 2>&1 | tail -1))"
    exit 0
fi
mkdir -p "$work"
if [ ! -s "$base_tar" ]; then
    say "making the base with debootstrap (bookworm, minbase) from $mirror"
    rootfs="$work/rootfs"
    rm -rf "$rootfs"
    timeout 900 debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log"; say "debootstrap failed"; exit 1; }
    chroot "$rootfs" useradd --system --uid 10001 --home-dir /data sgs
    mkdir -p "$rootfs/data"
    chown 10001:10001 "$rootfs/data"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -cf "$base_tar.part" .
    mv "$base_tar.part" "$base_tar"
    rm -rf "$rootfs"
fi
if ! podman image exists "$base_image"; then
    say "importing the base as $base_image"
    podman import "$base_tar" "$base_image" >/dev/null 2>&1
fi
if [ -n "$base_only" ]; then
    say "the base image $base_image is ready"
    exit 0
fi
if [ ! -x "$binary" ]; then
    say "no binary at $binary (cargo build -p sgs-server first)"
    exit 1
fi


context="$(mktemp -d)"
root="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$context" "$root"
}
trap cleanup EXIT

cp "$binary" "$context/sgs-server"
cp docker/Dockerfile.prebuilt "$context/Dockerfile"
say "podman build (offline, from $base_image, binary $binary)"
timeout 600 podman build --pull=never --network=none --format docker \
    --build-arg BASE="$base_image" -t "$image" "$context" >"$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log"; say "podman build failed"; exit 1; }

config="$(podman image inspect "$image" | tr -d ' \n')"
for want in '"SGS_ADDR=0.0.0.0:8080"' '"SGS_DATA=/data"' '"/data":{}' '"--health-check"' '"10001:10001"'; do
    if ! grep -qF -- "$want" <<<"$config"; then
        say "the image's config lacks $want: $config"
        exit 1
    fi
done
say "image settings: listens on 0.0.0.0:8080, data volume /data, health check sgs-server --health-check, user 10001"

container="$(podman create --no-healthcheck "$image")"
chmod 755 "$root"
podman export "$container" | tar -x -C "$root"
podman rm "$container" >/dev/null
mount -t proc proc "$root/proc"

env -i PATH=/usr/local/bin:/usr/bin:/bin SGS_ADDR="127.0.0.1:$port" SGS_DATA=/data RUST_LOG=info \
    "$chroot_bin" --userspec=10001:10001 "$root" /usr/local/bin/sgs-server >"$work/server.log" 2>&1 &
server_pid=$!

healthy=""
for _ in $(seq 1 100); do
    if answer="$(env -i SGS_ADDR="127.0.0.1:$port" "$chroot_bin" --userspec=10001:10001 "$root" \
        /usr/local/bin/sgs-server --health-check 2>/dev/null)"; then
        healthy="$answer"
        break
    fi
    sleep 0.1
done
if [ -z "$healthy" ]; then
    cat "$work/server.log"
    say "the server from the image never answered /healthz"
    exit 1
fi
say "/healthz from the image's filesystem: $healthy"

timeout 30 python3 - "$port" <<'EOF'
import asyncio, json, sys
import websockets

async def main(port):
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws") as ws:
        await ws.send(json.dumps({"type": "hello", "version": 2, "name": "image-check"}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert welcome["type"] == "welcome", welcome
        print(f"image-check: WebSocket hello answered: welcome player {welcome['player']}")

asyncio.run(main(int(sys.argv[1])))
EOF
if [ ! -s "$root/data/sgs.sqlite3" ]; then
    say "the server did not create its store in the image's /data"
    exit 1
fi
say "ok: the store is in the image's /data volume"
