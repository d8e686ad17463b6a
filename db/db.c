/*
 * db.c - opening the results database and writing runs into it (db.h).
 *
 * Order of opening matters: the file is identified (SQLite? ours? which
 * version? intact?) before anything is written, because even switching to
 * WAL rewrites a file's header.
 */
#include "db.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db_sql.h"
#include "infile.h"
#include "owner.h"
#include "schema_check.h"
#include "sidefiles.h"

enum { DB_BATCH_ROWS = 4096 };

/* Another process holds the lock: wait this long (db_set_busy_ms). */
static int busy_ms = DB_BUSY_MS_DEFAULT;

void db_set_busy_ms(int ms) { busy_ms = ms < 0 ? 0 : ms > DB_BUSY_MS_MAX ? DB_BUSY_MS_MAX : ms; }

int db_busy_ms(void) { return busy_ms; }

/* "the database is busy: ...": what a lock held past the wait is said as,
 * wherever SQLite gives up (opening, switching to WAL, a batch, the
 * integrity check), never as a file that cannot be read. */
static void busy_text(char *out, size_t size)
{
    snprintf(out, size,
             "the database is busy: another process holds its lock, and undead waited %g s for it; "
             "try again when that process is done",
             busy_ms / 1000.0);
}

void db_busy_text(ud_buf *out)
{
    char busy[200];
    busy_text(busy, sizeof busy);
    ud_buf_puts(out, busy);
}
#define DB_BATCH_SECONDS 0.25

typedef enum {
    ST_VARIANT,
    ST_PARAM,
    ST_CASE,
    ST_CASE_OUTCOME,
    ST_CASE_RULE,
    ST_CASE_FIGURE,
    ST_EVENT,
    ST_VIOLATION,
    ST_COVERAGE,
    ST_METRIC,
    ST_HEARTBEAT,
    ST_COUNT
} stmt_id;

static const char *const stmt_sql[ST_COUNT] = {
    [ST_VARIANT] = "INSERT INTO run_variants(run_id, position, key, value) VALUES (?, ?, ?, ?)",
    [ST_PARAM] = "INSERT OR REPLACE INTO run_params(run_id, name, value) VALUES (?, ?, ?)",
    [ST_CASE] = ("INSERT INTO cases(run_id, key, kind, game, variants, inputs, status, outcome,"
                 " winner, decisions, prob_num, prob_den, rules, analysis, policy, seed)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
    [ST_CASE_OUTCOME] = ("INSERT INTO case_outcomes(case_id, seat, player, score, outcome)"
                         " VALUES (?, ?, ?, ?, ?)"),
    [ST_CASE_RULE] = "INSERT INTO case_rules(case_id, rule, fired) VALUES (?, ?, ?)",
    [ST_CASE_FIGURE] = ("INSERT INTO case_figures(case_id, position, name, value, exact_num, exact_den)"
                        " VALUES (?, ?, ?, ?, ?, ?)"),
    [ST_EVENT] = "INSERT INTO events(case_id, seq, rule, text, state_seq) VALUES (?, ?, ?, ?, ?)",
    [ST_VIOLATION] = ("INSERT INTO violations(run_id, case_id, invariant, rule, message, transcript)"
                      " VALUES (?, ?, ?, ?, ?, ?)"),
    [ST_COVERAGE] = "INSERT OR REPLACE INTO coverage(run_id, game, rule, fired) VALUES (?, ?, ?, ?)",
    [ST_METRIC] = "INSERT OR REPLACE INTO metrics(run_id, name, value, unit) VALUES (?, ?, ?, ?)",
    /* every run of this process that is still running was alive now */
    [ST_HEARTBEAT] = ("UPDATE runs SET last_write = ? WHERE status = 'running' AND host = ? AND pid = ?"
                      " AND proc_start IS ?"),
};

struct db {
    sqlite3 *h;
    char *path;
    sqlite3_stmt *stmt[ST_COUNT];
    bool read_only;              /* db_open_read: nothing is written, not even recovery */
    bool reader;                 /* opened by db_open_read, refused or not */
    db_side_files before;        /* a reader's: the side files there before it opened */
    int64_t owner_pid;           /* the process owner_id is of (a fork has another) */
    char owner_id[OWNER_ID_MAX]; /* owner.h: this process's identity, "" when unknown */
    char host[256];
    int in_batch;
    int rows;
    double batch_start;
    char err[512];
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void db_now(char out[32])
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char day[24];
    strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out, 32, "%s.%03dZ", day, (int)(ts.tv_nsec / 1000000));
}

