#!/usr/bin/env bash
# spec/games.sh [FOLDER] - the game registry for scripts: one "FOLDER NAME"
# line per game folder (a spec/FOLDER/ with a game.cmake), in folder
# order, NAME being its command-line name (UD_GAME_NAME, as
# spec/games.cmake reads it for the C registry).  With FOLDER, that
# game's NAME alone, or exit 2 if spec/FOLDER/ is not a game folder.
# fuzz/targets.sh, fuzz/make-starts.sh and fuzz/illegal-states.sh read it,
# so no script converts a folder name into a game name by convention.
set -euo pipefail
spec="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# name_of FOLDER: the UD_GAME_NAME its game.cmake sets.
name_of() {
    local name
    name="$(sed -n 's/^set(UD_GAME_NAME[[:space:]]\{1,\}\([^)[:space:]]*\).*/\1/p' "$spec/$1/game.cmake")"
    if [[ -z "$name" ]]; then
        echo "spec/games.sh: spec/$1/game.cmake: expected a line set(UD_GAME_NAME NAME)" >&2
        exit 2
    fi
    echo "$name"
}

if [[ $# -gt 1 ]]; then
    echo "usage: spec/games.sh [FOLDER]" >&2
    exit 2
fi
if [[ $# -eq 1 ]]; then
    if [[ "$1" == */* || ! -f "$spec/$1/game.cmake" ]]; then
        echo "spec/games.sh: '$1' is not a game folder (expected spec/$1/game.cmake)" >&2
        exit 2
    fi
    name_of "$1"
    exit 0
fi
for d in "$spec"/*/; do
    folder="$(basename "$d")"
    [[ -f "$d/game.cmake" ]] || continue
    name="$(name_of "$folder")"
    echo "$folder $name"
done
