#!/usr/bin/env bash
# Throughput of N server processes on one PostgreSQL store behind nginx (issue 21's "1 vs 3
# nodes" figure, docs/performance.md): run inside scripts/with-postgres.sh, which provides
# SGS_TEST_DATABASE_URL.
#
#   bash scripts/with-postgres.sh bash scripts/cluster-load.sh 3 [sgs-load arguments…]
#
# Starts N release `sgs-server` processes (--node-id n1…nN, each its own schema-free store: they
# share the database), nginx on 127.0.0.1 routing by room as docs/cluster.md does, then `sgs-load`
# through nginx with --room-sockets, and prints sgs-load's JSON summary plus each server's CPU
# seconds. Everything binds to 127.0.0.1; every process is stopped at the end. Build first:
#   cargo build --release -p sgs-server -p sgs-bot --bin sgs-server --bin sgs-load
set -euo pipefail

nodes=${1:?usage: cluster-load.sh NODES [sgs-load arguments...]}
shift
: "${SGS_TEST_DATABASE_URL:?run inside scripts/with-postgres.sh}"
bin=${CARGO_TARGET_DIR:-target}/release
nginx=$(command -v nginx || echo /usr/sbin/nginx)
work=$(mktemp -d "${TMPDIR:-/tmp}/sgs-cluster.XXXXXX")
pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap stop EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# A fresh schema: the database may hold another run's rooms.
schema="load$(date +%s)"
psql "$SGS_TEST_DATABASE_URL" -qc "CREATE SCHEMA $schema" >/dev/null
case "$SGS_TEST_DATABASE_URL" in
    *\?*) url="$SGS_TEST_DATABASE_URL&options=-c%20search_path%3D$schema" ;;
    *) url="$SGS_TEST_DATABASE_URL?options=-c%20search_path%3D$schema" ;;
esac

upstreams=""
all=""
addrs=()
for i in $(seq 1 "$nodes"); do
    port=$(free_port)
    addrs+=("127.0.0.1:$port")
    all="$all server 127.0.0.1:$port;"
done
for i in $(seq 1 "$nodes"); do
    backups=""
    for j in $(seq 1 "$nodes"); do
        [ "$i" = "$j" ] || backups="$backups server ${addrs[$((j - 1))]} backup;"
    done
    upstreams="$upstreams upstream sgs_n$i { server ${addrs[$((i - 1))]};$backups }"
done
for i in $(seq 1 "$nodes"); do
    "$bin/sgs-server" --addr "${addrs[$((i - 1))]}" --database-url "$url" --node-id "n$i" \
        --pass-delay-min-ms 0 --pass-delay-max-ms 0 \
        --max-connections 25000 --max-sockets 30000 --max-rooms 5000 \
        --max-connections-per-client 100000 --max-rooms-per-client 100000 \
        --room-creations-per-min 100000 >"$work/n$i.log" 2>&1 &
    pids+=("$!")
done

proxy=$(free_port)
user=""
[ "$(id -u)" -eq 0 ] && user="user root;"
cat >"$work/nginx.conf" <<CONF
$user
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/body; proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi; uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
    map \$uri \$sgs_node {
        ~^/rooms/(?<node>[a-z0-9]+)-[a-z0-9]+/ws\$  \$node;
        default                                    any;
    }
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    upstream sgs_any {$all }
    $upstreams
    server {
        listen 127.0.0.1:$proxy;
        location / {
            proxy_pass http://sgs_\$sgs_node;
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout http_404;
        }
    }
}
CONF
"$nginx" -p "$work" -c "$work/nginx.conf" -g "daemon off;" &
pids+=("$!")

for addr in "${addrs[@]}" "127.0.0.1:$proxy"; do
    for _ in $(seq 1 200); do
        if python3 -c "import socket,sys; socket.create_connection(('${addr%:*}', ${addr##*:}), 1)" 2>/dev/null; then
            break
        fi
        sleep 0.05
    done
done

"$bin/sgs-load" --url "ws://127.0.0.1:$proxy/ws" --room-sockets --one-source "$@"
for i in $(seq 1 "$nodes"); do
    pid=${pids[$((i - 1))]}
    ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    echo "n$i cpu_seconds=$(python3 -c "import os; print(round($ticks / os.sysconf('SC_CLK_TCK'), 1))")"
done
