#!/usr/bin/env bash
# tools/long-functions.sh [--max N] [DIR...] - the functions of the C files
# under each DIR (default: tools) longer than N lines (default 100), the
# longest first: "LINES FILE:LINE NAME", then "N of M functions are longer
# than N lines".  A function's lines run from the first line of its
# signature to its closing brace, both counted; the house style
# (.clang-format) puts a function's braces alone at the start of a line,
# which is how they are found.  Exit 0 when none is longer, 1 when some
# are, 2 on a bad argument.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
max=100
if [[ "${1:-}" == --max ]]; then
    [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "usage: tools/long-functions.sh [--max N] [DIR...]" >&2; exit 2; }
    max=$2
    shift 2
fi
(($#)) || set -- tools
for d in "$@"; do
    [[ -d $d ]] || { echo "tools/long-functions.sh: $d: no such folder" >&2; exit 2; }
done
mapfile -d '' files < <(find "$@" -name '*.c' -print0 | sort -z)
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
((${#files[@]})) || { echo "tools/long-functions.sh: no C file under $*" >&2; exit 2; }
awk -v max="$max" '
    # the signature begins on the last line that starts a declaration at
    # column 0 (its continuation lines are indented)
    FNR == 1 { start = 0 }
    /^[A-Za-z_]/ { start = FNR; sig = $0 }
    /^\{$/ && start {
        name = sig
        sub(/\(.*/, "", name)
        n = split(name, w, /[ *]+/)
        fn = w[n]; from = start
    }
    /^\}/ && fn != "" {
        lines = FNR - from + 1
        total++
        if (lines > max) { over++; printf "%d %s:%d %s\n", lines, FILENAME, from, fn }
        fn = ""; start = 0
    }
    END { printf "%d of %d functions are longer than %d lines\n", over, total, max }' "${files[@]}" > "$tmp"
grep -v ' functions are longer than ' "$tmp" | sort -rn || true
summary=$(grep ' functions are longer than ' "$tmp")
echo "$summary"
[[ $summary == "0 of "* ]]
