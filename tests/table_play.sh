#!/usr/bin/env bash
# table_play.sh - undead play with a person at the table (--policy human).
#   table_play.sh UNDEAD SOURCE_DIR
# Zombie Dice with scripted answers: the table drawn before each of the
# person's decisions and what happened since; the prompt names the player
# and numbers the choices; an answer by number, by words in any case, by a
# unique start; '?' explains each choice; a wrong answer and an ambiguous
# start said and asked again; the record only in --record FILE, a full one
# that check replays, holding the decisions answered.  Every game played to
# its end by a person, who asks '?' and 'odds' at the first five decisions
# (each answered: an explanation, odds exact or estimated).  Colour on a
# terminal, none with NO_COLOR or off a terminal.
set -euo pipefail
undead="$1" src="$2"
faults_name=table_play case_=play # fail, expect:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
prompt="ann, choose: 1) stop   2) roll   (? explains them; odds; quit ends the game) > "

# answers: roll by number, by capitals, by a start; '?'; a wrong one; stop
# by a start; then the other seat plays and ann answers 1 (stop) to the end
{ printf '2\nROLL\nr\n?\nxyz\nsto\n'; printf '1\n%.0s' {1..200}; } > in
run "$undead" play zombie-dice --players ann,bob --policy human,random --seed 5 --no-db --record rec
[[ $rc == 0 ]] || fail "exit $rc: $(head -c 2000 err)"
[[ ! -s err ]] || fail "standard error: $(head -c 2000 err)"
grep -q '^undead-transcript' out && fail "the record is on the screen"
grep -qx "ann to choose" out || fail "no table drawn for ann: $(head -c 2000 out)"
grep -q "^Cup ([0-9]* dice): green [0-9]*, yellow [0-9]*, red [0-9]*$" out ||
    fail "the table does not show the cup: $(head -c 2000 out)"
grep -q "^Zombie Dice: the first to 13 brains$" out || fail "the table is not Zombie Dice's drawing"
grep -qx "  decide ann roll" out || fail "what happened since is not shown: $(head -c 2000 out)"
grep -qxF "${prompt}1) stop: Short of three shotguns, you choose to stop and score or to roll again. (000_667bbeec5fdf16bd.txt, Mmm! Brainnns!)" out ||
    fail "'?' does not explain stop: $(grep -F '1) stop' out | head -3)"
grep -qx "2) roll: as above" out || fail "'?' does not explain roll"
grep -qxF "${prompt}'xyz' is not one of the choices: type its number, its words or their start" out ||
    fail "a wrong answer is not said"
decisions="$(grep '^decide ann' rec | head -4 | awk '{print $3}' | tr '\n' ' ')"
[[ "$decisions" == "roll roll roll stop " ]] || fail "ann's first decisions are '$decisions', expected roll roll roll stop"
"$undead" check rec > /dev/null || fail "the record does not replay: exit $?"
grep -q "^The game is over\. .* wins\.$" out || fail "the end is not said: $(tail -5 out)"
grep -q $'\x1b' out && fail "colour off a terminal"

# odds: Zombie Dice's exact figures at the choice, held against the same
# figure computed here from the table's state line (the feet rerolled, the
# rest drawn from the cup without replacement; a red die shows a shotgun on
# 3 faces of 6, a yellow on 2, a green on 1)
printf 'roll\nodds\nquit\n' > in
run "$undead" play zombie-dice --players ann,bob --policy human,random --seed 3 --no-db
[[ $rc == 2 ]] || fail "odds then quit: exit $rc"
python3 - out <<'PY' || fail "odds: $(grep -A3 '^stop: you bank' out)"
import itertools, re, sys
from fractions import Fraction as F
text = open(sys.argv[1]).read()
head, _, tail = text.partition("stop: you bank")
table = head[head.rindex("ann to choose"):]
# the table as drawn: "Cup (10 dice): green 5, yellow 2, red 3", "Feet in
# hand:  green, yellow" (or "none"), "Brains:        2 this turn ...",
# "Shotguns:      1 of 3 this turn ..."
state = table
colour = {"green": "G", "yellow": "Y", "red": "R"}
cup = {colour[c]: int(n) for c, n in re.findall(r"(green|yellow|red) (\d+)", re.search(r"^Cup .*$", table, re.M).group(0))}
feet_line = re.search(r"^Feet in hand:\s*(.*)$", table, re.M).group(1)
feet = [colour[w] for w in re.findall(r"green|yellow|red", feet_line)]
shots = int(re.search(r"^Shotguns:\s*(\d+) of 3", table, re.M).group(1))
brains = int(re.search(r"^Brains:\s*(\d+) this turn", table, re.M).group(1))
p_shot = {"G": F(1, 6), "Y": F(2, 6), "R": F(3, 6)}
need = 3 - len(feet)
pool = [c for c, n in cup.items() for _ in range(n)]
assert len(pool) >= need, "a shortage: not modelled here"
draws = list(itertools.permutations(range(len(pool)), need))
bust = F(0)
for d in draws:
    dice = feet + [pool[i] for i in d]
    # the chance that fewer than 3 - shots of the dice show a shotgun
    no = F(0)
    for faces in itertools.product([0, 1], repeat=3):
        pr = F(1)
        for die, f in zip(dice, faces):
            pr *= p_shot[die] if f else 1 - p_shot[die]
        if shots + sum(faces) < 3:
            no += pr
    bust += (1 - no) / len(draws)
said = re.search(r"with chance (\d+)/(\d+) = ", tail)
if not said or F(int(said.group(1)), int(said.group(2))) != bust:
    sys.exit(f"undead says {said and said.group(0)}, computed {bust} from '{state}'")
