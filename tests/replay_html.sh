#!/usr/bin/env bash
# replay_html.sh - `undead show GAME RECORD --format html`: a record as one
# page a browser steps through.
#   replay_html.sh UNDEAD SOURCE_DIR
# For a worked example of each game: exit 0, one step for the set-up and
# one per position the record's outcomes and decisions reach, each step
# what `undead show --at LINE` reaches there (its SVG, the caption aside,
# for a game that draws; else its state line), every step after
# the set-up firing a row, no departure, opening at the set-up.  A record
# with a line that breaks a rule: exit 1, the page written all the same,
# opening at the step before that line, naming the line and the rule as
# `undead check` names them.  A record of a seed and policies only:
# stepped through as the rules play it.  Each page opened in headless
# Chromium draws every step with no console message, and the arrow, Home and
# End keys move as they say; the broken record's page opens at its
# departure.  --at with html: refused, exit 2.
# `undead golden --html DIR`: a page per case and an index of them; a
# folder that cannot be made, exit 2.  Chromium is in debian-packages.txt:
# when missing this FAILS.
set -euo pipefail
undead="$1" src="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "replay_html: FAIL: $*" >&2; exit 1; }

chromium_bin="${UNDEAD_CHROMIUM:-chromium}"
command -v "$chromium_bin" > /dev/null || fail "$chromium_bin missing (apt-get install chromium)"
sandbox=(); [[ "$(id -u)" -eq 0 ]] && sandbox=(--no-sandbox)
# selftest PAGE STEPS START: the page opened in Chromium with #selftest,
# which draws every step and tries the keys (ArrowRight, End, ArrowLeft,
# Home): it says it drew STEPS steps with nothing wrong after opening at
# step START, and the browser logged no console message (an error).
 # Under the sanitizers (UD_SANITIZED=1) the browser is left to the plain
# build: it checks the page's script and drawing, the same bytes there,
# not undead's memory, and it is most of this test's time.
selftest() {
    [[ "${UD_SANITIZED:-}" == 1 ]] && return 0
    "$chromium_bin" --headless "${sandbox[@]}" --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 --virtual-time-budget=20000 \
        --dump-dom "file://$tmp/$1#selftest" > dom.html 2> console.log || true
    grep -q "<pre id=\"selftest\">selftest ok: $2 steps, opened at $3</pre>" dom.html ||
        fail "$1 in the browser: $(grep -o '<pre id="selftest">[^<]*' dom.html || echo 'the script did not run')"
    ! grep -q ':CONSOLE' console.log || fail "$1: console: $(grep ':CONSOLE' console.log | head -3)"
}

# page.py PAGE: the page's data as JSON on standard output (the one JSON
# script element), after checking the page has exactly two script elements.
cat > data.py <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
if page.count("</script>") != 2:
    sys.exit(f"{sys.argv[1]}: {page.count('</script>')} script ends, expected 2 (the data and the script)")
m = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S)
json.dump(json.loads(m.group(1)), sys.stdout)
PY

# Each game's worked example, stepped through.
examples=(zombie-dice:zombie_dice/examples/001-examples-1-3.in dotld:dotld/examples/combat.in
          zombies-cards:zombies_cards/examples/death.in one-die:one_die/examples/bust.in)
# same.py A B: two SVGs of one position are the same drawing but for the
# caption (the page's names the record, show's the line, the end and the
# game over).
cat > same.py <<'PY'
import re, sys
def drawing(path):
    text = open(path, encoding="utf-8").read().rstrip("\n")
    return re.sub(r"rec\.in(, (after line|set-up, line) [^<]*)?<", "CAPTION<", text)
sys.exit(0 if drawing(sys.argv[1]) == drawing(sys.argv[2]) else f"{sys.argv[1]} and {sys.argv[2]} differ")
PY
for pair in "${examples[@]}"; do
    game="${pair%%:*}"
    # a short name, so that a caption fits one line of the SVG whatever it adds
    cp "$src/golden/${pair#*:}" rec.in
    record=rec.in
    "$undead" show "$game" "$record" --format html -o page.html || fail "$game: exit $? for a legal record"
    python3 data.py page.html > data.json || fail "$game: the page's data"
    python3 - data.json "$game" <<'PY' || fail "$game: the steps"
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
if d["departure"] is not None or d["start"] != 0:
    bad.append(f"a departure or a start in a legal record: {d['departure']} {d['start']}")
if len(d["steps"]) < 3 or d["steps"][0]["first"] != 1:
    bad.append(f"{len(d['steps'])} steps, the first from line {d['steps'][0]['first']}")
for a, b in zip(d["steps"], d["steps"][1:]):
    if b["first"] != a["line"] + 1 or b["line"] < b["first"]:
        bad.append(f"steps {a['first']}-{a['line']} then {b['first']}-{b['line']}: not one after the other")
    if not b["rows"]:
        bad.append(f"the step to line {b['line']} fired no row")
    for rid, n in b["rows"]:
        if rid not in d["rules"] or n < 1:
            bad.append(f"row {rid} x{n} not among the page's rules")
with open("lines.txt", "w") as f:
    for i, s in enumerate(d["steps"][1:], 1):
        print(s["line"], s["first"], i, s["state"], file=f)
        if s["svg"]:  # runs of lines of the page's dictionary: start, count, ...
            runs = s["svg"]
            svg = "\n".join(d["svgl"][runs[k] + j] for k in range(0, len(runs), 2) for j in range(runs[k + 1]))
            open(f"step-{i}.svg", "w", encoding="utf-8").write(svg)
if bad:
    sys.exit("\n".join(bad))
