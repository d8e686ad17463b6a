#!/usr/bin/env bash
# tests/db_migrate.sh UNDEAD SOURCE_DIR - a database written by undead at
# schema version 1 (tests/data/db_v1.sql, a dump made by that version) opens
# with this undead, is refused by a reader and migrated forward by `undead db
# migrate` (db/migrations/), keeps every row,
# and comes out in the newest format: per-seat outcomes, one variants
# format, solve keys with ":reading=", an analysis's figures as rows.  Needs
# the sqlite3 shell.
set -euo pipefail
undead="$1"
src="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "db_migrate: $*" >&2; exit 1; }
q() { sqlite3 -batch -noheader v1.db "$1"; }
expect() { # expect SQL WANT
    local got
    got="$(q "$1")"
    [[ "$got" == "$2" ]] || fail "$1: got '$got', expected '$2'"
}

sqlite3 -batch v1.db < "$src/tests/data/db_v1.sql"
[[ "$(q 'PRAGMA user_version')" == 1 ]] || fail "the fixture is not at schema version 1"
# Two more version-1 rows the fixture's commands did not write: a game solve
# (key ":end=...:tiebreak=...", every reading in variants) and a shared win.
all_default="end=finish-round tiebreak=one-round shortage-when=fewer-than-three shortage-order=return-first first-player=seat-order dice=base energy-drink=one-footprint rescue=earlier-rolls helmet=this-roll bus=off"
q "INSERT INTO cases(run_id, key, kind, game, variants, inputs, status, outcome, decisions, rules)
   VALUES (1, 'solve:zombie-dice:game:end=final-turn:tiebreak=until-broken', 'solve', 'zombie-dice',
           '${all_default/end=finish-round tiebreak=one-round/end=final-turn tiebreak=until-broken}',
           'players=2 policy=optimal', 'complete', 'p_first=0.5 p_second=0.5', -1, ''),
          (1, 'transcript:zombie-dice:shared.in', 'transcript', 'zombie-dice', 'tiebreak=one-round',
           'shared.in', 'complete', 'shared scores=ann:13,bob:9,cid:13', 4, ''),
          (1, 'game:zombie-dice:seed=18446744073709551615:players=a,b:policies=random,random', 'play',
           'zombie-dice', 'defaults', 'seed=18446744073709551615:players=a,b:policies=random,random',
           'complete', 'winner=a scores=a:13,b:2', 9, '')"

tables="runs run_variants run_params cases case_rules events violations coverage metrics"
declare -A before
for t in $tables; do before[$t]="$(q "SELECT count(*) FROM $t")"; done
(( before[events] > 0 && before[cases] > 20 )) || fail "the fixture is too small: ${before[*]}"

# A reader migrates nothing: it refuses an older schema, saying how to
# bring it forward, and leaves the file as it was.
cp v1.db v1.orig
rc=0; "$undead" db runs --db v1.db > runs.out 2> runs.err || rc=$?
[[ $rc == 2 ]] || fail "db runs on a version-1 database: exit $rc, expected 2"
grep -qxF "undead db: v1.db: schema version 1 is older than this undead's (8); 'undead db migrate --db v1.db' brings it forward (nothing was changed)" runs.err ||
    fail "db runs on a version-1 database: $(cat runs.err)"
cmp -s v1.db v1.orig || fail "db runs changed a version-1 database"
# db migrate (and every command that records) migrates it.
"$undead" db migrate --db v1.db > migrate.out || fail "db migrate on a version-1 database: exit $?"
grep -qx "v1.db: schema version 8" migrate.out || fail "db migrate: $(cat migrate.out)"
"$undead" db runs --db v1.db > runs.out || fail "db runs on the migrated database: exit $?"
grep -q "sim" runs.out || fail "db runs lists no sim run: $(cat runs.out)"
expect 'PRAGMA user_version' 8
# a run names its process by more than its pid (migration 006): older rows
# have no identity and no last write
expect "SELECT count(*) FROM runs WHERE proc_start IS NOT NULL OR last_write IS NOT NULL" 0
expect 'PRAGMA application_id' 1970168932
# ids are never used again (migration 008): runs and cases AUTOINCREMENT,
# their next ids after the highest there, the views still there
expect "SELECT count(*) FROM sqlite_schema WHERE name IN ('runs', 'cases') AND sql LIKE '%AUTOINCREMENT%'" 2
expect "SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'runs') = (SELECT max(id) FROM runs)" 1
expect "SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'cases') = (SELECT max(id) FROM cases)" 1
expect "SELECT count(*) FROM sqlite_schema WHERE type = 'view'" 3
expect "PRAGMA foreign_key_check" ""
for t in $tables; do
    expect "SELECT count(*) FROM $t" "${before[$t]}"
