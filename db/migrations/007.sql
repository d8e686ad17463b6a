-- db/migrations/007.sql - schema version 6 to 7.
--
-- What a reader took back out of text is stored as numbers, so that nothing
-- parses a case's key or outcome: cases.seed, the seed of a game undead
-- played (play, sim: the seed its key names), and a claim's figure
-- `verified` (1 when the text's stated figure is the exact value rounded as
-- printed, else 0: what the first word of its outcome says).  Older rows
-- get both here, once, from their keys and outcomes.
ALTER TABLE cases ADD COLUMN seed INTEGER;

-- A seed is 0 to 2^64-1; SQLite's integers are signed 64 bits, so a seed
-- from 2^63 on is stored as seed - 2^64 (its 64 bits, as undead writes it):
-- computed from the digits in two halves, no step of which leaves 64 bits.
WITH seeded AS (SELECT id, substr(key, instr(key, ':seed=') + 6) AS rest
                FROM cases WHERE key LIKE 'game:%' AND instr(key, ':seed=') > 0),
     digits AS (SELECT id, substr(rest, 1, instr(rest || ':', ':') - 1) AS d FROM seeded)
UPDATE cases SET seed = (
    SELECT CASE WHEN length(d) < 19 OR (length(d) = 19 AND d <= '9223372036854775807')
                THEN CAST(d AS INTEGER)
                ELSE (CAST(substr(d, 1, length(d) - 10) AS INTEGER) - 1844674406) * 10000000000
                     + (CAST(substr(d, -10) AS INTEGER) - 13709551616) END
    FROM digits WHERE digits.id = cases.id)
WHERE id IN (SELECT id FROM digits WHERE d <> '' AND d NOT GLOB '*[^0-9]*' AND length(d) <= 20);

-- A claim's verdict, after the figure migration 004 gave it (its exact
-- value, named by the claim).
INSERT INTO case_figures(case_id, position, name, value)
SELECT c.id, 1 + (SELECT count(*) FROM case_figures f WHERE f.case_id = c.id), 'verified',
       c.outcome LIKE 'verified %'
FROM cases c
WHERE c.kind = 'solve' AND c.key LIKE 'claim:%'
  AND (c.outcome LIKE 'verified %' OR c.outcome LIKE 'refuted %')
  AND NOT EXISTS (SELECT 1 FROM case_figures f WHERE f.case_id = c.id AND f.name = 'verified');
