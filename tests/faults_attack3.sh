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
#   conform-zero  conform --games 0 (or --games 0 --seconds 0) compared
#            nothing and exited 0, a pass; --seconds 0 alone played the 100
#            default games, not what was asked: both refused, from 1, as
#            sim and bench refuse --games 0.
#   faq-game-twice  faq --game G --game G wrote G's chapters twice (every
#            anchor id twice: the contents linked the first copy only),
#            where verify refuses a game named twice: refused alike.
#   many-starts  a 17th --start said "--start: at most 16", a 33rd --variant
#            "--variant: too many" (no bound): each says what is expected.
#   query-run  db query's run parameter took 'last' (what every other db
#            command means by the newest run), '' and '1x' as text: an
#            empty table, exit 0; a parameter given twice was taken (one
#            silently lost); the list said "(required)  (required)".  A run
#            is named as for db show (ID, last, last~N); the rest refused.
#   table-escaped  db runs and db show (text) printed a stored command line
#            as it was: a newline in an argument broke its row in two, an
#            ESC reached the terminal; the text table escapes them as
#            messages do (\n, \x1b), CSV and JSON keep the value.
#   path-escaped  a path named on the command line was echoed raw in the
#            messages about it (an ESC reached the terminal, a newline
#            split the message): FILE:LINE:COL, "no such file or folder",
#            a folder or database that is not there, the baseline's report;
#            shown escaped as option values are (\n, \x1b).  A read error
#            on standard input named it '-', elsewhere '<stdin>'.
#   golden-name  golden update copied a case's file name raw into the
#            transcript's "# Generated from NAME" line: a name holding an ESC
#            made a transcript undead check refuses ("expected printable
#            text, found byte 0x1b"); the report printed the names and the
#            differing lines raw.  The name is written escaped, and the
#            report shows names and lines escaped.
#   listing-args  games, rules, variants and policies took any extra word
#            or unknown option silently ('games --bogus', 'rules GAME extra',
#            exit 0), where every other command refuses one; and an unknown
#            command's name was echoed raw.  Refused, exit 2, escaped (an
#            unknown option as every command's option table refuses one).
#   empty-chromium  faq --format pdf --chromium '' ran a program named ''
#            ("could not print the PDF (exit 127)", exit 1); an empty
#            UNDEAD_CHROMIUM was taken as unset, where an empty UNDEAD_DB
#            or UNDEAD_DATA_DIR is refused: both refused at once, exit 2.
#            faq's --part value and unexpected argument are echoed escaped.
#   output-is-input  an output path that is the file the command reads was
#            written over it: faq --db X -o X replaced the results database
#            with the FAQ (every run lost, exit 0), show REC -o REC the
#            record with its drawing, conform --record undead.db and solve
#            --export undead.db the database they record in.  Refused at once (same file, a link
#            to it too), exit 2, nothing changed.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack3 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
closed-stdin)
    rc=0
    timeout 120 "$undead" conform one-die --games 2 --no-db -- "$undead" serve one-die <&- > out 2> err || rc=$?
    [[ $rc == 0 ]] || fail "exit $rc, expected 0: $(head -c 2000 out)"
    # 26 plays a mode: each game in dictate, then in follow mode (the default)
    grep -qx "seeded: 2 games, 52 plays in [0-9.]* s ([0-9]* plays/s), every step agreed" out ||
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
conform-zero)
    for opt in games seconds; do
        run "$undead" conform one-die --no-db --$opt 0 -- "$undead" serve one-die
        expect 2 err "undead conform: --$opt: expected a whole number from 1 to 100000000, got '0'"
        [[ ! -s out ]] || fail "--$opt 0: an adapter was started: $(head -c 2000 out)"
    done
    # 0 where it means something is still taken
    run "$undead" conform one-die --no-db --games 1 --shrink-tries 0 -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "--shrink-tries 0: exit $rc: $(head -c 2000 err)"
    ;;
faq-game-twice)
    run "$undead" faq --db none.db --game one-die --game zombie-dice --game one-die -o faq.html
    expect 2 err "undead faq: game 'one-die' is named twice: expected each game once"
    [[ ! -e faq.html && ! -e none.db ]] || fail "a file was written"
    ;;
many-starts)
    starts=() variants=()
    for i in {1..17}; do starts+=(--start "round $i"); done
    for i in {1..33}; do variants+=(--variant ending=at-once); done
    run "$undead" play one-die --no-db "${starts[@]}"
    expect 2 err "undead play: --start: expected at most 16 start lines"
    run "$undead" sim one-die --games 1 --no-db "${variants[@]}"
    expect 2 err "undead sim: --variant: expected at most 32 of them"
    ;;
