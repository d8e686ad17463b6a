/*
 * prob.h - the exact probability of a game's chance outcomes, given its
 * decisions: the product, over every chance pick, of (outcomes with the
 * label that happened) / (outcomes possible).  Computed by replaying the
 * game's transcript lines (capture.h) through the engine; the numbers
 * outgrow 64 bits within a few turns, so they are GMP rationals, kept in
 * lowest terms and handed out as decimal text.
 *
 * For a partial transcript it is the probability of the part recorded.
 */
#ifndef UD_PROB_H
#define UD_PROB_H

#include <stdbool.h>

#include "capture.h"
#include "game.h"

typedef struct prob {
    char *num; /* decimal, lowest terms */
    char *den;
} prob;

/* false when the lines do not replay (then out is untouched). */
bool prob_of_lines(const ud_game *g, const ud_setup *setup, const capture *lines, prob *out);
void prob_free(prob *p);

#endif
