/*
 * test_action.c - parametric actions: one pattern per kind writes and
 * reads an action (core/action.h), the engine offers as many as a state
 * has and names the limit past it, and the self-check names every fixed
 * limit a game exceeds.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "action.h"
#include "engine.h"
#include "selfcheck.h"

enum { K_STOP, K_FREEZE, K_PLACE, K_GIVE, N_KINDS };
static const ud_action_kind kinds[N_KINDS] = {
    { "stop", NULL },
    { "freeze", "%s" },
    { "place", "T%d at %d,%d rot %d" },
    { "give", "%d to %p" },
};
static const ud_game game = { .name = "kinds", .actions = kinds, .n_actions = N_KINDS };
static ud_setup setup = { .n_players = 2, .names = { "ann", "bob" } };

static char *format(const ud_action *a)
{
    static char out[256];
    ud_buf b;
    ud_buf_init(&b);
    ud_action_format(&game, &setup, a, &b);
    snprintf(out, sizeof out, "%s", ud_buf_str(&b));
    ud_buf_free(&b);
    return out;
}

/* Parse text (split at spaces); returns 0 or -1 with the message in msg. */
static int parse(const char *text, ud_action *a, char *msg, int *bad)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", text);
    char *words[UD_MAX_LINE_WORDS];
    int n = 0;
    for (char *w = strtok(copy, " "); w && n < UD_MAX_LINE_WORDS; w = strtok(NULL, " "))
        words[n++] = w;
    ud_buf err;
    ud_buf_init(&err);
    int r = ud_action_parse(&game, &setup, words, n, a, &err, bad);
    snprintf(msg, 256, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    return r;
}

static void round_trip(const char *text)
{
    ud_action a;
    char msg[256];
    int bad;
    cr_assert_eq(parse(text, &a, msg, &bad), 0, "'%s': %s", text, msg);
    cr_assert_str_eq(format(&a), text);
}

static void refused(const char *text, int word, const char *expect)
{
    ud_action a;
    char msg[256];
    int bad = -1;
    cr_assert_eq(parse(text, &a, msg, &bad), -1, "'%s' parsed", text);
    cr_assert_str_eq(msg, expect, "'%s'", text);
    cr_assert_eq(bad, word, "'%s': word %d, expected %d", text, bad, word);
}

Test(action, written_by_the_pattern)
{
    ud_action a = { K_PLACE, { 7, 2, -1, 90 } };
    cr_assert_str_eq(format(&a), "place T7 at 2,-1 rot 90");
    ud_action f = { K_FREEZE, { (1 << 1) | (1 << 3) | (1 << 5) } };
    cr_assert_str_eq(format(&f), "freeze 1,3,5");
    ud_action none = { K_FREEZE, { 0 } };
    cr_assert_str_eq(format(&none), "freeze -");
    ud_action g = { K_GIVE, { 3, 1 } };
    cr_assert_str_eq(format(&g), "give 3 to bob");
    ud_action s = ud_act(K_STOP);
    cr_assert_str_eq(format(&s), "stop");
}

Test(action, read_back_as_written)
{
    round_trip("stop");
    round_trip("freeze 1,3,5");
    round_trip("freeze -");
    round_trip("freeze 0,31");
    round_trip("place T7 at 2,-1 rot 90");
    round_trip("place T-3 at -2147483648,2147483647 rot 0");
    round_trip("give 0 to ann");
}

Test(action, a_set_is_a_set_in_any_order)
{
    ud_action a;
    char msg[256];
    int bad;
    cr_assert_eq(parse("freeze 5,1,3", &a, msg, &bad), 0, "%s", msg);
    cr_assert_eq(a.arg[0], (1 << 1) | (1 << 3) | (1 << 5));
    cr_assert_str_eq(format(&a), "freeze 1,3,5", "written in one order");
}

