-- db/migrations/004.sql - schema version 3 to 4.
--
-- An analysis's figures as rows rather than inside its outcome text:
-- case_figures holds each figure's name, value and, when the analysis
-- stored it, its exact value (see db/schema.sql).
CREATE TABLE case_figures (
    case_id    INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    name       TEXT NOT NULL,
    value      REAL NOT NULL,
    exact_num  TEXT,
    exact_den  TEXT,
    PRIMARY KEY (case_id, position)
) WITHOUT ROWID;

-- Existing rows: an analysis's outcome is its figures as NAME=VALUE words
-- ("ev=2.08 bust=0.26", "all-killed=7/8 e-left=0.125000", "expected=1.5
-- not over=0.25": the one name with a space); a VALUE a/b is exact.  Words
-- without '=' ("verified") are not figures.
WITH RECURSIVE words(case_id, seq, rest, word) AS (
    SELECT id, 0, replace(outcome, 'not over=', 'not' || char(1) || 'over=') || ' ', NULL
    FROM cases WHERE kind = 'solve' AND analysis IS NOT NULL
    UNION ALL
    SELECT case_id, seq + 1, substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1)
    FROM words WHERE rest <> ''
),
figures AS (
    SELECT case_id, seq, replace(substr(word, 1, instr(word, '=') - 1), char(1), ' ') AS name,
           substr(word, instr(word, '=') + 1) AS v
    FROM words WHERE instr(word, '=') > 1
)
INSERT INTO case_figures(case_id, position, name, value, exact_num, exact_den)
SELECT case_id, row_number() OVER (PARTITION BY case_id ORDER BY seq), name,
       CASE WHEN instr(v, '/') > 0
            THEN CAST(substr(v, 1, instr(v, '/') - 1) AS REAL) / CAST(substr(v, instr(v, '/') + 1) AS REAL)
            ELSE CAST(v AS REAL) END,
       CASE WHEN instr(v, '/') > 0 THEN substr(v, 1, instr(v, '/') - 1) END,
       CASE WHEN instr(v, '/') > 0 THEN substr(v, instr(v, '/') + 1) END
FROM figures;

-- The case's one exact value (prob_num/prob_den) belongs to a figure it
-- equals, unless a figure already gave it as its fraction: the one the
-- analysis is named after when several are equal (small-deck-p2-wins:
-- p2_wins, where p1_wins is as large; turn-bust: bust), else the first
-- (a whole number, "all-killed=0", gets it so too).
UPDATE case_figures
SET exact_num = (SELECT prob_num FROM cases WHERE id = case_figures.case_id),
    exact_den = (SELECT prob_den FROM cases WHERE id = case_figures.case_id)
WHERE NOT EXISTS (SELECT 1 FROM case_figures g JOIN cases c ON c.id = g.case_id
                  WHERE g.case_id = case_figures.case_id AND g.exact_num = c.prob_num AND g.exact_den = c.prob_den)
  AND position = (SELECT f.position FROM case_figures f JOIN cases c ON c.id = f.case_id
                  WHERE f.case_id = case_figures.case_id AND f.exact_num IS NULL
                    AND c.prob_num <> '' AND c.prob_den <> ''
                    AND CAST(c.prob_den AS REAL) <> 0
                    AND abs(f.value - CAST(c.prob_num AS REAL) / CAST(c.prob_den AS REAL))
                        < 1e-9 * (1 + abs(f.value))
                  ORDER BY instr(c.analysis, replace(f.name, '_', '-')) = 0, f.position
                  LIMIT 1);

-- A claim (claim:GAME:ID) has one figure, named by its ID: its exact value.
INSERT INTO case_figures(case_id, position, name, value, exact_num, exact_den)
SELECT id, 1, substr(key, length('claim:' || game || ':') + 1),
       CAST(prob_num AS REAL) / CAST(prob_den AS REAL), prob_num, prob_den
FROM cases
WHERE kind = 'solve' AND key LIKE 'claim:' || game || ':%' AND prob_num <> '' AND prob_den <> ''
  AND CAST(prob_den AS REAL) <> 0;

-- A fight's policy (combat: solve:GAME:combat:POLICY:zZ:dD:tT), which the
-- key named but the policy field did not.
UPDATE cases
SET policy = substr(key, length('solve:' || game || ':combat:') + 1,
                    instr(substr(key, length('solve:' || game || ':combat:') + 1), ':') - 1)
WHERE kind = 'solve' AND analysis = 'combat' AND policy IS NULL AND key LIKE 'solve:' || game || ':combat:%:%';
