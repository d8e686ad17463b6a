#!/usr/bin/env python3
"""An implementation that does not play some readings, for undead
conform's tests: it passes every request to `undead serve GAME` (a mutant
of the mutation build, if UNDEAD_MUTANT says so) and answers a `new` that
names one of the readings KEY=VALUE given with `unsupported`, as
docs/conformance.md asks of an adapter that cannot play a reading (so
that conform's play under other readings skips it).

    refusing_adapter.py UNDEAD GAME KEY=VALUE...
"""
import json
import subprocess
import sys

undead, game, refused = sys.argv[1], sys.argv[2], set(sys.argv[3:])
serve = subprocess.Popen([undead, "serve", game], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "new":
        named = {"%s=%s" % kv for kv in request.get("readings", {}).items()} & refused
        if named:
            why = "reading %s: this implementation does not play it" % ", ".join(sorted(named))
            sys.stdout.write(json.dumps({"unsupported": why}) + "\n")
            sys.stdout.flush()
            continue
    serve.stdin.write(line)
    serve.stdin.flush()
    answer = serve.stdout.readline()
    if not answer:
        break
    sys.stdout.write(answer)
    sys.stdout.flush()
