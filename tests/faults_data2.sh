#!/usr/bin/env bash
# tests/faults_data2.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a third attack pass found in the data undead reads (content sets,
# records, results databases, conformance adapters, golden folders), as
# tests/faults.sh does for others: each CASE is one fault, run as a user
# would, with the exact message and exit status asserted.
#   content-file  a card set too small to deal, given as one FILE, was blamed
#            on "FILE/cards.txt" (not there) and "setup.txt" (not read): it
#            is blamed on the setup record's deal where it stands, in the
#            file read (FILE:LINE:COL), for a file and for a folder, exit 2.
#   bom      a UTF-8 byte-order mark starting a content file or a record
#            was printed raw inside "unknown record kind '...'" (or not
#            named at all): it is refused where it stands, by name, exit 2.
#   lone-cr  a CR with no LF after it, the file's last byte, was taken as a
#            line end in a content file and a record, and refused mid-file:
#            it is refused as the control byte it is, at its line, exit 2.
#   db-tables  db show on a database that lost one of undead's tables exited
#            1 half-way through its report ("no such table"), db runs and
#            diff said nothing: every reader (runs, show, diff, query, faq)
#            and every writer refuses a file missing any table, view or
#            column of the schema, exit 2, naming it, the file unchanged;
#            db integrity reports it as a problem, exit 1.
#   db-side-files  a reader of a file whose header says WAL (a corrupt one
#            it refuses included) left -wal and -shm files beside it: it
#            removes those it made when no other connection has the file,
#            reads a read-only one without making them, and leaves those
#            of a live connection alone.
#   offers-to-move  conform type-checked the "to_move" of an offers answer
#            but never compared it: another player, a name no player has,
#            "" and null were all agreed. Each is a to-move departure, exit 1,
#            its record the game to the position asked about, then
#            "waits PLAYER" naming the player the answer put to move ("?"
#            for null or ""), which check refuses there (exit 1), naming
#            the row the rules wait for, as conform does.
#   adapter-text  the adapter's hello "name" (and its offers, state values
#            and error texts) were printed raw, a terminal's escape
#            sequences live: conform prints and records every control
#            character an adapter gives as \xNN.
#   golden-loop  a symbolic link back up a golden folder was followed until
#            ELOOP: 8 cases counted (and rewritten) 41 times by golden
#            check, update and verify. A link to a folder below the folder
#            given is not followed, said on standard error; each case is
#            counted once, also with a link across to a sibling folder.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_data2   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
bom_message="a UTF-8 byte-order mark (U+FEFF): expected text without one (save the file as UTF-8 without a BOM)"

