-- One stored case (e.g. a golden transcript's): its status, outcome and winner, kind, seed, inputs, key and ID, by its ID or by its run and key.
-- @param case_id=null     the case's ID
-- @param run=null         a run ID, with key
-- @param key=null         the case's key, with run
-- Its seats' outcomes are the query case-seats.
-- A seed from 2^63 on is stored as seed - 2^64 (schema.sql): shown as the
-- seed, written out from u = seed + 2^63 as (2^63 + u) = 922337203685477580
-- tens plus 8, plus u's tens and units, in digits SQLite's integers hold.
SELECT status, outcome, winner, kind,
       CASE WHEN seed < 0
            THEN CAST(922337203685477580 + (seed + 9223372036854775807 + 1) / 10
                      + (8 + (seed + 9223372036854775807 + 1) % 10) / 10 AS TEXT)
                 || CAST((8 + (seed + 9223372036854775807 + 1) % 10) % 10 AS TEXT)
            ELSE seed END AS seed,
       inputs, key, id
FROM cases
WHERE id = :case_id OR (run_id = :run AND key = :key);