query-run)
    "$undead" sim one-die --games 2 --db r.db > /dev/null
    "$undead" sim one-die --games 3 --db r.db > /dev/null
    run "$undead" db query run-metrics --db r.db --param run=2
    [[ $rc == 0 ]] && grep -q '^games ' out || fail "run=2: exit $rc: $(head -c 2000 out) $(head -c 2000 err)"
    mv out by-id
    for word in last last~0; do
        run "$undead" db query run-metrics --db r.db --param run=$word
        [[ $rc == 0 ]] || fail "run=$word: exit $rc: $(head -c 2000 err)"
        cmp -s out by-id || fail "run=$word is not run 2: $(head -c 2000 out)"
    done
    run "$undead" db query run-metrics --db r.db --param run=last~1
    [[ $rc == 0 ]] && ! cmp -s out by-id || fail "run=last~1: exit $rc or run 2's rows"
    for word in '' 1x last~2 $'1\e[31m'; do
        run "$undead" db query run-metrics --db r.db --param "run=$word"
        shown=${word//$'\e'/\\x1b}
        expect 2 err "undead db: no run '$shown' (expected a run ID, 'last' or 'last~N'; see 'undead db runs')"
    done
    run "$undead" db query run-metrics --db r.db --param run=1 --param run=2
    expect 2 err "undead db: --param run: given twice; expected each parameter once"
    run "$undead" db query --list --db r.db
    expect 0 out "    --param run=VALUE (required)  a run ID"
    ;;
table-escaped)
    run "$undead" check --db t.db $'no\nsuch'
    [[ $rc == 2 ]] || fail "check: exit $rc"
    run "$undead" check --db t.db $'\e[31mred'
    [[ $rc == 2 ]] || fail "check: exit $rc"
    run "$undead" db runs --db t.db
    [[ $rc == 0 ]] || fail "db runs: exit $rc: $(head -c 2000 err)"
    lines=$(wc -l < out)
    [[ $lines == 3 ]] || fail "db runs: $lines lines, expected 3: $(head -c 2000 out)"
    grep -qF "undead check --db t.db 'no\nsuch'" out || fail "newline not escaped: $(head -c 2000 out)"
    grep -qF "undead check --db t.db '\x1b[31mred'" out || fail "ESC not escaped: $(head -c 2000 out)"
    ! grep -q $'\e' out || fail "an ESC byte in db runs"
    run "$undead" db show last --db t.db
    grep -qF "'\x1b[31mred'" out && ! grep -q $'\e' out || fail "db show: $(head -c 2000 out)"
    run "$undead" db runs --db t.db --format json
    grep -qF '\u001b[31mred' out || fail "json: $(head -c 2000 out)"
    ;;
path-escaped)
    esc=$'\e[31mred' nl=$'a\nb'
    for p in "$esc" "$nl"; do
        shown=${p//$'\e'/\\x1b}
        shown=${shown//$'\n'/\\n}
        run "$undead" check --no-db "$p"
        expect 2 err "$shown: no such file or folder"
        run "$undead" show one-die "$p"
        expect 2 err "$shown: no such file or folder"
        run "$undead" play one-die --no-db --content "$p"
        expect 2 err "$shown: no such file or folder"
        run "$undead" golden check --no-db --dir "$p"
        expect 2 err "undead golden: $shown: no such directory (the golden cases are read from it: --dir DIR)"
        run "$undead" db runs --db "$p"
        expect 2 err "undead db: $shown: no such database (run a command that records, e.g. 'undead sim', first)"
        run "$undead" faq --db "$p"
        expect 2 err "undead faq: results database: $shown: no such database (run a command that records, e.g. 'undead sim', first)"
        run "$undead" db integrity --db "$p"
        expect 2 err "undead db integrity: $shown: no such file or folder"
        run "$undead" db baseline check one-die --golden "$src/golden" --file "$p"
        expect 2 err "undead db baseline: --file $shown: no such file: expected an outcomes baseline, as 'undead db baseline update one-die --file $shown' writes"
        ! grep -q $'\e' err out || fail "an ESC byte in a message"
    done
    # standard input is named <stdin> as check names it elsewhere, not '-'
    rc=0
    timeout 120 "$undead" check --no-db - < / > out 2> err || rc=$?
    expect 2 err "<stdin>: read error: Is a directory"
    # a record that is there: FILE:LINE:COL names it escaped
    printf 'undead-transcript 1\ngame one-die\nplayer 9\n' > "$esc"
    run "$undead" check --no-db "$esc"
    expect 2 err "\x1b[31mred:3:8: player name '9': expected it to start with a letter"
    # a content folder: its files' names are escaped too
    mkdir "$esc.d" && printf 'goal points=x rounds=6\n' > "$esc.d/goal.txt"
    cp "$src/spec/one_die/content/die.txt" "$esc.d/"
    run "$undead" play one-die --no-db --content "$esc.d"
    grep -q '^\\x1b\[31mred\.d/goal\.txt:1:' err && ! grep -q $'\e' err ||
        fail "content error not escaped: $(head -c 2000 err | od -c | head -5)"
    ;;
golden-name)
    mkdir g && cp -r "$src/golden/one_die" g/
    mv g/one_die/examples/at-once.in $'g/one_die/examples/\e[31mx.in'
    mv g/one_die/examples/at-once.transcript $'g/one_die/examples/\e[31mx.transcript'
    run "$undead" golden check --no-db --dir g
    expect 1 out "g/one_die/examples/\x1b[31mx.transcript:1: regenerated: # Generated from \x1b[31mx.in by 'undead golden update'; do not edit by hand."
    ! grep -q $'\e' out err || fail "an ESC byte in the report"
    run "$undead" golden update --no-db --dir g
    expect 0 out "updated g/one_die/examples/\x1b[31mx.transcript"
    run "$undead" check --no-db $'g/one_die/examples/\e[31mx.transcript'
    expect 0 out "g/one_die/examples/\x1b[31mx.transcript: ok: ann=5 bob=30 cal=17; winner bob"
    run "$undead" golden check --no-db --dir g
    [[ $rc == 0 ]] || fail "golden check after the update: exit $rc: $(head -c 2000 out)"
    ;;
listing-args)
    run "$undead" games --bogus
    expect 2 err "undead games: --bogus: no such option (see undead games --help)"
    run "$undead" games extra
    expect 2 err "undead games: unexpected argument 'extra'"
    run "$undead" rules zombie-dice extra
    expect 2 err "undead rules: unexpected argument 'extra'"
    run "$undead" variants dotld $'ex\ntra'
    expect 2 err "undead variants: unexpected argument 'ex\ntra'"
    run "$undead" policies one-die --bogus
    expect 2 err "undead policies: --bogus: no such option (see undead policies --help)"
    [[ ! -s out ]] || fail "a listing was printed: $(head -c 2000 out)"
    run "$undead" policies one-die
    expect 0 out "$(printf '%-18s %s' random 'choose uniformly among the allowed actions')"
    run "$undead" $'\e[31m'
    expect 2 err "undead: unknown command '\x1b[31m'"
    ;;
