/*
 * conform_numbers.c - the protocol's numbers as they were written.
 *
 * jansson reads a JSON number into a json_int_t or a double.  An integer
 * beyond json_int_t fails the whole line ("too big integer"), though it is
 * valid JSON, and a real prints back as the double it became (1e-400 as
 * 0.0, 1E0 as 1.0).  Every number the protocol has is an integer within
 * json_int_t, so such a number is never a right value; but a message
 * about it must quote it as the line wrote it.
 *
 * cf_json_load finds the line's number tokens first.  Each that jansson
 * would not print back as written (a fraction or an exponent, an integer
 * beyond json_int_t, "-0") has its text kept here, keyed by the value the
 * tree holds for it; each that jansson cannot hold as it is written (all
 * but "-0") is read as the real 0.0, so that no integer field takes it.
 * cf_json_put prints a tree with those texts.  A kept text holds a
 * reference to its value, so no other value can take its address; it is
 * dropped once that reference is the last (the tree is gone).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "conform_impl.h"

typedef struct number_text {
    json_t *v; /* a reference of ours */
    char *text;
} number_text;

static number_text *kept;
static size_t n_kept, cap_kept;

/* Drop the texts of the trees freed since. */
static void drop_unreferenced(void)
{
    size_t w = 0;
    for (size_t r = 0; r < n_kept; r++) {
        if (kept[r].v->refcount == 1) {
            json_decref(kept[r].v);
            free(kept[r].text);
        } else
            kept[w++] = kept[r];
    }
    n_kept = w;
}

static bool keep(json_t *v, const char *text, size_t len)
{
    if (n_kept == cap_kept) {
        size_t cap = cap_kept ? cap_kept * 2 : 16;
        number_text *k = realloc(kept, cap * sizeof *k);
        if (!k)
            return false;
        kept = k;
        cap_kept = cap;
    }
    char *t = strndup(text, len);
    if (!t)
        return false;
    kept[n_kept].v = json_incref(v);
    kept[n_kept].text = t;
    n_kept++;
    return true;
}

const char *cf_json_number_text(const json_t *v)
{
    for (size_t i = n_kept; i-- > 0;)
        if (kept[i].v == v)
            return kept[i].text;
    return NULL;
}

bool cf_json_big_integer(const json_t *v)
{
    const char *t = json_is_real(v) ? cf_json_number_text(v) : NULL;
    return t && !strpbrk(t, ".eE");
}

/* ---- the line's number tokens ---------------------------------------------------- */

typedef struct token {
    size_t at, len;
    bool kept;    /* printed back otherwise: its text is kept */
    bool replace; /* read as 0.0 */
} token;

/* The length of a JSON number (RFC 8259's grammar) at s, or 0. */
static size_t number_length(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-')
        i++;
    if (i < n && s[i] == '0')
        i++;
    else if (i < n && s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    else
        return 0;
    if (i < n && s[i] == '.') {
        size_t d = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == d)
            return 0;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == d)
            return 0;
    }
    return i;
}

/* How jansson would take the number token t of len bytes. */
static void classify(const char *t, size_t len, token *k)
{
    k->kept = k->replace = false;
    if (memchr(t, '.', len) || memchr(t, 'e', len) || memchr(t, 'E', len)) {
        k->kept = k->replace = true;
        return;
    }
    char digits[32];
    if (len >= sizeof digits) {
        k->kept = k->replace = true;
        return;
    }
    memcpy(digits, t, len);
    digits[len] = '\0';
    errno = 0;
    (void)strtoll(digits, NULL, 10);
    if (errno == ERANGE)
        k->kept = k->replace = true;
    else if (strcmp(digits, "-0") == 0)
        k->kept = true;
}

static bool run_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
           c == '+' || c == '.';
}

/* The line's number tokens, outside its strings, in order (*n of them);
 * NULL when there is none to keep or no memory (then *n is 0). */
