/*
 * test_zombies_cards.c - Zombies!!! The Card Game's own suite.
 *
 * - Rules: every row is exercised by a scenario, each a golden case under
 *   golden/zombies_cards/ played through the parser and the checker with
 *   invariants on; the hand-written cases state the change lines 003 (or
 *   undead's reading) says follow, the checker verifies them, and each
 *   scenario below asserts the rows it is about fired.  A meta-test fails
 *   if some row is in no scenario.
 * - Random play: thousands of seeded games at 2 to 6 players under every
 *   reading, every invariant after every step, each ending with a winner
 *   or with nobody alive.
 * - Hidden hands: what a seat's policy sees.
 * - The player count, start lines, the invariants themselves (a planted
 *   broken state is caught), and the content: the built-in deck and bad
 *   card lists refused with FILE:LINE:COL and exit 2.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content.h"
#include "setup.h"
#include "support.h"
#include "zombies_cards/zombies_cards.h"

/* ---- scenarios: the golden cases and the rows each is about --------------------- */

typedef struct scenario {
    const char *path;
    const char *rows[12];
} scenario;

static const scenario scenarios[] = {
    { "examples/kill-on-roll",
      { "ZC-DEAL", "ZC-BOX", "ZC-BULLETS", "ZC-HAND", "ZC-FIRST-SEAT", "ZC-ROUND-OWN", "ZC-TURN",
        "ZC-MAP-CARD", "ZC-FIGHT", "ZC-ROLL", "ZC-KILL", "ZC-COMBAT-OVER" } },
    { "examples/won-with-bullets",
      { "ZC-PAY-BULLETS", "ZC-NO-WEAPON", "ZC-PLAY-OFFER", "ZC-NO-HAND-LIMIT" } },
    { "examples/paid-from-map", { "ZC-PAY-MAP", "ZC-PLAY", "ZC-FX-WEAPON", "ZC-ONE-WEAPON", "ZC-NEXT" } },
    { "examples/death", { "ZC-DEATH", "ZC-LAST-STANDING", "ZC-PLAYERS" } },
    { "examples/helipad", { "ZC-WIN" } },
    { "endgame/win-by-map-card", { "ZC-WIN-MAP" } },
    { "endgame/after-fight", { "ZC-WIN-AFTER-FIGHT" } },
    { "endgame/all-dead", { "ZC-ALL-DEAD", "ZC-DEATH" } },
    { "rulings/power-outage", { "ZC-FX-POWER-OUTAGE", "ZC-OUTAGE-PAYS", "ZC-LASTING-END" } },
    { "rulings/oooooh-what-luck", { "ZC-FX-EXTRA-PLAY", "ZC-FX-MOVE" } },
    { "rulings/no-guts-no-glory", { "ZC-FX-NO-GUTS", "ZC-NO-GUTS" } },
    { "rulings/brain-cramp",
      { "ZC-FX-BRAIN-CRAMP", "ZC-CRAMPED", "ZC-CRAMP-PAYS", "ZC-OUT-OF-TURN", "ZC-REACT", "ZC-PLAY-OUT",
        "ZC-OWN-PLAY" } },
    { "rulings/location-weapon", { "ZC-FX-WEAPON", "ZC-PASS", "ZC-PLAY-OUT" } },
    { "rulings/butter-fingers", { "ZC-FX-DISCARD-BULLET", "ZC-FX-LOSE-BULLET" } },
    { "rulings/lost-cards-bullet-pile", { "ZC-PAY-MAP", "ZC-PAY-BULLETS" } },
    { "rulings/may-draw",
      { "ZC-KILL", "ZC-PAY-BULLETS", "ZC-BONUS-OFFER", "ZC-BONUS-DRAW", "ZC-BONUS-DECLINE" } },
    { "seeded/two-players", { "ZC-FX-LUCK" } },
    { "seeded/four-players", { "ZC-FX-DRAW", "ZC-WEAPON-CHOICE", "ZC-WEAPON-OFFER", "ZC-WEAPON-CHOSEN" } },
    { "seeded/six-players", { "ZC-FIRST-RANDOM", "ZC-ROUND-TABLE" } },
    { "seeded/plays-on", { "ZC-TURN" } },
    { "pins/supply-drop-two", { "ZC-FX-DRAW" } },
    { "pins/supply-drop-last", { "ZC-FX-DRAW", "ZC-WIN" } },
    { "pins/weapons-and-luck",
      { "ZC-FX-LUCK", "ZC-ONE-WEAPON", "ZC-WEAPON-CHOICE", "ZC-WEAPON-OFFER", "ZC-WEAPON-CHOSEN" } },
    { "pins/round-table-lot", { "ZC-FIRST-RANDOM", "ZC-ROUND-TABLE", "ZC-REACT", "ZC-PLAY-OUT" } },
};
enum { N_SCENARIOS = sizeof scenarios / sizeof scenarios[0] };

Test(zc_rules, every_scenario_fires_its_rows)
{
    for (int i = 0; i < N_SCENARIOS; i++) {
        run r;
        play_case(&r, &zc_game, scenarios[i].path);
        for (int k = 0; k < 12 && scenarios[i].rows[k]; k++)
            cr_expect_gt(fired(&r, scenarios[i].rows[k]), 0, "%s: %s did not fire", scenarios[i].path,
                         scenarios[i].rows[k]);
        run_free(&r);
    }
}

