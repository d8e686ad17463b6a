/*
 * owner.h - which process owns a run, and whether it still runs.
 *
 * A run row names its process by host, pid and an identity that a reused
 * pid does not share: the boot's ID and the process's start time
 * (/proc/sys/kernel/random/boot_id, field 22 of /proc/PID/stat), as
 * "BOOT-ID/START-TICKS".  A pid alone is not enough: the same process opens
 * a second connection (verify's analyses), and pids come round again.
 * Why this and not a lock or a token: db/README.md, "Reliability".
 */
#ifndef UD_DB_OWNER_H
#define UD_DB_OWNER_H

#include <stdbool.h>
#include <stdint.h>

enum { OWNER_ID_MAX = 80 };

/* The identity of process pid ("BOOT-ID/START-TICKS"); false when it
 * cannot be read (no such process, no /proc). */
bool owner_identity(int64_t pid, char out[OWNER_ID_MAX]);

/* Whether the process that owns a run (host, pid, identity; identity NULL
 * in a row written before identities were kept, or where /proc was not
 * there) is gone.  Never true for this process's own runs, nor for a live
 * process, nor for a run of another host (which cannot be asked). */
bool owner_gone(const char *host, int64_t pid, const char *identity);

#endif
