#!/usr/bin/env python3
"""zombie_dice.py - a small Zombie Dice behind undead's conformance protocol.

The skeleton a programmer copies: the base game (13 dice, the readings
`undead variants zombie-dice` marks as default) written from the
publisher's rules sheet, and around it the protocol of docs/conformance.md
(JSON Lines on standard input and output).  Replace the class ZombieDice
with calls into your own engine and keep the rest.

    undead conform zombie-dice -- python3 examples/adapters/python/zombie_dice.py
    undead conform zombie-dice -- python3 examples/adapters/python/zombie_dice.py --fault recycle-shotguns

--fault NAME makes the game depart from the rules in one known way (FAULTS
below), to see what undead reports.  Python standard library only.
"""

import copy
import json
import random
import sys

PROTOCOL = 1
NAME = "zombie_dice.py (undead example adapter) 1"

# One known departure each, to see `undead conform` catch it.
FAULTS = {
    "recycle-shotguns": "when the cup runs short, the shotgun dice go back into the cup too (the count stays)",
    "stop-needs-brain": "a player may stop only with at least one brain this turn (shows in the offers)",
    "draw-by-colour": "follow mode draws a colour at random, then a die of it, instead of a die at random",
}

# ---------------------------------------------------------------------------
# The game.  Everything the protocol needs from it: set up (constructor),
# play to the first decision (start), the decisions now (offers), take one
# and play on (decide), the observable state (state), whose move (to_move),
# the end (over, result).

# Faces of each die, side by side (the publisher's dice: 6 green, 4 yellow, 3 red).
DICE = {
    "green": ("brain", "brain", "brain", "shotgun", "feet", "feet"),
    "yellow": ("brain", "brain", "shotgun", "shotgun", "feet", "feet"),
    "red": ("brain", "shotgun", "shotgun", "shotgun", "feet", "feet"),
}
COLOURS = ("green", "yellow", "red")  # the order of the cup= value
LETTER = {"green": "G", "yellow": "Y", "red": "R"}
CUP = {"green": 6, "yellow": 4, "red": 3}
GOAL = 13


