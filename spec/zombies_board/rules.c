/*
 * rules.c - every rule of 004 (the Zombies!!! rules variant) as a row,
 * guards and effects just above their rows, in the order a turn meets
 * them.  Sections are 004's headings; where 004 is silent the section
 * says so and names undead's reading (a variant where play changes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zombies_board.h"

#define SRC "004_7b390799ec2a25ac.txt"
#define ST(p) ((zb_state *)(p))
#define CST(p) ((const zb_state *)(p))

static const char *const dir_name[4] = { "north", "east", "south", "west" };
static const char *const die_label[6] = { "1", "2", "3", "4", "5", "6" };

static const char *die(const void *ctx, int i)
{
    return die_label[i];
}

static int roll_d6(ud_step *s)
{
    int r = ud_pick(s, "roll", 6, die, NULL);
    if (r >= 0)
        UD_EMIT(s, "roll %d", r + 1);
    return r + 1;
}

static int here(const zb_state *st, int p)
{
    return zb_at(st->pl[p].pos_x, st->pl[p].pos_y);
}

static zb_player *cur(zb_state *st)
{
    return &st->pl[st->current];
}

static int centre_space(void)
{
    return zb_at(ZB_MID * ZB_TS + 1, ZB_MID * ZB_TS + 1);
}

/* ---- drawing from the piles (chance: which card or tile comes up) ------------- */

static const char *tile_label(const void *ctx, int i)
{
    const zb_state *st = ctx;
    for (int k = 0; k < zb_content.n_tiles; k++) {
        if (i < st->pile_tile[k])
            return zb_content.tile[k].id;
        i -= st->pile_tile[k];
    }
    return "?";
}

static const char *card_label(const void *ctx, int i)
{
    const zb_state *st = ctx;
    for (int k = 0; k < zb_content.n_events; k++) {
        if (i < st->pile_card[k])
            return zb_content.event[k].id;
        i -= st->pile_card[k];
    }
    return "?";
}

static int nth(const uint8_t *pile, int n, int i)
{
    for (int k = 0; k < n; k++) {
        if (i < pile[k])
            return k;
        i -= pile[k];
    }
    return -1;
}

/* Fill seat p's hands up to three from the piles. */
static void draw_hands(zb_state *st, ud_step *s, int p)
{
    zb_player *pl = &st->pl[p];
    for (int h = 0; h < ZB_HAND && st->tiles_pile; h++) {
        if (pl->tile[h])
            continue;
        int i = ud_pick(s, "tile", st->tiles_pile, tile_label, st);
        if (i < 0)
            return;
        int k = nth(st->pile_tile, zb_content.n_tiles, i);
        UD_EMIT(s, "tile %s", zb_content.tile[k].id);
        st->pile_tile[k]--;
        st->tiles_pile--;
        pl->tile[h] = (uint8_t)(k + 1);
    }
    for (int h = 0; h < ZB_HAND && st->cards_pile; h++) {
        if (pl->card[h])
            continue;
        int i = ud_pick(s, "card", st->cards_pile, card_label, st);
        if (i < 0)
            return;
        int k = nth(st->pile_card, zb_content.n_events, i);
        UD_EMIT(s, "card %s", zb_content.event[k].id);
        st->pile_card[k]--;
        st->cards_pile--;
        pl->card[h] = (uint8_t)(k + 1);
    }
}

/* ---- the end ------------------------------------------------------------------ */

static void finish(zb_state *st, int winner, int end)
{
    st->winner = (int8_t)winner;
    st->end = (uint8_t)end;
    for (int i = 0; i < st->n_players; i++)
        if (st->pl[i].outcome == UD_SEAT_PLAYING)
            st->pl[i].outcome = (uint8_t)(i == winner ? UD_SEAT_WON
                                          : st->pl[i].status == ZB_OUT ? UD_SEAT_OUT : UD_SEAT_LOST);
    st->over = 1;
    st->phase = ZB_PH_OVER;
}

/* The most rescued survivors wins; equal most share; none rescued: nobody. */
static void most_survivors(zb_state *st, ud_step *s, int end)
{
    int best = 0, n = 0, seat = -1;
    for (int i = 0; i < st->n_players; i++)
        if (st->pl[i].status != ZB_OUT && st->pl[i].survivors > best)
            best = st->pl[i].survivors;
    for (int i = 0; i < st->n_players; i++)
        if (best > 0 && st->pl[i].status != ZB_OUT && st->pl[i].survivors == best) {
            n++;
            seat = i;
        }
    if (n == 1) {
        finish(st, seat, end);
        UD_EMIT(s, "winner %s survivors=%d", ud_player(s, seat), best);
        return;
    }
    if (n == 0) {
        finish(st, -1, end);
        UD_EMIT(s, "no-winner");
        return;
    }
    for (int i = 0; i < st->n_players; i++)
        if (st->pl[i].status != ZB_OUT && st->pl[i].survivors == best) {
            st->pl[i].outcome = UD_SEAT_SHARED;
            UD_EMIT(s, "shared %s survivors=%d", ud_player(s, i), best);
        }
    finish(st, -2, end);
}

/* ---- set-up -------------------------------------------------------------------- */

static void seat_players(void *p, ud_step *s)
{
    int n = ud_setup_player_count(s->setup);
    if (n < 1 || n > ZB_MAX_PLAYERS) {
        ud_failf(s, UD_FAIL_RULE, s->rule->id, "undead seats one to six players here, not %d", n);
        return;
    }
    ST(p)->n_players = (uint8_t)n;
    ST(p)->winner = -1;
    ST(p)->heli_owner = -1;
}

static void set_aside_alternates(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    for (int k = 0; k < zb_content.n_tiles; k++)
        st->alt_tile[k] = zb_content.tile[k].alt;
    for (int k = 0; k < zb_content.n_events; k++)
        st->alt_card[k] = zb_content.event[k].alt;
}

static void weapon_deck(void *p, ud_step *s)
{
    for (int k = 0; k < zb_content.n_weapons; k++)
        ST(p)->weapons_left[k] = zb_content.weapon[k].count;
}

static void town_square(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_lay(st, zb_content.square, ZB_MID, ZB_MID, 0);
    int c = centre_space();
    for (int i = 0; i < st->n_players; i++) {
        st->pl[i].pos_x = (uint8_t)(c % ZB_SIDE);
        st->pl[i].pos_y = (uint8_t)(c / ZB_SIDE);
        st->pl[i].status = ZB_ALIVE;
    }
    for (int k = 0; k < zb_content.n_tiles; k++)
        if (k != zb_content.square && k != zb_content.heliport) {
            st->pile_tile[k] = zb_content.tile[k].count;
            st->tiles_pile = (uint16_t)(st->tiles_pile + st->pile_tile[k]);
        }
    for (int k = 0; k < zb_content.n_events; k++) {
        st->pile_card[k] = zb_content.event[k].count;
        st->cards_pile = (uint16_t)(st->cards_pile + st->pile_card[k]);
    }
    UD_EMIT(s, "square tiles=%d cards=%d", st->tiles_pile, st->cards_pile);
}

static void starting_allotment(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    for (int i = 0; i < st->n_players; i++) {
        st->pl[i].bullets = ZB_START;
        st->pl[i].life = ZB_START;
        draw_hands(st, s, i);
        if (s->fail.kind != UD_FAIL_NONE)
            return;
    }
    st->candidates = (uint8_t)((1u << st->n_players) - 1);
    st->phase = ZB_PH_FIRST;
}

