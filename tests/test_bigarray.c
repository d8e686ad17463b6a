/*
 * test_bigarray.c - core/bigarray: large arrays that grow, keep their
 * bytes and come zeroed, on the mapped path (the default build) and the
 * malloc path (the sanitizer build).
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "bigarray.h"

/* Every byte of p[from, to) is zero. */
static bool all_zero(const unsigned char *p, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (p[i])
            return false;
    return true;
}

static unsigned char pattern(size_t i) { return (unsigned char)(i * 131 + 7) | 1; /* never zero */ }

Test(bigarray, grows_from_nothing_by_doubling_keeping_bytes_and_zeroing_the_rest)
{
    size_t size = 0;
    unsigned char *p = NULL;
    for (size_t want = 1000; want <= (size_t)8 << 20; want *= 2) {
        size_t had = size;
        unsigned char *q = ud_big_resize(p, &size, want);
        cr_assert_not_null(q, "no memory for %zu bytes", want);
        cr_assert_eq(size, want);
        for (size_t i = 0; i < had; i++)
            cr_assert_eq(q[i], pattern(i), "byte %zu lost growing to %zu", i, want);
        cr_assert(all_zero(q, had, want), "new bytes not zero growing to %zu", want);
        for (size_t i = had; i < want; i++)
            q[i] = pattern(i);
        p = q;
    }
    ud_big_free(p, size);
}

Test(bigarray, a_growth_inside_a_page_zeroes_the_new_bytes)
{
    size_t size = 0;
    unsigned char *p = ud_big_resize(NULL, &size, 100);
    cr_assert_not_null(p);
    memset(p, 0xab, 100);
    p = ud_big_resize(p, &size, 200);
    cr_assert_not_null(p);
    cr_assert(p[99] == 0xab);
    cr_assert(all_zero(p, 100, 200));
    ud_big_free(p, size);
}

Test(bigarray, a_shrink_then_a_growth_does_not_bring_old_bytes_back)
{
    size_t size = 0;
    unsigned char *p = ud_big_resize(NULL, &size, 10000);
    cr_assert_not_null(p);
    memset(p, 0xcd, 10000);
    p = ud_big_resize(p, &size, 5000);
    cr_assert_not_null(p);
    cr_assert_eq(size, 5000);
    cr_assert(p[4999] == 0xcd);
    p = ud_big_resize(p, &size, 10000);
    cr_assert_not_null(p);
    cr_assert(p[4999] == 0xcd);
    cr_assert(all_zero(p, 5000, 10000));
    ud_big_free(p, size);
}

Test(bigarray, freeing_nothing_is_allowed)
{
    ud_big_free(NULL, 0);
    ud_big_free(NULL, 4096);
}
