#!/usr/bin/env python3
"""A faulty implementation, for undead conform's tests: it passes every
request to `undead serve GAME` and changes one thing, the decisions it
offers wherever more than one is offered (MODE):

    fewer   the last one left out
    more    one more, "dance", which no game's action is
    other   the last one replaced by "dance"

so that conform finds an offers departure of that kind, and its record
(ending "offers PLAYER ...") is refused by undead check naming the same
rule.

    offers_adapter.py MODE UNDEAD GAME
"""
import json
import subprocess
import sys

mode, undead, game = sys.argv[1], sys.argv[2], sys.argv[3]
serve = subprocess.Popen([undead, "serve", game], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

for line in sys.stdin:
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline()
    if not answer:
        break
    if json.loads(line).get("cmd") == "offers":
        reply = json.loads(answer)
        offers = reply.get("offers")
        if isinstance(offers, list) and len(offers) > 1:
            if mode == "fewer":
                offers.pop()
            elif mode == "more":
                offers.append("dance")
            elif mode == "other":
                offers[-1] = "dance"
            answer = json.dumps(reply) + "\n"
    sys.stdout.write(answer)
    sys.stdout.flush()
