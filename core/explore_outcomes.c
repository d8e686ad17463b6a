/*
 * explore_outcomes.c - the exact probability of each leaf outcome of a
 * complete search (explore_impl.h): the graph as an absorbing chain
 * solved by absorb.h, the fast pass on the compact edges or the plain
 * mpq_t reference.
 */
#include "explore_impl.h"

#include <time.h>

/* The leaves' masses by the fast pass (absorb.h); 1: not for it. */
static int absorb_fast(explorer *x, mpq_t *mass, ud_buf *err)
{
    ud_chain_small chain = { x->n,  x->n_e,  x->e_first, x->e_to, x->e_w,
                             x->wt, x->n_wt, x->e_big,   x->jobs, &x->mem };
    return ud_absorb_small(&chain, mass, err);
}

/* The masses by the plain mpq_t pass, the reference: the compact edges
 * spelled out as mpq_t first (the memory the fast pass saves). */
static int absorb_reference(explorer *x, mpq_t *mass, ud_buf *err)
{
    size_t bytes = (x->n_e + 1) * (2 * sizeof(int64_t) + sizeof(mpq_t));
    if (!ud_mem_resize(&x->mem, 0, bytes)) {
        ud_buf_printf(err, "solving the chain would pass the bound of %llu bytes",
                      (unsigned long long)x->mem.limit);
        return -1;
    }
    int64_t *from = malloc((x->n_e + 1) * sizeof *from), *to = malloc((x->n_e + 1) * sizeof *to);
    mpq_t *w = malloc((x->n_e + 1) * sizeof *w);
    if (!from || !to || !w) {
        free(from);
        free(to);
        free(w);
        ud_mem_resize(&x->mem, bytes, 0);
        ud_buf_puts(err, "out of memory");
        return -1;
    }
    for (int64_t i = -1, e = 0; i < x->n; i++)
        for (; e < x->e_first[i + 1]; e++) {
            ud_weight v = x->wt[x->e_w[e]];
            from[e] = i;
            to[e] = x->e_to[e];
            mpq_init(w[e]);
            if (v.den) {
                mpq_set_ui(w[e], v.num, v.den);
                mpq_canonicalize(w[e]);
            } else {
                mpq_set(w[e], x->e_big[v.num]);
            }
        }
    ud_chain chain = { x->n, x->n_e, from, to, w, &x->mem };
    int rc = ud_absorb(&chain, mass, err);
    for (size_t e = 0; e < x->n_e; e++)
        mpq_clear(w[e]);
    free(from);
    free(to);
    free(w);
    ud_mem_resize(&x->mem, bytes, 0);
    return rc;
}

/* The bytes of the arrays a complete search still holds for the solve:
 * the states and nodes (until each leaf's outcome is read), the out-edge
 * starts, the edges and their weights. */
uint64_t xp_held_for_solve(const explorer *x)
{
    size_t per_node = (x->nodes ? state_bytes_per_node(x) + sizeof *x->nodes : 0) + sizeof *x->e_first;
    return (uint64_t)x->cap * per_node + x->cap_pack + x->cap_e * (sizeof *x->e_to + sizeof *x->e_w) +
           x->cap_wt * sizeof *x->wt + x->wt_slots * sizeof *x->wt_slot + x->cap_big * sizeof *x->e_big;
}

/* The exact probability of each leaf label: the chain's absorbed mass
 * (absorb.h), summed by bound->outcome's label; it must total exactly 1.
 * Its arrays count against the search's bound in bytes: -1 with
 * x->mem.hit set when they would pass it. */
