#!/usr/bin/env bash
# tests/faults.sh CASE UNDEAD SOURCE_DIR [DB] - regression tests for the faults an
# attack pass found ("Faults and bad input"): each CASE is one
# fault, run as a user would, with the exact message asserted.
#   no-end   a game that never ends (every seat always-roll): sim and check
#            stop at the decision bound, say so, in seconds and bounded memory,
#            writing a bounded transcript and database.
#   write    a write that fails (/dev/full) is an error, exit 2, on every
#            command that writes standard output, and on the FAQ's output
#            file; a "PDF" a browser wrote short is refused and removed.
#   missing-dir  a folder a command reads from that is missing (undead's
#            data folder without it, verify --fuzz /nonexistent) is an error
#            naming it, exit 2, not output without its content; so are an
#            UNDEAD_DATA_DIR that is not there and a program with no data
#            beside it (outside its build tree, not installed with its data).
#   interrupted  a verify run that was killed after some of its runs finished
#            changes nothing derived (the FAQ is the same bytes), and db diff
#            says a side was interrupted.
#   long-advance  a legal record of 15,000 busts in a row (each on the first,
#            compulsory roll: no decision between them) is accepted.
#   numbers  a number too large for its type is out of range, as typed, not
#            wrapped (--start 'score p1 99999999999999999999' was 'score -1').
#   small    check --variant (and a header that disagrees); --db '' is refused; a number parameter given text is an input
#            error (2); a variant given twice is refused; a policy that gives
#            no decision says where it plays; solve --export to a folder that
#            is not there fails before the solve; db integrity reports on a
#            corrupt file (exit 1) instead of refusing to open it.
#   players  too many or too few players, for every game: play, sim, explore
#            and a record's header (check, show) refuse the table before
#            anything runs, exit 2, naming the game's range and its rule
#            (seven and a hundred names were read past the seats' array).
#   duplicates  two records of one name (or id) in the content of Dice of the
#            Living Dead, the card and the board game: refused at the second,
#            exit 2, naming the first, by one check in core/content.c.
#   utf8     a content string that is not UTF-8 (or holds a control
#            character) is refused where it stands, exit 2, before show
#            --format svg could write it into a drawing.
#   start-lines  start lines of Dice of the Living Dead, the card and the
#            board game are checked when read, whatever their order, and the
#            position they make once all are read: exit 2, FILE:LINE:COL in
#            a record, the line named on the command line; an id given twice in
#            one of the board game's tiles or cards lines is refused.
#   fifo     a FIFO as a content file, named, in a --content folder or
#            included, is refused without waiting for a writer, exit 2.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
# the verify_db fixture's database (tests/verify_db.sh), for the cases
# that need a verified one: copied, never written
db="${4:-}"
case "$case_" in write|interrupted)
    [[ -s "$db" ]] || { echo "faults $case_: no verified database at '$db' (the verify_db fixture)" >&2; exit 1; } ;;
esac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# run CMD...: with 1 GB of memory and 60 s at most; rc gets the exit status.
# An AddressSanitizer build reserves terabytes of address space for its
# shadow memory, so there the bound is ASan's own limit on resident memory
# (UD_SANITIZED is set by tests/CMakeLists.txt for such builds).
run() {
    rc=0
    if [[ -n "${UD_SANITIZED:-}" ]]; then
        ( export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1000"
          exec timeout 60 "$@" ) > out 2> err || rc=$?
    else
        ( ulimit -v 1000000; exec timeout 60 "$@" ) > out 2> err || rc=$?
    fi
}

no_end_msg="no end after 10000 decisions; giving up (undead's bound on one game's decisions: do the players' policies ever end it?)"

