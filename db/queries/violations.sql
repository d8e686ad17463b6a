-- Invariant violations, newest first, each with the rule that fired last and a replayable transcript ('undead check FILE').
-- @param run=null     only this run; null: every run
-- @param limit=20     at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
-- case_id is the stored case's ID: the FAQ says its key and outcome in words from its fields.
SELECT v.run_id AS run, c.key, v.invariant, v.rule, v.message, v.transcript, c.id AS case_id
FROM violations v LEFT JOIN cases c ON c.id = v.case_id
WHERE (:run IS NULL OR v.run_id = :run)
  AND v.run_id NOT IN (SELECT id FROM unfinished_runs)
ORDER BY v.id DESC
LIMIT :limit;
