#!/usr/bin/env bash
# tests/db_kill.sh UNDEAD - a run killed with SIGKILL half-way through
# writing its cases leaves every earlier run intact, the database passing
# PRAGMA integrity_check, and the killed run marked 'interrupted' on the
# next open.  Bounded: gives up after 60 s of waiting.
set -euo pipefail
undead="$1"
tmp="$(mktemp -d)"
trap 'kill -9 "${pid:-}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "db_kill: $*" >&2; "$undead" db runs --db k.db >&2 || true; exit 1; }

"$undead" sim zombie-dice --games 500 --db k.db > /dev/null
# Many stored cases: minutes of writing, committed in batches.
"$undead" sim zombie-dice --games 30000 --db-cases 10000 --seed 7 --db k.db > /dev/null &
pid=$!
# Wait until some of its cases are committed (readable while it writes).
for _ in $(seq 600); do
    cases="$("$undead" db runs --db k.db --format csv | awk -F, '$1 == 2 { print $6 }')"
    [[ -n "$cases" && "$cases" -gt 0 ]] && break
    kill -0 "$pid" 2>/dev/null || fail "the run ended before it could be killed"
    sleep 0.1
done
[[ -n "$cases" && "$cases" -gt 0 ]] || fail "no cases were written within 60 s"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=""

"$undead" db integrity --db k.db | grep -qx ok || fail "integrity_check failed"
runs="$("$undead" db runs --db k.db --format csv)"
echo "$runs"
echo "$runs" | grep -q '^1,[^,]*,complete,sim,zombie-dice,100,' || fail "run 1 is not intact"
echo "$runs" | grep -q '^2,[^,]*,interrupted,' || fail "run 2 is not marked interrupted"
# The database still takes new runs.
"$undead" sim zombie-dice --games 100 --db k.db > /dev/null
"$undead" db runs --db k.db --format csv | grep -q '^3,[^,]*,complete,' || fail "run 3 failed"
echo "db_kill: ok"
