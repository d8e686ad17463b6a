-- The newest verify run of a game that ended (complete or failed): what the FAQ is generated from.
-- @param game             a game's command-line name, e.g. zombie-dice
SELECT id, status, coalesce(source_revision, '') AS revision, coalesce(undead_version, '') AS version,
       coalesce(ended, '') AS ended
FROM runs
WHERE command = 'verify' AND game = :game AND status IN ('complete', 'failed')
ORDER BY id DESC
LIMIT 1;
