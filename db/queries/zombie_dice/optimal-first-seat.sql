-- The first seat's chance of winning two-player Zombie Dice under optimal play, per end and tiebreak reading (newest undead solve zombie-dice game result of each).
-- The outcome holds p_first=...; the key's tail names the readings.
SELECT c.key, c.outcome
FROM cases c
JOIN runs r ON r.id = c.run_id
WHERE c.kind = 'solve' AND c.key LIKE 'solve:zombie-dice:game:%'
  AND r.status = 'complete'
  AND c.id = (SELECT max(c2.id) FROM cases c2 WHERE c2.key = c.key)
ORDER BY c.key;
