/*
 * smooth.h - exact non-negative rationals whose denominators are smooth
 * (every prime factor is one of a small set of primes), kept as an
 * integer numerator over exponents of those primes.
 *
 * Why: the chances of dice and cards are products of count/n with small
 * n, so the masses an exact pass adds up have smooth denominators.  With
 * mpq_t every sum ends in a gcd, quadratic in the size of the numbers and
 * the whole cost once they run to hundreds of digits; here a sum only
 * scales the operand with the smaller exponents (linear) and a value drops
 * its common factors once, when the caller asks (ud_smooth_reduce).  The
 * set of primes is the caller's: 2..13 for dice drawn from a cup of 13,
 * plus whatever a loop's 1 - q brings (1 - 1/54 = 53/54) and a cycle's
 * determinant (the School Bus's turn: 97 primes in all).
 * spec/zombie_dice/turn_dp.c uses the same idea for the solver's graph.
 */
#ifndef UD_SMOOTH_H
#define UD_SMOOTH_H

#include <stdbool.h>
#include <stdint.h>

#include <gmp.h>

enum { UD_SMOOTH_MAX_PRIMES = 128 };

typedef struct ud_smooth_primes {
    int n;
    uint64_t p[UD_SMOOTH_MAX_PRIMES];
} ud_smooth_primes;

/* prod p[j]^e[j].  nz marks where e may be nonzero (every j with e[j] >
 * 0 is marked; a mark may outlive its exponent): a mass meets only a
 * few of a hundred primes, and the loops over exponents visit the marked
 * ones alone. */
typedef struct ud_smooth_exp {
    uint64_t nz[2];
    uint16_t e[UD_SMOOTH_MAX_PRIMES]; /* 0 past the set's n */
} ud_smooth_exp;

_Static_assert(UD_SMOOTH_MAX_PRIMES <= 128, "nz marks a prime a bit");

typedef struct ud_smooth { /* n / d; zero until used */
    bool used;
    bool live; /* n is initialised (kept from an earlier use) */
    mpz_t n;
    ud_smooth_exp d;
} ud_smooth;

/* The primes 2, 3, 5, 7, 11, 13. */
void ud_smooth_primes_init(ud_smooth_primes *ps);
/* Add x's prime factors to the set (x >= 1); false when they do not fit. */
bool ud_smooth_primes_add(ud_smooth_primes *ps, uint64_t x);

/* The same for a number of any size (a cycle's determinant): small
 * factors by trial division, and what is left if it is a 64-bit prime;
 * false when they do not fit or a large composite is left. */
bool ud_smooth_primes_add_mpz(ud_smooth_primes *ps, const mpz_t x);

/* Exponents of x over the set; false when x has another prime factor. */
bool ud_smooth_factor(const ud_smooth_primes *ps, uint64_t x, ud_smooth_exp *out);

/* a *= b: the exponents added. */
void ud_smooth_exp_mul(ud_smooth_exp *a, const ud_smooth_exp *b);

/* dst += f * x / ce (tmp is scratch, initialised). */
void ud_smooth_add(const ud_smooth_primes *ps, ud_smooth *dst, const mpz_t f, uint64_t x,
                   const ud_smooth_exp *ce, mpz_t tmp);

/* Drop the primes the numerator shares with the denominator. */
void ud_smooth_reduce(const ud_smooth_primes *ps, ud_smooth *s);

/* q = s, in lowest terms (0 when s is unused). */
void ud_smooth_get_q(const ud_smooth_primes *ps, mpq_t q, const ud_smooth *s);

/* s is unused again, its numerator's memory kept for the next use. */
void ud_smooth_reset(ud_smooth *s);

/* Release s's numerator; s is unused again. */
void ud_smooth_clear(ud_smooth *s);

#endif
