#!/usr/bin/env bash
# fuzz/illegal-states.sh [SECONDS] - each illegal state of fuzz/illegal-states.txt
# made by its mutant and hunted by the game's fuzz targets alone: `undead mutate
# GAME --only MUTANT --checks fuzz` with the mutation build's undead and the
# libfuzzer-mutants build's targets.  Passes when every mutant is killed within
# SECONDS (default 60) by the invariant named; prints the time each took.
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
while read -r game mutant invariant what; do
    [[ -z "$game" || "$game" == \#* ]] && continue
    out="$("$undead" mutate "$game" --only "$mutant" --checks fuzz --fuzz-seconds "$seconds" \
        --fuzz-dir "$fuzz_dir" --verbose --no-db --min-score 0 2>&1)" || true
    line="$(grep "^killed " <<< "$out" || true)"
    if [[ -n "$line" && "$line" == *"$invariant"* ]]; then
        secs="$(sed -n 's/.* in *\([0-9.]*\) s: .*/\1/p' <<< "$line")"
        echo "illegal state found: $game $what ($invariant, $mutant) in ${secs} s"
    else
        echo "illegal state NOT found: $game $what ($invariant, $mutant) within ${seconds} s" >&2
        grep -v "^check " <<< "$out" | tail -3 >&2
        failed=$((failed + 1))
    fi
done < "$root/fuzz/illegal-states.txt"
[[ $failed -eq 0 ]] || { echo "illegal-states.sh: $failed not found" >&2; exit 1; }