/* Record the first error (later ones are consequences). */
static void fail(db *d, const char *what)
{
    if (d->err[0])
        return;
    int code = sqlite3_errcode(d->h) & 0xff;
    if (code == SQLITE_BUSY) {
        char busy[200];
        busy_text(busy, sizeof busy);
        snprintf(d->err, sizeof d->err, "%s: %s: %s", d->path, what, busy);
        return;
    }
    if (code == SQLITE_CONSTRAINT) {
        /* undead writes only rows its schema takes, under ids never used
         * before: the file holds what undead did not write there */
        int ext = sqlite3_extended_errcode(d->h);
        const char *why =
            ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY
                ? "the database already holds a row where undead was adding this one: a row undead did not "
                  "write, added by hand or left behind by a run deleted by hand"
            : ext == SQLITE_CONSTRAINT_TRIGGER
                ? "a trigger undead did not make refused the change"
                : "the database refused the change: its tables are not as undead made them (changed by hand)";
        snprintf(d->err, sizeof d->err, "%s: %s: %s (SQLite: %s); nothing more of this run was recorded",
                 d->path, what, why, sqlite3_errmsg(d->h));
        return;
    }
    const char *hint = code == SQLITE_CORRUPT    ? " (the database is corrupt)"
                       : code == SQLITE_FULL     ? " (disk full)"
                       : code == SQLITE_READONLY ? " (a read-only file or folder)"
                                                 : "";
    snprintf(d->err, sizeof d->err, "%s: %s: %s%s", d->path, what, sqlite3_errmsg(d->h), hint);
}

static bool exec(db *d, const char *sql, const char *what)
{
    if (sqlite3_exec(d->h, sql, NULL, NULL, NULL) == SQLITE_OK)
        return true;
    fail(d, what);
    return false;
}

/* One integer from a one-row query; false on error. */
static bool query_int(db *d, const char *sql, int64_t *out)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(d->h, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *out = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW;
}

/* A lock held past the wait, as the refusal of an open. */
static void busy_refusal(db *d, ud_buf *err)
{
    char busy[200];
    busy_text(busy, sizeof busy);
    ud_buf_printf(err, "%s: %s (nothing was changed)", d->path, busy);
}

/* The files (device, inode) this process has run the full check on
 * (sound): a process opens its database once for each run it records
 * (verify: dozens), and the check reads the whole file. */
enum { CHECKED_MAX = 16 };
static struct {
    dev_t dev;
    ino_t ino;
} checked[CHECKED_MAX];
static int n_checked;
static pthread_mutex_t checked_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether this process has run the full check on the file at path; with
 * mark, records that it has (once the check passed). */
static bool checked_file(const char *path, bool mark)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return false;
    bool found = false;
    pthread_mutex_lock(&checked_lock);
    for (int i = 0; i < n_checked && !found; i++)
        found = checked[i].dev == sb.st_dev && checked[i].ino == sb.st_ino;
    if (!found && mark) {
        int at = n_checked < CHECKED_MAX ? n_checked++ : CHECKED_MAX - 1;
        checked[at].dev = sb.st_dev;
        checked[at].ino = sb.st_ino;
    }
    pthread_mutex_unlock(&checked_lock);
    return found;
}

/* SQLite's check of an existing database before it is used: a writer's
 * first open of a file in this process runs PRAGMA integrity_check(1),
 * which also compares every index with its table (a writer would add
 * rows to an index that no longer matches, and readers would be misled
 * by it); later opens, and readers, run PRAGMA quick_check(1), which
 * reads every page but skips that comparison.  false with err filled
 * (what is wrong, in SQLite's words within undead's) when the file is
 * damaged or the check could not run. */
static bool sound(db *d, ud_buf *err)
{
    bool full = !d->reader && !checked_file(d->path, false);
    sqlite3_stmt *st;
    char problem[300] = "";
    int rc =
        sqlite3_prepare_v2(d->h, full ? "PRAGMA integrity_check(1)" : "PRAGMA quick_check(1)", -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        const char *r = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
        if (r && strcmp(r, "ok") != 0)
            snprintf(problem, sizeof problem, "%s", r);
    }
    int code = sqlite3_errcode(d->h) & 0xff;
    if (rc != SQLITE_ROW && (code == SQLITE_BUSY || code == SQLITE_LOCKED)) {
        sqlite3_finalize(st);
        busy_refusal(d, err);
        return false;
    }
    if (rc != SQLITE_ROW && rc != SQLITE_OK)
        snprintf(problem, sizeof problem, "%s", sqlite3_errmsg(d->h));
    sqlite3_finalize(st);
    if (!problem[0]) {
        if (full)
            checked_file(d->path, true);
        return true;
    }
    ud_buf_printf(err,
                  "%s: the database is corrupt (SQLite's %s check says: %s); refusing to use it (nothing was "
                  "changed); 'undead db integrity --db %s' lists every problem, and 'sqlite3 %s .recover' "
                  "may save its rows",
                  d->path, full ? "integrity" : "quick", problem, d->path, d->path);
    return false;
}

