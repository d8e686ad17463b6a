-- db/migrations/005.sql - schema version 4 to 5.
--
-- The newest case of each key from a finished, complete run (a named query
-- over analysis results says "FROM newest_cases c"): the figures an
-- interrupted run or a half-done verify run left are never the newest.
CREATE VIEW newest_cases AS
    SELECT c.* FROM cases c JOIN runs r ON r.id = c.run_id
    WHERE r.status = 'complete' AND r.id NOT IN (SELECT id FROM unfinished_runs)
      AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
                  WHERE c2.key = c.key AND r2.status = 'complete'
                    AND r2.id NOT IN (SELECT id FROM unfinished_runs));
