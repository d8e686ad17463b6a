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
#   data-dir-kind  UNDEAD_DATA_DIR naming a FIFO or a file said "no such
#            directory": it says what the path is and that a folder was
#            expected.
#   explore-golden  explore --golden FIFO (a folder, /dev/null, a missing
#            file, '') was refused only after the search, and the message
#            did not name --golden: refused before it, naming the option.
#   editions-empty  faq --editions '' said ": '': no such file or folder":
#            the option is named and an empty path said to name no file.
#   serve-spaced-action  serve took the action " risk 1 " (or "risk  1",
#            "risk 01") as "risk 1": the protocol's decisions are the
#            strings 'offers' gives; anything else is an error answer, and
#            the session goes on.
#   text-empty  undead text GAME empty.txt was exit 0, "0 statements in 0
#            sections": a text with no statement is refused, exit 2.
#   edition-no-question  a record of FAQ editions whose last edition (or
#            one before another) has no question under it was taken, and
#            the next --new-edition marked every question changed: refused
#            at FILE:LINE.
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
data-dir-kind)
    mkfifo fifo
    : > file
    UNDEAD_DATA_DIR=fifo timeout 120 "$undead" golden check --no-db < /dev/null > out 2> err && rc=0 || rc=$?
    expect 2 err "undead golden: UNDEAD_DATA_DIR=fifo: is a FIFO, expected a folder (the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    UNDEAD_DATA_DIR=file timeout 120 "$undead" golden check --no-db < /dev/null > out 2> err && rc=0 || rc=$?
    expect 2 err "undead golden: UNDEAD_DATA_DIR=file: is a file, expected a folder (the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    # a missing one is still said to be missing
    UNDEAD_DATA_DIR=nowhere timeout 120 "$undead" golden check --no-db < /dev/null > out 2> err && rc=0 || rc=$?
    expect 2 err "undead golden: UNDEAD_DATA_DIR=nowhere: no such directory (expected the folder holding undead's data: golden/, fuzz/corpus/, e.g. PREFIX/share/undead)"
    ;;
explore-golden)
    mkfifo fifo
    mkdir folder
    # the report is printed after the search: none means refused before it
    run "$undead" explore one-die --no-db --golden fifo
    expect 2 err "undead explore: --golden fifo: expected 'fifo' to be a regular file, found a FIFO (the per-depth table to compare with)"
    [[ ! -s out ]] || fail "fifo: explored first: $(head -c 500 out)"
    run "$undead" explore one-die --no-db --golden folder
    expect 2 err "undead explore: --golden folder: is a folder, expected a file (the per-depth table to compare with)"
    [[ ! -s out ]] || fail "folder: explored first: $(head -c 500 out)"
    run "$undead" explore one-die --no-db --golden /dev/null
    expect 2 err "undead explore: --golden /dev/null: expected '/dev/null' to be a regular file, found a device (the per-depth table to compare with)"
    run "$undead" explore one-die --no-db --golden missing.txt
    expect 2 err "undead explore: --golden missing.txt: no such file or folder (the per-depth table to compare with)"
    run "$undead" explore one-die --no-db --golden ''
    expect 2 err "undead explore: --golden '': an empty path names no file; expected a file (the per-depth table to compare with)"
    [[ ! -s out ]] || fail "'': explored first: $(head -c 500 out)"
    # a table is still compared: its own, then one row changed
    run "$undead" explore one-die --no-db --table
    [[ $rc == 0 ]] || fail "explore --table: exit $rc: $(head -c 500 err)"
    cp out table.txt
    run "$undead" explore one-die --no-db --golden table.txt
    [[ $rc == 0 ]] || fail "its own table: exit $rc: $(head -c 500 err)"
    ;;
editions-empty)
    run "$undead" faq --editions ''
    expect 2 err "undead faq: --editions '': an empty path names no file; expected the record of the FAQ's editions"
    run "$undead" faq --editions '' --new-edition 2027-01-02
    expect 2 err "undead faq: --editions '': an empty path names no file; expected the record of the FAQ's editions"
    ;;
