/*
 * solve.c - one Zombie Dice turn as an exact graph, and policies evaluated
 * over it exactly (see solve.h for the model).
 *
 * The turn graph is built by enumerating, from each position, every way
 * the next roll can go: the draws (one die of the cup at a time, weighted
 * by how many of each type it holds), the shortage rows in the order the
 * rule table fires them, then every face of every die in hand.  Outcomes
 * that lead to the same (position, brains gained) are merged, with their
 * probability kept exactly as a 64-bit fraction.
 *
 * The optimal play over the graph, and the two-player game, are in
 * solve_game.c.
 *
 * This file mirrors rules.c on purpose (it must be fast and cannot run
 * the engine once per state); the generic explorer (core/explore.c) runs
 * the real rule table over the same turn and `undead solve zombie-dice
 * turn --check` compares the two exactly, outcome by outcome.
 */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frac64.h"

/* Sides of a die of type t: the one place to change when dice stop
 * having six faces (the School Bus has twelve). */
static int die_sides(int t)
{
    (void)t;
    return ZD_FACES_PER_DIE;
}

bool zd_face_points(int face, int *brains, int *shotguns)
{
    switch (face) { /* faces that only add points; the rest need rules of their own */
    case ZD_BRAIN:
    case ZD_SHOTGUN:
    case ZD_FEET:
    case ZD_DOUBLE_BRAIN:
    case ZD_DOUBLE_SHOTGUN:
        *brains = zd_face_brains[face];
        *shotguns = zd_face_shotguns[face];
        return true;
    default:
        return false; /* helmet, energy drink, or a face added since */
    }
}

/* ---- position index (open addressing) --------------------------------- */

/* Not the explorer's index (core/explore_impl.h): that one keys states of
 * any game by a computed key, keeps its hash's high bits in the slot so a
 * probe computes a key only on a likely match, and grows to tens of
 * millions of nodes in mapped pages; here some ten thousand small
 * positions, compared whole, in a table built once per graph. */

typedef struct pos_index {
    int32_t *slot;
    size_t cap;
} pos_index;

static uint64_t pos_hash(const zd_pos *p)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof *p; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

typedef struct builder {
    zd_turn_graph *g;
    pos_index ix;
    int cap_pos;
    int64_t cap_edges;
    /* edges of the position being expanded, merged */
    zd_edge tmp[4096];
    int n_tmp;
    char *err;
    size_t err_size;
    bool failed;
} builder;

static void fail(builder *b, const char *msg)
{
    if (!b->failed)
        snprintf(b->err, b->err_size, "%s", msg);
    b->failed = true;
}

static int32_t *ix_find(const zd_turn_graph *g, const pos_index *ix, const zd_pos *p)
{
    size_t mask = ix->cap - 1, h = (size_t)pos_hash(p) & mask;
    for (;;) {
        int32_t *s = &ix->slot[h];
        if (*s < 0 || memcmp(&g->pos[*s], p, sizeof *p) == 0)
            return s;
        h = (h + 1) & mask;
    }
}

static int find_or_add(builder *b, const zd_pos *p)
{
    zd_turn_graph *g = b->g;
    if ((size_t)(g->n + 1) * 2 > b->ix.cap) {
        pos_index old = b->ix;
        b->ix.cap = old.cap ? old.cap * 2 : 1024;
        b->ix.slot = malloc(b->ix.cap * sizeof *b->ix.slot);
        if (!b->ix.slot) {
            fail(b, "out of memory");
            b->ix = old;
            return -1;
        }
        memset(b->ix.slot, 0xff, b->ix.cap * sizeof *b->ix.slot);
        for (int i = 0; i < g->n; i++)
            *ix_find(g, &b->ix, &g->pos[i]) = i;
        free(old.slot);
    }
    int32_t *s = ix_find(g, &b->ix, p);
    if (*s >= 0)
        return *s;
    if (g->n == b->cap_pos) {
        b->cap_pos = b->cap_pos ? b->cap_pos * 2 : 1024;
        zd_pos *np = realloc(g->pos, (size_t)b->cap_pos * sizeof *np);
        if (!np) {
            fail(b, "out of memory");
            return -1;
        }
        g->pos = np;
    }
    g->pos[g->n] = *p;
    *s = g->n;
    return g->n++;
}

