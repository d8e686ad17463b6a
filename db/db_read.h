/*
 * db_read.h - the reads behind `undead db` (runs, show, diff, integrity)
 * and the outcomes baseline, as prepared statements with their parameters
 * bound: the caller steps them (table.h prints them) and finalizes them.
 * NULL means a SQL error: sqlite3_errmsg(db_sqlite(d)) says which.
 */
#ifndef UD_DB_READ_H
#define UD_DB_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "db.h"

typedef struct sqlite3_stmt sqlite3_stmt;

/* A run named as typed: an ID, "last", or "last~N" (N runs before the
 * last); 0 if there is no such run. */
int64_t db_find_run(db *d, const char *word);

/* The newest `limit` runs, oldest first: id, started, status, command,
 * game, cases, violations, seconds, version, revision, command_line. */
sqlite3_stmt *db_read_runs(db *d, int64_t limit);

/* The sections of `undead db show RUN`: how many, each one's title, and
 * its rows for a run. */
int db_show_sections(void);
const char *db_show_title(int section);
sqlite3_stmt *db_read_show(db *d, int section, int64_t run);

/* Cases of run b against run a, paired by key. */
typedef struct db_diff_count {
    int64_t changed, removed, added, unchanged;
} db_diff_count;
bool db_diff_counts(db *d, int64_t a, int64_t b, db_diff_count *out);
/* change (changed, removed, added, rules), key, outcome_a, outcome_b;
 * with rules, also the cases whose outcome is the same but rules differ
 * (outcome_a/b are then the rules). */
sqlite3_stmt *db_read_diff(db *d, int64_t a, int64_t b, bool rules);

/* The game a run is of, into game (size bytes): the one it names, else
 * the one game of all its cases; "" when it spans games or has none (a
 * golden check of every game).  False when there is no such run or the
 * read failed. */
bool db_read_run_game(db *d, int64_t run, char *game, size_t size);

/* How a run ended, as `undead db diff` notes it: its status ("running"
 * when its process is gone shows as "interrupted"), and the verify run it
 * is part of (0: none) with that run's status.  False when there is no
 * such run or the read failed. */
typedef struct db_run_finish {
    char status[16];
    int64_t verify;
    char verify_status[16];
} db_run_finish;
bool db_read_run_finish(db *d, int64_t run, db_run_finish *out);

/* PRAGMA integrity_check of the file at PATH as it is: opened read-only
 * with none of the checks db_open makes (they refuse a corrupt file, the
 * very case this is asked about), leaving no side file (sidefiles.h).
 * Each line of the report goes to LINE; when SQLite's says "ok" and the
 * file is a results database of this version, its schema is checked too
 * (schema_check.h: a missing table is a line "PATH: not a whole results
 * database: ...").  DB_CHECK_OK when the report is the one line "ok",
 * DB_CHECK_PROBLEMS when it is anything else, DB_CHECK_BUSY with err
 * saying so when another process held the file's lock past the wait
 * (db_busy_ms), DB_CHECK_ERROR with err
 * filled when the file would not open ("cannot open: ...") or the check
 * stopped (SQLite's message; the lines before it were given). */
typedef enum { DB_CHECK_OK, DB_CHECK_PROBLEMS, DB_CHECK_ERROR, DB_CHECK_BUSY } db_check;
db_check db_integrity_file(const char *path, void (*line)(void *ctx, const char *text), void *ctx,
                           ud_buf *err);

/* PRAGMA integrity_check: one row "ok", or the problems. */
sqlite3_stmt *db_read_integrity(db *d);

/* Every case of the database as the baseline holds it, sorted:
 * key, variants, outcome, probability (num/den or empty), rules. */
sqlite3_stmt *db_read_baseline(db *d);

#endif
