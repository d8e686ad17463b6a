#!/usr/bin/env bash
# tests/faults_db.sh CASE UNDEAD SOURCE_DIR [DB] - regression tests for the
# results database's faults an attack pass found, as tests/faults.sh does
# for the others: each CASE is one fault, run as a user would, with the
# exact message asserted (the cases are listed here).
#   readonly  the readers (db runs/show/diff/query, faq) open the database
#            read-only: a read-only file in a read-only folder is read, and
#            nothing is written to a file (no recovery of runs).
#   write-exit  a file a command writes that cannot be written (/dev/full)
#            exits 2, as every failed write: faq -o (HTML, Markdown), solve
#            --export.
#   max-memory  explore stops at --max-memory (the bytes of its own arrays),
#            as at --max-states: the partial table, a message, exit 0; in
#            the middle of the search and inside one step of more outcomes
#            than fit; a size that is not one is an input error (exit 2);
#            solve and verify take it for the explorations they run (a
#            limit there stops them with exit 2, not a failed check).
#   max-memory-outcomes  explore --outcomes counts the chain solve after a
#            complete search against --max-memory too: past it, the state
#            counts (complete), a message that the outcomes are not
#            computed, no outcome table, exit 0.
#   db-cases  sim stores its cases' transcript lines up to --db-bytes and
#            says how many games it stored; --db-cases above 10000 and
#            --db-bytes above 1G are input errors (exit 2).
#   faq-repeats  with two complete verify runs in the database, the FAQ's
#            edge-case and readings tables show the newest one's rows, each
#            once.
#   orphans  the analysis (solve) runs verify makes are linked to its verify
#            run from their start, after it: killed, the verify leaves them
#            part of an interrupted run, and the FAQ's figures ignore them.
#   version  a user_version set by hand (-1, 1) is refused as a version
#            undead does not know (a reader: -1 so, 1 as older), exit 2,
#            and the file is left as it was.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_db   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
# the verify_db fixture's database (tests/verify_db.sh), for the cases
# that need a verified one: copied, never written
db="${4:-}"
tmp="$(mktemp -d)"
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cd "$tmp"
# run CMD...: rc gets the exit status, out and err the output.  Bounded at
# 60 s, a hang's bound; the sanitizer build runs the largest case (an
# exploration of 144,447 states) in 30 s alone and past 60 s beside
# verify_db on two cores, so there the bound is 240 s.
run() {
    rc=0
    local bound=60
    [[ "${UD_SANITIZED:-}" == 1 ]] && bound=240
    timeout "$bound" "$@" > out 2> err || rc=$?
}

case "$case_" in
readonly)
    "$undead" sim zombie-dice --games 3 --db s.db > /dev/null || fail "undead sim"
    "$undead" sim zombie-dice --games 3 --seed 9 --db s.db > /dev/null || fail "undead sim"
    # a run whose process is gone: a reader shows it interrupted without
    # writing that down
    sql s.db "UPDATE runs SET status = 'running', pid = 999999999 WHERE id = 2" > /dev/null
    cp s.db s.orig
    mkdir ro
    cp s.db ro/s.db
    chmod 0444 ro/s.db
    chmod 0555 ro
    chmod 0755 "$tmp"
    # root writes through file modes: there the readers run as nobody
    as_reader=()
    if [[ $(id -u) == 0 ]]; then
        command -v setpriv > /dev/null || { echo "faults_db readonly: running as root without setpriv: the read-only folder is not tested"; as_reader=(skip); }
        [[ ${as_reader[0]:-} == skip ]] || as_reader=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    for file in s.db ro/s.db; do
        [[ $file == ro/s.db && ${as_reader[0]:-} == skip ]] && continue
        pre=()
        [[ $file == ro/s.db ]] && pre=(${as_reader[@]+"${as_reader[@]}"})
        for cmd in "db runs" "db show 2" "db diff 1 2" "db query rarest-rules"; do
            # shellcheck disable=SC2086
            run ${pre[@]+"${pre[@]}"} "$undead" $cmd --db "$file"
            [[ $rc == 0 ]] || fail "'$cmd' on $file: exit $rc: $(cat err)"
            cmp -s "$file" s.orig || fail "'$cmd' changed $file"
        done
        run ${pre[@]+"${pre[@]}"} "$undead" db runs --db "$file" --format csv
        grep -q '^2,[^,]*,interrupted,' out || fail "db runs on $file: run 2 is not shown interrupted: $(cat out)"
    done
    [[ ! -e ro/s.db-wal && ! -e ro/s.db-shm ]] || fail "a reader made side files in the read-only folder"
    [[ $(sql s.db "SELECT status FROM runs WHERE id = 2") == running ]] || fail "a reader recorded the recovery"
    # the FAQ reads the verified database the same way
    if [[ -s "$db" ]]; then
        cp "$db" v.db
        cp v.db v.orig
        run "$undead" faq --db v.db --golden "$src/golden" --format md
        [[ $rc == 0 ]] || fail "faq: exit $rc: $(cat err)"
        cmp -s v.db v.orig || fail "faq changed the database"
    fi
    # a writer still recovers the run
    "$undead" sim zombie-dice --games 1 --db s.db > /dev/null || fail "undead sim"
    [[ $(sql s.db "SELECT status FROM runs WHERE id = 2") == interrupted ]] || fail "a writer did not recover run 2"
    ;;
