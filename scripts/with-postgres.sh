#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster, for the Postgres half of the storage tests:
#
#   bash scripts/with-postgres.sh cargo test -p sgs-server
#
# The cluster (Debian's `postgresql` package: initdb and pg_ctl) lives in a temporary directory,
# listens on 127.0.0.1 only, on a free port, with a random password, and is stopped and removed
# when the command ends. The command gets its address in SGS_TEST_DATABASE_URL; each test makes
# its own schema in it. The cluster runs with fsync=off: the tests check what the store does, not
# that PostgreSQL survives a power cut, and a disk sync per commit only slows them. As root, the cluster runs as the `postgres` user (PostgreSQL refuses to
# run as root).
#
# Without PostgreSQL the command runs anyway, without the URL, after a loud SKIPPED line (the
# Postgres tests then skip) — unless SGS_REQUIRE_POSTGRES=1, which makes that an error.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

bindir=""
for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
        bindir=$dir
        break
    fi
done
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    bindir=$(dirname "$(command -v initdb)")
fi
if [ -z "$bindir" ]; then
    if [ "${SGS_REQUIRE_POSTGRES:-}" = "1" ]; then
        echo "with-postgres.sh: PostgreSQL (initdb, pg_ctl) is not installed, and SGS_REQUIRE_POSTGRES=1 requires it (apt-get install -y postgresql)" >&2
        exit 1
    fi
    echo "=================================================================================" >&2
    echo "SKIPPED: PostgreSQL is not installed; the Postgres storage tests will skip" >&2
    echo "         (apt-get install -y postgresql, or scripts/install-test-deps.sh)" >&2
    echo "=================================================================================" >&2
    exec "$@"
fi

# Who runs the cluster: ourselves, or `postgres` when we are root.
as_owner() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
        echo "with-postgres.sh: running as root and there is no postgres user to run the cluster" >&2
        exit 1
    fi
    as_owner() { runuser -u postgres -- "$@"; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sgs-pg.XXXXXX")
chmod 755 "$work"
password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' "$password" >"$work/pwfile"
if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$work"; fi

stop() {
    as_owner "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap stop EXIT

as_owner "$bindir/initdb" -D "$work/data" -U sgs --pwfile="$work/pwfile" \
    --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$work/initdb.log" 2>&1 || {
    cat "$work/initdb.log" >&2
    exit 1
}
rm -f "$work/pwfile"

started=""
for _ in 1 2 3 4 5 6 7 8; do
    port=$((20000 + RANDOM % 20000))
    if as_owner "$bindir/pg_ctl" -D "$work/data" -l "$work/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $work -c max_connections=200 -c fsync=off" \
        start >/dev/null 2>&1; then
        started=1
        break
    fi
done
if [ -z "$started" ]; then
    echo "with-postgres.sh: the PostgreSQL cluster did not start:" >&2
    cat "$work/server.log" >&2 || true
    exit 1
fi

export SGS_TEST_DATABASE_URL="postgres://sgs:$password@127.0.0.1:$port/postgres"
echo "with-postgres.sh: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
