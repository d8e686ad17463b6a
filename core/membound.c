/*
 * membound.c - a bound in bytes on what a search grows (membound.h).
 */
#include "membound.h"

#include <unistd.h>

void ud_membound_init(ud_membound *m, uint64_t limit)
{
    atomic_init(&m->used, 0);
    atomic_init(&m->peak, 0);
    atomic_init(&m->hit, false);
    m->limit = limit ? limit : ud_membound_default();
}

bool ud_mem_resize(ud_membound *m, size_t old_bytes, size_t new_bytes)
{
    if (!m)
        return true;
    if (new_bytes <= old_bytes) {
        atomic_fetch_sub(&m->used, (uint64_t)(old_bytes - new_bytes));
        return true;
    }
    uint64_t add = new_bytes - old_bytes;
    uint64_t now = atomic_fetch_add(&m->used, add) + add;
    if (now > m->limit) {
        atomic_fetch_sub(&m->used, add);
        atomic_store(&m->hit, true);
        return false;
    }
    uint64_t peak = atomic_load(&m->peak);
    while (now > peak && !atomic_compare_exchange_weak(&m->peak, &peak, now))
        ;
    return true;
}

uint64_t ud_membound_default(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return (uint64_t)4 << 30;
    return (uint64_t)pages * (uint64_t)page / 2;
}
