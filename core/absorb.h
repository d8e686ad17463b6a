/*
 * absorb.h - exact probabilities of reaching each state of a Markov chain
 * given as weighted edges (an absorbing chain: the explorer's graph of one
 * turn under a fixed policy).
 *
 * Mass flows from a virtual root (edges with from = -1) along the edges;
 * a state's mass is the expected number of visits, which for a state with
 * no out-edge (an absorbing leaf) is the probability of ending there.
 * Cycles (three feet rolled as three feet; the School Bus's stay-on) are
 * solved exactly: the strongly connected components are taken in
 * topological order and each is solved as a linear system over the
 * rationals (GMP), so the leaves' masses are exact.
 */
#ifndef UD_ABSORB_H
#define UD_ABSORB_H

#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#include "buf.h"
#include "membound.h"

typedef struct ud_chain {
    int64_t n; /* states 0..n-1 */
    size_t n_edges;
    const int64_t *from; /* -1: the root */
    const int64_t *to;
    mpq_t *w; /* probability of the edge; a state's out-edges sum to 1 */
    /* The bound in bytes the pass's arrays take theirs from (membound.h);
     * NULL: none.  Counted before they are made, from the counts of
     * states and edges: what they will take at most. */
    ud_membound *mem;
} ud_chain;

enum { UD_ABSORB_MAX_CYCLE = 400 }; /* states in one cycle solved densely */

/* mass[i] (initialised by the caller) gets state i's mass.  0, or -1 with
 * err (a cycle too large, a cycle that never exits, out of memory, or
 * c->mem's bound: then c->mem->hit is set).  Not counted against c->mem:
 * a cycle's dense system (at most UD_ABSORB_MAX_CYCLE states, freed once
 * it is solved) and GMP's limbs. */
int ud_absorb(const ud_chain *c, mpq_t *mass, ud_buf *err);

/* An edge's probability, small: num/den; den == 0: it is big[num]. */
typedef struct ud_weight {
    uint32_t num, den;
} ud_weight;

/* The same chain stored compactly, as the explorer records it: 8 bytes
 * an edge (its target and the index of its weight among the distinct
 * ones) instead of some 100 with an mpq_t each, every state's out-edges
 * contiguous, the root's first. */
typedef struct ud_chain_small {
    int64_t n;
    size_t n_edges;
    const int64_t *first; /* n + 1 entries: state i's out-edges are
                                * [first[i], first[i + 1]), the root's [0, first[0]) */
    const int32_t *to;
    const uint32_t *w;       /* the edge's weight: weight[w[e]] */
    const ud_weight *weight; /* the distinct weights */
    size_t n_weights;
    mpq_t *big; /* the weights that do not fit 32 bits */
    int jobs;   /* threads for ud_absorb_small; 0 or 1: the caller's only */
    /* As ud_chain.mem; the masses on their way are counted as they are
     * made too (a mass struct each, not its numerator's limbs). */
    ud_membound *mem;
} ud_chain_small;

enum { UD_ABSORB_MAX_JOBS = 64 };

/* A state this many edges from other states lead to (a turn's end,
 * say) has the pushes to it summed in pairs on each thread, not one by
 * one into a single mass (ud_absorb_small; the masses are the same). */
enum { UD_ABSORB_HOT_IN = 256 };

/* The same masses as ud_absorb, exactly, fast: integer numerators over
 * smooth denominators (smooth.h), no gcd until a leaf, every state's mass
 * freed once pushed on (ud_absorb keeps them all).  A cycle through
 * several states (the School Bus's stay-on) brings the primes of its
 * determinant into the set, and its members' masses are the inverse of its
 * system (from the weights alone, small numbers) times the inflow, so they
 * leave it smooth too; only when those primes do not fit the set is the
 * cycle solved densely over the rationals and its mass carried on as an
 * mpq_t part beside the smooth one.  Only the leaves' masses are written
 * (states with no out-edge); mass[] initialised by the caller.  With
 * c->jobs > 1 the components are solved on that many threads, with the
 * same masses.  0; 1 when
 * the chain is not for this pass (a weight past 64 bits, more primes than
 * smooth.h keeps): ud_absorb answers it; -1 with err (c->mem->hit set
 * when its bound was the cause). */
int ud_absorb_small(const ud_chain_small *c, mpq_t *mass, ud_buf *err);

#endif
