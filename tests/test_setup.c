/*
 * test_setup.c - core/setup: player names, variant settings and start
 * lines from user words, and the errors each refuses with.  Variant
 * settings are tried on every registered game's own questions.
 */
#include <criterion/criterion.h>
#include <stddef.h>
#include <string.h>

#include "policy.h"
#include "setup.h"
#include "support.h"

static ud_setup setup;
static ud_buf err;

static void init(void)
{
    ud_setup_defaults(ud_games[0], &setup);
    ud_buf_init(&err);
}

static void fini(void) { ud_buf_free(&err); }

TestSuite(setup, .init = init, .fini = fini);

#define ERR_HAS(phrase) \
    cr_assert_not_null(strstr(ud_buf_str(&err), phrase), "'%s' lacks '%s'", ud_buf_str(&err), phrase)

Test(setup, defaults_are_the_games_defaults_and_two_players)
{
    cr_assert_eq(setup.n_players, 2);
    cr_assert_str_eq(setup.names[0], "p1");
    cr_assert_str_eq(setup.names[1], "p2");
    cr_assert_eq(setup.n_start, 0);
    FOR_EACH_GAME(g)
    {
        ud_setup_defaults(g, &setup);
        for (int v = 0; v < g->n_variants; v++)
            cr_assert_eq(setup.variant[v], g->variants[v].default_value, "%s: variant %s", g->name,
                         g->variants[v].key);
    }
}

Test(setup, player_list_is_split_on_commas)
{
    cr_assert(ud_setup_players(&setup, "alice,Bob-2,c_3", &err), "%s", ud_buf_str(&err));
    cr_assert_eq(setup.n_players, 3);
    cr_assert_str_eq(setup.names[0], "alice");
    cr_assert_str_eq(setup.names[1], "Bob-2");
    cr_assert_str_eq(setup.names[2], "c_3");
}

Test(setup, player_name_longest_allowed)
{
    char name[UD_NAME_MAX];
    memset(name, 'n', UD_NAME_MAX - 1);
    name[UD_NAME_MAX - 1] = '\0';
    setup.n_players = 0;
    cr_assert(ud_setup_add_player(&setup, name, &err), "%s", ud_buf_str(&err));
    cr_assert_str_eq(setup.names[0], name);
}

Test(setup, player_name_too_long)
{
    char name[UD_NAME_MAX + 1];
    memset(name, 'n', UD_NAME_MAX);
    name[UD_NAME_MAX] = '\0';
    setup.n_players = 0;
    cr_assert_not(ud_setup_add_player(&setup, name, &err));
    ERR_HAS("expected 1 to 23 characters");
    cr_assert_eq(setup.n_players, 0);
}

Test(setup, player_name_empty)
{
    cr_assert_not(ud_setup_players(&setup, "a,,b", &err));
    ERR_HAS("player name '': expected 1 to 23 characters");
}

Test(setup, player_name_bad_character)
{
    cr_assert_not(ud_setup_players(&setup, "al ice", &err));
    ERR_HAS("expected letters, digits, '-' or '_'");
}

Test(setup, player_name_must_start_with_letter)
{
    cr_assert_not(ud_setup_players(&setup, "a,9lives", &err));
    ERR_HAS("player name '9lives': expected it to start with a letter");
    ud_buf_clear(&err);
    cr_assert_not(ud_setup_players(&setup, "_x", &err));
    ERR_HAS("start with a letter");
}

Test(setup, player_name_duplicate)
{
    cr_assert_not(ud_setup_players(&setup, "a,b,a", &err));
    ERR_HAS("player name 'a' is used twice");
}

Test(setup, players_beyond_the_seats_are_counted_not_seated)
{
    cr_assert(ud_setup_players(&setup, "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p", &err), "%s", ud_buf_str(&err));
    cr_assert_eq(setup.n_players, UD_MAX_PLAYERS);
    cr_assert_eq(setup.n_unseated, 0);
    cr_assert(ud_setup_players(&setup, "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r", &err));
    cr_assert_eq(setup.n_players, UD_MAX_PLAYERS);
    cr_assert_eq(ud_setup_player_count(&setup), UD_MAX_PLAYERS + 2,
                 "ud_setup_check_players refuses the table, naming the game's rule");
}

