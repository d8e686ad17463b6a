/*
 * test_observe.c - hidden information: a policy sees only what its seat
 * may see (ud_game.observe), while the transcript shows everything.
 *
 * The game: each of two seats is dealt a secret number (chance), then each
 * in turn guesses; a spying policy records what it saw of both secrets.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

typedef struct secret_state {
    uint8_t phase, turn, guesses;
    int8_t secret[2];
} secret_state;
enum { PH_DEAL, PH_GUESS, PH_OVER };
enum { K_GUESS };
static const ud_phase phases[] = { { "deal", UD_PHASE_AUTO },
                                   { "guess", UD_PHASE_DECISION },
                                   { "over", UD_PHASE_OVER } };
static const ud_action_kind kinds[] = { { "guess", "%d" } };

static const char *digit(const void *ctx, int i)
{
    static const char *const d[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
    return d[i];
}
static void deal(void *p, ud_step *s)
{
    secret_state *st = p;
    for (int seat = 0; seat < 2; seat++) {
        int v = ud_pick(s, "deal", 10, digit, NULL);
        if (v < 0)
            return;
        st->secret[seat] = (int8_t)v;
        UD_EMIT(s, "deal %s", digit(NULL, v));
    }
    st->phase = PH_GUESS;
}
static void offer(void *p, ud_step *s)
{
    for (int g = 0; g < 10; g++) {
        ud_action a = { K_GUESS, { g } };
        ud_offer_action(s, &a);
    }
}
static void guessed(void *p, ud_step *s)
{
    secret_state *st = p;
    st->turn = (uint8_t)(1 - st->turn);
    if (++st->guesses == 2)
        st->phase = PH_OVER;
}
static const ud_rule rules[] = {
    { "S-DEAL", "900_x.txt", "s", "deal", PH_DEAL, UD_ROW_EFFECT, UD_ALWAYS, NULL, deal, UD_ANY },
    { "S-OFFER", "900_x.txt", "s", "offer", PH_GUESS, UD_ROW_OFFER, UD_ALWAYS, NULL, offer, UD_ANY },
    { "S-GUESS", "900_x.txt", "s", "guess", PH_GUESS, UD_ROW_EFFECT, UD_ALWAYS, NULL, guessed, UD_ANY },
};
static void init(void *p, const ud_setup *su) { ((secret_state *)p)->phase = PH_DEAL; }
static int to_move(const void *p) { return ((const secret_state *)p)->turn; }
static void describe(const ud_game *g, const void *p, const ud_setup *su, ud_buf *out)
{
    const secret_state *st = p;
    ud_buf_printf(out, "secrets=%d,%d", st->secret[0], st->secret[1]);
}
static int score(const void *p, int seat) { return 0; }
static int winner(const void *p) { return -2; }
/* A seat knows its own secret; the other's is hidden (-1). */
static void observe(const void *p, int seat, void *view)
{
    memcpy(view, p, sizeof(secret_state));
    ((secret_state *)view)->secret[1 - seat] = -1;
}

/* What the spy saw: per seat, its own and the other's secret. */
static int saw_own[2], saw_other[2], true_secret[2];
static int spy(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *r)
{
    const secret_state *st = p;
    saw_own[seat] = st->secret[seat];
    saw_other[seat] = st->secret[1 - seat];
    return 0;
}
static const ud_policy_def policies[] = { { "spy", "records what it sees", 0, 0, spy, 0, 0, 0, 0 } };

static ud_game game = {
    .name = "secret",
    .title = "Secret",
    .phases = phases,
    .n_phases = 3,
    .rules = rules,
    .n_rules = 3,
    .actions = kinds,
    .n_actions = 1,
    .policies = policies,
    .n_policies = 1,
    .chance_events = (const char *const[]){ "deal", NULL },
    .min_players = 2,
    .max_players = 2,
    .state_size = sizeof(secret_state),
    .phase_offset = offsetof(secret_state, phase),
    .init = init,
    .to_move = to_move,
    .describe = describe,
    .score = score,
    .winner = winner,
    .observe = observe,
};

static char *play(uint64_t seed, secret_state *end)
{
    ud_match m;
    ud_match_defaults(&m, &game);
    m.seed = seed;
    m.policy[0] = m.policy[1] = (ud_policy){ &policies[0], 0 };
    ud_table t;
    ud_table_build(&t, &game, m.setup.variant);
    static char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    ud_sink sink;
    ud_sink_to_file(&sink, f);
    ud_result res;
    ud_play(&m, &t, end, &sink, NULL, 1, &res);
    fclose(f);
    cr_assert_eq(res.status, UD_OVER, "%s", res.fail.msg);
    true_secret[0] = end->secret[0];
    true_secret[1] = end->secret[1];
    return text;
}

Test(observe, a_policy_sees_its_own_secret_and_not_the_other)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        secret_state end;
        char *text = play(seed, &end);
        for (int seat = 0; seat < 2; seat++) {
            cr_assert_eq(saw_own[seat], true_secret[seat], "seed %llu seat %d", (unsigned long long)seed,
                         seat);
            cr_assert_eq(saw_other[seat], -1, "seed %llu: seat %d saw the other's secret",
                         (unsigned long long)seed, seat);
        }
        free(text);
    }
}

Test(observe, the_transcript_shows_everything)
{
    secret_state end;
    char *text = play(5, &end);
    char want[64];
    snprintf(want, sizeof want, "= secrets=%d,%d", end.secret[0], end.secret[1]);
    cr_assert_not_null(strstr(text, want), "the state line shows both secrets:\n%s", text);
    free(text);
}

Test(observe, without_observe_a_policy_sees_the_whole_state)
{
    game.observe = NULL;
    secret_state end;
    free(play(3, &end));
    game.observe = observe;
    cr_assert_eq(saw_other[0], true_secret[1]);
    cr_assert_eq(saw_other[1], true_secret[0]);
}
