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
enum { ACT_STOP, ACT_ROLL, ACT_REST };

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
    return i < 0 ? -1 : o->action[i].kind; /* the kind chosen */
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

static const ud_offers stop_roll = { .n = 2, .action = { { .kind = 0 }, { .kind = 1 } } };
static const ud_offers all_three = { .n = 3, .action = { { .kind = 0 }, { .kind = 1 }, { .kind = 2 } } };

Test(human, full_names_and_unique_prefixes)
{
    session s;
    open_session(&s, "r\nstop\nst\nroll\n");
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_ROLL, "'r' is a unique prefix of roll");
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_STOP);
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_STOP, "'st' is a unique prefix of stop");
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_ROLL);
    fflush(s.out);
    cr_assert_eq(count(s.prompts, "seat 2, choose"), 4, "one prompt per answer: %s", s.prompts);
    cr_assert_not_null(strstr(s.prompts, "choose stop | roll: "), "the prompt lists the offers: %s",
                       s.prompts);
    close_session(&s);
}

Test(human, asks_again_on_bad_input)
{
    session s;
    open_session(&s, "jump\n\nstopp\ns\n");
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_STOP);
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
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_ROLL);
    cr_assert_eq(ask(&s, &toy, &stop_roll), ACT_STOP);
    close_session(&s);
}

Test(human, eof_gives_minus_one)
{
    session s;
    open_session(&s, "");
    cr_assert_eq(ask(&s, &toy, &stop_roll), -1);
    close_session(&s);
    open_session(&s, "bogus\n");
    cr_assert_eq(ask(&s, &toy, &stop_roll), -1, "bad input then EOF");
    close_session(&s);
}

/* Every game, played through ud_play with seat 1 human: answering with
 * the actions a deterministic policy chose for that seat (as the
 * transcript writes them) plays the very same game, and only seat 1 is
 * asked.  So every action a game writes is one a person can type. */
static char *play_with(const ud_game *g, int players, const ud_policy *seat1, uint64_t seed, ud_result *res)
{
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_match m;
    ud_match_defaults(&m, g);
    m.setup.n_players = players;
    for (int i = 0; i < players; i++)
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
    m.policy[0] = *seat1;
    m.seed = seed;
    m.max_decisions = 5000;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    ud_sink sink;
    ud_sink_to_file(&sink, out);
    ud_play(&m, &t, state, &sink, NULL, 1, res);
    fclose(out);
    return text;
}

/* Seat 1's decide lines of text, as answers ("risk 2\n..."). */
static char *answers_of(const char *text, int *n)
{
    char *ans = calloc(1, strlen(text) + 1);
    *n = 0;
    for (const char *p = text; (p = strstr(p, "decide p1 ")); p++) {
        if (p != text && p[-1] != '\n')
            continue;
        p += strlen("decide p1 ");
        size_t len = strcspn(p, "[\n");
        while (len > 0 && p[len - 1] == ' ')
            len--;
        strncat(ans, p, len);
        strcat(ans, "\n");
        (*n)++;
    }
    return ans;
}

Test(human, plays_a_whole_game_of_every_game_through_ud_play)
{
    FOR_EACH_GAME(g)
    {
        int players = g->max_players >= 2 ? (g->min_players > 2 ? g->min_players : 2) : 1;
        int replayed = 0;
        for (int k = 0; k < g->n_policies; k++) {
            if (g->policies[k].costly)
                continue;
            ud_policy auto_seat = { .def = &g->policies[k], .param = g->policies[k].def_param };
            ud_result first;
            char *text = play_with(g, players, &auto_seat, 11, &first);
            int n;
            char *ans = answers_of(text, &n);
            if (first.status != UD_OVER || n == 0) {
                free(text);
                free(ans);
                continue;
            }
            session s;
            open_session(&s, ans);
            ud_policy human = { .def = &ud_policy_human };
            ud_result again;
            char *text2 = play_with(g, players, &human, 11, &again);
            fflush(s.out);
            int prompts = count(s.prompts, "seat 1, choose");
            int refused = count(s.prompts, "not one of the choices");
            bool same = again.status == UD_OVER && strcmp(text, text2) == 0;
            cr_assert_eq(count(s.prompts, "seat 2, choose"), 0, "%s: an automated seat asked", g->name);
            close_session(&s);
            /* A policy that draws on the generator changes the game when
             * replaced: then nothing is claimed; else all must hold. */
            if (same) {
                cr_assert_eq(prompts, n, "%s (%s): %d prompts for %d answers", g->name, g->policies[k].name,
                             prompts, n);
                cr_assert_eq(refused, 0, "%s (%s): an answer as the transcript writes it was refused:\n%s",
                             g->name, g->policies[k].name, ans);
                replayed++;
            }
            free(text);
            free(text2);
            free(ans);
        }
        cr_assert_gt(replayed, 0, "%s: no game replayed with a human seat", g->name);
    }
}
