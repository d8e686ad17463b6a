-- The newest mutation run of a game (undead mutate) that ended, and when; none when no run is recorded.
-- @param game             a game's command-line name
-- A run that found survivors ends 'failed' (exit 1) and counts; interrupted runs are left out.
SELECT r.id, r.ended, coalesce(r.source_revision, '') AS revision,
       coalesce((SELECT value FROM run_params p WHERE p.run_id = r.id AND p.name = 'sample'), '0') AS sample
FROM runs r
WHERE r.command = 'mutate' AND r.game = :game AND r.status IN ('complete', 'failed')
  AND r.id NOT IN (SELECT id FROM unfinished_runs)
ORDER BY r.id DESC
LIMIT 1;