PY
    # each step: what show --at reaches at its line, drawn the same (a game
    # with no drawing prints its state line).  A step whose later lines
    # joined it (no row fired) is drawn after its first line: show --at a
    # joined line may stop inside the row that reads them (a roll's dice
    # half read), so the drawing is looked for after each of its lines.
    # (under the sanitizers every fourth step: each show --at replays the
    # record to its line, a sanitized process start and replay apiece)
    k=0
    while read -r line first step state; do
        [[ "${UD_SANITIZED:-}" == 1 ]] && (( k++ % 4 != 0 )) && continue
        if [[ -f "step-$step.svg" ]]; then
            found=0
            for ((at = line; at >= first && !found; at--)); do
                "$undead" show "$game" "$record" --at "$at" --format svg -o shown.svg || fail "$game: show --at $at"
                python3 same.py "step-$step.svg" shown.svg 2> /dev/null && found=1
            done
            ((found)) || fail "$game: lines $first-$line: the page's SVG is not show --at's after any of them"
        else
            got="$("$undead" show "$game" "$record" --at "$line" | sed -n 's/^= //p')"
            [[ "$got" == "$state" ]] || fail "$game: line $line: the page's state '$state', show --at gives '$got'"
        fi
    done < lines.txt
    rm -f step-*.svg
    selftest page.html "$(python3 -c "import json; print(len(json.load(open('data.json'))['steps']))")" 0
    echo "replay_html: $game: $(wc -l < lines.txt) steps after the set-up, each as show --at"
done

# A record that breaks a rule: the page opens at it, naming it as check does.
sed '19s/decide you roll/decide rival roll/' "$src/golden/zombie_dice/examples/000-shortage-literal.in" > bad.in
status=0
"$undead" show zombie-dice bad.in --format html -o bad.html 2> err.txt || status=$?
[[ $status -eq 1 ]] || fail "a departing record: exit $status, expected 1"
grep -qx "undead show: bad.in breaks a rule: the page opens at the line that breaks it ('undead check' names it there too)" \
    err.txt || fail "a departing record: $(cat err.txt)"
said="$("$undead" check bad.in 2>&1 | head -1 || true)"   # bad.in:LINE: RULE: message
python3 data.py bad.html > bad.json || fail "the departing page's data"
python3 - bad.json "$said" <<'PY' || fail "the departure"
import json, sys
d, said = json.load(open(sys.argv[1])), sys.argv[2]
dep = d["departure"]
want = f"bad.in:{dep['line']}: {dep['rule']}: {dep['message']}"
if want != said:
    sys.exit(f"the page says '{want}', check says '{said}'")
if d["start"] != dep["step"] or dep["step"] != len(d["steps"]) - 1:
    sys.exit(f"opens at step {d['start']}, the departure is at {dep['step']} of {len(d['steps'])}")
if d["steps"][dep["step"]]["line"] >= dep["line"]:
    sys.exit("the departure's step reads the refused line")
PY
selftest bad.html "$(python3 -c "import json; print(len(json.load(open('bad.json'))['steps']))")" \
    "$(python3 -c "import json; print(json.load(open('bad.json'))['departure']['step'])")"
echo "replay_html: a departing record opens at line 19, named as check names it"

# A seed and policies only: the rules' play of it.
"$undead" show zombies-board "$src/golden/zombies_board/rulings/all-rescued.in" --format html -o seed.html ||
    fail "a seed-only record: exit $?"
python3 data.py seed.html > seed.json
python3 -c "
import json, sys
d = json.load(open('seed.json'))
sys.exit(0 if len(d['steps']) > 10 and all(s['svg'] for s in d['steps']) else 'a seed-only record: %d steps' % len(d['steps']))
" || fail "a seed-only record's steps"
grep -q "the steps are the rules' play of it" seed.html || fail "a seed-only record is not said to be one"
selftest seed.html "$(python3 -c "import json; print(len(json.load(open('seed.json'))['steps']))")" 0

# --at is for one position.
status=0
"$undead" show zombie-dice bad.in --format html --at 3 2> err.txt || status=$?
[[ $status -eq 2 ]] || fail "--at with html: exit $status"
grep -qx "undead show: --at is for text and svg: the html page steps through every line (expected --format text or svg with --at)" \
    err.txt || fail "--at with html: $(cat err.txt)"
# golden --html: a page per case under its folder, and the index linking each.
mkdir -p cases/zombie_dice && cp "$src"/golden/zombie_dice/examples/00[01]-*.in "$src"/golden/zombie_dice/examples/00[01]-*.transcript cases/zombie_dice/
"$undead" golden check --dir cases --no-db --html pages > golden.txt || fail "golden --html: exit $?"
n=$(ls cases/zombie_dice/*.in | wc -l)
grep -qx "golden: $n page(s) and their index in pages/index.html" golden.txt || fail "golden --html: $(cat golden.txt)"
for f in cases/zombie_dice/*.in; do
    name="$(basename "$f" .in)"
    [[ -s "pages/zombie_dice/$name.html" ]] || fail "golden --html: no page for $f"
    grep -q "href=\"zombie_dice/$name.html\">zombie_dice/$name</a>" pages/index.html || fail "golden --html: $name not in the index"
done
# an output folder that cannot be made: exit 2, said
status=0
"$undead" golden check --dir cases --no-db --html /proc/nope > /dev/null 2> err.txt || status=$?
[[ $status -eq 2 ]] && grep -q "undead golden: --html: /proc/nope" err.txt || fail "golden --html into /proc: exit $status, $(cat err.txt)"
echo "replay_html: golden --html: a page per case and the index"
echo "replay_html: PASS"
