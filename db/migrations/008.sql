-- db/migrations/008.sql - schema version 7 to 8.
--
-- A run's id, and a case's, is never used again (AUTOINCREMENT): a run
-- deleted by hand with foreign keys off (the sqlite3 shell's default)
-- leaves its cases, parameters and metrics behind, and the next run, given
-- the same id, took them for its own (db/README.md "Reliability").  SQLite
-- cannot add AUTOINCREMENT to a table, so runs and cases are made anew,
-- their rows copied with their ids, the old tables dropped and the new ones
-- renamed.  undead runs this with foreign keys off (a dropped table's rows
-- are not deleted through them), and with legacy_alter_table on, so that
-- the rename leaves the views, which name runs and cases, as they are.
-- The ids already taken start above every id a row names, left-behind rows
-- included.
PRAGMA legacy_alter_table = ON;

CREATE TABLE runs_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT, -- never used again, even once deleted
    started         TEXT NOT NULL,            -- UTC, ISO 8601 with milliseconds
    ended           TEXT,                     -- NULL while running
    status          TEXT NOT NULL DEFAULT 'running'
                    CHECK (status IN ('running', 'complete', 'interrupted', 'failed')),
    exit_code       INTEGER,                  -- the command's exit status, once ended
    command         TEXT NOT NULL,            -- play, sim, check, golden, baseline
    command_line    TEXT NOT NULL,            -- argv joined by spaces, as typed
    game            TEXT,                     -- NULL when a run spans games
    undead_version  TEXT NOT NULL,
    source_revision TEXT NOT NULL,            -- git revision undead was built from
    host            TEXT NOT NULL,            -- with pid and proc_start: who to ask whether it still runs
    pid             INTEGER NOT NULL,
    proc_start      TEXT,                     -- "BOOT-ID/START-TICKS": the process, not just its pid
                                              --   (NULL: unknown; db/owner.h)
    last_write      TEXT                      -- UTC: its last commit, when it was last seen alive
);
INSERT INTO runs_new(id, started, ended, status, exit_code, command, command_line, game, undead_version,
    source_revision, host, pid, proc_start, last_write)
SELECT id, started, ended, status, exit_code, command, command_line, game, undead_version, source_revision,
    host, pid, proc_start, last_write FROM runs;
DROP TABLE runs;
ALTER TABLE runs_new RENAME TO runs;

CREATE TABLE cases_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,    -- never used again, even once deleted
    run_id     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key        TEXT NOT NULL,                 -- e.g. game:GAME:seed=7:players=p1,p2:policies=random,random
    kind       TEXT NOT NULL,                 -- play, sim, check, golden
    game       TEXT NOT NULL,
    variants   TEXT NOT NULL,                 -- non-default readings, "end=final-turn bus=on", or "defaults"
    inputs     TEXT NOT NULL,                 -- players, policies, seed, start lines, file
    status     TEXT NOT NULL
               CHECK (status IN ('complete', 'partial', 'illegal', 'violation', 'error')),
    outcome    TEXT NOT NULL,                 -- canonical: compared by db diff
    winner     TEXT,                          -- player name, '*shared*', or NULL (see case_outcomes)
    decisions  INTEGER,
    prob_num   TEXT,                          -- exact probability of the chance outcomes,
    prob_den   TEXT,                          --   decimal integers (they outgrow 64 bits)
    rules      TEXT NOT NULL,                 -- "ZD-TURN:12 ZD-BUST:3 ...", table order
    analysis   TEXT,                          -- an analysis's case (kind solve): "turn", "game", ...
    policy     TEXT,                          -- the policy its figure follows, when it compares policies
    seed       INTEGER,                       -- a game undead played (play, sim): its seed, the key's seed=
                                              --   (0 to 2^64-1: from 2^63 on stored as seed - 2^64); else NULL
    UNIQUE (run_id, key)
);
INSERT INTO cases_new(id, run_id, key, kind, game, variants, inputs, status, outcome, winner, decisions,
    prob_num, prob_den, rules, analysis, policy, seed)
SELECT id, run_id, key, kind, game, variants, inputs, status, outcome, winner, decisions, prob_num, prob_den,
    rules, analysis, policy, seed FROM cases;
DROP TABLE cases;
ALTER TABLE cases_new RENAME TO cases;
CREATE INDEX cases_by_key ON cases(key);

DELETE FROM sqlite_sequence WHERE name IN ('runs', 'cases');
INSERT INTO sqlite_sequence(name, seq)
SELECT 'runs', max((SELECT coalesce(max(id), 0) FROM runs),
                   (SELECT coalesce(max(run_id), 0) FROM run_variants),
                   (SELECT coalesce(max(run_id), 0) FROM run_params),
                   (SELECT coalesce(max(run_id), 0) FROM cases),
                   (SELECT coalesce(max(run_id), 0) FROM violations),
                   (SELECT coalesce(max(run_id), 0) FROM coverage),
                   (SELECT coalesce(max(run_id), 0) FROM metrics));
INSERT INTO sqlite_sequence(name, seq)
SELECT 'cases', max((SELECT coalesce(max(id), 0) FROM cases),
                    (SELECT coalesce(max(case_id), 0) FROM case_outcomes),
                    (SELECT coalesce(max(case_id), 0) FROM case_rules),
                    (SELECT coalesce(max(case_id), 0) FROM case_figures),
                    (SELECT coalesce(max(case_id), 0) FROM events),
                    (SELECT coalesce(max(case_id), 0) FROM violations));

PRAGMA legacy_alter_table = OFF;
