#!/usr/bin/env bash
# tests/faults_attack3.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a fourth attack pass found (standard streams closed, bounds of
# options, repeated options, the outcomes baseline's report, values shown
# raw), as tests/faults.sh does for the others: each CASE is one fault (or
# one family), run as a user would, with the exact message and exit status
# asserted.
#   closed-stdin  conform started with its standard input closed (cron, a
#            daemon, `<&-`) gave the adapter's pipe descriptor 0, which the
#            child then closed: a working adapter was blamed ("broken
#            adapter at the start ... exited with status 2"), exit 2.
#   baseline-report  db baseline check|update GAME printed an "uncovered
#            OTHER-GAME RULE" line for every rule row of every other game
#            (about 270 lines before the one-line report): the golden
#            cases are replayed without a coverage report.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack3 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# run CMD...: rc gets the exit status, out and err the output, standard
# input /dev/null.
run() {
    rc=0
    timeout 120 "$@" < /dev/null > out 2> err || rc=$?
}

case "$case_" in
closed-stdin)
    rc=0
    timeout 120 "$undead" conform one-die --games 2 --no-db -- "$undead" serve one-die <&- > out 2> err || rc=$?
    [[ $rc == 0 ]] || fail "exit $rc, expected 0: $(head -c 2000 out)"
    grep -qx "seeded: 2 games, 26 plays in [0-9.]* s ([0-9]* plays/s), every step agreed" out ||
        fail "expected every step agreed: $(head -c 2000 out)"
    [[ ! -s err ]] || fail "stderr not empty: $(head -c 2000 err)"
    # standard input and standard error both closed
    rc=0
    timeout 120 "$undead" conform one-die --games 2 --no-db -- "$undead" serve one-die <&- 2>&- > out || rc=$?
    [[ $rc == 0 ]] || fail "stdin and stderr closed: exit $rc: $(head -c 2000 out)"
    grep -q "every step agreed" out || fail "stdin and stderr closed: $(head -c 2000 out)"
    ;;
baseline-report)
    csv="$src/golden/zombie_dice/outcomes.csv"
    run "$undead" db baseline check zombie-dice --golden "$src/golden"
    expect 0 out "baseline $csv: 0 changed, 0 added, 0 removed, $(( $(wc -l < "$csv") - 1 )) unchanged"
    [[ $(wc -l < out) == 1 ]] || fail "expected one line of report: $(head -c 2000 out)"
    mkdir g && cp -r "$src/golden/one_die" g/
    run "$undead" db baseline update one-die --golden g
    expect 0 out "updated g/one_die/outcomes.csv: read 'git diff g/one_die/outcomes.csv' before committing"
    [[ $(wc -l < out) == 2 ]] || fail "expected two lines of report: $(head -c 2000 out)"
    ! grep -q '^uncovered' out || fail "an uncovered-rows report: $(head -c 2000 out)"
    ;;
*)
    fail "unknown case"
    ;;
esac
