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
*)
    fail "unknown case"
    ;;
esac
