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
#   enumerated-alone  conform --max-outcomes 6 (the default's value) or
#            --setup-outcomes 0 without --depth were taken and changed
#            nothing, where any other value was refused: refused whatever
#            the value, exit 2, no adapter started.
#   pdf-signal-folder  a signal (SIGINT, SIGTERM, SIGHUP) while faq
#            --format pdf printed left its working folder undead-faq-XXXXXX
#            (the browser's profile, the page) in TMPDIR, and the browser
#            and its helpers running, writing into it.  The folder is held
#            as the PDF's temporary is: the browser's process group ended,
#            the folder removed, then the signal's usual end.
#   text-notes  undead text --notes FILE opened FILE with fopen: a FIFO
#            hung it, /dev/zero was read; a missing FILE given by name was
#            taken as no notes (exit 1, every statement "not encoded"); a
#            file of random bytes, NULs or notes before any 'text NAME' line
#            was taken (its lines skipped): each refused, exit 2, FILE:LINE.
#   text-output  undead text GAME FILE -o FILE wrote the map over the rule
#            text (or -o NOTES over the notes): refused, exit 2, unchanged.
#   text-bytes  undead text took a rule text holding an ESC, a C1
#            control, bytes that are no UTF-8 or a byte-order mark: the
#            summary printed them raw to the terminal, the JSON was no
#            JSON (invalid UTF-8 in a string).  Refused at FILE:LINE:COL,
#            exit 2, as a content file is.
#   play-record  undead play --record FILE wrote the record over the
#            results database (--db FILE, or UNDEAD_DB; every run lost,
#            exit 0) or over a content file it read; conform --record
#            likewise when the database did not exist yet (made first,
#            then written over).  Refused, exit 2, nothing changed.  A
#            record that could not be written (/dev/full) was then said
#            to be "in /dev/full".
#   output-escaped  an output path that cannot be written (-o, --record,
#            --export) was named raw in its refusal: an ESC in it reached
#            the terminal, where every input path is shown escaped.
#   html-comment  show --format html (and golden --html) put a record's
#            comment line "# <!--<script>" into the page's JSON as it was:
#            the HTML parser then ran the data element on past its end,
#            into the player's script, and the page showed nothing.  Every
#            '<' in the JSON is written \u003c.
#   golden-html-dir  golden check --html '' wrote the pages into the
#            root folder (/index.html, /one_die/...), exit 0; a file or a
#            FIFO as DIR failed each page in turn, and a page not written
#            read "0 failed (1 of them bad input or a failed write)".  DIR
#            is checked first, and pages not written are counted apart.
#   edition-date  faq --new-edition 2027-02-30 (or 2026-11-31) recorded an
#            edition of a day the calendar does not have, and the record
#            of editions took one: only the day's 1 to 31 was checked.
#   standing-line  a record's last line 'over p1=won p1=lost' named a
#            player twice: blamed on the rule (exit 1, 'the game is over
#            with p1=won; the record's game with p1=lost'), and 'over
#            p1=won p1=won' taken; a [RULE-ID] tag on a standing line
#            (which no rule writes) was taken unchecked, 'over [XX-NOPE]'
#            exit 0.  Both refused as input, exit 2, at the column.
#   policy-seats  --policy a,b,c for two players played two seats and
#            dropped the third policy silently, though the help said a
#            repeated --policy "adds seats": refused, exit 2; --players
#            names the seats.
#   human-read-error  play --policy human with standard input a folder,
#            or closed, said "standard input ended before p1's decision":
#            a read that failed was told as the input's end.  Said now,
#            with the reason.
#   text-stdout  undead text > /dev/full said the failed write twice
#            ("undead text: writing standard output: ..." and "undead:
#            writing standard output: ..."): once now, as every command.
#   record-utf8  a record line holding bytes that are no UTF-8 ('x\xffy')
#            was parsed and quoted raw in the check's message, exit 1
#            ("the rules do not produce 'x?y' here"); a C1 control too.
#            Refused at FILE:LINE:COL, exit 2, as a content file's.
#   text-many  undead text made each statement's anchor unique by
#            comparing it with every statement before it: a text of 96,000
#            statements took 40 s, a 10 MB one minutes; and three sections
#            of one name got the anchors sec-a, sec-a-2, sec-a-2 (two
#            elements of one id: a link led to the wrong one).  Sorted now:
#            seconds at most, and sec-a-3.
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
enumerated-alone)
    for opt in "--max-outcomes 6" "--max-outcomes 0" "--setup-outcomes 0" "--max-outcomes=6 --games 3"; do
        # shellcheck disable=SC2086 # the option and its value, two words
        run "$undead" conform one-die --no-db $opt -- "$undead" serve one-die
        expect 2 err "undead conform: ${opt%%[ =]*} needs --depth (the outcomes of its enumeration)"
        [[ ! -s out ]] || fail "$opt: conform started: $(head -c 2000 out)"
    done
    run "$undead" conform one-die --no-db --max-outcomes x -- "$undead" serve one-die
    expect 2 err "undead conform: --max-outcomes: expected a whole number from 0 to 100000000, got 'x'"
    # with --depth, the default's value is taken
    run "$undead" conform one-die --no-db --depth 2 --max-outcomes 6 --setup-outcomes 0 -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "--depth 2 --max-outcomes 6: exit $rc: $(head -c 2000 err)"
    grep -q "^depth 2: .* (counted: 0 outcomes of the set-up, 6 of each play after a decision)" out ||
        fail "--depth 2: $(head -c 2000 out)"
    ;;
