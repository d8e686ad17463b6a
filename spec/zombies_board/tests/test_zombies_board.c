/*
 * test_zombies_board.c - the Zombies!!! board game's own suite: the tile
 * model (rotations, openings, where a tile fits), the golden cases with
 * the firings and outcomes 004 says must follow, every row fired by some
 * case, random games under every reading with the invariants on, event
 * cards played by the policies, and the content files (the built-in set,
 * bad files with FILE:LINE:COL, --content through the CLI).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content.h"
#include "support.h"
#include "zombies_board/zombies_board.h"

static int tile_kind(const char *id)
{
    zb_content_ready();
    for (int k = 0; k < zb_content.n_tiles; k++)
        if (strcmp(zb_content.tile[k].id, id) == 0)
            return k;
    cr_assert_fail("no tile %s", id);
    return -1;
}

/* ---- the tile model --------------------------------------------------------------- */

Test(zb_tiles, rotations_turn_the_openings_clockwise)
{
    /* The Warehouse bend opens north and east; each quarter turn clockwise
     * moves both openings one edge on. */
    const zb_tile_kind *k = &zb_content.tile[tile_kind("warehouse-bend")];
    unsigned want = (1u << ZB_N) | (1u << ZB_E);
    for (int r = 0; r < 4; r++) {
        cr_assert_eq(k->open[r], want, "rotation %d opens %#x, not %#x", r * 90, k->open[r], want);
        want = ((want << 1) | (want >> 3)) & 15u;
    }
    /* the grid turns with it: the road leaving north at 0 leaves east at 90 */
    cr_assert_eq(k->grid[0][0][1], ZB_ROAD);
    cr_assert_eq(k->grid[1][1][2], ZB_ROAD);
    cr_assert_eq(k->grid[1][0][1], ZB_SOLID);
}

Test(zb_tiles, a_tile_fits_only_where_roads_join)
{
    static zb_state st;
    memset(&st, 0, sizeof st);
    zb_lay(&st, tile_kind("town-square"), ZB_MID, ZB_MID, 0);
    int hospital = tile_kind("hospital"); /* one road, north */
    /* north of the square its road must face south: 180 only */
    for (int r = 0; r < 4; r++)
        cr_assert_eq(zb_fits(&st, hospital, ZB_MID, ZB_MID - 1, r), r == 2, "rotation %d", r * 90);
    /* a slot touching nothing, or the square's own slot, or off the board */
    cr_assert(!zb_fits(&st, hospital, ZB_MID, ZB_MID - 2, 0));
    cr_assert(!zb_fits(&st, hospital, ZB_MID, ZB_MID, 2));
    cr_assert(!zb_fits(&st, hospital, -1, 0, 0));
    zb_lay(&st, hospital, ZB_MID, ZB_MID - 1, 2);
    /* beside the hospital's closed side a road would meet a building's side */
    int straight = tile_kind("theater-straight");
    cr_assert(!zb_fits(&st, straight, ZB_MID - 1, ZB_MID - 1, 1));
    /* doors: from the road into the hospital only through its door */
    int road = zb_at(ZB_MID * ZB_TS + 1, ZB_MID * ZB_TS - 1); /* the hospital's road */
    int door = zb_at(ZB_MID * ZB_TS + 1, ZB_MID * ZB_TS - 2);
    cr_assert_eq(st.kind[road], ZB_ROAD);
    cr_assert_eq(st.kind[door], ZB_DOOR);
    cr_assert(zb_can_step(&st, road, door) && zb_can_step(&st, door, road));
    cr_assert(!zb_can_step(&st, road, road - 1), "no step into a solid building");
}

/* ---- the board's invariants, read eight cells at a time ---------------------------- */

/* Each way a space can break ZB-INV-ONE-PER-SPACE, at every position of
 * an eight-cell word (and the board's last space, alone in its word), is
 * caught; and ZB-INV-CONSERVED counts what the cells hold. */
Test(zb_invariants, every_misplaced_cell_is_found_wherever_it_is)
{
    static zb_state st;
    memset(&st, 0, sizeof st);
    int spaces[] = { 0, 1, 7, 8, 13, 200, ZB_SPACES - 2, ZB_SPACES - 1 };
    struct {
        int kind, cell;
        bool ok;
    } cases[] = {
        { ZB_ROAD, ZB_ZOMBIE, true }, /* a zombie on a road */
        { ZB_FLOOR, ZB_ZOMBIE | (ZB_TOK_LIFE << ZB_TOK_SHIFT), true },
        { ZB_DOOR, ZB_TOK_BULLET << ZB_TOK_SHIFT, true },
        { ZB_SOLID, ZB_ZOMBIE, false }, /* no ground */
        { ZB_NONE, ZB_TOK_LIFE << ZB_TOK_SHIFT, false },
        { ZB_ROAD, ZB_TOK_LIFE << ZB_TOK_SHIFT, false }, /* a token outside a building */
        { ZB_SQUARE, ZB_TOK_BULLET << ZB_TOK_SHIFT, false },
        { ZB_FLOOR, 3 << ZB_TOK_SHIFT, false }, /* two tokens */
        { ZB_FLOOR, 8, false },                 /* a stray bit */
        { ZB_HELI, 0x80 | ZB_ZOMBIE, false },
    };
    for (size_t p = 0; p < sizeof spaces / sizeof spaces[0]; p++)
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            memset(st.cell, 0, sizeof st.cell);
            memset(st.kind, ZB_ROAD, sizeof st.kind);
            st.kind[spaces[p]] = (uint8_t)cases[c].kind;
            st.cell[spaces[p]] = (uint8_t)cases[c].cell;
            cr_assert_eq(game_invariant_holds(&zb_game, "ZB-INV-ONE-PER-SPACE", &st, NULL), cases[c].ok,
                         "space %d, kind %d, cell %#x", spaces[p], cases[c].kind, cases[c].cell);
            /* the test of all the rows at once (sixteen cells at a time)
             * agrees, the counts kept right */
            st.zombies = (uint16_t)(cases[c].cell & ZB_ZOMBIE);
            st.tokens = (uint16_t)((cases[c].cell & ZB_TOK_MASK) != 0);
            cr_assert_eq(zb_game.invariants_hold(&zb_game, &st), cases[c].ok,
                         "all at once: space %d, kind %d, cell %#x", spaces[p], cases[c].kind, cases[c].cell);
            st.zombies++;
            cr_assert_not(zb_game.invariants_hold(&zb_game, &st), "a zombie miscounted at space %d",
                          spaces[p]);
            st.zombies = 0;
        }
    memset(st.cell, 0, sizeof st.cell);
    st.zombies = st.tokens = 0;
    cr_assert(game_invariant_holds(&zb_game, "ZB-INV-CONSERVED", &st, NULL));
    st.cell[0] = ZB_ZOMBIE;
    st.cell[9] = ZB_ZOMBIE | (ZB_TOK_LIFE << ZB_TOK_SHIFT);
    st.cell[ZB_SPACES - 1] = ZB_TOK_BULLET << ZB_TOK_SHIFT;
    cr_assert_not(game_invariant_holds(&zb_game, "ZB-INV-CONSERVED", &st, NULL));
    st.zombies = 2;
    st.tokens = 2;
    cr_assert(game_invariant_holds(&zb_game, "ZB-INV-CONSERVED", &st, NULL));
    st.tokens = 3;
    cr_assert_not(game_invariant_holds(&zb_game, "ZB-INV-CONSERVED", &st, NULL));
}

/* A game the tests play from a seed, and what its step points to: kept
 * together, and never moved once started. */
typedef struct zb_test_game {
    ud_setup setup;
    ud_table table;
    ud_rng rng;
    ud_chance chance;
    ud_step s;
} zb_test_game;

