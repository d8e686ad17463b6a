#!/usr/bin/env bash
# tests/faults_attack10c.sh CASE UNDEAD SOURCE_DIR - regression tests for
# faults a tenth attack pass found, as tests/faults.sh does for the others:
# each CASE is one fault, run as a user would, with the exact message and
# exit status asserted.
#   stress-none-left  Dice of the Living Dead on content with fewer Stress
#            Cards than players: when every card was in a hand, the refill
#            wrote 'stress-deal none-left p2', whose verb is the chance
#            event stress-deal, so check refused the record play wrote
#            (exit 1).  The line is a change line of its own verb now, and
#            check passes every such record.
#   depth-follow  conform --depth D --chance follow played the same path
#            for ever (the paths enumerate the outcomes, which the adapter
#            draws in follow mode): refused, exit 2, nothing played.
#   db-stdout  --db naming the file standard output (or error) goes to
#            (--db /dev/stdout > file): SQLite wrote its pages into the file
#            the command wrote its text to, one of the two lost, exit 0.
#            Refused before anything runs, exit 2 (a pipe is refused as no
#            regular file, as before).
#   seed-endless  a seed-only Zombie Dice record that departs at its first
#            decision: check took 30 s and 294 MB, three of its blame's
#            trials drawing from the seed for ever under a changed row
#            (the 10-s alarm ended them; a record's lines run short).  A
#            play drawing a million outcomes from the seed is stopped.
#   offers-513  conform's record of an offers departure with more offers
#            than a record's list holds (512) was refused by check as bad
#            input (exit 2): the record conform said check replays.  The
#            rules' offers are kept and the implementation's others cut to
#            fit, a comment saying how many; check refuses the set, exit 1.
#   db-usage  `undead db` with no subcommand (or '') printed the usage
#            alone, naming no mistake; and db query --list took --format
#            csv or json and wrote its text.  Each named first, exit 2.
#   unsupported-hint  an adapter with no random source of its own answers
#            a follow game 'unsupported', which --chance both (the default)
#            meets on every first run: the hint named the options that
#            choose what it is asked to play, but not --chance.
#   ignored-options  options taken where they change nothing: conform's
#            --alpha and --verbose (the chi-square tests, run on follow
#            games only) under --chance dictate, --depth or --seconds;
#            --repeat with --depth or --seconds (no seeded games);
#            explore's --seed (it draws no outcome) and --policy without
#            a followed policy.  Each refused, naming what it needs.
#   edition-link  two faq --new-edition at once on one record of editions
#            named through a link from another folder locked two folders,
#            and one edition was lost; a folder undead cannot read was not
#            locked at all, silently.  The folder the record is written in
#            (links resolved) is locked; one that cannot be is refused.
#   quoted-words  check and show quoted a record's words raw in their
#            messages: a U+202E (right-to-left override) reordered the
#            rest of the line on a terminal.  Escaped as a path is.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_attack10c # fail, expect, run
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch

case "$case_" in
stress-none-left)
    cp -r "$src/spec/dotld/content" c
    sed -i '/^stress name=/{/hoarder/!d}' c/stress.txt # one Stress Card for two players
    [[ $(grep -c '^stress name=' c/stress.txt) == 1 ]] || fail "the content's Stress Cards changed: $(cat c/stress.txt)"
    seen=0
    for seed in 1 2 3 4 5 6; do
        run "$undead" play dotld --no-db --seed "$seed" --content c
        [[ $rc == 0 ]] || fail "play seed $seed: exit $rc: $(head -c 500 err)"
        cp out "g$seed.t"
        grep -q '^stress-none-left p[12]' "g$seed.t" && seen=$((seen + 1))
        ! grep -q '^stress-deal none-left' "g$seed.t" || fail "seed $seed: the old line: $(grep -n none-left "g$seed.t")"
        run "$undead" check --no-db --content c "g$seed.t"
        [[ $rc == 0 ]] || fail "check seed $seed: exit $rc: $(head -c 500 err)"
    done
    [[ $seen -ge 1 ]] || fail "no game of seeds 1-6 ran out of Stress Cards"
    ;;
