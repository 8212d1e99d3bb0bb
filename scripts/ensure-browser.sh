#!/usr/bin/env bash
# Browser tests need Debian's Chromium and Japanese fonts (never `npx playwright install`: it cannot
# download here). Installs them when missing and we are root; otherwise says exactly what to run.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} from Debian's packages (browser tests need them)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  echo "Installed ${missing[*]}."
else
  echo "Browser tests need: ${missing[*]}. Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
