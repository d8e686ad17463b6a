/*
 * test_chance.c - core/chance: the PRNG source and the byte-stream source
 * (one byte per outcome modulo n, two bytes when n > 256; once the bytes
 * run out, the exhausted flag and a PRNG seeded by the input's FNV-1a hash).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "chance.h"

static const char *label(const void *ctx, int i) { return "x"; }

Test(chance_bytes, one_byte_modulo_n)
{
    const uint8_t data[] = { 0, 5, 6, 13, 255, 200 };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    cr_assert_eq(ud_bytes_below(&b, 6), 0u);
    cr_assert_eq(ud_bytes_below(&b, 6), 5u);
    cr_assert_eq(ud_bytes_below(&b, 6), 0u);  /* 6 % 6 */
    cr_assert_eq(ud_bytes_below(&b, 13), 0u); /* 13 % 13 */
    cr_assert_eq(ud_bytes_below(&b, 13), 255u % 13);
    cr_assert_eq(ud_bytes_below(&b, 256), 200u); /* 256 still takes one byte */
    cr_assert_eq(b.pos, sizeof data);
    cr_assert_eq(b.exhausted, 0);
}

Test(chance_bytes, two_bytes_big_endian_above_256)
{
    const uint8_t data[] = { 0x12, 0x34, 0xff, 0xff };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    cr_assert_eq(ud_bytes_below(&b, 1000), 0x1234u % 1000);
    cr_assert_eq(b.pos, 2);
    cr_assert_eq(ud_bytes_below(&b, 257), 0xffffu % 257);
    cr_assert_eq(b.pos, 4);
    cr_assert_eq(b.exhausted, 0);
}

Test(chance_bytes, n_of_one_or_zero_takes_no_byte)
{
    const uint8_t data[] = { 7 };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    cr_assert_eq(ud_bytes_below(&b, 1), 0u);
    cr_assert_eq(ud_bytes_below(&b, 0), 0u);
    cr_assert_eq(b.pos, 0);
    cr_assert_eq(ud_bytes_below(&b, 5), 2u);
    cr_assert_eq(b.exhausted, 0);
}

/* FNV-1a, 64 bits (published offset basis and prime), for the seed of
 * the PRNG that takes over when the bytes run out. */
static uint64_t fnv1a(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ d[i]) * 0x100000001b3ULL;
    return h;
}

Test(chance_bytes, exhaustion_sets_flag_and_continues_from_hash_seeded_prng)
{
    const uint8_t data[] = { 4 };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    cr_assert_eq(ud_bytes_below(&b, 6), 4u);
    cr_assert_eq(b.exhausted, 0);
    ud_rng after;
    ud_rng_seed(&after, fnv1a(data, sizeof data));
    for (int i = 0; i < 50; i++) {
        uint32_t v = ud_bytes_below(&b, 6);
        cr_assert_eq(v, ud_rng_below(&after, 6), "pick %d after the bytes ran out", i);
        cr_assert_eq(b.exhausted, 1);
    }
    cr_assert_eq(b.pos, 1, "exhaustion consumes nothing");
}

Test(chance_bytes, exhausted_continuation_is_a_function_of_the_input)
{
    const uint8_t x[] = { 1, 2, 3 }, y[] = { 1, 2, 4 };
    ud_bytes a, a2, c;
    ud_bytes_init(&a, x, sizeof x);
    ud_bytes_init(&a2, x, sizeof x);
    ud_bytes_init(&c, y, sizeof y);
    int differ = 0;
    for (int i = 0; i < 40; i++) {
        uint32_t va = ud_bytes_below(&a, 1000), va2 = ud_bytes_below(&a2, 1000);
        uint32_t vc = ud_bytes_below(&c, 1000);
        cr_assert_eq(va, va2, "same input, pick %d", i);
        cr_assert_lt(va, 1000u);
        differ += va != vc;
    }
    cr_assert_gt(differ, 0, "inputs differing in a byte continue identically");
}

Test(chance_bytes, two_byte_pick_with_one_byte_left_exhausts)
{
    const uint8_t data[] = { 1, 2, 3 };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    cr_assert_eq(ud_bytes_below(&b, 300), 0x0102u % 300);
    cr_assert_eq(b.exhausted, 0);
    cr_assert_lt(ud_bytes_below(&b, 300), 300u);
    cr_assert_eq(b.exhausted, 1);
    cr_assert_eq(b.pos, 2, "a half-available pick takes no byte");
}

Test(chance_bytes, empty_stream_is_exhausted_at_first_pick)
{
    ud_bytes b;
    ud_bytes_init(&b, NULL, 0);
    cr_assert_eq(b.exhausted, 0);
    cr_assert_lt(ud_bytes_below(&b, 2), 2u);
    cr_assert_eq(b.exhausted, 1);
}

Test(chance_bytes, chance_source_reads_the_stream)
{
    const uint8_t data[] = { 9, 10 };
    ud_bytes b;
    ud_bytes_init(&b, data, sizeof data);
    ud_chance c;
    memset(&c, 0xab, sizeof c);
    ud_chance_from_bytes(&c, &b);
    cr_assert_null(c.rng);
    cr_assert_not_null(c.pick);
    ud_pick_req p = { .event = "roll", .n = 6, .label = label };
    cr_assert_eq(ud_chance_pick(&c, &p), 9 % 6);
    cr_assert_eq(ud_chance_pick(&c, &p), 10 % 6);
    cr_assert_eq(b.exhausted, 0);
    int v = ud_chance_pick(&c, &p);
    cr_assert(v >= 0 && v < 6);
    cr_assert_eq(b.exhausted, 1);
}

Test(chance_rng, rng_source_follows_ud_rng_below)
{
    ud_rng r1, r2;
    ud_rng_seed(&r1, 31);
    ud_rng_seed(&r2, 31);
    ud_chance c;
    memset(&c, 0xab, sizeof c);
    ud_chance_from_rng(&c, &r1);
    cr_assert_eq(c.rng, &r1);
    cr_assert_null(c.pick);
    for (int n = 1; n < 200; n++) {
        ud_pick_req p = { .event = "draw", .n = n, .label = label };
        int got = ud_chance_pick(&c, &p);
        cr_assert_eq(got, (int)ud_rng_below(&r2, (uint32_t)n));
        cr_assert(got >= 0 && got < n);
    }
}
