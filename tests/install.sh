#!/usr/bin/env bash
# tests/install.sh CMAKE BUILD_DIR SOURCE_DIR - undead installed works
# anywhere: `cmake --install` of the build tree into a fresh prefix, then,
# from a fresh directory elsewhere, the installed command runs a small
# verify (one game, few games) and writes the FAQ from its database,
# `golden check`, `db baseline check` and `text` run without --dir,
# --golden or --notes, all reading the data installed under
# PREFIX/share/undead; the man page
# is there, gzipped, with a section for every command, and so are the
# shell completions (bash, zsh), the copyright file and the changelog a
# Debian package carries.
set -euo pipefail
cmake="$1" build="$2" src="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install: $*" >&2; exit 1; }
unset DESTDIR UNDEAD_DATA_DIR

prefix="$tmp/prefix"
"$cmake" --install "$build" --prefix "$prefix" > "$tmp/install.log" 2>&1 ||
    fail "cmake --install failed: $(tail -20 "$tmp/install.log")"
u="$prefix/bin/undead"
data="$prefix/share/undead"
[[ -x "$u" ]] || fail "no command at $u"
for dir in golden fuzz/corpus/transcript spec; do
    [[ -d "$data/$dir" ]] || fail "no $data/$dir"
done

# the man page, gzipped: one section per command `undead --help` lists
mangz="$prefix/share/man/man1/undead.1.gz"
[[ -s "$mangz" ]] || fail "no man page at $mangz"
[[ ! -e "$prefix/share/man/man1/undead.1" ]] || fail "the man page is installed uncompressed too"
man="$tmp/undead.1"
gzip -dc "$mangz" > "$man" || fail "$mangz is not gzip"
commands=$("$u" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
[[ -n "$commands" ]] || fail "undead --help lists no commands"
for c in $commands; do
    grep -qx ".SS $c" "$man" || fail "the man page has no section for '$c'"
done
if command -v groff > /dev/null; then
    warnings=$(groff -man -Tutf8 -ww -z "$man" 2>&1)
    [[ -z "$warnings" ]] || fail "groff warns about the man page: $warnings"
fi

# the shell completion, bash's and zsh's, naming every command
for f in share/bash-completion/completions/undead share/zsh/vendor-completions/_undead; do
    [[ -s "$prefix/$f" ]] || fail "no shell completion at $prefix/$f"
    for c in $commands; do
        grep -q "^    $c)" "$prefix/$f" || fail "$f does not complete '$c'"
    done
done
bash -n "$prefix/share/bash-completion/completions/undead" || fail "the bash completion is not bash"

doc="$prefix/share/doc/undead"
[[ -s "$doc/copyright" ]] || fail "no copyright file at $doc/copyright"
gzip -t "$doc/changelog.gz" 2> /dev/null || fail "no gzipped changelog at $doc/changelog.gz"

mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
"$u" verify one-die --games 10 --reading-games 300 --jobs 2 --db v.db > verify.out 2> verify.err ||
    fail "verify failed: $(tail -20 verify.err) $(tail -20 verify.out)"
grep -qx "verify: all checks passed" verify.out || fail "verify did not pass: $(cat verify.out)"
# it read the installed golden cases and corpora, not none
cases=$(find "$data/golden/one_die" -name '*.in' | wc -l)
grep -Eq "^one-die +[0-9]+ +[0-9/]+ +$cases ok " verify.out ||
    fail "verify did not check the $cases installed golden cases of one-die: $(cat verify.out)"
"$u" faq --db v.db --game one-die -o faq.html 2> faq.err || fail "faq failed: $(cat faq.err)"
[[ -s faq.html ]] || fail "faq wrote no faq.html"
grep -q "One Die" faq.html || fail "faq.html does not name One Die"

"$u" golden check --no-db > golden.out 2> golden.err || fail "golden check failed: $(cat golden.err golden.out)"
cases=$(find "$data/golden" -name '*.in' | wc -l)
grep -q "^golden check: $cases case(s), 0 failed," golden.out ||
    fail "golden check did not check the $cases installed cases: $(cat golden.out)"

"$u" db baseline check zombie-dice > baseline.out 2> baseline.err ||
    fail "db baseline check failed: $(cat baseline.err baseline.out)"
grep -q "^baseline $data/golden/zombie_dice/outcomes.csv: 0 changed," baseline.out ||
    fail "db baseline did not check the installed outcomes: $(cat baseline.out)"

# undead text with the installed notes (share/undead/spec/one_die/text-notes)
# and golden cases: One Die's text, every statement placed, exit 0
"$u" text one-die "$src/spec/one_die/900_one_die.txt" > text.out 2> text.err ||
    fail "undead text failed: $(cat text.err text.out)"
grep -q "^every statement is on a row or declared, every row pinned by a hand-written case" text.out ||
    fail "undead text did not read the installed notes and cases: $(cat text.out)"
