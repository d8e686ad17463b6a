#!/usr/bin/env bash
# tests/faults_attack9.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a ninth attack pass found, as tests/faults.sh does for the others:
# each CASE is one fault (or one family), run as a user would, with the
# exact message and exit status asserted.
#   html-tail  show --format html read the record up to its last outcome or
#            decision only: a line after it that breaks a rule (the winner
#            changed, a final score) gave a page of a legal record, exit 0,
#            where check and show said exit 1; so did a record cut short
#            after a decision.  The page now opens at the departure, exit 1.
#   html-seed-only  a record of a seed and policies only whose own line
#            breaks a rule (an 'over' the rules' game does not end with):
#            check said exit 1, the page "no page: line 6: OD-RISK: ...",
#            exit 2 (bad input).  The page is the departure, exit 1.
#   show-refusal  show (text, svg) named the row the rules needed at a
#            refused line, where check and the page name the rule by
#            evidence (a swapped roll and bank: OD-ROLL, check OD-BANK);
#            and a record that cannot be checked (no seed, no outcome
#            lines) was exit 1, where check says bad input, exit 2.  show
#            now says check's first line, with check's exit status.
#   at-chance-step  show --at LINE on a line inside a chance step whose
#            outcomes go on over the next lines (a board game's tiles dealt
#            one a line) drew the position after the step's last line, its
#            caption "after line LINE": the docs said no line after LINE is
#            read.  The caption names the line read to and why.
#   memory-db  --db :memory: (or UNDEAD_DB=:memory:) recorded the run in
#            SQLite's database in memory, lost at exit: exit 0, nothing
#            recorded, as --db '' would (refused for that reason).  Refused
#            the same way, exit 2; ./:memory: is a file of that name.
#            And a name beginning 'file:' was read by SQLite as a URI
#            ('file:r.db?mode=memory': in memory again, the run lost, exit
#            0): it is now the file of that name, as the readers took it.
#   edition-race  two faq --new-edition at once on one record of editions
#            each read it, each wrote "edition 2" and said so; one of the
#            two was lost (the file held the other's date).  The record's
#            folder is locked from the read to the write: the second finds
#            edition 2 recorded and says nothing changed.
#   db-foreign-options  db baseline check took --db and read no database;
#            db runs took --golden, --file and --games (baseline's), db show
#            and query took --limit (runs'): each taken and ignored.  Each
#            is refused, naming where it belongs, exit 2.
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
    # a record cut after a decision: the rules need more than it holds
    head -n 10 od.t > cut.t
    for f in win.t bank.t cut.t; do
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
html-seed-only)
    printf 'undead-transcript 1\ngame one-die\nplayer a risk:1\nplayer b risk:1\nseed 5\n' > legal.in
    printf 'over a=won\n' | cat legal.in - > over.in
    run "$undead" check --no-db over.in
    [[ $rc == 1 ]] || fail "check over.in: exit $rc, expected 1: $(head -c 300 err)"
    line=$(sed -n 's/^over\.in:\([0-9]*\): .*/\1/p' err | head -n 1)
    [[ $line == 6 ]] || fail "check names line '$line': $(head -c 300 err)"
    run "$undead" show one-die over.in --format html -o page.html
    expect 1 err "undead show: over.in breaks a rule: the page opens at the line that breaks it ('undead check' names it there too)"
    [[ $(page_departure page.html) == 6 ]] || fail "the page departs at $(page_departure page.html)"
    # the legal seed-only record: stepped through, exit 0
    run "$undead" show one-die legal.in --format html -o page.html
    [[ $rc == 0 && $(page_departure page.html) == none ]] || fail "legal.in: exit $rc: $(head -c 300 err)"
    ;;
