/*
 * policies.c - named automated players for Zombie Dice.  A policy only
 * chooses among the actions the rule rows offered.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "solve.h"
#include "zd.h"

#define CST(p) ((const zd_state *)(p))

/* Zombie Dice's actions take no arguments: the policies below reason
 * about kinds, and the definitions at the end turn a kind into its
 * index among the offers. */
static int index_of(const ud_offers *o, int kind)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == kind)
            return i;
    return -1;
}

static bool has(const ud_offers *o, int kind) { return index_of(o, kind) >= 0; }

/* The choices that are not stop-or-roll (energy drink, bus footprints):
 * drink the riskiest footprint away, and get off to chase feet. */
static int side_choice(const ud_offers *o)
{
    static const int riskiest[] = { ZD_RED, ZD_HUNK, ZD_YELLOW, ZD_HOTTIE, ZD_SANTA, ZD_GREEN };
    for (size_t i = 0; i < sizeof riskiest / sizeof riskiest[0]; i++)
        if (has(o, ZD_ACT_DRINK + riskiest[i]))
            return ZD_ACT_DRINK + riskiest[i];
    return has(o, ZD_ACT_GET_OFF) ? ZD_ACT_GET_OFF : o->action[0].kind;
}

static int offered(const ud_offers *o, int action)
{
    if (!has(o, ZD_ACT_STOP))
        return side_choice(o);
    return has(o, action) ? action : o->action[0].kind;
}

/* index_of(o, offered(o, action)) in one pass over the offers: the
 * choice most policies make at every decision. */
static int offered_index(const ud_offers *o, int action)
{
    int stop = -1, want = -1;
    for (int i = 0; i < o->n; i++) {
        int kind = o->action[i].kind;
        if (kind == ZD_ACT_STOP && stop < 0)
            stop = i;
        if (kind == action && want < 0)
            want = i;
    }
    if (stop < 0)
        return index_of(o, side_choice(o));
    return want >= 0 ? want : 0; /* else o->action[0]'s kind, first at 0 */
}

