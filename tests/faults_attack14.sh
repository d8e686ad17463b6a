#!/usr/bin/env bash
# tests/faults_attack14.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a fourteenth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message and exit status asserted.
#   explore-visits  explore from a start where chance goes on with no
#            decision (Zombie Dice at 13-13: every bust hands the dice on,
#            through the tie-break, for ever) ran for ever at
#            --max-states 2000: the bound counted distinct states only,
#            and one step's tree of outcomes, merged into a handful of
#            states, grew by a factor of the roll's outcomes each bust
#            before the limit of 64 picks ended it.  One position's steps
#            now visit at most 64 outcomes for each state the bound
#            allows: a cut, the partial table, exit 0, naming
#            --max-states, as the state bound does.
#   db-foreign  db integrity said "ok" (exit 0) of an empty file and of
#            another program's SQLite file: sound SQLite, but no results
#            database.  Said as a problem, exit 1.  A database UNDEAD_DB
#            named that could not be used was reported by its path alone,
#            with the hint "--db PATH for another file": the variable is
#            named now.
#   explore-limit  explore from a start where a step passes a count
#            undead holds (Dice of the Living Dead at 250 infected
#            survivors: the 251st) reported "VIOLATION" and exit 1, with
#            the step's path, and the search "complete": play and check
#            stop there with exit 2, "a limit of undead's, no rule
#            broken".  explore says the same, NOT complete, exit 2.
#   link-loop  a folder option naming a loop of symbolic links (golden
#            --dir, verify --golden) said "no such directory"; the
#            system's reason is said.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack14 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
explore-visits)
    run "$undead" explore zombie-dice --max-states 2000 --start 'score p1 13' --start 'score p2 13' --no-db
    expect 0 err "undead explore: stopped at 0 distinct states: one position's steps visited more than 128000 chance outcomes before a decision (64 for each state the --max-states bound allows); the counts are partial (raise --max-states, or a --bound that ends such paths sooner)"
    grep -q "NOT complete (the --max-states bound was hit)$" out || fail "not reported cut: $(head -c 500 out)"
    ! grep -q VIOLATION out || fail "a limit reported as a violation: $(head -c 500 out)"
    # (a search whose steps stay small is cut by its distinct states as
    # before: faults_status.sh's explore cases)
    ;;
db-foreign)
    : > empty.db
    sql other.db "CREATE TABLE notes(x)" > /dev/null
    run "$undead" db integrity --db empty.db
    expect 1 out "empty.db: not a results database: an empty SQLite database (no tables)"
    run "$undead" db integrity --db other.db
    expect 1 out "other.db: not a results database: a SQLite database of another program (application_id 0)"
    [[ ! -s empty.db ]] || fail "db integrity wrote to empty.db"
    # a results database is still ok
    "$undead" play one-die --db ours.db > /dev/null
    run "$undead" db integrity --db ours.db
    expect 0 out "ok"
    # the database UNDEAD_DB names
    run env UNDEAD_DB=other.db "$undead" db integrity
    expect 1 err "undead db: (that database is the one UNDEAD_DB names: give --db PATH, or unset UNDEAD_DB)"
    run env UNDEAD_DB=other.db "$undead" db runs
    expect 2 err "undead db: (that database is the one UNDEAD_DB names: give --db PATH, or unset UNDEAD_DB)"
    run env UNDEAD_DB=nodir/x.db "$undead" play one-die
    expect 2 err "undead play: (the database UNDEAD_DB names; use --no-db to run without recording, --db PATH for another file, or unset UNDEAD_DB)"
    # given --db, the hint is the option's
    run env UNDEAD_DB=ours.db "$undead" play one-die --db nodir/x.db
    expect 2 err "undead play: (use --no-db to run without recording, or --db PATH for another file)"
    ;;
explore-limit)
    run "$undead" explore dotld --no-db --max-states 500 --start 'healthy 250' --start 'infected 250'
    expect 2 err "undead explore: stopped at a limit of undead's, no rule broken; the counts are partial: DL-LURKING-ZOMBIE: the party would hold 251 infected survivors; undead's limit is 250 (the text sets none)"
    expect 2 out "invariants checked after every rule firing: no violation (a step stopped at a limit of undead's)"
    grep -q "NOT complete (a step stopped at a limit of undead's)$" out || fail "not reported cut: $(head -c 500 out)"
    # the path to it replays: check stops at the same limit, exit 2
    sed -n '/^undead-transcript/,$p' err > path.t
    run "$undead" check --no-db path.t
    [[ $rc == 2 ]] && grep -q "DL-LURKING-ZOMBIE: the party would hold 251 infected survivors" err ||
        fail "the path: exit $rc: $(head -c 300 err)"
    ;;
link-loop)
    ln -s loopa loopb
    ln -s loopb loopa
    run "$undead" golden check --no-db --dir loopa
    expect 2 err "undead golden: loopa: cannot be read as a folder: Too many levels of symbolic links (the golden cases are read from it: --dir DIR)"
    run "$undead" golden check --no-db --dir nodir
    expect 2 err "undead golden: nodir: no such directory (the golden cases are read from it: --dir DIR)"
    ;;
*)
    fail "no such case"
    ;;
esac