Test(zc_rules, every_row_is_in_a_scenario)
{
    for (int i = 0; i < zc_game.n_rules; i++) {
        cr_assert_not_null(zc_rules[i].id, "row %d is empty (ZC_N_RULES larger than the table?)", i);
        bool found = false;
        for (int c = 0; c < N_SCENARIOS && !found; c++)
            for (int k = 0; k < 12 && scenarios[c].rows[k] && !found; k++)
                found = strcmp(scenarios[c].rows[k], zc_rules[i].id) == 0;
        cr_expect(found, "%s is in no scenario", zc_rules[i].id);
    }
}

/* Counts the cases state: one payment from the map stack that took one
 * card, one bat lost, and no card drawn for that zombie. */
/* round=table: a card played on another's turn is the player's card of
 * the table's round, so her own turn in that round offers no other; a
 * round that began with her own turn (round=own-turns) would. */
Test(zc_readings, round_table_one_card_from_the_first_players_turn)
{
    char path[512];
    snprintf(path, sizeof path, "%s/golden/zombies_cards/pins/round-table-lot.in", UD_SOURCE_DIR);
    size_t len;
    char *text = slurp(path, &len);
    cr_assert_not_null(text);
    run r;
    run_text(&r, text);
    assert_ok(&r);
    cr_assert_eq(fired(&r, "ZC-ROUND-TABLE"), 2, "bob's two turns each begin a table round");
    run_free(&r);
    char *own = strstr(text, "decide bob pass\ndecide ann fight\n");
    cr_assert_not_null(own);
    /* her own turn in round 1: a second card is refused */
    const char play[] = "decide bob pass\ndecide ann play 38\n";
    char *second = malloc(len + sizeof play);
    cr_assert_not_null(second);
    int at = (int)(own - text);
    snprintf(second, len + sizeof play, "%.*s%s", at, text, play);
    run_text(&r, second);
    cr_assert_neq(r.status, RUN_OK);
    cr_assert_str_eq(r.err.rule, "ZC-PLAY-OFFER");
    cr_assert(strstr(r.err.msg, "'play 38' is not allowed here"), "%s", r.err.msg);
    run_free(&r);
    /* under own-turns her round begins with her turn: the same card is played */
    char *rt = strstr(second, "variant round=table\n");
    cr_assert_not_null(rt);
    char *own_turns = malloc(strlen(second) + 8);
    cr_assert_not_null(own_turns);
    snprintf(own_turns, strlen(second) + 8, "%.*svariant round=own-turns\n%s", (int)(rt - second), second,
             rt + strlen("variant round=table\n"));
    run_text(&r, own_turns);
    assert_ok(&r);
    run_free(&r);
    free(own_turns);
    free(text);
    free(second);
}

Test(zc_rules, map_payment_draws_nothing_and_loses_cards_in_play)
{
    run r;
    play_case(&r, &zc_game, "examples/paid-from-map");
    cr_assert_eq(fired(&r, "ZC-PAY-MAP"), 1);
    cr_assert_eq(fired(&r, "ZC-PAY-BULLETS"), 1);
    cr_assert_eq(fired(&r, "ZC-ROLL"), 2, "the third zombie is not fought");
    cr_assert_eq(fired(&r, "ZC-KILL"), 0);
    run_free(&r);
}

/* lost-cards: the bat lost to the map-stack payment goes under ann's draw
 * deck (the default) or to her bullet pile: the same game, a card apart. */
Test(zc_rules, lost_cards_go_where_the_reading_says)
{
    run r;
    play_case(&r, &zc_game, "examples/paid-from-map");
    cr_assert(strstr(r.regen, "map-pay ann bullets=1 map=1 no-card lost=1 under-deck deck=7"), "%s", r.regen);
    run_free(&r);
    play_case(&r, &zc_game, "rulings/lost-cards-bullet-pile");
    cr_assert(strstr(r.regen, "map-pay ann bullets=1 map=1 no-card lost=1 to-bullets deck=6"), "%s", r.regen);
    run_free(&r);
}

Test(zc_rules, no_guts_keeps_the_player_in)
{
    run r;
    play_case(&r, &zc_game, "rulings/no-guts-no-glory");
    cr_assert_eq(fired(&r, "ZC-NO-GUTS"), 1);
    cr_assert_eq(fired(&r, "ZC-DEATH"), 0);
    run_free(&r);
}

/* "you may draw": declined twice and taken once, the deck loses one card. */
Test(zc_rules, the_card_for_a_kill_may_be_declined)
{
    run r;
    play_case(&r, &zc_game, "rulings/may-draw");
    cr_assert_eq(fired(&r, "ZC-BONUS-OFFER"), 3);
    cr_assert_eq(fired(&r, "ZC-BONUS-DECLINE"), 2);
    cr_assert_eq(fired(&r, "ZC-BONUS-DRAW"), 1);
    run_free(&r);
    /* a record that draws where it declined is refused at its decision */
    run_text(&r,
             "undead-transcript 1\ngame zombies-cards\nvariant out-of-turn=no\nplayer ann\nplayer bob\n"
             "start deck ann 71,72,73,74,75,76,24,77,78,79\nstart deck bob 92,93,94,95,96,97,33,98,99,100\n"
             "partial\nturn ann\nmap ann shove-5 bridge zombies=3 deck=3\ndecide ann fight\nroll 5\n"
             "decide ann decline\nbonus ann draws deck=2\n");
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 14, "%s", r.err.msg);
    cr_assert_str_eq(r.err.rule, "ZC-BONUS-DECLINE");
    cr_assert_str_eq(r.err.msg, "expected 'bonus ann declines deck=3', found 'bonus ann draws deck=2'");
    run_free(&r);
}