/* ---- one roll, every way it can go ------------------------------------ */

typedef struct roll_st {
    zd_pos p; /* feet moved into hand */
    uint8_t hand[ZD_HAND];
    uint8_t face[ZD_HAND];
    int nh;
    uint64_t num, den;
} roll_st;

enum { STAGE_ROLL, STAGE_RETURN_THEN_DRAW };

static int cup_total(const zd_pos *p)
{
    int n = 0;
    for (int t = 0; t < ZD_TYPES; t++)
        n += p->cup[t];
    return n;
}

static void add_edge(builder *b, int32_t next, int gain, uint64_t num, uint64_t den)
{
    for (int i = 0; i < b->n_tmp; i++)
        if (b->tmp[i].next == next && b->tmp[i].gain == gain) {
            if (!ud_frac64_add(&b->tmp[i].num, &b->tmp[i].den, num, den))
                fail(b, "an edge probability outgrew 64 bits");
            return;
        }
    if (b->n_tmp == (int)(sizeof b->tmp / sizeof b->tmp[0])) {
        fail(b, "too many distinct outcomes of one roll");
        return;
    }
    if (gain > 255) {
        fail(b, "one roll gains more than 255 brains");
        return;
    }
    b->tmp[b->n_tmp++] = (zd_edge){ next, (uint8_t)gain, 0, num, den };
}

static void resolve(builder *b, const roll_st *r)
{
    zd_pos p = r->p;
    int gain = 0;
    for (int k = 0; k < r->nh; k++) {
        int t = r->hand[k], br = 0, sh = 0;
        zd_face_points(r->face[k], &br, &sh); /* checked when the build began */
        if (br > 0) {                         /* ZD-BRAIN-ASIDE, ZD-SHOTGUN-ASIDE, ZD-FEET-KEEP */
            p.brains[t]++;
            gain += br;
        } else if (sh > 0) {
            p.shotguns[t]++;
            p.shot_points = (uint8_t)(p.shot_points + sh);
        } else {
            p.feet[t]++;
        }
    }
    if (p.shot_points >= ZD_BUST_SHOTGUNS) {
        add_edge(b, -1, 0, r->num, r->den);
        return;
    }
    int next = find_or_add(b, &p);
    if (next >= 0)
        add_edge(b, next, gain, r->num, r->den);
}

static void roll_die(builder *b, roll_st *r, int k)
{
    if (k == r->nh) {
        resolve(b, r);
        return;
    }
    /* draw() never puts more than ZD_HAND dice in the hand; said here so
     * the compiler (gcc -O2 -Warray-bounds, through the inlined recursion)
     * can see the index stays in range. */
    if (k >= ZD_HAND) {
        fail(b, "more than three dice in the hand");
        return;
    }
    const zd_die *d = &zd_dice[r->hand[k]];
    int sides = die_sides(r->hand[k]);
    for (int f = 0; f < sides; f++) {
        int seen = 0, count = 0;
        for (int j = 0; j < f; j++)
            seen |= d->face[j] == d->face[f];
        if (seen)
            continue; /* equal faces are one outcome, weighted by their count */
        for (int j = f; j < sides; j++)
            count += d->face[j] == d->face[f];
        roll_st r2 = *r;
        r2.face[k] = d->face[f];
        if (!ud_frac64_mul(r2.num, r2.den, (uint64_t)count, (uint64_t)sides, &r2.num, &r2.den)) {
            fail(b, "a probability outgrew 64 bits");
            return;
        }
        roll_die(b, &r2, k + 1);
    }
}

static void return_brains(roll_st *r)
{
    for (int t = 0; t < ZD_TYPES; t++) {
        r->p.cup[t] = (uint8_t)(r->p.cup[t] + r->p.brains[t]);
        r->p.brains[t] = 0;
    }
}

