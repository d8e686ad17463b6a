-- The figures of analysis-results, one row each: the newest case of each analysis that compares policies under each reading, from a complete run, and its named figures in order, with their exact values.
-- @param game             a game's command-line name
-- A figure's exact value is exact_num/exact_den ("" when the analysis stored none).
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.id AS case_id, c.analysis, c.policy, c.variants AS reading, f.name AS figure, f.value,
       coalesce(f.exact_num, '') AS exact_num, coalesce(f.exact_den, '') AS exact_den
FROM newest_cases c
JOIN case_figures f ON f.case_id = c.id
WHERE c.kind = 'solve' AND c.game = :game AND c.policy IS NOT NULL
ORDER BY c.key, f.position;
