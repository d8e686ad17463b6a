#!/usr/bin/env bash
# tests/faults_tools.sh CASE UNDEAD SOURCE_DIR BUILD_DIR - the house of
# tools/ held to its plan, and its one option layer (tools/common/opts.h),
# as tests/faults.sh does for the faults: each CASE run as a user would,
# with the exact message and exit status asserted.
#   options-documented  every option in every command's table (undead
#            completion words) is in the command's --help, in its section
#            of the man page, and in the bash and zsh completions, each
#            choice's words too; and every option line of a --help is an
#            option of the table: the help, the man page and the
#            completion cannot fall behind the tables.
#   completion  the bash completion, run as bash runs it: commands, a
#            command's options, a choice's words, a game's name as the first
#            operand, db's subcommands; the zsh one is zsh.
#   unknown-option  every command refuses an option it does not take
#            (getopt's words were each command's own, and some printed the
#            whole help after them): one line, exit 2, long or short.
#   option-values  what the layer refuses, the same way for every command,
#            exit 2: a missing value (long and short), a value given to a
#            flag, an abbreviation that names several options, a word that
#            is none of a choice's, a repeatable option given once too often
#            (--variant, --start), and the number readers' messages kept
#            (--repeat's bound said after its number, as before).
#   option-forms  --OPT=VALUE, --OPT VALUE, a unique abbreviation, -X VALUE
#            and -XVALUE read the same; "--" ends the options (what follows
#            is an operand, and conform's adapter command keeps its own
#            options); operands and options in any order.
#   layout  tools/ is a library per folder behind its face: no file outside
#            tools/faq/, tools/conform/, tools/verify/, tools/mutate/, tools/text/ (tests
#            aside) includes one of their other headers, and none of those
#            libraries includes another's (only tools/common/'s).
#   long-functions  no function in tools/ is longer than 100 lines
#            (tools/long-functions.sh).
set -euo pipefail
case_="$1" undead="$2" src="$3" build="$4"
faults_name=faults_tools   # fail, expect:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# run CMD...: rc gets the exit status, out and err the output.
run() {
    rc=0
    timeout 120 "$@" > out 2> err || rc=$?
}
# same A B: two files alike.
same() { cmp -s "$1" "$2" || fail "$1 and $2 differ: $(diff "$1" "$2" | head -20)"; }
commands() { "$undead" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'; }

case "$case_" in
options-documented)
    "$undead" completion words > words || fail "undead completion words: exit $?"
    "$undead" completion bash > bash.sh || fail "undead completion bash: exit $?"
    "$undead" completion zsh > zsh.sh || fail "undead completion zsh: exit $?"
    man="$build/undead.1"
    [[ -s $man ]] || fail "no man page at $man (the undead_man target builds it)"
    [[ $(wc -l < words) == $(commands | wc -l) ]] || fail "the tables list $(wc -l < words) commands, --help $(commands | wc -l)"
    checked=0
    while read -r cmd opts; do
        "$undead" "$cmd" --help > help || fail "undead $cmd --help: exit $?"
        # the command's part of the man page and of each completion
        awk -v c=".SS $cmd" '$0 == c { on = 1; next } /^\.SS / { on = 0 } on' "$man" > man.part
        [[ -s man.part ]] || fail "the man page has no section for $cmd"
        for sh in bash zsh; do
            awk -v c="    $cmd)" '$0 == c { on = 1; next } /^    [a-z]+\)$/ { on = 0 } on' $sh.sh > $sh.part
            [[ -s $sh.part ]] || fail "the $sh completion has no case for $cmd"
        done
        for o in $opts; do
            checked=$((checked + 1))
            if [[ $o == --*=* ]]; then # a choice's word
                word=${o#*=}
                grep -qw -- "$word" help || fail "undead $cmd --help does not name $o's '$word'"
                grep -qw -- "$word" bash.part || fail "the bash completion of $cmd does not offer $o"
                grep -qw -- "$word" zsh.part || fail "the zsh completion of $cmd does not offer $o"
                continue
            fi
            grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" help || fail "undead $cmd --help does not name $o"
            roff=${o//-/\\\\-}
            grep -qE -- "(^|[^a-z-])$roff([^a-z-]|$)" man.part || fail "the man page's $cmd does not name $o"
            grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" zsh.part || fail "the zsh completion of $cmd lacks $o"
            [[ $o == --* ]] || continue # bash completes the long options
            grep -qE -- "(^|[^a-z-])$o([^a-z-]|$)" bash.part || fail "the bash completion of $cmd lacks $o"
        done
        # every option line of the help is the table's
        sed -n 's/^  \(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' help | while read -r o; do
            [[ " $opts " == *" $o "* ]] || fail "undead $cmd --help lists $o, which its table lacks"
        done
    done < words
    ((checked > 150)) || fail "only $checked options and words checked"
    echo "faults_tools options-documented: $checked options and choices of $(wc -l < words) commands"
    ;;
completion)
    "$undead" completion bash > bash.sh
    complete_() { # complete_ WORD...: the last word completed, as bash does
        bash -c 'source ./bash.sh; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _undead; echo "${COMPREPLY[*]}"' \
            undead "$@"
    }
    [[ $(complete_ undead co) == "conform completion" ]] || fail "undead co<TAB>: $(complete_ undead co)"
    [[ $(complete_ undead sim --ga) == "--games" ]] || fail "undead sim --ga<TAB>: $(complete_ undead sim --ga)"
    [[ $(complete_ undead faq --format "") == "html md pdf" ]] || fail "--format<TAB>: $(complete_ undead faq --format "")"
    [[ $(complete_ undead sim --seed 3 zombie-d) == "zombie-dice" ]] ||
        fail "undead sim --seed 3 zombie-d<TAB>: $(complete_ undead sim --seed 3 zombie-d)"
    [[ $(complete_ undead db "") == "runs show diff query integrity migrate baseline" ]] ||
        fail "undead db <TAB>: $(complete_ undead db "")"
    [[ $(complete_ undead completion "") == "bash zsh words" ]] || fail "undead completion <TAB>: $(complete_ undead completion "")"
    mkdir dir && touch dir/a.in
    [[ $(complete_ undead verify --golden di) == "dir" ]] || fail "--golden di<TAB>: $(complete_ undead verify --golden di)"
    [[ -z $(complete_ undead sim --games "") ]] || fail "--games <TAB> offered: $(complete_ undead sim --games "")"
    if command -v zsh > /dev/null; then
        "$undead" completion zsh > _undead
        zsh -n _undead || fail "the zsh completion is not zsh"
        head -1 _undead | grep -qx '#compdef undead' || fail "the zsh completion is no #compdef undead"
    else
        fail "zsh is needed to check the zsh completion (debian-packages.txt)"
    fi
    ;;
unknown-option)
    n=0
    for cmd in $(commands); do
        run "$undead" "$cmd" --no-such-option
        expect 2 err "undead $cmd: --no-such-option: no such option (see undead $cmd --help)"
        [[ $(wc -l < err) == 1 ]] || fail "undead $cmd --no-such-option said more than one line: $(cat err)"
        run "$undead" "$cmd" -Z
        expect 2 err "undead $cmd: -Z: no such option (see undead $cmd --help)"
        n=$((n + 1))
    done
    ((n >= 19)) || fail "only $n commands"
    ;;
