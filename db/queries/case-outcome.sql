-- One stored case (e.g. a golden transcript's): its status, outcome and winner, kind, seed, inputs, key and ID, by its ID or by its run and key.
-- @param case_id=null     the case's ID
-- @param run=null         a run ID, with key
-- @param key=null         the case's key, with run
-- Its seats' outcomes are the query case-seats.
SELECT status, outcome, winner, kind, seed, inputs, key, id
FROM cases
WHERE id = :case_id OR (run_id = :run AND key = :key);