show-refusal)
    # the bank line before the roll it banks: check blames OD-BANK
    "$undead" play one-die --no-db --seed 11 --players a,b,c |
        awk 'NR == 86 { held = $0; next } NR == 87 { print; print held; next } { print }' > sw.t
    run "$undead" check --no-db sw.t
    [[ $rc == 1 ]] || fail "check sw.t: exit $rc, expected 1"
    said=$(head -n 1 err)
    [[ $said == "sw.t:86: OD-BANK: "* ]] || fail "check names another rule: $said"
    run "$undead" show one-die sw.t
    expect 1 err "$said"
    run "$undead" show one-die sw.t --at 90
    expect 1 err "$said"
    # no seed, no outcome lines: cannot be checked, exit 2 as check says
    head -n 5 sw.t > noseed.t
    run "$undead" check --no-db noseed.t
    [[ $rc == 2 ]] || fail "check noseed.t: exit $rc, expected 2"
    said=$(head -n 1 err)
    [[ $said == "noseed.t:5: the record cannot be checked from here: "* ]] || fail "check: $said"
    run "$undead" show one-die noseed.t
    expect 2 err "$said"
    ;;
at-chance-step)
    "$undead" play zombies-board --no-db --seed 4 > zb.t
    [[ $(sed -n '16,19p' zb.t | cut -d' ' -f1 | tr '\n' ' ') == "tile tile tile card " ]] ||
        fail "the seeded record changed: $(sed -n '16,19p' zb.t)"
    run "$undead" show zombies-board zb.t --at 16
    [[ $rc == 0 ]] || fail "--at 16: exit $rc: $(head -c 300 err)"
    [[ $(head -n 1 out) == "zb.t, after line 18 (the chance step goes on past line 16)" ]] ||
        fail "--at 16: $(head -n 1 out)"
    tail -n +2 out > at16
    run "$undead" show zombies-board zb.t --at 18
    [[ $(head -n 1 out) == "zb.t, after line 18" ]] || fail "--at 18: $(head -n 1 out)"
    tail -n +2 out | cmp -s - at16 || fail "--at 16 and --at 18 draw different positions"
    # a comment line inside the step: the step is read whole the same way
    sed '16a # dealt one a line' zb.t > zbc.t
    run "$undead" show zombies-board zbc.t --at 17
    [[ $(head -n 1 out) == "zbc.t, after line 19 (the chance step goes on past line 17)" ]] ||
        fail "--at 17 (a comment): $(head -n 1 out)"
    run "$undead" show zombies-board zb.t --at 16 --format svg
    grep -qF "<title>zb.t, after line 18 (the chance step goes on past line 16)</title>" out ||
        fail "svg: $(grep -o '<title>[^<]*' out)"
    ;;
baseline-memory)
    mkdir w
    chmod 0777 w
    chmod 0755 "$tmp"
    # a FIFO of that name in the current folder
    mkfifo ':memory:'
    run "$undead" db baseline update zombie-dice --golden "$src/golden" --games 2 --file w/a.csv
    [[ $rc == 0 && -s w/a.csv ]] || fail "a FIFO ':memory:' here: exit $rc: $(head -c 500 err)"
    # a read-only current folder (root writes through modes: there as nobody)
    mkdir ro
    chmod 0555 ro
    as_reader=()
    if [[ $(id -u) == 0 ]]; then
        command -v setpriv > /dev/null || { echo "faults_attack9 baseline-memory: no setpriv as root: the read-only folder is not tested"; exit 0; }
        as_reader=(setpriv --reuid=65534 --regid=65534 --clear-groups)
        # a checkout in a private folder (mktemp -d is 0700) is out of nobody's reach
        "${as_reader[@]}" test -x "$undead" -a -r "$src/golden" || {
            echo "faults_attack9 baseline-memory: user nobody cannot run $undead or read $src/golden: the read-only folder is not tested"
            exit 0
        }
    fi
    for mode in update check; do
        file=()
        [[ $mode == update ]] && file=(--file ../w/b.csv)
        run ${as_reader[@]+"${as_reader[@]}"} env -C ro "$undead" db baseline "$mode" zombie-dice \
            --golden "$src/golden" --games 2 "${file[@]}"
        [[ $rc != 2 ]] || fail "$mode in a read-only folder: exit 2: $(head -c 500 err)"
        ! grep -q ':memory:' err || fail "$mode: $(head -c 500 err)"
    done
    [[ -s w/b.csv ]] || fail "update in a read-only folder wrote no baseline"
    cmp -s w/a.csv w/b.csv || fail "the two baselines differ"
    ;;
