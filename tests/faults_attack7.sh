#!/usr/bin/env bash
# tests/faults_attack7.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a seventh attack pass found (and those the sixth left), as
# tests/faults.sh does for the others: each CASE is one fault (or one
# family), run as a user would, with the exact message and exit status
# asserted.
#   conform-result  an adapter whose final result named a player the
#            table lacks, an outcome no protocol word names, or left a
#            player out was a departure (exit 1), but its record's 'over'
#            line kept only the players and words undead knew, and
#            `undead check` replayed the record as ok (exit 0).  The record
#            says what the implementation said, and check refuses it at
#            that line, exit 1.
#   baseline-file  db baseline update --file FILE wrote the baseline over
#            any FILE (a record, a CSV of something else), exit 0, where
#            check refuses the same file as "not an outcomes baseline":
#            update refuses it too, exit 2, the file unchanged; a baseline
#            of older columns, an empty file or a new one is written.
#   golden-index-case  golden check --html OUT of a folder holding a case
#            index.in wrote the case's page to OUT/index.html, then the
#            index over it (exit 0; the index linked to itself, the page
#            lost): the case's page is refused and counted as not written.
#   db-companion  play --record DB-wal (with --db DB) wrote the record
#            where SQLite keeps the database's write-ahead log, which it
#            removes when the database closes: exit 0, the record gone.
#            Every output checked against the database (play and conform
#            --record, faq -o, solve --export, db baseline --file) is
#            checked against DB-wal, DB-shm and DB-journal too.
#   pdf-deep-folder  faq --format pdf, ended by a signal or by a browser
#            that wrote no PDF, left its working folder undead-faq-XXXXXX
#            in TMPDIR when the browser had made folders more than 32
#            levels deep in it (core/tree_remove.c stopped there): a
#            folder that deep is moved up and removed in a later round.
#            A link to a folder outside is removed, not followed.
#   dash-output  play --record - (and every output option: faq -o, show
#            -o, text -o, solve --export, conform --record, db baseline
#            --file) wrote a file named '-' in the working folder, where
#            check and show read '-' as standard input: refused, exit 2,
#            no file made; ./- still names a file called -.
#   db-options  db query --list --param K=V took and ignored --param (as
#            db runs --list, --strict or --rules took theirs): an option of
#            another subcommand is refused, exit 2, naming where it belongs.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack7 # fail, expect, run, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
conform-result)
    # undead serve, with the final result changed as MODE says
    cat > res.py <<'PY'
import json, os, subprocess, sys
mode = os.environ["MODE"]
srv = subprocess.Popen([sys.argv[1], "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    srv.stdin.write(line)
    srv.stdin.flush()
    answer = srv.stdout.readline()
    d = json.loads(answer)
    if isinstance(d, dict) and isinstance(d.get("result"), dict):
        r = d["result"]
        if mode == "player":
            r["zz"] = r.pop("p2")
        elif mode == "word":
            r["p2"] = "maybe"
        elif mode == "empty":
            r.clear()
        elif mode == "ugly":
            r["a b=#["] = "x y"
        answer = (json.dumps(d) + "\n").encode()
    sys.stdout.buffer.write(answer)
    sys.stdout.buffer.flush()
PY
    for mode in player word empty ugly none; do
        MODE=$mode run "$undead" conform one-die --games 2 --no-db --record "$mode.t" -- python3 res.py "$undead"
        if [[ $mode == none ]]; then
            [[ $rc == 0 && ! -e none.t ]] || fail "an honest adapter: exit $rc: $(head -c 2000 out)"
            continue
        fi
        [[ $rc == 1 ]] || fail "$mode: conform exit $rc, expected 1: $(head -c 2000 out)"
        grep -q "^departure (result) in seeded game 1 (seed 1), at play 5" out || fail "$mode: $(head -c 2000 out)"
        n=$(wc -l < "$mode.t")
        case $mode in
        player) line='over p1=won zz=lost' why=" OD-HIGHEST: the game is over with no player 'zz'; the record's game with zz=lost" ;;
        word) line='over p1=won p2=maybe' why=" OD-HIGHEST: the game is over with p2=lost; the record's game with p2=maybe" ;;
        empty) line='over' why=" OD-HIGHEST: the game is over with p1=won; the record's game gives p1 no outcome" ;;
        ugly) line='over p1=won p2=lost ?=?' why=" OD-HIGHEST: the game is over with no player '?'; the record's game with ?=?" ;;
        esac
        [[ $(tail -1 "$mode.t") == "$line" ]] || fail "$mode: the record ends '$(tail -1 "$mode.t")', expected '$line'"
        run "$undead" check --no-db "$mode.t"
        expect 1 err "$mode.t:$n:$why"
    done
    # by hand: a player left out is refused as the rules' (exit 1); a
    # token that is no PLAYER=OUTCOME is input (exit 2); all of them: ok
    "$undead" play one-die --no-db --seed 3 > od.t
    n=$(($(wc -l < od.t) + 1))
    { cat od.t; echo 'over p1=won'; } > left.t
    run "$undead" check --no-db left.t
    expect 1 err "left.t:$n: OD-HIGHEST: the game is over with p2=lost; the record's game gives p2 no outcome"
    for tok in p1 =won p1= p1=won=lost; do
        { cat od.t; echo "over $tok"; } > tok.t
        run "$undead" check --no-db tok.t
        expect 2 err "tok.t:$n:6: expected PLAYER=OUTCOME after 'over' (a player, then won, shared, lost or out), found '$tok'"
    done
    { cat od.t; echo 'over p2=lost p1=won'; } > ok.t
    run "$undead" check --no-db ok.t
    expect 0 out "ok.t: ok: p1=24 p2=23; winner p1"
    ;;
