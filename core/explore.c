/*
 * explore.c - breadth-first exhaustive exploration (explore.h).
 *
 * Breadth first, so the first violation found is at the smallest depth and
 * its path is a shortest one (in decisions).  Each node keeps its parent,
 * the action taken there and the chance picks that led to it, which is all
 * a replay needs to write the transcript of the path.
 */
#include "explore.h"

#include <stddef.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "absorb.h"
#include "bigarray.h"
#include "frac64.h"
#include "membound.h"
#include "pieces.h"
#include "play.h"
#include "setup.h"
#include "transcript.h"

typedef struct node {
    int64_t parent;
    int action;                /* index into the parent's offers; -1 for the root */
    uint32_t picks_at;         /* into the picks pool */
    uint8_t n_picks;
    uint8_t kind;              /* 0 decision, 1 over, 2 cut */
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
    bool entered;              /* false: the step's start (the node's decision) */
    int pos;
    uint64_t steps, picks;
    unsigned exchange_run, exchange_runs;
    const ud_rule *rule;
    unsigned char *state;      /* ss bytes (entered only) */
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
    size_t ss, ks;             /* state and key sizes */
    uint64_t max_states;       /* the run's bound, on a step's children too */
    ud_membound *mem;          /* the run's bound in bytes (the explorer's) */
    ud_offers offers;          /* of the state being expanded */
    /* The node's state once its offers were collected (the same for
     * every replay of its steps: collected once, not once a replay). */
    unsigned char *at_node;
    /* resume[k]: where the replays of pick k's outcomes go on from (the
     * last phase entered before pick k was met); last: the last point of
     * the replay running (resume[j] it went on from, or entry). */
    resume_pt resume[UD_EXPLORE_MAX_PICKS];
    resume_pt entry;
    const resume_pt *last;
    bool going_on;             /* the replay running went on from last: not entered yet */
    int prefix[UD_EXPLORE_MAX_PICKS];
    int prefix_group[UD_EXPLORE_MAX_PICKS];   /* the outcome's group (equal labels) */
    unsigned prefix_run[UD_EXPLORE_MAX_PICKS]; /* its exchangeable run, 0: none */
    int n_prefix, pos;
    ud_step *step;             /* the replay running (run_step) */
    /* its chance source, prefix_pick (set up once: its message buffer is
     * not cleared a replay) */
    ud_chance source;
    int new_n;                 /* the new pick the replay stopped at: n outcomes */
    uint64_t run_picks;        /* this step's picks inside a run (checked with the step) */
    bool too_many_kids;
    /* picks[q]: the new pick met at prefix position q, its outcomes
     * grouped by label (the last replay to meet one there; kept until
     * enumerate has visited its outcomes) */
    new_pick picks[UD_EXPLORE_MAX_PICKS + 1];
    const char *group_label[256];   /* the label of a group's first outcome, as grouped */
    mpq_t scratch[UD_EXPLORE_MAX_PICKS][3];   /* enumerate's numbers, per pick depth */
    unsigned char *work;
    int cut_at_pick;
    /* children of one (state, action) */
    unsigned char *kids;
    int (*kid_picks)[UD_EXPLORE_MAX_PICKS];
    int *kid_n_picks;
    mpq_t *w;                  /* a child's weight when it does not fit kid_w */
    weight *kid_w;             /* den 0: in w */
    mpq_t tmp;
    int n_kids, cap_kids;
    /* the children's keys, hashed: a step may have thousands (a roll of
     * many dice), so finding a repeat must not scan them all */
    unsigned char *kid_keys;
    uint64_t *kid_hash;
    uint32_t *kid_gen;         /* a slot is in use when it holds the step's gen */
    int *kid_at;
    size_t kid_slots;
    uint32_t gen;
    bool oom;
    /* what the expansion counted, and a violation it met */
    uint64_t generated, chance, sums_checked;
    bool traced;               /* a violation (fail) with a path to replay */
    ud_failure fail;
    int fail_picks[UD_EXPLORE_MAX_PICKS], fail_n_picks;   /* the path's picks in the step */
} expander;

/* One node's expansion, kept until it is merged. */
typedef struct expansion {
    int64_t node;
    uint64_t generated, chance, sums_checked, transitions;
    size_t first_move, n_moves;
    int status;                /* EXP_OK, EXP_VIOLATED, EXP_OOM, EXP_TOO_MANY */
    ud_failure fail;
    bool traced;               /* the violation's path: fail_action, fail_picks */
    int fail_action, fail_n_picks;
    int fail_picks[UD_EXPLORE_MAX_PICKS];
} expansion;

enum { EXP_OK, EXP_VIOLATED, EXP_OOM, EXP_TOO_MANY };

/* An action taken at the node and its distinct results. */
typedef struct move {
    int action;                /* index among the node's offers */
    ud_action act;
    size_t first_kid;
    int n_kids;
} move;

/* A thread's expansions of one batch of nodes, in the order it took them. */
typedef struct store {
    ud_membound *mem;          /* the run's bound in bytes (the explorer's) */
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
    unsigned char *keys;       /* a child's key (ks bytes) and its hash, where found is -1 */
    uint64_t *hash;
    size_t n_kids, cap_kids;
} store;

#define NO_WEIGHT UINT32_MAX

typedef struct explorer {
    const ud_explore_opts *o;
    ud_explore_report *rep;
    ud_table table;
    size_t ss, ks;             /* state and key sizes */
    unsigned char *states;     /* node i's state at i * ss */
    node *nodes;
    uint64_t *hash;            /* node i's key's hash */
    int64_t n, cap;
    /* hash table of nodes: a slot holds the node's index + 1 in its low
     * 32 bits (0: empty) and its hash's high 32 bits above, so a probe
     * reads no other array unless those match */
    uint64_t *slot;
    size_t slots;
    int *pool;                 /* chance picks per node */
    size_t n_pool, cap_pool;
    unsigned char *work;       /* a trace's replay */
    bool oom, too_many_kids;
    ud_membound mem;
    /* threads: an expander and a store each */
    int jobs;
    expander *ex;
    store *st;
    /* with opts.outcomes: every edge (from = -1: the start), in the order
     * the nodes are expanded; weights that do not fit 32 bits in e_big */
    int32_t *e_to;
    uint32_t *e_w;             /* index into wt */
    size_t n_e, cap_e;
    int64_t *e_first;          /* node i's out-edges begin at e_first[i] (absorb.h) */
    ud_weight *wt;             /* the distinct weights: a turn has a few thousand */
    size_t n_wt, cap_wt;
    uint32_t *wt_slot;         /* hash table of wt indices + 1, 0: empty */
    size_t wt_slots;
    mpq_t *e_big;
    size_t n_big, cap_big;
    /* the bytes of the arrays that grow large (bigarray.h), as last grown */
    struct {
        size_t states, nodes, hash, e_first, e_to, e_w;
    } size;
} explorer;

/* The progress of a state towards the horizon, at most the horizon;
 * -1: no horizon. */
static int horizon_progress(const ud_explore_opts *o, const void *state)
{
    if (o->horizon <= 0 || !o->bound || !o->bound->progress)
        return -1;
    int p = o->bound->progress(state);
    return p < 0 ? 0 : p > o->horizon ? o->horizon : p;
}

static bool past_horizon(const ud_explore_opts *o, const void *state)
{
    return o->horizon > 0 && horizon_progress(o, state) >= o->horizon;
}

/* A leaf the bound itself cuts (its own end). */
static bool bound_cuts(const ud_explore_opts *o, const void *state)
{
    return o->bound && o->bound->cut && o->bound->cut(state);
}

/* A leaf the bound or the horizon cuts. */
static bool cut_here(const ud_explore_opts *o, const void *state)
{
    return bound_cuts(o, state) || past_horizon(o, state);
}

/* The key: the bound's (or the state's bytes), then, under a horizon, the
 * progress (two bytes): a key that forgets the round number would let a
 * round that changes nothing cycle past the horizon. */
static void key_of(const ud_explore_opts *o, size_t ss, const void *state, unsigned char *out)
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

static uint64_t hash_bytes(const unsigned char *b, size_t n)
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

static uint64_t slot_value(int64_t i, uint64_t h)
{
    return (h & 0xffffffff00000000ull) | (uint64_t)(i + 1);
}

static int64_t slot_node(uint64_t s)
{
    return (int64_t)(s & 0xffffffffu) - 1;
}

/* The slot of the node with this key (hash h), or the empty slot where it
 * would go.  A probe computes a node's key only when its hash's high bits
 * match. */