memory-db)
    why="SQLite's database in memory, lost when undead ends: expected a file name (./:memory: for a file of that name; --no-db not to record)"
    run "$undead" sim one-die --games 2 --db :memory:
    expect 2 err "undead sim: results database: --db :memory:: $why"
    [[ ! -s out ]] || fail "sim ran: $(head -c 300 out)"
    run "$undead" play one-die --db :memory:
    expect 2 err "undead play: results database: --db :memory:: $why"
    run env UNDEAD_DB=:memory: "$undead" check one-die.t
    expect 2 err "undead check: results database: UNDEAD_DB=:memory:: $why"
    # a file of that name, given as a path, is a database like any other
    run "$undead" sim one-die --games 2 --db ./:memory:
    [[ $rc == 0 && -s ./:memory: ]] || fail "--db ./:memory:: exit $rc: $(head -c 300 err)"
    for name in 'file:r.db?mode=memory' 'file::memory:'; do
        run "$undead" sim one-die --games 2 --db "$name"
        [[ $rc == 0 && -s ./$name ]] || fail "--db $name: exit $rc, no file of that name: $(ls)"
        run "$undead" db runs --db "$name" --format csv
        [[ $(grep -c ',complete,sim,' out) == 1 ]] || fail "--db $name: the run is not in it: $(cat out err)"
    done
    ;;
edition-race)
    # edition 1 as the shipped record, one question's fingerprint changed:
    # the FAQ now differs from it, so --new-edition records edition 2
    sed '0,/^[a-z-]*\/[a-z0-9-]* [0-9a-f]\{16\}$/s/ [0-9a-f]\{16\}$/ 0000000000000000/' \
        "$src/spec/faq-editions.txt" > base.txt
    ! cmp -s base.txt "$src/spec/faq-editions.txt" || fail "no fingerprint changed"
    for trial in 1 2 3; do
        cp base.txt e.txt
        "$undead" faq --editions e.txt --new-edition 2027-01-02 > one 2>&1 &
        "$undead" faq --editions e.txt --new-edition 2027-01-02 > two 2>&1 &
        wait
        date=$(sed -n 's/^edition 2 \(.*\)$/\1/p' e.txt)
        [[ -n $date ]] || fail "trial $trial: no edition 2 recorded: $(cat one two)"
        claims=$(cat one two | grep -c '^faq: edition 2 of ' || true)
        [[ $claims == 1 ]] || fail "trial $trial: $claims runs say they recorded edition 2: $(cat one two)"
        grep -qx "faq: edition 2 of $date recorded in e.txt" one two ||
            fail "trial $trial: the file holds $date: $(cat one two)"
        grep -qx "faq: no question changed since edition 2: nothing recorded in e.txt" one two ||
            fail "trial $trial: $(cat one two)"
    done
    ;;
db-foreign-options)
    run "$undead" db baseline check one-die --golden "$src/golden" --db x.db
    expect 2 err "undead db: --db: db baseline check reads no results database; expected no --db"
    [[ ! -e x.db ]] || fail "x.db made"
    run "$undead" db runs --golden g
    expect 2 err "undead db: --golden: not an option of db runs; expected it with db baseline only"
    run "$undead" db runs --games 3
    expect 2 err "undead db: --games: not an option of db runs; expected it with db baseline only"
    run "$undead" db show last --file f.csv
    expect 2 err "undead db: --file: not an option of db show; expected it with db baseline only"
    run "$undead" db query runs-by-command --limit 3
    expect 2 err "undead db: --limit: not an option of db query NAME; expected it with db runs only"
    run "$undead" db baseline update one-die --limit 3
    expect 2 err "undead db: --limit: not an option of db baseline update; expected it with db runs only"
    [[ ! -e f.csv ]] || fail "f.csv made"
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
