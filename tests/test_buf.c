/*
 * test_buf.c - core/buf: the growable text buffer.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "buf.h"

Test(buf, empty_buffer_reads_as_empty_string)
{
    ud_buf b;
    ud_buf_init(&b);
    cr_assert_str_eq(ud_buf_str(&b), "");
    cr_assert_eq(b.len, 0);
    ud_buf_clear(&b); /* clearing a never-used buffer is allowed */
    cr_assert_str_eq(ud_buf_str(&b), "");
    ud_buf_free(&b);
}

Test(buf, puts_putc_printf_append_in_order)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "roll");
    ud_buf_putc(&b, ' ');
    ud_buf_printf(&b, "%s:%s total=%d", "green", "brain", 3);
    cr_assert_str_eq(ud_buf_str(&b), "roll green:brain total=3");
    cr_assert_eq(b.len, strlen("roll green:brain total=3"));
    ud_buf_free(&b);
    cr_assert_null(b.data);
    cr_assert_eq(b.len, 0);
}

Test(buf, clear_keeps_memory_and_empties)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "something");
    size_t cap = b.cap;
    ud_buf_clear(&b);
    cr_assert_str_eq(ud_buf_str(&b), "");
    cr_assert_eq(b.len, 0);
    cr_assert_eq(b.cap, cap);
    ud_buf_puts(&b, "x");
    cr_assert_str_eq(ud_buf_str(&b), "x");
    ud_buf_free(&b);
}

Test(buf, grows_past_many_reallocations)
{
    ud_buf b;
    ud_buf_init(&b);
    char want[10001];
    for (int i = 0; i < 10000; i++) {
        char c = (char)('a' + i % 26);
        want[i] = c;
        if (i % 3 == 0)
            ud_buf_putc(&b, c);
        else if (i % 3 == 1)
            ud_buf_printf(&b, "%c", c);
        else {
            char s[2] = { c, 0 };
            ud_buf_puts(&b, s);
        }
    }
    want[10000] = '\0';
    cr_assert_eq(b.len, 10000);
    cr_assert_geq(b.cap, 10001);
    cr_assert_str_eq(ud_buf_str(&b), want);
    ud_buf_free(&b);
}

Test(buf, long_printf_in_one_call)
{
    char big[5000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "<");
    ud_buf_printf(&b, "%s>%d", big, 42);
    cr_assert_eq(b.len, 1 + 4999 + 3);
    cr_assert_eq(b.data[0], '<');
    cr_assert_eq(b.data[5000], '>');
    cr_assert_str_eq(b.data + 5001, "42");
    ud_buf_free(&b);
}

Test(buf, empty_appends_change_nothing)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "ab");
    ud_buf_puts(&b, "");
    ud_buf_printf(&b, "%s", "");
    cr_assert_str_eq(ud_buf_str(&b), "ab");
    cr_assert_eq(b.len, 2);
    ud_buf_free(&b);
}
