#!/usr/bin/env bash
# fuzz/seed.sh FOLDER - writes a starting seed corpus for the game in
# spec/FOLDER/: fuzz/corpus/FOLDER_engine/seed0..seed4 (64 bytes each: the
# engine target reads player count, variant values, chance outcomes and
# decisions from them) and, when the game ships content, one
# fuzz/corpus/FOLDER_content/seed-FILE per built-in content file (its
# index, its text, a NUL, then 32 bytes that play a game on it; the layout
# fuzz/game_content.c reads).  The bytes are derived from the folder name
# (sha256), so two runs write the same files.  A corpus that exists is left
# as it is (exit 1 when there was nothing to write): the committed corpora
# grew from seeds like these by libFuzzer runs (fuzz/README.md, "Growing a
# corpus").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ $# -ne 1 || "$1" == -* ]]; then
    echo "usage: fuzz/seed.sh FOLDER   (a game folder under spec/, e.g. one_die)" >&2
    exit 2
fi
folder="$1"
if [[ ! -f "$root/spec/$folder/game.cmake" ]]; then
    echo "fuzz/seed.sh: spec/$folder/game.cmake: expected a game folder (one with a game.cmake)" >&2
    exit 2
fi

# 32 bytes named by the text $1, written to stdout.
hash_bytes() {
    printf '%s' "$1" | sha256sum | cut -c1-64 | xxd -r -p
}

# Make the corpus folder $1 and succeed, or say it is there and fail.
wrote=0
new_corpus() {
    if [[ -e "$1" ]]; then
        echo "fuzz/seed.sh: ${1#"$root"/} already exists: left as it is (remove it to write new seeds)" >&2
        return 1
    fi
    mkdir -p "$1"
    wrote=$((wrote + 1))
}

engine="$root/fuzz/corpus/${folder}_engine"
if new_corpus "$engine"; then
    for k in 0 1 2 3 4; do
        { hash_bytes "$folder engine $k a"; hash_bytes "$folder engine $k b"; } > "$engine/seed$k"
    done
    echo "wrote ${engine#"$root"/}/seed0..seed4"
fi

content="$root/fuzz/corpus/${folder}_content"
if [[ -d "$root/spec/$folder/content" ]] && new_corpus "$content"; then
    k=0
    for f in "$root/spec/$folder/content/"*.txt; do
        name="$(basename "$f" .txt)"
        { printf "\\x$(printf %02x "$k")"; cat "$f"; printf '\0'; hash_bytes "$folder content $name"; } \
            > "$content/seed-$name"
        k=$((k + 1))
    done
    echo "wrote ${content#"$root"/}/seed-* ($k files)"
fi
[[ $wrote -gt 0 ]]