static void draw(builder *b, roll_st *r, int left, int stage)
{
    if (b->failed)
        return;
    if (left == 0) {
        if (stage == STAGE_RETURN_THEN_DRAW) {
            return_brains(r);
            draw(b, r, ZD_HAND - r->nh, STAGE_ROLL);
        } else {
            roll_die(b, r, 0);
        }
        return;
    }
    int n = cup_total(&r->p);
    if (n == 0) {
        fail(b, "a die must be drawn from an empty cup");
        return;
    }
    for (int t = 0; t < ZD_TYPES; t++) {
        if (!r->p.cup[t])
            continue;
        roll_st r2 = *r;
        r2.p.cup[t]--;
        r2.hand[r2.nh++] = (uint8_t)t;
        if (!ud_frac64_mul(r2.num, r2.den, r->p.cup[t], (uint64_t)n, &r2.num, &r2.den)) {
            fail(b, "a probability outgrew 64 bits");
            return;
        }
        draw(b, &r2, left - 1, stage);
    }
}

/* The roll action from position i: ZD-SHORTAGE-*, ZD-DRAW, ZD-*ROLL*,
 * then the resolve rows. */
static void expand(builder *b, int i)
{
    const zd_turn_graph *g = b->g;
    roll_st r = { .p = g->pos[i], .num = 1, .den = 1 };
    for (int t = 0; t < ZD_TYPES; t++) {
        for (int k = 0; k < r.p.feet[t]; k++)
            r.hand[r.nh++] = (uint8_t)t;
        r.p.feet[t] = 0;
    }
    int need = ZD_HAND - r.nh, cup = cup_total(&r.p);
    bool shortage = g->short_when == ZD_SHORT_FEWER_THAN_THREE ? need > 0 && cup < ZD_HAND
                    : g->short_when == ZD_SHORT_LITERAL        ? cup < ZD_HAND
                                                               : cup < need;
    if (!shortage) {
        draw(b, &r, need, STAGE_ROLL);
    } else if (g->short_order == ZD_ORDER_CUP_FIRST && cup > 0 && need > 0) {
        draw(b, &r, cup < need ? cup : need, STAGE_RETURN_THEN_DRAW);
    } else {
        return_brains(&r);
        draw(b, &r, need, STAGE_ROLL);
    }
}

static bool check_faces(const int *variant, char *err, size_t size)
{
    int set = variant[ZD_V_DICE];
    if (variant[ZD_V_BUS] != ZD_BUS_OFF) {
        snprintf(err, size, "the solver does not model the School Bus (bus=off only)");
        return false;
    }
    if (set < 0 || set >= ZD_SETS) {
        snprintf(err, size, "unknown dice set %d", set);
        return false;
    }
    if (zd_set_count[set][ZD_HUNK] || zd_set_count[set][ZD_HOTTIE]) {
        snprintf(err, size, "the solver does not model the Hunk and Hottie rescue (dice=base only)");
        return false;
    }
    for (int t = 0; t < ZD_TYPES; t++)
        for (int f = 0; f < die_sides(t) && zd_set_count[set][t]; f++) {
            int br, sh;
            if (!zd_face_points(zd_dice[t].face[f], &br, &sh)) {
                snprintf(err, size,
                         "the solver does not model face %d of the %s die "
                         "(teach zd_face_points in spec/zombie_dice/solve.c)",
                         zd_dice[t].face[f], zd_dice[t].name);
                return false;
            }
            if (br && sh) {
                snprintf(err, size, "a face with both brains and shotguns (%s) is not modelled",
                         zd_dice[t].name);
                return false;
            }
        }
    return true;
}

/* Each position after the positions its zero-gain edges lead to (self
 * loops aside); any other zero-gain cycle breaks the solver's order. */
