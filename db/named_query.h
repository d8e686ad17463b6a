/*
 * named_query.h - the named queries of db/queries/NAME.sql (generic) and
 * spec/GAME-FOLDER/queries/NAME.sql (one game's, named "GAME-FOLDER/NAME",
 * e.g. "zombie_dice/shortage-turns"): one SQL statement each, behind a header comment that says what it answers and
 * which parameters it takes:
 *
 *   -- One line: what this query answers.
 *   -- More lines of explanation (optional).
 *   -- @param rule             (required) a rule ID, e.g. ZD-BUST
 *   -- @param run=null         a run ID; null: every run
 *   -- @param limit=50         at most this many rows
 *
 * Parameters are bound by name (:rule), never pasted into the text;
 * a value that is a whole number is bound as an integer, "null" as NULL.
 */
#ifndef UD_NAMED_QUERY_H
#define UD_NAMED_QUERY_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;

enum { NQ_MAX_PARAMS = 16 };

typedef struct nq_param {
    char name[32];
    char def[64];
    bool required;
    char help[160];
} nq_param;

typedef struct nq_query {
    const char *name;
    const char *sql;
    char summary[200]; /* the header's first line */
    int n_params;
    nq_param params[NQ_MAX_PARAMS];
} nq_query;

/* Find a shipped query by name (header parsed); false if there is none.
 * A game's query is also found by its bare NAME when no other game's query
 * has that NAME. */
bool nq_find(const char *name, nq_query *out);
/* Print every query with its summary and parameters. */
void nq_list(FILE *out);
/* Prepare q with values "k=v" (count n); NULL with err filled. */
sqlite3_stmt *nq_prepare(sqlite3 *h, const nq_query *q, char *const *values, int n, ud_buf *err);

#endif
