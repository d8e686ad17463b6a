#!/usr/bin/env bash
# tests/faults_attack5.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a fifth attack pass found, as tests/faults.sh does for the others:
# each CASE is one fault (or one family), run as a user would, with the
# exact message and exit status asserted.
#   file-size  a write past the file-size limit (ulimit -f) ended undead by
#            SIGXFSZ: exit 153, nothing said, the output's temporary file
#            left beside it.  The signal is ignored: the write's EFBIG is
#            reported as any failed write, exit 2, the temporary removed.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack5 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
file-size)
    rec="$src/golden/zombies_board/seeded/two-greedy.transcript"
    rc=0
    (ulimit -f 4 && exec "$undead" show zombies-board "$rec" --format svg -o s.svg) \
        < /dev/null > out 2> err || rc=$?
    expect 2 err "undead show: s.svg: writing: File too large"
    left=$(find . -name '*.tmp')
    [[ -z $left && ! -e s.svg ]] || fail "files left: $(ls -A)"
    # standard output past the limit: reported, not a signal
    rc=0
    (ulimit -f 4 && exec "$undead" play zombies-board --no-db) < /dev/null > big.out 2> err || rc=$?
    expect 2 err "undead: writing standard output: File too large"
    # the database past the limit: exit 2, the file named
    rc=0
    (ulimit -f 50 && exec "$undead" sim zombie-dice --games 200 --db f.db) < /dev/null > out 2> err || rc=$?
    [[ $rc == 2 ]] || fail "sim --db past the limit: exit $rc, expected 2: $(head -c 2000 err)"
    grep -q "^undead sim: results database: f.db: " err || fail "sim --db: $(head -c 2000 err)"
    ;;
*)
    fail "unknown case"
    ;;
esac