baseline-file)
    base=(db baseline update one-die --golden "$src/golden" --games 2)
    header="expected the header 'key,variants,...' that 'undead db baseline update one-die' writes"
    "$undead" play one-die --no-db --seed 3 > od.t
    cp od.t od.keep
    run "$undead" "${base[@]}" --file od.t
    expect 2 err "undead db baseline: --file od.t: not an outcomes baseline: its first line is 'undead-transcript 1'; $header"
    cmp -s od.t od.keep || fail "the record was written over"
    [[ ! -s out ]] || fail "a report was printed: $(head -c 2000 out)"
    printf 'a,b\n1,2\n' > other.csv
    run "$undead" "${base[@]}" --file other.csv
    expect 2 err "undead db baseline: --file other.csv: not an outcomes baseline: its first line is 'a,b'; $header"
    [[ $(cat other.csv) == $'a,b\n1,2' ]] || fail "other.csv was written over"
    # a FIFO: said once, as what it is
    mkfifo ff
    for mode in update check; do
        run "$undead" db baseline "$mode" one-die --golden "$src/golden" --games 2 --file ff
        expect 2 err "ff: expected 'ff' to be a regular file, found a FIFO"
        [[ $(wc -l < err) == 1 ]] || fail "$mode: $(head -c 2000 err)"
    done
    # new, empty, or a baseline of other columns: written
    for f in new.csv empty.csv old.csv; do
        case $f in
        empty.csv) : > "$f" ;;
        old.csv) printf 'key,variants,outcome\n' > "$f" ;;
        esac
        run "$undead" "${base[@]}" --file "$f"
        expect 0 out "updated $f: read 'git diff $f' before committing"
        head -1 "$f" | grep -q '^key,variants,' || fail "$f: $(head -c 300 "$f")"
    done
    ;;
golden-index-case)
    cp -r "$src/golden/one_die/examples" ex
    n=$(find ex -name '*.in' | wc -l)
    cp ex/bust.in ex/index.in
    cp ex/bust.transcript ex/index.transcript
    sed -i 's/from bust.in/from index.in/' ex/index.transcript
    run "$undead" golden check --no-db --dir ex --html pages
    expect 2 err "undead golden: --html: pages/index.html: is the index's name: expected a case of another name than ex/index.in"
    grep -qx "golden check: $((n + 1)) case(s), 0 failed, 0 updated, 1 page(s) not written, 0 rule row(s) fired by no case (counted for: one-die)" out ||
        fail "totals: $(tail -1 out)"
    grep -q '<h1>The golden cases</h1>' pages/index.html || fail "the index: $(head -c 300 pages/index.html)"
    ! grep -q 'href="index.html"' pages/index.html || fail "the index links to itself"
    [[ -s pages/bust.html ]] || fail "no page of bust.in"
    ;;
db-companion)
    "$undead" sim one-die --games 2 --db s.db > /dev/null
    for suffix in -wal -shm -journal; do
        run "$undead" play one-die --db s.db --record "s.db$suffix"
        expect 2 err "undead play: --record s.db$suffix: is the same file as a companion file of the results database (s.db$suffix): expected another file"
        [[ ! -e s.db$suffix ]] || fail "s.db$suffix made"
    done
    run "$undead" conform one-die --games 1 --db s.db --record ./s.db-wal -- "$undead" serve one-die
    expect 2 err "undead conform: --record ./s.db-wal: is the same file as a companion file of the results database (s.db-wal): expected another file"
    run "$undead" faq --db s.db --game one-die -o s.db-shm
    expect 2 err "undead faq: -o s.db-shm: is the same file as a companion file of the results database (s.db-shm): expected another file"
    run "$undead" db baseline update one-die --db s.db --golden "$src/golden" --games 2 --file s.db-journal
    expect 2 err "undead db baseline: --file s.db-journal: is the same file as a companion file of the results database (s.db-journal): expected another file"
    # a name that only begins so: written
    run "$undead" play one-die --db s.db --record s.db-walx
    [[ $rc == 0 && $(head -1 s.db-walx) == 'undead-transcript 1' ]] || fail "s.db-walx: exit $rc: $(head -c 2000 err)"
    ;;
