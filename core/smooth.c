/*
 * smooth.c - rationals over smooth denominators (smooth.h).
 */
#include "smooth.h"

#include <string.h>

void ud_smooth_primes_init(ud_smooth_primes *ps)
{
    static const uint64_t first[] = { 2, 3, 5, 7, 11, 13 };
    ps->n = (int)(sizeof first / sizeof first[0]);
    memcpy(ps->p, first, sizeof first);
}

/* x divided by every prime of the set it holds. */
static uint64_t strip(const ud_smooth_primes *ps, uint64_t x)
{
    for (int j = 0; j < ps->n && x > 1; j++)
        while (x % ps->p[j] == 0)
            x /= ps->p[j];
    return x;
}

bool ud_smooth_primes_add(ud_smooth_primes *ps, uint64_t x)
{
    if (x == 0)
        return false;
    x = strip(ps, x);
    /* what is left has only new primes: trial division finds them */
    for (uint64_t d = 2; x > 1 && d <= x / d; d++)
        if (x % d == 0) {
            if (ps->n == UD_SMOOTH_MAX_PRIMES)
                return false;
            ps->p[ps->n++] = d;
            while (x % d == 0)
                x /= d;
        }
    if (x > 1) {
        if (ps->n == UD_SMOOTH_MAX_PRIMES)
            return false;
        ps->p[ps->n++] = x;
    }
    return true;
}

/* Add the prime factors of x (> 0) to the set: the set's own divided
 * out, then small ones by trial division, and what is left if it is a
 * prime of 64 bits.  false: they do not fit, or what is left is a large
 * composite. */
bool ud_smooth_primes_add_mpz(ud_smooth_primes *ps, const mpz_t x)
{
    mpz_t r;
    mpz_init_set(r, x);
    mpz_abs(r, r);
    for (int j = 0; j < ps->n; j++)
        while (mpz_divisible_ui_p(r, ps->p[j]))
            mpz_divexact_ui(r, r, ps->p[j]);
    bool ok = mpz_sgn(r) != 0;
    bool prime = ok && mpz_cmp_ui(r, 1) > 0 && mpz_probab_prime_p(r, 30);
    for (unsigned long d = 2; ok && !prime && mpz_cmp_ui(r, 1) > 0 && d < (1ul << 16); d++) {
        if (!mpz_divisible_ui_p(r, d))
            continue;
        ok = ps->n < UD_SMOOTH_MAX_PRIMES;
        if (ok)
            ps->p[ps->n++] = d;
        while (ok && mpz_divisible_ui_p(r, d))
            mpz_divexact_ui(r, r, d);
        prime = ok && mpz_cmp_ui(r, 1) > 0 && mpz_probab_prime_p(r, 30);
    }
    if (ok && mpz_cmp_ui(r, 1) > 0) {
        ok = ps->n < UD_SMOOTH_MAX_PRIMES && mpz_sizeinbase(r, 2) <= 64 && mpz_probab_prime_p(r, 30);
        if (ok)
            ps->p[ps->n++] = mpz_get_ui(r);
    }
    mpz_clear(r);
    return ok;
}

bool ud_smooth_factor(const ud_smooth_primes *ps, uint64_t x, uint16_t e[UD_SMOOTH_MAX_PRIMES])
{
    memset(e, 0, UD_SMOOTH_MAX_PRIMES * sizeof e[0]);
    if (x == 0)
        return false;
    for (int j = 0; j < ps->n && x > 1; j++)
        while (x % ps->p[j] == 0) {
            x /= ps->p[j];
            e[j]++;
        }
    return x == 1;
}

/* z *= prod p[j]^d[j], in 64-bit chunks. */
static void scale(const ud_smooth_primes *ps, mpz_t z, const uint16_t *d)
{
    uint64_t m = 1;
    for (int j = 0; j < ps->n; j++)
        for (int r = 0; r < d[j]; r++) {
            if (m > UINT64_MAX / ps->p[j]) {
                mpz_mul_ui(z, z, m);
                m = 1;
            }
            m *= ps->p[j];
        }
    if (m > 1)
        mpz_mul_ui(z, z, m);
}

_Static_assert(UD_SMOOTH_MAX_PRIMES <= 256, "a prime's index is a byte in ud_smooth_add");

/* z *= prod p[j[i]]^d[i] over the k primes listed, in 64-bit chunks. */
static void scale_listed(const ud_smooth_primes *ps, mpz_t z, const uint8_t *j, const uint16_t *d, int k)
{
    uint64_t m = 1;
    for (int i = 0; i < k; i++) {
        uint64_t p = ps->p[j[i]];
        for (int r = 0; r < d[i]; r++) {
            uint64_t next;
            if (__builtin_mul_overflow(m, p, &next)) {   /* a flush, with no division a step */
                mpz_mul_ui(z, z, m);
                next = p;
            }
            m = next;
        }
    }
    if (m > 1)
        mpz_mul_ui(z, z, m);
}