/* What the file is, before writing a byte.  0: ours and current, 1: empty,
 * 2: ours but older; -1: refused (err filled). */
static int identify(db *d, ud_buf *err)
{
    int64_t app = 0, version = 0, objects = 0;
    if (!query_int(d, "SELECT count(*) FROM sqlite_schema", &objects) ||
        !query_int(d, "PRAGMA application_id", &app) || !query_int(d, "PRAGMA user_version", &version)) {
        int code = sqlite3_errcode(d->h) & 0xff;
        if (code == SQLITE_NOTADB)
            ud_buf_printf(err, "%s: not a SQLite database; refusing to use it (nothing was changed)",
                          d->path);
        else if (code == SQLITE_READONLY)
            ud_buf_printf(err, "%s: cannot write it: a read-only file or folder (%s; nothing was changed)",
                          d->path, sqlite3_errmsg(d->h));
        else if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
            busy_refusal(d, err);
        else
            ud_buf_printf(err, "%s: cannot read it as a database: %s (nothing was changed)", d->path,
                          sqlite3_errmsg(d->h));
        return -1;
    }
    if (objects == 0 && app == 0 && version == 0)
        return 1;
    if (app != DB_APPLICATION_ID) {
        ud_buf_printf(err,
                      "%s: a SQLite database, but not an undead results database "
                      "(application_id %lld); refusing to use it (nothing was changed)",
                      d->path, (long long)app);
        return -1;
    }
    if (version < 1) {
        ud_buf_printf(err,
                      "%s: database schema version %lld is not one undead knows (expected %d); "
                      "refusing to use it (nothing was changed)",
                      d->path, (long long)version, DB_SCHEMA_VERSION);
        return -1;
    }
    if (version > DB_SCHEMA_VERSION) {
        ud_buf_printf(err,
                      "%s: schema version %lld is newer than this undead understands (%d); "
                      "use a newer undead (nothing was changed)",
                      d->path, (long long)version, DB_SCHEMA_VERSION);
        return -1;
    }
    if (!sound(d, err))
        return -1;
    if (version < DB_SCHEMA_VERSION)
        return 2;
    /* the version is current: the tables must be there too (a table
     * dropped by hand would fail a read half-way through a report) */
    ud_buf what;
    ud_buf_init(&what);
    int missing = db_schema_missing(d->h, &what);
    if (missing != 0)
        ud_buf_printf(err, "%s: not a whole results database: %s; refusing to use it (nothing was changed)",
                      d->path, ud_buf_str(&what));
    ud_buf_free(&what);
    return missing != 0 ? -1 : 0;
}

static bool set_version(db *d)
{
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d", DB_APPLICATION_ID,
             DB_SCHEMA_VERSION);
    return exec(d, sql, "setting the schema version");
}

static bool migrate_locked(db *d);

/* Create the schema or migrate it forward, in one IMMEDIATE transaction
 * (another process may be doing the same: the second one finds it done). */
static bool bring_up_to_date(db *d)
{
    /* a migration that makes a table anew drops the old one, which with
     * foreign keys on would delete the rows naming it (migrations/008.sql);
     * the pragma is a no-op inside a transaction, so it is said first */
    if (!exec(d, "PRAGMA foreign_keys = OFF", "disabling foreign keys to migrate"))
        return false;
    bool done = migrate_locked(d);
    (void)sqlite3_exec(d->h, "PRAGMA legacy_alter_table = OFF", NULL, NULL, NULL);
    return exec(d, "PRAGMA foreign_keys = ON", "enabling foreign keys") && done;
}

/* bring_up_to_date's transaction. */
static bool migrate_locked(db *d)
{
    if (!exec(d, "BEGIN IMMEDIATE", "locking to create the schema"))
        return false;
    int64_t objects = 0, version = 0;
    bool ok = query_int(d, "SELECT count(*) FROM sqlite_schema", &objects) &&
              query_int(d, "PRAGMA user_version", &version);
    if (ok && objects == 0)
        ok = exec(d, db_schema_sql, "creating the schema") && set_version(d);
    else if (ok && version < DB_SCHEMA_VERSION) {
        for (const db_named_sql *m = db_migrations; ok && m->name; m++)
            if (atoi(m->name) > version && sqlite3_exec(d->h, m->sql, NULL, NULL, NULL) != SQLITE_OK) {
                /* a version the tables do not match (a user_version set by
                 * hand): the migration meets what it would create */
                snprintf(d->err, sizeof d->err,
                         "%s: database schema version %lld does not match its tables (migrating it "
                         "to version %d: %s); refusing to use it (nothing was changed)",
                         d->path, (long long)version, DB_SCHEMA_VERSION, sqlite3_errmsg(d->h));
                ok = false;
            }
        ok = ok && set_version(d);
    }
    if (ok)
        return exec(d, "COMMIT", "committing the schema");
    sqlite3_exec(d->h, "ROLLBACK", NULL, NULL, NULL);
    return false;
}

