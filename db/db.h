/*
 * db.h - the results database (SQLite): opening it safely, and writing
 * what a run found.  Schema: db/schema.sql; guide: db/README.md.
 *
 * Opening never harms a file it does not own: a file that is not SQLite,
 * a SQLite file of another program, a corrupt file or one of a newer
 * schema is refused with a message and left as it was.  An undead
 * database of an older schema is migrated forward.  Runs left 'running'
 * by a process that is gone are marked 'interrupted'.
 *
 * Writes are batched: they go into one IMMEDIATE transaction that
 * db_tick commits every few thousand rows (or quarter second) and
 * db_commit ends, so a killed run loses at most its last batch and never
 * an earlier run.  Every value is a bound parameter.  After the first
 * error every write is a no-op and db_error says what went wrong.
 */
#ifndef UD_DB_H
#define UD_DB_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"

typedef struct sqlite3 sqlite3;
typedef struct db db;

enum { DB_SCHEMA_VERSION = 8, DB_APPLICATION_ID = 0x756e6464 /* "undd" */ };

/* What a run is, written when it starts. */
typedef struct db_run {
    const char *command; /* play, sim, check, golden, baseline */
    const char *command_line;
    const char *game; /* NULL when the run spans games */
} db_run;

/* One named figure of a case (case_figures in db/schema.sql). */
typedef struct db_figure {
    const char *name;
    double value;
    const char *exact_num; /* NULL: no exact value */
    const char *exact_den;
} db_figure;

/* One case (see cases in db/schema.sql). */
typedef struct db_case {
    const char *key;
    const char *kind;
    const char *game;
    const char *variants; /* db/README.md "Variant settings": "defaults" or
                                 * "KEY=VALUE KEY=VALUE" (non-defaults, game order) */
    const char *inputs;
    const char *status; /* complete, partial, illegal, violation, error */
    const char *outcome;
    const char *winner;   /* NULL: none */
    int64_t decisions;    /* < 0: unknown */
    const char *prob_num; /* NULL: no exact probability */
    const char *prob_den;
    const char *rules;
    const char *analysis;     /* an analysis's case (kind solve): "turn", "combat", ...; NULL: none */
    const char *policy;       /* the policy it follows when the analysis compares policies; NULL: none */
    const db_figure *figures; /* an analysis's figures, written with the case; NULL: none */
    int n_figures;
    bool seeded;   /* a game undead played from a seed (play, sim): seed is stored */
    uint64_t seed; /* as its 64 bits: from 2^63 on SQLite reads it as seed - 2^64 */
} db_case;

/* The SQLite library loaded is one undead's queries run on (the build
 * checked the headers; the library loaded at run time may be older):
 * false with err filled ("undead needs SQLite 3.33.0 or newer, ...").
 * db_open and db_open_read check it first. */
bool db_sqlite_new_enough(ud_buf *err);

/* Open the database at path to write it (creating it when create is set
 * and there is no file; an empty file gets the schema, an older schema is
 * migrated); NULL with err filled: a file or folder that cannot be
 * written is said to be read-only. */
db *db_open(const char *path, bool create, ud_buf *err);
/* Open an existing database to read it only (undead db runs/show/diff/
 * query, faq): opened read-only (SQLITE_OPEN_READONLY), so a read-only
 * file or folder can be read, and nothing is written — runs whose process
 * is gone are not marked interrupted (the next writing open does that).
 * The same refusals as db_open, and two more, for what only a writer could
 * make readable: an empty file (or a SQLite file without undead's tables)
 * and an older schema (db_open migrates it: undead db migrate). */
db *db_open_read(const char *path, ud_buf *err);
/* How long an open (and every write after it) waits for another process
 * that holds the database's lock, in milliseconds, before it gives up
 * saying the database is busy: DB_BUSY_MS_DEFAULT (30 s) unless set
 * (undead: $UNDEAD_DB_BUSY_MS, cli_db_path).  For the databases opened
 * after the call. */
enum { DB_BUSY_MS_DEFAULT = 30000, DB_BUSY_MS_MAX = 3600000 };
void db_set_busy_ms(int ms);
int db_busy_ms(void);
/* How a lock held past that wait is said, appended to out: "the database
 * is busy: another process holds its lock, and undead waited N s for it;
 * try again when that process is done". */
void db_busy_text(ud_buf *out);
/* Whether the file at path has bytes but does not begin with SQLite's
 * header ("SQLite format 3\0"): SQLite itself refuses such a file of 2
 * bytes or more, but reads a 1-byte file as an empty database (which a
 * writer would overwrite).  False for an empty file, and for one that
 * cannot be read. */
bool db_file_not_sqlite(const char *path);
/* Whether d was opened read-only. */
bool db_read_only(const db *d);
void db_close(db *d);
sqlite3 *db_sqlite(db *d);

/* Start a run (status 'running', committed at once); 0 on error. */
int64_t db_run_begin(db *d, const db_run *r);
/* End it: status complete/failed/interrupted, everything committed. */
bool db_run_end(db *d, int64_t run, const char *status, int exit_code);

void db_run_variant(db *d, int64_t run, int position, const char *key, const char *value);
void db_run_param(db *d, int64_t run, const char *name, const char *value);
/* The new case's id, or 0 on error. */
int64_t db_case_add(db *d, int64_t run, const db_case *c);
/* One seat's outcome in a case (case_outcomes): seat 1, 2, ... in sitting
 * order; score DB_NO_SCORE when there is none; outcome one of "won" (the
 * one winner), "shared" (one of several), "lost", "out" (eliminated while
 * the game went on), "none" (undecided). */
#define DB_NO_SCORE INT64_MIN
void db_case_outcome(db *d, int64_t case_id, int seat, const char *player, int64_t score,
                     const char *outcome);
void db_case_rule(db *d, int64_t case_id, const char *rule, uint64_t fired);
void db_event(db *d, int64_t case_id, int seq, const char *rule, const char *text, int state_seq);
void db_violation(db *d, int64_t run, int64_t case_id, const char *invariant, const char *rule,
                  const char *message, const char *transcript);
void db_coverage(db *d, int64_t run, const char *game, const char *rule, uint64_t fired);
void db_metric(db *d, int64_t run, const char *name, double value, const char *unit);

/* Commit the open batch if it is big or old enough. */
void db_tick(db *d);
/* Commit the open batch now; false on error. */
bool db_commit(db *d);
/* The first error since opening, or NULL. */
const char *db_error(const db *d);

/* The current UTC time as ISO 8601 with milliseconds. */
void db_now(char out[32]);

#endif
