#!/usr/bin/env bash
# tests/readings_source.sh SOURCE_DIR - no rule code reads a variant behind
# the table's back.  A row's guard or effect learns its reading through
# ud_reading (core/engine.h), which the row declares in its `reads` and
# `undead rules` shows; indexing a setup's variant array directly would
# hide the reading from the table.  Every spec/<game>/*.c is rule code
# except the analyses, explorers, solvers, policies and FAQ writers, which
# set up or describe games rather than play them.  A line of rule code
# that must read the array anyway (a game's init keeping the readings in
# the state for its policies) says why with the marker `ud-reading-ok:`.
set -euo pipefail
src="${1:?usage: readings_source.sh SOURCE_DIR}"
bad=0
while IFS= read -r -d '' f; do
    case "$(basename "$f")" in
        analyses.c|explore.c|solve.c|solve_game.c|turn_dp.c|policies.c|faq*.c|combat.c|combat_best.c) continue ;;
    esac
    if grep -nE '(->|\.)variant\s*\[|\bVAR\(|\bvariant\s*\[[A-Z_]+_V_' "$f" | grep -v 'ud-reading-ok:' > /tmp/readings_source.$$; then
        while IFS= read -r line; do
            echo "${f#"$src"/}:$line: reads a variant directly; use ud_reading(s, KEY) and declare the key in the row's reads" >&2
            bad=$((bad + 1))
        done < /tmp/readings_source.$$
    fi
done < <(find "$src/spec" -name '*.c' -not -path '*/tests/*' -print0)
rm -f /tmp/readings_source.$$
if (( bad > 0 )); then
    echo "readings_source: $bad line(s) of rule code read a variant behind the table's back" >&2
    exit 1
fi
echo "readings_source: no rule code reads a variant directly"
