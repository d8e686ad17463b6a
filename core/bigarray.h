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

/* p (of *size bytes, NULL when *size is 0) resized to new_bytes (> 0),
 * and *size with it; the bytes past the old size are zero.  NULL when
 * there is no memory: p and *size are then unchanged, p still the
 * caller's. */
void *ud_big_resize(void *p, size_t *size, size_t new_bytes);

/* Release p, of `bytes` bytes as last resized (nothing for NULL). */
void ud_big_free(void *p, size_t bytes);

#endif
