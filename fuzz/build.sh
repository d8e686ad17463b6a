#!/usr/bin/env bash
# fuzz/build.sh - builds the fuzz targets under the OSS-Fuzz/ClusterFuzzLite
# build contract, without cmake: compiles core/*.c, spec/**/*.c and each
# fuzz target fuzz/targets.sh lists with $CC $CFLAGS, links with $LIB_FUZZING_ENGINE, and
# writes $OUT/<name>, $OUT/<name>_seed_corpus.zip (from fuzz/corpus/<name>/)
# and $OUT/<name>.dict (from fuzz/<name>.dict).  Intermediates go to $WORK.
#
#   CC=clang CFLAGS="-O1 -fsanitize=fuzzer-no-link,address" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out fuzz/build.sh
#
# The source tree is found from this script's path ($SRC/undead when that
# holds this script).  When $CXX is set (as on OSS-Fuzz) the final link uses
# $CXX $CXXFLAGS, since some fuzzing engines are C++ libraries.
# shellcheck disable=SC2086,SC2206  # CFLAGS etc. are word lists by contract
set -euo pipefail

: "${CC:?set CC}" "${LIB_FUZZING_ENGINE:?set LIB_FUZZING_ENGINE}" "${OUT:?set OUT}"
CFLAGS="${CFLAGS:-}"

if [[ -n "${SRC:-}" && -f "$SRC/undead/fuzz/build.sh" ]]; then
    ROOT="$SRC/undead"
else
    ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fi

# Libraries beyond libc (keep in step with the CMake targets): GMP for
# exact probabilities (core/explore.c, spec/zombie_dice/solve.c).
EXTRA_LIBS="-lgmp -lm"

# Mirror the definitions of the top-level CMakeLists.txt.
version="$(sed -n 's/^project(undead VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")"
defs=(-std=c11 -D_POSIX_C_SOURCE=200809L "-DUD_VERSION=\"${version:-0}\""
      -I"$ROOT/core" -I"$ROOT/spec")

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
WORK="${WORK:-$(mktemp -d)}"
mkdir -p "$WORK/obj"
rm -f "$WORK"/obj/*.o "$WORK/libundead.a"

# The games' shipped content, compiled in (as spec/embed_content.cmake does
# for the CMake builds; cmake -P runs it, no project configure needed).
command -v cmake > /dev/null || { echo "build.sh: cmake is needed to embed spec/*/content" >&2; exit 1; }
cmake -DSPEC_DIR="$ROOT/spec" -DOUT="$WORK/spec_content.c" -P "$ROOT/spec/embed_content.cmake"
# The registry of games, from spec/<folder>/game.cmake (as the CMake builds do).
cmake -DSPEC_DIR="$ROOT/spec" -DOUT_DIR="$WORK" -P "$ROOT/spec/games.cmake"
defs+=(-I"$WORK")

# core/ and every game's rows (not the games' own test suites).
mapfile -t sources < <(cd "$ROOT" && { ls core/*.c; find spec -name '*.c' -not -path '*/tests/*'; } | sort)
objs=("$WORK/obj/spec_content.o" "$WORK/obj/games_table.o")
$CC $CFLAGS "${defs[@]}" -c "$WORK/spec_content.c" -o "$WORK/obj/spec_content.o"
$CC $CFLAGS "${defs[@]}" -c "$WORK/games_table.c" -o "$WORK/obj/games_table.o"
for s in "${sources[@]}"; do
    o="$WORK/obj/$(echo "${s%.c}" | tr '/' '_').o"
    $CC $CFLAGS "${defs[@]}" -c "$ROOT/$s" -o "$o"
    objs+=("$o")
done
ar rcs "$WORK/libundead.a" "${objs[@]}"

if [[ -n "${CXX:-}" ]]; then link=($CXX ${CXXFLAGS:-}); else link=($CC $CFLAGS); fi
built=0
while read -r name src game; do
    gdef=()
    [[ "$game" != "-" ]] && gdef=("-DUD_FUZZ_GAME=\"$game\"")
    $CC $CFLAGS "${defs[@]}" "${gdef[@]}" -c "$ROOT/$src" -o "$WORK/fuzz_$name.o"
    "${link[@]}" "$WORK/fuzz_$name.o" -o "$OUT/$name" $LIB_FUZZING_ENGINE \
        "$WORK/libundead.a" $EXTRA_LIBS
    built=$((built + 1))

    corpus="$ROOT/fuzz/corpus/$name"
    zip_out="$OUT/${name}_seed_corpus.zip"
    rm -f "$zip_out"
    if [[ -d "$corpus" && -n "$(ls -A "$corpus")" ]]; then
        if command -v zip >/dev/null; then
            (cd "$corpus" && zip -q -r "$zip_out" .)
        elif command -v python3 >/dev/null; then
            python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    for d, _, fs in os.walk(sys.argv[1]):
        for n in sorted(fs):
            p = os.path.join(d, n)
            z.write(p, os.path.relpath(p, sys.argv[1]))' "$corpus" "$zip_out"
        else
            echo "build.sh: warning: no zip or python3; $zip_out skipped" >&2
        fi
    fi
    if [[ -f "$ROOT/fuzz/$name.dict" ]]; then
        cp "$ROOT/fuzz/$name.dict" "$OUT/$name.dict"
    fi
    echo "build.sh: built $OUT/$name"
done < <(bash "$ROOT/fuzz/targets.sh")

if [[ $built -eq 0 ]]; then
    echo "build.sh: fuzz/targets.sh lists no targets" >&2
    exit 1
fi
