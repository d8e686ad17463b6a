/*
 * content.c - the content-file reader (content.h; the format for a person
 * typing a file: docs/content-format.md).
 *
 * One pass over each file, line by line.  A record's fields are converted
 * to typed values as they are read (so the first error in file order is the
 * one reported); the record goes to the game's callback when the next
 * unindented line, a blank line or the end of the file closes it.  Includes
 * are read recursively with a stack of the files open, which bounds the
 * depth and catches cycles.  Nothing here trusts the input: every line,
 * word, list, number and byte count is checked against a named limit.
 */
#include "content.h"
#include "content_impl.h"
#include "infile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A value being built, with the memory it owns. */
typedef struct slot {
    ud_content_value v;
    void *own; /* string copy, int array or word list block */
} slot;

typedef struct record_state {
    bool open;
    const ud_content_kind *kind;
    int line, col;
    slot slots[UD_CONTENT_MAX_FIELDS];
} record_state;

typedef struct loader {
    const ud_content_schema *s;
    void *ctx;
    ud_content_error *err;
    const ud_content_memfile *mem; /* NULL: read from disk */
    int n_mem;
    const ud_content_kind *only; /* directory mode: the kind of this file */
    size_t bytes;                /* read so far, over all files */
    int records;
    int counts[UD_CONTENT_MAX_KINDS];
    const char *stack[UD_CONTENT_MAX_INCLUDE_DEPTH];
    int depth;
    struct seen *seen; /* values of unique fields so far */
    int n_seen, cap_seen;
} loader;

/* A value of a unique field (ud_content_field.unique), with where it was
 * first written: set, scope (the unique_within field's value, "" for
 * none) and value in one block, then the file. */
typedef struct seen {
    const char *set;
    char *key;      /* scope '\n' value '\0' file */
    size_t key_len; /* up to the value's end */
    const char *file;
    int line, col;
} seen;

/* ---- errors ------------------------------------------------------------------------ */

