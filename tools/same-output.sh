#!/usr/bin/env bash
# tools/same-output.sh [--pdf] OLD NEW DB [GOLDEN] - do two builds of undead
# write the same bytes?  OLD and NEW are two `undead` programs (say main's
# build and a branch's), DB a results database both can read (the
# verify_db fixture: build/default/tests/verify_db.db), GOLDEN the golden
# folder (default: golden/ of this checkout).  Each is run the same way,
# in the same empty folder, with no UNDEAD_* variable, and its standard
# output, standard error and exit status compared:
#   help      `undead --help` and `undead CMD --help` for every command
#             either lists (the man page is made of these);
#   listings  `undead games`, and for every game `rules` (text, tsv, md),
#             `variants` and `policies`;
#   faq       `undead faq` of DB for every --part and --format html and md
#             (and pdf with --pdf: its text, by pdftotext, as the PDF's own
#             bytes hold its date);
#   golden    `undead golden check --no-db` on GOLDEN, which must pass with
#             both, and `golden coverage`.
# A line per comparison, "same" or "DIFFERS" with the first lines of the
# difference; then "N same, M differ".  Exit 0 when every one is the same,
# 1 when some differ (or golden check fails), 2 on a bad argument.
set -uo pipefail
pdf=0
if [[ "${1:-}" == --pdf ]]; then
    pdf=1
    shift
fi
if (($# < 3 || $# > 4)); then
    echo "usage: tools/same-output.sh [--pdf] OLD NEW DB [GOLDEN]" >&2
    exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { [[ "$1" == /* ]] && echo "$1" || echo "$PWD/$1"; }
old="$(abs "$1")" new="$(abs "$2")" db="$(abs "$3")" golden="$(abs "${4:-$here/golden}")"
for p in "$old" "$new"; do
    [[ -x "$p" ]] || { echo "tools/same-output.sh: $p: not a program" >&2; exit 2; }
done
[[ -s "$db" ]] || { echo "tools/same-output.sh: $db: no database" >&2; exit 2; }
[[ -d "$golden" ]] || { echo "tools/same-output.sh: $golden: no such folder" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
same=0 differ=0

# run WHICH NAME ARGS...: WHICH's undead (old or new) with ARGS in an
# empty folder of its own; its output into $tmp/WHICH/NAME.{out,err,rc}.
run() {
    local which="$1" name="$2" prog
    shift 2
    prog=$old
    [[ $which == new ]] && prog=$new
    mkdir -p "$tmp/$which/cwd"
    (cd "$tmp/$which/cwd" &&
        env -u UNDEAD_DB -u UNDEAD_DATA_DIR -u UNDEAD_CHROMIUM timeout 600 "$prog" "$@" \
            > "$tmp/$which/$name.out" 2> "$tmp/$which/$name.err")
    echo $? > "$tmp/$which/$name.rc"
}

# compare NAME ARGS...: both run, their three results compared.
compare() {
    local name="$1" d="" part
    shift
    run old "$name" "$@"
    run new "$name" "$@"
    for part in rc out err; do
        if ! cmp -s "$tmp/old/$name.$part" "$tmp/new/$name.$part"; then
            d+="  $part: $(diff "$tmp/old/$name.$part" "$tmp/new/$name.$part" | head -8 | sed 's/^/    /')"$'\n'
        fi
    done
    if [[ -z $d ]]; then
        same=$((same + 1))
        echo "same     $name"
    else
        differ=$((differ + 1))
        echo "DIFFERS  $name ($*)"
        printf '%s' "$d"
    fi
}

# the commands either program lists in its --help
commands() { "$1" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'; }
mapfile -t cmds < <( (commands "$old"; commands "$new") | sort -u)
compare help --help
for c in "${cmds[@]}"; do
    compare "help-$c" "$c" --help
done

compare games games
mapfile -t games < <("$new" games | awk '{ print $1 }')
for g in "${games[@]}"; do
    for f in text tsv md; do
        compare "rules-$g-$f" rules "$g" --format "$f"
    done
    compare "variants-$g" variants "$g"
    compare "policies-$g" policies "$g"
done

for part in players reference all; do
    for f in html md; do
        compare "faq-$part-$f" faq --db "$db" --golden "$golden" --part "$part" --format "$f"
    done
done
if ((pdf)); then
    for part in players reference all; do
        run old "pdf-$part" faq --db "$db" --golden "$golden" --part "$part" --format pdf -o "$tmp/old/$part.pdf"
        run new "pdf-$part" faq --db "$db" --golden "$golden" --part "$part" --format pdf -o "$tmp/new/$part.pdf"
        if [[ -s "$tmp/old/$part.pdf" && -s "$tmp/new/$part.pdf" ]] &&
            cmp -s <(pdftotext -layout "$tmp/old/$part.pdf" -) <(pdftotext -layout "$tmp/new/$part.pdf" -); then
            same=$((same + 1))
            echo "same     faq-$part-pdf (its text)"
        else
            differ=$((differ + 1))
            echo "DIFFERS  faq-$part-pdf (its text, or one was not made: $(cat "$tmp/new/pdf-$part.err"))"
        fi
    done
fi

compare golden-check golden check --no-db --dir "$golden"
compare golden-coverage golden coverage --no-db --dir "$golden"
for which in old new; do
    rc="$(cat "$tmp/$which/golden-check.rc")"
    if [[ $rc != 0 ]]; then
        differ=$((differ + 1))
        echo "FAILS    golden check ($which): exit $rc"
    fi
done

echo "$same same, $differ differ"
((differ == 0))
