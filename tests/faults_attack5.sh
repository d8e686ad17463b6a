#!/usr/bin/env bash
# tests/faults_attack5.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a fifth attack pass found, as tests/faults.sh does for the others:
# each CASE is one fault (or one family), run as a user would, with the
# exact message and exit status asserted.
#   file-size  a write past the file-size limit (ulimit -f) ended undead by
#            SIGXFSZ: exit 153, nothing said, the output's temporary file
#            left beside it.  The signal is ignored: the write's EFBIG is
#            reported as any failed write, exit 2, the temporary removed.
#   output-over-input  the fourth attack refused an output that is the
#            record or the results database; the other inputs were still
#            written over, exit 0: show --content DIR -o DIR/goal.txt (or a
#            file it includes), show - -o REC < REC, conform --content DIR
#            --record DIR/goal.txt, faq -o a golden case it reads, and db
#            baseline update --file DB (every run lost, though db changes
#            nothing in a database).  Each refused, exit 2, nothing changed.
#   variant-twice  a record naming one variant key twice was taken, the
#            last line winning (exit 0), and check --variant then said
#            "the record says end=final-turn, --variant says end=final-turn";
#            two seed lines likewise.  Refused at the second line, exit 2.
#   follow-lines  conform --chance follow copied each of the adapter's
#            outcome lines into 8192 bytes and 256 words: an extra outcome
#            after 9000 spaces was never read, "every step agreed" (exit
#            0), where the same word without them is a departure; an empty
#            line or one of an event word alone was skipped.  Each is a
#            broken answer now (exit 2), the line named.
#   explore-golden  explore --golden FILE took a file that is no table
#            (empty, binary, /etc/passwd) as a difference:
#            exit 1, its bytes printed raw, the path raw too.  The header
#            and rows are read first: exit 2 naming FILE:LINE, shown
#            escaped; a real difference is still exit 1.  A CRLF copy (a
#            checkout on Windows) is read as the table it copies, as a
#            transcript is: equal, exit 0; a row changed, exit 1.
#   db-query  db query case-outcome showed a seed from 2^63 on as stored
#            (seed - 2^64: 18446744073709551615 as -1) beside the key that
#            names it; a case ID that is no number (case_id=abc) was bound
#            as text: an empty table, exit 0, where limit=abc is refused.
#   stdout-closed  with standard output closed (>&-) a command that failed
#            before writing to it said its error and then "undead: writing
#            standard output: Bad file descriptor", though nothing was
#            lost: one message now; a command with output still says it.
#   data-dir-escaped  a missing UNDEAD_DATA_DIR was named raw (an ESC in
#            it reached the terminal), where every path on the command line
#            and UNDEAD_DB are shown escaped.
#   adapter-command  conform -- '' ran a program named '' ("undead: cannot
#            run : No such file or directory"), and a program that cannot
#            be run was named raw without the command: refused up front,
#            and "undead conform: cannot run 'PATH': WHY", escaped.
#   solve-policy-empty  solve --policy '' (or ',', or 'a,,b') was taken as
#            no list: the default policies solved, exit 0, where play
#            refuses --policy ''.  Refused, exit 2.
#   check-json  check --format json ("one JSON object a file") printed no
#            object for a file it could not read or parse: the message on
#            stderr only.  Each gets {"verdict":"input", "line", "message"}.
#   db-folder  a results database in a folder that does not exist (or is
#            a file) was refused in SQLite's words, "cannot open: unable
#            to open database file": the folder is named now.
#   repeat-bound  bench --repeat 0 said "expected a whole number from 1 to
#            18446744073709551615" and --repeat 65 "at most 64": one bound.
#   decimal-form  conform --alpha 1e-10 was refused as "expected a number
#            above 0 and below 1", which 1e-10 is: the form is named.
#   needs-another  explore --fractions/--reference without --outcomes and
#            conform --max-outcomes/--setup-outcomes without --depth were
#            taken and changed nothing, exit 0: refused, as --horizon
#            without a bound that counts is.
#   print-json  check --print --format json wrote the canonical
#            transcript's lines into the JSON lines: refused together.
#   signal-temporary  SIGTERM (or ^C) while an output was being written
#            left its temporary (".OUT.PID-N.tmp", 21 MB of a solve
#            --export) beside it: the temporaries open are removed before
#            the signal ends undead.  Shown with faq --format pdf, which
#            holds its temporary while a (here slow, fake) browser runs.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack5 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
file-size)
    rec="$src/golden/zombies_board/seeded/two-greedy.transcript"
    rc=0
    (ulimit -f 4 && exec "$undead" show zombies-board "$rec" --format svg -o s.svg) \
        < /dev/null > out 2> err || rc=$?
    expect 2 err "undead show: s.svg: writing: File too large"
    left=$(find . -name '*.tmp')
    [[ -z $left && ! -e s.svg ]] || fail "files left: $(ls -A)"
    # standard output past the limit: reported, not a signal
    rc=0
    (ulimit -f 4 && exec "$undead" play zombies-board --no-db) < /dev/null > big.out 2> err || rc=$?
    expect 2 err "undead: writing standard output: File too large"
    # the database past the limit: exit 2, the file named
    rc=0
    (ulimit -f 50 && exec "$undead" sim zombie-dice --games 200 --db f.db) < /dev/null > out 2> err || rc=$?
    [[ $rc == 2 ]] || fail "sim --db past the limit: exit $rc, expected 2: $(head -c 2000 err)"
    grep -q "^undead sim: results database: f.db: " err || fail "sim --db: $(head -c 2000 err)"
    ;;