static bool order_positions(zd_turn_graph *g, char *err, size_t size)
{
    g->order = malloc((size_t)g->n * sizeof *g->order);
    uint8_t *mark = calloc((size_t)g->n, 1);
    int32_t *stack = malloc((size_t)g->n * 2 * sizeof *stack);
    if (!g->order || !mark || !stack) {
        free(mark);
        free(stack);
        snprintf(err, size, "out of memory");
        return false;
    }
    int n_order = 0;
    bool ok = true;
    for (int root = 0; root < g->n && ok; root++) {
        if (mark[root])
            continue;
        int sp = 0;
        stack[sp++] = root;
        stack[sp++] = g->first[root];
        mark[root] = 1;
        while (sp && ok) {
            int u = stack[sp - 2], e = stack[sp - 1];
            if (e == g->first[u + 1]) {
                mark[u] = 2;
                g->order[n_order++] = u;
                sp -= 2;
                continue;
            }
            stack[sp - 1] = e + 1;
            const zd_edge *ed = &g->edge[e];
            if (ed->next < 0 || ed->gain || ed->next == u)
                continue;
            if (mark[ed->next] == 1) {
                snprintf(err, size,
                         "positions %d and %d reach each other without a brain: "
                         "the turn is not ordered",
                         u, ed->next);
                ok = false;
            } else if (!mark[ed->next]) {
                mark[ed->next] = 1;
                stack[sp++] = ed->next;
                stack[sp++] = g->first[ed->next];
            }
        }
    }
    free(mark);
    free(stack);
    return ok;
}

zd_turn_graph *zd_turn_graph_build(const int *variant, char *err, size_t err_size)
{
    if (!check_faces(variant, err, err_size))
        return NULL;
    const uint8_t *count = zd_set_count[variant[ZD_V_DICE]];
    for (int t = 0; t < ZD_TYPES; t++)
        if (count[t] > 200) {
            snprintf(err, err_size, "too many %s dice", zd_dice[t].name);
            return NULL;
        }
    zd_turn_graph *g = calloc(1, sizeof *g);
    builder b = { .g = g, .err = err, .err_size = err_size };
    if (!g) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    g->short_when = variant[ZD_V_SHORT_WHEN];
    g->short_order = variant[ZD_V_SHORT_ORDER];
    g->dice_set = variant[ZD_V_DICE];
    zd_pos start = { 0 };
    for (int t = 0; t < ZD_TYPES; t++)
        start.cup[t] = count[t];
    find_or_add(&b, &start);
    int cap_first = 0;
    for (int i = 0; i < g->n && !b.failed; i++) {
        b.n_tmp = 0;
        expand(&b, i);
        if (b.failed)
            break;
        if (i + 2 > cap_first) {
            cap_first = cap_first ? cap_first * 2 : 1024;
            int32_t *nf = realloc(g->first, (size_t)cap_first * sizeof *nf);
            if (!nf) {
                fail(&b, "out of memory");
                break;
            }
            g->first = nf;
        }
        if (g->n_edges + b.n_tmp > b.cap_edges) {
            b.cap_edges = b.cap_edges ? b.cap_edges * 2 : 65536;
            zd_edge *ne = realloc(g->edge, (size_t)b.cap_edges * sizeof *ne);
            if (!ne) {
                fail(&b, "out of memory");
                break;
            }
            g->edge = ne;
        }
        /* Every roll's outcomes must add up to exactly 1. */
        uint64_t sn = 0, sd = 1;
        g->first[i] = (int32_t)g->n_edges;
        for (int k = 0; k < b.n_tmp; k++) {
            zd_edge e = b.tmp[k];
            e.p = (double)e.num / (double)e.den;
            if (!ud_frac64_add(&sn, &sd, e.num, e.den))
                fail(&b, "a sum of probabilities outgrew 64 bits");
            g->edge[g->n_edges++] = e;
        }
        if (!b.failed && (sn != 1 || sd != 1)) {
            snprintf(err, err_size,
                     "the outcomes of rolling from position %d add up to "
                     "%llu/%llu, not 1",
                     i, (unsigned long long)sn, (unsigned long long)sd);
            b.failed = true;
        }
        g->first[i + 1] = (int32_t)g->n_edges;
    }
    g->index = malloc(sizeof(pos_index));
    if (!b.failed && g->index)
        *(pos_index *)g->index = b.ix;
    else
        free(b.ix.slot);
    if (b.failed || !g->index || !order_positions(g, err, err_size)) {
        if (!g->index)
            snprintf(err, err_size, "out of memory");
        zd_turn_graph_free(g);
        return NULL;
    }
    g->self = malloc((size_t)g->n * sizeof *g->self);
    if (!g->self) {
        snprintf(err, err_size, "out of memory");
        zd_turn_graph_free(g);
        return NULL;
    }
    for (int i = 0; i < g->n; i++) {
        g->self[i] = -1;
        for (int e = g->first[i]; e < g->first[i + 1]; e++)
            if (g->edge[e].next == i && g->edge[e].gain == 0)
                g->self[i] = e;
    }
    return g;
}

