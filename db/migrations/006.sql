-- db/migrations/006.sql - schema version 5 to 6.
--
-- A run names its process by more than its pid (db/owner.h): proc_start,
-- "BOOT-ID/START-TICKS", so that a second connection of the same process,
-- or a later process given the same pid, is never taken for a process that
-- is gone; last_write, the time of its last commit, is the end a run killed
-- later is given.  Older rows have neither: their runs are judged by pid
-- alone, as before, and one that is gone ends at its start.
ALTER TABLE runs ADD COLUMN proc_start TEXT;
ALTER TABLE runs ADD COLUMN last_write TEXT;