static void first_player(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int low = 7;
    uint8_t lows = 0;
    for (int i = 0; i < st->n_players; i++) {
        if (!((st->candidates >> i) & 1u))
            continue;
        int r = roll_d6(s);
        if (s->fail.kind != UD_FAIL_NONE)
            return;
        if (r < low) {
            low = r;
            lows = 0;
        }
        if (r == low)
            lows |= (uint8_t)(1u << i);
    }
    if (lows & (lows - 1)) {   /* a tie for the low roll: those players roll again */
        st->candidates = lows;
        return;
    }
    st->candidates = 0;
    st->first = st->current = (uint8_t)__builtin_ctz(lows);
    st->round = 1;
    st->phase = ZB_PH_TURN_START;
    UD_EMIT(s, "first %s", ud_player(s, st->first));
}

/* ---- a turn begins ------------------------------------------------------------- */

static int not_out(const zb_state *st)
{
    int n = 0;
    for (int i = 0; i < st->n_players; i++)
        n += st->pl[i].status != ZB_OUT;
    return n;
}

static bool one_left(const void *p, const ud_step *s)
{
    return CST(p)->n_players > 1 && not_out(CST(p)) == 1;
}

static void last_alive(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    for (int i = 0; i < st->n_players; i++)
        if (st->pl[i].status != ZB_OUT) {
            finish(st, i, ZB_END_LAST_ALIVE);
            UD_EMIT(s, "winner %s last-alive", ud_player(s, i));
        }
}

static bool none_left(const void *p, const ud_step *s)
{
    return not_out(CST(p)) == 0;
}

static void all_out(void *p, ud_step *s)
{
    finish(ST(p), -1, ZB_END_ALL_OUT);
    UD_EMIT(s, "no-winner");
}

static bool current_out(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_OUT;
}

static void skip_out(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_TURN_END;
}

static bool current_dead(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_DEAD;
}

static void to_revive(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_REVIVE;
}

static bool current_alive(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_ALIVE;
}

static void begin_turn(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_player *pl = cur(st);
    st->allowance = (uint8_t)(pl->fresh || pl->stuck ? 0 : 2 * (pl->life > 100 ? 100 : pl->life));
    pl->stuck = 0;
    st->moved = 0;
    st->hurry = 0;
    st->placed_any = 0;
    st->heli_due = st->heli_owner == st->current && !st->heli_placed;
    st->phase = ZB_PH_STEP1;
    UD_EMIT(s, "turn %s round=%d moves=%d", ud_player(s, st->current), st->round, st->allowance);
}

static void offer_revive(void *p, ud_step *s)
{
    ud_offer(s, ZB_ACT_REVIVE);
    ud_offer(s, ZB_ACT_RETIRE);
}

static bool chose_revive(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_REVIVE;
}

static void revive(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_player *pl = cur(st);
    int c = centre_space();
    pl->pos_x = (uint8_t)(c % ZB_SIDE);
    pl->pos_y = (uint8_t)(c / ZB_SIDE);
    pl->status = ZB_ALIVE;
    pl->life = ZB_START;
    pl->bullets = ZB_START;
    pl->fresh = 1;
    UD_EMIT(s, "new-character %s", ud_player(s, st->current));
    st->phase = ZB_PH_TURN_START;   /* its turn goes on, without movement */
}

static void revive_skip(void *p, ud_step *s)
{
    revive(p, s);
    cur(ST(p))->fresh = 0;   /* the whole turn was the new character's placing */
    ST(p)->phase = ZB_PH_ZOMBIES;
}

static bool chose_retire(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_RETIRE;
}

static void retire(void *p, ud_step *s)
{
    cur(ST(p))->status = ZB_OUT;
    UD_EMIT(s, "out %s", ud_player(s, ST(p)->current));
    ST(p)->phase = ZB_PH_TURN_END;
}

/* ---- step 1 and combat ---------------------------------------------------------- */

static bool zombie_here(const void *p, const ud_step *s)
{
    return CST(p)->cell[here(CST(p), CST(p)->current)] & ZB_ZOMBIE;
}

static void start_combat(void *p, ud_step *s)
{
    ST(p)->ctx = ZB_CTX_START;
    ST(p)->phase = ZB_PH_COMBAT;
}

static bool no_zombie_here(const void *p, const ud_step *s)
{
    return !zombie_here(p, s);
}

static void to_place(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_PLACE_CHECK;
}

static void combat_roll(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int r = roll_d6(s);
    if (s->fail.kind != UD_FAIL_NONE)
        return;
    st->roll = (uint8_t)r;
    st->phase = r + cur(st)->bonus >= 4 ? ZB_PH_COMBAT_END : ZB_PH_PAY;
}

static int bullets_needed(const zb_state *st)
{
    return 4 - st->roll - st->pl[st->current].bonus;
}

static void offer_pay(void *p, ud_step *s)
{
    const zb_state *st = CST(p);
    if (st->pl[st->current].bullets >= bullets_needed(st))
        ud_offer(s, ZB_ACT_SHOOT);
    ud_offer(s, ZB_ACT_BLEED);
}

static bool chose_shoot(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_SHOOT;
}

static void shoot(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int n = bullets_needed(st);
    cur(st)->bullets = (uint8_t)(cur(st)->bullets - n);
    UD_EMIT(s, "shoot %s -%d bullets=%d", ud_player(s, st->current), n, cur(st)->bullets);
    st->phase = ZB_PH_COMBAT_END;
}

static bool chose_bleed(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_BLEED;
}

static void bleed(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    cur(st)->life--;
    UD_EMIT(s, "bleed %s life=%d", ud_player(s, st->current), cur(st)->life);
    st->phase = cur(st)->life ? ZB_PH_COMBAT : ZB_PH_COMBAT_END;
}

static bool out_of_life(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].life == 0;
}

static void death(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_player *pl = cur(st);
    UD_EMIT(s, "dies %s kills=%d survivors=%d", ud_player(s, st->current), pl->kills, pl->survivors);
    pl->kills = 0;
    pl->survivors = 0;
    pl->bonus = 0;      /* weapons go with the character: the weapon deck is never renewed */
    pl->weapons = 0;
    pl->status = ZB_DEAD;
    pl->fresh = 0;
    pl->pos_x = pl->pos_y = 0;
    if (st->heli_owner == st->current && !st->heli_placed)
        st->heli_owner = -1;
    st->phase = ZB_PH_ZOMBIES;
}

static bool still_alive(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].life > 0;
}

static void kill(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->cell[here(st, st->current)] &= (uint8_t)~ZB_ZOMBIE;
    st->zombies--;
    if (cur(st)->kills < 255)
        cur(st)->kills++;
    UD_EMIT(s, "kill %s kills=%d", ud_player(s, st->current), cur(st)->kills);
    st->phase = ZB_PH_ARRIVE;
}

/* ---- step 2: map tiles ---------------------------------------------------------- */

static bool heli_fits(const zb_state *st, int sx, int sy, const ud_step *s)
{
    if (!zb_fits(st, zb_content.heliport, sx, sy, 0))
        return false;
    if (s->table && s->setup && s->setup->variant[ZB_V_HELIPORT] == ZB_HELI_FAR) {
        int ddx = sx - ZB_MID, ddy = sy - ZB_MID;
        if (ddx * ddx + ddy * ddy <= 1)   /* not beside the Town Square */
            return false;
    }
    return true;
}