static void test_game_init(zb_test_game *tg, int players, uint64_t seed)
{
    memset(&tg->setup, 0, sizeof tg->setup);
    tg->setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(tg->setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    ud_table_build(&tg->table, &zb_game, tg->setup.variant);
    ud_rng_seed(&tg->rng, seed);
    ud_chance_from_rng(&tg->chance, &tg->rng);
    ud_step_init(&tg->s, &tg->table, &tg->setup, &tg->chance, NULL, NULL);
}

/* The test of all the rows at once keeps what it read of the board and
 * reads again only what changed (game.c, zb_board_seen): at every
 * decision of played games it agrees with the rows asked one by one; a
 * cell broken is found at once and the repair seen, wherever the cell;
 * a byte of the piles, the hands, the stacks' counts or the weapon deck
 * changed, it agrees with the rows again (the quick tests of
 * ZB-INV-PILES and -HANDS among them);
 * a road broken by a rotation likewise; and a content set loaded again
 * is read again. */
static bool every_row_holds(const zb_state *st)
{
    for (int r = 0; r < zb_game.n_invariants; r++)
        if (!game_invariant_holds(&zb_game, zb_game.invariants[r].id, st, NULL))
            return false;
    return true;
}

Test(zb_invariants, the_cached_look_answers_as_a_fresh_one, .timeout = 120)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    static zb_state copy;
    ud_content_error err;
    int compared = 0, broken = 0, changed_broke = 0;
    static zb_test_game tg;
    for (int game = 0; game < 6; game++) {
        test_game_init(&tg, 1 + game, 900 + (uint64_t)game);
        ud_rng *rng = &tg.rng;
        ud_status st = ud_start(&tg.s, state);
        for (int d = 0; st == UD_DECIDE && d < 4000; d++) {
            const zb_state *z = (const zb_state *)state;
            cr_assert(zb_game.invariants_hold(&zb_game, z), "game %d, decision %d", game, d);
            cr_assert(every_row_holds(z));
            compared++;
            if (d % 7 == 0) { /* a stray bit on one space: found, then its repair */
                memcpy(&copy, z, sizeof copy);
                int i = (int)ud_rng_below(rng, ZB_SPACES);
                copy.cell[i] |= 0x40;
                cr_assert_not(zb_game.invariants_hold(&zb_game, &copy), "space %d broken", i);
                cr_assert_not(every_row_holds(&copy));
                copy.cell[i] = z->cell[i];
                cr_assert(zb_game.invariants_hold(&zb_game, &copy), "space %d mended", i);
                broken++;
            }
            if (d % 5 == 0) { /* a byte of the piles or the hands changed: the rows decide */
                memcpy(&copy, z, sizeof copy);
                size_t at[] = { offsetof(zb_state, pile_tile),    offsetof(zb_state, pile_card),
                                offsetof(zb_state, pl),           offsetof(zb_state, tiles_pile),
                                offsetof(zb_state, weapons_left), offsetof(zb_state, weapons_taken) };
                size_t span[] = { ZB_MAX_TILE_KINDS,   ZB_MAX_EVENT_KINDS,
                                  sizeof copy.pl,      4,
                                  ZB_MAX_WEAPON_KINDS, 1 };
                int which = (int)ud_rng_below(rng, 6);
                unsigned char *b =
                    (unsigned char *)&copy + at[which] + ud_rng_below(rng, (uint32_t)span[which]);
                *b = (unsigned char)ud_rng_below(rng, 256);
                bool rows = every_row_holds(&copy);
                cr_assert_eq(zb_game.invariants_hold(&zb_game, &copy), rows, "game %d, decision %d, part %d",
                             game, d, which);
                changed_broke += !rows;
            }
            if (d % 50 == 0 && z->slot[ZB_MID][ZB_MID + 1]) { /* a tile beside the square turned */
                memcpy(&copy, z, sizeof copy);
                for (int r = 1; r < 4; r++) {
                    copy.rot[ZB_MID][ZB_MID + 1] = (uint8_t)((z->rot[ZB_MID][ZB_MID + 1] + r) % 4);
                    cr_assert_eq(zb_game.invariants_hold(&zb_game, &copy), every_row_holds(&copy),
                                 "the tile east of the square turned by %d", r);
                }
            }
            st = ud_decide_offer(&tg.s, state, (int)ud_rng_below(rng, (uint32_t)tg.s.offers.n));
        }
        cr_assert_neq(st, UD_ERROR, "game %d: %s", game, tg.s.fail.msg);
        /* the same set loaded again: asked again, the same answer */
        cr_assert(zb_load_content(NULL, &err), "%s", err.e.msg);
        cr_assert_eq(zb_game.invariants_hold(&zb_game, state), every_row_holds((const zb_state *)state));
    }
    cr_assert_gt(compared, 1000, "only %d states compared", compared);
    cr_assert_gt(broken, 100, "only %d states broken", broken);
    cr_assert_gt(changed_broke, 100, "only %d changed bytes broke a row", changed_broke);
}

/* ZB-INV-MOVE on a character whose space is off the board: said, and no
 * space read past the board (the sanitizer build would stop there). */
Test(zb_invariants, a_character_off_the_board_breaks_the_move_row)
{
    static zb_state st;
    memset(&st, 0, sizeof st);
    memset(st.kind, ZB_ROAD, sizeof st.kind);
    st.n_players = 2;
    st.phase = ZB_PH_TURN_START;
    st.pl[0].status = st.pl[1].status = ZB_ALIVE;
    cr_assert(game_invariant_holds(&zb_game, "ZB-INV-MOVE", &st, NULL));
    ud_buf why;
    ud_buf_init(&why);
    st.pl[1].pos_y = ZB_SIDE; /* one row past the last */
    cr_assert_not(game_invariant_holds(&zb_game, "ZB-INV-MOVE", &st, &why));
    cr_assert_str_eq(ud_buf_str(&why), "seat 1 stands off the board, at 0,21");
    ud_buf_free(&why);
    st.pl[1].pos_y = 0;
    st.pl[0].pos_x = 255;
    cr_assert_not(game_invariant_holds(&zb_game, "ZB-INV-MOVE", &st, NULL));
}

/* ZB-INV-ROADS, read as masks of the slots (all pairs at once): every two
 * tiles side by side, across and down, at every place on the grid, break
 * it exactly when one side of their edge is a road and the other not;
 * slots at the ends of two rows are not side by side. */
static bool roads_hold(zb_state *st, int ax, int ay, int ta, int ra, int bx, int by, int tb, int rb)
{
    memset(st->slot, 0, sizeof st->slot);
    st->slot[ay][ax] = (uint8_t)(ta + 1);
    st->rot[ay][ax] = (uint8_t)ra;
    st->slot[by][bx] = (uint8_t)(tb + 1);
    st->rot[by][bx] = (uint8_t)rb;
    bool one = game_invariant_holds(&zb_game, "ZB-INV-ROADS", st, NULL);
    cr_assert_eq(zb_game.invariants_hold(&zb_game, st), one, "all at once: slots %d,%d and %d,%d", ax, ay, bx,
                 by);
    return one;
}

Test(zb_invariants, a_road_meeting_a_building_is_found_at_every_edge)
{
    static zb_state st;
    memset(&st, 0, sizeof st);
    int a = tile_kind("florist"), b = tile_kind("warehouse-bend");
    int broken = 0;
    for (int y = 0; y < ZB_SLOTS; y++)
        for (int x = 0; x < ZB_SLOTS; x++)
            for (int ra = 0; ra < 4; ra++)
                for (int rb = 0; rb < 4; rb++) {
                    unsigned oa = zb_content.tile[a].open[ra], ob = zb_content.tile[b].open[rb];
                    if (x + 1 < ZB_SLOTS) {
                        bool agree = ((oa >> ZB_E) & 1u) == ((ob >> ZB_W) & 1u);
                        cr_assert_eq(roads_hold(&st, x, y, a, ra, x + 1, y, b, rb), agree,
                                     "across from slot %d,%d, rotations %d and %d", x, y, ra, rb);
                        broken += !agree;
                    }
                    if (y + 1 < ZB_SLOTS) {
                        bool agree = ((oa >> ZB_S) & 1u) == ((ob >> ZB_N) & 1u);
                        cr_assert_eq(roads_hold(&st, x, y, a, ra, x, y + 1, b, rb), agree,
                                     "down from slot %d,%d, rotations %d and %d", x, y, ra, rb);
                        broken += !agree;
                    }
                    if (x == ZB_SLOTS - 1 && y + 1 < ZB_SLOTS)
                        cr_assert(roads_hold(&st, x, y, a, ra, 0, y + 1, b, rb),
                                  "the end of row %d and the start of the next are not side by side", y);
                }
    cr_assert_gt(broken, 0, "no pair broke the rule: the test asks nothing");
}

