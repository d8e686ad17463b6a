#!/usr/bin/env bash
# tests/converter.sh UNDEAD SOURCE_DIR - the worked example of
# docs/converter.md: the Brainfest log converted by
# docs/examples/brainfest2undead.py and checked, then each of the guide's
# broken logs, with the exact message undead check (or the converter)
# prints.  Every expected line must also stand, as is, in the guide, so
# the guide shows what the tools print.
set -euo pipefail
undead="$1" src="$2"
conv="$src/docs/examples/brainfest2undead.py" log="$src/docs/examples/brainfest.log"
guide="$src/docs/converter.md"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "converter: $*" >&2; exit 1; }

# case NAME SED RC LINE [CHECK-OPTION...]: the log edited by SED, converted
# and checked, exits RC and prints LINE (standard output and error).
case_() {
    local name="$1" edit="$2" want_rc="$3" want="$4"
    shift 4
    sed "$edit" "$log" > game.log
    local rc=0
    if python3 "$conv" game.log > game.transcript 2> out; then
        "$undead" check --no-db "$@" game.transcript > out 2>&1 || rc=$?
    else
        rc=$?
    fi
    [[ $rc == "$want_rc" ]] || fail "$name: exit $rc, expected $want_rc: $(cat out)"
    grep -qxF -- "$want" out || fail "$name: expected '$want', got: $(cat out)"
    grep -qxF -- "$want" "$guide" || fail "$name: docs/converter.md does not show '$want'"
}

case_ legal           ''                                        0 'game.transcript: ok: ann=14 bob=9; winner ann'
case_ wrong-sum       's/^ann stop +3 =14/ann stop +3 =15/'     1 "game.transcript:13: ZD-STOP-SCORE: expected 'score ann +3 =14', found 'score ann +3 =15'"
case_ die-not-taken   's/^ann roll GB GB RF/ann roll GB YB RF/' 1 "game.transcript:11: ZD-MUST-ROLL: 'yellow:brain' cannot happen here; expected green:brain|green:shotgun|green:feet"
case_ too-many-dice   's/^ann take G R$/ann take G R Y/'        1 "game.transcript:10: ZD-DRAW: outcome 'yellow' is one too many: the rules use 2 outcome(s) on this line"
case_ stop-unrolled   's/^bob roll GB GS RS/bob stop +2 =11/'   1 "game.transcript:18: ZD-MUST-ROLL: expected a 'roll' line here (green:brain|green:shotgun|green:feet), found 'decide bob stop'"
case_ wrong-player    's/^ann again/bob again/'                 1 "game.transcript:9: ZD-CHOICE: it is ann's decision, not bob's"
case_ cut-short       '13,$d'                                   0 'game.transcript: ok (partial): ann=14 bob=9'
case_ strict          ''                                        1 "game.transcript:7: ZD-FIRST-SEAT-ORDER: the record is complete, but 'starts ann' is missing here, before 'draw green green yellow'" --strict
case_ unreadable-log  's/^ann take G G Y/ann take G G P/'       1 "game.log:3: cannot read 'ann take G G P'"

# A converter bug: an action the game does not have is a malformed file.
python3 "$conv" "$log" | sed 's/^decide ann roll/decide ann reroll/' > game.transcript
rc=0
"$undead" check --no-db game.transcript > out 2>&1 || rc=$?
want="game.transcript:9:12: expected an action (stop|roll|ride|get-off|stay-on|drink-green|drink-yellow|drink-red|drink-hunk|drink-hottie|drink-santa), found 'reroll'"
[[ $rc == 2 ]] || fail "converter bug: exit $rc, expected 2: $(cat out)"
grep -qxF -- "$want" out || fail "converter bug: expected '$want', got: $(cat out)"
grep -qxF -- "$want" "$guide" || fail "converter bug: docs/converter.md does not show '$want'"
echo "converter: all cases as the guide shows"