# An adapter passing every request to `undead serve zombie-dice` and
# changing one thing (MODE) to VALUE, where ESC, CSI and DEL stand for the
# characters U+001B, U+009B and U+007F:
#   adapter.py MODE UNDEAD VALUE
cat > adapter.py <<'EOF'
import json, subprocess, sys
mode, undead = sys.argv[1], sys.argv[2]
value = sys.argv[3].replace("ESC", "\x1b").replace("CSI", "\x9b").replace("DEL", "\x7f")
serve = subprocess.Popen([undead, "serve", "zombie-dice"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
offers = 0
for line in sys.stdin:
    req = json.loads(line)
    serve.stdin.write(line)
    serve.stdin.flush()
    ans = json.loads(serve.stdout.readline())
    cmd = req["cmd"]
    offers += cmd == "offers"
    if mode == "to-move" and cmd == "offers" and offers == 2:
        ans["to_move"] = None if value == "null" else value
    elif mode == "name" and cmd == "hello":
        ans["name"] = value
    elif mode == "offer" and cmd == "offers" and offers == 2:
        ans["offers"].append(value)
    elif mode == "error" and cmd == "offers" and offers == 2:
        ans = {"error": value}
    elif mode == "state" and cmd == "decide":
        ans["state"]["turn"] = value
    sys.stdout.write(json.dumps(ans) + "\n")
    sys.stdout.flush()
EOF
# conform_with MODE VALUE: one seeded game of Zombie Dice against adapter.py
conform_with() {
    run "$undead" conform zombie-dice --no-db --games 1 --timeout 20000 --shrink-tries 3 --record rec.txt \
        -- python3 adapter.py "$1" "$undead" "$2"
}

case "$case_" in
content-file)
    cp -r "$src/spec/zombies_cards/content" c
    sed -i 's/copies=41/copies=1/' c/small-deck.txt
    line=$(grep -n '^setup deal-small=8 ' c/small-deck.txt | cut -d: -f1)
    [[ -n $line ]] || fail "no setup record in small-deck.txt"
    run "$undead" play zombies-cards --content c/small-deck.txt --no-db
    expect 2 err "c/small-deck.txt:$line:18: expected at least 16 cards in the set, enough to deal deal-small=8 to each of 2 players, found 2"
    # a folder: the setup record is in setup.txt, the cards in cards.txt
    mkdir d
    printf 'card id=a map=x zombies=1 effect=draw source=sample\ncard id=b map=x zombies=1 effect=draw source=sample\n' > d/cards.txt
    printf '# deals\nsetup deal-small=7 deal-large=9\n' > d/setup.txt
    run "$undead" play zombies-cards --content d --no-db
    expect 2 err "d/setup.txt:2:18: expected at least 14 cards in the set, enough to deal deal-small=7 to each of 2 players, found 2"
    # enough for four players at 7, not five at 9: the large deal is blamed
    for i in $(seq 1 30); do printf 'card id=c%d map=x zombies=1 effect=draw source=sample\n' "$i"; done > d/cards.txt
    run "$undead" play zombies-cards --content d --no-db
    expect 2 err "d/setup.txt:2:31: expected at least 45 cards in the set, enough to deal deal-large=9 to each of 5 players, found 30"
    ;;
bom)
    cp -r "$src/spec/one_die/content" c
    printf '\xef\xbb\xbfgoal points=30 rounds=6\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:1: $bom_message"
    # anywhere in a line, where a message would quote it
    printf 'goal points=30 rounds=6 \xef\xbb\xbf\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:25: $bom_message"
    # a record: the first line would not be the version line
    printf '\xef\xbb\xbfundead-transcript 1\ngame one-die\nplayer a\nplayer b\nseed 1\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 2 err "rec.txt:1:1: $bom_message"
    printf 'undead-transcript 1\ngame one-die\nplayer \xef\xbb\xbfa\nplayer b\nseed 1\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 2 err "rec.txt:3:8: $bom_message"
    ;;
lone-cr)
    cp -r "$src/spec/one_die/content" c
    for tail in '\r' '\r\r\n'; do
        printf "goal points=30 rounds=6\\n$tail" > c/goal.txt
        run "$undead" play one-die --content c --no-db
        expect 2 err "c/goal.txt:2:1: expected printable text, found byte 0x0d"
    done
    printf 'goal points=30 rounds=6\r' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:24: expected printable text, found byte 0x0d"
    # CRLF stays a line end, to the last line
    printf 'goal points=30 rounds=6\r\n\r\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    [[ $rc == 0 ]] || fail "CRLF content: exit $rc: $(cat err)"
    # a record the same way
    for tail in '\r' '\r\r\n'; do
        printf "undead-transcript 1\\ngame one-die\\nplayer a\\nplayer b\\nseed 1\\n$tail" > rec.txt
        run "$undead" check --no-db rec.txt
        expect 2 err "rec.txt:6:1: expected printable text, found byte 0x0d"
    done
    printf 'undead-transcript 1\r\ngame one-die\r\nplayer a\r\nplayer b\r\nseed 1\r\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 0 out "rec.txt: ok: a=29 b=28; winner a"
    ;;
