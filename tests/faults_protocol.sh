#!/usr/bin/env bash
# tests/faults_protocol.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults an attack pass found in the conformance protocol's two ends
# (`undead serve`, `undead conform`: docs/conformance.md), each run as a
# user would, with the exact message asserted.
#   line-length  serve reads a request line of exactly 1 MiB (1,048,576
#            bytes before its '\n') as any other; a longer one gets exactly
#            one error answer, its rest skipped to the '\n' in bounded
#            memory, and the next request is answered (a 1 MiB line was
#            answered with an error and the request after it swallowed).
#   request-types  serve checks every field of every request for its JSON
#            type and answers a wrong one with an error naming the request,
#            the field, the type and what was given, and plays on: a string
#            "start" (was ignored), seeds -1, 1.5, "1", null, true and 2^53+1
#            (were taken), "content":5 (was taken as null), a player, a
#            reading, an outcome line or an action that is not a string.
#   request-bytes  serve refuses a line holding a NUL byte (the bytes after
#            it were dropped), an object with a key twice (was taken), a
#            "cmd" that is not a string (was reported as unknown "cmd" '').
#   answer-types  conform reports an adapter's answer of the wrong JSON type
#            as a broken adapter (exit 2) naming the request, the member,
#            the type expected and what was given: offers' "to_move" a number
#            (was taken), "unused" -99999 or "3" (were taken), a state value
#            that is a number (was a departure blamed on a rule, exit 1).
#   duplicate-offers  an offers answer listing a decision twice is a broken
#            adapter (exit 2): offers are compared as sets (was taken).
#   group-end, group-timeout, group-broken, group-own-error, group-signal
#            the adapter's own children (here a `sleep 300` it starts) end
#            with it when conform ends the adapter: after a normal end, a
#            timeout, a protocol error, conform's own error (--record to a
#            full device) and conform killed by SIGTERM (they
#            stayed alive with parent 1).
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_protocol # fail, expect:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
tmp="$(mktemp -d)"
cd "$tmp"
# a failing case leaves no `sleep 300` behind
trap 'if [[ -s pids ]]; then kill $(cat pids) 2>/dev/null || true; fi; rm -rf "$tmp"' EXIT
# run [-m MB] CMD...: with MB (default 1000) of memory and 60 s at most; rc
# gets the exit status (as tests/faults.sh: under AddressSanitizer, which
# reserves terabytes of address space, its own limit on resident memory).
run() {
    local mb=1000
    if [[ $1 == -m ]]; then mb=$2; shift 2; fi
    rc=0
    if [[ -n "${UD_SANITIZED:-}" ]]; then
        ( export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=$mb"
          exec timeout 60 "$@" ) > out 2> err || rc=$?
    else
        ( ulimit -v $((mb * 1000)); exec timeout 60 "$@" ) > out 2> err || rc=$?
    fi
}
# answers N: serve answered exactly N lines
answers() {
    local n; n=$(wc -l < out)
    [[ $n == "$1" ]] || fail "$n answer lines, expected $1: $(head -c 2000 out)"
}
hello='{"cmd":"hello","protocol":1}'
hi='{"protocol":1,"name":"undead serve zombie-dice"}'
new='"cmd":"new","game":"zombie-dice","players":["a","b"],"chance":"dictate"'
seed_want='must be an integer from 0 to 2^53 - 1 (9007199254740991)'

# An adapter passing every request to `undead serve zombie-dice` (serve's
# own --variant after a '+') and breaking the protocol one way (MODE); with
# PIDS, it first starts a `sleep 300` of its own and appends its pid there.
#   adapter.py MODE UNDEAD [PIDS] [+ SERVE-ARG...]
cat > adapter.py <<'EOF'
import json, subprocess, sys, time
args = sys.argv[1:]
serve_args = args[args.index("+") + 1:] if "+" in args else []
args = args[:args.index("+")] if "+" in args else args
mode, undead = args[0], args[1]
if len(args) > 2:
    child = subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    with open(args[2], "a") as f:
        f.write("%d\n" % child.pid)
