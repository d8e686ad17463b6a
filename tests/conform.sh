#!/usr/bin/env bash
# tests/conform.sh CASE UNDEAD SOURCE_DIR [ARGS...] - one case of `undead
# conform` (docs/conformance.md): undead's own engine agreeing with itself,
# two readings parting, broken adapters reported (exit 2) without a hang,
# and, in a mutation build, faulty implementations (undead serve with one
# mutant on) caught, named and shrunk.  Each case checks the exit status
# and the lines that say why.  The cases of one game take the game from
# the registry (tests/CMakeLists.txt, from spec/games.cmake), never from
# a folder's name:
#   self GAME                  seeded games, in both chance modes
#   depth GAME DEPTH           every path DEPTH decisions deep
#                              (UD_GAME_CONFORM_DEPTH in its game.cmake)
#   readings_shortage          a reading of the dice shortage named by
#                              that reading, in both chance modes
#   readings_round             the card game's other reading of a round,
#                              which offers fewer decisions, named by that
#                              reading by conform and by check on its record
#   offers                     an implementation offering fewer, more or
#                              other decisions: its record ends with its
#                              offers, which check refuses naming conform's
#                              rule
#   unsupported                a reading an adapter does not play is
#                              answered `unsupported` (serve, the Python
#                              skeleton) and reported so (exit 2)
#   schema GAME                `undead serve GAME --schema` is what
#                              docs/conformance.md prints for the game
#   tied                       faulty implementations whose departing
#                              step two changes play alike, told apart
#                              by play (mutation build)
#   tied_readings              a tie only another reading breaks, broken
#                              by play under it, and by check on the
#                              record's game under it; kept where the
#                              adapter does not play it (mutation build)
#   faulty GAME FILE           each faulty implementation FILE lists, in
#                              both chance modes
#                              (spec/<folder>/conform-faulty.txt)
set -uo pipefail

case_="$1"
U="$2"
src="$3"
shift 3
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
broken="$src/tests/data/conform/broken_adapter.py"

fail() {
    echo "FAIL ($case_): $*"
    [[ -f "$tmp/out" ]] && sed -n 1,40p "$tmp/out"
    exit 1
}

# run CODE -- COMMAND...: the command must exit with CODE
run() {
    local want="$1"
    shift 2
    "$@" >"$tmp/out" 2>&1
    local rc=$?
    [[ $rc -eq $want ]] || fail "exit status $rc, expected $want"
}

has() { grep -Eq -- "$1" "$tmp/out" || fail "no line matching /$1/"; }

# the shrink tries a faulty line runs with: 1000, unless its own options
# give --shrink-tries (an option is given once)
tries() {
    local a
    for a in "$@"; do [[ $a == --shrink-tries* ]] && return; done
    echo --shrink-tries 1000
}

# a faulty implementation in one chance mode: caught, the rule named
# first, shrunk to at most MAX decisions, the record refused by check
faulty() {
    local game="$1" mutant="$2" rule="$3" max="$4" mode="$5"
    shift 5
    # shellcheck disable=SC2046 # tries prints two words or none
    run 1 -- "$U" conform "$game" --no-db --games 300 $(tries "$@") --chance "$mode" "$@" \
        --record "$tmp/rec" -- env UNDEAD_MUTANT="$game:$mutant" "$U" serve "$game"
    has "^  rule: +$rule( |\$)"
    local n
    n="$(sed -n 's/^shrunk: .* to \([0-9]*\) decisions.*/\1/p' "$tmp/out")"
    [[ -n "$n" && "$n" -le "$max" ]] || fail "shrunk to '$n' decisions, expected at most $max"
    # the record replays, and undead check parts from it where conform did,
    # naming the same rule first
    "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
    [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "undead check passed the record of a departure"; }
    local checked
    checked="$(checked_rule)"
    [[ $checked == "$rule" ]] || { cat "$tmp/check"; fail "undead check names '$checked' first on the record, not $rule"; }
    echo "$game $mutant ($mode): caught, rule $rule (check too), shrunk to $n decisions"
}