Test(action, errors_name_what_was_expected_and_where)
{
    refused(
        "jump", 0,
        "expected an action (stop|freeze <list>|place T<number> at <number>,<number> rot <number>|give <number> to <player>), found 'jump'");
    refused("stop now", 1, "expected 'stop' and nothing after it");
    refused("freeze 1,1", 1, "expected 'freeze <list>': 1 is listed twice");
    refused("freeze 32", 1,
            "expected 'freeze <list>': expected a list of numbers 0 to 31 such as 1,3,5 (or - for none)");
    refused("freeze", 0,
            "expected 'freeze <list>': expected a list of numbers 0 to 31 such as 1,3,5 (or - for none)");
    refused("place T7 at 2,x rot 90", 3, "expected 'place T<number> at <number>,<number> rot <number>'");
    refused("place T7 at 2,1 spin 90", 4, "expected 'place T<number> at <number>,<number> rot <number>'");
    refused("place T99999999999 at 0,0 rot 0", 1,
            "expected 'place T<number> at <number>,<number> rot <number>'");
    refused("give 1 to zed", 3, "expected 'give <number> to <player>': <player> is a player's name");
}

Test(action, patterns_are_checked)
{
    ud_buf why;
    ud_buf_init(&why);
    cr_assert(ud_action_kind_valid(&kinds[K_PLACE], &why));
    ud_action_kind five = { "many", "%d %d %d %d %d" };
    cr_assert_not(ud_action_kind_valid(&five, &why));
    cr_assert_str_eq(ud_buf_str(&why), "action many takes 5 arguments; UD_ACTION_MAX_ARGS is 4");
    ud_buf_clear(&why);
    ud_action_kind odd = { "odd", "%x" };
    cr_assert_not(ud_action_kind_valid(&odd, &why));
    cr_assert_not_null(strstr(ud_buf_str(&why), "unknown placeholder"));
    ud_buf_clear(&why);
    ud_action_kind spaced = { "two words", NULL };
    cr_assert_not(ud_action_kind_valid(&spaced, &why));
    ud_buf_free(&why);
}

/* ---- the engine: every offer kept, the limit named ----------------------- */

typedef struct {
    uint8_t phase;
    int32_t n_offers;
    int32_t chosen[UD_ACTION_MAX_ARGS];
} many_state;
enum { PH_PICK, PH_OVER };
static const ud_phase phases[] = { { "pick", UD_PHASE_DECISION }, { "over", UD_PHASE_OVER } };

static void offer_many(void *p, ud_step *s)
{
    const many_state *st = p;
    for (int i = 0; i < st->n_offers; i++) {
        ud_action a = { K_PLACE, { i, i % 7, -i, 90 * (i % 4) } };
        ud_offer_action(s, &a);
    }
}
static void take(void *p, ud_step *s)
{
    many_state *st = p;
    memcpy(st->chosen, s->action.arg, sizeof st->chosen);
    st->phase = PH_OVER;
}
static const ud_rule rules[] = {
    { "M-OFFER", "000_x.txt", "s", "offer", PH_PICK, UD_ROW_OFFER, UD_ALWAYS, NULL, offer_many, UD_ANY },
    { "M-TAKE", "000_x.txt", "s", "take", PH_PICK, UD_ROW_EFFECT, UD_ALWAYS, NULL, take, UD_ANY },
};
static void many_init(void *p, const ud_setup *su)
{
    (void)su;
    ((many_state *)p)->phase = PH_PICK;
}
static int to_move(const void *p)
{
    (void)p;
    return 0;
}
static void describe(const ud_game *g, const void *p, const ud_setup *su, ud_buf *out)
{
    ud_buf_printf(out, "offers=%d", (int)((const many_state *)p)->n_offers);
}
static int score(const void *p, int seat) { return 0; }
static int winner(const void *p) { return 0; }
static const ud_game many = {
    .name = "many",
    .title = "Many",
    .phases = phases,
    .n_phases = 2,
    .rules = rules,
    .n_rules = 2,
    .actions = kinds,
    .n_actions = N_KINDS,
    .min_players = 1,
    .max_players = 1,
    .state_size = sizeof(many_state),
    .phase_offset = offsetof(many_state, phase),
    .init = many_init,
    .to_move = to_move,
    .describe = describe,
    .score = score,
    .winner = winner,
};

