#!/usr/bin/env bash
# tests/faults_attack4.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# judgement calls a hostile-input attack left open and the lead decided,
# as tests/faults.sh does for the others: each CASE is one decision, run
# as a user would, with the exact message and exit status asserted.
#   pdf-environment  faq --format pdf failing for the environment's sake (no
#            such browser, one that cannot be run, one that fails or writes
#            nothing, a cut PDF, one pdfinfo cannot read, no pdfinfo)
#            exited 1, a failed check: exit 2, the message naming the
#            browser, what failed and what to do (install Chromium, or
#            --chromium PATH or UNDEAD_CHROMIUM).
#   solve-max-memory  solve --max-memory given to an analysis that runs no
#            exploration was taken and ignored: refused, exit 2, naming
#            the analyses it bounds; it still bounds those that explore.
#   baseline-file  db baseline check --file F with F missing said "F:
#            missing; create it ...", exit 1, a failed check; a file that
#            is not a baseline was compared (every case "added"), exit 1.
#            Both refused before any game is played, exit 2, naming the
#            file and what was expected; the default file of a game that
#            has none yet is still "missing; create it", exit 1.
#   db-busy  a database another process held locked past undead's 30 s
#            wait was "cannot read it as a database: database is locked"
#            (or "another process held the lock too long" mid-run): it is
#            busy, said so with the wait, exit 2, for a writer and a
#            reader, in rollback and WAL mode (db integrity said "database
#            is locked", exit 1, at once); UNDEAD_DB_BUSY_MS sets the
#            wait (milliseconds, checked as an option's number is).
#   human-eof  play --policy human whose standard input ended before a
#            decision said "player ann gave no decision: policy human
#            answers only as it says: ask at the terminal...", after the
#            prompt on the same line: a clean stop, exit 2, one line
#            naming the player, the decision and the transcript's last
#            line, and the record (its --record file, its run and
#            database, or none with --no-db); a --record file is then a
#            partial record check replays.  'quit' at the table stops the
#            game the same way, said as the player's quitting.
#   faq-controls  control bytes stored in the database (a run's command
#            line or source revision, a player's name, a winner, a
#            metric's name) reached the FAQ's HTML and Markdown raw (an
#            ESC sequence for a terminal showing the Markdown, a BEL):
#            every control byte but tab and newline (C0, DEL, C1) is
#            shown as \xHH, in both formats.
#   diff-games  db diff of two runs of different games listed every case
#            of one as removed and of the other as added, exit 0: refused,
#            exit 2, naming both runs and their games (a run's game, or
#            the one game of all its cases: a golden check of one game's
#            folder); a run that spans games may be compared with any.
#   option-twice  an option that takes one value, given twice (--part,
#            --dir, --db, -o, --seed...), took the last one silently: every
#            such option of every command's table (read from its --help,
#            the analyses' options and db's undescribed ones too) is
#            refused by the option layer, exit 2, "option --OPT given
#            twice ('A', then 'B')"; the options meant to repeat (--start,
#            --variant, --players, --policy, faq --game, db --param, mutate
#            --only, verify --skip-analysis) and flags still may.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack4 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# verified DB: a database holding a finished verify run of One Die (a
# fraction of a second).
verified() {
    "$undead" verify one-die --games 1 --reading-games 1 --golden "$src/golden" --fuzz "$src/fuzz" \
        --db "$1" > /dev/null || fail "undead verify one-die"
}

