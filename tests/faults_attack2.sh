#!/usr/bin/env bash
# tests/faults_attack2.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a third attack pass found in options, output paths and folders, as
# tests/faults.sh does for the others: each CASE is one fault (or one
# family), run as a user would, with the exact message and exit status
# asserted.
#   human-line  --policy human split an answer line into 255-byte pieces
#            and took a piece as the answer (a 3 MB line was 11,765
#            refusals), and cut an answer at a NUL byte ('ro\0zzz' was
#            'roll'): one line is one answer, a line over 1024 bytes or
#            holding a NUL is refused once, whole, and the question asked
#            again; what was typed is echoed escaped.
#   size-bound  --max-memory 99999999T (a size that overflows) was refused
#            as "expected a size in bytes above 0": the refusal states the
#            bound, 1024T, which is taken.
#   command-name  the options every game command shares (--seed, --players,
#            --policy, --variant) said "undead:" where the others say
#            "undead sim:": they name the command too.
#   escaped  option values were echoed raw (a newline split the message, an
#            ESC or 0xff byte reached the terminal): escaped as \n, \x1b,
#            \xff, in --players, --policy, --variant, --start, --seed and
#            the game's name.
#   score-twice  two start lines of one player's score (Zombie Dice, One
#            Die) were taken, the last silently winning: refused at the
#            second, exit 2, on the command line, in a record and by serve.
#   empty-output  -o '', --export '', --record '' were not refused as an
#            empty name (solve solved first; conform never refused it), and
#            conform --record in a missing folder passed when no departure
#            was found: every path written is checked before any work.
#   proc-output  -o /proc/version (a file whose folder takes no new file)
#            said "No such file or directory" of a file that is there: the
#            folder is named.
#   db-format  db show --format csv|json printed text: refused, exit 2.
#   not-a-folder  verify --golden FIFO (or FILE) said "FIFO/GAME: no such
#            directory": the path given is named with what it is.
#   empty-data-dir  an empty UNDEAD_DATA_DIR was taken as unset, where an
#            empty UNDEAD_DB is refused: refused alike, exit 2.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack2 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
# lines FILE N: FILE has exactly N lines.
lines() {
    local n; n=$(wc -l < "$1")
    (( n == $2 )) || fail "$1 has $n lines, expected $2: $(head -c 2000 "$1")"
}
# first_decision TEXT: the first decide line of out is TEXT (its rule tag aside).
first_decision() {
    local got; got=$(grep -m1 '^decide ' rec | awk '{print $1, $2, $3}')
    [[ $got == "$1" ]] || fail "first decision '$got', expected '$1'"
}
prompt="p1, choose: 1) stop   2) roll   (? explains them; odds; quit ends the game) > "
human=(play zombie-dice --no-db --policy human,random --record rec)

case "$case_" in
human-line)
    # 255 bytes and 'stop' on one line: one wrong answer, then 'roll'
    python3 -c "import sys; sys.stdout.write('x'*255+'stop\n'+'roll\n'*100)" > in
    run "$undead" "${human[@]}"
    expect 0 out "$prompt'$(printf 'x%.0s' {1..255})stop' is not one of the choices: type its number, its words or their start"
    [[ $(grep -c 'is not one of the choices' out) == 1 ]] || fail "more than one refusal: $(head -c 2000 err)"
    first_decision "decide p1 roll"
    # 1024 bytes exactly: read whole, one refusal
    python3 -c "import sys; sys.stdout.write('y'*1024+'\n'+'roll\n'*100)" > in
    run "$undead" "${human[@]}"
    expect 0 out "$prompt'$(printf 'y%.0s' {1..1024})' is not one of the choices: type its number, its words or their start"
    [[ $(grep -c 'is not one of the choices' out) == 1 ]] || fail "more than one refusal: $(head -c 2000 err)"
    # longer (1025 bytes, 3 MB): refused once, whole, and the next line read
    for n in 1025 3000000; do
        python3 -c "import sys; sys.stdout.write('x'*$n+'stop\n'+'roll\n'*100)" > in
        run "$undead" "${human[@]}"
        expect 0 out "${prompt}an answer longer than 1024 bytes is not one of the choices"
        [[ $(grep -c 'is not one of the choices' out) == 1 ]] || fail "$n bytes: more than one refusal"
        first_decision "decide p1 roll"
    done
    # a NUL: refused, not cut ('ro' would be roll)
    { printf 'ro\0zzz\n'; printf 'stop\n%.0s' {1..100}; } > in
    run "$undead" "${human[@]}"
    expect 0 out "${prompt}an answer holding a NUL byte (at byte 3) is not one of the choices"
    first_decision "decide p1 stop"
    # what was typed is echoed escaped
    { printf 'r\033[31mx\n'; printf 'stop\n%.0s' {1..100}; } > in
    run "$undead" "${human[@]}"
    expect 0 out "$prompt'r\\x1b[31mx' is not one of the choices: type its number, its words or their start"
    ;;