void zd_turn_graph_free(zd_turn_graph *g)
{
    if (!g)
        return;
    if (g->index)
        free(((pos_index *)g->index)->slot);
    free(g->index);
    free(g->pos);
    free(g->first);
    free(g->edge);
    free(g->order);
    free(g->self);
    free(g);
}

int zd_turn_graph_find(const zd_turn_graph *g, const zd_state *st)
{
    if (st->n_kept != st->n_hand)
        return -1;
    zd_pos p = { 0 };
    for (int t = 0; t < ZD_TYPES; t++) {
        p.cup[t] = st->cup[t];
        p.brains[t] = st->brains[t];
        p.shotguns[t] = st->shotguns[t];
    }
    for (int k = 0; k < st->n_hand && k < ZD_HAND; k++) {
        if (st->hand[k] >= ZD_TYPES)
            return -1;
        p.feet[st->hand[k]]++;
    }
    p.shot_points = st->shotgun_points;
    const pos_index *ix = g->index;
    int32_t s = *ix_find(g, ix, &p);
    return s;
}

void zd_pos_state(const zd_turn_graph *g, int i, int k, int my_score, zd_state *st)
{
    const zd_pos *p = &g->pos[i];
    memset(st, 0, sizeof *st);
    st->phase = ZD_PH_CHOICE;
    st->n_players = 2;
    st->winner = -1;
    st->turns = 1;
    st->score[0] = (int16_t)my_score;
    st->dice_set = (uint8_t)g->dice_set;
    st->bus_face = ZD_BUS_NONE;
    st->shotgun_points = p->shot_points;
    int bd = 0;
    for (int t = 0; t < ZD_TYPES; t++) {
        st->cup[t] = p->cup[t];
        st->brains[t] = p->brains[t];
        st->brain_worth[t] = p->brains[t]; /* the split of k is not kept; k is */
        st->shotguns[t] = p->shotguns[t];
        bd += p->brains[t];
        for (int f = 0; f < p->feet[t] && st->n_hand < ZD_HAND; f++)
            st->hand[st->n_hand++] = (uint8_t)t;
    }
    st->n_kept = st->n_hand;
    st->noted = (uint16_t)(k > bd ? k - bd : 0);
}

/* ---- exact evaluation of a policy -------------------------------------- */

void zd_turn_dist_init(zd_turn_dist *d)
{
    for (int k = 0; k <= ZD_SOLVE_KMAX; k++)
        mpq_init(d->banked[k]);
    mpq_init(d->bust);
    mpq_init(d->capped);
    mpq_init(d->ev);
    d->kmax = 0;
    d->reached = 0;
}

void zd_turn_dist_clear(zd_turn_dist *d)
{
    for (int k = 0; k <= ZD_SOLVE_KMAX; k++)
        mpq_clear(d->banked[k]);
    mpq_clear(d->bust);
    mpq_clear(d->capped);
    mpq_clear(d->ev);
}

