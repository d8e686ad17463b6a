#!/usr/bin/env bash
# tests/faults_data2.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a third attack pass found in the data undead reads (content sets,
# records, results databases, conformance adapters, golden folders), as
# tests/faults.sh does for others: each CASE is one fault, run as a user
# would, with the exact message and exit status asserted.
#   content-file  a card set too small to deal, given as one FILE, was blamed
#            on "FILE/cards.txt" (not there) and "setup.txt" (not read): it
#            is blamed on the setup record's deal where it stands, in the
#            file read (FILE:LINE:COL), for a file and for a folder, exit 2.
#   bom      a UTF-8 byte-order mark starting a content file or a record
#            was printed raw inside "unknown record kind '...'" (or not
#            named at all): it is refused where it stands, by name, exit 2.
#   lone-cr  a CR with no LF after it, the file's last byte, was taken as a
#            line end in a content file and a record, and refused mid-file:
#            it is refused as the control byte it is, at its line, exit 2.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_data2   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# run CMD...: rc gets the exit status, out and err the output.
run() {
    rc=0
    timeout 120 "$@" > out 2> err || rc=$?
}
bom_message="a UTF-8 byte-order mark (U+FEFF): expected text without one (save the file as UTF-8 without a BOM)"

case "$case_" in
content-file)
    cp -r "$src/spec/zombies_cards/content" c
    sed -i 's/copies=41/copies=1/' c/small-deck.txt
    line=$(grep -n '^setup deal-small=8 ' c/small-deck.txt | cut -d: -f1)
    [[ -n $line ]] || fail "no setup record in small-deck.txt"
    run "$undead" play zombies-cards --content c/small-deck.txt --no-db
    expect 2 err "c/small-deck.txt:$line:18: expected at least 16 cards in the set, enough to deal deal-small=8 to each of 2 players, found 2"
    # a folder: the setup record is in setup.txt, the cards in cards.txt
    mkdir d
    printf 'card id=a map=x zombies=1 effect=draw source=sample\ncard id=b map=x zombies=1 effect=draw source=sample\n' > d/cards.txt
    printf '# deals\nsetup deal-small=7 deal-large=9\n' > d/setup.txt
    run "$undead" play zombies-cards --content d --no-db
    expect 2 err "d/setup.txt:2:18: expected at least 14 cards in the set, enough to deal deal-small=7 to each of 2 players, found 2"
    # enough for four players at 7, not five at 9: the large deal is blamed
    for i in $(seq 1 30); do printf 'card id=c%d map=x zombies=1 effect=draw source=sample\n' "$i"; done > d/cards.txt
    run "$undead" play zombies-cards --content d --no-db
    expect 2 err "d/setup.txt:2:31: expected at least 45 cards in the set, enough to deal deal-large=9 to each of 5 players, found 30"
    ;;
bom)
    cp -r "$src/spec/one_die/content" c
    printf '\xef\xbb\xbfgoal points=30 rounds=6\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:1: $bom_message"
    # anywhere in a line, where a message would quote it
    printf 'goal points=30 rounds=6 \xef\xbb\xbf\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:25: $bom_message"
    # a record: the first line would not be the version line
    printf '\xef\xbb\xbfundead-transcript 1\ngame one-die\nplayer a\nplayer b\nseed 1\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 2 err "rec.txt:1:1: $bom_message"
    printf 'undead-transcript 1\ngame one-die\nplayer \xef\xbb\xbfa\nplayer b\nseed 1\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 2 err "rec.txt:3:8: $bom_message"
    ;;
lone-cr)
    cp -r "$src/spec/one_die/content" c
    for tail in '\r' '\r\r\n'; do
        printf "goal points=30 rounds=6\\n$tail" > c/goal.txt
        run "$undead" play one-die --content c --no-db
        expect 2 err "c/goal.txt:2:1: expected printable text, found byte 0x0d"
    done
    printf 'goal points=30 rounds=6\r' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    expect 2 err "c/goal.txt:1:24: expected printable text, found byte 0x0d"
    # CRLF stays a line end, to the last line
    printf 'goal points=30 rounds=6\r\n\r\n' > c/goal.txt
    run "$undead" play one-die --content c --no-db
    [[ $rc == 0 ]] || fail "CRLF content: exit $rc: $(cat err)"
    # a record the same way
    for tail in '\r' '\r\r\n'; do
        printf "undead-transcript 1\\ngame one-die\\nplayer a\\nplayer b\\nseed 1\\n$tail" > rec.txt
        run "$undead" check --no-db rec.txt
        expect 2 err "rec.txt:6:1: expected printable text, found byte 0x0d"
    done
    printf 'undead-transcript 1\r\ngame one-die\r\nplayer a\r\nplayer b\r\nseed 1\r\n' > rec.txt
    run "$undead" check --no-db rec.txt
    expect 0 out "rec.txt: ok: a=29 b=28; winner a"
    ;;
*)
    fail "unknown case '$case_'"
    ;;
esac