static void verr(ud_content_error *err, const char *file, int line, int col, const char *fmt, va_list ap)
{
    if (err->e.set)
        return;
    char msg[sizeof err->e.msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    ud_error_set(&err->e, line, col, NULL, "%s", msg);
}

static bool fail(loader *ld, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool fail(loader *ld, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(ld->err, file, line, col, fmt, ap);
    va_end(ap);
    return false;
}

void ud_content_error_at(ud_content_error *err, const ud_content_record *r, const char *field,
                         const char *fmt, ...)
{
    int line = r->line, col = r->col;
    const ud_content_value *v = field ? ud_content_get(r, field) : NULL;
    if (v && v->from_file) {
        line = v->line;
        col = v->col;
    }
    va_list ap;
    va_start(ap, fmt);
    verr(err, r->file, line, col, fmt, ap);
    va_end(ap);
}

void ud_content_error_print(const ud_content_error *err, FILE *out)
{
    ud_error_print(&err->e, err->file, out);
}

/* What was found, for a message: at most 40 bytes, then "...". */
static const char *shown(const char *text, size_t len, char out[48])
{
    if (len > 40)
        snprintf(out, 48, "%.40s...", text);
    else
        snprintf(out, 48, "%.*s", (int)len, text);
    return out;
}

/* ---- lexical pieces --------------------------------------------------------------- */

static bool is_space(char c) { return c == ' ' || c == '\t'; }
static bool word_first(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool word_char(char c) { return word_first(c) || (c >= '0' && c <= '9') || c == '-'; }

static bool is_word(const char *s, size_t len)
{
    if (len == 0 || len > UD_CONTENT_MAX_WORD || !word_first(s[0]))
        return false;
    for (size_t i = 1; i < len; i++)
        if (!word_char(s[i]))
            return false;
    return true;
}

/* A quoted string at p (p[0] == '"') within p[0..len): its unescaped text
 * into out (room for len bytes), its length with the quotes in *used.
 * Returns 0, or the 1-based offset of the problem and *what: 1 unterminated,
 * 2 a bad escape. */
static size_t scan_string(const char *p, size_t len, char *out, size_t *out_len, size_t *used, int *what)
{
    size_t o = 0;
    for (size_t i = 1; i < len; i++) {
        if (p[i] == '"') {
            *out_len = o;
            out[o] = '\0';
            *used = i + 1;
            return 0;
        }
        if (p[i] == '\\') {
            if (i + 1 >= len || (p[i + 1] != '"' && p[i + 1] != '\\')) {
                *what = 2;
                return i + 1;
            }
            i++;
        }
        out[o++] = p[i];
    }
    *what = 1;
    return 1;
}

/* ---- values ---------------------------------------------------------------------- */

static const char *type_name(ud_content_type t)
{
    switch (t) {
    case UD_CONTENT_INT:
        return "an integer";
    case UD_CONTENT_WORD:
        return "a word";
    case UD_CONTENT_STRING:
        return "a quoted string";
    case UD_CONTENT_ENUM:
        return "one of its words";
    case UD_CONTENT_INT_LIST:
        return "a list of integers";
    case UD_CONTENT_WORD_LIST:
        return "a list of words";
    }
    return "a value";
}

/* text[0..len) as a long in [f->min, f->max]; false when it is not. */
static bool parse_long(const char *text, size_t len, const ud_content_field *f, long *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return false;
    size_t i = text[0] == '-' ? 1 : 0;
    if (i == len)
        return false;
    for (size_t j = i; j < len; j++)
        if (text[j] < '0' || text[j] > '9')
            return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    errno = 0;
    long v = strtol(buf, NULL, 10);
    if (errno == ERANGE || v < f->min || v > f->max)
        return false;
    *out = v;
    return true;
}

static int max_len_of(const ud_content_field *f)
{
    if (f->max_len > 0)
        return f->max_len;
    switch (f->type) {
    case UD_CONTENT_WORD:
        return UD_CONTENT_MAX_WORD;
    case UD_CONTENT_INT_LIST:
    case UD_CONTENT_WORD_LIST:
        return UD_CONTENT_MAX_LIST;
    default:
        return UD_CONTENT_MAX_LINE;
    }
}

static void enum_words(const ud_content_field *f, char *out, size_t size)
{
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; f->words && f->words[i] && o + 1 < size; i++)
        o += (size_t)snprintf(out + o, size - o, "%s%s", i ? "|" : "", f->words[i]);
}

/* Convert one value.  raw/raw_len: the token as written (quotes included
 * for a string); str/str_len: a string's unescaped text (quoted true).
 * line/col: where raw starts, for errors.  Fills sl (owning its memory). */
static bool convert(loader *ld, const char *file, const ud_content_field *f, const char *raw, size_t raw_len,
                    bool quoted, const char *str, size_t str_len, int line, int col, slot *sl)
{
    char found[48];
    ud_content_value *v = &sl->v;
    memset(sl, 0, sizeof *sl);
    v->set = true;
    v->line = line;
    v->col = col;
    int maxl = max_len_of(f);
    if (quoted != (f->type == UD_CONTENT_STRING)) {
        if (f->type == UD_CONTENT_INT || f->type == UD_CONTENT_INT_LIST)
            return fail(ld, file, line, col, "expected %s from %ld to %ld for '%s', found '%s'",
                        type_name(f->type), f->min, f->max, f->name, shown(raw, raw_len, found));
        if (f->type == UD_CONTENT_STRING)
            return fail(ld, file, line, col, "expected a quoted string (\"...\") for '%s', found '%s'",
                        f->name, shown(raw, raw_len, found));
        if (f->type == UD_CONTENT_ENUM) {
            char words[400];
            enum_words(f, words, sizeof words);
            return fail(ld, file, line, col, "expected one of %s for '%s', found a quoted string", words,
                        f->name);
        }
        return fail(ld, file, line, col, "expected %s for '%s', found a quoted string", type_name(f->type),
                    f->name);
    }
    switch (f->type) {
    case UD_CONTENT_INT:
        if (!parse_long(raw, raw_len, f, &v->i))
            return fail(ld, file, line, col, "expected an integer from %ld to %ld for '%s', found '%s'",
                        f->min, f->max, f->name, shown(raw, raw_len, found));
        return true;
    case UD_CONTENT_STRING:
        if ((int)str_len < f->min_len || (int)str_len > maxl)
            return fail(ld, file, line, col, "expected a string of %d to %d bytes for '%s', found %zu",
                        f->min_len, maxl, f->name, str_len);
        sl->own = malloc(str_len + 1);
        if (!sl->own)
            return fail(ld, file, line, col, "out of memory");
        memcpy(sl->own, str, str_len);
        ((char *)sl->own)[str_len] = '\0';
        v->s = sl->own;
        return true;
    case UD_CONTENT_WORD:
    case UD_CONTENT_ENUM:
        if (!is_word(raw, raw_len)) {
            if (f->type == UD_CONTENT_ENUM) {
                char words[400];
                enum_words(f, words, sizeof words);
                return fail(ld, file, line, col, "expected one of %s for '%s', found '%s'", words, f->name,
                            shown(raw, raw_len, found));
            }
            return fail(
                ld, file, line, col,
                "expected a word (a letter or '_', then letters, digits, '_' or '-'; at most %d bytes) for '%s', found '%s'",
                UD_CONTENT_MAX_WORD, f->name, shown(raw, raw_len, found));
        }
        if (f->type == UD_CONTENT_WORD && ((int)raw_len < f->min_len || (int)raw_len > maxl))
            return fail(ld, file, line, col, "expected a word of %d to %d bytes for '%s', found %zu",
                        f->min_len > 1 ? f->min_len : 1, maxl, f->name, raw_len);
        if (f->type == UD_CONTENT_ENUM) {
            int idx = -1;
            for (int i = 0; f->words && f->words[i]; i++)
                if (strlen(f->words[i]) == raw_len && memcmp(f->words[i], raw, raw_len) == 0)
                    idx = i;
            if (idx < 0) {
                char words[400];
                enum_words(f, words, sizeof words);
                return fail(ld, file, line, col, "expected one of %s for '%s', found '%s'", words, f->name,
                            shown(raw, raw_len, found));
            }
            v->i = idx;
            v->s = f->words[idx];
            return true;
        }
        sl->own = malloc(raw_len + 1);
        if (!sl->own)
            return fail(ld, file, line, col, "out of memory");
        memcpy(sl->own, raw, raw_len);
        ((char *)sl->own)[raw_len] = '\0';
        v->s = sl->own;
        return true;
    case UD_CONTENT_INT_LIST:
    case UD_CONTENT_WORD_LIST: {
        int n = 1;
        for (size_t i = 0; i < raw_len; i++)
            n += raw[i] == ',';
        if (n > UD_CONTENT_MAX_LIST)
            return fail(ld, file, line, col,
                        "expected at most %d items in a list (UD_CONTENT_MAX_LIST) for '%s', found %d",
                        UD_CONTENT_MAX_LIST, f->name, n);
        bool ints = f->type == UD_CONTENT_INT_LIST;
        /* WORD_LIST: the pointers, then the words' bytes, in one block. */
        size_t size = ints ? (size_t)n * sizeof(long) : (size_t)n * sizeof(char *) + raw_len + 1;
        sl->own = malloc(size);
        if (!sl->own)
            return fail(ld, file, line, col, "out of memory");
        long *iv = sl->own;
        const char **wv = sl->own;
        char *chars = ints ? NULL : (char *)sl->own + (size_t)n * sizeof(char *);
        size_t start = 0;
        for (int k = 0; k < n; k++) {
            size_t end = start;
            while (end < raw_len && raw[end] != ',')
                end++;
            const char *item = raw + start;
            size_t item_len = end - start;
            int item_col = col + (int)start;
            if (ints) {
                if (!parse_long(item, item_len, f, &iv[k]))
                    return fail(
                        ld, file, line, item_col,
                        "expected a list of integers from %ld to %ld (like 1,2,3) for '%s', found '%s'",
                        f->min, f->max, f->name, shown(item, item_len, found));
            } else {
                if (!is_word(item, item_len))
                    return fail(ld, file, line, item_col,
                                "expected a list of words (like north,east) for '%s', found '%s'", f->name,
                                shown(item, item_len, found));
                memcpy(chars, item, item_len);
                chars[item_len] = '\0';
                wv[k] = chars;
                chars += item_len + 1;
            }
            start = end + 1;
        }
        if (n < f->min_len || n > maxl)
            return fail(ld, file, line, col, "expected %d to %d items for '%s', found %d",
                        f->min_len > 1 ? f->min_len : 1, maxl, f->name, n);
        v->n = n;
        if (ints)
            v->ints = iv;
        else
            v->words = (const char *const *)wv;
        return true;
    }
    }
    return fail(ld, file, line, col, "internal: field '%s' has an unknown type", f->name);
}

/* A default as it is written in the schema, converted as if from a file. */
static bool convert_default(loader *ld, const char *file, const ud_content_field *f, int line, int col,
                            slot *sl)
{
    const char *d = f->def;
    size_t len = strlen(d);
    if (len > UD_CONTENT_MAX_LINE)
        return fail(ld, file, line, col, "internal: the default of '%s' is too long", f->name);
    char str[UD_CONTENT_MAX_LINE + 1];
    size_t str_len = 0, used = len;
    bool quoted = len > 0 && d[0] == '"';
    if (quoted) {
        int what = 0;
        if (scan_string(d, len, str, &str_len, &used, &what) != 0 || used != len)
            return fail(ld, file, line, col, "internal: the default of '%s' is not a quoted string", f->name);
    }
    bool ok = convert(ld, file, f, d, len, quoted, str, str_len, line, col, sl);
    sl->v.from_file = false;
    return ok;
}

/* ---- records ------------------------------------------------------------------------ */

static void record_clear(record_state *rs)
{
    for (int i = 0; i < UD_CONTENT_MAX_FIELDS; i++)
        free(rs->slots[i].own);
    memset(rs, 0, sizeof *rs);
}

/* A kind's file in a content directory. */
static const char *kind_file(const ud_content_kind *k, char *out, size_t size)
{
    if (k->file)
        snprintf(out, size, "%s", k->file);
    else
        snprintf(out, size, "%s.txt", k->name);
    return out;
}

/* Kinds may share a file (a district and its branches): in a content
 * directory the file holds the records of every kind that names it. */
static bool same_file(const ud_content_kind *a, const ud_content_kind *b)
{
    char fa[UD_CONTENT_MAX_PATH], fb[UD_CONTENT_MAX_PATH];
    return a == b || strcmp(kind_file(a, fa, sizeof fa), kind_file(b, fb, sizeof fb)) == 0;
}

static int kind_index(const ud_content_schema *s, const ud_content_kind *k) { return (int)(k - s->kinds); }

/* A value as text, for a unique field's set. */
static const char *value_text(const ud_content_field *f, const ud_content_value *v, char num[32])
{
    if (f->type == UD_CONTENT_INT) {
        snprintf(num, 32, "%ld", v->i);
        return num;
    }
    return v->s ? v->s : "";
}

/* The record's unique fields against every value seen before in their
 * sets; then they join them. */
static bool check_unique(loader *ld, const char *file, const record_state *rs)
{
    const ud_content_kind *k = rs->kind;
    for (int i = 0; i < k->n_fields; i++) {
        const ud_content_field *f = &k->fields[i];
        const ud_content_value *v = &rs->slots[i].v;
        if (!f->unique || !v->set)
            continue;
        char num[32], scope_num[32];
        const char *value = value_text(f, v, num), *scope = "";
        int w = f->unique_within ? ud_content_field_index(k, f->unique_within) : -1;
        if (w >= 0 && rs->slots[w].v.set)
            scope = value_text(&k->fields[w], &rs->slots[w].v, scope_num);
        size_t ls = strlen(scope), lv = strlen(value), lf = strlen(file);
        for (int j = 0; j < ld->n_seen; j++) {
            const seen *o = &ld->seen[j];
            if (strcmp(o->set, f->unique) != 0 || o->key_len != ls + 1 + lv ||
                memcmp(o->key, scope, ls) != 0 || o->key[ls] != '\n' ||
                memcmp(o->key + ls + 1, value, lv) != 0)
                continue;
            char shown_v[48];
            return fail(ld, file, v->line, v->col,
                        "expected each %s once%s%s, found '%s' again (first at %s:%d:%d)", f->name,
                        w >= 0 ? " per " : "", w >= 0 ? k->fields[w].name : "", shown(value, lv, shown_v),
                        o->file, o->line, o->col);
        }
        if (ld->n_seen == ld->cap_seen) {
            int cap = ld->cap_seen ? ld->cap_seen * 2 : 64;
            seen *p = realloc(ld->seen, (size_t)cap * sizeof *p);
            if (!p)
                return fail(ld, file, v->line, v->col, "out of memory");
            ld->seen = p;
            ld->cap_seen = cap;
        }
        char *key = malloc(ls + 1 + lv + 1 + lf + 1);
        if (!key)
            return fail(ld, file, v->line, v->col, "out of memory");
        memcpy(key, scope, ls);
        key[ls] = '\n';
        memcpy(key + ls + 1, value, lv);
        key[ls + 1 + lv] = '\0';
        memcpy(key + ls + 1 + lv + 1, file, lf + 1);
        ld->seen[ld->n_seen++] =
            (seen){ f->unique, key, ls + 1 + lv, key + ls + 1 + lv + 1, v->line, v->col };
    }
    return true;
}

/* Close the open record: defaults, required fields, counts, callback. */
static bool record_finish(loader *ld, const char *file, record_state *rs)
{
    if (!rs->open)
        return true;
    const ud_content_kind *k = rs->kind;
    bool ok = true;
    for (int i = 0; ok && i < k->n_fields; i++) {
        const ud_content_field *f = &k->fields[i];
        if (rs->slots[i].v.set)
            continue;
        if (f->required)
            ok = fail(ld, file, rs->line, rs->col, "expected field '%s' in this '%s' record", f->name,
                      k->name);
        else if (f->def)
            ok = convert_default(ld, file, f, rs->line, rs->col, &rs->slots[i]);
        else {
            rs->slots[i].v.line = rs->line;
            rs->slots[i].v.col = rs->col;
        }
    }
    int ki = kind_index(ld->s, k);
    int max = k->max_records > 0 ? k->max_records : UD_CONTENT_MAX_RECORDS;
    if (ok && ld->records >= UD_CONTENT_MAX_RECORDS)
        ok = fail(ld, file, rs->line, rs->col,
                  "expected at most %d records in one load (UD_CONTENT_MAX_RECORDS)", UD_CONTENT_MAX_RECORDS);
    if (ok && ld->counts[ki] >= max)
        ok = fail(ld, file, rs->line, rs->col, "expected at most %d '%s' record%s", max, k->name,
                  max == 1 ? "" : "s");
    if (ok)
        ok = check_unique(ld, file, rs);
    if (ok) {
        ld->records++;
        ld->counts[ki]++;
    }
    if (ok && k->record) {
        ud_content_value values[UD_CONTENT_MAX_FIELDS];
        for (int i = 0; i < k->n_fields; i++)
            values[i] = rs->slots[i].v;
        ud_content_record r = { k, file, rs->line, rs->col, values };
        ok = k->record(ld->ctx, &r, ld->err) && !ld->err->e.set;
        if (!ok)
            fail(ld, file, rs->line, rs->col, "expected a '%s' record the game accepts; it refused this one",
                 k->name);
    }
    record_clear(rs);
    return ok;
}

/* The fields of a record on one line, from p (line + off).  */
static bool read_fields(loader *ld, const char *file, int lineno, const char *line, size_t off,
                        record_state *rs)
{
    const ud_content_kind *k = rs->kind;
    char found[48];
    char str[UD_CONTENT_MAX_LINE + 1];
    size_t len = strlen(line), i = off;
    for (;;) {
        while (i < len && is_space(line[i]))
            i++;
        if (i >= len || line[i] == '#')
            return true;
        int col = (int)i + 1;
        size_t name_end = i;
        while (name_end < len && word_char(line[name_end]))
            name_end++;
        size_t tok_end = i;
        while (tok_end < len && !is_space(line[tok_end]))
            tok_end++;
        if (name_end == i || !word_first(line[i]) || name_end - i > UD_CONTENT_MAX_WORD)
            return fail(ld, file, lineno, col, "expected FIELD=VALUE (FIELD a word), found '%s'",
                        shown(line + i, tok_end - i, found));
        if (name_end >= len || line[name_end] != '=') {
            bool first_on_indented = i == off && is_space(line[0]); /* off: past the indent */
            if (first_on_indented && (name_end >= len || is_space(line[name_end])))
                return fail(
                    ld, file, lineno, col,
                    "expected FIELD=VALUE continuing the '%s' record above, found '%s' (a new record starts at the beginning of a line)",
                    k->name, shown(line + i, name_end - i, found));
            if (name_end >= len || is_space(line[name_end]))
                return fail(
                    ld, file, lineno, col,
                    "expected FIELD=VALUE with no space around '=', found '%s' (quote text that has spaces)",
                    shown(line + i, name_end - i, found));
            return fail(ld, file, lineno, col, "expected FIELD=VALUE (FIELD a word), found '%s'",
                        shown(line + i, tok_end - i, found));
        }
        const char *name = line + i;
        size_t name_len = name_end - i;
        int fi = -1;
        for (int j = 0; j < k->n_fields; j++)
            if (strlen(k->fields[j].name) == name_len && memcmp(k->fields[j].name, name, name_len) == 0)
                fi = j;
        if (fi < 0) {
            char names[400];
            size_t o = 0;
            names[0] = '\0';
            for (int j = 0; j < k->n_fields && o + 1 < sizeof names; j++)
                o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", j ? "|" : "", k->fields[j].name);
            return fail(ld, file, lineno, col, "unknown field '%s' for '%s'; expected one of %s",
                        shown(name, name_len, found), k->name,
                        k->n_fields ? names : "(none: this kind has no fields)");
        }
        if (rs->slots[fi].v.set)
            return fail(ld, file, lineno, col, "expected each field once; '%s' is already set at %d:%d",
                        k->fields[fi].name, rs->slots[fi].v.line, rs->slots[fi].v.col);
        size_t vs = name_end + 1;
        int vcol = (int)vs + 1;
        if (vs >= len || is_space(line[vs]))
            return fail(ld, file, lineno, vcol, "expected a value after '%s='", k->fields[fi].name);
        bool quoted = line[vs] == '"';
        size_t str_len = 0, used = 0;
        if (quoted) {
            int what = 0;
            size_t bad = scan_string(line + vs, len - vs, str, &str_len, &used, &what);
            if (bad && what == 1)
                return fail(ld, file, lineno, vcol,
                            "expected a closing '\"' before the end of the line (unterminated string)");
            if (bad)
                return fail(ld, file, lineno, vcol + (int)bad - 1,
                            "expected \\\" or \\\\ after a backslash in a string");
            if (vs + used < len && !is_space(line[vs + used]))
                return fail(ld, file, lineno, vcol + (int)used, "expected a space after the closing '\"'");
        } else {
            used = 0;
            while (vs + used < len && !is_space(line[vs + used]))
                used++;
        }
        if (!convert(ld, file, &k->fields[fi], line + vs, used, quoted, str, str_len, lineno, vcol,
                     &rs->slots[fi]))
            return false;
        rs->slots[fi].v.from_file = true;
        i = vs + used;
    }
}

static bool read_file_named(loader *ld, const char *path, const char *from_file, int from_line, int from_col);

/* `include "FILE"` at line[off], off pointing past the word. */
static bool read_include(loader *ld, const char *file, int lineno, const char *line, size_t off)
{
    size_t len = strlen(line), i = off;
    while (i < len && is_space(line[i]))
        i++;
    int col = (int)i + 1;
    if (i >= len || line[i] != '"')
        return fail(ld, file, lineno, col, "expected include \"FILE\"");
    char name[UD_CONTENT_MAX_LINE + 1];
    size_t name_len = 0, used = 0;
    int what = 0;
    size_t bad = scan_string(line + i, len - i, name, &name_len, &used, &what);
    if (bad && what == 1)
        return fail(ld, file, lineno, col,
                    "expected a closing '\"' before the end of the line (unterminated string)");
    if (bad)
        return fail(ld, file, lineno, col + (int)bad - 1,
                    "expected \\\" or \\\\ after a backslash in a string");
    size_t j = i + used;
    while (j < len && is_space(line[j]))
        j++;
    if (j < len && line[j] != '#')
        return fail(ld, file, lineno, (int)j + 1, "expected the end of the line after include \"FILE\"");
    if (name_len == 0 || strlen(name) != name_len)
        return fail(ld, file, lineno, col, "expected a file name in include \"FILE\"");
    /* Relative to the including file's folder. */
    char path[UD_CONTENT_MAX_PATH];
    const char *slash = strrchr(file, '/');
    int n;
    if (name[0] == '/' || !slash)
        n = snprintf(path, sizeof path, "%s", name);
    else
        n = snprintf(path, sizeof path, "%.*s/%s", (int)(slash - file), file, name);
    if (n < 0 || (size_t)n >= sizeof path)
        return fail(ld, file, lineno, col, "expected a path of at most %d bytes (UD_CONTENT_MAX_PATH)",
                    UD_CONTENT_MAX_PATH - 1);
    for (int d = 0; d < ld->depth; d++)
        if (strcmp(ld->stack[d], path) == 0)
            return fail(ld, file, lineno, col, "expected no include cycle: '%s' is already being read", path);
    if (ld->depth >= UD_CONTENT_MAX_INCLUDE_DEPTH)
        return fail(ld, file, lineno, col,
                    "expected includes nested at most %d deep (UD_CONTENT_MAX_INCLUDE_DEPTH)",
                    UD_CONTENT_MAX_INCLUDE_DEPTH - 1);
    return read_file_named(ld, path, file, lineno, col);
}

/* Parse text as the file named file (which is on top of ld->stack). */
static bool parse_text(loader *ld, const char *file, const char *text, size_t len)
{
    record_state rs;
    memset(&rs, 0, sizeof rs);
    char line[UD_CONTENT_MAX_LINE + 1];
    char found[48];
    size_t pos = 0;
    int lineno = 0;
    bool ok = true;
    while (ok && pos < len) {
        lineno++;
        const char *ls = text + pos;
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        size_t n = end - pos;
        pos = end + 1;
        /* CRLF ends a line; a CR with no LF after it (the file's last byte)
         * is a stray control byte, refused below as one mid-line is */
        if (n && ls[n - 1] == '\r' && end < len)
            n--;
        if (n > UD_CONTENT_MAX_LINE) {
            ok = fail(ld, file, lineno, UD_CONTENT_MAX_LINE + 1,
                      "expected a line of at most %d bytes (UD_CONTENT_MAX_LINE)", UD_CONTENT_MAX_LINE);
            break;
        }
        for (size_t i = 0; ok && i < n;) {
            unsigned char c = (unsigned char)ls[i];
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                ok = fail(ld, file, lineno, (int)i + 1, "expected printable text, found byte 0x%02x", c);
                break;
            }
            if (c < 0x80) {
                i++;
                continue;
            }
            /* Text goes on into SVG, HTML and the database as UTF-8: a
             * character is whole, shortest, not a surrogate, at most
             * U+10FFFF, and not a C1 control. */
            long cp = ud_utf8_char(ls + i, n - i);
            if (cp < 0)
                ok = fail(ld, file, lineno, (int)i + 1, "expected UTF-8 text, found byte 0x%02x", c);
            else if (cp < 0xa0)
                ok = fail(ld, file, lineno, (int)i + 1,
                          "expected printable text, found control character U+%04lX", cp);
            else if (cp == UD_BOM_CHAR) /* invisible in a message that quotes it */
                ok = fail(ld, file, lineno, (int)i + 1, "%s", UD_BOM_MESSAGE);
            i += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        }
        if (!ok)
            break;
        memcpy(line, ls, n);
        line[n] = '\0';
        size_t i = 0;
        while (i < n && is_space(line[i]))
            i++;
        if (i == n) { /* a blank line closes a record */
            ok = record_finish(ld, file, &rs);
            continue;
        }
        if (line[i] == '#') /* a comment does not */
            continue;
        if (i > 0) { /* indented: continues the record */
            if (!rs.open)
                ok = fail(
                    ld, file, lineno, (int)i + 1,
                    "expected a record kind at the start of the line (an indented line continues the record above, and there is none)");
            else
                ok = read_fields(ld, file, lineno, line, i, &rs);
            continue;
        }
        ok = record_finish(ld, file, &rs);
        if (!ok)
            break;
        size_t w = 0;
        while (w < n && !is_space(line[w]))
            w++;
        if (w == 7 && memcmp(line, "include", 7) == 0) {
            ok = read_include(ld, file, lineno, line, w);
            continue;
        }
        const ud_content_kind *k = NULL;
        for (int j = 0; j < ld->s->n_kinds; j++)
            if (strlen(ld->s->kinds[j].name) == w && memcmp(ld->s->kinds[j].name, line, w) == 0)
                k = &ld->s->kinds[j];
        if (!k) {
            char names[400];
            size_t o = 0;
            names[0] = '\0';
            for (int j = 0; j < ld->s->n_kinds && o + 1 < sizeof names; j++)
                o += (size_t)snprintf(names + o, sizeof names - o, "%s|", ld->s->kinds[j].name);
            snprintf(names + o, sizeof names - o, "include");
            ok = fail(ld, file, lineno, 1, "unknown record kind '%s'; expected one of %s",
                      shown(line, w, found), names);
            break;
        }
        if (ld->only && !same_file(k, ld->only)) {
            char own[UD_CONTENT_MAX_PATH];
            ok = fail(ld, file, lineno, 1,
                      "expected only '%s' records in this file, found '%s' (its records go in %s)",
                      ld->only->name, k->name, kind_file(k, own, sizeof own));
            break;
        }
        rs.open = true;
        rs.kind = k;
        rs.line = lineno;
        rs.col = 1;
        ok = read_fields(ld, file, lineno, line, w, &rs);
    }
    if (ok)
        ok = record_finish(ld, file, &rs);
    record_clear(&rs);
    return ok;
}

/* ---- files ---------------------------------------------------------------------- */

/* Read path from disk into a malloc'd buffer, within the byte budget. */
static bool read_disk(loader *ld, const char *path, const char *from_file, int from_line, int from_col,
                      char **text, size_t *len)
{
    const char *at = from_file ? from_file : path;
    ud_buf why;
    ud_buf_init(&why);
    /* never waits on a FIFO, never reads a device (infile.h) */
    int fd = ud_infile_open(path, from_file != NULL, &why);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) != 0) {
        ud_buf_printf(&why, "expected a readable file '%s' (%s)", path, strerror(errno));
        close(fd);
        fd = -1;
    }
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (fd >= 0 && !f) {
        ud_buf_printf(&why, "expected a readable file '%s' (%s)", path, strerror(errno));
        close(fd);
    }
    if (!f) {
        fail(ld, at, from_line, from_col, "%s", ud_buf_str(&why));
        ud_buf_free(&why);
        return false;
    }
    ud_buf_free(&why);
    /* Grow from the size the file says it has, never past the budget + 1
     * (that last byte tells "too big" from "exactly the limit"), so nested
     * includes do not each hold a budget-sized block. */
    size_t room = UD_CONTENT_MAX_BYTES - ld->bytes;
    size_t cap = (size_t)st.st_size < room ? (size_t)st.st_size + 1 : room + 1;
    if (cap < 64)
        cap = room + 1 < 64 ? room + 1 : 64;
    char *buf = malloc(cap);
    size_t n = 0;
    bool bad = !buf;
    while (!bad) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || cap == room + 1)
            break;
        size_t bigger = cap * 2 < room + 1 ? cap * 2 : room + 1;
        char *p = realloc(buf, bigger);
        if (!p)
            bad = true;
        else {
            buf = p;
            cap = bigger;
        }
    }
    bad = bad || ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return fail(ld, at, from_line, from_col,
                    "expected a readable file '%s' (read error or out of memory)", path);
    }
    if (n > room) {
        free(buf);
        return fail(ld, path, 0, 0, "expected at most %d bytes of content in one load (UD_CONTENT_MAX_BYTES)",
                    UD_CONTENT_MAX_BYTES);
    }
    *text = buf;
    *len = n;
    return true;
}

