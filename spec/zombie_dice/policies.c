/*
 * policies.c - named automated players for Zombie Dice.  A policy only
 * chooses among the actions the rule rows offered.
 */
#include "zd.h"

#define CST(p) ((const zd_state *)(p))

static bool has(const ud_offers *o, int action)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i] == action)
            return true;
    return false;
}

/* The choices that are not stop-or-roll (energy drink, bus footprints):
 * drink the riskiest footprint away, and get off to chase feet. */
static int side_choice(const ud_offers *o)
{
    static const int riskiest[] = { ZD_RED, ZD_HUNK, ZD_YELLOW, ZD_HOTTIE, ZD_SANTA, ZD_GREEN };
    for (size_t i = 0; i < sizeof riskiest / sizeof riskiest[0]; i++)
        if (has(o, ZD_ACT_DRINK + riskiest[i]))
            return ZD_ACT_DRINK + riskiest[i];
    return has(o, ZD_ACT_GET_OFF) ? ZD_ACT_GET_OFF : o->action[0];
}

static int offered(const ud_offers *o, int action)
{
    if (!has(o, ZD_ACT_STOP))
        return side_choice(o);
    return has(o, action) ? action : o->action[0];
}

static int stop_at_shotguns(const ud_game *g, const void *p, int seat, int param,
                            const ud_offers *o, ud_rng *rng)
{
    return offered(o, zd_turn_shotguns(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

/* Boards the School Bus whenever it can, else like stop-at-shotguns. */
static int bus_rider(const ud_game *g, const void *p, int seat, int param,
                     const ud_offers *o, ud_rng *rng)
{
    if (has(o, ZD_ACT_RIDE) && zd_turn_shotguns(CST(p)) < param)
        return ZD_ACT_RIDE;
    if (has(o, ZD_ACT_STAY_ON))
        return ZD_ACT_STAY_ON;
    return offered(o, zd_turn_shotguns(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

static int stop_at_brains(const ud_game *g, const void *p, int seat, int param,
                          const ud_offers *o, ud_rng *rng)
{
    return offered(o, zd_turn_brains(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

static int always_roll(const ud_game *g, const void *p, int seat, int param,
                       const ud_offers *o, ud_rng *rng)
{
    return offered(o, ZD_ACT_ROLL);
}

/* Stops as soon as the turn's brains would reach the goal, else like
 * stop-at-shotguns: the "never throw away a win" habit of real players. */
static int closer(const ud_game *g, const void *p, int seat, int param,
                  const ud_offers *o, ud_rng *rng)
{
    const zd_state *st = CST(p);
    if (st->score[seat] + zd_turn_brains(st) >= ZD_GOAL && !st->ending)
        return offered(o, ZD_ACT_STOP);
    return stop_at_shotguns(g, p, seat, param, o, rng);
}

const ud_policy_def zd_policies[] = {
    { "stop-at-shotguns", "stop once the turn holds N shotguns (default 2)", 1, 2, stop_at_shotguns },
    { "stop-at-brains", "stop once the turn holds N brains (default 4)", 1, 4, stop_at_brains },
    { "always-roll", "never stop (busts every turn; for testing)", 0, 0, always_roll },
    { "closer", "stop when the turn reaches 13, else stop at N shotguns (default 2)", 1, 2, closer },
    { "bus-rider", "ride the School Bus when allowed and stay on, else stop at N shotguns (default 2)", 1, 2, bus_rider },
};

_Static_assert(sizeof zd_policies / sizeof zd_policies[0] == ZD_N_POLICIES, "update ZD_N_POLICIES in zd.h");