case "$case_" in
pdf-environment)
    verified v.db
    faq=(faq --game one-die --db v.db --golden "$src/golden" --format pdf -o faq.pdf)
    hint="name another with --chromium PATH or UNDEAD_CHROMIUM"
    run "$undead" "${faq[@]}" --chromium "$tmp/no-such-browser"
    expect 2 err "undead faq: cannot run the browser '$tmp/no-such-browser': No such file or directory; install Chromium (Debian: apt-get install chromium), or name it with --chromium PATH or UNDEAD_CHROMIUM"
    # the same from UNDEAD_CHROMIUM
    rc=0
    UNDEAD_CHROMIUM=no-such-browser-on-path timeout 120 "$undead" "${faq[@]}" < /dev/null > out 2> err || rc=$?
    expect 2 err "undead faq: cannot run the browser 'no-such-browser-on-path': No such file or directory; install Chromium (Debian: apt-get install chromium), or name it with --chromium PATH or UNDEAD_CHROMIUM"
    printf 'not a program\n' > not-executable
    run "$undead" "${faq[@]}" --chromium "$tmp/not-executable"
    expect 2 err "undead faq: cannot run the browser '$tmp/not-executable': Permission denied; $hint"
    printf '#!/bin/sh\necho "no display here" >&2\nexit 3\n' > failing
    chmod +x failing
    run "$undead" "${faq[@]}" --chromium "$tmp/failing"
    expect 2 err "undead faq: the browser '$tmp/failing' could not print the PDF (exit 3); $hint"
    grep -qx '  no display here' err || fail "the browser's own words are not shown: $(head -c 2000 err)"
    printf '#!/bin/sh\nexit 0\n' > silent
    chmod +x silent
    run "$undead" "${faq[@]}" --chromium "$tmp/silent"
    expect 2 err "undead faq: the browser '$tmp/silent' exited 0 but wrote no PDF; $hint"
    # a browser that exits 0 having written 8 bytes
    printf '#!/bin/sh\nfor a; do case "$a" in --print-to-pdf=*) printf "%%%%PDF-1.4" > "${a#--print-to-pdf=}";; esac; done\n' \
        > short-browser
    chmod +x short-browser
    run "$undead" "${faq[@]}" --chromium "$tmp/short-browser"
    expect 2 err "undead faq: faq.pdf: not a whole PDF (8 bytes; expected at least 1024, starting '%PDF-' and ending '%%EOF'): the browser's output was cut short or is not a PDF; removed (is the disk full? else $hint)"
    [[ ! -e faq.pdf ]] || fail "a PDF was left in place"
    # one whole by its ends that pdfinfo cannot read, and pdfinfo missing
    cat > garbage-browser << 'EOF'
#!/bin/sh
PATH=/usr/bin:/bin
for a; do case "$a" in --print-to-pdf=*)
    { printf '%%PDF-1.4\n'; head -c 2000 /dev/zero | tr '\0' x; printf '\n%%%%EOF\n'; } > "${a#--print-to-pdf=}";;
esac; done
EOF
    chmod +x garbage-browser
    run "$undead" "${faq[@]}" --chromium "$tmp/garbage-browser"
    expect 2 err "undead faq: faq.pdf: cannot read on which page each heading lies (pdfinfo exited with status 1): the browser printed a PDF pdfinfo cannot read; $hint"
    mkdir empty-path
    timeout_bin=$(command -v timeout)
    rc=0
    PATH="$tmp/empty-path" TMPDIR="$tmp" "$timeout_bin" 120 "$undead" "${faq[@]}" --chromium "$tmp/garbage-browser" \
        < /dev/null > out 2> err || rc=$?
    expect 2 err "undead faq: faq.pdf: cannot read on which page each heading lies (pdfinfo exited with status 127 (not installed? Debian: apt-get install poppler-utils))"
    [[ ! -e faq.pdf ]] || fail "a PDF was left in place"
    ;;
solve-max-memory)
    bounds="it bounds the analyses that explore (zombies-cards small-deck), undead explore and undead verify"
    for an in "zombie-dice turn" "zombie-dice game" "zombie-dice claims" "dotld combat"; do
        # shellcheck disable=SC2086
        run "$undead" solve $an --no-db --max-memory 1G
        expect 2 err "undead solve: --max-memory: '$an' does not explore, so it would bound nothing; $bounds"
        [[ ! -s out ]] || fail "$an: it ran: $(head -c 2000 out)"
    done
    # the one that explores still takes it (and is cut by it)
    run "$undead" solve zombies-cards small-deck --max-memory 1M --no-db
    expect 2 err "undead solve: defaults: the --max-memory bound was hit"
    # the help says so
    run "$undead" solve --help
    expect 0 out "                        the analyses that explore (marked so below): refused for"
    expect 0 out "           (it explores: --max-memory bounds each exploration)"
    ;;