pdf-signal-folder)
    mkdir g
    cp -r "$src/golden/one_die" g/
    "$undead" verify one-die --games 2 --reading-games 2 --golden g --db v.db > /dev/null 2>&1 ||
        fail "verify one-die did not pass"
    # a browser that writes into its profile (HOME is the working folder)
    # from a helper process, and never prints
    cat > slow.sh <<'SH'
#!/bin/sh
mkdir -p "$HOME/profile/a/b/c" && echo x > "$HOME/profile/a/b/c/f"
( while :; do echo x >> "$HOME/profile/helper.log"; sleep 0.05; done ) &
echo $! > helper.pid
echo $$ > browser.pid
exec sleep 30
SH
    chmod +x slow.sh
    for sig in INT TERM HUP; do
        rm -rf tmpd browser.pid helper.pid
        mkdir tmpd
        TMPDIR="$PWD/tmpd" env --default-signal=INT "$undead" faq --db v.db --golden g --game one-die \
            --format pdf -o out.pdf --chromium ./slow.sh < /dev/null > out 2> err &
        pid=$!
        for _ in $(seq 1 200); do
            [[ -s browser.pid && -s helper.pid && -n $(find tmpd -name helper.log) ]] && break
            sleep 0.1
        done
        [[ -s browser.pid && -s helper.pid ]] || fail "$sig: the browser did not start: $(head -c 2000 err)"
        [[ -n $(find tmpd -maxdepth 1 -name 'undead-faq-*') ]] || fail "$sig: no working folder in TMPDIR"
        kill -"$sig" "$pid"
        rc=0
        wait "$pid" || rc=$?
        browser=$(cat browser.pid) helper=$(cat helper.pid)
        sleep 0.2
        alive=""
        for p in "$browser" "$helper"; do # a zombie has ended (init may not reap it at once)
            state=$(ps -o stat= -p "$p" || true)
            if [[ -n $state && $state != Z* ]]; then
                alive="$alive $p"
                kill -KILL "$p" 2> /dev/null || true
            fi
        done
        want=$((128 + $(kill -l "$sig")))
        [[ $rc == "$want" ]] || fail "$sig: exit $rc, expected $want: $(head -c 2000 err)"
        [[ -z $alive ]] || fail "$sig: the browser or its helper still runs:$alive"
        [[ -z $(ls -A tmpd) ]] || fail "$sig: left in TMPDIR: $(find tmpd | head)"
        left=$(find . -maxdepth 1 -name '*.tmp')
        [[ -z $left && ! -e out.pdf ]] || fail "$sig: left: $left $(ls -A)"
    done
    ;;