int xp_leaf_outcomes(explorer *x, ud_explore_report *rep, ud_buf *err)
{
    enum { MAX_LABELS = 256 };
    size_t bytes = ((size_t)x->n + 1) * (sizeof(mpq_t) + sizeof(uint16_t));
    if (!ud_mem_resize(&x->mem, 0, bytes)) {
        ud_buf_printf(err, "solving the chain would pass the bound of %llu bytes",
                      (unsigned long long)x->mem.limit);
        return -1;
    }
    mpq_t *mass = malloc(((size_t)x->n + 1) * sizeof *mass);
    /* a leaf's outcome, + 1 (0: not a leaf) */
    uint16_t *outcome = calloc((size_t)x->n + 1, sizeof *outcome);
    rep->outcome_label = calloc(MAX_LABELS, sizeof *rep->outcome_label);
    rep->outcome_p = malloc(MAX_LABELS * sizeof *rep->outcome_p);
    if (!mass || !outcome || !rep->outcome_label || !rep->outcome_p) {
        free(mass);
        free(outcome);
        ud_mem_resize(&x->mem, bytes, 0);
        ud_buf_puts(err, "out of memory");
        return -1;
    }
    /* Each leaf's outcome first, from its state: the states (and the
     * nodes) are then freed before the solve, whose memory comes on top
     * of what is still held. */
    int rc = 0;
    ud_buf label;
    ud_buf_init(&label);
    for (int64_t i = 0; i < x->n && rc == 0; i++) {
        if (x->e_first[i + 1] != x->e_first[i])
            continue;
        ud_buf_clear(&label);
        unsigned char buf[UD_MAX_STATE];
        const void *st = node_state(x, i, buf);
        bool unfinished = !bound_cuts(x->o, st) && past_horizon(x->o, st); /* the bound's end first */
        if (unfinished)
            ud_buf_printf(&label, "not over after %d %s%s", x->o->horizon, x->o->bound->progress_unit,
                          x->o->horizon == 1 ? "" : "s");
        else if (x->o->bound && x->o->bound->outcome)
            x->o->bound->outcome(st, &label);
        else
            ud_buf_puts(&label, x->nodes[i].kind == 1 ? "over" : "cut");
        int k = 0;
        while (k < rep->n_outcomes && strcmp(rep->outcome_label[k], ud_buf_str(&label)) != 0)
            k++;
        if (k == rep->n_outcomes) {
            if (k == MAX_LABELS) {
                ud_buf_printf(err, "more than %d distinct outcomes", MAX_LABELS);
                rc = -1;
                break;
            }
            snprintf(rep->outcome_label[k], sizeof rep->outcome_label[k], "%s", ud_buf_str(&label));
            mpq_init(rep->outcome_p[k]);
            rep->n_outcomes++;
        }
        if (unfinished)
            rep->remainder = k;
        outcome[i] = (uint16_t)(k + 1);
    }
    ud_buf_free(&label);
    xp_states_free(x);
    ud_big_free(x->nodes, x->size.nodes);
    ud_mem_resize(&x->mem, (size_t)x->cap * sizeof *x->nodes, 0);
    x->nodes = NULL;
    x->size.nodes = 0;
    if (rc != 0) {
        free(mass);
        free(outcome);
        ud_mem_resize(&x->mem, bytes, 0);
        return rc;
    }
    /* the fast pass writes the leaves' masses only: the others are not
     * even initialised unless the mpq pass runs (an mpq_t is 96 bytes
     * with its limbs; the bus's turn has half a million states) */
    for (int64_t i = 0; i < x->n; i++)
        if (outcome[i])
            mpq_init(mass[i]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = x->o->reference ? 1 : absorb_fast(x, mass, err);
    rep->smooth_pass = rc == 0;
    if (rc == 1) {
        for (int64_t i = 0; i < x->n; i++) { /* the fast pass may have begun */
            if (outcome[i])
                mpq_set_ui(mass[i], 0, 1);
            else
                mpq_init(mass[i]);
        }
        rc = absorb_reference(x, mass, err);
        rep->smooth_pass = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    rep->solve_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    bool all_init = !rep->smooth_pass;
    mpq_t total;
    mpq_init(total);
    for (int64_t i = 0; i < x->n && rc == 0; i++) {
        if (!outcome[i])
            continue;
        mpq_add(rep->outcome_p[outcome[i] - 1], rep->outcome_p[outcome[i] - 1], mass[i]);
        mpq_add(total, total, mass[i]);
    }
    if (rc == 0 && mpq_cmp_ui(total, 1, 1) != 0) {
        ud_buf_printf(err, "the outcomes add up to %.17g, not exactly 1", mpq_get_d(total));
        rc = -1;
    }
    mpq_clear(total);
    for (int64_t i = 0; i < x->n; i++)
        if (outcome[i] || all_init)
            mpq_clear(mass[i]);
    free(mass);
    free(outcome);
    ud_mem_resize(&x->mem, bytes, 0);
    return rc;
}