baseline-file)
    check=(db baseline check one-die --golden "$src/golden")
    made="as 'undead db baseline update one-die --file"
    run "$undead" "${check[@]}" --file none.csv
    expect 2 err "undead db baseline: --file none.csv: no such file: expected an outcomes baseline, $made none.csv' writes"
    [[ ! -s out ]] || fail "a report was printed: $(head -c 2000 out)"
    header="expected the header 'key,variants,...' that 'undead db baseline update one-die' writes"
    printf 'name,\033[31mscore\nann,3\n' > scores.csv
    run "$undead" "${check[@]}" --file scores.csv
    expect 2 err "undead db baseline: --file scores.csv: not an outcomes baseline: its first line is 'name,\x1b[31mscore'; $header"
    [[ ! -s out ]] || fail "a report was printed: $(head -c 2000 out)"
    : > empty.csv
    run "$undead" "${check[@]}" --file empty.csv
    expect 2 err "undead db baseline: --file empty.csv: not an outcomes baseline: it is empty; $header"
    head -c 3000 /dev/urandom > noise.csv
    run "$undead" "${check[@]}" --file noise.csv
    [[ $rc == 2 ]] && grep -q "^undead db baseline: --file noise.csv: not an outcomes baseline: " err ||
        fail "noise: exit $rc: $(head -c 2000 err)"
    # one that update wrote is checked as before, and a changed case is exit 1
    run "$undead" db baseline update one-die --golden "$src/golden" --file base.csv
    [[ $rc == 0 ]] || fail "update: exit $rc: $(head -c 2000 err)"
    run "$undead" "${check[@]}" --file base.csv
    expect 0 out "baseline base.csv: 0 changed, 0 added, 0 removed, $(( $(wc -l < base.csv) - 1 )) unchanged"
    sed -i '2 s/winner=/winner=x/' base.csv
    run "$undead" "${check[@]}" --file base.csv
    expect 1 out "baseline base.csv: 1 changed, 0 added, 0 removed, $(( $(wc -l < base.csv) - 2 )) unchanged"
    # the default file of a game that has none yet: still a failed check
    mkdir g && cp -r "$src/golden/one_die" g/
    rm -f g/one_die/outcomes.csv
    run "$undead" db baseline check one-die --golden g
    expect 1 out "g/one_die/outcomes.csv: missing; create it with 'undead db baseline update one-die'"
    ;;
