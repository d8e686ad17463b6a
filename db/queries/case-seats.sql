-- How each seat of one stored case ended, in the order the players sit: the player, the score (null: none kept or unknown), and won, shared, lost, out or none.
-- @param case_id          the case's ID
SELECT seat, player, score, outcome
FROM case_outcomes
WHERE case_id = :case_id
ORDER BY seat;
