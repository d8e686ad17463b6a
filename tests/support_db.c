/*
 * support_db.c - fixtures of the results database's suites (see support_db.h).
 */
#include "support_db.h"

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

static char dir[64];

void db_suite_init(void)
{
    snprintf(dir, sizeof dir, "/tmp/ud_db_test_XXXXXX");
    cr_assert(mkdtemp(dir));
}

void db_suite_fini(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

const char *db_scratch(void) { return dir; }

char *path_in(const char *name)
{
    static char p[128];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

int64_t one_int(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *st;
    cr_assert_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK, "%s", sqlite3_errmsg(h));
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

const char *one_text(sqlite3 *h, const char *sql)
{
    static char out[256];
    sqlite3_stmt *st;
    cr_assert_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK, "%s", sqlite3_errmsg(h));
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return out;
}

db *open_ok(const char *path)
{
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open(path, true, &err);
    cr_assert(d, "db_open: %s", ud_buf_str(&err));
    ud_buf_free(&err);
    return d;
}

int cli(char **out, ...)
{
    const char *argv[32] = { "undead" };
    va_list ap;
    va_start(ap, out);
    for (int i = 1; i < 31 && (argv[i] = va_arg(ap, const char *)); i++)
        ;
    va_end(ap);
    char *err = NULL;
    int rc = run_undead(argv, NULL, out, &err);
    if (rc != 0)
        cr_log_info("undead %s %s: %s", argv[1], argv[2] ? argv[2] : "", err);
    free(err);
    return rc;
}