# the rule undead check named first on a record ($tmp/check: FILE:LINE: RULE ...: what)
checked_rule() {
    sed -n 's/^[^ ]*:[0-9]*: \([A-Z][A-Z0-9-]*\)[ :].*/\1/p' "$tmp/check" | head -1
}

# offers_checked RULE [PHRASE]: the record of an offers departure ($tmp/rec)
# ends with the implementation's offers, and check refuses it there
# (exit 1), naming RULE first, its message matching PHRASE
offers_checked() {
    local rule="$1" phrase="${2:-}" last checked
    # the record's game's last line: before the implementation's game
    # past the step, if the record has it (`after`)
    last="$(grep -v '^#' "$tmp/rec" | sed '/^after$/,$d' | tail -1)"
    [[ $last == "offers "* ]] || fail "the record ends '$last', not with the implementation's offers"
    "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
    [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "undead check passed the record of an offers departure"; }
    head -1 "$tmp/check" | grep -q "^[^ ]*:$(awk '/^after$/ { exit } !/^#/ && NF { n = NR } END { print n }' "$tmp/rec"): " ||
        { cat "$tmp/check"; fail "undead check refuses the record elsewhere than at its offers line"; }
    checked="$(sed -n 's/^[^ ]*:[0-9]*: \([A-Za-z][A-Za-z0-9-]*\): .*/\1/p' "$tmp/check" | head -1)"
    [[ $checked == "$rule" ]] || { cat "$tmp/check"; fail "undead check names '$checked' first on the record, not $rule"; }
    [[ -z $phrase ]] || head -1 "$tmp/check" | grep -Eq -- "$phrase" ||
        { cat "$tmp/check"; fail "undead check's message does not match /$phrase/"; }
}

# a faulty implementation whose departure conform catches but blames on
# another row today (core/blame.h): caught is required, the rule named is
# reported beside the one the fault breaks and the one named when the
# line was measured, and fails nothing
misnamed() {
    local game="$1" mutant="$2" rule="$3" measured="$4" mode="$5"
    shift 5
    # shellcheck disable=SC2046 # tries prints two words or none
    run 1 -- "$U" conform "$game" --no-db --games 300 $(tries "$@") --chance "$mode" "$@" \
        --record "$tmp/rec" -- env UNDEAD_MUTANT="$game:$mutant" "$U" serve "$game"
    local named checked
    named="$(sed -n 's/^  rule: *\([^ ]*\).*/\1/p' "$tmp/out" | head -1)"
    [[ $named == "(none" ]] && named=-
    "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
    checked="$(checked_rule)"
    if [[ $named == "$rule" && $checked == "$rule" ]]; then
        echo "$game $mutant ($mode): caught, and now names $rule first (check too): move it to the named lines"
    elif [[ $named == "$measured" ]]; then
        echo "$game $mutant ($mode): caught, names $named first where it breaks $rule (as measured; check: ${checked:--})"
    else
        echo "$game $mutant ($mode): caught, names $named first where it breaks $rule (measured: $measured; check: ${checked:--})"
    fi
}