output-over-input)
    cp -r "$src/spec/one_die/content" c
    echo 'include "more.txt"' >> c/goal.txt
    echo '# nothing more' > c/more.txt
    cp "$src/golden/one_die/examples/bust.transcript" rec.t
    cp -r c keep
    cp rec.t keep.t
    run "$undead" show one-die rec.t --content c -o c/goal.txt
    expect 2 err "undead show: -o c/goal.txt: is the same file as a file it reads (c/goal.txt): expected another file"
    run "$undead" show one-die rec.t --content c -o c/more.txt
    expect 2 err "undead show: -o c/more.txt: is the same file as a file it reads (c/more.txt): expected another file"
    rc=0
    timeout 120 "$undead" show one-die - -o rec.t < rec.t > out 2> err || rc=$?
    expect 2 err "undead show: -o rec.t: is the same file as a file it reads (<stdin>): expected another file"
    diff -r c keep > /dev/null || fail "a content file changed"
    cmp -s rec.t keep.t || fail "the record changed"
    run "$undead" conform one-die --games 20 --no-db --content c --record c/goal.txt -- \
        "$undead" serve one-die --content c --variant ending=at-once
    expect 2 err "undead conform: --record c/goal.txt: is the same file as a file it reads (c/goal.txt): expected another file"
    [[ ! -s out ]] || fail "conform started: $(head -c 2000 out)"
    diff -r c keep > /dev/null || fail "conform changed a content file"
    # the FAQ over a golden case it is written from
    mkdir g
    cp -r "$src/golden/one_die" g/
    cp g/one_die/examples/bust.in keep.in
    "$undead" verify one-die --games 2 --reading-games 2 --golden g --db v.db > /dev/null 2>&1 ||
        fail "verify one-die did not pass"
    run "$undead" faq --db v.db --golden g --game one-die -o g/one_die/examples/bust.in
    expect 2 err "undead faq: -o g/one_die/examples/bust.in: is the same file as a file it reads (g/one_die/examples/bust.in): expected another file"
    cmp -s g/one_die/examples/bust.in keep.in || fail "faq changed the golden case"
    [[ -z $(find g -name '*.tmp') ]] || fail "faq left a temporary file"
    # db baseline update --file over the results database
    cp v.db keep.db
    run "$undead" db baseline update one-die --golden g --db v.db --file v.db
    expect 2 err "undead db baseline: --file v.db: is the same file as the results database (v.db): expected another file"
    cmp -s v.db keep.db || fail "baseline update changed the database"
    # other files are still written
    run "$undead" show one-die rec.t --content c -o drawing.txt
    [[ $rc == 0 && -s drawing.txt ]] || fail "show -o drawing.txt: exit $rc: $(head -c 2000 err)"
    run "$undead" faq --db v.db --golden g --game one-die -o faq.html
    [[ $rc == 0 && -s faq.html ]] || fail "faq -o faq.html: exit $rc: $(head -c 2000 err)"
    ;;