static bool read_file_named(loader *ld, const char *path, const char *from_file, int from_line, int from_col)
{
    const char *text = NULL;
    char *owned = NULL;
    size_t len = 0;
    if (ld->mem) {
        int found = -1;
        for (int i = 0; i < ld->n_mem; i++)
            if (ld->mem[i].name && strcmp(ld->mem[i].name, path) == 0)
                found = i;
        /* worded as infile.h words it on disk */
        if (found < 0 && from_file)
            return fail(ld, from_file, from_line, from_col, "'%s': no such file or folder", path);
        if (found < 0)
            return fail(ld, path, 0, 0, "no such file or folder");
        text = ld->mem[found].text;
        len = ld->mem[found].len;
        if (len > UD_CONTENT_MAX_BYTES - ld->bytes)
            return fail(ld, path, 0, 0,
                        "expected at most %d bytes of content in one load (UD_CONTENT_MAX_BYTES)",
                        UD_CONTENT_MAX_BYTES);
    } else {
        if (!read_disk(ld, path, from_file, from_line, from_col, &owned, &len))
            return false;
        text = owned;
    }
    ld->bytes += len;
    ld->stack[ld->depth++] = path;
    bool ok = parse_text(ld, path, text, len);
    ld->depth--;
    free(owned);
    return ok;
}

