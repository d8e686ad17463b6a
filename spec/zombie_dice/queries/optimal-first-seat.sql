-- The first seat's chance of winning two-player Zombie Dice under optimal play, per end and tiebreak reading (newest undead solve zombie-dice game result of each).
-- The outcome holds p_first=...; the reading is the case's variants.
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.variants AS reading, c.outcome
FROM cases c
JOIN runs r ON r.id = c.run_id
WHERE c.kind = 'solve' AND c.game = 'zombie-dice' AND c.analysis = 'game'
  AND r.status = 'complete'
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
  AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
              WHERE c2.key = c.key AND r2.status = 'complete' AND r2.id NOT IN (SELECT id FROM unfinished_runs))
ORDER BY c.key;
