-- Each mutant of a game in its newest mutation run (undead mutate, docs/mutation.md): killed by which check and why, survived, or declared equivalent.
-- @param game             a game's command-line name
-- @param verdict=%        only verdicts LIKE this: 'survived', 'equivalent', 'killed by golden', 'killed%'
-- A run that found survivors ends 'failed' (exit 1) and is still the newest; interrupted runs are left out.
SELECT substr(c.key, length('mutant:' || c.game || ':') + 1) AS mutant, c.rules AS row, c.analysis AS operator,
       c.outcome AS verdict, c.inputs AS reason
FROM cases c
WHERE c.kind = 'mutant' AND c.game = :game AND c.outcome LIKE :verdict
  AND c.run_id = (SELECT max(r.id) FROM runs r
                  WHERE r.command = 'mutate' AND r.game = :game AND r.status IN ('complete', 'failed')
                    AND r.id NOT IN (SELECT id FROM unfinished_runs))
ORDER BY c.id;
