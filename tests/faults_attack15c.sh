#!/usr/bin/env bash
# tests/faults_attack15c.sh CASE UNDEAD SOURCE_DIR - regression tests for
# the protocol's faults a fifteenth attack pass found, as
# tests/faults.sh does for the others: each CASE is one fault, run as a
# user would, with the exact message and exit status asserted.
#   answer-line-max  conform took an adapter's answer line longer than
#            1 MiB when its '\n' arrived in the same read as its last
#            bytes (1,048,577 and 1,100,000 bytes were agreed with):
#            the length was checked only while no '\n' had come.  A line
#            of 1,048,576 bytes before its '\n' is taken, one more byte
#            is refused, written whole or with the '\n' apart.
#   serve-numbers  serve refused a seed of 2^64, valid JSON, in the JSON
#            library's words ("expected one JSON object per line: too big
#            integer near ..."), naming neither the request nor the
#            field, and quoted 1e-400 as 0.0 and 1E0 as 1.0.  Any number
#            is read and quoted as written, by the field's name.
#   answer-numbers  conform said "expected one JSON object on a line (too
#            big integer)" of an answer's "unused":99999999999999999999,
#            and quoted a real as the library prints it back.  The
#            member and what it takes are named, the number as written.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack15c # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# ad.py UNDEAD OLD NEW [SIZE SPLIT]: undead serve one-die as the adapter,
# the first OLD of each answer made NEW; given SIZE, each answer padded
# to SIZE bytes before its '\n', written whole (SPLIT 0) or with its last
# SPLIT bytes and the '\n' written apart a moment later.
cat > ad.py <<'PY'
import json, subprocess, sys, time
serve = subprocess.Popen([sys.argv[1], "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
old, new = sys.argv[2].encode(), sys.argv[3].encode()
size = int(sys.argv[4]) if len(sys.argv) > 4 else 0
split = int(sys.argv[5]) if len(sys.argv) > 5 else 0
for line in sys.stdin.buffer:
    serve.stdin.write(line)
    serve.stdin.flush()
    ans = serve.stdout.readline().replace(old, new, 1)
    if size:
        head = ans.rstrip(b"\n")[:-1] + b',"pad":"'
        ans = head + b"x" * (size - len(head) - 2) + b'"}\n'
    out = sys.stdout.buffer
    if split:
        out.write(ans[:-split - 1])
        out.flush()
        time.sleep(0.2)
        ans = ans[-split - 1:]
    out.write(ans)
    out.flush()
PY
conform=("$undead" conform one-die --no-db --games 1 --chance dictate --)
hello="request 1 ({\"cmd\":\"hello\",\"protocol\":1})"
request2='request 2 ({"cmd":"new","game":"one-die","players":["p1","p2"],"readings":{"ending":"finish-round"},"start":[],"content":null,"chance":"dictate","seed":1,"outcom...)'

case "$case_" in
answer-line-max)
    for split in 0 1 2; do
        run "${conform[@]}" python3 ad.py "$undead" x x 1048576 $split
        [[ $rc == 0 ]] && grep -q "^seeded: 1 games, 13 plays in .*, every step agreed$" out ||
            fail "1048576 bytes (split $split): exit $rc: $(head -c 500 out)"
        run "${conform[@]}" python3 ad.py "$undead" x x 1048577 $split
        expect 2 out "broken adapter at the start: $hello: expected one answer line, found a line longer than 1 MiB"
    done
    run "${conform[@]}" python3 ad.py "$undead" x x 1100000 0
    expect 2 out "broken adapter at the start: $hello: expected one answer line, found a line longer than 1 MiB"
    ;;
serve-numbers)
    new='{"cmd":"new","game":"one-die","players":["a","b"],"chance":"follow","seed":'
    printf '%s\n' "${new}18446744073709551616}" "${new}1e-400}" "${new}0.1e1}" "${new}-0}" \
        '{"cmd":"hello","protocol":1E0}' '{"cmd":"hello","protocol":100000000000000000000}' \
        '{"cmd":"new","game":"one-die","players":["a",2E+3],"chance":"follow"}' \
        '{"cmd":"new","game":"one-die","players":["a","b"],"chance":"follow","outcomes":{"x":[1.50,-0,7,1e999999]}}' \
        '{"cmd":"hello","protocol":01}' > in
    run "$undead" serve one-die
    seed_want='new: \"seed\" must be an integer from 0 to 2^53 - 1 (9007199254740991), found'
    expect 0 out "{\"error\":\"$seed_want 18446744073709551616\"}"
    expect 0 out "{\"error\":\"$seed_want 1e-400\"}"
    expect 0 out "{\"error\":\"$seed_want 0.1e1\"}"
    expect 0 out '{"error":"hello: \"protocol\" must be an integer, found 1E0"}'
    expect 0 out '{"error":"new: \"players\"[1] must be a string, found 2E+3"}'
    expect 0 out '{"error":"new: \"outcomes\" must be an array of strings, found {\"x\":[1.50,-0,7,1e999999]}"}'
    # -0 is the seed 0; hello's protocol, which serve does not read, takes
    # any integer; a number JSON does not allow is still no JSON
    [[ $(grep -c '^{"state":' out) == 1 ]] || fail "the seed -0 was not taken: $(cat out)"
    [[ $(grep -c '^{"protocol":1,"name":"undead serve one-die"}$' out) == 1 ]] || fail "hello: $(cat out)"
    expect 0 out '{"error":"expected one JSON object per line: invalid token near '"'0'"'"}'
    [[ $(wc -l < out) == 9 ]] || fail "expected 9 answers: $(cat out)"
    ;;
answer-numbers)
    run "${conform[@]}" python3 ad.py "$undead" '"over":false' '"over":false,"unused":99999999999999999999'
    expect 2 out "broken adapter in seeded game 1 (seed 1): $request2: \"unused\" must be an integer from 0 to 0 (the outcome words dictated), found 99999999999999999999"
    run "${conform[@]}" python3 ad.py "$undead" '"over":false' '"over":false,"unused":1E0'
    expect 2 out "broken adapter in seeded game 1 (seed 1): $request2: \"unused\" must be an integer from 0 to 0 (the outcome words dictated), found 1E0"
    run "${conform[@]}" python3 ad.py "$undead" '"protocol":1' '"protocol":100000000000000000000'
    expect 2 out "broken adapter at the start: $hello: the adapter speaks protocol version 100000000000000000000; undead speaks version 1"
    run "${conform[@]}" python3 ad.py "$undead" '"protocol":1' '"protocol":1E0'
    expect 2 out "broken adapter at the start: $hello: expected the protocol version the adapter speaks (member \"protocol\"), received '{\"protocol\":1E0,\"name\":\"undead serve one-die\"}'"
    # a member conform does not read takes any number
    run "${conform[@]}" python3 ad.py "$undead" '"over":false' '"over":false,"x":[1e999999,18446744073709551616]'
    [[ $rc == 0 ]] || fail "an unread member: exit $rc: $(head -c 500 out)"
    ;;
*)
    fail "no such case"
    ;;
esac
