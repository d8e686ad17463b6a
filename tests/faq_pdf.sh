#!/usr/bin/env bash
# faq_pdf.sh - the printable FAQ, from a copy of the verify_db fixture's
# database (tests/verify_db.sh).
#   faq_pdf.sh UNDEAD SOURCE_DIR same DB   the FAQ regenerates byte for byte (HTML and
#                                       Markdown) from the same database, and one game's PDF is made
#   faq_pdf.sh UNDEAD SOURCE_DIR pdf DB   headless Chromium prints it: more than one page,
#                                       bookmarks (an outline),
#                                       every page turns into a PNG (pdftoppm), every rule
#                                       ID is in the text (pdftotext), and no word lies
#                                       outside the page's margins (pdftotext -bbox);
#                                       every contents entry carries a page number and
#                                       its heading is on that page (pdftotext per page);
#                                       the players' part: at most four pages a game, read
#                                       as a player would (players_faq, players_text)
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
    faq --part players -o pa.html && faq --part players -o pb.html
    cmp pa.html pb.html || fail "two generations of the players' part from one database differ"
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
    # undead's own part of a PDF (Chromium started, its output taken) in
    # every build: the pdf mode, which reads the pages, runs in the default
    # build alone
    faq --game one-die --format pdf -o one.pdf || fail "one-die's PDF"
    [[ $(head -c 5 one.pdf) == '%PDF-' ]] || fail "one.pdf is no PDF: $(head -c 40 one.pdf | od -c | head -2)"
    echo "faq_pdf: same bytes twice ($(wc -c < a.html) bytes of HTML, $(wc -c < a.md) of Markdown), a PDF made"
    exit 0
fi