/* SETUP 1: "For a 5 to 6 player game, deal 17 cards to each player": a
 * start deck of 18 at five players is no deal; 17 is, and fewer is a
 * position later in a game. */
Test(zc_rules, start_deck_larger_than_the_deal_is_refused)
{
    char deck[128] = "";
    for (int c = 1; c <= 18; c++)
        snprintf(deck + strlen(deck), sizeof deck - strlen(deck), "%s%d", c > 1 ? "," : "", c);
    char text[512];
    snprintf(text, sizeof text,
             "undead-transcript 1\ngame zombies-cards\nplayer ann\nplayer bob\nplayer cal\nplayer dee\n"
             "player eve\nstart deck ann %s\nturn ann\n",
             deck);
    run r;
    run_text(&r, text);
    cr_assert_eq(r.status, RUN_CHECK_ERROR, "%s", r.err.msg);
    cr_assert_eq(r.err.line, 9, "%s", r.err.msg);
    cr_assert_str_eq(r.err.rule, "ZC-DEAL");
    cr_assert_str_eq(r.err.msg, "ann was dealt 18 cards: at a table of 5 each player is dealt 17");
    run_free(&r);
    /* at four players the deal is 18: the same deck is dealt */
    snprintf(text, sizeof text,
             "undead-transcript 1\ngame zombies-cards\nplayer ann\nplayer bob\nplayer cal\nplayer dee\n"
             "start deck ann %s\nseed 1\n",
             deck);
    run_text(&r, text);
    cr_assert_eq(r.status, RUN_OK, "%d: %s", r.err.line, r.err.msg);
    run_free(&r);
}

Test(zc_rules, player_count)
{
    /* refused before the rule meets the table, naming it: one at its line,
     * seven at the seventh */
    const char *one = "undead-transcript 1\ngame zombies-cards\nplayer ann\npartial\n";
    assert_parse_error(one, strlen(one), 3, 8,
                       "expected 2 to 6 players for zombies-cards (ZC-PLAYERS), found 1");
    char seven[512] = "undead-transcript 1\ngame zombies-cards\n";
    for (int i = 0; i < 7; i++) {
        char line[32];
        snprintf(line, sizeof line, "player p%c\n", 'a' + i);
        strcat(seven, line);
    }
    strcat(seven, "partial\n");
    assert_parse_error(seven, strlen(seven), 9, 8,
                       "expected 2 to 6 players for zombies-cards (ZC-PLAYERS), found 7");
}

Test(zc_rules, start_lines_refused)
{
    const char *const bad[] = {
        "start deck ann 105\n",
        "start deck zed 1,2,3,4,5,6,7\n",
        "start deck ann 1,1\n",
        "start hand ann 1\n",
    };
    const char *const why[] = { "expected a card number 1..104", "no player named 'zed'",
                                "card 1 is dealt twice", "expected 'deck PLAYER" };
    for (int i = 0; i < 4; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "undead-transcript 1\ngame zombies-cards\nplayer ann\nplayer bob\n%spartial\n", bad[i]);
        run r;
        run_text(&r, text);
        cr_assert_neq(r.status, RUN_OK, "%s", bad[i]);
        cr_assert(strstr(r.err.msg, why[i]), "%s: %s", bad[i], r.err.msg);
        run_free(&r);
    }
}

/* ---- random play over every table and reading -------------------------------------- */

Test(zc_random, thousands_of_games_end_with_invariants_on, .timeout = 60)
{
    static zc_state st;
    ud_setup setup;
    int games = 0, wins = 0, nobody = 0;
    for (int n = ZC_MIN_PLAYERS; n <= ZC_MAX_PLAYERS; n++)
        for (int combo = 0; combo < (1 << ZC_VARIANTS); combo++)
            for (int g = 0; g < 12; g++) {
                ud_setup_defaults(&zc_game, &setup);
                setup.n_players = n;
                for (int i = 0; i < n; i++)
                    snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
                for (int v = 0; v < ZC_VARIANTS; v++)
                    setup.variant[v] = (combo >> v) & 1;
                static ud_table t;
                ud_table_build(&t, &zc_game, setup.variant);
                ud_rng rng;
                ud_rng_seed(&rng, (uint64_t)(1000 * n + 37 * combo + g));
                ud_chance chance;
                ud_chance_from_rng(&chance, &rng);
                static ud_step s;
                ud_step_init(&s, &t, &setup, &chance, NULL, NULL);
                s.check_invariants = 1;
                ud_status status = ud_start(&s, &st);
                int decisions = 0;
                while (status == UD_DECIDE && decisions < UD_DEFAULT_MAX_DECISIONS) {
                    status = ud_decide_offer(&s, &st, (int)ud_rng_below(&rng, (uint32_t)s.offers.n));
                    decisions++;
                }
                cr_assert_eq(status, UD_OVER, "%d players, variants %d, game %d: %s %s", n, combo, g,
                             s.fail.id ? s.fail.id : "", s.fail.msg);
                games++;
                if (st.winner >= 0) {
                    wins++;
                    cr_assert_eq(st.outcome[st.winner], UD_SEAT_WON);
                } else {
                    nobody++;
                    for (int i = 0; i < n; i++)
                        cr_assert(st.p[i].dead, "no winner but seat %d alive", i);
                }
            }
    cr_assert_eq(wins + nobody, games);
    cr_assert_gt(wins, games / 2, "most games have a winner (%d of %d)", wins, games);
}

