#!/usr/bin/env bash
# tests/text.sh CASE UNDEAD SOURCE_DIR - `undead text` on a small fixture
# (tests/data/text/900_fixture.txt and its text-notes, against One Die's
# rows and golden cases): rows, a reading, declared notes, a known gap, a
# sentence on no row and in no note, and a stale quotation.  One CTest per
# CASE; each assertion can fail.  Case browser: each shipped text's page
# in headless Chromium, every link resolving.
set -euo pipefail
case_="${1:?usage: text.sh CASE UNDEAD SOURCE_DIR}"
undead="${2:?usage: text.sh CASE UNDEAD SOURCE_DIR}"
src="${3:?usage: text.sh CASE UNDEAD SOURCE_DIR}"
data="$src/tests/data/text"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "text.sh $case_: $*" >&2; exit 1; }

# run EXPECTED-STATUS ARGS...: undead text one-die on the fixture
run() {
    local want=$1; shift
    local rc=0
    "$undead" text one-die "$@" > "$work/out" 2> "$work/err" || rc=$?
    [[ $rc == "$want" ]] || { cat "$work/out" "$work/err" >&2; fail "exit $rc, expected $want"; }
}
has() { grep -qF -- "$1" "$work/out" || { cat "$work/out" >&2; fail "no line with: $1"; }; }
# field ANCHOR-PREFIX COLUMN: a column of the TSV line of a statement
field() { awk -F'\t' -v a="$1" -v c="$2" 'index($1, a) == 1 { print $c }' "$work/out"; }

fixture=("$data/900_fixture.txt" --notes "$data/text-notes" --golden "$src/golden")

case "$case_" in
summary)
    # exit 1: a sentence in no note, and a stale quotation
    run 1 "${fixture[@]}"
    has "900_fixture.txt (one-die): 9 statements in 2 sections"
    # total: statements, on rows, pinned, readings, declared, not encoded, stale
    line=$(grep '^  total' "$work/out" | tr -s ' ')
    [[ "$line" == " total 9 3 3 1 4 2 1" ]] || fail "total line: '$line'"
    has 'not encoded: "Nobody reaches the goal?"'
    has "not encoded (the fixture's known gap): \"The game ends after the last round.\""
    has 'stale row OD-SOLO-LOSS ('"$data"'/text-notes:14): "Alone, you lose after the last round." is not in 900_fixture.txt'
    # golden cases of seeded games only: nothing is pinned, each statement on rows is said
    mkdir -p "$work/golden/one_die"
    cp -r "$src/golden/one_die/seeded" "$work/golden/one_die/"
    run 1 "$data/900_fixture.txt" --notes "$data/text-notes" --golden "$work/golden"
    line=$(grep '^  total' "$work/out" | tr -s ' ')
    [[ "$line" == " total 9 3 0 1 4 2 1" ]] || fail "total line with seeded cases only: '$line'"
    has 'pinned by no hand-written case (its rows: OD-BUST, ...): "A bust face ends your turn at once and the turn scores nothing."'
    run 1 "$data/900_fixture.txt" --notes "$data/text-notes" --golden "$work/golden" --format tsv
    [[ $(field s-a-bust-face 7) == 0 && $(field s-a-bust-face 8) -gt 0 ]] ||
        fail "the seeded cases: $(field s-a-bust-face 7) hand-written, $(field s-a-bust-face 8) seeded"
    ;;
