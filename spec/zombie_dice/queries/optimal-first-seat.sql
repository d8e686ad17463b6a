-- The first seat's chance of winning two-player Zombie Dice under optimal play, per end and tiebreak reading (newest undead solve zombie-dice game result of each).
-- The outcome holds p_first=...; the reading is the case's variants.
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.variants AS reading, c.outcome
FROM newest_cases c
WHERE c.kind = 'solve' AND c.game = 'zombie-dice' AND c.analysis = 'game'
ORDER BY c.key;
