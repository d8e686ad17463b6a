-- The newest figures of each analysis that compares policies under each reading (undead solve, explore --outcomes) of a game, from a complete run: analysis, policy, reading, figures, exact value.
-- @param game             (required) a game's command-line name
-- The reading is the case's variants ("defaults" or the readings that differ from them).
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.analysis, c.policy, c.variants AS reading, c.outcome, coalesce(c.prob_num, '') AS prob_num,
       coalesce(c.prob_den, '') AS prob_den, c.run_id AS run
FROM cases c
JOIN runs r ON r.id = c.run_id
WHERE c.kind = 'solve' AND c.game = :game AND c.policy IS NOT NULL
  AND r.status = 'complete'
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
  AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
              WHERE c2.key = c.key AND r2.status = 'complete'
                AND r2.id NOT IN (SELECT id FROM unfinished_runs))
ORDER BY c.key;
