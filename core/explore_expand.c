/*
 * explore_expand.c - one node's expansion (explore_impl.h): every action
 * offered, each step replayed with a chance source that follows a prefix
 * of picks and stops at the first new one, so every outcome is followed
 * once per group of equal labels; the distinct children with their exact
 * weights, kept in the thread's store until the search merges them.
 */
#include "explore_impl.h"

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
            x->step->invariants_paused = false; /* the firings not checked yet begin */
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
    memcpy(c->why, "explore: new pick", sizeof "explore: new pick"); /* no printf a replay */
    return -1;
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
    s->invariants_paused = x->n_prefix > 0; /* until the last pick (above) */
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
        ud_failf(s, UD_FAIL_INVARIANT, NULL,
                 "a replay ended after %d of its %d chance picks: a rule "
                 "does not play the same from the same state and picks",
                 x->pos, x->n_prefix);
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
        int(*kp)[UD_EXPLORE_MAX_PICKS] = realloc(x->kid_picks, (size_t)cap * sizeof *kp);
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
        x->gen = 1; /* the new table is empty for any gen but 0 */
        for (int i = 0; i < x->n_kids; i++) {
            size_t j = kid_slot(x, x->kid_keys + (size_t)i * x->ks, x->kid_hash[i]);
            x->kid_gen[j] = x->gen;
            x->kid_at[j] = i;
        }
    }
    return true;
}

/* A new step's children: forget the last step's (in O(1)). */
void xp_kids_reset(expander *x)
{
    x->n_kids = 0;
    if (++x->gen == 0 && x->kid_gen) { /* wrapped: clear for real */
        memset(x->kid_gen, 0, x->kid_slots * sizeof *x->kid_gen);
        x->gen = 1;
    }
}

/* w as an mpq_t into out. */
static void weight_get(mpq_t out, const weight *w)
{
    if (w->den)
        mpq_set_ui(out, w->num, w->den); /* lowest terms: canonical */
    else
        mpq_set(out, w->big);
}

/* Child i's weight as an mpq_t into out (a large one lives in w[i]). */
void xp_kid_weight(const expander *x, int i, mpq_t out)
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
        if (kw->den) { /* it no longer fits */
            mpq_set_ui(x->w[i], kw->num, kw->den);
            mpq_canonicalize(x->w[i]); /* (ud_frac64_add_lcm's sums are not in lowest terms) */
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
            *min_group = x->prefix_group[i]; /* the latest: non-decreasing order */
        held[x->prefix_group[i]]++;
    }
}

static bool visit(expander *x, int action, const weight *w, int q, int end, int r, const ud_failure *fail);

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
static bool visit(expander *x, int action, const weight *w, int q, int end, int r, const ud_failure *fail)
{
    x->n_prefix = q;
    if (q == end) {
        if (r == STEP_LEAF) {
            if (++x->generated > x->max_visits) {
                x->too_many_visits = true;
                x->oom = true;
                return false;
            }
            if (!add_kid(x, w)) { /* with the picks that led to it */
                x->oom = true;
                return false; /* stop the step at once: nothing more fits */
            }
            return true;
        }
        if (r == STEP_FAIL) {
            x->traced = true; /* the path: the prefix as it stands */
            x->fail = *fail;
            memcpy(x->fail_picks, x->prefix, (size_t)x->n_prefix * sizeof x->prefix[0]);
            x->fail_n_picks = x->n_prefix;
            return false;
        }
        if (x->n_prefix == UD_EXPLORE_MAX_PICKS) {
            /* a path the search cannot follow further (a game where
             * chance goes on with no decision, e.g. bust after bust): the
             * search's limit, reported as a cut, not a broken rule */
            x->too_many_picks = true;
            x->oom = true;
            return false;
        }
        x->chance++; /* (a pick the replay went on through was counted as it did) */
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
    unsigned long total = 0; /* the outcomes' counts: the pick's weights sum to total / n */
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
            ok = visit(x, action, &child, q + 1, end, r, fail); /* the replay's own */
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
        snprintf(x->fail.msg, sizeof x->fail.msg, "a chance pick's outcomes sum to %.17g, not 1",
                 mpq_get_d(*sum));
        ok = false;
    } else if (ok) {
        x->sums_checked++;
    }
    return ok;
}

/* Enumerate one step's outcomes (enumerate) and check that its leaves'
 * weights sum to exactly 1: with exchangeable runs, the per-pick check
 * does not cover the runs' later picks, this covers the whole step. */