static int stop_at_shotguns(const ud_game *g, const void *p, int seat, int param, const ud_offers *o,
                            ud_rng *rng)
{
    return offered_index(o, zd_turn_shotguns(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

/* Boards the School Bus whenever it can, else like stop-at-shotguns. */
static int bus_rider_kind(const ud_game *g, const void *p, int seat, int param, const ud_offers *o,
                          ud_rng *rng)
{
    if (has(o, ZD_ACT_RIDE) && zd_turn_shotguns(CST(p)) < param)
        return ZD_ACT_RIDE;
    if (has(o, ZD_ACT_STAY_ON))
        return ZD_ACT_STAY_ON;
    return offered(o, zd_turn_shotguns(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

static int stop_at_brains(const ud_game *g, const void *p, int seat, int param, const ud_offers *o,
                          ud_rng *rng)
{
    return offered_index(o, zd_turn_brains(CST(p)) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

static int always_roll_kind(const ud_game *g, const void *p, int seat, int param, const ud_offers *o,
                            ud_rng *rng)
{
    return offered(o, ZD_ACT_ROLL);
}

/* Stops as soon as the turn's brains would reach the goal, else like
 * stop-at-shotguns: the "never throw away a win" habit of real players. */
static int closer_kind(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const zd_state *st = CST(p);
    if (st->score[seat] + zd_turn_brains(st) >= ZD_GOAL && !st->ending)
        return offered(o, ZD_ACT_STOP);
    return offered(o, zd_turn_shotguns(st) >= param ? ZD_ACT_STOP : ZD_ACT_ROLL);
}

/* Optimal play for two players (spec/zombie_dice/solve.h): the game is
 * solved on first use for the readings the state records, from the lowest
 * score on the table (seconds near the end of a game, minutes from 0-0),
 * and kept for later calls; a lower score or other readings re-solve. */
static struct {
    zd_turn_graph *graph;
    zd_game_solution *solution;
    int readings[ZD_VARIANTS];
    int floor;
    int refused; /* the solver does not model these readings */
} optimal_cache;
static pthread_mutex_t optimal_lock = PTHREAD_MUTEX_INITIALIZER;

static bool optimal_ready(const zd_state *st)
{
    int floor = st->score[0] < st->score[1] ? st->score[0] : st->score[1];
    int readings[ZD_VARIANTS];
    for (int v = 0; v < ZD_VARIANTS; v++)
        readings[v] = st->readings[v];
    bool same = optimal_cache.solution && memcmp(readings, optimal_cache.readings, sizeof readings) == 0;
    if (same && floor >= optimal_cache.floor)
        return true;
    if (optimal_cache.refused && memcmp(readings, optimal_cache.readings, sizeof readings) == 0)
        return false;
    zd_game_solution_free(optimal_cache.solution);
    optimal_cache.solution = NULL;
    if (!same) {
        zd_turn_graph_free(optimal_cache.graph);
        optimal_cache.graph = NULL;
    }
    memcpy(optimal_cache.readings, readings, sizeof readings);
    char err[256];
    if (!optimal_cache.graph)
        optimal_cache.graph = zd_turn_graph_build(readings, err, sizeof err);
    if (optimal_cache.graph)
        optimal_cache.solution = zd_game_solve_from(
            optimal_cache.graph, readings, floor > ZD_GOAL - 1 ? ZD_GOAL - 1 : floor, err, sizeof err);
    if (!optimal_cache.solution) {
        fprintf(stderr, "undead: policy optimal: %s\n", err);
        optimal_cache.refused = 1;
        return false;
    }
    optimal_cache.refused = 0;
    optimal_cache.floor = optimal_cache.solution->floor;
    return true;
}

static int optimal_kind(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const zd_state *st = CST(p);
    if (st->n_players != 2 || !has(o, ZD_ACT_STOP))
        return -1;
    /* games on several threads (sim --jobs) share the cache: one solves
     * while the others wait, and none reads a solution another replaces */
    pthread_mutex_lock(&optimal_lock);
    int kind = optimal_ready(st) ? zd_game_solution_action(optimal_cache.solution, st) : -1;
    pthread_mutex_unlock(&optimal_lock);
    return kind;
}

/* Each policy as ud_policy_def wants it: the index of the kind chosen. */
#define ZD_POLICY(NAME)                                                                                    \
    static int NAME(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng) \
    {                                                                                                      \
        int kind = NAME##_kind(g, p, seat, param, o, rng);                                                 \
        return kind < 0 ? -1 : index_of(o, kind);                                                          \
    }
ZD_POLICY(bus_rider)
ZD_POLICY(always_roll)
ZD_POLICY(closer)
ZD_POLICY(optimal)

const ud_policy_def zd_policies[] = {
    { "stop-at-shotguns", "stop once the turn holds N shotguns (default 2)", 1, 2, stop_at_shotguns, 0, 0, 0,
      0 },
    { "stop-at-brains", "stop once the turn holds N brains (default 4)", 1, 4, stop_at_brains, 0, 0, 0, 0 },
    { "always-roll", "never stop (busts every turn; for testing)", 0, 0, always_roll, 0, 0, 0, 0 },
    { "closer", "stop when the turn reaches 13, else stop at N shotguns (default 2)", 1, 2, closer, 0, 0, 0,
      0 },
    { "bus-rider", "ride the School Bus when allowed and stay on, else stop at N shotguns (default 2)", 1, 2,
      bus_rider, 0, 0, 0, 0 },
    { "optimal",
      "two players, base dice: the play that maximises the chance of winning (solved on first use)", 0, 0,
      optimal, 1, 0, 0, 0 },
};

_Static_assert(sizeof zd_policies / sizeof zd_policies[0] == ZD_N_POLICIES, "update ZD_N_POLICIES in zd.h");
