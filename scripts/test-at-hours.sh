#!/usr/bin/env bash
# Runs the tests whose expectations depend on the time of day with the clock set to
# other hours (libfaketime): by default 03:00, 12:00 and 22:30 Amsterdam time today.
# A test that passes only at the hour its author ran it fails here.
#
#   scripts/test-at-hours.sh                  the hour-sensitive tests at 03:00, 12:00, 22:30
#   scripts/test-at-hours.sh 00:59:50 23:45   … at these times (HH:MM[:SS] today, or a date and time)
#   scripts/test-at-hours.sh --all [TIMES]    every Rust test binary and every browser test file
#
# The clock is moved, not frozen: every process gets the same offset (FAKETIME in seconds)
# and the time runs on from there; monotonic clocks keep the real time. Cargo builds first
# with the real clock (its freshness checks compare file times). Chromium hangs under
# libfaketime, so the browser tests start it without it and move `Date` in its pages by the
# same offset (ui/tests/server-and-browser.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

ZONE=Europe/Amsterdam
ALL=0
TIMES=()
for arg in "$@"; do
  case "$arg" in
    --all) ALL=1 ;;
    *) TIMES+=("$arg") ;;
  esac
done
[ ${#TIMES[@]} -gt 0 ] || TIMES=(03:00 12:00 22:30)

# The tests that compute times from the clock or count per clock hour (the rest run alike at
# any hour; `--all` checks that too). Rust: test name filters per binary; browser: files.
API_TESTS=(pickup_note mail_gate abuse paid_lookups reminders manage_booking staff_answers staff_deadline
  round_trips rules::refusals calendar_flood dispatch_calendar book_again junk stale_pages funnel booking::)
DELIVERY_TESTS=(perishable store_faults outbox upgrade)
BROWSER_TESTS=(night rules manage forms-booking)

find_libfaketime() {
  local lib
  for lib in /usr/lib/*/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1 /usr/local/lib/faketime/libfaketime.so.1; do
    [ -e "$lib" ] && { echo "$lib"; return; }
  done
}
LIB=$(find_libfaketime)
if [ -z "$LIB" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing libfaketime…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime libfaketime >/dev/null
    LIB=$(find_libfaketime)
  fi
  [ -n "$LIB" ] || { echo "needs libfaketime (Debian: apt-get install libfaketime)" >&2; exit 1; }
fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "The browser tests need Chromium at /usr/bin/chromium (scripts/test.sh installs it)." >&2
  exit 1
fi

# Built with the real clock; the test binaries are then run directly, as cargo would (from server/).
declare -A BIN
while IFS=$'\t' read -r name path; do BIN[$name]=$(realpath "$path"); done < <(
  cargo test --release --workspace --no-run 2>&1 | tee /dev/stderr |
    sed -n 's/^ *Executable \(.*\) (\(.*\))$/\1\t\2/p'
)
for name in "unittests src/lib.rs" "tests/api/main.rs" "tests/delivery/main.rs"; do
  [ -n "${BIN[$name]:-}" ] || { echo "no test binary for $name" >&2; exit 1; }
done
SERVER_BIN="$PWD/target/release/taxi-server"

# Seconds from now to `$1` in Amsterdam time (a time alone means today).
offset_to() {
  local when=$1
  [[ "$when" =~ ^[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?$ ]] && when="$(TZ=$ZONE date +%F) $when"
  # Signed: libfaketime reads a number without a sign as a date.
  printf '%+d\n' $(($(TZ=$ZONE date -d "$when" +%s) - $(date +%s)))
}

# Runs "$@" with the clock moved to $AT.
faked() {
  LD_PRELOAD="$LIB${LD_PRELOAD:+:$LD_PRELOAD}" FAKETIME="$(offset_to "$AT")" FAKETIME_DONT_FAKE_MONOTONIC=1 "$@"
}

run_rust() {
  local name=$1
  shift
  (cd server && faked "${BIN[$name]}" "$@")
}

# Browser test files (all of them without arguments), as `npm test` runs them.
run_browser() {
  if [ $# = 0 ]; then
    (cd ui && faked env TAXI_SERVER_BIN="$SERVER_BIN" node tests/run.mjs)
  else
    (cd ui && faked env TAXI_SERVER_BIN="$SERVER_BIN" node --test --test-concurrency=2 "$@")
  fi
}

FAILED=()
step() {
  local what=$1
  shift
  echo "== $AT ($ZONE): $what"
  local started=$SECONDS
  if "$@"; then
    echo "== $AT: $what passed ($((SECONDS - started)) s)"
  else
    echo "== $AT: $what FAILED ($((SECONDS - started)) s)"
    FAILED+=("$AT $what")
  fi
}

for AT in "${TIMES[@]}"; do
  echo "== $AT in $ZONE is $(faked env TZ=$ZONE date '+%a %F %T %Z') here"
  if [ "$ALL" = 1 ]; then
    for name in "${!BIN[@]}"; do
      step "$name" run_rust "$name" -q
    done
    step "browser tests" run_browser
  else
    step "unit tests" run_rust "unittests src/lib.rs" -q
    step "API tests (${API_TESTS[*]})" run_rust "tests/api/main.rs" -q "${API_TESTS[@]}"
    step "delivery tests (${DELIVERY_TESTS[*]})" run_rust "tests/delivery/main.rs" -q "${DELIVERY_TESTS[@]}"
    files=("${BROWSER_TESTS[@]/#/tests/}")
    step "browser tests (${BROWSER_TESTS[*]})" run_browser "${files[@]/%/.test.mjs}"
  fi
done

if [ ${#FAILED[@]} -gt 0 ]; then
  printf 'FAILED: %s\n' "${FAILED[@]}" >&2
  exit 1
fi
echo "All passed at ${TIMES[*]} ($ZONE)."