/* Every command asks before anything runs: each game's range and rule. */
Test(setup, player_count_outside_the_range_is_refused_naming_the_rule)
{
    FOR_EACH_GAME(g)
    {
        cr_assert_not_null(g->players_rule, "%s names no player-count rule", g->name);
        cr_assert_not_null(ud_game_rule(g, g->players_rule), "%s: no rule %s", g->name, g->players_rule);
        int hi = ud_game_max_players(g);
        cr_assert(hi >= g->min_players && hi <= UD_MAX_PLAYERS, "%s: %d", g->name, hi);
        for (int n = g->min_players; n <= hi; n++)
            cr_assert(ud_setup_check_players(g, n, &err), "%s, %d: %s", g->name, n, ud_buf_str(&err));
        int bad[] = { g->min_players - 1, hi + 1, 100 };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            if (bad[k] == 0 && g->min_players == 1)
                continue; /* no table of none is ever named: the list is never empty */
            ud_buf_clear(&err);
            cr_assert_not(ud_setup_check_players(g, bad[k], &err), "%s, %d", g->name, bad[k]);
            char want[200];
            snprintf(want, sizeof want, "expected %d to %d players for %s (%s), found %d", g->min_players, hi,
                     g->name, g->players_rule, bad[k]);
            cr_assert_str_eq(ud_buf_str(&err), want);
        }
    }
}

Test(setup, player_list_overlong_item)
{
    char list[200];
    memset(list, 'q', 100);
    list[100] = '\0';
    cr_assert_not(ud_setup_players(&setup, list, &err));
    ERR_HAS("expected at most 23 characters");
}

Test(setup, every_variant_value_is_accepted)
{
    FOR_EACH_GAME(g)
    {
        ud_setup_defaults(g, &setup);
        for (int v = 0; v < g->n_variants; v++)
            for (int i = 0; i < g->variants[v].n_values; i++) {
                char kv[128];
                snprintf(kv, sizeof kv, "%s=%s", g->variants[v].key, g->variants[v].values[i].name);
                cr_assert(ud_setup_variant(g, &setup, kv, &err), "%s: %s: %s", g->name, kv, ud_buf_str(&err));
                cr_assert_eq(setup.variant[v], i, "%s: %s", g->name, kv);
            }
    }
}

/* A reading a game measures with players of its own names one of its
 * readings (not a default: a default is the baseline), a policy the game
 * has, and a player count it allows. */
Test(setup, reading_measures_name_real_readings_and_policies)
{
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_reading_measures; i++) {
            const ud_reading_measure *m = &g->reading_measures[i];
            char kv[128];
            snprintf(kv, sizeof kv, "%s=%s", m->key, m->value);
            ud_setup_defaults(g, &setup);
            cr_assert(ud_setup_variant(g, &setup, kv, &err), "%s: measured reading %s: %s", g->name, kv,
                      ud_buf_str(&err));
            int v = 0;
            while (strcmp(g->variants[v].key, m->key) != 0)
                v++;
            cr_assert_neq(setup.variant[v], g->variants[v].default_value,
                          "%s: %s is the default: it cannot be measured against itself", g->name, kv);
            ud_policy p;
            cr_assert(!m->policy || ud_policy_parse(g, m->policy, &p, &err), "%s: %s: policy %s: %s", g->name,
                      kv, m->policy, ud_buf_str(&err));
            cr_assert(m->players == 0 || (m->players >= g->min_players && m->players <= g->max_players),
                      "%s: %s: %d players", g->name, kv, m->players);
            cr_assert(m->policy || m->players || m->start[0], "%s: %s: measured the usual way: leave it out",
                      g->name, kv);
            /* its start lines are ones the game takes */
            static _Alignas(max_align_t) unsigned char state[UD_MAX_STATE];
            memset(state, 0, g->state_size);
            g->init(state, &setup);
            for (int k = 0; k < UD_MEASURE_START && m->start[k]; k++) {
                cr_assert(ud_setup_start(&setup, m->start[k], &err), "%s: %s: %s", g->name, kv,
                          ud_buf_str(&err));
                cr_assert(g->apply_start && g->apply_start(state, &setup, m->start[k], &err),
                          "%s: %s: start '%s': %s", g->name, kv, m->start[k], ud_buf_str(&err));
            }
        }
    }
}