db-tables)
    "$undead" sim one-die --games 3 --db good.db > /dev/null || fail "undead sim"
    # (undead's: not SQLite's own, sqlite_sequence, which cannot be dropped)
    objects=$(sql good.db "SELECT type || ' ' || name FROM sqlite_schema WHERE type IN ('table', 'view')
                           AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name")
    [[ $(wc -l <<< "$objects") -ge 13 ]] || fail "only these tables and views: $objects"
    # refused OBJECT WHAT: each reader and a writer on x.db: exit 2, WHAT
    # (under the sanitizers every reader on the first object only, then
    # one reader and the writer: the same schema check answers for all)
    cmds=("db runs" "db show 1" "db show last" "db diff 1 1" "db query rarest-rules" "db query seat-outcomes")
    refused() {
        local msg="x.db: not a whole results database: $2; refusing to use it (nothing was changed)" cmd
        cp x.db before
        for cmd in "${cmds[@]}"; do
            # shellcheck disable=SC2086
            run "$undead" $cmd --db x.db
            expect 2 err "undead db: $msg"
            [[ ! -s out ]] || fail "$cmd ($1): printed a report: $(head -c 300 out)"
        done
        run "$undead" faq --db x.db --golden "$src/golden" --format md
        expect 2 err "undead faq: results database: $msg"
        run "$undead" sim one-die --games 1 --db x.db
        expect 2 err "undead sim: results database: $msg"
        run "$undead" db integrity --db x.db
        expect 1 out "x.db: not a whole results database: $2"
        grep -qx ok out && fail "db integrity ($1) said ok: $(cat out)"
        cmp -s x.db before || fail "x.db ($1) was changed"
        [[ "${UD_SANITIZED:-}" == 1 ]] && cmds=("db runs")
        return 0
    }
    while read -r type name; do
        cp good.db x.db
        sql x.db "DROP ${type^^} $name" > /dev/null
        refused "$name" "its $type $name is missing"
    done <<< "$objects"
    cp good.db x.db
    sql x.db "ALTER TABLE runs DROP COLUMN proc_start" > /dev/null
    refused runs.proc_start "its table runs has no column proc_start"
    cp good.db x.db
    sql x.db "DROP VIEW newest_cases" > /dev/null
    sql x.db "CREATE TABLE newest_cases(id)" > /dev/null
    refused newest_cases "its view newest_cases is missing (a table of that name is there)"
    # the whole file is read as before
    run "$undead" db show 1 --db good.db
    [[ $rc == 0 ]] || fail "db show on the whole file: exit $rc: $(cat err)"
    run "$undead" db integrity --db good.db
    expect 0 out ok
    ;;
db-side-files)
    mkdir d
    "$undead" sim zombie-dice --games 50 --db d/good.db > /dev/null || fail "undead sim"
    # a file in WAL mode with no side files (as a writer of an older undead left it)
    sql d/good.db "PRAGMA journal_mode = WAL" > /dev/null
    [[ $(od -An -tu1 -j18 -N2 d/good.db | tr -s ' ') == " 2 2" ]] || fail "good.db is not in WAL mode"
    [[ ! -e d/good.db-wal && ! -e d/good.db-shm ]] || fail "side files before the readers"
    # readers FILE RC MESSAGE: each reader of d/FILE exits RC (MESSAGE on
    # standard error when 2); d/ holds d/FILE alone after each, unchanged
    readers() {
        local cmd
        cp "d/$1" before
        for cmd in "db runs" "db show last" "db diff 1 1" "db query rarest-rules" "db integrity" "faq"; do
            if [[ $cmd == faq ]]; then
                run "$undead" faq --db "d/$1" --golden "$src/golden" --format md
            else
                # shellcheck disable=SC2086
                run "$undead" $cmd --db "d/$1"
            fi
            if [[ $cmd == faq && $2 == 0 ]]; then
                expect 2 err "undead faq: the database holds no finished verify run of zombie-dice: run 'undead verify zombie-dice --db d/$1' first"
            elif [[ $cmd == "db integrity" && $2 == 2 ]]; then
                expect 1 out "d/$1: $3"
            elif [[ $2 == 2 ]]; then
                local who="undead db"
                [[ $cmd == faq ]] && who="undead faq: results database"
                expect 2 err "$who: d/$1: cannot read it as a database: $3 (nothing was changed)"
            else
                [[ $rc == 0 ]] || fail "$cmd on d/$1: exit $rc: $(cat err)"
            fi
            [[ "$(ls -A d)" == "$1" ]] || fail "$cmd on d/$1 left: $(ls -A d | tr '\n' ' ')"
            cmp -s "d/$1" before || fail "$cmd changed d/$1"
        done
    }
    readers good.db 0
    # cut in half at a page: refused as corrupt, no side files either
    size=$(stat -c %s d/good.db)
    mv d/good.db good.db
    head -c $(( size / 8192 * 4096 )) good.db > d/w.db
    readers w.db 2 "database disk image is malformed"
    rm d/w.db
    # a read-only file: read without side files (immutable: no one writes it)
    cp good.db d/ro.db
    chmod 0444 d/ro.db
    readers ro.db 0
    rm -f d/ro.db
    # a live connection's side files are its own: left, and it goes on
    cp good.db d/good.db
    python3 -c '