/* This process's identity (owner.h), NULL when it cannot be known; read
 * again in a child forked after the open. */
static const char *owner_id(db *d)
{
    if (d->owner_pid != (int64_t)getpid()) {
        d->owner_pid = (int64_t)getpid();
        if (!owner_identity(d->owner_pid, d->owner_id))
            d->owner_id[0] = '\0';
        gethostname(d->host, sizeof d->host - 1);
    }
    return d->owner_id[0] ? d->owner_id : NULL;
}

/* undead_run_status(status, host, pid, proc_start): the status a run has,
 * read without writing: 'interrupted' for a run 'running' whose process
 * is gone (what the next writing open records), else status. */
static void run_status_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const char *status = (const char *)sqlite3_value_text(argv[0]);
    if (status && strcmp(status, "running") == 0 &&
        owner_gone((const char *)sqlite3_value_text(argv[1]), sqlite3_value_int64(argv[2]),
                   (const char *)sqlite3_value_text(argv[3])))
        sqlite3_result_text(ctx, "interrupted", -1, SQLITE_STATIC);
    else
        sqlite3_result_value(ctx, argv[0]);
}

/* Mark runs whose process is gone as interrupted (owner.h: never one of
 * this process's, nor of a live process).  Its end is the last time it
 * was seen alive, its last commit (last_write), not now: it was killed
 * at some moment after that. */
static bool recover_runs(db *d)
{
    sqlite3_stmt *sel, *upd;
    if (sqlite3_prepare_v2(d->h, "SELECT id, host, pid, proc_start FROM runs WHERE status = 'running'", -1,
                           &sel, NULL) != SQLITE_OK) {
        fail(d, "reading runs");
        return false;
    }
    if (sqlite3_prepare_v2(d->h,
                           "UPDATE runs SET status = 'interrupted', ended = coalesce(last_write, started) "
                           "WHERE id = ? AND status = 'running'",
                           -1, &upd, NULL) != SQLITE_OK) {
        fail(d, "reading runs");
        sqlite3_finalize(sel);
        return false;
    }
    bool ok = exec(d, "BEGIN IMMEDIATE", "locking to recover runs");
    int step = SQLITE_DONE;
    while (ok && (step = sqlite3_step(sel)) == SQLITE_ROW) {
        if (!owner_gone((const char *)sqlite3_column_text(sel, 1), sqlite3_column_int64(sel, 2),
                        (const char *)sqlite3_column_text(sel, 3)))
            continue;
        sqlite3_bind_int64(upd, 1, sqlite3_column_int64(sel, 0));
        /* the reason said now: once the statements are reset and
         * finalized, the handle's message is SQLite's "not an error" */
        if (!(ok = sqlite3_step(upd) == SQLITE_DONE))
            fail(d, "recovering runs");
        sqlite3_reset(upd);
    }
    if (ok && step != SQLITE_DONE) {
        fail(d, "reading runs");
        ok = false;
    }
    sqlite3_finalize(sel);
    sqlite3_finalize(upd);
    if (ok)
        return exec(d, "COMMIT", "recovering runs");
    sqlite3_exec(d->h, "ROLLBACK", NULL, NULL, NULL);
    return false;
}

static bool prepare_all(db *d)
{
    for (int i = 0; i < ST_COUNT; i++)
        if (sqlite3_prepare_v3(d->h, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &d->stmt[i], NULL) !=
            SQLITE_OK) {
            fail(d, "preparing statements");
            return false;
        }
    return true;
}

/* Switching to WAL needs a lock that SQLite does not always wait for (a
 * second process creating the same new file gets SQLITE_BUSY at once), so
 * wait here, as long as the busy timeout. */
static bool use_wal(db *d)
{
    for (int waited = 0;; waited += 10) {
        int rc = sqlite3_exec(d->h, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            return true;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || waited >= busy_ms) {
            fail(d, "switching to WAL");
            return false;
        }
        sqlite3_sleep(10);
    }
}

static bool configure(db *d, int kind, ud_buf *err)
{
    /* an older schema is migrated before the switch to WAL (which rewrites
     * the header): a migration that fails rolls back and leaves the file
     * as it was */
    bool ok = (kind != 2 || bring_up_to_date(d)) && use_wal(d) &&
              exec(d, "PRAGMA synchronous = NORMAL", "setting synchronous") &&
              exec(d, "PRAGMA foreign_keys = ON", "enabling foreign keys") &&
              (kind != 1 || bring_up_to_date(d)) && recover_runs(d) && prepare_all(d);
    if (!ok)
        ud_buf_puts(err, d->err);
    return ok;
}

