/*
 * cup.c - moving dice between the cup, the hand and the piles.
 *
 * Every move goes through here, so dice conservation (invariants.c) has
 * one place to look when it breaks.  A draw asks the chance source for
 * "one of the n dice in the cup", labelled by colour.
 */
#include "cup.h"

static const char *cup_label(const void *ctx, int i)
{
    const zd_state *st = ctx;
    for (int t = 0; t < ZD_TYPES; t++) {
        if (i < st->cup[t])
            return zd_dice[t].name;
        i -= st->cup[t];
    }
    return "?";
}

static const char *face_label(const void *ctx, int i)
{
    const zd_die *d = ctx;
    return d->label[i];
}

int zd_draw_one(zd_state *st, ud_step *s)
{
    int n = zd_cup_size(st);
    if (n == 0) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id, "the cup is empty but a die must be drawn");
        return -1;
    }
    if (st->n_hand >= ZD_HAND) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id, "the hand already holds three dice");
        return -1;
    }
    int i = ud_pick(s, "draw", n, cup_label, st);
    if (i < 0)
        return -1;
    /* Outcome i is the i-th die counting the cup's colours in type order. */
    int t = 0;
    while (i >= st->cup[t])
        i -= st->cup[t++];
    st->cup[t]--;
    st->hand[st->n_hand++] = (uint8_t)t;
    return t;
}

bool zd_draw(zd_state *st, ud_step *s, int count)
{
    int first = st->n_hand;
    for (int k = 0; k < count; k++)
        if (zd_draw_one(st, s) < 0)
            return false;
    if (s->sink && count > 0) {
        char line[128] = "draw";
        for (int k = first; k < st->n_hand; k++) {
            strncat(line, " ", sizeof line - strlen(line) - 1);
            strncat(line, zd_dice[st->hand[k]].name, sizeof line - strlen(line) - 1);
        }
        ud_emitf(s, "%s", line);
    }
    return true;
}

bool zd_roll_range(zd_state *st, ud_step *s, int from, int to)
{
    for (int k = from; k < to; k++) {
        const zd_die *d = &zd_dice[st->hand[k]];
        int i = ud_pick(s, "roll", ZD_FACES_PER_DIE, face_label, d);
        if (i < 0)
            return false;
        st->rolled[k] = d->face[i];
    }
    return true;
}

int zd_set_aside(zd_state *st, unsigned faces, uint8_t pile[ZD_TYPES], uint8_t *pile_worth,
                 const uint8_t *worth, char *names, size_t size)
{
    int points = 0, kept = 0;
    if (names)
        names[0] = '\0';
    for (int k = 0; k < st->n_hand; k++) {
        int face = st->rolled[k];
        if (faces & (1u << face)) {
            pile[st->hand[k]]++;
            points += worth ? worth[face] : 0;
            if (pile_worth && worth)
                pile_worth[st->hand[k]] = (uint8_t)(pile_worth[st->hand[k]] + worth[face]);
            if (names) {   /* text only when a transcript is being written */
                strncat(names, " ", size - strlen(names) - 1);
                strncat(names, zd_dice[st->hand[k]].name, size - strlen(names) - 1);
                if (face >= ZD_DOUBLE_BRAIN) {   /* the expansion faces say which */
                    strncat(names, ":", size - strlen(names) - 1);
                    strncat(names, zd_face_name[face], size - strlen(names) - 1);
                }
            }
        } else {
            st->hand[kept] = st->hand[k];
            st->rolled[kept] = st->rolled[k];
            kept++;
        }
    }
    st->n_hand = (uint8_t)kept;
    return points;
}

void zd_return_all(zd_state *st)
{
    for (int t = 0; t < ZD_TYPES; t++) {
        st->cup[t] = (uint8_t)(st->cup[t] + st->brains[t] + st->shotguns[t] + st->extras[t]);
        st->brains[t] = 0;
        st->brain_worth[t] = 0;
        st->shotguns[t] = 0;
        st->extras[t] = 0;
    }
    for (int k = 0; k < st->n_hand; k++)
        st->cup[st->hand[k]]++;
    st->n_hand = 0;
    st->n_kept = 0;
    st->noted = 0;
    st->shotgun_points = 0;
    st->santa_extra = 0;
    st->bonus = 0;
    st->helmet = 0;
    st->green_feet = 0;
    st->drink = 0;
    st->bus_face = ZD_BUS_NONE;
    st->bus = ZD_BUS_UNUSED;
}

void zd_pile_names(const uint8_t pile[ZD_TYPES], char *out, size_t size)
{
    out[0] = '\0';
    for (int t = 0; t < ZD_TYPES; t++)
        for (int k = 0; k < pile[t]; k++) {
            if (out[0])
                strncat(out, " ", size - strlen(out) - 1);
            strncat(out, zd_dice[t].name, size - strlen(out) - 1);
        }
}