# faulty_list GAME FILE: every line of FILE, in both chance modes:
#   MUTANT RULE MAX [OPTION...]                        (the rule named first)
#   misnamed MUTANT RULE DICTATE FOLLOW [OPTION...]    (caught; the rule named is reported)
faulty_list() {
    local game="$1" file="$2" n=0 cases=0 mutant rule max options dictate follow
    [[ -f "$file" ]] || fail "no file $file"
    while read -r mutant rule max options; do
        n=$((n + 1))
        [[ -z "$mutant" || "$mutant" == \#* ]] && continue
        if [[ $mutant == misnamed ]]; then
            mutant="$rule"
            read -r rule dictate follow options <<< "$max $options"
            [[ -n "$follow" ]] || fail "$file:$n: expected 'misnamed MUTANT RULE DICTATE FOLLOW [OPTION...]'"
            # shellcheck disable=SC2086 # the options are words
            misnamed "$game" "$mutant" "$rule" "$dictate" dictate $options < /dev/null
            # shellcheck disable=SC2086
            misnamed "$game" "$mutant" "$rule" "$follow" follow $options < /dev/null
            continue
        fi
        [[ -n "$rule" && "$max" =~ ^[0-9]+$ ]] ||
            fail "$file:$n: expected 'MUTANT RULE MAX [OPTION...]'"
        # shellcheck disable=SC2086 # the options are words
        faulty "$game" "$mutant" "$rule" "$max" dictate $options < /dev/null
        # shellcheck disable=SC2086
        faulty "$game" "$mutant" "$rule" "$max" follow $options < /dev/null
        cases=$((cases + 1))
    done < "$file"
    [[ $cases -gt 0 ]] || fail "$file lists no faulty implementation whose rule conform names"
}

case "$case_" in
self)
    game="${1:?conform.sh self: expected the game}"
    # (a quarter of the games under the sanitizers: two sanitized
    # processes a game, the same code every game)
    games=60
    [[ "${UD_SANITIZED:-}" == 1 ]] && games=15
    for mode in dictate follow; do
        run 0 -- "$U" conform "$game" --no-db --games "$games" --chance "$mode" -- "$U" serve "$game"
        has "^seeded: $games games, .* every step agreed"
    done
    has "^chance: "
    ;;
depth)
    # the game to a depth its paths allow in seconds; the positions after
    # each play grow with the depth
    game="${1:?conform.sh depth: expected the game}"
    d="${2:?conform.sh depth: expected the depth}"
    run 0 -- "$U" conform "$game" --no-db --depth "$d" -- "$U" serve "$game"
    has "^depth $d: [0-9]+ paths .* every step agreed; positions after each play: 1( [0-9]+){$((d - 1))}\$"
    ;;
fuzz)
    run 0 -- "$U" conform zombie-dice --no-db --seconds 2 -- "$U" serve zombie-dice
    has "^fuzz: [0-9]+ games in 2 s, [0-9]+ tapes kept, [0-9]+ of [0-9]+ rows fired, every step agreed"
    ;;
readings)
    # the README's example: two readings of the end of the game held against each other
    run 1 -- "$U" conform zombie-dice --no-db --variant end=final-turn --record "$tmp/rec" \
        -- "$U" serve zombie-dice --variant end=finish-round
    has "^departure \(over\)"
    has "^  rule: +ZD-GOAL-FINISH-ROUND$"
    has "under the reading end=finish-round"
    "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
    [[ $? -eq 1 ]] || fail "undead check passed the record of a departure"
    ;;
broken_*)
    mode="${case_#broken_}"
    mode="${mode//_/-}"
    # an answer's deadline: the hang is measured against 1 s; the others
    # must not meet theirs on a loaded machine (python and a sanitized serve
    # starting beside other tests took over 1 s there)
    deadline=10000
    [[ $mode == hang ]] && deadline=1000
    run 2 -- timeout 60 "$U" conform zombie-dice --no-db --games 5 --timeout "$deadline" \
        -- python3 "$broken" "$mode" "$U" zombie-dice
    has "^broken adapter"
    case "$mode" in
    crash) has "killed by signal 11" ;;
    exit) has "exited with status 3" ;;
    hang) has "within 1000 ms" ;;
    garbage) has "expected one JSON object on a line .*received 'this is not JSON'" ;;
    extra) has "output nobody asked for|expected the decisions offered \(member \"offers\"\), received .\{\"state\"" ;;
    wrong-question) has "expected a step report \(member \"state\"\)" ;;
    error) has "answered with an error: my engine lost its dice" ;;
    version) has "speaks protocol version 2; undead speaks version 1" ;;
    flood) has "a line longer than 1 MiB" ;;
    *) fail "unknown mode" ;;
    esac
    has "request [0-9]+ \(\{\"cmd\":\"(decide|hello|offers)"
    ;;