/* The functions the reads use (db_read.h). */
static void add_functions(db *d)
{
    /* fails only out of memory, and the query naming it then says so */
    (void)sqlite3_create_function(d->h, "undead_run_status", 4, SQLITE_UTF8, NULL, run_status_fn, NULL, NULL);
}

/* Why SQLite "cannot open" path, in undead's words where the path is a
 * symbolic link that leads nowhere (a loop of links, or a target that is
 * not there), else SQLite's message `sqlite`. */
static void cannot_open(ud_buf *err, const char *path, const char *sqlite)
{
    struct stat ls, st;
    if (lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode) && stat(path, &st) != 0) {
        if (errno == ELOOP) {
            ud_buf_printf(err, "%s: cannot open: it is a symbolic link in a loop of links, expected a file",
                          path);
            return;
        }
        char target[4096];
        ssize_t n = readlink(path, target, sizeof target - 1);
        target[n > 0 ? n : 0] = '\0';
        ud_buf_printf(err, "%s: cannot open: it is a symbolic link to '%s', which does not exist", path,
                      target);
        return;
    }
    ud_buf_printf(err, "%s: cannot open: %s", path, sqlite);
}

/* Open path read-only (mode=ro, or immutable=1 when SQLite cannot make
 * the WAL's side files next to it: a read-only folder, where no one can
 * be writing it; or could not remove them after, sidefiles.h).  The
 * file's kind (identify), -1 refused, err filled. */
