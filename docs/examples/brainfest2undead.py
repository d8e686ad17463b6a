#!/usr/bin/env python3
"""Convert a Brainfest game log (docs/converter.md) into an undead transcript.

usage: brainfest2undead.py GAME.log > GAME.transcript
Each transcript line ends with a comment naming the log line it came from,
so an error that undead check reports at a transcript line leads back to
the log.  A log without a winner line is written as a partial record.
"""
import sys

COLOURS = {"G": "green", "Y": "yellow", "R": "red"}
FACES = {"B": "brain", "S": "shotgun", "F": "feet"}


def die(word):  # "GB" -> "green:brain"
    return COLOURS[word[0]] + ":" + FACES[word[1]]


def convert(log):
    players, header, body, ended = [], [], [], False
    for n, raw in enumerate(log, 1):
        words = raw.split("#")[0].split()
        if not words:
            continue
        note = f"  # log {n}"
        try:
            if words[0] == "scores":  # "scores ann=11 bob=9": the seats, in order
                for w in words[1:]:
                    name, score = w.split("=")
                    players.append(name)
                    header.append(f"start score {name} {int(score)}")
            elif words[0] == "winner":  # "winner ann 14"
                body.append(f"winner {words[1]} ={int(words[2])}{note}")
                ended = True
            elif words[1] == "take":  # new dice from the cup
                body.append("draw " + " ".join(COLOURS[c] for c in words[2:]) + note)
            elif words[1] == "roll":  # every die rolled, kept feet dice included
                body.append("roll " + " ".join(die(w) for w in words[2:]) + note)
            elif words[1] == "again":
                body.append(f"decide {words[0]} roll{note}")
            elif words[1] == "stop":  # "ann stop +3 =14": the log's own sums
                body.append(f"decide {words[0]} stop{note}")
                body.append(f"score {words[0]} {words[2]} {words[3]}{note}")
            elif words[1] == "shot":  # the bust line has counts the log lacks:
                pass                  # left out (undead fills it in)
            else:
                raise ValueError(words[1])
        except (IndexError, KeyError, ValueError):
            sys.exit(f"{sys.argv[1]}:{n}: cannot read '{raw.strip()}'")
    out = ["undead-transcript 1", "game zombie-dice"]
    out += [f"player {p}" for p in players] + header
    out += [] if ended else ["partial"]  # a log cut short
    return out + body


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        print("\n".join(convert(f)))
