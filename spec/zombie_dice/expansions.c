/*
 * expansions.c - the Double Feature dice and the School Bus.
 *
 * 001 "Expanding the Zombie Horde" names the dice and what their special
 * faces are for; the faces themselves and the rescue and bus rules follow
 * the publicly reported descriptions.  Where those are
 * silent the reading is a variant (variants.c) or is stated in the row's
 * summary in rules.c.  Rows are in rules.c; this file is their guards and
 * effects.
 */
#include "expansions.h"

#include "cup.h"

#define ST(p) ((zd_state *)ud_mutable(p))
#define CST(p) ((const zd_state *)(p))

static bool rolled(const zd_state *st, int type, unsigned faces)
{
    for (int k = 0; k < st->n_hand; k++)
        if ((type < 0 || st->hand[k] == type) && (faces & (1u << st->rolled[k])))
            return true;
    return false;
}

/* Turn every rolled face in `from` (a mask) of a die (type < 0: any) into
 * `to`; " names" of the dice for the transcript. */
static int convert(zd_state *st, int type, unsigned from, int to, char *names, size_t size)
{
    int n = 0;
    names[0] = '\0';
    for (int k = 0; k < st->n_hand; k++)
        if ((type < 0 || st->hand[k] == type) && (from & (1u << st->rolled[k]))) {
            st->rolled[k] = (uint8_t)to;
            strncat(names, " ", size - strlen(names) - 1);
            strncat(names, zd_dice[st->hand[k]].name, size - strlen(names) - 1);
            n++;
        }
    return n;
}

/* ---- the bus is rolled with the dice --------------------------------- */

bool zd_riding(const void *p, const ud_step *s) { return CST(p)->bus == ZD_BUS_RIDING; }

/* The bus is rolled with the dice: its outcome is a word of the same
 * "roll" line, "bus:yield". */
static const char *bus_label(const void *ctx, int i) { return zd_bus_roll_label[zd_bus_side[i]]; }

void zd_bus_roll(void *p, ud_step *s)
{
    int i = ud_pick(s, "roll", ZD_BUS_SIDES, bus_label, NULL);
    if (i >= 0)
        ST(p)->bus_face = zd_bus_side[i];
}

/* ---- resolving --------------------------------------------------------- */

bool zd_bus_showed_yield(const void *p, const ud_step *s) { return CST(p)->bus_face == ZD_BUS_YIELD; }

void zd_bus_yield(void *p, ud_step *s)
{
    char names[64];
    convert(ST(p), -1, ZD_SHOTGUN_FACES, ZD_FEET, names, sizeof names);
    UD_EMIT(s, "yield%s", names[0] ? names : " (no shotguns)");
}

bool zd_bus_showed_dead_end(const void *p, const ud_step *s) { return CST(p)->bus_face == ZD_BUS_DEAD_END; }

void zd_bus_dead_end(void *p, ud_step *s)
{
    char names[64];
    convert(ST(p), -1, 1u << ZD_FEET, ZD_BRAIN, names, sizeof names);
    UD_EMIT(s, "dead-end%s", names[0] ? names : " (no feet)");
}

bool zd_bus_showed_points(const void *p, const ud_step *s)
{
    int f = CST(p)->bus_face;
    return f < ZD_BUS_FACES && (zd_bus_brains[f] || zd_bus_shotguns[f]);
}

void zd_bus_points(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    if (st->bus_face >= ZD_BUS_FACES) {
        ud_effect_unmet(s, "no face");
        return;
    }
    st->bonus = (int16_t)(st->bonus + zd_bus_brains[st->bus_face]);
    st->shotgun_points = (uint8_t)(st->shotgun_points + zd_bus_shotguns[st->bus_face]);
    UD_EMIT(s, "bus-points brains=+%d shotguns=+%d", zd_bus_brains[st->bus_face],
            zd_bus_shotguns[st->bus_face]);
}

bool zd_santa_drink(const void *p, const ud_step *s) { return rolled(CST(p), ZD_SANTA, 1u << ZD_ENERGY); }

void zd_drink_one_footprint(void *p, ud_step *s)
{
    ST(p)->drink = 1;
    UD_EMIT(s, "energy-drink one footprint will become a brain");
}

void zd_drink_green_feet(void *p, ud_step *s)
{
    ST(p)->green_feet = 1;
    UD_EMIT(s, "energy-drink green feet count as brains this turn");
}