serve-spaced-action)
    {
        echo '{"cmd":"new","game":"one-die","players":["a","b"],"chance":"follow","seed":1}'
        echo '{"cmd":"offers"}'
        echo '{"cmd":"decide","action":" risk 1 "}'
        echo '{"cmd":"decide","action":"risk  1"}'
        echo '{"cmd":"decide","action":"risk 01"}'
        echo '{"cmd":"decide","action":"risk 1\t"}'
        echo '{"cmd":"decide","action":"risk 1"}'
    } > in
    run "$undead" serve one-die
    [[ $rc == 0 ]] || fail "serve: exit $rc: $(head -c 500 err)"
    [[ $(sed -n 2p out) == '{"to_move":"a","offers":["risk 1","risk 2","risk 3"]}' ]] ||
        fail "the offers changed: $(sed -n 2p out)"
    # each spelling refused, saying what was expected
    cat > want << 'END'
{"error":"' risk 1 ' is not offered now: expected a decision as \"offers\" writes it ('risk 1')"}
{"error":"'risk  1' is not offered now: expected a decision as \"offers\" writes it ('risk 1')"}
{"error":"'risk 01' is not offered now: expected a decision as \"offers\" writes it ('risk 1')"}
{"error":"action: expected 'risk <number>' and nothing after it"}
END
    sed -n 3,6p out > got
    cmp -s want got || fail "the refusals: $(tr '\n' '|' < got)"
    # the session goes on: the decision as offered is played
    sed -n 7p out | grep -q '"to_move":"b"' || fail "the session did not go on: $(sed -n 7p out)"
    [[ $(wc -l < out) == 7 ]] || fail "$(wc -l < out) answers for 7 requests"
    ;;
text-empty)
    : > empty.txt
    printf '\n  \n\n' > blank.txt
    printf '# Rules\n\n## Setup\n' > headings.md
    for f in empty.txt blank.txt headings.md; do
        run "$undead" text one-die "$f"
        expect 2 err "$f: no statement in it; expected a rule text (sentences, list items or table rows)"
        [[ ! -s out ]] || fail "$f: $(head -c 500 out)"
    done
    # a text of one sentence is read
    printf 'Roll the die.\n' > one.txt
    run "$undead" text one-die one.txt --no-golden
    [[ $rc != 2 ]] || fail "one.txt: exit 2: $(head -c 500 err)"
    grep -qF 'one.txt (one-die): 1 statements in' out || fail "one.txt: $(head -c 500 out)"
    ;;
edition-no-question)
    shipped="$src/spec/faq-editions.txt"
    last=$(wc -l < "$shipped")
    # a last edition with nothing under it: at the end, and before a comment
    { cat "$shipped"; echo "edition 2 2027-01-02"; } > end.txt
    run "$undead" faq --editions end.txt --new-edition 2027-01-03
    expect 2 err "undead faq: end.txt:$((last + 1)): expected edition 2's questions under it ('GAME/QUESTION-ID' and a fingerprint of 16 hex digits), found the end of the record"
    cmp -s end.txt <({ cat "$shipped"; echo "edition 2 2027-01-02"; }) || fail "end.txt was written"
    { cat "$shipped"; printf 'edition 2 2027-01-02\r\n# a comment\n\n'; } > cr.txt
    run "$undead" faq --editions cr.txt -o faq.md --format md
    expect 2 err "undead faq: cr.txt:$((last + 1)): expected edition 2's questions under it ('GAME/QUESTION-ID' and a fingerprint of 16 hex digits), found the end of the record"
    [[ ! -e faq.md ]] || fail "faq.md written"
    # an edition with nothing under it before the next
    { echo "edition 1 2026-11-29"; echo "edition 2 2026-11-30"; grep '^[a-z-]*/' "$shipped"; } > between.txt
    run "$undead" faq --editions between.txt --new-edition 2027-01-03
    expect 2 err "undead faq: between.txt:2: expected edition 1's questions ('GAME/QUESTION-ID' and a fingerprint) before edition 2, found 'edition 2 2026-11-30'"
    # the shipped record is still read: nothing changed since its edition
    cp "$shipped" ok.txt
    run "$undead" faq --editions ok.txt --new-edition 2027-01-03
    [[ $rc == 0 ]] || fail "the shipped record: exit $rc: $(head -c 500 err)"
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