# The players' FAQ of each game that has one: at most PLAYERS_PAGES pages
# from its heading on, each question (the document's own question
# headings) in the contents and in the PDF's text, every page turned into
# a PNG, every contents entry's page right; a game without questions (One
# Die) has no page in it.  Then the players' part of every game printed
# at once (players_text).  Run in pdf mode, on the same database.
players_faq() {
    PLAYERS_PAGES=4
    for tool in pdfinfo pdftoppm pdftotext; do
        command -v "$tool" > /dev/null || fail "$tool missing (apt-get install poppler-utils)"
    done
    n_games=0
    : > with-questions.txt
    while read -r game; do
        faq --game "$game" --part players --format md -o "$game.md"
        if ! grep -q "<a id=\"$game-players\">" "$game.md"; then
            # no questions: nothing but the title, the version and the contents
            if grep -q "^#\{1,4\} <a id=" "$game.md"; then
                fail "$game has no players' questions, yet the players' part gives it a page"
            fi
            continue
        fi
        echo "$game" >> with-questions.txt
        n_games=$((n_games + 1))
        faq --game "$game" --part players -o "$game.html"
        faq --game "$game" --part players --format pdf -o "$game.pdf" || fail "$game: players' PDF"
        pages="$(pdfinfo "$game.pdf" | awk '/^Pages:/ {print $2}')"
        first="$(pdfinfo -dests "$game.pdf" | awk -v d="\"$game-players\"" '$NF == d {print $1}')"
        [[ -n "$first" ]] || fail "$game: no destination $game-players in the PDF"
        own=$((pages - first + 1))
        [[ "$own" -le "$PLAYERS_PAGES" ]] ||
            fail "$game: the players' FAQ runs to $own pages from its heading (at most $PLAYERS_PAGES)"
        mkdir -p "png-$game"
        pdftoppm -r 30 -png "$game.pdf" "png-$game/page"
        [[ "$(ls "png-$game" | wc -l)" -eq "$pages" ]] || fail "$game: not every page made a PNG"
        pdftotext "$game.pdf" - | tr -s ' \n' ' ' > "$game.txt"
        questions=0
        while IFS= read -r q; do
            questions=$((questions + 1))
            grep -qF -- "$q" "$game.txt" || fail "$game: question not in the PDF's text: $q"
            grep -qF -- "$q</a>" "$game.html" || fail "$game: question not in the contents: $q"
        done < <(sed -n "s/^#\{1,6\} <a id=\"$game-ask-[^\"]*\"><\/a>//p" "$game.md")
        [[ "$questions" -gt 0 ]] || fail "$game: a players' part with no question"
        # a question kept with its answer on one page, its See also line and
        # house-rules box never alone at the top of the next; a chart's column
        # headers apart ("2 bullets3 or more" ran together)
        grep -qF 'section.players .qa{break-inside:avoid}' "$game.html" ||
            fail "$game: a question may break from its answer across pages"
        grep -qF 'section.players .q>.see,section.players .q>.house{break-before:avoid}' "$game.html" ||
            fail "$game: a See also line or house-rules box may open a page"
        grep -qF '<div class="q"><div class="qa"><h3' "$game.html" ||
            fail "$game: no question and answer in a block the rule keeps whole"
        # each question heading with its answer and its ruling on one page:
        # the heading and the answer's first words in a row, and the last
        # words of the ruling (else of the answer), in one page's text
        for ((p = first; p <= pages; p++)); do
            pdftotext -f "$p" -l "$p" "$game.pdf" - | tr -s ' \n' ' ' > "$game-page-$p.txt"
        done
        kept=0
        while IFS=$'\t' read -r q a z; do
            together=0
            for f in "$game"-page-*.txt; do
                grep -qF -- "$q $a" "$f" && grep -qF -- "$z" "$f" && together=1
            done
            [[ "$together" == 1 ]] || fail "$game: '$q' and its answer ('$a ... $z') are not on one page"
            kept=$((kept + 1))
        done < <(python3 - "$game.md" "$game" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
words = lambda s: s.replace("\\", "").replace("**", "").split()
for i, line in enumerate(lines):
    m = re.match(r'^#{1,6} <a id="%s-ask-[^"]*"></a>(.*)$' % re.escape(sys.argv[2]), line)
    if m:
        paras = [x for x in lines[i + 1:i + 8] if x.strip()]
        last = paras[1] if paras[1].startswith("**Ruling:**") else paras[0]
        print("\t".join((m.group(1).replace("\\", ""), " ".join(words(paras[0])[:4]), " ".join(words(last)[-4:]))))
PY
)
        [[ "$kept" -eq "$questions" ]] || fail "$game: $kept of $questions questions checked with their answers"
        # no page after the first opens (past its running head) on a See
        # also line or a house-rules box, cut off from its question
        for ((p = first + 1; p <= pages; p++)); do
            ! grep -qE "^.{0,120}Players' FAQ (See also: |House rules [A-Z])" "$game-page-$p.txt" ||
                fail "$game: page $p opens on a See also line or house-rules box: $(head -c 160 "$game-page-$p.txt")"
        done
        # printed alone, the players' part points to no reference it lacks:
        # the note on house rules measured flat says who played itself
        ! grep -q "the reference says" "$game.md" || fail "$game: points to a reference not in the booklet"
        if grep -q "^House rules: " "$game.md"; then
            grep -qE "^House rules: .* in the games measured \(with (one|two|three|four|five|six) player" "$game.md" ||
                fail "$game: the house-rules note does not say who played: $(grep "^House rules: " "$game.md")"
        fi
        ! grep -qE '(bullets?|lives|life)[0-9]' "$game.txt" ||
            fail "$game: chart headers run together: $(grep -oE '.{20}(bullets?|lives|life)[0-9].{10}' "$game.txt" | head -3)"
        echo "faq_pdf: $game players' FAQ: $questions questions on $own pages (the PDF: $pages)"
        contents_pages "$game.pdf" "$game.html" "$game-players"
    done < <("$undead" games | awk '{print $1}')
    [[ "$n_games" -gt 0 ]] || fail "no game has a players' FAQ"
    players_text
}

