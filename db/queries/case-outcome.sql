-- The status and outcome of one case of a run (e.g. a golden transcript's).
-- @param run              (required) a run ID
-- @param key              (required) the case's key
SELECT status, outcome
FROM cases
WHERE run_id = :run AND key = :key;