write-exit)
    [[ -c /dev/full ]] || fail "/dev/full is not a character device here"
    [[ -s "$db" ]] || fail "no verified database at '$db' (the verify_db fixture)"
    cp "$db" v.db
    run "$undead" faq --db v.db --golden "$src/golden" -o /dev/full
    expect 2 err "undead faq: writing /dev/full: No space left on device"
    run "$undead" faq --db v.db --golden "$src/golden" --format md -o /dev/full
    expect 2 err "undead faq: writing /dev/full: No space left on device"
    # the positions from 11-11 on: a few seconds
    run "$undead" solve zombie-dice game --from-score 11 --export /dev/full --no-db \
        --variant end=finish-round --variant tiebreak=one-round
    expect 2 err "undead solve: --export /dev/full: cannot write: No space left on device"
    [[ -c /dev/full ]] || fail "a command removed /dev/full"
    ;;
max-memory)
    # one thread: the search stops at the same node every time
    run "$undead" explore zombie-dice --bound turn --max-memory 16M --jobs 1 --no-db
    expect 0 err "undead explore: stopped at 5155 distinct states: the next growth of the search's arrays would pass the --max-memory bound (16.0 MiB); the counts are partial"
    grep -q "depth 2, NOT complete (the memory limit was hit)$" out || fail "not reported incomplete: $(cat out)"
    grep -qx "total [0-9]* 5155 [0-9 ]*" out || fail "no partial table: $(cat out)"
    # the first step deals more hands than fit: 1 GB was 5 GB at --max-states 1000000
    run "$undead" explore zombies-cards --max-states 1000000 --max-memory 256M --no-db
    expect 0 err "undead explore: stopped at 0 distinct states: the next growth of the search's arrays would pass the --max-memory bound (256.0 MiB); the counts are partial"
    run "$undead" explore zombie-dice --bound turn --max-memory 12Q --no-db
    expect 2 err "undead explore: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '12Q'"
    run "$undead" explore zombie-dice --bound turn --max-memory 0 --no-db
    expect 2 err "undead explore: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '0'"
    # solve and verify take it too, for every exploration they run
    run "$undead" solve zombies-cards small-deck --max-memory 1M --no-db
    expect 2 err "undead solve: defaults: the --max-memory bound was hit"
    run "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games 10 \
        --skip-analysis game --skip-analysis turn --max-memory 1M --no-db zombie-dice
    expect 2 out "zombie-dice: exploring bound turn: cut by --max-memory (1.0 MiB) after 0 distinct states; raise it to finish this step"
    run "$undead" solve zombie-dice turn --max-memory 12Q --no-db
    expect 2 err "undead solve: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '12Q'"
    run "$undead" verify --max-memory 0 --no-db zombie-dice
    expect 2 err "undead verify: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got '0'"
    ;;
max-memory-outcomes)
    # Double Feature's turn: the search (one thread) peaks near 100 MiB,
    # the reference pass's edges spelled out as mpq_t take some 170 MiB
    # on top of the graph (the fast pass fits)
    run "$undead" explore zombie-dice --bound turn --variant dice=double-feature --policy stop-at-brains \
        --outcomes --reference --jobs 1 --max-memory 128M --no-db
    expect 0 err "undead explore: the search is complete (144447 distinct states), but solving the chain for the outcomes would pass the --max-memory bound (128.0 MiB); the state counts are complete, the outcome probabilities are not computed"
    grep -q "depth 4, complete$" out || fail "not reported complete: $(cat out)"
    grep -qx "total [0-9]* 144447 [0-9 ]*" out || fail "no table: $(cat out)"
    ! grep -q "exact outcomes" out || fail "outcomes printed: $(cat out)"
    ;;
db-cases)
    run "$undead" sim zombie-dice --games 50 --db-cases 50 --db-bytes 100K --db s.db
    expect 0 err "undead sim: stored the first 14 of the 50 games asked for: the next one's transcript lines would pass the --db-bytes bound (100.0 KiB); every game still counts in the metrics and coverage"
    [[ $(sql s.db "SELECT count(*) FROM cases") == 14 ]] || fail "expected 14 stored cases"
    (( $(sql s.db "SELECT sum(length(text) + length(coalesce(rule, ''))) FROM events") <= 102400 )) \
        || fail "more than 100K of lines stored"
    [[ $(sql s.db "SELECT value FROM run_params WHERE name = 'db-cases-stored'") == 14 ]] || fail "db-cases-stored not recorded"
    run "$undead" sim zombie-dice --games 5 --db-cases 10001 --db s2.db
    expect 2 err "undead sim: --db-cases: expected a whole number from 0 to 10000, got '10001'"
    run "$undead" sim zombie-dice --games 5 --db-bytes 2G --db s2.db
    expect 2 err "undead sim: --db-bytes: expected a size in bytes from 1 to 1G (e.g. 512K, 64M), got '2G'"
    run "$undead" sim --help
    grep -qF "every transcript" out || fail "sim --help does not say what is stored"
    ;;
