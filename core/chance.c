/*
 * chance.c - the PRNG and byte-stream chance sources, and the scripted
 * source's matching rule (see chance.h).
 */
#include "chance.h"

#include <string.h>

void ud_chance_from_rng(ud_chance *c, ud_rng *rng)
{
    /* Once per simulated game: clear what is read, not the whole why[]. */
    c->rng = rng;
    c->pick = NULL;
    c->ctx = NULL;
    c->why[0] = '\0';
}

int ud_chance_match(const ud_pick_req *p, char *const *word, int n, unsigned char *used, int *same)
{
    for (int k = 1; k < n; k++) {
        if (used[k])
            continue;
        int hit = -1, count = 0;
        for (int i = 0; i < p->n && (same || hit < 0); i++)
            if (strcmp(p->label(p->ctx, i), word[k]) == 0) {
                count++;
                if (hit < 0)
                    hit = i;
            }
        if (hit >= 0) {
            used[k] = 1;
            if (same)
                *same = count;
            return hit;
        }
    }
    return -1;
}

void ud_bytes_init(ud_bytes *b, const uint8_t *data, size_t size)
{
    b->data = data;
    b->size = size;
    b->pos = 0;
    b->exhausted = 0;
}

/* The PRNG for the outcomes after the bytes, seeded with a hash of them
 * the first time it is needed: most fuzz inputs stop before, and the
 * hash is a pass over every byte. */
static ud_rng *after(ud_bytes *b)
{
    if (!b->exhausted) {
        uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a */
        for (size_t i = 0; i < b->size; i++)
            h = (h ^ b->data[i]) * UINT64_C(1099511628211);
        ud_rng_seed(&b->after, h);
        b->exhausted = 1;
    }
    return &b->after;
}

uint32_t ud_bytes_below(ud_bytes *b, uint32_t n)
{
    if (n <= 1)
        return 0;
    int need = n > 256 ? 2 : 1;
    if (b->pos + (size_t)need > b->size)
        return ud_rng_below(after(b), n);
    uint32_t v = b->data[b->pos++];
    if (need == 2)
        v = (v << 8) | b->data[b->pos++];
    return v % n;
}

static int bytes_pick(ud_chance *c, const ud_pick_req *p)
{
    return (int)ud_bytes_below(c->ctx, (uint32_t)p->n);
}

void ud_chance_from_bytes(ud_chance *c, ud_bytes *b)
{
    memset(c, 0, sizeof *c);
    c->pick = bytes_pick;
    c->ctx = b;
}
