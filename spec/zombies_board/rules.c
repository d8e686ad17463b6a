/*
 * rules.c - every rule of 004 (the Zombies!!! rules variant) as a row,
 * guards and effects just above their rows, in the order a turn meets
 * them; the list at the end (ZB_RULE_LIST) gives both the rule array and
 * the compiled runner (core/compiled.h), so the checker and the simulator
 * run the same rows.  Sections are 004's headings; where 004 is silent the section
 * says so and names undead's reading (a variant where play changes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiled.h"
#include "zombies_board.h"

#define SRC "004_7b390799ec2a25ac.txt"
#define ST(p) ((zb_state *)ud_mutable(p))
#define CST(p) ((const zb_state *)(p))

static const char *const dir_name[4] = { "north", "east", "south", "west" };
static const char *const die_label[6] = { "1", "2", "3", "4", "5", "6" };

static const char *die(const void *ctx, int i) { return die_label[i]; }

static int roll_d6(ud_step *s)
{
    int r = ud_pick(s, "roll", 6, die, NULL);
    if (r >= 0)
        UD_EMIT(s, "roll %d", r + 1);
    return r + 1;
}

static int here(const zb_state *st, int p) { return zb_at(st->pl[p].pos_x, st->pl[p].pos_y); }

static zb_player *cur(zb_state *st) { return &st->pl[st->current]; }

static int centre_space(void) { return zb_at(ZB_MID * ZB_TS + 1, ZB_MID * ZB_TS + 1); }

/* Step 4 starts (below, with the step's rows). */
static void enter_zombies(zb_state *st);

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
        if (!ud_fault_on(&zb_faults[ZB_FAULT_TILE_LEFT_IN_STACK]))
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
            st->pl[i].outcome = (uint8_t)(i == winner                  ? UD_SEAT_WON
                                          : st->pl[i].status == ZB_OUT ? UD_SEAT_OUT
                                                                       : UD_SEAT_LOST);
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

/* Piles a start line fixed (zb_apply_start, alternates included) are
 * kept as they are. */
