/*
 * absorb_cycles.c - the fast pass's cycles of several states (absorb_impl.h):
 * a cycle's system solved over the rationals, and the mass that leaves it
 * pushed on over smooth denominators when its determinant factors over
 * the pass's primes (ab_cycle_primes), else kept apart as mpq_t.
 */
#include "absorb_impl.h"

/* The s x width system (I - W^T | 0) of the cycle whose members are
 * mem[0..s): the weights of the edges inside it; NULL with err filled. */
static mpq_t *cycle_system(const fast *z, const comps *cs, const int64_t *mem, int s, int width, mpq_t w,
                           ud_buf *err)
{
    mpq_t *a = ab_system_new(s, width, err);
    if (!a)
        return NULL;
#define A(i, j) a[(size_t)(i) * (size_t)width + (size_t)(j)]
    for (int i = 0; i < s; i++)
        mpq_set_ui(A(i, i), 1, 1);
    for (int j = 0; j < s; j++)
        for (int64_t k = z->g.first[mem[j]]; k < z->g.first[mem[j] + 1]; k++) {
            int64_t to = z->c->to[k];
            if (cs->comp[to] != cs->comp[mem[j]])
                continue;
            int i = 0;
            while (mem[i] != to)
                i++;
            ab_weight_q(z->c, (size_t)k, w);
            mpq_sub(A(i, j), A(i, j), w);
        }
#undef A
    return a;
}

/* Add every cycle's determinant's primes to the set: a cycle's solution
 * is adj(I - W^T) inflow / det, so with them the mass that leaves it is
 * smooth too (a dense mpq_t part downstream made every later sum a gcd).
 * false: a determinant's primes do not fit, and the side parts stay. */
bool ab_cycle_primes(fast *z, const comps *cs, ud_buf *err)
{
    mpq_t w, f, det;
    mpq_inits(w, f, det, NULL);
    bool ok = true;
    for (int64_t k = 0; k < cs->n_comp && ok; k++) {
        int64_t s = cs->cfirst[k + 1] - cs->cfirst[k];
        if (s == 1)
            continue;
        if (s > UD_ABSORB_MAX_CYCLE) {
            ok = false; /* solve_cycle says so, with the message */
            break;
        }
        const int64_t *mem = cs->mem + cs->cfirst[k];
        mpq_t *a = cycle_system(z, cs, mem, (int)s, (int)s + 1, w, err);
        if (!a || ab_eliminate(a, (int)s, (int)s + 1, f, w, err) != 0) {
            if (a)
                ab_system_free(a, (int)s, (int)s + 1);
            ud_buf_clear(err); /* solve_cycle meets it again and says so */
            ok = false;
            break;
        }
        mpq_set_ui(det, 1, 1);
        for (int i = 0; i < s; i++)
            mpq_mul(det, det, a[(size_t)i * (size_t)(s + 2)]);
        ab_system_free(a, (int)s, (int)s + 1);
        ok = ud_smooth_primes_add_mpz(&z->ps, mpq_numref(det)) &&
             ud_smooth_primes_add_mpz(&z->ps, mpq_denref(det));
    }
    mpq_clears(w, f, det, NULL);
    return ok;
}

/* q (> 0, its denominator smooth over the set) as a smooth value; false:
 * the denominator has another prime. */
static bool smooth_from_q(const ud_smooth_primes *ps, ud_smooth *out, const mpq_t q)
{
    mpz_t d;
    mpz_init_set(d, mpq_denref(q));
    memset(&out->d, 0, sizeof out->d);
    for (int j = 0; j < ps->n; j++)
        while (mpz_divisible_ui_p(d, ps->p[j])) {
            mpz_divexact_ui(d, d, ps->p[j]);
            out->d.e[j]++;
            out->d.nz[j / 64] |= UINT64_C(1) << (j % 64);
        }
    bool ok = mpz_cmp_ui(d, 1) == 0;
    mpz_clear(d);
    if (ok) {
        mpz_init_set(out->n, mpq_numref(q));
        out->used = out->live = true;
    }
    return ok;
}

/* Push x, a cycle member v's mass, along the edges that leave the cycle,
 * kept smooth. */
static void push_smooth_out(worker *w, int64_t v, const ud_smooth *x)
{
    fast *z = w->z;
    const comps *cs = z->cs;
    uint64_t num = 0, den = 1;
    ud_smooth_exp we;
    for (int64_t k = z->g.first[v]; k < z->g.first[v + 1]; k++) {
        int64_t to = z->c->to[k];
        if (cs->comp[to] == cs->comp[v])
            continue;
        ab_weight_of(z->c, (size_t)k, &num, &den);
        we = x->d;
        ud_smooth_exp_mul(&we, ab_den_exponents(w, den)); /* smooth: gather_primes */
        ab_mass_add(w, to, x->n, num, &we);
    }
}

