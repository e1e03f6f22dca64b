#!/usr/bin/env bash
# Runs a test command while every CPU core is kept busy, so a test that only passes on an idle
# machine (a timeout that is really a race, a wait on a sleep) fails here, repeatably.
#
#   scripts/test-under-load.sh -- npm test
#   scripts/test-under-load.sh -- npx playwright test apps/web/e2e/offline.spec.ts --project=desktop
#   LOAD_WORKERS=1 scripts/test-under-load.sh -- npx vitest run apps/api/test/sync.test.ts
#
# The burners are `stress-ng --cpu N` when installed (Debian: apt-get install stress-ng), else one
# busy shell loop per core (N: LOAD_WORKERS, default every core), at the tests' own priority, so the
# tests get about half the CPU they would on an idle machine, as on a busy CI runner (LOAD_NICE=19
# makes them yield instead). They stop when the command ends, however it ends. The command's exit
# status is the script's; the log ends with how long it took and the load average.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--" ]]; then shift; fi
if [[ $# -eq 0 ]]; then
  echo "usage: scripts/test-under-load.sh -- <test command…>" >&2
  exit 2
fi

workers="${LOAD_WORKERS:-$(nproc)}"
niceness="${LOAD_NICE:-0}"
burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${burners[@]}"; do wait "$pid" 2>/dev/null || true; done
  burners=()
}
trap stop_burners EXIT INT TERM

if command -v stress-ng >/dev/null 2>&1; then
  nice -n "$niceness" stress-ng --cpu "$workers" --quiet &
  burners+=("$!")
  how="stress-ng --cpu $workers"
else
  for _ in $(seq "$workers"); do
    nice -n "$niceness" bash -c 'while :; do :; done' &
    burners+=("$!")
  done
  how="$workers busy loops"
fi
echo "test-under-load: $how at nice $niceness while running: $*" >&2

started=$(date +%s)
status=0
"$@" || status=$?
stop_burners
echo "test-under-load: exit $status after $(($(date +%s) - started)) s; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit "$status"
