/*
 * game.c - the Zombies!!! board game's ud_game: phases, actions, variants,
 * invariants, policies and the functions that read the state.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "extras.h"
#include "rng.h"
#include "zombies_board.h"

#define SRC "004_7b390799ec2a25ac.txt"
#define ST(p) ((zb_state *)ud_mutable(p))
#define CST(p) ((const zb_state *)(p))

static const ud_phase zb_phases[ZB_PHASES] = {
    [ZB_PH_SETUP] = { "setup", UD_PHASE_AUTO },
    [ZB_PH_FIRST] = { "first-player", UD_PHASE_AUTO },
    [ZB_PH_TURN_START] = { "turn-start", UD_PHASE_AUTO },
    [ZB_PH_REVIVE] = { "new-character", UD_PHASE_DECISION },
    [ZB_PH_STEP1] = { "step-1", UD_PHASE_AUTO },
    [ZB_PH_COMBAT] = { "combat", UD_PHASE_AUTO },
    [ZB_PH_PAY] = { "pay", UD_PHASE_DECISION },
    [ZB_PH_COMBAT_END] = { "combat-end", UD_PHASE_AUTO },
    [ZB_PH_PLACE_CHECK] = { "tiles", UD_PHASE_AUTO },
    [ZB_PH_PLACE] = { "place", UD_PHASE_DECISION },
    [ZB_PH_LAID] = { "laid", UD_PHASE_AUTO },
    [ZB_PH_ROAD_ZOMBIE] = { "road-zombie", UD_PHASE_DECISION },
    [ZB_PH_EVENT_CHECK] = { "events", UD_PHASE_AUTO },
    [ZB_PH_EVENT] = { "event", UD_PHASE_DECISION },
    [ZB_PH_MOVE_CHECK] = { "movement", UD_PHASE_AUTO },
    [ZB_PH_MOVE] = { "move", UD_PHASE_DECISION },
    [ZB_PH_ARRIVE] = { "arrive", UD_PHASE_AUTO },
    [ZB_PH_TAKE] = { "take-bullet", UD_PHASE_DECISION },
    [ZB_PH_SPOILS] = { "spoils", UD_PHASE_DECISION },
    [ZB_PH_ZOMBIES] = { "zombies", UD_PHASE_AUTO },
    [ZB_PH_SHAMBLE] = { "zombie", UD_PHASE_DECISION },
    [ZB_PH_REPLENISH] = { "replenish", UD_PHASE_AUTO },
    [ZB_PH_TRADE] = { "trade", UD_PHASE_DECISION },
    [ZB_PH_DRAW] = { "draw", UD_PHASE_AUTO },
    [ZB_PH_TURN_END] = { "turn-end", UD_PHASE_AUTO },
    [ZB_PH_OVER] = { "over", UD_PHASE_OVER },
};

static const ud_action_kind zb_actions[ZB_ACTIONS] = {
    [ZB_ACT_REVIVE] = { "new-character", NULL },
    [ZB_ACT_RETIRE] = { "give-up", NULL },
    [ZB_ACT_SHOOT] = { "shoot", NULL },
    [ZB_ACT_BLEED] = { "bleed", NULL },
    [ZB_ACT_PLACE] = { "place", "T%d at %d,%d rot %d" },
    [ZB_ACT_HELIPORT] = { "heliport", "at %d,%d" },
    /* the seat as a number from 1: the human prompt has no player names */
    [ZB_ACT_PLAY] = { "play", "E%d on seat %d" },
    [ZB_ACT_PASS] = { "pass", NULL },
    [ZB_ACT_NORTH] = { "north", NULL },
    [ZB_ACT_EAST] = { "east", NULL },
    [ZB_ACT_SOUTH] = { "south", NULL },
    [ZB_ACT_WEST] = { "west", NULL },
    [ZB_ACT_STOP] = { "stop", NULL },
    [ZB_ACT_TRADE] = { "trade", "%d" },
    /* spaces as x,y from the board's top left, as state lines give them */
    [ZB_ACT_ZOMBIE_AT] = { "zombie-at", "%d,%d" },
    [ZB_ACT_TAKE] = { "take-bullet", "%p" },
    [ZB_ACT_ZOMBIE] = { "zombie", "%d,%d to %d,%d" },
    [ZB_ACT_COLLECT] = { "collect", NULL },
};
static const char *const zb_chance_events[] = { "roll", "tile", "card", NULL };

#define SILENT "(the text is silent: undead's reading)"
static const ud_variant_value heli_values[] = {
    { "connected", SRC, "End Game " SILENT, "a legal space is one a map tile could take: roads joined" },
    { "far", SRC, "End Game " SILENT, "as connected, and not beside the Town Square" },
};
static const ud_variant_value newchar_values[] = {
    { "no-move", SRC, "Combat Rules",
      "\"may not move until the next turn\": it fights, places tiles and plays cards" },
    { "skip-turn", SRC, "Combat Rules " SILENT,
      "placing the pawn is its whole turn (zombies still move, hands refill)" },
};
static const ud_variant_value trade_values[] = {
    { "choose", SRC, "Resource Replenishment",
      "\"may be traded\": at the end of the turn the player says how many" },
    { "all", SRC, "Resource Replenishment " SILENT, "every full three kills traded at the end of the turn" },
};
static const ud_variant_value cap_values[] = {
    { "25", SRC, "End Game " SILENT, "undead's bound: after 25 rounds the most survivors wins" },
    { "50", SRC, "End Game " SILENT,
      "after 50 rounds (no more: the zombies' moves are decisions; even so a long game of four to six random seats may reach undead's bound of 10,000 decisions first, and is abandoned there)" },
};
static const ud_variant_value heli_place_values[] = {
    { "may", SRC, "End Game", "\"may place the Heliport tile\": its owner may leave it for a later turn" },
    { "must", SRC, "Placing Map Tiles",
      "\"they place the Heliport card at any legal space on the next turn\": placed when due, if it can be" },
};
static const ud_variant_value bullet_values[] = {
    { "once", SRC, "Movement Rules",
      "\"may take a single bullet token from that player\": one from each other player a move, however often the mover passes them" },
    { "each-entry", SRC, "Movement Rules",
      "\"A player that moves on the same space as another may take\": one each time the mover enters that player's space" },
};
/* "that turn": the turn in which it occurs.  Read as every turn while the
 * tiles fit nowhere, a closed board takes every later turn from everyone
 * holding tiles, nothing moves again, and the same sentence's "play
 * continues until one player is left alive or all survivors have been
 * rescued" can never happen: lose-that-turn reads the sentence whole. */
static const ud_variant_value blocked_values[] = {
    { "lose-that-turn", SRC, "Placing Map Tiles",
      "\"loses the rest of that turn and play continues\": the turn in which the tiles first fit nowhere is lost; later turns are played with the tile step passed over, until the player places a tile again" },
    { "lose-every-turn", SRC, "Placing Map Tiles (leaving out 'and play continues': undead's reading)",
      "every turn in which the player's tiles fit nowhere is lost; on a closed board nothing moves again until the turn cap" },
};
/* "eliminated": killed, or no longer in the building?  Read as killed, a
 * building its zombies walked out of is searched only if one that comes
 * back is killed there, and the End Game's "once all Named Buildings have
 * been searched" may never come: emptied is the default. */
