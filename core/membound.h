/*
 * membound.h - a bound in bytes on what a search grows (--max-memory).
 *
 * Every array that grows with the input takes its new bytes from one
 * budget before it grows, on any thread; an array that would pass the
 * limit does not grow, the budget is marked hit, and the search stops
 * there with what it has.  One budget is shared by everything a command
 * runs in turn (the explorer's arrays, then the chain solve after it), so
 * the bound is one figure a user can give.  Counted: the arrays'
 * capacities, not the few fixed buffers nor GMP's limbs.
 */
#ifndef UD_MEMBOUND_H
#define UD_MEMBOUND_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ud_membound {
    _Atomic uint64_t used;
    uint64_t limit;
    _Atomic uint64_t peak;
    _Atomic bool hit;
} ud_membound;

/* A budget of limit bytes, nothing used; limit 0: ud_membound_default(). */
void ud_membound_init(ud_membound *m, uint64_t limit);

/* An array of old_bytes about to become new_bytes: false (and the bound
 * marked hit) when that passes the limit.  m NULL: no bound, true. */
bool ud_mem_resize(ud_membound *m, size_t old_bytes, size_t new_bytes);

/* The default bound: half the machine's physical memory (4 GiB where the
 * system does not say). */
uint64_t ud_membound_default(void);

#endif