static ud_status start_with(int n, ud_step *s, ud_table *t, many_state *st)
{
    static ud_setup one = { .n_players = 1, .names = { "solo" } };
    ud_table_build(t, &many, one.variant);
    ud_step_init(s, t, &one, NULL, NULL, NULL);
    memset(st, 0, sizeof *st);
    many_init(st, &one);
    st->n_offers = n;
    return ud_advance(s, st);
}

Test(action, every_offer_is_kept_up_to_the_limit)
{
    static ud_step s;
    static ud_table t;
    many_state st;
    cr_assert_eq(start_with(UD_MAX_OFFERS, &s, &t, &st), UD_DECIDE, "%s", s.fail.msg);
    cr_assert_eq(s.offers.n, UD_MAX_OFFERS);
    cr_assert_eq(ud_decide_offer(&s, &st, UD_MAX_OFFERS - 1), UD_OVER, "%s", s.fail.msg);
    cr_assert_eq(st.chosen[0], UD_MAX_OFFERS - 1, "the last offer's arguments reach the rows");
    cr_assert_eq(st.chosen[2], -(UD_MAX_OFFERS - 1));
}

Test(action, one_offer_past_the_limit_is_an_error_naming_it)
{
    static ud_step s;
    static ud_table t;
    many_state st;
    cr_assert_eq(start_with(UD_MAX_OFFERS + 1, &s, &t, &st), UD_ERROR);
    cr_assert_eq(s.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_str_eq(s.fail.id, "M-OFFER");
    cr_assert_not_null(strstr(s.fail.msg, "more than UD_MAX_OFFERS (512) actions"), "%s", s.fail.msg);
}

Test(action, an_action_not_offered_is_refused_with_its_text)
{
    static ud_step s;
    static ud_table t;
    many_state st;
    start_with(2, &s, &t, &st);
    ud_action a = { K_PLACE, { 5, 0, 0, 0 } };
    cr_assert_eq(ud_decide(&s, &st, &a), UD_ERROR);
    cr_assert_str_eq(s.fail.msg, "'place T5 at 0,0 rot 0' is not allowed here; the rules allow "
                                 "place T0 at 0,0 rot 0|place T1 at 1,-1 rot 90");
}

Test(action, the_selfcheck_names_each_limit)
{
    ud_buf out;
    ud_buf_init(&out);
    ud_game big = many;
    big.state_size = UD_MAX_STATE + 1;
    big.max_players = UD_MAX_PLAYERS + 1;
    cr_assert_gt(ud_game_selfcheck(&big, &out), 0);
    cr_assert_not_null(strstr(ud_buf_str(&out), "exceeds the limit UD_MAX_STATE (4096)"), "%s",
                       ud_buf_str(&out));
    cr_assert_not_null(strstr(ud_buf_str(&out), "max <= UD_MAX_PLAYERS (16)"), "%s", ud_buf_str(&out));
    ud_buf_clear(&out);
    cr_assert_eq(ud_game_selfcheck(&many, &out), 0, "%s", ud_buf_str(&out));
    ud_buf_free(&out);
}

/* ---- transcript lines the parser could not read are never written -------- */

static int lines_seen;
static void count_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule) { lines_seen++; }

Test(action, a_line_longer_than_a_transcript_holds_is_an_error_naming_the_limit)
{
    static ud_step s;
    ud_sink sink = { count_line, NULL };
    ud_step_init(&s, NULL, NULL, NULL, &sink, NULL);
    lines_seen = 0;
    char words[256] = "";
    for (int i = 0; i < UD_MAX_LINE_WORDS - 1; i++)
        strcat(words, "w ");
    ud_emitf(&s, "%s", words); /* 23 words and the tag: fits */
    cr_assert_eq(lines_seen, 1, "%s", s.fail.msg);
    cr_assert_eq(s.fail.kind, UD_FAIL_NONE);
    ud_emitf(&s, "%sw", words); /* one more */
    cr_assert_eq(lines_seen, 1, "the line is not written");
    cr_assert_eq(s.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_not_null(strstr(s.fail.msg, "exceeds UD_MAX_LINE_WORDS (24 with its tag)"), "%s", s.fail.msg);
}