tsv)
    run 1 "${fixture[@]}" --format tsv
    [[ $(field s-a-bust-face 6) == "OD-BUST,OD-POINTS" ]] || fail "the omission's quotation: rows '$(field s-a-bust-face 6)'"
    [[ $(field s-a-bust-face 7) -gt 0 ]] || fail "OD-BUST fired by no hand-written case"
    # each case counted once, however many of the statement's rows it fires
    by_hand=$(find "$src/golden/one_die" -name '*.in' -not -path '*/seeded/*' | wc -l)
    [[ $(field s-a-bust-face 7) -le $by_hand ]] || fail "$(field s-a-bust-face 7) cases of $by_hand"
    [[ $(field s-the-highest-score 9) == "ending" ]] || fail "the reading note"
    [[ $(field s-the-highest-score 4) == "item" ]] || fail "a list item's block"
    [[ $(field s-6-bust 4) == "row" ]] || fail "a table row's block"
    [[ $(field s-shout-bust 5) == "declared" ]] || fail "an escaped quote in a note"
    [[ $(field s-nobody-reaches 5) == "not-encoded" ]] || fail "the sentence in no note"
    [[ $(field s-the-game-ends 5) == "gap" ]] || fail "the gap"
    [[ $(field s-first-say 3) == "Your turn" ]] || fail "a plain heading"
    [[ $(awk -F'\t' '$5 == "stale"' "$work/out" | wc -l) == 1 ]] || fail "not one stale line"
    # without golden cases, nothing is pinned
    run 1 "${fixture[@]}" --format tsv --no-golden
    [[ $(field s-a-bust-face 7) == 0 ]] || fail "--no-golden still counts cases"
    ;;
json)
    run 1 "${fixture[@]}" --format json
    python3 - "$work/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["counts"]
assert (c["statements"], c["on_rows"], c["declared"], c["not_encoded"], c["stale"]) == (9, 3, 4, 2, 1), c
st = {s["anchor"].rsplit("-", 1)[0]: s for s in d["statements"]}
bust = st["s-a-bust-face-ends-your"]
assert [r["id"] for r in bust["rows"]] == ["OD-BUST", "OD-POINTS"], bust
assert any(h.startswith("examples/") for h in bust["rows"][0]["hand"]), bust
assert d["stale"][0]["who"] == "OD-SOLO-LOSS", d["stale"]
PY
    ;;
pages)
    run 1 "${fixture[@]}" --format html
    has '<p class="st rows" id="s-a-bust-face-ends-your-'
    has 'href="#OD-BUST"'
    has '<p id="OD-BUST">'
    has "<a href=\"$src/golden/one_die/examples/bust.in\">examples/bust.in</a>"
    has 'class="st missing"'
    has 'class="st stale"'
    run 1 "${fixture[@]}" --format md
    has '<a id="s-nobody-reaches-the-goal-'
    has '[OD-BUST](#OD-BUST)'
    ;;
clean)
    # the sentence declared and the stale quotation taken out: exit 0
    sed -e '/OD-SOLO-LOSS/d' "$data/text-notes" > "$work/notes"
    echo 'text 900_fixture.txt' >> "$work/notes"
    echo 'example "Nobody reaches the goal?" the question the next sentence answers' >> "$work/notes"
    run 0 "$data/900_fixture.txt" --notes "$work/notes" --no-golden
    has "needs a person (1):"
    has "not encoded (the fixture's known gap)"
    ;;
anchors)
    # a sentence added before the others: every anchor stays
    run 1 "${fixture[@]}" --format tsv --no-golden
    cut -f1 "$work/out" | sort > "$work/before"
    sed -e 's/^First say/A new sentence. First say/' "$data/900_fixture.txt" > "$work/900_fixture.txt"
    run 1 "$work/900_fixture.txt" --notes "$data/text-notes" --format tsv --no-golden
    cut -f1 "$work/out" | sort > "$work/after"
    [[ -z $(comm -23 "$work/before" "$work/after") ]] || fail "anchors changed: $(comm -23 "$work/before" "$work/after")"
    [[ $(comm -13 "$work/before" "$work/after" | wc -l) == 1 ]] || fail "not one new anchor"
    ;;
whole)
    # a note keys whole statements: a fragment declares nothing and is stale
    { cat "$data/text-notes"; echo 'text 900_fixture.txt'; echo 'flavour "highest score" a fragment of a statement'; } > "$work/notes"
    run 1 "$data/900_fixture.txt" --notes "$work/notes" --no-golden --format tsv
    [[ $(field s-the-highest-score 5) == "on-rows" ]] || fail "the statement changed state"
    [[ $(awk -F'\t' '$5 == "stale" && $6 == "note:flavour"' "$work/out" | wc -l) == 1 ]] || fail "the fragment is not stale"
    ;;
