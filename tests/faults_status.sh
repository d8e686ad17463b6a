#!/usr/bin/env bash
# tests/faults_status.sh CASE UNDEAD SOURCE_DIR - regression tests for the
# exit statuses and messages a second attack pass found wrong, as
# tests/faults.sh does for the others: each CASE is one fault, run as a
# user would, with the exact message and exit status asserted (0 success, 1
# a rule violation or a failed check, 2 bad input or one of the tool's
# limits: exit 1 never means a limit or bad input).
#   explore-limits  explore with no bound (Zombie Dice chains bust after
#            bust, past the 64 chance picks a step may take) or with
#            --max-states 1 printed "(raise the bound)" and a VIOLATION, exit
#            1: a limit is the partial table, "no violation", a message
#            naming what to raise, exit 0, as --max-memory; --golden does not
#            compare a cut table (exit 2), nor records it as complete;
#            --max-states 0 is refused.
#   verify-cut  verify --max-memory too small for an exploration ended in
#            "verify: FAILED", exit 1: the step says "cut by --max-memory",
#            the summary "INCOMPLETE", exit 2; solve's analysis too.
#   start-deck  a card-game start deck too short to deal (exit 1, no
#            column) and 'deck p1 ,' (read as an empty deck): input errors,
#            exit 2, FILE:LINE:COL in a record, the line named by play.
#   golden-errors  golden check wrote its errors on standard output and
#            gave exit 1 for a case of bytes that are not text: errors on
#            standard error, the report on standard output, bad input exit
#            2 naming the file; a difference stays exit 1.
#   faq-no-verify  faq with no finished verify run in the database: exit 2
#            (was 1), naming the command to run, the output file untouched.
#   numbers  one reading for every number an option takes (no space, no
#            sign; ' 5' was taken by solve --time, refused by --max-memory)
#            with one message naming the option and the value; a negative
#            conform value named the value as the option.
#   sim-start  sim --start BAD said "game with seed 1 failed" though no
#            game ran: the start line is refused before any game, exit 2.
#   limit   a count past a limit of undead's (Dice of the Living Dead's
#            supplies past 250; the text sets none) stopped play, sim,
#            check and conform with exit 1, a rule violation's status: a
#            limit, exit 2, the message naming it and "the text sets none",
#            no violation said or recorded.
set -euo pipefail
case_="$1" undead="$2" src="$3"
faults_name=faults_status   # fail, expect, size_below, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
# no FILE TEXT: FILE does not hold TEXT.
no() { ! grep -qF -- "$2" "$1" || fail "unexpected '$2' in $1: $(head -c 2000 "$1")"; }

case "$case_" in
explore-limits)
    # no bound: the first turn's busts chain past 64 picks with no decision
    run "$undead" explore zombie-dice --no-db
    expect 0 err "undead explore: stopped at 0 distinct states: a step went on for more than 64 chance picks with no decision or leaf, the most one step may take; the counts are partial (a --bound ends paths sooner; this game has: turn)"
    expect 0 out "invariants checked after every rule firing: no violation"
    grep -q ", depth 0, NOT complete (a step passed 64 chance picks)$" out || fail "not reported cut: $(cat out)"
    no out VIOLATION
    # one step has more distinct outcomes than --max-states
    run "$undead" explore zombie-dice --bound turn --max-states 1 --no-db
    expect 0 err "undead explore: stopped at 0 distinct states: one step has more than 1 distinct outcomes, the --max-states bound; the counts are partial (raise --max-states)"
    expect 0 out "invariants checked after every rule firing: no violation"
    grep -q "NOT complete (the --max-states bound was hit)$" out || fail "not reported cut: $(cat out)"
    # the distinct states reach --max-states
    run "$undead" explore zombie-dice --bound turn --max-states 500 --jobs 1 --no-db
    expect 0 err "undead explore: stopped at 532 distinct states: the --max-states bound (500) was reached, no more are expanded; the counts are partial (raise --max-states)"
    grep -qx "total [0-9]* 532 [0-9 ]*" out || fail "no partial table: $(cat out)"
    # and recorded as partial, not as the game's complete table
    run "$undead" explore zombie-dice --bound turn --max-states 500 --jobs 1 --db e.db
    [[ $rc == 0 ]] || fail "explore --db: exit $rc: $(cat err)"
    [[ "$(sql e.db "SELECT status FROM cases WHERE kind = 'explore'")" == partial ]] ||
        fail "a cut search recorded as '$(sql e.db "SELECT status FROM cases WHERE kind = 'explore'")', expected partial"
    # a cut table is not compared with a golden one: no failed check
    run "$undead" explore zombie-dice --bound turn --max-states 500 --jobs 1 --no-db \
        --golden "$src/golden/zombie_dice/explore/turn.txt"
    expect 2 err "undead explore: --golden $src/golden/zombie_dice/explore/turn.txt: not compared: the search was cut by --max-states (raise it)"
    run "$undead" explore zombie-dice --bound turn --max-states 0 --no-db
    expect 2 err "undead explore: --max-states: expected a whole number from 1 to 18446744073709551615, got '0'"
    run "$undead" explore --help
    expect 0 out "  --max-states N        stop after N distinct states, N from 1 (default 10 million);"
    ;;