serve = subprocess.Popen([undead, "serve", "zombie-dice"] + serve_args, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
plays = 0
for line in sys.stdin:
    req = json.loads(line)
    serve.stdin.write(line)
    serve.stdin.flush()
    ans = json.loads(serve.stdout.readline())
    cmd = req["cmd"]
    plays += cmd in ("new", "decide")
    if mode == "to-move-number" and cmd == "offers":
        ans["to_move"] = 5
    elif mode == "unused-negative" and cmd == "decide":
        ans["unused"] = -99999
    elif mode == "unused-string" and cmd == "new":
        ans["unused"] = "3"
    elif mode == "state-number" and cmd == "decide":
        ans["state"]["shotguns"] = int(ans["state"]["shotguns"])
    elif mode == "offers-twice" and cmd == "offers":
        ans["offers"].append(ans["offers"][0])
    elif mode == "hang" and cmd == "decide":
        time.sleep(3600)
    elif mode == "garbage" and cmd == "decide":
        ans = "not JSON"
    sys.stdout.write((ans if isinstance(ans, str) else json.dumps(ans)) + "\n")
    sys.stdout.flush()
EOF

# conform_with MODE [--timeout MS]: one seeded game against adapter.py,
# each answer awaited 20 s unless --timeout says (an option is given once)
conform_with() {
    local mode="$1" timeout=20000
    shift
    [[ ${1:-} == --timeout ]] && timeout="$2"
    run "$undead" conform zombie-dice --no-db --games 1 --timeout "$timeout" --shrink-tries 3 \
        -- python3 adapter.py "$mode" "$undead" "$tmp/pids"
}
# children_gone: every `sleep 300` an adapter started has ended (a zombie
# no parent has reaped yet has ended too)
children_gone() {
    [[ -s pids ]] || fail "the adapter wrote no pid"
    local pid st
    for pid in $(cat pids); do
        for _ in $(seq 20); do
            st=$(ps -o stat= -p "$pid") || break
            [[ $st == Z* ]] && break
            sleep 0.1
        done
        st=$(ps -o stat= -p "$pid") || continue
        [[ $st == Z* ]] || fail "the adapter's child $pid (sleep 300) is still running ($st) after conform ended"
    done
}
broken_in_game_1='broken adapter in seeded game 1 (seed 1): request'
# the fourth request of seeded game 1: its first decision
decide4='{"cmd":"decide","action":"roll","outcomes":["draw green green","roll yellow:feet green:shotgun green:feet"]}'

case "$case_" in
line-length)
    # hello, a request line of N bytes, hello: three answers each time
    for n in 1048575 1048576 1048577 4194304; do
        python3 -c '
import sys
n = int(sys.argv[1]); head = "{\"cmd\":\"hello\",\"protocol\":1,\"pad\":\""
sys.stdout.write(sys.argv[2] + "\n" + head + "x" * (n - len(head) - 2) + "\"}\n" + sys.argv[2] + "\n")' \
            "$n" "$hello" > in
        [[ $(head -2 in | tail -1 | wc -c) == $((n + 1)) ]] || fail "the test's line is not $n bytes"
        run "$undead" serve zombie-dice < in
        answers 3
        if ((n <= 1048576)); then
            expect 0 out "$hi"
            [[ $(grep -cxF "$hi" out) == 3 ]] || fail "a $n-byte request not answered as any other: $(head -c 2000 out)"
        else
            expect 0 out '{"error":"a request line longer than 1 MiB (1048576 bytes)"}'
            [[ $(sed -n 3p out) == "$hi" ]] || fail "the request after a $n-byte line not answered: $(head -c 2000 out)"
        fi
    done
    # a line of 400 MB through a pipe, read in bounded memory (200 MB in all)
    run -m 200 "$undead" serve zombie-dice < <(echo "$hello"; head -c 400000000 /dev/zero | tr '\0' x; echo
                                              echo "$hello")
    answers 3
    expect 0 out '{"error":"a request line longer than 1 MiB (1048576 bytes)"}'
    [[ $(sed -n 3p out) == "$hi" ]] || fail "the request after a 400 MB line not answered: $(head -c 2000 out)"
    # a long last line without its newline: one error answer, and the end
    { echo "$hello"; head -c 2000000 /dev/zero | tr '\0' x; } > in
    run "$undead" serve zombie-dice < in
    answers 2
    expect 0 out '{"error":"a request line longer than 1 MiB (1048576 bytes)"}'
    ;;
request-types)
    printf '%s\n' \
        "{$new,\"start\":\"score a 12\"}" \
        "{$new,\"seed\":-1}" "{$new,\"seed\":1.5}" "{$new,\"seed\":\"1\"}" "{$new,\"seed\":null}" \
        "{$new,\"seed\":true}" "{$new,\"seed\":9007199254740993}" \
        "{$new,\"content\":5}" \
        '{"cmd":"new","game":"zombie-dice","players":["a",2],"chance":"dictate"}' \
        "{$new,\"readings\":{\"end\":[\"final-turn\"]}}" \
        "{$new,\"outcomes\":[\"draw green green green\",7]}" \
        '{"cmd":"new","game":"zombie-dice","chance":"dictate"}' \
        '{"cmd":"hello","protocol":"1"}' \
        '{"cmd":"new","game":"zombie-dice","players":["a","b"],"chance":"follow","seed":9007199254740991,"start":["score a 12"]}' \
        '{"cmd":"decide","action":["roll"]}' \
        '{"cmd":"state"}' > in
    run "$undead" serve zombie-dice < in
    answers 16
    expect 0 out '{"error":"new: \"start\" must be an array of strings, found \"score a 12\""}'
    for s in -1 1.5 '\"1\"' null true 9007199254740993; do
        expect 0 out "{\"error\":\"new: \\\"seed\\\" $seed_want, found $s\"}"
    done
    expect 0 out '{"error":"new: \"content\" must be null or a string (a directory), found 5"}'
    expect 0 out '{"error":"new: \"players\"[1] must be a string, found 2"}'
    expect 0 out '{"error":"new: \"readings\".\"end\" must be a string, found [\"final-turn\"]"}'
    expect 0 out '{"error":"new: \"outcomes\"[1] must be a string, found 7"}'
    expect 0 out '{"error":"new: \"players\" is missing: expected an array of strings"}'
    expect 0 out '{"error":"hello: \"protocol\" must be an integer, found \"1\""}'
    expect 0 out '{"error":"decide: \"action\" must be a string, found [\"roll\"]"}'
    # the session went on: the right `new` set a game up, whose start line counts
    [[ $(grep -c '"error"' out) == 14 ]] || fail "expected 14 error answers: $(head -c 3000 out)"
    [[ $(tail -1 out) == *'"scores":"a:12,b:0"'* ]] || fail "no game after the errors: $(tail -2 out)"
    ;;