done
expect 'PRAGMA integrity_check' ok
# The runs derived figures leave out, one view (migration 003): an
# interrupted run, and the runs of a verify run that did not finish.
expect "SELECT count(*) FROM sqlite_schema WHERE type = 'view' AND name = 'unfinished_runs'" 1
expect "SELECT count(*) FROM unfinished_runs" \
    "$(q "SELECT count(*) FROM runs WHERE status = 'interrupted' OR id IN (SELECT p.run_id FROM run_params p
          JOIN runs v ON v.id = CAST(p.value AS INTEGER) WHERE p.name = 'verify-run'
          AND v.status IN ('interrupted', 'running'))")"
expect 'PRAGMA foreign_key_check' ''

# Per-seat outcomes: one row per seat of every case whose outcome has scores.
expect "SELECT count(*) FROM cases c WHERE instr(c.outcome, ' scores=') > 0
        AND NOT EXISTS (SELECT 1 FROM case_outcomes o WHERE o.case_id = c.id)" 0
expect "SELECT count(*) FROM cases c WHERE c.winner NOT LIKE '*%' AND (SELECT count(*)
        FROM case_outcomes o WHERE o.case_id = c.id AND o.outcome = 'won' AND o.player = c.winner) <> 1" 0
expect "SELECT group_concat(seat || ':' || player || ':' || score || ':' || outcome, ' ') FROM
        (SELECT * FROM case_outcomes WHERE case_id = (SELECT id FROM cases WHERE key LIKE '%shared.in')
         ORDER BY seat)" "1:ann:13:shared 2:bob:9:lost 3:cid:13:shared"

# One variants format: no default reading, no empty text.
expect "SELECT count(*) FROM cases WHERE variants = '' OR ' ' || variants || ' ' GLOB '* bus=off *'
        OR ' ' || variants || ' ' GLOB '* end=finish-round *' OR variants GLOB '*;*'" 0
expect "SELECT variants FROM cases WHERE key LIKE 'solve:%:turn:%'" "shortage-when=fewer-than-needed"
expect "SELECT variants FROM cases WHERE key LIKE 'claim:%' GROUP BY variants" "defaults"
expect "SELECT variants FROM cases WHERE key LIKE 'transcript:%final-turn.in'" "end=final-turn"
# Solve keys end with :reading= and the variants text.
expect "SELECT key FROM cases WHERE key LIKE 'solve:%:turn:%'" \
    "solve:zombie-dice:turn:policy=stop-at-shotguns:2:reading=shortage-when=fewer-than-needed"
expect "SELECT key FROM cases WHERE key LIKE 'solve:%:game:%'" \
    "solve:zombie-dice:game:reading=end=final-turn tiebreak=until-broken"
expect "SELECT count(*) FROM cases WHERE kind = 'solve' AND key LIKE 'solve:%'
        AND substr(key, instr(key, ':reading=') + 9) <> variants" 0
# An analysis's fields (migration 003), parsed from the keys: the analysis,
# and the policy when the key names one (a policy may hold ':').
expect "SELECT analysis || '|' || policy FROM cases WHERE key LIKE 'solve:%:turn:%'" "turn|stop-at-shotguns:2"
expect "SELECT analysis || '|' || coalesce(policy, 'none') FROM cases WHERE key LIKE 'solve:%:game:%'" "game|none"
expect "SELECT count(*) FROM cases WHERE key LIKE 'claim:%' AND (analysis IS NOT NULL OR policy IS NOT NULL)" 0
expect "SELECT count(*) FROM cases WHERE kind <> 'solve' AND (analysis IS NOT NULL OR policy IS NOT NULL)" 0
expect "SELECT count(*) FROM cases WHERE policy IS NOT NULL AND key NOT LIKE 'explore-outcomes:%'
        AND key <> 'solve:' || game || ':' || analysis || ':policy=' || policy || ':reading=' || variants" 0
