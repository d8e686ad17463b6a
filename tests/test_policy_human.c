/*
 * test_policy_human.c - the "human" policy: reads answers from the stream
 * set by ud_policy_human_io (fmemopen'd here), accepts a full action name
 * or a unique prefix, asks again on anything else, and gives -1 at EOF.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "support.h"

/* A game with only what the human policy reads: its action names.  Two
 * share the prefix "r", so "r" alone is ambiguous here. */
static const ud_action_kind toy_actions[] = { { "stop", NULL }, { "roll", NULL }, { "rest", NULL } };
static const ud_game toy = { .name = "toy", .actions = toy_actions, .n_actions = 3 };

typedef struct session {
    FILE *in, *out;
    char *prompts;
    size_t prompts_len;
    ud_policy p;
} session;

static void open_session(session *s, const char *answers)
{
    memset(s, 0, sizeof *s);
    s->in = fmemopen((void *)answers, strlen(answers), "r");
    s->out = open_memstream(&s->prompts, &s->prompts_len);
    cr_assert(s->in && s->out);
    ud_policy_human_io(s->in, s->out);
    s->p.def = &ud_policy_human;
}

static int ask(session *s, const ud_game *g, const ud_offers *o)
{
    ud_rng r;
    ud_rng_seed(&r, 1);
    int i = ud_policy_choose(&s->p, g, NULL, 1, o, &r);
    return i < 0 ? -1 : o->action[i].kind;   /* the kind chosen */
}

static void close_session(session *s)
{
    ud_policy_human_io(NULL, NULL);
    fclose(s->in);
    fclose(s->out);
    free(s->prompts);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static const ud_offers stop_roll = { .n = 2, .action = { { 0 }, { 1 } } };
static const ud_offers all_three = { .n = 3, .action = { { 0 }, { 1 }, { 2 } } };

Test(human, full_names_and_unique_prefixes)
{
    session s;
    open_session(&s, "r\nstop\nst\nroll\n");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_ROLL, "'r' is a unique prefix of roll");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_STOP);
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_STOP, "'st' is a unique prefix of stop");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_ROLL);
    fflush(s.out);
    cr_assert_eq(count(s.prompts, "seat 2, choose"), 4, "one prompt per answer: %s", s.prompts);
    cr_assert_not_null(strstr(s.prompts, "choose stop | roll: "), "the prompt lists the offers: %s", s.prompts);
    close_session(&s);
}

Test(human, asks_again_on_bad_input)
{
    session s;
    open_session(&s, "jump\n\nstopp\ns\n");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_STOP);
    fflush(s.out);
    cr_assert_eq(count(s.prompts, "seat 2, choose"), 4, "%s", s.prompts);
    cr_assert_not_null(strstr(s.prompts, "'jump' is not one of the choices"), "%s", s.prompts);
    cr_assert_not_null(strstr(s.prompts, "'' is not one of the choices"), "%s", s.prompts);
    cr_assert_not_null(strstr(s.prompts, "'stopp' is not one of the choices"), "%s", s.prompts);
    close_session(&s);
}

Test(human, ambiguous_prefix_is_refused)
{
    session s;
    open_session(&s, "r\nre\n");
    cr_assert_eq(ask(&s, &toy, &all_three), 2, "'re' is unique: rest");
    fflush(s.out);
    cr_assert_not_null(strstr(s.prompts, "'r' is not one of the choices"), "%s", s.prompts);
    close_session(&s);
}

Test(human, only_offered_actions_count)
{
    /* "rest" is an action of the game but not offered: "re" must not pick it,
     * and "r" becomes unique (roll). */
    session s;
    open_session(&s, "rest\nr\n");
    cr_assert_eq(ask(&s, &toy, &stop_roll), 1);
    fflush(s.out);
    cr_assert_not_null(strstr(s.prompts, "'rest' is not one of the choices"), "%s", s.prompts);
    close_session(&s);
}

Test(human, trailing_blanks_and_crlf_are_ignored)
{
    session s;
    open_session(&s, "roll  \r\nstop\r\n");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_ROLL);
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), ZD_ACT_STOP);
    close_session(&s);
}

Test(human, eof_gives_minus_one)
{
    session s;
    open_session(&s, "");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), -1);
    close_session(&s);
    open_session(&s, "bogus\n");
    cr_assert_eq(ask(&s, &zd_game, &stop_roll), -1, "bad input then EOF");
    close_session(&s);
}

Test(human, plays_a_whole_game_through_ud_play)
{
    /* Seat 1 is human and answers "s" (stop) to every prompt, seat 2 plays
     * closer: the game ends, the human was asked, the automated seat not. */
    char answers[20000] = "";
    for (int i = 0; i < 2000; i++)
        strcat(answers, "s\n");
    session s;
    open_session(&s, answers);
    ud_match m;
    ud_match_defaults(&m, &zd_game);
    m.seed = 11;
    m.policy[0].def = &ud_policy_human;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(ud_policy_parse(&zd_game, "closer:2", &m.policy[1], &err));
    ud_buf_free(&err);
    ud_table t;
    ud_table_build(&t, &zd_game, m.setup.variant);
    zd_state st;
    ud_result res;
    uint64_t fired_counts[UD_MAX_RULES] = { 0 };
    ud_play(&m, &t, &st, NULL, fired_counts, 1, &res);
    cr_assert_eq(res.status, UD_OVER, "%s", res.fail.msg);
    fflush(s.out);
    int prompts = count(s.prompts, "seat 1, choose");
    cr_assert_gt(prompts, 0);
    cr_assert_eq(count(s.prompts, "seat 2, choose"), 0, "the closer seat asks nobody");
    cr_assert_eq(count(s.prompts, "not one of the choices"), 0);
    close_session(&s);
}