import sqlite3, sys, time
c = sqlite3.connect("d/good.db")
c.execute("SELECT count(*) FROM runs").fetchone()
open("held", "w").close()
while not __import__("os").path.exists("go"):
    time.sleep(0.05)
c.execute("INSERT INTO run_params(run_id, name, value) VALUES (1, ?, ?)", ("side", "files"))
c.commit()
c.close()
' &
    pid=$!
    for _ in $(seq 200); do [[ -e held ]] && break; sleep 0.05; done
    [[ -e held ]] || fail "the live connection did not start"
    [[ -e d/good.db-wal && -e d/good.db-shm ]] || fail "no side files beside a live connection"
    run "$undead" db runs --db d/good.db
    [[ $rc == 0 ]] || fail "db runs beside a live connection: exit $rc: $(cat err)"
    [[ -e d/good.db-wal && -e d/good.db-shm ]] || fail "a reader removed a live connection's side files"
    touch go
    wait "$pid" || fail "the live connection could not write after the reader"
    [[ "$(sql d/good.db "SELECT value FROM run_params WHERE name = 'side'")" == files ]] ||
        fail "the live connection's write is lost"
    [[ "$(ls -A d)" == good.db ]] || fail "the last connection left: $(ls -A d | tr '\n' ' ')"
    ;;
offers-to-move)
    # the second offers: p1 decides again after rolling once
    for tm in p2 nobody "" null; do
        conform_with to-move "$tm"
        found="$tm to move"
        [[ $tm == nobody ]] && found="'nobody' to move (no player of this game)"
        [[ $tm == "" ]] && found="'' to move (an empty name)"
        [[ $tm == null ]] && found="no one to move (null)"
        expect 1 out "departure (to-move) in seeded game 1 (seed 1), at play 2 (after 1 decision):"
        expect 1 out "  expected: p1 to move"
        expect 1 out "  found:    $found"
        expect 1 out '  request:  {"cmd":"offers"}'
        expect 1 out "  rule:     ZD-CHOICE"
        expect 1 out "  why:      none: nothing explains it: no other reading and no single changed row plays this step as the implementation did, and no row of the step wrote what differs; ZD-CHOICE is the row the rules needed at this position"
        # the record: the game to the position asked about, then the player
        # the answer put to move, which check refuses there, naming the row
        expect 1 rec.txt "# to-move: expected p1 to move; the implementation: $found"
        [[ $(grep -c '^decide ' rec.txt) == 1 ]] || fail "the record is not cut at the offers: $(cat rec.txt)"
        word=$tm other=""
        [[ $tm == "" || $tm == null ]] && word="?"
        [[ $tm == p2 ]] || other=", no player of this table"
        [[ $(tail -n 1 rec.txt) == "waits $word" ]] || fail "the record does not end 'waits $word': $(tail -n 3 rec.txt)"
        n=$(wc -l < rec.txt)
        run "$undead" check --no-db rec.txt
        expect 1 err "rec.txt:$n: ZD-CHOICE: the rules need a decision by p1 (stop|roll) here; the record's game waits for a decision by '$word'$other"
    done
    # the right player is agreed with
    conform_with to-move p1
    [[ $rc == 0 ]] || fail "to_move p1: exit $rc: $(head -c 2000 out)"
    grep -Eq '^seeded: 1 games, [0-9]+ plays in .*, every step agreed$' out || fail "not agreed: $(head -c 2000 out)"
    ;;