/* ---- the golden cases ------------------------------------------------------------- */

static const char *const cases[] = {
    "situations/heliport-reached",
    "situations/death",
    "examples/no-heliport-space",
    "situations/blocked",
    "examples/bullet-taken",
    "situations/out-skipped",
    "seeded/solo-random",
    "seeded/two-random",
    "seeded/two-wanderers",
    "seeded/trade-all",
    "seeded/all-searched",
    "rulings/zombies-all-move",
    "rulings/road-zombies",
    "rulings/food-source",
    "rulings/bullet-once",
    "rulings/bullet-each-entry",
    "rulings/blocked-loses-turn",
    "rulings/all-rescued",
    "rulings/heliport-declined",
    "rulings/last-alive-plays-on",
    "rulings/last-alive",
    "situations/blocked-every-turn",
    "rulings/blocked-every-turn",
    "rulings/zombies-freed-move",
    "rulings/zombie-away-from-player",
    "rulings/survivors-walked-out",
    "rulings/survivors-killed",
    "rulings/spoils-left",
    "rulings/shared-space",
    "rulings/dead-still-living",
    "rulings/bracketed-street-tiles",
    "rulings/empty-hand-plays-on",
};

/* A golden case's .in with `line` put in after its game line (a reading)
 * and, when from is not NULL, its first `from` replaced by `to`.  Freed
 * by the caller. */
static char *case_with(const char *case_path, const char *line, const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, UD_SOURCE_DIR "/golden/zombies_board/%s.in", case_path);
    char *text = slurp(path, NULL);
    cr_assert_not_null(text, "%s", path);
    const char *game = "game zombies-board\n";
    char *at = strstr(text, game);
    cr_assert_not_null(at);
    size_t n = strlen(text) + strlen(line) + (to ? strlen(to) : 0) + 8;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s%s", (int)(at - text + strlen(game)), text, line, *line ? "\n" : "",
             at + strlen(game));
    free(text);
    if (from) {
        char *hit = strstr(out, from);
        cr_assert_not_null(hit, "no '%s' in %s", from, case_path);
        char *swapped = malloc(n);
        snprintf(swapped, n, "%.*s%s%s", (int)(hit - out), out, to, hit + strlen(from));
        free(out);
        out = swapped;
    }
    return out;
}

Test(zb_golden, the_heliport_placed_and_reached_wins)
{
    run r;
    play_case(&r, &zb_game, "situations/heliport-reached");
    cr_assert_eq(fired(&r, "ZB-SHOOT"), 1, "the roll of 2 raised to 4 with bullets");
    cr_assert_eq(fired(&r, "ZB-SURVIVORS"), 1);
    cr_assert_eq(fired(&r, "ZB-HELIPORT-EARNED"), 1);
    cr_assert_eq(fired(&r, "ZB-HELIPORT"), 1);
    cr_assert_eq(fired(&r, "ZB-HELIPORT-WIN"), 1);
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
}

Test(zb_golden, combat_costs_life_then_the_character)
{
    run r;
    play_case(&r, &zb_game, "situations/death");
    cr_assert_eq(fired(&r, "ZB-BLEED"), 3, "one life for the first zombie, two for the second");
    cr_assert_eq(fired(&r, "ZB-DEATH"), 1);
    cr_assert_eq(fired(&r, "ZB-NEW-CHARACTER"), 1);
    cr_assert(r.regen && strstr(r.regen, "turn ann round=2 moves=0"), "the new character may not move");
    run_free(&r);
}

Test(zb_golden, no_heliport_space_ends_on_survivors)
{
    run r;
    play_case(&r, &zb_game, "examples/no-heliport-space");
    cr_assert_eq(fired(&r, "ZB-NO-HELIPORT"), 1);
    cr_assert_eq(fired(&r, "ZB-HELIPORT"), 0);
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
}

/* no-heliport=all-searched: the Heliport's failure does not end the game;
 * the end comes once every Named Building is laid and searched, and the
 * most rescued survivors wins. */
Test(zb_golden, no_heliport_space_waits_for_every_building_searched)
{
    run r;
    play_case(&r, &zb_game, "seeded/all-searched");
    cr_assert_geq(fired(&r, "ZB-NO-HELIPORT-WAIT"), 2, "the owner tries again on a later turn");
    cr_assert_eq(fired(&r, "ZB-NO-HELIPORT"), 0);
    cr_assert_eq(fired(&r, "ZB-ALL-SEARCHED"), 1);
    cr_assert(r.res.complete);
    int w = r.res.winner;
    cr_assert(w >= 0 && w < r.res.n_players, "one winner: %d", w);
    for (int i = 0; i < r.res.n_players; i++)
        cr_assert_geq(r.res.score[w], r.res.score[i], "the winner has the most survivors");
    run_free(&r);
}

/* blocked=lose-that-turn (the default): the turn it occurs is lost, and
 * the next turns, her tiles still fitting nowhere, are played without the
 * tile step: she fights, moves the zombies, and plays on. */
Test(zb_golden, a_blocked_player_loses_that_turn_and_plays_on)
{
    run r;
    play_case(&r, &zb_game, "situations/blocked");
    cr_assert_eq(fired(&r, "ZB-BLOCKED"), 1, "one turn lost");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-AGAIN"), 2, "rounds 4 and 5: the tile step passed over");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-EVERY-TURN"), 0, "not under this reading");
    cr_assert_eq(fired(&r, "ZB-KILL"), 1, "round 4: she fights the zombie south of her");
    cr_assert_eq(fired(&r, "ZB-ZOMBIES-DONE"), 3, "zombies moved in rounds 1, 2 and 4");
    cr_assert(r.regen && strstr(r.regen, "blocked ann") && strstr(r.regen, "no-playable-tiles ann"));
    run_free(&r);
}

/* blocked=lose-every-turn: the same position, every later turn lost to
 * the turn cap (the old ruling's transcript, tagged with its row). */
Test(zb_golden, under_lose_every_turn_a_blocked_player_loses_every_turn)
{
    run r;
    play_case(&r, &zb_game, "situations/blocked-every-turn");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-EVERY-TURN"), 23, "rounds 3 to 25");
    cr_assert_eq(fired(&r, "ZB-BLOCKED"), 0, "not under this reading");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-AGAIN"), 0, "not under this reading");
    cr_assert_eq(fired(&r, "ZB-TURN-CAP"), 1);
    cr_assert_eq(r.res.winner, -1, "nobody rescued a survivor");
    run_free(&r);
}

static const ud_rule *zb_row(const char *id)
{
    for (int i = 0; i < zb_game.n_rules; i++)
        if (strcmp(zb_game.rules[i].id, id) == 0)
            return &zb_game.rules[i];
    cr_assert_fail("no row %s", id);
    return NULL;
}

/* The Town Square closed by four buildings of one road each: no tile
 * fits anywhere.  ann (seat 0) holds a crossroads. */
static void closed_board(zb_state *st)
{
    memset(st, 0, sizeof *st);
    st->n_players = 1;
    zb_lay(st, tile_kind("town-square"), ZB_MID, ZB_MID, 0);
    int hospital = tile_kind("hospital"); /* one road, north at 0 */
    zb_lay(st, hospital, ZB_MID, ZB_MID - 1, 2);
    zb_lay(st, hospital, ZB_MID + 1, ZB_MID, 3);
    zb_lay(st, hospital, ZB_MID, ZB_MID + 1, 0);
    zb_lay(st, hospital, ZB_MID - 1, ZB_MID, 1);
    st->pl[0].status = ZB_ALIVE;
    st->pl[0].tile[0] = (uint8_t)(tile_kind("crossroads") + 1);
    st->phase = ZB_PH_PLACE_CHECK;
}

/* Which blocked row fires follows the mark the lost turn leaves: the
 * first time ZB-BLOCKED (the turn lost, the mark set), then
 * ZB-BLOCKED-AGAIN (the tile step passed over, the turn goes on);
 * ZB-BLOCKED-EVERY-TURN, the other reading's row, every time. */
