/*
 * explore_impl.h - the explorer's own types and helpers, shared by its
 * files (not an interface: explore.h is):
 *   explore.c          the breadth-first search: batches of nodes expanded
 *                      on threads and merged in order, the entry point,
 *                      the trace of a violation
 *   explore_expand.c   one node's expansion on a thread: the replays that
 *                      enumerate chance (a prefix-following source), the
 *                      children merged with exact weights, kept in the
 *                      thread's store
 *   explore_graph.c    the graph: nodes, their index, edges and weights
 *   explore_outcomes.c the leaves' exact probabilities (absorb.h)
 * The index lookups and keys are inline here: every generated state meets
 * them (the explorer's hot path).  xp_: the explorer's own functions,
 * called across its files.
 */
#ifndef UD_EXPLORE_IMPL_H
#define UD_EXPLORE_IMPL_H

#include "explore.h"

#include <stddef.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "absorb.h"
#include "bigarray.h"
#include "frac64.h"
#include "membound.h"

typedef struct node {
    int64_t parent;
    int action;        /* index into the parent's offers; -1 for the root */
    uint32_t picks_at; /* into the picks pool */
    uint8_t n_picks;
    uint8_t kind; /* 0 decision, 1 over, 2 cut */
    uint16_t depth;
} node;

/* An exact weight: num/den in lowest terms while both fit 64 bits
 * (frac64.h; a turn's weights do: products of a few dice's 1/6 and 1/13), else
 * (den 0) the mpq_t at big.  Millions of leaves are weighed and merged per
 * turn: GMP's allocation and gcd per leaf took a quarter of the time. */
typedef struct weight {
    uint64_t num, den;
    mpq_srcptr big;
} weight;

/* A point a replay of the step can go on from instead of its start: the
 * work state and the step's own counters as automatic play entered a
 * phase (engine.h, ud_step.entered), and how many of the prefix's picks
 * had been taken.  Everything after it depends on these alone, so going
 * on from a copy gives what a replay from the start gives, rule firing
 * for rule firing (invariants included). */
typedef struct resume_pt {
    bool entered; /* false: the step's start (the node's decision) */
    int pos;
    uint64_t steps, picks;
    unsigned exchange_run, exchange_runs;
    const ud_rule *rule;
    unsigned char *state; /* ss bytes (entered only) */
} resume_pt;

/* A new chance pick met by a replay: its n outcomes grouped by label
 * (groups, the first outcome and the size of each), and the exchangeable
 * run it belongs to (0: none). */
typedef struct new_pick {
    int n, groups;
    unsigned run;
    int first[256], count[256];
} new_pick;

/* One expansion's working set: the replay prefix, the step's children and
 * their table.  One per thread; what an expansion finds goes to a store
 * (below), merged into the graph in node order by one thread, so the
 * graph, counts and traces are the same for any number of threads. */