/* ---- hidden hands ------------------------------------------------------------------------ */

Test(zc_observe, a_seat_sees_its_hand_and_the_public_piles)
{
    run r;
    play_case(&r, &zc_game, "rulings/brain-cramp");
    run_free(&r);
    /* A state after the deal, from the seeded play of the engine. */
    static zc_state st, view;
    ud_setup setup;
    ud_setup_defaults(&zc_game, &setup);
    setup.n_players = 3;
    for (int i = 0; i < 3; i++)
        snprintf(setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    static ud_table t;
    ud_table_build(&t, &zc_game, setup.variant);
    ud_rng rng;
    ud_rng_seed(&rng, 5);
    ud_chance chance;
    ud_chance_from_rng(&chance, &rng);
    static ud_step s;
    ud_step_init(&s, &t, &setup, &chance, NULL, NULL);
    cr_assert_eq(ud_start(&s, &st), UD_DECIDE);
    zc_game.observe(&st, 1, &view);
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(view.p[i].hand.n, st.p[i].hand.n, "hand sizes are public");
        cr_assert_eq(view.p[i].deck.n, st.p[i].deck.n, "deck sizes are public");
        cr_assert_eq(memcmp(&view.p[i].bullets, &st.p[i].bullets, sizeof st.p[i].bullets), 0,
                     "bullets face up");
        for (int k = 0; k < st.p[i].deck.n; k++)
            cr_assert_eq(zc_ring_at(&view.p[i].deck, k), ZC_NO_CARD, "deck order is hidden");
        for (int k = 0; k < st.p[i].hand.n; k++)
            cr_assert_eq(view.p[i].hand.c[k], i == 1 ? st.p[i].hand.c[k] : ZC_NO_CARD, "seat %d card %d", i,
                         k);
    }
    cr_assert_eq(memcmp(&view.map, &st.map, sizeof st.map), 0, "the map stack is public");
}

/* ---- the invariants catch what they name --------------------------------------------------- */

Test(zc_invariants, planted_breakages_are_caught)
{
    static zc_state st;
    ud_setup setup;
    ud_setup_defaults(&zc_game, &setup);
    setup.n_players = 2;
    snprintf(setup.names[0], UD_NAME_MAX, "ann");
    snprintf(setup.names[1], UD_NAME_MAX, "bob");
    static ud_table t;
    ud_table_build(&t, &zc_game, setup.variant);
    ud_rng rng;
    ud_rng_seed(&rng, 9);
    ud_chance chance;
    ud_chance_from_rng(&chance, &rng);
    static ud_step s;
    ud_step_init(&s, &t, &setup, &chance, NULL, NULL);
    cr_assert_eq(ud_start(&s, &st), UD_DECIDE);
    static zc_state bad;
    const char *const ids[] = { "ZC-INV-CARDS", "ZC-INV-MAP-TOP", "ZC-INV-ONE-CARD", "ZC-INV-DEAD",
                                "ZC-INV-OVER" };
    for (int i = 0; i < 5; i++)
        cr_assert(game_invariant_holds(&zc_game, ids[i], &st, NULL), "%s on a real state", ids[i]);
    bad = st;
    bad.p[0].hand.c[bad.p[0].hand.n++] = bad.p[1].hand.c[0]; /* a card in two places */
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-CARDS", &bad, NULL));
    bad = st;
    bad.p[0].hand.n--; /* a card lost */
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-CARDS", &bad, NULL));
    bad = st;
    bad.here = (uint8_t)((bad.here + 1) % ZC_MAX_CARDS);
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-MAP-TOP", &bad, NULL));
    bad = st;
    bad.p[0].played = 2;
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-ONE-CARD", &bad, NULL));
    bad = st;
    bad.p[zc_game.to_move(&bad)].dead = 1;
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-DEAD", &bad, NULL));
    bad = st;
    bad.phase = ZC_PH_OVER;
    cr_assert_not(game_invariant_holds(&zc_game, "ZC-INV-OVER", &bad, NULL));
}

/* ---- content ---------------------------------------------------------------------------- */