text-notes)
    cp "$src/spec/one_die/900_one_die.txt" od.txt
    mkfifo ff
    run "$undead" text one-die od.txt --no-golden --notes ff
    expect 2 err "undead text: --notes ff: expected 'ff' to be a regular file, found a FIFO"
    run "$undead" text one-die od.txt --no-golden --notes /dev/zero
    expect 2 err "undead text: --notes /dev/zero: expected '/dev/zero' to be a regular file, found a device"
    run "$undead" text one-die od.txt --no-golden --notes missing
    expect 2 err "undead text: --notes missing: no such file or folder"
    run "$undead" text one-die od.txt --no-golden --notes .
    expect 2 err "undead text: --notes .: is a folder, expected a file"
    printf 'row OD-BUST "A bust face ends your turn at once and the turn scores nothing."\n' > before
    run "$undead" text one-die od.txt --no-golden --notes before
    expect 2 err "before:1: expected 'text NAME' (the rule text the notes below it are of) before the first note"
    printf 'text od.txt\nrow OD-BUST "A bust\0"\n' > nul
    run "$undead" text one-die od.txt --no-golden --notes nul
    expect 2 err "nul:2: expected text, found a NUL byte"
    printf 'text another.txt\nnot a note\n' > other
    run "$undead" text one-die od.txt --no-golden --notes other
    expect 2 err "other:2: expected text, row, reading, flavour, example, components, edition, players, advice or gap"
    printf 'text od.txt\nrow OD-NOPE\033[31m "x"\n' > esc
    run "$undead" text one-die od.txt --no-golden --notes esc
    expect 2 err "esc:2: expected a rule ID of one-die, got 'OD-NOPE\\x1b[31m'"
    # the game's own notes, named, are read as the default is
    cp "$src/spec/one_die/text-notes" notes
    cp od.txt 900_one_die.txt
    run "$undead" text one-die 900_one_die.txt --no-golden --notes notes
    [[ $rc == 0 ]] || fail "the game's notes: exit $rc: $(head -c 2000 err)"
    ;;
text-output)
    cp "$src/spec/one_die/900_one_die.txt" .
    cp "$src/spec/one_die/text-notes" notes
    cp 900_one_die.txt keep.txt
    cp notes keep.notes
    run "$undead" text one-die 900_one_die.txt --no-golden --notes notes -o 900_one_die.txt
    expect 2 err "undead text: -o 900_one_die.txt: is the same file as a file it reads (900_one_die.txt): expected another file"
    run "$undead" text one-die 900_one_die.txt --no-golden --notes notes --format html -o notes
    expect 2 err "undead text: -o notes: is the same file as a file it reads (notes): expected another file"
    cmp -s 900_one_die.txt keep.txt || fail "the rule text changed"
    cmp -s notes keep.notes || fail "the notes changed"
    [[ -z $(find . -name '*.tmp') ]] || fail "a temporary left"
    run "$undead" text one-die 900_one_die.txt --no-golden --notes notes -o map.txt
    [[ $rc == 0 && -s map.txt ]] || fail "-o map.txt: exit $rc: $(head -c 2000 err)"
    ;;
text-bytes)
    printf 'Title\n\nA rule \033[31m red.\n' > esc.txt
    run "$undead" text one-die esc.txt --no-golden
    expect 2 err "esc.txt:3:8: expected printable text, found byte 0x1b"
    [[ ! -s out ]] || fail "esc: $(head -c 2000 out)"
    printf 'Title\n\nA rule \xff\xfe.\n' > latin.txt
    run "$undead" text one-die latin.txt --no-golden --format json
    expect 2 err "latin.txt:3:8: expected UTF-8 text, found byte 0xff"
    printf 'Title\n\nA \xc2\x9b b.\n' > c1.txt
    run "$undead" text one-die c1.txt --no-golden --format html
    expect 2 err "c1.txt:3:3: expected printable text, found control character U+009B"
    printf '\xef\xbb\xbfTitle\n' > bom.txt
    run "$undead" text one-die bom.txt --no-golden
    expect 2 err "bom.txt:1:1: a UTF-8 byte-order mark (U+FEFF): expected text without one (save the file as UTF-8 without a BOM)"
    printf 'T\n\nA\0b.\n' > nul.txt
    run "$undead" text one-die nul.txt --no-golden
    expect 2 err "nul.txt:3:2: expected printable text, found byte 0x00"
    # CRLF lines, a tab and a dash are text
    printf 'Title\r\n\r\nA rule\t\xe2\x80\x94 here.\r\n' > ok.txt
    run "$undead" text one-die ok.txt --no-golden --format json
    [[ $rc == 1 ]] || fail "a CRLF text: exit $rc, expected 1 (not encoded): $(head -c 2000 err)"
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' out || fail "not JSON: $(head -c 2000 out)"
    ;;
