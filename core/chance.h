/*
 * chance.h - where every random outcome comes from.
 *
 * An engine never calls rand(): a rule effect asks for "one of n equally
 * likely outcomes" through ud_chance_pick().  Each outcome carries a label
 * (a die colour, "green:brain", a card name); outcomes with equal labels are
 * interchangeable, which lets a scripted source match the words of a
 * transcript and an exact enumerator merge equivalent branches.
 *
 * Sources: a seeded PRNG (rng.h, the fast path), the scripted source
 * that replays a transcript's chance lines by ud_chance_match
 * (chance_script.h: check.c, and tools/common/prob.c for a record's exact
 * probability), a byte stream fed by a fuzzer (below), and any
 * enumerator that implements the pick callback.
 */
#ifndef UD_CHANCE_H
#define UD_CHANCE_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

typedef const char *(*ud_label_fn)(const void *ctx, int i);

typedef struct ud_pick_req {
    const char *event; /* the transcript verb this outcome belongs to */
    int n;             /* outcomes 0..n-1, equally likely */
    ud_label_fn label; /* label of outcome i */
    const void *ctx;   /* passed to label */
    /* Non-zero: this pick belongs to a group of exchangeable picks (dice
     * rolled together and kept as counts, ud_exchangeable_begin): picks
     * in a row with the same run differ only in order.  A source may
     * ignore it; an enumerator may visit one order of each multiset. */
    unsigned run;
} ud_pick_req;

typedef struct ud_chance ud_chance;
struct ud_chance {
    ud_rng *rng; /* when set: uniform PRNG draw, no callback */
    /* Otherwise: returns 0..n-1, or -1 with a message in why. */
    int (*pick)(ud_chance *c, const ud_pick_req *p);
    void *ctx;
    char why[256];
};

static inline int ud_chance_pick(ud_chance *c, const ud_pick_req *p)
{
    if (c->rng)
        return (int)ud_rng_below(c->rng, (uint32_t)p->n);
    return c->pick(c, p);
}

void ud_chance_from_rng(ud_chance *c, ud_rng *rng);

/* The scripted source's rule (chance_script.h; check.c replays a
 * transcript against the rules, tools/common/prob.c weighs a recorded one): a chance line's outcome
 * words, word[1..n) (word[0] is the event), are taken in order; the
 * first not yet used that is the label of one of p's outcomes stands for
 * it.  Returns the first outcome with that label, marks the word used
 * and, when same is not NULL, sets *same to how many of p's outcomes
 * carry the label; -1 (nothing marked) when no unused word names one. */
int ud_chance_match(const ud_pick_req *p, char *const *word, int n, unsigned char *used, int *same);

/* Byte-stream source (fuzzing): each outcome takes one byte (two when n >
 * 256) modulo n.  Once the bytes run out, outcomes come from a PRNG seeded
 * with a hash of the bytes (exhausted is set): the game still ends, and
 * the same input is still the same game.  (Zeros forever would replay one
 * turn for ever, and tie a tiebreak for ever.) */
typedef struct ud_bytes {
    const uint8_t *data;
    size_t size;
    size_t pos;
    int exhausted;
    ud_rng after;
} ud_bytes;

void ud_bytes_init(ud_bytes *b, const uint8_t *data, size_t size);
uint32_t ud_bytes_below(ud_bytes *b, uint32_t n);
void ud_chance_from_bytes(ud_chance *c, ud_bytes *b);

#endif
