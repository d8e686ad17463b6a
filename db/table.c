/*
 * table.c - rows of a statement as text, CSV or JSON (see table.h).
 * Text needs every row before the first is printed (column widths), so
 * rows are kept in memory; the others stream.
 */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "buf.h"

bool tbl_parse_format(const char *s, tbl_format *out)
{
    static const char *const names[] = { "text", "csv", "json" };
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (tbl_format)i;
            return true;
        }
    return false;
}

static void csv_cell(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

static const char *cell(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    return t ? (const char *)t : "";
}

static long print_csv(sqlite3_stmt *st, FILE *out)
{
    int n = sqlite3_column_count(st);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', out);
        csv_cell(out, sqlite3_column_name(st, i));
    }
    fputc('\n', out);
    long rows = 0;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int i = 0; i < n; i++) {
            if (i)
                fputc(',', out);
            csv_cell(out, cell(st, i));
        }
        fputc('\n', out);
        rows++;
    }
    return rc == SQLITE_DONE ? rows : -1;
}

static long print_json(sqlite3_stmt *st, FILE *out)
{
    int n = sqlite3_column_count(st);
    long rows = 0;
    int rc;
    fputc('[', out);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        fputs(rows ? ",\n {" : "\n {", out);
        for (int i = 0; i < n; i++) {
            if (i)
                fputs(", ", out);
            json_string(out, sqlite3_column_name(st, i));
            fputs(": ", out);
            int type = sqlite3_column_type(st, i);
            if (type == SQLITE_NULL)
                fputs("null", out);
            else if (type == SQLITE_INTEGER)
                fprintf(out, "%lld", (long long)sqlite3_column_int64(st, i));
            else if (type == SQLITE_FLOAT)
                fprintf(out, "%.17g", sqlite3_column_double(st, i));
            else
                json_string(out, cell(st, i));
        }
        fputc('}', out);
        rows++;
    }
    fputs(rows ? "\n]\n" : "]\n", out);
    return rc == SQLITE_DONE ? rows : -1;
}

/* Display width: UTF-8 continuation bytes take no column. */
static int width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

/* A cell as the text table shows it: a control character or a byte that
 * is not UTF-8 escaped (a command line holding a newline must not break
 * its row, nor an ESC reach the terminal); a copy, NULL when out of
 * memory.  CSV and JSON carry the value as it is, quoted their way. */
static char *shown(const char *s)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_put_escaped(&b, s);
    char *copy = strdup(ud_buf_str(&b));
    ud_buf_free(&b);
    return copy;
}

static void pad(FILE *out, const char *s, int w, bool last)
{
    fputs(s, out);
    if (!last)
        for (int i = width(s); i < w + 2; i++)
            fputc(' ', out);
}

static long print_text(sqlite3_stmt *st, FILE *out)
{
    int n = sqlite3_column_count(st);
    int *w = calloc((size_t)n, sizeof *w);
    char **cells = NULL;
    long rows = 0, cap = 0;
    int rc = SQLITE_ERROR;
    for (int i = 0; i < n && w; i++)
        w[i] = width(sqlite3_column_name(st, i));
    while (w && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (rows == cap) {
            cap = cap ? cap * 2 : 64;
            char **p = realloc(cells, (size_t)(cap * n) * sizeof *p);
            if (!p)
                break;
            cells = p;
        }
        for (int i = 0; i < n; i++) {
            cells[rows * n + i] = shown(cell(st, i));
            int cw = cells[rows * n + i] ? width(cells[rows * n + i]) : 0;
            if (cw > w[i])
                w[i] = cw;
        }
        rows++;
    }
    for (int i = 0; i < n && w; i++)
        pad(out, sqlite3_column_name(st, i), w[i], i == n - 1);
    fputc('\n', out);
    for (long r = 0; r < rows; r++) {
        for (int i = 0; i < n; i++) {
            char *c = cells[r * n + i];
            pad(out, c ? c : "", w[i], i == n - 1);
            free(c);
        }
        fputc('\n', out);
    }
    bool ok = w && rc == SQLITE_DONE;
    free(cells);
    free(w);
    return ok ? rows : -1;
}

long tbl_print(sqlite3_stmt *st, tbl_format f, FILE *out)
{
    return f == TBL_CSV ? print_csv(st, out) : f == TBL_JSON ? print_json(st, out) : print_text(st, out);
}