Test(zc_content, builtin_deck_holds_every_named_card)
{
    ud_content_error err;
    cr_assert(zc_load_content(NULL, &err), "%s", err.e.msg);
    cr_assert_eq(zc_content.n_cards, 104, "003: \"104 cards\"");
    cr_assert_eq(zc_content.deal_small, 18);
    cr_assert_eq(zc_content.deal_large, 17);
    const char *const named[] = { "power-outage", "oooooh-what-luck", "no-guts-no-glory", "brain-cramp",
                                  "butter-fingers" };
    const int effect[] = { ZC_FX_POWER_OUTAGE, ZC_FX_EXTRA_PLAY, ZC_FX_NO_GUTS, ZC_FX_BRAIN_CRAMP,
                           ZC_FX_DISCARD_BULLET };
    int n_named = 0;
    for (int c = 0; c < zc_content.n_cards; c++)
        n_named += zc_content.card[c].named;
    cr_assert_eq(n_named, 5, "every other card is marked sample");
    for (int k = 0; k < 5; k++) {
        int found = -1;
        for (int c = 0; c < zc_content.n_cards; c++)
            if (strcmp(zc_content.card[c].id, named[k]) == 0)
                found = c;
        cr_assert_geq(found, 0, "no %s", named[k]);
        cr_assert(zc_content.card[found].named);
        cr_assert_eq(zc_content.card[found].effect, effect[k], "%s", named[k]);
    }
    /* The same set from the files on disk. */
    zc_tables builtin = zc_content;
    cr_assert(zc_load_content(UD_SOURCE_DIR "/spec/zombies_cards/content", &err), "%s", err.e.msg);
    cr_assert_eq(memcmp(&builtin, &zc_content, sizeof builtin), 0);
}

/* A bad cards.txt: refused at FILE:LINE:COL with the message, the tables
 * in use unchanged, and `undead play --content` exits 2 with it. */
static void refused(const char *cards, int line, int col, const char *msg)
{
    scratch_make("zc-content");
    scratch_put("cards.txt", cards);
    scratch_put("setup.txt", "setup deal-small=18 deal-large=17\n");
    zc_content_ready();
    static zc_tables before;
    before = zc_content;
    ud_content_error err;
    cr_assert_not(zc_load_content(scratch_dir(), &err), "loaded: %s", cards);
    cr_assert_eq(err.e.line, line, "%s", err.e.msg);
    cr_assert_eq(err.e.col, col, "%s", err.e.msg);
    cr_assert(strstr(err.e.msg, msg), "got '%s', want '%s'", err.e.msg, msg);
    cr_assert(strstr(err.file, "cards.txt"));
    cr_assert_eq(memcmp(&before, &zc_content, sizeof before), 0, "a failed load changed the tables");
    const char *argv[] = { "undead", "play", "zombies-cards", "--content", scratch_dir(), "--no-db", NULL };
    char *out, *errtext;
    cr_assert_eq(run_undead(argv, NULL, &out, &errtext), 2);
    char where[128];
    snprintf(where, sizeof where, "cards.txt:%d:%d: ", line, col);
    cr_assert(strstr(errtext, where) && strstr(errtext, msg), "%s", errtext);
    free(out);
    free(errtext);
    scratch_remove();
}

Test(zc_content, bad_card_lists)
{
    refused("card id=a map=x zombies=1 effect=weapon source=sample\n"
            "card id=b map=x zombies=1 effect=draw source=sample\n",
            1, 1, "expected bonus=1..5 on a weapon card");
    refused("card id=a map=x zombies=1 effect=draw source=sample\n"
            "card id=a map=y zombies=1 effect=draw source=sample\n",
            2, 9, "expected each id once, found 'a' again (first at ");
    refused("card id=a map=x zombies=1 effect=draw at=x source=sample\n"
            "card id=b map=x zombies=1 effect=draw source=sample\n",
            1, 42, "expected at=any on a draw card (only weapons have a place)");
    refused("card id=a map=x zombies=12 effect=draw source=sample\n", 1, 25, "for 'zombies', found '12'");
    refused("card id=a map=x zombies=1 effect=laser source=sample\n", 1, 34, "laser");
}

/* A deck that cannot be dealt to every table the game allows (2-6) is
 * refused when it loads, at the setup record's deal that asks too much
 * (FILE:LINE:COL of the file read) with the count, exit 2: a set
 * that loads is one every table can play. */
Test(zc_content, small_deck_is_refused_for_the_table)
{
    scratch_make("zc-content");
    scratch_put("cards.txt", "card id=a map=x zombies=1 effect=draw source=sample\n"
                             "card id=b map=x zombies=1 effect=draw source=sample\n");
    scratch_put("setup.txt", "setup deal-small=18 deal-large=17\n");
    const char *argv[] = { "undead", "play", "zombies-cards", "--content", scratch_dir(), "--no-db", NULL };
    char *out, *errtext;
    cr_assert_eq(run_undead(argv, NULL, &out, &errtext), 2, "%s%s", out, errtext);
    char want[256];
    snprintf(want, sizeof want,
             "%s/setup.txt:1:18: expected at least 36 cards in the set, enough to deal deal-small=18 to each "
             "of 2 players, found 2",
             scratch_dir());
    cr_assert(strstr(errtext, want), "%s", errtext);
    free(out);
    free(errtext);
    /* 72 cards deal 18 to four players, not 17 to five (85) */
    FILE *f;
    char path[256];
    snprintf(path, sizeof path, "%s/cards.txt", scratch_dir());
    cr_assert_not_null(f = fopen(path, "w"));
    for (int i = 0; i < 72; i++)
        fprintf(f, "card id=c%d map=x zombies=1 effect=draw source=sample\n", i);
    fclose(f);
    ud_content_error err;
    cr_assert_not(zc_load_content(scratch_dir(), &err));
    cr_assert(
        strstr(err.e.msg,
               "expected at least 85 cards in the set, enough to deal deal-large=17 to each of 5 players"),
        "%s", err.e.msg);
    scratch_remove();
    cr_assert(zc_load_content(NULL, &err));
}

