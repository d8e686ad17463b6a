/*
 * turn_dp.c - the exact outcome of one turn under a policy, fast: the
 * same forward pass over (position, turn brains) as zd_turn_eval in
 * solve.c, with the same answer to the last digit, but without a single
 * gcd until the end.
 *
 * Why it is fast: every probability of a roll is a product of draws
 * (count/cup, cup at most the dice set) and faces (count/6), and a
 * position's loop to itself divides by 1 - q where q is a product of
 * feet chances; so every denominator met is smooth (its prime factors
 * are small).  A mass is kept as an integer numerator over a product of
 * powers of the small primes below, held as exponents: adding two masses
 * multiplies the one with the smaller exponents by the missing powers,
 * which is linear in the size of the numbers, where mpq_t reduces every
 * sum by a gcd that is quadratic and dominates with the huge
 * denominators of the long policies (stop-at-shotguns:2 rolls on up to
 * the turn cap).  A cell drops the factors its numerator shares with its
 * denominator once, when it is visited, which keeps the numbers near
 * their reduced size.  Should a denominator not be smooth (a die added
 * later with other faces), it falls back to zd_turn_eval.
 */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The base game's draws need 2..13; a set with more dice may need more
 * (and gets the slow path until this list grows: every extra prime costs
 * time on every addition). */
static const unsigned long primes[] = { 2, 3, 5, 7, 11, 13 };
enum { NP = sizeof primes / sizeof primes[0] };

typedef struct smooth { /* n / prod primes[j]^e[j] */
    mpz_t n;
    uint16_t e[NP];
    bool used;
} smooth;

/* Exponents of x over the primes; false when x has another factor. */
static bool factor(uint64_t x, uint16_t e[NP])
{
    memset(e, 0, NP * sizeof e[0]);
    for (int j = 0; j < NP && x > 1; j++)
        while (x % primes[j] == 0) {
            x /= primes[j];
            e[j]++;
        }
    return x == 1;
}

/* z *= prod primes[j]^d[j], in 64-bit chunks. */
static void scale(mpz_t z, const uint16_t d[NP])
{
    uint64_t m = 1;
    for (int j = 0; j < NP; j++)
        for (int r = 0; r < d[j]; r++) {
            if (m > UINT64_MAX / primes[j]) {
                mpz_mul_ui(z, z, m);
                m = 1;
            }
            m *= primes[j];
        }
    if (m > 1)
        mpz_mul_ui(z, z, m);
}

/* x * prod primes[j]^d[j] if it fits 64 bits, else 0. */
static uint64_t small_power(const uint16_t d[NP], uint64_t x)
{
    uint64_t m = x;
    for (int j = 0; j < NP; j++)
        for (int r = 0; r < d[j]; r++)
            if (__builtin_mul_overflow(m, (uint64_t)primes[j], &m))
                return 0;
    return m;
}

/* dst += f * x / prod primes^ce (c is scratch). */
static void add_to(smooth *dst, const mpz_t f, uint64_t x, const uint16_t ce[NP], mpz_t c)
{
    if (!dst->used) {
        mpz_init(dst->n);
        mpz_mul_ui(dst->n, f, x);
        memcpy(dst->e, ce, sizeof dst->e);
        dst->used = true;
        return;
    }
    if (memcmp(dst->e, ce, sizeof dst->e) == 0) { /* the common case */
        mpz_addmul_ui(dst->n, f, x);
        return;
    }
    uint16_t dd[NP], dc[NP];
    bool sd = false;
    for (int j = 0; j < NP; j++) {
        uint16_t m = dst->e[j] > ce[j] ? dst->e[j] : ce[j];
        dd[j] = (uint16_t)(m - dst->e[j]);
        dc[j] = (uint16_t)(m - ce[j]);
        sd |= dd[j] != 0;
        dst->e[j] = m;
    }
    if (sd)
        scale(dst->n, dd);
    uint64_t mult = small_power(dc, x);
    if (mult) {
        mpz_addmul_ui(dst->n, f, mult);
    } else {
        mpz_mul_ui(c, f, x);
        scale(c, dc);
        mpz_add(dst->n, dst->n, c);
    }
}

/* Drop the primes the numerator shares with the denominator. */
static void reduce(smooth *s)
{
    for (int j = 0; j < NP; j++)
        while (s->e[j] && mpz_sgn(s->n) && mpz_divisible_ui_p(s->n, primes[j])) {
            mpz_divexact_ui(s->n, s->n, primes[j]);
            s->e[j]--;
        }
}

