/*
 * pieces.c - share independent pieces of work among threads (see
 * pieces.h).  Each thread takes the next piece not yet taken, so a slow
 * piece does not hold up the others.
 */
#include "pieces.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

typedef struct worker_pool {
    char *pieces;
    int n;
    size_t size;
    void (*fn)(void *piece);
    atomic_int next;
} worker_pool;

static void *work(void *arg)
{
    worker_pool *w = arg;
    for (int j; (j = atomic_fetch_add(&w->next, 1)) < w->n;)
        w->fn(w->pieces + (size_t)j * w->size);
    return NULL;
}

void ud_run_pieces(int jobs, void *pieces, int n, size_t size, void (*fn)(void *piece))
{
    worker_pool w = { .pieces = pieces, .n = n, .size = size, .fn = fn };
    atomic_init(&w.next, 0);
    if (jobs > n)
        jobs = n;
    if (jobs > UD_MAX_JOBS)
        jobs = UD_MAX_JOBS;
    pthread_t tid[UD_MAX_JOBS];
    int started = 0;
    /* a thread that cannot be started leaves its share to the others:
     * the work and its result are the same, only slower */
    while (started + 1 < jobs && pthread_create(&tid[started], NULL, work, &w) == 0)
        started++;
    work(&w);
    for (int j = 0; j < started; j++)
        pthread_join(tid[j], NULL);
}

int ud_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > UD_MAX_JOBS ? UD_MAX_JOBS : (int)n;
}
