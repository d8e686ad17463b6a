#!/usr/bin/env bash
# tests/faults_attack12.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a twelfth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message (or bytes) and exit status asserted.
#   after-end  a record with an 'after' part (the other side's game past
#            its departure, as conform writes it) whose own game ends
#            short was refused at the file's last line, a line of the
#            after part (r.t:31, or :100023 for a long one), not where
#            the record's game ends, which the record cut at 'after'
#            names (:22); show's page put the departure there, and show
#            drew the record's end as "after line 32 (the end)", --at in
#            the after part as that line.  The record's game ends at the
#            line before 'after', for check, the page and show alike.
#   record-adapter  conform --record FILE naming a file of the adapter's
#            command (--record ad.py -- python3 ad.py, the program itself,
#            or one found on PATH) wrote the record over it at the
#            departure: the adapter's script was lost, exit 1.  Refused
#            before the games, the file kept, exit 2.
#   decl-bytes  a game's mutants.txt (read from UNDEAD_DATA_DIR's spec/)
#            took a declaration holding bytes no text is (an escape, 0xff,
#            a C1 control, a byte-order mark) and wrote them raw in
#            mutate's lists and reports; a NUL cut the line there, the
#            rest dropped.  Each is refused at FILE:LINE:COL, as in a
#            content file, exit 2; UTF-8 text and a CRLF are still read.
#   blame-bound  the blame of a refused line had no bound on its time: a
#            Dice of the Living Dead record with one decide line doubled
#            tried some 1,400 changes, each in a child allowed 10 s, for
#            12 s of CPU (a record could make it hours; the case now
#            doubles a line of a longer board record).  The blame now
#            stops at --blame-seconds (default 60), names the best found,
#            and says how many changes it did not try (text and JSON).
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack12 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
after-end)
    "$undead" play zombie-dice --no-db --seed 5 > z.t
    [[ $(sed -n 22p z.t) == '= turn=p1 '* ]] || fail "line 22 of seed 5 is no state line: $(sed -n 22p z.t)"
    head -n 22 z.t > cut.t
    run "$undead" check --no-db cut.t
    expect 1 err "cut.t:22: end: the transcript ends, but the rules need a 'draw' outcome next (green|yellow|red)"
    # the other side's game after it, a few lines, many, or none
    { cat cut.t; echo after; sed -n 23,30p z.t; } > r.t
    { cat cut.t; echo after; for _ in $(seq 1000); do echo 'decide p1 roll'; done; } > long.t
    { cat cut.t; echo after; } > none.t
    for r in r.t long.t none.t; do
        run "$undead" check --no-db "$r"
        expect 1 err "$r:22: end: the transcript ends, but the rules need a 'draw' outcome next (green|yellow|red)"
    done
    # the page opens at that line
    run "$undead" show zombie-dice r.t --format html -o page.html
    [[ $rc == 1 ]] || fail "the page of r.t: exit $rc: $(head -c 300 err)"
    grep -q '"departure":{"step":[0-9]*,"line":22,' page.html ||
        fail "the page's departure: $(grep -o '"departure":{[^,]*,[^,]*' page.html)"
    # a partial record is drawn at its own end, --at in the after part too
    { head -n 14 z.t; echo partial; sed -n 15,22p z.t; echo after; sed -n 23,30p z.t; } > p.t
    run "$undead" show zombie-dice p.t
    [[ $rc == 0 ]] || fail "show p.t: exit $rc: $(head -c 300 err)"
    [[ $(head -n 1 out) == 'p.t, after line 23 (the end)' ]] || fail "show p.t: $(head -n 1 out)"
    run "$undead" show zombie-dice p.t --at 28
    [[ $rc == 0 ]] || fail "show p.t --at 28: exit $rc: $(head -c 300 err)"
    [[ $(head -n 1 out) == 'p.t, after line 23 (the end)' ]] || fail "show p.t --at 28: $(head -n 1 out)"
    ;;
record-adapter)
    cp "$src/tests/data/conform/extra_offers_adapter.py" ad.py
    cp ad.py ad.orig
    run "$undead" conform one-die --no-db --games 2 --record ad.py -- python3 ad.py "$undead" 1
    expect 2 err "undead conform: --record ad.py: is the same file as a file the adapter's command names (ad.py): expected another file"
    cmp -s ad.py ad.orig || fail "ad.py was written over: $(head -c 200 ad.py)"
    [[ ! -s out ]] || fail "games were played: $(head -c 300 out)"
    # through a link, the program itself, a program found on PATH
    ln -s ad.py link.py
    run "$undead" conform one-die --no-db --games 2 --record link.py -- python3 ad.py "$undead" 1
    expect 2 err "undead conform: --record link.py: is the same file as a file the adapter's command names (ad.py): expected another file"
    cp "$undead" ./ud
    run "$undead" conform one-die --no-db --games 2 --record ud -- ./ud serve one-die
    expect 2 err "undead conform: --record ud: is the same file as a file the adapter's command names (./ud): expected another file"
    mkdir bin
    { echo '#!/usr/bin/env python3'; cat ad.py; } > bin/myad
    chmod +x bin/myad
    PATH="$PWD/bin:$PATH" run "$undead" conform one-die --no-db --games 2 --record bin/myad -- myad "$undead" 1
    expect 2 err "undead conform: --record bin/myad: is the same file as a file the adapter's command names ($PWD/bin/myad): expected another file"
    cmp -s ad.py ad.orig && cmp -s ud "$undead" || fail "a file was written over"
    # another file is written, and a word that names no file is no file
    run "$undead" conform one-die --no-db --games 2 --record r.t -- python3 ad.py "$undead" 1
    [[ $rc == 1 ]] || fail "--record r.t: exit $rc: $(head -c 300 err)"
    expect 1 r.t "offers p1 risk 1 | risk 2 | risk 3 | extra-0"
    run "$undead" conform one-die --no-db --games 2 --record serve -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "--record serve: exit $rc: $(head -c 300 err)"
    ;;