static const ud_variant_value survivors_values[] = {
    { "emptied", SRC, "Movement Rules",
      "\"After all zombies have been eliminated from a Named Building\": once no zombie is left in it, killed or walked out, the player in it rolls" },
    { "killed", SRC, "Movement Rules (eliminated read as killed: undead's reading)",
      "the roll comes only after the kill that leaves the building without a zombie; one its zombies walked out of is searched only if a zombie that comes back is killed in it" },
};
static const ud_variant_value no_heli_values[] = {
    { "at-once", SRC,
      "End Game (leaving out 'once all Named Buildings have been searched': undead's reading)",
      "the game ends as soon as the Heliport cannot be placed: the last living player, else the most rescued survivors wins" },
    { "all-searched", SRC, "End Game",
      "\"once all Named Buildings have been searched\": play goes on (the Heliport is tried again each turn of its owner) until every Named Building of the set has been laid and searched; then the most rescued survivors wins" },
};
const ud_variant zb_variants[ZB_VARIANTS] = {
    { "heliport-space", "What is a legal space for the heliport?", 2, heli_values, ZB_HELI_CONNECTED },
    { "new-character", "What may a new character do on its first turn?", 2, newchar_values,
      ZB_NEWCHAR_NO_MOVE },
    { "trade", "When and how are kills traded for bullets?", 2, trade_values, ZB_TRADE_CHOOSE },
    { "turn-cap", "After how many rounds does undead end a game nobody has won?", 2, cap_values, ZB_CAP_25 },
    { "no-heliport", "When the Heliport cannot be placed, when does the game end?", 2, no_heli_values,
      ZB_NO_HELI_ALL_SEARCHED },
    { "heliport-place", "May the first player with three survivors leave the Heliport unplaced?", 2,
      heli_place_values, ZB_HELI_PLACE_MAY },
    { "bullet-take", "How often may a mover take a bullet from a player it passes?", 2, bullet_values,
      ZB_BULLET_ONCE },
    { "blocked", "A player whose tiles fit nowhere loses the rest of that turn: which turns?", 2,
      blocked_values, ZB_BLOCKED_THAT_TURN },
    { "survivors-roll",
      "Are survivors rolled for in a Named Building its zombies walked out of, none killed?", 2,
      survivors_values, ZB_SURVIVORS_EMPTIED },
};

/* ---- invariants -------------------------------------------------------------------- */

UD_INVARIANTS_BEGIN

/* These two invariants run after every row fired, over all 441 spaces:
 * they read the cells eight at a time (SWAR, "SIMD within a register").
 * bytes(x): x in every byte; zero_bytes(x): 0x80 in each byte of x that
 * is zero, exactly (no borrow between bytes). */
#define BYTES(x) (UINT64_C(0x0101010101010101) * (uint64_t)(x))
static uint64_t zero_bytes(uint64_t x)
{
    uint64_t low7 = BYTES(0x7f);
    return ~(((x & low7) + low7) | x | low7);
}

/* The sum of the eight bytes of x, each at most 1 (a multiply, no popcount
 * instruction needed). */
static int sum_bytes(uint64_t x) { return (int)((x * BYTES(1)) >> 56); }

/* Eight cells and their kinds from space i (zeros past the board).  A
 * whole block is copied with a constant size, which compilers turn into
 * one load: a variable size is a call to memcpy, and under the
 * sanitizers a checked call, on 110 blocks at every check. */
static void load8(const zb_state *st, int i, uint64_t *cells, uint64_t *kinds)
{
    if (i + 8 <= ZB_SPACES) {
        memcpy(cells, st->cell + i, 8);
        memcpy(kinds, st->kind + i, 8);
        return;
    }
    size_t n = (size_t)(ZB_SPACES - i);
    *cells = *kinds = 0;
    memcpy(cells, st->cell + i, n);
    memcpy(kinds, st->kind + i, n);
}

/* 0x80 in the byte of each of eight cells that breaks ZB-INV-ONE-PER-SPACE
 * (a stray bit, two tokens, anything on a space without ground, a token
 * outside a building); the per-cell rules are spelled out in
 * one_per_space's message loop. */
static uint64_t misplaced8(uint64_t w, uint64_t k)
{
    uint64_t high = BYTES(0x80);
    /* ZB_MOVED only beside a zombie */
    uint64_t stray =
        (w & BYTES((uint8_t) ~(ZB_ZOMBIE | ZB_TOK_MASK | ZB_MOVED))) | (w & ~(w << 3) & BYTES(ZB_MOVED));
    uint64_t two_tokens = (w >> ZB_TOK_SHIFT) & (w >> (ZB_TOK_SHIFT + 1)) & BYTES(1);
    uint64_t occupied = ~zero_bytes(w) & high;
    uint64_t no_ground = occupied & zero_bytes(k & BYTES((uint8_t) ~(ZB_NONE ^ ZB_SOLID)));
    uint64_t token = ~zero_bytes(w & BYTES(ZB_TOK_MASK)) & high;
    uint64_t building = zero_bytes(k ^ BYTES(ZB_FLOOR)) | zero_bytes(k ^ BYTES(ZB_DOOR));
    return stray | two_tokens | no_ground | (token & ~building);
}

static bool one_per_space(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    uint64_t bad = 0;
    for (int i = 0; i < ZB_SPACES; i += 8) {
        uint64_t w, k;
        load8(st, i, &w, &k);
        bad |= misplaced8(w, k);
    }
    if (!bad)
        return true;
    for (int i = 0; i < ZB_SPACES; i++) { /* found one: say where */
        int c = st->cell[i], k = st->kind[i];
        if (c & ~(ZB_ZOMBIE | ZB_TOK_MASK | ZB_MOVED) || ((c & ZB_MOVED) && !(c & ZB_ZOMBIE)) ||
            ((c & ZB_TOK_MASK) >> ZB_TOK_SHIFT) == 3) {
            ud_buf_printf(why, "space %d,%d holds %#x", i % ZB_SIDE, i / ZB_SIDE, c);
            return false;
        }
        if (c && (k == ZB_NONE || k == ZB_SOLID)) {
            ud_buf_printf(why, "a zombie or token on space %d,%d, where none may stand", i % ZB_SIDE,
                          i / ZB_SIDE);
            return false;
        }
        if ((c & ZB_TOK_MASK) && k != ZB_FLOOR && k != ZB_DOOR) {
            ud_buf_printf(why, "a token outside a building at %d,%d", i % ZB_SIDE, i / ZB_SIDE);
            return false;
        }
    }
    return false;
}