play-record)
    "$undead" sim one-die --games 2 --db s.db > /dev/null
    cp s.db keep.db
    run "$undead" play one-die --db s.db --record s.db
    expect 2 err "undead play: --record s.db: is the same file as the results database (s.db): expected another file"
    UNDEAD_DB=s.db run "$undead" play one-die --record ./s.db
    expect 2 err "undead play: --record ./s.db: is the same file as the results database (s.db): expected another file"
    cmp -s s.db keep.db || fail "the database changed"
    # a database not made yet: made first, then written over
    run "$undead" play one-die --db new.db --record ./new.db
    expect 2 err "undead play: --record ./new.db: is the same file as the results database (new.db): expected another file"
    run "$undead" conform one-die --games 2 --db new.db --record new.db -- "$undead" serve one-die
    expect 2 err "undead conform: --record new.db: is the same file as the results database (new.db): expected another file"
    [[ ! -e new.db ]] || fail "new.db was made"
    cp -r "$src/spec/one_die/content" c
    cp c/goal.txt keep.txt
    run "$undead" play one-die --no-db --content c --record c/goal.txt
    expect 2 err "undead play: --record c/goal.txt: is the same file as a file it reads (c/goal.txt): expected another file"
    cmp -s c/goal.txt keep.txt || fail "the content file changed"
    # a record that cannot be written is not said to be there
    printf '1\nquit\n' > in
    run "$undead" play one-die --no-db --policy human --record /dev/full
    expect 2 err "undead play: --record /dev/full: No space left on device"
    expect 2 err "undead play: p2 quit at their decision (decision 2 of the game, after line 15 of the transcript): the game stopped there, unfinished; its record could not be written to /dev/full"
    run "$undead" play one-die --db s.db --policy human --record r.t
    expect 2 err "undead play: p2 quit at their decision (decision 2 of the game, after line 15 of the transcript): the game stopped there, unfinished; its record is in r.t and run 2 in s.db (status failed)"
    ;;
output-escaped)
    rec="$src/golden/one_die/examples/bust.transcript"
    run "$undead" show one-die "$rec" -o $'nodir/\e[31m'
    expect 2 err 'undead show: -o nodir/\x1b[31m: cannot make a file in its folder nodir: No such file or directory'
    run "$undead" play one-die --no-db --record $'no\edir/x'
    expect 2 err 'undead play: --record no\x1bdir/x: cannot make a file in its folder no\x1bdir: No such file or directory'
    ;;
html-comment)
    "$undead" play one-die --no-db --seed 3 > od.t
    { head -3 od.t; echo '# <!--<script>'; tail -n +4 od.t; } > cm.t
    run "$undead" show one-die cm.t --format html -o cm.html
    [[ $rc == 0 ]] || fail "show --format html: exit $rc: $(head -c 2000 err)"
    python3 - cm.html <<'PY' || fail "the page's data: $(head -c 600 cm.html)"
import json, sys
page = open(sys.argv[1], encoding="utf-8").read()
start = page.index('<script id="replay-data" type="application/json">') + 49
data = page[start:page.index("</script>", start)]
assert "<" not in data, "a '<' in the data element"
assert "# <!--<script>" in json.loads(data)["lines"], "the comment line is not in the data"
PY
    mkdir -p g/one_die
    cp cm.t g/one_die/cm.in
    "$undead" golden update --no-db --dir g > /dev/null
    run "$undead" golden check --no-db --dir g --html pages
    [[ $rc == 0 ]] || fail "golden --html: exit $rc: $(head -c 2000 err)"
    grep -q '# \\u003c!--\\u003cscript>' pages/one_die/cm.html || fail "golden's page: $(head -c 600 pages/one_die/cm.html)"
    ;;
