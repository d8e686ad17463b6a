-- How many times a rule fired in a run.
-- @param run              a run ID
-- @param rule             a rule ID, e.g. ZD-BUST
SELECT fired
FROM coverage
WHERE run_id = :run AND rule = :rule
LIMIT 1;
