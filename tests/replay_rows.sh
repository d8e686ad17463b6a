#!/usr/bin/env bash
# tests/replay_rows.sh REPLAY UNDEAD GAME CORPUS - the CTest fuzz_rows_NAME:
# NAME_replay --rows over a committed corpus must list every row of GAME
# (the rows `undead rules GAME` lists, in its order) with a count, then
# "rows fired K of N" with N that many rows, K the rows counted above 0,
# and 1 <= K <= N (fuzz/reach.sh reads this output).
set -euo pipefail
replay="$1" undead="$2" game="$3" corpus="$4"
fail() {
    echo "replay_rows: $*" >&2
    exit 1
}
out="$("$replay" --rows "$corpus")" || fail "$replay --rows $corpus failed"
summary="$(tail -1 <<< "$out")"
[[ "$summary" =~ ^rows\ fired\ ([0-9]+)\ of\ ([0-9]+)$ ]] || fail "last line is not 'rows fired K of N': $summary"
k="${BASH_REMATCH[1]}" n="${BASH_REMATCH[2]}"

# The rows, as `undead rules` lists them (its tsv has a header line).
expected="$("$undead" rules "$game" --format tsv | tail -n +2 | cut -f1)"
listed="$(grep -E '^[^ ]+ [0-9]+$' <<< "$out" | cut -d' ' -f1)"
[[ "$listed" == "$expected" ]] || fail "the row lines are not the rows of $game in order:
$(diff <(echo "$expected") <(echo "$listed") || true)"
rows="$(grep -c . <<< "$expected")"
[[ "$n" -eq "$rows" ]] || fail "N is $n, $game has $rows rows"
counted="$(grep -E '^[^ ]+ [1-9][0-9]*$' <<< "$out" | grep -c . || true)"
[[ "$k" -eq "$counted" ]] || fail "K is $k, $counted rows have a count above 0"
[[ "$k" -ge 1 && "$k" -le "$n" ]] || fail "K=$k is not within 1..$n"
echo "replay_rows: $game: rows fired $k of $n"