option-values)
    run "$undead" sim zombie-dice --games
    expect 2 err "undead sim: --games: expected N, got nothing"
    run "$undead" faq -o
    expect 2 err "undead faq: -o: expected FILE, got nothing"
    run "$undead" sim zombie-dice --games 1 --no-db --fast=yes
    expect 2 err "undead sim: --fast: takes no value, got 'yes'"
    run "$undead" play zombie-dice --help=1
    expect 2 err "undead play: --help: takes no value, got '1'"
    run "$undead" explore zombie-dice --max 3 --no-db
    expect 2 err "undead explore: --max: ambiguous: --max-depth, --max-states or --max-memory"
    run "$undead" explore zombie-dice --h --no-db
    expect 2 err "undead explore: --h: ambiguous: --horizon or --help"
    run "$undead" conform zombie-dice --chance roll -- true
    expect 2 err "undead conform: --chance: expected dictate, follow or both, got 'roll'"
    run "$undead" show zombie-dice x.transcript --format png
    expect 2 err "undead show: --format: expected text, svg or html, got 'png'"
    run "$undead" rules zombie-dice -f xml
    expect 2 err "undead rules: -f: expected text, tsv or md, got 'xml'"
    variants=()
    for i in $(seq 33); do variants+=(--variant "k$i=v"); done
    run "$undead" serve zombie-dice "${variants[@]}" --schema
    expect 2 err "undead serve: --variant: expected at most 32 of them"
    run "$undead" play zombie-dice --no-db "${variants[@]}"
    expect 2 err "undead play: --variant: expected at most 32 of them"
    starts=()
    for i in $(seq 17); do starts+=(--start "score p1 $i"); done
    run "$undead" play zombie-dice --no-db "${starts[@]}"
    expect 2 err "undead play: --start: expected at most 16 start lines"
    # the number readers' messages, kept
    run "$undead" play zombie-dice --no-db --seed -1
    expect 2 err "undead play: --seed: expected a whole number from 0 to 18446744073709551615, got '-1'"
    run "$undead" sim zombie-dice --games 1 --db-bytes 2G
    expect 2 err "undead sim: --db-bytes: expected a size in bytes from 1 to 1G (e.g. 512K, 64M), got '2G'"
    run "$undead" conform zombie-dice --alpha 1 -- true
    expect 2 err "undead conform: --alpha: expected a number above 0 and below 1, got '1'"
    run "$undead" bench zombie-dice --repeat 65
    expect 2 err "undead bench: --repeat: expected a whole number from 1 to 64, got '65'"
    ;;
