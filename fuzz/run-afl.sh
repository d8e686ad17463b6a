#!/usr/bin/env bash
# fuzz/run-afl.sh TARGET [SECONDS] - runs afl-fuzz for a bounded time
# (default 60 s) on the AFL++ build of one fuzz target:
#   input   fuzz/corpus/TARGET/  (and fuzz/TARGET.dict when present)
#   binary  build/afl/fuzz/TARGET_afl  (cmake --preset afl && cmake --build --preset afl)
#   output  build/afl-out/TARGET/  (resumed when it exists)
# Exits 1 when afl-fuzz saved a crash (hangs are reported, not fatal).  AFL_BUILD_DIR overrides build/afl.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 TARGET [SECONDS]" >&2
    exit 2
fi
target="$1"
seconds="${2:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${AFL_BUILD_DIR:-$root/build/afl}/fuzz/${target}_afl"
in="$root/fuzz/corpus/$target"
out="$root/build/afl-out/$target"

[[ -x "$bin" ]] || { echo "run-afl: no $bin; run: cmake --preset afl && cmake --build --preset afl" >&2; exit 1; }
[[ -d "$in" && -n "$(ls -A "$in")" ]] || { echo "run-afl: empty or missing seed corpus $in" >&2; exit 1; }
mkdir -p "$out"

args=(-V "$seconds" -i "$in" -o "$out")
[[ -f "$root/fuzz/$target.dict" ]] && args+=(-x "$root/fuzz/$target.dict")

export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_AUTORESUME=1
export AFL_NO_AFFINITY="${AFL_NO_AFFINITY:-1}"   # containers often deny CPU binding
[[ -t 1 ]] || export AFL_NO_UI=1
afl-fuzz "${args[@]}" -- "$bin"

crashes=$(find "$out" -path '*/crashes/id:*' -type f | wc -l)
hangs=$(find "$out" -path '*/hangs/id:*' -type f | wc -l)
echo "run-afl: $target: $crashes crash(es), $hangs hang(s) in $out"
[[ $crashes -eq 0 ]]
