-- What changed since a release: cases whose outcome now differs from the outcome recorded by that undead version.
-- For every case key (under the same variant readings), compares the newest case from a run of
-- undead version :version with the newest case of all; lists those whose outcome differs.
-- @param version      an undead version, e.g. 0.1.0 (see 'undead db runs')
-- @param limit=200    at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
WITH newest AS (
    SELECT c.key, c.variants, c.outcome, c.run_id,
           row_number() OVER (PARTITION BY c.key, c.variants ORDER BY c.run_id DESC) AS n
    FROM cases c
    WHERE c.run_id NOT IN (SELECT id FROM unfinished_runs)
),
released AS (
    SELECT c.key, c.variants, c.outcome, c.run_id,
           row_number() OVER (PARTITION BY c.key, c.variants ORDER BY c.run_id DESC) AS n
    FROM cases c JOIN runs r ON r.id = c.run_id
    WHERE r.undead_version = :version AND r.status = 'complete'
      AND r.id NOT IN (SELECT id FROM unfinished_runs)
)
SELECT o.key, o.variants, o.run_id AS then_run, o.outcome AS then_outcome,
       w.run_id AS now_run, w.outcome AS now_outcome
FROM released o JOIN newest w ON w.key = o.key AND w.variants = o.variants
WHERE o.n = 1 AND w.n = 1 AND w.outcome <> o.outcome
ORDER BY o.key, o.variants
LIMIT :limit;
