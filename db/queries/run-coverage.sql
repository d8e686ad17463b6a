-- How many times a rule fired in a run.
-- @param run              (required) a run ID
-- @param rule             (required) a rule ID, e.g. ZD-BUST
SELECT fired
FROM coverage
WHERE run_id = :run AND rule = :rule
LIMIT 1;
