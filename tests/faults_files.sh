#!/usr/bin/env bash
# tests/faults_files.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults a second attack pass found in how undead writes and reads files,
# as tests/faults.sh does for the others: each CASE is one fault, run as a
# user would, with the exact message asserted (the cases are listed here).
# A write that fails is made with a file size limit (ulimit -f, SIGXFSZ
# ignored: the write fails with "File too large", as on a full disk).
#   keep-faq     faq -o FILE that fails (a database with runs but no
#                finished verify run, an empty database, a write that fails,
#                a browser that writes a short PDF) leaves FILE byte for byte
#                as it was, in every format (html, md, pdf): it deleted it.
#                A run that works replaces it, leaving no temporary file.
#   keep-show    show -o OUT (text and SVG): a record the rules refuse and a
#                write that fails leave OUT as it was; a run that works
#                replaces it.
#   keep-export  solve --export FILE: a write that fails leaves FILE as it
#                was (it was cut short), exit 2; a run that works replaces it.
#   keep-golden  golden update: a transcript that cannot be rewritten stays
#                as it was, exit 2 (it was 1, and the file cut short); a run
#                that works rewrites it.
#   keep-baseline  db baseline update --file FILE: the same.
#   keep-record  conform --record FILE: the same.
#   fifo-golden  a FIFO as a golden case or transcript: golden check and
#                update, and the FAQ that reads the golden files, refuse it
#                within seconds, exit 2 (they waited for a writer for ever).
#   fifo-corpus  a FIFO in a fuzz corpus (the game's and the transcripts'):
#                verify refuses it within seconds, exit 2.
#   fifo-inputs  a FIFO, a socket or a device (/dev/zero) as a record
#                (check, show), a FIFO as --db, as a baseline file, as a table
#                explore compares with: refused, exit 2, never waited on.
#   paths        a path that is missing or of the wrong kind says what was
#                found and what was expected, for every option naming a
#                path: "no such file or folder", "is a folder, expected a
#                file", "is a file, expected a folder" (--content /nonexistent
#                said "expected a readable file").
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_files   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
run_seconds=60   # a FIFO waited on would take them all (exit 124)
# capped KIB CMD...: CMD with the files it writes limited to KIB KiB, so a
# write past that fails with "File too large" (EFBIG) as on a full disk;
# its standard output dropped, its standard error in err through a pipe
# (a pipe is not limited).  rc gets the exit status.
capped() {
    local kib="$1"
    shift
    rc=0
    ( ulimit -f "$kib"; trap '' XFSZ; exec timeout 300 "$@" 2>&1 > /dev/null ) | cat > err || rc=${PIPESTATUS[0]}
}
# old FILE...: each FILE holds known bytes, kept in FILE.orig.
old() {
    local f
    for f; do
        printf 'the old bytes of %s\n' "$f" > "$f"
        cp "$f" "$f.orig"
    done
}
# kept FILE: FILE holds the bytes it held before the failing run, and no
# temporary file was left beside it.
kept() {
    cmp -s "$1" "$1.orig" || fail "$1 changed: $(head -c 300 "$1" | tr -d '\0')"
    no_tmp
}
# replaced FILE HEAD: the run that works replaced FILE, which starts with HEAD.
replaced() {
    [[ $rc == 0 ]] || fail "the run that works: exit $rc: $(head -c 2000 err)"
    [[ "$(head -c ${#2} "$1")" == "$2" ]] || fail "$1 does not start '$2': $(head -c 300 "$1")"
    no_tmp
}
no_tmp() {
    local left
    left="$(find . -name '.*.tmp')"
    [[ -z "$left" ]] || fail "temporary files left behind: $left"
}
# verified DB: a database holding a finished verify run of One Die (a
# fraction of a second).
verified() {
    "$undead" verify one-die --games 1 --reading-games 1 --golden "$src/golden" --fuzz "$src/fuzz" \
        --db "$1" > /dev/null || fail "undead verify one-die"
}
fifo_msg() { echo "$1: expected '$1' to be a regular file, found ${2:-a FIFO}"; }