golden-html-dir)
    mkdir g
    cp -r "$src/golden/one_die" g/
    n=$(find g -name '*.in' | wc -l)
    run "$undead" golden check --no-db --dir g --html ''
    expect 2 err "undead golden: --html '': expected a folder name"
    [[ ! -s out ]] || fail "the cases were run: $(head -c 2000 out)"
    touch afile
    mkfifo ff
    run "$undead" golden check --no-db --dir g --html afile
    expect 2 err "undead golden: --html afile: is a file, expected a folder"
    run "$undead" golden check --no-db --dir g --html ff
    expect 2 err "undead golden: --html ff: is a FIFO, expected a folder"
    # a folder that takes no file: every page, and the index, not written
    run "$undead" golden check --no-db --dir g --html /proc
    expect 2 out "golden check: $n case(s), 0 failed, 0 updated, $((n + 1)) page(s) not written, 0 rule row(s) fired by no case (counted for: one-die)"
    run "$undead" golden check --no-db --dir g --html pages
    expect 0 out "golden: $n page(s) and their index in pages/index.html"
    ;;
edition-date)
    # a record whose edition 1 printed one question otherwise: it changed
    sed 's|^zombie-dice/first [0-9a-f]*$|zombie-dice/first 0000000000000000|' "$src/spec/faq-editions.txt" > e.txt
    cmp -s e.txt "$src/spec/faq-editions.txt" && fail "no question of zombie-dice/first in the record"
    cp e.txt keep.txt
    for d in 2027-02-30 2026-11-31 2100-02-29; do
        run "$undead" faq --editions e.txt --new-edition "$d"
        expect 2 err "undead faq: --new-edition '$d': expected a date YYYY-MM-DD"
    done
    cmp -s e.txt keep.txt || fail "the record changed"
    printf 'edition 1 2026-02-30\n' > bad.txt
    run "$undead" faq --editions bad.txt --new-edition 2026-12-09
    expect 2 err "undead faq: bad.txt:1: expected 'edition N YYYY-MM-DD', found 'edition 1 2026-02-30'"
    run "$undead" faq --editions e.txt --new-edition 2028-02-29
    expect 0 out "faq: edition 2 of 2028-02-29 recorded in e.txt"
    ;;
standing-line)
    "$undead" play one-die --no-db --seed 3 > od.t
    n=$(wc -l < od.t)
    { cat od.t; echo 'over p1=won p1=lost'; } > twice.t
    run "$undead" check --no-db twice.t
    expect 2 err "twice.t:$((n + 1)):13: expected each player once after 'over', found 'p1' a second time (column 6)"
    { cat od.t; echo 'over p1=won p2=lost p1=won'; } > same.t
    run "$undead" check --no-db same.t
    expect 2 err "same.t:$((n + 1)):21: expected each player once after 'over', found 'p1' a second time (column 6)"
    { cat od.t; echo 'over [XX-NOPE]'; } > tag.t
    run "$undead" check --no-db tag.t
    expect 2 err "tag.t:$((n + 1)):6: expected no [RULE-ID] tag on 'over', the record's standing"
    { head -12 od.t; echo 'waits p2 [OD-RISK]'; } > wtag.t
    run "$undead" check --no-db wtag.t
    expect 2 err "wtag.t:13:10: expected no [RULE-ID] tag on 'waits', the record's standing"
    # each once, untagged: taken
    { cat od.t; echo 'over p1=won p2=lost'; } > ok.t
    run "$undead" check --no-db ok.t
    expect 0 out "ok.t: ok: p1=24 p2=23; winner p1"
    ;;
