# spec/zombies_cards/fuzz-starts.sh - the start positions of Zombies!!!
# The Card Game's engine fuzz target: the seeded deal of every player cut
# to its last 7 to 10 cards, the bottom of each deck, late in a game.
# Sourced by fuzz/make-starts.sh zombies_cards (play, $spec_dir), which
# writes fuzz-starts.txt beside this file.

# card numbers (from 1) in the order of the built-in cards.txt
mapfile -t ids < <(sed -n 's/^card id=\([^ ]*\).*/\1/p' "$spec_dir/content/cards.txt")
declare -A number=()
for i in "${!ids[@]}"; do number["${ids[$i]}"]=$((i + 1)); done
for spec in "2 1 7" "2 2 8" "3 3 9" "4 4 7" "2 5 10" "3 6 8"; do
    read -r players seed keep <<< "$spec"
    echo
    echo "# seed $seed's deal, $players players, each deck cut to its last $keep cards (late in a game)"
    echo "players $players"
    seat=0
    play "$seed" "$players" | sed -n 's/^deal \(.*[^ ]\) *\[ZC-DEAL\]$/\1/p' |
        while read -r -a cards; do
            seat=$((seat + 1))
            list=""
            for id in "${cards[@]: -$keep}"; do list+="${list:+,}${number[$id]}"; done
            echo "start deck p$seat $list"
        done
done