/* A card list may deal more cards than one transcript line holds: the deal
 * goes on in a second 'deal' line, and `undead check --content` accepts the
 * record only with every line of it (a step's outcomes may span lines of
 * the same event). */
Test(zc_content, deal_longer_than_a_line_checks)
{
    scratch_make("zc-content");
    char *builtin;
    size_t len;
    FILE *f = fopen(UD_SOURCE_DIR "/spec/zombies_cards/content/cards.txt", "r");
    cr_assert_not_null(f);
    cr_assert_not_null(builtin = calloc(1, 1 << 16));
    len = fread(builtin, 1, (1 << 16) - 1, f);
    fclose(f);
    cr_assert(len > 0 && len < (1 << 16) - 1);
    scratch_put("cards.txt", builtin);
    free(builtin);
    scratch_put("setup.txt", "setup deal-small=24 deal-large=17\n");
    const char *play[] = { "undead", "play", "zombies-cards", "--content", scratch_dir(),
                           "--seed", "3",    "--no-db",       NULL };
    char *record, *errtext;
    cr_assert_eq(run_undead(play, NULL, &record, &errtext), 0, "%s", errtext);
    free(errtext);
    /* each seat's 24 cards: a line of 20, then a line of 4 */
    const char *second = NULL;
    int deal_lines = 0;
    for (const char *p = record; (p = strstr(p, "\ndeal ")); p++)
        if (++deal_lines == 2)
            second = p + 1;
    cr_assert_eq(deal_lines, 4, "%s", record);
    const char *check[] = { "undead", "check", "--content", scratch_dir(), "--no-db", "-", NULL };
    char *out;
    cr_assert_eq(run_undead(check, record, &out, &errtext), 0, "%s%s", out, errtext);
    cr_assert(strstr(out, "<stdin>: ok"), "%s", out);
    free(out);
    free(errtext);
    /* without the second line the first seat is four cards short */
    char *cut = strdup(record);
    cr_assert_not_null(cut);
    size_t at = (size_t)(second - record), end = (size_t)(strchr(second, '\n') - record) + 1;
    memmove(cut + at, cut + end, strlen(cut + end) + 1);
    cr_assert_eq(run_undead(check, cut, &out, &errtext), 1, "%s%s", out, errtext);
    cr_assert(strstr(errtext, "ZC-DEAL: expected one more 'deal' outcome here"), "%s", errtext);
    free(out);
    free(errtext);
    free(cut);
    free(record);
    scratch_remove();
}

/* ---- the checker on a cards record -------------------------------------------------- */

/* Two short decks: ann's map card leaves her two cards, bob's three. */
#define TWO_DECKS                                                       \
    "undead-transcript 1\ngame zombies-cards\nplayer ann\nplayer bob\n" \
    "start deck ann 71,72,73,74,75,76,1,2,3\nstart deck bob 92,93,94,95,96,97,4,5,6\n"
#define FIRST_MAP "turn ann\nmap ann power-outage hospital building zombies=1 deck=2\n" /* lines 7-8 */

static void expect_check(const char *text, int line, const char *rule, const char *msg)
{
    run r;
    run_text(&r, text);
    cr_assert_eq(r.status, RUN_CHECK_ERROR, "expected a check error:\n%s", text);
    cr_assert_eq(r.err.line, line, "line %d, expected %d: %s", r.err.line, line, r.err.msg);
    cr_assert_str_eq(r.err.rule, rule, "%s", r.err.msg);
    cr_assert_str_eq(r.err.msg, msg);
    run_free(&r);
}

/* A record with no decide lines leaves the decisions to the seats'
 * policies; a state line is still checked where it stands (here where bob
 * may play out of turn, before he draws a card for it), not against the
 * position the game ends in (decks=ann:0,bob:1). */
Test(zc_check, state_line_without_decide_lines_is_checked_where_it_stands)
{
    const char *rest = "fight ann zombies=1\n= left=1\nroll 5\nkill ann paid=0 left=0\n= left=0\n"
                       "bonus ann draws deck=1\n";
    char text[1024];
    snprintf(text, sizeof text, "%s%s= decks=ann:2,bob:3\n%s", TWO_DECKS, FIRST_MAP, rest);
    run r;
    run_text(&r, text);
    assert_ok(&r);
    cr_assert_eq(r.res.winner, 0, "ann draws her last card on bob's turn");
    run_free(&r);
    snprintf(text, sizeof text, "%s%s= decks=ann:2,bob:2\n%s", TWO_DECKS, FIRST_MAP, rest);
    expect_check(text, 9, "ZC-REACT", "state: expected decks=ann:2,bob:3, found decks=ann:2,bob:2");
    /* before the roll, after the fight line: one zombie left, not none */
    snprintf(text, sizeof text, "%s%s= decks=ann:2,bob:3\nfight ann zombies=1\n= left=0\nroll 5\n", TWO_DECKS,
             FIRST_MAP);
    expect_check(text, 11, "ZC-ROLL", "state: expected left=1, found left=0");
}

