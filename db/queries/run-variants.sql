-- The variant readings a run played under, as recorded.
-- @param run              a run ID
SELECT key, value
FROM run_variants
WHERE run_id = :run
ORDER BY position;