static bool any_heli_space(const zb_state *st, const ud_step *s)
{
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            if (heli_fits(st, x, y, s))
                return true;
    return false;
}

static bool holds_tiles(const zb_player *pl)
{
    return pl->tile[0] || pl->tile[1] || pl->tile[2];
}

static bool tile_fits_for(const zb_state *st, int seat);

static bool any_tile_fits(const zb_state *st)
{
    return tile_fits_for(st, st->current);
}

static bool tile_fits_for(const zb_state *st, int seat)
{
    const zb_player *pl = &st->pl[seat];
    if (!holds_tiles(pl))
        return false;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++) {
            unsigned req, near = zb_slot_needs(st, x, y, &req);
            if (!near)
                continue;
            for (int h = 0; h < ZB_HAND; h++)
                for (int r = 0; pl->tile[h] && r < 4; r++)
                    if (zb_fits_needs(pl->tile[h] - 1, r, near, req))
                        return true;
        }
    return false;
}


static bool heli_stuck(const void *p, const ud_step *s)
{
    return CST(p)->heli_due && !any_heli_space(CST(p), s);
}

static void no_heliport(void *p, ud_step *s)
{
    UD_EMIT(s, "no-heliport-space %s", ud_player(s, ST(p)->current));
    most_survivors(ST(p), s, ZB_END_NO_HELIPORT);
}

/* Under no-heliport=all-searched: the turn goes on without it; its owner
 * tries again next turn (tiles laid meanwhile may make room). */
static void heliport_waits(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->heli_due = 0;
    st->heli_stuck = 1;
    UD_EMIT(s, "no-heliport-space %s waits", ud_player(s, st->current));
}

static bool searched_out(const void *p, const ud_step *s)
{
    return CST(p)->heli_stuck && !CST(p)->heli_placed && zb_all_named_searched(CST(p));
}

static void all_searched(void *p, ud_step *s)
{
    UD_EMIT(s, "all-named-buildings-searched");
    most_survivors(ST(p), s, ZB_END_ALL_SEARCHED);
}

static bool heli_can(const void *p, const ud_step *s)
{
    return CST(p)->heli_due && any_heli_space(CST(p), s);
}

static void to_place_decision(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_PLACE;
}

static bool blocked(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return !st->placed_any && holds_tiles(&st->pl[st->current]) && !any_tile_fits(st);
}

static void lose_turn(void *p, ud_step *s)
{
    UD_EMIT(s, "blocked %s", ud_player(s, ST(p)->current));
    ST(p)->phase = ZB_PH_REPLENISH;
}

static bool tile_fits(const void *p, const ud_step *s)
{
    return any_tile_fits(CST(p));
}

static void placing_done(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_EVENT_CHECK;
}

/* Appends an offer without the engine's duplicate scan: the loops below
 * make every action once, and a scan over hundreds of placements is the
 * slowest part of a game. */
static void offer_unique(ud_step *s, const ud_action *a)
{
    if (s->offers.n >= UD_MAX_OFFERS) {
        ud_offer_overflow(s);
        return;
    }
    s->offers.action[s->offers.n] = *a;
    s->offers.by[s->offers.n] = s->rule;
    s->offers.n++;
}

static void offer_places(void *p, ud_step *s)
{
    const zb_state *st = CST(p);
    if (st->heli_due) {
        for (int y = 0; y < ZB_SLOTS; y++)
            for (int x = 0; x < ZB_SLOTS; x++)
                if (heli_fits(st, x, y, s)) {
                    ud_action a = { ZB_ACT_HELIPORT, { x - ZB_MID, y - ZB_MID } };
                    offer_unique(s, &a);
                }
        return;
    }
    const zb_player *pl = &st->pl[st->current];
    for (int h = 0; h < ZB_HAND; h++) {
        int t = pl->tile[h] - 1;
        bool again = false;
        for (int k = 0; k < h; k++)
            again |= pl->tile[k] == pl->tile[h];
        if (t < 0 || again)
            continue;
        for (int y = 0; y < ZB_SLOTS; y++)
            for (int x = 0; x < ZB_SLOTS; x++) {
                unsigned req, near = zb_slot_needs(st, x, y, &req);
                for (int r = 0; near && r < 4; r++)
                    if (zb_fits_needs(t, r, near, req)) {
                        ud_action a = { ZB_ACT_PLACE, { t, x - ZB_MID, y - ZB_MID, r * 90 } };
                        offer_unique(s, &a);
                    }
            }
    }
}

static bool chose_place(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_PLACE;
}

static void place(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int t = s->action.arg[0], sx = s->action.arg[1] + ZB_MID, sy = s->action.arg[2] + ZB_MID;
    zb_player *pl = cur(st);
    for (int h = 0; h < ZB_HAND; h++)
        if (pl->tile[h] == t + 1) {
            pl->tile[h] = 0;
            break;
        }
    zb_lay(st, t, sx, sy, s->action.arg[3] / 90);
    st->placed_any = 1;
    st->last_sx = (uint8_t)sx;
    st->last_sy = (uint8_t)sy;
    UD_EMIT(s, "placed %s %s at %d,%d rot %d", ud_player(s, st->current), zb_content.tile[t].id,
            sx - ZB_MID, sy - ZB_MID, s->action.arg[3]);
    st->phase = ZB_PH_LAID;
}

static bool chose_heliport(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_HELIPORT;
}

static void place_heliport(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int sx = s->action.arg[0] + ZB_MID, sy = s->action.arg[1] + ZB_MID;
    zb_lay(st, zb_content.heliport, sx, sy, 0);
    st->heli_placed = 1;
    st->heli_due = 0;
    st->heli_x = (uint8_t)(sx * ZB_TS + 1);
    st->heli_y = (uint8_t)(sy * ZB_TS + 1);
    st->last_sx = (uint8_t)sx;
    st->last_sy = (uint8_t)sy;
    UD_EMIT(s, "heliport %s at %d,%d", ud_player(s, st->current), sx - ZB_MID, sy - ZB_MID);
    st->phase = ZB_PH_LAID;
}

static int last_role(const zb_state *st)
{
    return zb_content.tile[st->slot[st->last_sy][st->last_sx] - 1].role;
}

static bool laid_named(const void *p, const ud_step *s)
{
    return last_role(CST(p)) == ZB_ROLE_NAMED;
}

/* Zombies and tokens fill the building's spaces in reading order (004
 * does not say which space holds which: undead's reading). */
static void stock_building(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    const zb_tile_kind *k = &zb_content.tile[st->slot[st->last_sy][st->last_sx] - 1];
    int z = k->z, l = k->l, b = k->b;
    for (int y = 0; y < ZB_TS; y++)
        for (int x = 0; x < ZB_TS; x++) {
            int i = zb_at(st->last_sx * ZB_TS + x, st->last_sy * ZB_TS + y);
            if (st->kind[i] != ZB_FLOOR && st->kind[i] != ZB_DOOR)
                continue;
            if (z) {
                st->cell[i] |= ZB_ZOMBIE;
                st->zombies++;
                z--;
            }
            int tok = l ? ZB_TOK_LIFE : b ? ZB_TOK_BULLET : 0;
            if (tok) {
                st->cell[i] |= (uint8_t)(tok << ZB_TOK_SHIFT);
                st->tokens++;
                if (l)
                    l--;
                else
                    b--;
            }
        }
    UD_EMIT(s, "stocked %s z=%d l=%d b=%d", k->id, k->z, k->l, k->b);
    st->phase = ZB_PH_PLACE_CHECK;
}