class ZombieDice:
    """One game.  The caller sets chance, the seam every random choice goes
    through (chance.pick(event, outcomes), outcomes the equally likely ones:
    a colour once per die in the cup, a face once per side), before start()
    and each decide(); log collects the outcomes, as chance lines."""

    def __init__(self, players, faults=(), start_scores=None):
        self.players = list(players)
        self.chance = None
        self.faults = set(faults)
        self.log = []
        self.scores = {p: 0 for p in self.players}
        self.scores.update(start_scores or {})
        self.cup = dict(CUP)
        self.first = 0  # the first listed player starts
        self.current = self.first
        self.clear_turn()
        self.ending = False  # someone reached 13: the round is being finished
        self.contenders = None  # the tied leaders, in turn order, during the tiebreaker
        self.over = False
        self.result = None

    def start(self):
        """Play to the first decision."""
        self.start_turn()
        self.play_on()

    def clear_turn(self):
        self.feet = []  # feet dice in front of the player, in the order taken
        self.brain_dice = []
        self.shotgun_dice = []
        self.noted_brains = 0  # brains noted when their dice went back (shortage)
        self.noted_shotguns = 0  # only under the fault recycle-shotguns
        self.turn_done = False

    # -- what the protocol asks --------------------------------------------

    def to_move(self):
        return None if self.over else self.players[self.current]

    def offers(self):
        if self.over:
            return []
        if "stop-needs-brain" in self.faults and self.turn_brains() == 0:
            return ["roll"]
        return ["roll", "stop"]

    def decide(self, action):
        if action not in self.offers():
            raise ValueError("'%s' is not offered here" % action)
        if action == "stop":
            self.scores[self.players[self.current]] += self.turn_brains()
            self.end_turn()
        else:
            self.roll()
        self.play_on()

    def turn_brains(self):
        return self.noted_brains + len(self.brain_dice)

    def turn_shotguns(self):
        return self.noted_shotguns + len(self.shotgun_dice)

    def state(self):
        state = {
            "turn": self.players[self.current],
            "brains": str(self.turn_brains()),
            "shotguns": str(self.turn_shotguns()),
            "feet": ",".join(LETTER[d] for d in self.feet) or "-",
            "cup": "".join("%s%d" % (LETTER[c], self.cup[c]) for c in COLOURS),
            "scores": ",".join("%s:%d" % (p, self.scores[p]) for p in self.players),
        }
        if self.ending and not self.over:
            state["turns-left"] = str(self.turns_left())
        return state

    def turns_left(self):
        """The turns still owed after this one, in the last round or the tiebreaker."""
        if self.contenders is not None:
            return len(self.contenders) - 1 - self.contenders.index(self.current)
        last = (self.first - 1) % len(self.players)  # the round ends with the seat before the first
        return (last - self.current) % len(self.players)

    # -- a turn ---------------------------------------------------------------

    def start_turn(self):
        self.clear_turn()
        self.roll()

    def roll(self):
        """Take enough new dice to hold three, roll them with the feet, set aside."""
        needed = 3 - len(self.feet)
        if needed > 0 and sum(self.cup.values()) < 3:
            self.shortage()
        new = [self.draw() for _ in range(needed)]
        if new:
            self.log.append("draw " + " ".join(new))
        hand = self.feet + new
        faces = [self.roll_die(d) for d in hand]
        self.log.append("roll " + " ".join("%s:%s" % df for df in zip(hand, faces)))
        self.brain_dice += [d for d, f in zip(hand, faces) if f == "brain"]
        self.shotgun_dice += [d for d, f in zip(hand, faces) if f == "shotgun"]
        self.feet = [d for d, f in zip(hand, faces) if f == "feet"]
        if self.turn_shotguns() >= 3:  # shot: the turn scores nothing
            self.end_turn()

    def roll_die(self, colour):
        """One die rolled, at random: the face it shows."""
        return self.chance.pick("roll", ["%s:%s" % (colour, face) for face in DICE[colour]]).split(":")[1]

    def shortage(self):
        """Fewer than three dice in the cup: note the brains, put their dice back."""
        self.noted_brains += len(self.brain_dice)
        back = self.brain_dice
        if "recycle-shotguns" in self.faults:
            self.noted_shotguns += len(self.shotgun_dice)
            back = back + self.shotgun_dice
            self.shotgun_dice = []
        for d in back:
            self.cup[d] += 1
        self.brain_dice = []

    def draw(self):
        """One die from the cup, at random."""
        dice = [c for c in COLOURS for _ in range(self.cup[c])]
        if "draw-by-colour" in self.faults and isinstance(self.chance, SeededChance):  # ignored when dictated
            dice = [c for c in COLOURS if self.cup[c]]
        colour = self.chance.pick("draw", dice)
        self.cup[colour] -= 1
        return colour

    def end_turn(self):
        """All dice back in the cup; then the end of the game, or the next player."""
        for d in self.feet + self.brain_dice + self.shotgun_dice:
            self.cup[d] += 1
        self.clear_turn()
        self.turn_done = True

    def play_on(self):
        """Play what needs no decision: the next turns (up to a decision) and the end."""
        while self.turn_done and not self.over:
            n = len(self.players)
            if self.contenders is None:
                if not self.ending and self.scores[self.players[self.current]] >= GOAL:
                    self.ending = True
                last = (self.first - 1) % n  # the round ends with the seat before the first
                if self.ending and self.current == last:
                    self.game_end()
                else:
                    self.current = (self.current + 1) % n
                    self.start_turn()
            elif self.current == self.contenders[-1]:
                self.game_end()
            else:
                self.current = self.contenders[self.contenders.index(self.current) + 1]
                self.start_turn()

    def game_end(self):
        """Most brains wins; leaders tied play one tiebreaker round; a tie after it is shared."""
        seats = self.contenders if self.contenders is not None else range(len(self.players))
        best = max(self.scores[self.players[s]] for s in seats)
        leaders = [s for s in seats if self.scores[self.players[s]] == best]
        if len(leaders) > 1 and self.contenders is None:
            n = len(self.players)
            self.contenders = sorted(leaders, key=lambda s: (s - self.first) % n)
            self.current = self.contenders[0]
            self.start_turn()
            return
        self.over = True
        outcome = "won" if len(leaders) == 1 else "shared"
        self.result = {p: (outcome if s in leaders else "lost") for s, p in enumerate(self.players)}


# ---------------------------------------------------------------------------
# The chance seams: where the game's random choices come from.


class Refused(Exception):
    """Chance dictated an outcome this implementation cannot take."""


