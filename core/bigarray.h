/*
 * bigarray.h - arrays of tens of megabytes that grow by doubling (the
 * explorer's states, nodes, index and edges).
 *
 * Why not realloc: a large realloc copies the array into new pages, and
 * each new page costs the kernel a fault; on a virtual machine a fault
 * takes microseconds, and the School Bus's exact turn spent a large part
 * of its single-threaded merge in them (docs/speed.md).  On Linux these
 * arrays are mapped from the kernel instead, grown in place or moved by
 * remapping their pages (no copy), and asked to be backed by huge pages
 * (a fault per 2 MiB instead of per 4 KiB).  Elsewhere, and under
 * AddressSanitizer (which checks malloc's blocks, not mapped pages),
 * they are plain malloc blocks.
 */
#ifndef UD_BIGARRAY_H
#define UD_BIGARRAY_H

#include <stddef.h>

/* p (of old bytes, NULL when old is 0) resized to new bytes (> 0); the
 * bytes past old are zero.  NULL when there is no memory: p is then
 * unchanged and still owned by the caller. */
void *ud_big_resize(void *p, size_t old, size_t new_bytes);

/* Release p, of `bytes` bytes as last resized (nothing for NULL). */
void ud_big_free(void *p, size_t bytes);

#endif