db-busy)
    "$undead" sim one-die --games 1 --db r.db > /dev/null || fail "undead sim"
    busy() { echo "r.db: the database is busy: another process holds its lock, and undead waited $1 s for it; try again when that process is done"; }
    # lock_db MODE: a second process holding r.db's lock (BEGIN MODE), for 60 s at most
    lock_db() {
        rm -f locked
        timeout 60 python3 -c '
import sqlite3, sys, time
c = sqlite3.connect("r.db", isolation_level=None)
if sys.argv[1] == "IMMEDIATE":
    c.execute("PRAGMA journal_mode = WAL")
c.execute("BEGIN " + sys.argv[1])
open("locked", "w").close()
time.sleep(60)' "$1" &
        locker=$!
        for _ in $(seq 200); do [[ -e locked ]] && return; sleep 0.05; done
        fail "the second process did not take the lock"
    }
    unlock_db() { kill "$locker"; wait "$locker" || true; }
    lock_db EXCLUSIVE
    export UNDEAD_DB_BUSY_MS=300
    start=$SECONDS
    run "$undead" sim one-die --games 1 --db r.db
    expect 2 err "undead sim: results database: $(busy 0.3) (nothing was changed)"
    run "$undead" db runs --db r.db
    expect 2 err "undead db: $(busy 0.3) (nothing was changed)"
    run "$undead" faq --db r.db --golden "$src/golden"
    expect 2 err "undead faq: results database: $(busy 0.3) (nothing was changed)"
    UNDEAD_DB_BUSY_MS=0 run "$undead" play one-die --db r.db
    expect 2 err "undead play: results database: $(busy 0) (nothing was changed)"
    # the integrity check reads the file as it is, and waits as the rest do
    run "$undead" db integrity --db r.db
    expect 2 err "undead db integrity: $(busy 0.3)"
    (( SECONDS - start < 20 )) || fail "UNDEAD_DB_BUSY_MS did not shorten the wait: $((SECONDS - start)) s"
    ! grep -q "cannot read it" err || fail "told as unreadable: $(head -c 2000 err)"
    unlock_db
    # in WAL mode a reader reads on, and a writer waits for the write lock
    lock_db IMMEDIATE
    run "$undead" sim one-die --games 1 --db r.db
    expect 2 err "undead sim: results database: r.db: locking to recover runs: $(busy 0.3 | sed 's/^r.db: //')"
    run "$undead" db runs --db r.db
    [[ $rc == 0 ]] || fail "WAL: a reader: exit $rc: $(head -c 2000 err)"
    unlock_db
    run "$undead" sim one-die --games 1 --db r.db
    [[ $rc == 0 ]] || fail "unlocked: exit $rc: $(head -c 2000 err)"
    [[ $(sql r.db "SELECT count(*) FROM runs") == 2 ]] || fail "expected two runs"
    # the wait is read as an option's number is
    for bad in x -1 ' 5' 3600001; do
        UNDEAD_DB_BUSY_MS=$bad run "$undead" db runs --db r.db
        expect 2 err "undead db: results database: UNDEAD_DB_BUSY_MS: expected a whole number from 0 to 3600000, got '$bad' (milliseconds to wait for a lock)"
    done
    ;;
human-eof)
    stopped="the game stopped there, unfinished"
    prompt="ann, choose: 1) stop   2) roll   (? explains them; odds; quit ends the game) > "
    # two answers, then the input ends at ann's third decision; the record
    # (--record) is a partial one that check replays
    printf 'roll\nroll\n' > in
    run "$undead" play zombie-dice --players ann,bob --policy human,random --db h.db --record rec
    lines=$(wc -l < rec)
    expect 2 err "undead play: standard input ended before ann's decision (decision 4 of the game, after line $lines of the transcript): $stopped; its record is in rec and run 1 in h.db (status failed)"
    [[ $(grep -c '^decide ann' rec) == 2 ]] || fail "expected ann's two decisions: $(head -c 2000 rec)"
    grep -qx partial rec || fail "the record of a stopped game is not partial: $(head -c 2000 rec)"
    "$undead" check rec > /dev/null || fail "check of the stopped game's record: exit $?"
    [[ "$(tail -n 1 out)" == "$prompt" && "$(tail -c 1 out | od -An -tx1 | tr -d ' ')" == 0a ]] ||
        fail "the last prompt's line is not ended: $(tail -c 2000 out)"
    [[ $(wc -l < err) == 1 ]] || fail "expected one message: $(head -c 2000 err)"
    [[ $(sql h.db "SELECT status || ' ' || exit_code FROM runs WHERE id = 1") == "failed 2" ]] ||
        fail "the run is not recorded as failed, exit 2"
    # an empty input: the first decision, the other seat; no record
    rm in
    run "$undead" play zombie-dice --players ann,bob --policy random,human --no-db --record rec
    lines=$(wc -l < rec)
    expect 2 err "undead play: standard input ended before bob's decision (decision 2 of the game, after line $lines of the transcript): $stopped; its record is in rec"
    run "$undead" play zombie-dice --players ann,bob --policy random,human --no-db
    grep -q "; no record was written (--no-db)\$" err || fail "--no-db: $(head -c 2000 err)"
    # quit: the game stops there, said as such
    printf 'quit\n' > in
    run "$undead" play one-die --players ann --policy human --no-db --record rec
    lines=$(wc -l < rec)
    expect 2 err "undead play: ann quit at their decision (decision 1 of the game, after line $lines of the transcript): $stopped; its record is in rec"
    # a policy that gives no decision is still said as before
    run "$undead" play zombie-dice --players a,b,c --policy optimal --no-db
    [[ $rc == 2 ]] && grep -q "^undead play: player a gave no decision: policy optimal answers only as it says: " err ||
        fail "optimal: exit $rc: $(head -c 2000 err)"
    ;;
