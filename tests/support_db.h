/*
 * support_db.h - fixtures of the results database's suites
 * (tests/test_db_store.c and a game's own, spec/GAME/tests/): a scratch
 * folder per test, one-value queries, opening a database that must open,
 * and running the binary with its arguments listed.
 */
#ifndef UD_TEST_SUPPORT_DB_H
#define UD_TEST_SUPPORT_DB_H

#include <stdint.h>

#include <sqlite3.h>

#include "db.h"

/* A TestSuite's .init and .fini: make and remove the scratch folder. */
void db_suite_init(void);
void db_suite_fini(void);
/* The scratch folder, and NAME in it (valid until the next call). */
const char *db_scratch(void);
char *path_in(const char *name);

/* The one value of a one-row query (the test fails otherwise); the text
 * is valid until the next call. */
int64_t one_int(sqlite3 *h, const char *sql);
const char *one_text(sqlite3 *h, const char *sql);

/* db_open(path) for writing, which must succeed. */
db *open_ok(const char *path);

/* Run the binary with the arguments up to a NULL; returns the exit
 * status, its output in *out (free it); its errors are logged when it
 * fails. */
int cli(char **out, ...);

#endif
