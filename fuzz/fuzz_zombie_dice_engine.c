/*
 * fuzz_zombie_dice_engine.c - Zombie Dice driven by the input bytes: the
 * bytes pick the variants, the player count, every die drawn and rolled
 * and every decision; all invariants are checked after every rule firing,
 * and the transcript written must replay and regenerate identically.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzzing.h"
#include "zombie_dice/zd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return ud_fuzz_game(&zd_game, data, size);
}