/* ---- for the schema check (content_impl.h) --------------------------------------- */

bool ud_content_is_word(const char *s, size_t len) { return is_word(s, len); }
int ud_content_max_len(const ud_content_field *f) { return max_len_of(f); }

bool ud_content_default_converts(const ud_content_field *f, ud_error *why)
{
    ud_content_error e;
    memset(&e, 0, sizeof e);
    loader ld = { .err = &e };
    slot sl;
    bool ok = convert_default(&ld, "", f, 0, 0, &sl);
    free(sl.own);
    *why = e.e;
    return ok;
}

/* ---- loading ---------------------------------------------------------------------- */

/* Every load ends here, loaded or not: returns ok. */
static bool end(loader *ld, bool ok)
{
    for (int i = 0; i < ld->n_seen; i++)
        free(ld->seen[i].key);
    free(ld->seen);
    ld->seen = NULL;
    ld->n_seen = ld->cap_seen = 0;
    return ok;
}

static bool begin(loader *ld, const ud_content_schema *s, void *ctx, ud_content_error *err)
{
    memset(err, 0, sizeof *err);
    memset(ld, 0, sizeof *ld);
    ld->s = s;
    ld->ctx = ctx;
    ld->err = err;
    char why[sizeof err->e.msg - 40];
    if (!ud_content_schema_check(s, why, sizeof why)) {
        fail(ld, s && s->name ? s->name : "content schema", 0, 0, "internal: %s", why);
        err->e.internal = 1;
        return false;
    }
    return true;
}

