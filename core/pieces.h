/*
 * pieces.h - share independent pieces of work among threads.  The
 * pieces are an array; piece j is given to fn on some thread.  Callers
 * make each piece deterministic on its own (games seeded by their index)
 * and combine the pieces in index order, so results do not depend on
 * how many threads there were.
 */
#ifndef UD_PIECES_H
#define UD_PIECES_H

#include <stddef.h>
#include <stdint.h>

enum {
    UD_MAX_JOBS = 64,
    /* How many pieces a thread's share of a run is cut into.  Threads
     * take the next piece as they finish one, and a run ends when its
     * last piece does: the finer the pieces, the less a thread waits at
     * the end, whether its games ran long or its core is slower (two
     * cores of one virtual machine can differ by half). */
    UD_PIECES_PER_JOB = 16
};

/* fn(piece) for each of the n pieces (size bytes each, from pieces), on
 * at most jobs threads, the calling one included; returns when all are
 * done (on fewer threads if some could not be started). */
void ud_run_pieces(int jobs, void *pieces, int n, size_t size, void (*fn)(void *piece));

/* Piece j of n of total items (games, seeds): the first item and how
 * many, contiguous and as even as whole items allow. */
static inline void ud_piece_range(uint64_t total, int j, int n, uint64_t *first, uint64_t *count)
{
    *first = total * (uint64_t)j / (uint64_t)n;
    *count = total * (uint64_t)(j + 1) / (uint64_t)n - *first;
}

/* Every core this machine has online (at most UD_MAX_JOBS). */
int ud_default_jobs(void);

#endif
