#!/usr/bin/env bash
# tools/build-release.sh - the optimised build of undead that the main job
# and the speed figures use: gcc -O3 with link-time optimisation, and
# profile-guided optimisation.  Two passes in build/release:
#   1. an instrumented build (UD_PGO=generate) runs a training mix (seeded
#      simulations of every game under its default and the random policy,
#      the golden checks), which writes the profile;
#   2. the same sources are built again with the profile (UD_PGO=use).
# The code is the same in every build; only the compiler's layout and
# inlining choices differ.  The tests run on the default and asan builds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="$(nproc 2>/dev/null || echo 2)"
dir=build/release
profile="$PWD/$dir/pgo-profile"

rm -rf "$profile"
echo "==> release: instrumented build"
cmake --preset release --fresh -DUD_PGO=generate -DUD_PGO_DIR="$profile" > /dev/null
cmake --build --preset release --parallel "$jobs"

echo "==> release: training runs"
u="$dir/tools/undead"
# Every built-in game: its default policy and the random one, invariants off
# (what the speed figures measure) and on, two and four players; then the
# golden checks, which meet every rule and reading.  One thread
# (--jobs 1): the instrumented build's counters are not updated atomically,
# and threads racing on them leave a profile gcc rejects as corrupted.
for game in $("$u" games | awk '{print $1}'); do
    for policy in "" random random; do
        "$u" sim "$game" --games 40000 --fast --no-db --jobs 1 ${policy:+--policy "$policy"} > /dev/null
    done
    "$u" sim "$game" --games 20000 --no-db --jobs 1 --policy random > /dev/null
    "$u" sim "$game" --games 20000 --fast --no-db --jobs 1 --policy random --players a,b,c,d > /dev/null
done
"$u" golden check --no-db --dir golden > /dev/null
# The exhaustive search and the exact chain solve: a turn with its exact
# outcomes (the search and the solve over smooth denominators), and the
# School Bus's rules in a search cut short (at depth 4, two thirds of its
# states: its deeper rolls, where the bus is ridden, play other rules).
"$u" explore zombie-dice --bound turn --outcomes --policy stop-at-brains:4 --variant dice=double-feature \
    --no-db --jobs 1 > /dev/null
"$u" explore zombie-dice --bound turn --policy bus-rider:2 --variant bus=on --max-depth 4 --no-db --jobs 1 > /dev/null

echo "==> release: optimised build"
cmake --preset release -DUD_PGO=use -DUD_PGO_DIR="$profile" > /dev/null
cmake --build --preset release --parallel "$jobs"
echo "==> release: built $dir/tools/undead"