typedef struct expander {
    const ud_explore_opts *o;
    /* the graph as it stands: read only while the threads expand (the
     * merge runs after they all stop), so each child is looked up in it
     * here, in parallel, and the merge only adds the new ones */
    const struct explorer *graph;
    const ud_table *table;
    size_t ss, ks;       /* state and key sizes */
    uint64_t max_states; /* the run's bound, on a step's children too */
    ud_membound *mem;    /* the run's bound in bytes (the explorer's) */
    ud_offers offers;    /* of the state being expanded */
    /* The node's state once its offers were collected (the same for
     * every replay of its steps: collected once, not once a replay). */
    unsigned char *at_node;
    /* resume[k]: where the replays of pick k's outcomes go on from (the
     * last phase entered before pick k was met); last: the last point of
     * the replay running (resume[j] it went on from, or entry). */
    resume_pt resume[UD_EXPLORE_MAX_PICKS];
    resume_pt entry;
    const resume_pt *last;
    bool going_on; /* the replay running went on from last: not entered yet */
    int prefix[UD_EXPLORE_MAX_PICKS];
    int prefix_group[UD_EXPLORE_MAX_PICKS];    /* the outcome's group (equal labels) */
    unsigned prefix_run[UD_EXPLORE_MAX_PICKS]; /* its exchangeable run, 0: none */
    int n_prefix, pos;
    ud_step *step; /* the replay running (run_step) */
    /* its chance source, prefix_pick (set up once: its message buffer is
     * not cleared a replay) */
    ud_chance source;
    int new_n;          /* the new pick the replay stopped at: n outcomes */
    uint64_t run_picks; /* this step's picks inside a run (checked with the step) */
    bool too_many_kids;
    /* the step visited more than max_visits outcomes (leaves): a chain of
     * chance with no decision can branch for many picks before
     * UD_EXPLORE_MAX_PICKS ends it, so this bounds one step's time */
    bool too_many_visits;
    uint64_t max_visits;
    /* a replay went on past UD_EXPLORE_MAX_PICKS picks with no decision
     * or leaf: the search's limit, not a violation (set with oom) */
    bool too_many_picks;
    /* picks[q]: the new pick met at prefix position q, its outcomes
     * grouped by label (the last replay to meet one there; kept until
     * enumerate has visited its outcomes) */
    new_pick picks[UD_EXPLORE_MAX_PICKS + 1];
    const char *group_label[256];           /* the label of a group's first outcome, as grouped */
    mpq_t scratch[UD_EXPLORE_MAX_PICKS][3]; /* enumerate's numbers, per pick depth */
    unsigned char *work;
    unsigned char *node_buf; /* the node being expanded, unpacked (node_state) */
    int cut_at_pick;
    /* children of one (state, action) */
    unsigned char *kids;
    int (*kid_picks)[UD_EXPLORE_MAX_PICKS];
    int *kid_n_picks;
    mpq_t *w;      /* a child's weight when it does not fit kid_w */
    weight *kid_w; /* den 0: in w */
    mpq_t tmp;
    int n_kids, cap_kids;
    /* the children's keys, hashed: a step may have thousands (a roll of
     * many dice), so finding a repeat must not scan them all */
    unsigned char *kid_keys;
    uint64_t *kid_hash;
    uint32_t *kid_gen; /* a slot is in use when it holds the step's gen */
    int *kid_at;
    size_t kid_slots;
    uint32_t gen;
    bool oom;
    /* what the expansion counted, and a violation it met */
    uint64_t generated, chance, sums_checked;
    bool traced; /* a violation (fail) with a path to replay */
    ud_failure fail;
    int fail_picks[UD_EXPLORE_MAX_PICKS], fail_n_picks; /* the path's picks in the step */
} expander;

/* One node's expansion, kept until it is merged. */
typedef struct expansion {
    int64_t node;
    uint64_t generated, chance, sums_checked, transitions;
    size_t first_move, n_moves;
    int status; /* EXP_OK, EXP_VIOLATED, EXP_OOM, EXP_TOO_MANY, EXP_TOO_MANY_PICKS, EXP_TOO_MANY_VISITS */
    ud_failure fail;
    bool traced; /* the violation's path: fail_action, fail_picks */
    int fail_action, fail_n_picks;
    int fail_picks[UD_EXPLORE_MAX_PICKS];
} expansion;

enum { EXP_OK, EXP_VIOLATED, EXP_OOM, EXP_TOO_MANY, EXP_TOO_MANY_PICKS, EXP_TOO_MANY_VISITS };

/* An action taken at the node and its distinct results. */
typedef struct move {
    int action; /* index among the node's offers */
    ud_action act;
    size_t first_kid;
    int n_kids;
} move;