/* The same with the outcomes from the seed (no chance lines either). */
Test(zc_check, state_line_in_a_seeded_record_is_checked_where_it_stands)
{
    char text[1024];
    snprintf(text, sizeof text, "%sseed 3\n%s= decks=ann:2,bob:3\n", TWO_DECKS, FIRST_MAP);
    run r;
    run_text(&r, text);
    assert_ok(&r);
    run_free(&r);
    snprintf(text, sizeof text, "%sseed 3\n%s= decks=ann:2,bob:2\n", TWO_DECKS, FIRST_MAP);
    expect_check(text, 10, "ZC-REACT", "state: expected decks=ann:2,bob:3, found decks=ann:2,bob:2");
}

/* ann's three zombies and two 1s (examples/death): the second 1 finds no
 * bullets and only the current map card, and she dies; bob, the last one
 * alive, wins.  A record that writes play going on where the rules write
 * the death is refused by the death, the row where it parts from them,
 * not by the win that follows it. */
#define DEATH                                                                                    \
    "undead-transcript 1\ngame zombies-cards\nvariant out-of-turn=no\nplayer ann\nplayer bob\n"  \
    "start deck ann 71,72,73,74,75,76,24,77,78\nstart deck bob 92,93,94,95,96,97,33,98,99,100\n" \
    "turn ann\nmap ann shove-5 bridge zombies=3 deck=2\ndecide ann fight\nroll 1\n"              \
    "kill ann paid=3 left=2\ndecide ann draw\nroll 1\n" /* line 14 */

Test(zc_check, play_going_on_after_a_death_is_refused_by_the_death)
{
    expect_check(DEATH "turn bob\n", 15, "ZC-DEATH",
                 "the rules do not produce 'turn bob' here; they now need nothing more (the game is over) "
                 "(before that they produced 'dead ann needed=3 bullets=0 map=0; winner bob last-standing', "
                 "which the record may leave out)");
    /* an outcome after the end: the row that ended the game */
    expect_check(DEATH "roll 4\n", 15, "ZC-LAST-STANDING",
                 "the game is over; expected no more events, found 'roll'");
    /* with the death written, what ends the game is the last one standing */
    expect_check(DEATH "dead ann needed=3 bullets=0 map=0\nturn bob\n", 16, "ZC-LAST-STANDING",
                 "the rules do not produce 'turn bob' here; they now need nothing more (the game is over) "
                 "(before that they produced 'winner bob last-standing', which the record may leave out)");
}

/* No Guts, No Glory's premise, "If you are out of bullets and cannot draw
 * from the map stack": under no-guts=bullets-first (the default) a roll
 * the bullets and the map stack cannot pay spends every bullet first, to
 * the bottom of the draw deck; under pay-nothing they are kept.  Either
 * way the turn ends and the card goes onto the bullet pile. */
Test(zc_rules, no_guts_spends_the_bullets_first_by_the_cards_words)
{
    ud_content_error err;
    cr_assert(zc_load_content(NULL, &err), "%s", err.e.msg);
    int guts = -1;
    for (int c = 0; c < zc_content.n_cards; c++)
        if (zc_content.card[c].effect == ZC_FX_NO_GUTS)
            guts = c;
    cr_assert_geq(guts, 2, "the test's two bullets are cards 0 and 1");
    const ud_rule *row = NULL;
    for (int i = 0; i < zc_game.n_rules; i++)
        if (strcmp(zc_game.rules[i].id, "ZC-NO-GUTS") == 0)
            row = &zc_game.rules[i];
    cr_assert_not_null(row);
    for (int reading = ZC_NO_GUTS_BULLETS_FIRST; reading <= ZC_NO_GUTS_PAY_NOTHING; reading++) {
        static zc_state st;
        memset(&st, 0, sizeof st);
        st.n_players = 2;
        st.total = ZC_KILL - 3; /* three bullets needed */
        st.map.n = 1;           /* only the current map card: nothing to take */
        zc_player *pl = &st.p[0];
        pl->bullets.c[0] = 0;
        pl->bullets.c[1] = 1;
        pl->bullets.n = 2;
        pl->play[0] = (uint8_t)guts;
        pl->n_play = 1;
        static ud_setup setup;
        memset(&setup, 0, sizeof setup);
        setup.variant[ZC_V_NO_GUTS] = reading;
        ud_step s;
        memset(&s, 0, sizeof s);
        s.setup = &setup;
        s.rule = row;
        s.action.kind = -1;
        cr_assert(row->guard(&st, &s), "two bullets and no map card cannot pay three");
        row->effect(&st, &s);
        cr_assert_eq(s.fail.kind, UD_FAIL_NONE, "%s", s.fail.msg);
        cr_assert_eq(st.phase, ZC_PH_TURN_END, "the turn ends");
        cr_assert_eq(pl->n_play, 0);
        cr_assert_eq(pl->bullets.c[pl->bullets.n - 1], guts, "the card onto the bullet pile");
        if (reading == ZC_NO_GUTS_BULLETS_FIRST) {
            cr_assert_eq(pl->bullets.n, 1, "every bullet spent, the card alone on the pile");
            cr_assert_eq(pl->deck.n, 2, "the two bullets under the draw deck");
        } else {
            cr_assert_eq(pl->bullets.n, 3, "the bullets kept, the card on top");
            cr_assert_eq(pl->deck.n, 0);
        }
    }
}