dash-output)
    run "$undead" play zombie-dice --no-db --record -
    expect 2 err "undead play: --record -: expected a file name, not '-' (./- names a file called -)"
    run "$undead" faq -o -
    expect 2 err "undead faq: -o -: expected a file name, not '-' (./- names a file called -)"
    run "$undead" solve zombie-dice game --no-db --export -
    [[ $rc == 2 ]] && grep -qF "expected a file name, not '-'" err || fail "solve --export -: exit $rc: $(head -c 2000 err)"
    run "$undead" conform one-die --games 1 --no-db --record - -- "$undead" serve one-die
    expect 2 err "undead conform: --record -: expected a file name, not '-' (./- names a file called -)"
    [[ ! -e ./- ]] || fail "a file named - was made"
    # ./- is a file's name: written, and check reads it back
    run "$undead" play one-die --no-db --record ./-
    [[ $rc == 0 && -s ./- ]] || fail "play --record ./-: exit $rc: $(head -c 2000 err)"
    run "$undead" check --no-db ./-
    [[ $rc == 0 ]] || fail "check ./-: exit $rc: $(head -c 2000 err)"
    ;;
db-options)
    run "$undead" db query --list --param a=b
    expect 2 err "undead db: --param: not an option of db query; expected it with db query NAME only"
    [[ ! -s out ]] || fail "the list printed though refused: $(head -c 300 out)"
    run "$undead" sim one-die --games 1 --db r.db
    [[ $rc == 0 ]] || fail "sim: exit $rc"
    run "$undead" db runs --db r.db --list
    expect 2 err "undead db: --list: not an option of db runs; expected it with db query without a NAME only"
    run "$undead" db query analysis-figures --list --db r.db
    expect 2 err "undead db: --list: not an option of db query NAME; expected it with db query without a NAME only"
    run "$undead" db runs --db r.db --strict
    expect 2 err "undead db: --strict: not an option of db runs; expected it with db diff only"
    run "$undead" db show 1 --db r.db --rules
    expect 2 err "undead db: --rules: not an option of db show; expected it with db diff only"
    # in their place they are taken
    run "$undead" db query --list
    [[ $rc == 0 && -s out ]] || fail "db query --list: exit $rc"
    run "$undead" db diff 1 1 --db r.db --rules --strict
    [[ $rc == 0 ]] || fail "db diff --rules --strict: exit $rc: $(head -c 2000 err)"
    ;;
pdf-deep-folder)
    mkdir g outside
    cp -r "$src/golden/one_die" g/
    echo kept > outside/f
    "$undead" verify one-die --games 2 --reading-games 2 --golden g --db v.db > /dev/null 2>&1 ||
        fail "verify one-die did not pass"
    # a browser that makes a tree 300 levels deep, a link out, a FIFO, an
    # unreadable folder, then waits (STAY) or exits with no PDF
    cat > deep.sh <<SH
#!/bin/sh
cd "\$HOME" || exit 9
d=p; i=0; while [ \$i -lt 300 ]; do d=\$d/d; i=\$((i+1)); done
mkdir -p "\$d" && echo x > "\$d/f" && ln -s "$PWD/outside" p/out && mkfifo p/ff
mkdir p/ro && chmod 000 p/ro
echo \$\$ > "$PWD/browser.pid"
[ -n "\$STAY" ] && exec sleep 30
exit 0
SH
    chmod +x deep.sh
    for how in TERM exit; do
        rm -rf tmpd browser.pid
        mkdir tmpd
        if [[ $how == exit ]]; then
            run env TMPDIR="$PWD/tmpd" "$undead" faq --db v.db --golden g --game one-die --format pdf -o out.pdf --chromium ./deep.sh
            expect 2 err "undead faq: the browser './deep.sh' exited 0 but wrote no PDF; name another with --chromium PATH or UNDEAD_CHROMIUM"
        else
            STAY=1 TMPDIR="$PWD/tmpd" "$undead" faq --db v.db --golden g --game one-die --format pdf -o out.pdf \
                --chromium ./deep.sh < /dev/null > out 2> err &
            pid=$!
            for _ in $(seq 1 300); do
                [[ -s browser.pid ]] && break
                sleep 0.1
            done
            [[ -s browser.pid ]] || fail "the browser did not start: $(head -c 2000 err)"
            kill -TERM "$pid"
            rc=0
            wait "$pid" || rc=$?
            [[ $rc == 143 ]] || fail "TERM: exit $rc, expected 143: $(head -c 2000 err)"
        fi
        [[ -z $(ls -A tmpd) ]] || fail "$how: left in TMPDIR: $(find tmpd | head -3) ($(find tmpd | wc -l) entries)"
        [[ $(cat outside/f) == kept ]] || fail "$how: the folder the link names was emptied"
        [[ ! -e out.pdf ]] || fail "$how: out.pdf made"
    done
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