case "$case_" in
no-end)
    run "$undead" sim zombie-dice --games 1 --policy always-roll --db sim.db
    expect 2 err "undead sim: game with seed 1 failed: $no_end_msg"
    grep -q '^# \.\.\. [0-9]* lines left out; the last 200 follow$' err || fail "no tail marker: $(head -c 2000 err)"
    size_below err 100000
    size_below sim.db 30000000
    printf 'undead-transcript 1\ngame zombie-dice\nplayer a always-roll\nplayer b always-roll\nseed 1\n' > never.txt
    run "$undead" check never.txt --db check.db
    expect 1 err "never.txt:5: $no_end_msg"
    size_below check.db 30000000
    run "$undead" check --print --no-db never.txt
    expect 1 err "never.txt:5: $no_end_msg"
    size_below out 30000000
    ;;
write)
    [[ -c /dev/full ]] || fail "/dev/full is not a character device here"
    msg="undead: writing standard output: No space left on device"
    printf 'undead-transcript 1\ngame zombie-dice\nplayer a stop-at-brains:2\nplayer b stop-at-brains:2\nseed 1\n' > one.txt
    cp "$db" v.db
    # (the solve: one policy under one reading, a second where every
    # reading and policy takes a minute under the sanitizers)
    for cmd in "play zombie-dice --no-db" "sim zombie-dice --games 10 --no-db" "check --print --no-db one.txt" \
               "db runs --db v.db" "rules zombie-dice" "--version" \
               "solve zombie-dice turn --no-db --policy stop-at-shotguns:2 --variant shortage-when=fewer-than-three --variant shortage-order=return-first" \
               "faq --db v.db --golden $src/golden" "faq --db v.db --golden $src/golden --format md"; do
        rc=0
        # shellcheck disable=SC2086
        "$undead" $cmd > /dev/full 2> err || rc=$?
        expect 2 err "$msg"
        # the same command to a file works: the failure was the write
        rc=0
        # shellcheck disable=SC2086
        "$undead" $cmd > out 2> err || rc=$?
        [[ $rc == 0 ]] || fail "'$cmd' to a file: exit $rc: $(cat err)"
    done
    run "$undead" faq --db v.db --golden "$src/golden" -o /dev/full
    expect 2 err "undead faq: writing /dev/full: No space left on device"
    [[ -c /dev/full ]] || fail "undead faq removed /dev/full"
    # a browser that exits 0 having written 8 bytes
    printf '#!/bin/sh\nfor a; do case "$a" in --print-to-pdf=*) printf "%%%%PDF-1.4" > "${a#--print-to-pdf=}";; esac; done\n' \
        > short-browser
    chmod +x short-browser
    run "$undead" faq --db v.db --golden "$src/golden" --format pdf -o faq.pdf --chromium "$tmp/short-browser"
    expect 2 err "undead faq: faq.pdf: not a whole PDF (8 bytes; expected at least 1024, starting '%PDF-' and ending '%%EOF'): the browser's output was cut short or is not a PDF; removed (is the disk full? else name another with --chromium PATH or UNDEAD_CHROMIUM)"
    [[ ! -e faq.pdf ]] || fail "the short PDF was left in place"
    ;;
