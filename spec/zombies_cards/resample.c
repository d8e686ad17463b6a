/*
 * resample.c - the card game dealt again where a seat cannot see
 * (ud_game.resample), for the estimates a person asks for at the table:
 * each other player's hand and draw deck together, shuffled and dealt
 * back in the same counts (the seat knows how many cards each holds, not
 * which); the seat's own draw deck and the map stack, shuffled in place
 * (face down: nobody knows their order).  What lies face up (bullets,
 * cards in play, the seat's own hand, the current map card) stays.
 */
#include "rng.h"
#include "zombies_cards.h"

static void shuffle(uint8_t *c, int n, ud_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ud_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = c[i];
        c[i] = c[j];
        c[j] = t;
    }
}

/* The ring's cards, top first, into c; back from c. */
static void ring_out(const zc_ring *r, uint8_t *c)
{
    for (int i = 0; i < r->n; i++)
        c[i] = zc_ring_at(r, i);
}

static void ring_in(zc_ring *r, const uint8_t *c)
{
    for (int i = 0; i < r->n; i++)
        r->c[(r->head + i) & (ZC_RING - 1)] = c[i];
}

void zc_resample(void *state, int seat, ud_rng *rng)
{
    zc_state *st = state;
    uint8_t c[ZC_RING + ZC_MAX_CARDS];
    ring_out(&st->map, c);
    shuffle(c, st->map.n, rng);
    ring_in(&st->map, c);
    for (int i = 0; i < st->n_players && i < ZC_MAX_PLAYERS; i++) {
        zc_player *pl = &st->p[i];
        int nd = pl->deck.n, nh = i == seat ? 0 : pl->hand.n;
        ring_out(&pl->deck, c);
        for (int k = 0; k < nh; k++)
            c[nd + k] = pl->hand.c[k];
        shuffle(c, nd + nh, rng);
        ring_in(&pl->deck, c);
        for (int k = 0; k < nh; k++)
            pl->hand.c[k] = c[nd + k];
    }
}
