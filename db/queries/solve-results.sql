-- The newest result of each exact figure (undead solve) of a game from a complete run: claims (claim:...) or figures whose key holds a text.
-- @param game             (required) a game's command-line name
-- @param claims=0         1: the texts' numeric claims; 0: the other figures
-- @param contains=        only keys holding this text (e.g. end=); empty: every key
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.key, c.inputs, c.outcome, coalesce(c.prob_num, '') AS prob_num, coalesce(c.prob_den, '') AS prob_den,
       c.run_id AS run
FROM cases c
JOIN runs r ON r.id = c.run_id
WHERE c.kind = 'solve' AND c.game = :game
  AND (c.key LIKE 'claim:%') = (:claims = 1)
  AND instr(c.key, coalesce(:contains, '')) > 0
  AND r.status = 'complete'
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
  AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
              WHERE c2.key = c.key AND r2.status = 'complete'
                AND r2.id NOT IN (SELECT id FROM unfinished_runs))
ORDER BY c.key;