Test(zb_rulings, the_blocked_rows_follow_the_lost_turn_mark)
{
    static zb_state st;
    closed_board(&st);
    const ud_rule *first = zb_row("ZB-BLOCKED"), *again = zb_row("ZB-BLOCKED-AGAIN"),
                  *every = zb_row("ZB-BLOCKED-EVERY-TURN");
    cr_assert_eq(first->variant, ZB_V_BLOCKED);
    cr_assert_eq(first->value, ZB_BLOCKED_THAT_TURN);
    cr_assert_eq(again->value, ZB_BLOCKED_THAT_TURN);
    cr_assert_eq(every->variant, ZB_V_BLOCKED);
    cr_assert_eq(every->value, ZB_BLOCKED_EVERY_TURN);
    ud_step s;
    memset(&s, 0, sizeof s);
    s.action.kind = -1;
    cr_assert(first->guard(&st, &s) && !again->guard(&st, &s) && every->guard(&st, &s));
    first->effect(&st, &s);
    cr_assert_eq(st.pl[0].lost_turn, 1, "the lost turn is marked");
    cr_assert_eq(st.phase, ZB_PH_TURN_END, "the rest of the turn is lost");
    st.phase = ZB_PH_PLACE_CHECK; /* her next turn */
    cr_assert(!first->guard(&st, &s) && again->guard(&st, &s) && every->guard(&st, &s));
    again->effect(&st, &s);
    cr_assert_eq(st.phase, ZB_PH_EVENT_CHECK, "the turn goes on past the tiles");
    cr_assert_eq(st.pl[0].lost_turn, 1, "still marked");
    every->effect(&st, &s);
    cr_assert_eq(st.phase, ZB_PH_TURN_END);
    /* a tile she placed this turn: she had playable tiles, none fires */
    st.placed_any = 1;
    cr_assert(!first->guard(&st, &s) && !again->guard(&st, &s) && !every->guard(&st, &s));
    /* no tile in hand: none fires either */
    st.placed_any = 0;
    st.pl[0].tile[0] = 0;
    cr_assert(!first->guard(&st, &s) && !again->guard(&st, &s) && !every->guard(&st, &s));
}

/* A tile placed clears the mark: her tiles were playable again, so a later
 * block is a new occurrence and costs that turn. */
Test(zb_rulings, a_tile_placed_clears_the_lost_turn_mark)
{
    static zb_state st;
    memset(&st, 0, sizeof st);
    st.n_players = 1;
    zb_lay(&st, tile_kind("town-square"), ZB_MID, ZB_MID, 0);
    int hospital = tile_kind("hospital");
    st.pl[0].status = ZB_ALIVE;
    st.pl[0].tile[0] = (uint8_t)(hospital + 1);
    st.pl[0].lost_turn = 1;
    st.phase = ZB_PH_PLACE;
    ud_step s;
    memset(&s, 0, sizeof s);
    s.action = (ud_action){ ZB_ACT_PLACE, { hospital, 0, -1, 180 } };
    const ud_rule *place = zb_row("ZB-PLACE");
    cr_assert(place->guard(&st, &s));
    place->effect(&st, &s);
    cr_assert_eq(st.slot[ZB_MID - 1][ZB_MID], hospital + 1, "the tile is laid");
    cr_assert_eq(st.pl[0].tile[0], 0, "out of her hand");
    cr_assert_eq(st.pl[0].lost_turn, 0, "the mark is cleared");
}

/* Step 4: every zombie that may move, moves, one at a time in the order
 * the player chooses, each where the player says. */
Test(zb_rulings, every_zombie_that_can_move_moves_where_the_player_says)
{
    run r;
    play_case(&r, &zb_game, "rulings/zombies-all-move");
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-MOVE"), 2, "two moves open, then two again: both decisions");
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-FORCED"), 0);
    cr_assert_eq(fired(&r, "ZB-ZOMBIES-DONE"), 1);
    cr_assert(strstr(r.regen, "decide ann zombie 10,7 to 10,6 "), "%s", r.regen);
    cr_assert(strstr(r.regen, "decide ann zombie 10,8 to 10,7 "), "%s", r.regen);
    run_free(&r);
    /* every zombie's moves are offered at once; a move the rules do not
     * offer is refused, naming them */
    run_text(&r, "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nstart first 1\n"
                 "start tiles theater-straight=1\nstart cards rest=0\npartial\ntile theater-straight\n"
                 "decide ann place T3 at 0,-1 rot 0\ndecide ann zombie-at 10,7\ndecide ann zombie-at 10,8\n"
                 "decide ann stop\ndecide ann zombie 10,8 to 11,8\n");
    assert_check_error(
        &r, 13, "ZB-ZOMBIE-OFFER",
        "'zombie 10,8 to 11,8' is not allowed here; the rules allow zombie 10,7 to 10,6|zombie 10,8 to 10,9");
    run_free(&r);
    /* a zombie moves once: after 10,8 went south, 10,7 may go either way,
     * and 10,8's zombie (now at 10,9) is not offered again */
    run_text(&r, "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nstart first 1\n"
                 "start tiles theater-straight=1\nstart cards rest=0\npartial\ntile theater-straight\n"
                 "decide ann place T3 at 0,-1 rot 0\ndecide ann zombie-at 10,7\ndecide ann zombie-at 10,8\n"
                 "decide ann stop\ndecide ann zombie 10,8 to 10,9\ndecide ann zombie 10,9 to 10,8\n");
    assert_check_error(
        &r, 14, "ZB-ZOMBIE-OFFER",
        "'zombie 10,9 to 10,8' is not allowed here; the rules allow zombie 10,7 to 10,6|zombie 10,7 to 10,8");
    run_free(&r);
}

/* A zombie another's move frees still moves: 10,6 (a dead end) can move
 * once 10,7 has gone; with one move open each time, neither is a
 * decision. */
Test(zb_rulings, a_zombie_freed_by_another_still_moves)
{
    run r;
    play_case(&r, &zb_game, "rulings/zombies-freed-move");
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-FORCED"), 2, "both moved, each the only move open");
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-MOVE"), 0, "no decision");
    cr_assert_eq(fired(&r, "ZB-ZOMBIES-NEXT"), 0);
    const char *first = strstr(r.regen, "\nzombie 10,7 to 10,8 "),
               *second = strstr(r.regen, "\nzombie 10,6 to 10,7 ");
    cr_assert(first && second && first < second, "10,7 first, then 10,6\n%s", r.regen);
    cr_assert(strstr(r.regen, "[ZB-ZOMBIE-FORCED]"), "%s", r.regen);
    run_free(&r);
}

/* The player chooses the order: moved first, the zombie at 10,8 goes away
 * from ann; had she moved 10,6 first, the one at 10,8 would have had her
 * space alone to go to, and gone there. */
Test(zb_rulings, the_player_moves_a_zombie_away_before_another_forces_it)
{
    run r;
    play_case(&r, &zb_game, "rulings/zombie-away-from-player");
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-MOVE"), 1);
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-FORCED"), 0, "the zombie at 10,6 is left no space");
    cr_assert_eq(fired(&r, "ZB-START-COMBAT"), 0, "her next turn begins with no zombie on her");
    cr_assert(strstr(r.regen, "turn ann round=2"), "%s", r.regen);
    run_free(&r);
    char *other = case_with("rulings/zombie-away-from-player", "", "decide ann zombie 10,8 to 10,7",
                            "decide ann zombie 10,6 to 10,7");
    run_text(&r, other);
    assert_ok(&r);
    cr_assert(strstr(r.regen, "\nzombie 10,8 to 10,9 "), "forced onto ann\n%s", r.regen);
    cr_assert_eq(fired(&r, "ZB-ZOMBIE-FORCED"), 1);
    cr_assert_eq(fired(&r, "ZB-START-COMBAT"), 1, "her next turn begins with a combat");
    run_free(&r);
    free(other);
}

/* survivors-roll: emptied (default), a building whose zombie walked out
 * is searched when a player enters it; killed, only a kill that empties a
 * building brings the roll. */
