/*
 * frac64.h - exact fractions num/den of two 64-bit integers, and the one
 * gcd.  The explorer weighs millions of leaves a turn with them before it
 * falls back to GMP (explore.c), the Zombie Dice turn graph keeps its
 * edge probabilities in them (spec/zombie_dice/solve.c), and games print
 * small fractions in lowest terms with ud_gcd64.  Every operation that can
 * overflow says so (false) and leaves its result unchanged; the caller
 * decides what then (GMP, or an error).
 *
 * Inline: these are the explorer's innermost steps (a call each cost a
 * measurable share of a turn's exploration).
 */
#ifndef UD_FRAC64_H
#define UD_FRAC64_H

#include <stdbool.h>
#include <stdint.h>

/* gcd(a, b), binary; gcd(0, b) = b. */
static inline uint64_t ud_gcd64(uint64_t a, uint64_t b)
{
    if (a == 0 || b == 0)
        return a | b;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) {
            uint64_t t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b);
    return a << shift;
}

/* gcd(big, small) for a small that is a die's or a pick's count: one
 * remainder first, then a gcd of small numbers (the binary gcd on big
 * alone takes a step per bit of it). */
static inline uint64_t ud_gcd64_small(uint64_t big, uint64_t small)
{
    return small ? ud_gcd64(small, big % small) : big;
}

/* n / d in lowest terms. */
static inline void ud_frac64_reduce(uint64_t *n, uint64_t *d)
{
    uint64_t g = ud_gcd64(*n, *d);
    *n /= g;
    *d /= g;
}

/* *n / *d = (wn / wd) * (a / b), in lowest terms when wn / wd is (a / b
 * need not be); false if it does not fit. */
static inline bool ud_frac64_mul(uint64_t wn, uint64_t wd, uint64_t a, uint64_t b, uint64_t *n, uint64_t *d)
{
    uint64_t g = ud_gcd64(a, b);
    a /= g;
    b /= g;
    uint64_t g1 = ud_gcd64_small(wn, b), g2 = ud_gcd64_small(wd, a);
    return !__builtin_mul_overflow(wn / g1, a / g2, n) && !__builtin_mul_overflow(wd / g2, b / g1, d);
}

/* *n / *d += an / ad over the least common multiple of the denominators,
 * not in lowest terms; false (unchanged) if it does not fit.  For sums of
 * many terms whose denominators divide each other or nearly (a child's
 * leaves in the explorer): the sum stays small without a gcd of the
 * result per term, and is brought to lowest terms once (ud_frac64_reduce). */
static inline bool ud_frac64_add_lcm(uint64_t *n, uint64_t *d, uint64_t an, uint64_t ad)
{
    uint64_t num;
    if (*d == ad) {
        if (__builtin_add_overflow(*n, an, &num))
            return false;
        *n = num;
        return true;
    }
    uint64_t g = ud_gcd64(*d, ad), den, x, y;
    if (__builtin_mul_overflow(*d / g, ad, &den) || __builtin_mul_overflow(*n, ad / g, &x) ||
        __builtin_mul_overflow(an, *d / g, &y) || __builtin_add_overflow(x, y, &num))
        return false;
    *n = num;
    *d = den;
    return true;
}

/* *n / *d += an / ad in lowest terms (the sum is formed in 128 bits, so
 * it fits whenever its lowest terms do); false (unchanged) if not. */
static inline bool ud_frac64_add(uint64_t *n, uint64_t *d, uint64_t an, uint64_t ad)
{
    uint64_t g = ud_gcd64(*d, ad);
    unsigned __int128 den = (unsigned __int128)(*d / g) * ad;
    unsigned __int128 num = (unsigned __int128)*n * (ad / g) + (unsigned __int128)an * (*d / g);
    unsigned __int128 x = num, y = den;
    while (y) {
        unsigned __int128 t = x % y;
        x = y;
        y = t;
    }
    num /= x;
    den /= x;
    if (num > UINT64_MAX || den > UINT64_MAX)
        return false;
    *n = (uint64_t)num;
    *d = (uint64_t)den;
    return true;
}

#endif
