-- Rules that never fired in a run: rows no game reached (a test gap, or a dead rule).
-- @param run=null     the run; null: the newest run that recorded coverage
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT cv.run_id AS run, cv.game, cv.rule
FROM coverage cv
WHERE cv.fired = 0
  AND cv.run_id = coalesce(:run, (SELECT max(run_id) FROM coverage WHERE run_id NOT IN (SELECT id FROM unfinished_runs)))
ORDER BY cv.game, cv.rule;
