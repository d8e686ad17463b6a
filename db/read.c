/*
 * read.c - the reads behind `undead db` and the baseline (db_read.h).
 */
#include "db_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "schema_check.h"
#include "sidefiles.h"

static sqlite3_stmt *prepare_h(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

static sqlite3_stmt *prepare(db *d, const char *sql) { return prepare_h(db_sqlite(d), sql); }

/* "123" as a positive whole number; false otherwise. */
static bool whole(const char *s, int64_t *out)
{
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 18)
        return false;
    *out = strtoll(s, NULL, 10);
    return true;
}

int64_t db_find_run(db *d, const char *word)
{
    int64_t back = -1, n = 0;
    if (strcmp(word, "last") == 0)
        back = 0;
    else if (strncmp(word, "last~", 5) == 0 && whole(word + 5, &n))
        back = n;
    else if (!whole(word, &n))
        return 0;
    sqlite3_stmt *st = prepare(d, back >= 0 ? "SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?"
                                            : "SELECT id FROM runs WHERE id = ?");
    if (!st)
        return 0;
    sqlite3_bind_int64(st, 1, back >= 0 ? back : n);
    int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return id;
}

sqlite3_stmt *db_read_runs(db *d, int64_t limit)
{
    sqlite3_stmt *st = prepare(
        d,
        "SELECT * FROM (SELECT r.id, r.started, undead_run_status(r.status, r.host, r.pid, r.proc_start) AS status, r.command, coalesce(r.game, '') AS game,"
        " (SELECT count(*) FROM cases c WHERE c.run_id = r.id) AS cases,"
        " (SELECT count(*) FROM violations v WHERE v.run_id = r.id) AS violations,"
        " round((julianday(coalesce(r.ended, r.last_write, r.started)) - julianday(r.started)) * 86400, 2) AS seconds,"
        " r.undead_version AS version, r.source_revision AS revision, r.command_line"
        " FROM runs r ORDER BY r.id DESC LIMIT ?) ORDER BY id");
    if (st)
        sqlite3_bind_int64(st, 1, limit);
    return st;
}

static const char *const show_sections[][2] = {
    { "run",
      "SELECT id, undead_run_status(status, host, pid, proc_start) AS status, exit_code, command, game, started, ended, undead_version,"
      " source_revision, host, pid, command_line FROM runs WHERE id = ?" },
    { "variants", "SELECT key, value FROM run_variants WHERE run_id = ? ORDER BY position" },
    { "parameters", "SELECT name, value FROM run_params WHERE run_id = ? ORDER BY name" },
    { "metrics", "SELECT name, value, unit FROM metrics WHERE run_id = ? ORDER BY name" },
    { "cases by status", "SELECT kind, status, count(*) AS cases FROM cases WHERE run_id = ?"
                         " GROUP BY kind, status ORDER BY kind, status" },
    { "winners among the cases", "SELECT coalesce(winner, '(none)') AS winner, count(*) AS cases"
                                 " FROM cases WHERE run_id = ? GROUP BY winner ORDER BY cases DESC" },
    { "seat outcomes", "SELECT o.seat, o.player, o.outcome, count(*) AS cases"
                       " FROM case_outcomes o JOIN cases c ON c.id = o.case_id WHERE c.run_id = ?"
                       " GROUP BY o.seat, o.player, o.outcome ORDER BY o.seat, o.outcome" },
    { "rules that never fired", "SELECT game, rule FROM coverage WHERE run_id = ? AND fired = 0"
                                " ORDER BY game, rule" },
    { "rarest rules that fired", "SELECT game, rule, fired FROM coverage WHERE run_id = ?"
                                 " AND fired > 0 ORDER BY fired, rule LIMIT 5" },
    { "invariant violations", "SELECT invariant, rule, message FROM violations WHERE run_id = ?"
                              " ORDER BY id" },
};

int db_show_sections(void) { return (int)(sizeof show_sections / sizeof show_sections[0]); }

const char *db_show_title(int section) { return show_sections[section][0]; }

sqlite3_stmt *db_read_show(db *d, int section, int64_t run)
{
    sqlite3_stmt *st = prepare(d, show_sections[section][1]);
    if (st)
        sqlite3_bind_int64(st, 1, run);
    return st;
}