/* After a load: each kind has at least min_records (file: where to point). */
static bool check_minimum(loader *ld, const ud_content_kind *k, const char *file)
{
    int n = ld->counts[kind_index(ld->s, k)];
    if (n < k->min_records)
        return fail(ld, file, 0, 0, "expected at least %d '%s' record%s, found %d", k->min_records, k->name,
                    k->min_records == 1 ? "" : "s", n);
    return true;
}

static bool load_top(loader *ld, const char *name)
{
    if (strlen(name) >= UD_CONTENT_MAX_PATH)
        return fail(ld, name, 0, 0, "expected a path of at most %d bytes (UD_CONTENT_MAX_PATH)",
                    UD_CONTENT_MAX_PATH - 1);
    if (!read_file_named(ld, name, NULL, 0, 0))
        return false;
    for (int i = 0; i < ld->s->n_kinds; i++)
        if (!check_minimum(ld, &ld->s->kinds[i], name))
            return false;
    return true;
}

bool ud_content_load_file(const ud_content_schema *s, const char *path, void *ctx, ud_content_error *err)
{
    loader ld;
    return end(&ld, begin(&ld, s, ctx, err) && load_top(&ld, path));
}

bool ud_content_load_memory(const ud_content_schema *s, const ud_content_memfile *files, int n_files, int top,
                            void *ctx, ud_content_error *err)
{
    loader ld;
    if (!begin(&ld, s, ctx, err))
        return end(&ld, false);
    if (top < 0 || top >= n_files || !files[top].name)
        return fail(&ld, "memory", 0, 0, "internal: no top file %d among %d", top, n_files);
    ld.mem = files;
    ld.n_mem = n_files;
    return end(&ld, load_top(&ld, files[top].name));
}