case "$case_" in
keep-faq)
    "$undead" sim one-die --games 2 --db runs.db > /dev/null || fail "undead sim"
    : > empty.db
    # no finished verify run (exit 2, bad input: it names the command), and a
    # 0-byte database (a reader refuses it and leaves it as it was)
    no_verify="undead faq: the database holds no finished verify run of one-die: run 'undead verify one-die --db runs.db' first"
    empty_db="undead faq: results database: empty.db: an empty file, not a results database: nothing to read (nothing was changed)"
    old faq.html faq.md faq.pdf
    for db in runs.db empty.db; do
        want=$no_verify
        [[ $db == empty.db ]] && want=$empty_db
        run "$undead" faq --game one-die --db $db --golden "$src/golden" -o faq.html
        expect 2 err "$want"
        kept faq.html
        run "$undead" faq --game one-die --db $db --golden "$src/golden" --format md -o faq.md
        expect 2 err "$want"
        kept faq.md
        run "$undead" faq --game one-die --db $db --golden "$src/golden" --format pdf -o faq.pdf
        expect 2 err "$want"
        kept faq.pdf
    done
    [[ ! -s empty.db ]] || fail "the reader wrote into the 0-byte empty.db"
    verified ok.db
    # no WAL: the reader writes nothing (its -shm file is not cut short)
    [[ $(sql ok.db "PRAGMA journal_mode = DELETE") == delete ]] || fail "ok.db kept its WAL"
    capped 4 "$undead" faq --game one-die --db ok.db --golden "$src/golden" -o faq.html
    expect 2 err "undead faq: writing faq.html: File too large"
    kept faq.html
    capped 4 "$undead" faq --game one-die --db ok.db --golden "$src/golden" --format md -o faq.md
    expect 2 err "undead faq: writing faq.md: File too large"
    kept faq.md
    # a browser that exits 0 having written 8 bytes
    printf '#!/bin/sh\nfor a; do case "$a" in --print-to-pdf=*) printf "%%%%PDF-1.4" > "${a#--print-to-pdf=}";; esac; done\n' \
        > short-browser
    chmod +x short-browser
    run "$undead" faq --game one-die --db ok.db --golden "$src/golden" --format pdf -o faq.pdf \
        --chromium "$tmp/short-browser"
    expect 2 err "undead faq: faq.pdf: not a whole PDF (8 bytes; expected at least 1024, starting '%PDF-' and ending '%%EOF'): the browser's output was cut short or is not a PDF; removed (is the disk full? else name another with --chromium PATH or UNDEAD_CHROMIUM)"
    kept faq.pdf
    # the runs that work replace each file
    run "$undead" faq --game one-die --db ok.db --golden "$src/golden" -o faq.html
    replaced faq.html "<!DOCTYPE html>"
    run "$undead" faq --game one-die --db ok.db --golden "$src/golden" --format md -o faq.md
    replaced faq.md "# Rules FAQ: One Die"
    chromium_bin="${UNDEAD_CHROMIUM:-chromium}"
    command -v "$chromium_bin" > /dev/null || fail "$chromium_bin missing (apt-get install chromium)"
    run "$undead" faq --game one-die --db ok.db --golden "$src/golden" --format pdf -o faq.pdf
    replaced faq.pdf "%PDF-"
    ;;
keep-show)
    rec="$src/golden/zombies_board/seeded/two-greedy.transcript"
    old map.txt map.svg
    # a record the rules refuse at its last line: the other seat wins
    sed '$ s/winner ann/winner bob/' "$rec" > bad.transcript
    last=$(wc -l < bad.transcript)
    run "$undead" show zombies-board bad.transcript --format svg -o map.svg
    expect 1 err "bad.transcript:$last: ZB-HELIPORT-WIN: expected 'winner ann heliport survivors=5', found 'winner bob heliport survivors=5'"
    kept map.svg
    capped 1 "$undead" show zombies-board "$rec" -o map.txt
    expect 2 err "undead show: map.txt: writing: File too large"
    kept map.txt
    capped 1 "$undead" show zombies-board "$rec" --format svg -o map.svg
    expect 2 err "undead show: map.svg: writing: File too large"
    kept map.svg
    run "$undead" show zombies-board "$rec" -o map.txt
    replaced map.txt "$rec, after line"
    run "$undead" show zombies-board "$rec" --format svg -o map.svg
    replaced map.svg "<?xml version=\"1.0\""
    ;;
