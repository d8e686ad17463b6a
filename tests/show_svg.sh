#!/usr/bin/env bash
# show_svg.sh - `undead show --format svg` opened in a real browser.
#   show_svg.sh UNDEAD SOURCE_DIR
# A golden Zombies!!! board record is drawn mid-game and at its end; headless
# Chromium screenshots each SVG (a PNG much larger than a blank page's: the
# board was painted) and prints it to PDF, whose text (pdftotext) holds the
# players' names and the legend: the document parsed and its text was laid
# out.  The other games' SVGs, mid-game and at the end of a golden record,
# parse as XML (python3 xml.etree) and carry the players' names and the key
# figures of the text drawing.  Chromium and poppler-utils are in
# debian-packages.txt: when missing this FAILS.
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
 # Under the sanitizers (UD_SANITIZED=1) the browser's checks are left to
# the plain build: they read Chromium's drawing and printing of the same
# bytes, not undead's memory; undead's drawing is checked in both builds.
browser_checks=1
[[ "${UD_SANITIZED:-}" == 1 ]] && browser_checks=0
browser() {
    "$chromium_bin" --headless "${sandbox[@]}" --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$tmp/profile" "$@" 2>> chromium.log
}

record="$src/golden/zombies_board/seeded/two-greedy.transcript"
# a blank page of the same size, to compare the screenshots with
printf '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="900"><rect width="100%%" height="100%%" fill="#fff"/></svg>\n' > blank.svg
if ((browser_checks)); then
    browser --window-size=680,1000 --screenshot="$tmp/blank.png" "file://$tmp/blank.svg" || fail "chromium --screenshot of a blank page"
    blank="$(stat -c %s blank.png)"
fi

for at in 120 end; do
    args=(); [[ "$at" != end ]] && args=(--at "$at")
    "$undead" show zombies-board "$record" "${args[@]}" --format svg -o "board-$at.svg" || fail "undead show --at $at"
    if grep -qiE '<script|href=|@import|url\(' "board-$at.svg"; then
        fail "the SVG does not stand alone (script or external reference)"
    fi
    if ((!browser_checks)); then
        echo "show_svg: --at $at: drawn (the browser's checks: the plain build's run)"
        continue
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

# The other games' drawings: each game's SVG, mid-game and at the end of a
# golden record, parses as XML (python3 xml.etree) with an <svg> root; its
# text and the text drawing both carry every player's name and the same
# key figures (read from the text drawing, looked for in the SVG's text).
cat > figures.py <<'PY'
import re, sys, xml.etree.ElementTree as E
game, svg_path, text_path, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split()
root = E.parse(svg_path).getroot()
if root.tag != "{http://www.w3.org/2000/svg}svg":
    sys.exit(f"{svg_path}: the root is {root.tag}")
texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
svg_text = "\n".join(texts)
drawing = open(text_path, encoding="utf-8").read()
bad = [f"'{n}' missing from the {where}" for n in names for where, t in (("SVG", svg_text), ("text", drawing))
       if n not in t]
def figure(pattern, svg_form):
    m = re.search(pattern, drawing)
    if not m:
        bad.append(f"no /{pattern}/ in the text drawing")
    elif svg_form(m) not in svg_text:
        bad.append(f"the text's '{m.group(0)}' is not in the SVG as '{svg_form(m)}'")
if game == "zombie-dice":
    figure(r"Cup \((\d+) dice\): (.*)", lambda m: f"{m.group(1)} dice: {m.group(2)}")
    figure(r"Shotguns: +(\d+ of \d+) this turn", lambda m: f"{m.group(1)} shotguns this turn")
    figure(r"Scores \(target (\d+)\)", lambda m: f"Scores (target {m.group(1)} brains)")
elif game == "dotld":
    m = re.search(r"Time (\d+)  Healthy Survivors (\d+)  Infected Survivors (\d+)  Supplies (\d+)  Ammo (\d+)", drawing)
    boxes = [t for t in texts if t.isdigit()]
    if not m:
        bad.append("no party figures in the text drawing")
    elif " ".join(m.groups()) not in " ".join(boxes):
        bad.append(f"the party's figures {m.groups()} are not the SVG's boxes {boxes}")
    figure(r"District \d of 4: .*\)", lambda m: m.group(0))
elif game == "zombies-cards":
    figure(r"Map stack: \d+ cards?", lambda m: m.group(0))
    figure(r"in the box: \d+", lambda m: m.group(0))
    figure(r"draw deck (\d+)", lambda m: m.group(1))
if bad:
    sys.exit(f"{game}: " + "; ".join(bad))
PY
others=(zombie-dice:zombie_dice/seeded/00-finish-round-one-round-fewer-than-three-return-first-seat-order.transcript:100
        dotld:dotld/seeded/party-three.transcript:300
        zombies-cards:zombies_cards/seeded/four-players.transcript:100)
for triple in "${others[@]}"; do
    IFS=: read -r game path mid <<< "$triple"
    record="$src/golden/$path"
    names="$(sed -n 's/^player \([^ ]*\).*/\1/p' "$record" | tr '\n' ' ')"
    for at in "$mid" end; do
        args=(); [[ "$at" != end ]] && args=(--at "$at")
        "$undead" show "$game" "$record" "${args[@]}" --format svg -o "$game-$at.svg" || fail "$game --at $at: svg"
        "$undead" show "$game" "$record" "${args[@]}" -o "$game-$at.txt" || fail "$game --at $at: text"
        if grep -qiE '<script|href=|@import|url\(' "$game-$at.svg"; then
            fail "$game: the SVG does not stand alone (script or external reference)"
        fi
        python3 figures.py "$game" "$game-$at.svg" "$game-$at.txt" "$names" || fail "$game --at $at"
    done
    echo "show_svg: $game: the SVG parses mid-game and at the end, with the names and figures of the text drawing"
done
