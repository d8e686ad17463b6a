/*
 * parallel.h - share independent pieces of work among threads.  The
 * pieces are an array; piece j is given to fn on some thread.  Callers
 * make each piece deterministic on its own (games seeded by their index)
 * and combine the pieces in index order, so results do not depend on
 * how many threads there were.
 */
#ifndef UD_PARALLEL_H
#define UD_PARALLEL_H

#include <stddef.h>

enum { UD_MAX_JOBS = 64 };

/* fn(piece) for each of the n pieces (size bytes each, from pieces), on
 * at most jobs threads, the calling one included; returns when all are
 * done (on fewer threads if some could not be started). */
void ud_run_pieces(int jobs, void *pieces, int n, size_t size, void (*fn)(void *piece));

/* Every core this machine has online (at most UD_MAX_JOBS). */
int ud_default_jobs(void);

#endif