decl-bytes)
    mkdir data
    cp -r "$src/spec" data/
    m=data/spec/one_die/mutants.txt
    cp "$m" m.orig
    n=$(($(wc -l < m.orig) + 1))
    dup='duplicate OD-BUST/guard-never OD-ROLL/guard-never why'
    declare -A found=(
        ['\x1b[31m']="$n:55: expected printable text, found byte 0x1b"
        ['\xff']="$n:55: expected UTF-8 text, found byte 0xff"
        ['\xc2\x9b']="$n:55: expected printable text, found control character U+009B"
        ['\0 more']="$n:55: expected printable text, found byte 0x00"
    )
    for bytes in "${!found[@]}"; do
        { cat m.orig; printf "%s $bytes\n" "$dup"; } > "$m"
        UNDEAD_DATA_DIR=data run "$undead" mutate one-die --list
        expect 2 err "undead mutate: data/spec/one_die/mutants.txt:${found[$bytes]}"
    done
    { cat m.orig; printf '\xef\xbb\xbf%s\n' "$dup"; } > "$m"
    UNDEAD_DATA_DIR=data run "$undead" mutate one-die --list
    expect 2 err "undead mutate: data/spec/one_die/mutants.txt:$n:1: a UTF-8 byte-order mark (U+FEFF): expected text without one (save the file as UTF-8 without a BOM)"
    # text, and a CRLF, read as ever
    { cat m.orig; printf '%s \xc3\xa9\r\n' "$dup"; } > "$m"
    UNDEAD_DATA_DIR=data run "$undead" mutate one-die --list
    [[ $rc == 0 ]] || fail "a UTF-8 why: exit $rc: $(head -c 300 err)"
    grep -qE $'^OD-BUST/guard-never +duplicate of OD-ROLL/guard-never: why \xc3\xa9$' out ||
        fail "the declaration listed: $(grep '^OD-BUST/guard-never ' out)"
    ;;
blame-bound)
    # A board record's roll line doubled near its end: each change the
    # blame tries replays some 3,700 lines, and trying them all takes
    # about 5 s on a fast core (the Dice of the Living Dead record this
    # case first used took 1 s there, and a fast machine finished it
    # inside the bound).
    rec="$src/golden/zombies_board/seeded/all-searched.transcript"
    [[ $(sed -n 3769p "$rec") == 'roll 5 '* ]] || fail "line 3769 of $rec: $(sed -n 3769p "$rec")"
    awk 'NR == 3769 { print } { print }' "$rec" > dbl.t
    start=$SECONDS
    run "$undead" check --no-db --blame-seconds 1 dbl.t
    took=$((SECONDS - start))
    expect 1 err "dbl.t:3770: ZB-STEP-OFFER: expected a decision by bob (north|south|stop) here, found 'roll 5'"
    grep -qE '^  evidence: none: .* \(the search stopped at its bound of 1 s, --blame-seconds: [1-9][0-9]* changes? not tried; one of them may explain the step better\); ZB-STEP-OFFER is the row the rules needed at this line$' err ||
        fail "the evidence: $(grep evidence err)"
    # the bound holds the wall time: the trial running at the bound is
    # stopped within a second of it (the rest is the replay itself)
    [[ $took -le 20 ]] || fail "check --blame-seconds 1 took $took s"
    run "$undead" check --no-db --blame-seconds 1 --format json dbl.t
    [[ $rc == 1 ]] || fail "json: exit $rc: $(head -c 300 err)"
    grep -qE '"evidence":"none","bound_seconds":1,"untried":[1-9][0-9]*,"unconfirmed":0\}$' out ||
        fail "json: $(head -c 600 out)"
    # the bound is a whole number of seconds, 0 for none
    for bad in -1 86401 1x ''; do
        run "$undead" check --no-db --blame-seconds "$bad" dbl.t
        expect 2 err "undead check: --blame-seconds: expected a whole number from 0 to 86400, got '$bad'"
        run "$undead" conform --blame-seconds "$bad" zombie-dice -- true
        expect 2 err "undead conform: --blame-seconds: expected a whole number from 0 to 86400, got '$bad'"
    done
    # a record the blame finishes in time says nothing of a bound
    "$undead" play zombie-dice --no-db --seed 5 > z.t
    sed '/^draw /{x;s/^/x/;/^x\{3\}$/{x;d};x}' z.t > gap.t
    run "$undead" check --no-db --blame-seconds 0 gap.t
    [[ $rc == 1 ]] || fail "gap.t: exit $rc: $(head -c 300 err)"
    ! grep -q 'stopped at its bound' err || fail "gap.t: $(grep evidence err)"
    ;;
*)
    fail "no such case"
    ;;
esac
