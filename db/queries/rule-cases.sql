-- The stored cases in which a given rule fired, most firings first.
-- @param rule         a rule ID, e.g. ZD-TIE-STANDS (see 'undead rules GAME')
-- @param run=null     only this run; null: every run
-- @param limit=50     at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.run_id AS run, c.key, r.fired, c.outcome
FROM case_rules r JOIN cases c ON c.id = r.case_id
WHERE r.rule = :rule AND (:run IS NULL OR c.run_id = :run)
  AND c.run_id NOT IN (SELECT id FROM unfinished_runs)
ORDER BY r.fired DESC, c.run_id, c.key
LIMIT :limit;