faq-controls)
    verified v.db
    faq=(faq --db v.db --golden "$src/golden" --game one-die)
    for format in html md; do
        run "$undead" "${faq[@]}" --format "$format"
        [[ $rc == 0 ]] || fail "$format: exit $rc: $(head -c 2000 err)"
        mv out "clean.$format"
    done
    sql v.db "UPDATE runs SET command_line = command_line || char(27) || '[31m',
                  source_revision = source_revision || char(27) || ']0;title' || char(7) || char(155)" > /dev/null
    sql v.db "UPDATE case_outcomes SET player = player || char(7) || char(13)" > /dev/null
    sql v.db "UPDATE cases SET winner = winner || char(127) WHERE winner IS NOT NULL" > /dev/null
    sql v.db "UPDATE metrics SET name = name || char(27) || '[0m'" > /dev/null
    for format in html md; do
        run "$undead" "${faq[@]}" --format "$format"
        [[ $rc == 0 ]] || fail "$format: exit $rc: $(head -c 2000 err)"
        if LC_ALL=C grep -naP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' out > raw; then
            fail "$format: control bytes reached the FAQ raw: $(head -c 500 raw | od -c | head -5)"
        fi
        for shown in '\x1b[31m' '\x07\x0d' '\x7f'; do
            grep -qF -- "$shown" out || fail "$format: '$shown' is not shown: $(grep -m1 -F 'undead verify' out | head -c 500)"
        done
        # the clean FAQ had none of these
        ! grep -qF '\x1b' "clean.$format" || fail "$format: the clean FAQ shows an escape"
    done
    run "$undead" "${faq[@]}" --format html
    grep -qF '\x1b]0;title\x07\xc2\x9b' out || fail "html: the source revision's controls are not shown"
    ;;
diff-games)
    "$undead" sim one-die --games 3 --db r.db > /dev/null
    "$undead" sim zombie-dice --games 3 --db r.db > /dev/null
    "$undead" sim one-die --games 3 --seed 9 --db r.db > /dev/null
    mkdir g && cp -r "$src/golden/zombie_dice" g/
    "$undead" golden check --dir g --db r.db > /dev/null
    "$undead" golden check --dir "$src/golden" --db r.db > /dev/null
    same="expected two runs of the same game (their cases are paired by key, which names the game)"
    run "$undead" db diff 1 2 --db r.db
    expect 2 err "undead db diff: run 1 is of one-die and run 2 of zombie-dice: $same"
    [[ ! -s out ]] || fail "a diff was printed: $(head -c 2000 out)"
    # runs named as last~N are named by their IDs, in every format
    run "$undead" db diff last~3 last~2 --db r.db --format csv
    expect 2 err "undead db diff: run 2 is of zombie-dice and run 3 of one-die: $same"
    # the golden check of zombie-dice's folder is of zombie-dice: its cases are
    run "$undead" db diff 4 3 --db r.db
    expect 2 err "undead db diff: run 4 is of zombie-dice and run 3 of one-die: $same"
    run "$undead" db diff 4 2 --db r.db
    [[ $rc == 0 ]] && grep -q '^diff run 4 -> run 2: ' out || fail "4 2: exit $rc: $(head -c 2000 err)"
    # the same game, and a run of every game against one game's
    run "$undead" db diff 1 3 --db r.db
    [[ $rc == 0 ]] && grep -qx 'diff run 1 -> run 3: 0 changed, 3 added, 3 removed, 0 unchanged' out ||
        fail "1 3: exit $rc: $(head -c 2000 out)"
    run "$undead" db diff 5 1 --db r.db
    [[ $rc == 0 ]] && grep -q '^diff run 5 -> run 1: 0 changed, ' out || fail "5 1: exit $rc: $(head -c 2000 err)"
    ;;