static const char diff_sql[] =
    "SELECT change, key, outcome_a, outcome_b FROM ("
    " SELECT 'changed' AS change, a.key, a.outcome AS outcome_a, b.outcome AS outcome_b, 0 AS ord"
    "  FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "  WHERE a.run_id = ?1 AND a.outcome <> b.outcome"
    " UNION ALL SELECT 'removed', a.key, a.outcome, NULL, 1 FROM cases a"
    "  WHERE a.run_id = ?1 AND NOT EXISTS (SELECT 1 FROM cases b WHERE b.run_id = ?2 AND b.key = a.key)"
    " UNION ALL SELECT 'added', b.key, NULL, b.outcome, 2 FROM cases b"
    "  WHERE b.run_id = ?2 AND NOT EXISTS (SELECT 1 FROM cases a WHERE a.run_id = ?1 AND a.key = b.key)"
    " UNION ALL SELECT 'rules', a.key, a.rules, b.rules, 3"
    "  FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "  WHERE ?3 AND a.run_id = ?1 AND a.outcome = b.outcome AND a.rules <> b.rules"
    ") ORDER BY ord, key";

static const char diff_count_sql[] =
    "SELECT"
    " (SELECT count(*) FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "   WHERE a.run_id = ?1 AND a.outcome <> b.outcome),"
    " (SELECT count(*) FROM cases a WHERE a.run_id = ?1"
    "   AND NOT EXISTS (SELECT 1 FROM cases b WHERE b.run_id = ?2 AND b.key = a.key)),"
    " (SELECT count(*) FROM cases b WHERE b.run_id = ?2"
    "   AND NOT EXISTS (SELECT 1 FROM cases a WHERE a.run_id = ?1 AND a.key = b.key)),"
    " (SELECT count(*) FROM cases a JOIN cases b ON b.run_id = ?2 AND b.key = a.key"
    "   WHERE a.run_id = ?1 AND a.outcome = b.outcome)";

bool db_diff_counts(db *d, int64_t a, int64_t b, db_diff_count *out)
{
    memset(out, 0, sizeof *out);
    sqlite3_stmt *st = prepare(d, diff_count_sql);
    if (!st)
        return false;
    sqlite3_bind_int64(st, 1, a);
    sqlite3_bind_int64(st, 2, b);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) {
        out->changed = sqlite3_column_int64(st, 0);
        out->removed = sqlite3_column_int64(st, 1);
        out->added = sqlite3_column_int64(st, 2);
        out->unchanged = sqlite3_column_int64(st, 3);
    }
    sqlite3_finalize(st);
    return ok;
}

sqlite3_stmt *db_read_diff(db *d, int64_t a, int64_t b, bool rules)
{
    sqlite3_stmt *st = prepare(d, diff_sql);
    if (st) {
        sqlite3_bind_int64(st, 1, a);
        sqlite3_bind_int64(st, 2, b);
        sqlite3_bind_int(st, 3, rules);
    }
    return st;
}

bool db_read_run_game(db *d, int64_t run, char *game, size_t size)
{
    game[0] = '\0';
    sqlite3_stmt *st = prepare(d, "SELECT coalesce(r.game, (SELECT CASE WHEN count(DISTINCT c.game) = 1"
                                  " THEN max(c.game) END FROM cases c WHERE c.run_id = r.id))"
                                  " FROM runs r WHERE r.id = ?");
    if (!st)
        return false;
    sqlite3_bind_int64(st, 1, run);
    bool found = sqlite3_step(st) == SQLITE_ROW;
    const unsigned char *text = found ? sqlite3_column_text(st, 0) : NULL;
    snprintf(game, size, "%s", text ? (const char *)text : "");
    sqlite3_finalize(st);
    return found;
}

bool db_read_run_finish(db *d, int64_t run, db_run_finish *out)
{
    memset(out, 0, sizeof *out);
    sqlite3_stmt *st =
        prepare(d, "SELECT undead_run_status(r.status, r.host, r.pid, r.proc_start), coalesce(v.id, 0),"
                   " coalesce(undead_run_status(v.status, v.host, v.pid, v.proc_start), '') FROM runs r"
                   " LEFT JOIN run_params p ON p.run_id = r.id AND p.name = 'verify-run'"
                   " LEFT JOIN runs v ON v.id = CAST(p.value AS INTEGER) WHERE r.id = ?");
    if (!st)
        return false;
    sqlite3_bind_int64(st, 1, run);
    bool found = sqlite3_step(st) == SQLITE_ROW;
    if (found) {
        const unsigned char *status = sqlite3_column_text(st, 0), *vstatus = sqlite3_column_text(st, 2);
        snprintf(out->status, sizeof out->status, "%s", status ? (const char *)status : "");
        out->verify = sqlite3_column_int64(st, 1);
        snprintf(out->verify_status, sizeof out->verify_status, "%s", vstatus ? (const char *)vstatus : "");
    }
    sqlite3_finalize(st);
    return found;
}