Test(zb_rulings, survivors_are_rolled_for_as_the_reading_says)
{
    run r;
    play_case(&r, &zb_game, "rulings/survivors-walked-out");
    cr_assert_eq(fired(&r, "ZB-SURVIVORS"), 1, "the Florist, its zombie walked out");
    cr_assert_eq(fired(&r, "ZB-KILL"), 0, "no zombie killed");
    run_free(&r);
    /* the same record under killed: no roll where the record writes one */
    char *killed = case_with("rulings/survivors-walked-out", "variant survivors-roll=killed", NULL, NULL);
    run_text(&r, killed);
    assert_check_error(&r, 34, "ZB-STEP-OFFER",
                       "expected a decision by ann (north|south|stop) here, found 'roll 4'");
    run_free(&r);
    free(killed);
    play_case(&r, &zb_game, "rulings/survivors-killed");
    cr_assert_eq(fired(&r, "ZB-SURVIVORS-KILLED"), 1, "the Drug Store, its zombie killed at its door");
    cr_assert_eq(fired(&r, "ZB-SURVIVORS"), 0, "not under this reading");
    cr_assert(strstr(r.regen, "searched ann drug-store"), "%s", r.regen);
    cr_assert_null(strstr(r.regen, "searched ann florist"), "the Florist's zombie walked out\n%s", r.regen);
    cr_assert(strstr(r.regen, "step ann north 10,7 "), "she stands in the Florist\n%s", r.regen);
    run_free(&r);
}

/* "may collect": after a kill the token is the player's choice; left, it
 * is claimed by the next move onto the space with no zombie there. */
Test(zb_rulings, a_kill_leaves_the_token_to_the_player)
{
    run r;
    play_case(&r, &zb_game, "rulings/spoils-left");
    cr_assert_eq(fired(&r, "ZB-SPOILS-ASK"), 1);
    cr_assert_eq(fired(&r, "ZB-SPOILS-LEAVE"), 1);
    cr_assert_eq(fired(&r, "ZB-SPOILS-COLLECT"), 0);
    cr_assert_eq(fired(&r, "ZB-CLAIM-TOKEN"), 1, "claimed stepping back onto it");
    run_free(&r);
    /* collected: the life is claimed at the kill, not on stepping back */
    char *collect = case_with("rulings/spoils-left", "", "\ndecide ann pass\n", "\ndecide ann collect\n");
    run_text(&r, collect);
    assert_check_error(
        &r, 28, "ZB-SPOILS-COLLECT",
        "'claim ann life life=4 bullets=3' is out of order: the rules produce it before line 24");
    run_free(&r);
    free(collect);
    play_case(&r, &zb_game, "situations/heliport-reached");
    cr_assert_eq(fired(&r, "ZB-SPOILS-COLLECT"), 1);
    cr_assert_eq(fired(&r, "ZB-SPOILS-LEAVE"), 0);
    run_free(&r);
}

/* Standing on a shared space: a player who has not stepped may stay; one
 * who steps onto another player's space must be able to go on, and may not
 * stop there. */
Test(zb_rulings, a_move_never_ends_on_another_player)
{
    run r;
    play_case(&r, &zb_game, "rulings/shared-space");
    cr_assert_eq(fired(&r, "ZB-STOP"), 2);
    run_free(&r);
    static const char head[] =
        "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nplayer bob greedy\n"
        "start first 1\nstart tiles\nstart alt-tiles\nstart cards rest=0\npartial\n"
        "decide ann stop\n";
    char text[1024];
    /* back on ann's space, bob may not stop */
    snprintf(text, sizeof text, "%sdecide bob north\ndecide bob south\ndecide bob pass\ndecide bob stop\n",
             head);
    run_text(&r, text);
    assert_check_error(&r, 14, "ZB-STEP-OFFER",
                       "'stop' is not allowed here; the rules allow north|east|south|west");
    run_free(&r);
    /* with one move left, no step onto her (bob holds 6 moves: after
     * five steps around the square, the sixth would end on her) */
    snprintf(text, sizeof text,
             "%sdecide bob north\ndecide bob east\ndecide bob west\ndecide bob east\ndecide bob south\n"
             "decide bob west\n",
             head);
    run_text(&r, text);
    assert_check_error(&r, 16, "ZB-STEP-OFFER",
                       "'west' is not allowed here; the rules allow north|south|stop");
    run_free(&r);
}

/* "the last living player": a killed player who may still begin a new
 * character counts; once it gives that up, the other wins. */
Test(zb_rulings, a_killed_player_who_may_come_back_is_living)
{
    run r;
    play_case(&r, &zb_game, "rulings/dead-still-living");
    cr_assert_eq(fired(&r, "ZB-DEATH"), 1);
    cr_assert_eq(fired(&r, "ZB-NO-HELIPORT-WAIT"), 2, "the Heliport cannot be placed");
    cr_assert_eq(fired(&r, "ZB-LAST-ALIVE"), 0, "bob is dead, not out: the game goes on");
    cr_assert_eq(fired(&r, "ZB-NEW-CHARACTER"), 1);
    run_free(&r);
    char *gives_up =
        case_with("rulings/dead-still-living", "", "decide bob new-character", "decide bob give-up");
    run_text(&r, gives_up);
    assert_ok(&r);
    cr_assert_eq(fired(&r, "ZB-RETIRE"), 1);
    cr_assert_eq(fired(&r, "ZB-LAST-ALIVE"), 1, "now ann is the last living player");
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
    free(gives_up);
}

/* The alternate deck's three tiles named with a bracket are street tiles
 * (undead's ruling), stocked with zombies per road access point. */
Test(zb_rulings, the_bracketed_tiles_are_streets)
{
    static const char *const ids[] = { "warehouse-bend", "theater-straight", "media-t" };
    static const char *const names[] = { "(The Warehouse", "(Theater 6)", "(Media Buy" };
    for (int i = 0; i < 3; i++) {
        const zb_tile_kind *k = &zb_content.tile[tile_kind(ids[i])];
        cr_assert(strstr(k->name, names[i]), "%s: %s", ids[i], k->name);
        cr_assert_eq(k->role, ZB_ROLE_ROAD, "%s", ids[i]);
        cr_assert(k->alt == 3 && k->z == 0 && k->l == 0 && k->b == 0, "%s", ids[i]);
    }
    run r;
    play_case(&r, &zb_game, "rulings/bracketed-street-tiles");
    cr_assert_eq(fired(&r, "ZB-ROAD-ZOMBIES"), 3);
    cr_assert_eq(fired(&r, "ZB-ROAD-ZOMBIE"), 7, "3 + 2 + 2 road access points");
    cr_assert_eq(fired(&r, "ZB-NAMED-STOCK"), 0);
    run_free(&r);
}

/* A player holding no tile is not "without playable tiles" on a closed
 * board: it plays the turn on. */
Test(zb_rulings, an_empty_hand_is_not_blocked)
{
    run r;
    play_case(&r, &zb_game, "rulings/empty-hand-plays-on");
    cr_assert_eq(fired(&r, "ZB-BLOCKED"), 0);
    cr_assert_eq(fired(&r, "ZB-BLOCKED-AGAIN"), 0);
    cr_assert_eq(fired(&r, "ZB-PLACE-DONE"), 3, "rounds 1 and 2 after placing, round 3 with none");
    cr_assert_eq(fired(&r, "ZB-STEP"), 1, "round 3: she steps east");
    cr_assert(strstr(r.regen, "turn ann round=3") && strstr(r.regen, "step ann east 11,10"), "%s", r.regen);
    run_free(&r);
}

Test(zb_rulings, road_zombies_go_where_the_player_puts_them)
{
    run r;
    play_case(&r, &zb_game, "rulings/road-zombies");
    cr_assert_eq(fired(&r, "ZB-ROAD-ZOMBIE"), 2);
    run_free(&r);
    run_text(&r, "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nstart first 1\n"
                 "start tiles theater-straight=1\nstart cards rest=0\npartial\ntile theater-straight\n"
                 "decide ann place T3 at 0,-1 rot 0\ndecide ann zombie-at 9,7\n");
    assert_check_error(
        &r, 10, "ZB-ROAD-ZOMBIE-OFFER",
        "'zombie-at 9,7' is not allowed here; the rules allow zombie-at 10,6|zombie-at 10,7|zombie-at 10,8");
    run_free(&r);
}