faq-repeats)
    [[ -s "$db" ]] || fail "no verified database at '$db' (the verify_db fixture)"
    cp "$db" v.db
    # a second complete verify of Zombie Dice (a few seconds: its exact
    # analyses left out)
    "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games 10 --seed 2 \
        --skip-analysis game --skip-analysis turn --db v.db zombie-dice > /dev/null || fail "undead verify"
    run "$undead" faq --db v.db --golden "$src/golden" --format md
    [[ $rc == 0 ]] || fail "faq: exit $rc: $(cat err)"
    row="| 001-shortage-cup-first | 27 | ZD-SHORTAGE-THREE | shortage cup=2 needed=2 | = turn=you brains=8 shotguns=2 feet=R cup=G1Y1R0 scores=you:8,rival:0 |"
    # in the table of shortages with two shotguns (the next table, all
    # shortages, holds it too)
    n=$(awk '/query-shortage-two-shotguns/ { on = 1; next } /^#/ { on = 0 } on' out | grep -cxF -- "$row" || true)
    [[ $n == 1 ]] || fail "the edge-case row is shown $n times, expected once: $row"
    # no table repeats a row (a table: consecutive lines starting with |)
    awk '/^\|/ && !/^\| ---/ { if (seen[$0]++) { print "repeated: " $0; bad = 1 } next } { delete seen }
         END { exit bad }' out > repeats || fail "a table repeats rows: $(head -5 repeats)"
    ;;
orphans)
    [[ -s "$db" ]] || fail "no verified database at '$db' (the verify_db fixture)"
    cp "$db" v.db
    before=$(sql v.db "SELECT max(id) FROM runs")
    # Dice of the Living Dead's verify: its one analysis takes a tenth of a second
    "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games 10 --seed 2 \
        --db v.db dotld > /dev/null || fail "undead verify"
    parent=$(sql v.db "SELECT id FROM runs WHERE command = 'verify' AND id > $before")
    solve=$(sql v.db "SELECT id FROM runs WHERE command = 'solve' AND id > $before")
    [[ -n "$parent" && -n "$solve" ]] || fail "no verify run or no analysis run: '$parent' '$solve'"
    (( solve > parent )) || fail "the analysis run $solve was made before its verify run $parent"
    [[ $(sql v.db "SELECT value FROM run_params WHERE run_id = $solve AND name = 'verify-run'") == "$parent" ]] \
        || fail "the analysis run $solve does not name verify run $parent"
    # killed after the analysis finished: the verify row is running and
    # its process gone (what the next open marks interrupted)
    sql v.db "UPDATE runs SET status = 'running', ended = NULL, pid = 999999999 WHERE id = $parent" > /dev/null
    run "$undead" db query solve-results --param game=dotld --format csv --db v.db
    [[ $rc == 0 ]] || fail "db query solve-results: exit $rc: $(cat err)"
    [[ $(wc -l < out) -gt 1 ]] || fail "no figures left: $(cat out)"
    ! grep -q ",$solve\$" out || fail "the FAQ's figures come from run $solve of an interrupted verify: $(head -3 out)"
    run "$undead" db diff "$solve" "$solve" --db v.db
    expect 0 out "note: run $solve is part of verify run $parent, which was interrupted: left out of everything derived"
    ;;
version)
    "$undead" sim zombie-dice --games 3 --db s.db > /dev/null || fail "undead sim"
    for v in -1 1; do
        cp s.db "v$v.db"
        sql "v$v.db" "PRAGMA user_version = $v" > /dev/null
        cp "v$v.db" orig.db
        if [[ $v == -1 ]]; then
            msg="v$v.db: database schema version -1 is not one undead knows (expected 8); refusing to use it (nothing was changed)"
            read_msg="$msg"
        else
            msg="v$v.db: database schema version 1 does not match its tables (migrating it to version 8: table case_outcomes already exists); refusing to use it (nothing was changed)"
            # a reader migrates nothing: an older version is refused as such
            read_msg="v$v.db: schema version 1 is older than this undead's (8); 'undead db migrate --db v$v.db' brings it forward (nothing was changed)"
        fi
        run "$undead" db runs --db "v$v.db"
        expect 2 err "undead db: $read_msg"
        run "$undead" sim zombie-dice --games 1 --db "v$v.db"
        expect 2 err "undead sim: results database: $msg"
        cmp -s "v$v.db" orig.db || fail "version $v: the file was changed"
    done
    ;;
*)
    fail "no such case"
    ;;
esac
echo "faults_db $case_: ok"