bool ud_content_load_buffer(const ud_content_schema *s, const char *name, const char *text, size_t len,
                            void *ctx, ud_content_error *err)
{
    ud_content_memfile f = { name, text, len };
    return ud_content_load_memory(s, &f, 1, 0, ctx, err);
}

/* A content directory, on disk or in ld->mem: for each kind in declared
 * order, DIR/<its file>, then every kind's minimum. */
static bool load_dir(loader *ld, const char *dir)
{
    const ud_content_schema *s = ld->s;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < s->n_kinds; i++) {
            const ud_content_kind *k = &s->kinds[i];
            char path[UD_CONTENT_MAX_PATH], own[UD_CONTENT_MAX_PATH];
            int n = snprintf(path, sizeof path, "%s/%s", dir, kind_file(k, own, sizeof own));
            if (n < 0 || (size_t)n >= sizeof path)
                return fail(ld, dir, 0, 0, "expected a path of at most %d bytes (UD_CONTENT_MAX_PATH)",
                            UD_CONTENT_MAX_PATH - 1);
            if (pass == 1) {
                if (!check_minimum(ld, k, path))
                    return false;
                continue;
            }
            bool read_before = false; /* a kind sharing the file of an earlier one */
            for (int j = 0; j < i; j++)
                read_before |= same_file(&s->kinds[j], k);
            ld->only = k;
            if (!read_before && !read_file_named(ld, path, NULL, 0, 0))
                return false;
        }
    }
    return true;
}