bool zd_green_feet_in_force(const void *p, const ud_step *s)
{
    return CST(p)->green_feet && rolled(CST(p), ZD_GREEN, 1u << ZD_FEET);
}

void zd_green_feet_to_brains(void *p, ud_step *s)
{
    char names[64];
    convert(ST(p), ZD_GREEN, 1u << ZD_FEET, ZD_BRAIN, names, sizeof names);
    UD_EMIT(s, "green-feet-brains%s", names);
}

bool zd_santa_helmet_rolled(const void *p, const ud_step *s)
{
    return rolled(CST(p), ZD_SANTA, 1u << ZD_HELMET);
}

void zd_helmet_on(void *p, ud_step *s)
{
    ST(p)->helmet = 1;
    UD_EMIT(s, "helmet shotguns-to-end=%d", zd_bust_at(CST(p)));
}

bool zd_helmet_aside_unworn(const void *p, const ud_step *s)
{
    return CST(p)->santa_extra == ZD_HELMET && !CST(p)->helmet;
}

/* A shotgun on Hunk sends a Hottie brain back to the cup, and the other
 * way round; the brain it was worth is lost. */
static int rescued_type(const zd_state *st)
{
    if (rolled(st, ZD_HUNK, ZD_SHOTGUN_FACES) && st->brains[ZD_HOTTIE])
        return ZD_HOTTIE;
    if (rolled(st, ZD_HOTTIE, ZD_SHOTGUN_FACES) && st->brains[ZD_HUNK])
        return ZD_HUNK;
    return -1;
}

bool zd_rescue_due(const void *p, const ud_step *s) { return rescued_type(CST(p)) >= 0; }

void zd_rescue(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int t = rescued_type(st);
    if (t < 0) {
        ud_effect_unmet(s, "no one to rescue");
        return;
    }
    int before = zd_turn_brains(st);
    st->brains[t] = 0; /* there is one Hunk and one Hottie */
    st->brain_worth[t] = 0;
    st->cup[t]++;
    /* A brain already lost to a tire track is not lost twice: the turn
     * never holds fewer than no brains (found by ZD-INV-ALIVE). */
    if (zd_turn_brains(st) < 0)
        st->bonus = (int16_t)(st->bonus - zd_turn_brains(st));
    int lost = before - zd_turn_brains(st);
    UD_EMIT(s, "rescue %s lost=%d total=%d", zd_dice[t].name, lost, zd_turn_brains(st));
}

bool zd_extras_rolled(const void *p, const ud_step *s) { return rolled(CST(p), -1, ZD_EXTRA_FACES); }

void zd_extras_aside(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    for (int k = 0; k < st->n_hand; k++)
        if (st->hand[k] == ZD_SANTA && (ZD_EXTRA_FACES & (1u << st->rolled[k])))
            st->santa_extra = st->rolled[k];
    char names[64];
    if (s->sink)
        zd_hand_names(st, ZD_EXTRA_FACES, names, sizeof names);
    zd_set_aside(st, ZD_EXTRA_FACES, st->extras, NULL, NULL);
    UD_EMIT(s, "aside%s", names);
}

bool zd_bus_showed_stop(const void *p, const ud_step *s) { return CST(p)->bus_face == ZD_BUS_STOP; }

void zd_bus_stop(void *p, ud_step *s)
{
    UD_EMIT(s, "bus-stop");
    zd_score_turn(ST(p), s);
}

bool zd_bus_showed_tire(const void *p, const ud_step *s) { return CST(p)->bus_face == ZD_BUS_TIRE; }

void zd_bus_tire(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int lost = zd_turn_brains(st) > 0;
    st->bonus = (int16_t)(st->bonus - lost);
    st->bus = ZD_BUS_AWAY;
    UD_EMIT(s, "tire-track lost=%d total=%d", lost, zd_turn_brains(st));
}

/* Distinct die types among the feet in hand, as a bit mask. */
static unsigned feet_kinds(const zd_state *st)
{
    unsigned kinds = 0;
    for (int k = 0; k < st->n_hand; k++)
        if (st->rolled[k] == ZD_FEET)
            kinds |= 1u << st->hand[k];
    return kinds;
}

