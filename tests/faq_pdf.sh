#!/usr/bin/env bash
# faq_pdf.sh - the printable FAQ, from a copy of the verify_db fixture's
# database (tests/verify_db.sh).
#   faq_pdf.sh UNDEAD SOURCE_DIR same DB   the FAQ regenerates byte for byte (HTML and
#                                       Markdown) from the same database
#   faq_pdf.sh UNDEAD SOURCE_DIR pdf DB   headless Chromium prints it: more than one page,
#                                       bookmarks (an outline),
#                                       every page turns into a PNG (pdftoppm), every rule
#                                       ID is in the text (pdftotext), and no word lies
#                                       outside the page's margins (pdftotext -bbox);
#                                       every contents entry carries a page number and
#                                       its heading is on that page (pdftotext per page)
# Chromium and poppler-utils are in debian-packages.txt: when missing this FAILS.
set -euo pipefail
undead="$1" src="$2" mode="$3" db="$4"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "faq_pdf: FAIL: $*" >&2; exit 1; }

[[ -s "$db" ]] || fail "no verified database at $db (the verify_db fixture)"
cp "$db" t.db
faq() { "$undead" faq --db t.db --golden "$src/golden" "$@"; }

if [[ "$mode" == same ]]; then
    faq -o a.html && faq -o b.html
    cmp a.html b.html || fail "two HTML generations from one database differ"
    faq --format md -o a.md && faq --format md > b.md
    cmp a.md b.md || fail "two Markdown generations from one database differ"
    grep -q 'id="ZD-BUST"' a.html || fail "no anchor for ZD-BUST"
    # outcomes in words ("p2 won (p1 11, p2 16)"), not the database's text
    if grep -nE 'winner=|nobody-won|\(partial scores=' a.md | head -3 | grep .; then
        fail "an outcome printed as the database stores it"
    fi
    if grep -qiE '<script|https?://|@import|url\(' a.html; then
        fail "the HTML does not stand alone (script or external reference)"
    fi
    # A reading measured by players of its own (ud_game.reading_measures) has
    # a baseline run by the same players from the same position, and its
    # impact says so.
    python3 - t.db a.md <<'PY' || fail "a reading measured by its own players"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
text = " ".join(open(sys.argv[2], encoding="utf-8").read().split())
def param(run, name):
    r = db.execute("SELECT value FROM run_params WHERE run_id = ? AND name = ?", (run, name)).fetchone()
    return r[0] if r else None
n = 0
for (run,) in db.execute("SELECT run_id FROM run_params WHERE name = 'verify-reading' AND value LIKE 'baseline of %'"):
    reading = param(run, "verify-reading")[len("baseline of "):]
    verify = param(run, "verify-run")
    twin = [r for (r,) in db.execute("SELECT run_id FROM run_params WHERE name = 'verify-reading' AND value = ?", (reading,))
            if param(r, "verify-run") == verify]
    if len(twin) != 1:
        sys.exit(f"{reading}: {len(twin)} runs beside its baseline")
    for key in ("verify-policy", "verify-players", "start"):
        if param(run, key) != param(twin[0], key):
            sys.exit(f"{reading}: {key} {param(twin[0], key)}, its baseline's {param(run, key)}")
# every reading played by other players than its game's defaults says so
# (a baseline may serve two readings measured by the same players)
for (run, verify, reading) in db.execute(
        "SELECT r.run_id, v.value, r.value FROM run_params r JOIN run_params v ON v.run_id = r.run_id "
        "AND v.name = 'verify-run' WHERE r.name = 'verify-reading' AND r.value NOT LIKE 'baseline of %' "
        "AND r.value <> 'defaults'"):
    d = [x for (x,) in db.execute("SELECT run_id FROM run_params WHERE name = 'verify-reading' AND value = 'defaults'")
         if param(x, "verify-run") == verify]
    if len(d) != 1:
        sys.exit(f"{reading}: {len(d)} defaults runs in its verify run")
    if all(param(run, k) == param(d[0], k) for k in ("verify-policy", "verify-players", "start")):
        continue
    at = text.find(f"Measured impact of {reading}:")
    if at < 0 or "against the same games by the same players" not in text[at:at + 800]:
        sys.exit(f"{reading}: the FAQ does not say who measured it")
    start = param(run, "start")
    if start and "from the start position " + " and ".join(start.split(";")) not in text[at:at + 800]:
        sys.exit(f"{reading}: the FAQ does not say the games began from {start}")
    n += 1
if n == 0:
    sys.exit("no reading is measured by players of its own")
print(f"faq_pdf: {n} readings measured by players of their own, each against its own baseline")
PY
    echo "faq_pdf: same bytes twice ($(wc -c < a.html) bytes of HTML, $(wc -c < a.md) of Markdown)"
    exit 0
fi

