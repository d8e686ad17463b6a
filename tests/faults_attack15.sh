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
#   db-run-ids  run ids were used again (runs.id without AUTOINCREMENT):
#            after the last run was deleted with foreign keys off, the next
#            run took its id, and with it the deleted run's cases and
#            parameters.  Schema version 8 (db/migrations/008.sql) makes
#            runs and cases AUTOINCREMENT, their next ids above every id a
#            row names; a database of version 7 with such rows is migrated
#            by the next writer, whose run gets a new id.
#   db-write-refused  a write SQLite refused was said in its words alone
#            ("recording a variant: UNIQUE constraint failed: ..."): said
#            now as what undead was doing, what the database holds and
#            that nothing more of the run was recorded, exit 2.
#   db-no-runs  db show and db diff on a database holding no run (every
#            one deleted by hand) said "no run 'last' (expected a run ID,
#            'last' or 'last~N' ...)", as if the word were wrong: said now
#            that the database holds no run, exit 2.
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
db-run-ids)
    for seed in 1 9 20; do "$undead" sim one-die --games 5 --seed $seed --db p.db > /dev/null; done
    # the file as version 7 made it: runs and cases without AUTOINCREMENT
    python3 - <<'PY'
import sqlite3
c = sqlite3.connect("p.db")
c.execute("PRAGMA writable_schema = ON")
c.execute("UPDATE sqlite_schema SET sql = replace(sql, ' AUTOINCREMENT', '') WHERE name IN ('runs', 'cases')")
c.execute("DELETE FROM sqlite_schema WHERE name = 'sqlite_sequence'")
c.execute("PRAGMA user_version = 7")
c.commit()
c.close()
c = sqlite3.connect("p.db")
c.execute("VACUUM")
c.close()
PY
    [[ $(sql p.db "PRAGMA integrity_check") == ok ]] || fail "the version-7 file is not sound"
    sql p.db "DELETE FROM runs WHERE id = 3" > /dev/null
    run "$undead" play one-die --db p.db
    [[ $rc == 0 ]] || fail "play on a version-7 database: exit $rc: $(head -c 500 err)"
    [[ $(sql p.db "PRAGMA user_version") == 8 ]] || fail "not migrated to version 8"
    [[ $(sql p.db "SELECT max(id) FROM runs") == 4 ]] || fail "the play is not run 4: $(sql p.db "SELECT id FROM runs")"
    [[ $(sql p.db "SELECT count(*) FROM cases WHERE run_id = 4") == 1 ]] || fail "run 4 has not its one case"
    [[ $(sql p.db "SELECT count(*) FROM run_params WHERE run_id = 4 AND name = 'games'") == 0 ]] ||
        fail "run 4 took the deleted sim's parameters"
    [[ $(sql p.db "SELECT count(*) FROM cases WHERE run_id = 3") == 5 ]] || fail "the left-behind cases changed"
    run "$undead" db show last --db p.db
    grep -q '^4 .* complete .* play .* one-die ' out || fail "db show last: $(head -c 500 out)"
    # and in a database of this version: the last run deleted, its id stays unused
    "$undead" sim one-die --games 5 --db q.db > /dev/null
    "$undead" sim one-die --games 5 --seed 9 --db q.db > /dev/null
    sql q.db "DELETE FROM runs WHERE id = 2" > /dev/null
    "$undead" play one-die --db q.db > /dev/null
    [[ $(sql q.db "SELECT group_concat(id) FROM runs") == 1,3 ]] || fail "run ids: $(sql q.db "SELECT group_concat(id) FROM runs")"
    ;;
db-write-refused)
    "$undead" sim one-die --games 5 --db n.db > /dev/null
    # a row added by hand for the run id the next run gets
    sql n.db "INSERT INTO run_variants VALUES (2, 0, 'end', 'finish-round')" > /dev/null
    run "$undead" play zombie-dice --db n.db
    expect 2 err "undead play: results database: n.db: recording a variant: the database already holds a row where undead was adding this one: a row undead did not write, added by hand or left behind by a run deleted by hand (SQLite: UNIQUE constraint failed: run_variants.run_id, run_variants.key); nothing more of this run was recorded"
    ;;
db-no-runs)
    "$undead" sim one-die --games 2 --db e.db > /dev/null
    sql e.db "DELETE FROM runs" > /dev/null
    none="(the database holds no run: a command that records, such as 'undead sim GAME', adds one)"
    run "$undead" db show last --db e.db
    expect 2 err "undead db: no run 'last' $none"
    run "$undead" db diff 1 last~1 --db e.db
    expect 2 err "undead db: no run '1' $none"
    # a database with runs: the word is what is wrong
    "$undead" sim one-die --games 2 --db e.db > /dev/null
    run "$undead" db show last~1 --db e.db
    expect 2 err "undead db: no run 'last~1' (expected a run ID, 'last' or 'last~N'; see 'undead db runs')"
    ;;
*)
    fail "no such case"
    ;;
esac
