#!/usr/bin/env bash
# tests/new_game.sh SOURCE_DIR - CTest new_game (label newgame): a new game
# from tools/new-game.sh needs no edit outside its folders.  In a copy of
# the tracked tree (git ls-files, with this checkout's uncommitted changes),
# it makes the game, configures the default preset, builds only what the
# checks need, writes the golden transcripts with the tool, and then: the
# game's own suite and fuzz replays pass, `undead golden check` and
# `coverage` pass over every game, `undead sim` plays it, the registry test
# finds it, and nothing outside spec/, golden/ and fuzz/corpus/ changed.
set -euo pipefail
src="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tree="$tmp/undead"
mkdir -p "$tree"
(cd "$src" && git ls-files --cached --others --exclude-standard | sort -u | while read -r f; do
    if [[ -f "$f" ]]; then cp --parents -- "$f" "$tree"; fi
done)
cd "$tree"
git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm base

# (its initials, cf, are conform's prefix, which new-game.sh refuses)
bash tools/new-game.sh coin-flip coin > "$tmp/new-game.out"
cat "$tmp/new-game.out"
changed="$(git status --porcelain | grep -v -E '^\?\? (spec/coin_flip/|golden/coin_flip/|fuzz/corpus/coin_flip_(engine|content)/)$' || true)"
if [[ -n "$changed" ]]; then
    echo "new_game: tools/new-game.sh changed files outside the game's folders:" >&2
    echo "$changed" >&2
    exit 1
fi

if command -v clang-format > /dev/null; then
    find spec/coin_flip -name '*.[ch]' -print0 | xargs -0 clang-format --dry-run -Werror ||
        { echo "new_game: the new game's code is not in the house style (.clang-format)" >&2; exit 1; }
fi

cmake --preset default > "$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; exit 1; }
cmake --build --preset default --parallel 2 --target undead test_coin_flip test_registry \
    coin_flip_engine_replay coin_flip_content_replay > "$tmp/build.log" 2>&1 || { tail -50 "$tmp/build.log"; exit 1; }
undead=build/default/tools/undead
"$undead" games | grep -q '^coin-flip ' || { echo "new_game: 'undead games' does not list coin-flip" >&2; exit 1; }
"$undead" golden update --no-db --dir golden/coin_flip
"$undead" golden check --no-db --dir golden
"$undead" golden coverage --no-db --dir golden
"$undead" sim coin-flip --games 200 --no-db
ctest --preset default -R '^(test_coin_flip|test_registry|fuzz_replay_coin_flip_(engine|content))$' \
    --output-on-failure > "$tmp/ctest.log" 2>&1 || { cat "$tmp/ctest.log"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 4" "$tmp/ctest.log" ||
    { cat "$tmp/ctest.log"; echo "new_game: expected the game's 4 tests to run and pass" >&2; exit 1; }
echo "new_game: coin-flip made, built, checked and fuzz-replayed"
