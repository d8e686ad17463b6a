-- db/migrations/003.sql - schema version 2 to 3.
--
-- The runs everything derived leaves out (a named query over many runs
-- says "run_id NOT IN (SELECT id FROM unfinished_runs)"): an interrupted
-- run, and every run of a verify run that was interrupted or still runs
-- (its figures are half a set).

CREATE VIEW unfinished_runs AS
    SELECT id FROM runs WHERE status = 'interrupted'
    UNION SELECT p.run_id FROM run_params p JOIN runs v ON v.id = CAST(p.value AS INTEGER)
          WHERE p.name = 'verify-run' AND v.status IN ('interrupted', 'running');