static bool conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    int z = 0, t = 0;
    for (int i = 0; i < ZB_SPACES; i += 8) { /* eight at a time, as above */
        uint64_t w, k;
        load8(st, i, &w, &k);
        z += sum_bytes(w & BYTES(ZB_ZOMBIE));
        t += sum_bytes((~zero_bytes(w & BYTES(ZB_TOK_MASK)) & BYTES(0x80)) >> 7);
    }
    if (z != st->zombies || t != st->tokens) {
        ud_buf_printf(why, "%d zombies and %d tokens on the board, the rows counted %d and %d", z, t,
                      st->zombies, st->tokens);
        return false;
    }
    return true;
}

static bool resources(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    if (st->phase == ZB_PH_SETUP)
        return true; /* the allotment comes last in the set-up */
    for (int i = 0; i < st->n_players; i++) {
        const zb_player *pl = &st->pl[i];
        if (pl->status == ZB_ALIVE && pl->life == 0 && st->phase != ZB_PH_COMBAT_END) {
            ud_buf_printf(why, "seat %d alive with no life outside a combat's end", i);
            return false;
        }
        if (pl->status != ZB_ALIVE && (pl->survivors || pl->kills || pl->weapons)) {
            ud_buf_printf(why, "seat %d is off the board but keeps kills, survivors or weapons", i);
            return false;
        }
    }
    return true;
}

static bool hands(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    for (int i = 0; i < st->n_players; i++)
        for (int h = 0; h < ZB_HAND; h++) {
            int t = st->pl[i].tile[h], c = st->pl[i].card[h];
            if (t > zb_content.n_tiles || c > zb_content.n_events ||
                (t && (t - 1 == zb_content.square || t - 1 == zb_content.heliport))) {
                ud_buf_printf(why, "seat %d holds tile %d, card %d", i, t, c);
                return false;
            }
        }
    return true;
}

static bool movement(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    if (st->moved > st->allowance + st->hurry) {
        ud_buf_printf(why, "moved %d of %d", st->moved, st->allowance + st->hurry);
        return false;
    }
    bool after = st->phase == ZB_PH_REPLENISH || st->phase == ZB_PH_TRADE || st->phase == ZB_PH_DRAW;
    const zb_player *me = &st->pl[st->current];
    if (after && st->moved && me->status == ZB_ALIVE)
        for (int q = 0; q < st->n_players; q++)
            if (q != st->current && st->pl[q].status == ZB_ALIVE && st->pl[q].pos_x == me->pos_x &&
                st->pl[q].pos_y == me->pos_y) {
                ud_buf_printf(why, "seat %d ended its move on seat %d", st->current, q);
                return false;
            }
    for (int q = 0; q < st->n_players; q++)
        if (st->pl[q].status == ZB_ALIVE) {
            if (st->pl[q].pos_x >= ZB_SIDE || st->pl[q].pos_y >= ZB_SIDE) { /* never read past the board */
                ud_buf_printf(why, "seat %d stands off the board, at %d,%d", q, st->pl[q].pos_x,
                              st->pl[q].pos_y);
                return false;
            }
            int k = st->kind[zb_at(st->pl[q].pos_x, st->pl[q].pos_y)];
            if (k == ZB_NONE || k == ZB_SOLID) {
                ud_buf_printf(why, "seat %d stands where nobody may", q);
                return false;
            }
        }
    return true;
}

static bool weapon_deck(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    if (st->phase == ZB_PH_SETUP)
        return true;
    int left = 0;
    for (int w = 0; w < zb_content.n_weapons; w++) {
        left += st->weapons_left[w];
        if (st->weapons_left[w] > zb_content.weapon[w].count) {
            ud_buf_printf(why, "weapon %s has %d copies left of %d", zb_content.weapon[w].id,
                          st->weapons_left[w], zb_content.weapon[w].count);
            return false;
        }
    }
    if (left + st->weapons_taken != zb_content.weapon_total) {
        ud_buf_printf(why, "%d weapons left and %d taken of %d: the deck was refilled", left,
                      st->weapons_taken, zb_content.weapon_total);
        return false;
    }
    return true;
}

/* Where roads_meet found a road meeting a building's side: the first
 * pair in reading order, said. */
static bool roads_where(const zb_state *st, ud_buf *why)
{
    uint8_t open[ZB_SLOTS][ZB_SLOTS];
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            open[y][x] = st->slot[y][x] ? zb_content.tile[st->slot[y][x] - 1].open[st->rot[y][x]] : 0;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++) {
            if (!st->slot[y][x])
                continue;
            unsigned o = open[y][x];
            if (x + 1 < ZB_SLOTS && st->slot[y][x + 1]) {
                unsigned e = open[y][x + 1];
                if (((o >> ZB_E) & 1u) != ((e >> ZB_W) & 1u)) {
                    ud_buf_printf(why, "slots %d,%d and %d,%d: a road meets a building's side", x - ZB_MID,
                                  y - ZB_MID, x + 1 - ZB_MID, y - ZB_MID);
                    return false;
                }
            }
            if (y + 1 < ZB_SLOTS && st->slot[y + 1][x]) {
                unsigned e = open[y + 1][x];
                if (((o >> ZB_S) & 1u) != ((e >> ZB_N) & 1u)) {
                    ud_buf_printf(why, "slots %d,%d and %d,%d: a road meets a building's side", x - ZB_MID,
                                  y - ZB_MID, x - ZB_MID, y + 1 - ZB_MID);
                    return false;
                }
            }
        }
    return true;
}

/* Whether every two placed tiles side by side agree on their shared
 * edge: road to road, or closed to closed.  Asked after every firing, so
 * the slots are read once into masks, a bit a slot (slot x, y at bit
 * 8y + x; bit 8y + 7 never set, so a shift by one never joins two rows),
 * and the edges compared all at once: a pair breaks where one side is
 * open and the other not. */
static bool roads_meet(const zb_state *st)
{
    uint64_t placed = 0, open[4] = { 0 };
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++) {
            if (!st->slot[y][x])
                continue;
            unsigned o = zb_content.tile[st->slot[y][x] - 1].open[st->rot[y][x]];
            uint64_t bit = 1ull << (8 * y + x);
            placed |= bit;
            for (int d = 0; d < 4; d++)
                open[d] |= (o >> d & 1u) ? bit : 0;
        }
    uint64_t across = placed & (placed >> 1) & (open[ZB_E] ^ (open[ZB_W] >> 1));
    uint64_t down = placed & (placed >> 8) & (open[ZB_S] ^ (open[ZB_N] >> 8));
    return !(across | down);
}

static bool roads(const ud_game *g, const void *p, ud_buf *why)
{
    return roads_meet(CST(p)) || roads_where(CST(p), why);
}

static int alive_or_dead(const zb_state *st)
{
    int n = 0;
    for (int i = 0; i < st->n_players; i++)
        n += st->pl[i].status != ZB_OUT;
    return n;
}

/* No empty slot has a road coming to it: no tile can be placed again. */
static bool closed(const zb_state *st)
{
    for (int k = 0; k < ZB_SLOTS * ZB_SLOTS; k++)
        if (st->need[k])
            return false;
    return true;
}

