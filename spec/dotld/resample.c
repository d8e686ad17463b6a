/*
 * resample.c - Dice of the Living Dead dealt again where a seat cannot see
 * (ud_game.resample), for the estimates a person asks for at the table:
 * the Stress Cards the other players hold go back among the cards still
 * to draw, and each of them is dealt one again at random (the seat knows
 * who holds a card, not which).  The draw pile is a set, drawn from at
 * random: it has no order to hide.
 */
#include "dotld.h"
#include "rng.h"

void dl_resample(void *state, int seat, ud_rng *rng)
{
    dl_state *st = state;
    for (int i = 0; i < DL_MAX_PLAYERS; i++)
        if (i != seat && st->stress_hand[i])
            st->stress_deck[st->stress_hand[i] - 1] = 1;
    for (int i = 0; i < DL_MAX_PLAYERS; i++) {
        if (i == seat || !st->stress_hand[i])
            continue;
        int n = 0, pick;
        for (int k = 0; k < DL_MAX_STRESS; k++)
            n += st->stress_deck[k] == 1;
        pick = n ? (int)ud_rng_below(rng, (uint32_t)n) : -1;
        for (int k = 0; k < DL_MAX_STRESS && pick >= 0; k++)
            if (st->stress_deck[k] == 1 && pick-- == 0) {
                st->stress_deck[k] = 0;
                st->stress_hand[i] = (uint8_t)(k + 1);
            }
    }
}
