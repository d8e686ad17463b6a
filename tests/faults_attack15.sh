#!/usr/bin/env bash
# tests/faults_attack15.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a fifteenth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message and exit status asserted.
#   db-one-byte  a 1-byte file given as --db (or named by UNDEAD_DB) was
#            overwritten by a command that records: SQLite reads such a
#            file as an empty database, and undead took it for a new one.
#            Refused now as a file of 2 bytes or more is: "not a SQLite
#            database", exit 2, the file unchanged.  An empty (0-byte)
#            file is still a new database: it holds nothing to lose.
#   db-damaged  a command that records (play, sim, db migrate ...) wrote
#            into a database whose index no longer matched its table:
#            PRAGMA quick_check, which the open ran, does not compare them,
#            and db integrity reported "row 1 missing from index".  A
#            writer's first open of a file runs PRAGMA integrity_check(1)
#            now, and refuses a damaged file: exit 2, saying what is
#            wrong, the file unchanged.
#   db-orphans  db integrity said "ok" of a database whose run was deleted
#            by hand with foreign keys off (the sqlite3 shell's default),
#            leaving its cases, parameters and metrics naming no run: it
#            did not run PRAGMA foreign_key_check.  Each table holding
#            such rows is a problem line now, with its count, exit 1.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack15 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
db-one-byte)
    printf '\n' > one.db
    cp one.db one.orig
    run "$undead" play one-die --db one.db
    expect 2 err "undead play: results database: one.db: not a SQLite database; refusing to use it (nothing was changed)"
    cmp -s one.db one.orig || fail "play changed one.db"
    run env UNDEAD_DB=one.db "$undead" sim one-die --games 1
    expect 2 err "undead sim: results database: one.db: not a SQLite database; refusing to use it (nothing was changed)"
    cmp -s one.db one.orig || fail "sim changed one.db"
    run "$undead" db migrate --db one.db
    expect 2 err "undead db migrate: one.db: not a SQLite database; refusing to use it (nothing was changed)"
    # the readers, and db integrity, say it as of a 2-byte file
    run "$undead" db runs --db one.db
    expect 2 err "undead db: one.db: not a SQLite database; refusing to use it (nothing was changed)"
    run "$undead" db integrity --db one.db
    expect 1 out "one.db: file is not a database"
    printf 'ab' > two.db
    run "$undead" db integrity --db two.db
    expect 1 out "two.db: file is not a database"
    cmp -s one.db one.orig || fail "a reader changed one.db"
    # an empty file is a new database, as before
    : > empty.db
    run "$undead" play one-die --db empty.db
    [[ $rc == 0 ]] || fail "play on an empty file: exit $rc: $(head -c 500 err)"
    run "$undead" db integrity --db empty.db
    expect 0 out "ok"
    ;;
db-damaged)
    "$undead" sim one-die --games 20 --db a.db > /dev/null
    cp a.db c.db
    python3 -c 'import sqlite3; c = sqlite3.connect("c.db"); c.execute("PRAGMA writable_schema = ON"); c.execute("UPDATE sqlite_schema SET sql = '"'CREATE INDEX events_by_rule ON events(text)'"' WHERE name = '"'events_by_rule'"'"); c.commit(); c.close()'
    cp c.db c.orig
    run "$undead" db integrity --db c.db
    expect 1 out "row 1 missing from index events_by_rule"
    said="c.db: the database is corrupt (SQLite's integrity check says: row 1 missing from index events_by_rule); refusing to use it (nothing was changed); 'undead db integrity --db c.db' lists every problem, and 'sqlite3 c.db .recover' may save its rows"
    run "$undead" play one-die --db c.db
    expect 2 err "undead play: results database: $said"
    run "$undead" sim one-die --games 3 --db c.db
    expect 2 err "undead sim: results database: $said"
    run "$undead" check --db c.db "$src/golden/one_die/examples/bust.transcript"
    expect 2 err "undead check: results database: $said"
    run "$undead" db migrate --db c.db
    expect 2 err "undead db migrate: $said"
    cmp -s c.db c.orig || fail "a writer changed c.db"
    # the sound file still takes runs
    run "$undead" play one-die --db a.db
    [[ $rc == 0 ]] || fail "play on a sound database: exit $rc: $(head -c 500 err)"
    ;;
db-orphans)
    "$undead" sim one-die --games 5 --db o.db > /dev/null
    "$undead" sim one-die --games 5 --seed 9 --db o.db > /dev/null
    sql o.db "DELETE FROM runs WHERE id = 2" > /dev/null
    cp o.db o.orig
    run "$undead" db integrity --db o.db
    why="(PRAGMA foreign_key_check; a row deleted with foreign keys off, as in the sqlite3 shell, leaves such rows behind)"
    expect 1 out "o.db: 5 rows of table cases name a row of table runs that is not there $why"
    expect 1 out "o.db: 1 row of table run_variants names a row of table runs that is not there $why"
    [[ $(wc -l < out) == 5 ]] || fail "expected 5 lines (cases, coverage, metrics, run_params, run_variants): $(cat out)"
    ! grep -qx ok out || fail "said ok: $(cat out)"
    cmp -s o.db o.orig || fail "db integrity changed o.db"
    ;;
*)
    fail "no such case"
    ;;
esac