bad-note)
    printf 'text 900_fixture.txt\nrow OD-NOPE "The highest score wins."\n' > "$work/notes"
    run 2 "$data/900_fixture.txt" --notes "$work/notes" --no-golden
    grep -qF "$work/notes:2: expected a rule ID of one-die, got 'OD-NOPE'" "$work/err" || fail "$(cat "$work/err")"
    printf 'text 900_fixture.txt\nflavour "The highest score wins."\n' > "$work/notes"
    run 2 "$data/900_fixture.txt" --notes "$work/notes" --no-golden
    grep -qF "$work/notes:2: expected a one-line reason" "$work/err" || fail "$(cat "$work/err")"
    printf 'text 900_fixture.txt\nflavour "The highest\n' > "$work/notes"
    run 2 "$data/900_fixture.txt" --notes "$work/notes" --no-golden
    grep -qF "$work/notes:2: expected a quotation in double quotes" "$work/err" || fail "$(cat "$work/err")"
    ;;
unquoted)
    # the rows citing a text that quote none of its statements are named
    printf 'text 900_one_die.txt\nrow OD-BUST "A bust face ends your turn at once and the turn scores nothing."\n' > "$work/notes"
    rows=$(("$("$undead" rules one-die --format tsv | wc -l)" - 1))
    run 1 "$src/spec/one_die/900_one_die.txt" --notes "$work/notes" --no-golden
    line=$(grep ' rows citing the text quote none of its statements: ' "$work/out") || fail "no line of unquoted rows"
    [[ $line == "$((rows - 1)) of the $rows rows citing the text quote none of its statements: "* ]] || fail "$line"
    [[ $line != *OD-BUST* && $line == *OD-BANK* ]] || fail "the wrong rows: $line"
    ;;
verify)
    # verify --texts: the map's counts per game; a text drifted from its rows fails
    mkdir -p "$work/root/spec/one_die" "$work/texts"
    ln -s "$src/golden" "$work/root/golden"
    ln -s "$src/fuzz" "$work/root/fuzz"
    cp "$src/spec/one_die/text-notes" "$work/root/spec/one_die/"
    cp "$src/spec/one_die/900_one_die.txt" "$work/texts/"
    quick=(verify one-die --no-db --games 10 --reading-games 10 --texts "$work/texts")
    rc=0
    UNDEAD_DATA_DIR="$work/root" "$undead" "${quick[@]}" > "$work/out" 2>&1 || rc=$?
    [[ $rc == 0 ]] || { cat "$work/out" >&2; fail "verify --texts: exit $rc on the shipped text"; }
    line=$(grep '^one-die ' "$work/out" | tail -1 | tr -s ' ')
    [[ "$line" == "one-die 1 17 14 14 2 3 0 0" ]] || fail "the rule texts line: '$line'"
    echo "A sentence no row quotes." >> "$work/texts/900_one_die.txt"
    rc=0
    UNDEAD_DATA_DIR="$work/root" "$undead" "${quick[@]}" > "$work/out" 2>&1 || rc=$?
    [[ $rc == 1 ]] || { cat "$work/out" >&2; fail "verify --texts: exit $rc on a drifted text"; }
    has "verify: one-die: 900_one_die.txt drifted from its rows:"
    has 'not encoded: "A sentence no row quotes."'
    ;;
faq)
    # faq --texts: the reference's text section, and each row's link to its statements
    "$undead" verify one-die --db "$work/v.db" --games 10 --reading-games 10 > /dev/null
    "$undead" faq --db "$work/v.db" --game one-die --texts "$src/spec/one_die" -o "$work/out"
    has 'id="one-die-texts"'
    has '<p class="st rows" id="one-die-900-s-a-bust-face-ends-your-'
    has 'quotes <a class="nw" href="#one-die-900-s-a-bust-face-ends-your-'
    "$undead" faq --db "$work/v.db" --game one-die --format md --texts "$src/spec/one_die" -o "$work/out"
    has '<a id="one-die-900-s-a-bust-face-ends-your-'
    "$undead" faq --db "$work/v.db" --game one-die -o "$work/out"
    ! grep -q 'one-die-texts' "$work/out" || fail "a text section without --texts"
    ;;