empty-chromium)
    run "$undead" faq --db none.db --game one-die --format pdf -o faq.pdf --chromium ''
    expect 2 err "undead faq: --chromium '': expected a program name (the browser that prints the PDF)"
    rc=0
    UNDEAD_CHROMIUM= timeout 120 "$undead" faq --db none.db --game one-die --format pdf -o faq.pdf \
        < /dev/null > out 2> err || rc=$?
    expect 2 err "undead faq: UNDEAD_CHROMIUM is empty: expected a program name (unset it for chromium)"
    [[ ! -e faq.pdf && ! -e none.db ]] || fail "a file was written"
    run "$undead" faq --db none.db --part $'\e[1m'
    expect 2 err "undead faq: --part: expected players, reference or all, got '\x1b[1m'"
    run "$undead" faq --db none.db $'x\ny'
    expect 2 err "undead faq: unexpected argument 'x\ny'"
    ;;
output-is-input)
    "$undead" sim one-die --games 2 --db r.db > /dev/null
    cp r.db before.db
    run "$undead" faq --db r.db --game one-die -o r.db
    expect 2 err "undead faq: -o r.db: is the same file as the results database (r.db): expected another file"
    ln -s r.db link.db
    run "$undead" faq --db link.db --game one-die -o r.db
    expect 2 err "undead faq: -o r.db: is the same file as the results database (link.db): expected another file"
    cmp -s r.db before.db || fail "the database changed"
    cp "$src/golden/one_die/examples/at-once.transcript" rec.t
    cp rec.t rec.before
    run "$undead" show one-die rec.t -o rec.t
    expect 2 err "undead show: -o rec.t: is the same file as the record (rec.t): expected another file"
    cmp -s rec.t rec.before || fail "the record changed"
    run "$undead" conform one-die --db r.db --record r.db --games 1 -- "$undead" serve one-die
    expect 2 err "undead conform: --record r.db: is the same file as the results database (r.db): expected another file"
    [[ ! -s out ]] || fail "conform started: $(head -c 2000 out)"
    cmp -s r.db before.db || fail "the database changed"
    run "$undead" solve zombie-dice game --db r.db --export r.db --from-score 12
    expect 2 err "undead solve: --export r.db: is the same file as the results database (r.db): expected another file"
    cmp -s r.db before.db || fail "the database changed"
    # an empty UNDEAD_DB is refused once, not once by the check and again
    rc=0
    UNDEAD_DB= timeout 120 "$undead" solve zombie-dice game --export x.csv --from-score 12 \
        < /dev/null > out 2> err || rc=$?
    expect 2 err "undead solve: results database: UNDEAD_DB is empty: expected a file name (unset it for undead.db in the current folder)"
    lines=$(wc -l < err)
    [[ $lines == 1 ]] || fail "UNDEAD_DB empty: $lines lines: $(head -c 2000 err)"
    # another file is still written
    run "$undead" show one-die rec.t -o drawing.txt
    [[ $rc == 0 && -s drawing.txt ]] || fail "show -o drawing.txt: exit $rc: $(head -c 2000 err)"
    ;;
*)
    fail "unknown case"
    ;;
esac