/* The refusals, on each game's own first question. */
Test(setup, variant_refusals_name_the_games_choices)
{
    FOR_EACH_GAME(g)
    {
        if (g->n_variants == 0)
            continue;
        ud_setup_defaults(g, &setup);
        const ud_variant *q = &g->variants[0];
        char kv[128], want[256];

        ud_buf_clear(&err);
        cr_assert_not(ud_setup_variant(g, &setup, q->key, &err), "%s", g->name);
        snprintf(want, sizeof want, "variant '%s': expected KEY=VALUE", q->key);
        ERR_HAS(want);

        ud_buf_clear(&err);
        snprintf(kv, sizeof kv, "%sx=%s", q->key, q->values[0].name);
        cr_assert_not(ud_setup_variant(g, &setup, kv, &err), "%s", g->name);
        snprintf(want, sizeof want, "unknown variant key '%sx' for %s", q->key, g->name);
        ERR_HAS(want);
        for (int v = 0; v < g->n_variants; v++)
            ERR_HAS(g->variants[v].key);

        /* A proper prefix of a key is not the key. */
        if (strlen(q->key) > 1) {
            ud_buf_clear(&err);
            snprintf(kv, sizeof kv, "%.*s=%s", (int)strlen(q->key) - 1, q->key, q->values[0].name);
            cr_assert_not(ud_setup_variant(g, &setup, kv, &err), "%s: %s", g->name, kv);
            ERR_HAS("unknown variant key");
        }

        int before = setup.variant[0];
        ud_buf_clear(&err);
        snprintf(kv, sizeof kv, "%s=no-such-value", q->key);
        cr_assert_not(ud_setup_variant(g, &setup, kv, &err), "%s", g->name);
        snprintf(want, sizeof want, "variant %s: unknown value 'no-such-value'; expected one of:", q->key);
        ERR_HAS(want);
        for (int i = 0; i < q->n_values; i++)
            ERR_HAS(q->values[i].name);
        cr_assert_eq(setup.variant[0], before, "%s: a refused value changes nothing", g->name);

        ud_buf_clear(&err);
        snprintf(kv, sizeof kv, "%s=", q->key);
        cr_assert_not(ud_setup_variant(g, &setup, kv, &err), "%s", g->name);
        ERR_HAS("unknown value ''");
    }
}

Test(setup, start_lines_bounded)
{
    for (int i = 0; i < UD_MAX_START; i++)
        cr_assert(ud_setup_start(&setup, "score p1 1", &err), "line %d: %s", i, ud_buf_str(&err));
    cr_assert_eq(setup.n_start, UD_MAX_START);
    cr_assert_not(ud_setup_start(&setup, "score p1 1", &err));
    ERR_HAS("more than 16 start lines");
}

Test(setup, start_line_length_bounded)
{
    char line[UD_START_LEN + 1];
    memset(line, 's', UD_START_LEN - 1);
    line[UD_START_LEN - 1] = '\0';
    cr_assert(ud_setup_start(&setup, line, &err), "%s", ud_buf_str(&err));
    cr_assert_str_eq(setup.start[0], line);
    memset(line, 's', UD_START_LEN);
    line[UD_START_LEN] = '\0';
    cr_assert_not(ud_setup_start(&setup, line, &err));
    ERR_HAS("start line longer than 95 characters");
    cr_assert_eq(setup.n_start, 1);
}
