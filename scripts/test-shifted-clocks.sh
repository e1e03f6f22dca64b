#!/usr/bin/env bash
# The unit, API and component suites (vitest: domain, api, web) again with the system clock moved
# by libfaketime (Debian package `faketime`) to days a calendar-dependent test would trip on. Every
# test runs on its own fixed clock (apps/api/test/clock.ts, apps/web/src/test/clock.ts, the tests'
# injected clocks), so these runs must pass exactly as on any other day; one that fails has found
# code or a test that still reads the real date.
#
#   scripts/test-shifted-clocks.sh            all three days
#   scripts/test-shifted-clocks.sh dst        one of them: dst | holiday | new-year
#   scripts/test-shifted-clocks.sh dst -- apps/api/test/patrols.test.ts   (then vitest arguments)
#
# The fake clock starts at the given instant and runs at the real rate (timers are untouched: the
# monotonic clock is not faked, so waits and timeouts behave); child processes and worker threads
# share it. Each run also puts the machine in another time zone (TZ), which no test may depend on
# either: Sydney's (its own clock crosses the change), Los Angeles' (still the day before there),
# UTC (CI's).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is not installed (Debian/Ubuntu: apt-get install faketime)." >&2
  exit 2
fi

declare -A START ZONE DESCRIPTION
# Sunday 4 October 2026: a weekend and the day daylight saving starts in Sydney (2:00 AEST -> 3:00
# AEDT at 16:00 UTC, two minutes into the run) and on Lord Howe Island (2:00 -> 2:30, at 15:30 UTC,
# so its day is 23.5 hours long).
START[dst]='2026-10-03 15:58:00 UTC'
ZONE[dst]='Australia/Sydney'
DESCRIPTION[dst]='Sunday 4 October 2026, 1:58 am in Sydney (daylight saving starts at 2:00, mid-run; Lord Howe Island changed at 2:00 its time, 15:30 UTC)'
# Friday 25 December 2026: Christmas Day, a national public holiday, on a weekday; every Australian
# zone and UTC on the same date (the machine, in Los Angeles, still on the 24th).
START[holiday]='2026-12-25 01:00:00 UTC'
ZONE[holiday]='America/Los_Angeles'
DESCRIPTION[holiday]='Friday 25 December 2026 (Christmas Day, a public holiday), 12:00 in Sydney, 9:00 am in Perth'
# Thursday 31 December 2026, 11:58 pm in Sydney: a weekday that turns into New Year's Day (a public
# holiday) in Sydney two minutes into the run while UTC is still in 2026.
START[new-year]='2026-12-31 12:58:00 UTC'
ZONE[new-year]='UTC'
DESCRIPTION[new-year]='Thursday 31 December 2026, 11:58 pm in Sydney (New Year 2027 there two minutes in; UTC still 31 December)'

days=()
while [ $# -gt 0 ] && [ "$1" != '--' ]; do
  [ -n "${START[$1]:-}" ] || { echo "Unknown day \"$1\": dst, holiday or new-year." >&2; exit 2; }
  days+=("$1")
  shift
done
[ "${1:-}" = '--' ] && shift
[ ${#days[@]} -gt 0 ] || days=(dst holiday new-year)

# A failed file is run again alone, from the moment of the moved clock at which it first started:
# a test that depends on the calendar or on the clock crossing a change fails again there; one that
# passes the second time failed for another reason (load, timing) and is reported as flaky, loudly,
# with its message, so it is fixed rather than hidden. Failures are printed again at the very end,
# where a CI log's tail shows them.
reports=$(mktemp -d /tmp/safeshore-moved-clocks.XXXXXX)
failed=()
flaky=()
for day in "${days[@]}"; do
  echo
  echo "=== vitest on a moved clock: ${DESCRIPTION[$day]} (starts at ${START[$day]}, machine zone ${ZONE[$day]})"
  started=$SECONDS
  report="$reports/$day.json"
  if TZ=${ZONE[$day]} FAKETIME_DONT_FAKE_MONOTONIC=1 faketime "${START[$day]}" \
    npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"; then
    echo "=== ${day}: passed in $((SECONDS - started)) s"
    continue
  fi
  echo "=== ${day}: failures after $((SECONDS - started)) s:"
  if ! npx node scripts/vitest-failures.ts "$report" >"$reports/$day.files" 2>"$reports/$day.failures" ||
    [ ! -s "$reports/$day.files" ]; then
    cat "$reports/$day.failures"
    failed+=("$day (the run itself failed)")
    continue
  fi
  cat "$reports/$day.failures"
  while IFS=$'\t' read -r file at; do
    from=${START[$day]}
    [ -n "$at" ] && from=$(date -u -d "@$at" '+%Y-%m-%d %H:%M:%S UTC')
    echo "=== ${day}: running ${file} again from ${from}"
    if TZ=${ZONE[$day]} FAKETIME_DONT_FAKE_MONOTONIC=1 faketime "$from" npx vitest run "$file"; then
      flaky+=("${day}: ${file} (failed once, passed again from the same moment)")
    else
      failed+=("${day}: ${file}")
    fi
  done <"$reports/$day.files"
done

echo
if [ ${#flaky[@]} -gt 0 ]; then
  echo "FLAKY on a moved clock (fix these; their first failure is printed above):"
  printf '  %s\n' "${flaky[@]}"
  for day in "${days[@]}"; do [ -s "$reports/$day.failures" ] && cat "$reports/$day.failures"; done
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed on a moved clock:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "Every suite passed on every moved clock."
