#!/usr/bin/env python3
"""drive.py - hold a Zombie Dice adapter to undead's games by hand, without `undead conform`.

Two checks, each over many games:

  dictate: `undead play zombie-dice --seed N` plays a game (a few players,
      mixed policies, sometimes a start near the goal); its chance lines are
      dictated to the adapter step by step (new, then one decide per decide
      line) and every state the adapter reports is compared with the
      transcript's state line at that decision, the offers with {roll, stop},
      the end with the winner line.
  follow: the adapter plays with its own random source while this script
      picks among its offers; the adapter's chance lines, the decisions and
      its states become a transcript that `undead check` replays.

    python3 examples/adapters/python/drive.py [--games N] [--seed S] [--mode dictate|follow|both]
        [--undead PATH] [-v] -- COMMAND...

Exit 0 when every game agreed, 1 at the first difference (printed).
Python standard library only.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile

TAG = re.compile(r"\s+\[[A-Z0-9-]+\]$")
POLICIES = ["random", "stop-at-shotguns:1", "stop-at-shotguns:2", "stop-at-brains:3", "stop-at-brains:6",
            "always-roll", "closer"]


class Adapter:
    def __init__(self, command, verbose):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.verbose = verbose

    def ask(self, request):
        line = json.dumps(request, separators=(",", ":"))
        if self.verbose:
            print("->", line)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if self.verbose:
            print("<-", answer.rstrip("\n"))
        if not answer:
            raise SystemExit("the adapter closed its output (exit %s)" % self.proc.poll())
        answer = json.loads(answer)
        if "error" in answer:
            raise Differs("the adapter answered an error: %s" % answer["error"])
        return answer

    def close(self):
        self.ask({"cmd": "quit"})
        self.proc.stdin.close()
        self.proc.wait()


class Differs(Exception):
    pass


def readings(undead):
    """Every key of `undead variants zombie-dice` with its default value."""
    out = subprocess.run([undead, "variants", "zombie-dice"], capture_output=True, text=True, check=True).stdout
    found, key = {}, None
    for line in out.splitlines():
        m = re.match(r"^([a-z-]+): ", line)
        if m:
            key = m.group(1)
        m = re.match(r"^  \* (\S+)", line)
        if m and key:
            found[key] = m.group(1)
    return found


def game_setup(rng):
    n = rng.choice([2, 2, 3, 4])
    players = ["p%d" % (k + 1) for k in range(n)]
    policies = [rng.choice(POLICIES) for _ in players]
    if set(policies) == {"always-roll"}:  # a game that never ends
        policies[0] = "random"
    start = []
    if rng.random() < 0.3:  # near the end: ties and tiebreaker rounds
        start = ["score %s %d" % (p, rng.choice([11, 12, 13, 13, 14])) for p in players]
    return players, policies, start


def state_of(line):
    return dict(kv.split("=", 1) for kv in line.split()[1:])


def same_state(expected, got):
    """Each key the transcript gives must match; feet and scores as sets."""
    for key, value in expected.items():
        mine = got.get(key)
        if key in ("feet", "scores"):
            if mine is None or set(mine.split(",")) != set(value.split(",")):
                return False
        elif mine != value:
            return False
    return True


def dictate_game(adapter, undead, seed, rng, reads, seen):
    players, policies, start = game_setup(rng)
    cmd = [undead, "play", "zombie-dice", "--no-db", "--seed", str(seed), "--players", ",".join(players),
           "--policy", ",".join(policies)]
    for s in start:
        cmd += ["--start", s]
    transcript = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    body = [TAG.sub("", line) for line in transcript.splitlines()]
    body = body[next(i for i, l in enumerate(body) if l.startswith("starts ")):]
    where = "seed %d (%s)" % (seed, " ".join(cmd[2:]))

    outcomes, request, report, winners, shared = [], None, None, None, None
    scores = {p: 0 for p in players}
    for s in start:
        scores[s.split()[1]] = int(s.split()[2])
    request = {"cmd": "new", "game": "zombie-dice", "players": players, "readings": reads, "start": start,
               "chance": "dictate", "seed": seed}
    for line in body:
        word = line.split()[0]
        if word in seen:
            seen[word] += 1
        if word in ("draw", "roll"):
            outcomes.append(line)
        elif word == "=":
            request["outcomes"] = outcomes
            report = adapter.ask(request)
            outcomes = []
            if "refused" in report:
                raise Differs("%s: refused %s" % (where, report["refused"]))
            if report.get("unused"):
                raise Differs("%s: %d outcome words unused after %s" % (where, report["unused"], request))
            if not same_state(state_of(line), report["state"]):
                raise Differs("%s: state %s, undead '%s'" % (where, report["state"], line))
            offers = adapter.ask({"cmd": "offers"})
            if set(offers["offers"]) != {"roll", "stop"} or offers["to_move"] != state_of(line)["turn"]:
                raise Differs("%s: offers %s at '%s'" % (where, offers, line))
        elif word == "decide":
            request = {"cmd": "decide", "action": line.split()[2]}
        elif word == "score":
            scores[line.split()[1]] = int(line.split()[3][1:])
        elif word == "winner":
            winners = [line.split()[1]]
        elif word == "shared-win":
            shared = line.split()[1:-1]
    request["outcomes"] = outcomes
    report = adapter.ask(request)
    if "refused" in report or report.get("unused"):
        raise Differs("%s: last step %s" % (where, report))
    want = {p: ("won" if winners and p in winners else "shared" if shared and p in shared else "lost")
            for p in players}
    got_scores = dict(kv.split(":") for kv in report["state"]["scores"].split(","))
    if not report["over"] or report.get("to_move") is not None or report.get("result") != want:
        raise Differs("%s: the end %s, undead %s" % (where, report, want))
    if got_scores != {p: str(v) for p, v in scores.items()}:
        raise Differs("%s: final scores %s, undead %s" % (where, got_scores, scores))


def follow_game(adapter, undead, seed, rng, reads, tmp):
    players, _, start = game_setup(rng)
    lines = ["undead-transcript 1", "game zombie-dice"] + ["player %s" % p for p in players]
    lines += ["start %s" % s for s in start]
    report = adapter.ask({"cmd": "new", "game": "zombie-dice", "players": players, "readings": reads,
                          "start": start, "chance": "follow", "seed": seed})
    steps = 0
    while True:
        lines += report["chance"]
        if report["over"]:
            break
        lines.append("= " + " ".join("%s=%s" % kv for kv in report["state"].items()))
        offers = adapter.ask({"cmd": "offers"})
        action = rng.choice(sorted(offers["offers"]))
        lines.append("decide %s %s" % (offers["to_move"], action))
        report = adapter.ask({"cmd": "decide", "action": action})
        steps += 1
    result = report["result"]
    best = max(int(kv.split(":")[1]) for kv in report["state"]["scores"].split(","))
    won = [p for p in players if result[p] == "won"]
    lines.append("winner %s =%d" % (won[0], best) if won else
                 "shared-win %s =%d" % (" ".join(p for p in players if result[p] == "shared"), best))
    lines.append("= " + " ".join("%s=%s" % kv for kv in report["state"].items()))
    path = os.path.join(tmp, "follow-%d.in" % seed)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    check = subprocess.run([undead, "check", "--no-db", path], capture_output=True, text=True)
    if check.returncode != 0:
        raise Differs("follow, seed %d: undead check %s:\n%s%s" % (seed, path, check.stdout, check.stderr))
    return steps


def main(argv):
    args, command = argv[1:], []
    if "--" in args:
        command = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    opts = {"--games": "100", "--seed": "1", "--mode": "both", "--undead": "build/default/tools/undead"}
    verbose = False
    while args:
        if args[0] == "-v":
            verbose, args = True, args[1:]
        elif args[0] in opts and len(args) > 1:
            opts[args[0]], args = args[1], args[2:]
        else:
            command = []
            break
    if not command:
        sys.stderr.write(__doc__)
        return 2
    undead, games, seed0 = opts["--undead"], int(opts["--games"]), int(opts["--seed"])
    reads = readings(undead)
    adapter = Adapter(command, verbose)
    hello = adapter.ask({"cmd": "hello", "protocol": 1})
    if hello.get("protocol") != 1:
        print("the adapter speaks protocol %s" % hello.get("protocol"))
        return 1
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if opts["--mode"] in ("dictate", "both"):
                seen = {"decide": 0, "bust": 0, "shortage": 0, "tiebreak": 0, "shared-win": 0}
                for seed in range(seed0, seed0 + games):
                    dictate_game(adapter, undead, seed, random.Random(seed), reads, seen)
                print("dictate: %d games agree (%s)" % (games, ", ".join("%s %d" % kv for kv in seen.items())))
            if opts["--mode"] in ("follow", "both"):
                steps = sum(follow_game(adapter, undead, seed, random.Random(seed), reads, tmp)
                            for seed in range(seed0, seed0 + games))
                print("follow: %d games (%d decisions) replay with undead check" % (games, steps))
    except Differs as why:
        print(why)
        return 1
    adapter.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
