-- How the stored games ended for each seat: won alone, shared a win, lost, or out of the game (dead while others went on), and how many of them nobody won.
-- @param run              a verify run's ID: its own cases and those of the runs it made
-- @param game=null        only this game; null: every game
SELECT c.game, count(DISTINCT c.id) AS games,
       sum(o.outcome = 'won') AS won, sum(o.outcome = 'shared') AS shared,
       sum(o.outcome = 'lost') AS lost, sum(o.outcome = 'out') AS out_of_game,
       (SELECT count(*) FROM cases c2
        WHERE c2.game = c.game AND c2.status = 'complete'
          AND c2.run_id IN (SELECT id FROM runs WHERE id = :run UNION
                            SELECT run_id FROM run_params WHERE name = 'verify-run' AND value = CAST(:run AS TEXT))
          AND NOT EXISTS (SELECT 1 FROM case_outcomes o2
                          WHERE o2.case_id = c2.id AND o2.outcome IN ('won', 'shared'))) AS nobody_won
FROM cases c
JOIN case_outcomes o ON o.case_id = c.id
WHERE c.status = 'complete'
  AND c.run_id IN (SELECT id FROM runs WHERE id = :run UNION
                   SELECT run_id FROM run_params WHERE name = 'verify-run' AND value = CAST(:run AS TEXT))
  AND (:game IS NULL OR c.game = :game)
GROUP BY c.game
ORDER BY c.game;
