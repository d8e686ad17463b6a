-- The rarest rule firings: rules ordered by how often they fired (never-fired ones first), with how many stored cases show them.
-- @param run=null     only this run; null: summed over every run
-- @param game=null    only this game's rules; null: every game
-- @param limit=10     at most this many rows
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT cv.game, cv.rule, sum(cv.fired) AS fired,
       (SELECT count(*) FROM case_rules cr JOIN cases c ON c.id = cr.case_id
        WHERE cr.rule = cv.rule AND (:run IS NULL OR c.run_id = :run) AND c.run_id NOT IN (SELECT id FROM unfinished_runs)) AS cases
FROM coverage cv
WHERE (:run IS NULL OR cv.run_id = :run)
  AND (:game IS NULL OR cv.game = :game)
  AND cv.run_id NOT IN (SELECT id FROM unfinished_runs)
GROUP BY cv.game, cv.rule
ORDER BY fired, cv.rule
LIMIT :limit;
