-- The runs a verify run made (its golden run and one sim run per variant reading), with the reading each played
-- and who played it (every seat's policy, and the player count; empty and 0 for databases older than these params)
-- from where (the start lines, joined by ';'; empty for the game's own start).
-- @param run              the verify run's ID
SELECT r.id, r.command,
       coalesce((SELECT value FROM run_params q WHERE q.run_id = r.id AND q.name = 'verify-reading'), '') AS reading,
       coalesce((SELECT value FROM run_params q WHERE q.run_id = r.id AND q.name = 'verify-policy'), '') AS policy,
       coalesce((SELECT CAST(value AS INTEGER) FROM run_params q WHERE q.run_id = r.id AND q.name = 'verify-players'), 0) AS players,
       coalesce((SELECT value FROM run_params q WHERE q.run_id = r.id AND q.name = 'start'), '') AS start
FROM runs r
JOIN run_params p ON p.run_id = r.id
WHERE p.name = 'verify-run' AND p.value = CAST(:run AS TEXT)
ORDER BY r.id;
