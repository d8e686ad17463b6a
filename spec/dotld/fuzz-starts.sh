# spec/dotld/fuzz-starts.sh - the start positions of Dice of the Living
# Dead's engine fuzz target: the district, space, Time, survivors,
# supplies and ammo at the start of a round, half-way, three quarters of
# the way and in the last round of seeded games, and the last round begun
# at Time 1 (in the games that have one).  Sourced by
# fuzz/make-starts.sh dotld (play, stages), which writes fuzz-starts.txt
# beside this file.

# "PLAYERS SEED"; seeds 7, 41 and 44 are the first (of 1 to 60, 1 to 3
# players) whose games have rounds at Time 1: most are lost earlier
for spec in "1 1" "2 2" "3 3" "2 4" "1 5" "4 6" "3 7" "3 41" "2 44"; do
    players="${spec%% *}"
    seed="${spec#* }"
    # rounds as they start: the leader's first state of a round
    lines="$(play "$seed" "$players" | grep '^= round=' | awk '!seen[$2]++')"
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