/* A cycle solved as x = (I - W^T)^-1 inflow, the inverse from the
 * weights alone (small numbers), each entry a 64-bit numerator over a
 * denominator of the set: the inflow stays smooth and no sum takes a gcd.
 * 0: done; 1: an entry does not fit, or a member holds a side part (the
 * dense pass solves it); -1 with w->err. */
static int solve_cycle_smooth(worker *w, const int64_t *mem, int s)
{
    fast *z = w->z;
    for (int i = 0; i < s; i++)
        if (z->has_side[mem[i]])
            return 1;
    int width = 2 * s;
    mpq_t q, f;
    mpq_inits(q, f, NULL);
    mpq_t *a = cycle_system(z, z->cs, mem, s, width, q, &w->err);
    uint64_t *num = malloc((size_t)s * (size_t)s * sizeof *num);
    uint64_t *den = malloc((size_t)s * (size_t)s * sizeof *den);
    int rc = a && num && den ? 0 : -1;
    if (rc != 0 && a)
        ud_buf_puts(&w->err, "out of memory");
#define A(i, j) a[(size_t)(i) * (size_t)width + (size_t)(j)]
    for (int i = 0; i < s && rc == 0; i++)
        mpq_set_ui(A(i, s + i), 1, 1);
    if (rc == 0)
        rc = ab_eliminate(a, s, width, f, q, &w->err);
    for (int i = 0; i < s && rc == 0; i++)
        for (int j = 0; j < s && rc == 0; j++) {
            mpq_div(f, A(i, s + j), A(i, i));
            size_t k = (size_t)i * (size_t)s + (size_t)j;
            if (mpq_sgn(f) < 0 || !mpz_fits_ulong_p(mpq_numref(f)) || !mpz_fits_ulong_p(mpq_denref(f))) {
                rc = 1;
                break;
            }
            num[k] = mpz_get_ui(mpq_numref(f));
            den[k] = mpz_get_ui(mpq_denref(f));
            if (!ab_den_exponents(w, den[k]))
                rc = 1;
        }
#undef A
    /* x_i = sum_j inv[i][j] inflow_j, pushed out of the cycle */
    ud_smooth x = { .used = false };
    ud_smooth_exp ce;
    for (int i = 0; i < s && rc == 0; i++) {
        x.used = false;
        for (int j = 0; j < s; j++) {
            const ud_smooth *b = z->m[mem[j]];
            size_t k = (size_t)i * (size_t)s + (size_t)j;
            if (!b || !b->used || num[k] == 0)
                continue;
            ce = b->d;
            ud_smooth_exp_mul(&ce, ab_den_exponents(w, den[k])); /* smooth: checked above */
            ud_smooth_add(&z->ps, &x, b->n, num[k], &ce, w->tmp);
        }
        if (x.used) {
            ud_smooth_reduce(&z->ps, &x);
            push_smooth_out(w, mem[i], &x);
            ud_smooth_clear(&x);
        }
    }
    if (rc == 0)
        for (int i = 0; i < s; i++)
            ab_mass_done(w, mem[i]);
    free(num);
    free(den);
    if (a)
        ab_system_free(a, s, width);
    mpq_clears(q, f, NULL);
    return rc;
}

/* A cycle through s states: (I - W^T) x = inflow over the rationals, as
 * ud_absorb does; the members' masses leave it smooth when every cycle's
 * determinant factors over the set (cycle_primes), else as side parts. */
int ab_solve_cycle(worker *w, const int64_t *mem, int s)
{
    fast *z = w->z;
    if (z->cycles_smooth) {
        int rc = solve_cycle_smooth(w, mem, s);
        if (rc <= 0)
            return rc;
    }
    mpq_t q, f;
    mpq_inits(q, f, NULL);
    mpq_t *a = cycle_system(z, z->cs, mem, s, s + 1, q, &w->err);
    if (!a) {
        mpq_clears(q, f, NULL);
        return -1;
    }
#define A(i, j) a[(size_t)(i) * (size_t)(s + 1) + (size_t)(j)]
    for (int i = 0; i < s; i++) {
        int64_t v = mem[i];
        if (z->m[v])
            ud_smooth_get_q(&z->ps, A(i, s), z->m[v]);
        ab_mass_done(w, v);
        if (z->has_side[v]) {
            mpq_add(A(i, s), A(i, s), z->side[v]);
            mpq_clear(z->side[v]);
            z->has_side[v] = 0;
        }
    }
    int rc = ab_eliminate(a, s, s + 1, f, q, &w->err);
    for (int i = 0; i < s && rc == 0; i++) {
        mpq_div(f, A(i, s), A(i, i));
        ud_smooth x = { .used = false };
        if (z->cycles_smooth && mpq_sgn(f) > 0 && smooth_from_q(&z->ps, &x, f)) {
            push_smooth_out(w, mem[i], &x);
            ud_smooth_clear(&x);
        } else if (mpq_sgn(f) != 0) {
            ab_push_side(w, mem[i], f);
        }
    }
#undef A
    mpq_clears(q, f, NULL);
    ab_system_free(a, s, s + 1);
    return rc;
}
