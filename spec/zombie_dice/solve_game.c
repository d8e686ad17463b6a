/*
 * solve_game.c - optimal play over a Zombie Dice turn graph (solve.h):
 * the policy that maximises a reward per banked total (zd_turn_optimise),
 * and the two-player game to 13 solved for every score pair, the final
 * turns and the tiebreak included, on threads (core/pieces.h) by levels
 * of equal total.  The turn graph itself is built in solve.c.
 */
#include "solve.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pieces.h"

/* ---- optimal play for a reward per banked total ------------------------ */

/* The turn graph as the passes read it: 16-byte edges in the graph's
 * order (the passes stream them once per k, so their size is most of the
 * memory traffic), each position's self-loop apart, and per position the
 * chances of busting and of going on over 1 - loop, what the pruning
 * bound needs (see optimise). */
typedef struct cedge {
    int32_t next; /* -1: bust */
    int32_t gain;
    double p;
} cedge;

typedef struct cgraph {
    const zd_turn_graph *g;
    int32_t *first; /* edges of i: e[first[i] .. first[i + 1]) */
    cedge *e;
    double *loop; /* the self-loop's chance, 0 without one */
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
                c->loop[i] = ed->p; /* one at most: the build merges equal outcomes */
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
    const double *r; /* r[k]: the reward for banking k, k = 0..kcap */
    int kcap;        /* every k >= kcap banks r[kcap] */
    double *v;       /* kcap * n values */
    double *d;       /* NULL, or dV/dr[0] under the chosen actions (the
                             * chance of ending with nothing banked), used by
                             * the game solver's Newton steps */
    uint8_t *roll;   /* NULL, or 1 where rolling is optimal: */
    bool roll_bits;  /* a bit per (k, i) (the game's tables), else a byte */
    bool prune;      /* skip the states where stopping is provably
                             * better (needs r >= 0) */
    double *margin;  /* NULL, or the smallest |stop - roll| met */
    double d_start;  /* out: d at the turn start */
} pass;

static void roll_set(uint8_t *t, size_t at) { t[at >> 3] = (uint8_t)(t[at >> 3] | 1u << (at & 7)); }

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
            if (i == 0) { /* the turn start: the roll is forced */
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

double zd_turn_optimise(const zd_turn_graph *g, const double *r, int kmax, double *v_work, uint8_t *roll,
                        double *margin)
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
    double *v, *d;      /* (kmax + 1) * n each */
    uint8_t *need_roll; /* kmax * n: final turns by what is still needed */
    double r[ZD_SOLVE_KMAX + 2];
    int iterations;  /* Newton steps this solver made */
    int close_pairs; /* score pairs whose decisions needed passes at the solution */
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
            int go = i == 0 || rv > stop; /* the turn start: the roll is forced */
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
        return 1; /* the round is over and the opener is below the goal */
    int need = total - b;
    return need > s->dmax ? 1 : 1 - s->final_value[1 - seat][need];
}

/* Mover's value with the k = 0 reward set to c, and its slope in c;
 * decisions into roll (cleared first), the closest call into margin. */
static double turn_value(solver *sv, int seat, int a, int b, double c, double *slope, uint8_t *roll,
                         double *margin)
{
    const zd_game_solution *s = sv->s;
    for (int k = 0; k <= s->kmax; k++)
        sv->r[k] = k == 0 ? c : reward(s, seat, a, b, k);
    table_clear(sv, roll);
    pass p = { .cg = sv->cg,
               .r = sv->r,
               .kcap = s->kmax,
               .v = sv->v,
               .d = sv->d,
               .roll = roll,
               .roll_bits = true,
               .prune = true,
               .margin = margin };
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
        double cx = fx + fs * y, cy = hy + hs * x; /* x' = cx - fs y', y' = cy - hs x' */
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

zd_game_solution *zd_game_solve(const zd_turn_graph *g, const int *variant, char *err, size_t err_size)
{
    return zd_game_solve_jobs(g, variant, 0, 0, err, err_size);
}

zd_game_solution *zd_game_solve_from(const zd_turn_graph *g, const int *variant, int floor, char *err,
                                     size_t err_size)
{
    return zd_game_solve_jobs(g, variant, floor, 0, err, err_size);
}

zd_game_solution *zd_game_solve_jobs(const zd_turn_graph *g, const int *variant, int floor, int jobs,
                                     char *err, size_t err_size)
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
    s->bytes = (size_t)g->n * (3 * sizeof(double) + sizeof(int32_t)) + (size_t)g->n_edges * sizeof(cedge);
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
        s->tail = s->final_value[1][s->dmax] > s->final_value[0][s->dmax] ? s->final_value[1][s->dmax]
                                                                          : s->final_value[0][s->dmax];
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
