#!/usr/bin/env bash
# tests/faults_attack16.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a sixteenth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault, run as a user would, with the exact
# message and exit status asserted.
#   dotld-start-time  Dice of the Living Dead's start line 'time N' was
#            held to 1..6 only, not to the Time of the district played
#            first: 'time 6' where The Suburbs (Time 5) was dealt first
#            made a state the rules never reach, and every game with
#            invariants on (sim, play --invariants, check --invariants)
#            broke DL-INV-TIME: exit 1, a rule violation, for a start
#            position that is bad input; serve played it.  Refused, exit
#            2, as a space past the safe house is.
#   conform-nul  an adapter's answer holding a NUL byte was reported in
#            the JSON library's words, "invalid token near end of file",
#            of a line that goes on after it.  Said as serve says it of a
#            request, with the byte.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack16 # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
dotld-start-time)
    why="start lines: expected time 1..5, at most the Time of every district that may be dealt first (hospital's is 5; or name one with 'district NAME'), found 6"
    run "$undead" sim dotld --no-db --games 3 --jobs 1 --start 'time 6'
    expect 2 err "undead sim: $why"
    run "$undead" play dotld --no-db --invariants --players ann --start 'time 6'
    expect 2 err "undead play: $why"
    run "$undead" play dotld --no-db --players ann --start 'district suburbs' --start 'time 6'
    expect 2 err "undead play: start lines: expected time 1..5 on suburbs (its Time), found 6"
    printf 'undead-transcript 1\ngame dotld\nplayer ann\nstart time 6\nseed 1\n' > r.t
    run "$undead" check --no-db r.t
    expect 2 err "r.t:4:7: ${why#start lines: }"
    printf '%s\n' '{"cmd":"new","game":"dotld","players":["ann"],"chance":"follow","seed":1,"start":["time 6"]}' > in
    run "$undead" serve dotld
    grep -qF '"error":' out && grep -qF 'found 6' out || fail "serve played 'time 6': $(head -c 300 out)"
    rm in
    # a Time every first district allows, or the named district's, is played as ever
    run "$undead" sim dotld --no-db --games 3 --jobs 1 --start 'time 5'
    [[ $rc == 0 ]] || fail "time 5: exit $rc: $(head -c 300 err)"
    run "$undead" sim dotld --no-db --games 3 --jobs 1 --start 'district mall' --start 'time 6'
    [[ $rc == 0 ]] || fail "time 6 on the mall: exit $rc: $(head -c 300 err)"
    ;;
conform-nul)
    # undead serve one-die as the adapter, its answers' first ':' followed by a NUL
    cat > ad.py <<'PY'
import subprocess, sys
serve = subprocess.Popen([sys.argv[1], "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin.buffer:
    serve.stdin.write(line)
    serve.stdin.flush()
    sys.stdout.buffer.write(serve.stdout.readline().replace(b":", b":\0", 1))
    sys.stdout.buffer.flush()
PY
    run "$undead" conform one-die --no-db --games 1 --chance dictate -- python3 ad.py "$undead"
    expect 2 out "broken adapter at the start: request 1 ({\"cmd\":\"hello\",\"protocol\":1}): expected one JSON object on a line (a NUL byte at byte 13: the protocol's lines hold none), received '{\"protocol\":\\x001,\"name\":\"undead serve one-die\"}'"
    ;;
*)
    fail "no such case"
    ;;
esac
