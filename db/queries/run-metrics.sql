-- Every metric of a run, by name; with measures=1 only the measures a reading is compared on (no counts, no intervals).
-- @param run              a run ID
-- @param measures=0       1: leave out games, shared_wins and the :ci95 half-widths
SELECT name, value, unit
FROM metrics
WHERE run_id = :run
  AND (:measures = 0 OR (name NOT LIKE '%:ci95' AND name NOT IN ('games', 'shared_wins')))
ORDER BY name;