variant-twice)
    b="$src/golden/zombie_dice/examples/000-shortage-literal.transcript"
    { head -3 "$b"; echo 'variant end=final-turn'; tail -n +4 "$b"; } > v2.t
    run "$undead" check --no-db v2.t
    expect 2 err "v2.t:5:9: expected one 'variant end' line, found a second (first at line 4)"
    run "$undead" check --no-db --variant end=final-turn v2.t
    expect 2 err "v2.t:5:9: expected one 'variant end' line, found a second (first at line 4)"
    run "$undead" show zombie-dice v2.t
    expect 2 err "v2.t:5:9: expected one 'variant end' line, found a second (first at line 4)"
    "$undead" play one-die --no-db --seed 3 > od.t
    { head -6 od.t; echo 'seed 4'; tail -n +7 od.t; } > s2.t
    run "$undead" check --no-db s2.t
    expect 2 err "s2.t:7:1: expected one 'seed' line, found a second (first at line 6)"
    # one line of each is still a record
    run "$undead" check --no-db --variant end=finish-round "$b"
    [[ $rc == 0 ]] || fail "the golden record: exit $rc: $(head -c 2000 err)"
    ;;
follow-lines)
    # a proxy to undead serve that rewrites the chance lines of the third
    # play's step report as $MODE says
    cat > lie.py <<'PY'