static uint64_t *lookup(const explorer *x, const unsigned char *key, uint64_t h)
{
    unsigned char tmp[UD_MAX_STATE];
    size_t mask = x->slots - 1, i = (size_t)h & mask;
    for (;;) {
        uint64_t *s = &x->slot[i];
        if (!*s)
            return s;
        if ((*s ^ h) >> 32 == 0) {
            key_of(x->o, x->ss, x->states + (size_t)slot_node(*s) * x->ss, tmp);
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
    const char *p = (const char *)(x->states + (size_t)slot_node(s) * x->ss);
    for (size_t at = 0; at < x->ss; at += 64)
        __builtin_prefetch(p + at);
}

/* The distinct weights' hash table: where v's index + 1 is, or the empty
 * slot where it would go. */
static uint32_t *weight_slot(const explorer *x, ud_weight v)
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
static uint32_t weight_find(const explorer *x, uint64_t num, uint64_t den)
{
    if (!x->wt_slots || !den || num > UINT32_MAX || den > UINT32_MAX)
        return NO_WEIGHT;
    uint32_t at = *weight_slot(x, (ud_weight){ (uint32_t)num, (uint32_t)den });
    return at ? at - 1 : NO_WEIGHT;
}

static bool grow(explorer *x)
{
    if (x->n + 1 > INT32_MAX)   /* a slot holds 32 bits of index (and an edge's target) */
        return false;
    if (x->n + 1 > x->cap) {
        /* each array's size follows it (bigarray.h frees by size) */
        size_t cap = x->cap ? (size_t)x->cap * 2 : 4096;
        size_t per_node = x->ss + sizeof *x->nodes + sizeof *x->hash + sizeof *x->e_first;
        if (!ud_mem_resize(&x->mem, (size_t)x->cap * per_node, cap * per_node))
            return false;
        unsigned char *s = ud_big_resize(x->states, &x->size.states, cap * x->ss);
        if (!s)
            return false;
        x->states = s;
        node *nd = ud_big_resize(x->nodes, &x->size.nodes, cap * sizeof *nd);
        if (!nd)
            return false;
        x->nodes = nd;
        uint64_t *hs = ud_big_resize(x->hash, &x->size.hash, cap * sizeof *hs);
        if (!hs)
            return false;
        x->hash = hs;
        int64_t *ef = ud_big_resize(x->e_first, &x->size.e_first, (cap + 1) * sizeof *ef);
        if (!ef)
            return false;
        x->e_first = ef;
        x->cap = (int64_t)cap;
    }
    if ((size_t)(x->n + 1) * 2 > x->slots) {
        size_t slots = x->slots ? x->slots * 2 : 8192;
        if (!ud_mem_resize(&x->mem, x->slots * sizeof *x->slot, slots * sizeof *x->slot))
            return false;
        ud_big_free(x->slot, x->slots * sizeof *x->slot);
        x->slots = 0;
        size_t bytes = 0;   /* its size follows x->slots */
        x->slot = ud_big_resize(NULL, &bytes, slots * sizeof *x->slot);   /* zero: empty */
        if (!x->slot)
            return false;
        x->slots = slots;
        for (int64_t i = 0; i < x->n; i++) {   /* keys differ: no two nodes compare */
            size_t mask = x->slots - 1, j = (size_t)x->hash[i] & mask;
            while (x->slot[j])
                j = (j + 1) & mask;
            x->slot[j] = slot_value(i, x->hash[i]);
        }
    }
    return true;
}

/* ---- the prefix-following chance source --------------------------------- */

static void resume_copy(const expander *x, resume_pt *to, const resume_pt *from)
{
    unsigned char *state = to->state;
    *to = *from;
    to->state = state;
    if (from->entered)
        memcpy(to->state, from->state, x->ss);
}

/* ud_step.entered: the replay's latest resume point. */
static void phase_entered(ud_step *s, const void *state)
{
    expander *x = s->entered_ctx;
    if (x->going_on) {
        /* the phase the replay went on from, entered again with the
         * state and counters run_step restored: x->last names it already */
        x->going_on = false;
        return;
    }
    resume_pt *r = &x->entry;
    r->entered = true;
    r->pos = x->pos;
    r->steps = s->steps;
    r->picks = s->picks;
    r->exchange_run = s->exchange_run;
    r->exchange_runs = s->exchange_runs;
    r->rule = s->rule;
    memcpy(r->state, state, x->ss);
    x->last = r;
}

/* The group of the new pick's outcomes labelled l, among the groups
 * formed so far (n_groups: a new one).  Their labels differ from each
 * other, so a label met before is found by its address alone, without a
 * strcmp per outcome and group (a die's labels come from one table); a
 * label at another address is compared by its text.  An outcome with no
 * label is a group of its own. */
static int label_group(const expander *x, int n_groups, const char *l)
{
    if (!l)
        return n_groups;
    for (int g = 0; g < n_groups; g++)
        if (x->group_label[g] == l)
            return g;
    for (int g = 0; g < n_groups; g++)
        if (x->group_label[g] && strcmp(x->group_label[g], l) == 0)
            return g;
    return n_groups;
}

static void held_in_run(const expander *x, unsigned run, int groups, int held[256], int *run_len,
                        int *min_group);

static int prefix_pick(ud_chance *c, const ud_pick_req *p)
{
    expander *x = c->ctx;
    if (x->pos < x->n_prefix) {
        int i = x->prefix[x->pos++];
        if (x->pos == x->n_prefix)
            x->step->invariants_paused = false;   /* the firings not checked yet begin */
        return i;
    }
    /* A new pick: record it and stop the step here. */
    if (cut_here(x->o, x->work)) {
        x->cut_at_pick = 1;
        memcpy(c->why, "explore: cut", sizeof "explore: cut");
        return -1;
    }
    /* its outcomes' replays go on from the last phase entered before it
     * (a pick past the bound is refused by enumerate: none is kept) */
    int q = x->n_prefix;
    if (q < UD_EXPLORE_MAX_PICKS)
        resume_copy(x, &x->resume[q], x->last);
    new_pick *pk = &x->picks[q];
    x->new_n = p->n;
    pk->n = p->n;
    pk->run = p->run;
    pk->groups = 0;
    for (int i = 0; i < p->n; i++) {
        const char *l = p->label ? p->label(p->ctx, i) : NULL;
        int g = label_group(x, pk->groups, l);
        if (g == pk->groups) {
            if (pk->groups == 256) {
                snprintf(c->why, sizeof c->why, "explore: more than 256 distinct outcomes");
                x->new_n = -1;
                return -1;
            }
            pk->first[g] = i;
            x->group_label[g] = l;
            pk->count[g] = 0;
            pk->groups++;
        }
        pk->count[g]++;
    }
    /* The replay goes on with the first outcome enumerate visits, as
     * the replay of that outcome would (from the same state, rule for
     * rule), instead of stopping here for it to be run again: the pick
     * is counted as enumerate counts the one a replay stops at, and
     * enumerate visits this outcome's leaves from this replay (see
     * enumerate).  It stops where enumerate could not keep the pick
     * (past UD_EXPLORE_MAX_PICKS) or no outcome is left to visit. */
    int held[256], run_len, min_group;
    if (q < UD_EXPLORE_MAX_PICKS) {
        held_in_run(x, pk->run, pk->groups, held, &run_len, &min_group);
        if (min_group < pk->groups) {
            x->chance++;
            x->new_n = 0;
            x->prefix_group[q] = min_group;
            x->prefix_run[q] = pk->run;
            x->prefix[q] = pk->first[min_group];
            x->n_prefix++;
            x->pos++;
            return pk->first[min_group];
        }
    }
    memcpy(c->why, "explore: new pick", sizeof "explore: new pick");   /* no printf a replay */
    return -1;
}

typedef struct replay_src {
    const int *picks;
    int n, pos;
} replay_src;

static int replay_pick(ud_chance *c, const ud_pick_req *p)
{
    replay_src *r = c->ctx;
    return r->pos < r->n ? r->picks[r->pos++] : -1;
}

/* ---- expansion -------------------------------------------------------------- */

enum { STEP_LEAF, STEP_PICK, STEP_FAIL };

/* Run one step (start, or decide `action` at the node) under the current
 * prefix; the result is in x->work.  It goes on from where the last pick
 * of the prefix was met (resume[n_prefix - 1]), or from the step's start.
 *
 * The invariants are checked from the firing that takes the prefix's
 * last pick on, not before (ud_step.invariants_paused): every firing
 * before it was checked in an earlier replay.  Why, writing R(p) for
 * the replay of the step from its start under prefix p of k picks: R(p)
 * fires, rule for rule on the same states, what R(p') fired, p' the
 * first k - 1 picks of p, up to the firing that asks for pick k - 1
 * (the first new pick of R(p'), which R(p') could not finish), as
 * nothing before that firing reads pick k - 1.  So the firings of R(p)
 * before the one that takes its last pick are all the firings R(p')
 * finished.  By induction on k, every firing of R(p) is checked: R()
 * (no pick) checks all of its own; R(p) checks its own from that firing
 * on, and the ones before it are R(p')'s, all checked (induction), in
 * R(p') itself, which enumerate ran before any R(p) it opened.  A
 * replay that goes on from resume[k - 1] runs the part of R(p) after a
 * phase entered before pick k - 1 was met, so it holds that firing and
 * all after it.  A violation is therefore met in the same replay as
 * when every replay checked every firing (the first replay to fire a
 * broken state ends the enumeration), and reported with the same path
 * and counts (tests/test_explore_replays.c plants one between two
 * picks).  A replay that meets a new pick and goes on with its first
 * outcome (prefix_pick) is R(p) up to that pick and, from there, R(p')
 * for p' = p and that outcome: the firing that takes it on, and every
 * one after it, are R(p')'s own, which R(p') would have checked, and
 * enumerate runs no R(p') for it; so the same holds, and every firing
 * is still checked once. */
static int run_step(expander *x, int action, ud_step *s)
{
    static const resume_pt start = { .entered = false };
    const resume_pt *from = x->n_prefix > 0 ? &x->resume[x->n_prefix - 1] : &start;
    x->pos = from->pos;
    x->new_n = 0;
    x->cut_at_pick = 0;
    x->last = from;
    x->going_on = from->entered;
    x->source.why[0] = '\0';
    ud_step_init(s, x->table, x->o->setup, &x->source, NULL, NULL);
    s->check_invariants = x->o->check_invariants;
    s->entered = phase_entered;
    s->entered_ctx = x;
    s->invariants_paused = x->n_prefix > 0;   /* until the last pick (above) */
    x->step = s;
    ud_status st;
    if (from->entered) {
        s->steps = from->steps;
        s->picks = from->picks;
        s->exchange_run = from->exchange_run;
        s->exchange_runs = from->exchange_runs;
        s->rule = from->rule;
        memcpy(x->work, from->state, x->ss);
        st = ud_advance(s, x->work);
    } else if (action < 0) {
        st = ud_start(s, x->work);
    } else {
        /* the node's offers, collected once (expand_node) */
        memcpy(x->work, x->at_node, x->ss);
        ud_offers_copy(&s->offers, &x->offers);
        st = ud_decide_offer(s, x->work, action);
    }
    if (st != UD_ERROR && x->pos < x->n_prefix) {
        /* the replays before did not fire what this one fired (so not
         * all of it was checked): a rule reads more than the state and
         * its picks */
        ud_failf(s, UD_FAIL_INVARIANT, NULL, "a replay ended after %d of its %d chance picks: a rule "
                 "does not play the same from the same state and picks", x->pos, x->n_prefix);
        return STEP_FAIL;
    }
    if (st != UD_ERROR)
        return STEP_LEAF;
    if (x->cut_at_pick)
        return STEP_LEAF;
    if (x->new_n > 0 && x->pos == x->n_prefix)
        return STEP_PICK;
    return STEP_FAIL;
}

/* The slot of a child with this key (hash h), or the free slot for it. */
static size_t kid_slot(const expander *x, const unsigned char *key, uint64_t h)
{
    size_t mask = x->kid_slots - 1, i = (size_t)h & mask;
    while (x->kid_gen[i] == x->gen && memcmp(x->kid_keys + (size_t)x->kid_at[i] * x->ks, key, x->ks) != 0)
        i = (i + 1) & mask;
    return i;
}

/* Room for one more child: arrays, and a table at most half full. */
static bool kids_room(expander *x)
{
    if (x->n_kids == x->cap_kids) {
        int cap = x->cap_kids ? x->cap_kids * 2 : 64;
        size_t per_kid = x->ss + x->ks + sizeof *x->kid_hash + sizeof *x->w + sizeof *x->kid_picks +
                         sizeof *x->kid_n_picks + sizeof *x->kid_w;
        if (!ud_mem_resize(x->mem, (size_t)x->cap_kids * per_kid, (size_t)cap * per_kid))
            return false;
        unsigned char *k = realloc(x->kids, (size_t)cap * x->ss);
        if (k)
            x->kids = k;
        unsigned char *kk = realloc(x->kid_keys, (size_t)cap * x->ks);
        if (kk)
            x->kid_keys = kk;
        uint64_t *kh = realloc(x->kid_hash, (size_t)cap * sizeof *kh);
        if (kh)
            x->kid_hash = kh;
        mpq_t *w2 = realloc(x->w, (size_t)cap * sizeof *w2);
        if (w2)
            x->w = w2;
        int (*kp)[UD_EXPLORE_MAX_PICKS] = realloc(x->kid_picks, (size_t)cap * sizeof *kp);
        if (kp)
            x->kid_picks = kp;
        int *kn = realloc(x->kid_n_picks, (size_t)cap * sizeof *kn);
        if (kn)
            x->kid_n_picks = kn;
        weight *kw = realloc(x->kid_w, (size_t)cap * sizeof *kw);
        if (kw)
            x->kid_w = kw;
        if (!k || !kk || !kh || !w2 || !kp || !kn || !kw)
            return false;
        for (int i = x->cap_kids; i < cap; i++)
            mpq_init(x->w[i]);
        x->cap_kids = cap;
    }
    if ((size_t)(x->n_kids + 1) * 2 > x->kid_slots) {
        size_t slots = x->kid_slots ? x->kid_slots * 2 : 256;
        size_t per_slot = sizeof *x->kid_gen + sizeof *x->kid_at;
        if (!ud_mem_resize(x->mem, x->kid_slots * per_slot, slots * per_slot))
            return false;
        uint32_t *g = calloc(slots, sizeof *g);
        int *at = malloc(slots * sizeof *at);
        if (!g || !at) {
            free(g);
            free(at);
            return false;
        }
        free(x->kid_gen);
        free(x->kid_at);
        x->kid_gen = g;
        x->kid_at = at;
        x->kid_slots = slots;
        x->gen = 1;   /* the new table is empty for any gen but 0 */
        for (int i = 0; i < x->n_kids; i++) {
            size_t j = kid_slot(x, x->kid_keys + (size_t)i * x->ks, x->kid_hash[i]);
            x->kid_gen[j] = x->gen;
            x->kid_at[j] = i;
        }
    }
    return true;
}

/* A new step's children: forget the last step's (in O(1)). */
static void kids_reset(expander *x)
{
    x->n_kids = 0;
    if (++x->gen == 0 && x->kid_gen) {   /* wrapped: clear for real */
        memset(x->kid_gen, 0, x->kid_slots * sizeof *x->kid_gen);
        x->gen = 1;
    }
}

/* w as an mpq_t into out. */
static void weight_get(mpq_t out, const weight *w)
{
    if (w->den)
        mpq_set_ui(out, w->num, w->den);   /* lowest terms: canonical */
    else
        mpq_set(out, w->big);
}

/* Child i's weight as an mpq_t into out (a large one lives in w[i]). */
static void kid_weight(const expander *x, int i, mpq_t out)
{
    weight w = x->kid_w[i];
    if (!w.den)
        w.big = x->w[i];
    weight_get(out, &w);
}

static bool add_kid(expander *x, const weight *w)
{
    unsigned char key[UD_MAX_STATE];
    key_of(x->o, x->ss, x->work, key);
    if ((uint64_t)x->n_kids >= x->max_states) {
        /* one step with more distinct outcomes than the run may keep states */
        x->too_many_kids = true;
        return false;
    }
    if (!kids_room(x))
        return false;
    uint64_t h = hash_bytes(key, x->ks);
    size_t j = kid_slot(x, key, h);
    if (x->kid_gen[j] == x->gen) {
        int i = x->kid_at[j];
        weight *kw = &x->kid_w[i];
        if (kw->den && w->den && ud_frac64_add_lcm(&kw->num, &kw->den, w->num, w->den))
            return true;
        if (kw->den) {   /* it no longer fits */
            mpq_set_ui(x->w[i], kw->num, kw->den);
            mpq_canonicalize(x->w[i]);   /* (ud_frac64_add_lcm's sums are not in lowest terms) */
            kw->den = 0;
        }
        weight_get(x->tmp, w);
        mpq_add(x->w[i], x->w[i], x->tmp);
        return true;
    }
    x->kid_gen[j] = x->gen;
    x->kid_at[j] = x->n_kids;
    memcpy(x->kid_keys + (size_t)x->n_kids * x->ks, key, x->ks);
    x->kid_hash[x->n_kids] = h;
    memcpy(x->kids + (size_t)x->n_kids * x->ss, x->work, x->ss);
    memcpy(x->kid_picks[x->n_kids], x->prefix, (size_t)x->n_prefix * sizeof x->prefix[0]);
    x->kid_n_picks[x->n_kids] = x->n_prefix;
    x->kid_w[x->n_kids] = (weight){ w->num, w->den, NULL };
    if (!w->den)
        mpq_set(x->w[x->n_kids], w->big);
    x->n_kids++;
    return true;
}

/* The exchangeable run the new pick continues (run != 0): how many picks
 * of it came before (run_len), the group of its first (min_group), and
 * how often each group was held (held[], zeroed only as far as used). */
static void held_in_run(const expander *x, unsigned run, int groups, int held[256], int *run_len,
                        int *min_group)
{
    *run_len = 0;
    *min_group = 0;
    int used = groups;
    if (!run || x->o->every_order)
        return;
    for (int i = x->n_prefix - 1; i >= 0 && x->prefix_run[i] == run; i--)
        if (x->prefix_group[i] >= used)
            used = x->prefix_group[i] + 1;
    memset(held, 0, (size_t)used * sizeof held[0]);
    for (int i = x->n_prefix - 1; i >= 0 && x->prefix_run[i] == run; i--) {
        if (++*run_len == 1)
            *min_group = x->prefix_group[i];   /* the latest: non-decreasing order */
        held[x->prefix_group[i]]++;
    }
}

static bool visit(expander *x, int action, const weight *w, int q, int end, int r,
                  const ud_failure *fail);

/* Every outcome of the step under the current prefix, depth first over
 * the chance picks; each leaf becomes a child of the node with its exact
 * weight.  One replay: it takes the first outcome of each new pick it
 * meets (prefix_pick) and ends at a leaf, a failure, or a pick it stops
 * at; visit then goes through what it met, deepest pick first. */
static bool enumerate(expander *x, int action, const weight *w)
{
    ud_step s;
    int q = x->n_prefix;
    int r = run_step(x, action, &s);
    return visit(x, action, w, q, x->n_prefix, r, &s.fail);
}

/* The outcomes under prefix position q of the replay enumerate ran (its
 * prefix ran to end, each new pick at q .. end - 1 taken with the first
 * outcome visited; r and fail: how it ended), w the weight of the picks
 * before q.  Each outcome of a pick is visited in turn as when every
 * replay stopped at its first new pick: the first one's leaves are the
 * rest of this replay (visit at q + 1), the others' new replays
 * (enumerate), so the leaves, their order and weights, the picks counted
 * and a violation's path are the same. */
static bool visit(expander *x, int action, const weight *w, int q, int end, int r,
                  const ud_failure *fail)
{
    x->n_prefix = q;
    if (q == end) {
        if (r == STEP_LEAF) {
            x->generated++;
            if (!add_kid(x, w)) {   /* with the picks that led to it */
                x->oom = true;
                return false;        /* stop the step at once: nothing more fits */
            }
            return true;
        }
        if (r == STEP_FAIL) {
            x->traced = true;   /* the path: the prefix as it stands */
            x->fail = *fail;
            memcpy(x->fail_picks, x->prefix, (size_t)x->n_prefix * sizeof x->prefix[0]);
            x->fail_n_picks = x->n_prefix;
            return false;
        }
        if (x->n_prefix == UD_EXPLORE_MAX_PICKS) {
            x->fail.kind = UD_FAIL_INVARIANT;
            x->fail.id = NULL;
            snprintf(x->fail.msg, sizeof x->fail.msg,
                     "more than %d chance picks without a decision or a leaf (raise the bound)",
                     UD_EXPLORE_MAX_PICKS);
            return false;
        }
        x->chance++;   /* (a pick the replay went on through was counted as it did) */
    }
    const new_pick *pk = &x->picks[q];
    int n = pk->n, groups = pk->groups;
    unsigned run = pk->run;
    /* An exchangeable run (ud_exchangeable_begin): its outcomes are
     * visited in non-decreasing group order only, each multiset once,
     * weighted by its number of orders.  Adding the j-th pick of the run
     * with group g, already held c times, multiplies the count of orders
     * by j / (c + 1): over the run, k! / (m_1! m_2! ...). */
    int run_len = 0, min_group = 0;
    int held[256];
    held_in_run(x, run, groups, held, &run_len, &min_group);
    /* this pick's own numbers, initialised once (not a malloc a pick) */
    mpq_t *sum = &x->scratch[q][0], *wi = &x->scratch[q][1], *other = &x->scratch[q][2];
    unsigned long total = 0;   /* the outcomes' counts: the pick's weights sum to total / n */
    bool ok = true;
    for (int g = min_group; g < groups && ok; g++) {
        total += (unsigned long)pk->count[g];
        /* count/n times the orders, (run_len + 1) / (held + 1), times w */
        unsigned long a = (unsigned long)pk->count[g], b = (unsigned long)n;
        if (run_len > 0) {
            a *= (unsigned long)(run_len + 1);
            b *= (unsigned long)(held[g] + 1);
        }
        weight child = { 0, 0, *wi };
        if (!w->den || !ud_frac64_mul(w->num, w->den, a, b, &child.num, &child.den)) {
            child.den = 0;
            mpq_set_ui(*wi, a, b);
            mpq_canonicalize(*wi);
            weight_get(*other, w);
            mpq_mul(*wi, *wi, *other);
        }
        x->prefix_group[q] = g;
        x->prefix_run[q] = run;
        x->prefix[q] = pk->first[g];
        x->n_prefix = q + 1;
        if (q < end && g == min_group)
            ok = visit(x, action, &child, q + 1, end, r, fail);   /* the replay's own */
        else
            ok = enumerate(x, action, &child);
        x->n_prefix = q;
    }
    if (run_len > 0) {
        /* a run's later picks do not sum to 1 on their own: the step's
         * leaves are checked together instead (enumerate_step) */
        x->run_picks++;
    } else if (ok && total != (unsigned long)n) {
        mpq_set_ui(*sum, total, (unsigned long)n);
        mpq_canonicalize(*sum);
        x->fail.kind = UD_FAIL_INVARIANT;
        x->fail.id = NULL;
        snprintf(x->fail.msg, sizeof x->fail.msg,
                 "a chance pick's outcomes sum to %.17g, not 1", mpq_get_d(*sum));
        ok = false;
    } else if (ok) {
        x->sums_checked++;
    }
    return ok;
}

/* Enumerate one step's outcomes (enumerate) and check that its leaves'
 * weights sum to exactly 1: with exchangeable runs, the per-pick check
 * does not cover the runs' later picks, this covers the whole step. */
static bool enumerate_step(expander *x, int action)
{
    x->run_picks = 0;
    weight whole = { 1, 1, NULL };
    bool ok = enumerate(x, action, &whole);
    if (ok && !x->oom) {
        for (int i = 0; i < x->n_kids; i++)   /* the weights as stored: canonical */
            if (x->kid_w[i].den)
                ud_frac64_reduce(&x->kid_w[i].num, &x->kid_w[i].den);
        /* in small numbers while they fit, else (or to say what the sum
         * is) in an mpq_t */
        uint64_t num = 0, den = 1;
        int i = 0;
        while (i < x->n_kids && x->kid_w[i].den &&
               ud_frac64_add_lcm(&num, &den, x->kid_w[i].num, x->kid_w[i].den))
            i++;
        bool is_one = i == x->n_kids && num == den;
        mpq_t one;
        mpq_init(one);
        for (i = 0; i < x->n_kids && !is_one; i++) {
            kid_weight(x, i, x->tmp);
            mpq_add(one, one, x->tmp);
        }
        if (!is_one && mpq_cmp_ui(one, 1, 1) != 0) {
            x->fail.kind = UD_FAIL_INVARIANT;
            x->fail.id = NULL;
            snprintf(x->fail.msg, sizeof x->fail.msg,
                     "a step's outcomes sum to %.17g, not 1", mpq_get_d(one));
            ok = false;
        } else {
            x->sums_checked += x->run_picks;   /* checked with the step */
        }
        mpq_clear(one);
    }
    return ok;
}

/* ---- a node's expansion, kept in a store --------------------------------- */

/* Room in t for one more expansion. */
static bool store_exp_room(store *t)
{
    if (t->n_exp < t->cap_exp)
        return true;
    size_t cap = t->cap_exp ? t->cap_exp * 2 : 256;
    if (!ud_mem_resize(t->mem, t->cap_exp * sizeof *t->exp, cap * sizeof *t->exp))
        return false;
    expansion *e = realloc(t->exp, cap * sizeof *e);
    if (!e)
        return false;
    t->exp = e;
    t->cap_exp = cap;
    return true;
}

/* Room in t for one more move. */
static bool store_move_room(store *t)
{
    if (t->n_mv < t->cap_mv)
        return true;
    size_t cap = t->cap_mv ? t->cap_mv * 2 : 256;
    if (!ud_mem_resize(t->mem, t->cap_mv * sizeof *t->mv, cap * sizeof *t->mv))
        return false;
    move *m = realloc(t->mv, cap * sizeof *m);
    if (!m)
        return false;
    t->mv = m;
    t->cap_mv = cap;
    return true;
}

static bool store_kids_room(store *t, size_t ss, size_t ks, size_t kids)
{
    if (t->n_kids + kids <= t->cap_kids)
        return true;
    size_t cap = t->cap_kids ? t->cap_kids : 256;
    while (cap < t->n_kids + kids)
        cap *= 2;
    size_t per_kid = ss + ks + sizeof *t->picks + sizeof *t->n_picks + sizeof *t->found +
                     sizeof *t->wt_at + sizeof *t->w + sizeof *t->hash;
    if (!ud_mem_resize(t->mem, t->cap_kids * per_kid, cap * per_kid))
        return false;
    unsigned char *k = realloc(t->kids, cap * ss);
    if (k)
        t->kids = k;
    int (*pk)[UD_EXPLORE_MAX_PICKS] = realloc(t->picks, cap * sizeof *pk);
    if (pk)
        t->picks = pk;
    int *np = realloc(t->n_picks, cap * sizeof *np);
    if (np)
        t->n_picks = np;
    int64_t *fd = realloc(t->found, cap * sizeof *fd);
    if (fd)
        t->found = fd;
    uint32_t *wa = realloc(t->wt_at, cap * sizeof *wa);
    if (wa)
        t->wt_at = wa;
    mpq_t *w = realloc(t->w, cap * sizeof *w);
    if (w)
        t->w = w;
    unsigned char *ky = realloc(t->keys, cap * ks);
    if (ky)
        t->keys = ky;
    uint64_t *hs = realloc(t->hash, cap * sizeof *hs);
    if (hs)
        t->hash = hs;
    if (!k || !pk || !np || !fd || !wa || !w || !ky || !hs)
        return false;
    for (size_t i = t->cap_kids; i < cap; i++)
        mpq_init(t->w[i]);
    t->cap_kids = cap;
    return true;
}

static void store_free(store *t)
{
    for (size_t i = 0; i < t->cap_kids; i++)
        mpq_clear(t->w[i]);
    free(t->exp);
    free(t->mv);
    free(t->kids);
    free(t->picks);
    free(t->n_picks);
    free(t->found);
    free(t->wt_at);
    free(t->w);
    free(t->keys);
    free(t->hash);
}

/* Bytes a store's children take (the budget a thread stops taking at). */
static size_t store_bytes(const store *t, size_t ss, size_t ks)
{
    return t->n_kids * (ss + ks + sizeof *t->picks + 88);
}

/* A violation the expander met, into the expansion. */
static void keep_violation(expansion *e, const expander *x, int action)
{
    e->status = EXP_VIOLATED;
    e->fail = x->fail;
    e->traced = x->traced;
    e->fail_action = action;
    e->fail_n_picks = x->traced ? x->fail_n_picks : 0;
    memcpy(e->fail_picks, x->fail_picks, (size_t)e->fail_n_picks * sizeof e->fail_picks[0]);
}

/* A violation met at the node itself, before any step: its path ends
 * there. */
static void node_violation(expansion *e, const ud_failure *f)
{
    e->status = EXP_VIOLATED;
    e->fail = *f;
    e->traced = true;
    e->fail_action = -1;
    e->fail_n_picks = 0;
}

/* Expand node u (state): the offers, then every action offered (or the
 * followed policy's), each step's distinct outcomes into t.  What the
 * sequential search did at a node, without touching the graph: false
 * only when t cannot grow. */
enum { LOOKUP_AHEAD = 8 };   /* children ahead whose slots a lookup loop asks for */

static bool expand_node(expander *x, store *t, const void *state, int64_t u, size_t *at)
{
    if (!store_exp_room(t))
        return false;
    *at = t->n_exp;
    expansion *e = &t->exp[t->n_exp++];
    memset(e, 0, offsetof(expansion, fail_picks));
    e->node = u;
    e->first_move = t->n_mv;
    x->generated = x->chance = x->sums_checked = 0;
    x->traced = x->oom = x->too_many_kids = false;
    ud_step s;
    ud_chance none = { .pick = prefix_pick, .ctx = x };
    ud_step_init(&s, x->table, x->o->setup, &none, NULL, NULL);
    memcpy(x->work, state, x->ss);
    x->n_prefix = x->pos = 0;
    if (ud_advance(&s, x->work) != UD_DECIDE) {
        node_violation(e, &s.fail);
        return true;
    }
    ud_offers_copy(&x->offers, &s.offers);
    /* Every replay of a step began with this advance, invariants checked
     * as asked: it is run once here instead, and its failure is the
     * first replay's (below). */
    ud_step_init(&s, x->table, x->o->setup, &none, NULL, NULL);
    s.check_invariants = x->o->check_invariants;
    memcpy(x->at_node, state, x->ss);
    bool advanced = ud_advance(&s, x->at_node) == UD_DECIDE;
    ud_failure advance_fail = s.fail;
    int chosen = -1;
    if (x->o->policy) {
        int seat = x->o->game->to_move(state);
        chosen = ud_policy_choose(x->o->policy, x->o->game, state, seat, &x->offers, NULL);
        if (chosen < 0 || chosen >= x->offers.n) {
            /* a followed policy that cannot answer leaves no way on:
             * the search cannot be complete, so it is reported */
            ud_failure f = { .kind = UD_FAIL_INPUT };
            snprintf(f.msg, sizeof f.msg, "the followed policy gave no decision");
            node_violation(e, &f);
            return true;
        }
    }
    for (int a = 0; a < x->offers.n; a++) {
        if (x->o->policy && a != chosen)
            continue;
        kids_reset(x);
        x->n_prefix = 0;
        e->transitions++;
        if (!advanced) {
            x->traced = true;   /* the path: the decision, no pick */
            x->fail = advance_fail;
            x->fail_n_picks = 0;
            keep_violation(e, x, a);
            return true;
        }
        bool ok = enumerate_step(x, a);
        e->generated = x->generated;
        e->chance = x->chance;
        e->sums_checked = x->sums_checked;
        if (!ok && x->oom) {
            e->status = x->too_many_kids ? EXP_TOO_MANY : EXP_OOM;
            return true;
        }
        if (!ok) {
            keep_violation(e, x, a);
            return true;
        }
        if (!store_move_room(t) || !store_kids_room(t, x->ss, x->ks, (size_t)x->n_kids)) {
            e->status = EXP_OOM;
            return true;
        }
        move *m = &t->mv[t->n_mv++];
        *m = (move){ a, x->offers.action[a], t->n_kids, x->n_kids };
        e->n_moves++;
        memcpy(t->kids + t->n_kids * x->ss, x->kids, (size_t)x->n_kids * x->ss);
        for (int i = 0; i < x->n_kids; i++) {
            size_t k = t->n_kids + (size_t)i;
            if (i + LOOKUP_AHEAD < x->n_kids)
                prefetch_slot(x->graph, x->kid_hash[i + LOOKUP_AHEAD]);
            if (i + LOOKUP_AHEAD / 2 < x->n_kids)
                prefetch_match(x->graph, x->kid_hash[i + LOOKUP_AHEAD / 2]);
            t->n_picks[k] = x->kid_n_picks[i];
            memcpy(t->picks[k], x->kid_picks[i], (size_t)x->kid_n_picks[i] * sizeof x->kid_picks[i][0]);
            const unsigned char *key = x->kid_keys + (size_t)i * x->ks;
            t->found[k] = slot_node(*lookup(x->graph, key, x->kid_hash[i]));
            if (t->found[k] < 0) {   /* the merge adds it (or finds it added) */
                memcpy(t->keys + k * x->ks, key, x->ks);
                t->hash[k] = x->kid_hash[i];
            }
            t->wt_at[k] = x->o->outcomes ? weight_find(x->graph, x->kid_w[i].num, x->kid_w[i].den) : NO_WEIGHT;
            if (x->o->on_edge || (x->o->outcomes && (t->found[k] < 0 || t->wt_at[k] == NO_WEIGHT)))
                kid_weight(x, i, t->w[k]);
        }
        t->n_kids += (size_t)x->n_kids;
    }
    return true;
}

static int kind_of(const explorer *x, const void *state)
{
    if (cut_here(x->o, state))
        return 2;
    return ud_phase_of(x->o->game, state) < x->o->game->n_phases &&
                   x->o->game->phases[ud_phase_of(x->o->game, state)].kind == UD_PHASE_OVER
               ? 1 : 0;
}

/* Room for one more edge. */
static bool edges_room(explorer *x)
{
    if (x->n_e < x->cap_e)
        return true;
    size_t cap = x->cap_e ? x->cap_e * 2 : 65536;
    if (!ud_mem_resize(&x->mem, x->cap_e * (sizeof *x->e_to + sizeof *x->e_w),
                    cap * (sizeof *x->e_to + sizeof *x->e_w)))
        return false;
    int32_t *t = ud_big_resize(x->e_to, &x->size.e_to, cap * sizeof *t);
    if (!t)
        return false;
    x->e_to = t;
    uint32_t *ww = ud_big_resize(x->e_w, &x->size.e_w, cap * sizeof *ww);
    if (!ww)
        return false;
    x->e_w = ww;
    x->cap_e = cap;
    return true;
}

/* Room for one more distinct weight, its table at most half full. */
static bool weights_room(explorer *x)
{
    if (x->n_wt == x->cap_wt) {
        size_t cap = x->cap_wt ? x->cap_wt * 2 : 1024;
        if (!ud_mem_resize(&x->mem, x->cap_wt * sizeof *x->wt, cap * sizeof *x->wt))
            return false;
        ud_weight *w = cap < UINT32_MAX ? realloc(x->wt, cap * sizeof *w) : NULL;
        if (!w)
            return false;
        x->wt = w;
        x->cap_wt = cap;
    }
    if ((x->n_wt + 1) * 2 <= x->wt_slots)
        return true;
    size_t slots = x->wt_slots ? x->wt_slots * 2 : 4096;
    if (!ud_mem_resize(&x->mem, x->wt_slots * sizeof *x->wt_slot, slots * sizeof *x->wt_slot))
        return false;
    uint32_t *sl = calloc(slots, sizeof *sl);
    if (!sl)
        return false;
    for (size_t i = 0; i < x->n_wt; i++) {
        uint64_t k = ((uint64_t)x->wt[i].num << 32 | x->wt[i].den) * 0x9e3779b97f4a7c15ull;
        size_t j = (size_t)(k >> 20) & (slots - 1);
        while (sl[j])
            j = (j + 1) & (slots - 1);
        sl[j] = (uint32_t)i + 1;
    }
    free(x->wt_slot);
    x->wt_slot = sl;
    x->wt_slots = slots;
    return true;
}

/* The index of weight w among the distinct ones (a new one is added); a
 * weight that does not fit 32 bits goes to e_big, one entry each. */
static bool weight_index(explorer *x, const mpq_t w, uint32_t *out)
{
    if (!weights_room(x))
        return false;
    if (mpz_cmp_ui(mpq_numref(w), UINT32_MAX) > 0 || mpz_cmp_ui(mpq_denref(w), UINT32_MAX) > 0) {
        if (x->n_big == x->cap_big) {
            size_t cap = x->cap_big ? x->cap_big * 2 : 64;
            if (!ud_mem_resize(&x->mem, x->cap_big * sizeof *x->e_big, cap * sizeof *x->e_big))
                return false;
            mpq_t *b = cap < UINT32_MAX ? realloc(x->e_big, cap * sizeof *b) : NULL;
            if (!b)
                return false;
            x->e_big = b;
            x->cap_big = cap;
        }
        mpq_init(x->e_big[x->n_big]);
        mpq_set(x->e_big[x->n_big], w);
        x->wt[x->n_wt] = (ud_weight){ (uint32_t)x->n_big++, 0 };
        *out = (uint32_t)x->n_wt++;
        return true;
    }
    ud_weight v = { (uint32_t)mpz_get_ui(mpq_numref(w)), (uint32_t)mpz_get_ui(mpq_denref(w)) };
    uint32_t *j = weight_slot(x, v);
    if (!*j) {
        x->wt[x->n_wt] = v;
        *j = (uint32_t)x->n_wt++ + 1;
    }
    *out = *j - 1;
    return true;
}

/* Remember the edge to `to` (weight w) of the node being expanded, for
 * the outcome computation: 8 bytes, where an mpq_t edge took some 100
 * (the School Bus's turn has millions of edges). */
static bool add_edge(explorer *x, int64_t to, uint32_t wt_at, const mpq_t w)
{
    if (to > INT32_MAX || !edges_room(x))
        return false;
    if (wt_at != NO_WEIGHT)
        x->e_w[x->n_e] = wt_at;   /* looked up as the child was stored */
    else if (!weight_index(x, w, &x->e_w[x->n_e]))
        return false;
    x->e_to[x->n_e] = (int32_t)to;
    x->n_e++;
    return true;
}

/* A state with its key and the key's hash (as the expander made them). */
typedef struct keyed {
    const void *state;
    const unsigned char *key;
    uint64_t hash;
} keyed;

static bool add_node_at(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks,
                        int n_picks, int64_t *at);

/* Add the state (if new) and, with opts.outcomes, the edge to it (weight
 * wt_at, or w if NO_WEIGHT). */
static bool add_node(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks,
                     int n_picks, uint32_t wt_at, const mpq_t w)
{
    int64_t at;
    if (!add_node_at(x, k, parent, action, depth, picks, n_picks, &at))
        return false;
    return !x->o->outcomes || add_edge(x, at, wt_at, w);
}

static bool add_node_at(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks,
                        int n_picks, int64_t *at)
{
    const void *state = k.state;
    if (!grow(x))
        return false;
    uint64_t *s = lookup(x, k.key, k.hash);
    *at = slot_node(*s);
    if (*s)
        return true;
    if (x->n_pool + (size_t)n_picks > x->cap_pool) {
        size_t cap = x->cap_pool ? x->cap_pool * 2 : 65536;
        while (cap < x->n_pool + (size_t)n_picks)
            cap *= 2;
        if (!ud_mem_resize(&x->mem, x->cap_pool * sizeof *x->pool, cap * sizeof *x->pool))
            return false;
        int *p = realloc(x->pool, cap * sizeof *p);
        if (!p)
            return false;
        x->pool = p;
        x->cap_pool = cap;
    }
    if (n_picks > 0)   /* the pool may not exist yet (a start with no chance pick) */
        memcpy(x->pool + x->n_pool, picks, (size_t)n_picks * sizeof picks[0]);
    int64_t i = x->n++;
    memcpy(x->states + (size_t)i * x->ss, state, x->ss);
    x->hash[i] = k.hash;
    x->nodes[i] = (node){ parent, action, (uint32_t)x->n_pool, (uint8_t)n_picks,
                          (uint8_t)kind_of(x, state), (uint16_t)depth };
    x->n_pool += (size_t)n_picks;
    *s = slot_value(i, k.hash);
    *at = i;
    ud_explore_level *lv = &x->rep->level[depth];
    lv->distinct++;
    x->rep->distinct++;
    if (x->nodes[i].kind == 0) {
        lv->decision++;
        x->rep->decision++;
    } else if (x->nodes[i].kind == 1) {
        lv->terminal++;
        x->rep->terminal++;
    } else {
        lv->cut++;
        x->rep->cut++;
    }
    if (depth > x->rep->depth)
        x->rep->depth = depth;
    return true;
}

/* ---- the trace ------------------------------------------------------------ */

static void write_trace(explorer *x, int64_t parent, int action, const int *picks, int n_picks)
{
    /* the path's nodes, root first */
    int64_t path[UD_EXPLORE_MAX_DEPTH + 2];
    int len = 0;
    for (int64_t v = parent; v >= 0 && len < UD_EXPLORE_MAX_DEPTH + 1; v = x->nodes[v].parent)
        path[len++] = v;
    int all[(UD_EXPLORE_MAX_DEPTH + 2) * UD_EXPLORE_MAX_PICKS];
    int n_all = 0, actions[UD_EXPLORE_MAX_DEPTH + 2], n_act = 0;
    for (int k = len - 1; k >= 0; k--) {
        const node *nd = &x->nodes[path[k]];
        if (nd->n_picks)
            memcpy(all + n_all, x->pool + nd->picks_at, nd->n_picks * sizeof all[0]);
        n_all += nd->n_picks;
        if (k < len - 1)
            actions[n_act++] = nd->action;
    }
    if (action >= 0)
        actions[n_act++] = action;
    if (n_picks > 0)
        memcpy(all + n_all, picks, (size_t)n_picks * sizeof all[0]);
    n_all += n_picks;
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return;
    ud_policy pol[UD_MAX_PLAYERS];
    for (int p = 0; p < UD_MAX_PLAYERS; p++)
        pol[p] = (ud_policy){ &ud_policy_random, 0 };
    ud_transcript_write_header(f, x->o->game, x->o->setup, NULL, NULL, 1);
    fprintf(f, "# found by undead explore: the shortest path to the violation\n");
    ud_sink sink;
    ud_sink_to_file(&sink, f);
    replay_src rs = { all, n_all, 0 };
    ud_chance ch = { .pick = replay_pick, .ctx = &rs };
    ud_step s;
    ud_step_init(&s, &x->table, x->o->setup, &ch, &sink, NULL);
    s.check_invariants = x->o->check_invariants;
    ud_status st = ud_start(&s, x->work);
    for (int k = 0; k < n_act && st == UD_DECIDE; k++)
        st = ud_decide_offer(&s, x->work, actions[k]);
    (void)pol;
    fclose(f);
    free(x->rep->trace);
    x->rep->trace = buf;
}

/* ---- the search ------------------------------------------------------------ */

/* The leaves' masses by the fast pass (absorb.h); 1: not for it. */
static int absorb_fast(explorer *x, mpq_t *mass, ud_buf *err)
{
    ud_chain_small chain = { x->n, x->n_e, x->e_first, x->e_to, x->e_w, x->wt, x->n_wt, x->e_big, x->jobs,
                             &x->mem };
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
static uint64_t held_for_solve(const explorer *x)
{
    size_t per_node = (x->states ? x->ss + sizeof *x->nodes : 0) + sizeof *x->e_first;
    return (uint64_t)x->cap * per_node + x->cap_e * (sizeof *x->e_to + sizeof *x->e_w) +
           x->cap_wt * sizeof *x->wt + x->wt_slots * sizeof *x->wt_slot + x->cap_big * sizeof *x->e_big;
}

/* The exact probability of each leaf label: the chain's absorbed mass
 * (absorb.h), summed by bound->outcome's label; it must total exactly 1.
 * Its arrays count against the search's bound in bytes: -1 with
 * x->mem.hit set when they would pass it. */
static int leaf_outcomes(explorer *x, ud_explore_report *rep, ud_buf *err)
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
        const void *st = x->states + (size_t)i * x->ss;
        bool unfinished = !bound_cuts(x->o, st) && past_horizon(x->o, st);   /* the bound's end first */
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
    ud_big_free(x->states, x->size.states);
    ud_big_free(x->nodes, x->size.nodes);
    ud_mem_resize(&x->mem, (size_t)x->cap * (x->ss + sizeof *x->nodes), 0);
    x->states = NULL;
    x->nodes = NULL;
    x->size.states = x->size.nodes = 0;
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
        for (int64_t i = 0; i < x->n; i++) {   /* the fast pass may have begun */
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

/* ---- batches of nodes, expanded on threads ------------------------------- */

enum {
    BATCH_NODES = 4096,                        /* nodes a batch may take */
    STORE_BUDGET = 12 * 1024 * 1024,           /* bytes of children before a thread stops taking */
};

typedef struct batch {
    explorer *x;
    int64_t lo, hi;            /* the nodes that may be taken */
    int max_depth;
    _Atomic int64_t next;      /* the next node to take */
    /* where node lo + i's expansion is: its store and index, store -1: none */
    int *in_store;
    size_t *at;
    _Atomic bool failed;       /* a store could not grow */
} batch;

typedef struct worker {
    batch *b;
    int id;
} worker;

static bool needs_expanding(const explorer *x, int64_t u, int max_depth)
{
    return x->nodes[u].kind == 0 && x->nodes[u].depth < max_depth;
}

/* Take nodes in order until the batch is done or this thread's store is
 * full: the nodes taken by all threads are then [lo, next), each expanded
 * by one of them, whatever the number of threads. */
static void take_nodes(void *arg)
{
    worker *w = arg;
    batch *b = w->b;
    explorer *x = b->x;
    for (;;) {
        int64_t u = atomic_fetch_add(&b->next, 1);
        if (u >= b->hi)
            break;
        b->in_store[u - b->lo] = -1;
        if (needs_expanding(x, u, b->max_depth)) {
            if (!expand_node(&x->ex[w->id], &x->st[w->id], x->states + (size_t)u * x->ss, u,
                             &b->at[u - b->lo])) {
                atomic_store(&b->failed, true);
                break;
            }
            b->in_store[u - b->lo] = w->id;
        }
        if (store_bytes(&x->st[w->id], x->ss, x->ks) > STORE_BUDGET || atomic_load(&b->failed))
            break;
    }
}

/* Expand a batch from node lo on every thread; returns the end of the
 * nodes taken (all of them expanded), or -1 when a store could not grow. */
static int64_t expand_batch(explorer *x, batch *b, int64_t lo, int max_depth)
{
    b->x = x;
    b->lo = lo;
    b->hi = x->n - lo > BATCH_NODES ? lo + BATCH_NODES : x->n;
    b->max_depth = max_depth;
    atomic_store(&b->next, lo);
    atomic_store(&b->failed, false);
    for (int j = 0; j < x->jobs; j++)
        x->st[j].n_exp = x->st[j].n_mv = x->st[j].n_kids = 0;
    /* One piece per thread's expander and store; a piece run after the
     * batch is done takes nothing.  Fewer threads: the same nodes, the
     * same results. */
    worker w[UD_EXPLORE_MAX_JOBS];
    for (int j = 0; j < x->jobs; j++)
        w[j] = (worker){ b, j };
    ud_run_pieces(x->jobs, w, x->jobs, sizeof w[0], take_nodes);
    if (atomic_load(&b->failed))
        return -1;
    int64_t end = atomic_load(&b->next);
    return end < b->hi ? end : b->hi;
}

/* Add one expansion to the graph: its counts, every move's children (and
 * edges), or the violation it met.  False: the search stops. */
static bool merge_expansion(explorer *x, const store *t, const expansion *e)
{
    ud_explore_report *rep = x->rep;
    int depth = x->nodes[e->node].depth + 1;
    rep->generated += e->generated;
    rep->level[depth].generated += e->generated;
    rep->chance += e->chance;
    rep->level[depth].chance += e->chance;
    rep->chance_sums_checked += e->sums_checked;
    rep->transitions += e->transitions;
    /* a copy: adding children may move x->states (realloc) */
    unsigned char parent[UD_MAX_STATE];
    memcpy(parent, x->states + (size_t)e->node * x->ss, x->ss);
    for (size_t m = e->first_move; m < e->first_move + e->n_moves; m++) {
        const move *mv = &t->mv[m];
        if (x->o->on_edge) {
            /* every child (a roll of many dice has thousands) */
            const void **kids = malloc((size_t)mv->n_kids * sizeof *kids + 1);
            mpq_t **ws = malloc((size_t)mv->n_kids * sizeof *ws + 1);
            if (!kids || !ws) {
                free(kids);
                free(ws);
                x->oom = true;
                return false;
            }
            for (int i = 0; i < mv->n_kids; i++) {
                kids[i] = t->kids + (mv->first_kid + (size_t)i) * x->ss;
                ws[i] = &t->w[mv->first_kid + (size_t)i];
            }
            x->o->on_edge(x->o->edge_ctx, parent, &mv->act, mv->n_kids, kids, ws);
            free(kids);
            free(ws);
        }
        for (int i = 0; i < mv->n_kids; i++) {
            size_t k = mv->first_kid + (size_t)i;
            /* the store's children after this one (this node's or the
             * next nodes'): the lookups of those not found at expansion */
            if (k + LOOKUP_AHEAD < t->n_kids && t->found[k + LOOKUP_AHEAD] < 0)
                prefetch_slot(x, t->hash[k + LOOKUP_AHEAD]);
            if (k + LOOKUP_AHEAD / 2 < t->n_kids && t->found[k + LOOKUP_AHEAD / 2] < 0)
                prefetch_match(x, t->hash[k + LOOKUP_AHEAD / 2]);
            bool ok = t->found[k] >= 0   /* most are: only an edge to add */
                          ? !x->o->outcomes || add_edge(x, t->found[k], t->wt_at[k], t->w[k])
                          : add_node(x, (keyed){ t->kids + k * x->ss, t->keys + k * x->ks, t->hash[k] },
                                     e->node, mv->action, depth, t->picks[k],
                                     t->n_picks[k], t->wt_at[k], t->w[k]);
            if (!ok) {
                x->oom = true;
                return false;
            }
        }
    }
    if (e->status == EXP_OOM || e->status == EXP_TOO_MANY) {
        x->oom = true;
        x->too_many_kids = e->status == EXP_TOO_MANY;
        return false;
    }
    if (e->status == EXP_VIOLATED) {
        rep->violated = 1;
        rep->fail = e->fail;
        if (e->traced)
            write_trace(x, e->node, e->fail_action, e->fail_picks, e->fail_n_picks);
        return false;
    }
    return true;
}

/* Breadth first, a batch at a time: nodes are appended in depth order, and
 * merged in node order, as one thread alone would. */
static void search(explorer *x, int max_depth, uint64_t max_states)
{
    ud_explore_report *rep = x->rep;
    batch *b = calloc(1, sizeof *b);
    int *in_store = malloc(BATCH_NODES * sizeof *in_store);
    size_t *at = malloc(BATCH_NODES * sizeof *at);
    if (!b || !in_store || !at) {
        x->oom = true;
        goto out;
    }
    b->in_store = in_store;
    b->at = at;
    for (int64_t lo = 0; lo < x->n && !rep->violated && !x->oom;) {
        int64_t end = expand_batch(x, b, lo, max_depth);
        if (end < 0) {
            x->oom = true;
            break;
        }
        for (int64_t u = lo; u < end; u++) {
            node nd = x->nodes[u];
            x->e_first[u] = (int64_t)x->n_e;   /* u's edges follow (none if not expanded) */
            x->e_first[u + 1] = (int64_t)x->n_e;
            if (nd.kind != 0)
                continue;
            if (nd.depth >= max_depth) {
                rep->complete = 0;
                continue;
            }
            if ((uint64_t)x->n >= max_states) {
                rep->complete = 0;
                goto out;
            }
            const store *t = &x->st[in_store[u - lo]];
            if (!merge_expansion(x, t, &t->exp[at[u - lo]]))
                goto out;
        }
        lo = end;
    }
out:
    free(b);
    free(in_store);
    free(at);
}

static bool expander_init(expander *e, const explorer *x, uint64_t max_states, ud_membound *mem)
{
    e->mem = mem;
    e->o = x->o;
    e->graph = x;
    e->table = &x->table;
    e->source = (ud_chance){ .pick = prefix_pick, .ctx = e };
    e->ss = x->ss;
    e->ks = x->ks;
    e->max_states = max_states;
    e->work = calloc(1, x->ss);
    e->at_node = calloc(1, x->ss);
    e->entry.state = calloc(1, x->ss);
    bool ok = e->at_node && e->entry.state;
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        ok = ok && (e->resume[i].state = calloc(1, x->ss)) != NULL;
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        mpq_inits(e->scratch[i][0], e->scratch[i][1], e->scratch[i][2], NULL);
    mpq_init(e->tmp);
    return e->work != NULL && ok;
}

static void expander_free(expander *e)
{
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        mpq_clears(e->scratch[i][0], e->scratch[i][1], e->scratch[i][2], NULL);
    mpq_clear(e->tmp);
    for (int i = 0; i < e->cap_kids; i++)
        mpq_clear(e->w[i]);
    free(e->w);
    free(e->kid_w);
    free(e->kids);
    free(e->kid_keys);
    free(e->kid_hash);
    free(e->kid_gen);
    free(e->kid_at);
    free(e->kid_picks);
    free(e->kid_n_picks);
    free(e->work);
    free(e->at_node);
    free(e->entry.state);
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        free(e->resume[i].state);
}

/* The threads' expanders and stores (either may be missing), released. */
static void threads_free(explorer *x)
{
    for (int j = 0; x->ex && j < x->jobs; j++)
        expander_free(&x->ex[j]);
    for (int j = 0; x->st && j < x->jobs; j++)
        store_free(&x->st[j]);
    free(x->ex);
    free(x->st);
    x->ex = NULL;
    x->st = NULL;
}

static int explore(const ud_explore_opts *o, ud_explore_report *rep, ud_buf *err);

int ud_explore(const ud_explore_opts *o, ud_explore_report *rep, ud_buf *err)
{
    if (!o->bound || !o->bound->start || !o->bound->start[0])
        return explore(o, rep, err);
    /* The bound's start lines, then the setup's, which replace those of
     * the bound that begin with the same word (a game may refuse a key
     * given twice): the setup every step, and every transcript of a
     * violation, is written with. */
    ud_setup with = *o->setup;
    with.n_start = 0;
    bool ok = true;
    for (const char *const *l = o->bound->start; *l && ok; l++) {
        size_t n = strcspn(*l, " ");
        bool replaced = false;
        for (int i = 0; i < o->setup->n_start; i++)
            replaced |= strcspn(o->setup->start[i], " ") == n && strncmp(o->setup->start[i], *l, n) == 0;
        if (!replaced)
            ok = ud_setup_start(&with, *l, err);
    }
    for (int i = 0; i < o->setup->n_start && ok; i++)
        ok = ud_setup_start(&with, o->setup->start[i], err);
    if (!ok) {
        memset(rep, 0, sizeof *rep);
        rep->remainder = -1;
        return -1;
    }
    ud_explore_opts from = *o;
    from.setup = &with;
    return explore(&from, rep, err);
}

static int explore(const ud_explore_opts *o, ud_explore_report *rep, ud_buf *err)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    memset(rep, 0, sizeof *rep);
    rep->remainder = -1;
    explorer x = { .o = o, .rep = rep };
    x.ss = o->game->state_size;
    x.ks = o->bound && o->bound->key ? o->bound->key_size : x.ss;
    if (o->horizon > 0) {
        if (!o->bound || !o->bound->progress) {
            ud_buf_printf(err, "a horizon needs a bound that counts progress (%s has none)",
                          o->bound ? o->bound->name : "no bound");
            return -1;
        }
        x.ks += 2;   /* key_of: the progress */
    }
    if (x.ss > UD_MAX_STATE || x.ks > UD_MAX_STATE) {
        ud_buf_printf(err, "state or key larger than UD_MAX_STATE (%d bytes)", UD_MAX_STATE);
        return -1;
    }
    if (o->outcomes && (!o->policy || o->policy->def == &ud_policy_random ||
                        o->policy->def == &ud_policy_human)) {
        ud_buf_puts(err, "outcome probabilities need one action per decision: a deterministic policy");
        return -1;
    }
    ud_table_build(&x.table, o->game, o->setup->variant);
    x.jobs = o->jobs < 1 ? 1 : o->jobs > UD_EXPLORE_MAX_JOBS ? UD_EXPLORE_MAX_JOBS : o->jobs;
    uint64_t max_states = o->max_states ? o->max_states : 10000000;
    ud_membound_init(&x.mem, o->max_memory);
    int max_depth = o->max_depth < 0 || o->max_depth > UD_EXPLORE_MAX_DEPTH
                        ? UD_EXPLORE_MAX_DEPTH : o->max_depth;
    rep->complete = 1;
    int rc = 0;
    x.work = calloc(1, x.ss);
    x.ex = calloc((size_t)x.jobs, sizeof *x.ex);
    x.st = calloc((size_t)x.jobs, sizeof *x.st);
    bool ready = x.work && x.ex && x.st;
    for (int j = 0; ready && j < x.jobs; j++)
        ready = expander_init(&x.ex[j], &x, max_states, &x.mem);
    for (int j = 0; ready && j < x.jobs; j++)
        x.st[j].mem = &x.mem;
    if (!ready) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
        goto done;
    }
    /* the root: every outcome of the start, on this thread */
    expander *e = &x.ex[0];
    kids_reset(e);
    e->n_prefix = 0;
    bool ok = enumerate_step(e, -1);
    rep->generated += e->generated;
    rep->level[0].generated += e->generated;
    rep->chance += e->chance;
    rep->level[0].chance += e->chance;
    rep->chance_sums_checked += e->sums_checked;
    if (!ok && !e->oom) {
        rep->violated = 1;
        rep->fail = e->fail;
        if (e->traced)
            write_trace(&x, -1, -1, e->fail_picks, e->fail_n_picks);
        goto done;
    }
    x.oom = e->oom;
    x.too_many_kids = e->too_many_kids;
    for (int i = 0; i < e->n_kids && !x.oom; i++) {
        kid_weight(e, i, e->tmp);
        keyed k = { e->kids + (size_t)i * x.ss, e->kid_keys + (size_t)i * x.ks, e->kid_hash[i] };
        if (!add_node(&x, k, -1, -1, 0, e->kid_picks[i], e->kid_n_picks[i], NO_WEIGHT, e->tmp)) {
            x.oom = true;
            break;
        }
    }
    if (!x.oom)
        search(&x, max_depth, max_states);
    if (x.e_first)
        x.e_first[x.n] = (int64_t)x.n_e;   /* the last node's edges end with the list */
    if (x.oom && atomic_load(&x.mem.hit)) {
        /* the bound in bytes: a partial search, as at the state bound */
        x.oom = false;
        rep->complete = 0;
        rep->memory_cut = 1;
    }
    rep->memory_limit = x.mem.limit;
    if (x.oom) {
        if (x.too_many_kids)
            ud_buf_printf(err, "one step has more than %llu distinct outcomes (the --max-states bound)",
                          (unsigned long long)max_states);
        else
            ud_buf_puts(err, "out of memory");
        rc = -1;
    }
    if (rc == 0 && o->outcomes && !rep->violated && rep->complete) {
        /* the search is over: its index and the paths' picks (traces of
         * a violation) make room for solving the chain */
        ud_big_free(x.slot, x.slots * sizeof *x.slot);
        ud_big_free(x.hash, x.size.hash);
        free(x.pool);
        x.slot = NULL;
        x.slots = 0;
        x.hash = NULL;
        x.size.hash = 0;
        x.pool = NULL;
        threads_free(&x);   /* a store holds up to STORE_BUDGET of children */
        atomic_store(&x.mem.used, held_for_solve(&x));
        if (leaf_outcomes(&x, rep, err) != 0) {
            if (atomic_load(&x.mem.hit)) {
                /* the counts stand; the outcomes are not computed */
                rep->outcomes_cut = 1;
                ud_buf_clear(err);
                for (int i = 0; i < rep->n_outcomes; i++)
                    mpq_clear(rep->outcome_p[i]);
                rep->n_outcomes = 0;
                rep->remainder = -1;
            } else {
                rc = -1;
            }
        }
    }
    rep->memory_peak = atomic_load(&x.mem.peak);
done:
    threads_free(&x);
    free(x.work);
    ud_big_free(x.states, x.size.states);
    ud_big_free(x.nodes, x.size.nodes);
    ud_big_free(x.hash, x.size.hash);
    ud_big_free(x.slot, x.slots * sizeof *x.slot);
    free(x.pool);
    for (size_t i = 0; i < x.n_big; i++)
        mpq_clear(x.e_big[i]);
    free(x.e_big);
    ud_big_free(x.e_first, x.size.e_first);
    free(x.wt);
    free(x.wt_slot);
    ud_big_free(x.e_to, x.size.e_to);
    ud_big_free(x.e_w, x.size.e_w);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    rep->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return rc;
}

void ud_explore_report_free(ud_explore_report *rep)
{
    free(rep->trace);
    rep->trace = NULL;
    for (int i = 0; i < rep->n_outcomes; i++)
        mpq_clear(rep->outcome_p[i]);
    free(rep->outcome_p);
    free(rep->outcome_label);
    rep->outcome_p = NULL;
    rep->outcome_label = NULL;
    rep->n_outcomes = 0;
}