verify-cut)
    # one game, one thread (the search stops at the same state every time)
    run "$undead" verify --golden "$src/golden" --fuzz "$src/fuzz" --games 1 --reading-games 10 \
        --skip-analysis game --skip-analysis turn --max-memory 16M --jobs 1 --no-db zombie-dice
    expect 2 out "zombie-dice: exploring bound turn: cut by --max-memory (16.0 MiB) after 5155 distinct states; raise it to finish this step"
    expect 2 out "verify: INCOMPLETE: 1 step cut by --max-memory (see above), no check failed"
    no out "FAILED"
    # an analysis an exploration limit stops: exit 2, not a failed check
    run "$undead" solve zombies-cards small-deck --max-memory 1M --no-db
    expect 2 err "undead solve: defaults: the --max-memory bound was hit"
    ;;
start-deck)
    # both ways: --start on play, and the record's header on check
    deck() {
        local st=$1 msg=$2
        run "$undead" play zombies-cards --no-db --start "$st"
        expect 2 err "undead play: $msg"
        printf 'undead-transcript 1\ngame zombies-cards\nplayer p1\nplayer p2\nstart %s\nseed 1\n' "$st" > rec.txt
        run "$undead" check --no-db rec.txt
        expect 2 err "rec.txt:5:7: ${msg#*: }"
    }
    deck 'deck p1 1,2,3' "start lines: expected at least 7 cards dealt to p1 (three bullets, three in hand and a draw deck), found 3 in 'deck p1 1,2,3'"
    deck 'deck p1 ,' "start 'deck p1 ,': expected a card number 1..104 before and after every ',', found an empty item"
    deck 'deck p1 1,,2' "start 'deck p1 1,,2': expected a card number 1..104 before and after every ',', found an empty item"
    # two lines for one player add up, and are counted together
    run "$undead" play zombies-cards --no-db --start 'deck p1 1,2,3' --start 'deck p1 4,5'
    expect 2 err "undead play: start lines: expected at least 7 cards dealt to p1 (three bullets, three in hand and a draw deck), found 5 in its 2 deck lines"
    run "$undead" play zombies-cards --no-db --start 'deck p1 1,2,3' --start 'deck p1 4,5,6,7'
    [[ $rc == 0 ]] || fail "a deck of 7 in two lines: exit $rc: $(head -c 2000 err)"
    ;;