static int open_read_only(db *d, ud_buf *err)
{
    int kind = -2;
    d->reader = true;
    d->before = db_side_files_of(d->path);
    for (int pass = db_side_files_unremovable(d->path) ? 1 : 0; pass < 2 && kind == -2; pass++) {
        char *uri = db_file_uri(d->path, pass == 0 ? "mode=ro" : "mode=ro&immutable=1");
        if (!uri) {
            ud_buf_puts(err, "out of memory");
            return -1;
        }
        int rc = sqlite3_open_v2(uri, &d->h, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
        free(uri);
        if (rc == SQLITE_OK) {
            sqlite3_busy_timeout(d->h, busy_ms);
            sqlite3_extended_result_codes(d->h, 0);
            add_functions(d);
            int64_t objects;
            int code = pass == 0 && !query_int(d, "SELECT count(*) FROM sqlite_schema", &objects)
                           ? sqlite3_errcode(d->h) & 0xff
                           : SQLITE_OK;
            if (code == SQLITE_CANTOPEN || code == SQLITE_READONLY) {
                sqlite3_close(d->h);
                d->h = NULL;
                continue;
            }
            if (code == SQLITE_BUSY) { /* waited once already: not again in identify */
                busy_refusal(d, err);
                return -1;
            }
            kind = identify(d, err);
        } else {
            cannot_open(err, d->path, d->h ? sqlite3_errmsg(d->h) : "out of memory");
            kind = -1;
        }
    }
    return kind;
}

/* A reader writes nothing, so it cannot read what needs writing first:
 * an empty file (kind 1; a writer would create the schema) or an older
 * schema (kind 2; a writer would migrate it).  Says so in err. */
static void refuse_to_read(db *d, int kind, off_t size, ud_buf *err)
{
    int64_t version = 0;
    if (kind == 1 && size == 0)
        ud_buf_printf(err, "%s: an empty file, not a results database: nothing to read (nothing was changed)",
                      d->path);
    else if (kind == 1)
        ud_buf_printf(err,
                      "%s: a SQLite database without undead's tables, not a results database: "
                      "nothing to read (nothing was changed)",
                      d->path);
    else if (query_int(d, "PRAGMA user_version", &version))
        ud_buf_printf(err,
                      "%s: schema version %lld is older than this undead's (%d); 'undead db migrate "
                      "--db %s' brings it forward (nothing was changed)",
                      d->path, (long long)version, DB_SCHEMA_VERSION, d->path);
    else
        ud_buf_printf(err, "%s: cannot read it: %s (nothing was changed)", d->path, sqlite3_errmsg(d->h));
}

/* A writer needs the file and its folder writable (SQLite keeps the
 * database's journal, its -wal and -shm files, beside it): said plainly
 * before SQLite fails on it less clearly.  false with err filled. */
static bool writable(const char *path, bool exists, ud_buf *err)
{
    if (exists && access(path, W_OK) != 0 && (errno == EACCES || errno == EROFS)) {
        ud_buf_printf(err, "%s: cannot write it: the %s is read-only (nothing was changed)", path,
                      errno == EROFS ? "file system" : "file");
        return false;
    }
    const char *slash = strrchr(path, '/');
    char dir[4096];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    struct stat ds;
    bool found = stat(dir, &ds) == 0;
    if (!exists && (found ? !S_ISDIR(ds.st_mode) : errno == ENOENT || errno == ENOTDIR)) {
        ud_buf_printf(err, "%s: cannot make it: its folder %s %s (nothing was changed)", path, dir,
                      found ? "is not a folder" : "does not exist");
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0 && (errno == EACCES || errno == EROFS)) {
        ud_buf_printf(err,
                      "%s: cannot write it: its folder %s is read-only, and SQLite keeps the database's "
                      "journal there (nothing was changed)",
                      path, dir);
        return false;
    }
    return true;
}

bool db_sqlite_new_enough(ud_buf *err)
{
    if (sqlite3_libversion_number() >= UD_SQLITE_MIN_NUMBER)
        return true;
    ud_buf_printf(err, "undead needs SQLite %s or newer, and the library loaded is %s", UD_SQLITE_MIN_TEXT,
                  sqlite3_libversion());
    return false;
}

bool db_file_not_sqlite(const char *path)
{
    static const char magic[16] = "SQLite format 3";
    char head[16];
    FILE *f = fopen(path, "rb");
    if (!f)
        return false; /* SQLite says why it cannot be read */
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return n > 0 && (n < sizeof head || memcmp(head, magic, sizeof head) != 0);
}

/* The shared part of db_open and db_open_read. */
static db *open_db(const char *path, bool create, bool read_only, ud_buf *err)
{
    if (!db_sqlite_new_enough(err))
        return NULL;
    /* SQLite opens "" as a private temporary database: a run recorded
     * there is lost. */
    if (!*path) {
        ud_buf_puts(err, "--db '': expected a file name");
        return NULL;
    }
    /* SQLite's private in-memory database (the outcomes baseline's
     * scratch): no file, so no file of that name in the current folder
     * is looked at, and no folder need be writable */
    bool memory = strcmp(path, ":memory:") == 0;
    struct stat sb;
    bool exists = !memory && stat(path, &sb) == 0;
    struct stat link;
    if (!exists && !memory && lstat(path, &link) == 0 && S_ISLNK(link.st_mode)) {
        cannot_open(err, path, "no such file"); /* a link that leads nowhere, said so */
        return NULL;
    }
    if (!exists && !create) {
        ud_buf_printf(err, "%s: no such database (run a command that records, e.g. 'undead sim', first)",
                      path);
        return NULL;
    }
    /* a FIFO would block SQLite's first read for ever (infile.h) */
    if (exists && !S_ISREG(sb.st_mode)) {
        ud_buf why;
        ud_buf_init(&why);
        ud_infile_is_file(path, false, &why);
        ud_buf_printf(err, "%s: %s", path, ud_buf_str(&why));
        ud_buf_free(&why);
        return NULL;
    }
    /* SQLite takes a 1-byte file for an empty database, which a writer
     * would overwrite: its byte is someone's (db_file_not_sqlite) */
    if (exists && sb.st_size > 0 && db_file_not_sqlite(path)) {
        ud_buf_printf(err, "%s: not a SQLite database; refusing to use it (nothing was changed)", path);
        return NULL;
    }
    db *d = calloc(1, sizeof *d);
    if (!d || !(d->path = strdup(path))) {
        free(d);
        ud_buf_puts(err, "out of memory");
        return NULL;
    }
    if (read_only) {
        int kind = open_read_only(d, err);
        if (kind == 0) {
            d->read_only = true;
            if (exec(d, "PRAGMA query_only = ON", "opening read-only"))
                return d;
            ud_buf_puts(err, d->err);
        } else if (kind > 0)
            refuse_to_read(d, kind, sb.st_size, err);
        db_close(d);
        return NULL;
    }
    if (!memory && !writable(path, exists, err)) {
        db_close(d);
        return NULL;
    }
    int flags = SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE);
    /* a SQLite built to take URIs reads a name that begins "file:" as
     * one ("file:r.db?mode=memory": a database in memory, the run lost):
     * the file of that name is meant, as the readers open it (db_file_uri) */
    bool uri_like = strncmp(path, "file:", 5) == 0;
    char *named = malloc(strlen(path) + 3);
    if (named)
        snprintf(named, strlen(path) + 3, "%s%s", uri_like ? "./" : "", path);
    int opened = named ? sqlite3_open_v2(named, &d->h, flags, NULL) : SQLITE_NOMEM;
    free(named);
    if (opened != SQLITE_OK) {
        cannot_open(err, path, d->h ? sqlite3_errmsg(d->h) : "out of memory");
        db_close(d);
        return NULL;
    }
    sqlite3_busy_timeout(d->h, busy_ms);
    sqlite3_extended_result_codes(d->h, 0);
    add_functions(d);
    int kind = identify(d, err);
    if (kind < 0 || !configure(d, kind, err)) {
        db_close(d);
        return NULL;
    }
    return d;
}

db *db_open(const char *path, bool create, ud_buf *err) { return open_db(path, create, false, err); }

