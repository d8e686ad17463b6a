#!/usr/bin/env bash
# tools/texts.sh UNDEAD [SOURCE_DIR [RULES_DIR]] - `undead text` on every
# rule text every game's rows cite: found in RULES_DIR (default
# SOURCE_DIR/../shared/rules, the texts beside the project) or in the
# game's own folder (One Die's 900_one_die.txt), with the game's notes
# (spec/<folder>/text-notes) and no golden case (the exit status does not
# depend on them).  Prints each text's total line; fails when a text
# cannot be found or `undead text` fails on one (a statement on no row and
# in no note, or a stale quotation: the text and the rows drifted apart).
# A checkout with no RULES_DIR beside it checks the texts it holds (One
# Die's) and says which it skipped, as the tests that read the texts skip.
# The CI's step "rule texts against the rows".
set -euo pipefail
undead="${1:?usage: texts.sh UNDEAD [SOURCE_DIR [RULES_DIR]]}"
src="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
rules="${3:-$src/../shared/rules}"
export UNDEAD_DATA_DIR="$src"
bad=0 texts=0 skipped=0
for game in $("$undead" games | awk '{ print $1 }'); do
    for source in $("$undead" rules "$game" --format tsv | awk -F'\t' 'NR > 1 { print $5 }' | sort -u); do
        file="$rules/$source"
        [[ -f "$file" ]] || file=$(find "$src/spec" -name "$source" -print -quit)
        if [[ ! -f "$file" && ! -d "$rules" ]]; then
            # a checkout without the texts beside it (as the tests that read
            # them skip): said, not failed; a text missing from the folder
            # that holds them fails
            echo "$game $source: skipped: the rule texts are not beside the project ($rules)"
            skipped=$((skipped + 1))
            continue
        fi
        if [[ ! -f "$file" ]]; then
            echo "texts.sh: $game cites $source, found neither in $rules nor under $src/spec" >&2
            bad=$((bad + 1))
            continue
        fi
        texts=$((texts + 1))
        rc=0
        "$undead" text "$game" "$file" --no-golden > "${TMPDIR:-/tmp}/texts.$$" || rc=$?
        if [[ $rc != 0 ]]; then
            cat "${TMPDIR:-/tmp}/texts.$$" >&2
            bad=$((bad + 1))
        fi
        echo "$game $source: $(grep '^  total' "${TMPDIR:-/tmp}/texts.$$" | tr -s ' ' | cut -d' ' -f3-) (statements, on rows, pinned, readings, declared, not encoded, stale)"
    done
done
rm -f "${TMPDIR:-/tmp}/texts.$$"
if (( texts == 0 )); then
    echo "texts.sh: no game cites a rule text: nothing was checked" >&2
    exit 1
fi
if (( bad > 0 )); then
    echo "texts.sh: $bad of $texts text(s) drifted from their rows or could not be found" >&2
    exit 1
fi
echo "texts.sh: $texts text(s), every statement on a row or declared, every quotation found$( ((skipped)) && echo "; $skipped skipped: the rule texts are not beside the project ($rules)")"
