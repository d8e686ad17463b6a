#!/usr/bin/env bash
# tests/db_concurrent.sh UNDEAD - two undead processes writing to one new
# database at once both succeed (WAL, busy timeout, IMMEDIATE
# transactions), and the database passes PRAGMA integrity_check.
set -euo pipefail
undead="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "db_concurrent: $*" >&2; "$undead" db runs --db c.db >&2 || true; exit 1; }

# Both start on a database that does not exist yet: they race to create it.
"$undead" sim zombie-dice --games 1500 --db-cases 1500 --seed 1 --db c.db > a.out 2> a.err &
a=$!
"$undead" sim zombie-dice --games 1500 --db-cases 1500 --seed 5000 --db c.db > b.out 2> b.err &
b=$!
"$undead" golden check --dir "$2" --db c.db > g.out 2> g.err &
g=$!
wait "$a" || fail "first writer failed: $(cat a.err)"
wait "$b" || fail "second writer failed: $(cat b.err)"
wait "$g" || fail "third writer failed: $(cat g.err)"

"$undead" db integrity --db c.db | grep -qx ok || fail "integrity_check failed"
runs="$("$undead" db runs --db c.db --format csv)"
echo "$runs"
[[ "$(echo "$runs" | grep -c ',complete,sim,zombie-dice,1500,0,')" == 2 ]] || fail "expected two complete sims of 1500 cases"
echo "$runs" | grep -q ',complete,golden,' || fail "the golden run is missing"
echo "db_concurrent: ok"
