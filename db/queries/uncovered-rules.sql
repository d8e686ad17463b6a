-- Rules that never fired in a run: rows no game reached (a test gap, or a dead rule).
-- @param run=null     the run; null: the newest run that recorded coverage
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT cv.run_id AS run, cv.game, cv.rule
FROM coverage cv
WHERE cv.fired = 0
  AND cv.run_id = coalesce(:run, (SELECT max(run_id) FROM coverage WHERE run_id NOT IN (SELECT id FROM runs WHERE status = 'interrupted'
    UNION SELECT p.run_id FROM run_params p JOIN runs v ON v.id = CAST(p.value AS INTEGER)
          WHERE p.name = 'verify-run' AND v.status IN ('interrupted', 'running'))))
ORDER BY cv.game, cv.rule;
