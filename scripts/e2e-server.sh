#!/usr/bin/env bash
# Starts the built app for the browser journeys on port $1 with a fresh embedded database (demo data).
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
dir=.e2e/data-$port
rm -rf "$dir"
PORT=$port HOST=127.0.0.1 DATA_DIR=$dir SEED_DEMO=1 exec node packages/server/dist/main.js