static void set_aside_alternates(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    for (int k = 0; k < zb_content.n_tiles && !(st->preset & ZB_PRESET_TILES); k++)
        st->alt_tile[k] = zb_content.tile[k].alt;
    for (int k = 0; k < zb_content.n_events && !(st->preset & ZB_PRESET_CARDS); k++)
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
    st->tiles_pile = st->cards_pile = 0;
    for (int k = 0; k < zb_content.n_tiles; k++)
        if (k != zb_content.square && k != zb_content.heliport) {
            if (!(st->preset & ZB_PRESET_TILES))
                st->pile_tile[k] = zb_content.tile[k].count;
            st->tiles_pile = (uint16_t)(st->tiles_pile + st->pile_tile[k]);
        }
    for (int k = 0; k < zb_content.n_events; k++) {
        if (!(st->preset & ZB_PRESET_CARDS))
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
    if (st->preset & ZB_PRESET_FIRST) /* a start line named the first player */
        lows = (uint8_t)(1u << st->first);
    for (int i = 0; i < st->n_players && !(st->preset & ZB_PRESET_FIRST); i++) {
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
    if (lows & (lows - 1)) { /* a tie for the low roll: those players roll again */
        st->candidates = lows;
        return;
    }
    if (!lows) {
        ud_effect_unmet(s, "no one rolled");
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

/* No tile of any kind can ever be placed again: no empty slot has a road
 * coming to it ("no further tiles can be placed"). */
static bool board_closed(const zb_state *st)
{
    for (int k = 0; k < ZB_SLOTS * ZB_SLOTS; k++)
        if (st->need[k])
            return false;
    return true;
}

/* "When the Heliport cannot be placed": its owner found no legal space
 * for it (under no-heliport=all-searched play went on), or the board is
 * closed before it was placed. */
static bool heli_impossible(const zb_state *st)
{
    return !st->heli_placed && (st->heli_stuck || board_closed(st));
}

static bool last_alive_wins(const void *p, const ud_step *s)
{
    return one_left(p, s) && heli_impossible(CST(p));
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

static bool none_left(const void *p, const ud_step *s) { return not_out(CST(p)) == 0; }

static void all_out(void *p, ud_step *s)
{
    finish(ST(p), -1, ZB_END_ALL_OUT);
    UD_EMIT(s, "no-winner");
}

static bool current_out(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_OUT;
}

static void skip_out(void *p, ud_step *s) { ST(p)->phase = ZB_PH_TURN_END; }

static bool current_dead(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_DEAD;
}

static void to_revive(void *p, ud_step *s) { ST(p)->phase = ZB_PH_REVIVE; }

static bool current_alive(const void *p, const ud_step *s)
{
    return CST(p)->pl[CST(p)->current].status == ZB_ALIVE;
}

static void begin_turn(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_player *pl = cur(st);
    st->allowance = (uint8_t)(pl->fresh || pl->stuck ? 0 : 2 * pl->life); /* life <= ZB_MAX_TOKENS */
    if (st->allowance && ud_fault_on(&zb_faults[ZB_FAULT_ALLOWANCE_ONE_PAST]))
        st->allowance++; /* the fault: one move past the allowance */
    pl->stuck = 0;
    st->moved = 0;
    st->hurry = 0;
    st->placed_any = 0;
    st->took = st->asked = st->food = 0;
    st->kill_here = ZB_KILL_NONE;
    st->heli_due = st->heli_owner == st->current && !st->heli_placed;
    st->phase = ZB_PH_STEP1;
    UD_EMIT(s, "turn %s round=%d moves=%d", ud_player(s, st->current), st->round, st->allowance);
}

UD_OFFER_ROW(offer_revive, p, s)
{
    ud_offer(s, ZB_ACT_REVIVE);
    ud_offer(s, ZB_ACT_RETIRE);
}

static bool chose_revive(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_REVIVE; }

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
    st->phase = ZB_PH_TURN_START; /* its turn goes on, without movement */
}

static void revive_skip(void *p, ud_step *s)
{
    revive(p, s);
    cur(ST(p))->fresh = 0; /* the whole turn was the new character's placing */
    enter_zombies(ST(p));
}

static bool chose_retire(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_RETIRE; }

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

static bool no_zombie_here(const void *p, const ud_step *s) { return !zombie_here(p, s); }

static void to_place(void *p, ud_step *s) { ST(p)->phase = ZB_PH_PLACE_CHECK; }

static void combat_roll(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int r = roll_d6(s);
    if (s->fail.kind != UD_FAIL_NONE)
        return;
    st->roll = (uint8_t)r;
    int hit = ud_number_value(s, ZB_NUM_HIT) +
              ud_fault_on(&zb_faults[ZB_FAULT_HITS_ON_FIVE]); /* the fault: > for >= */
    st->phase = r + cur(st)->bonus >= hit ? ZB_PH_COMBAT_END : ZB_PH_PAY;
}

/* "spend enough bullet tokens to raise roll to 4": reach is the 4, as
 * the row asking reads it */
static int bullets_needed(const zb_state *st, int reach)
{
    return reach - st->roll - st->pl[st->current].bonus;
}

UD_OFFER_ROW(offer_pay, p, s)
{
    const zb_state *st = CST(p);
    /* the fault: shooting offered one bullet short of what the roll needs */
    int short_by = ud_fault_on(&zb_faults[ZB_FAULT_SHOOT_OFFERED_SHORT]);
    if (st->pl[st->current].bullets + short_by >= bullets_needed(st, ud_number_value(s, ZB_NUM_PAY_REACH)))
        ud_offer(s, ZB_ACT_SHOOT);
    ud_offer(s, ZB_ACT_BLEED);
}

static bool chose_shoot(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_SHOOT; }

static void shoot(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int n = bullets_needed(st, ud_number_value(s, ZB_NUM_SHOOT_REACH));
    if (cur(st)->bullets > n && ud_fault_on(&zb_faults[ZB_FAULT_SHOT_COSTS_ONE_MORE]))
        n++; /* the fault: one bullet more than the roll needs */
    cur(st)->bullets = (uint8_t)(cur(st)->bullets - n);
    UD_EMIT(s, "shoot %s -%d bullets=%d", ud_player(s, st->current), n, cur(st)->bullets);
    st->phase = ZB_PH_COMBAT_END;
}

static bool chose_bleed(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_BLEED; }

static void bleed(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    cur(st)->life--;
    UD_EMIT(s, "bleed %s life=%d", ud_player(s, st->current), cur(st)->life);
    st->phase = cur(st)->life ? ZB_PH_COMBAT : ZB_PH_COMBAT_END;
}

static bool out_of_life(const void *p, const ud_step *s) { return CST(p)->pl[CST(p)->current].life == 0; }

static void death(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    zb_player *pl = cur(st);
    UD_EMIT(s, "dies %s kills=%d survivors=%d", ud_player(s, st->current), pl->kills, pl->survivors);
    pl->kills = 0;
    pl->survivors = 0;
    pl->bonus = 0; /* weapons go with the character: the weapon deck is never renewed */
    pl->weapons = 0;
    pl->status = ZB_DEAD;
    pl->fresh = 0;
    pl->pos_x = pl->pos_y = 0;
    if (st->heli_owner == st->current && !st->heli_placed)
        st->heli_owner = -1;
    enter_zombies(st);
}

static bool still_alive(const void *p, const ud_step *s) { return CST(p)->pl[CST(p)->current].life > 0; }

static void kill(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->cell[here(st, st->current)] &= (uint8_t)~ZB_ZOMBIE;
    st->zombies--;
    if (cur(st)->kills < 255)
        cur(st)->kills++;
    st->kill_here = ZB_KILL_SPOILS_DUE;
    UD_EMIT(s, "kill %s kills=%d", ud_player(s, st->current), cur(st)->kills);
    st->phase = ZB_PH_ARRIVE;
}

/* ---- step 2: map tiles ---------------------------------------------------------- */

static bool heli_fits(const zb_state *st, int sx, int sy, const ud_step *s)
{
    if (!zb_fits(st, zb_content.heliport, sx, sy, 0))
        return false;
    if (s->setup && ud_reading(s, ZB_V_HELIPORT) == ZB_HELI_FAR) {
        int ddx = sx - ZB_MID, ddy = sy - ZB_MID;
        if (ddx * ddx + ddy * ddy <= 1) /* not beside the Town Square */
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

static bool holds_tiles(const zb_player *pl) { return pl->tile[0] || pl->tile[1] || pl->tile[2]; }

static bool tile_fits_for(const zb_state *st, int seat);

static bool any_tile_fits(const zb_state *st) { return tile_fits_for(st, st->current); }

static bool tile_fits_for(const zb_state *st, int seat)
{
    const zb_player *pl = &st->pl[seat];
    if (!holds_tiles(pl))
        return false;
    /* the hand's tiles' fit tables, an empty hand slot's all zero */
    static const uint8_t none[256];
    const uint8_t *fit[ZB_HAND];
    for (int h = 0; h < ZB_HAND; h++)
        fit[h] = pl->tile[h] ? zb_content.tile[pl->tile[h] - 1].fit : none;
    for (int k = 0; k < ZB_SLOTS * ZB_SLOTS; k++) {
        unsigned near = st->near[k];
        if (near && (fit[0][near << 4 | st->need[k]] | fit[1][near << 4 | st->need[k]] |
                     fit[2][near << 4 | st->need[k]]))
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
    zb_state *st = ST(p);
    UD_EMIT(s, "no-heliport-space %s", ud_player(s, st->current));
    if (one_left(p, s)) { /* "the winner is the last living player" */
        for (int i = 0; i < st->n_players; i++)
            if (st->pl[i].status != ZB_OUT) {
                finish(st, i, ZB_END_NO_HELIPORT);
                UD_EMIT(s, "winner %s last-alive", ud_player(s, i));
            }
        return;
    }
    most_survivors(st, s, ZB_END_NO_HELIPORT);
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

/* Every Named Building on the board searched: their survivors are all
 * rescued (or there were none). */
static bool placed_all_searched(const zb_state *st)
{
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            if (st->slot[y][x] && zb_content.tile[st->slot[y][x] - 1].role == ZB_ROLE_NAMED &&
                !st->searched[y][x])
                return false;
    return true;
}

static bool all_rescued(const void *p, const ud_step *s)
{
    return board_closed(CST(p)) && placed_all_searched(CST(p));
}

static void all_rescued_end(void *p, ud_step *s)
{
    UD_EMIT(s, "all-survivors-rescued");
    most_survivors(ST(p), s, ZB_END_ALL_RESCUED);
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

static void to_place_decision(void *p, ud_step *s) { ST(p)->phase = ZB_PH_PLACE; }

/* The player holds tiles and none of them fits anywhere ("the player
 * without playable tiles"); one placed this turn means it had some. */
static bool blocked(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return !st->placed_any && holds_tiles(&st->pl[st->current]) && !any_tile_fits(st);
}

/* blocked=lose-that-turn: the turn in which it occurs, the first since the
 * player last placed a tile, is lost; later turns are played without it. */
static bool blocked_first(const void *p, const ud_step *s)
{
    return blocked(p, s) && !CST(p)->pl[CST(p)->current].lost_turn;
}

static bool blocked_again(const void *p, const ud_step *s)
{
    return blocked(p, s) && CST(p)->pl[CST(p)->current].lost_turn;
}

/* The rest of the turn is lost: no movement, no zombies moved, no trade,
 * no draw, no life on the Town Square. */
static void lose_turn(void *p, ud_step *s)
{
    UD_EMIT(s, "blocked %s", ud_player(s, ST(p)->current));
    ST(p)->phase = ZB_PH_TURN_END;
}

/* As lose_turn, and marked: the turn lost for this occurrence is taken. */
static void lose_that_turn(void *p, ud_step *s)
{
    lose_turn(p, s);
    ST(p)->pl[ST(p)->current].lost_turn = 1;
}

/* The lost turn was taken already: the tile step is passed over and the
 * turn goes on (a card, movement, zombies, trade, draw). */
static void pass_tiles(void *p, ud_step *s)
{
    UD_EMIT(s, "no-playable-tiles %s", ud_player(s, ST(p)->current));
    ST(p)->phase = ZB_PH_EVENT_CHECK;
}

static bool tile_fits(const void *p, const ud_step *s) { return any_tile_fits(CST(p)); }

static void placing_done(void *p, ud_step *s) { ST(p)->phase = ZB_PH_EVENT_CHECK; }

UD_OFFER_ROW(offer_places, p, s)
{
    const zb_state *st = CST(p);
    if (st->heli_due) {
        for (int y = 0; y < ZB_SLOTS; y++)
            for (int x = 0; x < ZB_SLOTS; x++)
                if (heli_fits(st, x, y, s)) {
                    ud_action a = { ZB_ACT_HELIPORT, { x - ZB_MID, y - ZB_MID } };
                    ud_offer_new(s, &a);
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
                /* the rotations that fit, lowest first (zb_fits_needs for each) */
                for (unsigned rots = zb_content.tile[t].fit[near << 4 | req]; rots; rots &= rots - 1) {
                    int r = __builtin_ctz(rots);
                    ud_action a = { ZB_ACT_PLACE, { t, x - ZB_MID, y - ZB_MID, r * 90 } };
                    ud_offer_new(s, &a);
                }
            }
    }
}

static bool chose_place(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_PLACE; }

static void place(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int t = s->action.arg[0], sx = s->action.arg[1] + ZB_MID, sy = s->action.arg[2] + ZB_MID;
    if (t < 0 || t >= zb_content.n_tiles || sx < 0 || sx >= ZB_SLOTS || sy < 0 || sy >= ZB_SLOTS ||
        s->action.arg[3] < 0 || s->action.arg[3] / 90 > 3) {
        ud_effect_unmet(s, "no tile placed on the board");
        return;
    }
    zb_player *pl = cur(st);
    for (int h = 0; h < ZB_HAND; h++)
        if (pl->tile[h] == t + 1) {
            pl->tile[h] = 0;
            break;
        }
    zb_lay(st, t, sx, sy, s->action.arg[3] / 90);
    st->placed_any = 1;
    pl->lost_turn = 0; /* its tiles played again: a later block is a new occurrence */
    st->last_sx = (uint8_t)sx;
    st->last_sy = (uint8_t)sy;
    UD_EMIT(s, "placed %s %s at %d,%d rot %d", ud_player(s, st->current), zb_content.tile[t].id, sx - ZB_MID,
            sy - ZB_MID, s->action.arg[3]);
    st->phase = ZB_PH_LAID;
}

static bool heli_offered(const void *p, const ud_step *s) { return CST(p)->heli_due; }

UD_OFFER_ROW(offer_decline, p, s) { ud_offer(s, ZB_ACT_PASS); }

static bool chose_pass(const void *p, const ud_step *s);

/* Declined: not this turn; at the owner's next turn it is due again. */
static void decline_heliport(void *p, ud_step *s)
{
    ST(p)->heli_due = 0;
    UD_EMIT(s, "heliport-declined %s", ud_player(s, ST(p)->current));
    ST(p)->phase = ZB_PH_PLACE_CHECK;
}

static bool chose_heliport(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_HELIPORT; }

static void place_heliport(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int sx = s->action.arg[0] + ZB_MID, sy = s->action.arg[1] + ZB_MID;
    if (sx < 0 || sx >= ZB_SLOTS || sy < 0 || sy >= ZB_SLOTS) {
        ud_effect_unmet(s, "no tile placed on the board");
        return;
    }
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

static bool laid_named(const void *p, const ud_step *s) { return last_role(CST(p)) == ZB_ROLE_NAMED; }

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

static bool laid_road(const void *p, const ud_step *s) { return last_role(CST(p)) == ZB_ROLE_ROAD; }

/* As many zombies as the tile has road access points (open edges); the
 * player places each on a road space of the tile (the next decision). */
static void road_zombies(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int n = zb_content.tile[st->slot[st->last_sy][st->last_sx] - 1].n_open;
    st->zpending = (uint8_t)n;
    UD_EMIT(s, "zombies %d", n);
    st->phase = ZB_PH_ROAD_ZOMBIE;
}

/* "any legal road space on that tile": a road space of the tile just laid
 * with no zombie yet ("no space may contain more than one zombie"). */
UD_OFFER_ROW(offer_road_spaces, p, s)
{
    const zb_state *st = CST(p);
    for (int y = 0; y < ZB_TS; y++)
        for (int x = 0; x < ZB_TS; x++) {
            int sx = st->last_sx * ZB_TS + x, sy = st->last_sy * ZB_TS + y, i = zb_at(sx, sy);
            if (st->kind[i] == ZB_ROAD && !(st->cell[i] & ZB_ZOMBIE)) {
                ud_action a = { ZB_ACT_ZOMBIE_AT, { sx, sy } };
                ud_offer_new(s, &a);
            }
        }
}

static bool chose_road_space(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_ZOMBIE_AT; }

static void road_zombie(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->cell[zb_at(s->action.arg[0], s->action.arg[1])] |= ZB_ZOMBIE;
    st->zombies++;
    st->zpending--;
    st->phase = st->zpending ? ZB_PH_ROAD_ZOMBIE : ZB_PH_PLACE_CHECK;
}

/* ---- events (undead's reading: played at one moment of the holder's turn) ------- */

static bool card_target_ok(const zb_state *st, int k, int t)
{
    int fx = zb_content.event[k].effect;
    bool self = fx == ZB_FX_LIFE || fx == ZB_FX_BULLETS || fx == ZB_FX_HURRY || fx == ZB_FX_FOOD;
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

static void to_event(void *p, ud_step *s) { ST(p)->phase = ZB_PH_EVENT; }

static bool may_not_play(const void *p, const ud_step *s) { return !may_play(p, s); }

static void to_move_check(void *p, ud_step *s) { ST(p)->phase = ZB_PH_MOVE_CHECK; }

UD_OFFER_ROW(offer_events, p, s)
{
    const zb_state *st = CST(p);
    const zb_player *pl = &st->pl[st->current];
    for (int h = 0; h < ZB_HAND; h++)
        for (int t = 0; pl->card[h] && t < st->n_players; t++)
            if (card_target_ok(st, pl->card[h] - 1, t)) {
                ud_action a = { ZB_ACT_PLAY,
                                { pl->card[h] - 1, t + 1 } }; /* seats from 1, as a person counts */
                ud_offer_action(s, &a);
            }
    ud_offer(s, ZB_ACT_PASS);
}

static bool chose_pass(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_PASS; }

static bool chose_play(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_PLAY; }

/* a + b life or bullet tokens, at least 0 (a loss takes what there is).
 * The text sets no limit ("as many bullet and life tokens as they can
 * collect"); undead's is ZB_MAX_TOKENS, and going past it is an error
 * naming it, never a silent cap. */
static uint8_t add_tokens(ud_step *s, int a, int b)
{
    int v = a + b;
    if (v > ZB_MAX_TOKENS) {
        ud_failf(s, UD_FAIL_LIMIT, s->rule->id,
                 "a player would hold %d tokens of one kind; undead's limit is %d (the text sets none)", v,
                 ZB_MAX_TOKENS);
        return ZB_MAX_TOKENS;
    }
    return (uint8_t)(v < 0 ? 0 : v);
}

static void play_event(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int k = s->action.arg[0], t = s->action.arg[1] - 1;
    zb_player *pl = cur(st), *tp = &st->pl[t];
    for (int h = 0; h < ZB_HAND; h++)
        if (pl->card[h] == k + 1) {
            pl->card[h] = 0; /* discarded: never played again */
            break;
        }
    pl->card_round = st->round;
    const zb_event_kind *e = &zb_content.event[k];
    switch (e->effect) {
    case ZB_FX_LIFE:
        tp->life = add_tokens(s, tp->life, e->amount);
        break;
    case ZB_FX_BULLETS:
        tp->bullets = add_tokens(s, tp->bullets, e->amount);
        break;
    case ZB_FX_HURRY:
        st->hurry = add_tokens(s, st->hurry, e->amount);
        break;
    case ZB_FX_WOUND:
        tp->life = (uint8_t)(tp->life > e->amount ? tp->life - e->amount : 1);
        break;
    case ZB_FX_DISARM:
        tp->bullets = add_tokens(s, tp->bullets, -e->amount);
        break;
    case ZB_FX_STUCK:
        tp->stuck = 1;
        break;
    case ZB_FX_FOOD:
        st->food = 1;
        break;
    default:
        st->cell[here(st, t)] |= ZB_ZOMBIE;
        st->zombies++;
        break;
    }
    UD_EMIT(s, "event %s %s on %s life=%d bullets=%d", ud_player(s, st->current), e->id, ud_player(s, t),
            tp->life, tp->bullets);
    st->phase = ZB_PH_MOVE_CHECK;
}

/* ---- step 3: movement ------------------------------------------------------------ */

static int moves_left(const zb_state *st) { return st->allowance + st->hurry - st->moved; }

static bool may_move(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    return st->pl[st->current].status == ZB_ALIVE && moves_left(st) > 0;
}

static void to_move(void *p, ud_step *s) { ST(p)->phase = ZB_PH_MOVE; }

static bool may_not_move(const void *p, const ud_step *s) { return !may_move(p, s); }

static void to_zombies(void *p, ud_step *s) { enter_zombies(ST(p)); }

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

UD_OFFER_ROW(offer_steps, p, s)
{
    const zb_state *st = CST(p);
    int i = here(st, st->current);
    for (int d = 0; d < 4; d++) {
        int j = i + zb_off[d];
        if (!zb_linked(st, i, d))
            continue;
        if (player_at(st, j, st->current) && !way_off(st, j, i))
            continue; /* the move would have to end on another player */
        ud_action a = ud_act(ZB_ACT_NORTH + d);
        ud_offer_new(s, &a);
    }
    if (st->moved == 0 || !player_at(st, i, st->current)) {
        ud_action a = ud_act(ZB_ACT_STOP);
        ud_offer_new(s, &a);
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
    int j = d >= 0 && d < 4 ? zb_neighbour(here(st, st->current), d) : -1;
    if (j < 0) {
        ud_effect_unmet(s, "no step on the board");
        return;
    }
    cur(st)->pos_x = (uint8_t)(j % ZB_SIDE);
    cur(st)->pos_y = (uint8_t)(j / ZB_SIDE);
    st->moved++;
    st->asked = 0;
    st->kill_here = ZB_KILL_NONE;
    st->ctx = ZB_CTX_MOVE;
    UD_EMIT(s, "step %s %s %d,%d", ud_player(s, st->current), dir_name[d], j % ZB_SIDE, j / ZB_SIDE);
    st->phase = ZB_PH_ARRIVE;
}

static bool chose_stop(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_STOP; }

static void stop(void *p, ud_step *s) { enter_zombies(ST(p)); }

/* ---- arriving on a space ---------------------------------------------------------- */

static bool zombie_to_fight(const void *p, const ud_step *s)
{
    return zombie_here(p, s) && !(CST(p)->food && CST(p)->ctx == ZB_CTX_MOVE);
}

static void fight_on_entry(void *p, ud_step *s) { ST(p)->phase = ZB_PH_COMBAT; }

static bool zombie_fed(const void *p, const ud_step *s)
{
    return zombie_here(p, s) && CST(p)->food && CST(p)->ctx == ZB_CTX_MOVE;
}

/* The zombie has other food: no combat; the move goes on. */
static void pass_zombie(void *p, ud_step *s)
{
    UD_EMIT(s, "no-combat %s food-source", ud_player(s, ST(p)->current));
}

static bool token_here(const zb_state *st)
{
    int c = st->cell[here(st, st->current)];
    return (c & ZB_TOK_MASK) && !(c & ZB_ZOMBIE);
}

/* "If a player moves on a space containing a token but no zombie": no
 * zombie was killed there since it arrived (then spoils_due asks). */
static bool token_found(const void *p, const ud_step *s)
{
    return token_here(CST(p)) && CST(p)->kill_here == ZB_KILL_NONE;
}

/* "Once the zombie is dead, player may collect any life or bullet token
 * in that space": a kill on a space with a token, not yet offered. */
static bool spoils_due(const void *p, const ud_step *s)
{
    return token_here(CST(p)) && CST(p)->kill_here == ZB_KILL_SPOILS_DUE;
}

static void to_spoils(void *p, ud_step *s) { ST(p)->phase = ZB_PH_SPOILS; }

UD_OFFER_ROW(offer_spoils, p, s)
{
    ud_offer(s, ZB_ACT_COLLECT);
    ud_offer(s, ZB_ACT_PASS);
}

static bool chose_collect(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_COLLECT; }

static void claim_token(void *p, ud_step *s);

static void collect_spoils(void *p, ud_step *s)
{
    claim_token(p, s);
    ST(p)->kill_here = ZB_KILL_SPOILS_OFFERED;
    ST(p)->phase = ZB_PH_ARRIVE;
}

static bool chose_pass(const void *p, const ud_step *s);

/* Left where it lies: a player who moves on the space later claims it. */
static void leave_spoils(void *p, ud_step *s)
{
    ST(p)->kill_here = ZB_KILL_SPOILS_OFFERED;
    ST(p)->phase = ZB_PH_ARRIVE;
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
        pl->life = add_tokens(s, pl->life, 1);
    else
        pl->bullets = add_tokens(s, pl->bullets, 1);
    UD_EMIT(s, "claim %s %s life=%d bullets=%d", ud_player(s, st->current),
            tok == ZB_TOK_LIFE ? "life" : "bullet", pl->life, pl->bullets);
}

/* The seats (a bit each) whose bullet the mover may take here: alive on
 * this space with a bullet, not offered yet on this arrival, and under
 * bullet-take=once not taken from already this turn. */
static unsigned bullet_seats(const zb_state *st, const ud_step *s)
{
    if (st->ctx != ZB_CTX_MOVE)
        return 0;
    unsigned done = st->asked;
    if (ud_reading(s, ZB_V_BULLET) == ZB_BULLET_ONCE)
        done |= st->took;
    int i = here(st, st->current);
    unsigned m = 0;
    for (int q = 0; q < st->n_players; q++)
        if (q != st->current && !((done >> q) & 1u) && st->pl[q].status == ZB_ALIVE && here(st, q) == i &&
            st->pl[q].bullets)
            m |= 1u << q;
    return m;
}

static bool bullet_to_take(const void *p, const ud_step *s) { return bullet_seats(CST(p), s) != 0; }

static void to_take(void *p, ud_step *s) { ST(p)->phase = ZB_PH_TAKE; }

UD_OFFER_ROW(offer_bullets, p, s)
{
    for (unsigned m = bullet_seats(CST(p), s); m; m &= m - 1) {
        ud_action a = { ZB_ACT_TAKE, { __builtin_ctz(m) } };
        ud_offer_new(s, &a);
    }
    ud_offer(s, ZB_ACT_PASS);
}

static bool chose_take(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_TAKE; }

static void take_bullet(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int q = s->action.arg[0];
    st->pl[q].bullets--;
    st->asked |= (uint8_t)(1u << q);
    st->took |= (uint8_t)(1u << q);
    cur(st)->bullets = add_tokens(s, cur(st)->bullets, 1);
    UD_EMIT(s, "takes-bullet %s from %s bullets=%d", ud_player(s, st->current), ud_player(s, q),
            cur(st)->bullets);
    st->phase = ZB_PH_ARRIVE;
}

/* None taken on this arrival (the others' bullets are not offered again
 * until the next space). */
static void leave_bullets(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    st->asked |= (uint8_t)bullet_seats(st, s);
    st->phase = ZB_PH_ARRIVE;
}

static int slot_of(int i) { return ((i / ZB_SIDE) / ZB_TS) * ZB_SLOTS + (i % ZB_SIDE) / ZB_TS; }

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
    if (w < 0) {
        ud_effect_unmet(s, "none here");
        return;
    }
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

/* survivors-roll=killed: the building is cleared by the kill just made on
 * the player's space (step 1's combat, or one on entering). */
static bool killed_out(const void *p, const ud_step *s)
{
    return CST(p)->kill_here != ZB_KILL_NONE && cleared_building(p, s);
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

/* The directions (a bit each) a zombie on space i may move: a legal step
 * to a space with no zombie ("no space may contain more than one
 * zombie"). */
static unsigned zombie_steps(const zb_state *st, int i)
{
    if (ud_fault_on(&zb_faults[ZB_FAULT_ZOMBIE_ON_ZOMBIE]))
        return st->link[i]; /* the fault: onto a zombie as well */
    /* without a branch on the neighbour: whether it holds a zombie is as
     * good as random on a crowded board */
    unsigned m = 0;
    for (unsigned l = st->link[i]; l; l &= l - 1) {
        int d = __builtin_ctz(l);
        m |= (~(unsigned)st->cell[i + zb_off[d]] & ZB_ZOMBIE) << d;
    }
    return m;
}

_Static_assert(ZB_ZOMBIE == 1 && ZB_MOVED == 8, "unmoved8 reads the zombie bit as bit 0, moved as bit 3");

/* Of the eight cells at `at` (fewer at the board's end, the rest read as
 * empty), those with a zombie not moved in this step: bit 0 of byte k set
 * for cell at + k (in memory order, so byte k is bits 8k to 8k + 7 on a
 * little-endian machine; on another, the bytes are put in that order). */
static uint64_t unmoved8(const zb_state *st, int at)
{
    uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (at + 8 <= ZB_SPACES) {
        memcpy(&w, st->cell + at, 8);
        return w & ~(w >> 3) & 0x0101010101010101ull;
    }
#endif
    for (int k = 0; k < 8 && at + k < ZB_SPACES; k++)
        w |= (uint64_t)st->cell[at + k] << (8 * k);
    /* the zombie bit, and not the moved bit (bit 3, shifted onto bit 0) */
    return w & ~(w >> 3) & 0x0101010101010101ull;
}

/* The first space from `from` on, in reading order, in the set of spaces
 * `set` (a bit each); -1 when none is left. */
static int next_in(const uint64_t set[ZB_MASK_WORDS], int from)
{
    if (from >= ZB_SPACES)
        return -1;
    int w = from / 64;
    uint64_t m = set[w] & (~0ull << (from % 64));
    while (!m) {
        if (++w == ZB_MASK_WORDS)
            return -1;
        m = set[w];
    }
    return w * 64 + __builtin_ctzll(m);
}

/* The first zombie on a space from `from` on, in reading order, that has
 * not moved in this step and may move now; -1 when none is left.  Read
 * from zb_state.movable: step 4 asks this for every move it makes, and
 * most zombies on a crowded board are hemmed in. */
static int next_movable(const zb_state *st, int from) { return next_in(st->movable, from); }

/* The moves open now, each a zombie not moved in this step and a space it
 * may enter, counted up to two: 0 none, 1 exactly one, 2 two or more.
 * Each zombie that may move has a move at least. */
static int zombie_moves(const zb_state *st)
{
    /* counted by tests, not a population count: without a popcnt
     * instruction in the target (x86-64's baseline), that is a call */
    int n = 0;
    for (int w = 0; w < ZB_MASK_WORDS && n < 2; w++)
        if (st->movable[w])
            n += st->movable[w] & (st->movable[w] - 1) ? 2 : 1;
    if (n != 1)
        return n < 2 ? n : 2;
    unsigned moves = st->steps[next_movable(st, 0)];
    return moves & (moves - 1) ? 2 : 1;
}

/* Whether a zombie still to move in this step stands next to space i (one
 * step away: steps go both ways), space `but` aside. */
static bool unmoved_beside(const zb_state *st, int i, int but)
{
    for (unsigned l = st->link[i]; l; l &= l - 1) {
        int k = i + zb_off[__builtin_ctz(l)];
        if (k != but && (st->cell[k] & (ZB_ZOMBIE | ZB_MOVED)) == ZB_ZOMBIE)
            return true;
    }
    return false;
}

/* What zb_state.movable, .single and .steps hold for space i: whether a
 * zombie on it has not moved in this step and may move now, whether to
 * one space only, and in which directions.  The offers and the forced
 * row read .steps: each decision offers every move of every zombie still
 * to move, and asking the board again for each took some 15% of a
 * random game's time. */
static void mark_movable(zb_state *st, int i)
{
    uint64_t bit = 1ull << (i % 64);
    unsigned m = (st->cell[i] & (ZB_ZOMBIE | ZB_MOVED)) == ZB_ZOMBIE ? zombie_steps(st, i) : 0;
    st->movable[i / 64] = m ? st->movable[i / 64] | bit : st->movable[i / 64] & ~bit;
    st->single[i / 64] = m && !(m & (m - 1)) ? st->single[i / 64] | bit : st->single[i / 64] & ~bit;
    st->steps[i] = (uint8_t)m;
}

/* What zb_state.lone holds for space i, once .single is right for it and
 * its neighbours: a zombie with a single space to go to and no zombie
 * still to move next to it or to that space.  None could take that space
 * first, free it another, or move into the space it leaves: in whatever
 * order the player took the moves, this one would be the same. */
static void mark_lone(zb_state *st, int i)
{
    uint64_t bit = 1ull << (i % 64);
    bool lone = false;
    unsigned m = st->single[i / 64] & bit ? st->steps[i] : 0;
    if (m) { /* one bit, where the sets are right */
        int to = i + zb_off[__builtin_ctz(m)];
        lone = !unmoved_beside(st, i, to) && !unmoved_beside(st, to, i);
    }
    st->lone[i / 64] = lone ? st->lone[i / 64] | bit : st->lone[i / 64] & ~bit;
}

/* Step 4's sets of zombies and their directions, emptied: where the step
 * starts, before they are found, and where it ends. */
static void clear_movers(zb_state *st)
{
    memset(st->movable, 0, sizeof st->movable);
    memset(st->single, 0, sizeof st->single);
    memset(st->lone, 0, sizeof st->lone);
    memset(st->steps, 0, sizeof st->steps);
}

/* Step 4 starts: the zombies that may move, found on the board once (eight
 * cells at a time, the unmoved zombies among them by bit tests; most
 * cells hold none).  Every way into step 4 comes here. */
static void enter_zombies(zb_state *st)
{
    clear_movers(st);
    for (int i = 0; i < ZB_SPACES; i += 8)
        for (uint64_t z = unmoved8(st, i); z; z &= z - 1)
            mark_movable(st, i + __builtin_ctzll(z) / 8);
    for (int i = next_in(st->single, 0); i >= 0; i = next_in(st->single, i + 1))
        mark_lone(st, i);
    st->phase = ZB_PH_ZOMBIES;
}

/* Bits [from, from + len) of a set of spaces (len at most 8), as the low
 * bits of the result. */
static unsigned bits_at(const uint64_t set[ZB_MASK_WORDS], int from, int len)
{
    int w = from / 64, o = from % 64;
    uint64_t x = set[w] >> o;
    if (o + len > 64 && w + 1 < ZB_MASK_WORDS)
        x |= set[w + 1] << (64 - o);
    return (unsigned)(x & ((1u << len) - 1u));
}

static int clamp_side(int v) { return v < 0 ? 0 : v >= ZB_SIDE ? ZB_SIDE - 1 : v; }

/* A zombie moved from space i to j: whether a zombie may move can have
 * changed only for those two spaces and the spaces a step from either
 * (zombie_steps reads a zombie's neighbours).  Whether its move is lone
 * reads its space, its neighbours and theirs: a zombie no longer with
 * one space to go to is no longer lone, and those that have one space,
 * two steps or fewer from either end (within the rectangle around
 * both, two spaces wider each way), are asked again. */
static void moved_between(zb_state *st, int i, int j)
{
    mark_movable(st, i);
    mark_movable(st, j);
    for (int d = 0; d < 4; d++) {
        if (i + zb_off[d] >= 0 && i + zb_off[d] < ZB_SPACES)
            mark_movable(st, i + zb_off[d]);
        if (j + zb_off[d] >= 0 && j + zb_off[d] < ZB_SPACES)
            mark_movable(st, j + zb_off[d]);
    }
    for (int w = 0; w < ZB_MASK_WORDS; w++)
        st->lone[w] &= st->single[w];
    int xi = i % ZB_SIDE, yi = i / ZB_SIDE, xj = j % ZB_SIDE, yj = j / ZB_SIDE;
    int x0 = clamp_side((xi < xj ? xi : xj) - 2), x1 = clamp_side((xi > xj ? xi : xj) + 2);
    int y0 = clamp_side((yi < yj ? yi : yj) - 2), y1 = clamp_side((yi > yj ? yi : yj) + 2);
    for (int y = y0; y <= y1; y++)
        for (unsigned m = bits_at(st->single, y * ZB_SIDE + x0, x1 - x0 + 1); m; m &= m - 1)
            mark_lone(st, y * ZB_SIDE + x0 + __builtin_ctz(m));
}

/* A zombie whose move nothing can change: the only move open, or the
 * first in reading order of those whose move is lone (zb_state.lone).
 * Its space, or -1 when every move open is the player's choice.  moves
 * is zombie_moves(st), which a caller may have counted already. */
static int forced_of(const zb_state *st, int moves, int *to)
{
    if (!moves)
        return -1;
    int i = next_in(moves == 1 ? st->single : st->lone, 0);
    unsigned m = i >= 0 ? st->steps[i] : 0;
    if (!m) /* none, or sets a broken row left behind: nothing to make */
        return -1;
    *to = i + zb_off[__builtin_ctz(m)];
    return i;
}

static int forced_move(const zb_state *st, int *to) { return forced_of(st, zombie_moves(st), to); }

/* Moves open, none of them forced: which zombie goes next, and where, is
 * the player's (the text gives no order, and the order decides which
 * zombie gets a space two could take, and whether one freed by another
 * moves). */
static bool zombie_choice(const void *p, const ud_step *s)
{
    int to, moves = zombie_moves(CST(p)); /* counted once for both tests */
    return moves && forced_of(CST(p), moves, &to) < 0;
}

static void to_shamble(void *p, ud_step *s) { ST(p)->phase = ZB_PH_SHAMBLE; }

static void shamble(zb_state *st, int i, int j)
{
    st->cell[i] &= (uint8_t)~ZB_ZOMBIE;
    st->cell[j] |= ZB_ZOMBIE | ZB_MOVED;
    moved_between(st, i, j);
}

static bool zombie_forced(const void *p, const ud_step *s)
{
    int to;
    return forced_move(CST(p), &to) >= 0;
}

/* The move nothing can change is made: there is nothing to choose. */
static void forced_zombie(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    int j, i = forced_move(st, &j);
    if (i < 0)
        return;
    shamble(st, i, j);
    UD_EMIT(s, "zombie %d,%d to %d,%d", i % ZB_SIDE, i / ZB_SIDE, j % ZB_SIDE, j / ZB_SIDE);
}

static bool zombies_still(const void *p, const ud_step *s) { return zombie_moves(CST(p)) == 0; }

static void zombies_done(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    /* Eight cells at a time, as next_movable reads them: a test per cell
     * was a comparison hook per cell in the fuzz build, once a turn. */
    const uint64_t keep = 0x0101010101010101ull * (uint8_t)~ZB_MOVED;
    int i = 0;
    for (; i + 8 <= ZB_SPACES; i += 8) {
        uint64_t w;
        memcpy(&w, st->cell + i, 8);
        w &= keep;
        memcpy(st->cell + i, &w, 8);
    }
    for (; i < ZB_SPACES; i++)
        st->cell[i] &= (uint8_t)~ZB_MOVED;
    /* empty unless a mutant ended the step early */
    clear_movers(st);
    st->phase = ZB_PH_REPLENISH;
}

/* Every move open now: each zombie not moved in this step that may move,
 * in reading order of where it stands, to each space it may enter. */
UD_OFFER_ROW(offer_zombie_steps, p, s)
{
    const zb_state *st = CST(p);
    ud_offer_batch b = ud_offer_batch_start(s);
    for (int w = 0; w < ZB_MASK_WORDS; w++) /* in reading order, a word of the set at a time */
        for (uint64_t bits = st->movable[w]; bits; bits &= bits - 1) {
            int i = 64 * w + __builtin_ctzll(bits);
            int y = i / ZB_SIDE, x = i - y * ZB_SIDE; /* once a zombie, not once a move */
            for (unsigned m = st->steps[i]; m; m &= m - 1) {
                int d = __builtin_ctz(m);
                ud_action a = { ZB_ACT_ZOMBIE, { x, y, x + zb_dx[d], y + zb_dy[d] } };
                if (!ud_offer_batch_add(s, &b, &a))
                    return;
            }
        }
    ud_offer_batch_end(&b);
}

static bool chose_zombie(const void *p, const ud_step *s) { return s->action.kind == ZB_ACT_ZOMBIE; }

static void move_zombie(void *p, ud_step *s)
{
    zb_state *st = ST(p);
    shamble(st, zb_at(s->action.arg[0], s->action.arg[1]), zb_at(s->action.arg[2], s->action.arg[3]));
    st->phase = ZB_PH_ZOMBIES;
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
    pl->life = add_tokens(s, pl->life, 1);
    UD_EMIT(s, "rest %s life=%d", ud_player(s, ST(p)->current), pl->life);
}

static bool can_trade(const void *p, const ud_step *s) { return CST(p)->pl[CST(p)->current].kills >= 3; }

static void to_trade(void *p, ud_step *s) { ST(p)->phase = ZB_PH_TRADE; }

static void do_trade(zb_state *st, ud_step *s, int n)
{
    zb_player *pl = cur(st);
    pl->kills = (uint8_t)(pl->kills - 3 * n);
    pl->bullets = add_tokens(s, pl->bullets, n);
    if (n)
        UD_EMIT(s, "trade %s -%d kills +%d bullets=%d", ud_player(s, st->current), 3 * n, n, pl->bullets);
    st->phase = ZB_PH_DRAW;
}

static void trade_all(void *p, ud_step *s) { do_trade(ST(p), s, cur(ST(p))->kills / 3); }

static void replenish_done(void *p, ud_step *s) { ST(p)->phase = ZB_PH_DRAW; }

UD_OFFER_ROW(offer_trades, p, s)
{
    int kills = CST(p)->pl[CST(p)->current].kills;
    /* the fault: the trades offered round up, a bullet for a part of three kills */
    int most = ud_fault_on(&zb_faults[ZB_FAULT_TRADE_ROUNDS_UP]) ? (kills + 2) / 3 : kills / 3;
    for (int n = 0; n <= most; n++) {
        ud_action a = { ZB_ACT_TRADE, { n } };
        ud_offer_new(s, &a);
    }
}

static void traded(void *p, ud_step *s) { do_trade(ST(p), s, s->action.arg[0]); }

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

static const int cap_rounds[2] = { 25, 50 };

static bool cap_reached(const void *p, const ud_step *s)
{
    const zb_state *st = CST(p);
    int next = (st->current + 1) % st->n_players;
    return next == st->first && st->round >= cap_rounds[ud_reading(s, ZB_V_CAP)];
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
    if (st->placed_any || st->moved) /* the map after a turn that changed it */
        emit_map(st, s);
    st->pl[st->current].fresh = 0;
    st->allowance = st->moved = st->hurry = st->placed_any = 0;
    st->ctx = st->roll = 0;
    st->current = (uint8_t)((st->current + 1) % st->n_players);
    if (st->current == st->first)
        st->round++;
    st->phase = ZB_PH_TURN_START;
}

#define EFFECT UD_ROW_EFFECT
#define OFFER UD_ROW_OFFER
/* A row active only under one reading: variant key, value. */
#define V(KEY, VALUE) KEY, VALUE
#define SILENT "(the text is silent: undead's reading)"

/* X(C, IDX, PHASE, KIND, GUARD, EFFECT, ID, SOURCE, SECTION, SUMMARY, COND, COND2) */
/* The rows are laid out by hand, to read like the rules they encode. */
/* clang-format off */
#define ZB_RULE_LIST(X, C) \
    X(C, ZB_R_PLAYERS, ZB_PH_SETUP, EFFECT, ud_always, seat_players, "ZB-PLAYERS", SRC, "Game Setup " SILENT, \
      "one to six players, each with a pawn (the box's 2-6, and a solo table for study)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALTERNATE_DECKS, ZB_PH_SETUP, EFFECT, ud_always, set_aside_alternates, "ZB-ALTERNATE-DECKS", SRC, "Game Setup", \
      "\"remove the following duplicate Event Cards and Map Tiles\": the alternate decks, set aside", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_WEAPON_DECK, ZB_PH_SETUP, EFFECT, ud_always, weapon_deck, "ZB-WEAPON-DECK", SRC, "Game Setup", \
      "\"These sixteen (eight pair) Event Cards are the Weapon Deck\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TOWN_SQUARE, ZB_PH_SETUP, EFFECT, ud_always, town_square, "ZB-TOWN-SQUARE", SRC, "Game Setup", \
      "\"Place the Town Square in the center of the Table\", every pawn on its centre, heliport aside, piles shuffled", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALLOTMENT, ZB_PH_SETUP, EFFECT, ud_always, starting_allotment, "ZB-ALLOTMENT", SRC, "Game Setup", \
      "\"each player receives 3 of each: bullet tokens, life tokens, Event Cards and Map Tiles\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_FIRST_PLAYER, ZB_PH_FIRST, EFFECT, ud_always, first_player, "ZB-FIRST-PLAYER", SRC, "Turn Sequence", \
      "\"First player is determined by low die roll\"; the players tied for low roll again (ruling (undead's): the text does not say how a tie is broken)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_LAST_ALIVE, ZB_PH_TURN_START, EFFECT, last_alive_wins, last_alive, "ZB-LAST-ALIVE", SRC, "End Game", \
      "\"When the Heliport cannot be placed, the winner is the last living player\": one player is left who has not given up, and the Heliport has no legal space or the board closed before it was placed; while it can be placed, the last player plays on (ruling (undead's): a player whose character was killed and who may still \"begin a new character\" counts as living: until it gives that up it is in the game, and may come back on its next turn)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALL_OUT, ZB_PH_TURN_START, EFFECT, none_left, all_out, "ZB-ALL-OUT", SRC, "End Game " SILENT, \
      "every player has given up its character: nobody wins", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_OUT_SKIPPED, ZB_PH_TURN_START, EFFECT, current_out, skip_out, "ZB-OUT-SKIPPED", SRC, "Combat Rules " SILENT, \
      "a player who chose no new character takes no more turns", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_DEAD_CHOOSES, ZB_PH_TURN_START, EFFECT, current_dead, to_revive, "ZB-DEAD-CHOOSES", SRC, "Combat Rules", \
      "\"On the following turn the player may choose to begin a new character\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TURN, ZB_PH_TURN_START, EFFECT, current_alive, begin_turn, "ZB-TURN", SRC, "Movement Rules", \
      "\"twice the number of life tokens held at the beginning of the turn\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_REVIVE_OFFER, ZB_PH_REVIVE, OFFER, ud_always, offer_revive, "ZB-REVIVE-OFFER", SRC, "Combat Rules", \
      "\"may choose to begin a new character\": a new character or none", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_NEW_CHARACTER, ZB_PH_REVIVE, EFFECT, chose_revive, revive, "ZB-NEW-CHARACTER", SRC, "Combat Rules", \
      "\"placing a pawn on the center of the town square, but may not move until the next turn\"", V(ZB_V_NEWCHAR, ZB_NEWCHAR_NO_MOVE), UD_ANY) \
    X(C, ZB_R_NEW_CHARACTER_SKIP, ZB_PH_REVIVE, EFFECT, chose_revive, revive_skip, "ZB-NEW-CHARACTER-SKIP", SRC, "Combat Rules " SILENT, \
      "the new character's first turn is only its placing", V(ZB_V_NEWCHAR, ZB_NEWCHAR_SKIP_TURN), UD_ANY) \
    X(C, ZB_R_RETIRE, ZB_PH_REVIVE, EFFECT, chose_retire, retire, "ZB-RETIRE", SRC, "Combat Rules", \
      "\"may choose\": a player may also begin no new character", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_START_COMBAT, ZB_PH_STEP1, EFFECT, zombie_here, start_combat, "ZB-START-COMBAT", SRC, "Turn Sequence", \
      "\"Combat a zombie on player's current space if there is one\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_NO_START_COMBAT, ZB_PH_STEP1, EFFECT, no_zombie_here, to_place, "ZB-NO-START-COMBAT", SRC, "Turn Sequence", \
      "no zombie on the player's space: on to the map tiles", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_COMBAT_ROLL, ZB_PH_COMBAT, EFFECT, ud_always, combat_roll, "ZB-COMBAT-ROLL", SRC, "Combat Rules", \
      "\"On a roll of 4, 5 or 6 player wins the combat\" (a weapon in play adds to the roll)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_COMBAT_PAY, ZB_PH_PAY, OFFER, ud_always, offer_pay, "ZB-COMBAT-PAY", SRC, "Combat Rules", \
      "\"must either forfeit a life token or spend enough bullet tokens to raise roll to 4\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SHOOT, ZB_PH_PAY, EFFECT, chose_shoot, shoot, "ZB-SHOOT", SRC, "Combat Rules", \
      "\"spend enough bullet tokens to raise roll to 4\": the combat is won", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_BLEED, ZB_PH_PAY, EFFECT, chose_bleed, bleed, "ZB-BLEED", SRC, "Combat Rules", \
      "\"forfeit a life token\"; \"Combat continues until the player wins or runs out of life tokens\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_DEATH, ZB_PH_COMBAT_END, EFFECT, out_of_life, death, "ZB-DEATH", SRC, "Combat Rules", \
      "\"that player forfeits all zombies and survivors and is removed from the board\"; its weapons in play go too, and an unplaced Heliport's right is freed for the next player to rescue three survivors (ruling (undead's): the text is silent on both)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_KILL, ZB_PH_COMBAT_END, EFFECT, still_alive, kill, "ZB-KILL", SRC, "Combat Rules", \
      "\"adds the zombie to player's kill-pile\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_NO_HELIPORT, ZB_PH_PLACE_CHECK, EFFECT, heli_stuck, no_heliport, "ZB-NO-HELIPORT", SRC, "End Game", \
      "\"When the Heliport cannot be placed, the winner is the last living player or the player with the most rescued survivors\": the game ends at once", \
      V(ZB_V_NO_HELI, ZB_NO_HELI_AT_ONCE), UD_READS(UD_KEY(ZB_V_HELIPORT))) \
    X(C, ZB_R_NO_HELIPORT_WAIT, ZB_PH_PLACE_CHECK, EFFECT, heli_stuck, heliport_waits, "ZB-NO-HELIPORT-WAIT", SRC, "End Game", \
      "\"When the Heliport cannot be placed\" ... \"once all Named Buildings have been searched\": play goes on, the Heliport tried again next turn", \
      V(ZB_V_NO_HELI, ZB_NO_HELI_ALL_SEARCHED), UD_READS(UD_KEY(ZB_V_HELIPORT))) \
    X(C, ZB_R_HELIPORT_DUE, ZB_PH_PLACE_CHECK, EFFECT, heli_can, to_place_decision, "ZB-HELIPORT-DUE", SRC, "End Game", \
      "\"may place the Heliport tile at any legal space on that player's following turn\": its legal spaces are offered (whether it may be left: heliport-place)", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_HELIPORT))) \
    X(C, ZB_R_BLOCKED, ZB_PH_PLACE_CHECK, EFFECT, blocked_first, lose_that_turn, "ZB-BLOCKED", SRC, "Placing Map Tiles", \
      "\"the player without playable tiles loses the rest of that turn\": the turn it occurs, the first since the player last placed a tile: no movement, no zombie moved, no trade, no draw, no life on the Town Square (ruling (undead's): \"that turn\" is the one it occurs in; lost again every turn, a closed board would stop all play, and \"play continues until one player is left alive or all survivors have been rescued\" could never be; and the player holds tiles: one with none in hand, the piles spent, is not \"without playable tiles\" but has none to play, as step 2 asks it to place none, and plays the turn on)", \
      V(ZB_V_BLOCKED, ZB_BLOCKED_THAT_TURN), UD_ANY) \
    X(C, ZB_R_BLOCKED_AGAIN, ZB_PH_PLACE_CHECK, EFFECT, blocked_again, pass_tiles, "ZB-BLOCKED-AGAIN", SRC, "Placing Map Tiles", \
      "\"and play continues until one player is left alive or all survivors have been rescued\": that turn lost already, the tile step is passed over while the tiles fit nowhere, and the player moves, fights, moves zombies, trades and draws", \
      V(ZB_V_BLOCKED, ZB_BLOCKED_THAT_TURN), UD_ANY) \
    X(C, ZB_R_BLOCKED_EVERY_TURN, ZB_PH_PLACE_CHECK, EFFECT, blocked, lose_turn, "ZB-BLOCKED-EVERY-TURN", SRC, "Placing Map Tiles (leaving out 'and play continues': undead's reading)", \
      "\"loses the rest of that turn\": every turn in which the player holds tiles and none fits anywhere is lost: no movement, no zombie moved, no trade, no draw, no life on the Town Square", \
      V(ZB_V_BLOCKED, ZB_BLOCKED_EVERY_TURN), UD_ANY) \
    X(C, ZB_R_PLACE_MORE, ZB_PH_PLACE_CHECK, EFFECT, tile_fits, to_place_decision, "ZB-PLACE-MORE", SRC, "Turn Sequence", \
      "\"Place as many of the Map Tiles from hand as can be legally placed\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_PLACE_DONE, ZB_PH_PLACE_CHECK, EFFECT, ud_always, placing_done, "ZB-PLACE-DONE", SRC, "Turn Sequence", \
      "no tile in hand fits any more, or the player holds none (ruling (undead's), ZB-BLOCKED: a player with no tile in hand plays the turn on): on to movement", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_PLACE_OFFER, ZB_PH_PLACE, OFFER, ud_always, offer_places, "ZB-PLACE-OFFER", SRC, "Placing Map Tiles", \
      "\"Tiles may be rotated any direction, but must be placed so that roads are connected\"; \"Roads may not be blocked by the side of a building\"", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_HELIPORT))) \
    X(C, ZB_R_PLACE, ZB_PH_PLACE, EFFECT, chose_place, place, "ZB-PLACE", SRC, "Placing Map Tiles", \
      "the tile goes down at the chosen slot and rotation", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_HELIPORT, ZB_PH_PLACE, EFFECT, chose_heliport, place_heliport, "ZB-HELIPORT", SRC, "End Game", \
      "\"place the Heliport tile at any legal space\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_HELIPORT_MAY, ZB_PH_PLACE, OFFER, heli_offered, offer_decline, "ZB-HELIPORT-MAY", SRC, "End Game", \
      "\"may place the Heliport tile\": its owner may also leave it", V(ZB_V_HELI_PLACE, ZB_HELI_PLACE_MAY), UD_ANY) \
    X(C, ZB_R_HELIPORT_DECLINED, ZB_PH_PLACE, EFFECT, chose_pass, decline_heliport, "ZB-HELIPORT-DECLINED", SRC, "End Game", \
      "the Heliport is not placed this turn; it is offered again at its owner's next turn (ruling (undead's): the text names only the following turn)", V(ZB_V_HELI_PLACE, ZB_HELI_PLACE_MAY), UD_ANY) \
    X(C, ZB_R_NAMED_STOCK, ZB_PH_LAID, EFFECT, laid_named, stock_building, "ZB-NAMED-STOCK", SRC, "Placing Map Tiles", \
      "\"they get the number of Zombies, Bullet, and Life tokens indicated\"; \"All tokens and zombies must be placed inside the building\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ROAD_ZOMBIES, ZB_PH_LAID, EFFECT, laid_road, road_zombies, "ZB-ROAD-ZOMBIES", SRC, "Placing Map Tiles", \
      "\"it comes into play with a number of zombies on it equal to the number of road access points it has\"; the three Map Tiles named with a bracket (\"Right angle bend (The Warehouse\", \"Straight through street (Theater 6)\", \"T-junction (Media Buy\") are such tiles (ruling (undead's): the text lists them among the Map Tiles, not as Named Buildings, with no Z-, L- or B- numbers; their buildings are never entered or searched)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ROAD_ZOMBIE_OFFER, ZB_PH_ROAD_ZOMBIE, OFFER, ud_always, offer_road_spaces, "ZB-ROAD-ZOMBIE-OFFER", SRC, "Placing Map Tiles", \
      "\"They may be placed on any legal road space on that tile\": the tile's road spaces with no zombie; the player chooses", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ROAD_ZOMBIE, ZB_PH_ROAD_ZOMBIE, EFFECT, chose_road_space, road_zombie, "ZB-ROAD-ZOMBIE", SRC, "Placing Map Tiles", \
      "the zombie goes on the space chosen; then the next, until all are placed", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_LAID_PLAIN, ZB_PH_LAID, EFFECT, ud_always, to_place, "ZB-LAID-PLAIN", SRC, "End Game " SILENT, \
      "the heliport brings no zombies or tokens", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_EVENT_MAY, ZB_PH_EVENT_CHECK, EFFECT, may_play, to_event, "ZB-EVENT-MAY", SRC, "Resource Replenishment", \
      "\"Players may only play one Event Card per round\": a card is offered at one moment of the holder's own turn, after the tiles and before moving (ruling (undead's): the text allows play \"at any time\"; undead does not model play out of turn)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_EVENT_NONE, ZB_PH_EVENT_CHECK, EFFECT, may_not_play, to_move_check, "ZB-EVENT-NONE", SRC, "Resource Replenishment", \
      "no card may be played now: on to movement", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_EVENT_OFFER, ZB_PH_EVENT, OFFER, ud_always, offer_events, "ZB-EVENT-OFFER", SRC, "Resource Replenishment", \
      "\"Event Cards that affect other players may be played at any time\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_EVENT_PASS, ZB_PH_EVENT, EFFECT, chose_pass, to_move_check, "ZB-EVENT-PASS", SRC, "Resource Replenishment", \
      "a player need not play a card", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_EVENT_PLAY, ZB_PH_EVENT, EFFECT, chose_play, play_event, "ZB-EVENT-PLAY", SRC, "Resource Replenishment", \
      "\"following card instructions\"; \"Discarded Event Cards are not played again\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_MAY_MOVE, ZB_PH_MOVE_CHECK, EFFECT, may_move, to_move, "ZB-MAY-MOVE", SRC, "Movement Rules", \
      "\"Player movement allowance is equal to twice the number of life tokens\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_MOVE_DONE, ZB_PH_MOVE_CHECK, EFFECT, may_not_move, to_zombies, "ZB-MOVE-DONE", SRC, "Movement Rules", \
      "\"unused move allowance cannot be used in any subsequent turn\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_STEP_OFFER, ZB_PH_MOVE, OFFER, ud_always, offer_steps, "ZB-STEP-OFFER", SRC, "Movement Rules", \
      "\"Neither players nor zombies may make diagonal moves\"; \"only by using door spaces\"; \"Players cannot end a move on another player-occupied space\": a step onto another player's space is offered only where the move can go on from it to a space with no other player (two moves left, and such a space next to it), and a player who has stepped this turn may not stop on a space it shares (ruling (undead's): a move ends where the player stops or its allowance runs out; a player who has not stepped this turn ends no move, and may stay on a space it shares, as every player starts on the Town Square's centre and a new character is placed there)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_STEP, ZB_PH_MOVE, EFFECT, chose_step, step, "ZB-STEP", SRC, "Movement Rules", \
      "one space north, east, south or west", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_STOP, ZB_PH_MOVE, EFFECT, chose_stop, stop, "ZB-STOP", SRC, "Movement Rules", \
      "\"may stop at any time\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_FOOD_SOURCE, ZB_PH_ARRIVE, EFFECT, zombie_fed, pass_zombie, "ZB-FOOD-SOURCE", SRC, "Movement Rules", \
      "(Unless the Card \"Alternate Food Source\" is in play): moving onto a zombie brings no combat while the card is in play (the sample card: its player's own turn)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ENTER_COMBAT, ZB_PH_ARRIVE, EFFECT, zombie_to_fight, fight_on_entry, "ZB-ENTER-COMBAT", SRC, "Movement Rules", \
      "\"Every time a player moves on a space occupied by a zombie, combat must occur\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SPOILS_ASK, ZB_PH_ARRIVE, EFFECT, spoils_due, to_spoils, "ZB-SPOILS-ASK", SRC, "Combat Rules", \
      "\"Once the zombie is dead, player may collect any life or bullet token in that space\": after a kill on a space with a token, the player decides", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_CLAIM_TOKEN, ZB_PH_ARRIVE, EFFECT, token_found, claim_token, "ZB-CLAIM-TOKEN", SRC, "Movement Rules", \
      "\"If a player moves on a space containing a token but no zombie, the token is claimed\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_HELIPORT_WIN, ZB_PH_ARRIVE, EFFECT, at_heliport, heli_win, "ZB-HELIPORT-WIN", SRC, "End Game", \
      "\"The first player with three survivors to reach the center square of the Heliport tile wins\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TAKE_BULLET_ASK, ZB_PH_ARRIVE, EFFECT, bullet_to_take, to_take, "ZB-TAKE-BULLET-ASK", SRC, "Movement Rules", \
      "\"A player that moves on the same space as another may take a single bullet token from that player\": the mover decides (how often: bullet-take)", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_BULLET))) \
    X(C, ZB_R_WEAPON, ZB_PH_ARRIVE, EFFECT, weapon_to_take, take_weapon, "ZB-WEAPON", SRC, "Movement Rules", \
      "\"Available cards from the Weapon Deck are drawn and may be put in play as soon as a player enters the corresponding building\": one of each weapon a player holds; its bonus (sample content) adds to every combat roll, several add up (ruling (undead's): the text gives weapons no effect)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SURVIVORS, ZB_PH_ARRIVE, EFFECT, cleared_building, survivors, "ZB-SURVIVORS", SRC, "Movement Rules", \
      "\"After all zombies have been eliminated from a Named Building, players roll 1d6 to determine number of survivors\": the player standing in an unsearched Named Building with no zombie left in it rolls, however its zombies left it (killed, or walked out); \"Place a marker on each Named Building searched\"", \
      V(ZB_V_SURVIVORS, ZB_SURVIVORS_EMPTIED), UD_ANY) \
    X(C, ZB_R_SURVIVORS_KILLED, ZB_PH_ARRIVE, EFFECT, killed_out, survivors, "ZB-SURVIVORS-KILLED", SRC, "Movement Rules (eliminated read as killed: undead's reading)", \
      "\"After all zombies have been eliminated from a Named Building\": the roll comes only after the player kills, on its space, the last zombie in an unsearched Named Building; one its zombies walked out of is searched only once a zombie that comes back is killed in it", \
      V(ZB_V_SURVIVORS, ZB_SURVIVORS_KILLED), UD_ANY) \
    X(C, ZB_R_HELIPORT_EARNED, ZB_PH_ARRIVE, EFFECT, earns_heliport, heliport_earned, "ZB-HELIPORT-EARNED", SRC, "End Game", \
      "\"The first player to rescue three survivors\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ARRIVED, ZB_PH_ARRIVE, EFFECT, ud_always, arrived, "ZB-ARRIVED", SRC, "Movement Rules", \
      "\"Player may continue up to total movement allowance after defeating zombie\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TAKE_BULLET_OFFER, ZB_PH_TAKE, OFFER, ud_always, offer_bullets, "ZB-TAKE-BULLET-OFFER", SRC, "Movement Rules", \
      "\"may take\": a bullet from any player on the space who has one, or none", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_BULLET))) \
    X(C, ZB_R_TAKE_BULLET, ZB_PH_TAKE, EFFECT, chose_take, take_bullet, "ZB-TAKE-BULLET", SRC, "Movement Rules", \
      "\"Second player may not refuse\": one bullet token passes to the mover", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TAKE_BULLET_LEAVE, ZB_PH_TAKE, EFFECT, chose_pass, leave_bullets, "ZB-TAKE-BULLET-LEAVE", SRC, "Movement Rules", \
      "none taken on this space", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_BULLET))) \
    X(C, ZB_R_SPOILS_OFFER, ZB_PH_SPOILS, OFFER, ud_always, offer_spoils, "ZB-SPOILS-OFFER", SRC, "Combat Rules", \
      "\"may collect\": the token (collect) or leave it (pass)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SPOILS_COLLECT, ZB_PH_SPOILS, EFFECT, chose_collect, collect_spoils, "ZB-SPOILS-COLLECT", SRC, "Combat Rules", \
      "the token is the player's", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SPOILS_LEAVE, ZB_PH_SPOILS, EFFECT, chose_pass, leave_spoils, "ZB-SPOILS-LEAVE", SRC, "Combat Rules", \
      "the token stays on the space (the next player to move on it with no zombie there claims it: Movement Rules)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ZOMBIE_FORCED, ZB_PH_ZOMBIES, EFFECT, zombie_forced, forced_zombie, "ZB-ZOMBIE-FORCED", SRC, "Turn Sequence", \
      "\"Move all zombies that can be legally moved\": a move no choice can change is made: the only move open, or a zombie's only space where no zombie still to move stands next to it or to that space (in any order of the moves it would be the same)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ZOMBIES_NEXT, ZB_PH_ZOMBIES, EFFECT, zombie_choice, to_shamble, "ZB-ZOMBIES-NEXT", SRC, "Turn Sequence", \
      "\"Move all zombies that can be legally moved just one space each in any direction\": while moves are open (a zombie not moved in this step, a space it may enter) and none is forced, the player chooses the next; the text gives no order, so a zombie another's move frees still moves, and one may be moved away before another takes its space", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ZOMBIES_DONE, ZB_PH_ZOMBIES, EFFECT, zombies_still, zombies_done, "ZB-ZOMBIES-DONE", SRC, "Turn Sequence", \
      "no zombie not moved in this step can move (\"just one space each\"): on to step 5", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ZOMBIE_OFFER, ZB_PH_SHAMBLE, OFFER, ud_always, offer_zombie_steps, "ZB-ZOMBIE-OFFER", SRC, "Turn Sequence; Movement Rules; Placing Map Tiles", \
      "Turn Sequence: \"During a turn each player must complete the following steps in order\": the player whose turn it is moves the zombies, any one not moved in this step, to any space next to it that a step may reach (Movement Rules: \"Neither players nor zombies may make diagonal moves\") with no zombie (Placing Map Tiles: \"no space may contain more than one zombie\")", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ZOMBIE_MOVE, ZB_PH_SHAMBLE, EFFECT, chose_zombie, move_zombie, "ZB-ZOMBIE-MOVE", SRC, "Turn Sequence", \
      "the zombie chosen moves one space; it moves no more in this step", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_SQUARE_LIFE, ZB_PH_REPLENISH, EFFECT, on_square_centre, square_life, "ZB-SQUARE-LIFE", SRC, "Movement Rules", \
      "\"Each time a player ends his turn on the center of the Town Square, that player gains one life token\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TRADE_ASK, ZB_PH_REPLENISH, EFFECT, can_trade, to_trade, "ZB-TRADE-ASK", SRC, "Resource Replenishment", \
      "\"Killed zombies may be traded for bullet tokens at a rate of three zombies per bullet\"", V(ZB_V_TRADE, ZB_TRADE_CHOOSE), UD_ANY) \
    X(C, ZB_R_TRADE_ALL, ZB_PH_REPLENISH, EFFECT, can_trade, trade_all, "ZB-TRADE-ALL", SRC, "Resource Replenishment " SILENT, \
      "every full three kills traded at once", V(ZB_V_TRADE, ZB_TRADE_ALL), UD_ANY) \
    X(C, ZB_R_REPLENISH_DONE, ZB_PH_REPLENISH, EFFECT, ud_always, replenish_done, "ZB-REPLENISH-DONE", SRC, "Turn Sequence", \
      "\"Player draws new Cards and Tiles\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TRADE_OFFER, ZB_PH_TRADE, OFFER, ud_always, offer_trades, "ZB-TRADE-OFFER", SRC, "Resource Replenishment", \
      "how many bullets to take for kills, three kills each", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TRADE, ZB_PH_TRADE, EFFECT, ud_always, traded, "ZB-TRADE", SRC, "Resource Replenishment", \
      "three kills off the kill-pile for each bullet", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALTERNATE_TILES, ZB_PH_DRAW, EFFECT, tiles_run_out, alt_tiles, "ZB-ALTERNATE-TILES", SRC, "Resource Replenishment", \
      "\"When either draw pile is depleted, the Alternate Deck is shuffled\" (tiles)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALTERNATE_CARDS, ZB_PH_DRAW, EFFECT, cards_run_out, alt_cards, "ZB-ALTERNATE-CARDS", SRC, "Resource Replenishment", \
      "\"When either draw pile is depleted, the Alternate Deck is shuffled\" (cards)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_DRAW, ZB_PH_DRAW, EFFECT, ud_always, draw, "ZB-DRAW", SRC, "Resource Replenishment", \
      "\"a player draws Cards and Tiles to replenish allotment of three each\"", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_ALL_SEARCHED, ZB_PH_TURN_END, EFFECT, searched_out, all_searched, "ZB-ALL-SEARCHED", SRC, "End Game", \
      "\"the player with the most rescued survivors once all Named Buildings have been searched\" wins, the Heliport having failed", \
      V(ZB_V_NO_HELI, ZB_NO_HELI_ALL_SEARCHED), UD_ANY) \
    X(C, ZB_R_ALL_RESCUED, ZB_PH_TURN_END, EFFECT, all_rescued, all_rescued_end, "ZB-ALL-RESCUED", SRC, "Placing Map Tiles", \
      "\"play continues until one player is left alive or all survivors have been rescued\": once no tile can be placed and every Named Building on the board is searched, the most rescued survivors wins (End Game)", UD_ALWAYS, UD_ANY) \
    X(C, ZB_R_TURN_CAP, ZB_PH_TURN_END, EFFECT, cap_reached, turn_cap, "ZB-TURN-CAP", SRC, "End Game " SILENT, \
      "undead's bound: after the last round of the cap, the most rescued survivors wins", UD_ALWAYS, UD_READS(UD_KEY(ZB_V_CAP))) \
    X(C, ZB_R_NEXT, ZB_PH_TURN_END, EFFECT, ud_always, next_turn, "ZB-NEXT", SRC, "Turn Sequence", \
      "\"Play proceeds clockwise\"", UD_ALWAYS, UD_ANY)
/* clang-format on */

UD_COMPILED_TABLE(ZB_RULE_LIST, zb_rules, ZB_N_RULES, ZB_PHASES, zb_compiled_rows)
