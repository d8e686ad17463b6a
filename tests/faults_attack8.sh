#!/usr/bin/env bash
# tests/faults_attack8.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# faults an eighth attack pass found, as tests/faults.sh does for the
# others: each CASE is one fault (or one family), run as a user would, with
# the exact message and exit status asserted.
#   show-html-input  show --format html -o FILE wrote the page over a file
#            it had read: the record read from standard input (-o FILE <
#            FILE, -o /dev/stdin) or a --content file; exit 0, the record
#            or the content lost.  The text format refused them; the page
#            is refused the same way, exit 2, the file unchanged.
#   db-and-no-db  --db PATH with --no-db: the --db was taken and ignored
#            (exit 0, nothing recorded where the run was asked to be):
#            refused by every recording command, exit 2, nothing run.
#   bad-start  a --start line whose position is bad (score -5) was refused
#            before any game by sim and bench only: explore called it a
#            violation (exit 1, a "shortest path to the violation"),
#            conform a departure of the implementation (exit 1, shrunk),
#            and play wrote a partial record over --record FILE.  Every
#            command with the game options refuses it first, exit 2.
#   invisible-quoted  a message quoting what a person typed printed a
#            byte-order mark, a zero-width space or a direction override
#            as it was: play's human seat answered '1' followed by U+200B
#            with "'1' is not one of the choices" (on a terminal).  The
#            one quoting (ud_buf_put_escaped) writes them \uHHHH.
#   edition-options  faq --new-edition DATE took --db, --golden, --texts,
#            --chromium, --part and --format and ignored them (exit 0,
#            the edition recorded as if they were not there), where -o and
#            --game were refused: each is refused, exit 2, nothing recorded,
#            --part and --format even when given their default value.
#   db-subcommand  db WORD with a word no subcommand is, or a subcommand
#            with the wrong number of operands, printed the usage alone:
#            the word (or the count) is named first, exit 2.
#   empty-path  an empty name given as a record was reported
#            ": no such file or folder", the name not seen: it is ''.
#   operand-counts  a command given too few operands (undead show GAME,
#            undead serve), golden with no word or a wrong one, conform
#            with the adapter but no '--', printed the usage alone, the
#            mistake not named; undead --version WORD printed the version,
#            exit 0.  Each names what was wrong first, exit 2.
#   sim-no-db-bounds  sim --no-db --db-cases N (or --db-bytes) took the
#            bound and stored nothing: refused, exit 2, as --db with
#            --no-db is.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack8 # fail, expect, run, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
show-html-input)
    "$undead" play one-die --no-db --seed 3 > od.t
    cp od.t od.keep
    cp -r "$src/spec/one_die/content" c
    cp c/goal.txt goal.keep
    for fmt in html text; do
        for o in a.t /dev/stdin; do
            cp od.keep a.t
            rc=0
            timeout 120 "$undead" show one-die - --format "$fmt" -o "$o" < a.t > out 2> err || rc=$?
            expect 2 err "undead show: -o $o: is the same file as a file it reads (<stdin>): expected another file"
            cmp -s a.t od.keep || fail "$fmt -o $o: the record read from standard input was written over"
        done
        run "$undead" show one-die od.t --content c --format "$fmt" -o c/goal.txt
        expect 2 err "undead show: -o c/goal.txt: is the same file as a file it reads (c/goal.txt): expected another file"
        cmp -s c/goal.txt goal.keep || fail "$fmt: the content file was written over"
    done
    # another file: written, the page whole
    rc=0
    timeout 120 "$undead" show one-die - --format html -o page.html < od.t > out 2> err || rc=$?
    [[ $rc == 0 ]] || fail "a page of standard input: exit $rc: $(head -c 2000 err)"
    grep -q '</html>' page.html || fail "page.html: $(head -c 300 page.html)"
    ;;
db-and-no-db)
    "$undead" play one-die --no-db --seed 3 > od.t
    for c in "sim one-die --games 2" "play one-die" "check od.t" "explore one-die --max-depth 1" \
        "solve zombie-dice claims"; do
        read -ra words <<< "$c"
        run "$undead" "${words[@]}" --no-db --db x.db
        expect 2 err "undead ${words[0]}: --db x.db and --no-db: expected one of them (record in that database, or not at all)"
        [[ ! -s out && ! -e x.db ]] || fail "$c: ran: $(head -c 300 out)"
    done
    run "$undead" conform one-die --games 1 --db x.db --no-db -- "$undead" serve one-die
    expect 2 err "undead conform: --db x.db and --no-db: expected one of them (record in that database, or not at all)"
    [[ ! -e x.db ]] || fail "conform made x.db"
    # either alone: as before
    run "$undead" sim one-die --games 2 --no-db
    [[ $rc == 0 && ! -e undead.db ]] || fail "--no-db alone: exit $rc"
    run "$undead" sim one-die --games 2 --db x.db
    [[ $rc == 0 && -s x.db ]] || fail "--db alone: exit $rc"
    ;;
