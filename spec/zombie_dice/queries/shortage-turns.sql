-- Every turn where the cup ran short (Zombie Dice), with the table as it stood and the shortage rules that fired.
-- @param run=null     only this run; null: every run
-- @param verify=null  only the runs this verify run made (what the FAQ shows); null: every run
-- @param limit=100    at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
-- case_id is the stored case's ID: the FAQ says its key and outcome in words from its fields.
SELECT c.run_id AS run, c.key, e.seq, e.rule, e.text AS shortage, e.state AS table_before, c.id AS case_id
FROM events_with_state e
JOIN cases c ON c.id = e.case_id
WHERE e.rule LIKE 'ZD-SHORTAGE-%'
  AND (:run IS NULL OR c.run_id = :run)
  AND (:verify IS NULL OR c.run_id IN (SELECT run_id FROM run_params
                                        WHERE name = 'verify-run' AND value = CAST(:verify AS TEXT)))
  AND c.run_id NOT IN (SELECT id FROM unfinished_runs)
ORDER BY c.run_id, c.key, e.seq
LIMIT :limit;
