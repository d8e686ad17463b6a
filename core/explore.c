/*
 * explore.c - breadth-first exhaustive exploration (explore.h).
 *
 * Breadth first, so the first violation found is at the smallest depth and
 * its path is a shortest one (in decisions).  Each node keeps its parent,
 * the action taken there and the chance picks that led to it, which is all
 * a replay needs to write the transcript of the path.
 */
#include "explore_impl.h"

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

typedef struct replay_src {
    const int *picks;
    int n, pos;
} replay_src;

static int replay_pick(ud_chance *c, const ud_pick_req *p)
{
    replay_src *r = c->ctx;
    return r->pos < r->n ? r->picks[r->pos++] : -1;
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

/* ---- batches of nodes, expanded on threads ------------------------------- */

enum {
    BATCH_NODES = 4096,              /* nodes a batch may take */
    STORE_BUDGET = 12 * 1024 * 1024, /* bytes of children before a thread stops taking */
};

typedef struct batch {
    explorer *x;
    int64_t lo, hi; /* the nodes that may be taken */
    int max_depth;
    _Atomic int64_t next; /* the next node to take */
    /* where node lo + i's expansion is: its store and index, store -1: none */
    int *in_store;
    size_t *at;
    _Atomic bool failed; /* a store could not grow */
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
            const unsigned char *st = node_state(x, u, x->ex[w->id].node_buf);
            if (!xp_expand_node(&x->ex[w->id], &x->st[w->id], st, u, &b->at[u - b->lo])) {
                atomic_store(&b->failed, true);
                break;
            }
            b->in_store[u - b->lo] = w->id;
        }
        if (xp_store_bytes(&x->st[w->id], x->ss, x->ks) > STORE_BUDGET || atomic_load(&b->failed))
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
    const unsigned char *kept = node_state(x, e->node, parent);
    if (kept != parent)
        memcpy(parent, kept, x->ss);
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
            bool ok =
                t->found[k] >= 0 /* most are: only an edge to add */
                    ? !x->o->outcomes || xp_add_edge(x, t->found[k], t->wt_at[k], t->w[k])
                    : xp_add_node(x, (keyed){ t->kids + k * x->ss, t->keys + k * x->ks, t->hash[k] }, e->node,
                                  mv->action, depth, t->picks[k], t->n_picks[k], t->wt_at[k], t->w[k]);
            if (!ok) {
                x->oom = true;
                return false;
            }
        }
    }
    if (e->status == EXP_OOM || e->status == EXP_TOO_MANY || e->status == EXP_TOO_MANY_PICKS ||
        e->status == EXP_TOO_MANY_VISITS) {
        x->oom = true;
        x->too_many_kids = e->status == EXP_TOO_MANY;
        x->too_many_visits = e->status == EXP_TOO_MANY_VISITS;
        x->too_many_picks = e->status == EXP_TOO_MANY_PICKS;
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
            x->e_first[u] = (int64_t)x->n_e; /* u's edges follow (none if not expanded) */
            x->e_first[u + 1] = (int64_t)x->n_e;
            if (nd.kind != 0)
                continue;
            if (nd.depth >= max_depth) {
                rep->complete = 0;
                continue;
            }
            if ((uint64_t)x->n >= max_states) {
                rep->complete = 0;
                rep->states_cut = 1;
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

/* The threads' expanders and stores (either may be missing), released. */
static void threads_free(explorer *x)
{
    for (int j = 0; x->ex && j < x->jobs; j++)
        xp_expander_free(&x->ex[j]);
    for (int j = 0; x->st && j < x->jobs; j++)
        xp_store_free(&x->st[j]);
    free(x->ex);
    free(x->st);
    x->ex = NULL;
    x->st = NULL;
}

static int explore(const ud_explore_opts *o, ud_explore_report *rep, ud_buf *err);

/* A search that ran out of room: by one of its limits, a partial search
 * with the limit named in the report (memory_cut, states_cut with step_cut,
 * picks_cut), no error; false when it was the machine (out of memory). */
static bool limits_hit(explorer *x, ud_explore_report *rep)
{
    rep->memory_limit = x->mem.limit;
    if (!x->oom)
        return true;
    x->oom = false;
    rep->complete = 0;
    if (atomic_load(&x->mem.hit))
        rep->memory_cut = 1;   /* the bound in bytes, as at the state bound */
    else if (x->too_many_kids) /* one step past max_states */
        rep->states_cut = rep->step_cut = 1;
    else if (x->too_many_visits)
        rep->states_cut = rep->visits_cut = 1;
    else if (x->too_many_picks)
        rep->picks_cut = 1;
    else
        return false;
    return true;
}

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
    x.packed = x.ss > PACK_MIN_STATE;
    if (o->horizon > 0) {
        if (!o->bound || !o->bound->progress) {
            ud_buf_printf(err, "a horizon needs a bound that counts progress (%s has none)",
                          o->bound ? o->bound->name : "no bound");
            return -1;
        }
        x.ks += 2; /* key_of: the progress */
    }
    if (x.ss > UD_MAX_STATE || x.ks > UD_MAX_STATE) {
        ud_buf_printf(err, "state or key larger than UD_MAX_STATE (%d bytes)", UD_MAX_STATE);
        return -1;
    }
    if (o->outcomes &&
        (!o->policy || o->policy->def == &ud_policy_random || o->policy->def == &ud_policy_human)) {
        ud_buf_puts(err, "outcome probabilities need one action per decision: a deterministic policy");
        return -1;
    }
    ud_table_build(&x.table, o->game, o->setup->variant);
    x.jobs = o->jobs < 1 ? 1 : o->jobs > UD_EXPLORE_MAX_JOBS ? UD_EXPLORE_MAX_JOBS : o->jobs;
    uint64_t max_states = o->max_states ? o->max_states : 10000000;
    ud_membound_init(&x.mem, o->max_memory);
    int max_depth =
        o->max_depth < 0 || o->max_depth > UD_EXPLORE_MAX_DEPTH ? UD_EXPLORE_MAX_DEPTH : o->max_depth;
    rep->complete = 1;
    int rc = 0;
    x.work = calloc(1, x.ss);
    x.ex = calloc((size_t)x.jobs, sizeof *x.ex);
    x.st = calloc((size_t)x.jobs, sizeof *x.st);
    bool ready = x.work && x.ex && x.st;
    for (int j = 0; ready && j < x.jobs; j++)
        ready = xp_expander_init(&x.ex[j], &x, max_states, &x.mem);
    for (int j = 0; ready && j < x.jobs; j++)
        x.st[j].mem = &x.mem;
    if (!ready) {
        ud_buf_puts(err, "out of memory");
        rc = -1;
        goto done;
    }
    /* the root: every outcome of the start, on this thread */
    expander *e = &x.ex[0];
    xp_kids_reset(e);
    e->n_prefix = 0;
    bool ok = xp_enumerate_step(e, -1);
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
    x.too_many_picks = e->too_many_picks;
    x.too_many_visits = e->too_many_visits;
    for (int i = 0; i < e->n_kids && !x.oom; i++) {
        xp_kid_weight(e, i, e->tmp);
        keyed k = { e->kids + (size_t)i * x.ss, e->kid_keys + (size_t)i * x.ks, e->kid_hash[i] };
        if (!xp_add_node(&x, k, -1, -1, 0, e->kid_picks[i], e->kid_n_picks[i], NO_WEIGHT, e->tmp)) {
            x.oom = true;
            break;
        }
    }
    if (!x.oom)
        search(&x, max_depth, max_states);
    if (x.e_first)
        x.e_first[x.n] = (int64_t)x.n_e; /* the last node's edges end with the list */
    rep->max_states = max_states;
    if (!limits_hit(&x, rep)) {
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
        threads_free(&x); /* a store holds up to STORE_BUDGET of children */
        atomic_store(&x.mem.used, xp_held_for_solve(&x));
        if (xp_leaf_outcomes(&x, rep, err) != 0) {
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
    xp_states_free(&x);
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

bool ud_explore_limit_hit(const ud_explore_report *rep, ud_buf *out)
{
    if (rep->memory_cut)
        ud_buf_puts(out, "the --max-memory bound was hit");
    else if (rep->states_cut)
        ud_buf_printf(out, "the --max-states bound (%llu) was hit", (unsigned long long)rep->max_states);
    else if (rep->picks_cut)
        ud_buf_printf(out, "a step passed %d chance picks with no decision or leaf", UD_EXPLORE_MAX_PICKS);
    return rep->memory_cut || rep->states_cut || rep->picks_cut;
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