static bool laid_road(const void *p, const ud_step *s)
{
    return last_role(CST(p)) == ZB_ROLE_ROAD;
}

/* A zombie on each road access point: the road space in the middle of
 * each open edge (004 lets the player choose "any legal road space":
 * undead's reading puts them where the roads come in). */
static void road_zombies(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    static const int mx[4] = { 1, 2, 1, 0 }, my[4] = { 0, 1, 2, 1 };
    unsigned open = zb_content.tile[st->slot[st->last_sy][st->last_sx] - 1].open[st->rot[st->last_sy][st->last_sx]];
    int n = 0;
    for (int e = 0; e < 4; e++)
        if ((open >> e) & 1u) {
            int i = zb_at(st->last_sx * ZB_TS + mx[e], st->last_sy * ZB_TS + my[e]);
            if (!(st->cell[i] & ZB_ZOMBIE)) {
                st->cell[i] |= ZB_ZOMBIE;
                st->zombies++;
                n++;
            }
        }
    UD_EMIT(s, "zombies %d", n);
    st->phase = ZB_PH_PLACE_CHECK;
}

/* ---- events (undead's reading: played at one moment of the holder's turn) ------- */

static bool card_target_ok(const zb_state *st, int k, int t)
{
    int fx = zb_content.event[k].effect;
    bool self = fx == ZB_FX_LIFE || fx == ZB_FX_BULLETS || fx == ZB_FX_HURRY;
    if (self)
        return t == st->current;
    if (t == st->current || st->pl[t].status != ZB_ALIVE)
        return false;
    if (fx == ZB_FX_HORDE)
        return !(st->cell[here(st, t)] & ZB_ZOMBIE);
    return true;
}

static bool may_play(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    const zb_player *pl = &st->pl[st->current];
    if (pl->card_round == st->round || st->pl[st->current].status != ZB_ALIVE)
        return false;
    for (int h = 0; h < ZB_HAND; h++)
        for (int t = 0; pl->card[h] && t < st->n_players; t++)
            if (card_target_ok(st, pl->card[h] - 1, t))
                return true;
    return false;
}

static void to_event(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_EVENT;
}

static bool may_not_play(const void *p, const ud_step *s)
{
    return !may_play(p, s);
}

static void to_move_check(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_MOVE_CHECK;
}

static void offer_events(void *p, ud_step *s)
{
    const zb_state *st = CST(p);
    const zb_player *pl = &st->pl[st->current];
    for (int h = 0; h < ZB_HAND; h++)
        for (int t = 0; pl->card[h] && t < st->n_players; t++)
            if (card_target_ok(st, pl->card[h] - 1, t)) {
                ud_action a = { ZB_ACT_PLAY, { pl->card[h] - 1, t + 1 } };   /* seats from 1, as a person counts */
                ud_offer_action(s, &a);
            }
    ud_offer(s, ZB_ACT_PASS);
}

static bool chose_pass(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_PASS;
}

static bool chose_play(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_PLAY;
}

static uint8_t add_sat(int a, int b)
{
    int v = a + b;
    return (uint8_t)(v > ZB_MAX_TOKENS ? ZB_MAX_TOKENS : v < 0 ? 0 : v);
}

static void play_event(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int k = s->action.arg[0], t = s->action.arg[1] - 1;
    zb_player *pl = cur(st), *tp = &st->pl[t];
    for (int h = 0; h < ZB_HAND; h++)
        if (pl->card[h] == k + 1) {
            pl->card[h] = 0;   /* discarded: never played again */
            break;
        }
    pl->card_round = st->round;
    const zb_event_kind *e = &zb_content.event[k];
    switch (e->effect) {
    case ZB_FX_LIFE: tp->life = add_sat(tp->life, e->amount); break;
    case ZB_FX_BULLETS: tp->bullets = add_sat(tp->bullets, e->amount); break;
    case ZB_FX_HURRY: st->hurry = add_sat(st->hurry, e->amount); break;
    case ZB_FX_WOUND: tp->life = (uint8_t)(tp->life > e->amount ? tp->life - e->amount : 1); break;
    case ZB_FX_DISARM: tp->bullets = add_sat(tp->bullets, -e->amount); break;
    case ZB_FX_STUCK: tp->stuck = 1; break;
    default:
        st->cell[here(st, t)] |= ZB_ZOMBIE;
        st->zombies++;
        break;
    }
    UD_EMIT(s, "event %s %s on %s life=%d bullets=%d", ud_player(s, st->current), e->id,
            ud_player(s, t), tp->life, tp->bullets);
    st->phase = ZB_PH_MOVE_CHECK;
}

/* ---- step 3: movement ------------------------------------------------------------ */

static int moves_left(const zb_state *st)
{
    return st->allowance + st->hurry - st->moved;
}

static bool may_move(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return st->pl[st->current].status == ZB_ALIVE && moves_left(st) > 0;
}

static void to_move(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_MOVE;
}

static bool may_not_move(const void *p, const ud_step *s)
{
    return !may_move(p, s);
}

static void to_zombies(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_ZOMBIES;
}

static bool player_at(const zb_state *st, int i, int except)
{
    for (int q = 0; q < st->n_players; q++)
        if (q != except && st->pl[q].status == ZB_ALIVE && here(st, q) == i)
            return true;
    return false;
}

/* From another player's space j (entered from i) the move must go on to
 * a space with no other player: one step, so two moves left at least. */
static bool way_off(const zb_state *st, int j, int i)
{
    if (moves_left(st) < 2)
        return false;
    for (int d = 0; d < 4; d++) {
        if (zb_linked(st, j, d) && !player_at(st, j + zb_off[d], st->current))
            return true;
    }
    (void)i;
    return false;
}

static void offer_steps(void *p, ud_step *s)
{
    const zb_state *st = CST(p);
    int i = here(st, st->current);
    for (int d = 0; d < 4; d++) {
        int j = i + zb_off[d];
        if (!zb_linked(st, i, d))
            continue;
        if (player_at(st, j, st->current) && !way_off(st, j, i))
            continue;   /* the move would have to end on another player */
        ud_action a = ud_act(ZB_ACT_NORTH + d);
        offer_unique(s, &a);
    }
    if (st->moved == 0 || !player_at(st, i, st->current)) {
        ud_action a = ud_act(ZB_ACT_STOP);
        offer_unique(s, &a);
    }
}

static bool chose_step(const void *p, const ud_step *s)
{
    return s->action.kind >= ZB_ACT_NORTH && s->action.kind <= ZB_ACT_WEST;
}

static void step(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int d = s->action.kind - ZB_ACT_NORTH;
    int j = zb_neighbour(here(st, st->current), d);
    cur(st)->pos_x = (uint8_t)(j % ZB_SIDE);
    cur(st)->pos_y = (uint8_t)(j / ZB_SIDE);
    st->moved++;
    st->ctx = ZB_CTX_MOVE;
    UD_EMIT(s, "step %s %s %d,%d", ud_player(s, st->current), dir_name[d], j % ZB_SIDE, j / ZB_SIDE);
    st->phase = ZB_PH_ARRIVE;
}

