/*
 * cup.h - dice movement helpers shared by the Zombie Dice rule rows.
 *
 * Every move of a die goes through here, so dice conservation
 * (invariants.c) has one place to look when it breaks.  The moves a roll
 * makes (draw, roll, set aside) are inline: the rows call them for every
 * die of every roll, and a simulation makes tens of millions of them.
 * Text for transcripts is built only when a sink is attached, out of line.
 */
#ifndef ZD_CUP_H
#define ZD_CUP_H

#include <stddef.h>
#include <string.h>

#include "zd.h"

#define ZD_BRAIN_FACES ((1u << ZD_BRAIN) | (1u << ZD_DOUBLE_BRAIN))
#define ZD_SHOTGUN_FACES ((1u << ZD_SHOTGUN) | (1u << ZD_DOUBLE_SHOTGUN))
#define ZD_EXTRA_FACES ((1u << ZD_HELMET) | (1u << ZD_ENERGY))

/* Chance labels: "green" for the i-th die in the cup, "green:brain" for
 * the i-th side of a die. */
const char *zd_cup_label(const void *ctx, int i);
const char *zd_face_label(const void *ctx, int i);

/* Failure paths and transcript text, out of line. */
bool zd_draw_refused(zd_state *st, ud_step *s, int count);
void zd_emit_draw(const zd_state *st, ud_step *s, int first);

/* A pile packed one count per byte, so that a draw keeps the cup in a
 * register instead of reloading it from the state after every byte
 * store (uint8_t stores alias everything, and each draw would wait on
 * the last one). */
static inline uint64_t zd_pack(const uint8_t pile[ZD_TYPES])
{
    uint64_t x = 0;
    for (int t = 0; t < ZD_TYPES; t++)
        x |= (uint64_t)pile[t] << (8 * t);
    return x;
}

/* The cup packed so: on a little-endian machine one load of the bytes
 * from the cup on (the hand's follow it in the state), masked. */
static inline uint64_t zd_pack_cup(const zd_state *st)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(zd_state, cup) + sizeof(uint64_t) <= sizeof(zd_state), "8 bytes from the cup on");
    uint64_t x;
    memcpy(&x, st->cup, sizeof x);
    return x & ((UINT64_C(1) << (8 * ZD_TYPES)) - 1);
#else
    return zd_pack(st->cup);
#endif
}

/* The packed cup back into the state. */
static inline void zd_unpack_cup(zd_state *st, uint64_t cup)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(st->cup, &cup, ZD_TYPES);
#else
    for (int t = 0; t < ZD_TYPES; t++)
        st->cup[t] = (uint8_t)(cup >> (8 * t));
#endif
}

/* How many dice a packed pile holds: byte ZD_TYPES-1 of the multiply is
 * the sum of them all (below 256: a pile holds at most 16 dice). */
static inline int zd_packed_size(uint64_t packed)
{
    return (int)(((packed * UINT64_C(0x0101010101010101)) >> (8 * (ZD_TYPES - 1))) & 0xff);
}

/* The type of the i-th die of a packed pile, counting its types in
 * order: the number of types whose running total is at most i.
 * Branch-free (i is random; a loop that stops at the right type would
 * mispredict on most draws): byte k of the multiply is the running
 * total of types 0..k (below 128: a pile holds at most 16 dice), and
 * bit 7 of each byte of the subtraction says whether i reached it. */
static inline int zd_type_at(uint64_t packed, int i)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), highs = ones << 7;
    const uint64_t first5 = (UINT64_C(1) << (8 * (ZD_TYPES - 1))) - 1;
    uint64_t totals = (packed * ones) & first5;
    uint64_t reached = (((uint64_t)i * ones) | highs) - totals;
    return (int)((((reached & highs & first5) >> 7) * ones) >> 56); /* add the bits */
}

/* Draw count random dice from the cup into the hand (outcome i of a
 * draw is the i-th die counting the cup's colours in type order) and
 * emit one "draw ..." line; false on failure. */
