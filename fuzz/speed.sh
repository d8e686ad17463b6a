#!/usr/bin/env bash
# fuzz/speed.sh - measures the libFuzzer targets' throughput: runs each named
# target (default: every target fuzz/targets.sh lists) RUNS times (default 3)
# for SECONDS seconds (default 30) from its committed corpus, and prints
# each run's exec/s (libFuzzer's -print_final_stats=1 average_exec_per_sec)
# and their median.  The committed corpus is read, never written: new units
# go to a temporary directory.  BIN names the folder holding the targets
# (default build/libfuzzer/fuzz).
#
#   cmake --preset libfuzzer && cmake --build --preset libfuzzer --parallel 2 \
#       --target zombie_dice_engine one_die_engine transcript
#   fuzz/speed.sh zombie_dice_engine one_die_engine transcript
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${BIN:-$root/build/libfuzzer/fuzz}"
seconds="${SECONDS_PER_RUN:-30}"
runs="${RUNS:-3}"
if [[ $# -eq 0 ]]; then
    mapfile -t names < <(bash "$root/fuzz/targets.sh" | cut -d' ' -f1)
else
    names=("$@")
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for name in "${names[@]}"; do
    rates=()
    for ((r = 0; r < runs; r++)); do
        rm -rf "$tmp/new" && mkdir -p "$tmp/new"
        args=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$tmp/")
        [[ -f "$root/fuzz/$name.dict" ]] && args+=(-dict="$root/fuzz/$name.dict")
        "$bin/$name" "${args[@]}" "$tmp/new" "$root/fuzz/corpus/$name" > "$tmp/log" 2>&1 || {
            tail -30 "$tmp/log" >&2
            echo "speed.sh: $name failed" >&2
            exit 1
        }
        rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$tmp/log")"
        rates+=("$rate")
    done
    median="$(printf '%s\n' "${rates[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")"
    echo "fuzz $name: median $median exec/s (runs: ${rates[*]}; ${seconds}s each)"
done
