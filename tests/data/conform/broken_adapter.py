#!/usr/bin/env python3
"""A broken adapter, for undead conform's tests: it passes every request
to `undead serve GAME` and breaks the protocol in one way (MODE) at the
third play, so that conform must report it as a broken adapter (exit 2)
with the request and what it received, and never hang or crash.

    broken_adapter.py MODE UNDEAD GAME
"""
import json
import os
import signal
import subprocess
import sys
import time

mode, undead, game = sys.argv[1], sys.argv[2], sys.argv[3]
serve = subprocess.Popen([undead, "serve", game], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
plays = 0


def ask(line):
    serve.stdin.write(line)
    serve.stdin.flush()
    return serve.stdout.readline()


def say(text):
    sys.stdout.write(text)
    sys.stdout.flush()


for line in sys.stdin:
    req = json.loads(line)
    if req.get("cmd") == "hello" and mode == "version":
        say(json.dumps({"protocol": 2, "name": "speaks version 2"}) + "\n")
        continue
    if req.get("cmd") in ("new", "decide"):
        plays += 1
    answer = ask(line)
    if plays == 3 and req.get("cmd") == "decide":
        if mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif mode == "exit":
            sys.exit(3)
        elif mode == "hang":
            time.sleep(3600)
        elif mode == "garbage":
            say("this is not JSON\n")
            continue
        elif mode == "extra":
            say(answer)
            say(answer)
            continue
        elif mode == "wrong-question":
            say(json.dumps({"to_move": "p1", "offers": ["stop"]}) + "\n")
            continue
        elif mode == "error":
            say(json.dumps({"error": "my engine lost its dice"}) + "\n")
            continue
        elif mode == "flood":
            say("[" * (2 * 1024 * 1024))
            time.sleep(3600)
    say(answer)