keep-export)
    # one reading, the positions from 12-12 on: seconds (a 90 MB table)
    solve=(solve zombie-dice game --from-score 12 --variant end=finish-round --variant tiebreak=one-round
           --no-db)
    old policy.csv
    capped 1 "$undead" "${solve[@]}" --export policy.csv
    expect 2 err "undead solve: --export policy.csv: cannot write: File too large"
    kept policy.csv
    rc=0
    timeout 300 "$undead" "${solve[@]}" --export policy.csv > out 2> err || rc=$?
    replaced policy.csv "# optimal policy for zombie-dice, end=finish-round tiebreak=one-round"
    rm policy.csv
    ;;
keep-golden)
    cp -r "$src/golden/one_die" g
    t=g/examples/last-round.transcript
    old $t
    capped 1 "$undead" golden update --no-db --dir g
    expect 2 err "$t: cannot write: File too large"
    kept $t
    run "$undead" golden update --no-db --dir g
    expect 0 out "updated $t"
    cmp -s $t "$src/golden/one_die/examples/last-round.transcript" || fail "$t not rewritten as it was"
    no_tmp
    ;;
keep-baseline)
    # an old baseline (update writes over nothing else)
    printf 'key,variants,the old bytes\n' > base.csv
    cp base.csv base.csv.orig
    baseline=(db baseline update one-die --file base.csv --golden "$src/golden" --games 20)
    capped 1 "$undead" "${baseline[@]}"
    expect 2 err "undead db baseline: base.csv: cannot write: File too large"
    kept base.csv
    run "$undead" "${baseline[@]}"
    expect 0 out "updated base.csv: read 'git diff base.csv' before committing"
    [[ $(wc -l < base.csv) -gt 20 ]] || fail "base.csv holds no baseline: $(cat base.csv)"
    no_tmp
    ;;
keep-record)
    # the README's example: two readings of the end of the game part
    conform=(conform zombie-dice --no-db --variant end=final-turn --record rec.txt
             -- "$undead" serve zombie-dice --variant end=finish-round)
    old rec.txt
    capped 0 "$undead" "${conform[@]}"
    expect 2 err "undead conform: --record rec.txt: cannot write: File too large"
    kept rec.txt
    run "$undead" "${conform[@]}"
    [[ $rc == 1 ]] || fail "conform of two readings: exit $rc: $(head -c 2000 err)"
    rc=0
    replaced rec.txt "undead-transcript 1"
    run "$undead" check --no-db rec.txt
    [[ $rc == 1 ]] || fail "undead check passed the record of a departure: $(head -c 2000 err)"
    ;;
fifo-golden)
    cp -r "$src/golden/one_die" g
    mkfifo g/examples/pipe.in
    for mode in check update; do
        run "$undead" golden $mode --no-db --dir g
        expect 2 err "$(fifo_msg g/examples/pipe.in)"
    done
    rm g/examples/pipe.in
    rm g/examples/bust.transcript
    mkfifo g/examples/bust.transcript
    for mode in check update; do
        run "$undead" golden $mode --no-db --dir g
        expect 2 err "$(fifo_msg g/examples/bust.transcript)"
    done
    [[ -p g/examples/bust.transcript ]] || fail "golden update replaced the FIFO"
    # the FAQ reads the worked examples from the golden files
    verified ok.db
    mkdir gold
    mv g gold/one_die
    old faq.html
    run "$undead" faq --game one-die --db ok.db --golden gold -o faq.html
    expect 2 err "undead faq: $(fifo_msg gold/one_die/examples/bust.transcript)"
    kept faq.html
    ;;