expect "SELECT analysis || '|' || policy FROM cases WHERE key LIKE 'explore-outcomes:%'" \
    "explore-outcomes|stop-at-shotguns:2"
# An analysis's figures as rows (migration 004), parsed from its outcome: in
# order, each with its value; the case's exact value on the figure it equals
# (turn-bust: bust); a claim's one figure named by the claim.
figures() { # figures KEY-PATTERN: "name=value[=exact]" in order
    q "SELECT group_concat(name || '=' || printf('%.6f', value) || coalesce('=' || exact_num || '/' || exact_den, ''),
              ' ') FROM (SELECT f.* FROM case_figures f JOIN cases c ON c.id = f.case_id WHERE c.key LIKE '$1'
                         ORDER BY f.position)"
}
[[ "$(figures 'solve:%:turn:%')" == "ev=2.073052=8845350779327599955"*" bust=0.258441" ]] ||
    fail "turn's figures: $(figures 'solve:%:turn:%')"
[[ "$(figures 'solve:%:turn-bust:%')" == "ev=2.073052 bust=0.258441=2004950356875493835718"* ]] ||
    fail "turn-bust's figures: $(figures 'solve:%:turn-bust:%')"
[[ "$(figures 'solve:%:game:%')" == "p_first=0.500000 p_second=0.500000" ]] ||
    fail "game's figures: $(figures 'solve:%:game:%')"
[[ "$(figures 'explore-outcomes:%')" == "expected=2.080447 bust=0.257753" ]] ||
    fail "explore-outcomes' figures: $(figures 'explore-outcomes:%')"
[[ "$(figures 'claim:%:001-green-brain')" == "001-green-brain=0.500000=1/2 verified=1.000000" ]] ||
    fail "a claim's figures: $(figures 'claim:%:001-green-brain')"
# a claim's verdict as a figure (migration 007), from its outcome's first word
[[ "$(figures 'claim:%:001-two-red-one-green')" == "001-two-red-one-green=0.791667=19/24 verified=0.000000" ]] ||
    fail "a refuted claim's figures: $(figures 'claim:%:001-two-red-one-green')"
expect "SELECT count(*) FROM cases c WHERE c.key LIKE 'claim:%' AND (SELECT count(*) FROM case_figures f
        WHERE f.case_id = c.id AND f.name = 'verified' AND f.value = (c.outcome LIKE 'verified %')) <> 1" 0
# A played game's seed as a number (migration 007), from its key: every
# game case has the seed its key names; one from 2^63 on is stored as
# seed - 2^64.
expect "SELECT count(*) FROM cases WHERE key LIKE 'game:%' AND (seed IS NULL OR (seed >= 0
        AND substr(key, 1, length('game:' || game || ':seed=' || seed || ':')) <> 'game:' || game || ':seed=' || seed || ':'))" 0
expect "SELECT seed FROM cases WHERE key LIKE 'game:%:seed=18446744073709551615:%'" -1
expect "SELECT count(*) FROM cases WHERE key NOT LIKE 'game:%' AND seed IS NOT NULL" 0
expect "SELECT count(*) FROM cases c WHERE (c.analysis IS NOT NULL OR c.key LIKE 'claim:%')
        AND NOT EXISTS (SELECT 1 FROM case_figures f WHERE f.case_id = c.id)" 0
expect "SELECT count(*) FROM case_figures f JOIN cases c ON c.id = f.case_id
        WHERE c.analysis IS NULL AND c.key NOT LIKE 'claim:%'" 0

