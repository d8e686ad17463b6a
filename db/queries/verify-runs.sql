-- A verify run and every run it made, with their command lines: how the FAQ's figures were computed.
-- @param run              the verify run's ID
SELECT id, command_line, status
FROM runs
WHERE id = :run
   OR id IN (SELECT run_id FROM run_params WHERE name = 'verify-run' AND value = CAST(:run AS TEXT))
ORDER BY id;