/* After integrity_check said "ok": whether the file is not a results
 * database at all (an empty one, or another program's: a sound SQLite
 * file is not a sound results database), or one of this undead's version
 * that lost a table or a column; if so, the problem goes to line (the
 * report is then not "ok").  An older version's is sound: migrate
 * brings it forward. */
static bool schema_broken(sqlite3 *h, const char *path, void (*line)(void *ctx, const char *text), void *ctx)
{
    sqlite3_stmt *st = prepare_h(h, "SELECT (SELECT application_id FROM pragma_application_id),"
                                    " (SELECT user_version FROM pragma_user_version),"
                                    " (SELECT count(*) FROM sqlite_schema)");
    if (!st)
        return false;
    bool read = sqlite3_step(st) == SQLITE_ROW;
    int64_t app = read ? sqlite3_column_int64(st, 0) : 0, version = read ? sqlite3_column_int64(st, 1) : 0;
    int64_t objects = read ? sqlite3_column_int64(st, 2) : 0;
    sqlite3_finalize(st);
    if (!read)
        return false;
    ud_buf what, problem;
    ud_buf_init(&what);
    ud_buf_init(&problem);
    if (app != DB_APPLICATION_ID && objects == 0)
        ud_buf_printf(&problem, "%s: not a results database: an empty SQLite database (no tables)", path);
    else if (app != DB_APPLICATION_ID)
        ud_buf_printf(
            &problem,
            "%s: not a results database: a SQLite database of another program (application_id %lld)", path,
            (long long)app);
    else if (version == DB_SCHEMA_VERSION && db_schema_missing(h, &what) != 0)
        ud_buf_printf(&problem, "%s: not a whole results database: %s", path, ud_buf_str(&what));
    bool broken = problem.len > 0;
    if (broken)
        line(ctx, ud_buf_str(&problem));
    ud_buf_free(&what);
    ud_buf_free(&problem);
    return broken;
}

/* Whether rows name a row that is not there (PRAGMA foreign_key_check: a
 * run deleted with foreign keys off, as the sqlite3 shell has them, leaves
 * its cases, parameters ... behind); if so, one line for each table and
 * the table it names, with the count, goes to line. */
static bool orphans(sqlite3 *h, const char *path, void (*line)(void *ctx, const char *text), void *ctx)
{
    sqlite3_stmt *st = prepare_h(h, "SELECT \"table\", parent, count(*) FROM pragma_foreign_key_check"
                                    " GROUP BY 1, 2 ORDER BY 1, 2");
    if (!st)
        return false;
    bool found = false;
    ud_buf text;
    ud_buf_init(&text);
    while (sqlite3_step(st) == SQLITE_ROW) {
        int64_t n = sqlite3_column_int64(st, 2);
        ud_buf_clear(&text);
        ud_buf_printf(&text,
                      "%s: %lld row%s of table %s name%s a row of table %s that is not there (PRAGMA "
                      "foreign_key_check; a row deleted with foreign keys off, as in the sqlite3 shell, "
                      "leaves such rows behind)",
                      path, (long long)n, n == 1 ? "" : "s", (const char *)sqlite3_column_text(st, 0),
                      n == 1 ? "s" : "", (const char *)sqlite3_column_text(st, 1));
        line(ctx, ud_buf_str(&text));
        found = true;
    }
    ud_buf_free(&text);
    sqlite3_finalize(st);
    return found;
}

/* The file read-only, as db_open_read opens it (immutable=1 where a
 * plain open would leave side files it could not remove), or (as_is) as
 * it stands: immutable=1, no journal or WAL read, no lock taken; NULL
 * with err filled. */
static sqlite3 *open_raw(const char *path, bool as_is, ud_buf *err)
{
    if (!db_sqlite_new_enough(err))
        return NULL;
    bool immutable = as_is || db_side_files_unremovable(path);
    char *uri = db_file_uri(path, immutable ? "mode=ro&immutable=1" : "mode=ro");
    if (!uri) {
        ud_buf_puts(err, "cannot open: out of memory");
        return NULL;
    }
    sqlite3 *h = NULL;
    if (sqlite3_open_v2(uri, &h, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) != SQLITE_OK) {
        ud_buf_printf(err, "cannot open: %s", h ? sqlite3_errmsg(h) : "out of memory");
        sqlite3_close(h);
        h = NULL;
    } else
        sqlite3_busy_timeout(h, db_busy_ms()); /* another process's lock: waited for as by every open */
    free(uri);
    return h;
}

