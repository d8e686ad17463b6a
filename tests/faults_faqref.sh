#!/usr/bin/env bash
# tests/faults_faqref.sh CASE UNDEAD SOURCE_DIR DB - regression tests for
# the FAQ's references, as tests/faults.sh does for the attack pass's
# faults: each CASE is one place where the FAQ read a number or a name back
# out of text, run as a user would on a copy of the verify_db fixture's
# database whose text says something else, with the exact line asserted
# (the cases are listed here).
#   figure    the first seat's chart (Zombie Dice) shows the figure p_first
#            as stored (case_figures), not the p_first= of the outcome text.
#   outcomes  a stored case's outcome is said from its status, winner and
#            seats (case_outcomes), not from its outcome text: a golden
#            example's "Replayed against the rules", the tiebreak table,
#            the table of games two readings part.
#   seeds     a played game is named by its seed (cases.seed), not by the
#            seed= its key holds.
#   verdict   a claim's verdict is its figure "verified", not its outcome's
#            first word.
#   findings  golden/zombie_dice/findings.txt is read into typed fields,
#            each shown as shipped; a key undead does not know, a record
#            without an id, a key given twice, a line that is not
#            "KEY: VALUE" are refused, exit 2, naming the file and line.
#   migrated  a database at schema version 6 (no cases.seed, no verdict
#            figures) is refused by faq as older, exit 2; `undead db
#            migrate` brings it to 7, and its FAQ is then byte for byte the
#            FAQ of the same database made at 7, in both formats.
set -euo pipefail
case_="$1" undead="$2" src="$3" db="$4"
faults_name=faults_faqref   # fail, expect, sql:
source "$(dirname "${BASH_SOURCE[0]}")/faults_lib.sh"
faults_scratch
[[ -s "$db" ]] || fail "no verified database at '$db' (the verify_db fixture)"
cp "$db" v.db
# faq [OPTIONS]: Zombie Dice's reference as Markdown from v.db into out.
faq() { run "$undead" faq --db v.db --golden "$src/golden" --game zombie-dice --part reference --format md "$@"; }

case "$case_" in
figure)
    # a solve of the two-player game under end=final-turn whose outcome
    # text says 75% and whose figure says 25%
    sql v.db "INSERT INTO runs(started, ended, status, exit_code, command, command_line, game, undead_version,
                               source_revision, host, pid)
              VALUES ('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', 'complete', 0, 'solve',
                      'undead solve zombie-dice game', 'zombie-dice', '0', 'x', 'h', 1)" > /dev/null
    sql v.db "INSERT INTO cases(run_id, key, kind, game, variants, inputs, status, outcome, decisions, rules, analysis)
              VALUES ((SELECT max(id) FROM runs), 'solve:zombie-dice:game:reading=end=final-turn', 'solve',
                      'zombie-dice', 'end=final-turn', 'players=2 policy=optimal', 'complete',
                      'p_first=0.7500000000 p_second=0.2500000000', -1, '', 'game')" > /dev/null
    sql v.db "INSERT INTO case_figures(case_id, position, name, value)
              VALUES ((SELECT max(id) FROM cases), 1, 'p_first', 0.25), ((SELECT max(id) FROM cases), 2, 'p_second', 0.75)" > /dev/null
    faq
    expect 0 out "| end=final-turn | 25.000 |"
    ;;
outcomes)
    # every played and golden case's outcome text names other players
    # (outcomes that were equal stay equal, those that differed differ)
    sql v.db "UPDATE cases SET outcome = replace(replace(outcome, 'winner=', 'winner=x'), 'scores=', 'scores=y')
              WHERE kind IN ('golden', 'sim')" > /dev/null
    faq
    expect 0 out "File \`zombie_dice/endgame/final-turn.in\`. Players: a b c. \`variant end=final-turn\` \`start score a 12\` \`start score b 12\` Replayed against the rules (undead golden check): complete (b won (a 13, b 14, c 0))."
    expect 0 out "File \`zombie_dice/examples/000-shortage-literal.in\`. Players: you rival. \`variant shortage-when=literal\` Replayed against the rules (undead golden check): partial (scores so far: you 12, rival 0)."
    expect 0 out "| tiebreak-until-broken | tiebreak=until-broken | a won (a 14, b 13, c 3) | 2 |"
    expect 0 out "| seed 10 | finish-round | p2 won (p1 11, p2 16) | final-turn | p2 won (p1 12, p2 16) |"
    ;;