Test(zb_rulings, alternate_food_source_spares_the_combat)
{
    run r;
    play_case(&r, &zb_game, "rulings/food-source");
    cr_assert_eq(fired(&r, "ZB-FOOD-SOURCE"), 1);
    cr_assert_eq(fired(&r, "ZB-COMBAT-ROLL"), 0, "no combat");
    run_free(&r);
}

Test(zb_rulings, a_bullet_is_taken_once_a_move_or_on_each_entry)
{
    run r;
    play_case(&r, &zb_game, "rulings/bullet-once");
    cr_assert_eq(fired(&r, "ZB-TAKE-BULLET"), 1, "bullet-take=once: the second entry offers none");
    cr_assert_eq(fired(&r, "ZB-TAKE-BULLET-ASK"), 1);
    run_free(&r);
    play_case(&r, &zb_game, "rulings/bullet-each-entry");
    cr_assert_eq(fired(&r, "ZB-TAKE-BULLET"), 2, "bullet-take=each-entry: one each time");
    run_free(&r);
    /* "may take": the mover may leave it */
    run_text(&r,
             "undead-transcript 1\ngame zombies-board\nplayer ann greedy\nplayer bob greedy\nstart first 1\n"
             "start tiles crossroads=0\nstart cards rest=0\npartial\ndecide ann north\ndecide ann stop\n"
             "decide bob north\ndecide bob pass\n= ann=10,9:L3B3K0S0 bob=10,9:L3B3K0S0\n");
    assert_ok(&r);
    cr_assert_eq(fired(&r, "ZB-TAKE-BULLET-LEAVE"), 1);
    run_free(&r);
}

Test(zb_rulings, a_blocked_player_loses_the_rest_of_the_turn)
{
    run r;
    play_case(&r, &zb_game, "rulings/blocked-loses-turn");
    /* nothing between "blocked ann" and her next turn (the record is complete) */
    cr_assert_eq(fired(&r, "ZB-BLOCKED"), 1);
    cr_assert_eq(fired(&r, "ZB-DRAW"), 2, "the draws of the first two turns only");
    cr_assert_eq(fired(&r, "ZB-SQUARE-LIFE"), 2, "no life on the square after a blocked turn");
    cr_assert_eq(fired(&r, "ZB-ZOMBIES-DONE"), 2, "zombies moved in two turns only");
    /* lose-that-turn: her fourth turn goes on past the tiles */
    cr_assert_eq(fired(&r, "ZB-BLOCKED-AGAIN"), 1);
    cr_assert_eq(fired(&r, "ZB-MAY-MOVE"), 3, "she may move in rounds 1, 2 and 4");
    run_free(&r);
    /* lose-every-turn: every later turn is lost too, to the turn cap */
    play_case(&r, &zb_game, "rulings/blocked-every-turn");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-EVERY-TURN"), 23, "rounds 3 to 25");
    cr_assert_eq(fired(&r, "ZB-BLOCKED-AGAIN"), 0);
    cr_assert_eq(fired(&r, "ZB-DRAW"), 2);
    cr_assert_eq(fired(&r, "ZB-MAY-MOVE"), 2, "she may move in rounds 1 and 2 only");
    cr_assert_eq(fired(&r, "ZB-TURN-CAP"), 1);
    run_free(&r);
}

Test(zb_rulings, the_heliport_may_be_left_for_a_later_turn)
{
    run r;
    play_case(&r, &zb_game, "rulings/heliport-declined");
    cr_assert_eq(fired(&r, "ZB-HELIPORT-DECLINED"), 1);
    cr_assert_eq(fired(&r, "ZB-HELIPORT"), 1, "placed on the next turn");
    run_free(&r);
    /* heliport-place=must: leaving it is refused */
    char *text = slurp(UD_SOURCE_DIR "/golden/zombies_board/rulings/heliport-declined.in", NULL);
    char *at = strstr(text, "game zombies-board\n");
    cr_assert_not_null(at);
    size_t n = strlen(text) + 64;
    char *must = malloc(n);
    snprintf(must, n, "%.*sgame zombies-board\nvariant heliport-place=must\n%s", (int)(at - text), text,
             at + strlen("game zombies-board\n"));
    run_text(&r, must);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert(strstr(r.err.msg, "'pass' is not allowed here; the rules allow heliport at -1,0|"), "%s",
              r.err.msg);
    run_free(&r);
    free(must);
    free(text);
}

Test(zb_rulings, the_last_player_wins_only_when_the_heliport_cannot_be_placed)
{
    run r;
    play_case(&r, &zb_game, "rulings/last-alive-plays-on");
    cr_assert_eq(fired(&r, "ZB-LAST-ALIVE"), 0, "the heliport can still be placed: bob plays on");
    cr_assert_eq(r.res.winner, -1);
    run_free(&r);
    play_case(&r, &zb_game, "rulings/last-alive");
    cr_assert_eq(fired(&r, "ZB-LAST-ALIVE"), 1);
    cr_assert_gt(fired(&r, "ZB-NO-HELIPORT-WAIT"), 0, "the heliport had no legal space");
    cr_assert_eq(r.res.winner, 1);
    run_free(&r);
}

Test(zb_rulings, all_survivors_rescued_on_a_closed_board_ends_the_game)
{
    run r;
    play_case(&r, &zb_game, "rulings/all-rescued");
    cr_assert_eq(fired(&r, "ZB-ALL-RESCUED"), 1);
    cr_assert_eq(fired(&r, "ZB-SURVIVORS"), 4, "all four buildings searched");
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
}

Test(zb_golden, a_bullet_is_taken_in_passing)
{
    run r;
    play_case(&r, &zb_game, "examples/bullet-taken");
    cr_assert_eq(fired(&r, "ZB-TAKE-BULLET"), 1);
    cr_assert(r.regen && strstr(r.regen, "takes-bullet bob from ann bullets=4"), "%s", r.regen);
    run_free(&r);
}

Test(zb_golden, every_row_fires_in_some_case)
{
    assert_every_rule_fires_in_a_case(&zb_game, cases, (int)(sizeof cases / sizeof cases[0]));
}

/* ---- random games ------------------------------------------------------------------ */

/* Random players under random readings: every game ends, or, with four
 * to six seats under turn-cap=50, may be abandoned at undead's bound of
 * decisions (step 4's moves are the player's: a long game of many random
 * seats can make more than 10,000), never failing otherwise. */
Test(zb_sim, random_games_under_every_reading_keep_the_invariants, .timeout = 120)
{
    ud_rng rng;
    ud_rng_seed(&rng, 2026);
    uint64_t fired[UD_MAX_RULES] = { 0 };
    int ended = 0;
    for (int game = 0; game < 60; game++) {
        int variant[UD_MAX_VARIANTS];
        random_variants(&zb_game, &rng, variant);
        int n = 1 + game % ZB_MAX_PLAYERS;
        ud_result res;
        char *text = play_text(&zb_game, n, variant, 7000 + (uint64_t)game, &res, fired);
        free(text); /* not in a message: Criterion's pipe stalls on one this long */
        if (res.status == UD_OVER) {
            ended++;
            continue;
        }
        cr_assert(n >= 4 && variant[ZB_V_CAP] == ZB_CAP_50 && strstr(res.fail.msg, "no end after 10000"),
                  "game %d (%d players, seed %d) did not end: %s", game, n, 7000 + game, res.fail.msg);
    }
    cr_assert_geq(ended, 55, "only %d of 60 games ended", ended);
    cr_assert_gt(fired[ud_game_rule_index(&zb_game, ud_game_rule(&zb_game, "ZB-EVENT-PLAY"))], 0,
                 "random players play event cards");
}

/* Step 4's sets of the zombies that may move (zb_state.movable), of
 * those with one space to go to (.single) and of those of them whose move
 * nothing can change (.lone), and the directions each may go (.steps),
 * found as the step starts and
 * kept by each move, are at every point of the step what the board says:
 * a zombie not moved in this step with a legal step (or exactly one) to
 * a space without a zombie.  Asked as automatic play enters each phase
 * and at each decision of random games of every size. */
static int movable_states; /* states of step 4 compared */
static int lone_states;    /* zombies found lone among them */

/* Whether a zombie not moved in this step stands on space k. */
static bool unmoved_on(const zb_state *st, int k)
{
    return (st->cell[k] & (ZB_ZOMBIE | ZB_MOVED)) == ZB_ZOMBIE;
}

