-- A metric over time (e.g. games_per_second, "busts per turn", win_rate:p1): one row per run that recorded it.
-- @param name         the metric's name (see 'undead db show RUN')
-- @param game=null    only runs of this game; null: every game
-- @param limit=50     the newest this many runs
-- Interrupted runs, and the runs of a verify run that was interrupted (or still runs), are left out.
SELECT r.id AS run, r.started, r.undead_version, r.source_revision, r.command_line, m.value, m.unit
FROM metrics m JOIN runs r ON r.id = m.run_id
WHERE m.name = :name AND (:game IS NULL OR r.game = :game)
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
ORDER BY r.id DESC
LIMIT :limit;