class SeededChance:
    """Follow mode: the adapter's own random source, seeded by undead."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def pick(self, event, outcomes):
        return self.rng.choice(outcomes)


class DictatedChance:
    """Dictate mode: outcomes from the lines undead sends.  For each pick of
    an event, the first unused word of the event's current line that is a
    possible outcome; the next line of the event once one is used up."""

    def __init__(self, lines):
        self.lines = {}  # event -> list of [words, used flags]
        for line in lines:
            event, *words = line.split()
            self.lines.setdefault(event, []).append([words, [False] * len(words)])

    def pick(self, event, outcomes):
        lines = self.lines.get(event, [])
        while lines and all(lines[0][1]):  # used up: the event's next line
            lines.pop(0)
        if not lines:
            raise Refused("this engine needs another '%s' outcome and none is left" % event)
        words, used = lines[0]
        for k, word in enumerate(words):
            if not used[k] and word in outcomes:
                used[k] = True
                return word
        possible = "|".join(dict.fromkeys(outcomes))  # each word once
        raise Refused("no unused word of the '%s' line is a possible outcome here (%s)" % (event, possible))

    def unused(self):
        return sum(used.count(False) for lines in self.lines.values() for _, used in lines)


# ---------------------------------------------------------------------------
# The protocol (docs/conformance.md, version 1).

# The readings this implementation plays (the defaults).  energy-drink,
# rescue and helmet concern only the expansion dice: with the base dice
# every value plays the same, so every value is accepted.
READINGS = {
    "end": ("finish-round",),
    "tiebreak": ("one-round",),
    "shortage-when": ("fewer-than-three",),
    "shortage-order": ("return-first",),
    "first-player": ("seat-order",),
    "dice": ("base",),
    "bus": ("off",),
    "energy-drink": None,
    "rescue": None,
    "helmet": None,
}


class ProtocolError(Exception):
    pass


class Unsupported(Exception):
    """A request this implementation does not play (a reading, a number of players): 'unsupported'."""


def start_scores(lines, players):
    """Starting-position lines: 'score NAME N'."""
    scores = {}
    for line in lines:
        words = line.split()
        if len(words) != 3 or words[0] != "score" or not words[2].isdigit():
            raise ProtocolError("start line '%s': expected 'score PLAYER N'" % line)
        if words[1] not in players:
            raise ProtocolError("start line '%s': no player named '%s'" % (line, words[1]))
        if int(words[2]) > 1000:
            raise ProtocolError("start line '%s': score out of range 0..1000" % line)
        scores[words[1]] = int(words[2])
    return scores


class Session:
    """The protocol's side: one game at a time, its chance seam, the answers."""

    def __init__(self, faults):
        self.faults = faults
        self.game = None
        self.mode = None  # "dictate" or "follow"
        self.seeded = None  # follow mode: the game's random source, kept from step to step

    def handle(self, request):
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise ProtocolError('a request without "cmd"')
        if cmd == "hello":
            return {"protocol": PROTOCOL, "name": NAME}
        if cmd == "quit":
            return {"bye": True}
        if cmd == "new":
            self.game = None
            players, scores = self.setup(request)
            self.game = ZombieDice(players, self.faults, scores)
            answer = self.step(request, self.game.start)
            if "refused" in answer:
                self.game = None  # nothing to go back to
            return answer
        if self.game is None:
            raise ProtocolError("'%s' before any 'new'" % cmd)
        if cmd == "offers":
            return {"to_move": self.game.to_move(), "offers": self.game.offers()}
        if cmd == "decide":
            action = request.get("action")
            if action not in self.game.offers():
                raise ProtocolError("'%s' is not offered here" % action)
            return self.step(request, lambda: self.game.decide(action))
        if cmd == "state":
            return self.report()
        raise ProtocolError("unknown command '%s'" % cmd)

    def setup(self, request):
        """Check a 'new' request: the game, players, readings, chance mode and start lines."""
        if request.get("game") != "zombie-dice":
            raise ProtocolError("this adapter plays zombie-dice, not '%s'" % request.get("game"))
        players = request.get("players")
        if (
            not isinstance(players, list)
            or not 2 <= len(players) <= 16
            or not all(isinstance(p, str) and p for p in players)
            or len(set(players)) != len(players)
        ):
            raise ProtocolError("Zombie Dice takes 2 to 16 players with distinct names")
        for key, value in (request.get("readings") or {}).items():
            if key not in READINGS:
                raise Unsupported("reading %s=%s: a question this implementation does not know" % (key, value))
            if READINGS[key] is not None and value not in READINGS[key]:
                raise Unsupported(
                    "reading %s=%s: this implementation plays only %s=%s" % (key, value, key, READINGS[key][0])
                )
        self.mode = request.get("chance")
        if self.mode not in ("dictate", "follow"):
            raise ProtocolError("chance must be 'dictate' or 'follow', not '%s'" % self.mode)
        if self.mode == "follow":
            self.seeded = SeededChance(request.get("seed", 0))
        return players, start_scores(request.get("start") or [], players)

    def step(self, request, play):
        """Play one step; a refused outcome leaves the game as it was."""
        game = self.game
        before = copy.deepcopy(game) if self.mode == "dictate" else None
        game.chance = self.seeded if self.mode == "follow" else DictatedChance(request.get("outcomes") or [])
        game.log = []
        try:
            play()
        except Refused as why:
            self.game = before
            return {"refused": str(why)}
        report = self.report()
        if self.mode == "follow":
            report["chance"] = game.log
        else:
            report["unused"] = game.chance.unused()
        return report

    def report(self):
        game = self.game
        report = {"state": game.state(), "to_move": game.to_move(), "over": game.over}
        if game.over:
            report["result"] = game.result
        return report


def main(argv):
    faults = []
    args = argv[1:]
    while args:
        if args[0] == "--fault" and len(args) > 1 and args[1] in FAULTS:
            faults.append(args[1])
            args = args[2:]
        else:
            sys.stderr.write("usage: zombie_dice.py [--fault NAME]...\nfaults:\n")
            sys.stderr.writelines("  %-18s %s\n" % kv for kv in FAULTS.items())
            return 2
    session = Session(faults)
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            answer = session.handle(request)
        except json.JSONDecodeError as why:
            answer = {"error": "not JSON: %s" % why}
        except ProtocolError as why:
            answer = {"error": str(why)}
        except Unsupported as why:
            answer = {"unsupported": str(why)}
        except Exception as why:  # a bug here: say so rather than die
            answer = {"error": "%s: %s" % (type(why).__name__, why)}
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if "bye" in answer:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
