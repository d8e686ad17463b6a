#!/usr/bin/env bash
# fuzz/make-starts.sh - writes the start positions of the engine fuzz
# targets (spec/FOLDER/fuzz-starts.txt, docs/fuzzing.md) for the games
# whose positions come from seeded games, to stdout:
#   zombie_dice   the scores at the start of a turn, half-way, three
#                 quarters of the way and on the last turn of seeded games
#                 (2 to 5 players; some under the other end and dice
#                 readings)
#   dotld         the district, space, Time, survivors, supplies and ammo
#                 at the start of a round at the same stages, and the
#                 last round begun at Time 1 (in the games that have one)
#   zombies_cards the seeded deal of every player cut to its last 7 to 10
#                 cards: the bottom of each deck, late in a game
# Each position is a paragraph: a comment saying where it comes from,
# then "players N", "variant KEY=VALUE" and "start LINE" lines (the
# lines `undead play GAME --start LINE` takes).  zombies_board's pool is
# written by hand (its file says why).  UNDEAD names the binary (default
# build/default/tools/undead).
#
#   fuzz/make-starts.sh zombie_dice > spec/zombie_dice/fuzz-starts.txt
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
undead="${UNDEAD:-$root/build/default/tools/undead}"
folder="${1:?usage: make-starts.sh zombie_dice|dotld|zombies_cards}"

# play GAME SEED PLAYERS [ARGS...]: the transcript of a seeded game.
play() {
    local game="$1" seed="$2" players="$3"
    shift 3
    local names
    names="$(seq -f 'p%g' 1 "$players" | paste -sd, -)"
    "$undead" play "$game" --seed "$seed" --players "$names" --no-db "$@"
}

# stdin's lines at half, three quarters and the last, each after its stage.
stages() {
    awk '{ l[NR] = $0 } END { if (NR == 0) exit;
        printf "half\t%s\n", l[int(NR / 2) + 1]; printf "three-quarters\t%s\n", l[int(NR * 3 / 4) + 1];
        printf "last\t%s\n", l[NR] }'
}

header() {
    echo "# Start positions of the $1 engine fuzz target (docs/fuzzing.md)."
    echo "# Written by fuzz/make-starts.sh $1: do not edit by hand."
}

case "$folder" in
zombie_dice)
    header zombie_dice
    for spec in "2 1" "2 2" "3 3" "3 4:end=final-turn" "4 5" "4 6:dice=double-feature" "5 7:tiebreak=until-broken"; do
        # "PLAYERS SEED[:KEY=VALUE]"
        players="${spec%% *}"
        rest="${spec#* }"
        seed="${rest%%:*}"
        variant=""
        [[ "$rest" == *:* ]] && variant="${rest#*:}"
        args=()
        [[ -n "$variant" ]] && args+=(--variant "$variant")
        # the banked scores of each state, once each
        play zombie-dice "$seed" "$players" "${args[@]}" |
            sed -n 's/^= .* \(scores=[^ ]*\).*/\1/p' | awk '!seen[$0]++' | stages |
            while IFS=$'\t' read -r stage line; do
                echo
                echo "# $stage of seed $seed's game, $players players${variant:+, $variant}: $line"
                echo "players $players"
                [[ -n "$variant" ]] && echo "variant $variant"
                scores="${line#scores=}"
                tr ',' '\n' <<< "$scores" | sed 's/^\(p[0-9]*\):\([0-9]*\)$/start score \1 \2/'
            done
    done
    ;;
dotld)
    header dotld
    # "PLAYERS SEED"; seeds 7, 41 and 44 are the first (of 1 to 60, 1 to 3
    # players) whose games have rounds at Time 1: most are lost earlier
    for spec in "1 1" "2 2" "3 3" "2 4" "1 5" "4 6" "3 7" "3 41" "2 44"; do
        players="${spec%% *}"
        seed="${spec#* }"
        # rounds as they start: the leader's first state of a round
        lines="$(play dotld "$seed" "$players" | grep '^= round=' | awk '!seen[$2]++')"
        {
            stages <<< "$lines"
            grep ' time=1 ' <<< "$lines" | tail -1 | sed 's/^/time-one\t/' || true
        } | while IFS=$'\t' read -r stage line; do
            declare -A v=()
            for word in $line; do
                [[ "$word" == ?*=* ]] && v["${word%%=*}"]="${word#*=}"
            done
            [[ "${v[time]:-0}" -ge 1 ]] || continue
            echo
            echo "# $stage of seed $seed's game, $players players: $line"
            echo "players $players"
            for key in district space time healthy infected supplies ammo; do
                echo "start $key ${v[$key]}"
            done
        done
    done
    ;;
zombies_cards)
    header zombies_cards
    # card numbers (from 1) in the order of the built-in cards.txt
    mapfile -t ids < <(sed -n 's/^card id=\([^ ]*\).*/\1/p' "$root/spec/zombies_cards/content/cards.txt")
    declare -A number=()
    for i in "${!ids[@]}"; do number["${ids[$i]}"]=$((i + 1)); done
    for spec in "2 1 7" "2 2 8" "3 3 9" "4 4 7" "2 5 10" "3 6 8"; do
        read -r players seed keep <<< "$spec"
        echo
        echo "# seed $seed's deal, $players players, each deck cut to its last $keep cards (late in a game)"
        echo "players $players"
        seat=0
        play zombies-cards "$seed" "$players" | sed -n 's/^deal \(.*[^ ]\) *\[ZC-DEAL\]$/\1/p' |
            while read -r -a cards; do
                seat=$((seat + 1))
                list=""
                for id in "${cards[@]: -$keep}"; do list+="${list:+,}${number[$id]}"; done
                echo "start deck p$seat $list"
            done
    done
    ;;
*)
    echo "make-starts.sh: no generator for '$folder' (zombie_dice, dotld, zombies_cards)" >&2
    exit 1
    ;;
esac
