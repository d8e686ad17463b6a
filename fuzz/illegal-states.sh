#!/usr/bin/env bash
# fuzz/illegal-states.sh [SECONDS] - each illegal state a game lists in its
# spec/FOLDER/illegal-states.txt (a "MUTANT INVARIANT WHAT" line each) made by
# its mutant and hunted by the game's fuzz targets alone: `undead mutate GAME
# --only MUTANT --checks fuzz` with the mutation build's undead and the
# libfuzzer-mutants build's targets, GAME the folder's game (spec/games.sh).
# Passes when every mutant is killed within SECONDS (default 60) by the
# invariant named; prints the time each took.
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

# hunt GAME MUTANT INVARIANT WHAT: one state, counted in found or failed.
hunt() {
    local game="$1" mutant="$2" invariant="$3" what="$4" out line secs
    out="$("$undead" mutate "$game" --only "$mutant" --checks fuzz --fuzz-seconds "$seconds" \
        --fuzz-dir "$fuzz_dir" --verbose --no-db --min-score 0 2>&1 < /dev/null)" || true
    line="$(grep "^killed " <<< "$out" || true)"
    if [[ -n "$line" && "$line" == *"$invariant"* ]]; then
        secs="$(sed -n 's/.* in *\([0-9.]*\) s: .*/\1/p' <<< "$line")"
        echo "illegal state found: $game $what ($invariant, $mutant) in ${secs} s"
        found=$((found + 1))
    else
        echo "illegal state NOT found: $game $what ($invariant, $mutant) within ${seconds} s" >&2
        grep -v "^check " <<< "$out" | tail -3 >&2
        failed=$((failed + 1))
    fi
}

games="$(bash "$root/spec/games.sh")"
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
        hunt "$game" "$mutant" "$invariant" "$what"
    done < "$list"
done <<< "$games"
[[ $((found + failed)) -gt 0 ]] || { echo "illegal-states.sh: no game lists an illegal state" >&2; exit 2; }
[[ $failed -eq 0 ]] || { echo "illegal-states.sh: $failed not found" >&2; exit 1; }