golden-errors)
    mkdir -p g/bad g/ok
    printf 'undead-transcript 1\ngame one-die\nplayer ann\n\0seed 1\n' > g/bad/nul.in
    printf '\xff\xfe\xc3\x28 not text\n' > g/bad/latin.in
    cp "$src/golden/one_die/examples/bust.in" "$src/golden/one_die/examples/bust.transcript" g/ok/
    # cases that are no record: bad input, named on standard error, exit 2
    run "$undead" golden check --no-db --dir g
    expect 2 err "g/bad/nul.in:4:1: expected printable text, found byte 0x00"
    expect 2 err "g/bad/latin.in:1:1: expected UTF-8 text, found byte 0xff"
    grep -qx "golden check: 3 case(s), 2 failed (2 of them bad input or a failed write), 0 updated, [0-9]* rule row(s) fired by no case (counted for: one-die)" out ||
        fail "no totals: $(cat out)"
    no out "g/bad/"
    # a difference: the report, on standard output, exit 1
    rm -r g/bad
    sed -i '12s/^roll 6 /roll 5 /' g/ok/bust.transcript
    run "$undead" golden check --no-db --dir g
    expect 1 out "g/ok/bust.transcript:12: golden:      roll 5                                               [OD-ROLL]"
    expect 1 out "g/ok/bust.transcript:12: regenerated: roll 6                                               [OD-ROLL]"
    [[ ! -s err ]] || fail "a difference written on standard error: $(cat err)"
    # a rule the case breaks: an error, on standard error, exit 1
    cp "$src/golden/one_die/examples/bust.transcript" g/ok/
    sed -i '12s/^roll 6$/roll 7/' g/ok/bust.in
    run "$undead" golden check --no-db --dir g
    expect 1 err "g/ok/bust.in:12: OD-ROLL: '7' cannot happen here; expected bust|2|3|4|5|6"
    no out "OD-ROLL"
    # no case at all
    mkdir empty
    run "$undead" golden check --no-db --dir empty
    expect 2 err "undead golden: no *.in files under 'empty'"
    ;;
faq-no-verify)
    "$undead" sim zombie-dice --games 2 --db s.db > /dev/null || fail "undead sim"
    echo "kept" > faq.html
    run "$undead" faq --db s.db --golden "$src/golden" -o faq.html
    expect 2 err "undead faq: the database holds no finished verify run of zombie-dice: run 'undead verify zombie-dice --db s.db' first"
    [[ $(cat faq.html) == kept ]] || fail "the output file was touched: $(head -c 200 faq.html)"
    run "$undead" faq --db s.db --golden "$src/golden" --game one-die --format md
    expect 2 err "undead faq: the database holds no finished verify run of one-die: run 'undead verify one-die --db s.db' first"
    [[ ! -s out ]] || fail "a FAQ written: $(head -c 200 out)"
    ;;
numbers)
    # a leading or trailing space, a sign: refused by every option alike,
    # naming the option and the value as typed
    run "$undead" sim zombie-dice --games ' 5' --no-db
    expect 2 err "undead sim: --games: expected a whole number from 1 to 18446744073709551615, got ' 5'"
    run "$undead" sim zombie-dice --games '5 ' --no-db
    expect 2 err "undead sim: --games: expected a whole number from 1 to 18446744073709551615, got '5 '"
    # a named query's number parameter: the same reading
    "$undead" sim zombie-dice --games 2 --db q.db > /dev/null || fail "undead sim"
    run "$undead" db query rarest-rules --param 'limit= 5' --db q.db
    expect 2 err "undead db: query rarest-rules: --param limit: expected a whole number from 0 to 9223372036854775807, got ' 5'"
    run "$undead" bench zombie-dice --repeat +3
    expect 2 err "undead bench: --repeat: expected a whole number from 1 to 64, got '+3'"
    run "$undead" explore zombie-dice --bound turn --max-memory ' 1G' --no-db
    expect 2 err "undead explore: --max-memory: expected a size in bytes from 1 to 1024T (e.g. 512M, 4G), got ' 1G'"
    run "$undead" explore zombie-dice --bound turn --max-depth 257 --no-db
    expect 2 err "undead explore: --max-depth: expected a whole number from 0 to 256, got '257'"
    run "$undead" solve dotld combat --time ' 5' --no-db
    expect 2 err "undead solve: --time: expected a whole number from 1 to 6, got ' 5'"
    run "$undead" solve zombie-dice game --from-score -1 --no-db
    expect 2 err "undead solve: --from-score: expected a whole number from 0 to 12, got '-1'"
    run "$undead" verify --games ' 5' --no-db zombie-dice
    expect 2 err "undead verify: --games: expected a whole number from 1 to 18446744073709551615, got ' 5'"
    run "$undead" play zombie-dice --seed -1 --no-db
    expect 2 err "undead play: --seed: expected a whole number from 0 to 18446744073709551615, got '-1'"
    run "$undead" play zombie-dice --policy 'stop-at-shotguns: 2' --no-db
    expect 2 err "undead play: policy 'stop-at-shotguns': expected a whole number 0..1000 after ':', got ' 2'"
    run "$undead" show zombie-dice rec.txt --at ' 3'
    expect 2 err "undead show: --at: expected a whole number from 1 to 100000000, got ' 3'"
    run "$undead" db runs --limit -2 --db none.db
    expect 2 err "undead db: --limit: expected a whole number from 1 to 1000000000, got '-2'"
    run "$undead" sim zombie-dice --games 5 --db-bytes ' 1M' --db s.db
    expect 2 err "undead sim: --db-bytes: expected a size in bytes from 1 to 1G (e.g. 512K, 64M), got ' 1M'"
    run "$undead" mutate zombie-dice --min-score ' 95' --no-db
    expect 2 err "undead mutate: --min-score: expected a number in digits with at most one '.' (no sign, no exponent) from 0 to 100, got ' 95'"
    # a negative value given to conform names the option, not the value
    run "$undead" conform zombie-dice --games -5 -- true
    expect 2 err "undead conform: --games: expected a whole number from 1 to 100000000, got '-5'"
    run "$undead" conform zombie-dice --depth -1 -- true
    expect 2 err "undead conform: --depth: expected a whole number from 1 to 64, got '-1'"
    run "$undead" conform zombie-dice --alpha -0.5 -- true
    expect 2 err "undead conform: --alpha: expected a number in digits with at most one '.' (no sign, no exponent) above 0 and below 1, got '-0.5'"
    # and the values the options do take still work
    run "$undead" sim zombie-dice --games 5 --db-bytes 1M --db s.db
    [[ $rc == 0 ]] || fail "sim --games 5: exit $rc: $(head -c 2000 err)"
    ;;
