-- Cases where the two readings of an ambiguous rule give different outcomes.
-- Pairs runs of one game that differ in variant :variant only (every other reading equal)
-- and lists each case key whose outcome differs between them.
-- Make such a pair with e.g. 'undead sim zombie-dice --games 1000' twice, once with --variant KEY=OTHER.
-- @param variant      the variant key, e.g. shortage-order (see 'undead variants GAME')
-- @param verify=null  only pairs of runs this verify run made (what the FAQ shows); null: any two runs
-- @param limit=100    at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
-- case_id (case_id_a, case_id_b) is the stored case's ID: the FAQ says its key and outcome in words from its fields.
WITH pairs AS (
    SELECT a.id AS run_a, b.id AS run_b
    FROM runs a JOIN runs b ON b.id > a.id AND b.game = a.game AND b.command = a.command
    WHERE a.id NOT IN (SELECT id FROM unfinished_runs) AND b.id NOT IN (SELECT id FROM unfinished_runs)
      AND (:verify IS NULL OR (a.id IN (SELECT run_id FROM run_params
                                         WHERE name = 'verify-run' AND value = CAST(:verify AS TEXT))
                               AND b.id IN (SELECT run_id FROM run_params
                                            WHERE name = 'verify-run' AND value = CAST(:verify AS TEXT))))
      AND EXISTS (SELECT 1 FROM run_variants va
                  JOIN run_variants vb ON vb.run_id = b.id AND vb.key = va.key
                  WHERE va.run_id = a.id AND va.key = :variant AND va.value <> vb.value)
      AND NOT EXISTS (SELECT 1 FROM run_variants va
                      JOIN run_variants vb ON vb.run_id = b.id AND vb.key = va.key
                      WHERE va.run_id = a.id AND va.key <> :variant AND va.value <> vb.value)
)
SELECT p.run_a, p.run_b, ca.key,
       va.value AS reading_a, ca.outcome AS outcome_a,
       vb.value AS reading_b, cb.outcome AS outcome_b,
       ca.id AS case_id_a, cb.id AS case_id_b
FROM pairs p
JOIN cases ca ON ca.run_id = p.run_a
JOIN cases cb ON cb.run_id = p.run_b AND cb.key = ca.key
JOIN run_variants va ON va.run_id = p.run_a AND va.key = :variant
JOIN run_variants vb ON vb.run_id = p.run_b AND vb.key = :variant
WHERE ca.outcome <> cb.outcome
ORDER BY p.run_a, p.run_b, ca.key
LIMIT :limit;