option-twice)
    repeatable=" --players --policy --variant --start --game --param --only --skip-analysis "
    # value_for CMD OPT METAVAR: a value the option takes
    value_for() {
        case "$1 $2" in
        "conform --alpha") echo 0.05 ;;
        "conform --chance") echo follow ;;
        "faq --part") echo players ;;
        "show --at") echo 2 ;;
        *)
            case "$3" in
            N | D | S | R) echo 2 ;;
            MS) echo 1000 ;;
            P) echo 50 ;;
            SIZE) echo 1G ;;
            LIST) echo golden ;;
            F | text\|csv) "$undead" completion words |
                awk -v c="$1" -v o="$2=" '$1 == c { for (i = 2; i <= NF; i++)
                    if (index($i, o) == 1) { print substr($i, length(o) + 1); exit } }' ;;
            *) echo x ;;
            esac
            ;;
        esac
    }
    # twice CMD OPT VALUE [OTHER]: refused, naming both values
    twice() {
        run "$undead" $1 "$2" "$3" "$2" "${4:-$3}"
        expect 2 err "undead ${1%% *}: option $2 given twice ('$3', then '${4:-$3}'): expected it once"
        [[ ! -s out ]] || fail "$1 $2: something ran: $(head -c 2000 out)"
        checked=$((checked + 1))
    }
    checked=0
    for cmd in $("$undead" completion words | awk '{print $1}'); do
        while read -r opt metavar; do
            [[ $repeatable == *" $opt "* ]] && continue
            twice "$cmd" "$opt" "$(value_for "$cmd" "$opt" "$metavar")"
        done < <("$undead" "$cmd" --help |
            sed -nE 's/^  (-[a-zA-Z], )?(--[a-z-]+) ([A-Z][^ ]*)( .*)?$/\2 \3/p')
    done
    (( checked > 70 )) || fail "only $checked options checked: the --help labels were not read"
    # db's options the usage lines describe, the analyses' own, a short
    # option, a mix of forms, and the values shown escaped
    twice db --file a.csv b.csv
    twice db --games 2
    for opt in --from-score --export --time --policy; do twice solve "$opt" 2 3; done
    twice faq -o a.html b.html
    run "$undead" faq --output a.html -ob.html
    expect 2 err "undead faq: option -o given twice ('a.html', then 'b.html'): expected it once"
    run "$undead" golden check --dir=a --di b
    expect 2 err "undead golden: option --dir given twice ('a', then 'b'): expected it once"
    run "$undead" play one-die --db $'a\e[31m' --db $'b\nc'
    expect 2 err "undead play: option --db given twice ('a\x1b[31m', then 'b\nc'): expected it once"
    ! grep -q $'\e' err || fail "an ESC byte in the message"
    # a bad first value is refused as such; a bad second one is twice
    run "$undead" sim one-die --seed x --seed 2
    expect 2 err "undead sim: --seed: expected a whole number from 0 to 18446744073709551615, got 'x'"
    # the options meant to repeat still do, and flags may be repeated
    run "$undead" play one-die --no-db --no-db --players ann --players bob --policy risk:1 --policy risk:2 \
        --variant ending=at-once --start 'round 2' --start 'score ann 5' --invariants --invariants
    [[ $rc == 0 ]] && grep -qx 'player bob risk:2' out && grep -qx 'start score ann 5' out ||
        fail "repeatable options: exit $rc: $(head -c 2000 err)"
    verified v.db
    run "$undead" faq --db v.db --golden "$src/golden" --game one-die --game zombie-dice --format md
    [[ $rc == 2 ]] && grep -q "no finished verify run of zombie-dice" err || fail "faq --game twice: exit $rc: $(head -c 2000 err)"
    ;;
*)
    fail "unknown case"
    ;;
esac
