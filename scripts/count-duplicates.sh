#!/usr/bin/env bash
# The duplicated blocks outside tests, as issue 33 counts them: the `duplicates` command (the tool library's,
# on the developers' machines) over a commit's tree with its test, spec and e2e files left out.
#   bash scripts/count-duplicates.sh [REV]      (default HEAD; prints the tool's summary and the real pairs)
#   LIST=1 bash scripts/count-duplicates.sh     (also lists the real, non-boilerplate pairs)
set -euo pipefail
rev=${1:-HEAD}
root=$(git rev-parse --show-toplevel)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
git -C "$root" archive "$rev" | tar -x -C "$tree"
find "$tree" \( -name '*.test.*' -o -name '*.spec.*' -o -path '*/e2e/*' -o -path '*/tests/*' -o -path '*/test/*' \) -prune -exec rm -rf {} +
cd "$tree"
out=$(duplicates --most 200 --seconds 200)
echo "$out" | head -1
echo "real (non-boilerplate) pairs: $(echo "$out" | grep '^D' | grep -vc boilerplate || true)"
if [ "${LIST:-}" = 1 ]; then echo "$out" | grep '^D' | grep -v boilerplate; fi
