#!/usr/bin/env bash
# tests/faults_attack6.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a sixth attack pass found (and those the fifth left), as
# tests/faults.sh does for the others: each CASE is one fault (or one
# family), run as a user would, with the exact message and exit status
# asserted.
#   golden-one-game  golden check|update|coverage --dir of one game's
#            folder counted every other game's rule rows as "fired by no
#            case" (310 of them; coverage exit 1 listing them): the rows of
#            the games the folder holds cases or a folder of are counted,
#            and the totals line names them.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack6 # fail, expect, run, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
golden-one-game)
    cp -r "$src/golden/one_die" od
    n=$(find od -name '*.in' | wc -l)
    [[ $n -ge 2 ]] || fail "only $n cases in golden/one_die"
    for mode in check update coverage; do
        run "$undead" golden "$mode" --no-db --dir od
        expect 0 out "golden $mode: $n case(s), 0 failed, 0 updated, 0 rule row(s) fired by no case (counted for: one-die)"
        ! grep -q '^uncovered' out || fail "$mode: $(grep -m3 '^uncovered' out)"
    done
    # a game's folder with no case left in it: its rows are counted
    mkdir -p g/zombie_dice
    cp -r "$src/golden/one_die" g/
    run "$undead" golden coverage --no-db --dir g
    [[ $rc == 1 ]] || fail "coverage with an empty zombie_dice/: exit $rc, expected 1: $(head -c 2000 out)"
    rows=$(grep -c '^uncovered zombie-dice ' out || true)
    [[ $rows -gt 0 && $rows == $(grep -c '^uncovered ' out) ]] || fail "uncovered: $(grep '^uncovered' out | sort | uniq -c | head)"
    grep -qx "golden coverage: $n case(s), 0 failed, 0 updated, $rows rule row(s) fired by no case (counted for: zombie-dice, one-die)" out ||
        fail "totals: $(tail -1 out)"
    # a case that is no record: no game counted, said so
    mkdir bad
    printf 'not a record\n' > bad/x.in
    run "$undead" golden check --no-db --dir bad
    expect 2 out "golden check: 1 case(s), 1 failed (1 of them bad input or a failed write), 0 updated, 0 rule row(s) fired by no case (counted for no game)"
    ;;
*)
    fail "unknown case"
    ;;
esac