request-bytes)
    { echo "$hello"; printf '{"cmd":"hello","protocol":1}\0{"cmd":"quit"}\n'; echo "$hello"
      echo '{"cmd":"hello","cmd":"quit","protocol":1}'; echo '{"cmd":5}'; echo '{"cmd":null}'
      echo '{"protocol":1}'; echo "$hello"; } > in
    run "$undead" serve zombie-dice < in
    answers 8
    expect 0 out '{"error":"a request line holding a NUL byte (at byte 29)"}'
    expect 0 out '{"error":"expected one JSON object per line: duplicate object key near '"'"'\"cmd\"'"'"'"}'
    expect 0 out '{"error":"request: \"cmd\" must be a string, found 5"}'
    expect 0 out '{"error":"request: \"cmd\" must be a string, found null"}'
    expect 0 out '{"error":"request: \"cmd\" is missing: expected a string"}'
    [[ $(grep -cxF "$hi" out) == 3 ]] || fail "the hellos around the bad lines not answered: $(cat out)"
    ;;
answer-types)
    conform_with to-move-number
    expect 2 out "$broken_in_game_1 3 ({\"cmd\":\"offers\"}): \"to_move\" must be a string (the player to move) or null, found 5"
    conform_with unused-negative
    expect 2 out "$broken_in_game_1 4 ($decide4): \"unused\" must be an integer from 0 to 5 (the outcome words dictated), found -99999"
    conform_with unused-string
    grep -q "^$broken_in_game_1 2 ({\"cmd\":\"new\",.*): \"unused\" must be an integer from 0 to 6 (the outcome words dictated), found \"3\"\$" out ||
        fail "unused \"3\" not a broken adapter: $(head -c 2000 out)"
    expect 2 out "conform zombie-dice: adapter 'undead serve zombie-dice', protocol 1, chance both (dictate, then follow)"
    conform_with state-number
    expect 2 out "$broken_in_game_1 4 ($decide4): \"state\".\"shotguns\" must be a string, found 2"
    ! grep -q '^departure' out || fail "a wrong type reported as a departure: $(head -c 2000 out)"
    ;;
duplicate-offers)
    conform_with offers-twice
    expect 2 out "$broken_in_game_1 3 ({\"cmd\":\"offers\"}): \"offers\" lists 'stop' twice: each decision must be there once"
    ;;
group-end)
    conform_with none
    [[ $rc == 0 ]] || fail "exit $rc, expected 0: $(head -c 2000 out)"
    grep -Eq '^seeded: 1 games, [0-9]+ plays in .*, every step agreed$' out || fail "not agreed: $(head -c 2000 out)"
    children_gone
    ;;
group-timeout)
    conform_with hang --timeout 3000
    expect 2 out "$broken_in_game_1 4 ($decide4): expected one answer line within 3000 ms (--timeout), found none"
    children_gone
    ;;
group-broken)
    conform_with garbage
    expect 2 out "$broken_in_game_1 4 ($decide4): expected one JSON object on a line ('[' or '{' expected near 'not'), received 'not JSON'"
    children_gone
    ;;
group-own-error)
    # a departure (two readings of the end), whose record cannot be written:
    # a full device passes the check at the start and fails at the write
    run "$undead" conform zombie-dice --no-db --games 1 --shrink-tries 3 --variant end=final-turn \
        --record /dev/full -- python3 adapter.py none "$undead" "$tmp/pids" + --variant end=finish-round
    expect 2 err "undead conform: --record /dev/full: cannot write: No space left on device"
    children_gone
    ;;
group-signal)
    rc=0
    "$undead" conform zombie-dice --no-db --games 1 --timeout 60000 -- python3 adapter.py hang "$undead" "$tmp/pids" \
        > out 2> err &
    conform=$!
    for _ in $(seq 100); do [[ -s pids ]] && break; sleep 0.1; done
    sleep 0.5
    kill -TERM "$conform"
    wait "$conform" || rc=$?
    [[ $rc == 143 ]] || fail "conform exit $rc after SIGTERM, expected 143 (killed by it)"
    children_gone
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "ok: faults_protocol $case_"
