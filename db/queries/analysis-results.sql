-- The newest figures of each analysis that compares policies under each reading (undead solve, explore --outcomes) of a game, from a complete run: analysis, policy, reading, figures, exact value.
-- @param game             a game's command-line name
-- The reading is the case's variants ("defaults" or the readings that differ from them).
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.analysis, c.policy, c.variants AS reading, c.outcome, coalesce(c.prob_num, '') AS prob_num,
       coalesce(c.prob_den, '') AS prob_den, c.run_id AS run
FROM newest_cases c
WHERE c.kind = 'solve' AND c.game = :game AND c.policy IS NOT NULL
ORDER BY c.key;
