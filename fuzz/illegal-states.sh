#!/usr/bin/env bash
# fuzz/illegal-states.sh [SECONDS] - each illegal state a game lists in its
# spec/FOLDER/illegal-states.txt (a "MUTANT INVARIANT WHAT" line each) made by
# its mutant and hunted by the game's fuzz targets alone: `undead mutate GAME
# --only MUTANT --checks fuzz` with the mutation build's undead and the
# libfuzzer-mutants build's targets, GAME the folder's game (spec/games.sh).
# Passes when every mutant is killed within SECONDS (default 60) by the
# invariant named; prints the time each took.  The games are hunted one a
# core at a time.
#
#   cmake --preset mutants && cmake --build --preset mutants --parallel 2
#   cmake --preset libfuzzer-mutants && cmake --build --preset libfuzzer-mutants --parallel 2
#   fuzz/illegal-states.sh 60
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
undead="${UNDEAD:-$root/build/mutants/tools/undead}"
fuzz_dir="${FUZZ_DIR:-$root/build/libfuzzer-mutants/fuzz}"
failed=0
found=0
source "$root/tools/pool.sh"   # pool_init, pool_start, pool_wait

jobs="$(nproc 2>/dev/null || echo 2)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# hunt GAME MUTANT...: one `undead mutate` of the game's mutants, its output
# in $tmp/GAME.out: the unmutated fuzz check, which costs some seconds,
# runs once for the game, not once for each state.
hunt() {
    local game="$1" only=() m
    shift
    for m in "$@"; do only+=(--only "$m"); done
    "$undead" mutate "$game" "${only[@]}" --checks fuzz --fuzz-seconds "$seconds" --fuzz-dir "$fuzz_dir" \
        --verbose --no-db --min-score 0 --jobs 1 > "$tmp/$game.out" 2>&1 < /dev/null || true
}

# judge GAME MUTANT INVARIANT WHAT: the state found when the mutant's
# "killed" line names the invariant; counted in found or failed.
judge() {
    local game="$1" mutant="$2" invariant="$3" what="$4" line secs
    line="$(grep -F "killed   $mutant " "$tmp/$game.out" || true)"
    if [[ -n "$line" && "$line" == *"$invariant"* ]]; then
        secs="$(sed -n 's/.* in *\([0-9.]*\) s: .*/\1/p' <<< "$line")"
        echo "illegal state found: $game $what ($invariant, $mutant) in ${secs} s"
        found=$((found + 1))
    else
        echo "illegal state NOT found: $game $what ($invariant, $mutant) within ${seconds} s" >&2
        grep -v "^check " "$tmp/$game.out" | tail -3 >&2
        failed=$((failed + 1))
    fi
}

# Each game's list read first ("GAME MUTANT INVARIANT WHAT" in $tmp/states),
# then the games hunted $jobs at a time (one a core), then judged in order.
games="$(bash "$root/spec/games.sh")"
: > "$tmp/states"
while read -r folder game; do
    list="$root/spec/$folder/illegal-states.txt"
    [[ -n "$folder" && -f "$list" ]] || continue
    n=0
    while read -r mutant invariant what; do
        n=$((n + 1))
        [[ -z "$mutant" || "$mutant" == \#* ]] && continue
        if [[ -z "$invariant" || -z "$what" ]]; then
            echo "illegal-states.sh: spec/$folder/illegal-states.txt:$n: expected 'MUTANT INVARIANT WHAT'" >&2
            exit 2
        fi
        printf '%s %s %s %s\n' "$game" "$mutant" "$invariant" "$what" >> "$tmp/states"
    done < "$list"
done <<< "$games"
pool_init "$jobs"
for game in $(awk '{print $1}' "$tmp/states" | uniq); do
    mapfile -t mutants < <(awk -v g="$game" '$1 == g {print $2}' "$tmp/states")
    pool_start hunt "$game" "${mutants[@]}"
done
pool_wait
while read -r game mutant invariant what; do
    judge "$game" "$mutant" "$invariant" "$what"
done < "$tmp/states"
[[ $((found + failed)) -gt 0 ]] || { echo "illegal-states.sh: no game lists an illegal state" >&2; exit 2; }
[[ $failed -eq 0 ]] || { echo "illegal-states.sh: $failed not found" >&2; exit 1; }
