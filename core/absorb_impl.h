/*
 * absorb_impl.h - what the chain solve's files share (not an interface:
 * absorb.h is): the graph and Tarjan's walk, the linear systems of a
 * cycle (absorb.c), and the fast pass's types (absorb_fast.c, with its
 * cycles in absorb_cycles.c).  ab_: functions called across these files.
 */
#ifndef UD_ABSORB_IMPL_H
#define UD_ABSORB_IMPL_H

#include "absorb.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "smooth.h"

typedef struct graph {
    int64_t n;
    const int64_t *first; /* out-edges of i: edge index order[first[i] .. first[i+1]) */
    size_t *order;        /* NULL: the edges are already in that order */
    const int64_t *to;    /* the edge's target: to[e], or to32[e] */
    const int32_t *to32;
} graph;

/* The target of the k-th out-edge in source order. */
static inline int64_t out_to(const graph *g, int64_t k)
{
    size_t e = g->order ? g->order[k] : (size_t)k;
    return g->to32 ? g->to32[e] : g->to[e];
}

typedef struct tarjan {
    const graph *g;
    int64_t *index, *low, *stack, *comp;
    char *on_stack;
    int64_t next, sp, n_comp;
    int64_t *comp_order; /* components in the order Tarjan finishes them */
} tarjan;

/* absorb.c */
void ab_strongconnect(tarjan *t, int64_t v);
/* Tarjan over the n states of g: allocates t's arrays (the caller frees
 * them, whatever the result) and fills comp, comp_order and n_comp;
 * false when out of memory. */
bool ab_tarjan_run(tarjan *t, const graph *g, int64_t n);
mpq_t *ab_system_new(int s, int width, ud_buf *err);
void ab_system_free(mpq_t *a, int s, int width);
int ab_eliminate(mpq_t *a, int s, int width, mpq_t f, mpq_t t, ud_buf *err);
void ab_bound_hit(ud_buf *err, const ud_membound *mem);

/* ---- the fast pass over smooth denominators (absorb_fast.c) ---------- */

enum { CACHE = 4096 }; /* denominators remembered factored (a turn has few distinct ones) */
enum { LOCKS = 1024 }; /* striped locks on the states masses are pushed to */
/* HOT_IN: at 64 (some 9,000 of the bus's states, not only its leaves)
 * the solve was slower than with the leaves alone: a state a few dozen
 * edges reach holds no large mass, and its trees cost memory. */
enum {
    HOT_IN = UD_ABSORB_HOT_IN, /* in-edges that make a state's pushes go to summation trees */
    HOT_MAX = 4096,            /* states given trees at most (each thread holds one for each) */
    TREE_LEVELS = 48,          /* a tree's levels: 2^47 pushes, more than a chain has edges */
};

/* The pushes one thread makes to one hot state, summed pairwise: level k
 * holds the sum of 2^k of them, or nothing (a binary counter).  Why: the
 * chain's leaves take pushes from everywhere (the School Bus's turn: 21
 * leaves, half a million pushes), and a mass that has met them all has
 * a denominator of some 7,000 bits.  Brought to it, every push was a
 * multiplication of that size under a lock both threads wanted.  Summed
 * in pairs, most sums are of numbers the size of a push, and each
 * thread sums its own; the state's mass is the sum of every thread's
 * levels, made when it is solved (every push to it done). */
typedef struct sum_tree {
    ud_smooth *lvl[TREE_LEVELS]; /* made when first reached */
} sum_tree;

struct fast;

/* What one thread of the pass owns: its scratch numbers, its cache of
 * factored denominators, its pool of spare masses, its failure. */
typedef struct worker {
    struct fast *z;
    mpz_t f, tmp;
    mpq_t w;
    ud_smooth **spare; /* masses pushed on, kept for reuse */
    size_t n_spare, cap_spare;
    bool oom;
    int rc; /* 0, or -1 with err */
    ud_buf err;
    uint64_t key[CACHE]; /* den + 1, 0: empty */
    ud_smooth_exp ex[CACHE];
    sum_tree *trees; /* one for each hot state (fast.hot) */
    ud_smooth carry; /* the sum a push to a tree carries up */
} worker;

/* The components ready to be solved (every edge into them from one
 * solved), smallest first: taken in that order the threads stay near the
 * order one thread follows (Tarjan's), where a mass is pushed on soon
 * after it is complete.  Solving level by level instead kept a whole
 * level's masses alive at once and was half as slow again. */
typedef struct ready_heap {
    pthread_mutex_t mu;
    pthread_cond_t cv; /* a component became ready, or the pass ended */
    int64_t *a, n;
    int64_t solved; /* components done, of n_comp */
} ready_heap;

typedef struct comps comps;

typedef struct fast {
    const ud_chain_small *c;
    graph g;
    ud_smooth_primes ps;
    ud_smooth **m; /* mass of each state while it is on its way; NULL: none */
    /* mass that came through a cycle of several states (its denominator
     * is not smooth): kept apart as mpq_t, only where there is some */
    mpq_t *side;
    char *has_side;
    /* every cycle's determinant factors over ps (cycle_primes): the mass
     * that leaves a cycle stays smooth, and no side part is made */
    bool cycles_smooth;
    mpz_t one;
    mpq_t *mass; /* the answer: the leaves' masses */
    const comps *cs;
    /* with several threads: a push takes its target's lock */
    int jobs;
    pthread_mutex_t lock[LOCKS];
    /* per component: edges into it from components not yet solved */
    atomic_llong *pending;
    atomic_bool failed;
    ready_heap ready;
    /* hot[v]: 1 + v's tree in each worker's trees, 0: pushed to directly
     * (NULL: no state is hot).  A state is hot when HOT_IN edges or more
     * lead to it and it is a component of its own. */
    int32_t *hot;
    int32_t n_hot;
    int n_ws;
    worker **ws;
} fast;

static inline void lock_state(fast *z, int64_t v)
{
    if (z->jobs > 1)
        pthread_mutex_lock(&z->lock[(uint64_t)v % LOCKS]);
}

static inline void unlock_state(fast *z, int64_t v)
{
    if (z->jobs > 1)
        pthread_mutex_unlock(&z->lock[(uint64_t)v % LOCKS]);
}

/* Components of the chain, sources first (Tarjan finishes them sinks
 * first): members of the k-th are mem[cfirst[k] .. cfirst[k + 1]). */
struct comps {
    int64_t n_comp;
    int64_t *cfirst, *mem, *comp;
};

/* absorb_fast.c */
void ab_mass_done(worker *w, int64_t v);
void ab_mass_add(worker *w, int64_t v, const mpz_t f, uint64_t x, const ud_smooth_exp *ce);
const ud_smooth_exp *ab_den_exponents(worker *w, uint64_t den);
bool ab_weight_of(const ud_chain_small *c, size_t e, uint64_t *num, uint64_t *den);
void ab_weight_q(const ud_chain_small *c, size_t e, mpq_t q);
void ab_push_side(worker *w, int64_t v, const mpq_t x);

/* absorb_cycles.c */
bool ab_cycle_primes(fast *z, const comps *cs, ud_buf *err);
int ab_solve_cycle(worker *w, const int64_t *mem, int s);

#endif
