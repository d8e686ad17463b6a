#!/usr/bin/env bash
# fuzz/reach.sh - fuzzing measured as reach: which rows of a target's game
# libFuzzer fires from an EMPTY corpus in SECONDS (default 600).
#
#   fuzz/reach.sh [--require-all] TARGET [SECONDS]
#
# Runs the libFuzzer binary (BIN, default build/libfuzzer/fuzz/TARGET) for
# SECONDS on an empty corpus directory (one job, -max_len left default,
# with fuzz/TARGET.dict if there is one), then replays the corpus it grew
# with the plain build's TARGET_replay --rows (REPLAY, default
# build/default/fuzz/TARGET_replay) and prints
#
#   reach TARGET: K of N rows in S s
#   not fired: ID            (one line per row no input fired)
#
# S is the wall time of the libFuzzer run.  The engine targets
# (FOLDER_engine) and the content targets (FOLDER_content) play a game;
# the transcript and content-parser targets have no rows to count.
# REACH_DIR keeps the grown corpus and the logs there (a new or empty
# directory); otherwise they go to a temporary one, removed at the end.
#
# Exit status: 0 when the run and the replay worked (whatever K is);
# with --require-all, 1 also when K < N; 1 when libFuzzer found a crash
# (the input is kept, its path printed); 2 on a usage error.  A short
# SECONDS (20) makes a CI smoke test; the 600 s figures are in
# docs/fuzzing.md ("Reach from an empty corpus").
#
#   cmake --preset default && cmake --build --preset default --parallel 2
#   cmake --preset libfuzzer && cmake --build --preset libfuzzer --parallel 2 --target one_die_engine
#   fuzz/reach.sh one_die_engine 20
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: fuzz/reach.sh [--require-all] TARGET [SECONDS]"
require_all=0
if [[ $# -gt 0 && "$1" == --require-all ]]; then
    require_all=1
    shift
fi
if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "$usage" >&2
    exit 2
fi
target="$1"
seconds="${2:-600}"
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
    echo "reach.sh: SECONDS must be a whole number above 0, not '$seconds'" >&2
    exit 2
fi
bin="${BIN:-$root/build/libfuzzer/fuzz/$target}"
replay="${REPLAY:-$root/build/default/fuzz/${target}_replay}"
if [[ ! -x "$bin" ]]; then
    echo "reach.sh: no libFuzzer binary $bin (cmake --preset libfuzzer &&" \
        "cmake --build --preset libfuzzer --parallel 2 --target $target)" >&2
    exit 2
fi
if [[ ! -x "$replay" ]]; then
    echo "reach.sh: no replay binary $replay (cmake --preset default &&" \
        "cmake --build --preset default --parallel 2)" >&2
    exit 2
fi

if [[ -n "${REACH_DIR:-}" ]]; then
    work="$REACH_DIR"
    mkdir -p "$work"
    if [[ -n "$(ls -A "$work")" ]]; then
        echo "reach.sh: REACH_DIR $work is not empty" >&2
        exit 2
    fi
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/corpus" "$work/artifacts"

args=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/artifacts/")
[[ -f "$root/fuzz/$target.dict" ]] && args+=(-dict="$root/fuzz/$target.dict")
start="$(date +%s)"
rc=0
UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    "$bin" "${args[@]}" "$work/corpus" > "$work/fuzz.log" 2>&1 || rc=$?
elapsed=$(($(date +%s) - start))
if [[ $rc -ne 0 ]]; then
    tail -40 "$work/fuzz.log" >&2
    # Keep the crash: the temporary directory is not removed.
    trap - EXIT
    echo "reach.sh: $target: libFuzzer exited $rc after $elapsed s; crash input and log in $work" >&2
    exit 1
fi

"$replay" --rows "$work/corpus" > "$work/rows.txt"
summary="$(tail -1 "$work/rows.txt")"
if ! [[ "$summary" =~ ^rows\ fired\ ([0-9]+)\ of\ ([0-9]+)$ ]]; then
    echo "reach.sh: $replay --rows wrote no summary line" >&2
    exit 1
fi
fired="${BASH_REMATCH[1]}"
rows="${BASH_REMATCH[2]}"
inputs="$(find "$work/corpus" -type f | wc -l)"
runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -1)"
echo "reach $target: $fired of $rows rows in $elapsed s"
echo "($inputs inputs in the grown corpus, ${runs:-?} runs)"
# The row lines are "ID count"; the replay and summary lines have more words.
awk 'NF == 2 && $2 ~ /^[0-9]+$/ && $2 == 0 { print "not fired: " $1 }' "$work/rows.txt"
if [[ $require_all -eq 1 && "$fired" -lt "$rows" ]]; then
    exit 1
fi
exit 0