/* A thread's expansions of one batch of nodes, in the order it took them. */
typedef struct store {
    ud_membound *mem; /* the run's bound in bytes (the explorer's) */
    expansion *exp;
    size_t n_exp, cap_exp;
    move *mv;
    size_t n_mv, cap_mv;
    unsigned char *kids;
    int (*picks)[UD_EXPLORE_MAX_PICKS];
    int *n_picks;
    /* found[k]: the child's node when the graph held it as the batch
     * began, else -1 (new, or added by this batch's merge); wt_at[k]: its
     * weight's index among the distinct ones, else NO_WEIGHT (then w[k]
     * holds it, as it does for every child when on_edge asks for them) */
    int64_t *found;
    uint32_t *wt_at;
    mpq_t *w;
    unsigned char *keys; /* a child's key (ks bytes) and its hash, where found is -1 */
    uint64_t *hash;
    size_t n_kids, cap_kids;
} store;

#define NO_WEIGHT UINT32_MAX

typedef struct explorer {
    const ud_explore_opts *o;
    ud_explore_report *rep;
    ud_table table;
    size_t ss, ks;         /* state and key sizes */
    unsigned char *states; /* node i's state at i * ss (not packed) */
    /* Packed states (a state of more than PACK_MIN_STATE bytes): node i's
     * state as its bytes' differences from the first node's (ref), the
     * runs of equal bytes skipped, at pack[pack_at[i]] (explore_graph.c).
     * The Zombies!!! board's state is some 1,800 bytes, most of them the
     * board's empty spaces; kept whole, its tiny bound's 630,000 states
     * took 1.1 GB. */
    bool packed;
    unsigned char *ref;
    uint64_t *pack_at;
    unsigned char *pack;
    size_t n_pack, cap_pack;
    node *nodes;
    uint64_t *hash; /* node i's key's hash */
    int64_t n, cap;
    /* hash table of nodes: a slot holds the node's index + 1 in its low
     * 32 bits (0: empty) and its hash's high 32 bits above, so a probe
     * reads no other array unless those match */
    uint64_t *slot;
    size_t slots;
    int *pool; /* chance picks per node */
    size_t n_pool, cap_pool;
    unsigned char *work; /* a trace's replay */
    bool oom, too_many_kids, too_many_picks, too_many_visits;
    ud_membound mem;
    /* threads: an expander and a store each */
    int jobs;
    expander *ex;
    store *st;
    /* with opts.outcomes: every edge (from = -1: the start), in the order
     * the nodes are expanded; weights that do not fit 32 bits in e_big */
    int32_t *e_to;
    uint32_t *e_w; /* index into wt */
    size_t n_e, cap_e;
    int64_t *e_first; /* node i's out-edges begin at e_first[i] (absorb.h) */
    ud_weight *wt;    /* the distinct weights: a turn has a few thousand */
    size_t n_wt, cap_wt;
    uint32_t *wt_slot; /* hash table of wt indices + 1, 0: empty */
    size_t wt_slots;
    mpq_t *e_big;
    size_t n_big, cap_big;
    /* the bytes of the arrays that grow large (bigarray.h), as last grown */
    struct {
        size_t states, nodes, hash, e_first, e_to, e_w, pack_at, pack;
    } size;
} explorer;

enum { PACK_MIN_STATE = 256 }; /* bytes of a state above which states are packed */

/* A packed state's bytes at p back into out (ss bytes): the reference
 * state's, each run of differing bytes XORed in.  The runs are pairs of
 * bytes (equal bytes skipped, differing bytes that follow) then the
 * differences; (0, 0) ends. */
static inline void unpack_state(const explorer *x, const unsigned char *p, unsigned char *out)
{
    memcpy(out, x->ref, x->ss);
    for (size_t at = 0;;) {
        unsigned skip = *p++, len = *p++;
        if (!skip && !len)
            return;
        at += skip;
        for (unsigned j = 0; j < len; j++)
            out[at++] ^= *p++;
    }
}

/* Node i's state: where it is kept, or unpacked into buf (ss bytes). */
static inline const unsigned char *node_state(const explorer *x, int64_t i, unsigned char *buf)
{
    if (!x->packed)
        return x->states + (size_t)i * x->ss;
    unpack_state(x, x->pack + x->pack_at[i], buf);
    return buf;
}

/* The bytes a node's state takes in the per-node arrays. */
static inline size_t state_bytes_per_node(const explorer *x)
{
    return x->packed ? sizeof *x->pack_at : x->ss;
}