fifo-corpus)
    mkdir -p fz/corpus/transcript
    cp -r "$src/fuzz/corpus/one_die_engine" fz/corpus/
    verify=(verify one-die --games 1 --reading-games 1 --golden "$src/golden" --fuzz fz --no-db)
    run "$undead" "${verify[@]}"
    [[ $rc == 0 ]] || fail "verify of the copied corpus: exit $rc: $(head -c 2000 err)"
    mkfifo fz/corpus/one_die_engine/pipe
    run "$undead" "${verify[@]}"
    expect 2 err "$(fifo_msg fz/corpus/one_die_engine/pipe)"
    rm fz/corpus/one_die_engine/pipe
    mkfifo fz/corpus/transcript/pipe
    run "$undead" "${verify[@]}"
    expect 2 err "$(fifo_msg fz/corpus/transcript/pipe)"
    ;;
fifo-inputs)
    mkfifo pipe.txt
    run "$undead" check --no-db pipe.txt
    expect 2 err "$(fifo_msg pipe.txt)"
    run "$undead" show one-die pipe.txt
    expect 2 err "$(fifo_msg pipe.txt)"
    run "$undead" check --no-db /dev/zero
    expect 2 err "$(fifo_msg /dev/zero "a device")"
    python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")'
    run "$undead" check --no-db sock
    expect 2 err "$(fifo_msg sock "a socket")"
    # a results database
    mkfifo pipe.db
    run "$undead" sim one-die --games 1 --db pipe.db
    expect 2 err "undead sim: results database: $(fifo_msg pipe.db)"
    run "$undead" faq --db pipe.db --golden "$src/golden"
    expect 2 err "undead faq: results database: $(fifo_msg pipe.db)"
    run "$undead" db runs --db pipe.db
    expect 2 err "undead db: $(fifo_msg pipe.db)"
    # a baseline, and a table explore compares with
    run "$undead" db baseline check one-die --file pipe.txt --golden "$src/golden" --games 20
    expect 2 err "$(fifo_msg pipe.txt)"
    run "$undead" explore one-die --max-depth 2 --golden pipe.txt --no-db
    expect 2 err "undead explore: --golden $(fifo_msg pipe.txt) (the per-depth table to compare with)"
    ;;
paths)
    mkdir adir
    : > afile
    run "$undead" play one-die --content /nonexistent --no-db
    expect 2 err "/nonexistent: no such file or folder"
    cp -r "$src/spec/one_die/content" oc
    rm oc/goal.txt
    mkdir oc/goal.txt
    run "$undead" play one-die --content oc --no-db
    expect 2 err "oc/goal.txt: is a folder, expected a file"
    cp -r "$src/spec/zombies_cards/content" zc
    printf 'include "nope.txt"\n' >> zc/cards.txt
    line=$(wc -l < zc/cards.txt)
    run "$undead" play zombies-cards --content zc --no-db
    expect 2 err "zc/cards.txt:$line:9: 'zc/nope.txt': no such file or folder"
    run "$undead" check --no-db /nonexistent/x.in
    expect 2 err "/nonexistent/x.in: no such file or folder"
    run "$undead" check --no-db adir
    expect 2 err "adir: is a folder, expected a file"
    run "$undead" golden check --no-db --dir afile
    expect 2 err "undead golden: afile: is a file, expected a folder (the golden cases are read from it: --dir DIR)"
    run "$undead" sim one-die --games 1 --db adir
    expect 2 err "undead sim: results database: adir: is a folder, expected a file"
    "$undead" sim one-die --games 1 --db s.db > /dev/null || fail "undead sim"
    run "$undead" faq --game one-die --db s.db --golden "$src/golden" -o adir
    expect 2 err "undead faq: -o adir: is a folder, expected a file"
    run "$undead" show one-die "$src/golden/one_die/examples/bust.transcript" -o adir
    expect 2 err "undead show: -o adir: is a folder, expected a file"
    run "$undead" solve zombie-dice game --from-score 12 --export adir --no-db
    expect 2 err "undead solve: --export adir: is a folder, expected a file"
    ;;
*) fail "unknown case" ;;
esac
echo "faults_files $case_: ok"