db *db_open_read(const char *path, ud_buf *err) { return open_db(path, false, true, err); }

bool db_read_only(const db *d) { return d->read_only; }

/* A writer that closes last puts the file back in rollback-journal mode,
 * which removes its -wal and -shm files: a reader opening a file in WAL
 * mode must make those files (read-only, it cannot remove them after), so
 * a read command would leave files behind it.  With another connection
 * open (another process, or verify's second connection) the switch is
 * refused at once (no busy wait) and the file stays in WAL mode; the next
 * writer switches it back to WAL (use_wal). */
static void leave_rollback_mode(db *d)
{
    if (!d->h || d->err[0])
        return;
    sqlite3_busy_timeout(d->h, 0);
    (void)sqlite3_exec(d->h, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
}

void db_close(db *d)
{
    if (!d)
        return;
    if (d->in_batch)
        db_commit(d);
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(d->stmt[i]);
    if (!d->reader)
        leave_rollback_mode(d);
    sqlite3_close(d->h);
    if (d->reader)
        db_side_files_remove_own(d->path, d->before);
    free(d->path);
    free(d);
}

sqlite3 *db_sqlite(db *d) { return d->h; }

const char *db_error(const db *d) { return d->err[0] ? d->err : NULL; }

/* Start the batch if none is open; false once anything failed. */
static bool batch(db *d)
{
    if (d->err[0])
        return false;
    if (d->in_batch)
        return true;
    if (!exec(d, "BEGIN IMMEDIATE", "starting a transaction"))
        return false;
    d->in_batch = 1;
    d->rows = 0;
    d->batch_start = now_seconds();
    return true;
}

/* Run a prepared insert whose parameters are bound; resets it. */
static bool step(db *d, stmt_id id, const char *what)
{
    sqlite3_stmt *st = d->stmt[id];
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) {
        fail(d, what);
        return false;
    }
    d->rows++;
    return true;
}

/* In the batch about to commit: this process's running runs were alive
 * now (runs.last_write, the end a run killed later is given). */
static bool heartbeat(db *d)
{
    char when[32];
    db_now(when);
    const char *id = owner_id(d);
    sqlite3_stmt *st = d->stmt[ST_HEARTBEAT];
    sqlite3_bind_text(st, 1, when, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, d->host, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, d->owner_pid);
    if (id)
        sqlite3_bind_text(st, 4, id, -1, SQLITE_STATIC);
    return step(d, ST_HEARTBEAT, "recording that the run is alive");
}

bool db_commit(db *d)
{
    if (!d->in_batch)
        return !d->err[0];
    if (!d->err[0])
        heartbeat(d);
    d->in_batch = 0;
    if (d->err[0]) {
        sqlite3_exec(d->h, "ROLLBACK", NULL, NULL, NULL);
        return false;
    }
    return exec(d, "COMMIT", "committing");
}

void db_tick(db *d)
{
    if (d->in_batch && (d->rows >= DB_BATCH_ROWS || now_seconds() - d->batch_start > DB_BATCH_SECONDS))
        db_commit(d);
}

static void bind_text(sqlite3_stmt *st, int i, const char *s)
{
    if (s)
        sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, i);
}

int64_t db_run_begin(db *d, const db_run *r)
{
    if (!db_commit(d))
        return 0;
    char when[32];
    db_now(when);
    const char *id = owner_id(d);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(d->h,
                           "INSERT INTO runs(started, command, command_line, game, "
                           "undead_version, source_revision, host, pid, proc_start, last_write) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK) {
        fail(d, "recording the run");
        return 0;
    }
    bind_text(st, 1, when);
    bind_text(st, 2, r->command);
    bind_text(st, 3, r->command_line);
    bind_text(st, 4, r->game);
    bind_text(st, 5, UD_VERSION);
    bind_text(st, 6, UD_REVISION);
    bind_text(st, 7, d->host);
    sqlite3_bind_int64(st, 8, d->owner_pid);
    bind_text(st, 9, id);
    bind_text(st, 10, when);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        fail(d, "recording the run");
        return 0;
    }
    return sqlite3_last_insert_rowid(d->h);
}

bool db_run_end(db *d, int64_t run, const char *status, int exit_code)
{
    if (!batch(d))
        return false;
    char when[32];
    db_now(when);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(d->h, "UPDATE runs SET ended = ?, status = ?, exit_code = ? WHERE id = ?", -1, &st,
                           NULL) != SQLITE_OK) {
        fail(d, "ending the run");
        return false;
    }
    bind_text(st, 1, when);
    bind_text(st, 2, status);
    sqlite3_bind_int(st, 3, exit_code);
    sqlite3_bind_int64(st, 4, run);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        fail(d, "ending the run");
    return db_commit(d);
}

