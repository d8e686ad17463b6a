#!/usr/bin/env bash
# show_svg.sh - `undead show --format svg` opened in a real browser.
#   show_svg.sh UNDEAD SOURCE_DIR
# A golden Zombies!!! board record is drawn mid-game and at its end; headless
# Chromium screenshots each SVG (a PNG much larger than a blank page's: the
# board was painted) and prints it to PDF, whose text (pdftotext) holds the
# players' names and the legend: the document parsed and its text was laid
# out.  Chromium and poppler-utils are in debian-packages.txt: when missing
# this FAILS.
set -euo pipefail
undead="$1" src="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "show_svg: FAIL: $*" >&2; exit 1; }

for tool in pdftotext pdfinfo; do
    command -v "$tool" > /dev/null || fail "$tool missing (apt-get install poppler-utils)"
done
chromium_bin="${UNDEAD_CHROMIUM:-chromium}"
command -v "$chromium_bin" > /dev/null || fail "$chromium_bin missing (apt-get install chromium)"
sandbox=(); [[ "$(id -u)" -eq 0 ]] && sandbox=(--no-sandbox)
# No network, no profile outside $tmp (as faq_pdf.sh).
browser() {
    "$chromium_bin" --headless "${sandbox[@]}" --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$tmp/profile" "$@" 2>> chromium.log
}

record="$src/golden/zombies_board/seeded/two-greedy.transcript"
# a blank page of the same size, to compare the screenshots with
printf '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="900"><rect width="100%%" height="100%%" fill="#fff"/></svg>\n' > blank.svg
browser --window-size=680,1000 --screenshot="$tmp/blank.png" "file://$tmp/blank.svg" || fail "chromium --screenshot of a blank page"
blank="$(stat -c %s blank.png)"

for at in 120 end; do
    args=(); [[ "$at" != end ]] && args=(--at "$at")
    "$undead" show zombies-board "$record" "${args[@]}" --format svg -o "board-$at.svg" || fail "undead show --at $at"
    if grep -qiE '<script|href=|@import|url\(' "board-$at.svg"; then
        fail "the SVG does not stand alone (script or external reference)"
    fi
    browser --window-size=680,1000 --screenshot="$tmp/board-$at.png" "file://$tmp/board-$at.svg" \
        || fail "chromium --screenshot board-$at.svg"
    [[ -s "board-$at.png" ]] || fail "no screenshot of board-$at.svg"
    [[ "$(head -c 8 "board-$at.png" | od -An -tx1 | tr -d ' \n')" == 89504e470d0a1a0a ]] || fail "board-$at.png is no PNG"
    size="$(stat -c %s "board-$at.png")"
    [[ "$size" -gt $((blank * 4)) ]] || fail "board-$at.png is $size bytes, a blank page $blank: nothing drawn?"
    browser --no-pdf-header-footer --print-to-pdf="$tmp/board-$at.pdf" "file://$tmp/board-$at.svg" \
        || fail "chromium --print-to-pdf board-$at.svg"
    pages="$(pdfinfo "board-$at.pdf" | awk '/^Pages:/ {print $2}')"
    [[ "$pages" -ge 1 ]] || fail "board-$at.pdf has no page"
    pdftotext "board-$at.pdf" "board-$at.txt"
    # a malformed document is shown as far as it parses, under an error box
    if grep -qi "error on line" "board-$at.txt"; then
        fail "Chromium could not parse board-$at.svg: $(grep -i -m1 'error on line' "board-$at.txt")"
    fi
    for word in ann bob Legend Players zombie; do
        grep -q "$word" "board-$at.txt" || fail "'$word' is not in the printed board-$at.svg's text"
    done
    echo "show_svg: --at $at: a $size-byte screenshot (blank: $blank), $pages PDF page(s) with the names and the legend"
done