depth-follow)
    run timeout 60 "$undead" conform one-die --no-db --depth 2 --chance follow -- "$undead" serve one-die
    expect 2 err "undead conform: --depth enumerates the outcomes, which undead dictates: expected --chance dictate or both (the default), found --chance follow"
    [[ ! -s out ]] || fail "something was played: $(head -c 300 out)"
    # dictate and both (the default) enumerate
    for chance in dictate both; do
        run timeout 60 "$undead" conform one-die --no-db --depth 2 --chance "$chance" -- "$undead" serve one-die
        [[ $rc == 0 ]] || fail "--chance $chance: exit $rc: $(head -c 300 err)"
        grep -q '^depth 2: [0-9]* paths' out || fail "--chance $chance: no paths counted: $(head -c 500 out)"
    done
    ;;
db-stdout)
    run_to() { # run_to FILE ARGS...: the command's standard output to FILE
        local f="$1"
        shift
        set +e
        "$@" > "$f" 2> err
        rc=$?
        set -e
    }
    run_to so.out "$undead" sim one-die --games 1 --db /dev/stdout
    expect 2 err "undead sim: results database: /dev/stdout: is the same file as standard output: expected another file"
    [[ ! -s so.out ]] || fail "sim wrote to its output: $(head -c 300 so.out)"
    run_to p.out "$undead" play one-die --seed 3 --db /proc/self/fd/1
    expect 2 err "undead play: results database: /proc/self/fd/1: is the same file as standard output: expected another file"
    UNDEAD_DB=/dev/stdout run_to u.out "$undead" sim one-die --games 1
    expect 2 err "undead sim: results database: /dev/stdout: is the same file as standard output: expected another file"
    set +e
    "$undead" sim one-die --games 1 --db /dev/stderr > /dev/null 2> e.out
    rc=$?
    set -e
    [[ $rc == 2 ]] || fail "--db /dev/stderr: exit $rc"
    grep -qxF "undead sim: results database: /dev/stderr: is the same file as standard error: expected another file" e.out ||
        fail "--db /dev/stderr: $(cat e.out)"
    # a companion file of the database: its -wal
    run_to r.db-wal "$undead" sim one-die --games 1 --db r.db
    expect 2 err "undead sim: results database: r.db: its -wal file is the same file as standard output: expected another file"
    [[ ! -e r.db ]] || fail "r.db was made"
    ;;
seed-endless)
    "$undead" play zombie-dice --no-db --seed 3 > zd.t
    grep -E '^(undead-transcript|game|variant|player|seed) ' zd.t > so.t
    echo 'decide p1 roll' >> so.t
    start=$(date +%s)
    run "$undead" check --no-db so.t
    took=$(($(date +%s) - start))
    expect 1 err "so.t:16: ZD-CHOICE: the transcript ends, but the rules need a decision by p1 (stop|roll)"
    # the trials that drew for ever ran 10 s each before; under ASan the
    # rest takes some seconds more
    limit=15
    [[ -n ${UD_SANITIZED:-} ]] && limit=60
    [[ $took -lt $limit ]] || fail "check took $took s"
    ;;
offers-513)
    ad="$src/tests/data/conform/extra_offers_adapter.py"
    run "$undead" conform one-die --no-db --games 3 --record r.t -- python3 "$ad" "$undead" 513
    [[ $rc == 1 ]] || fail "conform: exit $rc: $(head -c 500 err)"
    expect 1 r.t "# offers: 4 more of the implementation's not written (a record's list holds 512)"
    n=$(grep '^offers p1 ' r.t | sed 's/^offers p1 //' | tr '|' '\n' | wc -l)
    [[ $n == 512 ]] || fail "the record's list holds $n offers, expected 512"
    run "$undead" check --no-db r.t
    [[ $rc == 1 ]] || fail "check: exit $rc: $(head -c 500 err)"
    grep -q "^r.t:[0-9]*: OD-RISK: the rules offer p1 (risk 1|risk 2|risk 3) here; the record's game offers p1 (risk 1|risk 2|risk 3|extra-0|" err ||
        fail "check: $(head -c 500 err)"
    ;;
