-- db/migrations/002.sql - schema version 1 to 2.
--
-- 1. case_outcomes: one row per seat of a case (won, lost, out, shared,
--    none), beside cases.winner which stays for compatibility.  Filled here
--    from what version 1 kept: the outcome text "winner=NAME scores=A:13,B:9",
--    "shared scores=...", "partial scores=..." or "undecided scores=...".
--    Version 1 did not say which seats shared a win: the seats with the top
--    score are taken as the sharers (a shared win is a tie that stood).
-- 2. cases.variants in one format (db/README.md, "Variant settings"): the
--    readings that differ from the game's defaults, KEY=VALUE in the game's
--    variant order, one space apart, or "defaults".  Version 1 also wrote
--    every reading (explore, solve) and an empty text (explore --outcomes).
--    Version 1 databases hold one game, whose defaults are listed below as
--    they were then: dropping exactly those readings gives the format.
-- 3. Keys of analyses that cover several readings in one run (solve) end
--    with ":reading=" and the variants text, as db/README.md says.

CREATE TABLE case_outcomes (
    case_id  INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,                -- 1, 2, ... in the order the players sit
    player   TEXT NOT NULL,
    score    INTEGER,                         -- NULL: the game keeps no score or it is unknown
    outcome  TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'out', 'shared', 'none')),
    PRIMARY KEY (case_id, seat)
) WITHOUT ROWID;
CREATE INDEX case_outcomes_by_player ON case_outcomes(player, outcome);

-- 1. seats from "... scores=NAME:SCORE,NAME:SCORE".
CREATE TEMP TABLE v1_seats AS
WITH RECURSIVE split(case_id, kind, seat, item, rest) AS (
    SELECT id, substr(outcome, 1, instr(outcome, ' ') - 1), 0, NULL,
           substr(outcome, instr(outcome, ' scores=') + 8) || ','
    FROM cases WHERE instr(outcome, ' scores=') > 0
    UNION ALL
    SELECT case_id, kind, seat + 1, substr(rest, 1, instr(rest, ',') - 1),
           substr(rest, instr(rest, ',') + 1)
    FROM split WHERE rest <> ''
)
SELECT case_id, kind, seat,
       substr(item, 1, length(rtrim(item, '-0123456789')) - 1) AS player,
       CAST(substr(item, length(rtrim(item, '-0123456789')) + 1) AS INTEGER) AS score
FROM split WHERE seat > 0;

INSERT INTO case_outcomes(case_id, seat, player, score, outcome)
SELECT s.case_id, s.seat, s.player, s.score,
       CASE
           WHEN s.kind = 'winner=' || s.player THEN 'won'
           WHEN s.kind LIKE 'winner=%' THEN 'lost'
           WHEN s.kind = 'shared' AND s.score = (SELECT max(t.score) FROM v1_seats t
                                                 WHERE t.case_id = s.case_id) THEN 'shared'
           WHEN s.kind = 'shared' THEN 'lost'
           ELSE 'none'
       END
FROM v1_seats s;
DROP TABLE v1_seats;

-- 2. the variants text.
CREATE TEMP TABLE v1_defaults(reading TEXT PRIMARY KEY);
INSERT INTO v1_defaults VALUES ('end=finish-round'), ('tiebreak=one-round'),
    ('shortage-when=fewer-than-three'), ('shortage-order=return-first'),
    ('first-player=seat-order'), ('dice=base'), ('energy-drink=one-footprint'),
    ('rescue=earlier-rolls'), ('helmet=this-roll'), ('bus=off');

CREATE TEMP TABLE v1_variants AS
WITH RECURSIVE split(case_id, rest, kept) AS (
    SELECT id, variants || ' ', '' FROM cases WHERE variants <> 'defaults'
    UNION ALL
    SELECT case_id, substr(rest, instr(rest, ' ') + 1),
           CASE WHEN substr(rest, 1, instr(rest, ' ') - 1) IN (SELECT reading FROM v1_defaults)
                     OR instr(rest, ' ') = 1 THEN kept
                WHEN kept = '' THEN substr(rest, 1, instr(rest, ' ') - 1)
                ELSE kept || ' ' || substr(rest, 1, instr(rest, ' ') - 1) END
    FROM split WHERE rest <> ''
)
SELECT case_id, CASE WHEN kept = '' THEN 'defaults' ELSE kept END AS variants
FROM split WHERE rest = '';

UPDATE cases SET variants = (SELECT v.variants FROM v1_variants v WHERE v.case_id = cases.id)
WHERE id IN (SELECT case_id FROM v1_variants);
DROP TABLE v1_variants;
DROP TABLE v1_defaults;

-- 3. solve keys: ":reading=shortage-when=A;shortage-order=B" (turn) and
-- ":end=A:tiebreak=B" (game) become ":reading=" and the variants text.
UPDATE cases SET key = substr(key, 1, instr(key, ':reading=') - 1) || ':reading=' || variants
WHERE kind = 'solve' AND key LIKE 'solve:%' AND instr(key, ':reading=') > 0;
UPDATE cases SET key = substr(key, 1, instr(key, ':end=') - 1) || ':reading=' || variants
WHERE kind = 'solve' AND key LIKE 'solve:%' AND instr(key, ':end=') > 0;