readings_shortage)
    # an implementation of the other reading of when the cup is short
    # (fewer dice than needed, not fewer than three) is explained by that
    # reading, not by a row that leaves the shortage it finds unhandled
    # (ZD-SHORTAGE-RETURN's guard never holding: ZD-DRAW refuses to draw
    # past one) nor by the other reading of its order (cup-first: it runs
    # short in another row's draw); the rule named is the reading's row
    # the rules fire there and it switches off, ZD-SHORTAGE-THREE; in each
    # chance mode, the record refused by check (follow: naming the row
    # too; dictate's record of a refusal cannot say which dictated words
    # were taken)
    for mode in dictate follow; do
        run 1 -- "$U" conform zombie-dice --no-db --games 60 --chance "$mode" --record "$tmp/rec" \
            -- "$U" serve zombie-dice --variant shortage-when=fewer-than-needed
        has "^  rule: +ZD-SHORTAGE-THREE\$"
        has "^  why: +reading: undead plays this step as the implementation did under the reading shortage-when=fewer-than-needed( \(rows ZD-SHORTAGE-THREE\))?[;.]"
        "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
        [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "undead check passed the record of a departure ($mode)"; }
        if [[ $mode == follow ]]; then
            grep -q '^[^ ]*:[0-9]*: ZD-SHORTAGE-THREE: ' "$tmp/check" || { cat "$tmp/check"; fail "undead check does not name ZD-SHORTAGE-THREE first"; }
            grep -q '^  evidence: *reading: .* under the reading shortage-when=fewer-than-needed' "$tmp/check" ||
                { cat "$tmp/check"; fail "undead check's evidence is not the reading shortage-when"; }
        fi
    done
    ;;
tied)
    # a faulty implementation whose departing step two changes of the
    # rules play alike (mutation build): the step alone names the other
    # one (--confirm-changes 0, the cost and table order alone), play
    # tells them apart and names the mutated row, saying so in the why:
    # line and in --format json's confirmed member
    # (docs/conformance.md, "The rule": confirmation by play)
    # Where play bore the change named out, the record holds the
    # implementation's game from its last decision on (`after`, as that
    # change played it), and check tells its own tie apart by it (after:
    # yes).
    while read -r game mode mutant rule after; do
        serve=(env UNDEAD_MUTANT="$game:$mutant" "$U" serve "$game")
        run 1 -- "$U" conform "$game" --no-db --games 60 --chance "$mode" --shrink-tries 200 \
            --confirm-changes 0 -- "${serve[@]}"
        has "^  rule: "
        grep -Eq "^  rule: +$rule( |\$)" "$tmp/out" &&
            fail "$game $mutant ($mode): named $rule with no play: no tie to tell apart"
        grep -q "by play" "$tmp/out" && fail "$game $mutant ($mode): --confirm-changes 0 played"
        run 1 -- "$U" conform "$game" --no-db --games 60 --chance "$mode" --shrink-tries 200 --record "$tmp/rec" \
            -- "${serve[@]}"
        has "^  rule: +$rule( |\$)"
        # confirmed alone, or with another change of the same row (its
        # guard never holding and its effect skipped are often one)
        has "^  why: .*by play \(the departing game again to its end, then [0-9]+ more\): (confirmed, [0-9]+ games agree with|no game of [0-9]+ told these apart:) $rule's"
        has "^  why: .* parts at game [0-9]+, play [0-9]+"
        run 1 -- "$U" conform "$game" --no-db --games 60 --chance "$mode" --shrink-tries 200 --format json \
            -- "${serve[@]}"
        has "\"rule\":\"$rule\",.*\"confirmed\":\[\{\"change\":\"$rule's [^\"]*\",\"play\":\"agrees\""
        has "\"play\":\"parts\",\"games_agreed\":[0-9]+,\"games\":[0-9]+,\"parts_at_game\":[0-9]+"
        if [[ $after == yes ]]; then
            grep -qx after "$tmp/rec" || fail "$game $mutant ($mode): the record has no 'after' part"
            "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
            [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "$game $mutant ($mode): undead check passed the record"; }
            grep -q "^[^ ]*:[0-9]*: $rule: " "$tmp/check" ||
                { cat "$tmp/check"; fail "$game $mutant ($mode): undead check does not name $rule first"; }
            grep -Eq "^  evidence: .*by the other side's game from its last decision \(the record's lines [0-9]+-[0-9]+, after 'after'\)( and its further games? \(the record's lines [0-9]+-[0-9]+, after 'witness'\))?: (confirmed, those lines agree with|no line of them told these apart:) $rule's" "$tmp/check" ||
                { cat "$tmp/check"; fail "$game $mutant ($mode): check's evidence is not the record's game from its last decision"; }
            grep -Eq "^  evidence: .* parts at line [0-9]+" "$tmp/check" ||
                { cat "$tmp/check"; fail "$game $mutant ($mode): no other change parts from the record's game"; }
        fi
        echo "$game $mutant ($mode): named $rule by play (without play: another)"
    done <<'EOF2'
