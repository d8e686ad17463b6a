#!/usr/bin/env bash
# tests/faults_attack13.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a thirteenth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message (or bytes) and exit status asserted.
#   empty-dir  an option naming a folder given '' (verify --golden '',
#            --fuzz '', --texts '', faq --golden '', golden --dir '',
#            --content '', ...) was taken: joined to what is read below
#            it, it named a path from the root ("undead verify:
#            /one_die: no such directory", /corpus/one_die_engine,
#            /zombie_dice: a /one_die there would have been read), or
#            nothing at all (": no such file or folder").  Refused by the
#            option layer, as golden --html '' was, naming the option.
#   golden-folder  text --golden DIR and db baseline --golden DIR naming
#            no folder (missing, a file, a FIFO) were read as golden's
#            cases: three lines from "undead golden:" (a command not run)
#            ending "1 golden case(s) or folder(s) could not be read", and
#            for db baseline "the golden cases under nodir/one_die do not
#            replay cleanly" after every seeded game was played.  Now said
#            first, by the command, as verify and faq say it, exit 2.
#   recover-message  a writing open that could not mark a dead process's
#            run interrupted (a trigger of the file's refusing the update;
#            a full disk, a corrupt page) said why as SQLite's text for
#            no error: "PATH: recovering runs: not an error".  The reason
#            is taken when the update fails, in undead's words with
#            SQLite's after: "recovering runs: a trigger undead did not
#            make refused the change (SQLite: nope); ...".
#   end-message  a run whose end could not be recorded was said as
#            "undead: results database: PATH: ending the run: ...": no
#            command, and the path raw (an ESC in it reached the
#            terminal).  Said as the run's start is: "undead play:
#            results database: t\x1b[31m.db: ...".
#   nul-escape  a request (serve) or an answer (conform) with a string or
#            key holding \u0000 was refused in the JSON library's words,
#            naming its flag: "\u0000 is not allowed without
#            JSON_ALLOW_NUL", "NUL byte in object key not supported"; the
#            protocol did not say such a string is refused.  Said in the
#            protocol's words (docs/conformance.md says it too).
#   start-number  a start line's number (play --start, a record's start
#            line, serve's "start") was read with strtol in Zombie Dice,
#            One Die and Dice of the Living Dead: 'score p1 +5' and
#            'healthy +5' were taken (and written so in the record), '-0'
#            as 0, where the card and board games, a record's seed and a
#            decision's number take digits alone.  Refused as they are.
#   new-game-undead  tools/new-game.sh took the PREFIX 'undead', the
#            program's own names (undead_command, undead_commands, the
#            database's undead_run_status, the UNDEAD_* variables): no
#            function of that prefix is defined twice, which is what
#            faults_dbpkg's prefix case derives the namespaces from.
#   new-game-partial  tools/new-game.sh stopping part way (a template
#            missing, a full disk, seed.sh failing) left the new game half
#            made: spec/FOLDER/ with a few files, which its next run then
#            refused as "spec/FOLDER already exists".  What it wrote is
#            taken back, and it says so.
#   dotld-headcount  Dice of the Living Dead's start lines refused no
#            survivors at all but took fewer survivors than players
#            ('healthy 1' at a table of two): a party lost before the game
#            began, whose every game with invariants on (sim, play
#            --invariants) broke DL-INV-NOT-LOST: exit 1, a rule violation,
#            for a start position that is bad input.  Refused, exit 2.
#   data-hint  undead's data not found beside the program, the message's
#            way around it named every option as taking a folder: "give
#            --editions DIR" and "give --notes DIR" (each takes a file),
#            and for mutate, which has no such option, "give
#            UNDEAD_DATA_DIR DIR, or set UNDEAD_DATA_DIR ...".  Each option
#            is named with what it takes; mutate names the variable alone.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack13 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
empty-dir)
    "$undead" play one-die --no-db > o.t
    while read -r line; do
        cmd=${line% *} opt=${line##* }
        # shellcheck disable=SC2086 # cmd is words
        run "$undead" $cmd "$opt" ''
        expect 2 err "undead ${cmd%% *}: $opt '': expected a folder name"
        [[ ! -s out ]] || fail "$cmd $opt '': $(head -c 300 out)"
        # the same written --OPT=, and with the option shortened
        # shellcheck disable=SC2086
        run "$undead" $cmd "$opt="
        expect 2 err "undead ${cmd%% *}: $opt '': expected a folder name"
    done <<'EOF'
verify one-die --no-db --golden
verify one-die --no-db --fuzz
verify one-die --no-db --texts
faq --game one-die --golden
faq --game one-die --texts
golden check --no-db --dir
golden check --no-db --html
text zombie-dice rules.txt --golden
db baseline check one-die --golden
mutate one-die --no-db --build-dir
mutate one-die --no-db --fuzz-dir
play one-die --no-db --content
sim one-die --no-db --games 1 --content
check --no-db o.t --content
show one-die o.t --content
serve one-die --content
explore one-die --no-db --content
conform one-die --no-db --content
EOF
    run "$undead" play one-die --no-db --cont ''
    expect 2 err "undead play: --content '': expected a folder name"
    # a folder's name is taken as ever
    cp -r "$src/spec/one_die/content" c
    run "$undead" play one-die --no-db --content c
    [[ $rc == 0 ]] || fail "--content c: exit $rc: $(head -c 300 err)"
    ;;
golden-folder)
    touch rules.txt afile
    mkfifo afifo
    hint="give --golden DIR, or set UNDEAD_DATA_DIR to the folder holding undead's data"
    run "$undead" text zombie-dice rules.txt --golden nodir
    expect 2 err "undead text: nodir: no such directory (the golden cases that pin the rows: $hint)"
    [[ $(wc -l < err) == 1 ]] || fail "text --golden nodir: $(cat err)"
    run "$undead" text zombie-dice rules.txt --golden afifo
    expect 2 err "undead text: afifo: is a FIFO, expected a folder (the golden cases that pin the rows: $hint)"
    run "$undead" db baseline check one-die --golden nodir
    expect 2 err "undead db baseline: nodir/one_die: no such directory (the game's golden cases: $hint)"
    [[ $(wc -l < err) == 1 ]] || fail "db baseline --golden nodir: $(cat err)"
    run "$undead" db baseline update one-die --golden afile
    expect 2 err "undead db baseline: afile: is a file, expected a folder (the game's golden cases: $hint)"
    mkdir g
    run "$undead" db baseline update one-die --golden g --file b.csv
    expect 2 err "undead db baseline: g/one_die: no such directory (the game's golden cases: $hint)"
    [[ ! -e b.csv ]] || fail "b.csv was written"
    # a golden folder is read as ever
    run "$undead" text zombie-dice rules.txt --golden "$src/golden"
    [[ $rc != 2 ]] || ! grep -q 'golden' err || fail "text --golden golden: $(head -c 300 err)"
    ;;
