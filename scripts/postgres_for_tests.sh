#!/usr/bin/env bash
# A throw-away PostgreSQL server on 127.0.0.1 for the store's tests (Debian's `postgresql`).
#
#   eval "$(bash scripts/postgres_for_tests.sh start)"   # exports MIPAIR_TEST_POSTGRES_URL
#   python -m pytest tests/store/test_store_*.py
#   bash scripts/postgres_for_tests.sh stop "$MIPAIR_TEST_POSTGRES_DIR"
#
# `start` makes a new cluster in a temporary folder (initdb, trust authentication for its own
# user `mipair`, listening on 127.0.0.1 only, on a free port, its socket in that folder), starts
# it and prints the two export lines. PostgreSQL refuses to run as root: as root it runs as the
# `postgres` user that Debian's package creates. `stop` stops the server and removes the folder.
# Exit 1, with the reason on stderr, when PostgreSQL is not installed or does not start.
set -euo pipefail

bindir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; return 0; fi
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return 0
  echo "postgres_for_tests: PostgreSQL's initdb not found (apt-get install postgresql)" >&2
  return 1
}

as_server() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local bin dir port
  bin=$(bindir)
  dir=$(mktemp -d)
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  port=$(free_port)
  cd "$dir"
  if ! as_server "$bin/initdb" -D "$dir/data" -U mipair -A trust -E UTF8 --locale=C --no-sync \
    >"$dir/initdb.log" 2>&1; then
    echo "postgres_for_tests: initdb failed:" >&2; tail -n 5 "$dir/initdb.log" >&2; return 1
  fi
  if ! as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir" start >/dev/null 2>&1; then
    echo "postgres_for_tests: the server did not start:" >&2; tail -n 5 "$dir/server.log" >&2
    return 1
  fi
  echo "export MIPAIR_TEST_POSTGRES_URL=postgresql+psycopg://mipair@127.0.0.1:$port/postgres"
  echo "export MIPAIR_TEST_POSTGRES_DIR=$dir"
}

stop() {
  local dir=$1
  [ -d "$dir/data" ] || return 0
  as_server "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?stop needs the folder start printed}" ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 3 ;;
esac