missing-dir)
    # here is a fresh directory, named as undead's data folder: no golden/
    # and no fuzz/ below it (the current directory: paths print relative)
    export UNDEAD_DATA_DIR=.
    hint="give --golden DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data"
    run "$undead" faq --db none.db
    expect 2 err "undead faq: golden/zombie_dice: no such directory (the worked examples and findings are read from it: $hint)"
    run "$undead" verify --golden "$src/golden" --fuzz /nonexistent --db v.db
    expect 2 err "undead verify: /nonexistent/corpus/zombie_dice_engine: no such directory (the game's fuzz corpus: ${hint/golden/fuzz}, or make one with fuzz/seed.sh zombie_dice)"
    [[ ! -s out ]] || fail "verify printed a result: $(cat out)"
    run "$undead" verify --fuzz "$src/fuzz" --db v.db
    expect 2 err "undead verify: golden/zombie_dice: no such directory (the game's golden transcripts: $hint, or write the game's cases (spec/README.md, 'Golden cases'))"
    [[ ! -e v.db ]] || fail "verify recorded a run"
    # a data folder that is not there is said, whatever reads it
    export UNDEAD_DATA_DIR=/nonexistent/undead
    run "$undead" golden check --no-db
    expect 2 err "undead golden: UNDEAD_DATA_DIR=/nonexistent/undead: no such directory (expected the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    run "$undead" db baseline check one-die
    expect 2 err "undead db baseline: UNDEAD_DATA_DIR=/nonexistent/undead: no such directory (expected the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    # ... but the options naming the folders win over it
    run "$undead" golden check --no-db --dir "$src/golden/one_die"
    [[ $rc == 0 ]] || fail "golden check --dir under a missing UNDEAD_DATA_DIR: exit $rc: $(head -c 2000 err)"
    grep -q "^golden check: $(find "$src/golden/one_die" -name '*.in' | wc -l) case(s), 0 failed," out ||
        fail "golden check --dir did not check one_die's cases: $(cat out)"
    unset UNDEAD_DATA_DIR
    # the program outside its build tree, with no share/undead beside it
    mkdir bin
    cp "$undead" bin/undead
    run bin/undead golden check --no-db
    expect 2 err "undead golden: $(realpath .)/share/undead: no such directory (undead's data, looked for beside the program: give --dir DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data)"
    ;;
interrupted)
    # the analyses the fixture's verify ran, and no others (under the
    # sanitizers it leaves the dearest solves out: tests/verify_db.sh; of
    # those, Zombie Dice's, the game verified here, are game and turn),
    # so what the FAQ shows can change only by what this case does
    skip=()
    [[ "${UD_SANITIZED:-}" == 1 ]] && skip=(--skip-analysis game --skip-analysis turn)
    verify() { "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games 10 \
                   ${skip[@]+"${skip[@]}"} "$@" > /dev/null || fail "undead verify $*"; }
    faq() { "$undead" faq --golden "$src/golden" --format md "$@" || fail "undead faq $*"; }
    cp "$db" v.db
    faq --db v.db > before.md
    cp v.db k.db
    # the second verify, of one game, is the one that is "killed"
    verify --seed 2 --db k.db zombie-dice
    # a kill -9 after its golden and sim runs finished: the verify rows are
    # what db_open marks interrupted when their process is gone
    parent=$(sql k.db "SELECT max(id) FROM runs WHERE command = 'verify' AND game = 'zombie-dice'")
    sql k.db "UPDATE runs SET status = 'interrupted' WHERE command = 'verify' AND id > (SELECT max(id) FROM runs WHERE command = 'verify' AND id < $parent)" > /dev/null
    faq --db k.db > after.md
    cmp -s before.md after.md || fail "the FAQ changed after an interrupted verify: $(diff before.md after.md | head -20)"
    child=$(sql k.db "SELECT max(run_id) FROM run_params WHERE name = 'verify-run' AND value = '$parent'")
    first=$(sql k.db "SELECT min(run_id) FROM run_params WHERE name = 'verify-run'")
    run "$undead" db diff "$first" "$child" --db k.db
    grep -qxF "note: run $child is part of verify run $parent, which was interrupted: left out of everything derived" out \
        || fail "db diff did not say: $(cat out err)"
    run "$undead" db diff "$first" "$parent" --db k.db
    grep -qxF "note: run $parent was interrupted: it did not finish, so cases it lacks are not removed ones" out \
        || fail "db diff did not say: $(cat out err)"
    ;;
long-advance)
    { printf 'undead-transcript 1\ngame zombie-dice\npartial\nplayer a always-roll\nplayer b always-roll\n'
      for ((i = 0; i < 15000; i++)); do
          printf 'draw red red red\nroll red:shotgun red:shotgun red:shotgun\n'
      done; } > busts.txt
    run "$undead" check --no-db busts.txt
    [[ $rc == 0 ]] || fail "exit $rc: $(cat err)"
    grep -qxF "busts.txt: ok (partial): a=0 b=0" out || fail "expected 'busts.txt: ok (partial): a=0 b=0', got: $(cat out err)"
    ;;