bool zd_turn_dist_close(zd_turn_dist *d, int kmax, char *err, size_t err_size)
{
    /* The mass must be all accounted for: banked + bust + capped = 1. */
    mpq_t sum, p;
    mpq_inits(sum, p, NULL);
    mpq_set(sum, d->bust);
    mpq_add(sum, sum, d->capped);
    mpq_set_ui(d->ev, 0, 1);
    for (int k = 0; k <= kmax; k++) {
        mpq_add(sum, sum, d->banked[k]);
        mpq_set_ui(p, (unsigned long)k, 1);
        mpq_mul(p, p, d->banked[k]);
        mpq_add(d->ev, d->ev, p);
    }
    mpq_set_ui(p, (unsigned long)kmax, 1);
    mpq_mul(p, p, d->capped);
    mpq_add(d->ev, d->ev, p);
    mpq_set_ui(p, 1, 1);
    bool ok = mpq_equal(sum, p);
    if (!ok) {
        char *s = mpq_get_str(NULL, 10, sum);
        snprintf(err, err_size, "the turn's outcomes add up to %s, not 1", s);
        free(s);
    }
    mpq_clears(sum, p, NULL);
    return ok;
}

bool zd_turn_eval(const zd_turn_graph *g, zd_turn_policy pol, void *ctx, int kmax, zd_turn_dist *out,
                  char *err, size_t err_size)
{
    if (kmax < 1 || kmax > ZD_SOLVE_KMAX) {
        snprintf(err, err_size, "turn cap %d outside 1..%d", kmax, ZD_SOLVE_KMAX);
        return false;
    }
    size_t cells = (size_t)(kmax + 1) * (size_t)g->n;
    mpq_t **mass = calloc(cells, sizeof *mass);
    if (!mass) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (int k = 0; k <= kmax; k++)
        mpq_set_ui(out->banked[k], 0, 1);
    mpq_set_ui(out->bust, 0, 1);
    mpq_set_ui(out->capped, 0, 1);
    out->kmax = kmax;
    out->reached = 0;
    mpq_t f, p, one;
    mpq_inits(f, p, one, NULL);
    mpq_set_ui(one, 1, 1);
    bool ok = true;
    mass[0] = malloc(sizeof(mpq_t));
    mpq_init(*mass[0]);
    mpq_set_ui(*mass[0], 1, 1);
    for (int k = 0; k <= kmax && ok; k++)
        for (int j = g->n - 1; j >= 0 && ok; j--) {
            int i = g->order[j];
            mpq_t *m = mass[(size_t)k * (size_t)g->n + (size_t)i];
            if (!m)
                continue;
            out->reached++;
            int roll = i == 0 && k == 0 ? 1 : pol(ctx, g, i, k);
            if (!roll || k == kmax) {
                mpq_add(roll ? out->capped : out->banked[k], roll ? out->capped : out->banked[k], *m);
                continue;
            }
            /* f = m / (1 - p(self loop)) */
            mpq_set(f, *m);
            if (g->self[i] >= 0) {
                const zd_edge *s = &g->edge[g->self[i]];
                mpq_set_ui(p, s->den - s->num, s->den);
                mpq_canonicalize(p);
                mpq_div(f, f, p);
            }
            for (int e = g->first[i]; e < g->first[i + 1]; e++) {
                const zd_edge *ed = &g->edge[e];
                if (e == g->self[i])
                    continue;
                mpq_set_ui(p, ed->num, ed->den);
                mpq_mul(p, p, f);
                if (ed->next < 0) {
                    mpq_add(out->bust, out->bust, p);
                    continue;
                }
                int kk = k + ed->gain > kmax ? kmax : k + ed->gain;
                mpq_t **dst = &mass[(size_t)kk * (size_t)g->n + (size_t)ed->next];
                if (!*dst) {
                    *dst = malloc(sizeof(mpq_t));
                    if (!*dst) {
                        snprintf(err, err_size, "out of memory");
                        ok = false;
                        break;
                    }
                    mpq_init(**dst);
                }
                mpq_add(**dst, **dst, p);
            }
        }
    if (ok)
        ok = zd_turn_dist_close(out, kmax, err, err_size);
    for (size_t c = 0; c < cells; c++)
        if (mass[c]) {
            mpq_clear(*mass[c]);
            free(mass[c]);
        }
    free(mass);
    mpq_clears(f, p, one, NULL);
    return ok;
}