/* ---- the rule a refused line breaks (core/blame.h) ------------------------------------- */

/* bob plays a second card out of turn in ann's round: the check names
 * the row that took the move from him (his card played out of turn),
 * not ann's own play (ZC-PLAY-OFFER) the rules wait for there. */
Test(zc_blame, a_second_card_out_of_turn_is_blamed_on_the_first)
{
    char *text = slurp_inserting(UD_SOURCE_DIR "/golden/zombies_cards/seeded/four-players.transcript", 36,
                                 "decide bob play 94");
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r, text, &b, why, sizeof why);
    free(text);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 37);
    cr_assert_str_eq(r.err.msg, "it is ann's decision, not bob's");
    cr_assert_str_eq(r.err.rule, "ZC-PLAY-OUT", "%s", why);
    cr_assert_eq(b.kind, UD_BLAME_PROVENANCE);
    cr_assert(strstr(why, "the rows that wrote the move away from the player who decided, last: ZC-PLAY-OUT"),
              "%s", why);
    run_free(&r);
}

/* p1 ends a turn with five cards and the record's game cut the hand to
 * four, the fifth under the draw deck: the breach ZC-NO-HAND-LIMIT
 * declares ("There is no limit to the number of cards in your hand"),
 * at the opening hand's size one more, though the row changes nothing
 * in the rules' own game. */
Test(zc_blame, a_hand_cut_to_a_limit_is_the_no_limit_row_broken)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(
        &r,
        "undead-transcript 1\ngame zombies-cards\nplayer p1 hoarder\nplayer p2 hoarder\npartial\n"
        "deal power-outage scavenge-21 scavenge-20 scavenge-19 holy-water-1 supply-drop-1 blackout-1 scavenge-18 scavenge-14 scavenge-13 scavenge-12 butter-fingers last-stand-1 scavenge-11 oooooh-what-luck run-10 run-8 lucky-break-2\n"
        "deal no-guts-no-glory scavenge-17 scavenge-16 scalpel-1 shovel-1 service-pistol-1 scavenge-15 run-7 run-6 run-5 run-4 run-3 run-2 run-1 supply-drop-3 supply-drop-2 scavenge-8 scavenge-7\n"
        "decide p1 play 79\ndecide p1 fight\nroll 1\ndecide p1 draw\n"
        "= decks=p1:12,p2:11 hands=p1:4,p2:3\n",
        &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 12);
    cr_assert_str_eq(r.err.rule, "ZC-NO-HAND-LIMIT", "%s", why);
    cr_assert_eq(b.kind, UD_BLAME_ROW);
    cr_assert(strstr(why, "the record did with ZC-NO-HAND-LIMIT broken: a hand cut at the turn's end to 4"),
              "%s", why);
    run_free(&r);
}

/* An implementation of round=table offers p2 only the fight where the
 * default reading lets p2 play two cards too (p2's card played on p1's
 * turn counted in p2's own round): its record ends with those offers
 * (undead conform's, shrunk), and the blame's evidence is the reading,
 * its rule the reading's row, as conform names them; a record could not
 * write a decision not offered. */
Test(zc_blame, fewer_cards_offered_are_the_table_round_reading)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(
        &r,
        "undead-transcript 1\ngame zombies-cards\nplayer p1 hoarder\nplayer p2 hoarder\npartial\n"
        "deal scavenge-16 holy-water-1 scavenge-3 scavenge-7 adrenaline-1 run-10 scavenge-2 brain-cramp "
        "shove-5 adrenaline-4 oooooh-what-luck scavenge-20 power-outage scavenge-11 scavenge-9 "
        "blackout-1 scavenge-21 scavenge-14\n"
        "deal butter-fingers mind-fog-2 blackout-2 scavenge-19 no-guts-no-glory mind-fog-1 scavenge-15 "
        "lucky-break-1 scavenge-10 rifle-2 run-8 run-6 scavenge-13 run-4 run-3 run-2 run-1 run-9\n"
        "decide p2 play 14\ndecide p1 play 61\ndecide p1 fight\n"
        "offers p2 fight\n",
        &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 11);
    cr_assert_str_eq(
        r.err.msg,
        "the rules offer p2 (play 102|play 3|fight) here; the record's game offers p2 (fight): the "
        "rules also offer 'play 102', 'play 3'");
    /* the reading's row the rules fire there, which round=table switches off */
    cr_assert_str_eq(r.err.rule, "ZC-ROUND-OWN", "%s", why);
    cr_assert_eq(b.kind, UD_BLAME_READING);
    cr_assert(strstr(why, "reading: undead plays this step as the record did under the reading round=table "
                          "(rows ZC-ROUND-OWN)"),
              "%s", why);
    run_free(&r);
}