dotld dictate DL-SIX-MOVE/guard-always DL-SIX-MOVE yes
zombies-board dictate ZB-DEAD-CHOOSES/guard-always ZB-DEAD-CHOOSES yes
zombies-cards dictate ZC-FX-POWER-OUTAGE/guard-always ZC-FX-POWER-OUTAGE yes
EOF2
    ;;
witness)
    # a tie that play broke only in a later seeded game (the departing
    # game, the record's `after` part, plays both changes alike): the
    # record carries that game as the implementation played it (a
    # `witness` part), and check tells its tie apart by it as conform
    # did; the record cut before it leaves check naming another row
    while read -r game mode mutant rule other; do
        run 1 -- "$U" conform "$game" --no-db --games 60 --chance "$mode" --shrink-tries 200 --record "$tmp/rec" \
            -- env UNDEAD_MUTANT="$game:$mutant" "$U" serve "$game"
        has "^  rule: +$rule( |\$)"
        has "^  why: .* $other's [^;]* parts at game [2-9][0-9]*, play [0-9]+"
        grep -qx witness "$tmp/rec" || fail "$game $mutant ($mode): the record has no 'witness' part"
        "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
        [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "$game $mutant ($mode): undead check passed the record"; }
        grep -q "^[^ ]*:[0-9]*: $rule: " "$tmp/check" ||
            { cat "$tmp/check"; fail "$game $mutant ($mode): undead check does not name $rule first"; }
        grep -Eq "^  evidence: .*further games? \(the record's lines [0-9]+-[0-9]+, after 'witness'\): .*; $other's [^;]* parts at line [0-9]+" "$tmp/check" ||
            { cat "$tmp/check"; fail "$game $mutant ($mode): check's evidence does not part $other by the witness"; }
        # without its witness parts (each follows a comment line)
        awk '/^# undead conform: the implementation.s game [0-9]+ \(seed/ { exit } { print }' "$tmp/rec" >"$tmp/cut"
        grep -qx witness "$tmp/cut" && fail "$game $mutant ($mode): the cut record still has a witness"
        "$U" check --no-db "$tmp/cut" >"$tmp/check" 2>&1
        [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "$game $mutant ($mode): undead check passed the cut record"; }
        grep -q "^[^ ]*:[0-9]*: $other: " "$tmp/check" ||
            { cat "$tmp/check"; fail "$game $mutant ($mode): without the witness, check names what it did not name before ($other expected)"; }
        echo "$game $mutant ($mode): named $rule by the witness (without it: $other)"
    done <<'EOF2'
dotld dictate DL-COMBAT-COUNT/effect-skipped DL-COMBAT-COUNT DL-NO-ZOMBIES
EOF2
    ;;
