#!/usr/bin/env bash
# `npm test`: the whole suite — typecheck and lint, unit and API tests (vitest, PGlite),
# then the browser journeys (Playwright + Debian Chromium) against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
echo "== check (typecheck + lint)"
npm run -s check
echo "== unit and API tests"
npx vitest run
echo "== build"
npm run -s build
echo "== browser journeys"
npx playwright test
echo "== the journeys' server logs hold no personal data of the demo students"
node scripts/log-scan.mjs