import json, os, subprocess, sys
serve = subprocess.Popen([sys.argv[1], "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
mode, plays = os.environ["MODE"], 0
for line in sys.stdin.buffer:
    req = json.loads(line)
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline()
    if req.get("cmd") in ("new", "decide"):
        plays += 1
        d = json.loads(answer)
        if plays == 3 and "chance" in d:
            if mode == "pad":
                d["chance"] = [c + " " * 9000 + "2" for c in d["chance"]]
            elif mode == "extra":
                d["chance"] = [c + " 2" for c in d["chance"]]
            elif mode == "event-only":
                d["chance"] = d["chance"] + ["roll"]
            elif mode == "empty":
                d["chance"] = d["chance"] + [""]
        answer = (json.dumps(d) + "\n").encode()
    sys.stdout.buffer.write(answer)
    sys.stdout.buffer.flush()
PY
    expected='"chance"[0] must be an outcome line (an event word, then 1 to 255 outcomes, in fewer than 8192 bytes)'
    MODE=pad run "$undead" conform one-die --games 3 --chance follow --no-db -- python3 lie.py "$undead"
    [[ $rc == 2 ]] || fail "pad: exit $rc, expected 2: $(head -c 2000 out)"
    grep -qF "broken adapter in seeded game 1 (seed 1): request 6 ({\"cmd\":\"decide\",\"action\":\"risk 1\"}): $expected, found \"roll 4   " out ||
        fail "pad: $(head -c 2000 out)"
    MODE=extra run "$undead" conform one-die --games 3 --chance follow --no-db -- python3 lie.py "$undead"
    [[ $rc == 1 ]] || fail "extra: exit $rc, expected 1: $(head -c 2000 out)"
    grep -q "^departure (extra-outcome) in seeded game 1" out || fail "extra: $(head -c 2000 out)"
    MODE=event-only run "$undead" conform one-die --games 3 --chance follow --no-db -- python3 lie.py "$undead"
    [[ $rc == 2 ]] || fail "event-only: exit $rc, expected 2: $(head -c 2000 out)"
    grep -qF "${expected/\[0\]/[1]}, found \"roll\"" out || fail "event-only: $(head -c 2000 out)"
    MODE=empty run "$undead" conform one-die --games 3 --chance follow --no-db -- python3 lie.py "$undead"
    [[ $rc == 2 ]] || fail "empty: exit $rc, expected 2: $(head -c 2000 out)"
    grep -qF "${expected/\[0\]/[1]}, found \"\"" out || fail "empty: $(head -c 2000 out)"
    MODE=none run "$undead" conform one-die --games 3 --chance follow --no-db -- python3 lie.py "$undead"
    [[ $rc == 0 ]] || fail "an honest adapter: exit $rc: $(head -c 2000 out)"
    ;;
explore-golden)
    g="$src/golden/zombie_dice/explore/turn.txt"
    header="depth generated distinct decision terminal cut chance"
    explore=("$undead" explore zombie-dice --bound turn --no-db --golden)
    sed 's/$/\r/' "$g" > crlf
    run "${explore[@]}" crlf
    [[ $rc == 0 ]] || fail "a CRLF copy: exit $rc: $(head -c 300 err)"
    sed '$s/^total [0-9]*/total 1/' crlf > crlf2
    run "${explore[@]}" crlf2
    [[ $rc == 1 ]] && grep -q "^  golden: total 1 " err || fail "a CRLF copy changed: exit $rc: $(head -c 300 err)"
    printf '\x01\xff\n' > $'bin\x1bary'
    run "${explore[@]}" $'bin\x1bary'
    expect 2 err "undead explore: bin\\x1bary:1: expected the table's header '$header', found '\\x01\\xff'"
    : > empty
    run "${explore[@]}" empty
    expect 2 err "undead explore: empty:1: expected the table's header '$header', found the end of the file"
    sed 's/^3 400844 /3 4008x4 /' "$g" > bad
    run "${explore[@]}" bad
    expect 2 err "undead explore: bad:6: expected a row of the table (a depth or 'total', then six counts), found '3 4008x4 2991 2988 0 3 199023'"
    # a table that differs is a failed check, exit 1
    sed 's/^3 400844 /3 400845 /' "$g" > diff
    run "${explore[@]}" diff
    expect 1 err "  golden: 3 400845 2991 2988 0 3 199023"
    run "${explore[@]}" "$g"
    [[ $rc == 0 ]] || fail "the golden table: exit $rc: $(head -c 2000 err)"
    ;;
db-query)
    "$undead" sim one-die --games 3 --seed 18446744073709551615 --db q.db > /dev/null
    run "$undead" db query case-outcome --param case_id=1 --format csv --db q.db
    [[ $rc == 0 ]] || fail "case-outcome: exit $rc: $(head -c 2000 err)"
    grep -q '^complete,.*,sim,18446744073709551615,"seed=18446744073709551615:' out ||
        fail "case-outcome's seed: $(head -c 2000 out)"
    run "$undead" db query case-outcome --param case_id=2 --format csv --db q.db
    grep -q '^complete,.*,sim,0,"seed=0:' out || fail "the seed after the wrap: $(head -c 2000 out)"
    run "$undead" db query case-outcome --param case_id=abc --db q.db
    expect 2 err "undead db: query case-outcome: --param case_id: expected a whole number from 0 to 9223372036854775807, got 'abc'"
    run "$undead" db query case-seats --param "case_id=1 OR 1=1" --db q.db
    expect 2 err "undead db: query case-seats: --param case_id: expected a whole number from 0 to 9223372036854775807, got '1 OR 1=1'"
    ;;
stdout-closed)
    rc=0
    timeout 120 "$undead" db runs --db none.db < /dev/null >&- 2> err || rc=$?
    expect 2 err "undead db: none.db: no such database (run a command that records, e.g. 'undead sim', first)"
    [[ $(wc -l < err) == 1 ]] || fail "db runs: more than one message: $(head -c 2000 err)"
    rc=0
    timeout 120 "$undead" sim one-die --games 0 --no-db < /dev/null >&- 2> err || rc=$?
    expect 2 err "undead sim: --games: expected a whole number from 1 to 18446744073709551615, got '0'"
    [[ $(wc -l < err) == 1 ]] || fail "sim --games 0: more than one message: $(head -c 2000 err)"
    # output that cannot be written is still an error
    rc=0
    timeout 120 "$undead" games < /dev/null >&- 2> err || rc=$?
    expect 2 err "undead: writing standard output: Bad file descriptor"
    ;;
