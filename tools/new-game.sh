#!/usr/bin/env bash
# tools/new-game.sh NAME [PREFIX] - lays out a new game, a folder under
# spec/, that builds, plays, checks and is fuzzed with no edit elsewhere:
#   spec/FOLDER/           a working copy of One Die (spec/one_die/, the worked
#                          example spec/README.md walks through) under the new
#                          names: rule text, header, rows, ud_game, content,
#                          game.cmake (its registration, with its conformance
#                          depth), the fuzz target's start positions and their
#                          generator (fuzz-starts.txt, fuzz-starts.sh), its
#                          page (docs.md, One Die's figures until rewritten),
#                          README.md
#   spec/FOLDER/tests/     its Criterion suite, test_FOLDER.c
#   golden/FOLDER/         One Die's golden cases (.in) under the new names;
#                          `undead golden update` writes their transcripts
#   fuzz/corpus/FOLDER_*   seed corpora (fuzz/seed.sh)
# NAME is the command-line name (lower case, words joined by '-'); FOLDER is
# NAME with '_' for '-'; PREFIX (default: the initials of NAME's words, or
# its first two letters) prefixes the C names (PREFIX_game) and, in capitals,
# the rule IDs (PREFIX-BUST); it may not be a prefix undead's own code or a
# game already uses (the table below).  Then edit the rule text and the rows
# into your game (spec/README.md).  It changes nothing when it refuses.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: tools/new-game.sh NAME [PREFIX]   (e.g. tools/new-game.sh coin-flip coin)"
die() { echo "tools/new-game.sh: $*" >&2; exit 2; }

