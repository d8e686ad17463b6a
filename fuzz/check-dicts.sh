#!/usr/bin/env bash
# fuzz/check-dicts.sh [FILE.dict...] - holds each fuzz dictionary to the
# grammar libFuzzer and AFL++ both read: a line is empty, a '#' comment, or
# an optional name= and a double-quoted string whose only escapes are \\,
# \" and \xHH. libFuzzer refuses the whole dictionary on one bad line (a
# "\n" escape, say) and the fuzz run then fails, so a bad entry fails here,
# at FILE:LINE, before any fuzzing. Default: every fuzz/*.dict.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=(fuzz/*.dict)
bad=0
for f in "${files[@]}"; do
    awk -v file="$f" '
        /^[ \t]*$/ || /^[ \t]*#/ { next }
        {
            line = $0
            sub(/^[A-Za-z0-9_]*=/, "", line)   # an optional keyword name
            if (line !~ /^".*"[ \t]*$/) {
                printf "%s:%d: expected a double-quoted string, found: %s\n", file, NR, $0
                bad = 1; next
            }
            body = line
            sub(/^"/, "", body); sub(/"[ \t]*$/, "", body)
            # drop the escapes libFuzzer accepts, then any backslash or bare
            # quote left is one it refuses
            gsub(/\\\\|\\"|\\x[0-9A-Fa-f][0-9A-Fa-f]/, "", body)
            if (body ~ /[\\"]/) {
                printf "%s:%d: expected only the escapes \\\\, \\\" and \\xHH, found: %s\n", file, NR, $0
                bad = 1
            }
        }
        END { exit bad }' "$f" || bad=1
done
exit "$bad"
