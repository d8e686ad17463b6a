# spec/one_die/fuzz-starts.sh - the start positions of One Die's engine
# fuzz target: the round and the scores at the start of a round half-way,
# three quarters of the way and in the last round of seeded games (1 to 4
# players, policies that risk more or less, some under ending=at-once), so
# that a short input meets the end of the game.  Sourced by
# fuzz/make-starts.sh one_die (play, stages), which writes fuzz-starts.txt
# beside this file; the positions are the game's own start lines
# (`start round N`, `start score PLAYER N`).

# "PLAYERS SEED POLICIES [KEY=VALUE]"
for spec in "1 1 risk:1" "1 2 risk:2" "2 3 risk:2,risk:1" "2 4 chaser,risk:3 ending=at-once" \
    "3 5 risk:3,chaser,risk:1" "4 6 risk:2,risk:1,chaser,risk:3" "4 7 risk:3 ending=at-once"; do
    read -r players seed policies variant <<< "$spec"
    args=(--policy "$policies")
    [[ -n "$variant" ]] && args+=(--variant "$variant")
    # rounds as they start: the first seat's first state line of each
    play "$seed" "$players" "${args[@]}" | grep '^= turn=p1 round=' | awk '!seen[$3]++' | stages |
        awk -F'\t' '!seen[$2]++' | while IFS=$'\t' read -r stage line; do
            round="$(sed -n 's/.* round=\([0-9]*\) .*/\1/p' <<< "$line")"
            scores="$(sed -n 's/.* scores=\([^ ]*\).*/\1/p' <<< "$line")"
            echo
            seats="$players players"
            [[ "$players" == 1 ]] && seats="1 player"
            echo "# $stage of seed $seed's game, $seats ($policies${variant:+, $variant}): ${line#= }"
            echo "players $players"
            [[ -n "$variant" ]] && echo "variant $variant"
            echo "start round $round"
            tr ',' '\n' <<< "$scores" | sed 's/^\(p[0-9]*\):\([0-9]*\)$/start score \1 \2/'
        done
done