shipped)
    # every game's texts: every statement on a row or declared, no quotation
    # stale (skipped, saying so, when the texts are not beside the project)
    if [[ ! -f "$src/../shared/rules/README.md" ]]; then
        echo "text.sh shipped: skipped: the rule texts are not beside the project ($src/../shared/rules)"
        exit 77
    fi
    "$src/tools/texts.sh" "$undead" "$src" || fail "a shipped text and its rows drifted apart"
    ;;
browser)
    # each shipped text's page opened in headless Chromium: every link to
    # an anchor lands on an element of the page, every link to a case's
    # record names a file, each statement on rows links to them and back,
    # and the browser logs no console message
    if [[ ! -f "$src/../shared/rules/README.md" ]]; then
        echo "text.sh browser: skipped: the rule texts are not beside the project ($src/../shared/rules)"
        exit 77
    fi
    browser="${UNDEAD_CHROMIUM:-chromium}"
    command -v "$browser" > /dev/null || fail "$browser missing (apt-get install chromium)"
    sandbox=(); [[ "$(id -u)" -eq 0 ]] && sandbox=(--no-sandbox)
    pages=0
    for game in $("$undead" games | awk '{ print $1 }'); do
        for source in $("$undead" rules "$game" --format tsv | awk -F'\t' 'NR > 1 { print $5 }' | sort -u); do
            file="$src/../shared/rules/$source"
            [[ -f "$file" ]] || file=$(find "$src/spec" -name "$source" -print -quit)
            rc=0
            UNDEAD_DATA_DIR="$src" "$undead" text "$game" "$file" --format html -o "$work/page.html" || rc=$?
            [[ $rc == 0 ]] || fail "$game $source: exit $rc"
            # under the sanitizers (UD_SANITIZED=1) the page's links are
            # read from the page as written, the browser left to the plain
            # build (it reads the same bytes; undead's memory is not its)
            if [[ "${UD_SANITIZED:-}" == 1 ]]; then
                cp "$work/page.html" "$work/dom.html"
                : > "$work/console.log"
            else
                "$browser" --headless "${sandbox[@]}" --disable-gpu --no-first-run --disable-background-networking \
                    --host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$work/profile" --enable-logging=stderr \
                    --v=0 --virtual-time-budget=5000 --dump-dom "file://$work/page.html" > "$work/dom.html" \
                    2> "$work/console.log" || true
            fi
            ! grep -q ':CONSOLE' "$work/console.log" ||
                fail "$game $source: console: $(grep ':CONSOLE' "$work/console.log" | head -3)"
            python3 - "$work/dom.html" "$game $source" <<'PY' || fail "$game $source: links"
import html.parser, os, sys, urllib.parse
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links, self.rows_links = set(), [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
p = Page()
p.feed(open(sys.argv[1], encoding="utf-8").read())
if not p.ids or not p.links:
    sys.exit(f"{sys.argv[2]}: the page has no anchors or no links (nothing laid out?)")
bad = []
for href in p.links:
    if href.startswith("#"):
        if href[1:] not in p.ids:
            bad.append(f"{href}: no such anchor")
    elif not href.startswith(("http:", "https:", "mailto:")):
        path = urllib.parse.unquote(href.split("#")[0].removeprefix("file://"))
        if not os.path.exists(path):
            bad.append(f"{href}: no such file")
# from a statement to its rows and back: an anchor of a statement ("s-")
# is linked from somewhere, and so is a row's
statements = {i for i in p.ids if i.startswith("s-")}
linked = {h[1:] for h in p.links if h.startswith("#")}
if statements and not statements & linked:
    bad.append("no link leads back to a statement")
if bad:
    sys.exit(f"{sys.argv[2]}: {len(bad)} broken of {len(p.links)} links: " + "; ".join(bad[:5]))
print(f"text.sh browser: {sys.argv[2]}: {len(p.links)} links, every one resolves")
PY
            pages=$((pages + 1))
        done
    done
    (( pages >= 5 )) || fail "only $pages texts' pages opened"
    ;;
*)
    fail "no such case"
    ;;
esac
echo "text.sh $case_: ok"