recover-message | end-message)
    db=$'t\e[31m.db'
    [[ $case_ == recover-message ]] && db=t.db
    "$undead" play one-die --db "$db" > /dev/null
    sql "$db" "CREATE TRIGGER no_end BEFORE UPDATE ON runs BEGIN SELECT RAISE(ABORT, 'nope'); END" > /dev/null
    run "$undead" play one-die --db "$db"
    shown=${db//$'\e'/'\x1b'}
    if [[ $case_ == end-message ]]; then
        expect 2 err "undead play: results database: $shown: ending the run: a trigger undead did not make refused the change (SQLite: nope); nothing more of this run was recorded"
    else
        [[ $rc == 2 ]] || fail "play: exit $rc: $(head -c 300 err)"
    fi
    [[ $(sql "$db" "SELECT group_concat(status) FROM runs") == complete,running ]] ||
        fail "runs: $(sql "$db" "SELECT group_concat(status) FROM runs")"
    # the next writing open finds run 2's process gone, and cannot record it
    if [[ $case_ == recover-message ]]; then
        run "$undead" check --db "$db" -
        expect 2 err "undead check: results database: t.db: recovering runs: a trigger undead did not make refused the change (SQLite: nope); nothing more of this run was recorded"
        [[ $(sql "$db" "SELECT group_concat(status) FROM runs") == complete,running ]] ||
            fail "runs after check: $(sql "$db" "SELECT group_concat(status) FROM runs")"
    fi
    ;;
nul-escape)
    printf '%s\n' '{"cmd":"hello\u0000","protocol":1}' '{"cmd":"hello","protocol":1,"a\u0000":1}' \
        '{"cmd":"hello","protocol":1}' > in
    run "$undead" serve one-die
    [[ $rc == 0 ]] || fail "serve: exit $rc: $(head -c 300 err)"
    want='{"error":"expected one JSON object per line: a string holding \\u0000, a NUL: the protocol'"'"'s strings hold none, near column 20"}'
    [[ $(sed -n 1p out) == "$want" ]] || fail "serve, a string: $(sed -n 1p out)"
    want='{"error":"expected one JSON object per line: a key holding \\u0000, a NUL: the protocol'"'"'s strings hold none, near column 37"}'
    [[ $(sed -n 2p out) == "$want" ]] || fail "serve, a key: $(sed -n 2p out)"
    [[ $(sed -n 3p out) == '{"protocol":1,"name":"undead serve one-die"}' ]] || fail "serve, then: $(sed -n 3p out)"
    rm in
    # an adapter whose name holds one
    printf '%s\n' 'import sys' 'for line in sys.stdin:' \
        '    print("{\"protocol\":1,\"name\":\"a\\u0000\"}", flush=True)' > ad.py
    run "$undead" conform one-die --no-db --games 1 -- python3 ad.py
    expect 2 out "broken adapter at the start: request 1 ({\"cmd\":\"hello\",\"protocol\":1}): expected one JSON object on a line (a string holding \\u0000, a NUL: the protocol's strings hold none, near column 30), received '{\"protocol\":1,\"name\":\"a\\u0000\"}'"
    ;;
start-number)
    while IFS='|' read -r game line why; do
        run "$undead" play "$game" --no-db --start "$line"
        expect 2 err "undead play: start '$line': $why"
        [[ ! -s out ]] || fail "play $game --start '$line': $(head -c 300 out)"
    done <<'EOF'