/* The progress of a state towards the horizon, at most the horizon;
 * -1: no horizon. */
static inline int horizon_progress(const ud_explore_opts *o, const void *state)
{
    if (o->horizon <= 0 || !o->bound || !o->bound->progress)
        return -1;
    int p = o->bound->progress(state);
    return p < 0 ? 0 : p > o->horizon ? o->horizon : p;
}

static inline bool past_horizon(const ud_explore_opts *o, const void *state)
{
    return o->horizon > 0 && horizon_progress(o, state) >= o->horizon;
}

/* A leaf the bound itself cuts (its own end). */
static inline bool bound_cuts(const ud_explore_opts *o, const void *state)
{
    return o->bound && o->bound->cut && o->bound->cut(state);
}

/* A leaf the bound or the horizon cuts. */
static inline bool cut_here(const ud_explore_opts *o, const void *state)
{
    return bound_cuts(o, state) || past_horizon(o, state);
}

/* The key: the bound's (or the state's bytes), then, under a horizon, the
 * progress (two bytes): a key that forgets the round number would let a
 * round that changes nothing cycle past the horizon. */
static inline void key_of(const ud_explore_opts *o, size_t ss, const void *state, unsigned char *out)
{
    size_t n = ss;
    if (o->bound && o->bound->key) {
        o->bound->key(state, out);
        n = o->bound->key_size;
    } else {
        memcpy(out, state, ss);
    }
    int p = horizon_progress(o, state);
    if (p >= 0) {
        out[n] = (unsigned char)(p & 0xff);
        out[n + 1] = (unsigned char)(p >> 8);
    }
}

/* A hash of n bytes, 32 at a time in four lanes: it runs for every state
 * generated (tens of millions, of a hundred bytes or more each), and one
 * lane's chain of multiplications took longer than the key it hashed. */
static inline uint64_t hash_lane(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    return h << 31 | h >> 33;
}

static inline uint64_t hash_bytes(const unsigned char *b, size_t n)
{
    uint64_t h[4] = { 1469598103934665603ull ^ n, 0x243f6a8885a308d3ull, 0x13198a2e03707344ull,
                      0xa4093822299f31d0ull };
    uint64_t w;
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int l = 0; l < 4; l++) {
            memcpy(&w, b + i + 8 * (size_t)l, 8);
            h[l] = hash_lane(h[l], w);
        }
    for (int l = 0; i + 8 <= n; i += 8, l++) {
        memcpy(&w, b + i, 8);
        h[l] = hash_lane(h[l], w);
    }
    if (i < n && n >= 8) {
        /* the last eight bytes, overlapping: not a byte at a time */
        memcpy(&w, b + n - 8, 8);
        h[3] = hash_lane(h[3], w);
    } else {
        for (; i < n; i++)
            h[3] = (h[3] ^ b[i]) * 1099511628211ull;
    }
    uint64_t x = h[0] ^ (h[1] << 17 | h[1] >> 47) ^ (h[2] << 29 | h[2] >> 35) ^ (h[3] << 43 | h[3] >> 21);
    x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 32);
}

static inline uint64_t slot_value(int64_t i, uint64_t h)
{
    return (h & 0xffffffff00000000ull) | (uint64_t)(i + 1);
}

static inline int64_t slot_node(uint64_t s) { return (int64_t)(s & 0xffffffffu) - 1; }

/* The slot of the node with this key (hash h), or the empty slot where it
 * would go.  A probe computes a node's key only when its hash's high bits
 * match. */
static inline uint64_t *lookup(const explorer *x, const unsigned char *key, uint64_t h)
{
    unsigned char tmp[UD_MAX_STATE], st[UD_MAX_STATE];
    size_t mask = x->slots - 1, i = (size_t)h & mask;
    for (;;) {
        uint64_t *s = &x->slot[i];
        if (!*s)
            return s;
        if ((*s ^ h) >> 32 == 0) {
            key_of(x->o, x->ss, node_state(x, slot_node(*s), st), tmp);
            if (memcmp(tmp, key, x->ks) == 0)
                return s;
        }
        i = (i + 1) & mask;
    }
}