/* Over exactly when an ending holds, and each ending's condition. */
static bool over_when_won(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    bool over = st->phase == ZB_PH_OVER;
    if (over != (st->over == 1) || over != (st->end != ZB_END_NONE)) {
        ud_buf_printf(why, "phase %s, over=%d, end=%d", g->phases[st->phase].name, st->over, st->end);
        return false;
    }
    if (over) {
        for (int i = 0; i < st->n_players; i++)
            if (st->pl[i].outcome == UD_SEAT_PLAYING) {
                ud_buf_printf(why, "the game is over but seat %d has no outcome", i);
                return false;
            }
        bool ok = true;
        switch (st->end) {
        case ZB_END_HELIPORT: {
            const zb_player *w = &st->pl[st->winner];
            ok = st->winner >= 0 && w->survivors >= 3 && w->pos_x == st->heli_x && w->pos_y == st->heli_y;
            break;
        }
        case ZB_END_LAST_ALIVE:
            ok = alive_or_dead(st) == 1;
            break;
        case ZB_END_ALL_OUT:
            ok = alive_or_dead(st) == 0;
            break;
        case ZB_END_NO_HELIPORT:
            ok = st->heli_due && !st->heli_placed;
            break;
        case ZB_END_ALL_SEARCHED:
            ok = st->heli_stuck && !st->heli_placed && zb_all_named_searched(st);
            break;
        case ZB_END_ALL_RESCUED:
            ok = closed(st);
            break;
        default:
            break;
        }
        if (!ok)
            ud_buf_printf(why, "the game ended (end %d) though its condition does not hold", st->end);
        return ok;
    }
    /* just past the turn's start, where ZB-LAST-ALIVE would have ended it */
    if ((st->phase == ZB_PH_STEP1 || st->phase == ZB_PH_REVIVE) && st->n_players > 1 &&
        alive_or_dead(st) < 2 && !st->heli_placed && (st->heli_stuck || closed(st))) {
        ud_buf_printf(why, "one player is left, the Heliport cannot be placed, and the game goes on");
        return false;
    }
    if (g->phases[st->phase].kind == UD_PHASE_DECISION && st->phase != ZB_PH_PAY) {
        for (int i = 0; i < st->n_players && st->heli_placed; i++)
            if (st->pl[i].status == ZB_ALIVE && st->pl[i].survivors >= 3 && st->pl[i].pos_x == st->heli_x &&
                st->pl[i].pos_y == st->heli_y) {
                ud_buf_printf(why, "seat %d stands on the heliport with %d survivors and the game goes on", i,
                              st->pl[i].survivors);
                return false;
            }
    }
    return true;
}

/* The map-tile and event-card stacks hold what their counts say (the
 * Town Square and the Heliport are never in the stack): a draw takes a
 * tile off both, so an empty stack is never drawn from. */
static bool piles(const ud_game *g, const void *p, ud_buf *why)
{
    const zb_state *st = CST(p);
    if (st->phase == ZB_PH_SETUP)
        return true; /* counted by the set-up's last row */
    int t = 0, c = 0;
    for (int k = 0; k < zb_content.n_tiles; k++)
        if (k != zb_content.square && k != zb_content.heliport)
            t += st->pile_tile[k];
    for (int k = 0; k < zb_content.n_events; k++)
        c += st->pile_card[k];
    if (t != st->tiles_pile || c != st->cards_pile) {
        ud_buf_printf(
            why, "the tile stack holds %d tiles where its count says %d, the card stack %d where it says %d",
            t, st->tiles_pile, c, st->cards_pile);
        return false;
    }
    return true;
}

/* Two illegal states the text names that no row mutant makes: a zombie
 * stepping onto another ("no space may contain more than one zombie";
 * a cell holds one zombie bit, so one is lost, for ZB-INV-CONSERVED), and
 * a drawn tile left in the stack as well, for ZB-INV-PILES.  Then faults
 * of amounts and boundaries (game.h, ud_fault), each asked for in the
 * guard, offer or effect of the row it names (rules.c). */
const ud_fault zb_faults[ZB_N_FAULTS] = {
    [ZB_FAULT_ZOMBIE_ON_ZOMBIE] = { "zombie-on-zombie", "ZB-INV-CONSERVED",
                                    "a zombie may step onto a space that holds a zombie", NULL },
    [ZB_FAULT_TILE_LEFT_IN_STACK] = { "tile-left-in-stack", "ZB-INV-PILES",
                                      "a map tile drawn stays in the stack as well as in the hand", NULL },
    [ZB_FAULT_HITS_ON_FIVE] = { "hits-on-five", NULL,
                                "a combat roll (with bonuses) must beat 4, not reach it", "ZB-COMBAT-ROLL" },
    [ZB_FAULT_SHOT_COSTS_ONE_MORE] = { "shot-costs-one-more", NULL,
                                       "shooting costs one bullet more than the roll fell short",
                                       "ZB-SHOOT" },
    [ZB_FAULT_SHOOT_OFFERED_SHORT] = { "shoot-offered-short", NULL,
                                       "shooting is offered with one bullet fewer than the roll needs",
                                       "ZB-COMBAT-PAY" },
    [ZB_FAULT_TRADE_ROUNDS_UP] = { "trade-rounds-up", NULL,
                                   "the trades offered round up: a bullet for a part of three kills",
                                   "ZB-TRADE-OFFER" },
    [ZB_FAULT_ALLOWANCE_ONE_PAST] = { "allowance-one-past", NULL,
                                      "a turn's movement allowance is one space more than twice the life",
                                      "ZB-TURN" },
};

static const ud_invariant zb_invariants[] = {
    { "ZB-INV-ONE-PER-SPACE", "at most one zombie and one token a space, only where they may be",
      one_per_space },
    { "ZB-INV-CONSERVED", "zombies and tokens on the board are what the rows added and removed", conserved },
    { "ZB-INV-RESOURCES",
      "life and bullets never below 0; no character alive without life; the dead keep nothing", resources },
    { "ZB-INV-HANDS", "at most three tiles and three cards in hand, all from the piles", hands },
    { "ZB-INV-PILES", "the tile and card stacks hold what their counts say: never drawn from empty", piles },
    { "ZB-INV-MOVE", "no move longer than allowed, none ending on another player, nobody off the roads",
      movement },
    { "ZB-INV-WEAPONS", "the weapon deck is never refilled", weapon_deck },
    { "ZB-INV-ROADS", "roads always connect: no road meets a building's side", roads },
    { "ZB-INV-OVER", "the game is over exactly when an ending holds", over_when_won },
};

/* All the invariants at once (ud_game.invariants_hold), asked at every
 * stop of every fuzz input and after every row an exploration fires:
 * the two whole-board rows read the 441 cells in one pass instead of
 * two, and the other rows, which read a few bytes each, are asked as
 * they are.  True only where every row's `holds` is; on false the
 * engine asks the rows one by one, which say what broke. */
