#!/usr/bin/env bash
# tests/faults_attack11.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults an eleventh attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message (or bytes) and exit status asserted.
#   record-stdout  an output option naming the file standard output (or
#            error) already goes to (conform --record /dev/stdout > log,
#            show -o /dev/stdout > page): the output was written to a
#            temporary and renamed over that file, and what the command
#            had printed there was lost (log held the record alone).  A
#            second write in one run (solve --export, once a reading) then
#            found /dev/stdout resolving to no name, and renamed over the
#            link itself.  Such a file now gets the output after what was
#            printed, through the descriptor; the record is the same bytes
#            as one written to a file of its own; a write that fails in
#            the middle (or a signal, core/outfile.c) cuts the file back.
#   confirm-games-idle  conform --confirm-games N (or --confirm-readings N)
#            with --confirm-changes 0
#            (which confirms no change, so plays no game) was taken and
#            changed nothing.  Refused, naming what it needs, exit 2.
#   export-readings  solve zombie-dice game --export FILE writes one
#            reading's policy, but with end or tiebreak not fixed every
#            reading solved wrote FILE again: the last one stayed, the
#            others were lost, exit 0 (and four full solves ran for it).
#            Refused before the solve, naming the keys to fix, exit 2.
#   dangling-link  an output named by a symbolic link to no file (a link
#            to a file not made yet; /dev/stdout with standard output
#            closed, whose /proc/self/fd/1 is gone) was renamed over: the
#            link itself became a regular file, exit 0.  As root, show -o
#            /dev/stdout >&- replaced the machine's /dev/stdout.  The file
#            the link names is made (as a shell's '>' makes it), the link
#            kept; a closed descriptor's link is refused, and so is a loop.
#   rewrite-stdout  a file the command reads and writes again whole (faq's
#            record of editions, db baseline update --file, a golden
#            transcript golden update regenerates) that is also
#            standard output's or error's file (faq --editions e.txt
#            --new-edition D >> e.txt): with record-stdout's fix the new
#            record would follow the old one in the file.  Refused before
#            anything is written, the file unchanged, exit 2.
#   needs-page  a record whose last chance line holds fewer outcomes than
#            the step needs and ends 'needs EVENT' of that event (the
#            record's game wanting one more, as conform writes a refused
#            step): check passes it (partial, exit 0), but the page, which
#            checks the record cut after each step's line, cut before the
#            'needs' line, and departed ('expected one more draw outcome',
#            exit 1), as show --at did.  A 'needs' line of the step's event
#            belongs to the step: the page and show --at agree with check.
#   print-standing  check --print of a record ending where its game stands
#            (waits, needs, offers) printed no 'partial' line, and for
#            'needs' not the step's lines it ran short in: check refused
#            the printed record (exit 1), or, its only chance lines gone
#            and a seed in its header, read it as seed-only: another,
#            complete game (ok, winner p2, for a record checked ok
#            (partial) at p1=0 p2=0).  The printed record checks as the
#            record does.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack11 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# run_to FILE ARGS...: ARGS run with standard output to FILE, standard
# error to err; rc gets the exit status.
run_to() {
    local f="$1"
    shift
    rc=0
    timeout "${run_seconds:-120}" "$@" < /dev/null > "$f" 2> err || rc=$?
}

# the adapter: undead serve one-die, offering N offers more than the rules
ad="$src/tests/data/conform/extra_offers_adapter.py"

