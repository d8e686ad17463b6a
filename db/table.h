/*
 * table.h - printing the rows of a SQL statement for people (aligned
 * columns) or programs (CSV as RFC 4180 quotes it, with LF line ends, or a JSON array of objects).
 */
#ifndef UD_TABLE_H
#define UD_TABLE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct sqlite3_stmt sqlite3_stmt;

typedef enum { TBL_TEXT, TBL_CSV, TBL_JSON } tbl_format;

/* "text", "csv" or "json"; false otherwise. */
bool tbl_parse_format(const char *s, tbl_format *out);
/* Step st to the end, printing every row.  Returns the number of rows,
 * or -1 on a SQL error (st's database holds the message). */
long tbl_print(sqlite3_stmt *st, tbl_format f, FILE *out);

#endif
