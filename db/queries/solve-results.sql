-- The newest result of each exact figure (undead solve) of a game from a complete run: claims (claim:...) or figures whose key holds a text.
-- @param game             a game's command-line name
-- @param claims=0         1: the texts' numeric claims; 0: the other figures
-- @param contains=        only keys holding this text (e.g. end=); empty: every key
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT c.key, c.inputs, c.outcome, coalesce(c.prob_num, '') AS prob_num, coalesce(c.prob_den, '') AS prob_den,
       c.run_id AS run
FROM newest_cases c
WHERE c.kind = 'solve' AND c.game = :game
  AND (c.key LIKE 'claim:%') = (:claims = 1)
  AND instr(c.key, coalesce(:contains, '')) > 0
ORDER BY c.key;