size-bound)
    for size in 99999999T 17179869184T 1025T 0; do
        run "$undead" explore one-die --no-db --max-memory "$size"
        expect 2 err "undead explore: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '$size'"
    done
    run "$undead" solve zombie-dice turn --no-db --max-memory 99999999T
    expect 2 err "undead solve: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '99999999T'"
    run "$undead" explore one-die --no-db --max-depth 2 --max-memory 1024T
    [[ $rc == 0 ]] || fail "--max-memory 1024T: exit $rc: $(head -c 2000 err)"
    ;;
command-name)
    number="expected a whole number from 0 to 18446744073709551615, got ' 5'"
    for cmd in "play zombie-dice --no-db" "sim zombie-dice --no-db" "bench zombie-dice" \
               "explore one-die --no-db" "conform one-die --no-db"; do
        # shellcheck disable=SC2086
        run "$undead" $cmd --seed ' 5' -- true
        expect 2 err "undead ${cmd%% *}: --seed: $number"
    done
    run "$undead" sim zombie-dice --no-db --variant end=final-turn --variant end=finish-round
    expect 2 err "undead sim: --variant: variant end given twice"
    run "$undead" bench zombie-dice --policy nobody
    expect 2 err "undead bench: unknown policy 'nobody' for zombie-dice; expected one of: stop-at-shotguns stop-at-brains always-roll closer bus-rider optimal random human"
    run "$undead" explore one-die --no-db --players 9lives
    expect 2 err "undead explore: player name '9lives': expected it to start with a letter"
    ;;
escaped)
    letters="expected letters, digits, '-' or '_'"
    run "$undead" play zombie-dice --no-db --players $'a\nb'
    expect 2 err "undead play: player name 'a\\nb': $letters"
    lines err 1
    run "$undead" play zombie-dice --no-db --players $'a\xff,b'
    expect 2 err "undead play: player name 'a\\xff': $letters"
    run "$undead" play zombie-dice --no-db --players $'a\e[31m,b'
    expect 2 err "undead play: player name 'a\\x1b[31m': $letters"
    run "$undead" sim zombie-dice --no-db --policy $'ra\endom'
    expect 2 err "undead sim: unknown policy 'ra\\x1bndom' for zombie-dice; expected one of: stop-at-shotguns stop-at-brains always-roll closer bus-rider optimal random human"
    run "$undead" play zombie-dice --no-db --variant $'end=final\tturn'
    expect 2 err "undead play: variant end: unknown value 'final\\tturn'; expected one of: finish-round final-turn"
    run "$undead" play zombie-dice --no-db --start $'score p1 1\r'
    expect 2 err "undead play: start 'score p1 1\\r': expected 'score PLAYER N'"
    run "$undead" play zombie-dice --no-db --seed $'5\n'
    expect 2 err "undead play: --seed: expected a whole number from 0 to 18446744073709551615, got '5\\n'"
    run "$undead" play $'zombie\xc2\x9bdice'
    expect 2 err "undead play: unknown game 'zombie\\xc2\\x9bdice'; expected one of: zombie-dice dotld one-die zombies-cards zombies-board"
    # UTF-8 that is not a control character is shown as it is
    run "$undead" play zombie-dice --no-db --players 'zoé,b'
    expect 2 err "undead play: player name 'zoé': $letters"
    ;;
score-twice)
    run "$undead" play zombie-dice --no-db --start 'score p1 12' --start 'score p1 13'
    expect 2 err "undead play: start 'score p1 13': expected one 'score' line for p1, found a second"
    printf 'undead-transcript 1\ngame zombie-dice\nplayer a\nplayer b\nstart score a 12\nstart score a 3\nseed 1\n' > st.txt
    run "$undead" check --no-db st.txt
    expect 2 err "st.txt:6:7: expected one 'score' line for a, found a second"
    run "$undead" play one-die --no-db --start 'score p1 3' --start 'score  p1 4'
    expect 2 err "undead play: start 'score  p1 4': expected one 'score' line for p1, found a second"
    printf '%s\n' '{"cmd":"hello","protocol":1}' \
        '{"cmd":"new","game":"zombie-dice","chance":"follow","players":["a","b"],"seed":1,"start":["score a 12","score a 13"]}' > in
    run "$undead" serve zombie-dice
    expect 0 out "{\"error\":\"start 'score a 13': expected one 'score' line for a, found a second\"}"
    rm in
    # one line for each player is a position
    run "$undead" play zombie-dice --no-db --start 'score p1 12' --start 'score p2 12'
    [[ $rc == 0 ]] || fail "a score for each player: exit $rc: $(head -c 2000 err)"
    ;;
