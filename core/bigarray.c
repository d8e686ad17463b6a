/*
 * bigarray.c - large growable arrays (bigarray.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE /* mremap */
#endif
#include "bigarray.h"

#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UD_BIG_MALLOC 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || !defined(__linux__)
#define UD_BIG_MALLOC 1
#endif

#ifndef UD_BIG_MALLOC
#include <sys/mman.h>
#include <unistd.h>

/* bytes rounded up to whole pages */
static size_t pages(size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

static void *resize_bytes(void *p, size_t old, size_t new_bytes)
{
    void *q;
    if (!p || !old)
        q = mmap(NULL, pages(new_bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    else if (pages(new_bytes) == pages(old))
        q = p;
    else
        q = mremap(p, pages(old), pages(new_bytes), MREMAP_MAYMOVE);
    if (q == MAP_FAILED)
        return NULL;
    if (p && new_bytes < old)
        return q;
    /* a hint: without it (or with the kernel's huge pages off) the array
     * is the same, in small pages */
    (void)madvise(q, pages(new_bytes), MADV_HUGEPAGE);
    /* mapped pages come zeroed, and a shrink to fewer pages unmaps the
     * rest; only the last page's tail past old, if old shrank within a
     * page before, may hold old bytes */
    if (p && old < new_bytes && pages(old) > old)
        memset((char *)q + old, 0, (pages(old) < new_bytes ? pages(old) : new_bytes) - old);
    return q;
}

void ud_big_free(void *p, size_t bytes)
{
    if (p && bytes)
        munmap(p, pages(bytes));
}

#else

static void *resize_bytes(void *p, size_t old, size_t new_bytes)
{
    char *q = realloc(p, new_bytes);
    if (q && new_bytes > old)
        memset(q + old, 0, new_bytes - old);
    return q;
}

void ud_big_free(void *p, size_t bytes)
{
    (void)bytes;
    free(p);
}

#endif

void *ud_big_resize(void *p, size_t *size, size_t new_bytes)
{
    void *q = resize_bytes(p, *size, new_bytes);
    if (q)
        *size = new_bytes;
    return q;
}
