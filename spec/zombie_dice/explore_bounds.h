/*
 * explore_bounds.h - Zombie Dice's bounds for the generic explorer.
 */
#ifndef ZD_EXPLORE_BOUNDS_H
#define ZD_EXPLORE_BOUNDS_H

#include "explore.h"
#include "solve.h"
#include "zd.h"

extern const ud_explore_bound zd_bound_turn;

/* Cross-check of the explorer (the rule table) against the solver's turn
 * graph (spec/zombie_dice/solve.c): pass as ud_explore_opts.on_edge. */
typedef struct zd_edge_check {
    const zd_turn_graph *g;
    uint64_t checked, mismatched;
    char first[256]; /* the first mismatch */
} zd_edge_check;
void zd_explore_check_edge(void *ctx, const void *state, const ud_action *action, int n,
                           const void *const *children, mpq_t *const *weights);

#endif
