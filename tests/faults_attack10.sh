#!/usr/bin/env bash
# tests/faults_attack10.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults the ninth attack pass noted and left, fixed before a tenth, as
# tests/faults.sh does for the others: each CASE is one fault (or one
# family), run as a user would, with the exact message and exit status
# asserted.
#   conform-orphan  a process an adapter moved out of its process group
#            (setsid) outlived conform, which ends the adapter's group only:
#            conform is now a child subreaper and ends and reaps such
#            orphans when it stops the adapter, at exit and on a signal.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack10 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# gone PIDFILE WHAT: the process PIDFILE names is no more (ended and
# reaped; one left is ended here, so that a failure leaves nothing behind).
gone() {
    [[ -s $1 ]] || fail "$2: the adapter wrote no pid to $1"
    local pid
    pid=$(cat "$1")
    if kill -0 "$pid" 2> /dev/null; then
        kill -KILL "$pid" 2> /dev/null || true
        fail "$2: the adapter's setsid'd process $pid outlived conform"
    fi
}

case "$case_" in
conform-orphan)
    # a well-behaved adapter (undead's own server) that first starts a
    # process in a session of its own
    cat > answers.sh << EOF
#!/bin/sh
setsid sh -c 'echo \$\$ > answers.pid; exec sleep 1000' < /dev/null > /dev/null 2>&1 &
while [ ! -s answers.pid ]; do sleep 0.01; done
exec "$undead" serve one-die
EOF
    # one that exits at once: broken at the start
    cat > exits.sh << 'EOF'
#!/bin/sh
setsid sh -c 'echo $$ > exits.pid; exec sleep 1000' < /dev/null > /dev/null 2>&1 &
while [ ! -s exits.pid ]; do sleep 0.01; done
exit 3
EOF
    # one whose orphan has a child of its own, in turn orphaned
    cat > deeper.sh << EOF
#!/bin/sh
setsid sh -c 'sleep 1000 & echo \$! > deeper.pid; wait' < /dev/null > /dev/null 2>&1 &
while [ ! -s deeper.pid ]; do sleep 0.01; done
exec "$undead" serve one-die
EOF
    chmod +x answers.sh exits.sh deeper.sh
    run "$undead" conform one-die --no-db --games 2 -- ./answers.sh
    [[ $rc == 0 ]] || fail "answers.sh: exit $rc, expected 0: $(head -c 2000 out err)"
    grep -qxF "seeded: each game in dictate mode, then with its seed in follow mode: 4 games played" out ||
        fail "answers.sh: $(head -c 2000 out)"
    gone answers.pid answers.sh
    run "$undead" conform one-die --no-db --games 2 -- ./exits.sh
    expect 2 out 'broken adapter at the start: request 1 ({"cmd":"hello","protocol":1}): expected one answer line, found end of output: the adapter exited with status 3'
    gone exits.pid exits.sh
    run "$undead" conform one-die --no-db --games 2 -- ./deeper.sh
    [[ $rc == 0 ]] || fail "deeper.sh: exit $rc, expected 0: $(head -c 2000 out err)"
    gone deeper.pid deeper.sh
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
