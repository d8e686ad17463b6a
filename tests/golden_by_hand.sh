#!/usr/bin/env bash
# tests/golden_by_hand.sh UNDEAD SOURCE_DIR - every rule row that changes a
# count (Time, supplies, survivors, bullets, life, cards, dice, tiles ...:
# each game's ud_game.counts) is fired by a case a person wrote, not only
# by a seeded game whose amounts nobody checked.  `undead golden coverage`
# lists each row fired only under golden/*/seeded/, marked
# `changes-a-count` when it changed one of the game's counts; the rows
# still waiting for a hand-written case are named, with why, in
# tests/golden-pins-left.txt.  Fails on a marked row not in that list, and
# on a listed row that no longer needs to be there (the list only
# shrinks), and when the report names no game (nothing was checked).
set -euo pipefail
undead="${1:?usage: golden_by_hand.sh UNDEAD SOURCE_DIR}"
src="${2:?usage: golden_by_hand.sh UNDEAD SOURCE_DIR}"
left="$src/tests/golden-pins-left.txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$undead" golden coverage --no-db --dir "$src/golden" > "$work/out"
if ! grep -q '^hand-written [a-z-]*: ' "$work/out"; then
    echo "golden_by_hand: the coverage report names no game:" >&2
    cat "$work/out" >&2
    exit 1
fi
sed -n 's/^seeded-only \([^ ]*\) \([^ ]*\) changes-a-count$/\1 \2/p' "$work/out" | sort > "$work/marked"
{ grep -v -e '^#' -e '^$' "$left" || true; } | awk '{print $1, $2}' | sort > "$work/listed"
bad=0
while read -r game row; do
    echo "golden_by_hand: $game $row changes a count and only seeded games fire it: write a hand-written case (golden/<game>/pins/) that pins its amounts" >&2
    bad=$((bad + 1))
done < <(comm -23 "$work/marked" "$work/listed")
while read -r game row; do
    echo "golden_by_hand: $game $row is in tests/golden-pins-left.txt but needs no case now: take it off the list" >&2
    bad=$((bad + 1))
done < <(comm -13 "$work/marked" "$work/listed")
if (( bad > 0 )); then
    exit 1
fi
echo "golden_by_hand: $(wc -l < "$work/listed") count-changing row(s) fired only by seeded games, each listed as left to pin"
grep '^hand-written' "$work/out"
