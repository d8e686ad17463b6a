/*
 * rng.h - the portable pseudo-random generator behind every seeded run.
 *
 * Algorithm: xoshiro256** (Blackman & Vigna, 2018), state seeded by four
 * outputs of splitmix64 from the 64-bit user seed.  Bounded integers use
 * Lemire's multiply-shift with rejection, so ud_rng_below(n) is exactly
 * uniform.  Every operation is defined on uint64_t arithmetic only, so the
 * same seed yields the same game on every machine and compiler.
 */
#ifndef UD_RNG_H
#define UD_RNG_H

#include <stdint.h>

typedef struct ud_rng {
    uint64_t s[4];
} ud_rng;

void ud_rng_seed(ud_rng *r, uint64_t seed);

static inline uint64_t ud_rng_rotl_(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* Next 64 random bits (inline: it sits on the simulation hot path). */
static inline uint64_t ud_rng_next(ud_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = ud_rng_rotl_(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ud_rng_rotl_(s[3], 45);
    return result;
}

/* Uniform integer in [0, n); n must be >= 1. */
static inline uint32_t ud_rng_below(ud_rng *r, uint32_t n)
{
    uint64_t m = (ud_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (ud_rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