bool zd_drink_one_kind(const void *p, const ud_step *s)
{
    unsigned kinds = feet_kinds(CST(p));
    return CST(p)->drink && kinds && !(kinds & (kinds - 1));
}

/* One foot die of type t becomes a brain worth one. */
static void drink_convert(zd_state *st, ud_step *s, int t)
{
    for (int k = 0; k < st->n_hand; k++)
        if (st->hand[k] == t && st->rolled[k] == ZD_FEET) {
            st->rolled[k] = ZD_BRAIN;
            break;
        }
    zd_set_aside(st, 1u << ZD_BRAIN, st->brains, st->brain_worth, zd_face_brains);
    st->drink = 0;
    UD_EMIT(s, "drink %s total=%d", zd_dice[t].name, zd_turn_brains(st));
}

void zd_drink_convert_only_kind(void *p, ud_step *s)
{
    unsigned kinds = feet_kinds(ST(p));
    if (!kinds) {
        ud_effect_unmet(s, "no foot to drink");
        return;
    }
    drink_convert(ST(p), s, __builtin_ctz(kinds));
}

int zd_next_choice_phase(const zd_state *st)
{
    if (st->drink) { /* only then do the kinds of feet matter */
        unsigned kinds = feet_kinds(st);
        if (kinds & (kinds - 1))
            return ZD_PH_DRINK;
    }
    if (st->bus == ZD_BUS_RIDING && st->n_hand > 0)
        return ZD_PH_BUS_FEET;
    return ZD_PH_CHOICE;
}

/* ---- decisions ----------------------------------------------------------- */

UD_OFFER_ROW_EXTERN(zd_offer_drink, p, s)
{
    unsigned kinds = feet_kinds(CST(p));
    for (int t = 0; t < ZD_TYPES; t++)
        if (kinds & (1u << t))
            ud_offer(s, ZD_ACT_DRINK + t);
}

bool zd_chose_drink(const void *p, const ud_step *s)
{
    return s->action.kind >= ZD_ACT_DRINK && s->action.kind < ZD_ACT_DRINK + ZD_TYPES;
}

void zd_drink_convert_chosen(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    drink_convert(st, s, s->action.kind - ZD_ACT_DRINK);
    st->n_kept = st->n_hand;
    st->phase = (uint8_t)zd_next_choice_phase(st);
}

UD_OFFER_ROW_EXTERN(zd_offer_bus_feet, p, s)
{
    ud_offer(s, ZD_ACT_GET_OFF);
    ud_offer(s, ZD_ACT_STAY_ON);
}

bool zd_chose_get_off(const void *p, const ud_step *s) { return s->action.kind == ZD_ACT_GET_OFF; }

void zd_get_off(void *p, ud_step *s)
{
    ST(p)->bus = ZD_BUS_AWAY;
    ST(p)->phase = ZD_PH_CHOICE;
    UD_EMIT(s, "off-bus");
}

bool zd_chose_stay_on(const void *p, const ud_step *s) { return s->action.kind == ZD_ACT_STAY_ON; }

void zd_stay_on(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    char names[64] = "";
    for (int k = 0; k < st->n_hand; k++) {
        st->cup[st->hand[k]]++;
        strncat(names, " ", sizeof names - strlen(names) - 1);
        strncat(names, zd_dice[st->hand[k]].name, sizeof names - strlen(names) - 1);
    }
    st->n_hand = 0;
    st->n_kept = 0;
    st->phase = ZD_PH_CHOICE;
    UD_EMIT(s, "stay-on back-to-cup%s", names);
}

bool zd_bus_boardable(const void *p, const ud_step *s)
{
    const zd_state *st = CST(p);
    return st->bus == ZD_BUS_WAITING && st->rolls >= 1 && st->n_kept < ZD_HAND;
}

UD_OFFER_ROW_EXTERN(zd_offer_ride, p, s) { ud_offer(s, ZD_ACT_RIDE); }

bool zd_chose_ride(const void *p, const ud_step *s) { return s->action.kind == ZD_ACT_RIDE; }

void zd_board(void *p, ud_step *s)
{
    ST(p)->bus = ZD_BUS_RIDING;
    ST(p)->phase = ZD_PH_DRAW;
    UD_EMIT(s, "board bus");
}

void zd_bus_parked(void *p, ud_step *s) { ST(p)->bus = ZD_BUS_WAITING; }
