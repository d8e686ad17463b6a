-- db/migrations/003.sql - schema version 2 to 3.
--
-- 1. The runs everything derived leaves out (a named query over many runs
-- says "run_id NOT IN (SELECT id FROM unfinished_runs)"): an interrupted
-- run, and every run of a verify run that was interrupted or still runs
-- (its figures are half a set).

CREATE VIEW unfinished_runs AS
    SELECT id FROM runs WHERE status = 'interrupted'
    UNION SELECT p.run_id FROM run_params p JOIN runs v ON v.id = CAST(p.value AS INTEGER)
          WHERE p.name = 'verify-run' AND v.status IN ('interrupted', 'running');

-- 2. What an analysis (undead solve, explore --outcomes) computed, as fields
-- rather than inside the key: cases.analysis names the analysis ("turn",
-- "game-from-3", "combat", "explore-outcomes"), cases.policy the policy a
-- figure follows when the analysis compares policies under each reading
-- (the key's ":policy="); the reading is the case's variants, as the key's
-- ":reading=" always was.  NULL for every other case (and claims).
ALTER TABLE cases ADD COLUMN analysis TEXT;
ALTER TABLE cases ADD COLUMN policy TEXT;

-- Existing rows: parsed from their keys, "solve:GAME:ANALYSIS[:...]",
-- "explore-outcomes:GAME:...", and ":policy=P:reading=R" (P may hold ':').
UPDATE cases SET analysis = CASE
        WHEN key LIKE 'explore-outcomes:%' THEN 'explore-outcomes'
        ELSE substr(substr(key, length('solve:' || game || ':') + 1), 1,
                    instr(substr(key, length('solve:' || game || ':') + 1) || ':', ':') - 1)
    END
WHERE kind = 'solve' AND (key LIKE 'solve:' || game || ':%' OR key LIKE 'explore-outcomes:%');
UPDATE cases SET policy = substr(key, instr(key, ':policy=') + 8,
                                 instr(key, ':reading=') - instr(key, ':policy=') - 8)
WHERE kind = 'solve' AND instr(key, ':policy=') > 0 AND instr(key, ':reading=') > instr(key, ':policy=');