if f" {brains} brain" not in tail.split("\n")[0]:
    sys.exit(f"stopping banks {brains}: {tail.splitlines()[0]}")
PY
# odds in a Dice of the Living Dead fight: what keeping kills now, held
# against the faces of the record's fight roll (a 4 or 5 kills one, a 6 two)
python3 -c "print('odds\n1\n' * 300)" > in
run "$undead" play dotld --players ann --policy human --seed 1 --no-db
python3 - out <<'PY' || fail "dotld odds: $(grep -m1 -A3 'keep: your dice' out)"
import re, sys
text = open(sys.argv[1]).read()
head, _, tail = text.partition("keep: your dice as they show kill ")
if not tail:
    sys.exit("no fight odds")
faces = [int(f) for f in re.findall(r"^  fight ([0-9 ]+)$", head, re.M)[-1].split()]
zombies = int(re.findall(r"^Fight Dice: (\d+) zombies? to fight", head, re.M)[-1])
kills = min(zombies, sum(1 if f in (4, 5) else 2 if f == 6 else 0 for f in faces))
want = f"{kills} of the {zombies} zombie{'' if zombies == 1 else 's'}: {zombies - kills} left."
if not tail.startswith(want):
    sys.exit(f"undead: '{tail.splitlines()[0]}', computed '{want}' from faces {faces}")
if "played on for the best chance to kill them all (never risking the clock): " not in tail.split("ann, choose")[0]:
    sys.exit("no best-play figure")
PY
# odds by simulation (One Die: no exact figure, nothing hidden)
printf 'odds\nquit\n' > in
run "$undead" play one-die --players ann,bob --policy human,random --seed 3 --no-db
grep -q "> odds, estimated: each choice, then 200 games played out with every seat on 'risk'$" out ||
    fail "one-die odds: $(grep -A4 odds out | head -5)"
[[ $(grep -cE '^  [123]\) risk [123]: ann wins [0-9]+% \(±[0-9]+%\) of 200 games$' out) == 3 ]] ||
    fail "one-die odds per choice: $(grep -A4 'odds, est' out)"
# a game that hides cards: estimated all the same, each playout from the
# position with what the seat cannot see dealt again
printf 'odds\nquit\n' > in
run "$undead" play zombies-cards --players ann,bob --policy human,random --seed 3 --no-db
grep -q "> odds, estimated: each choice, then 200 games played out with every seat on 'hoarder'$" out ||
    fail "zombies-cards odds: $(grep odds out | tail -2)"

# an ambiguous start: asked again, saying so
{ printf 'risk\n'; printf '1\n%.0s' {1..300}; } > in
run "$undead" play one-die --players ann --policy human --no-db --seed 2
grep -qF "'risk' starts more than one choice: type its number, its words or their start" out ||
    fail "an ambiguous start: $(grep -m2 risk out)"

# every game, a person (both seats) asking '?' and 'odds' at the first five
# decisions, then answering 1 to the end: each of those decisions answered
# with an explanation and odds, exact or estimated, one line per choice
while read -r game; do
    { printf '?\nodds\n1\n%.0s' {1..5}; printf '1\n%.0s' {1..5000}; } > in
    run "$undead" play "$game" --players ann,bob --policy human --no-db --seed 3 --record rec
    [[ $rc == 0 ]] || fail "$game: exit $rc: $(head -c 2000 err)"
    grep -q "^The game is over\." out || fail "$game: the end is not said: $(tail -5 out)"
    "$undead" check rec > /dev/null || fail "$game: the record does not replay"
    python3 - out "$game" <<'PY' || fail "$game: ? and odds at every decision asked"
import re, sys
text, game = open(sys.argv[1]).read(), sys.argv[2]
prompts = [m.start() for m in re.finditer(r"^(ann|bob), choose:", text, re.M)]
asked = 0
# each decision was asked three times ('?', 'odds', the answer): what follows
# its first prompt explains, what follows the second gives odds
for k in range(0, 15, 3):
    explained = text[prompts[k]:prompts[k + 1]]
    odds = text[prompts[k + 1]:prompts[k + 2]]
    if not re.search(r"> 1\) ", explained):
        sys.exit(f"decision {k // 3 + 1}: no explanation: {explained[-300:]}")
    if not (re.search(r"> (stop: you bank|keep: your dice)", odds) or
            re.search(r"> odds, estimated: .*\n  1\) .*: (ann|bob) wins \d+% \(±\d+%\) of \d+ games", odds)):
        sys.exit(f"decision {k // 3 + 1}: no odds: {odds[-400:]}")
    asked += 1
print(f"table_play: {game}: '?' and odds at {asked} decisions")
PY
    echo "table_play: $game: $(grep -c 'ann to choose\|bob to choose' out) decisions asked"
done < <("$undead" games | awk '{print $1}')

# colour on a terminal (script(1) gives the command one), none with NO_COLOR
if command -v script > /dev/null; then
    printf 'quit\n' > in
    script -qec "$undead play one-die --players ann --policy human --no-db < in" /dev/null > tty.txt || true
    grep -q $'\x1b\\[1mann' tty.txt || fail "no colour on a terminal: $(head -c 500 tty.txt | od -c | head)"
    NO_COLOR=1 script -qec "$undead play one-die --players ann --policy human --no-db < in" /dev/null > tty.txt || true
    grep -q $'\x1b' tty.txt && fail "colour with NO_COLOR set"
else
    fail "script(1) missing (bsdutils)"
fi
echo "table_play: PASS"
