-- Rules that never fired in a run: rows no game reached (a test gap, or a dead rule).
-- @param run=null     the run; null: the newest run that recorded coverage
SELECT cv.run_id AS run, cv.game, cv.rule
FROM coverage cv
WHERE cv.fired = 0
  AND cv.run_id = coalesce(:run, (SELECT max(run_id) FROM coverage))
ORDER BY cv.game, cv.rule;