_Static_assert(sizeof zb_invariants / sizeof zb_invariants[0] == 9,
               "a new invariant row: add it to zb_invariants_hold");
/* Sixteen cells in a vector (GCC's and clang's vector extensions: SSE2
 * on x86-64, plain code elsewhere); a comparison gives 0xff or 0 in each
 * lane. */
typedef uint8_t zb_cells16 __attribute__((vector_size(16)));

/* misplaced8 lane by lane, sixteen cells at a time: nonzero in each lane
 * whose cell breaks ZB-INV-ONE-PER-SPACE.  Zombies and tokens are added
 * to *zombies and *tokens, one a lane. */
static zb_cells16 misplaced16(zb_cells16 w, zb_cells16 k, zb_cells16 *zombies, zb_cells16 *tokens)
{
    zb_cells16 stray = (w & (uint8_t) ~(ZB_ZOMBIE | ZB_TOK_MASK | ZB_MOVED)) | (w & ~(w << 3) & ZB_MOVED);
    zb_cells16 two_tokens = (w >> ZB_TOK_SHIFT) & (w >> (ZB_TOK_SHIFT + 1)) & 1;
    zb_cells16 token = (zb_cells16)((w & ZB_TOK_MASK) != 0);
    zb_cells16 no_ground = (zb_cells16)(w != 0) & (zb_cells16)((k & (uint8_t) ~(ZB_NONE ^ ZB_SOLID)) == 0);
    zb_cells16 building = (zb_cells16)((k == ZB_FLOOR) | (k == ZB_DOOR));
    *zombies += w & ZB_ZOMBIE;
    *tokens += token & 1;
    return stray | two_tokens | no_ground | (token & ~building);
}

/* The sum of the lanes (a count lane gains at most one a block: 28 blocks). */
static int sum_lanes(zb_cells16 v)
{
    int n = 0;
    for (int i = 0; i < 16; i++)
        n += v[i];
    return n;
}

/* What the whole-board rows found on the board last asked about in this
 * thread, kept so that the next check reads again only what changed.
 * Most firings change no cell (an offer, a phase) or two (a zombie's
 * move), and no slot (a tile laid is rare), while a fresh look reads 441
 * cells and 49 slots: these rows were most of a checked game's time.
 * It is a cache of a pure function, never a record of the past: each
 * block of sixteen cells is compared with the copy kept, and read again
 * wherever it differs, so the answer is the one a fresh look gives, for
 * any state in any order (a new game, another thread's or a test's
 * hand-made state alike).  Thread-local: the simulations check on
 * several threads at once. */
enum { ZB_BLOCKS = (ZB_SPACES + 15) / 16 };
typedef struct zb_board_seen {
    zb_cells16 cell[ZB_BLOCKS], kind[ZB_BLOCKS]; /* zeros past the board */
    uint8_t bad[ZB_BLOCKS], zombies[ZB_BLOCKS], tokens[ZB_BLOCKS];
    int n_bad, n_zombies, n_tokens; /* their sums */
    /* ZB-INV-ROADS, a function of the slots and the loaded tiles */
    bool roads_read, roads_ok; /* asked once, and the answer */
    unsigned roads_content;    /* the zb_content.generation it was asked under */
    uint8_t slot[ZB_SLOTS][ZB_SLOTS], rot[ZB_SLOTS][ZB_SLOTS];
} zb_board_seen;
/* All zeros is right for a board of zeros: no block counts or breaks. */
static _Thread_local zb_board_seen zb_seen;

/* Block b of the cells and kinds (zeros past the board). */
static void load16(const zb_state *st, int b, zb_cells16 *w, zb_cells16 *k)
{
    int i = 16 * b;
    if (i + 16 <= ZB_SPACES) {
        memcpy(w, st->cell + i, 16);
        memcpy(k, st->kind + i, 16);
        return;
    }
    memset(w, 0, sizeof *w);
    memset(k, 0, sizeof *k);
    memcpy(w, st->cell + i, (size_t)(ZB_SPACES - i));
    memcpy(k, st->kind + i, (size_t)(ZB_SPACES - i));
}

/* Nonzero in some lane if v is: the lanes or-ed into one word. */
static bool any_lane(zb_cells16 v)
{
    uint64_t lo, hi;
    memcpy(&lo, &v, 8);
    memcpy(&hi, (const char *)&v + 8, 8);
    return (lo | hi) != 0;
}

/* Read block b again into zb_seen: what it breaks and counts. */
static void read_block(zb_board_seen *seen, int b, zb_cells16 w, zb_cells16 k)
{
    zb_cells16 zombies = { 0 }, tokens = { 0 };
    int bad = any_lane(misplaced16(w, k, &zombies, &tokens));
    int z = sum_lanes(zombies), t = sum_lanes(tokens);
    seen->n_bad += bad - seen->bad[b];
    seen->n_zombies += z - seen->zombies[b];
    seen->n_tokens += t - seen->tokens[b];
    seen->bad[b] = (uint8_t)bad;
    seen->zombies[b] = (uint8_t)z;
    seen->tokens[b] = (uint8_t)t;
    seen->cell[b] = w;
    seen->kind[b] = k;
}

/* A bit for each block whose cells or kinds differ from zb_seen's.  On
 * x86-64 (SSE2, its baseline) a comparison's lanes gathered into a mask;
 * elsewhere the lanes or-ed into words. */
static uint32_t changed_blocks(const zb_state *st, const zb_board_seen *seen)
{
    _Static_assert(ZB_BLOCKS <= 32, "a bit a block");
    uint32_t changed = 0;
    int b = 0;
#if defined(__SSE2__)
    for (; 16 * b + 16 <= ZB_SPACES; b++) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(st->cell + 16 * b));
        __m128i k = _mm_loadu_si128((const __m128i *)(const void *)(st->kind + 16 * b));
        __m128i d =
            _mm_or_si128(_mm_xor_si128(w, (__m128i)seen->cell[b]), _mm_xor_si128(k, (__m128i)seen->kind[b]));
        changed |= (uint32_t)(_mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_setzero_si128())) != 0xffff) << b;
    }
#endif
    for (; b < ZB_BLOCKS; b++) {
        zb_cells16 w, k;
        load16(st, b, &w, &k);
        changed |= (uint32_t)any_lane((w ^ seen->cell[b]) | (k ^ seen->kind[b])) << b;
    }
    return changed;
}

/* ZB-INV-ONE-PER-SPACE and ZB-INV-CONSERVED, both at once, reading again
 * the blocks that changed since the last look (zb_seen): most firings
 * change no cell, a zombie's move two. */
static bool board_holds(const zb_state *st)
{
    zb_board_seen *seen = &zb_seen;
    for (uint32_t changed = changed_blocks(st, seen); changed; changed &= changed - 1) {
        int b = __builtin_ctz(changed);
        zb_cells16 w, k;
        load16(st, b, &w, &k);
        read_block(seen, b, w, k);
    }
    return !seen->n_bad && seen->n_zombies == st->zombies && seen->n_tokens == st->tokens;
}

