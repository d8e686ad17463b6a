#!/usr/bin/env bash
# fuzz/targets.sh - lists the fuzz targets, one "NAME SOURCE GAME" line each:
#   - every fuzz/fuzz_NAME.c (GAME "-"),
#   - for every game folder spec/FOLDER/ (a folder holding C files), the
#     engine target FOLDER_engine, built from fuzz/game_engine.c for the game
#     named FOLDER with '_' read as '-' (zombie_dice -> zombie-dice),
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
for d in "$root"/spec/*/; do
    folder="$(basename "$d")"
    compgen -G "$d*.c" > /dev/null || continue
    echo "${folder}_engine fuzz/game_engine.c ${folder//_/-}"
    if [[ -d "$d/content" ]]; then
        echo "${folder}_content fuzz/game_content.c ${folder//_/-}"
    fi
done
