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

bool ud_smooth_factor(const ud_smooth_primes *ps, uint64_t x, ud_smooth_exp *out)
{
    memset(out, 0, sizeof *out);
    if (x == 0)
        return false;
    for (int j = 0; j < ps->n && x > 1; j++)
        while (x % ps->p[j] == 0) {
            x /= ps->p[j];
            out->e[j]++;
            out->nz[j / 64] |= UINT64_C(1) << (j % 64);
        }
    return x == 1;
}

/* The marked primes of nz, in increasing order, into j; how many. */
static int marked(const uint64_t nz[2], uint8_t j[UD_SMOOTH_MAX_PRIMES])
{
    int k = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = nz[w]; m; m &= m - 1)
            j[k++] = (uint8_t)(64 * w + __builtin_ctzll(m));
    return k;
}

void ud_smooth_exp_mul(ud_smooth_exp *a, const ud_smooth_exp *b)
{
    for (int w = 0; w < 2; w++) {
        for (uint64_t m = b->nz[w]; m; m &= m - 1) {
            int j = 64 * w + __builtin_ctzll(m);
            a->e[j] = (uint16_t)(a->e[j] + b->e[j]);
        }
        a->nz[w] |= b->nz[w];
    }
}

_Static_assert(UD_SMOOTH_MAX_PRIMES <= 256, "a prime's index is a byte in ud_smooth_add");

enum { FACTOR_LIMBS = 32 }; /* a scaling factor made up to this size before it is applied */

/* out = in * x * prod p[j[i]]^d[i] over the k primes listed (out may be
 * in).  The factor is made first, in a few limbs of its own, and applied
 * in one multiplication: applied 64 bits at a time it took one pass over
 * the whole number per word of it (the School Bus's turn: 71 million
 * passes over numbers of 37 words on average, a sixth of its time). */
static void scale_listed(const ud_smooth_primes *ps, mpz_t out, const mpz_t in, uint64_t x, const uint8_t *j,
                         const uint16_t *d, int k)
{
    _Static_assert(GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0, "a 64-bit chunk is one limb");
    mp_limb_t f[FACTOR_LIMBS];
    mp_size_t n = 1;
    f[0] = 1;
    uint64_t m = x;
    mpz_srcptr from = in;
    for (int i = 0; i < k; i++)
        for (int r = 0; r < d[i]; r++) {
            uint64_t next;
            if (!__builtin_mul_overflow(m, ps->p[j[i]], &next)) {
                m = next;
                continue;
            }
            /* the chunk into the factor; a full factor into the number */
            mp_limb_t carry = mpn_mul_1(f, f, n, m);
            if (carry)
                f[n++] = carry;
            m = ps->p[j[i]];
            if (n == FACTOR_LIMBS) {
                mpz_t fz;
                mpz_mul(out, from, mpz_roinit_n(fz, f, n));
                from = out;
                f[0] = 1;
                n = 1;
            }
        }
    mp_limb_t carry = mpn_mul_1(f, f, n, m);
    if (carry)
        f[n++] = carry;
    if (n == 1) {
        mpz_mul_ui(out, from, f[0]);
    } else {
        mpz_t fz;
        mpz_mul(out, from, mpz_roinit_n(fz, f, n));
    }
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
                   const ud_smooth_exp *ce, mpz_t tmp)
{
    if (!dst->used) {
        if (!dst->live)
            mpz_init(dst->n);
        dst->live = true;
        mpz_mul_ui(dst->n, f, x);
        dst->d = *ce;
        dst->used = true;
        return;
    }
    /* Bring both to the larger exponent of each prime.  Only the primes
     * marked in either can differ, and only those that differ are listed:
     * with a hundred primes (a chain's cycles bring their own) a mass
     * meets a few dozen, and most agree. */
    uint8_t jd[UD_SMOOTH_MAX_PRIMES], jc[UD_SMOOTH_MAX_PRIMES];
    uint16_t dd[UD_SMOOTH_MAX_PRIMES], dc[UD_SMOOTH_MAX_PRIMES];
    int nd = 0, nc = 0;
    uint16_t *de = dst->d.e;
    for (int w = 0; w < 2; w++) {
        for (uint64_t m = dst->d.nz[w] | ce->nz[w]; m; m &= m - 1) {
            int j = 64 * w + __builtin_ctzll(m);
            if (de[j] < ce->e[j]) {
                jd[nd] = (uint8_t)j;
                dd[nd++] = (uint16_t)(ce->e[j] - de[j]);
                de[j] = ce->e[j];
            } else if (de[j] > ce->e[j]) {
                jc[nc] = (uint8_t)j;
                dc[nc++] = (uint16_t)(de[j] - ce->e[j]);
            }
        }
        dst->d.nz[w] |= ce->nz[w];
    }
    if (!nd && !nc) { /* the same denominator */
        mpz_addmul_ui(dst->n, f, x);
        return;
    }
    if (nd)
        scale_listed(ps, dst->n, dst->n, 1, jd, dd, nd);
    uint64_t mult = small_power_listed(ps, jc, dc, nc, x);
    if (mult) {
        mpz_addmul_ui(dst->n, f, mult);
    } else {
        scale_listed(ps, tmp, f, x, jc, dc, nc);
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
    uint8_t js[UD_SMOOTH_MAX_PRIMES];
    int n = marked(s->d.nz, js);
    uint16_t *e = s->d.e;
    for (int i = 0; i < n;) {
        int first = i;
        uint64_t m = 1;
        for (; i < n; i++) {
            uint64_t next;
            if (!e[js[i]])
                continue;
            if (__builtin_mul_overflow(m, ps->p[js[i]], &next))
                break;
            m = next;
        }
        if (m == 1)
            continue;
        uint64_t r = mpz_fdiv_ui(s->n, m);
        for (int k = first; k < i; k++) {
            int j = js[k];
            if (!e[j] || r % ps->p[j] != 0)
                continue;
            while (e[j] && mpz_divisible_ui_p(s->n, ps->p[j])) {
                mpz_divexact_ui(s->n, s->n, ps->p[j]);
                e[j]--;
            }
            r = mpz_fdiv_ui(s->n, m); /* the others' remainders changed */
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
    uint8_t js[UD_SMOOTH_MAX_PRIMES];
    uint16_t ds[UD_SMOOTH_MAX_PRIMES];
    int n = marked(s->d.nz, js);
    for (int i = 0; i < n; i++)
        ds[i] = s->d.e[js[i]];
    scale_listed(ps, mpq_denref(q), mpq_denref(q), 1, js, ds, n);
    mpq_canonicalize(q);
}

void ud_smooth_reset(ud_smooth *s) { s->used = false; }

void ud_smooth_clear(ud_smooth *s)
{
    if (s->live)
        mpz_clear(s->n);
    s->used = s->live = false;
}