/* ZB-INV-ROADS, read again only when the slots or the loaded tiles changed. */
static bool roads_hold(const zb_state *st)
{
    zb_board_seen *seen = &zb_seen;
    if (!seen->roads_read || seen->roads_content != zb_content.generation ||
        memcmp(seen->slot, st->slot, sizeof seen->slot) || memcmp(seen->rot, st->rot, sizeof seen->rot)) {
        seen->roads_ok = roads_meet(st);
        seen->roads_read = true;
        seen->roads_content = zb_content.generation;
        memcpy(seen->slot, st->slot, sizeof seen->slot);
        memcpy(seen->rot, st->rot, sizeof seen->rot);
    }
    return seen->roads_ok;
}

/* ZB-INV-PILES and ZB-INV-HANDS asked as the whole test asks them, with
 * no branch a kind or a card: each holds exactly where its row does
 * (the row sums the kinds there are but the Town Square and the
 * Heliport; the masks, derived when the set loads, keep the same). */
static int masked_sum32(const uint8_t *v, const uint8_t *mask)
{
    const uint64_t even = UINT64_C(0x00ff00ff00ff00ff);
    uint64_t pairs = 0; /* four 16-bit lanes, each at most 8 x 255 */
    for (int i = 0; i < 32; i += 8) {
        uint64_t x, m;
        memcpy(&x, v + i, 8);
        memcpy(&m, mask + i, 8);
        x &= m;
        pairs += (x & even) + ((x >> 8) & even);
    }
    return (int)((pairs * UINT64_C(0x0001000100010001)) >> 48);
}

static bool piles_quick(const zb_state *st)
{
    _Static_assert(ZB_MAX_TILE_KINDS == 32 && ZB_MAX_EVENT_KINDS == 32, "the piles in four words each");
    return st->phase == ZB_PH_SETUP ||
           (masked_sum32(st->pile_tile, zb_content.stack_tile) == st->tiles_pile &&
            masked_sum32(st->pile_card, zb_content.stack_card) == st->cards_pile);
}

static bool hands_quick(const zb_state *st)
{
    unsigned bad = 0;
    for (int i = 0; i < st->n_players; i++)
        for (int h = 0; h < ZB_HAND; h++)
            bad |=
                (zb_content.hand_bad[st->pl[i].tile[h]] & 1u) | (zb_content.hand_bad[st->pl[i].card[h]] & 2u);
    return !bad;
}

static bool zb_invariants_hold(const ud_game *g, const void *p)
{
    if (g->invariants != zb_invariants)
        return false; /* another array (ud_game.invariants_hold): ask its rows */
    const zb_state *st = CST(p);
    if (!board_holds(st) || !roads_hold(st))
        return false;
    ud_buf unread = { 0 }; /* written only when a row breaks: nobody reads it */
    /* before any set is loaded (a test's hand-made state) no table is
     * derived: the row itself is asked */
    bool hands_ok = zb_content.loaded ? hands_quick(st) : hands(g, p, &unread);
    bool ok = hands_ok && piles_quick(st) && resources(g, p, &unread) && movement(g, p, &unread) &&
              weapon_deck(g, p, &unread) && over_when_won(g, p, &unread);
    if (unread.data)
        ud_buf_free(&unread);
    return ok;
}

UD_INVARIANTS_END

/* ---- policies -------------------------------------------------------------------------- */

static int find_kind(const ud_offers *o, int kind)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == kind)
            return i;
    return -1;
}

/* Step 4 as the zombies would have it, one at a time in reading order:
 * the first zombie offered (the offers come by zombie, in reading order
 * of where they stand) goes one step nearer the nearest player within
 * ZB_SCENT spaces (counted along rows and columns, walls ignored), trying
 * north, east, south, west; with no such player, or no step nearer, the
 * first of its steps: greedy draws nothing from the generator. */
static int chase(const zb_state *st, const ud_offers *o)
{
    int x = o->action[0].arg[0], y = o->action[0].arg[1], best = ZB_SCENT + 1;
    for (int q = 0; q < st->n_players; q++)
        if (st->pl[q].status == ZB_ALIVE) {
            int d = abs(st->pl[q].pos_x - x) + abs(st->pl[q].pos_y - y);
            best = d < best ? d : best;
        }
    if (best > 0 && best <= ZB_SCENT)
        for (int i = 0; i < o->n && o->action[i].arg[0] == x && o->action[i].arg[1] == y; i++) {
            int nx = o->action[i].arg[2], ny = o->action[i].arg[3];
            for (int q = 0; q < st->n_players; q++)
                if (st->pl[q].status == ZB_ALIVE &&
                    abs(st->pl[q].pos_x - x) + abs(st->pl[q].pos_y - y) == best &&
                    abs(st->pl[q].pos_x - nx) + abs(st->pl[q].pos_y - ny) < best)
                    return i;
        }
    return 0;
}

/* Heads for what wins: the heliport with three survivors, else unsearched
 * buildings and tokens, the Town Square when hurt; shoots when it can,
 * plays every card it may, takes the first tile placement offered, every
 * bullet it may and every token a kill leaves; moves the zombies as they
 * would go (chase). */
static int greedy(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const zb_state *st = CST(p);
    int k = o->action[0].kind;
    if (k == ZB_ACT_ZOMBIE)
        return chase(st, o);
    if (k == ZB_ACT_SHOOT || k == ZB_ACT_BLEED)
        return find_kind(o, ZB_ACT_SHOOT) >= 0 ? find_kind(o, ZB_ACT_SHOOT) : find_kind(o, ZB_ACT_BLEED);
    if (k == ZB_ACT_REVIVE || k == ZB_ACT_PLACE || k == ZB_ACT_HELIPORT || k == ZB_ACT_PLAY ||
        k == ZB_ACT_COLLECT)
        return 0;
    if (k == ZB_ACT_TRADE)
        return o->n - 1;
    if (k < ZB_ACT_NORTH || k > ZB_ACT_STOP)
        return 0;
    const zb_player *me = &st->pl[seat];
    int at = zb_at(me->pos_x, me->pos_y);
    int d = zb_first_step(st, at,
                          me->survivors >= 3 && st->heli_placed ? ZB_GOAL_HELI
                          : me->life <= 1                       ? ZB_GOAL_SQUARE
                                                                : ZB_GOAL_BUILDING,
                          24);
    for (int i = 0; d >= 0 && d < 4 && i < o->n; i++)
        if (o->action[i].kind == ZB_ACT_NORTH + d)
            return i;
    int s = find_kind(o, ZB_ACT_STOP);
    return s >= 0 ? s : 0;
}

/* Random, except that it plays an event card whenever it may and never
 * gives up a character: the cards get played. */
static int wanderer(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    int k = o->action[0].kind;
    if (k == ZB_ACT_PLAY || k == ZB_ACT_REVIVE)
        return 0;
    return (int)ud_rng_below(rng, (uint32_t)o->n);
}