data-dir-escaped)
    rc=0
    UNDEAD_DATA_DIR=$'/nonexistent/\x1b[31m' timeout 120 "$undead" golden check --no-db < /dev/null > out 2> err || rc=$?
    expect 2 err "undead golden: UNDEAD_DATA_DIR=/nonexistent/\\x1b[31m: no such directory (expected the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    ;;
adapter-command)
    run "$undead" conform one-die --games 2 --no-db -- ''
    expect 2 err "undead conform: -- '': expected the adapter's command, found an empty word"
    [[ ! -s out ]] || fail "conform started: $(head -c 2000 out)"
    run "$undead" conform one-die --games 2 --no-db -- $'./no\x1bsuch'
    expect 2 err "undead conform: cannot run './no\\x1bsuch': No such file or directory"
    grep -q "the adapter exited with status 127" out || fail "the report: $(head -c 2000 out)"
    ;;
solve-policy-empty)
    run "$undead" solve zombie-dice turn --no-db --policy ''
    expect 2 err "undead solve: --policy '': expected P[,P...], names separated by commas, found an empty one"
    run "$undead" solve zombies-cards small-deck --no-db --policy ','
    expect 2 err "undead solve: --policy ',': expected P[,P...], names separated by commas, found an empty one"
    run "$undead" solve zombie-dice turn --no-db --policy 'closer,,closer'
    expect 2 err "undead solve: --policy 'closer,,closer': expected P[,P...], names separated by commas, found an empty one"
    [[ ! -s out ]] || fail "solve started: $(head -c 2000 out)"
    # a flag and a list of names are still taken
    run "$undead" solve zombie-dice turn --no-db --policy closer --dist --variant shortage-when=literal
    [[ $rc == 0 && -s out ]] || fail "solve turn --policy closer --dist: exit $rc: $(head -c 2000 err)"
    ;;
check-json)
    "$undead" play one-die --no-db --seed 3 > od.t
    sed 's/^undead-transcript 1/undead-transcript 2/' od.t > v2.t
    run "$undead" check --no-db --format json v2.t od.t missing.t
    expect 2 out '{"file":"v2.t","verdict":"input","line":1,"message":"unsupported transcript version '"'"'2'"'"'; expected 1"}'
    expect 2 out '{"file":"missing.t","verdict":"input","line":0,"message":"no such file or folder"}'
    grep -q '^{"file":"od.t","verdict":"ok",' out || fail "od.t: $(head -c 2000 out)"
    [[ $(wc -l < out) == 3 ]] || fail "expected 3 objects: $(head -c 2000 out)"
    grep -qxF "v2.t:1:19: unsupported transcript version '2'; expected 1" err || fail "stderr: $(head -c 2000 err)"
    ;;
db-folder)
    run "$undead" sim one-die --games 1 --db nodir/x.db
    expect 2 err "undead sim: results database: nodir/x.db: cannot make it: its folder nodir does not exist (nothing was changed)"
    touch afile
    run "$undead" sim one-die --games 1 --db afile/x.db
    expect 2 err "undead sim: results database: afile/x.db: cannot make it: its folder afile is not a folder (nothing was changed)"
    [[ ! -e nodir ]] || fail "nodir was made"
    run "$undead" sim one-die --games 1 --db here.db
    [[ $rc == 0 && -s here.db ]] || fail "a database in the current folder: exit $rc: $(head -c 2000 err)"
    ;;
repeat-bound)
    run "$undead" bench one-die --repeat 0
    expect 2 err "undead bench: --repeat: expected a whole number from 1 to 64, got '0'"
    run "$undead" bench one-die --repeat 65
    expect 2 err "undead bench: --repeat: expected a whole number from 1 to 64, got '65'"
    run "$undead" bench one-die --games 10 --repeat 64
    [[ $rc == 0 ]] || fail "--repeat 64: exit $rc: $(head -c 2000 err)"
    ;;