static bool chose_stop(const void *p, const ud_step *s)
{
    return s->action.kind == ZB_ACT_STOP;
}

static void stop(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_ZOMBIES;
}

/* ---- arriving on a space ---------------------------------------------------------- */

static void fight_on_entry(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_COMBAT;
}

static bool token_here(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    int c = st->cell[here(st, st->current)];
    return (c & ZB_TOK_MASK) && !(c & ZB_ZOMBIE);
}

static void claim_token(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int i = here(st, st->current);
    int tok = (st->cell[i] & ZB_TOK_MASK) >> ZB_TOK_SHIFT;
    st->cell[i] &= (uint8_t)~ZB_TOK_MASK;
    st->tokens--;
    zb_player *pl = cur(st);
    if (tok == ZB_TOK_LIFE)
        pl->life = add_sat(pl->life, 1);
    else
        pl->bullets = add_sat(pl->bullets, 1);
    UD_EMIT(s, "claim %s %s life=%d bullets=%d", ud_player(s, st->current),
            tok == ZB_TOK_LIFE ? "life" : "bullet", pl->life, pl->bullets);
}

static bool bullet_to_take(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    if (st->ctx != ZB_CTX_MOVE)
        return false;
    int i = here(st, st->current);
    for (int q = 0; q < st->n_players; q++)
        if (q != st->current && st->pl[q].status == ZB_ALIVE && here(st, q) == i && st->pl[q].bullets)
            return true;
    return false;
}

static void take_bullet(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int i = here(st, st->current);
    for (int q = 0; q < st->n_players; q++)
        if (q != st->current && st->pl[q].status == ZB_ALIVE && here(st, q) == i && st->pl[q].bullets) {
            st->pl[q].bullets--;
            cur(st)->bullets = add_sat(cur(st)->bullets, 1);
            UD_EMIT(s, "takes-bullet %s from %s bullets=%d", ud_player(s, st->current), ud_player(s, q),
                    cur(st)->bullets);
        }
}

static int slot_of(int i)
{
    return ((i / ZB_SIDE) / ZB_TS) * ZB_SLOTS + (i % ZB_SIDE) / ZB_TS;
}

static int weapon_here(const zb_state *st)
{
    int i = here(st, st->current);
    if (st->kind[i] != ZB_FLOOR && st->kind[i] != ZB_DOOR)
        return -1;
    int sl = slot_of(i);
    int t = st->slot[sl / ZB_SLOTS][sl % ZB_SLOTS] - 1;
    for (int w = 0; w < zb_content.n_weapons; w++)
        if (zb_content.weapon[w].building == t && st->weapons_left[w] &&
            !((st->pl[st->current].weapons >> w) & 1u))
            return w;
    return -1;
}

static bool weapon_to_take(const void *p, const ud_step *s)
{
    return CST(p)->ctx == ZB_CTX_MOVE && weapon_here(CST(p)) >= 0;
}

static void take_weapon(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int w = weapon_here(st);
    st->weapons_left[w]--;
    st->weapons_taken++;
    cur(st)->weapons |= (uint8_t)(1u << w);
    cur(st)->bonus = (uint8_t)(cur(st)->bonus + zb_content.weapon[w].bonus);
    UD_EMIT(s, "weapon %s %s bonus=%d left=%d", ud_player(s, st->current), zb_content.weapon[w].id,
            cur(st)->bonus, st->weapons_left[w]);
}

static bool cleared_building(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    int i = here(st, st->current);
    if (st->kind[i] != ZB_FLOOR && st->kind[i] != ZB_DOOR)
        return false;
    int sl = slot_of(i), sx = sl % ZB_SLOTS, sy = sl / ZB_SLOTS;
    return !st->searched[sy][sx] && zb_building_zombies(st, sx, sy) == 0;
}

static void survivors(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int i = here(st, st->current);
    int sl = slot_of(i);
    int r = roll_d6(s);
    if (s->fail.kind != UD_FAIL_NONE)
        return;
    static const int found[7] = { 0, 0, 1, 1, 2, 2, 3 };
    st->searched[sl / ZB_SLOTS][sl % ZB_SLOTS] = 1;
    cur(st)->survivors = (uint8_t)(cur(st)->survivors + found[r]);
    UD_EMIT(s, "searched %s %s found=%d survivors=%d", ud_player(s, st->current),
            zb_content.tile[st->slot[sl / ZB_SLOTS][sl % ZB_SLOTS] - 1].id, found[r], cur(st)->survivors);
}

static bool earns_heliport(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return st->heli_owner < 0 && !st->heli_placed && st->pl[st->current].survivors >= 3;
}

static void heliport_earned(void *p, ud_step *s)
{
    ST(p)->heli_owner = (int8_t)ST(p)->current;
    UD_EMIT(s, "heliport-earned %s", ud_player(s, ST(p)->current));
}

static bool at_heliport(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return st->ctx == ZB_CTX_MOVE && st->heli_placed && st->pl[st->current].survivors >= 3 &&
           here(st, st->current) == zb_at(st->heli_x, st->heli_y);
}

static void heli_win(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    finish(st, st->current, ZB_END_HELIPORT);
    UD_EMIT(s, "winner %s heliport survivors=%d", ud_player(s, st->current), cur(st)->survivors);
}

static void arrived(void *p, ud_step *s)
{
    ST(p)->phase = ST(p)->ctx == ZB_CTX_START ? ZB_PH_PLACE_CHECK : ZB_PH_MOVE_CHECK;
}

/* ---- step 4: the zombies -------------------------------------------------------------- */

/* The spaces from..to-1 holding a zombie, in order: eight bytes at a
 * time, since most spaces hold none. */
static int zombie_list(const zb_state *st, int from, int to, uint16_t *list)
{
    int n = 0, i = from;
    for (; i + 8 <= to; i += 8) {
        uint64_t w;
        memcpy(&w, st->cell + i, 8);
        w &= 0x0101010101010101ull * ZB_ZOMBIE;
        while (w) {
            int b = __builtin_ctzll(w) >> 3;
            list[n++] = (uint16_t)(i + b);
            w &= w - 1;
        }
    }
    for (; i < to; i++)
        if (st->cell[i] & ZB_ZOMBIE)
            list[n++] = (uint16_t)i;
    return n;
}

/* Each zombie with a player within ZB_SCENT spaces (counted along the
 * rows and columns, walls ignored), in reading order of where it stood,
 * takes the first step (north, east, south, west) it may take that brings
 * it nearer the nearest such player, onto a space with no zombie; the
 * others stay (undead's reading of who moves them: zombies smell, they do
 * not plan). */
