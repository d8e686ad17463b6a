/*
 * db_sql.h - the SQL text undead carries: db/schema.sql, the migrations
 * db/migrations/NNN.sql and the named queries db/queries/NAME.sql and
 * spec/GAME-FOLDER/queries/NAME.sql (named "GAME-FOLDER/NAME"), embedded
 * at build time by db/embed.cmake (so the binary works from any directory).
 */
#ifndef UD_DB_SQL_H
#define UD_DB_SQL_H

typedef struct db_named_sql {
    const char *name; /* path below the folder, without .sql; NULL ends the table */
    const char *sql;
} db_named_sql;

extern const char *const db_schema_sql;
/* "002" upgrades version 1 to 2, and so on, in order. */
extern const db_named_sql db_migrations[];
extern const db_named_sql db_queries[];

#endif
