-- The texts' numeric claims (claim:...) of a game, the newest result of each from a complete run: the claim's name (its figure), what the text says, the verdict, the exact value.
-- @param game             a game's command-line name
-- value is the claim's figure, verified its verdict as a figure (1 verified, 0 refuted; NULL when not stored).
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT coalesce(f.name, '') AS claim, c.inputs, c.outcome, coalesce(c.prob_num, '') AS prob_num,
       coalesce(c.prob_den, '') AS prob_den, c.key, c.run_id AS run, f.value, v.value AS verified
FROM newest_cases c
LEFT JOIN case_figures f ON f.case_id = c.id AND f.position = 1
LEFT JOIN case_figures v ON v.case_id = c.id AND v.name = 'verified'
WHERE c.kind = 'solve' AND c.game = :game AND c.key LIKE 'claim:%'
ORDER BY c.key;