static void to_q(mpq_t q, const smooth *s)
{
    if (!s->used) {
        mpq_set_ui(q, 0, 1);
        return;
    }
    mpz_set(mpq_numref(q), s->n);
    mpz_set_ui(mpq_denref(q), 1);
    scale(mpq_denref(q), s->e);
    mpq_canonicalize(q);
}

typedef struct edge_f {
    uint16_t e[NP]; /* the denominator's exponents */
} edge_f;

bool zd_turn_eval_fast(const zd_turn_graph *g, zd_turn_policy pol, void *ctx, int kmax, zd_turn_dist *out,
                       char *err, size_t err_size)
{
    if (kmax < 1 || kmax > ZD_SOLVE_KMAX) {
        snprintf(err, err_size, "turn cap %d outside 1..%d", kmax, ZD_SOLVE_KMAX);
        return false;
    }
    /* Factor every denominator first; any that is not smooth: the slow way. */
    edge_f *ef = malloc((size_t)g->n_edges * sizeof *ef);
    edge_f *loop = malloc((size_t)g->n * sizeof *loop); /* of (den - num) of the self loop */
    if (!ef || !loop) {
        free(ef);
        free(loop);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    bool smooth_ok = true;
    for (int64_t e = 0; e < g->n_edges && smooth_ok; e++)
        smooth_ok = factor(g->edge[e].den, ef[e].e);
    for (int i = 0; i < g->n && smooth_ok; i++)
        if (g->self[i] >= 0) {
            const zd_edge *s = &g->edge[g->self[i]];
            smooth_ok = factor(s->den - s->num, loop[i].e);
        }
    if (!smooth_ok) {
        free(ef);
        free(loop);
        return zd_turn_eval(g, pol, ctx, kmax, out, err, err_size);
    }
    size_t n = (size_t)g->n, cells = (size_t)(kmax + 1) * n;
    smooth *mass = calloc(cells, sizeof *mass);
    smooth acc[ZD_SOLVE_KMAX + 3]; /* banked[0..kmax], bust, capped */
    memset(acc, 0, sizeof acc);
    smooth *bust = &acc[kmax + 1], *capped = &acc[kmax + 2];
    if (!mass) {
        free(ef);
        free(loop);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    out->kmax = kmax;
    out->reached = 0;
    mpz_t f, c;
    mpz_inits(f, c, NULL);
    mpz_init_set_ui(mass[0].n, 1);
    mass[0].used = true;
    for (int k = 0; k <= kmax; k++)
        for (int j = g->n - 1; j >= 0; j--) {
            int i = g->order[j];
            smooth *m = &mass[(size_t)k * n + (size_t)i];
            if (!m->used)
                continue;
            out->reached++;
            reduce(m);
            int roll = i == 0 && k == 0 ? 1 : pol(ctx, g, i, k);
            if (!roll || k == kmax) {
                add_to(roll ? capped : &acc[k], m->n, 1, m->e, c);
                mpz_clear(m->n);
                m->used = false;
                continue;
            }
            /* f = m / (1 - q) = m * den / (den - num) */
            uint16_t fe[NP];
            memcpy(fe, m->e, sizeof fe);
            mpz_set(f, m->n);
            if (g->self[i] >= 0) {
                mpz_mul_ui(f, f, g->edge[g->self[i]].den);
                for (int p = 0; p < NP; p++)
                    fe[p] = (uint16_t)(fe[p] + loop[i].e[p]);
            }
            mpz_clear(m->n);
            m->used = false;
            for (int e = g->first[i]; e < g->first[i + 1]; e++) {
                if (e == g->self[i])
                    continue;
                const zd_edge *ed = &g->edge[e];
                uint16_t ce[NP];
                for (int p = 0; p < NP; p++)
                    ce[p] = (uint16_t)(fe[p] + ef[e].e[p]);
                if (ed->next < 0) {
                    add_to(bust, f, ed->num, ce, c);
                    continue;
                }
                int kk = k + ed->gain > kmax ? kmax : k + ed->gain;
                add_to(&mass[(size_t)kk * n + (size_t)ed->next], f, ed->num, ce, c);
            }
        }
    /* Back to reduced fractions, and the same checks and sums as zd_turn_eval. */
    for (int k = 0; k <= kmax; k++)
        to_q(out->banked[k], &acc[k]);
    to_q(out->bust, bust);
    to_q(out->capped, capped);
    bool ok = zd_turn_dist_close(out, kmax, err, err_size);
    for (size_t x = 0; x < cells; x++)
        if (mass[x].used)
            mpz_clear(mass[x].n);
    for (int x = 0; x < kmax + 3; x++)
        if (acc[x].used)
            mpz_clear(acc[x].n);
    free(mass);
    free(ef);
    free(loop);
    mpz_clears(f, c, NULL);
    return ok;
}