empty-output)
    transcript="$src/golden/one_die/examples/bust.transcript"
    run "$undead" show one-die "$transcript" -o ''
    expect 2 err "undead show: -o '': expected a file name"
    "$undead" sim one-die --games 2 --db s.db > /dev/null || fail "undead sim"
    run "$undead" faq --db s.db --golden "$src/golden" --game one-die -o ''
    expect 2 err "undead faq: -o '': expected a file name"
    SECONDS=0
    run "$undead" solve zombie-dice game --no-db --export ''
    expect 2 err "undead solve: --export '': expected a file name"
    (( SECONDS < 20 )) || fail "solve --export '' took $SECONDS s: refused after the solve"
    run "$undead" db baseline update one-die --golden "$src/golden" --file ''
    expect 2 err "undead db baseline: --file '': expected a file name"
    # conform: refused before the adapter starts, departure or not
    printf '#!/bin/sh\ntouch started\nexec "$@"\n' > adapter.sh
    chmod +x adapter.sh
    run "$undead" conform one-die --games 1 --no-db --record '' -- ./adapter.sh "$undead" serve one-die
    expect 2 err "undead conform: --record '': expected a file name"
    run "$undead" conform one-die --games 1 --no-db --record /nonexistent/x -- ./adapter.sh "$undead" serve one-die
    expect 2 err "undead conform: --record /nonexistent/x: cannot make a file in its folder /nonexistent: No such file or directory"
    [[ ! -e started ]] || fail "conform started the adapter before refusing --record"
    run "$undead" conform one-die --games 1 --no-db --record rec.txt -- ./adapter.sh "$undead" serve one-die
    [[ $rc == 0 && -e started && ! -e rec.txt ]] || fail "conform with a good --record: exit $rc: $(head -c 2000 err)"
    # the check leaves no temporary behind
    [[ -z $(find . -name '.*.tmp') ]] || fail "temporary files left: $(find . -name '.*.tmp')"
    ;;
proc-output)
    [[ -f /proc/version ]] || fail "no /proc/version on this machine"
    transcript="$src/golden/one_die/examples/bust.transcript"
    run "$undead" show one-die "$transcript" -o /proc/version
    expect 2 err "undead show: -o /proc/version: cannot make a file in its folder /proc: No such file or directory"
    run "$undead" solve zombie-dice game --no-db --export /proc/version
    expect 2 err "undead solve: --export /proc/version: cannot make a file in its folder /proc: No such file or directory"
    ;;
db-format)
    "$undead" sim zombie-dice --games 5 --db s.db > /dev/null || fail "undead sim"
    for f in csv json; do
        run "$undead" db show 1 --db s.db --format "$f"
        expect 2 err "undead db: --format $f: db show writes text only (csv and json: runs, diff, query NAME)"
        [[ ! -s out ]] || fail "db show --format $f wrote: $(head -c 500 out)"
    done
    run "$undead" db integrity --db s.db --format json
    expect 2 err "undead db: --format json: db integrity writes text only (csv and json: runs, diff, query NAME)"
    run "$undead" db show 1 --db s.db --format text
    [[ $rc == 0 ]] || fail "db show --format text: exit $rc: $(head -c 2000 err)"
    run "$undead" db runs --db s.db --format csv
    expect 0 out "id,started,status,command,game,cases,violations,seconds,version,revision,command_line"
    ;;
not-a-folder)
    mkfifo pipe
    : > afile
    hint="give --golden DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data"
    golden="the game's golden transcripts: $hint, or write the game's cases (spec/README.md, 'Golden cases')"
    run "$undead" verify --no-db --golden pipe
    expect 2 err "undead verify: pipe: is a FIFO, expected a folder ($golden)"
    run "$undead" verify one-die --no-db --golden afile
    expect 2 err "undead verify: afile: is a file, expected a folder ($golden)"
    run "$undead" verify one-die --no-db --fuzz pipe
    expect 2 err "undead verify: pipe: is a FIFO, expected a folder (the game's fuzz corpus: give --fuzz DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data, or make one with fuzz/seed.sh one_die)"
    run "$undead" faq --game one-die --golden afile --db none.db
    expect 2 err "undead faq: afile: is a file, expected a folder (the worked examples and findings are read from it: $hint)"
    run "$undead" golden check --no-db --dir pipe
    expect 2 err "undead golden: pipe: is a FIFO, expected a folder (the golden cases are read from it: --dir DIR)"
    # a folder that is not there is still named whole
    run "$undead" verify one-die --no-db --golden nowhere
    expect 2 err "undead verify: nowhere/one_die: no such directory ($golden)"
    ;;
empty-data-dir)
    msg="UNDEAD_DATA_DIR is empty: expected the folder holding undead's data (unset it for the data undead finds by itself, or give"
    run env UNDEAD_DATA_DIR= "$undead" golden check --no-db
    expect 2 err "undead golden: $msg --dir DIR)"
    run env UNDEAD_DATA_DIR= "$undead" verify one-die --no-db
    expect 2 err "undead verify: $msg --golden DIR)"
    # as an empty UNDEAD_DB is
    run env UNDEAD_DB= "$undead" sim one-die --games 1
    expect 2 err "undead sim: results database: UNDEAD_DB is empty: expected a file name (unset it for undead.db in the current folder)"
    # a folder named by the option needs no data folder
    run env UNDEAD_DATA_DIR= "$undead" golden check --no-db --dir "$src/golden/one_die"
    [[ $rc == 0 ]] || fail "golden check --dir under an empty UNDEAD_DATA_DIR: exit $rc: $(head -c 2000 err)"
    ;;
*) fail "unknown case" ;;
esac
echo "faults_attack2 $case_: ok"