numbers)
    run "$undead" play zombie-dice --no-db --start 'score p1 99999999999999999999'
    expect 2 err "undead play: start 'score p1 99999999999999999999': score 99999999999999999999 is out of range 0..1000"
    run "$undead" play zombie-dice --no-db --start 'score p1 12x'
    expect 2 err "undead play: start 'score p1 12x': expected 'score PLAYER N' with N a whole number, got '12x'"
    run "$undead" play zombie-dice --no-db --start 'score p1 12'
    [[ $rc == 0 ]] || fail "a start of 12: exit $rc: $(cat err)"
    ;;
small)
    # check --variant: the reading a record without a header line for it is
    # checked under; a header that says otherwise is an input error
    printf 'undead-transcript 1\ngame one-die\nvariant ending=finish-round\nplayer ann\nplayer bob\nseed 3\n' > rec.txt
    run "$undead" check rec.txt --no-db --variant ending=at-once
    expect 2 err "rec.txt:3: the record says ending=finish-round, --variant says ending=at-once"
    printf 'undead-transcript 1\ngame one-die\nplayer ann\nplayer bob\nseed 3\n' > bare.txt
    run "$undead" check bare.txt --no-db --print --variant ending=at-once
    expect 0 out "variant ending=at-once"
    run "$undead" check bare.txt --no-db --variant ending=sometimes
    expect 2 err "undead check: --variant ending=sometimes: one-die has no such reading (see 'undead variants one-die')"
    run "$undead" sim zombie-dice --games 2 --db ''
    expect 2 err "undead sim: results database: --db '': expected a file name"
    "$undead" sim zombie-dice --games 2 --db s.db > /dev/null || fail "undead sim"
    run "$undead" db query rarest-rules --param limit=abc --db s.db
    expect 2 err "undead db: query rarest-rules: --param limit: expected a whole number from 0 to 9223372036854775807, got 'abc'"
    run "$undead" play zombie-dice --no-db --variant end=final-turn --variant end=finish-round
    expect 2 err "undead play: --variant: variant end given twice"
    run "$undead" play zombie-dice --no-db --players a,b,c --policy optimal
    expect 2 err "undead play: player a gave no decision: policy optimal answers only as it says: two players, base dice: the play that maximises the chance of winning (solved on first use)"
    run "$undead" solve zombie-dice game --export /nonexistent/policy.csv --no-db
    expect 2 err "undead solve: --export /nonexistent/policy.csv: cannot make a file in its folder /nonexistent: No such file or directory"
    run "$undead" db integrity --db s.db
    expect 0 out "ok"
    cp s.db corrupt.db
    size=$(stat -c %s corrupt.db)
    head -c 4096 /dev/zero | tr "\\0" x | dd of=corrupt.db bs=4096 seek=$((size / 4096 / 2)) conv=notrunc status=none
    cp corrupt.db corrupt.orig
    run "$undead" db integrity --db corrupt.db
    [[ $rc == 1 ]] || fail "db integrity of a corrupt file: exit $rc: $(cat out err)"
    # sqlite either lists the damaged pages or stops at the first
    first="$(head -1 out)"
    [[ "$first" == "*** in database main ***" || "$first" == "corrupt.db: database disk image is malformed" ]] \
        || fail "db integrity did not report: $(cat out err)"
    cmp -s corrupt.db corrupt.orig || fail "db integrity changed the file"
    printf 'eggs\n' > notes.txt
    run "$undead" db integrity --db notes.txt
    expect 1 out "notes.txt: file is not a database"
    ;;
