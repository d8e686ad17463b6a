#!/usr/bin/env bash
# tests/verify_db.sh UNDEAD SOURCE_DIR DB - the CTest fixture `verify_db`:
# one small `undead verify` of every game into DB, shared by the tests that
# need a verified database (the FAQ's, the faults' write and interrupted
# cases), which copy it and never write to it.  One verify instead of one
# per test: under the sanitizers a verify is the slowest thing the suite does.
set -euo pipefail
undead="$1" src="$2" db="$3"
# Under the sanitizers (UD_SANITIZED=1) the dearest exact analyses are
# left out: the two-player Zombie Dice solve (about a minute of CPU there,
# seconds here), the single turn under every reading (26 s there) and the
# card game's small deck (14 s); test_optimal, test_solve and
# test_zombies_cards still run those solvers under the sanitizers.
skip=()
[ "${UD_SANITIZED:-}" = 1 ] && skip=(--skip-analysis game --skip-analysis turn --skip-analysis small-deck)
rm -f "$db" "$db.tmp" "$db.out"
"$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 10 --reading-games 300 \
    ${skip[@]+"${skip[@]}"} --db "$db.tmp" > "$db.out" || { cat "$db.out"; echo "verify_db: undead verify failed" >&2; exit 1; }
mv "$db.tmp" "$db"
tail -1 "$db.out"
