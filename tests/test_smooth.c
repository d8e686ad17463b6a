/*
 * test_smooth.c - core/smooth: sums over smooth denominators, checked
 * against the same sums over mpq_t, with exponents small and large (a
 * scaling factor past the size smooth.c builds in one piece).
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "smooth.h"

static uint64_t next_random(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 11;
}

/* f * x / prod p^e as an mpq_t, added to sum. */
static void add_reference(mpq_t sum, const ud_smooth_primes *ps, const mpz_t f, uint64_t x,
                          const ud_smooth_exp *ce)
{
    mpq_t t;
    mpq_init(t);
    mpz_mul_ui(mpq_numref(t), f, x);
    mpz_set_ui(mpq_denref(t), 1);
    for (int j = 0; j < ps->n; j++) {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, ps->p[j], ce->e[j]);
        mpz_mul(mpq_denref(t), mpq_denref(t), p);
        mpz_clear(p);
    }
    mpq_canonicalize(t);
    mpq_add(sum, sum, t);
    mpq_clear(t);
}

/* n terms with exponents up to max_e each, summed both ways and compared
 * every few terms, and once more after a reduction. */
static void sum_both_ways(int n, int max_e, uint64_t seed)
{
    ud_smooth_primes ps;
    ud_smooth_primes_init(&ps);
    cr_assert(ud_smooth_primes_add(&ps, 53)); /* a loop's 1 - 1/54 */
    ud_smooth s;
    memset(&s, 0, sizeof s);
    mpz_t f, tmp;
    mpq_t want, got;
    mpz_inits(f, tmp, NULL);
    mpq_inits(want, got, NULL);
    for (int i = 0; i < n; i++) {
        ud_smooth_exp ce;
        memset(&ce, 0, sizeof ce);
        for (int j = 0; j < ps.n; j++)
            if (next_random(&seed) % 3 == 0) {
                ce.e[j] = (uint16_t)(next_random(&seed) % ((uint64_t)max_e + 1));
                if (ce.e[j])
                    ce.nz[j / 64] |= UINT64_C(1) << (j % 64);
            }
        mpz_set_ui(f, next_random(&seed) | 1);
        mpz_mul_ui(f, f, next_random(&seed) | 1); /* two words */
        uint64_t x = next_random(&seed) % 1000 + 1;
        ud_smooth_add(&ps, &s, f, x, &ce, tmp);
        add_reference(want, &ps, f, x, &ce);
        if (i % 7 == 6 || i == n - 1) {
            ud_smooth_get_q(&ps, got, &s);
            cr_assert(mpq_equal(got, want), "the sums differ after %d terms (exponents up to %d)", i + 1,
                      max_e);
        }
    }
    ud_smooth_reduce(&ps, &s);
    ud_smooth_get_q(&ps, got, &s);
    cr_assert(mpq_equal(got, want), "reducing changed the sum");
    ud_smooth_clear(&s);
    mpz_clears(f, tmp, NULL);
    mpq_clears(want, got, NULL);
}

Test(smooth, sums_with_small_exponents_equal_the_rational_sums) { sum_both_ways(200, 6, 1); }

Test(smooth, sums_with_exponents_of_thousands_of_bits_equal_the_rational_sums)
{
    /* 2^900 alone is more than the 32 words a factor is built in */
    sum_both_ways(60, 900, 2);
}

Test(smooth, a_sum_of_one_term_is_that_term)
{
    ud_smooth_primes ps;
    ud_smooth_primes_init(&ps);
    ud_smooth s;
    memset(&s, 0, sizeof s);
    ud_smooth_exp ce;
    cr_assert(ud_smooth_factor(&ps, 36, &ce));
    mpz_t f, tmp;
    mpz_init_set_ui(f, 5);
    mpz_init(tmp);
    ud_smooth_add(&ps, &s, f, 7, &ce, tmp);
    mpq_t got;
    mpq_init(got);
    ud_smooth_get_q(&ps, got, &s);
    cr_assert(mpz_cmp_ui(mpq_numref(got), 35) == 0 && mpz_cmp_ui(mpq_denref(got), 36) == 0);
    ud_smooth_clear(&s);
    mpz_clears(f, tmp, NULL);
    mpq_clear(got);
}
