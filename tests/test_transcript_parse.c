/*
 * test_transcript_parse.c - core/transcript: what the parser accepts and
 * how it reads it (header fields, body line kinds, tokens and columns,
 * tags, comments, blank lines, CRLF, limits), and the writer's line
 * format, on records written by hand.  Malformed input is in
 * test_transcript_errors.c.  The records are of one game, Zombie Dice,
 * which the parser finds in the registry by its header's name
 * (ud_find_game); its variants are looked up by key and value name, as a
 * user names them: the suite uses no header of the game.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "setup.h"
#include "support.h"

/* The first lines of most records here. */
#define ZD_HEADER "undead-transcript 1\ngame zombie-dice\n"

static ud_transcript t;

static void parse_ok(const char *text, size_t len)
{
    ud_error err;
    memset(&err, 0, sizeof err);
    int rc = ud_transcript_parse(text, len, ud_find_game, &t, &err);
    cr_assert_eq(rc, 0, "parse failed at %d:%d: %s", err.line, err.col, err.msg);
    cr_assert_eq(err.set, 0);
}

static void fini(void) { ud_transcript_free(&t); }

TestSuite(transcript, .fini = fini);

/* The game of these records, from the registry. */
static const ud_game *records_game(void)
{
    const ud_game *g = ud_find_game("zombie-dice");
    cr_assert_not_null(g, "no game zombie-dice in the registry: the records here are of it");
    return g;
}

/* The index of variant KEY of the records' game (the test fails on none). */
static int variant_of(const char *key)
{
    const ud_game *g = records_game();
    for (int v = 0; v < g->n_variants; v++)
        if (strcmp(g->variants[v].key, key) == 0)
            return v;
    cr_assert_fail("zombie-dice has no variant %s", key);
    return -1;
}

/* The index of value NAME of variant KEY (the test fails on none). */
static int value_of(const char *key, const char *name)
{
    const ud_variant *var = &records_game()->variants[variant_of(key)];
    for (int j = 0; j < var->n_values; j++)
        if (strcmp(var->values[j].name, name) == 0)
            return j;
    cr_assert_fail("zombie-dice's %s has no value %s", key, name);
    return -1;
}

Test(transcript, minimal_header_gets_game_defaults)
{
    const char *text = ZD_HEADER "player a\nplayer b\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.game, records_game());
    cr_assert_eq(t.setup.n_players, 2);
    cr_assert_str_eq(t.setup.names[0], "a");
    cr_assert_str_eq(t.setup.names[1], "b");
    for (int v = 0; v < t.game->n_variants; v++)
        cr_assert_eq(t.setup.variant[v], t.game->variants[v].default_value);
    cr_assert_eq(t.policy[0].def, &ud_policy_random, "policy defaults to random");
    cr_assert_eq(t.has_seed, 0);
    cr_assert_eq(t.partial, 0);
    cr_assert_eq(t.n, 0);
    cr_assert_eq(t.last_line, 4);
}

Test(transcript, full_header)
{
    const char *text = ZD_HEADER "variant end=final-turn\n"
                                 "variant first-player=random\n"
                                 "player alice stop-at-brains:5\n"
                                 "player bob always-roll\n"
                                 "player carol\n"
                                 "seed 18446744073709551615\n"
                                 "start score alice 12\n"
                                 "start   score\tbob 3\n"
                                 "partial\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.setup.variant[variant_of("end")], value_of("end", "final-turn"));
    cr_assert_eq(t.setup.variant[variant_of("first-player")], value_of("first-player", "random"));
    int tiebreak = variant_of("tiebreak");
    cr_assert_eq(t.setup.variant[tiebreak], t.game->variants[tiebreak].default_value);
    cr_assert_eq(t.setup.n_players, 3);
    cr_assert_str_eq(t.policy[0].def->name, "stop-at-brains");
    cr_assert_eq(t.policy[0].param, 5);
    cr_assert_str_eq(t.policy[1].def->name, "always-roll");
    cr_assert_eq(t.policy[2].def, &ud_policy_random);
    cr_assert_eq(t.has_seed, 1);
    cr_assert_eq(t.seed, UINT64_MAX);
    cr_assert_eq(t.setup.n_start, 2);
    cr_assert_str_eq(t.setup.start[0], "score alice 12");
    cr_assert_str_eq(t.setup.start[1], "score bob 3", "start words are re-joined by one space");
    cr_assert_eq(t.partial, 1);
}

Test(transcript, one_variant_line_a_key)
{
    const char *text =
        ZD_HEADER "variant end=final-turn\nvariant tiebreak=until-broken\nplayer a\nplayer b\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.setup.variant[variant_of("end")], value_of("end", "final-turn"));
    cr_assert_eq(t.setup.variant[variant_of("tiebreak")], value_of("tiebreak", "until-broken"));
}

