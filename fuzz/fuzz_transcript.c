/*
 * fuzz_transcript.c - arbitrary text through the transcript parser and the
 * checker (every built-in game).  Bad input must be an error message,
 * never a crash; a transcript the checker accepts must regenerate to
 * itself.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzzing.h"
#include "games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return ud_fuzz_check(data, size, ud_find_game);
}
