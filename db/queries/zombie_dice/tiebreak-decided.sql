-- Games decided by a tiebreak (Zombie Dice): a tiebreaker round was played and it produced a single winner.
-- @param run=null     only this run; null: every run
-- @param limit=100    at most this many rows
SELECT c.run_id AS run, c.key, c.variants, c.outcome,
       sum(r.fired) AS tiebreak_rounds
FROM cases c
JOIN case_rules r ON r.case_id = c.id
WHERE r.rule IN ('ZD-TIEBREAK-ONE', 'ZD-TIEBREAK-REPEAT')
  AND c.winner IS NOT NULL AND c.winner <> '*shared*'
  AND (:run IS NULL OR c.run_id = :run)
GROUP BY c.id
ORDER BY c.run_id, c.key
LIMIT :limit;