[[ $# -ge 1 && $# -le 2 && "$1" != -* ]] || { echo "$usage" >&2; exit 2; }
name="$1"
[[ "$name" =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ && ${#name} -le 23 ]] ||
    die "NAME '$name': expected lower-case letters and digits, words joined by '-', at most 23 characters"
folder="${name//-/_}"
if [[ $# -eq 2 ]]; then
    prefix="$2"
    which="PREFIX '$prefix'"
elif [[ "$name" == *-* ]]; then
    prefix="$(echo "$name" | tr '-' '\n' | cut -c1 | tr -d '\n')"
    which="PREFIX '$prefix' (the default for '$name': its words' initials)"
else
    prefix="${name:0:2}"
    which="PREFIX '$prefix' (the default for '$name': its first two letters)"
fi
[[ "$prefix" =~ ^[a-z][a-z0-9]{1,5}$ ]] ||
    die "$which: expected 2 to 6 lower-case letters or digits, starting with a letter"

# The prefixes of undead's own namespaces (C names PREFIX_*, macros
# PREFIX_*), and of the libraries a game's code and tests see: a game under
# one would clash with them, or not compile (ud: ud_game is the core's).
# Every prefix that two or more global functions of core/, db/, tools/,
# tests/support*.c or spec/ share is here or a game's (tests/faults_dbpkg.sh
# prefix checks that); a game's own is found in its game.cmake below.
reserved_prefixes() {
    cat <<'TABLE'
ud the core (core/: ud_game, ud_state, every ud_* name)
ab the core's absorbing-chain solver (core/absorb*.c: ab_*)
xp the core's explorer (core/explore*.c: xp_*)
db the results database (db/: db_*)
nq the results database's named queries (db/named_query.c: nq_*)
tbl the results database's tables (db/table.c: tbl_*)
owner the results database's run owners (db/owner.c: owner_*)
cf undead conform and serve, the conformance protocol (tools/conform/: cf_*)
faq undead faq (tools/faq/: faq_*)
cli the command line's shared code (tools/common/cli.c: cli_*)
opts the option layer (tools/common/opts.c: opts_*)
cmd the commands (tools/cmd_*.c: cmd_*)
undead the program's own names (tools/commands.h: undead_command, undead_commands; the database's undead_run_status, UNDEAD_* variables)
rec the recording of runs (tools/common/record.c: rec_*)
cap transcript capture (tools/common/capture.c: cap_*)
mut undead mutate (tools/mutate/: mut_*)
verify undead verify (tools/verify/: verify_*)
child the conformance adapter's process (tools/conform/child.c: child_*)
pdf the FAQ's PDF pages (tools/faq/pdf_pages.c: pdf_*)
svg the FAQ's charts (tools/faq/faq_svg.c: svg_*)
prob exact probabilities (tools/common/prob.c: prob_*)
golden the golden cases (tools/common/golden.c: golden_*)
text undead text, the rule text as the index (tools/text/: text_*)
replay a record as a page a browser steps through (tools/replay/: replay_*)
bench undead bench, its timing and yardstick (tools/common/bench.c: bench_*)
table undead play at the table (tools/table/: table_*)
assert the test support (tests/support.c: assert_*)
run the test support (tests/support.c: run_*, the type run)
play the test support (tests/support.c: play_*)
game the test support (tests/support.c: game_*)
one the database tests' support (tests/support_db.c: one_*)
cr Criterion, the test framework (cr_assert, ...)
gmp GMP, the exact arithmetic (gmp_*)
mp GMP, the exact arithmetic (mp_*)
mpz GMP, the exact arithmetic (mpz_*)
mpq GMP, the exact arithmetic (mpq_*)
mpf GMP, the exact arithmetic (mpf_*)
json jansson, the conformance protocol's JSON (json_*)
TABLE
}
PREFIX="$(echo "$prefix" | tr '[:lower:]' '[:upper:]')"
FOLDER="$(echo "$folder" | tr '[:lower:]' '[:upper:]')"
title="$(echo "$name" | tr '-' ' ' | sed 's/\b\(.\)/\u\1/g')"

# Everything that could clash, before anything is written.
for d in "spec/$folder" "golden/$folder" "fuzz/corpus/${folder}_engine" "fuzz/corpus/${folder}_content"; do
    [[ ! -e "$root/$d" ]] || die "$d already exists"
done
owner="$(reserved_prefixes | awk -v p="$prefix" '$1 == p { $1 = ""; print substr($0, 2) }')"
[[ -z "$owner" ]] || die "$which is reserved for $owner; give another as the second argument"
for f in "$root"/spec/*/game.cmake; do
    grep -q "^set(UD_GAME_NAME $name)" "$f" && die "a game named $name is registered (${f#"$root"/})"
    if grep -q "^set(UD_GAME_SYMBOL ${prefix}_game)" "$f"; then
        game="$(sed -n 's/^set(UD_GAME_NAME \(.*\))$/\1/p' "$f")"
        die "$which is reserved for the game $game (${f#"$root"/}); give another as the second argument"
    fi
done
if grep -rqs --include='*.c' "\"$PREFIX-" "$root"/spec/*/; then
    die "rule IDs $PREFIX-* exist already; give another PREFIX as the second argument"
fi

template="$root/spec/one_die"
grep -q '^set(UD_GAME_ORDER [0-9]*)$' "$template/game.cmake" ||
    die "spec/one_die/game.cmake: expected a line set(UD_GAME_ORDER N)"
order=0
for f in "$root"/spec/*/game.cmake; do
    o="$(sed -n 's/^set(UD_GAME_ORDER \([0-9]*\))/\1/p' "$f")"
    if (( o > order )); then order=$o; fi
done
order=$((order + 10))

# One Die's names become the new game's: folder, command-line name, title,
# C prefix (od_, OD_) and rule-ID prefix (OD-).
rename() {
    sed -e "s/one_die/$folder/g" -e "s/ONE_DIE/$FOLDER/g" -e "s/one-die/$name/g" \
        -e "s/One Die (undead's worked example)/$title/g" -e "s/One Die/$title/g" \
        -e "s/\bod_/${prefix}_/g" -e "s/\bOD_/${PREFIX}_/g" -e "s/\bOD-/${PREFIX}-/g" "$1"
}

spec="$root/spec/$folder"
# From here on it writes; a step that fails (a template missing, a full
# disk, seed.sh) takes back what it wrote, so that nothing is left half
# made (none of these was there: checked above).
written=("$spec" "$root/golden/$folder" "$root/fuzz/corpus/${folder}_engine" "$root/fuzz/corpus/${folder}_content")
finished=
take_back() {
    [[ -n $finished ]] && return
    rm -rf "${written[@]}"
    echo "tools/new-game.sh: stopped part way; removed what it had written (spec/$folder, golden/$folder, fuzz/corpus/${folder}_*)" >&2
}
trap take_back EXIT
mkdir -p "$spec/tests" "$spec/content"
rename "$template/900_one_die.txt" > "$spec/900_$folder.txt"
rename "$template/one_die.h" > "$spec/$folder.h"
for f in rules.c game.c content.c; do
    rename "$template/$f" > "$spec/$f"
done
for f in "$template"/content/*.txt; do
    rename "$f" > "$spec/content/$(basename "$f")"
done
rename "$template/tests/test_one_die.c" > "$spec/tests/test_$folder.c"
rename "$template/mutants.txt" > "$spec/mutants.txt"
# The engine fuzz target's start positions and their generator: the game
# is One Die's, so its seeded games and positions are One Die's too
# (fuzz/make-starts.sh FOLDER writes them again after the rules change).
rename "$template/fuzz-starts.sh" > "$spec/fuzz-starts.sh"
rename "$template/fuzz-starts.txt" > "$spec/fuzz-starts.txt"
# The game's page: One Die's under the new names, saying whose figures they are.
{
    echo "<!-- Made by tools/new-game.sh $name from One Die's page (spec/one_die/docs.md):"
    echo "     its figures are One Die's until the rules are rewritten and measured again. -->"
    rename "$template/docs.md"
} > "$spec/docs.md"
# The registration: One Die's under the new names, placed after every game.
rename "$template/game.cmake" | sed "s/^set(UD_GAME_ORDER [0-9]*)\$/set(UD_GAME_ORDER $order)/" > "$spec/game.cmake"
cat > "$spec/README.md" <<README
# spec/$folder/ — $title

Made by \`tools/new-game.sh $name\` as a copy of One Die (\`../one_die/\`, the
worked example \`../README.md\` walks through) under new names; rewrite the
rule text and the rows into the game.

| file | what it holds |
| --- | --- |
| \`900_$folder.txt\` | the rule text the rows cite |
| \`$folder.h\` | the state (\`${prefix}_state\`), phases, actions, the variant key, counts |
| \`rules.c\` | the rows \`$PREFIX-*\`, each guard and effect just above its row; the row list \`${PREFIX}_RULE_LIST\` gives the rule array and the compiled runner (\`core/compiled.h\`) |
| \`game.c\` | phases, actions, variants, invariants \`$PREFIX-INV-*\`, policies, and \`${prefix}_game\`, the \`ud_game\` |
| \`content.c\`, \`content/*.txt\` | the content schema and loader, and the built-in set |
| \`game.cmake\` | registers the game (name, \`ud_game\`, header, order, conformance depth; \`../games.cmake\`) |
| \`tests/test_$folder.c\` | its Criterion suite: a scenario per row, the start lines, the built-in and bad content files |
| \`mutants.txt\` | its mutants no game can tell apart (\`undead mutate $name\`) |
| \`fuzz-starts.sh\`, \`fuzz-starts.txt\` | the engine fuzz target's start positions (\`fuzz/make-starts.sh $folder > spec/$folder/fuzz-starts.txt\`) |
| \`docs.md\` | the game's page: what undead measures of it, with the command for each |

Golden cases: \`golden/$folder/\`.  Seed corpora: \`fuzz/corpus/${folder}_engine/\`, \`fuzz/corpus/${folder}_content/\`.
README

# The golden cases' inputs; their transcripts are the tool's to write.
(cd "$root/golden/one_die" && find . -name '*.in') | while read -r f; do
    mkdir -p "$(dirname "$root/golden/$folder/$f")"
    rename "$root/golden/one_die/$f" > "$root/golden/$folder/$f"
done

bash "$root/fuzz/seed.sh" "$folder"

# The renamed code in the house style (.ci/run checks it once it is tracked).
if command -v clang-format > /dev/null; then
    find "$root/spec/$folder" -name '*.[ch]' -exec clang-format -i {} +
fi

finished=1
cat <<NEXT
new game $name in spec/$folder/ (C prefix ${prefix}_, rule IDs $PREFIX-*); next:
  cmake --preset default && cmake --build --preset default --parallel 2
  build/default/tools/undead golden update --no-db --dir golden/$folder   # writes the golden transcripts
  build/default/tools/undead golden check --no-db
  build/default/tools/undead sim $name --no-db
  ctest --preset default -R '$folder'                  # its suite, fuzz replays, conformance
then rewrite spec/$folder/900_$folder.txt and the rows into your game (spec/README.md),
its start positions (spec/$folder/fuzz-starts.sh, then
  fuzz/make-starts.sh $folder > spec/$folder/fuzz-starts.txt) and its page (spec/$folder/docs.md).
NEXT
