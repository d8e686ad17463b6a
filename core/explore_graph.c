/*
 * explore_graph.c - the explorer's graph (explore_impl.h): the nodes
 * (states, parents, depths, the picks that led to them), the index that
 * finds a node by its key, and with outcomes the edges and the distinct
 * weights they carry.
 */
#include "explore_impl.h"

bool xp_grow(explorer *x)
{
    if (x->n + 1 > INT32_MAX) /* a slot holds 32 bits of index (and an edge's target) */
        return false;
    if (x->n + 1 > x->cap) {
        /* each array's size follows it (bigarray.h frees by size) */
        size_t cap = x->cap ? (size_t)x->cap * 2 : 4096;
        size_t per_node = state_bytes_per_node(x) + sizeof *x->nodes + sizeof *x->hash + sizeof *x->e_first;
        if (!ud_mem_resize(&x->mem, (size_t)x->cap * per_node, cap * per_node))
            return false;
        if (x->packed) {
            uint64_t *pa = ud_big_resize(x->pack_at, &x->size.pack_at, cap * sizeof *pa);
            if (!pa)
                return false;
            x->pack_at = pa;
        } else {
            unsigned char *s = ud_big_resize(x->states, &x->size.states, cap * x->ss);
            if (!s)
                return false;
            x->states = s;
        }
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
        size_t bytes = 0;                                               /* its size follows x->slots */
        x->slot = ud_big_resize(NULL, &bytes, slots * sizeof *x->slot); /* zero: empty */
        if (!x->slot)
            return false;
        x->slots = slots;
        for (int64_t i = 0; i < x->n; i++) { /* keys differ: no two nodes compare */
            size_t mask = x->slots - 1, j = (size_t)x->hash[i] & mask;
            while (x->slot[j])
                j = (j + 1) & mask;
            x->slot[j] = slot_value(i, x->hash[i]);
        }
    }
    return true;
}

/* Release the nodes' states (either form), and their bytes from the
 * run's bound. */
void xp_states_free(explorer *x)
{
    ud_mem_resize(&x->mem, (size_t)x->cap * state_bytes_per_node(x) + x->cap_pack, 0);
    ud_big_free(x->states, x->size.states);
    ud_big_free(x->pack_at, x->size.pack_at);
    ud_big_free(x->pack, x->size.pack);
    free(x->ref);
    x->states = x->pack = x->ref = NULL;
    x->pack_at = NULL;
    x->size.states = x->size.pack_at = x->size.pack = 0;
    x->cap_pack = x->n_pack = 0;
}

/* The longest a state packs to: every byte differs, a pair of bytes per
 * 255 of them, the end. */
static size_t packed_max(size_t ss) { return ss + 2 * (ss / 255 + 1) + 2; }

/* Room for one more packed state. */
static bool pack_room(explorer *x)
{
    size_t need = x->n_pack + packed_max(x->ss);
    if (need <= x->cap_pack)
        return true;
    size_t cap = x->cap_pack ? x->cap_pack : 1 << 20;
    while (cap < need)
        cap *= 2;
    if (!ud_mem_resize(&x->mem, x->cap_pack, cap))
        return false;
    unsigned char *p = ud_big_resize(x->pack, &x->size.pack, cap);
    if (!p)
        return false;
    x->pack = p;
    x->cap_pack = cap;
    return true;
}

/* The differing run that begins at `at` (its bytes differ from ref's
 * there): where it ends.  A gap of fewer than three equal bytes is taken
 * into it (a new pair would cost two); at most 255 bytes. */
static size_t run_end(const explorer *x, const unsigned char *st, size_t at)
{
    size_t end = at, limit = at + 255 < x->ss ? at + 255 : x->ss;
    for (size_t i = at; i < limit; i++) {
        if (st[i] != x->ref[i])
            end = i + 1;
        else if (i >= end + 2)
            break;
    }
    return end;
}

/* Pack node i's state (its first node's state is the reference): the
 * pairs unpack_state reads (explore_impl.h). */
static bool pack_state(explorer *x, int64_t i, const unsigned char *st)
{
    if (!x->ref && !(x->ref = malloc(x->ss)))
        return false;
    if (i == 0)
        memcpy(x->ref, st, x->ss);
    if (!pack_room(x))
        return false;
    x->pack_at[i] = x->n_pack;
    unsigned char *o = x->pack + x->n_pack;
    for (size_t at = 0, from = 0;; from = at) {
        while (at < x->ss && st[at] == x->ref[at])
            at++;
        if (at == x->ss)
            break;
        for (; at - from > 255; from += 255) {
            *o++ = 255;
            *o++ = 0;
        }
        size_t end = run_end(x, st, at);
        *o++ = (unsigned char)(at - from);
        *o++ = (unsigned char)(end - at);
        for (; at < end; at++)
            *o++ = st[at] ^ x->ref[at];
    }
    *o++ = 0;
    *o++ = 0;
    x->n_pack = (size_t)(o - x->pack);
    return true;
}

static int kind_of(const explorer *x, const void *state)
{
    if (cut_here(x->o, state))
        return 2;
    return ud_phase_of(x->o->game, state) < x->o->game->n_phases &&
                   x->o->game->phases[ud_phase_of(x->o->game, state)].kind == UD_PHASE_OVER
               ? 1
               : 0;
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
bool xp_add_edge(explorer *x, int64_t to, uint32_t wt_at, const mpq_t w)
{
    if (to > INT32_MAX || !edges_room(x))
        return false;
    if (wt_at != NO_WEIGHT)
        x->e_w[x->n_e] = wt_at; /* looked up as the child was stored */
    else if (!weight_index(x, w, &x->e_w[x->n_e]))
        return false;
    x->e_to[x->n_e] = (int32_t)to;
    x->n_e++;
    return true;
}

static bool add_node_at(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks,
                        int n_picks, int64_t *at);

/* Add the state (if new) and, with opts.outcomes, the edge to it (weight
 * wt_at, or w if NO_WEIGHT). */
bool xp_add_node(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks, int n_picks,
                 uint32_t wt_at, const mpq_t w)
{
    int64_t at;
    if (!add_node_at(x, k, parent, action, depth, picks, n_picks, &at))
        return false;
    return !x->o->outcomes || xp_add_edge(x, at, wt_at, w);
}

static bool add_node_at(explorer *x, keyed k, int64_t parent, int action, int depth, const int *picks,
                        int n_picks, int64_t *at)
{
    const void *state = k.state;
    if (!xp_grow(x))
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
    if (n_picks > 0) /* the pool may not exist yet (a start with no chance pick) */
        memcpy(x->pool + x->n_pool, picks, (size_t)n_picks * sizeof picks[0]);
    int64_t i = x->n;
    if (!x->packed)
        memcpy(x->states + (size_t)i * x->ss, state, x->ss);
    else if (!pack_state(x, i, state))
        return false;
    x->n++;
    x->hash[i] = k.hash;
    x->nodes[i] =
        (node){ parent,         action, (uint32_t)x->n_pool, (uint8_t)n_picks, (uint8_t)kind_of(x, state),
                (uint16_t)depth };
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
