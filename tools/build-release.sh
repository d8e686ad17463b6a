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

echo "==> release: training runs (the instrumented build took $SECONDS s)"
t="$SECONDS"
u="$dir/tools/undead"
# Every built-in game: its default policy and the random one, invariants off
# (what the speed figures measure) and on, two and four players; then the
# golden checks, which meet every rule and reading.  One thread
# (--jobs 1): the instrumented build's counters are not updated atomically,
# and threads racing on them leave a profile gcc rejects as corrupted.
# Each run plays its count of games or what takes about $budget seconds,
# whichever is fewer: the board game plays some hundreds of games a second
# where the dice games play a hundred thousand, and a profile needs the
# branches' proportions, which a few seconds of games give as well as
# minutes of them.  A short first run of each game measures its pace.
budget=2
train() {   # train GAME GAMES SIM-OPTIONS...
    local game="$1" want="$2" t0 t1 n
    shift 2
    t0="$(date +%s.%N)"
    "$u" sim "$game" --games 200 --no-db --jobs 1 "$@" > /dev/null
    t1="$(date +%s.%N)"
    n="$(awk -v want="$want" -v t0="$t0" -v t1="$t1" -v b="$budget" \
        'BEGIN { t = t1 - t0; n = t > 0 ? int(200 * b / t) : want
                 if (n > want) n = want; if (n < 200) n = 200; print n }')"
    "$u" sim "$game" --games "$n" --no-db --jobs 1 "$@" > /dev/null
}
train_game() {   # train_game GAME: its five runs, one after another
    train "$1" 40000 --fast
    for _ in 1 2; do
        train "$1" 40000 --fast --policy random
    done
    train "$1" 20000 --policy random
    train "$1" 20000 --fast --policy random --players a,b,c,d
}
# The training jobs $jobs at a time, each in a process of its own: one
# process's counters are not atomic (above), but processes merge their
# counts into the profile one at a time (libgcov locks each .gcda file as
# it writes).  The games first (the longest jobs), then the rest:
#  - the golden checks, which meet every rule and reading;
#  - the bench's yardstick (a hand-written loop of Zombie Dice that
#    `undead bench` times beside the engine), profiled as the engine is,
#    so that the two are built alike (code the profile never saw run is
#    laid out cold);
#  - the exhaustive search and the exact chain solve: a turn with its exact
#    outcomes (the search and the solve over smooth denominators), and the
#    School Bus's rules in a search cut short (at depth 4, two thirds of
#    its states: its deeper rolls, where the bus is ridden, play other
#    rules).
# In one pool, so that no core waits while another finishes a game.
source tools/pool.sh
pool_init "$jobs"
for game in $("$u" games | awk '{print $1}'); do
    pool_start train_game "$game"
done
pool_start "$u" golden check --no-db --dir golden > /dev/null
pool_start "$u" bench zombie-dice --games 100000 --repeat 1 > /dev/null
pool_start "$u" explore zombie-dice --bound turn --outcomes --policy stop-at-brains:4 --variant dice=double-feature \
    --no-db --jobs 1 > /dev/null
pool_start "$u" explore zombie-dice --bound turn --variant bus=on --max-depth 4 --no-db --jobs 1 > /dev/null
pool_wait
for s in "${pool_status[@]}"; do
    [[ $s -eq 0 ]] || { echo "build-release: a training run failed (exit $s)" >&2; exit "$s"; }
done

echo "==> release: optimised build (the training took $((SECONDS - t)) s)"
t="$SECONDS"
cmake --preset release -DUD_PGO=use -DUD_PGO_DIR="$profile" > /dev/null
cmake --build --preset release --parallel "$jobs"
echo "==> release: built $dir/tools/undead (the optimised build took $((SECONDS - t)) s)"
