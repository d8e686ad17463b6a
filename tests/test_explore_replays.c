/*
 * test_explore_replays.c - the explorer's replays check what they have
 * not checked before.
 *
 * A replay of a step under a prefix of chance picks fires again, on the
 * same states, what the replay that met its last pick fired; the explorer
 * checks the invariants from the firing that takes that last pick on
 * (run_step, core/explore.c).  The firings between two picks of one step
 * are the ones a mistake there would leave unchecked: a toy game breaks
 * its invariant only right after such a firing (the next row mends it),
 * and only on one outcome of the first pick, and the explorer must still
 * report it, on the path to that outcome.
 */
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "explore.h"
#include "setup.h"

typedef struct two_picks {
    uint8_t phase;
    uint8_t first, second; /* the outcomes drawn, 1-based (0: not yet) */
    uint8_t broken;        /* set between the picks on one outcome, mended at once */
} two_picks;

enum { PH_DRAW, PH_OVER, N_PH };
enum { FIRST_N = 3, SECOND_N = 2, BREAKING = 2 }; /* the first pick's third outcome breaks it */

#define TP(p) ((two_picks *)(p))
#define CTP(p) ((const two_picks *)(p))

static const char *first_label(const void *ctx, int i)
{
    (void)ctx;
    static const char *const l[FIRST_N] = { "one", "two", "three" };
    return l[i];
}

static const char *second_label(const void *ctx, int i)
{
    (void)ctx;
    return i ? "tails" : "heads";
}

static void draw_first(void *p, ud_step *s)
{
    int i = ud_pick(s, "first", FIRST_N, first_label, NULL);
    if (i < 0)
        return;
    TP(p)->first = (uint8_t)(i + 1);
    UD_EMIT(s, "first %s", first_label(NULL, i));
}

/* The firing between the picks: on one outcome it leaves a state the
 * invariant refuses, which the next row mends. */
static void between(void *p, ud_step *s)
{
    (void)s;
    TP(p)->broken = TP(p)->first == BREAKING + 1;
}

static void mend(void *p, ud_step *s)
{
    (void)s;
    TP(p)->broken = 0;
}

static void draw_second(void *p, ud_step *s)
{
    int i = ud_pick(s, "second", SECOND_N, second_label, NULL);
    if (i < 0)
        return;
    TP(p)->second = (uint8_t)(i + 1);
    TP(p)->phase = PH_OVER;
    UD_EMIT(s, "second %s", second_label(NULL, i));
}

#define ROW(id_, e)                                                                                         \
    {                                                                                                       \
        .id = id_, .source = "test", .section = "", .summary = "", .phase = PH_DRAW, .kind = UD_ROW_EFFECT, \
        .variant = -1, .effect = e                                                                          \
    }
/* One phase: no phase is entered between the picks, so a replay of the
 * second pick's outcomes goes on from before the first and fires
 * T-BETWEEN again (unchecked, as the replay that met the second pick
 * checked it). */
static const ud_rule rules[] = {
    ROW("T-FIRST", draw_first),
    ROW("T-BETWEEN", between),
    ROW("T-MEND", mend),
    ROW("T-SECOND", draw_second),
};

static const ud_phase phases[N_PH] = { { "draw", UD_PHASE_AUTO }, { "over", UD_PHASE_OVER } };

static bool not_broken(const ud_game *g, const void *state, ud_buf *why)
{
    (void)g;
    if (!CTP(state)->broken)
        return true;
    ud_buf_printf(why, "broken after first %s", first_label(NULL, CTP(state)->first - 1));
    return false;
}

static const ud_invariant invariants[] = { { "T-INV-BETWEEN", "never broken", not_broken } };
static const char *const chance_events[] = { "first", "second", NULL };
static const ud_action_kind actions[] = { { "none", NULL } };

static void init(void *p, const ud_setup *setup)
{
    (void)setup;
    TP(p)->phase = PH_DRAW;
}

static int to_move(const void *p)
{
    (void)p;
    return 0;
}

static void describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    (void)g;
    (void)setup;
    ud_buf_printf(out, "first=%d second=%d broken=%d", CTP(p)->first, CTP(p)->second, CTP(p)->broken);
}

static int score(const void *p, int seat)
{
    (void)seat;
    return CTP(p)->first;
}

static int winner(const void *p)
{
    (void)p;
    return 0;
}

static const ud_game two_picks_game = {
    .name = "two-picks",
    .title = "Two picks",
    .phases = phases,
    .n_phases = N_PH,
    .rules = rules,
    .n_rules = sizeof rules / sizeof rules[0],
    .invariants = invariants,
    .n_invariants = 1,
    .actions = actions,
    .n_actions = 1,
    .chance_events = chance_events,
    .min_players = 1,
    .max_players = 1,
    .state_size = sizeof(two_picks),
    .phase_offset = offsetof(two_picks, phase),
    .init = init,
    .to_move = to_move,
    .describe = describe,
    .score = score,
    .winner = winner,
};

Test(explore_replays, a_violation_between_two_picks_of_one_step_is_found)
{
    ud_setup setup;
    ud_setup_defaults(&two_picks_game, &setup);
    for (int jobs = 1; jobs <= 2; jobs++) {
        ud_explore_opts o = {
            .game = &two_picks_game, .setup = &setup, .max_depth = -1, .check_invariants = 1, .jobs = jobs
        };
        ud_explore_report rep;
        ud_buf err;
        ud_buf_init(&err);
        cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
        cr_assert(rep.violated, "the state broken between the picks was not seen");
        cr_assert_str_eq(rep.fail.id, "T-INV-BETWEEN");
        cr_assert_not_null(strstr(rep.fail.msg, "invariant broken after T-BETWEEN: broken after first three"),
                           "%s", rep.fail.msg);
        /* Depth first over the picks: the first pick's outcomes one and
         * two, each with both outcomes of the second, are the 2 * 2 leaves
         * before the replay under the prefix (three) meets the broken
         * state; it ends the enumeration there. */
        cr_assert_eq(rep.generated, 2 * SECOND_N, "leaves before the violation: %llu",
                     (unsigned long long)rep.generated);
        cr_assert_eq(rep.chance, 1 + BREAKING, "picks met: the first, then the second after one and two");
        /* The path: the first pick's third outcome, the second never drawn. */
        cr_assert_not_null(rep.trace);
        cr_assert_not_null(strstr(rep.trace, "\nfirst three "), "%s", rep.trace);
        cr_assert_null(strstr(rep.trace, "\nsecond "), "%s", rep.trace);
        ud_explore_report_free(&rep);
        ud_buf_free(&err);
    }
}

/* The same game mended: every outcome explored, every firing's state
 * fine (the control: what the test above sees is the planted break). */
Test(explore_replays, without_the_break_every_outcome_is_a_leaf)
{
    ud_game mended = two_picks_game;
    ud_rule fixed[sizeof rules / sizeof rules[0]];
    memcpy(fixed, rules, sizeof rules);
    fixed[1].effect = mend; /* T-BETWEEN breaks nothing */
    mended.rules = fixed;
    ud_setup setup;
    ud_setup_defaults(&mended, &setup);
    ud_explore_opts o = { .game = &mended, .setup = &setup, .max_depth = -1, .check_invariants = 1 };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert_not(rep.violated, "%s", rep.fail.msg);
    cr_assert_eq(rep.generated, FIRST_N * SECOND_N);
    cr_assert_eq(rep.distinct, FIRST_N * SECOND_N);
    cr_assert_eq(rep.chance, 1 + FIRST_N);
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}
