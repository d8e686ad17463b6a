# spec/zombie_dice/fuzz-starts.sh - the start positions of Zombie Dice's
# engine fuzz target: the scores at the start of a turn, half-way, three
# quarters of the way and on the last turn of seeded games (2 to 5
# players; some under the other end and dice readings).  Sourced by
# fuzz/make-starts.sh zombie_dice (play, stages), which writes
# fuzz-starts.txt beside this file.
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
    play "$seed" "$players" "${args[@]}" |
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