sim-start)
    run "$undead" sim zombie-dice --games 3 --start 'score p1 x' --no-db
    expect 2 err "undead sim: start 'score p1 x': expected 'score PLAYER N' with N a whole number, got 'x'"
    no err "game with seed"
    [[ ! -s out ]] || fail "games played: $(head -c 2000 out)"
    # the position all the lines make, before any game too
    run "$undead" sim zombies-cards --games 3 --start 'deck p1 1,2,3' --no-db
    expect 2 err "undead sim: start lines: expected at least 7 cards dealt to p1 (three bullets, three in hand and a draw deck), found 3 in 'deck p1 1,2,3'"
    run "$undead" bench zombie-dice --games 3 --start bad
    expect 2 err "undead bench: start 'bad': expected 'score PLAYER N'"
    [[ ! -s out ]] || fail "games played: $(head -c 2000 out)"
    ;;
limit)
    msg="DL-SCAVENGE-2: the party would hold 251 supplies; undead's limit is 250 (the text sets none)"
    run "$undead" play dotld --players ann --policy cautious --seed 1 --start "supplies 250"
    expect 2 err "undead play: stopped at a limit of undead's, no rule broken: $msg"
    run "$undead" sim dotld --players ann --policy cautious --games 3 --start "supplies 250" --db lim.db
    expect 2 err "undead sim: game with seed 1 stopped at a limit of undead's: $msg"
    [[ "$(sql lim.db "SELECT count(*) FROM violations")" == 0 ]] || fail "a limit recorded as a violation"
    [[ "$(sql lim.db "SELECT status FROM cases WHERE outcome LIKE '%limit is 250%'")" == error ]] ||
        fail "the stopped game is not recorded as an error: $(sql lim.db "SELECT status, outcome FROM cases")"
    printf '%s\n' "undead-transcript 1" "game dotld" "variant start-items=none" "player ann cautious" \
        "start district downtown" "start supplies 249" "partial" "districts hospital mall" \
        "character the-cop" "survivors 3 3 4 4 5" "scavenger 3" "zombie-die 1" "decide ann keep" > past.txt
    run "$undead" check past.txt --no-db
    expect 2 err "past.txt:13: DL-SCAVENGE-3: the party would hold 251 supplies; undead's limit is 250 (the text sets none)"
    run "$undead" conform dotld --players ann --policy cautious --start "supplies 250" --games 2 --no-db \
        -- "$undead" serve dotld
    expect 2 out "stopped in seeded game 1 (seed 1) at a limit of undead's, no departure found: $msg"
    no out "departure ("
    ;;
*) fail "unknown case" ;;
esac
