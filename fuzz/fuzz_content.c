/*
 * fuzz_content.c - arbitrary bytes through the content-file reader
 * (core/content.h) against a small schema with every field type.  The
 * input is up to four in-memory files separated by NUL bytes (a NUL is never
 * valid content, so nothing is lost): main.txt, a.txt, sub/b.txt and
 * sub/c.txt, so includes can resolve, nest, fail and cycle.  Bad input must
 * be an error with a place and a message, never a crash; a load and its
 * error must agree, and the callbacks must only ever see checked values.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"

static const char *const moods[] = { "calm", "angry", "hungry", NULL };

static const ud_content_field thing_fields[] = {
    { .name = "id", .type = UD_CONTENT_INT, .required = true, .min = -100, .max = 100 },
    { .name = "name", .type = UD_CONTENT_WORD, .required = true, .max_len = 16 },
    { .name = "text", .type = UD_CONTENT_STRING, .def = "\"\"", .max_len = 80 },
    { .name = "mood", .type = UD_CONTENT_ENUM, .def = "calm", .words = moods },
    { .name = "exits", .type = UD_CONTENT_INT_LIST, .min = 0, .max = 9, .max_len = 8 },
    { .name = "tags", .type = UD_CONTENT_WORD_LIST, .def = "x,y" },
};

static const ud_content_field card_fields[] = {
    { .name = "n", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = 104 },
};

static void check(bool ok)
{
    if (!ok)
        abort();
}

static bool on_thing(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    const ud_content_value *v = r->values;
    check(v[0].set && v[0].i >= -100 && v[0].i <= 100);
    check(v[1].set && v[1].s && strlen(v[1].s) <= 16);
    check(v[2].set && v[2].s && strlen(v[2].s) <= 80);
    check(v[3].set && v[3].i >= 0 && v[3].i < 3 && strcmp(v[3].s, moods[v[3].i]) == 0);
    check(!v[4].set || (v[4].n >= 1 && v[4].n <= 8));
    for (int i = 0; v[4].set && i < v[4].n; i++)
        check(v[4].ints[i] >= 0 && v[4].ints[i] <= 9);
    check(v[5].set && v[5].n >= 1 && v[5].n <= UD_CONTENT_MAX_LIST);
    for (int i = 0; i < v[5].n; i++)
        check(v[5].words[i][0] != '\0');
    /* A semantic error of the game's own, at a field. */
    for (int i = 0; v[4].set && i < v[4].n; i++)
        if (v[4].ints[i] == v[0].i) {
            ud_content_error_at(err, r, "exits", "expected exits other than the thing's own id %ld", v[0].i);
            return false;
        }
    return strcmp(v[1].s, "refused") != 0;
}

static const ud_content_kind kinds[] = {
    { .name = "thing", .fields = thing_fields, .n_fields = 6, .record = on_thing },
    { .name = "card", .fields = card_fields, .n_fields = 1, .max_records = 5 },
    { .name = "note" },
};
static const ud_content_schema schema = { "fuzz content", kinds, 3 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = { "main.txt", "a.txt", "sub/b.txt", "sub/c.txt" };
    ud_content_memfile files[4];
    int n = 0;
    const char *p = (const char *)data;
    size_t left = size;
    for (;;) {
        /* The last file takes the rest, NULs and all (an error to find). */
        const char *nul = n < 3 && left ? memchr(p, 0, left) : NULL;
        size_t len = nul ? (size_t)(nul - p) : left;
        files[n] = (ud_content_memfile){ names[n], p, len };
        n++;
        if (!nul)
            break;
        p = nul + 1;
        left -= len + 1;
    }
    ud_content_error err;
    bool ok = ud_content_load_memory(&schema, files, n, 0, NULL, &err);
    check(ok == !err.e.set);
    if (!ok) {
        check(!err.e.internal && err.e.msg[0] && err.file[0]);
        check(err.e.line >= 0 && err.e.col >= 0);
    }
    return 0;
}