option-forms)
    "$undead" sim zombie-dice --games 3 --no-db --jobs 1 > a
    for form in "--games=3" "--gam 3" "--gam=3"; do
        # shellcheck disable=SC2086
        "$undead" sim zombie-dice $form --no-db --jobs 1 > b || fail "sim $form: exit $?"
        sed -i '/^games per second/d' a b
        same a b
    done
    "$undead" sim --no-db --jobs=1 --games 3 zombie-dice > b
    sed -i '/^games per second/d' b
    same a b
    "$undead" play zombie-dice --seed 5 --no-db > rec.transcript
    "$undead" show zombie-dice rec.transcript -o one.txt
    "$undead" show zombie-dice rec.transcript -otwo.txt
    "$undead" show zombie-dice -o three.txt rec.transcript
    same one.txt two.txt
    same one.txt three.txt
    # "--" ends the options: what follows is an operand
    run "$undead" check --no-db -- --print
    expect 2 err "--print: no such file or folder"
    # the adapter's own options stay its own
    run "$undead" conform zombie-dice --games 1 --no-db -- "$undead" serve zombie-dice --variant
    expect 2 err "undead serve: --variant: expected KEY=VALUE, got nothing"
    expect 2 out 'broken adapter at the start: request 1 ({"cmd":"hello","protocol":1}): expected one answer line, found end of output: the adapter exited with status 2'
    ;;
layout)
    cd "$src/tools"
    libs="faq conform verify mutate text"
    for lib in $libs; do
        for h in "$lib"/*.h; do
            name=$(basename "$h")
            [[ $name == "$lib.h" ]] && continue # the face
            # an inner header: only its own folder includes it (and tests)
            users=$(grep -rl --include='*.[ch]' "#include \"$name\"" "$src/tools" "$src/fuzz" "$src/db" \
                "$src/core" "$src/spec" | grep -v "^$src/tools/$lib/" || true)
            [[ -z $users ]] || fail "tools/$lib/$name is $lib's own, but included by: $users"
        done
        for other in $libs; do
            [[ $other == "$lib" ]] && continue
            for h in "$other"/*.h; do
                name=$(basename "$h")
                if grep -l "#include \"$name\"" "$lib"/*.[ch] > "$tmp/users" 2> /dev/null; then
                    fail "tools/$lib includes tools/$other/$name: $(cat "$tmp/users")"
                fi
            done
        done
    done
    for h in faq/*.h conform/*.h verify/*.h mutate/*.h text/*.h; do
        name=$(basename "$h")
        if grep -l "#include \"$name\"" common/*.[ch] > "$tmp/users" 2> /dev/null; then
            fail "tools/common includes tools/$h: $(cat "$tmp/users")"
        fi
    done
    ;;
long-functions)
    run bash "$src/tools/long-functions.sh"
    grep -qx "0 of [0-9]* functions are longer than 100 lines" out ||
        fail "tools/long-functions.sh: exit $rc: $(cat out err)"
    expect 0 out "$(tail -1 out)"
    ;;
*)
    fail "no such case"
    ;;
esac
