-- The runs a verify run made (its golden run and one sim run per variant reading), with the reading each played.
-- @param run              (required) the verify run's ID
SELECT r.id, r.command,
       coalesce((SELECT value FROM run_params q WHERE q.run_id = r.id AND q.name = 'verify-reading'), '') AS reading
FROM runs r
JOIN run_params p ON p.run_id = r.id
WHERE p.name = 'verify-run' AND p.value = CAST(:run AS TEXT)
ORDER BY r.id;