static inline bool zd_draw(zd_state *st, ud_step *s, int count)
{
    _Static_assert(ZD_TYPES <= 8, "a pile must pack into 64 bits");
    int first = st->n_hand;
    uint64_t cup = zd_pack_cup(st);
    int n = zd_packed_size(cup);
    if (__builtin_expect(count > n || first + count > ZD_HAND, 0))
        return zd_draw_refused(st, s, count);
    ud_rng *rng = ud_plain_rng(s);
    if (rng) { /* the cup in a register, written back once */
        ud_rng local = *rng;
        for (int k = 0; k < count; k++, n--) {
            int t = zd_type_at(cup, (int)ud_rng_below(&local, (uint32_t)n));
            cup -= UINT64_C(1) << (8 * t);
            st->hand[first + k] = (uint8_t)t;
        }
        *rng = local;
        zd_unpack_cup(st, cup);
    } else {
        for (int k = 0; k < count; k++, n--) {
            int i = ud_pick(s, "draw", n, zd_cup_label, st); /* labels read st->cup */
            if (i < 0)
                return false;
            int t = zd_type_at(cup, i);
            cup -= UINT64_C(1) << (8 * t);
            st->cup[t]--;
            st->hand[first + k] = (uint8_t)t;
        }
    }
    st->n_hand = (uint8_t)(first + count);
    if (s->sink && count > 0)
        zd_emit_draw(st, s, first);
    return true;
}

/* Draw one die; its type, or -1. */
static inline int zd_draw_one(zd_state *st, ud_step *s)
{
    return zd_draw(st, s, 1) ? st->hand[st->n_hand - 1] : -1;
}

/* Roll hand dice [from, to) into st->rolled.  Under the seeded PRNG in
 * a loop of its own, the generator's state in registers: the same
 * numbers ud_pick would give. */
static inline bool zd_roll_range(zd_state *st, ud_step *s, int from, int to)
{
    ud_rng *rng = ud_plain_rng(s);
    if (rng) {
        ud_rng local = *rng;
        for (int k = from; k < to; k++)
            st->rolled[k] = zd_dice[st->hand[k]].face[ud_rng_below(&local, ZD_FACES_PER_DIE)];
        *rng = local;
        return true;
    }
    for (int k = from; k < to; k++) {
        const zd_die *d = &zd_dice[st->hand[k]];
        int i = ud_pick(s, "roll", ZD_FACES_PER_DIE, zd_face_label, d);
        if (i < 0)
            return false;
        st->rolled[k] = d->face[i];
    }
    return true;
}

/* Move every hand die showing one of the faces (a bit mask) into pile;
 * returns what they are worth by worth[face] (NULL: nothing), also added
 * per type to pile_worth (if not NULL).  The hand keeps its order. */
static inline int zd_set_aside(zd_state *st, unsigned faces, uint8_t pile[ZD_TYPES], uint8_t *pile_worth,
                               const uint8_t *worth)
{
    /* Branch-free over the dice: which face a die shows is random, so a
     * branch per die would mispredict half the time. */
    int points = 0, kept = 0, n = st->n_hand;
    for (int k = 0; k < n; k++) {
        int face = st->rolled[k], t = st->hand[k];
        int aside = (int)((faces >> face) & 1u);
        int w = worth ? aside * worth[face] : 0;
        pile[t] = (uint8_t)(pile[t] + aside);
        points += w;
        if (pile_worth)
            pile_worth[t] = (uint8_t)(pile_worth[t] + w);
        st->hand[kept] = (uint8_t)t; /* written anyway, kept only if not aside */
        st->rolled[kept] = (uint8_t)face;
        kept += 1 - aside;
    }
    st->n_hand = (uint8_t)kept;
    return points;
}

/* Whether a hand die shows one of the faces (a bit mask). */
static inline bool zd_rolled_any(const zd_state *st, unsigned faces)
{
    unsigned shown = 0;
    for (int k = 0; k < st->n_hand; k++)
        shown |= 1u << st->rolled[k];
    return (shown & faces) != 0;
}

/* " green hunk:double-brain": the hand dice showing one of the faces,
 * named for a transcript line (call before zd_set_aside moves them). */
void zd_hand_names(const zd_state *st, unsigned faces, char *names, size_t size);
/* Every die back into the cup; the turn's piles, points and notes are
 * cleared. */
void zd_return_all(zd_state *st);
/* "green green red" for a pile. */
void zd_pile_names(const uint8_t pile[ZD_TYPES], char *out, size_t size);

#endif