static void zombies_chase(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int px[ZB_MAX_PLAYERS], py[ZB_MAX_PLAYERS], n_alive = 0;
    for (int q = 0; q < st->n_players; q++)
        if (st->pl[q].status == ZB_ALIVE) {
            px[n_alive] = st->pl[q].pos_x;
            py[n_alive++] = st->pl[q].pos_y;
        }
    st->phase = ZB_PH_REPLENISH;
    if (!n_alive || !st->zombies)
        return;
    /* Only rows within scent of some player can hold a zombie that moves. */
    int y0 = ZB_SIDE, y1 = -1;
    for (int q = 0; q < n_alive; q++) {
        y0 = py[q] - ZB_SCENT < y0 ? py[q] - ZB_SCENT : y0;
        y1 = py[q] + ZB_SCENT > y1 ? py[q] + ZB_SCENT : y1;
    }
    y0 = y0 < 0 ? 0 : y0;
    y1 = y1 >= ZB_SIDE ? ZB_SIDE - 1 : y1;
    uint16_t list[ZB_SPACES];
    int n;
    n = zombie_list(st, y0 * ZB_SIDE, (y1 + 1) * ZB_SIDE, list);
    int moved = 0;
    for (int z = 0; z < n; z++) {
        int i = list[z], x = i % ZB_SIDE, y = i / ZB_SIDE, best = ZB_SCENT + 1, tx = 0, ty = 0;
        for (int q = 0; q < n_alive; q++) {
            int d = abs(px[q] - x) + abs(py[q] - y);
            if (d < best) {
                best = d;
                tx = px[q];
                ty = py[q];
            }
        }
        if (best == 0 || best > ZB_SCENT)
            continue;
        for (int d = 0; d < 4; d++) {
            int j = i + zb_off[d], jx = j % ZB_SIDE, jy = j / ZB_SIDE;
            if (zb_linked(st, i, d) && abs(tx - jx) + abs(ty - jy) < best && !(st->cell[j] & ZB_ZOMBIE)) {
                st->cell[i] &= (uint8_t)~ZB_ZOMBIE;
                st->cell[j] |= ZB_ZOMBIE;
                moved++;
                break;
            }
        }
    }
    UD_EMIT(s, "zombies-moved %d", moved);
}

typedef struct { const char *name[4]; } dir_labels;

static const char *dir_label(const void *ctx, int i)
{
    return ((const dir_labels *)ctx)->name[i];
}

/* Each zombie, in reading order of where it stood, to a neighbouring
 * space it may enter, each equally likely (chance: `shamble DIR`). */
static void zombies_random(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    uint16_t list[ZB_SPACES];
    int n = zombie_list(st, 0, ZB_SPACES, list);
    for (int z = 0; z < n; z++) {
        int i = list[z], to[4], k = 0;
        dir_labels lab;
        for (int d = 0; d < 4; d++) {
            int j = i + zb_off[d];
            if (zb_linked(st, i, d) && !(st->cell[j] & ZB_ZOMBIE)) {
                lab.name[k] = dir_name[d];
                to[k++] = j;
            }
        }
        if (!k)
            continue;
        int c = ud_pick(s, "shamble", k, dir_label, &lab);
        if (c < 0)
            return;
        UD_EMIT(s, "shamble %s", lab.name[c]);
        st->cell[i] &= (uint8_t)~ZB_ZOMBIE;
        st->cell[to[c]] |= ZB_ZOMBIE;
    }
    st->phase = ZB_PH_REPLENISH;
}

/* ---- step 5: replenishment ------------------------------------------------------------- */

static bool on_square_centre(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return st->pl[st->current].status == ZB_ALIVE && here(st, st->current) == centre_space();
}

static void square_life(void *p, ud_step *s)
{
    zb_player *pl = cur(ST(p));
    pl->life = add_sat(pl->life, 1);
    UD_EMIT(s, "rest %s life=%d", ud_player(s, ST(p)->current), pl->life);
}

static bool can_trade(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].kills >= 3;
}

static void to_trade(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_TRADE;
}

static void do_trade(zb_state *st, ud_step *s, int n)
{
    zb_player *pl = cur(st);
    pl->kills = (uint8_t)(pl->kills - 3 * n);
    pl->bullets = add_sat(pl->bullets, n);
    if (n)
        UD_EMIT(s, "trade %s -%d kills +%d bullets=%d", ud_player(s, st->current), 3 * n, n, pl->bullets);
    st->phase = ZB_PH_DRAW;
}

static void trade_all(void *p, ud_step *s)
{
    do_trade(ST(p), s, cur(ST(p))->kills / 3);
}

static void replenish_done(void *p, ud_step *s)
{
    ST(p)->phase = ZB_PH_DRAW;
}

static void offer_trades(void *p, ud_step *s)
{
    for (int n = 0; n <= CST(p)->pl[CST(p)->current].kills / 3; n++) {
        ud_action a = { ZB_ACT_TRADE, { n } };
        offer_unique(s, &a);
    }
}

static void traded(void *p, ud_step *s)
{
    do_trade(ST(p), s, s->action.arg[0]);
}

static bool tiles_run_out(const void *p, const ud_step *s)
{
    return CST(p)->tiles_pile == 0 && !CST(p)->alt_tiles_in;
}

static void alt_tiles(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->alt_tiles_in = 1;
    for (int k = 0; k < zb_content.n_tiles; k++) {
        st->pile_tile[k] = st->alt_tile[k];
        st->tiles_pile = (uint16_t)(st->tiles_pile + st->alt_tile[k]);
        st->alt_tile[k] = 0;
    }
    UD_EMIT(s, "alternate-tiles %d", st->tiles_pile);
}

static bool cards_run_out(const void *p, const ud_step *s)
{
    return CST(p)->cards_pile == 0 && !CST(p)->alt_cards_in;
}

static void alt_cards(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->alt_cards_in = 1;
    for (int k = 0; k < zb_content.n_events; k++) {
        st->pile_card[k] = st->alt_card[k];
        st->cards_pile = (uint16_t)(st->cards_pile + st->alt_card[k]);
        st->alt_card[k] = 0;
    }
    UD_EMIT(s, "alternate-cards %d", st->cards_pile);
}

static void draw(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    draw_hands(st, s, st->current);
    st->phase = ZB_PH_TURN_END;
}

/* ---- the turn ends -------------------------------------------------------------------- */

static const int cap_rounds[3] = { 25, 50, 100 };

static bool cap_reached(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    int next = (st->current + 1) % st->n_players;
    return next == st->first && st->round >= cap_rounds[s->setup->variant[ZB_V_CAP]];
}

static void emit_map(zb_state *st, ud_step *s)
{
    if (!s->sink)
        return;
    char rows[ZB_SIDE][ZB_SIDE + 3];
    int n = zb_map_rows(st, rows);
    for (int r = 0; r < n; r++)
        ud_emitf(s, "map %s", rows[r]);
}

static void turn_cap(void *p, ud_step *s)
{
    emit_map(ST(p), s);
    UD_EMIT(s, "turn-cap round=%d", ST(p)->round);
    most_survivors(ST(p), s, ZB_END_CAP);
}

static void next_turn(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    if (st->placed_any || st->moved)   /* the map after a turn that changed it */
        emit_map(st, s);
    st->pl[st->current].fresh = 0;
    st->allowance = st->moved = st->hurry = st->placed_any = 0;
    st->ctx = st->roll = 0;
    st->current = (uint8_t)((st->current + 1) % st->n_players);
    if (st->current == st->first)
        st->round++;
    st->phase = ZB_PH_TURN_START;
}

#define ROW(id, sec, sum, ph, kind, g, e) { id, SRC, sec, sum, ph, kind, UD_ALWAYS, g, e, UD_ANY }
#define VROW(id, sec, sum, ph, kind, v, val, g, e) { id, SRC, sec, sum, ph, kind, v, val, g, e, UD_ANY }
#define E UD_ROW_EFFECT
#define O UD_ROW_OFFER
#define SILENT "(the text is silent: undead's reading)"