/* x * prod p[j[i]]^d[i] if it fits 64 bits, else 0. */
static uint64_t small_power_listed(const ud_smooth_primes *ps, const uint8_t *j, const uint16_t *d, int k,
                                   uint64_t x)
{
    uint64_t m = x;
    for (int i = 0; i < k; i++)
        for (int r = 0; r < d[i]; r++)
            if (__builtin_mul_overflow(m, ps->p[j[i]], &m))
                return 0;
    return m;
}

void ud_smooth_add(const ud_smooth_primes *ps, ud_smooth *dst, const mpz_t f, uint64_t x,
                   const uint16_t ce[UD_SMOOTH_MAX_PRIMES], mpz_t tmp)
{
    if (!dst->used) {
        if (!dst->live)
            mpz_init(dst->n);
        dst->live = true;
        mpz_mul_ui(dst->n, f, x);
        memcpy(dst->e, ce, sizeof dst->e);
        dst->used = true;
        return;
    }
    /* exponents past the set's n are 0 in both */
    if (memcmp(dst->e, ce, (size_t)ps->n * sizeof dst->e[0]) == 0) {   /* the common case */
        mpz_addmul_ui(dst->n, f, x);
        return;
    }
    /* Bring both to the larger exponent of each prime.  Only the primes
     * that differ are listed: with a hundred primes (a chain's cycles
     * bring their own) most agree, and the scaling loops ran over all. */
    uint8_t jd[UD_SMOOTH_MAX_PRIMES], jc[UD_SMOOTH_MAX_PRIMES];
    uint16_t dd[UD_SMOOTH_MAX_PRIMES], dc[UD_SMOOTH_MAX_PRIMES];
    int nd = 0, nc = 0;
    for (int j = 0; j < ps->n; j++) {
        if (dst->e[j] < ce[j]) {
            jd[nd] = (uint8_t)j;
            dd[nd++] = (uint16_t)(ce[j] - dst->e[j]);
            dst->e[j] = ce[j];
        } else if (dst->e[j] > ce[j]) {
            jc[nc] = (uint8_t)j;
            dc[nc++] = (uint16_t)(dst->e[j] - ce[j]);
        }
    }
    if (nd)
        scale_listed(ps, dst->n, jd, dd, nd);
    uint64_t mult = small_power_listed(ps, jc, dc, nc, x);
    if (mult) {
        mpz_addmul_ui(dst->n, f, mult);
    } else {
        mpz_mul_ui(tmp, f, x);
        scale_listed(ps, tmp, jc, dc, nc);
        mpz_add(dst->n, dst->n, tmp);
    }
}

/* The primes of the denominator are tried a word of them at a time: one
 * remainder of the numerator by their product (a pass over a number of
 * tens of machine words or more) tells which may divide it, where a test per prime
 * took a pass each, and a numerator is seldom divisible at all. */
void ud_smooth_reduce(const ud_smooth_primes *ps, ud_smooth *s)
{
    if (!s->used || mpz_sgn(s->n) == 0)
        return;
    for (int j = 0; j < ps->n;) {
        int first = j;
        uint64_t m = 1;
        for (; j < ps->n; j++) {
            uint64_t next;
            if (!s->e[j])
                continue;
            if (__builtin_mul_overflow(m, ps->p[j], &next))
                break;
            m = next;
        }
        if (m == 1)
            continue;
        uint64_t r = mpz_fdiv_ui(s->n, m);
        for (int k = first; k < j; k++) {
            if (!s->e[k] || r % ps->p[k] != 0)
                continue;
            while (s->e[k] && mpz_divisible_ui_p(s->n, ps->p[k])) {
                mpz_divexact_ui(s->n, s->n, ps->p[k]);
                s->e[k]--;
            }
            r = mpz_fdiv_ui(s->n, m);   /* the others' remainders changed */
        }
    }
}

void ud_smooth_get_q(const ud_smooth_primes *ps, mpq_t q, const ud_smooth *s)
{
    if (!s->used) {
        mpq_set_ui(q, 0, 1);
        return;
    }
    mpz_set(mpq_numref(q), s->n);
    mpz_set_ui(mpq_denref(q), 1);
    scale(ps, mpq_denref(q), s->e);
    mpq_canonicalize(q);
}

void ud_smooth_reset(ud_smooth *s)
{
    s->used = false;
}

void ud_smooth_clear(ud_smooth *s)
{
    if (s->live)
        mpz_clear(s->n);
    s->used = s->live = false;
}
