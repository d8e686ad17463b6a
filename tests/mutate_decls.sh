#!/usr/bin/env bash
# tests/mutate_decls.sh CASE UNDEAD SOURCE_DIR - a game's declared mutants
# (spec/<folder>/mutants.txt) checked by play in a mutation build, as
# `undead mutate GAME --check-duplicates` checks them.
#   protocol  a duplicate to the protocol: two changes whose records
#            differ only in the lines rows write are one change to what
#            `undead conform` sees (every chance pick, state, offer and
#            result), so the check passes declared so and fails declared
#            a duplicate of records; a change the protocol does see (a
#            state) fails it, naming the protocol's line.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=mutate_decls # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
protocol)
    mkdir data
    cp -r "$src/spec" data/
    m=data/spec/zombies_cards/mutants.txt
    grep -v '^protocol-duplicate ' "$src/spec/zombies_cards/mutants.txt" > m.base
    twin=ZC-FX-EXTRA-PLAY/guard-always
    { cat m.base; echo "protocol-duplicate ZC-FX-NO-GUTS/guard-always $twin why"; } > "$m"
    UNDEAD_DATA_DIR=data run "$undead" mutate zombies-cards --check-duplicates --only ZC-FX-NO-GUTS/guard-always --dup-games 5
    [[ $rc == 0 ]] || fail "the protocol duplicate: exit $rc: $(head -c 600 out) $(head -c 300 err)"
    grep -qE "^same     ZC-FX-NO-GUTS/guard-always as $twin to the protocol in 160 games \([1-9][0-9]* of them changed by both\)" out ||
        fail "the protocol duplicate: $(head -c 600 out)"
    # declared a duplicate of records, the lines the rows write tell it apart
    { cat m.base; echo "duplicate ZC-FX-NO-GUTS/guard-always $twin why"; } > "$m"
    UNDEAD_DATA_DIR=data run "$undead" mutate zombies-cards --check-duplicates --only ZC-FX-NO-GUTS/guard-always --dup-games 5
    n=$(wc -l < m.base)
    expect 1 out "data/spec/zombies_cards/mutants.txt:$((n + 1)): ZC-FX-NO-GUTS/guard-always is not a duplicate of $twin: seed 3, 2 players: line 113 is 'in-play p2 mind-fog-3 +0' under the mutant, 'extra-play p2' under its twin"
    # a change of the state is seen by the protocol
    { cat m.base; echo "protocol-duplicate ZC-FX-POWER-OUTAGE/guard-always $twin why"; } > "$m"
    UNDEAD_DATA_DIR=data run "$undead" mutate zombies-cards --check-duplicates --only ZC-FX-POWER-OUTAGE/guard-always --dup-games 10
    grep -qF "data/spec/zombies_cards/mutants.txt:$((n + 1)): ZC-FX-POWER-OUTAGE/guard-always is not a duplicate of $twin: seed 6, 2 players: the protocol's line 39 is 'state turn=p1 here=scavenge-16 " out ||
        fail "the state change: exit $rc: $(head -c 600 out)"
    [[ $rc == 1 ]] || fail "the state change: exit $rc, expected 1"
    ;;
*)
    fail "no such case"
    ;;
esac
