/*
 * content_schema.c - the check of a game's content schema itself
 * (ud_content_schema_check, content.h): names are words, limits within
 * the reader's, enums without repeats, unique fields of a kind that can
 * be compared, defaults the reader itself converts.  What a schema
 * declares, not what a file holds: content.c reads the files.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "content.h"
#include "content_impl.h"

/* ---- the schema ------------------------------------------------------------------ */

static bool why_fail(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool why_fail(char *why, size_t size, const char *fmt, ...)
{
    if (why && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool check_field(const ud_content_kind *k, const ud_content_field *f, char *why, size_t size)
{
    const char *kn = k->name;
    if (!f->name || !ud_content_is_word(f->name, strlen(f->name)))
        return why_fail(why, size, "kind '%s': a field name is not a word", kn);
    if (f->type < UD_CONTENT_INT || f->type > UD_CONTENT_WORD_LIST)
        return why_fail(why, size, "kind '%s', field '%s': unknown type", kn, f->name);
    if (f->required && f->def)
        return why_fail(why, size, "kind '%s', field '%s': required and with a default", kn, f->name);
    if ((f->type == UD_CONTENT_INT || f->type == UD_CONTENT_INT_LIST) && f->min > f->max)
        return why_fail(why, size, "kind '%s', field '%s': min > max", kn, f->name);
    if (f->min_len < 0 || f->max_len < 0 || (f->max_len > 0 && f->min_len > f->max_len))
        return why_fail(why, size, "kind '%s', field '%s': bad min_len/max_len", kn, f->name);
    if (f->min_len > ud_content_max_len(f))
        return why_fail(why, size, "kind '%s', field '%s': min_len above the limit", kn, f->name);
    if ((f->type == UD_CONTENT_WORD || f->type == UD_CONTENT_INT_LIST || f->type == UD_CONTENT_WORD_LIST) &&
        f->max_len > (f->type == UD_CONTENT_WORD ? UD_CONTENT_MAX_WORD : UD_CONTENT_MAX_LIST))
        return why_fail(why, size, "kind '%s', field '%s': max_len above the limit", kn, f->name);
    if (f->type == UD_CONTENT_ENUM) {
        if (!f->words || !f->words[0])
            return why_fail(why, size, "kind '%s', field '%s': an enum without words", kn, f->name);
        for (int i = 0; f->words[i]; i++) {
            if (!ud_content_is_word(f->words[i], strlen(f->words[i])))
                return why_fail(why, size, "kind '%s', field '%s': enum word %d is not a word", kn, f->name,
                                i);
            for (int j = 0; j < i; j++)
                if (strcmp(f->words[i], f->words[j]) == 0)
                    return why_fail(why, size, "kind '%s', field '%s': enum word '%s' twice", kn, f->name,
                                    f->words[i]);
        }
    }
    if (f->unique &&
        (f->type != UD_CONTENT_INT && f->type != UD_CONTENT_WORD && f->type != UD_CONTENT_STRING))
        return why_fail(why, size, "kind '%s', field '%s': unique, but not an int, word or string", kn,
                        f->name);
    if (f->unique_within && (!f->unique || ud_content_field_index(k, f->unique_within) < 0 ||
                             strcmp(f->unique_within, f->name) == 0))
        return why_fail(why, size,
                        "kind '%s', field '%s': unique_within names no other field (or no unique set)", kn,
                        f->name);
    if (f->unique_within) {
        const ud_content_field *w = &k->fields[ud_content_field_index(k, f->unique_within)];
        if (w->type != UD_CONTENT_INT && w->type != UD_CONTENT_WORD && w->type != UD_CONTENT_STRING &&
            w->type != UD_CONTENT_ENUM)
            return why_fail(why, size, "kind '%s', field '%s': unique within a list", kn, f->name);
    }
    ud_error e;
    if (f->def && !ud_content_default_converts(f, &e))
        return why_fail(why, size, "kind '%s', field '%s': default \"%s\": %s", kn, f->name, f->def, e.msg);
    return true;
}

bool ud_content_schema_check(const ud_content_schema *s, char *why, size_t why_size)
{
    if (why && why_size)
        why[0] = '\0';
    if (!s || s->n_kinds < 1 || s->n_kinds > UD_CONTENT_MAX_KINDS || !s->kinds)
        return why_fail(why, why_size, "expected 1 to %d record kinds (UD_CONTENT_MAX_KINDS)",
                        UD_CONTENT_MAX_KINDS);
    for (int i = 0; i < s->n_kinds; i++) {
        const ud_content_kind *k = &s->kinds[i];
        if (!k->name || !ud_content_is_word(k->name, strlen(k->name)) || strcmp(k->name, "include") == 0)
            return why_fail(why, why_size, "kind %d: the name is not a word (or is 'include')", i);
        for (int j = 0; j < i; j++) {
            /* kinds may share a file (same_file): a district and its branches */
            if (strcmp(k->name, s->kinds[j].name) == 0)
                return why_fail(why, why_size, "kind '%s' declared twice", k->name);
        }
        if (k->file && (!k->file[0] || strchr(k->file, '/')))
            return why_fail(why, why_size, "kind '%s': its file must be a plain file name", k->name);
        if (k->file && strlen(k->file) > UD_CONTENT_MAX_WORD * 2)
            return why_fail(why, why_size, "kind '%s': its file name is too long", k->name);
        if (k->n_fields < 0 || k->n_fields > UD_CONTENT_MAX_FIELDS || (k->n_fields && !k->fields))
            return why_fail(why, why_size, "kind '%s': expected 0 to %d fields (UD_CONTENT_MAX_FIELDS)",
                            k->name, UD_CONTENT_MAX_FIELDS);
        if (k->min_records < 0 || k->max_records < 0 || k->max_records > UD_CONTENT_MAX_RECORDS ||
            k->min_records > (k->max_records ? k->max_records : UD_CONTENT_MAX_RECORDS))
            return why_fail(why, why_size, "kind '%s': bad min_records/max_records", k->name);
        for (int f = 0; f < k->n_fields; f++) {
            if (!check_field(k, &k->fields[f], why, why_size))
                return false;
            for (int g = 0; g < f; g++)
                if (strcmp(k->fields[f].name, k->fields[g].name) == 0)
                    return why_fail(why, why_size, "kind '%s': field '%s' declared twice", k->name,
                                    k->fields[f].name);
        }
    }
    return true;
}