/* The zombie on space i, with one space to go to, has no zombie still to
 * move next to it or to that space (the other of the two aside). */
static bool lone_on_board(const zb_state *st, int i)
{
    int to = -1;
    for (int d = 0; d < 4; d++)
        if (zb_linked(st, i, d) && !(st->cell[i + zb_off[d]] & ZB_ZOMBIE))
            to = i + zb_off[d];
    for (int d = 0; d < 4; d++) {
        if (zb_linked(st, i, d) && i + zb_off[d] != to && unmoved_on(st, i + zb_off[d]))
            return false;
        if (zb_linked(st, to, d) && to + zb_off[d] != i && unmoved_on(st, to + zb_off[d]))
            return false;
    }
    return true;
}

static void movable_as_the_board_says(ud_step *s, const void *p)
{
    const zb_state *st = p;
    bool in_step = st->phase == ZB_PH_ZOMBIES || st->phase == ZB_PH_SHAMBLE;
    for (int i = 0; i < ZB_SPACES; i++) {
        int free_steps = 0;
        unsigned dirs = 0;
        for (int d = 0; d < 4; d++)
            if (zb_linked(st, i, d) && !(st->cell[i + zb_off[d]] & ZB_ZOMBIE)) {
                free_steps++;
                dirs |= 1u << d;
            }
        bool want = in_step && (st->cell[i] & (ZB_ZOMBIE | ZB_MOVED)) == ZB_ZOMBIE && free_steps;
        cr_assert_eq(st->steps[i], want ? dirs : 0u,
                     "space %d,%d in phase %d: kept directions %#x, the board %#x", i % ZB_SIDE, i / ZB_SIDE,
                     st->phase, st->steps[i], want ? dirs : 0u);
        bool have = (st->movable[i / 64] >> (i % 64)) & 1u, one = (st->single[i / 64] >> (i % 64)) & 1u;
        cr_assert_eq(have, want, "space %d,%d in phase %d: kept %d, the board says %d", i % ZB_SIDE,
                     i / ZB_SIDE, st->phase, have, want);
        cr_assert_eq(one, want && free_steps == 1, "space %d,%d in phase %d: one space to go to %d, %d steps",
                     i % ZB_SIDE, i / ZB_SIDE, st->phase, one, free_steps);
        bool lone = (st->lone[i / 64] >> (i % 64)) & 1u;
        cr_assert_eq(lone, want && free_steps == 1 && lone_on_board(st, i),
                     "space %d,%d in phase %d: kept lone %d", i % ZB_SIDE, i / ZB_SIDE, st->phase, lone);
        lone_states += lone;
    }
    for (int i = ZB_SPACES; i < ZB_MASK_WORDS * 64; i++)
        cr_assert_not(((st->movable[i / 64] | st->single[i / 64] | st->lone[i / 64]) >> (i % 64)) & 1u,
                      "a bit past the board: %d", i);
    movable_states += in_step;
}

Test(zb_sim, the_zombies_that_may_move_are_kept_as_the_board_says, .timeout = 120)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    static zb_test_game tg;
    for (int game = 0; game < 12; game++) {
        test_game_init(&tg, 1 + game % ZB_MAX_PLAYERS, 300 + (uint64_t)game);
        tg.s.check_invariants = 1; /* the checking copy: the one that calls entered */
        tg.s.entered = movable_as_the_board_says;
        ud_status st = ud_start(&tg.s, state);
        for (int d = 0; st == UD_DECIDE && d < 10000; d++) {
            movable_as_the_board_says(&tg.s, state);
            st = ud_decide_offer(&tg.s, state, (int)ud_rng_below(&tg.rng, (uint32_t)tg.s.offers.n));
        }
        cr_assert_neq(st, UD_ERROR, "game %d: %s", game, tg.s.fail.msg);
    }
    cr_assert_gt(movable_states, 1000, "only %d states of step 4 compared", movable_states);
    cr_assert_gt(lone_states, 100, "only %d lone zombies met", lone_states);
}

/* An offer row cannot change the state (UD_OFFER_ROW), so no check
 * follows it where a firing of the same run was checked.  A run that
 * starts at a decision fired nothing yet: the state it is given is still
 * checked, by both runners.  At decisions of random games, a copy of the
 * state with a stray bit on one space is refused, and the copy unbroken
 * is offered what the game was offered. */
Test(zb_sim, a_run_that_starts_at_a_decision_checks_the_state_it_is_given)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    static unsigned char copy[UD_MAX_STATE] __attribute__((aligned(16)));
    static zb_test_game tg;
    static ud_offers offered;
    int refused = 0;
    for (int game = 0; game < 4; game++) {
        test_game_init(&tg, 2 + game % 3, 500 + (uint64_t)game);
        tg.s.check_invariants = 1;
        ud_status st = ud_start(&tg.s, state);
        for (int d = 0; st == UD_DECIDE && d < 3000; d++) {
            if (d % 97 == 0)
                for (int interpret = 0; interpret < 2; interpret++) {
                    ud_offers_copy(&offered, &tg.s.offers);
                    tg.table.interpret = interpret;
                    memcpy(copy, state, zb_game.state_size);
                    cr_assert_eq(ud_advance(&tg.s, copy), UD_DECIDE, "game %d, decision %d: %s", game, d,
                                 tg.s.fail.msg);
                    cr_assert_eq(tg.s.offers.n, offered.n, "game %d, decision %d", game, d);
                    int i = (int)ud_rng_below(&tg.rng, ZB_SPACES);
                    ((zb_state *)(void *)copy)->cell[i] |= 0x40;
                    cr_assert_eq(ud_advance(&tg.s, copy), UD_ERROR, "game %d, decision %d: space %d broken",
                                 game, d, i);
                    cr_assert_eq(tg.s.fail.kind, UD_FAIL_INVARIANT, "%s", tg.s.fail.msg);
                    ud_step_init(&tg.s, &tg.table, &tg.setup, &tg.chance, NULL, NULL);
                    tg.s.check_invariants = 1;
                    ud_offers_copy(&tg.s.offers, &offered);
                    refused++;
                }
            tg.table.interpret = false;
            st = ud_decide_offer(&tg.s, state, (int)ud_rng_below(&tg.rng, (uint32_t)tg.s.offers.n));
        }
        cr_assert_neq(st, UD_ERROR, "game %d: %s", game, tg.s.fail.msg);
    }
    cr_assert_gt(refused, 40, "only %d broken states met", refused);
}

Test(zb_sim, the_named_policies_play_event_cards)
{
    /* greedy and wanderer play every card they may: over a few games they
     * play some, and the cards' effects reach the transcript */
    for (int p = 0; p < zb_game.n_policies; p++) {
        const char *argv[] = { "undead",
                               "play",
                               "zombies-board",
                               "--players",
                               "ann,bob,cal",
                               "--policy",
                               zb_game.policies[p].name,
                               "--seed",
                               "3",
                               "--no-db",
                               NULL };
        char *out, *err;
        int rc = run_undead(argv, NULL, &out, &err);
        cr_assert_eq(rc, 0, "%s: %s", zb_game.policies[p].name, err);
        cr_assert(strstr(out, "[ZB-EVENT-PLAY]"), "%s played no event card", zb_game.policies[p].name);
        free(out);
        free(err);
    }
}

/* ---- content ----------------------------------------------------------------------- */

static char tmpdir[64];

static void put(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

static const char tiles_ok[] =
    "tile id=sq name=\"Square\" role=square rows=RRR,RCR,RRR count=0 origin=text\n"
    "tile id=heli name=\"Heliport\" role=heliport rows=RRR,RHR,RRR count=0 origin=sample\n"
    "tile id=shop name=\"Shop\" role=named rows=XRX,FDF,FFF z=2 l=1 count=4 origin=sample\n";
static const char events_ok[] = "event id=rest name=\"Rest\" effect=life count=3 origin=sample\n";
static const char weapons_ok[] = "weapon id=bat name=\"Bat\" building=shop origin=sample\n";

static void make_set(const char *tiles)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/zb-content-XXXXXX");
    cr_assert_not_null(mkdtemp(tmpdir));
    put("tiles.txt", tiles);
    put("events.txt", events_ok);
    put("weapons.txt", weapons_ok);
}