players)
    # names N: "p1,p2,...,pN"; record GAME N: a record's header naming N players
    names() { local i s=p1; for ((i = 2; i <= $1; i++)); do s+=",p$i"; done; echo "$s"; }
    record() {
        local i; printf 'undead-transcript 1\ngame %s\n' "$1"
        for ((i = 1; i <= $2; i++)); do printf 'player p%d\n' "$i"; done
        printf 'seed 1\n'
    }
    # refused GAME N LO HI RULE: N players are refused by every command
    refused() {
        local game=$1 n=$2 lo=$3 hi=$4 rule=$5
        local msg="expected $lo to $hi players for $game ($rule), found $n"
        for cmd in "play $game --no-db" "sim $game --games 3 --no-db" "explore $game --max-depth 1 --no-db"; do
            # shellcheck disable=SC2086
            run "$undead" $cmd --players "$(names "$n")"
            expect 2 err "undead ${cmd%% *}: --players: $msg"
            [[ ! -s out ]] || fail "'$cmd' with $n players wrote: $(head -c 500 out)"
        done
        record "$game" "$n" > rec.txt
        # too many: at the first player beyond the range; too few: at the last
        local at=$(( n > hi ? hi + 1 : n )) found=$(( n > hi ? hi + 1 : n ))
        msg="expected $lo to $hi players for $game ($rule), found $found"
        run "$undead" check --no-db rec.txt
        expect 2 err "rec.txt:$((at + 2)):8: $msg"
        run "$undead" show "$game" rec.txt
        expect 2 err "rec.txt:$((at + 2)):8: $msg"
    }
    # played GAME N: N players are a table: play, sim and check run it
    played() {
        run "$undead" play "$1" --no-db --players "$(names "$2")"
        [[ $rc == 0 ]] || fail "play $1 with $2 players: exit $rc: $(head -c 2000 err)"
        cp out played.txt
        run "$undead" check --no-db played.txt
        [[ $rc == 0 ]] || fail "check of play $1 with $2 players: exit $rc: $(head -c 2000 err)"
        run "$undead" sim "$1" --games 3 --no-db --players "$(names "$2")"
        [[ $rc == 0 ]] || fail "sim $1 with $2 players: exit $rc: $(head -c 2000 err)"
    }
    for n in 7 100; do
        refused zombies-cards $n 2 6 ZC-PLAYERS
        refused zombies-board $n 1 6 ZB-PLAYERS
        refused dotld $n 1 5 DL-PLAYERS
        refused one-die $n 1 4 OD-PLAYERS
    done
    played zombie-dice 7
    refused zombie-dice 100 2 16 ZD-PLAYERS
    refused zombie-dice 1 2 16 ZD-PLAYERS
    refused zombies-cards 1 2 6 ZC-PLAYERS
    # the largest tables each game takes
    played zombies-cards 6
    played zombies-board 6
    played dotld 5
    played one-die 4
    played zombie-dice 16
    ;;
