#!/usr/bin/env bash
# fuzz/renumber-starts.sh OLD NEW FILE... - keeps what engine inputs mean
# when positions are added at the end of a game's start pool
# (spec/FOLDER/fuzz-starts.txt, fuzz/README.md "Start positions").
#
# An engine input's first byte b picks its start: b mod (positions + 1),
# 0 the game's own start, k the pool's k-th position.  With OLD positions
# before and NEW after, the byte is rewritten in place to the nearest
# value c below 256 with c mod (NEW + 1) = b mod (OLD + 1); the rest of the
# input is left as it is, so it plays the same game from the same start
# (outcomes past its last byte come from a hash of all its bytes and may
# differ).  Positions inserted before the end, or removed, renumber the
# old ones: no byte can keep those inputs' meaning, and this script is not
# for that.  Run it on copies of a corpus before merging it again, and on
# fuzz/regressions/FOLDER_engine/ (fuzz/README.md, "Growing a corpus").
#
#   fuzz/renumber-starts.sh 10 16 /tmp/old-corpus/*
#
# Exit status: 0 when every file was rewritten (an empty file is left as
# it is: it spends no byte on the start), 1 when one could not be read or
# written, 2 on a usage error.
set -euo pipefail
# bytes, not characters: read and printf see one byte as one character
export LC_ALL=C
usage="usage: fuzz/renumber-starts.sh OLD NEW FILE...   (OLD and NEW: positions in the pool, 1 <= OLD <= NEW <= 255)"
if [[ $# -lt 3 ]]; then
    echo "$usage" >&2
    exit 2
fi
old="$1" new="$2"
shift 2
if ! [[ "$old" =~ ^[1-9][0-9]*$ && "$new" =~ ^[1-9][0-9]*$ ]] || ((old > new || new > 255)); then
    echo "renumber-starts.sh: expected 1 <= OLD <= NEW <= 255, got OLD '$old' and NEW '$new'" >&2
    echo "$usage" >&2
    exit 2
fi
status=0
for f in "$@"; do
    if [[ ! -f "$f" || ! -r "$f" || ! -w "$f" ]]; then
        echo "renumber-starts.sh: $f: expected a file to read and write" >&2
        status=1
        continue
    fi
    [[ -s "$f" ]] || continue
    # the first byte, read and written by bash itself: a corpus holds
    # thousands of inputs, and a process or two per input (od, dd) cost
    # seconds per hundred on a slow fork; read -d '' stops at no newline,
    # and a NUL byte reads as nothing
    if ! IFS= read -r -d '' -n 1 ch < "$f" && [[ -z "$ch" ]]; then
        echo "renumber-starts.sh: $f: could not read its first byte" >&2
        status=1
        continue
    fi
    b=0
    [[ -z "$ch" ]] || printf -v b '%d' "'$ch"
    k=$((b % (old + 1)))
    c=$((b / (new + 1) * (new + 1) + k))
    ((c > 255)) && c=$((c - new - 1))
    printf -v oct '%03o' "$c"
    # 1<> opens the file for writing without truncating it: the byte at
    # offset 0 is replaced, the rest kept
    # shellcheck disable=SC2059 # the format is the octal escape of c
    if ! printf "\\$oct" 1<> "$f"; then
        echo "renumber-starts.sh: $f: could not write its first byte" >&2
        status=1
    fi
done
exit "$status"
