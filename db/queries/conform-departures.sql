-- Every departure undead conform found (docs/conformance.md), newest first: the adapter, the kind, the rule that governs it, its decisions after shrinking, and the record undead check replays.
-- @param game=%           only this game's (a command-line name; default every game)
-- @param rule=%           only departures whose rule is LIKE this, e.g. 'ZD-SHORTAGE%'
SELECT r.id AS run, r.started AS at, c.game, substr(c.key, length('conform:' || c.game || ':') + 1) AS adapter_and_kind,
       c.rules AS rule, c.decisions, c.variants, c.inputs AS record
FROM cases c JOIN runs r ON r.id = c.run_id
WHERE c.kind = 'conform' AND c.game LIKE :game AND c.rules LIKE :rule
ORDER BY r.id DESC, c.id;