bool ud_content_load_dir(const ud_content_schema *s, const char *dir, void *ctx, ud_content_error *err)
{
    loader ld;
    return end(&ld, begin(&ld, s, ctx, err) && load_dir(&ld, dir));
}

bool ud_content_load_dir_memory(const ud_content_schema *s, const char *dir, const ud_content_memfile *files,
                                int n_files, void *ctx, ud_content_error *err)
{
    loader ld;
    if (!begin(&ld, s, ctx, err))
        return end(&ld, false);
    ld.mem = files;
    ld.n_mem = n_files;
    return end(&ld, load_dir(&ld, dir));
}

bool ud_content_load_path(const ud_content_schema *s, const char *path, void *ctx, ud_content_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return ud_content_load_dir(s, path, ctx, err);
    return ud_content_load_file(s, path, ctx, err);
}

/* ---- record helpers -------------------------------------------------------------- */

int ud_content_field_index(const ud_content_kind *k, const char *name)
{
    for (int i = 0; i < k->n_fields; i++)
        if (strcmp(k->fields[i].name, name) == 0)
            return i;
    return -1;
}

const ud_content_value *ud_content_get(const ud_content_record *r, const char *name)
{
    int i = ud_content_field_index(r->kind, name);
    return i < 0 ? NULL : &r->values[i];
}

long ud_content_int(const ud_content_record *r, const char *name)
{
    const ud_content_value *v = ud_content_get(r, name);
    return v ? v->i : 0;
}

const char *ud_content_str(const ud_content_record *r, const char *name)
{
    const ud_content_value *v = ud_content_get(r, name);
    return v ? v->s : NULL;
}