# The players' FAQ of each game that has one: a few pages (PLAYERS_PAGES at
# most), each question (the document's own ### headings) in the contents and
# in the PDF's text, every page turned into a PNG.  Run in pdf mode, on the
# same database.
players_faq() {
    PLAYERS_PAGES=6
    for tool in pdfinfo pdftoppm pdftotext; do
        command -v "$tool" > /dev/null || fail "$tool missing (apt-get install poppler-utils)"
    done
    n_games=0
    while read -r game; do
        faq --game "$game" --part players --format md -o "$game.md"
        grep -q '^## .*Players' "$game.md" || continue
        n_games=$((n_games + 1))
        faq --game "$game" --part players -o "$game.html"
        faq --game "$game" --part players --format pdf -o "$game.pdf" || fail "$game: players' PDF"
        pages="$(pdfinfo "$game.pdf" | awk '/^Pages:/ {print $2}')"
        [[ "$pages" -le "$PLAYERS_PAGES" ]] || fail "$game: the players' FAQ runs to $pages pages (at most $PLAYERS_PAGES)"
        mkdir -p "png-$game"
        pdftoppm -r 30 -png "$game.pdf" "png-$game/page"
        [[ "$(ls "png-$game" | wc -l)" -eq "$pages" ]] || fail "$game: not every page made a PNG"
        pdftotext "$game.pdf" - | tr -s ' \n' ' ' > "$game.txt"
        questions=0
        while IFS= read -r q; do
            questions=$((questions + 1))
            grep -qF -- "$q" "$game.txt" || fail "$game: question not in the PDF's text: $q"
            grep -qF -- "$q</a>" "$game.html" || fail "$game: question not in the contents: $q"
        done < <(sed -n 's/^### \(<a [^>]*><\/a>\)\{0,1\}//p' "$game.md")
        [[ "$questions" -gt 0 ]] || fail "$game: a players' part with no question"
        echo "faq_pdf: $game players' FAQ: $questions questions on $pages pages"
        contents_pages "$game.pdf" "$game.html" "$game-players"
    done < <("$undead" games | awk '{print $1}')
    [[ "$n_games" -gt 0 ]] || fail "no game has a players' FAQ"
}

# Every contents entry of PDF (the titles in order from HTML, the same
# document without page numbers) carries a page number, and its heading's
# text is on that page.  The numbers are read from the contents' text, a
# column at a time (the contents are two columns, split at the page's
# middle): each title is found after the previous one and must be followed
# by a number; the page's own text (pdftotext, pages split at form feeds)
# must then hold the title.
contents_pages() {
    local pdf="$1" html="$2" label="$3"
    sed -n '/<nav id="contents">/,/<\/nav>/p' "$html" | grep -o '<li><a href="#[^"]*">[^<]*</a>' |
        sed 's/^<li><a href="#[^"]*">//; s/<\/a>$//; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' \
        > "$label.titles"
    local entries
    entries="$(wc -l < "$label.titles")"
    [[ "$entries" -gt 0 ]] || fail "$label: no contents entry in the HTML"
    local size w h half pages p
    size="$(pdfinfo "$pdf" | awk '/^Page size:/ {print $3, $5}')"
    read -r w h <<< "$size"
    half="$(awk -v w="$w" 'BEGIN {printf "%d", w / 2}')"
    pages="$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')"
    : > "$label.contents"
    # the contents' pages: until every title has its number (at most 20)
    for ((p = 1; p <= pages && p <= 20; p++)); do
        pdftotext -layout -f "$p" -l "$p" -x 0 -y 0 -W "$half" -H "${h%.*}" "$pdf" - >> "$label.contents"
        pdftotext -layout -f "$p" -l "$p" -x "$half" -y 0 -W "$half" -H "${h%.*}" "$pdf" - >> "$label.contents"
        awk -f "$tmp/numbers.awk" -v titles="$label.titles" "$label.contents" > "$label.numbers" 2> /dev/null && break
    done
    awk -f "$tmp/numbers.awk" -v titles="$label.titles" "$label.contents" > "$label.numbers" ||
        fail "$label: a contents entry has no page number"
    [[ "$(wc -l < "$label.numbers")" -eq "$entries" ]] || fail "$label: not every contents entry was read"
    pdftotext "$pdf" "$label.pages"
    awk -F'\t' -v pages="$label.pages" '
        BEGIN {
            RS = "\f"; n = 0
            while ((getline page < pages) > 0) { gsub(/[ \t\n]+/, " ", page); text[++n] = page }
            RS = "\n"
        }
        {
            if (!index(text[$1], $2)) {
                bad++
                if (bad <= 10) printf "faq_pdf: contents say page %d, the heading is not there: %s\n", $1, $2 > "/dev/stderr"
            }
        }
        END { if (bad) exit 1 }
    ' "$label.numbers" || fail "$label: a contents entry's page number is wrong"
    echo "faq_pdf: $label: $entries contents entries, each with the page its heading is on"
}
cat > "$tmp/numbers.awk" <<'AWK'
# The contents' text, whitespace folded: each title (file titles, in order)
# found after the previous one and followed by a page number; prints
# "PAGE<TAB>TITLE", fails on the first title without one.
BEGIN { while ((getline t < titles) > 0) title[++n] = t }
{ all = all " " $0 }
END {
    gsub(/[ \t\n\f]+/, " ", all)
    pos = 1
    for (i = 1; i <= n; i++) {
        found = 0
        while (!found) {
            k = index(substr(all, pos), title[i] " ")
            if (!k) {
                print "faq_pdf: no page number after contents entry " i ": " title[i] > "/dev/stderr"
                exit 1
            }
            pos += k - 1 + length(title[i]) + 1
            if (match(substr(all, pos), /^[0-9]+( |$)/)) {
                page = substr(all, pos, RLENGTH) + 0
                pos += RLENGTH
                found = 1
            }
        }
        printf "%d\t%s\n", page, title[i]
    }
}
AWK