decimal-form)
    run "$undead" conform one-die --no-db --games 1 --alpha 1e-10 -- "$undead" serve one-die
    expect 2 err "undead conform: --alpha: expected a number in digits with at most one '.' (no sign, no exponent) above 0 and below 1, got '1e-10'"
    run "$undead" conform one-die --no-db --games 1 --alpha 1 -- "$undead" serve one-die
    expect 2 err "undead conform: --alpha: expected a number above 0 and below 1, got '1'"
    run "$undead" conform one-die --no-db --games 1 --alpha 0.01 -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "--alpha 0.01: exit $rc: $(head -c 2000 err)"
    ;;
needs-another)
    run "$undead" explore one-die --no-db --fractions
    expect 2 err "undead explore: --fractions needs --outcomes (it changes how the outcomes are solved or shown)"
    run "$undead" explore one-die --no-db --reference
    expect 2 err "undead explore: --reference needs --outcomes (it changes how the outcomes are solved or shown)"
    run "$undead" conform one-die --no-db --max-outcomes 3 -- "$undead" serve one-die
    expect 2 err "undead conform: --max-outcomes needs --depth (the outcomes of its enumeration)"
    run "$undead" conform one-die --no-db --setup-outcomes 2 -- "$undead" serve one-die
    expect 2 err "undead conform: --setup-outcomes needs --depth (the outcomes of its enumeration)"
    [[ ! -s out ]] || fail "conform started: $(head -c 2000 out)"
    # with the option they need, taken
    run "$undead" explore one-die --no-db --outcomes --fractions --policy risk:1
    [[ $rc == 0 ]] || fail "explore --outcomes --fractions: exit $rc: $(head -c 2000 err)"
    run "$undead" conform one-die --no-db --depth 2 --max-outcomes 3 -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "conform --depth 2 --max-outcomes 3: exit $rc: $(head -c 2000 err)"
    ;;
print-json)
    "$undead" play one-die --no-db --seed 3 > od.t
    run "$undead" check --no-db --print --format json od.t
    expect 2 err "undead check: --print and --format json both write standard output: expected one of them"
    [[ ! -s out ]] || fail "stdout: $(head -c 2000 out)"
    run "$undead" check --no-db --format json od.t
    [[ $rc == 0 && $(wc -l < out) == 1 ]] || fail "--format json alone: exit $rc: $(head -c 2000 out)"
    ;;
signal-temporary)
    mkdir g tmpd
    cp -r "$src/golden/one_die" g/
    "$undead" verify one-die --games 2 --reading-games 2 --golden g --db v.db > /dev/null 2>&1 ||
        fail "verify one-die did not pass"
    printf '#!/bin/sh\necho $$ > browser.pid\nexec sleep 20\n' > slow.sh
    chmod +x slow.sh
    TMPDIR="$PWD/tmpd" "$undead" faq --db v.db --golden g --game one-die --format pdf -o out.pdf \
        --chromium ./slow.sh < /dev/null > out 2> err &
    pid=$!
    for _ in $(seq 1 100); do
        [[ -n $(find . -maxdepth 1 -name '.out.pdf.*.tmp') && -s browser.pid ]] && break
        sleep 0.1
    done
    [[ -n $(find . -maxdepth 1 -name '.out.pdf.*.tmp') ]] || fail "no temporary while the browser runs"
    kill -TERM "$pid"
    rc=0
    wait "$pid" || rc=$?
    kill "$(cat browser.pid)" 2> /dev/null || true
    [[ $rc == 143 ]] || fail "exit $rc, expected 143 (SIGTERM): $(head -c 2000 err)"
    left=$(find . -maxdepth 1 -name '*.tmp')
    [[ -z $left && ! -e out.pdf ]] || fail "left: $left $(ls -A)"
    ;;
*)
    fail "unknown case"
    ;;
esac