# The players' part of every game, printed at once, read as a player would:
#  - no rule ID (any ID of a game's shape, "ZD-" and a capital), reading
#    syntax ("="), "seeded", "firing", or undead as the one who rules (the
#    version line aside);
#  - every question the reference says the texts differ on, or are
#    silent on, marked "Ruling:";
#  - a house rule's effect said (who played, "% of games ... instead of")
#    once for each of its readings the reference measures beyond the 95%
#    interval, and the readings measured within it in one shared sentence;
#  - every page: its number and the version line (the booklet's edition,
#    from the newest edition in spec/faq-editions.txt, or the draft after
#    it) at its foot, the game's name and "Players' FAQ" at its head once
#    the games begin;
#  - the contents' page numbers right, One Die nowhere.
players_text() {
    faq --part players --format pdf -o players.pdf || fail "the players' part of every game"
    faq --part players -o players.html
    faq --format md -o whole.md
    contents_pages players.pdf players.html players
    pdftotext players.pdf players.pages
    ids=players-ids.txt
    : > "$ids"
    while read -r game; do
        "$undead" rules "$game" --format tsv | awk -F'\t' 'NR > 1 {print $1}' >> "$ids"
    done < <("$undead" games | awk '{print $1}')
    version="$("$undead" --version | awk '{print $2}')"
    faq --part players --format md -o players.md
    # the page each game's part begins on
    pdfinfo -dests players.pdf | sed -n 's/^ *\([0-9]*\) .*"\(.*\)-players"$/\1 \2/p' > players-starts.txt
    python3 - players.pages players.html whole.md "$ids" t.db "$version" with-questions.txt players.md \
        players-starts.txt "$src/spec/faq-editions.txt" <<'PY' ||
import re, sqlite3, sys
(pages_file, html_file, md_file, ids_file, db_file, version, games_file, players_md_file,
 starts_file, editions_file) = sys.argv[1:]
players_md = open(players_md_file, encoding="utf-8").read()
pages = open(pages_file, encoding="utf-8").read().split("\f")
if pages and not pages[-1].strip():
    pages.pop()
html = open(html_file, encoding="utf-8").read()
md = open(md_file, encoding="utf-8").read()
bad = []

# the version line: the players' booklet's edition, from the newest edition
# in the record of editions (the booklet is that edition, or a draft after it)
months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
editions = re.findall(r"^edition (\d+) (\d{4})-(\d\d)-(\d\d)$", open(editions_file, encoding="utf-8").read(), re.M)
if not editions:
    bad.append(f"{editions_file}: no edition recorded")
    editions = [("0", "1970", "01", "01")]
n, y, m, d = (int(x) for x in editions[-1])
date = f"{d} {months[m - 1]} {y}"
lines_ok = [f"Edition {n} \u00b7 {date}" + (f" \u00b7 \u2731 changed since edition {n - 1}" if n > 1 else ""),
            f"Draft after edition {n} ({date}) \u00b7 \u2731 changed since then"]
line = players_md.split("\n")[2]
if line not in lines_ok:
    bad.append(f"the players' version line is '{line}', expected one of {lines_ok}")
games = [g.strip() for g in open(games_file) if g.strip()]
titles = {}
for g in games:
    t = re.search(r'<h1 id="%s-players" class="game">([^<]*)</h1>' % re.escape(g), html)
    if not t:
        bad.append(f"{g}: no game heading in the players' part")
    else:
        titles[g] = t.group(1).replace("&amp;", "&").replace("&quot;", '"')
if "One Die" in " ".join(pages):
    bad.append("One Die is in the players' part")
starts = sorted((int(p), g) for p, g in (l.split() for l in open(starts_file) if l.strip()))
for n, page in enumerate(pages, 1):
    lines = [l.strip() for l in page.split("\n") if l.strip()]
    if line not in lines or lines[-1] != str(n):
        bad.append(f"page {n}: not the version line '{line}' and its number {n} at its foot: {lines[-2:]}")
    current = [g for p, g in starts if p <= n]
    if current and current[-1] in titles and lines[:2] != [titles[current[-1]], "Players' FAQ"]:
        bad.append(f"page {n}: the running head is not '{titles[current[-1]]}' and 'Players' FAQ': {lines[:2]}")
text = " ".join(" ".join(p.split()) for p in pages).replace(line, " ")

# the engine's words
ids = [i.strip() for i in open(ids_file) if i.strip()]
prefixes = sorted({i.split("-")[0] for i in ids})
for m_ in re.finditer(r"\b(%s)-[A-Z]" % "|".join(prefixes), text):
    bad.append(f"a rule ID: ...{text[max(0, m_.start() - 40):m_.end() + 30]}...")
for word in ("=", "seeded", "firing", "undead"):
    for m_ in re.finditer(re.escape(word), text, re.IGNORECASE):
        bad.append(f"'{word}': ...{text[max(0, m_.start() - 50):m_.end() + 30]}...")

# each question's entry in the players' part (its Markdown: a heading line
# each) against its entry in the reference
def sections(doc, kind):
    out = {}
    for m_ in re.finditer(r'^#+ <a id="([a-z0-9-]+)-%s-([^"]+)"></a>.*$' % kind, doc, re.M):
        nxt = re.search(r"^#", doc[m_.end():], re.M)
        out[(m_.group(1), m_.group(2))] = " ".join(doc[m_.end():m_.end() + nxt.start() if nxt else len(doc)]
                                                   .replace("\\", "").split())
    return out
entries = sections(players_md, "ask")
ref = sections(md, "ref")
rulings = real_total = 0
flat_games = set()
for key, entry in entries.items():
    r = ref.get(key)
    if r is None:
        bad.append(f"{key}: no entry in the reference")
        continue
    if "The texts differ or are silent here" in r:
        rulings += 1
        if "**Ruling:**" not in entry:
            bad.append(f"{key}: the texts differ, yet the answer is not marked 'Ruling:'")
    house = re.search(r"As house rules: (.*)", r)
    readings = re.findall(r"`([^`]+=[^`]+)`", house.group(1)) if house else []
    real = flat = 0
    for x in readings:
        meas = re.search(r"Measured: under %s .*?\((a difference|no difference)" % re.escape(x), r)
        if meas:
            real += meas.group(1) == "a difference"
            flat += meas.group(1) == "no difference"
    # sentences end at a stop, colon or bullet followed by a space (not at a decimal point)
    effects = [x for x in re.split(r"(?<=[.:?!])\s+|\s-\s", entry)
               if re.search(r"% of games with this house rule instead of [0-9.]+%", x)]
    shared = len(re.findall(r"make(?:s)? no measurable difference", entry))
    if len(effects) != real:
        bad.append(f"{key}: {real} house rules with a real effect, {len(effects)} effects said")
    if shared:
        bad.append(f"{key}: a house rules box says 'no measurable difference' (the game's note says it once)")
    if flat:
        flat_games.add(key[0])
    for e in effects:
        if not e.startswith("With "):
            bad.append(f"{key}: an effect that does not say who played: {e}")
    real_total += real
# the house rules of no measurable effect: said once per game that has any
notes = len(re.findall(r"made no measurable difference", players_md))
if notes != len(flat_games):
    bad.append(f"{len(flat_games)} games with house rules of no measurable effect, {notes} notes say so")
if text.count("Ruling:") < rulings:
    bad.append(f"{rulings} rulings, {text.count('Ruling:')} marked in the PDF's text")
for b in bad[:30]:
    print("faq_pdf:", b, file=sys.stderr)
if bad:
    sys.exit(1)
print(f"faq_pdf: players' part: {len(pages)} pages, {len(entries)} questions, {rulings} rulings marked, "
      f"{real_total} house rules with a real effect, each page numbered with '{line}'")
PY
        fail "the players' part, read as a player would"
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
    sed -n '/<nav id="contents">/,/<\/nav>/p' "$html" | grep -o '<li[^>]*><a href="#[^"]*">[^<]*</a>' |
        sed 's/^<li[^>]*><a href="#[^"]*">//; s/<\/a>$//; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' \
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