seeds)
    # every played game's key names another seed (9 before its own)
    sql v.db "UPDATE cases SET key = replace(key, ':seed=', ':seed=9') WHERE kind = 'sim'" > /dev/null
    faq
    expect 0 out "| seed 10 | finish-round | p2 won (p1 11, p2 16) | final-turn | p2 won (p1 12, p2 16) |"
    ;;
verdict)
    # every claim's outcome says the opposite verdict
    sql v.db "UPDATE cases SET outcome = CASE WHEN outcome LIKE 'verified %' THEN 'refuted' || substr(outcome, 9)
                                         ELSE 'verified' || substr(outcome, 8) END
              WHERE key LIKE 'claim:%'" > /dev/null
    faq
    expect 0 out '| `001-green-brain` | Dice Color Probabilities | **verified** | 0.5000 = 1/2 |'
    expect 0 out '| `001-two-red-one-green` | two red and one green: at least one shotgun (ending the turn with two already) | **refuted** | 0.7917 = 19/24 |'
    ;;
findings)
    mkdir g
    shipped="$src/golden/zombie_dice/findings.txt"
    # findings.txt as FIX (a sed script) makes it: zombie_dice's reference
    # from a golden folder with it
    findings() {
        rm -rf g/zombie_dice
        cp -r "$src/golden/zombie_dice" g/
        sed -e "$1" "$shipped" > g/zombie_dice/findings.txt
        run "$undead" faq --db v.db --golden g --game zombie-dice --part reference --format md
    }
    findings ''
    expect 0 out '- **quote**: "picking up one die from the cup"'
    expect 0 out '- **transcript**: `golden/zombie_dice/examples/001-shortage-return-first.in`'
    line="$(grep -n '^quote:' "$shipped" | head -1 | cut -d: -f1)"
    findings "${line}s/^quote:/quot:/"
    expect 2 err "undead faq: g/zombie_dice/findings.txt:$line: unknown key 'quot'; expected one of: id source quote rules finding transcript"
    line="$(grep -n '^id: ZD-F2' "$shipped" | cut -d: -f1)"
    findings "${line}d"
    expect 2 err "undead faq: g/zombie_dice/findings.txt:$line: a finding without an 'id: ' line"
    findings "${line}s/^id: ZD-F2/id: ZD-F2\nid: ZD-F2b/"
    expect 2 err "undead faq: g/zombie_dice/findings.txt:$((line + 1)): 'id' given twice in one finding"
    findings "${line}s/^id: ZD-F2/id ZD-F2/"
    expect 2 err "undead faq: g/zombie_dice/findings.txt:$line: expected 'KEY: VALUE', a blank line or a '#' comment"
    ;;
migrated)
    for f in md html; do
        run "$undead" faq --db v.db --golden "$src/golden" --format "$f" -o "at7.$f"
        [[ $rc == 0 ]] || fail "faq --format $f at schema 7: exit $rc: $(cat err)"
    done
    # the same database as schema 6 held it
    sql v.db "DELETE FROM case_figures WHERE name = 'verified'" > /dev/null
    sql v.db "ALTER TABLE cases DROP COLUMN seed" > /dev/null
    sql v.db "PRAGMA user_version = 6" > /dev/null
    run "$undead" faq --db v.db --golden "$src/golden" --format md
    expect 2 err "undead faq: results database: v.db: schema version 6 is older than this undead's (8); 'undead db migrate --db v.db' brings it forward (nothing was changed)"
    run "$undead" db migrate --db v.db
    expect 0 out "v.db: schema version 8"
    for f in md html; do
        run "$undead" faq --db v.db --golden "$src/golden" --format "$f" -o "at6.$f"
        [[ $rc == 0 ]] || fail "faq --format $f after db migrate: exit $rc: $(cat err)"
        cmp -s "at7.$f" "at6.$f" || fail "the FAQ ($f) of the migrated database differs: $(diff "at7.$f" "at6.$f" | head -5)"
    done
    ;;
*)
    fail "no such case"
    ;;
esac
echo "faults_faqref $case_: ok"