case "$case_" in
record-stdout)
    conform=("$undead" conform one-die --no-db --games 3)
    # the reference: the report to standard output, the record to a file of its own
    run_to ref.out "${conform[@]}" --record r.t -- python3 "$ad" "$undead" 1
    [[ $rc == 1 ]] || fail "conform --record r.t: exit $rc: $(head -c 500 err)"
    expect 1 r.t "offers p1 risk 1 | risk 2 | risk 3 | extra-0"
    grep -qxF "departure (offers) in seeded game 1 (seed 1), at play 1 (after 0 decisions):" ref.out ||
        fail "no departure reported: $(head -c 500 ref.out)"
    cat ref.out r.t > want
    # the record to standard output, itself a file: the report, then the record
    run_to log "${conform[@]}" --record /dev/stdout -- python3 "$ad" "$undead" 1
    [[ $rc == 1 ]] || fail "--record /dev/stdout: exit $rc: $(head -c 500 err)"
    cmp -s log want || fail "--record /dev/stdout > log: log is not the report and then the record: $(head -c 300 log)"
    # the same file by its own name, and through /proc
    run_to log "${conform[@]}" --record log -- python3 "$ad" "$undead" 1
    [[ $rc == 1 ]] && cmp -s log want || fail "--record log > log: exit $rc: $(head -c 300 log)"
    run_to log "${conform[@]}" --record /proc/self/fd/1 -- python3 "$ad" "$undead" 1
    [[ $rc == 1 ]] && cmp -s log want || fail "--record /proc/self/fd/1 > log: exit $rc: $(head -c 300 log)"
    # standard error: what conform wrote there (nothing), then the record
    rc=0
    "${conform[@]}" --record /dev/stderr -- python3 "$ad" "$undead" 1 < /dev/null > out 2> e.out || rc=$?
    [[ $rc == 1 ]] || fail "--record /dev/stderr: exit $rc"
    cmp -s out ref.out && cmp -s e.out r.t || fail "--record /dev/stderr 2> e.out: $(head -c 300 e.out)"
    # through a pipe: in place, after the report as well
    rc=0
    "${conform[@]}" --record /dev/stdout -- python3 "$ad" "$undead" 1 < /dev/null 2> err | cat > p.out || rc=$?
    cmp -s p.out want || fail "--record /dev/stdout | cat: $(head -c 300 p.out)"
    # show -o: what the shell printed before and after stays around the drawing
    "$undead" play one-die --no-db --seed 3 > od.t
    run_to drawing "$undead" show one-die od.t
    [[ $rc == 0 && -s drawing ]] || fail "show: exit $rc: $(head -c 300 err)"
    { printf 'before\n'; cat drawing; printf 'after\n'; } > want
    rc=0
    { printf 'before\n'; "$undead" show one-die od.t -o /dev/stdout; printf 'after\n'; } > s.out 2> err || rc=$?
    [[ $rc == 0 ]] && cmp -s s.out want || fail "show -o /dev/stdout: exit $rc: $(head -c 300 s.out)"
    # standard output a full device: the write fails, exit 2
    rc=0
    "$undead" show one-die od.t -o /dev/stdout > /dev/full 2> err || rc=$?
    expect 2 err "undead show: /dev/stdout: writing: No space left on device"
    # the file past its size limit in the middle of the output: none of it
    # stays (what was printed before is kept), exit 2
    head -c 10237 /dev/zero | tr '\0' x > pre
    cp pre f.out
    rc=0
    (
        trap '' XFSZ
        ulimit -f 10
        exec "$undead" show one-die od.t -o /dev/stdout >> f.out 2> err
    ) || rc=$?
    expect 2 err "undead show: /dev/stdout: writing: File too large"
    cmp -s pre f.out || fail "a part of the drawing stayed: $(stat -c %s f.out) bytes, expected 10237"
    # nothing left beside the files, and /dev/stdout still a link
    [[ -z $(find . -name '.*.tmp') ]] || fail "a temporary left: $(find . -name '.*.tmp')"
    [[ -L /dev/stdout || ! -e /dev/stdout ]] || fail "/dev/stdout is no link any more"
    ;;
confirm-games-idle)
    run "$undead" conform one-die --no-db --games 2 --confirm-changes 0 --confirm-games 5 -- "$undead" serve one-die
    expect 2 err "undead conform: --confirm-games: the games each confirmed change plays, and --confirm-changes 0 confirms none; expected --confirm-changes 1 or more"
    [[ ! -s out ]] || fail "something was played: $(head -c 300 out)"
    # its default given, the same; either alone, or with changes to confirm, plays
    run "$undead" conform one-die --no-db --games 2 --confirm-changes 0 --confirm-games 10 -- "$undead" serve one-die
    expect 2 err "undead conform: --confirm-games: the games each confirmed change plays, and --confirm-changes 0 confirms none; expected --confirm-changes 1 or more"
    # so are the other readings each confirmed change plays
    run "$undead" conform one-die --no-db --games 2 --confirm-changes 0 --confirm-readings 2 -- "$undead" serve one-die
    expect 2 err "undead conform: --confirm-readings: the other readings each confirmed change plays, and --confirm-changes 0 confirms none; expected --confirm-changes 1 or more"
    [[ ! -s out ]] || fail "something was played: $(head -c 300 out)"
    for opts in "--confirm-changes 0" "--confirm-games 3" "--confirm-changes 1 --confirm-games 0" "--confirm-readings 0"; do
        # shellcheck disable=SC2086
        run "$undead" conform one-die --no-db --games 2 $opts -- "$undead" serve one-die
        [[ $rc == 0 ]] || fail "$opts: exit $rc: $(head -c 300 err)"
    done
    ;;
