#!/usr/bin/env bash
# tests/faults.sh CASE UNDEAD SOURCE_DIR - regression tests for the faults an
# attack pass found (issue 16, "Faults and bad input"): each CASE is one
# fault, run as a user would, with the exact message asserted.
#   no-end   a game that never ends (every seat always-roll): sim and check
#            stop at the decision bound, say so, in seconds and bounded memory,
#            writing a bounded transcript and database.
set -euo pipefail
case_="$1" undead="$2" src="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "faults $case_: $*" >&2; exit 1; }

# expect RC FILE LINE: the command exited RC and FILE holds LINE exactly.
expect() {
    [[ $rc == "$1" ]] || fail "exit $rc, expected $1; stderr: $(head -c 2000 err)"
    grep -qxF -- "$3" "$2" || fail "expected the line '$3' in $2: $(head -c 2000 "$2")"
}
# size_below FILE BYTES
size_below() {
    local n; n=$(stat -c %s "$1")
    (( n < $2 )) || fail "$1 is $n bytes, expected fewer than $2"
}
# run CMD...: with 1 GB of address space and 60 s at most; rc gets the exit status.
run() {
    rc=0
    ( ulimit -v 1000000; exec timeout 60 "$@" ) > out 2> err || rc=$?
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
*) fail "unknown case" ;;
esac
echo "faults $case_: ok"
