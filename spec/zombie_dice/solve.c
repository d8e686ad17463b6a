/*
 * solve.c - Zombie Dice solved exactly (see solve.h for the model).
 *
 * The turn graph is built by enumerating, from each position, every way
 * the next roll can go: the draws (one die of the cup at a time, weighted
 * by how many of each type it holds), the shortage rows in the order the
 * rule table fires them, then every face of every die in hand.  Outcomes
 * that lead to the same (position, brains gained) are merged, with their
 * probability kept exactly as a 64-bit fraction.
 *
 * This file mirrors rules.c on purpose (it must be fast and cannot run
 * the engine once per state); the generic explorer (core/explore.c) runs
 * the real rule table over the same turn and `undead solve zombie-dice
 * turn --check` compares the two exactly, outcome by outcome.
 */
#include "solve.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frac64.h"
#include "pieces.h"

/* Sides of a die of type t: the one place to change when dice stop
 * having six faces (the School Bus has twelve). */
static int die_sides(int t)
{
    (void)t;
    return ZD_FACES_PER_DIE;
}

bool zd_face_points(int face, int *brains, int *shotguns)
{
    switch (face) {   /* faces that only add points; the rest need rules of their own */
    case ZD_BRAIN: case ZD_SHOTGUN: case ZD_FEET: case ZD_DOUBLE_BRAIN: case ZD_DOUBLE_SHOTGUN:
        *brains = zd_face_brains[face];
        *shotguns = zd_face_shotguns[face];
        return true;
    default:
        return false;   /* helmet, energy drink, or a face added since */
    }
}

