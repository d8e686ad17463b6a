#!/usr/bin/env bash
# tests/new_game.sh SOURCE_DIR - CTest new_game (label newgame): a new game
# from tools/new-game.sh needs no edit outside its folders.  In a copy of
# the tracked tree (git ls-files, with this checkout's uncommitted changes),
# it makes the game, configures the debug preset, builds only what the
# checks need, writes the golden transcripts with the tool, and then:
#   - the game's own suite and fuzz replays pass, `undead golden check` and
#     `coverage` pass over every game, `undead sim` plays it, the registry
#     test finds it;
#   - its conformance tests exist and pass: CMake registered
#     conform_self_coin_flip and conform_depth_coin_flip from the registry;
#   - its fuzz starts: spec/coin_flip/fuzz-starts.txt holds positions, is
#     compiled in, loads and plays (test_fuzzing), and fuzz/make-starts.sh
#     coin_flip writes it again byte for byte from the folder's generator;
#   - its docs page: spec/coin_flip/docs.md names the game, keeps no name
#     of One Die's but in its note, and its relative links resolve;
#   - nothing outside spec/, golden/ and fuzz/corpus/'s coin_flip folders
#     changed, after tools/new-game.sh and again after all of the above.
set -euo pipefail
src="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tree="$tmp/undead"
mkdir -p "$tree"
# one tar for the five thousand files (a cp each cost minutes of process
# starts); a file deleted but not yet committed is left out
(cd "$src" && git ls-files -z --cached --others --exclude-standard | sort -zu |
    while IFS= read -r -d '' f; do if [[ -f "$f" ]]; then printf '%s\0' "$f"; fi; done |
    tar -cf - --null -T - | tar -xf - -C "$tree")
cd "$tree"
git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm base

fail() {
    echo "new_game: $*" >&2
    exit 1
}

# only_the_games_folders WHEN: git sees nothing but the new game's folders.
only_the_games_folders() {
    local changed
    changed="$(git status --porcelain --untracked-files=normal |
        grep -v -E '^\?\? (spec/coin_flip/|golden/coin_flip/|fuzz/corpus/coin_flip_(engine|content)/)$' || true)"
    [[ -z "$changed" ]] || fail "$1 changed files outside the game's folders:
$changed"
}

# (its initials, cf, are conform's prefix, which new-game.sh refuses)
bash tools/new-game.sh coin-flip coin > "$tmp/new-game.out"
cat "$tmp/new-game.out"
only_the_games_folders "tools/new-game.sh"

if command -v clang-format > /dev/null; then
    find spec/coin_flip -name '*.[ch]' -print0 | xargs -0 clang-format --dry-run -Werror ||
        fail "the new game's code is not in the house style (.clang-format)"
fi

# Its docs page: the game's own, with no name of One Die's left but in the
# note that says whose figures it holds, and links that lead somewhere.
page=spec/coin_flip/docs.md
[[ -s "$page" ]] || fail "tools/new-game.sh made no $page"
head -1 "$page" | grep -q '^<!-- Made by tools/new-game.sh coin-flip ' || fail "$page: no note saying where it came from"
grep -q '^# Coin Flip' "$page" || fail "$page: its title does not name Coin Flip: $(grep -m1 '^# ' "$page")"
leftover="$(grep -v -e '^<!-- Made by' -e '^     its figures are' "$page" |
    grep -n -E "one_die|one-die|One Die|\bOD[-_]|\bod_" || true)"
[[ -z "$leftover" ]] || fail "$page still names One Die:
$leftover"
for link in $(grep -o -E '\]\([^)#]+' "$page" | sed 's/^](//' | grep -v -E '^[a-z]+:' || true); do
    [[ -e "spec/coin_flip/$link" ]] || fail "$page: link '$link' leads nowhere"
done

# Its fuzz starts: positions in its folder, with their generator.
[[ -f spec/coin_flip/fuzz-starts.sh ]] || fail "tools/new-game.sh made no spec/coin_flip/fuzz-starts.sh"
positions="$(grep -c '^players ' spec/coin_flip/fuzz-starts.txt || true)"
[[ "$positions" -gt 0 ]] || fail "spec/coin_flip/fuzz-starts.txt holds no position"

# The debug preset (gcc -O0), without debug information: this checks the
# tree's wiring, not the optimiser or a debugger, and -O0 halves the
# compile of every file of the copy (-g would add a third again).
cmake --preset debug -DCMAKE_C_FLAGS_DEBUG=-O0 > "$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; exit 1; }
cmake --build --preset debug --parallel 1 --target undead test_coin_flip test_registry test_fuzzing \
    coin_flip_engine_replay coin_flip_content_replay > "$tmp/build.log" 2>&1 || { tail -50 "$tmp/build.log"; exit 1; }
undead=build/debug/tools/undead
"$undead" games | grep -q '^coin-flip ' || fail "'undead games' does not list coin-flip"
"$undead" golden update --no-db --dir golden/coin_flip
"$undead" golden check --no-db --dir golden
"$undead" golden coverage --no-db --dir golden
"$undead" sim coin-flip --games 200 --no-db
grep -q '"spec/coin_flip/fuzz-starts.txt"' build/debug/spec_content.c ||
    fail "spec/coin_flip/fuzz-starts.txt is not compiled in (spec/embed_content.cmake)"
UNDEAD="$undead" bash fuzz/make-starts.sh coin_flip > "$tmp/starts.txt" || fail "fuzz/make-starts.sh coin_flip failed"
cmp -s "$tmp/starts.txt" spec/coin_flip/fuzz-starts.txt ||
    fail "fuzz/make-starts.sh coin_flip does not write spec/coin_flip/fuzz-starts.txt again:
$(diff spec/coin_flip/fuzz-starts.txt "$tmp/starts.txt" | head -20)"

# Its CTests, the conformance ones registered from the registry alone.
tests='^(test_coin_flip|test_registry|test_fuzzing|fuzz_replay_coin_flip_(engine|content)|conform_(self|depth)_coin_flip)$'
listed="$(ctest --preset debug -N -R "$tests" | grep -c 'Test *#' || true)"
[[ "$listed" -eq 7 ]] || fail "expected 7 CTests of the game (conform_self_coin_flip and conform_depth_coin_flip among them), found $listed:
$(ctest --preset debug -N -R "$tests")"
ctest --preset debug -R "$tests" --output-on-failure > "$tmp/ctest.log" 2>&1 || { cat "$tmp/ctest.log"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 7" "$tmp/ctest.log" ||
    { cat "$tmp/ctest.log"; fail "expected the game's 7 tests to run and pass"; }

only_the_games_folders "making, building and checking the game"
echo "new_game: coin-flip made, built, checked, fuzz-replayed from its $positions start positions," \
    "held to itself by conform, with its page"
