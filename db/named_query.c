/*
 * named_query.c - reading the headers of the shipped queries and binding
 * their parameters (see named_query.h).
 */
#include "named_query.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <sqlite3.h>

#include "db_sql.h"
#include "setup.h"

/* Copy one header line (after "-- ") into out; returns the next line. */
static const char *header_line(const char *p, char *out, size_t size)
{
    p += 2;
    while (*p == ' ')
        p++;
    size_t n = strcspn(p, "\n");
    snprintf(out, size, "%.*s", (int)n, p);
    return p + n + (p[n] == '\n');
}

static void parse_param(const char *line, nq_param *prm)
{
    const char *p = line + strlen("@param");
    while (*p == ' ')
        p++;
    size_t n = strcspn(p, " =");
    snprintf(prm->name, sizeof prm->name, "%.*s", (int)n, p);
    p += n;
    prm->required = *p != '=';
    if (*p == '=') {
        size_t d = strcspn(++p, " ");
        snprintf(prm->def, sizeof prm->def, "%.*s", (int)d, p);
        p += d;
    }
    while (*p == ' ')
        p++;
    snprintf(prm->help, sizeof prm->help, "%.*s", (int)sizeof prm->help - 1, p);
}

static void parse_header(nq_query *q)
{
    const char *p = q->sql;
    char line[256];
    q->summary[0] = '\0';
    q->n_params = 0;
    while (strncmp(p, "--", 2) == 0) {
        p = header_line(p, line, sizeof line);
        if (strncmp(line, "@param", 6) == 0 && q->n_params < NQ_MAX_PARAMS)
            parse_param(line, &q->params[q->n_params++]);
        else if (!q->summary[0])
            snprintf(q->summary, sizeof q->summary, "%.*s", (int)sizeof q->summary - 1, line);
    }
}

static void fill(const db_named_sql *s, nq_query *out)
{
    memset(out, 0, sizeof *out);
    out->name = s->name;
    out->sql = s->sql;
    parse_header(out);
}

bool nq_find(const char *name, nq_query *out)
{
    for (const db_named_sql *s = db_queries; s->name; s++)
        if (strcmp(s->name, name) == 0) {
            fill(s, out);
            return true;
        }
    /* The short name of a game's query ("shortage-turns" for
     * "zombie_dice/shortage-turns") when exactly one game has it. */
    const db_named_sql *found = NULL;
    for (const db_named_sql *s = db_queries; s->name && !strchr(name, '/'); s++) {
        const char *slash = strrchr(s->name, '/');
        if (slash && strcmp(slash + 1, name) == 0) {
            if (found)
                return false;
            found = s;
        }
    }
    if (found)
        fill(found, out);
    return found != NULL;
}

void nq_list(FILE *out)
{
    for (const db_named_sql *s = db_queries; s->name; s++) {
        nq_query q;
        nq_find(s->name, &q);
        fprintf(out, "%s\n    %s\n", q.name, q.summary);
        for (int i = 0; i < q.n_params; i++)
            fprintf(out, "    --param %s=%s  %s\n", q.params[i].name,
                    q.params[i].required ? "VALUE (required)" : q.params[i].def, q.params[i].help);
    }
}

/* A whole number as every option reads one (core's ud_parse_number: digits
 * alone, no space or sign), within what SQLite stores. */
static bool parse_integer(const char *v, uint64_t *n) { return ud_parse_number(v, 0, INT64_MAX, n); }

static bool is_integer(const char *v)
{
    uint64_t n;
    return parse_integer(v, &n);
}

static void bind_value(sqlite3_stmt *st, int idx, const char *v)
{
    uint64_t n;
    if (strcmp(v, "null") == 0)
        sqlite3_bind_null(st, idx);
    else if (parse_integer(v, &n))
        sqlite3_bind_int64(st, idx, (sqlite3_int64)n);
    else
        sqlite3_bind_text(st, idx, v, -1, SQLITE_TRANSIENT);
}

/* The value given for name, or NULL. */
static const char *given(const char *name, char *const *values, int n)
{
    size_t len = strlen(name);
    for (int i = 0; i < n; i++)
        if (strncmp(values[i], name, len) == 0 && values[i][len] == '=')
            return values[i] + len + 1;
    return NULL;
}

static bool check_known(const nq_query *q, char *const *values, int n, ud_buf *err)
{
    for (int i = 0; i < n; i++) {
        size_t len = strcspn(values[i], "=");
        bool known = false;
        for (int k = 0; k < q->n_params && !known; k++)
            known = strlen(q->params[k].name) == len && strncmp(q->params[k].name, values[i], len) == 0;
        if (!values[i][len] || !known) {
            ud_buf_printf(err,
                          "--param %s: expected NAME=VALUE with NAME one of the query's parameters "
                          "(see 'undead db query --list')",
                          values[i]);
            return false;
        }
    }
    return true;
}

sqlite3_stmt *nq_prepare(sqlite3 *h, const nq_query *q, char *const *values, int n, ud_buf *err)
{
    if (!check_known(q, values, n, err))
        return NULL;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(h, q->sql, -1, &st, NULL) != SQLITE_OK) {
        ud_buf_printf(err, "query %s: %s", q->name, sqlite3_errmsg(h));
        return NULL;
    }
    for (int i = 0; i < q->n_params; i++) {
        const nq_param *p = &q->params[i];
        const char *v = given(p->name, values, n);
        if (!v && p->required) {
            ud_buf_printf(err, "query %s: expected --param %s=VALUE (%s)", q->name, p->name, p->help);
            sqlite3_finalize(st);
            return NULL;
        }
        /* A parameter whose default is a number, or an ID (NAME_id), takes
         * a number (an ID also null): text there is the user's error, not a
         * query that matches nothing, and a null count (LIMIT NULL) stopped
         * the query in SQLite's words ("datatype mismatch", exit 1). */
        size_t name_len = strlen(p->name);
        bool an_id = name_len > 3 && strcmp(p->name + name_len - 3, "_id") == 0;
        bool null_id = an_id && strcmp(v ? v : "", "null") == 0;
        if (v && ((p->def[0] && is_integer(p->def)) || an_id) && !null_id && !is_integer(v)) {
            ud_buf_printf(err, "query %s: --param %s: ", q->name, p->name);
            ud_number_expected(err, v, 0, INT64_MAX);
            sqlite3_finalize(st);
            return NULL;
        }
        char key[40];
        snprintf(key, sizeof key, ":%s", p->name);
        int idx = sqlite3_bind_parameter_index(st, key);
        if (idx > 0)
            bind_value(st, idx, v ? v : p->def);
    }
    return st;
}