void db_run_variant(db *d, int64_t run, int position, const char *key, const char *value)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_VARIANT];
    sqlite3_bind_int64(st, 1, run);
    sqlite3_bind_int(st, 2, position);
    bind_text(st, 3, key);
    bind_text(st, 4, value);
    step(d, ST_VARIANT, "recording a variant");
}

void db_run_param(db *d, int64_t run, const char *name, const char *value)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_PARAM];
    sqlite3_bind_int64(st, 1, run);
    bind_text(st, 2, name);
    bind_text(st, 3, value);
    step(d, ST_PARAM, "recording a parameter");
}

int64_t db_case_add(db *d, int64_t run, const db_case *c)
{
    if (!batch(d))
        return 0;
    sqlite3_stmt *st = d->stmt[ST_CASE];
    sqlite3_bind_int64(st, 1, run);
    const char *text[] = {
        c->key, c->kind, c->game, c->variants, c->inputs, c->status, c->outcome, c->winner
    };
    for (int i = 0; i < 8; i++)
        bind_text(st, 2 + i, text[i]);
    if (c->decisions >= 0)
        sqlite3_bind_int64(st, 10, c->decisions);
    bind_text(st, 11, c->prob_num);
    bind_text(st, 12, c->prob_den);
    bind_text(st, 13, c->rules);
    bind_text(st, 14, c->analysis);
    bind_text(st, 15, c->policy);
    if (c->seeded)
        sqlite3_bind_int64(st, 16, (int64_t)c->seed); /* its 64 bits: read back as uint64_t */
    if (!step(d, ST_CASE, "recording a case"))
        return 0;
    int64_t id = sqlite3_last_insert_rowid(d->h);
    /* in the case's batch: nothing commits between a case and its figures */
    for (int i = 0; i < c->n_figures; i++) {
        const db_figure *f = &c->figures[i];
        st = d->stmt[ST_CASE_FIGURE];
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int(st, 2, i + 1);
        bind_text(st, 3, f->name);
        sqlite3_bind_double(st, 4, f->value);
        bind_text(st, 5, f->exact_num);
        bind_text(st, 6, f->exact_den);
        if (!step(d, ST_CASE_FIGURE, "recording a case's figure"))
            return 0;
    }
    return id;
}

void db_case_outcome(db *d, int64_t case_id, int seat, const char *player, int64_t score, const char *outcome)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_CASE_OUTCOME];
    sqlite3_bind_int64(st, 1, case_id);
    sqlite3_bind_int(st, 2, seat);
    bind_text(st, 3, player);
    if (score != DB_NO_SCORE)
        sqlite3_bind_int64(st, 4, score);
    bind_text(st, 5, outcome);
    step(d, ST_CASE_OUTCOME, "recording a seat's outcome");
}

void db_case_rule(db *d, int64_t case_id, const char *rule, uint64_t fired)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_CASE_RULE];
    sqlite3_bind_int64(st, 1, case_id);
    bind_text(st, 2, rule);
    sqlite3_bind_int64(st, 3, (int64_t)fired);
    step(d, ST_CASE_RULE, "recording a case's rules");
}

void db_event(db *d, int64_t case_id, int seq, const char *rule, const char *text, int state_seq)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_EVENT];
    sqlite3_bind_int64(st, 1, case_id);
    sqlite3_bind_int(st, 2, seq);
    bind_text(st, 3, rule);
    bind_text(st, 4, text);
    if (state_seq > 0)
        sqlite3_bind_int(st, 5, state_seq);
    step(d, ST_EVENT, "recording an event");
}

void db_violation(db *d, int64_t run, int64_t case_id, const char *invariant, const char *rule,
                  const char *message, const char *transcript)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_VIOLATION];
    sqlite3_bind_int64(st, 1, run);
    if (case_id > 0)
        sqlite3_bind_int64(st, 2, case_id);
    bind_text(st, 3, invariant);
    bind_text(st, 4, rule);
    bind_text(st, 5, message);
    bind_text(st, 6, transcript);
    step(d, ST_VIOLATION, "recording a violation");
}

void db_coverage(db *d, int64_t run, const char *game, const char *rule, uint64_t fired)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_COVERAGE];
    sqlite3_bind_int64(st, 1, run);
    bind_text(st, 2, game);
    bind_text(st, 3, rule);
    sqlite3_bind_int64(st, 4, (int64_t)fired);
    step(d, ST_COVERAGE, "recording coverage");
}

void db_metric(db *d, int64_t run, const char *name, double value, const char *unit)
{
    if (!batch(d))
        return;
    sqlite3_stmt *st = d->stmt[ST_METRIC];
    sqlite3_bind_int64(st, 1, run);
    bind_text(st, 2, name);
    sqlite3_bind_double(st, 3, value);
    bind_text(st, 4, unit);
    step(d, ST_METRIC, "recording a metric");
}
