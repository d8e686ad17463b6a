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
*)
    fail "no such case"
    ;;
esac