/* ---- position index (open addressing) --------------------------------- */

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
    zd_pos p;                 /* feet moved into hand */
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
        zd_face_points(r->face[k], &br, &sh);   /* checked when the build began */
        if (br > 0) {   /* ZD-BRAIN-ASIDE, ZD-SHOTGUN-ASIDE, ZD-FEET-KEEP */
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
            continue;   /* equal faces are one outcome, weighted by their count */
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
                    : g->short_when == ZD_SHORT_LITERAL    ? cup < ZD_HAND
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
                snprintf(err, size, "the solver does not model face %d of the %s die "
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
                snprintf(err, size, "positions %d and %d reach each other without a brain: "
                         "the turn is not ordered", u, ed->next);
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
            snprintf(err, err_size, "the outcomes of rolling from position %d add up to "
                     "%llu/%llu, not 1", i, (unsigned long long)sn, (unsigned long long)sd);
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
        st->brain_worth[t] = p->brains[t];   /* the split of k is not kept; k is */
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

bool zd_turn_eval(const zd_turn_graph *g, zd_turn_policy pol, void *ctx, int kmax,
                  zd_turn_dist *out, char *err, size_t err_size)
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
                mpq_add(roll ? out->capped : out->banked[k], roll ? out->capped : out->banked[k],
                        *m);
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

/* ---- optimal play for a reward per banked total ------------------------ */

/* The turn graph as the passes read it: 16-byte edges in the graph's
 * order (the passes stream them once per k, so their size is most of the
 * memory traffic), each position's self-loop apart, and per position the
 * chances of busting and of going on over 1 - loop, what the pruning
 * bound needs (see optimise). */
typedef struct cedge {
    int32_t next;   /* -1: bust */
    int32_t gain;
    double p;
} cedge;

typedef struct cgraph {
    const zd_turn_graph *g;
    int32_t *first;       /* edges of i: e[first[i] .. first[i + 1]) */
    cedge *e;
    double *loop;         /* the self-loop's chance, 0 without one */
    double *bust_r, *go_r;
} cgraph;

static void cgraph_free(cgraph *c)
{
    free(c->first);
    free(c->e);
    free(c->loop);
    free(c->bust_r);
    free(c->go_r);
}

static bool cgraph_build(const zd_turn_graph *g, cgraph *c)
{
    size_t n = (size_t)g->n;
    *c = (cgraph){ .g = g };
    c->first = malloc((n + 1) * sizeof *c->first);
    c->e = malloc((size_t)g->n_edges * sizeof *c->e);
    c->loop = calloc(n, sizeof *c->loop);
    c->bust_r = calloc(n, sizeof *c->bust_r);
    c->go_r = calloc(n, sizeof *c->go_r);
    if (!c->first || !c->e || !c->loop || !c->bust_r || !c->go_r) {
        cgraph_free(c);
        *c = (cgraph){ .g = g };
        return false;
    }
    int32_t m = 0;
    for (size_t i = 0; i < n; i++) {
        c->first[i] = m;
        for (int e = g->first[i]; e < g->first[i + 1]; e++) {
            const zd_edge *ed = &g->edge[e];
            if (ed->gain == 0 && ed->next == (int32_t)i) {
                c->loop[i] = ed->p;   /* one at most: the build merges equal outcomes */
                continue;
            }
            if (ed->next < 0)
                c->bust_r[i] += ed->p;
            else
                c->go_r[i] += ed->p;
            c->e[m++] = (cedge){ ed->next, ed->gain, ed->p };
        }
        c->bust_r[i] /= 1 - c->loop[i];
        c->go_r[i] /= 1 - c->loop[i];
    }
    c->first[n] = m;
    return true;
}

/* One backward pass over (turn brains k, position i). */
typedef struct pass {
    const cgraph *cg;
    const double *r;        /* r[k]: the reward for banking k, k = 0..kcap */
    int kcap;               /* every k >= kcap banks r[kcap] */
    double *v;              /* kcap * n values */
    double *d;              /* NULL, or dV/dr[0] under the chosen actions (the
                             * chance of ending with nothing banked), used by
                             * the game solver's Newton steps */
    uint8_t *roll;          /* NULL, or 1 where rolling is optimal: */
    bool roll_bits;         /* a bit per (k, i) (the game's tables), else a byte */
    bool prune;             /* skip the states where stopping is provably
                             * better (needs r >= 0) */
    double *margin;         /* NULL, or the smallest |stop - roll| met */
    double d_start;         /* out: d at the turn start */
} pass;

static void roll_set(uint8_t *t, size_t at)
{
    t[at >> 3] = (uint8_t)(t[at >> 3] | 1u << (at & 7));
}

/* Bytes of a game decision table: a bit per (k = 0..kmax, position). */
static size_t table_bytes(const zd_game_solution *s)
{
    return ((size_t)(s->kmax + 1) * (size_t)s->g->n + 7) / 8;
}

bool zd_game_solution_rolls(const zd_game_solution *s, const uint8_t *table, int k, int i)
{
    size_t at = (size_t)k * (size_t)s->g->n + (size_t)i;
    return table && k >= 0 && k <= s->kmax && (table[at >> 3] >> (at & 7) & 1);
}

static double optimise(pass *p)
{
    const cgraph *cg = p->cg;
    const zd_turn_graph *g = cg->g;
    const double *r = p->r;
    int kcap = p->kcap;
    double *v = p->v, *d = p->d;
    size_t n = (size_t)g->n;
    double best_margin = INFINITY;
    double start = 0, dstart = 0;
    /* The pruning bound: whatever follows (i, k) banks some k' >= k or
     * busts, so every value reachable from level k is at most top[k]. */
    double top[ZD_SOLVE_KMAX + 2];
    top[kcap] = r[kcap] > r[0] ? r[kcap] : r[0];
    for (int k = kcap - 1; k >= 0; k--)
        top[k] = r[k] > top[k + 1] ? r[k] : top[k + 1];
    for (int k = kcap - 1; k >= 0; k--) {
        double *vk = v + (size_t)k * n, *dk = d ? d + (size_t)k * n : NULL;
        for (size_t j = 0; j < n; j++) {
            int i = g->order[j];
            double stop = r[k];
            /* Rolling is worth at most (bust r[0] + go top) / (1 - loop):
             * when that is clearly below stopping, the pass below would
             * stop too (its sums round by far less than the 1e-12 kept),
             * so the state's value is r[k] without looking at its edges.
             * Most states past the goal are such. */
            if (p->prune && i != 0) {
                if (cg->bust_r[i] * r[0] + cg->go_r[i] * top[k] < stop - 1e-12) {
                    vk[i] = stop;
                    if (dk)
                        dk[i] = (k == 0);
                    continue;
                }
            }
            double s = 0, ds = 0, q = cg->loop[i];
            for (int e = cg->first[i]; e < cg->first[i + 1]; e++) {
                const cedge *ed = &cg->e[e];
                if (ed->next < 0) {
                    s += ed->p * r[0];
                    ds += ed->p;
                } else {
                    int kk = k + ed->gain;
                    if (kk >= kcap) {
                        s += ed->p * r[kcap];
                    } else {
                        s += ed->p * v[(size_t)kk * n + (size_t)ed->next];
                        if (d)
                            ds += ed->p * d[(size_t)kk * n + (size_t)ed->next];
                    }
                }
            }
            double rv = s / (1 - q), rd = ds / (1 - q);
            size_t at = (size_t)k * n + (size_t)i;
            if (i == 0) {   /* the turn start: the roll is forced */
                vk[i] = rv;
                if (dk)
                    dk[i] = rd;
                if (k == 0) {
                    start = rv;
                    dstart = rd;
                }
                if (p->roll && p->roll_bits)
                    roll_set(p->roll, at);
                else if (p->roll)
                    p->roll[at] = 1;
                continue;
            }
            int go = rv > stop;
            double m = fabs(rv - stop);
            if (m < best_margin)
                best_margin = m;
            vk[i] = go ? rv : stop;
            if (dk)
                dk[i] = go ? rd : (k == 0);
            if (p->roll && p->roll_bits) {
                if (go)
                    roll_set(p->roll, at);
            } else if (p->roll) {
                p->roll[at] = (uint8_t)go;
            }
        }
    }
    if (kcap == 0)
        start = r[0];
    if (p->margin)
        *p->margin = best_margin;
    p->d_start = dstart;
    return start;
}

double zd_turn_optimise(const zd_turn_graph *g, const double *r, int kmax, double *v_work,
                        uint8_t *roll, double *margin)
{
    if (roll)
        memset(roll + (size_t)kmax * (size_t)g->n, 0, (size_t)g->n);
    cgraph cg;
    if (!cgraph_build(g, &cg))
        return NAN;
    pass p = { .cg = &cg, .r = r, .kcap = kmax, .v = v_work, .roll = roll, .margin = margin };
    double value = optimise(&p);
    cgraph_free(&cg);
    return value;
}

/* ---- the two-player game ------------------------------------------------ */

/* One thread's share of the work: its own pass arrays. */
typedef struct solver {
    zd_game_solution *s;
    const zd_turn_graph *g;
    const cgraph *cg;
    double *v, *d;          /* (kmax + 1) * n each */
    uint8_t *need_roll;     /* kmax * n: final turns by what is still needed */
    double r[ZD_SOLVE_KMAX + 2];
    int iterations;         /* Newton steps this solver made */
    int close_pairs;        /* score pairs whose decisions needed passes at the solution */
} solver;

static void table_clear(const solver *sv, uint8_t *t)
{
    if (t)
        memset(t, 0, table_bytes(sv->s));
}

/* Value of a final turn needing more than `need` brains to win and
 * exactly `need` to tie (tie worth tie); decisions into roll. */
static double final_turn(solver *sv, int need, double tie, uint8_t *roll)
{
    int kcap = need + 1;
    if (kcap > sv->s->kmax)
        kcap = sv->s->kmax;
    for (int k = 0; k <= kcap; k++)
        sv->r[k] = k > need ? 1 : k == need ? tie : 0;
    table_clear(sv, roll);
    pass p = { .cg = sv->cg, .r = sv->r, .kcap = kcap, .v = sv->v, .roll = roll, .roll_bits = true };
    return optimise(&p);
}

/* Every final turn at once: value[d] and (tables not NULL) tables[d] for
 * each need d = 0..kmax.  For 1 <= d < kmax a state (i, k) of the turn
 * needing d is worth what (i, d - k) is worth "still needing m = d - k":
 * stopping at m = 0 ties, stopping before is lost, passing it wins, a bust
 * is lost.  So one pass over (m, i) gives every need, adding the same
 * terms in the same order as final_turn does need by need (a bust's
 * r[0] = 0 adds nothing), hence the same doubles.  Needs 0 (a bust then
 * ties) and kmax (the cap then ties) go through final_turn. */
static void final_turns(solver *sv, double tie, double *value, uint8_t **tables)
{
    const cgraph *cg = sv->cg;
    const zd_turn_graph *g = sv->g;
    int kmax = sv->s->kmax;
    size_t n = (size_t)g->n;
    double *u = sv->v;
    uint8_t *ru = tables ? sv->need_roll : NULL;
    value[0] = final_turn(sv, 0, tie, tables ? tables[0] : NULL);
    value[kmax] = final_turn(sv, kmax, tie, tables ? tables[kmax] : NULL);
    for (int m = 0; m < kmax; m++) {
        double *um = u + (size_t)m * n;
        for (size_t j = 0; j < n; j++) {
            int i = g->order[j];
            double s = 0, q = cg->loop[i];
            for (int e = cg->first[i]; e < cg->first[i + 1]; e++) {
                const cedge *ed = &cg->e[e];
                if (ed->next < 0)
                    continue;
                int mm = m - ed->gain;
                s += mm < 0 ? ed->p * 1.0 : ed->p * u[(size_t)mm * n + (size_t)ed->next];
            }
            double rv = s / (1 - q), stop = m == 0 ? tie : 0;
            int go = i == 0 || rv > stop;   /* the turn start: the roll is forced */
            um[i] = go ? rv : stop;
            if (ru)
                ru[(size_t)m * n + (size_t)i] = (uint8_t)go;
        }
    }
    for (int d = 1; d < kmax; d++) {
        value[d] = u[(size_t)d * n];
        if (!tables)
            continue;
        table_clear(sv, tables[d]);
        for (int k = 0; k <= d; k++) {
            const uint8_t *row = ru + (size_t)(d - k) * n;
            for (size_t i = 0; i < n; i++)
                if (row[i])
                    roll_set(tables[d], (size_t)k * n + i);
        }
    }
}

/* The tiebreak round: the opener plays, then the other needs more. */
static double tiebreak_value(solver *sv, double tie_for_second, double *g_second, uint8_t *roll)
{
    int kmax = sv->s->kmax;
    final_turns(sv, tie_for_second, g_second, roll ? sv->s->reply : NULL);
    for (int k = 0; k <= kmax; k++)
        sv->r[k] = 1 - g_second[k];
    table_clear(sv, roll);
    pass p = { .cg = sv->cg, .r = sv->r, .kcap = kmax, .v = sv->v, .roll = roll, .roll_bits = true };
    return optimise(&p);
}

/* Reward for the mover (seat s, score a, other b) banking k. */
static double reward(const zd_game_solution *s, int seat, int a, int b, int k)
{
    int total = a + k;
    if (total < ZD_GOAL)
        return 1 - s->w[1 - seat][b][total];
    if (seat == 1 && s->variant[ZD_V_END] == ZD_END_FINISH_ROUND)
        return 1;   /* the round is over and the opener is below the goal */
    int need = total - b;
    return need > s->dmax ? 1 : 1 - s->final_value[1 - seat][need];
}

/* Mover's value with the k = 0 reward set to c, and its slope in c;
 * decisions into roll (cleared first), the closest call into margin. */
static double turn_value(solver *sv, int seat, int a, int b, double c, double *slope,
                         uint8_t *roll, double *margin)
{
    const zd_game_solution *s = sv->s;
    for (int k = 0; k <= s->kmax; k++)
        sv->r[k] = k == 0 ? c : reward(s, seat, a, b, k);
    table_clear(sv, roll);
    pass p = { .cg = sv->cg, .r = sv->r, .kcap = s->kmax, .v = sv->v, .d = sv->d, .roll = roll,
               .roll_bits = true, .prune = true, .margin = margin };
    double value = optimise(&p);
    *slope = p.d_start;
    return value;
}

static void solve_pair(solver *sv, int seat, int a, int b)
{
    zd_game_solution *s = sv->s;
    uint8_t *tx = s->normal[seat][a][b], *ty = s->normal[1 - seat][b][a];
    double x = 0.5, y = 0.5, mx = 0, my = 0;
    for (int it = 0; it < 100; it++) {
        sv->iterations++;
        double fs, hs;
        double fx = turn_value(sv, seat, a, b, 1 - y, &fs, tx, &mx);
        double hy = turn_value(sv, 1 - seat, b, a, 1 - x, &hs, ty, &my);
        /* Newton on x = f(1-y), y = h(1-x) with f, h linear at the current
         * policies: x = fx + fs((1-y')-(1-y)), y = hy + hs((1-x')-(1-x)). */
        double cx = fx + fs * y, cy = hy + hs * x;   /* x' = cx - fs y', y' = cy - hs x' */
        double den = 1 - fs * hs;
        double nx = (cx - fs * cy) / den, ny = cy - hs * nx;
        double delta = fabs(nx - x) + fabs(ny - y);
        x = nx;
        y = ny;
        if (delta < 1e-15)
            break;
    }
    s->w[seat][a][b] = x;
    s->w[1 - seat][b][a] = y;
    /* The last passes chose at x, y less than 1e-15 from the solution, and
     * no value moves by more than the change of c (a value is an average of
     * rewards, c among them with weight at most 1): where no choice was
     * within 1e-10 their decisions are the solution's, and the passes at
     * the solution are saved.  (Rounding moves a value by far less.) */
    if (mx < 1e-10 || my < 1e-10) {
        double slope;
        turn_value(sv, seat, a, b, 1 - y, &slope, tx, NULL);
        turn_value(sv, 1 - seat, b, a, 1 - x, &slope, ty, NULL);
        sv->close_pairs++;
    }
}

/* ---- threads ---- */

/* The score pairs of one total: each depends only on higher totals and
 * on its mirror, solved with it, so they share nothing and the threads
 * take them in any order: every value is computed by the same steps
 * whatever the number of threads. */
typedef struct level {
    solver *sv;
    int pair_a[ZD_GOAL], pair_b[ZD_GOAL];
    int n_pairs;
    atomic_int next;
} level;

/* One piece per worker's scratch (solver): it takes pairs until none is
 * left, so a piece run after another on the same thread takes none. */
typedef struct level_worker {
    level *lv;
    solver *sv;
} level_worker;

static void level_run(void *arg)
{
    level_worker *w = arg;
    level *lv = w->lv;
    for (int at; (at = atomic_fetch_add(&lv->next, 1)) < lv->n_pairs;)
        solve_pair(w->sv, 0, lv->pair_a[at], lv->pair_b[at]);
}

static void solve_level(solver *workers, int jobs, int total, int floor)
{
    level lv = { .n_pairs = 0 };
    atomic_init(&lv.next, 0);
    for (int a = ZD_GOAL - 1; a >= floor; a--) {
        int b = total - a;
        if (b < floor || b >= ZD_GOAL)
            continue;
        lv.pair_a[lv.n_pairs] = a;
        lv.pair_b[lv.n_pairs++] = b;
    }
    level_worker w[ZD_SOLVE_MAX_JOBS];
    int n = jobs < lv.n_pairs ? jobs : lv.n_pairs;
    for (int t = 0; t < n; t++)
        w[t] = (level_worker){ &lv, &workers[t] };
    if (n > 0)
        ud_run_pieces(n, w, n, sizeof w[0], level_run);
}

/* The two seats' final turns (they differ by who a tie favours). */
typedef struct finals_work {
    solver *sv;
    int seat;
    double tie;
} finals_work;

static void finals_run(void *arg)
{
    finals_work *f = arg;
    zd_game_solution *s = f->sv->s;
    final_turns(f->sv, f->tie, s->final_value[f->seat], s->final[f->seat]);
}

int zd_solve_default_jobs(void)
{
    int n = ud_default_jobs();
    return n > ZD_SOLVE_MAX_JOBS ? ZD_SOLVE_MAX_JOBS : n;
}

zd_game_solution *zd_game_solve(const zd_turn_graph *g, const int *variant, char *err,
                                size_t err_size)
{
    return zd_game_solve_jobs(g, variant, 0, 0, err, err_size);
}

zd_game_solution *zd_game_solve_from(const zd_turn_graph *g, const int *variant, int floor,
                                     char *err, size_t err_size)
{
    return zd_game_solve_jobs(g, variant, floor, 0, err, err_size);
}

zd_game_solution *zd_game_solve_jobs(const zd_turn_graph *g, const int *variant, int floor,
                                     int jobs, char *err, size_t err_size)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    zd_game_solution *s = calloc(1, sizeof *s);
    solver workers[ZD_SOLVE_MAX_JOBS];
    cgraph cg;
    if (!s) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    if (jobs <= 0)
        jobs = zd_solve_default_jobs();
    if (jobs > ZD_SOLVE_MAX_JOBS)
        jobs = ZD_SOLVE_MAX_JOBS;
    memcpy(s->variant, variant, sizeof s->variant);
    s->g = g;
    s->floor = floor < 0 ? 0 : floor;
    s->kmax = ZD_SOLVE_KMAX;
    s->dmax = ZD_SOLVE_KMAX;
    s->jobs = jobs;
    size_t cells = (size_t)(s->kmax + 1) * (size_t)g->n;
    bool ok = cgraph_build(g, &cg);
    s->bytes = (size_t)g->n * (3 * sizeof(double) + sizeof(int32_t)) +
               (size_t)g->n_edges * sizeof(cedge);
    for (int t = 0; t < jobs; t++) {
        workers[t] = (solver){ .s = s, .g = g, .cg = &cg };
        workers[t].v = malloc(cells * sizeof *workers[t].v);
        workers[t].d = malloc(cells * sizeof *workers[t].d);
        workers[t].need_roll = malloc(cells);
        ok = ok && workers[t].v && workers[t].d && workers[t].need_roll;
        s->bytes += cells * (2 * sizeof(double) + 1);
    }
    size_t tb = table_bytes(s);
#define NEW_TABLE(t) (ok = ok && ((t) = calloc(tb, 1)) != NULL, s->bytes += tb)
    NEW_TABLE(s->opener);
    for (int seat = 0; seat < 2; seat++) {
        for (int a = s->floor; a < ZD_GOAL; a++)
            for (int b = s->floor; b < ZD_GOAL; b++)
                NEW_TABLE(s->normal[seat][a][b]);
        for (int d = 0; d <= s->dmax; d++)
            NEW_TABLE(s->final[seat][d]);
    }
    for (int d = 0; d <= s->kmax; d++)
        NEW_TABLE(s->reply[d]);
#undef NEW_TABLE
    if (ok) {
        solver *sv = &workers[0];
        /* The tiebreak round (opener = seat 0).  Until broken: a tie after it
         * is a new round, so its value is a fixed point, found by iteration
         * (the chance of a tie is small, so it converges fast). */
        double g_second[ZD_SOLVE_KMAX + 1];
        if (variant[ZD_V_TIEBREAK] == ZD_TIE_ONE_ROUND) {
            s->tiebreak = tiebreak_value(sv, 0.5, g_second, s->opener);
        } else {
            double tbv = 0.5;
            for (int it = 0; it < 200; it++) {
                double nt = tiebreak_value(sv, 1 - tbv, g_second, NULL);
                double delta = fabs(nt - tbv);
                tbv = nt;
                if (delta < 1e-16)
                    break;
            }
            s->tiebreak = tiebreak_value(sv, 1 - tbv, g_second, s->opener);
        }
        /* Final turns: seat 1 after seat 0 reached the goal (a tie there is a
         * tiebreak seat 0 opens); seat 0 after seat 1 (final-turn reading). */
        finals_work fw[2] = { { &workers[0], 1, 1 - s->tiebreak },
                              { &workers[jobs > 1 ? 1 : 0], 0, s->tiebreak } };
        if (jobs > 1) {
            ud_run_pieces(2, fw, 2, sizeof fw[0], finals_run);
        } else {
            finals_run(&fw[0]);
            finals_run(&fw[1]);
        }
        s->tail = s->final_value[1][s->dmax] > s->final_value[0][s->dmax]
                      ? s->final_value[1][s->dmax] : s->final_value[0][s->dmax];
        /* Score pairs in decreasing total: banking k >= 1 leads to a higher
         * total, already solved; banking nothing swaps the movers, so the
         * two seats' values at (a, b) and (b, a) are solved together. */
        for (int total = 2 * (ZD_GOAL - 1); total >= 2 * s->floor; total--)
            solve_level(workers, jobs, total, s->floor);
        for (int t = 0; t < jobs; t++) {
            s->iterations += workers[t].iterations;
            s->close_pairs += workers[t].close_pairs;
        }
    }
    for (int t = 0; t < jobs; t++) {
        free(workers[t].v);
        free(workers[t].d);
        free(workers[t].need_roll);
    }
    cgraph_free(&cg);
    if (!ok) {
        snprintf(err, err_size, "out of memory");
        zd_game_solution_free(s);
        return NULL;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return s;
}

void zd_game_solution_free(zd_game_solution *s)
{
    if (!s)
        return;
    for (int seat = 0; seat < 2; seat++) {
        for (int a = 0; a < ZD_GOAL; a++)
            for (int b = 0; b < ZD_GOAL; b++)
                free(s->normal[seat][a][b]);
        for (int d = 0; d <= ZD_SOLVE_KMAX + 1; d++)
            free(s->final[seat][d]);
    }
    for (int d = 0; d <= ZD_SOLVE_KMAX + 1; d++)
        free(s->reply[d]);
    free(s->opener);
    free(s);
}

int zd_game_solution_action(const zd_game_solution *s, const zd_state *st)
{
    if (st->n_players != 2 || st->phase != ZD_PH_CHOICE)
        return -1;
    int i = zd_turn_graph_find(s->g, st);
    if (i < 0)
        return -1;
    int k = zd_turn_brains(st);
    if (k >= s->kmax)
        return ZD_ACT_STOP;
    int me = st->current, other = 1 - me;
    int seat = me == st->first ? 0 : 1;
    int a = st->score[me], b = st->score[other];
    const uint8_t *table;
    if (st->tiebreak) {
        /* Scores were level when the round began: the second needs what
         * the opener banked. */
        int need = b - a;
        if (seat == 0)
            table = s->opener;
        else if (need < 0)
            return ZD_ACT_STOP;
        else if (need > s->kmax)
            return ZD_ACT_ROLL;
        else
            table = s->reply[need];
    } else if (st->ending) {
        int need = b - a;
        if (need < 0)
            return ZD_ACT_STOP;
        if (need > s->dmax)
            return ZD_ACT_ROLL;
        table = s->final[seat][need];
    } else {
        if (a >= ZD_GOAL || b >= ZD_GOAL)
            return -1;
        table = s->normal[seat][a][b];
    }
    if (!table)
        return -1;
    return zd_game_solution_rolls(s, table, k, i) ? ZD_ACT_ROLL : ZD_ACT_STOP;
}