policy-seats)
    run "$undead" play one-die --no-db --policy risk:1,risk:2,risk:3
    expect 2 err "undead play: --policy: expected at most one policy a player (2 players; --players names more), found 3 policies"
    run "$undead" sim one-die --no-db --games 2 --players a --policy risk:1 --policy risk:2
    expect 2 err "undead sim: --policy: expected at most one policy a player (1 player; --players names more), found 2 policies"
    # as many as the players, or fewer (the last repeats): taken
    run "$undead" play one-die --no-db --players a,b,c --policy risk:1 --policy risk:2 --policy risk:3
    [[ $rc == 0 ]] && grep -qx "player c risk:3" out || fail "three seats: exit $rc: $(head -c 2000 err)"
    run "$undead" play one-die --no-db --players a,b,c --policy risk:2
    [[ $rc == 0 ]] && grep -qx "player c risk:2" out || fail "one policy repeated: exit $rc: $(head -c 2000 err)"
    ;;
human-read-error)
    stopped="before p1's decision (decision 1 of the game, after line 9 of the transcript): the game stopped there, unfinished; no record was written (--no-db)"
    rc=0
    timeout 120 "$undead" play one-die --no-db --policy human < . > out 2> err || rc=$?
    expect 2 err "undead play: standard input could not be read (Is a directory) $stopped"
    rc=0
    timeout 120 "$undead" play one-die --no-db --policy human <&- > out 2> err || rc=$?
    expect 2 err "undead play: standard input could not be read (Bad file descriptor) $stopped"
    run "$undead" play one-die --no-db --policy human
    expect 2 err "undead play: standard input ended $stopped"
    ;;
text-stdout)
    cp "$src/spec/one_die/900_one_die.txt" .
    rc=0
    timeout 120 "$undead" text one-die 900_one_die.txt --no-golden > /dev/full 2> err || rc=$?
    expect 2 err "undead: writing standard output: No space left on device"
    [[ $(wc -l < err) == 1 ]] || fail "more than one message: $(cat err)"
    ;;
record-utf8)
    "$undead" play one-die --no-db --seed 3 > od.t
    { head -8 od.t; printf 'x\xffy\n'; } > ff.t
    run "$undead" check --no-db ff.t
    expect 2 err "ff.t:9:2: expected UTF-8 text, found byte 0xff"
    { head -8 od.t; printf '# a \xc2\x9b b\n'; tail -n +9 od.t; } > c1.t
    run "$undead" check --no-db c1.t
    expect 2 err "c1.t:9:5: expected printable text, found control character U+009B"
    run "$undead" show one-die ff.t --format html -o ff.html
    expect 2 err "ff.t:9:2: expected UTF-8 text, found byte 0xff"
    [[ ! -e ff.html ]] || fail "a page was written"
    # UTF-8 text in a comment is text
    { head -8 od.t; printf '# caf\xc3\xa9 \xe2\x80\x94 ok\n'; tail -n +9 od.t; } > ok.t
    run "$undead" check --no-db ok.t
    expect 0 out "ok.t: ok: p1=24 p2=23; winner p1"
    ;;
text-many)
    python3 -c "import sys; sys.stdout.write('Title\n\n' + ('A rule sentence here. ' * 8 + '\n\n') * 12000)" > many.txt
    rc=0
    timeout 10 "$undead" text one-die many.txt --no-golden --format json > out 2> err || rc=$?
    [[ $rc == 1 ]] || fail "96,000 statements: exit $rc, expected 1 (not encoded) within 10 s (0.7 s under ASan): $(head -c 2000 err)"
    python3 - out <<'PY' || fail "anchors of many.txt"
import json, sys
d = json.load(open(sys.argv[1]))
a = [s["anchor"] for s in d["statements"]]
assert len(a) == 96000 and len(set(a)) == len(a), "anchors not unique"
assert a[1] == a[0] + "-2" and a[-1] == a[0] + "-96000", (a[0], a[1], a[-1])
PY
    printf 'T\n\n# A\n\nx.\n\n# A\n\ny.\n\n# A\n\nz.\n' > dup.txt
    run "$undead" text one-die dup.txt --no-golden --format json
    python3 -c 'import json, sys; print(" ".join(s["anchor"] for s in json.load(open(sys.argv[1]))["sections"]))' out > anchors
    expect 1 anchors "sec-a sec-a-2 sec-a-3"
    ;;
*)
    fail "unknown case"
    ;;
esac