static const ud_policy_def zb_policies[] = {
    { "greedy",
      "heads for buildings, then the heliport; shoots, plays every card, takes bullets and tokens; zombies chase the nearest player",
      0, 0, greedy, 0, 0, 0, 0 },
    { "wanderer", "random moves, tiles and zombies; plays every card it may, always a new character", 0, 0,
      wanderer, 0, 0, 0, 1 },
};

/* ---- reading the state ------------------------------------------------------------------ */

static void zb_init(void *p, const ud_setup *setup)
{
    zb_content_ready();
    ST(p)->phase = ZB_PH_SETUP;
    ST(p)->winner = -1;
    ST(p)->heli_owner = -1;
}

static int zb_to_move(const void *p) { return CST(p)->current; }

static void zb_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    const zb_state *st = CST(p);
    ud_buf_printf(out, "turn=%s round=%d moves=%d/%d",
                  st->current < setup->n_players ? setup->names[st->current] : "?", st->round, st->moved,
                  st->allowance + st->hurry);
    for (int i = 0; i < st->n_players && i < setup->n_players; i++) {
        const zb_player *pl = &st->pl[i];
        ud_buf_printf(out, " %s=", setup->names[i]);
        if (pl->status == ZB_ALIVE)
            ud_buf_printf(out, "%d,%d", pl->pos_x, pl->pos_y);
        else
            ud_buf_printf(out, "%s", pl->status == ZB_DEAD ? "dead" : "out");
        ud_buf_printf(out, ":L%dB%dK%dS%d", pl->life, pl->bullets, pl->kills, pl->survivors);
    }
    ud_buf_printf(out, " zombies=%d tokens=%d tiles=%d cards=%d", st->zombies, st->tokens, st->tiles_pile,
                  st->cards_pile);
}

static int zb_score(const void *p, int seat) { return CST(p)->pl[seat].survivors; }

static int zb_winner(const void *p) { return CST(p)->winner; }

static void zb_outcomes(const void *p, int n_players, uint8_t *out)
{
    for (int i = 0; i < n_players; i++)
        out[i] = i < ZB_MAX_PLAYERS ? CST(p)->pl[i].outcome : UD_SEAT_PLAYING;
}

/* A start line fixes part of the set-up (a small position to study or
 * explore): "first N" the first player (seat N from 1, no roll for it);
 * "survivors SEAT=N ..." the survivors seats (from 1) have rescued
 * already, N from 0 to 9 (three or more: the Heliport is theirs at their
 * first arrival, a late stage of a game);
 * "tiles ID=N ..." the map tiles' draw pile, "alt-tiles ID=N
 * ..." their alternate deck, "cards ID=N ..." and "alt-cards ID=N ..." the
 * event cards'; each ID once, N from 0 to 9, kinds not named hold none.  Once one line
 * of tiles (cards) is given, the other of the two is empty unless a line
 * fills it too. */
/* A whole number lo..hi written as digits alone from text to end (or
 * to the end of the string when end is NULL); false otherwise. */
