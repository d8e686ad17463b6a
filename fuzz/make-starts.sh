#!/usr/bin/env bash
# fuzz/make-starts.sh FOLDER - writes the start positions of a game's engine
# fuzz target (spec/FOLDER/fuzz-starts.txt, docs/fuzzing.md) to stdout, from
# the game's own generator, spec/FOLDER/fuzz-starts.sh: positions taken from
# seeded games, each written as the lines `undead play GAME --start LINE`
# takes.  A game whose pool is written by hand has no generator.
#
# Each position is a paragraph: a comment saying where it comes from, then
# "players N", "variant KEY=VALUE" and "start LINE" lines.  This script
# writes the file's two header lines and sources the generator, which
# writes the paragraphs using
#   play SEED PLAYERS [ARGS...]  the transcript of a seeded game of the
#                                folder's game, seats p1..pPLAYERS
#   stages                       stdin's lines at half, three quarters and
#                                the last, each as "STAGE<TAB>LINE"
#   $spec_dir                    the game's folder (spec/FOLDER)
# UNDEAD names the binary (default build/default/tools/undead).
#
#   fuzz/make-starts.sh zombie_dice > spec/zombie_dice/fuzz-starts.txt
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
undead="${UNDEAD:-$root/build/default/tools/undead}"
if [[ $# -ne 1 ]]; then
    echo "usage: fuzz/make-starts.sh FOLDER   (e.g. fuzz/make-starts.sh zombie_dice)" >&2
    exit 2
fi
folder="$1"
game="$(bash "$root/spec/games.sh" "$folder")" # exit 2, saying why, for no game folder
spec_dir="$root/spec/$folder"
if [[ ! -f "$spec_dir/fuzz-starts.sh" ]]; then
    echo "make-starts.sh: spec/$folder/fuzz-starts.sh: no such generator (a pool written by hand has none)" >&2
    exit 2
fi
if [[ ! -x "$undead" ]]; then
    echo "make-starts.sh: $undead: no such program (build it, or name it with UNDEAD=)" >&2
    exit 2
fi

# play SEED PLAYERS [ARGS...]: the transcript of a seeded game.
play() {
    local seed="$1" players="$2"
    shift 2
    local names
    names="$(seq -f 'p%g' 1 "$players" | paste -sd, -)"
    "$undead" play "$game" --seed "$seed" --players "$names" --no-db "$@"
}

# stdin's lines at half, three quarters and the last, each after its stage.
stages() {
    awk '{ l[NR] = $0 } END { if (NR == 0) exit;
        printf "half\t%s\n", l[int(NR / 2) + 1]; printf "three-quarters\t%s\n", l[int(NR * 3 / 4) + 1];
        printf "last\t%s\n", l[NR] }'
}

echo "# Start positions of the $folder engine fuzz target (docs/fuzzing.md)."
echo "# Written by fuzz/make-starts.sh $folder: do not edit by hand."
# shellcheck source=/dev/null
source "$spec_dir/fuzz-starts.sh"