const ud_rule zb_rules[ZB_N_RULES] = {
    ROW("ZB-PLAYERS", "Game Setup " SILENT, "one to six players, each with a pawn (the box's 2-6, and a solo table for study)",
        ZB_PH_SETUP, E, NULL, seat_players),
    ROW("ZB-ALTERNATE-DECKS", "Game Setup", "\"remove the following duplicate Event Cards and Map Tiles\": the alternate decks, set aside",
        ZB_PH_SETUP, E, NULL, set_aside_alternates),
    ROW("ZB-WEAPON-DECK", "Game Setup", "\"These sixteen (eight pair) Event Cards are the Weapon Deck\"",
        ZB_PH_SETUP, E, NULL, weapon_deck),
    ROW("ZB-TOWN-SQUARE", "Game Setup", "\"Place the Town Square in the center of the Table\", every pawn on its centre, heliport aside, piles shuffled",
        ZB_PH_SETUP, E, NULL, town_square),
    ROW("ZB-ALLOTMENT", "Game Setup", "\"each player receives 3 of each: bullet tokens, life tokens, Event Cards and Map Tiles\"",
        ZB_PH_SETUP, E, NULL, starting_allotment),
    ROW("ZB-FIRST-PLAYER", "Turn Sequence", "\"First player is determined by low die roll\"; a tie for low rolls again " SILENT,
        ZB_PH_FIRST, E, NULL, first_player),
    ROW("ZB-LAST-ALIVE", "End Game", "\"the winner is the last living player\"",
        ZB_PH_TURN_START, E, one_left, last_alive),
    ROW("ZB-ALL-OUT", "End Game " SILENT, "every player has given up its character: nobody wins",
        ZB_PH_TURN_START, E, none_left, all_out),
    ROW("ZB-OUT-SKIPPED", "Combat Rules " SILENT, "a player who chose no new character takes no more turns",
        ZB_PH_TURN_START, E, current_out, skip_out),
    ROW("ZB-DEAD-CHOOSES", "Combat Rules", "\"On the following turn the player may choose to begin a new character\"",
        ZB_PH_TURN_START, E, current_dead, to_revive),
    ROW("ZB-TURN", "Movement Rules", "\"twice the number of life tokens held at the beginning of the turn\"",
        ZB_PH_TURN_START, E, current_alive, begin_turn),
    ROW("ZB-REVIVE-OFFER", "Combat Rules", "\"may choose to begin a new character\": a new character or none",
        ZB_PH_REVIVE, O, NULL, offer_revive),
    VROW("ZB-NEW-CHARACTER", "Combat Rules", "\"placing a pawn on the center of the town square, but may not move until the next turn\"",
         ZB_PH_REVIVE, E, ZB_V_NEWCHAR, ZB_NEWCHAR_NO_MOVE, chose_revive, revive),
    VROW("ZB-NEW-CHARACTER-SKIP", "Combat Rules " SILENT, "the new character's first turn is only its placing",
         ZB_PH_REVIVE, E, ZB_V_NEWCHAR, ZB_NEWCHAR_SKIP_TURN, chose_revive, revive_skip),
    ROW("ZB-RETIRE", "Combat Rules", "\"may choose\": a player may also begin no new character",
        ZB_PH_REVIVE, E, chose_retire, retire),
    ROW("ZB-START-COMBAT", "Turn Sequence", "\"Combat a zombie on player's current space if there is one\"",
        ZB_PH_STEP1, E, zombie_here, start_combat),
    ROW("ZB-NO-START-COMBAT", "Turn Sequence", "no zombie on the player's space: on to the map tiles",
        ZB_PH_STEP1, E, no_zombie_here, to_place),
    ROW("ZB-COMBAT-ROLL", "Combat Rules", "\"On a roll of 4, 5 or 6 player wins the combat\" (a weapon in play adds to the roll)",
        ZB_PH_COMBAT, E, NULL, combat_roll),
    ROW("ZB-COMBAT-PAY", "Combat Rules", "\"must either forfeit a life token or spend enough bullet tokens to raise roll to 4\"",
        ZB_PH_PAY, O, NULL, offer_pay),
    ROW("ZB-SHOOT", "Combat Rules", "\"spend enough bullet tokens to raise roll to 4\": the combat is won",
        ZB_PH_PAY, E, chose_shoot, shoot),
    ROW("ZB-BLEED", "Combat Rules", "\"forfeit a life token\"; \"Combat continues until the player wins or runs out of life tokens\"",
        ZB_PH_PAY, E, chose_bleed, bleed),
    ROW("ZB-DEATH", "Combat Rules", "\"that player forfeits all zombies and survivors and is removed from the board\"",
        ZB_PH_COMBAT_END, E, out_of_life, death),
    ROW("ZB-KILL", "Combat Rules", "\"adds the zombie to player's kill-pile\"",
        ZB_PH_COMBAT_END, E, still_alive, kill),
    VROW("ZB-NO-HELIPORT", "End Game", "\"When the Heliport cannot be placed\": the game ends; the most rescued survivors wins",
         ZB_PH_PLACE_CHECK, E, ZB_V_NO_HELI, ZB_NO_HELI_AT_ONCE, heli_stuck, no_heliport),
    VROW("ZB-NO-HELIPORT-WAIT", "End Game", "\"When the Heliport cannot be placed\" ... \"once all Named Buildings have been searched\": play goes on, the Heliport tried again next turn",
         ZB_PH_PLACE_CHECK, E, ZB_V_NO_HELI, ZB_NO_HELI_ALL_SEARCHED, heli_stuck, heliport_waits),
    ROW("ZB-HELIPORT-DUE", "End Game", "\"may place the Heliport tile at any legal space on that player's following turn\"",
        ZB_PH_PLACE_CHECK, E, heli_can, to_place_decision),
    ROW("ZB-BLOCKED", "Placing Map Tiles", "\"the player without playable tiles loses the rest of that turn\" (the draw is kept " SILENT ")",
        ZB_PH_PLACE_CHECK, E, blocked, lose_turn),
    ROW("ZB-PLACE-MORE", "Turn Sequence", "\"Place as many of the Map Tiles from hand as can be legally placed\"",
        ZB_PH_PLACE_CHECK, E, tile_fits, to_place_decision),
    ROW("ZB-PLACE-DONE", "Turn Sequence", "no tile in hand fits any more: on to movement",
        ZB_PH_PLACE_CHECK, E, NULL, placing_done),
    ROW("ZB-PLACE-OFFER", "Placing Map Tiles", "\"Tiles may be rotated any direction, but must be placed so that roads are connected\"; \"Roads may not be blocked by the side of a building\"",
        ZB_PH_PLACE, O, NULL, offer_places),
    ROW("ZB-PLACE", "Placing Map Tiles", "the tile goes down at the chosen slot and rotation",
        ZB_PH_PLACE, E, chose_place, place),
    ROW("ZB-HELIPORT", "End Game", "\"place the Heliport tile at any legal space\"",
        ZB_PH_PLACE, E, chose_heliport, place_heliport),
    ROW("ZB-NAMED-STOCK", "Placing Map Tiles", "\"they get the number of Zombies, Bullet, and Life tokens indicated\"; \"All tokens and zombies must be placed inside the building\"",
        ZB_PH_LAID, E, laid_named, stock_building),
    ROW("ZB-ROAD-ZOMBIES", "Placing Map Tiles", "\"a number of zombies on it equal to the number of road access points it has\"",
        ZB_PH_LAID, E, laid_road, road_zombies),
    ROW("ZB-LAID-PLAIN", "End Game " SILENT, "the heliport brings no zombies or tokens",
        ZB_PH_LAID, E, NULL, to_place),
    ROW("ZB-EVENT-MAY", "Resource Replenishment", "\"Players may only play one Event Card per round\" (played before moving " SILENT ")",
        ZB_PH_EVENT_CHECK, E, may_play, to_event),
    ROW("ZB-EVENT-NONE", "Resource Replenishment", "no card may be played now: on to movement",
        ZB_PH_EVENT_CHECK, E, may_not_play, to_move_check),
    ROW("ZB-EVENT-OFFER", "Resource Replenishment", "\"Event Cards that affect other players may be played at any time\"",
        ZB_PH_EVENT, O, NULL, offer_events),
    ROW("ZB-EVENT-PASS", "Resource Replenishment", "a player need not play a card",
        ZB_PH_EVENT, E, chose_pass, to_move_check),
    ROW("ZB-EVENT-PLAY", "Resource Replenishment", "\"following card instructions\"; \"Discarded Event Cards are not played again\"",
        ZB_PH_EVENT, E, chose_play, play_event),
    ROW("ZB-MAY-MOVE", "Movement Rules", "\"Player movement allowance is equal to twice the number of life tokens\"",
        ZB_PH_MOVE_CHECK, E, may_move, to_move),
    ROW("ZB-MOVE-DONE", "Movement Rules", "\"unused move allowance cannot be used in any subsequent turn\"",
        ZB_PH_MOVE_CHECK, E, may_not_move, to_zombies),
    ROW("ZB-STEP-OFFER", "Movement Rules", "\"Neither players nor zombies may make diagonal moves\"; \"only by using door spaces\"; \"Players cannot end a move on another player-occupied space\"",
        ZB_PH_MOVE, O, NULL, offer_steps),
    ROW("ZB-STEP", "Movement Rules", "one space north, east, south or west",
        ZB_PH_MOVE, E, chose_step, step),
    ROW("ZB-STOP", "Movement Rules", "\"may stop at any time\"",
        ZB_PH_MOVE, E, chose_stop, stop),
    ROW("ZB-ENTER-COMBAT", "Movement Rules", "\"Every time a player moves on a space occupied by a zombie, combat must occur\"",
        ZB_PH_ARRIVE, E, zombie_here, fight_on_entry),
    ROW("ZB-CLAIM-TOKEN", "Movement Rules", "\"If a player moves on a space containing a token but no zombie, the token is claimed\"",
        ZB_PH_ARRIVE, E, token_here, claim_token),
    ROW("ZB-TAKE-BULLET", "Movement Rules", "\"may take a single bullet token from that player. Second player may not refuse\"",
        ZB_PH_ARRIVE, E, bullet_to_take, take_bullet),
    ROW("ZB-WEAPON", "Movement Rules", "\"Available cards from the Weapon Deck are drawn\" on entering the building",
        ZB_PH_ARRIVE, E, weapon_to_take, take_weapon),
    ROW("ZB-SURVIVORS", "Movement Rules", "\"players roll 1d6 to determine number of survivors\"; \"Place a marker on each Named Building searched\"",
        ZB_PH_ARRIVE, E, cleared_building, survivors),
    ROW("ZB-HELIPORT-EARNED", "End Game", "\"The first player to rescue three survivors\"",
        ZB_PH_ARRIVE, E, earns_heliport, heliport_earned),
    ROW("ZB-HELIPORT-WIN", "End Game", "\"The first player with three survivors to reach the center square of the Heliport tile wins\"",
        ZB_PH_ARRIVE, E, at_heliport, heli_win),
    ROW("ZB-ARRIVED", "Movement Rules", "\"Player may continue up to total movement allowance after defeating zombie\"",
        ZB_PH_ARRIVE, E, NULL, arrived),
    VROW("ZB-ZOMBIES-CHASE", "Turn Sequence", "\"Move all zombies that can be legally moved just one space each\": toward the nearest player " SILENT,
         ZB_PH_ZOMBIES, E, ZB_V_ZOMBIES, ZB_ZOMBIES_CHASE, NULL, zombies_chase),
    VROW("ZB-ZOMBIES-RANDOM", "Turn Sequence", "\"just one space each in any direction\": each a random legal direction",
         ZB_PH_ZOMBIES, E, ZB_V_ZOMBIES, ZB_ZOMBIES_RANDOM, NULL, zombies_random),
    ROW("ZB-SQUARE-LIFE", "Movement Rules", "\"Each time a player ends his turn on the center of the Town Square, that player gains one life token\"",
        ZB_PH_REPLENISH, E, on_square_centre, square_life),
    VROW("ZB-TRADE-ASK", "Resource Replenishment", "\"Killed zombies may be traded for bullet tokens at a rate of three zombies per bullet\"",
         ZB_PH_REPLENISH, E, ZB_V_TRADE, ZB_TRADE_CHOOSE, can_trade, to_trade),
    VROW("ZB-TRADE-ALL", "Resource Replenishment " SILENT, "every full three kills traded at once",
         ZB_PH_REPLENISH, E, ZB_V_TRADE, ZB_TRADE_ALL, can_trade, trade_all),
    ROW("ZB-REPLENISH-DONE", "Turn Sequence", "\"Player draws new Cards and Tiles\"",
        ZB_PH_REPLENISH, E, NULL, replenish_done),
    ROW("ZB-TRADE-OFFER", "Resource Replenishment", "how many bullets to take for kills, three kills each",
        ZB_PH_TRADE, O, NULL, offer_trades),
    ROW("ZB-TRADE", "Resource Replenishment", "three kills off the kill-pile for each bullet",
        ZB_PH_TRADE, E, NULL, traded),
    ROW("ZB-ALTERNATE-TILES", "Resource Replenishment", "\"When either draw pile is depleted, the Alternate Deck is shuffled\" (tiles)",
        ZB_PH_DRAW, E, tiles_run_out, alt_tiles),
    ROW("ZB-ALTERNATE-CARDS", "Resource Replenishment", "\"When either draw pile is depleted, the Alternate Deck is shuffled\" (cards)",
        ZB_PH_DRAW, E, cards_run_out, alt_cards),
    ROW("ZB-DRAW", "Resource Replenishment", "\"a player draws Cards and Tiles to replenish allotment of three each\"",
        ZB_PH_DRAW, E, NULL, draw),
    VROW("ZB-ALL-SEARCHED", "End Game", "\"the player with the most rescued survivors once all Named Buildings have been searched\" wins, the Heliport having failed",
         ZB_PH_TURN_END, E, ZB_V_NO_HELI, ZB_NO_HELI_ALL_SEARCHED, searched_out, all_searched),
    ROW("ZB-TURN-CAP", "End Game " SILENT, "undead's bound: after the last round of the cap, the most rescued survivors wins",
        ZB_PH_TURN_END, E, cap_reached, turn_cap),
    ROW("ZB-NEXT", "Turn Sequence", "\"Play proceeds clockwise\"",
        ZB_PH_TURN_END, E, NULL, next_turn),
};
_Static_assert(sizeof zb_rules / sizeof zb_rules[0] == ZB_N_RULES, "ZB_N_RULES counts the rows");
