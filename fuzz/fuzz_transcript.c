/*
 * fuzz_transcript.c - arbitrary text through the transcript parser and the
 * checker (every built-in game).  Bad input must be an error message,
 * never a crash; a transcript the checker accepts must regenerate to
 * itself (checked on one input in UD_FUZZ_DEEP_EVERY, default 16: see
 * docs/fuzzing.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzzing.h"
#include "games.h"

enum { DEEP_EVERY_DEFAULT = 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        const char *e = getenv("UD_FUZZ_DEEP_EVERY");
        long every = e ? strtol(e, NULL, 10) : DEEP_EVERY_DEFAULT;
        ud_fuzz_set_deep_every(every > 0 ? (unsigned)every : DEEP_EVERY_DEFAULT);
        ready = 1;
    }
    return ud_fuzz_check(data, size, ud_find_game);
}
