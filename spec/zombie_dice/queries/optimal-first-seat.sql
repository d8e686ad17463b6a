-- The first seat's chance of winning two-player Zombie Dice under optimal play, per end and tiebreak reading (newest undead solve zombie-dice game result of each).
-- p_first is the case's figure of that name (case_figures), as a number; the reading is the case's variants.
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.variants AS reading, f.value AS p_first
FROM newest_cases c
JOIN case_figures f ON f.case_id = c.id AND f.name = 'p_first'
WHERE c.kind = 'solve' AND c.game = 'zombie-dice' AND c.analysis = 'game'
ORDER BY c.key;
