/*
 * sidefiles.h - a read-only open that leaves no file beside the database.
 *
 * SQLite keeps a WAL database's -wal and -shm files beside it, and a
 * connection opening a file whose header says WAL makes them when they
 * are not there, even a read-only one; only the last connection to close
 * removes them, and only when it may write (it checkpoints first).  So a
 * reader of a WAL file (one a killed writer left, or an older undead's)
 * would leave them behind, a refused corrupt file included.  The readers
 * note what was there before they open, and after they close remove what
 * they made, by SQLite's own rule for its last connection: the -wal holds
 * no frame, and no connection has the database open (a write lock on the
 * bytes every connection to a WAL database holds a read lock on).  Why
 * this and not immutable=1: db/README.md, "Reliability".  Inside db/ only.
 */
#ifndef UD_DB_SIDEFILES_H
#define UD_DB_SIDEFILES_H

#include <stdbool.h>

/* Which of a database's side files are there (journal: a rollback
 * journal holding something, which a write that did not finish leaves). */
typedef struct db_side_files {
    bool wal, shm, journal;
} db_side_files;

/* What is beside path now. */
db_side_files db_side_files_of(const char *path);

/* Whether path's header says WAL (bytes 18 and 19 are 2) and there is no
 * -wal or -shm beside it, while the file itself cannot be written by this
 * process: a read-only open would make side files it could not remove
 * (it cannot take the write lock below), and there is nothing outside the
 * file to read and no writer to share it with, so immutable=1 reads it
 * whole without them. */
bool db_side_files_unremovable(const char *path);

/* After this process closed its connection to path: remove the side files
 * that were not there before (before: db_side_files_of before it opened)
 * when the -wal is empty and no connection, of any process, this one's
 * included, has the database open.  Best effort: a file left is one SQLite
 * still needs, or one it would make again. */
void db_side_files_remove_own(const char *path, db_side_files before);

/* A "file:" URI for path (SQLITE_OPEN_URI), every byte but the plain ones
 * escaped, with query (e.g. "mode=ro"); malloc'd, NULL when out of memory. */
char *db_file_uri(const char *path, const char *query);

#endif