for tool in pdfinfo pdftoppm pdftotext; do
    command -v "$tool" > /dev/null || fail "$tool missing (apt-get install poppler-utils)"
done
faq -o faq-copy.html
faq --format pdf -o faq.pdf || fail "undead faq --format pdf (is chromium installed?)"
pages="$(pdfinfo faq.pdf | awk '/^Pages:/ {print $2}')"
[[ "$pages" -gt 1 ]] || fail "expected more than one page, got $pages"
grep -aq '/Outlines' faq.pdf || fail "the PDF has no bookmarks (outline)"
mkdir png
pdftoppm -r 30 -png faq.pdf png/page
pngs="$(ls png | wc -l)"
[[ "$pngs" -eq "$pages" ]] || fail "pdftoppm made $pngs PNG files for $pages pages"

pdftotext faq.pdf faq.txt
missing=0
while IFS=$'\t' read -r id _; do
    [[ "$id" == id ]] && continue
    grep -qF -- "$id" faq.txt || { echo "faq_pdf: rule $id is not in the PDF's text" >&2; missing=1; }
done < <("$undead" rules zombie-dice --format tsv)
[[ "$missing" -eq 0 ]] || fail "rule IDs missing from the PDF"

# Every word inside the page minus its margins (14 mm = 39.7 pt; 2 pt slack):
# a table cut at the page edge puts words there, or past the edge.
pdftotext -bbox faq.pdf bbox.html
awk -v margin=37.7 '
    /<page / { match($0, /width="[0-9.]+"/); w = substr($0, RSTART + 7, RLENGTH - 8) + 0; page++ }
    /<word / {
        match($0, /xMin="[0-9.]+"/); x0 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        match($0, /xMax="[0-9.]+"/); x1 = substr($0, RSTART + 6, RLENGTH - 7) + 0
        if (x0 < margin || x1 > w - margin) {
            bad++
            if (bad <= 10) printf "faq_pdf: page %d: word outside the margins at x=%.1f..%.1f (page width %.1f): %s\n", page, x0, x1, w, $0 > "/dev/stderr"
        }
        words++
    }
    END { if (bad) exit 1; printf "faq_pdf: %d words, all within the margins\n", words }
' bbox.html || fail "something overflows the page"
# Chromium clips what overflows at the margin, so the PDF alone cannot show a
# cut table: lay out a copy at the printable width (A4 less 2 x 14 mm = 688 px)
# with the print stylesheet applied, and let a test-only script measure every
# table, cell, figure and list against the page (the FAQ itself has no script).
sed 's/@media print{/@media all{/' faq-copy.html > layout.html
cat >> layout.html <<'JS'
<script>
var right = document.body.getBoundingClientRect().right, bad = [];
document.querySelectorAll('table,td,th,figure,svg,ol,dl,p,pre,h2,h3').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (r.right > right + 1 || e.scrollWidth > e.clientWidth + 1)
    bad.push(e.tagName + ' ' + (e.id || e.textContent.slice(0, 50)));
});
document.body.setAttribute('data-overflow', bad.length + ': ' + bad.slice(0, 10).join(' | '));
</script>
JS
mkdir profile
chromium_bin="${UNDEAD_CHROMIUM:-chromium}"
sandbox=(); [[ "$(id -u)" -eq 0 ]] && sandbox=(--no-sandbox)
"$chromium_bin" --headless "${sandbox[@]}" --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$tmp/profile" --window-size=688,1000 \
    --dump-dom "file://$tmp/layout.html" > dom.html 2> chromium.log || fail "chromium --dump-dom"
overflow="$(grep -o 'data-overflow="[^"]*"' dom.html || true)"
[[ "$overflow" == 'data-overflow="0: "' ]] || fail "laid out at the page's width, something overflows: $overflow"
echo "faq_pdf: $pages pages, $pngs PNGs, every rule ID in the text, nothing wider than the page"
contents_pages faq.pdf faq-copy.html faq
players_faq
