#!/usr/bin/env python3
"""A faulty implementation, for the tests of conform's offers departures
(tests/faults_attack10c.sh, tests/faults_attack11.sh): it passes every
request to `undead serve one-die` and adds N offers the rules do not make,
"extra-0" to "extra-(N-1)", to every offers answer that lists any, so the
record conform writes ends in an offers line of the rules' offers and N
more.

    extra_offers_adapter.py UNDEAD N
"""
import json
import subprocess
import sys

undead, n = sys.argv[1], int(sys.argv[2])
serve = subprocess.Popen([undead, "serve", "one-die"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    serve.stdin.write(line)
    serve.stdin.flush()
    ans = json.loads(serve.stdout.readline())
    if json.loads(line)["cmd"] == "offers" and ans.get("offers"):
        ans["offers"] += ["extra-%d" % i for i in range(n)]
    sys.stdout.write(json.dumps(ans) + "\n")
    sys.stdout.flush()