bool xp_enumerate_step(expander *x, int action)
{
    x->run_picks = 0;
    weight whole = { 1, 1, NULL };
    bool ok = enumerate(x, action, &whole);
    if (ok && !x->oom) {
        for (int i = 0; i < x->n_kids; i++) /* the weights as stored: canonical */
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
            xp_kid_weight(x, i, x->tmp);
            mpq_add(one, one, x->tmp);
        }
        if (!is_one && mpq_cmp_ui(one, 1, 1) != 0) {
            x->fail.kind = UD_FAIL_INVARIANT;
            x->fail.id = NULL;
            snprintf(x->fail.msg, sizeof x->fail.msg, "a step's outcomes sum to %.17g, not 1",
                     mpq_get_d(one));
            ok = false;
        } else {
            x->sums_checked += x->run_picks; /* checked with the step */
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
    size_t per_kid = ss + ks + sizeof *t->picks + sizeof *t->n_picks + sizeof *t->found + sizeof *t->wt_at +
                     sizeof *t->w + sizeof *t->hash;
    if (!ud_mem_resize(t->mem, t->cap_kids * per_kid, cap * per_kid))
        return false;
    unsigned char *k = realloc(t->kids, cap * ss);
    if (k)
        t->kids = k;
    int(*pk)[UD_EXPLORE_MAX_PICKS] = realloc(t->picks, cap * sizeof *pk);
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

void xp_store_free(store *t)
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
size_t xp_store_bytes(const store *t, size_t ss, size_t ks)
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
bool xp_expand_node(expander *x, store *t, const void *state, int64_t u, size_t *at)
{
    if (!store_exp_room(t))
        return false;
    *at = t->n_exp;
    expansion *e = &t->exp[t->n_exp++];
    memset(e, 0, offsetof(expansion, fail_picks));
    e->node = u;
    e->first_move = t->n_mv;
    x->generated = x->chance = x->sums_checked = 0;
    x->traced = x->oom = x->too_many_kids = x->too_many_picks = x->too_many_visits = false;
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
        xp_kids_reset(x);
        x->n_prefix = 0;
        e->transitions++;
        if (!advanced) {
            x->traced = true; /* the path: the decision, no pick */
            x->fail = advance_fail;
            x->fail_n_picks = 0;
            keep_violation(e, x, a);
            return true;
        }
        bool ok = xp_enumerate_step(x, a);
        e->generated = x->generated;
        e->chance = x->chance;
        e->sums_checked = x->sums_checked;
        if (!ok && x->oom) {
            e->status = x->too_many_picks    ? EXP_TOO_MANY_PICKS
                        : x->too_many_visits ? EXP_TOO_MANY_VISITS
                        : x->too_many_kids   ? EXP_TOO_MANY
                                             : EXP_OOM;
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
            if (t->found[k] < 0) { /* the merge adds it (or finds it added) */
                memcpy(t->keys + k * x->ks, key, x->ks);
                t->hash[k] = x->kid_hash[i];
            }
            t->wt_at[k] =
                x->o->outcomes ? weight_find(x->graph, x->kid_w[i].num, x->kid_w[i].den) : NO_WEIGHT;
            if (x->o->on_edge || (x->o->outcomes && (t->found[k] < 0 || t->wt_at[k] == NO_WEIGHT)))
                xp_kid_weight(x, i, t->w[k]);
        }
        t->n_kids += (size_t)x->n_kids;
    }
    return true;
}

bool xp_expander_init(expander *e, const explorer *x, uint64_t max_states, ud_membound *mem)
{
    e->mem = mem;
    e->o = x->o;
    e->graph = x;
    e->table = &x->table;
    e->source = (ud_chance){ .pick = prefix_pick, .ctx = e };
    e->ss = x->ss;
    e->ks = x->ks;
    e->max_states = max_states;
    e->max_visits = ud_explore_max_visits(max_states);
    e->work = calloc(1, x->ss);
    e->at_node = calloc(1, x->ss);
    e->node_buf = calloc(1, x->ss);
    e->entry.state = calloc(1, x->ss);
    bool ok = e->at_node && e->node_buf && e->entry.state;
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        ok = ok && (e->resume[i].state = calloc(1, x->ss)) != NULL;
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        mpq_inits(e->scratch[i][0], e->scratch[i][1], e->scratch[i][2], NULL);
    mpq_init(e->tmp);
    return e->work != NULL && ok;
}

void xp_expander_free(expander *e)
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
    free(e->node_buf);
    free(e->entry.state);
    for (int i = 0; i < UD_EXPLORE_MAX_PICKS; i++)
        free(e->resume[i].state);
}
