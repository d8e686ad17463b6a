#!/usr/bin/env bash
# tests/faults_attack9.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a ninth attack pass found, as tests/faults.sh does for the others:
# each CASE is one fault (or one family), run as a user would, with the
# exact message and exit status asserted.
#   html-tail  show --format html read the record up to its last outcome or
#            decision only: a line after it that breaks a rule (the winner
#            changed, a final score) gave a page of a legal record, exit 0,
#            where check and show said exit 1.  The page now opens at the
#            departure, exit 1.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack9 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# page_departure PAGE: the departure's line in PAGE's data ('none': none)
page_departure() {
    python3 -c 'import json, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(re.search(r"<script id=\"replay-data\" type=\"application/json\">(.*?)</script>", s, re.S).group(1))
print(d["departure"]["line"] if d["departure"] else "none")' "$1"
}

case "$case_" in
html-tail)
    "$undead" play one-die --no-db --seed 3 > od.t
    last=$(wc -l < od.t)
    tail -n 1 od.t | grep -q '^winner p1 =24 ' || fail "the seeded record changed: $(tail -n 1 od.t)"
    # the winner changed, then a final score: lines after the last roll
    sed '$s/winner p1 =24/winner p2 =24/' od.t > win.t
    sed "$((last - 1))s/bank p2 +5 =23/bank p2 +5 =22/" od.t > bank.t
    for f in win.t bank.t; do
        run "$undead" check --no-db "$f"
        [[ $rc == 1 ]] || fail "$f: check exit $rc, expected 1: $(head -c 300 err)"
        line=$(sed -n "s/^$f:\([0-9]*\): .*/\1/p" err | head -n 1)
        run "$undead" show one-die "$f" --format html -o page.html
        expect 1 err "undead show: $f breaks a rule: the page opens at the line that breaks it ('undead check' names it there too)"
        [[ $(page_departure page.html) == "$line" ]] ||
            fail "$f: the page departs at $(page_departure page.html), check at line $line"
    done
    # the legal record: a page with no departure, exit 0
    run "$undead" show one-die od.t --format html -o page.html
    [[ $rc == 0 && $(page_departure page.html) == none ]] || fail "the legal record: exit $rc: $(head -c 300 err)"
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
