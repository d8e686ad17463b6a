#!/usr/bin/env bash
# tests/renumber_starts.sh SOURCE_DIR - the CTest fuzz_renumber_starts:
# fuzz/renumber-starts.sh OLD NEW must rewrite an engine input's first byte
# b to a byte c with c mod (NEW + 1) = b mod (OLD + 1) (the same start of
# the pool), for every b and four pool sizes, leave the rest of the input
# and an empty input as they are, and refuse bad arguments (status 2) and
# a missing file (status 1) saying what it expected.
set -euo pipefail
src="$1"
script="$src/fuzz/renumber-starts.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "renumber_starts: FAIL: $*" >&2
    exit 1
}

# One input per first byte 0..255, each followed by the same three bytes.
mkdir "$tmp/made"
for b in $(seq 0 255); do
    # shellcheck disable=SC2059 # the format is the octal escape of b
    printf "\\$(printf '%03o' "$b")abc" > "$tmp/made/$b"
done

for pair in "10 16" "1 1" "1 255" "100 200"; do
    read -r old new <<< "$pair"
    rm -rf "$tmp/in" && cp -r "$tmp/made" "$tmp/in"
    bash "$script" "$old" "$new" "$tmp"/in/* || fail "$old $new: exit status $?"
    files=()
    for b in $(seq 0 255); do files+=("$tmp/in/$b"); done
    mapfile -t sizes < <(stat -c %s "${files[@]}")
    read -r -a bytes <<< "$(cat "${files[@]}" | od -An -tu1 -v | tr '\n' ' ')"
    for b in $(seq 0 255); do
        [[ "${sizes[b]}" -eq 4 ]] || fail "$old $new: input $b is ${sizes[b]} bytes, not 4"
        c="${bytes[b * 4]}"
        [[ "${bytes[*]:b*4+1:3}" == "97 98 99" ]] || fail "$old $new: input $b: the bytes after the first changed"
        ((c % (new + 1) == b % (old + 1))) ||
            fail "$old $new: byte $b became $c, start $((c % (new + 1))) instead of $((b % (old + 1)))"
    done
done

: > "$tmp/empty"
bash "$script" 3 5 "$tmp/empty" || fail "an empty input: exit status $?"
[[ ! -s "$tmp/empty" ]] || fail "an empty input was written"

# expect STATUS TEXT ARGS...: the script exits STATUS and says TEXT.
expect() {
    local want="$1" text="$2"
    shift 2
    local got=0
    bash "$script" "$@" 2> "$tmp/err" || got=$?
    [[ "$got" -eq "$want" ]] || fail "renumber-starts.sh $*: exit status $got, not $want"
    grep -qF "$text" "$tmp/err" || fail "renumber-starts.sh $*: no '$text' in: $(cat "$tmp/err")"
}
printf 'xabc' > "$tmp/one"
expect 2 "expected 1 <= OLD <= NEW <= 255, got OLD '10' and NEW '9'" 10 9 "$tmp/one"
expect 2 "expected 1 <= OLD <= NEW <= 255, got OLD '0' and NEW '4'" 0 4 "$tmp/one"
expect 2 "expected 1 <= OLD <= NEW <= 255, got OLD '1' and NEW '256'" 1 256 "$tmp/one"
expect 2 "usage: fuzz/renumber-starts.sh OLD NEW FILE..." 1 2
expect 1 "$tmp/missing: expected a file to read and write" 1 2 "$tmp/missing"
[[ "$(cat "$tmp/one")" == xabc ]] || fail "a refused run wrote its input"
echo "renumber_starts: every byte of 4 pool sizes keeps its start"