/* Why the check stopped, in err: busy when another process held the lock
 * past the wait, else SQLite's message. */
static db_check checked_error(sqlite3 *h, ud_buf *err)
{
    if ((sqlite3_errcode(h) & 0xff) == SQLITE_BUSY) {
        db_busy_text(err);
        return DB_CHECK_BUSY;
    }
    ud_buf_puts(err, sqlite3_errmsg(h));
    return DB_CHECK_ERROR;
}

/* Each row of integrity_check to line, but a lone "ok", which waits for
 * the schema's check; the result, and SQLite's message on an error. */
static db_check integrity_rows(sqlite3 *h, sqlite3_stmt *st, const char *path,
                               void (*line)(void *ctx, const char *text), void *ctx, ud_buf *err)
{
    db_check result = DB_CHECK_PROBLEMS;
    int step, rows = 0;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        const char *r = (const char *)sqlite3_column_text(st, 0);
        bool ok = rows++ == 0 && r && strcmp(r, "ok") == 0;
        if (ok)
            result = DB_CHECK_OK;
        else
            line(ctx, r ? r : "");
    }
    if (step != SQLITE_DONE)
        return checked_error(h, err);
    if (rows > 1)
        return DB_CHECK_PROBLEMS;
    if (result == DB_CHECK_OK && schema_broken(h, path, line, ctx))
        return DB_CHECK_PROBLEMS;
    if (result == DB_CHECK_OK && orphans(h, path, line, ctx))
        return DB_CHECK_PROBLEMS;
    if (result == DB_CHECK_OK)
        line(ctx, "ok");
    return result;
}

db_check db_integrity_file(const char *path, void (*line)(void *ctx, const char *text), void *ctx,
                           ud_buf *err)
{
    /* a 1-byte file, which SQLite would read as an empty database, is
     * said as a longer one is (db_file_not_sqlite) */
    if (db_file_not_sqlite(path)) {
        ud_buf_puts(err, sqlite3_errstr(SQLITE_NOTADB));
        return DB_CHECK_ERROR;
    }
    db_side_files before = db_side_files_of(path);
    sqlite3 *h = open_raw(path, false, err);
    if (!h) {
        db_side_files_remove_own(path, before);
        return DB_CHECK_ERROR;
    }
    db_check result = DB_CHECK_ERROR;
    sqlite3_stmt *st = prepare_h(h, "PRAGMA integrity_check");
    if (!st && (sqlite3_errcode(h) & 0xff) == SQLITE_READONLY && before.journal) {
        /* a write that did not finish left its rollback journal: SQLite
         * rolls it back at the next read, which is a write, and a reader
         * cannot.  Said so, and the file checked as it is without it. */
        sqlite3_close(h);
        ud_buf text;
        ud_buf_init(&text);
        ud_buf_printf(&text,
                      "%s-journal: a write that did not finish left its journal beside the file; a reader "
                      "cannot roll it back ('undead db migrate --db %s' does), so the file is checked as it "
                      "stands without it",
                      path, path);
        line(ctx, ud_buf_str(&text));
        ud_buf_free(&text);
        h = open_raw(path, true, err);
        st = h ? prepare_h(h, "PRAGMA integrity_check") : NULL;
        if (st) /* the journal is a problem whatever the file's check says */
            (void)integrity_rows(h, st, path, line, ctx, err);
        result = st ? DB_CHECK_PROBLEMS : h ? checked_error(h, err) : DB_CHECK_ERROR;
    } else if (!st)
        result = checked_error(h, err);
    else
        result = integrity_rows(h, st, path, line, ctx, err);
    sqlite3_finalize(st);
    sqlite3_close(h);
    db_side_files_remove_own(path, before);
    return result;
}

sqlite3_stmt *db_read_integrity(db *d) { return prepare(d, "PRAGMA integrity_check"); }

sqlite3_stmt *db_read_baseline(db *d)
{
    return prepare(d, "SELECT key, variants, outcome,"
                      " CASE WHEN prob_num IS NULL THEN '' ELSE prob_num || '/' || prob_den END"
                      " AS probability, rules FROM cases ORDER BY key, variants");
}
