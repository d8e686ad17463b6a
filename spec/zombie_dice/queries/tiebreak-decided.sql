-- Games decided by a tiebreak (Zombie Dice): a tiebreaker round was played and it produced a single winner.
-- @param run=null     only this run; null: every run
-- @param verify=null  only the runs this verify run made (what the FAQ shows); null: every run
-- @param limit=100    at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
-- case_id is the stored case's ID: the FAQ says its key and outcome in words from its fields.
SELECT c.run_id AS run, c.key, c.variants, c.outcome,
       sum(r.fired) AS tiebreak_rounds, c.id AS case_id
FROM cases c
JOIN case_rules r ON r.case_id = c.id
WHERE r.rule IN ('ZD-TIEBREAK-ONE', 'ZD-TIEBREAK-REPEAT')
  AND c.winner IS NOT NULL AND c.winner <> '*shared*'
  AND (:run IS NULL OR c.run_id = :run)
  AND (:verify IS NULL OR c.run_id IN (SELECT run_id FROM run_params
                                        WHERE name = 'verify-run' AND value = CAST(:verify AS TEXT)))
  AND c.run_id NOT IN (SELECT id FROM unfinished_runs)
GROUP BY c.id
ORDER BY c.run_id, c.key
LIMIT :limit;