/* Ask the memory for what a lookup of hash h reads first: its slot.  The
 * graph's table is far larger than the caches, and a lookup's time was
 * mostly the wait for its slot and then for the state of the node the
 * slot holds; the callers ask a few children ahead (prefetch_match the
 * second step, nearer), so both are there when the lookup runs. */
static inline void prefetch_slot(const explorer *x, uint64_t h)
{
    if (x->slots)
        __builtin_prefetch(&x->slot[(size_t)h & (x->slots - 1)]);
}

/* The state of the node in h's slot, if its hash's high bits match (its
 * key is then computed and compared); a prefetch of memory no longer in
 * use (a table since grown) does no harm. */
static inline void prefetch_match(const explorer *x, uint64_t h)
{
    if (!x->slots)
        return;
    uint64_t s = x->slot[(size_t)h & (x->slots - 1)];
    if (!s || (s ^ h) >> 32 != 0)
        return;
    if (x->packed) { /* where its bytes are (they follow: a few lines) */
        __builtin_prefetch(&x->pack_at[slot_node(s)]);
        return;
    }
    const char *p = (const char *)(x->states + (size_t)slot_node(s) * x->ss);
    for (size_t at = 0; at < x->ss; at += 64)
        __builtin_prefetch(p + at);
}

/* The distinct weights' hash table: where v's index + 1 is, or the empty
 * slot where it would go. */
static inline uint32_t *weight_slot(const explorer *x, ud_weight v)
{
    uint64_t k = ((uint64_t)v.num << 32 | v.den) * 0x9e3779b97f4a7c15ull;
    size_t j = (size_t)(k >> 20) & (x->wt_slots - 1);
    for (; x->wt_slot[j]; j = (j + 1) & (x->wt_slots - 1)) {
        const ud_weight *u = &x->wt[x->wt_slot[j] - 1];
        if (u->num == v.num && u->den == v.den)
            break;
    }
    return &x->wt_slot[j];
}

/* num/den's index among the distinct weights, or NO_WEIGHT if it is not
 * one of them yet (or does not fit 32 bits). */
static inline uint32_t weight_find(const explorer *x, uint64_t num, uint64_t den)
{
    if (!x->wt_slots || !den || num > UINT32_MAX || den > UINT32_MAX)
        return NO_WEIGHT;
    uint32_t at = *weight_slot(x, (ud_weight){ (uint32_t)num, (uint32_t)den });
    return at ? at - 1 : NO_WEIGHT;
}

/* A state with its key and the key's hash (as the expander made them). */
typedef struct keyed {
    const void *state;
    const unsigned char *key;
    uint64_t hash;
} keyed;

/* explore_expand.c */
enum { LOOKUP_AHEAD = 8 }; /* children ahead whose slots a lookup loop asks for */
bool xp_expander_init(expander *e, const explorer *x, uint64_t max_states, ud_membound *mem);
void xp_expander_free(expander *e);
void xp_kids_reset(expander *x);
void xp_kid_weight(const expander *x, int i, mpq_t out);
bool xp_enumerate_step(expander *x, int action);
bool xp_expand_node(expander *x, store *t, const void *state, int64_t u, size_t *at);
void xp_store_free(store *t);
size_t xp_store_bytes(const store *t, size_t ss, size_t ks);

/* explore_graph.c */
bool xp_grow(explorer *x);
void xp_states_free(explorer *x);
bool xp_add_edge(explorer *x, int64_t to, uint32_t wt_at, const mpq_t w);
bool xp_add_node(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks, int n_picks,
                 uint32_t wt_at, const mpq_t w);

/* explore_outcomes.c */
uint64_t xp_held_for_solve(const explorer *x);
int xp_leaf_outcomes(explorer *x, ud_explore_report *rep, ud_buf *err);

#endif
