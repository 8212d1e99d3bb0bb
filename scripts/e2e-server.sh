#!/usr/bin/env bash
# Starts the built app for the browser journeys on port $1 with a fresh database seeded with the demo data:
# an embedded one by default; with E2E_DATABASE_URL (CI), a new database named manabi_e2e_$1 on that
# PostgreSQL server, which runs the queries in its own processes instead of the app's event loop.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
dir=.e2e/data-$port
rm -rf "$dir"
if [[ -n "${E2E_DATABASE_URL:-}" ]]; then
  db=manabi_e2e_$port
  psql -q -v ON_ERROR_STOP=1 "$E2E_DATABASE_URL" -c "drop database if exists $db with (force)" -c "create database $db"
  export DATABASE_URL="${E2E_DATABASE_URL%/*}/$db"
fi
# the whole log, for scripts/log-scan.mjs (no personal data in it) and for reading after a failure
log=.e2e/server-$port.log
mkdir -p .e2e
exec > >(tee "$log") 2>&1
PORT=$port HOST=127.0.0.1 DATA_DIR=$dir SEED_DEMO=1 exec node packages/server/dist/main.js