export-readings)
    run "$undead" solve zombie-dice game --no-db --from-score 12 --export p.csv
    expect 2 err "undead solve: --export p.csv: writes one reading's policy, and end and tiebreak are not fixed (4 readings solved); expected --variant end=V and --variant tiebreak=V"
    [[ ! -e p.csv && ! -s out ]] || fail "solved or wrote: $(head -c 300 out)"
    run "$undead" solve zombie-dice game --no-db --from-score 12 --export p.csv --variant end=final-turn
    expect 2 err "undead solve: --export p.csv: writes one reading's policy, and tiebreak is not fixed (2 readings solved); expected --variant tiebreak=V"
    run "$undead" solve zombie-dice game --no-db --from-score 12 --export p.csv --variant tiebreak=until-broken
    expect 2 err "undead solve: --export p.csv: writes one reading's policy, and end is not fixed (2 readings solved); expected --variant end=V"
    [[ ! -e p.csv ]] || fail "p.csv was written"
    # one reading: written, its header naming it
    run "$undead" solve zombie-dice game --no-db --from-score 12 --export p.csv --variant end=final-turn \
        --variant tiebreak=until-broken
    [[ $rc == 0 ]] || fail "one reading: exit $rc: $(head -c 300 err)"
    [[ $(grep -c '^# optimal policy' p.csv) == 1 ]] || fail "p.csv: $(grep -c '^# optimal policy' p.csv) headers"
    grep -q '^# optimal policy for zombie-dice, end=final-turn tiebreak=until-broken,' p.csv || fail "p.csv: $(head -1 p.csv)"
    ;;
dangling-link)
    "$undead" play one-die --no-db --seed 3 > od.t
    "$undead" show one-die od.t > drawing
    # a link to a file not made yet, in this folder and in another
    ln -s missing.txt l.txt
    mkdir sub
    ln -s m.txt sub/l.txt
    for link in l.txt sub/l.txt; do
        run "$undead" show one-die od.t -o "$link"
        [[ $rc == 0 ]] || fail "-o $link: exit $rc: $(head -c 300 err)"
        [[ -L $link ]] || fail "$link is no link any more"
        cmp -s "$link" drawing || fail "$link does not lead to the drawing"
    done
    [[ -f missing.txt && -f sub/m.txt ]] || fail "the files the links name were not made"
    # standard output closed: a link of ours to /proc/self/fd/1 (never the
    # machine's /dev/stdout, which an unfixed undead run as root replaced)
    ln -s /proc/self/fd/1 so
    rc=0
    "$undead" show one-die od.t -o so >&- 2> err || rc=$?
    expect 2 err "undead show: -o so: cannot make a file in its folder /proc/self/fd: No such file or directory"
    [[ -L so ]] || fail "so is no link any more: $(ls -l so)"
    # a loop of links
    ln -s loop-b loop-a
    ln -s loop-a loop-b
    run "$undead" show one-die od.t -o loop-a
    expect 2 err "undead show: -o loop-a: is a symbolic link leading to no file it can write (a loop, or a file deleted)"
    [[ -L loop-a && -L loop-b ]] || fail "the loop's links were replaced"
    ;;
