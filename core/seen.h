/*
 * seen.h - a seeded game played quietly and written down as one side of a
 * comparison: its record's lines, row tags dropped, or what the
 * conformance protocol shows of it.
 *
 * Two changes of the rules are told apart by such games: `undead mutate
 * --check-duplicates` (a declared duplicate against its twin), and
 * `undead conform`'s choice of the readings to play a tie again under
 * (tools/conform/conform_readings.c).
 */
#ifndef UD_SEEN_H
#define UD_SEEN_H
#include <stdint.h>

#include "buf.h"
#include "play.h"

typedef enum {
    UD_SEEN_RECORD,   /* the lines the rows write, without their row tags */
    UD_SEEN_PROTOCOL, /* what `undead conform` compares: every chance pick (its event,
                       * every outcome it could take, in order, and the one taken),
                       * and after the set-up and each decision the state as the
                       * game describes it, the seat to move and its offers, or each
                       * seat's result; no row's line */
} ud_seen_view;

/* Play m's seeded game on table t (as ud_play plays it: the same seeds,
 * each seat by its policy) with no invariant checked (an invariant reads
 * the state inside, where two changes no game tells apart may differ),
 * into out (emptied first): the view's lines, then one line saying how the
 * game stopped, and why.  fired (UD_MAX_RULES counts, zeroed first) gets
 * each row's firings.  state must hold m->game->state_size bytes. */
void ud_seen_play(const ud_match *m, const ud_table *t, void *state, ud_seen_view view, ud_buf *out,
                  uint64_t *fired);

#endif