static token *scan(const char *line, size_t len, size_t *n)
{
    token *t = NULL;
    size_t cap = 0, count = 0;
    bool any = false;
    *n = 0;
    for (size_t i = 0; i < len;) {
        char c = line[i];
        if (c == '"') {
            for (i++; i < len && line[i] != '"'; i++)
                if (line[i] == '\\')
                    i++;
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && run_char(line[j]))
            j++;
        if (j == i) {
            i++;
            continue;
        }
        /* a run of a number's characters and letters: a number if it is
           one whole (not "true", nor "01", which jansson refuses) */
        size_t l = number_length(line + i, j - i);
        if (l != j - i) {
            i = j;
            continue;
        }
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            token *b = realloc(t, cap * sizeof *b);
            if (!b) {
                free(t);
                return NULL;
            }
            t = b;
        }
        t[count].at = i;
        t[count].len = l;
        classify(line + i, l, &t[count]);
        any |= t[count].kept;
        count++;
        i += l;
    }
    if (!any) {
        free(t);
        return NULL;
    }
    *n = count;
    return t;
}

/* Keep the texts of tree v's numbers, in the order of the line's tokens
 * (jansson keeps an object's members in the order read, and a key given
 * twice is refused: the tree's order is the line's). */
static void keep_texts(json_t *v, const char *line, const token *t, size_t n, size_t *next)
{
    size_t i;
    const char *k;
    json_t *x;
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        json_object_foreach(v, k, x) { keep_texts(x, line, t, n, next); }
        break;
    case JSON_ARRAY:
        json_array_foreach(v, i, x) { keep_texts(x, line, t, n, next); }
        break;
    case JSON_INTEGER:
    case JSON_REAL:
        if (*next < n) {
            const token *tk = &t[(*next)++];
            if (tk->kept)
                keep(v, line + tk->at, tk->len);
        }
        break;
    default:
        break;
    }
}

json_t *cf_json_load(const char *line, size_t len, size_t flags, json_error_t *jerr)
{
    drop_unreferenced();
    size_t n;
    token *t = scan(line, len, &n);
    if (!t)
        return json_loadb(line, len, flags, jerr);
    /* each token replaced is at least 1 byte long, "0.0" 3 */
    char *copy = malloc(len + 2 * n + 1);
    if (!copy) {
        free(t);
        return json_loadb(line, len, flags, jerr);
    }
    size_t from = 0, w = 0;
    for (size_t i = 0; i < n; i++) {
        if (!t[i].replace)
            continue;
        memcpy(copy + w, line + from, t[i].at - from);
        w += t[i].at - from;
        memcpy(copy + w, "0.0", 3);
        w += 3;
        from = t[i].at + t[i].len;
    }
    memcpy(copy + w, line + from, len - from);
    w += len - from;
    json_t *v = json_loadb(copy, w, flags, jerr);
    free(copy);
    if (v) {
        size_t next = 0;
        keep_texts(v, line, t, n, &next);
    }
    free(t);
    return v;
}

/* ---- printing ------------------------------------------------------------------- */

static void put_string(ud_buf *out, const char *s, size_t len)
{
    json_t *j = json_stringn_nocheck(s, len);
    char *text = j ? json_dumps(j, JSON_ENCODE_ANY | JSON_ENSURE_ASCII) : NULL;
    ud_buf_puts(out, text ? text : "\"?\"");
    free(text);
    json_decref(j);
}

void cf_json_put(ud_buf *out, const json_t *v)
{
    if (n_kept == 0) {
        char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_ENSURE_ASCII);
        if (s)
            ud_buf_puts(out, s);
        free(s);
        return;
    }
    size_t i;
    const char *k;
    json_t *x;
    const char *text;
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        ud_buf_putc(out, '{');
        i = 0;
        json_object_foreach((json_t *)v, k, x)
        {
            if (i++)
                ud_buf_putc(out, ',');
            put_string(out, k, strlen(k));
            ud_buf_putc(out, ':');
            cf_json_put(out, x);
        }
        ud_buf_putc(out, '}');
        break;
    case JSON_ARRAY:
        ud_buf_putc(out, '[');
        json_array_foreach(v, i, x)
        {
            if (i)
                ud_buf_putc(out, ',');
            cf_json_put(out, x);
        }
        ud_buf_putc(out, ']');
        break;
    case JSON_STRING:
        put_string(out, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
    case JSON_REAL:
        if ((text = cf_json_number_text(v)) != NULL) {
            ud_buf_puts(out, text);
            break;
        }
        /* fall through */
    default: {
        char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_ENSURE_ASCII);
        if (s)
            ud_buf_puts(out, s);
        free(s);
    }
    }
}