duplicates)
    # dup GAME FILE RECORD MESSAGE: RECORD added at the end of FILE of the
    # game's built-in set is refused by play and by check with MESSAGE
    # (at the last line, whose number the message gives as LINE)
    dup() {
        rm -rf c
        cp -r "$src/spec/$1/content" c
        printf '%s\n' "$3" >> "c/$2"
        local line; line=$(wc -l < "c/$2")
        run "$undead" play "$(tr _ - <<< "$1")" --content c --no-db
        expect 2 err "${4//LINE/$line}"
        printf 'undead-transcript 1\ngame %s\nplayer a\nplayer b\nseed 1\n' "$(tr _ - <<< "$1")" > rec.txt
        run "$undead" check --no-db --content c rec.txt
        expect 2 err "${4//LINE/$line}"
    }
    dup dotld characters.txt 'character name=the-cop title="The Cop" abilities=scout' \
        "c/characters.txt:LINE:16: expected each name once, found 'the-cop' again (first at c/characters.txt:18:16)"
    dup dotld stress.txt 'stress name=hoarder when=no-find' \
        "c/stress.txt:LINE:13: expected each name once, found 'hoarder' again (first at c/stress.txt:14:13)"
    dup dotld tokens.txt 'token name=shambler' \
        "c/tokens.txt:LINE:12: expected each name once, found 'shambler' again (first at c/tokens.txt:10:12)"
    dup dotld items.txt 'item name=street-map ability=scout' \
        "c/items.txt:LINE:11: expected each name once, found 'street-map' again (first at c/items.txt:7:11)"
    dup dotld events.txt 'option event=looters name=pay' \
        "c/events.txt:LINE:27: expected each name once per event, found 'pay' again (first at c/events.txt:16:27)"
    dup dotld events.txt 'event name=looters at=hospital' \
        "c/events.txt:LINE:12: expected each name once, found 'looters' again (first at c/events.txt:14:12)"
    dup dotld districts.txt 'district name=hospital time=5 safehouse=hospital spaces=start,safe' \
        "c/districts.txt:LINE:15: expected each name once, found 'hospital' again (first at c/districts.txt:20:15)"
    # the card game's deck is full (104 cards): its second card takes the first's id
    rm -rf c
    cp -r "$src/spec/zombies_cards/content" c
    sed -i '18s/^card id=oooooh-what-luck /card id=power-outage /' c/cards.txt
    run "$undead" play zombies-cards --content c --no-db
    expect 2 err "c/cards.txt:18:9: expected each id once, found 'power-outage' again (first at c/cards.txt:16:9)"
    # the board game's ids are one set over tiles, events and weapons
    # (eight weapons, the most: the first is renamed)
    rm -rf c
    cp -r "$src/spec/zombies_board/content" c
    sed -i '5s/^weapon id=fire-axe /weapon id=adrenaline /' c/weapons.txt
    run "$undead" play zombies-board --content c --no-db
    first=$(grep -n '^event id=adrenaline ' c/events.txt | cut -d: -f1)
    expect 2 err "c/weapons.txt:5:11: expected each id once, found 'adrenaline' again (first at c/events.txt:$first:10)"
    ;;
utf8)
    # bad GAME FILE LINE SED MESSAGE: line LINE of FILE of the game's
    # built-in set changed by SED is refused by play and by show (SVG)
    bad() {
        rm -rf c
        cp -r "$src/spec/$1/content" c
        sed -i "$3$4" "c/$2"
        local game; game=$(tr _ - <<< "$1")
        run "$undead" play "$game" --content c --no-db
        expect 2 err "$5"
        printf 'undead-transcript 1\ngame %s\nplayer a\nplayer b\nseed 1\n' "$game" > rec.txt
        run "$undead" show "$game" rec.txt --content c --format svg
        expect 2 err "$5"
        [[ ! -s out ]] || fail "show wrote a drawing: $(head -c 300 out)"
    }
    bad dotld characters.txt 18 's/The Cop/The C\xffop/' \
        "c/characters.txt:18:36: expected UTF-8 text, found byte 0xff"
    bad dotld events.txt 14 's/name=looters/name=looters title="L\xc3"/' \
        "c/events.txt:14:28: expected UTF-8 text, found byte 0xc3"
    bad zombies_cards cards.txt 16 's/Power Outage/Power \xed\xa0\x80Outage/' \
        "c/cards.txt:16:34: expected UTF-8 text, found byte 0xed"
    bad zombies_board tiles.txt 10 's/name="\([^"]*\)"/name="\1\xc2\x9b"/' \
        "c/tiles.txt:10:38: expected printable text, found control character U+009B"
    ;;
