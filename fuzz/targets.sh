#!/usr/bin/env bash
# fuzz/targets.sh - lists the fuzz targets, one "NAME SOURCE GAME" line each:
#   - every fuzz/fuzz_NAME.c (GAME "-"),
#   - for every game folder spec/FOLDER/ (spec/games.sh lists them), the
#     engine target FOLDER_engine, built from fuzz/game_engine.c for the game
#     its game.cmake names (UD_GAME_NAME: zombie_dice -> zombie-dice),
#   - and for a game folder that ships content (spec/FOLDER/content/), the
#     content target FOLDER_content, built from fuzz/game_content.c.
# fuzz/CMakeLists.txt, build.sh and .ci/run read this one list, so a new game
# is fuzzed with no file of its own.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for f in "$root"/fuzz/fuzz_*.c; do
    [[ -e "$f" ]] || continue
    name="$(basename "$f" .c)"
    echo "${name#fuzz_} fuzz/$(basename "$f") -"
done
games="$(bash "$root/spec/games.sh")"
while read -r folder game; do
    [[ -n "$folder" ]] || continue # no game folder at all
    echo "${folder}_engine fuzz/game_engine.c $game"
    if [[ -d "$root/spec/$folder/content" ]]; then
        echo "${folder}_content fuzz/game_content.c $game"
    fi
done <<< "$games"