Test(transcript, body_line_kinds_tokens_and_columns)
{
    const char *text = ZD_HEADER "player a\nplayer b\n"
                                 "draw green  yellow red\n" /* line 5 */
                                 "roll green:brain yellow:shotgun red:feet   [ZD-ROLL-THREE]\n"
                                 "= brains=1 shotguns=1\n"
                                 "decide a stop\n"
                                 "score a +1 =1 [ZD-STOP-SCORE]\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.n, 5);
    const ud_tline *l = t.lines;
    cr_assert_eq(l[0].kind, UD_TL_CHANCE);
    cr_assert_eq(l[0].line, 5);
    cr_assert_eq(l[0].ntok, 4);
    cr_assert_str_eq(l[0].tok[2], "yellow");
    cr_assert_eq(l[0].col[2], 13, "two spaces before yellow");
    cr_assert_null(l[0].tag);
    cr_assert_eq(l[1].kind, UD_TL_CHANCE);
    cr_assert_str_eq(l[1].tag, "ZD-ROLL-THREE");
    cr_assert_eq(l[1].tag_col, 44); /* 4+1+11+1+14+1+8+3 spaces, then "[" */
    cr_assert_eq(l[1].ntok, 4, "the tag is not a token");
    cr_assert_eq(l[2].kind, UD_TL_STATE);
    cr_assert_str_eq(l[2].tok[1], "brains=1");
    cr_assert_eq(l[3].kind, UD_TL_DECIDE);
    cr_assert_eq(l[4].kind, UD_TL_CHANGE);
    cr_assert_str_eq(l[4].tok[0], "score");
    cr_assert_str_eq(l[4].tag, "ZD-STOP-SCORE");
}

Test(transcript, comments_blank_lines_and_tabs)
{
    const char *text = "# a leading comment\n"
                       "\n"
                       "undead-transcript 1   # trailing comment\n"
                       "   \t\n"
                       "game zombie-dice\n"
                       "player a # the first seat\n"
                       "player b\n"
                       "#draw red red red\n"
                       "\tdraw\tgreen green green\t# three greens\n"
                       "roll green:brain green#notacomment\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.setup.n_players, 2);
    cr_assert_eq(t.n, 2, "comment-only and blank lines are skipped");
    cr_assert_eq(t.lines[0].line, 9);
    cr_assert_eq(t.lines[0].ntok, 4);
    cr_assert_eq(t.lines[0].col[0], 2);
    cr_assert_str_eq(t.lines[1].tok[2], "green#notacomment", "'#' inside a word is text");
    cr_assert_eq(t.last_line, 10);
}

Test(transcript, crlf_reads_like_lf)
{
    const char *lf = ZD_HEADER "player a\nplayer b\ndraw green green green\ndecide a roll\n";
    const char *crlf = "undead-transcript 1\r\ngame zombie-dice\r\nplayer a\r\nplayer b\r\n"
                       "draw green green green\r\ndecide a roll\r\n";
    parse_ok(crlf, strlen(crlf));
    ud_transcript a = t;
    memset(&t, 0, sizeof t);
    parse_ok(lf, strlen(lf));
    cr_assert_eq(a.n, t.n);
    for (int i = 0; i < t.n; i++) {
        cr_assert_eq(a.lines[i].ntok, t.lines[i].ntok);
        for (int k = 0; k < t.lines[i].ntok; k++)
            cr_assert_str_eq(a.lines[i].tok[k], t.lines[i].tok[k], "line %d word %d", i, k);
    }
    cr_assert_str_eq(a.lines[1].tok[2], "roll", "no '\\r' left on the last word");
    ud_transcript_free(&a);
}

Test(transcript, no_final_newline)
{
    const char *text = ZD_HEADER "player a\nplayer b\ndecide b stop";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.n, 1);
    cr_assert_str_eq(t.lines[0].tok[2], "stop");
    cr_assert_eq(t.last_line, 5);
}

Test(transcript, length_is_respected_without_nul)
{
    /* The parser reads len bytes, not up to a NUL. */
    const char *text = ZD_HEADER "player a\nplayer b\ndecide a stop\nGARBAGE";
    size_t len = strlen(text) - strlen("GARBAGE");
    parse_ok(text, len);
    cr_assert_eq(t.n, 1);
}

