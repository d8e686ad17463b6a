/*
 * cup.c - the out-of-line half of cup.h: chance labels, failures,
 * transcript text, and returning every die to the cup.
 */
#include "cup.h"

const char *zd_cup_label(const void *ctx, int i)
{
    const zd_state *st = ctx;
    for (int t = 0; t < ZD_TYPES; t++) {
        if (i < st->cup[t])
            return zd_dice[t].name;
        i -= st->cup[t];
    }
    return "?";
}

const char *zd_face_label(const void *ctx, int i)
{
    const zd_die *d = ctx;
    return d->label[i];
}

bool zd_draw_refused(zd_state *st, ud_step *s, int count)
{
    if (st->n_hand + count > ZD_HAND)
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id,
                 "the hand already holds %d dice; %d more would exceed three", st->n_hand, count);
    else
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id, "the cup holds %d dice but %d must be drawn",
                 zd_cup_size(st), count);
    return false;
}

void zd_emit_draw(const zd_state *st, ud_step *s, int first)
{
    char line[128] = "draw";
    for (int k = first; k < st->n_hand; k++) {
        strncat(line, " ", sizeof line - strlen(line) - 1);
        strncat(line, zd_dice[st->hand[k]].name, sizeof line - strlen(line) - 1);
    }
    ud_emitf(s, "%s", line);
}

void zd_hand_names(const zd_state *st, unsigned faces, char *names, size_t size)
{
    names[0] = '\0';
    for (int k = 0; k < st->n_hand; k++) {
        int face = st->rolled[k];
        if (!(faces & (1u << face)))
            continue;
        strncat(names, " ", size - strlen(names) - 1);
        strncat(names, zd_dice[st->hand[k]].name, size - strlen(names) - 1);
        if (face >= ZD_DOUBLE_BRAIN) { /* the expansion faces say which */
            strncat(names, ":", size - strlen(names) - 1);
            strncat(names, zd_face_name[face], size - strlen(names) - 1);
        }
    }
}

void zd_return_all(zd_state *st)
{
    /* Counted in a local array and stored once: byte stores into the
     * state may alias anything, and would make every count a reload. */
    uint8_t cup[ZD_TYPES];
    for (int t = 0; t < ZD_TYPES; t++)
        cup[t] = (uint8_t)(st->cup[t] + st->brains[t] + st->shotguns[t] + st->extras[t]);
    for (int k = 0; k < st->n_hand; k++)
        cup[st->hand[k]]++;
    memcpy(st->cup, cup, sizeof cup);
    memset(st->brains, 0, sizeof st->brains);
    memset(st->brain_worth, 0, sizeof st->brain_worth);
    memset(st->shotguns, 0, sizeof st->shotguns);
    memset(st->extras, 0, sizeof st->extras);
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
