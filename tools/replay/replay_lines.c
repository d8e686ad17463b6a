/*
 * replay_lines.c - the dictionary of drawing lines (replay_lines.h): an
 * open-addressed hash table of the distinct lines, by FNV-1a.
 */
#include "replay_lines.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct replay_lines {
    char **line; /* in the order first met */
    size_t n, cap;
    size_t *slot; /* hash table: index + 1, 0 empty; size a power of two */
    size_t slots;
};

static uint64_t hash(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

replay_lines *replay_lines_new(void)
{
    replay_lines *d = calloc(1, sizeof *d);
    if (d && !(d->slot = calloc(d->slots = 1024, sizeof *d->slot))) {
        free(d);
        d = NULL;
    }
    return d;
}

void replay_lines_free(replay_lines *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        free(d->line[i]);
    free(d->line);
    free(d->slot);
    free(d);
}

/* The table twice as large, every line placed again. */
static bool grow_table(replay_lines *d)
{
    size_t slots = d->slots * 2, *slot = calloc(slots, sizeof *slot);
    if (!slot)
        return false;
    for (size_t i = 0; i < d->n; i++) {
        size_t k = hash(d->line[i], strlen(d->line[i])) & (slots - 1);
        while (slot[k])
            k = (k + 1) & (slots - 1);
        slot[k] = i + 1;
    }
    free(d->slot);
    d->slot = slot;
    d->slots = slots;
    return true;
}

/* The number of the line s[0..len), added when new; -1: out of memory. */
static long number_of(replay_lines *d, const char *s, size_t len)
{
    size_t k = hash(s, len) & (d->slots - 1);
    for (; d->slot[k]; k = (k + 1) & (d->slots - 1)) {
        const char *l = d->line[d->slot[k] - 1];
        if (strncmp(l, s, len) == 0 && l[len] == '\0')
            return (long)d->slot[k] - 1;
    }
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 256;
        char **grown = realloc(d->line, cap * sizeof *grown);
        if (!grown)
            return -1;
        d->line = grown;
        d->cap = cap;
    }
    char *copy = strndup(s, len);
    if (!copy)
        return -1;
    d->line[d->n] = copy;
    d->slot[k] = ++d->n;
    if (2 * d->n > d->slots && !grow_table(d))
        return -1;
    return (long)d->n - 1;
}

json_t *replay_lines_runs(replay_lines *d, const char *text)
{
    json_t *runs = json_array();
    long first = -1, count = 0;
    for (const char *p = text; runs && *p;) {
        size_t len = strcspn(p, "\n");
        long k = number_of(d, p, len);
        if (k < 0) {
            json_decref(runs);
            return NULL;
        }
        if (first >= 0 && k == first + count)
            count++;
        else {
            if (first >= 0) {
                json_array_append_new(runs, json_integer(first));
                json_array_append_new(runs, json_integer(count));
            }
            first = k;
            count = 1;
        }
        p += len + (p[len] == '\n');
    }
    if (runs && first >= 0) {
        json_array_append_new(runs, json_integer(first));
        json_array_append_new(runs, json_integer(count));
    }
    return runs;
}

/* A JSON string of a line; bytes that are not UTF-8 become '?'. */
static json_t *line_json(const char *line)
{
    json_t *j = json_string(line);
    if (j)
        return j;
    char *copy = strdup(line);
    for (unsigned char *p = (unsigned char *)copy; p && *p; p++)
        if (*p >= 0x80)
            *p = '?';
    j = copy ? json_string(copy) : NULL;
    free(copy);
    return j ? j : json_string("");
}

json_t *replay_lines_json(const replay_lines *d)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < d->n; i++)
        json_array_append_new(a, line_json(d->line[i]));
    return a;
}
