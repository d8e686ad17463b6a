-- db/schema.sql - the undead results database, schema version 8.
--
-- One row in runs per command that computed outcomes (play, sim, check,
-- golden, baseline); what the run found hangs off it: cases (one per game
-- or transcript, keyed by a case key that stays stable across versions so
-- two runs can be compared), each seat's outcome, their rule firings and
-- transcript events,
-- invariant violations, per-rule coverage and metrics.  See db/README.md.
--
-- undead applies this file to an empty database and then sets
-- PRAGMA application_id (0x756e6464, "undd") and PRAGMA user_version (8).
-- A later schema adds db/migrations/NNN.sql (from version NNN-1 to NNN);
-- this file always holds the newest complete schema.

CREATE TABLE runs (
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

-- The reading of every variant the run used (all of them, defaults too).
CREATE TABLE run_variants (
    run_id    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,               -- index in the game's variant table
    key       TEXT NOT NULL,
    value     TEXT NOT NULL,
    PRIMARY KEY (run_id, key)
) WITHOUT ROWID;

-- Other inputs: seed, games, players, policies, invariants, directory ...
CREATE TABLE run_params (
    run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (run_id, name)
) WITHOUT ROWID;

-- One game or transcript.  key names the scenario, not the rules it was
-- played under: variant settings are the run's, so the same key under two
-- readings (or two versions) compares outcomes.
CREATE TABLE cases (
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
CREATE INDEX cases_by_key ON cases(key);

-- Each seat's outcome in a case that has players: 'won' (the one winner),
-- 'shared' (one of several winners), 'lost', 'out' (eliminated while the
-- game went on), 'none' (undecided: partial, illegal, an error).
CREATE TABLE case_outcomes (
    case_id  INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,                -- 1, 2, ... in the order the players sit
    player   TEXT NOT NULL,
    score    INTEGER,                         -- NULL: the game keeps no score or it is unknown
    outcome  TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'out', 'shared', 'none')),
    PRIMARY KEY (case_id, seat)
) WITHOUT ROWID;
CREATE INDEX case_outcomes_by_player ON case_outcomes(player, outcome);

-- How often each rule fired in a case (only rules that fired).
CREATE TABLE case_rules (
    case_id  INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    rule     TEXT NOT NULL,
    fired    INTEGER NOT NULL,
    PRIMARY KEY (case_id, rule)
) WITHOUT ROWID;
CREATE INDEX case_rules_by_rule ON case_rules(rule);

-- The figures of an analysis's case (kind solve), in the order its
-- outcome gives them: "ev", "bust", "p1_wins", ...; a claim's figures are
-- its exact value, named by the claim, then "verified" (1 when the text's
-- stated figure is the exact value rounded as printed, else 0).  exact_num/exact_den: the figure's exact value
-- (decimal integers, they outgrow 64 bits), when the analysis stored it.
-- The outcome keeps the same figures as text, for people; readers take
-- them from here.
CREATE TABLE case_figures (
    case_id    INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,              -- 1, 2, ... within the case
    name       TEXT NOT NULL,
    value      REAL NOT NULL,
    exact_num  TEXT,
    exact_den  TEXT,
    PRIMARY KEY (case_id, position)
) WITHOUT ROWID;

-- Every transcript line of a stored case, in order.  State lines ("= ...")
-- are events too (rule NULL); state_seq points at the last one before
-- this event, so "what did the table show when X fired" is one join.
CREATE TABLE events (
    case_id    INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,              -- 1, 2, ... within the case
    rule       TEXT,                          -- the rule that produced it, NULL for state lines
    text       TEXT NOT NULL,                 -- the line without its [RULE] tag
    state_seq  INTEGER,                       -- seq of the last state line before it
    PRIMARY KEY (case_id, seq)
) WITHOUT ROWID;
CREATE INDEX events_by_rule ON events(rule);

-- Events with the state line that stood before them.
CREATE VIEW events_with_state AS
    SELECT e.case_id, e.seq, e.rule, e.text, s.text AS state
    FROM events e LEFT JOIN events s ON s.case_id = e.case_id AND s.seq = e.state_seq;

-- The runs everything derived leaves out (a named query over many runs
-- says "run_id NOT IN (SELECT id FROM unfinished_runs)"): an interrupted
-- run, and every run of a verify run that was interrupted or still runs
-- (its figures are half a set).
CREATE VIEW unfinished_runs AS
    SELECT id FROM runs WHERE status = 'interrupted'
    UNION SELECT p.run_id FROM run_params p JOIN runs v ON v.id = CAST(p.value AS INTEGER)
          WHERE p.name = 'verify-run' AND v.status IN ('interrupted', 'running');

-- The newest case of each key from a finished, complete run (a named query
-- over analysis results says "FROM newest_cases c"): the figures an
-- interrupted run or a half-done verify run left are never the newest.
CREATE VIEW newest_cases AS
    SELECT c.* FROM cases c JOIN runs r ON r.id = c.run_id
    WHERE r.status = 'complete' AND r.id NOT IN (SELECT id FROM unfinished_runs)
      AND c.id = (SELECT max(c2.id) FROM cases c2 JOIN runs r2 ON r2.id = c2.run_id
                  WHERE c2.key = c.key AND r2.status = 'complete'
                    AND r2.id NOT IN (SELECT id FROM unfinished_runs));

CREATE TABLE violations (
    id          INTEGER PRIMARY KEY,
    run_id      INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    case_id     INTEGER REFERENCES cases(id) ON DELETE SET NULL,
    invariant   TEXT NOT NULL,                -- invariant ID
    rule        TEXT,                         -- the rule that fired last before it broke
    message     TEXT NOT NULL,
    transcript  TEXT NOT NULL                 -- replayable: undead check accepts it
);

-- Firings per rule over the whole run, zeros included.
CREATE TABLE coverage (
    run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    game    TEXT NOT NULL,
    rule    TEXT NOT NULL,
    fired   INTEGER NOT NULL,
    PRIMARY KEY (run_id, game, rule)
) WITHOUT ROWID;

CREATE TABLE metrics (
    run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    value   REAL NOT NULL,
    unit    TEXT NOT NULL,                    -- games, s, games/s, %, brains, per turn ...
    PRIMARY KEY (run_id, name)
) WITHOUT ROWID;