tied_readings)
    # a tie no game under the run's readings breaks (mutation build):
    # ZD-SHORTAGE-THREE's guard always holding and ZD-SHORTAGE-RETURN's
    # play every such game alike; under another reading of the shortage
    # (the row of THREE is in the table only under fewer-than-three) they
    # part.  Without that play (--confirm-readings 0) the other row is
    # named; with it, the mutated row, the why: line and --format json
    # saying under which reading the other parted.  An adapter that does
    # not play the readings tried (refusing_adapter.py: `unsupported`)
    # leaves the tie as it was, each reading said skipped, and the run
    # goes on to its departure (exit 1, not 2).  The record carries the
    # game under that reading that parted them (`witness variant
    # KEY=VALUE`), so `undead check` names the mutated row too, the other
    # parting in that part; cut before it, the record leaves the tie (check
    # names the other row), so it is that part that tells them apart.
    # (docs/conformance.md, "The rule": under other readings)
    mutant=ZD-SHORTAGE-THREE/guard-always other=ZD-SHORTAGE-RETURN
    serve=(env UNDEAD_MUTANT="zombie-dice:$mutant" "$U" serve zombie-dice)
    for mode in dictate follow; do
        conform=("$U" conform zombie-dice --no-db --games 60 --chance "$mode" --shrink-tries 200)
        run 1 -- "${conform[@]}" --confirm-readings 0 -- "${serve[@]}"
        has "^  rule: +$other\$"
        has "^  why: .*no game of [0-9]+ told these apart: "
        grep -q "under other readings" "$tmp/out" && fail "$mode: --confirm-readings 0 played other readings"
        run 1 -- "${conform[@]}" --record "$tmp/rec" -- "${serve[@]}"
        has "^  rule: +ZD-SHORTAGE-THREE\$"
        has "^  why: .*confirmed, [0-9]+ games agree with ZD-SHORTAGE-THREE's guard always holding \(and [1-9][0-9]* under other readings\)"
        has "^  why: .*; under other readings \(10 games each, both sides told it\): $other's guard always holding parts under shortage-(when|order)=[a-z-]+ at game [0-9]+, play [0-9]+"
        under="$(sed -nE "s/^  why: .*$other's guard always holding parts under (shortage-(when|order)=[a-z-]+) at game ([0-9]+), .*/\1 \3/p" "$tmp/out")"
        reading="${under% *}" game="${under#* }"
        grep -Eq "^# undead conform: the implementation's game $game under the reading $reading \(seed [0-9]+\), as it played it" "$tmp/rec" ||
            { cat "$tmp/rec"; fail "$mode: the record's witness part under $reading is not said to be its game $game"; }
        at="$(grep -n "^witness variant $reading\$" "$tmp/rec" | head -1 | cut -d: -f1)"
        [[ -n "$at" ]] || { cat "$tmp/rec"; fail "$mode: the record has no 'witness variant $reading' part"; }
        "$U" check --no-db "$tmp/rec" >"$tmp/check" 2>&1
        [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "$mode: undead check passed the record of a departure"; }
        grep -q '^[^ ]*:[0-9]*: ZD-SHORTAGE-THREE: ' "$tmp/check" ||
            { cat "$tmp/check"; fail "$mode: undead check does not name ZD-SHORTAGE-THREE first"; }
        grep -Eq "^  evidence: .*confirmed, those lines agree with ZD-SHORTAGE-THREE's guard always holding; $other's guard always holding parts at line [0-9]+, in a game under $reading" "$tmp/check" ||
            { cat "$tmp/check"; fail "$mode: undead check's evidence does not say $other parts in the game under $reading"; }
        head -n $((at - 2)) "$tmp/rec" >"$tmp/cut.rec"
        "$U" check --no-db "$tmp/cut.rec" >"$tmp/check" 2>&1
        [[ $? -eq 1 ]] || { cat "$tmp/check"; fail "$mode: undead check passed the record cut before its witness variant part"; }
        grep -q "^[^ ]*:[0-9]*: $other: " "$tmp/check" ||
            { cat "$tmp/check"; fail "$mode: cut before its witness variant part, the record still tells the tie apart"; }
        run 1 -- "${conform[@]}" --format json -- "${serve[@]}"
        has "\"rule\":\"ZD-SHORTAGE-THREE\""
        has "\"change\":\"$other's guard always holding\",\"play\":\"parts\",[^}]*\"parts_under\":\"shortage-(when|order)=[a-z-]+\""
        has "\"confirm_readings\":\[(\{[^}]*\},)*\{\"reading\":\"shortage-(when|order)=[a-z-]+\",\"games\":10,\"play\":\"played\",\"refuted\":1\}"
        run 1 -- "${conform[@]}" -- env UNDEAD_MUTANT="zombie-dice:$mutant" python3 "$src/tests/data/conform/refusing_adapter.py" \
            "$U" zombie-dice shortage-when=fewer-than-needed shortage-when=literal shortage-order=cup-first
        has "^  rule: +$other\$"
        for reading in shortage-when=fewer-than-needed shortage-when=literal shortage-order=cup-first; do
            has "^  why: .*under other readings .*$reading not played \(the other side does not play it\)"
        done
        grep -q " parts under " "$tmp/out" && fail "$mode: a change refuted under a reading the adapter does not play"
        echo "zombie-dice $mutant ($mode): named by play under another reading, by conform and by check on its record; the tie kept where none is played"
    done
    ;;
