-- The texts' numeric claims (claim:...) of a game, the newest result of each from a complete run: the claim's name (its figure), what the text says, the verdict, the exact value.
-- @param game             (required) a game's command-line name
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT coalesce(f.name, '') AS claim, c.inputs, c.outcome, coalesce(c.prob_num, '') AS prob_num,
       coalesce(c.prob_den, '') AS prob_den, c.key, c.run_id AS run
FROM cases c
JOIN runs r ON r.id = c.run_id
LEFT JOIN case_figures f ON f.case_id = c.id AND f.position = 1
WHERE c.kind = 'solve' AND c.game = :game AND c.key LIKE 'claim:%'
  AND r.status = 'complete'
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
  AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
              WHERE c2.key = c.key AND r2.status = 'complete'
                AND r2.id NOT IN (SELECT id FROM unfinished_runs))
ORDER BY c.key;
