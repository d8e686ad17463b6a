-- One metric of a run (e.g. win_rate:p1, or its 95% half-width win_rate:p1:ci95).
-- @param run              a run ID
-- @param name             the metric's name
SELECT value
FROM metrics
WHERE run_id = :run AND name = :name
LIMIT 1;