static bool start_number(const char *text, const char *stop, long lo, long hi, long *out)
{
    if (!isdigit((unsigned char)*text))
        return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno == ERANGE || end != (stop ? stop : text + strlen(text)) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* "survivors SEAT=N ...": each seat once. */
static bool start_survivors(zb_state *st, const ud_setup *setup, const char *at, ud_buf *err)
{
    int n_seats = ud_setup_player_count(setup);
    bool seen[ZB_MAX_PLAYERS] = { false };
    for (bool any = false;;) {
        while (*at == ' ')
            at++;
        if (!*at) {
            if (!any)
                ud_buf_puts(err, "expected 'survivors SEAT=N ...' with at least one seat");
            return any;
        }
        size_t len = strcspn(at, " "), seat_len = strcspn(at, "= ");
        long seat, n;
        if (seat_len == 0 || at[seat_len] != '=' || !start_number(at, at + seat_len, 1, n_seats, &seat) ||
            seat > ZB_MAX_PLAYERS || !start_number(at + seat_len + 1, at + len, 0, 9, &n)) {
            ud_buf_printf(err, "expected SEAT=N with SEAT from 1 to %d and N from 0 to 9, got '%.*s'",
                          n_seats, (int)len, at);
            return false;
        }
        if (seen[seat - 1]) {
            ud_buf_printf(err, "expected each seat once, found seat %ld again", seat);
            return false;
        }
        seen[seat - 1] = true;
        st->pl[seat - 1].survivors = (uint8_t)n;
        any = true;
        at += len;
    }
}

static bool zb_apply_start(void *p, const ud_setup *setup, const char *line, ud_buf *err)
{
    zb_content_ready();
    zb_state *st = ST(p);
    static const char *const what[] = { "tiles", "alt-tiles", "cards", "alt-cards" };
    char word[16];
    int used = 0;
    int w = 0;
    if (sscanf(line, "%15s%n", word, &used) == 1)
        while (w < 4 && strcmp(word, what[w]) != 0)
            w++;
    /* each line once: a second would replace the first unseen */
    if (used && ud_setup_start_prior(setup, line) > 0) {
        ud_buf_printf(err, "expected one '%s' line, found a second", word);
        return false;
    }
    long seat;
    if (used && strcmp(word, "first") == 0) {
        int n = ud_setup_player_count(setup);
        const char *arg = line + used;
        while (*arg == ' ')
            arg++;
        if (!start_number(arg, NULL, 1, n, &seat)) {
            ud_buf_printf(err, "expected 'first N' with N a seat from 1 to %d, got '%s'", n, arg);
            return false;
        }
        st->first = (uint8_t)(seat - 1);
        st->preset |= ZB_PRESET_FIRST;
        return true;
    }
    if (used && strcmp(word, "survivors") == 0)
        return start_survivors(st, setup, line + used, err);
    if (used == 0 || w == 4) {
        ud_buf_puts(err, "expected 'first N', 'survivors SEAT=N ...', or 'tiles', 'alt-tiles', 'cards' or "
                         "'alt-cards' then ID=N for each kind");
        return false;
    }
    bool tiles = w < 2;
    uint8_t *pile = w == 0 ? st->pile_tile : w == 1 ? st->alt_tile : w == 2 ? st->pile_card : st->alt_card;
    int n_kinds = tiles ? zb_content.n_tiles : zb_content.n_events;
    memset(pile, 0, tiles ? sizeof st->pile_tile : sizeof st->pile_card);
    st->preset |= tiles ? ZB_PRESET_TILES : ZB_PRESET_CARDS;
    /* each kind once: a second count would replace the first unseen */
    bool seen[ZB_MAX_TILE_KINDS > ZB_MAX_EVENT_KINDS ? ZB_MAX_TILE_KINDS : ZB_MAX_EVENT_KINDS] = { false };
    for (const char *at = line + used;;) {
        char id[32];
        long n;
        while (*at == ' ')
            at++;
        if (!*at)
            return true;
        size_t len = strcspn(at, " "), id_len = strcspn(at, "= ");
        if (id_len == 0 || id_len >= sizeof id || at[id_len] != '=' ||
            !start_number(at + id_len + 1, at + len, 0, 9, &n)) {
            ud_buf_printf(err, "expected ID=N with N from 0 to 9, got '%.*s'", (int)len, at);
            return false;
        }
        memcpy(id, at, id_len);
        id[id_len] = '\0';
        int k = 0;
        while (k < n_kinds && strcmp(id, tiles ? zb_content.tile[k].id : zb_content.event[k].id) != 0)
            k++;
        if (k == n_kinds || (tiles && (k == zb_content.square || k == zb_content.heliport))) {
            ud_buf_printf(err, "no %s called '%s'",
                          tiles ? "map tile (other than the Town Square and the Heliport)" : "event card",
                          id);
            return false;
        }
        if (seen[k]) {
            ud_buf_printf(err, "expected each id once, found '%s' again", id);
            return false;
        }
        seen[k] = true;
        pile[k] = (uint8_t)n;
        at += len;
    }
}

static const ud_ratio zb_ratios[] = {
    { "kills per turn", "ZB-KILL", "ZB-TURN" },
    { "deaths per turn", "ZB-DEATH", "ZB-TURN" },
    { "cards per turn", "ZB-EVENT-PLAY", "ZB-TURN" },
};

extern const ud_game_extras zb_extras;

extern int zb_compiled_rows(ud_step *s, void *state, int ph, bool from_decision);

/* The counts a row may change (ud_game.counts): each player's life,
 * bullets, kills, survivors, weapons, tiles and cards in hand; the
 * board's zombies, tokens and tiles; the piles. */
static int zb_counts(const void *p, int *out)
{
    const zb_state *st = p;
    int n = 0, laid = 0;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            laid += st->slot[y][x] != 0;
    out[n++] = laid;
    out[n++] = st->zombies;
    out[n++] = st->tokens;
    out[n++] = st->tiles_pile;
    out[n++] = st->cards_pile;
    out[n++] = st->weapons_taken;
    for (int i = 0; i < ZB_MAX_PLAYERS; i++) {
        const zb_player *pl = &st->pl[i];
        int tiles = 0, cards = 0;
        for (int k = 0; k < ZB_HAND; k++) {
            tiles += pl->tile[k] != 0;
            cards += pl->card[k] != 0;
        }
        const int v[] = { pl->life, pl->bullets, pl->kills, pl->survivors, __builtin_popcount(pl->weapons),
                          tiles,    cards };
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            out[n++] = v[k];
    }
    return n;
}

/* The amounts a row changes (ud_game.amount, for blame): the turn's
 * move allowance and moves made, and each player's life, bullets, kills
 * and survivors. */
enum {
    ZB_AMOUNT_PLAYER = 2,
    ZB_AMOUNTS_EACH = 4,
    ZB_AMOUNTS = ZB_AMOUNT_PLAYER + ZB_AMOUNTS_EACH * ZB_MAX_PLAYERS
};

static int zb_amount(void *p, int i, const int *set)
{
    zb_state *st = p;
    if (i < ZB_AMOUNT_PLAYER)
        return ud_amount_u8(i == 0 ? &st->allowance : &st->moved, set);
    zb_player *pl = &st->pl[(i - ZB_AMOUNT_PLAYER) / ZB_AMOUNTS_EACH];
    uint8_t *field[] = { &pl->life, &pl->bullets, &pl->kills, &pl->survivors };
    return ud_amount_u8(field[(i - ZB_AMOUNT_PLAYER) % ZB_AMOUNTS_EACH], set);
}

static void zb_amount_name(const ud_setup *setup, int i, ud_buf *out)
{
    static const char *const each[] = { "life", "bullets", "kills", "survivors" };
    if (i < ZB_AMOUNT_PLAYER) {
        ud_buf_puts(out, i == 0 ? "the move allowance" : "the moves made");
        return;
    }
    int seat = (i - ZB_AMOUNT_PLAYER) / ZB_AMOUNTS_EACH;
    if (setup && seat < setup->n_players)
        ud_buf_printf(out, "%s's %s", setup->names[seat], each[(i - ZB_AMOUNT_PLAYER) % ZB_AMOUNTS_EACH]);
    else
        ud_buf_printf(out, "seat %d's %s", seat + 1, each[(i - ZB_AMOUNT_PLAYER) % ZB_AMOUNTS_EACH]);
}

const ud_number zb_numbers[ZB_N_NUMBERS] = {
    [ZB_NUM_HIT] = { "ZB-COMBAT-ROLL", "hit number", 4, UD_NUMBER_COUNT, 0 },
    [ZB_NUM_PAY_REACH] = { "ZB-COMBAT-PAY", "roll shooting must reach", 4, UD_NUMBER_COUNT, 0 },
    [ZB_NUM_SHOOT_REACH] = { "ZB-SHOOT", "roll shooting must reach", 4, UD_NUMBER_COUNT, 0 },
};

const ud_game zb_game = {
    .name = "zombies-board",
    .folder = "zombies_board",
    .title = "Zombies!!! (the board game, 004's rules variant)",
    .phases = zb_phases,
    .n_phases = ZB_PHASES,
    .rules = zb_rules,
    .n_rules = ZB_N_RULES,
    .variants = zb_variants,
    .n_variants = ZB_VARIANTS,
    .invariants = zb_invariants,
    .n_invariants = (int)(sizeof zb_invariants / sizeof zb_invariants[0]),
    .faults = zb_faults,
    .n_faults = ZB_N_FAULTS,
    .invariants_hold = zb_invariants_hold,
    .policies = zb_policies,
    .n_policies = (int)(sizeof zb_policies / sizeof zb_policies[0]),
    .actions = zb_actions,
    .n_actions = ZB_ACTIONS,
    .chance_events = zb_chance_events,
    .outcome_order = "roll: one face a roll; tile, card: the tile or card drawn, one a draw",
    .ratios = zb_ratios,
    .n_ratios = 3,
    .min_players = 1,
    .max_players = ZB_MAX_PLAYERS,
    .players_rule = "ZB-PLAYERS",
    .state_size = sizeof(zb_state),
    .phase_offset = offsetof(zb_state, phase),
    .init = zb_init,
    .to_move = zb_to_move,
    .describe = zb_describe,
    .score = zb_score,
    .winner = zb_winner,
    .outcomes = zb_outcomes,
    .load_content = zb_load_content,
    .load_content_memory = zb_load_content_memory,
    .apply_start = zb_apply_start,
    .extras = &zb_extras,
    .compiled_rows = zb_compiled_rows,
    .draw_text = zb_draw_text,
    .draw_svg = zb_draw_svg,
    .counts = zb_counts,
    .n_amounts = ZB_AMOUNTS,
    .amount = zb_amount,
    .amount_name = zb_amount_name,
    .numbers = zb_numbers,
    .n_numbers = ZB_N_NUMBERS,
};