Test(transcript, longest_line_and_most_words)
{
    char text[4096];
    char comment[UD_TL_MAX_LEN + 1];
    memset(comment, 'x', UD_TL_MAX_LEN);
    comment[0] = '#';
    comment[UD_TL_MAX_LEN] = '\0';
    char words[512] = "=";
    for (int i = 1; i < UD_TL_MAX_TOKENS; i++)
        strcat(words, " k=v");
    snprintf(text, sizeof text, ZD_HEADER "player a\nplayer b\n%s\n%s\n", comment, words);
    parse_ok(text, strlen(text));
    cr_assert_eq(t.n, 1);
    cr_assert_eq(t.lines[0].ntok, UD_TL_MAX_TOKENS);
}

Test(transcript, every_seat_and_sixteen_start_lines)
{
    char text[4096] = ZD_HEADER;
    for (int i = 0; i < UD_MAX_PLAYERS; i++)
        sprintf(text + strlen(text), "player p%d\n", i);
    for (int i = 0; i < UD_MAX_START; i++)
        sprintf(text + strlen(text), "start score p%d %d\n", i, i); /* one a player */
    parse_ok(text, strlen(text));
    cr_assert_eq(t.setup.n_players, UD_MAX_PLAYERS);
    cr_assert_eq(t.setup.n_start, 16);
}

Test(transcript, seed_zero_and_leading_zeros)
{
    const char *text = ZD_HEADER "player a\nplayer b\nseed 0007\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.seed, 7);
    cr_assert_eq(t.has_seed, 1);
}

Test(transcript, header_round_trip_through_writer)
{
    const char *text = ZD_HEADER "variant tiebreak=until-broken\nvariant shortage-order=cup-first\n"
                                 "player x closer:3\nplayer y human\nseed 99\nstart score y 4\npartial\n";
    parse_ok(text, strlen(text));
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ud_transcript_write_header(f, t.game, &t.setup, t.policy, &t.seed, t.partial);
    fclose(f);
    ud_transcript first = t;
    memset(&t, 0, sizeof t);
    parse_ok(out, len);
    cr_assert_eq(memcmp(&first.setup, &t.setup, sizeof t.setup), 0, "setup survives the writer");
    cr_assert_eq(t.policy[0].def, first.policy[0].def);
    cr_assert_eq(t.policy[0].param, 3);
    cr_assert_eq(t.policy[1].def, &ud_policy_human);
    cr_assert_eq(t.seed, 99);
    cr_assert_eq(t.partial, 1);
    /* Every variant is written, defaults included. */
    int variant_lines = 0;
    for (const char *p = out; (p = strstr(p, "\nvariant ")); p++)
        variant_lines++;
    cr_assert_eq(variant_lines, records_game()->n_variants);
    ud_transcript_free(&first);
    free(out);
}

Test(transcript, writer_pads_tagged_lines)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    ud_transcript_write_line(f, "turn a", "ZD-TURN");
    ud_transcript_write_line(f, "= turn=a", NULL);
    fclose(f);
    char want[200];
    snprintf(want, sizeof want, "%-52s [ZD-TURN]\n= turn=a\n", "turn a");
    cr_assert_str_eq(out, want);
    free(out);
}

/* An offers list: one kind of line, its actions between the '|' words
 * (several words an action), going on in the next offers line. */
Test(transcript, offers_lines_and_their_actions)
{
    const char *text = ZD_HEADER "player a\nplayer b\n"
                                 "offers a roll | drink-green   |  stop\n" /* line 5 */
                                 "offers a ride\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.n, 2);
    const ud_tline *l = t.lines;
    cr_assert_eq(l[0].kind, UD_TL_OFFERS);
    cr_assert_eq(l[1].kind, UD_TL_OFFERS);
    cr_assert(l[0].kind >= UD_TL_WAITS, "a record's last line, where its game stands");
    cr_assert(ud_transcript_offers_run_continues(&t, 0));
    cr_assert_not(ud_transcript_offers_run_continues(&t, 1));
    const char *want[] = { "roll", "drink-green", "stop" };
    int cols[] = { 10, 17, 34 }, n = 0;
    for (int from = 0, to = 1; ud_transcript_next_offer(&l[0], &from, &to); n++) {
        cr_assert_lt(n, 3);
        cr_assert_eq(to - from, 1);
        cr_assert_str_eq(l[0].tok[from], want[n]);
        cr_assert_eq(l[0].col[from], cols[n]);
    }
    cr_assert_eq(n, 3);
}

Test(transcript, an_offers_line_may_offer_nothing)
{
    const char *text = ZD_HEADER "player a\nplayer b\noffers a\n";
    parse_ok(text, strlen(text));
    cr_assert_eq(t.lines[0].kind, UD_TL_OFFERS);
    int from = 0, to = 1;
    cr_assert_not(ud_transcript_next_offer(&t.lines[0], &from, &to));
}