readings_round)
    # round=table offers fewer cards to play than the default reading: a
    # record cannot write a decision not offered, so it ends with the
    # implementation's offers, which check refuses naming the reading's
    # row the rules fire there and round=table switches off (ZC-ROUND-OWN:
    # a round runs from your turn to your next), the reading its evidence
    for mode in dictate follow; do
        run 1 -- "$U" conform zombies-cards --no-db --games 60 --chance "$mode" --record "$tmp/rec" \
            -- "$U" serve zombies-cards --variant round=table
        has "^departure \(offers\)"
        has "^  rule: +ZC-ROUND-OWN\$"
        has "^  why: +reading: undead plays this step as the implementation did under the reading round=table"
        offers_checked ZC-ROUND-OWN
    done
    ;;
offers)
    # fewer, more, other: each an offers departure in both chance modes,
    # its record refused by check at its offers line, naming conform's rule
    for kind in fewer more other; do
        for mode in dictate follow; do
            run 1 -- "$U" conform zombie-dice --no-db --games 10 --chance "$mode" --record "$tmp/rec" \
                -- python3 "$src/tests/data/conform/offers_adapter.py" "$kind" "$U" zombie-dice
            has "^departure \(offers\)"
            has "^  rule: +ZD-CHOICE\$"
            case $kind in
            fewer) want="the rules also offer 'roll'\$" ;;
            more) want="the record's game also offers 'dance'\$" ;;
            other) want="the rules also offer 'roll'; the record's game also offers 'dance'\$" ;;
            esac
            offers_checked ZD-CHOICE "$want"
        done
    done
    ;;
unsupported)
    # serve: a value none of the game's readings has
    printf '%s\n' '{"cmd":"hello","protocol":1}' \
        '{"cmd":"new","game":"zombie-dice","players":["a","b"],"readings":{"end":"sudden"},"chance":"dictate","seed":1}' |
        "$U" serve zombie-dice >"$tmp/out" 2>&1
    has '^\{"unsupported":"reading end=sudden: '
    ! grep -q '"error"' "$tmp/out" || fail "serve answered an unplayable reading with an error"
    # the skeleton plays only end=finish-round: conform says it does not play the other
    run 2 -- "$U" conform zombie-dice --no-db --games 2 --variant end=final-turn \
        -- python3 "$src/examples/adapters/python/zombie_dice.py"
    has "the adapter does not play this: reading end=final-turn: this implementation plays only end=finish-round"
    ;;
schema)
    # the docs' block under "### GAME", between its ``` lines, printed by
    # the tool: a change of the schema shows as a diff to copy in
    game="${1:?conform.sh schema: expected the game}"
    docs="$src/docs/conformance.md"
    awk -v want="### $game" '$0 == want { at = 1; next }
        at == 1 && /^```$/ { at = 2; next }
        at == 2 && /^```$/ { exit }
        at == 2 { print }' "$docs" > "$tmp/docs"
    [[ -s "$tmp/docs" ]] || fail "docs/conformance.md has no block under '### $game'"
    run 0 -- "$U" serve "$game" --schema
    diff -u "$tmp/docs" "$tmp/out" > "$tmp/diff" || { cat "$tmp/diff"; fail "docs/conformance.md's block for $game is not what serve --schema prints"; }
    ;;
faulty)
    faulty_list "${1:?conform.sh faulty: expected the game}" "${2:?conform.sh faulty: expected the file}"
    ;;
*)
    echo "unknown case $case_"
    exit 2
    ;;
esac
echo "ok: $case_${1:+ $1}"
