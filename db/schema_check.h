/*
 * schema_check.h - whether a database file holds every table and view of
 * this undead's schema (db/schema.sql), with every column: a file whose
 * user_version is current but which lost a table (dropped by hand) is not
 * a whole results database, and every open refuses it (exit 2) before a
 * read fails half-way through a report.  Inside db/ only.
 */
#ifndef UD_DB_SCHEMA_CHECK_H
#define UD_DB_SCHEMA_CHECK_H

#include "buf.h"

typedef struct sqlite3 sqlite3;

/* 0: h holds the whole schema; 1: something is missing, said in what
 * ("its table case_outcomes is missing", "its table runs has no column
 * pid"); -1: the check itself failed (what says why). */
int db_schema_missing(sqlite3 *h, ud_buf *what);

#endif