static void remove_set(void)
{
    const char *names[] = { "tiles.txt", "events.txt", "weapons.txt" };
    for (int i = 0; i < 3; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
        unlink(path);
    }
    rmdir(tmpdir);
}

Test(zb_content, builtin_set_matches_the_files)
{
    ud_content_error err;
    cr_assert(zb_load_content(NULL, &err), "%s", err.e.msg);
    zb_tables builtin = zb_content;
    cr_assert(zb_load_content(UD_SOURCE_DIR "/spec/zombies_board/content", &err), "%s", err.e.msg);
    /* each load is counted (what the invariants' cache was read under) */
    cr_assert_eq(zb_content.generation, builtin.generation + 1);
    builtin.generation = zb_content.generation;
    cr_assert_eq(memcmp(&builtin, &zb_content, sizeof builtin), 0);
    cr_assert_eq(zb_content.n_events, 16, "004 names sixteen event cards");
    cr_assert_eq(zb_content.weapon_total, 16, "004: sixteen (eight pair) weapon cards");
    int named = 0;
    for (int k = 0; k < zb_content.n_tiles; k++)
        named += zb_content.tile[k].role == ZB_ROLE_NAMED;
    cr_assert_eq(named, 11, "004 asks for 11 markers for buildings searched");
}

Test(zb_content, an_own_set_changes_the_game)
{
    make_set(tiles_ok);
    ud_content_error err;
    bool ok = zb_load_content(tmpdir, &err);
    cr_assert(ok, "%s", err.e.msg);
    cr_assert_eq(zb_content.n_tiles, 3);
    cr_assert_eq(zb_content.tile[2].z, 2);
    const char *argv[] = { "undead", "play", "zombies-board", "--content", tmpdir, "--players", "ann",
                           "--seed", "5",    "--no-db",       NULL };
    char *out, *errs;
    int rc = run_undead(argv, NULL, &out, &errs);
    cr_assert_eq(rc, 0, "%s", errs);
    cr_assert(strstr(out, "square tiles=4 cards=3"), "the own piles: %s", out);
    free(out);
    free(errs);
    remove_set();
    cr_assert(zb_load_content(NULL, &err));
}

static void bad_set(const char *tiles, const char *want_suffix)
{
    zb_content_ready();
    zb_tables before = zb_content;
    make_set(tiles);
    ud_content_error err;
    cr_assert(!zb_load_content(tmpdir, &err), "loaded; expected %s", want_suffix);
    char got[1280];
    snprintf(got, sizeof got, "%s:%d:%d: %s", err.file, err.e.line, err.e.col, err.e.msg);
    char want[1024];
    snprintf(want, sizeof want, "%s/tiles.txt:%s", tmpdir, want_suffix);
    cr_assert_str_eq(got, want);
    cr_assert_eq(memcmp(&before, &zb_content, sizeof before), 0, "a failed load changed the tables");
    const char *argv[] = { "undead", "play", "zombies-board", "--content", tmpdir, "--no-db", NULL };
    char *out, *errs;
    int rc = run_undead(argv, NULL, &out, &errs);
    cr_assert_eq(rc, 2, "a bad content file is exit 2");
    cr_assert(strstr(errs, want), "the CLI says %s", errs);
    free(out);
    free(errs);
    remove_set();
}

Test(zb_content, bad_rows_are_refused_with_the_place)
{
    bad_set("tile id=sq name=\"S\" role=square rows=RRR,RQR,RRR origin=text\n",
            "1:38: expected three rows of three letters R X F D C H");
}

Test(zb_content, too_many_zombies_for_a_building)
{
    bad_set("tile id=sq name=\"S\" role=square rows=RRR,RCR,RRR count=0 origin=text\n"
            "tile id=heli name=\"H\" role=heliport rows=RRR,RHR,RRR count=0 origin=sample\n"
            "tile id=shop name=\"Shop\" role=named rows=XRX,XDX,XXX z=2 origin=sample\n",
            "3:56: expected at most one zombie and one token a building space (1 spaces)");
}

Test(zb_content, a_road_tile_with_a_building_is_refused)
{
    bad_set("tile id=r name=\"R\" role=road rows=XRX,FDX,XRX origin=sample\n",
            "1:35: expected F and D spaces (a door at least) on a named tile only");
}

/* Under trade=all the trade row fires only for a player with three kills
 * or more: each firing trades and writes its line, so a turn with fewer
 * kills goes on by ZB-REPLENISH-DONE and fires nothing here. */
Test(zb_rulings, trade_all_fires_only_with_three_kills)
{
    run r;
    play_case(&r, &zb_game, "seeded/trade-all");
    int lines = 0;
    for (const char *at = r.regen; (at = strstr(at, "\ntrade ")) != NULL; at++)
        lines++;
    cr_assert_geq(lines, 1, "the case trades at least once\n%s", r.regen);
    cr_assert_eq(fired(&r, "ZB-TRADE-ALL"), (uint64_t)lines, "one firing per trade written");
    cr_assert_eq(fired(&r, "ZB-TRADE-ASK"), 0, "trade=all asks nothing");
    run_free(&r);
}

/* 004 sets no most on tokens ("as many bullet and life tokens as they can
 * collect"); undead's is ZB_MAX_TOKENS, and a gain past it stops the game
 * at the row as a limit of undead's (UD_FAIL_LIMIT: the tools exit 2),
 * never as a rule refusing the step and never as a silent cap. */
Test(zb_rulings, a_token_past_undeads_limit_stops_as_a_limit)
{
    static zb_state st;
    const ud_rule *take = zb_row("ZB-TAKE-BULLET");
    for (int have = ZB_MAX_TOKENS - 1; have <= ZB_MAX_TOKENS; have++) {
        memset(&st, 0, sizeof st);
        st.n_players = 2;
        st.pl[0].status = st.pl[1].status = ZB_ALIVE;
        st.pl[0].bullets = (uint8_t)have;
        st.pl[1].bullets = 1;
        ud_step s;
        memset(&s, 0, sizeof s);
        s.rule = take;
        s.action.arg[0] = 1; /* ann takes bob's bullet */
        take->effect(&st, &s);
        if (have < ZB_MAX_TOKENS) {
            cr_assert_eq(s.fail.kind, UD_FAIL_NONE, "%s", s.fail.msg);
            cr_assert_eq(st.pl[0].bullets, have + 1);
        } else {
            cr_assert_eq(s.fail.kind, UD_FAIL_LIMIT, "a limit of undead's, not a rule (kind %d)",
                         s.fail.kind);
            cr_assert(!ud_fail_not_rule(UD_FAIL_RULE) && ud_fail_not_rule(s.fail.kind));
            cr_assert_str_eq(s.fail.id, "ZB-TAKE-BULLET");
            cr_assert(strstr(s.fail.msg, "a player would hold 101 tokens of one kind; undead's limit is 100 "
                                         "(the text sets none)"),
                      "%s", s.fail.msg);
            cr_assert_eq(st.pl[0].bullets, ZB_MAX_TOKENS, "held at the limit, the game stopped");
        }
    }
}

/* ---- the rule a refused line breaks (core/blame.h) ------------------------------------- */

/* A kill written at the end of a turn, where no combat is: the check
 * names the row whose lines those are, not the next turn's draw
 * (ZB-DRAW) the rules wait for there. */
Test(zb_blame, a_kill_with_no_combat_is_blamed_on_the_kill_not_the_draw)
{
    char *text = slurp_inserting(UD_SOURCE_DIR "/golden/zombies_board/seeded/two-greedy.transcript", 183,
                                 "kill bob kills=3");
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r, text, &b, why, sizeof why);
    free(text);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 184);
    cr_assert_str_eq(r.err.msg,
                     "the rules do not produce 'kill bob kills=3' here; they now need a 'tile' outcome");
    cr_assert_str_eq(r.err.rule, "ZB-KILL", "%s", why);
    cr_assert_eq(b.kind, UD_BLAME_PROVENANCE);
    cr_assert(strstr(why, "the rows that wrote lines of this kind in the game so far: ZB-KILL"), "%s", why);
    run_free(&r);
}
