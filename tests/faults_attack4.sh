#!/usr/bin/env bash
# tests/faults_attack4.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# judgement calls a hostile-input attack left open and the lead decided,
# as tests/faults.sh does for the others: each CASE is one decision, run
# as a user would, with the exact message and exit status asserted.
#   pdf-environment  faq --format pdf failing for the environment's sake (no
#            such browser, one that cannot be run, one that fails or writes
#            nothing, a cut PDF) exited 1, a failed check: exit 2, the
#            message naming the browser, what failed and what to do
#            (--chromium PATH or UNDEAD_CHROMIUM).
#   solve-max-memory  solve --max-memory given to an analysis that runs no
#            exploration was taken and ignored: refused, exit 2, naming
#            the analyses it bounds; it still bounds those that explore.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack4 # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

# verified DB: a database holding a finished verify run of One Die (a
# fraction of a second).
verified() {
    "$undead" verify one-die --games 1 --reading-games 1 --golden "$src/golden" --fuzz "$src/fuzz" \
        --db "$1" > /dev/null || fail "undead verify one-die"
}

case "$case_" in
pdf-environment)
    verified v.db
    faq=(faq --game one-die --db v.db --golden "$src/golden" --format pdf -o faq.pdf)
    hint="name another with --chromium PATH or UNDEAD_CHROMIUM"
    run "$undead" "${faq[@]}" --chromium "$tmp/no-such-browser"
    expect 2 err "undead faq: cannot run the browser '$tmp/no-such-browser': No such file or directory; install Chromium (Debian: apt-get install chromium), or name it with --chromium PATH or UNDEAD_CHROMIUM"
    # the same from UNDEAD_CHROMIUM
    rc=0
    UNDEAD_CHROMIUM=no-such-browser-on-path timeout 120 "$undead" "${faq[@]}" < /dev/null > out 2> err || rc=$?
    expect 2 err "undead faq: cannot run the browser 'no-such-browser-on-path': No such file or directory; install Chromium (Debian: apt-get install chromium), or name it with --chromium PATH or UNDEAD_CHROMIUM"
    printf 'not a program\n' > not-executable
    run "$undead" "${faq[@]}" --chromium "$tmp/not-executable"
    expect 2 err "undead faq: cannot run the browser '$tmp/not-executable': Permission denied; $hint"
    printf '#!/bin/sh\necho "no display here" >&2\nexit 3\n' > failing
    chmod +x failing
    run "$undead" "${faq[@]}" --chromium "$tmp/failing"
    expect 2 err "undead faq: the browser '$tmp/failing' could not print the PDF (exit 3); $hint"
    grep -qx '  no display here' err || fail "the browser's own words are not shown: $(head -c 2000 err)"
    printf '#!/bin/sh\nexit 0\n' > silent
    chmod +x silent
    run "$undead" "${faq[@]}" --chromium "$tmp/silent"
    expect 2 err "undead faq: the browser '$tmp/silent' exited 0 but wrote no PDF; $hint"
    # a browser that exits 0 having written 8 bytes
    printf '#!/bin/sh\nfor a; do case "$a" in --print-to-pdf=*) printf "%%%%PDF-1.4" > "${a#--print-to-pdf=}";; esac; done\n' \
        > short-browser
    chmod +x short-browser
    run "$undead" "${faq[@]}" --chromium "$tmp/short-browser"
    expect 2 err "undead faq: faq.pdf: not a whole PDF (8 bytes; expected at least 1024, starting '%PDF-' and ending '%%EOF'): the browser's output was cut short or is not a PDF; removed (is the disk full? else $hint)"
    [[ ! -e faq.pdf ]] || fail "a PDF was left in place"
    ;;
solve-max-memory)
    bounds="it bounds the analyses that explore (zombies-cards small-deck), undead explore and undead verify"
    for an in "zombie-dice turn" "zombie-dice game" "zombie-dice claims" "dotld combat"; do
        # shellcheck disable=SC2086
        run "$undead" solve $an --no-db --max-memory 1G
        expect 2 err "undead solve: --max-memory: '$an' does not explore, so it would bound nothing; $bounds"
        [[ ! -s out ]] || fail "$an: it ran: $(head -c 2000 out)"
    done
    # the one that explores still takes it (and is cut by it)
    run "$undead" solve zombies-cards small-deck --max-memory 1M --no-db
    expect 2 err "undead solve: defaults: the --max-memory bound was hit"
    # the help says so
    run "$undead" solve --help
    expect 0 out "                        the analyses that explore (marked so below): refused for"
    expect 0 out "           (it explores: --max-memory bounds each exploration)"
    ;;
*)
    fail "unknown case"
    ;;
esac