zombie-dice|score p1 +5|expected 'score PLAYER N' with N a whole number, got '+5'
zombie-dice|score p1 -0|score -0 is out of range 0..1000
zombie-dice|score p1 -|expected 'score PLAYER N' with N a whole number, got '-'
one-die|score p1 +3|expected 'score PLAYER N' with N a whole number, got '+3'
one-die|round +2|expected 'round N' with N a whole number, got '+2'
one-die|score p1 -0|score -0 is out of range 0..999
dotld|healthy +5|expected a whole number, got '+5'
dotld|time -0|-0 is out of range 1..6
dotld|space +1|expected a whole number, got '+1'
zombies-cards|deck p1 +1|expected a card number 1..104, got '+1'
EOF
    # a record's start line, and serve's
    "$undead" play zombie-dice --no-db --start 'score p1 5' > s.t
    sed 's/^start score p1 5$/start score p1 +5/' s.t > p.t
    run "$undead" check --no-db p.t
    expect 2 err "p.t:16:7: expected 'score PLAYER N' with N a whole number, got '+5'"
    printf '%s\n' '{"cmd":"new","game":"one-die","players":["a","b"],"chance":"follow","seed":1,"start":["score a +3"]}' > in
    run "$undead" serve one-die
    expect 0 out "{\"error\":\"start 'score a +3': expected 'score PLAYER N' with N a whole number, got '+3'\"}"
    rm in
    # digits are read as ever
    run "$undead" play dotld --no-db --start 'healthy 5' --start 'time 2'
    [[ $rc == 0 ]] || fail "dotld healthy 5: exit $rc: $(head -c 300 err)"
    ;;
new-game-undead | new-game-partial)
    new_game_tree
    if [[ $case_ == new-game-undead ]]; then
        run bash tree/tools/new-game.sh foo undead
        expect 2 err "tools/new-game.sh: PREFIX 'undead' is reserved for the program's own names (tools/commands.h: undead_command, undead_commands; the database's undead_run_status, UNDEAD_* variables); give another as the second argument"
    else
        # One Die's files are not in the copy: the first rename fails
        run bash tree/tools/new-game.sh foo fo
        [[ $rc != 0 ]] || fail "new-game.sh without its template: exit 0"
        expect "$rc" err "tools/new-game.sh: stopped part way; removed what it had written (spec/foo, golden/foo, fuzz/corpus/foo_*)"
    fi
    find tree | sort > tree.after
    cmp -s tree.before tree.after || fail "it left: $(diff tree.before tree.after)"
    ;;
dotld-headcount)
    why="start lines: expected at least 2 survivors (healthy or infected), one a player (DL-MP-LOSS-HEADCOUNT), found healthy 1 and infected 0"
    run "$undead" sim dotld --no-db --games 3 --start 'healthy 1'
    expect 2 err "undead sim: $why"
    run "$undead" play dotld --no-db --invariants --start 'healthy 1'
    expect 2 err "undead play: $why"
    run "$undead" play dotld --no-db --players a,b,c --start 'healthy 1' --start 'infected 1'
    expect 2 err "undead play: start lines: expected at least 3 survivors (healthy or infected), one a player (DL-MP-LOSS-HEADCOUNT), found healthy 1 and infected 1"
    printf 'undead-transcript 1\ngame dotld\nplayer a\nplayer b\nstart healthy 1\nseed 1\n' > r.t
    run "$undead" check --no-db r.t
    expect 2 err "r.t:5:7: ${why#start lines: }"
    # enough survivors, or a party of one, are played as ever
    run "$undead" sim dotld --no-db --games 3 --start 'healthy 1' --start 'infected 1'
    [[ $rc == 0 ]] || fail "two survivors for two: exit $rc: $(head -c 300 err)"
    run "$undead" sim dotld --no-db --games 3 --players a --start 'healthy 1'
    [[ $rc == 0 ]] || fail "one survivor alone: exit $rc: $(head -c 300 err)"
    ;;
data-hint)
    # the program outside its build tree, with no share/undead beside it
    mkdir bin
    cp "$undead" bin/undead
    here=$(realpath .)
    "$undead" play one-die --db r.db > /dev/null
    while IFS='|' read -r cmd way; do
        # shellcheck disable=SC2086 # cmd is words
        run bin/undead $cmd
        expect 2 err "undead ${cmd%% *}: $here/share/undead: no such directory (undead's data, looked for beside the program: ${way}set UNDEAD_DATA_DIR to the folder holding undead's data)"
    done <<'EOF'
faq --db r.db|give --editions FILE, or 
text zombie-dice rules.txt|give --notes FILE, or 
mutate one-die --list --no-db|
golden check --no-db|give --dir DIR, or 
verify one-die --no-db|give --golden DIR, or 
EOF
    UNDEAD_DATA_DIR= run bin/undead mutate one-die --list --no-db
    expect 2 err "undead mutate: UNDEAD_DATA_DIR is empty: expected the folder holding undead's data (unset it for the data undead finds by itself)"
    ;;
*)
    fail "no such case"
    ;;
esac
