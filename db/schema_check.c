/*
 * schema_check.c - whether a database holds the whole schema of this
 * undead (schema_check.h): the tables and views of db/schema.sql, made in
 * a private in-memory database and looked up, with their columns, in the
 * file's own.  A user_version says which schema a file claims; this says
 * whether it has it (a table dropped by hand keeps the version).
 */
#include "schema_check.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "db_sql.h"

static sqlite3_stmt *prepare(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/* The type of the object named name in h ("table", "view"), copied into
 * type; "" when there is none.  False when the query fails. */
static bool object_type(sqlite3 *h, const char *name, char type[16])
{
    sqlite3_stmt *st = prepare(h, "SELECT type FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE");
    if (!st)
        return false;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    const unsigned char *t = rc == SQLITE_ROW ? sqlite3_column_text(st, 0) : NULL;
    snprintf(type, 16, "%s", t ? (const char *)t : "");
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* The first column of the table or view name in want that name in h lacks,
 * said in what; 1 when one is missing, 0 when none, -1 on a failed query. */
static int missing_column(sqlite3 *want, sqlite3 *h, const char *type, const char *name, ud_buf *what)
{
    sqlite3_stmt *cols = prepare(want, "SELECT name FROM pragma_table_info(?1)");
    sqlite3_stmt *has =
        prepare(h, "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2 COLLATE NOCASE");
    int result = cols && has ? 0 : -1;
    if (cols)
        sqlite3_bind_text(cols, 1, name, -1, SQLITE_STATIC);
    while (result == 0 && sqlite3_step(cols) == SQLITE_ROW) {
        const char *col = (const char *)sqlite3_column_text(cols, 0);
        sqlite3_reset(has);
        sqlite3_bind_text(has, 1, name, -1, SQLITE_STATIC);
        sqlite3_bind_text(has, 2, col, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(has) != SQLITE_ROW)
            result = -1;
        else if (sqlite3_column_int64(has, 0) == 0) {
            ud_buf_printf(what, "its %s %s has no column %s", type, name, col);
            result = 1;
        }
    }
    sqlite3_finalize(cols);
    sqlite3_finalize(has);
    return result;
}

/* Every table, then every view, of want in h (pass 0), then their columns
 * (pass 1: a view over a missing table would fail to list its own); not
 * SQLite's own tables (sqlite_sequence, which AUTOINCREMENT makes). */
static int compare(sqlite3 *want, sqlite3 *h, ud_buf *what)
{
    sqlite3_stmt *objects =
        prepare(want, "SELECT type, name FROM sqlite_schema WHERE type IN ('table', 'view')"
                      " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type = 'view', rowid");
    int result = objects ? 0 : -1;
    for (int pass = 0; pass < 2 && result == 0; pass++) {
        sqlite3_reset(objects);
        while (result == 0 && sqlite3_step(objects) == SQLITE_ROW) {
            const char *type = (const char *)sqlite3_column_text(objects, 0);
            const char *name = (const char *)sqlite3_column_text(objects, 1);
            char found[16];
            if (pass == 1)
                result = missing_column(want, h, type, name, what);
            else if (!object_type(h, name, found))
                result = -1;
            else if (!found[0] || strcmp(found, type) != 0) {
                ud_buf_printf(what, "its %s %s is missing", type, name);
                if (found[0])
                    ud_buf_printf(what, " (a %s of that name is there)", found);
                result = 1;
            }
        }
    }
    sqlite3_finalize(objects);
    if (result < 0)
        ud_buf_printf(what, "its tables cannot be listed: %s", sqlite3_errmsg(h));
    return result;
}

int db_schema_missing(sqlite3 *h, ud_buf *what)
{
    sqlite3 *want = NULL;
    if (sqlite3_open_v2(":memory:", &want, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sqlite3_exec(want, db_schema_sql, NULL, NULL, NULL) != SQLITE_OK) {
        ud_buf_printf(what, "its tables cannot be checked: %s",
                      want ? sqlite3_errmsg(want) : "out of memory");
        sqlite3_close(want);
        return -1;
    }
    int result = compare(want, h, what);
    sqlite3_close(want);
    return result;
}