bad-start)
    "$undead" play one-die --no-db --seed 3 > od.t
    cp od.t od.keep
    bad=(--start 'score p1 -5')
    why="start 'score p1 -5': score -5 is out of range 0..999"
    run "$undead" explore one-die --no-db --max-depth 1 "${bad[@]}"
    expect 2 err "undead explore: $why"
    [[ ! -s out ]] || fail "explore printed: $(head -c 300 out)"
    run "$undead" conform one-die --no-db --games 1 "${bad[@]}" -- "$undead" serve one-die
    expect 2 err "undead conform: $why"
    ! grep -q departure out || fail "conform: $(head -c 300 out)"
    run "$undead" play one-die --no-db --record od.t "${bad[@]}"
    expect 2 err "undead play: $why"
    cmp -s od.t od.keep || fail "play wrote over its --record"
    for c in sim bench; do
        run "$undead" "$c" one-die --games 2 "${bad[@]}"
        expect 2 err "undead $c: $why"
    done
    # a good one plays
    run "$undead" play one-die --no-db --start 'score p1 12' --start 'round 3'
    [[ $rc == 0 ]] && grep -qx 'start round 3' out || fail "a good start: exit $rc: $(head -c 300 err)"
    ;;
invisible-quoted)
    for a in $'\xef\xbb\xbf1:\\ufeff1' $'1\xe2\x80\x8b:1\\u200b' $'\xe2\x80\xae1:\\u202e1' \
        $'\xe2\x80\xa81:\\u20281' $'\xc2\xad1:\\u00ad1' $'caf\xc3\xa9:caf\xc3\xa9'; do
        printf '%s\n' "${a%%:*}" > in
        run "$undead" play one-die --no-db --policy human --seed 2
        [[ $rc == 2 ]] || fail "exit $rc, expected 2 (input ended)"
        grep -qF "> '${a#*:}' is not one of the choices: type its number, its words or their start" out ||
            fail "${a#*:}: $(grep -a 'not one' out | head -c 300)"
    done
    rm in
    run "$undead" check --no-db $'\xe2\x80\xaeod.t'
    expect 2 err '\u202eod.t: no such file or folder'
    ;;
edition-options)
    cp "$src/spec/faq-editions.txt" e.txt
    cp e.txt e.keep
    # the defaults given (--part all, --format html) are refused alike, as are
    # abbreviations and --NAME=VALUE, and pdf is refused before it asks for -o
    for o in "--db x.db" "--golden g" "--texts t" "--chromium /bin/false" "--part reference" "--format md" \
        "--part all" "--format html" "--form html" "--part=all" "--format pdf"; do
        read -ra words <<< "$o"
        run "$undead" faq --editions e.txt --new-edition 2027-01-02 "${words[@]}"
        name="${words[0]%%=*}"
        [[ $name == --form ]] && name=--format
        expect 2 err "undead faq: --new-edition records every game's questions and writes no FAQ: expected no $name"
        cmp -s e.txt e.keep || fail "$o: the record of editions changed"
        [[ ! -e x.db ]] || fail "$o: x.db made"
    done
    run "$undead" faq --editions e.txt --new-edition 2027-01-02
    [[ $rc == 0 ]] || fail "--new-edition alone: exit $rc: $(head -c 300 err)"
    ;;
db-subcommand)
    run "$undead" db nope
    expect 2 err "undead db: no subcommand 'nope'; expected runs, show, diff, query, integrity, migrate or baseline"
    grep -q "^usage: undead db runs" err || fail "the usage is not printed after: $(head -c 500 err)"
    run "$undead" db runs extra
    expect 2 err "undead db runs: 1 operand given; expected those of the usage below"
    run "$undead" db diff 1
    expect 2 err "undead db diff: 1 operand given; expected those of the usage below"
    ;;
empty-path)
    run "$undead" check --no-db ''
    expect 2 err "'': no such file or folder"
    run "$undead" show zombie-dice ''
    expect 2 err "'': no such file or folder"
    ;;
sim-no-db-bounds)
    run "$undead" sim zombie-dice --no-db --db-cases 5 --games 1
    expect 2 err "undead sim: --db-cases: bounds the games stored in the database, and --no-db stores none; expected one or the other"
    run "$undead" sim zombie-dice --no-db --db-bytes=1M --games 1
    expect 2 err "undead sim: --db-bytes: bounds the games stored in the database, and --no-db stores none; expected one or the other"
    # an option's prefix is the option
    run "$undead" sim zombie-dice --no-db --db-c 5 --games 1
    expect 2 err "undead sim: --db-cases: bounds the games stored in the database, and --no-db stores none; expected one or the other"
    [[ ! -e undead.db ]] || fail "a database was made"
    run "$undead" sim zombie-dice --no-db --games 1
    [[ $rc == 0 ]] || fail "sim --no-db alone: exit $rc: $(head -c 500 err)"
    ;;
operand-counts)
    run "$undead" show one-die
    expect 2 err "undead show: 1 operand given; expected 2 (the usage below)"
    grep -q "^usage: undead show" err || fail "the usage is not printed after: $(head -c 500 err)"
    run "$undead" serve
    expect 2 err "undead serve: 0 operands given; expected 1 (the usage below)"
    run "$undead" check
    expect 2 err "undead check: 0 operands given; expected at least 1 (the usage below)"
    run "$undead" golden nope
    expect 2 err "undead golden: no subcommand 'nope'; expected check, update or coverage"
    run "$undead" golden
    expect 2 err "undead golden: 0 operands given; expected one: check, update or coverage"
    run "$undead" conform one-die "$undead" serve one-die
    expect 2 err "undead conform: expected '--' between the game and the adapter's command"
    run "$undead" conform one-die zombie-dice -- "$undead" serve one-die
    expect 2 err "undead conform: 2 operands before '--'; expected one, the game"
    run "$undead" --version extra
    expect 2 err "undead: --version takes no operand; found 'extra'"
    [[ ! -s out ]] || fail "--version extra printed: $(head -c 200 out)"
    ;;
*)
    fail "no case '$case_'"
    ;;
esac