# Named queries run on it, by their full and their short names.
"$undead" db query zombie_dice/shortage-turns --db v1.db > /dev/null || fail "query by full name"
"$undead" db query shortage-turns --db v1.db > /dev/null || fail "query by its short name"
"$undead" db show 1 --db v1.db | grep -q "seat outcomes" || fail "db show has no seat outcomes"

# Opening again changes nothing; a new run writes the new format beside the old rows.
"$undead" db runs --db v1.db > /dev/null
expect "SELECT count(*) FROM cases" "${before[cases]}"
"$undead" sim zombie-dice --games 2 --db v1.db > /dev/null
expect "SELECT count(*) FROM cases WHERE run_id = (SELECT max(id) FROM runs)" 2
expect "SELECT DISTINCT variants FROM cases WHERE run_id = (SELECT max(id) FROM runs)" defaults
expect "SELECT count(*) FROM case_outcomes o JOIN cases c ON c.id = o.case_id
        WHERE c.run_id = (SELECT max(id) FROM runs)" 4
expect "SELECT group_concat(seed, ' ') FROM cases WHERE run_id = (SELECT max(id) FROM runs)" "1 2"
# and a new solve writes its figures with its cases, as the migration made them
"$undead" solve zombie-dice claims --db v1.db > /dev/null
expect "SELECT f.name || '=' || f.exact_num || '/' || f.exact_den FROM case_figures f JOIN cases c ON c.id = f.case_id
        WHERE c.run_id = (SELECT max(id) FROM runs) AND c.key = 'claim:zombie-dice:001-green-brain'
        AND f.position = 1" \
    "001-green-brain=1/2"
expect "SELECT f.name || '=' || f.value FROM case_figures f JOIN cases c ON c.id = f.case_id
        WHERE c.run_id = (SELECT max(id) FROM runs) AND c.key = 'claim:zombie-dice:001-two-red-one-green'
        AND f.position = 2" \
    "verified=0.0"
# A version-3 database (the fixture brought to 3 by its migrations) with a
# fight of combat, whose policy only its key named: 004 fills the policy
# and the figures, each fraction exact.
sqlite3 -batch v3.db < "$src/tests/data/db_v1.sql"
sqlite3 -batch v3.db < "$src/db/migrations/002.sql"
sqlite3 -batch v3.db < "$src/db/migrations/003.sql"
sqlite3 -batch v3.db "PRAGMA user_version = 3;
    INSERT INTO cases(run_id, key, kind, game, variants, inputs, status, outcome, decisions, prob_num, prob_den,
                      rules, analysis)
    VALUES (1, 'solve:dotld:combat:reroll-safe:z1:d2:t3', 'solve', 'dotld', 'defaults',
            'zombies=1 dice=2 time=3 policy=reroll-safe', 'complete',
            'all-killed=3/4 e-left=0.250000 e-time-lost=0.500000 out-of-time=1/16', -1, '3', '4', '', 'combat')"
"$undead" db migrate --db v3.db > /dev/null || fail "db migrate on a version-3 database: exit $?"
q3() { sqlite3 -batch -noheader v3.db "$1"; }
[[ "$(q3 'PRAGMA user_version')" == 8 ]] || fail "version 3 was not migrated: $(q3 'PRAGMA user_version')"
[[ "$(q3 "SELECT policy FROM cases WHERE key LIKE 'solve:dotld:combat:%'")" == reroll-safe ]] ||
    fail "combat's policy: $(q3 "SELECT policy FROM cases WHERE key LIKE 'solve:dotld:combat:%'")"
got="$(q3 "SELECT group_concat(name || '=' || printf('%.4f', value) || coalesce('=' || exact_num || '/' || exact_den, ''),
                  ' ') FROM (SELECT f.* FROM case_figures f JOIN cases c ON c.id = f.case_id
                             WHERE c.key LIKE 'solve:dotld:combat:%' ORDER BY f.position)")"
[[ "$got" == "all-killed=0.7500=3/4 e-left=0.2500 e-time-lost=0.5000 out-of-time=0.0625=1/16" ]] ||
    fail "combat's figures: $got"

echo "db_migrate: version 1 -> $(q 'PRAGMA user_version'), ${before[cases]} cases and ${before[events]} events kept"