adapter-text)
    shown='\x1b[31mRED\x1b[0m\xc2\x9b\x7f'
    conform_with name 'ESC[31mREDESC[0mCSIDEL'
    expect 0 out "conform zombie-dice: adapter '$shown', protocol 1, chance both (dictate, then follow)"
    conform_with offer 'ESC[31mREDESC[0mCSIDEL'
    expect 1 out "  found:    the implementation also offers '$shown'"
    expect 1 rec.txt "offers p1 stop | roll | $shown"
    conform_with state 'ESC[31mREDESC[0mCSIDEL'
    expect 1 out "  found:    turn=$shown"
    grep -qF "= turn=$shown brains=" rec.txt || fail "the record's state line is not escaped: $(cat -A rec.txt)"
    conform_with error 'ESC[31mREDESC[0mCSIDEL'
    expect 2 out 'broken adapter in seeded game 1 (seed 1): request 5 ({"cmd":"offers"}): the adapter answered with an error: '"$shown"
    ! grep -q $'\x1b' out || fail "an escape character was printed: $(cat -A out)"
    ;;
golden-loop)
    mkdir gd
    cp -r "$src/golden/one_die" gd/
    n=$(find gd/one_die -name '*.in' | wc -l)
    [[ $n -ge 2 ]] || fail "only $n cases in golden/one_die"
    # the totals of the same cases with no link among them: the rows no
    # case fires, and the games counted, however many the games have
    cp -r "$src/golden/one_die" plain
    "$undead" golden check --no-db --dir plain > plain.out 2>&1 || fail "golden check of the plain copy: $(cat plain.out)"
    rows=$(sed -n 's/^golden check: .* updated, \([0-9]* rule row(s) fired by no case .*\)$/\1/p' plain.out)
    [[ -n $rows ]] || fail "no totals line: $(cat plain.out)"
    ln -s .. gd/one_die/examples/loop
    ln -s ../examples gd/one_die/seeded/again
    note() { # note LINK: LINK's line on standard error
        grep -qxF "undead golden: $1: a symbolic link to a folder, not followed" err ||
            fail "no note of $1 on standard error: $(head -c 2000 err)"
    }
    run "$undead" golden check --no-db --dir gd/one_die
    expect 0 out "golden check: $n case(s), 0 failed, 0 updated, $rows"
    note gd/one_die/examples/loop
    note gd/one_die/seeded/again
    run "$undead" golden update --no-db --dir gd/one_die
    expect 0 out "golden update: $n case(s), 0 failed, 0 updated, $rows"
    note gd/one_die/examples/loop
    # the folder given may itself be a link
    ln -s gd/one_die od
    run "$undead" golden check --no-db --dir od
    expect 0 out "golden check: $n case(s), 0 failed, 0 updated, $rows"
    # verify's row and the figures it records count each case once
    run "$undead" verify one-die --db v.db --golden gd --fuzz "$src/fuzz" --games 2 --reading-games 2 --jobs 1
    [[ $rc == 0 ]] || fail "verify: exit $rc: $(head -c 2000 err)"
    note gd/one_die/examples/loop
    grep -Eq "^one-die +[0-9]+ +[0-9]+/[0-9]+ +$n ok " out || fail "verify's row does not count $n cases: $(cat out)"
    [[ "$(sql v.db "SELECT value FROM metrics m JOIN runs r ON r.id = m.run_id WHERE r.command = 'golden' AND m.name = 'cases'")" == "$n.0" ]] ||
        fail "verify recorded $(sql v.db "SELECT value FROM metrics WHERE name = 'cases'") golden cases, expected $n"
    # a folder that cannot be read is an error, not the end of the walk
    # (root reads every folder: only checked as another user)
    if [[ $(id -u) != 0 ]]; then
        rm gd/one_die/examples/loop gd/one_die/seeded/again
        chmod 0 gd/one_die/seeded
        run "$undead" golden check --no-db --dir gd/one_die
        chmod 0755 gd/one_die/seeded
        expect 2 err "undead golden: gd/one_die/seeded: cannot read the folder: Permission denied"
    fi
    ;;
*)
    fail "unknown case '$case_'"
    ;;
esac