db-usage)
    run "$undead" db
    expect 2 err "undead db: no subcommand given; expected runs, show, diff, query, integrity, migrate or baseline (the usage below)"
    [[ $(head -n 1 err) == "undead db: no subcommand given;"* ]] || fail "not named first: $(head -n 2 err)"
    grep -q '^usage: undead db runs' err || fail "no usage after: $(head -c 300 err)"
    run "$undead" db ''
    expect 2 err "undead db: an empty subcommand ''; expected runs, show, diff, query, integrity, migrate or baseline (the usage below)"
    for f in csv json; do
        run "$undead" db query --list --format "$f"
        expect 2 err "undead db: --format $f: db query --list writes text only (csv and json: runs, diff, query NAME)"
        [[ ! -s out ]] || fail "--format $f: the list was written: $(head -c 200 out)"
    done
    run "$undead" db query --list
    [[ $rc == 0 && -s out ]] || fail "db query --list: exit $rc: $(head -c 300 err)"
    ;;
unsupported-hint)
    cat > ad.py <<'PY'
import json, subprocess, sys
serve = subprocess.Popen([sys.argv[1], "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    req = json.loads(line)
    if req["cmd"] == "new" and req.get("chance") == "follow":
        sys.stdout.write(json.dumps({"unsupported": "chance follow: no random source"}) + "\n")
        sys.stdout.flush()
        continue
    serve.stdin.write(line)
    serve.stdin.flush()
    sys.stdout.write(serve.stdout.readline())
    sys.stdout.flush()
PY
    run "$undead" conform one-die --no-db --games 2 -- python3 ad.py "$undead"
    [[ $rc == 2 ]] || fail "exit $rc: $(head -c 500 out)"
    grep -qF "the adapter does not play this: chance follow: no random source (undead conform's --variant, --players, --start, --content and --chance choose what it is asked to play)" out ||
        fail "the hint: $(head -c 800 out)"
    run "$undead" conform one-die --no-db --games 2 --chance dictate -- python3 ad.py "$undead"
    [[ $rc == 0 ]] || fail "--chance dictate: exit $rc: $(head -c 500 out)"
    ;;
ignored-options)
    tests_msg="the chi-square tests run on follow games, and"
    for opt in "--alpha 0.5" --verbose; do
        name=${opt%% *}
        run "$undead" conform one-die --no-db --games 2 --chance dictate $opt -- "$undead" serve one-die
        expect 2 err "undead conform: $name: $tests_msg --chance dictate plays none; expected seeded games (--games) under --chance follow or both"
        run "$undead" conform one-die --no-db --depth 1 $opt -- "$undead" serve one-die
        expect 2 err "undead conform: $name: $tests_msg --depth plays none; expected seeded games (--games) under --chance follow or both"
        run "$undead" conform one-die --no-db --seconds 1 $opt -- "$undead" serve one-die
        expect 2 err "undead conform: $name: $tests_msg --seconds plays none; expected seeded games (--games) under --chance follow or both"
        # with seeded games played in follow mode, taken
        run "$undead" conform one-die --no-db --games 2 $opt -- "$undead" serve one-die
        [[ $rc == 0 ]] || fail "$opt with --games: exit $rc: $(head -c 300 err)"
    done
    run "$undead" conform one-die --no-db --depth 1 --repeat 3 -- "$undead" serve one-die
    expect 2 err "undead conform: --repeat plays the seeded games again, and --depth plays none; expected --games"
    run "$undead" conform one-die --no-db --depth 1 --games 2 --repeat 2 -- "$undead" serve one-die
    [[ $rc == 0 ]] || fail "--repeat with --games and --depth: exit $rc: $(head -c 300 err)"
    run "$undead" explore one-die --no-db --max-depth 2 --seed 5
    expect 2 err "undead explore: --seed: the exploration enumerates every outcome, and draws none; expected no --seed"
    run "$undead" explore one-die --no-db --max-depth 2 --policy risk:3
    expect 2 err "undead explore: --policy chooses the decisions only along a followed policy; expected it with --follow-policy or --outcomes"
    run "$undead" explore one-die --no-db --max-depth 2 --policy risk:3 --follow-policy
    [[ $rc == 0 ]] || fail "--policy with --follow-policy: exit $rc: $(head -c 300 err)"
    ;;
edition-link)
    sed '0,/^[a-z-]*\/[a-z0-9-]* [0-9a-f]\{16\}$/s/ [0-9a-f]\{16\}$/ 0000000000000000/' \
        "$src/spec/faq-editions.txt" > base.txt
    ! cmp -s base.txt "$src/spec/faq-editions.txt" || fail "no fingerprint changed"
    mkdir A B
    ln -s ../A/e.txt B/e.txt
    for trial in 1 2 3; do
        cp base.txt A/e.txt
        "$undead" faq --editions A/e.txt --new-edition 2027-01-02 > one 2>&1 &
        "$undead" faq --editions B/e.txt --new-edition 2027-01-02 > two 2>&1 &
        wait
        [[ -L B/e.txt ]] || fail "trial $trial: the link was replaced"
        date=$(sed -n 's/^edition 2 \(.*\)$/\1/p' A/e.txt)
        [[ -n $date ]] || fail "trial $trial: no edition 2 recorded: $(cat one two)"
        claims=$(cat one two | grep -c '^faq: edition 2 of ' || true)
        [[ $claims == 1 ]] || fail "trial $trial: $claims runs say they recorded edition 2: $(cat one two)"
        grep -q "^faq: edition 2 of $date recorded in [AB]/e.txt$" one two ||
            fail "trial $trial: the file holds $date: $(cat one two)"
        grep -q '^faq: no question changed since edition 2: nothing recorded in [AB]/e.txt$' one two ||
            fail "trial $trial: $(cat one two)"
    done
    # a folder it cannot read (write and search only): refused, unchanged
    if [[ $(id -u) == 0 ]] && command -v setpriv > /dev/null; then
        mkdir C
        cp base.txt C/e.txt
        chmod 0666 C/e.txt
        chmod 0333 C
        chmod 0755 .
        if setpriv --reuid nobody --regid nogroup --clear-groups test -x "$PWD"; then
            set +e
            setpriv --reuid nobody --regid nogroup --clear-groups "$undead" faq --editions C/e.txt \
                --new-edition 2027-01-02 > out 2> err
            rc=$?
            set -e
            expect 2 err "undead faq: --new-edition: the folder of the record of editions, $PWD/C, cannot be locked (Permission denied): expected a folder undead can read, so that two runs at once do not lose an edition"
            cmp -s base.txt C/e.txt || fail "the record changed"
        fi
        chmod 0755 C
    fi
    ;;
quoted-words)
    "$undead" play one-die --no-db --seed 3 > od.t
    head -31 od.t > rt1.t
    printf 'decide p1 \xe2\x80\xaerisk 1\n' >> rt1.t
    head -31 od.t > rt2.t
    printf 'offers p1 \xe2\x80\xaerisk 1\n' >> rt2.t
    run "$undead" check --no-db rt1.t
    expect 2 err "rt1.t:32:11: expected an action (risk <number>), found '\\u202erisk'"
    run "$undead" show one-die rt1.t
    expect 2 err "rt1.t:32:11: expected an action (risk <number>), found '\\u202erisk'"
    run "$undead" check --no-db rt2.t
    [[ $rc == 1 ]] || fail "offers: exit $rc: $(head -c 300 err)"
    grep -qF "the record's game also offers '\u202erisk 1'" err || fail "offers: $(head -c 500 err)"
    ! grep -q $'\xe2\x80\xae' err || fail "a U+202E was printed: $(cat -A err | head -c 500)"
    ;;
*)
    fail "unknown case $case_"
    ;;
esac