start-lines)
    # both ways: --start on play, and the record's header on check
    starts() {
        local game=$1 players=$2 msg=$3 at=$4; shift 4
        local args=() s
        for s; do args+=(--start "$s"); done
        run "$undead" play "$game" --no-db --players "$players" "${args[@]}"
        expect 2 err "undead play: $msg"
        { printf 'undead-transcript 1\ngame %s\n' "$game"
          tr , '\n' <<< "$players" | sed 's/^/player /'
          for s; do printf 'start %s\n' "$s"; done
          printf 'seed 1\n'; } > rec.txt
        run "$undead" check --no-db rec.txt
        expect 2 err "rec.txt:$at: ${msg#*: }"
    }
    starts dotld ann "start lines: expected at least one survivor (healthy or infected), found healthy 0 and infected 0" \
        4:7 'healthy 0'
    starts dotld ann "start lines: expected space 0..6, before the safe house of every district that may be dealt first (hospital has the fewest spaces; or name one with 'district NAME'), found 31" \
        4:7 'space 31'
    starts dotld ann "start lines: expected space 0..6 on hospital (its main track before the safe house), found 30" \
        5:7 'space 30' 'district hospital'
    starts dotld ann "start lines: expected space 0..6 on hospital (its main track before the safe house), found 7" \
        5:7 'district hospital' 'space 7'
    starts dotld ann "start lines: expected space 0..6, before the safe house of every district that may be dealt first (hospital has the fewest spaces; or name one with 'district NAME'), found 8" \
        4:7 'space 8'
    starts dotld ann "start 'healthy 4': expected one 'healthy' line, found a second" 5:7 'healthy 3' 'healthy 4'
    starts zombies-cards a,b "start 'deck b 3': card 3 is dealt twice" 6:7 'deck a 1,2,3' 'deck b 3'
    starts zombies-board a,b "start 'first 4294967298': expected 'first N' with N a seat from 1 to 2, got '4294967298'" \
        5:7 'first 4294967298'
    starts zombies-board a,b "start 'tiles crossroads=4294967305': expected ID=N with N from 0 to 9, got 'crossroads=4294967305'" \
        5:7 'tiles crossroads=4294967305'
    starts zombies-board a,b "start 'first 2': expected one 'first' line, found a second" 6:7 'first 1' 'first 2'
    starts zombies-board a,b "start 'tiles crossroads=2 crossroads=3': expected each id once, found 'crossroads' again" \
        5:7 'tiles crossroads=2 crossroads=3'
    starts zombies-board a,b "start 'cards rest=0 rest=1': expected each id once, found 'rest' again" \
        5:7 'cards rest=0 rest=1'
    # a position that holds is played
    run "$undead" play dotld --no-db --players ann --start 'space 6' --start 'district hospital' --start 'healthy 1'
    [[ $rc == 0 ]] || fail "a good start: exit $rc: $(head -c 2000 err)"
    ;;
fifo)
    # within seconds, not forever: run's timeout would say 124
    mkfifo pipe.txt
    run "$undead" play zombies-board --content pipe.txt --no-db
    expect 2 err "pipe.txt: expected 'pipe.txt' to be a regular file, found a FIFO"
    cp -r "$src/spec/dotld/content" dl
    rm dl/stress.txt
    mkfifo dl/stress.txt
    run "$undead" play dotld --content dl --no-db
    expect 2 err "dl/stress.txt: expected 'dl/stress.txt' to be a regular file, found a FIFO"
    cp -r "$src/spec/zombies_cards/content" zc
    printf 'include "more.fifo"\n' >> zc/cards.txt
    mkfifo zc/more.fifo
    line=$(wc -l < zc/cards.txt)
    run "$undead" play zombies-cards --content zc --no-db
    expect 2 err "zc/cards.txt:$line:9: expected 'zc/more.fifo' to be a regular file, found a FIFO"
    printf 'undead-transcript 1\ngame zombies-cards\nplayer a\nplayer b\nseed 1\n' > rec.txt
    run "$undead" check --no-db --content zc rec.txt
    expect 2 err "zc/cards.txt:$line:9: expected 'zc/more.fifo' to be a regular file, found a FIFO"
    ;;
*) fail "unknown case" ;;
esac
echo "faults $case_: ok"