rewrite-stdout)
    sed '0,/^[a-z-]*\/[a-z0-9-]* [0-9a-f]\{16\}$/s/ [0-9a-f]\{16\}$/ 0000000000000000/' \
        "$src/spec/faq-editions.txt" > base.txt
    ! cmp -s base.txt "$src/spec/faq-editions.txt" || fail "no fingerprint changed"
    cp base.txt e.txt
    rc=0
    "$undead" faq --editions e.txt --new-edition 2027-01-02 >> e.txt 2> err || rc=$?
    expect 2 err "undead faq: --editions e.txt: is the same file as standard output: expected another file (it is read, then written again whole)"
    cmp -s base.txt e.txt || fail "the record changed: $(diff base.txt e.txt | head -5)"
    rc=0
    "$undead" faq --editions /dev/stdout --new-edition 2027-01-02 >> e.txt 2> err || rc=$?
    expect 2 err "undead faq: --editions /dev/stdout: is the same file as standard output: expected another file (it is read, then written again whole)"
    cmp -s base.txt e.txt || fail "the record changed: $(diff base.txt e.txt | head -5)"
    # another file is still written
    run "$undead" faq --editions e.txt --new-edition 2027-01-02
    [[ $rc == 0 ]] || fail "faq --new-edition: exit $rc: $(head -c 300 err)"
    grep -qx 'edition 2 2027-01-02' e.txt || fail "no edition 2: $(tail -3 e.txt)"
    # a baseline that differs, updated with the report sent to it
    "$undead" sim one-die --games 10 --db r.db > /dev/null
    run "$undead" db baseline update one-die --db r.db --file b.csv
    [[ $rc == 0 && -s b.csv ]] || fail "baseline update: exit $rc: $(head -c 300 err)"
    sed -i '3s/[0-9]$/7/' b.csv
    cp b.csv b1.csv
    rc=0
    "$undead" db baseline update one-die --db r.db --file b.csv >> b.csv 2> err || rc=$?
    expect 2 err "undead db baseline: --file b.csv: is the same file as standard output: expected another file (it is read, then written again whole)"
    cmp -s b1.csv b.csv || fail "the baseline changed"
    # a golden transcript to regenerate, with the report sent to it
    mkdir g
    cp -r "$src/golden/one_die" g/
    t=g/one_die/seeded/four-players.transcript
    sed -i '22s/$/ /' "$t"
    cp "$t" t1
    rc=0
    "$undead" golden update --no-db --dir g >> "$t" 2> err || rc=$?
    expect 2 err "undead golden update: $t: is the same file as standard output: expected another file (it is read, then written again whole)"
    [[ $(grep -c '^undead-transcript ' "$t") == 1 ]] || fail "two records in $t"
    head -n "$(wc -l < t1)" "$t" | cmp -s - t1 || fail "$t changed"
    ;;
needs-page)
    "$undead" play zombie-dice --no-db --seed 5 > z.t
    [[ $(sed -n 18p z.t) == draw* ]] || fail "line 18 of seed 5 is no draw: $(sed -n 18p z.t)"
    { head -n 17 z.t; printf 'draw green\nneeds draw\n'; } > one.t
    { head -n 17 z.t; printf 'draw green\ndraw yellow\nneeds draw\n'; } > two.t
    for r in one.t two.t; do
        run "$undead" check --no-db "$r"
        expect 0 out "$r: ok (partial): p1=0 p2=0"
        run "$undead" show zombie-dice "$r" --format html -o page.html
        [[ $rc == 0 ]] || fail "the page of $r: exit $rc: $(head -c 300 err)"
        grep -q '"departure":null' page.html || fail "the page of $r departs: $(grep -o '"departure":{[^}]*' page.html)"
        run "$undead" show zombie-dice "$r" --at 18
        [[ $rc == 0 ]] || fail "show --at 18 of $r: exit $rc: $(head -c 300 err)"
    done
    # a 'needs' of another event is still the departure it was, in all three
    { head -n 17 z.t; printf 'draw green\nneeds roll\n'; } > other.t
    run "$undead" check --no-db other.t
    expect 1 err "other.t:18: ZD-DRAW: expected one more 'draw' outcome here (green|yellow|red)"
    run "$undead" show zombie-dice other.t --format html -o page.html
    [[ $rc == 1 ]] || fail "the page of other.t: exit $rc"
    ;;
print-standing)
    "$undead" play zombie-dice --no-db --seed 5 > z.t
    { head -n 17 z.t; printf 'draw green\nneeds draw\n'; } > needs.t
    { head -n 19 z.t; printf 'waits p1\n'; } > waits.t
    { head -n 19 z.t; printf 'offers p1 stop | roll\n'; } > offers.t
    for r in needs.t waits.t offers.t; do
        run "$undead" check --no-db "$r"
        expect 0 out "$r: ok (partial): p1=0 p2=0"
        run "$undead" check --no-db --print "$r"
        [[ $rc == 0 ]] || fail "check --print $r: exit $rc: $(head -c 300 err)"
        grep -v "^$r: ok" out > "printed-$r"
        grep -qx partial "printed-$r" || fail "check --print $r: no partial line"
        run "$undead" check --no-db "printed-$r"
        expect 0 out "printed-$r: ok (partial): p1=0 p2=0"
    done
    tail -n 2 printed-needs.t | head -n 1 | grep -qx 'draw green' || fail "the step's line: $(tail -n 2 printed-needs.t)"
    [[ $(tail -n 1 printed-needs.t) == 'needs draw' ]] || fail "no needs line: $(tail -n 1 printed-needs.t)"
    ;;
*)
    fail "no such case"
    ;;
esac
