/*
 * test_engine.c - core/engine: the rule-table runner.
 *
 * ud_table_build is checked against every registered game's real table
 * under every variant combination; the runner's behaviour (offers, decide, firing
 * counts, sinks, chance failures, stuck phases, invariants) on a small
 * toy game defined here, so each case has one obvious cause.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>

#include "engine.h"
#include "support.h"

/* An action of a kind without arguments, for ud_decide. */
#define ACT(k) (&(ud_action){ .kind = (k) })

/* ---- ud_table_build on every registered game --------------------------------------------- */

/* Written from the ud_rule field comments, not from ud_rule_active. */
static bool active_under(const ud_rule *r, const int *variant)
{
    if (r->variant >= 0 && variant[r->variant] != r->value)
        return false;
    if (r->values2 == 0)
        return true;
    return (r->values2 & (1u << variant[r->variant2])) != 0;
}

static void check_table(const ud_game *g, const int *variant)
{
    ud_table t;
    memset(&t, 0xee, sizeof t);
    ud_table_build(&t, g, variant);
    cr_assert_eq(t.game, g);
    cr_assert_eq(t.effects[0], 0);
    int expected_rows = 0;
    for (int i = 0; i < g->n_rules; i++)
        expected_rows += active_under(&g->rules[i], variant);
    cr_assert_eq(t.n_rows, expected_rows, "%s: rows in the table", g->name);
    for (int ph = 0; ph < g->n_phases; ph++) {
        cr_assert_eq(t.kind[ph], g->phases[ph].kind);
        cr_assert_leq(t.effects[ph], t.offers[ph]);
        cr_assert_eq(t.offers[ph], t.effects[ph] + t.n_effects[ph] + 1, "a stop row between");
        if (ph + 1 < g->n_phases)
            cr_assert_eq(t.effects[ph + 1], t.offers[ph] + t.n_offers[ph] + 1);
        /* Each range holds exactly the active rules of that phase and kind,
         * in table order. */
        for (int kind = UD_ROW_EFFECT; kind <= UD_ROW_OFFER; kind++) {
            int k = kind == UD_ROW_EFFECT ? t.effects[ph] : t.offers[ph];
            int end = k + (kind == UD_ROW_EFFECT ? t.n_effects[ph] : t.n_offers[ph]);
            for (int i = 0; i < g->n_rules; i++) {
                const ud_rule *r = &g->rules[i];
                if (r->phase != ph || (int)r->kind != kind || !active_under(r, variant))
                    continue;
                cr_assert_lt(k, end, "%s: rule %s missing from phase %s", g->name, r->id, g->phases[ph].name);
                const ud_row *row = &t.row[k++];
                cr_assert_eq(row->rule, r, "%s: phase %s: row %s, expected %s", g->name, g->phases[ph].name,
                             row->rule->id, r->id);
                cr_assert_eq(row->index, i);
                cr_assert_eq(row->kind, r->kind);
                cr_assert_eq(row->guard, r->guard);
                cr_assert_eq(row->effect, r->effect);
            }
            cr_assert_eq(k, end, "%s: phase %s holds an extra row", g->name, g->phases[ph].name);
            cr_assert_null(t.row[end].effect, "%s: phase %s: no stop row after its rows", g->name,
                           g->phases[ph].name);
        }
    }
}

/* Every combination of every game's variant values (a game with more than
 * MAX_COMBOS of them is sampled: the first MAX_COMBOS in counting order
 * and as many random ones). */
enum { MAX_COMBOS = 8192 };

/* A game with content has both content hooks. */
Test(table_build, content_hooks_come_together)
{
    FOR_EACH_GAME(g)
    cr_assert_eq(!g->load_content, !g->load_content_memory, "%s", g->name);
}

/* A game's first use may come from several threads at once (sim and
 * verify start theirs before any game is set up): each thread's seeded
 * game is the one a single thread then plays. */
enum { FIRST_USE_THREADS = 4 };

typedef struct first_use {
    const ud_game *g;
    uint64_t seed;
    ud_result res;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
} first_use;

static void play_seed(const ud_game *g, uint64_t seed, void *state, ud_result *res)
{
    ud_match m;
    ud_match_defaults(&m, g);
    m.setup.n_players = g->min_players > 2 ? g->min_players : g->max_players < 2 ? g->max_players : 2;
    for (int i = 0; i < m.setup.n_players; i++) {
        snprintf(m.setup.names[i], UD_NAME_MAX, "p%d", i + 1);
        m.policy[i].def = &ud_policy_random;
    }
    m.seed = seed;
    ud_table t;
    ud_table_build(&t, g, m.setup.variant);
    ud_play(&m, &t, state, NULL, NULL, 1, res);
}

static void *first_use_thread(void *arg)
{
    first_use *u = arg;
    play_seed(u->g, u->seed, u->state, &u->res);
    return NULL;
}

Test(table_build, first_use_from_several_threads)
{
    FOR_EACH_GAME(g)
    {
        /* each Criterion test is a process of its own: nothing is loaded yet */
        static first_use u[FIRST_USE_THREADS];
        pthread_t th[FIRST_USE_THREADS];
        for (int i = 0; i < FIRST_USE_THREADS; i++) {
            u[i].g = g;
            u[i].seed = 100 + (uint64_t)i;
            cr_assert_eq(pthread_create(&th[i], NULL, first_use_thread, &u[i]), 0);
        }
        for (int i = 0; i < FIRST_USE_THREADS; i++)
            cr_assert_eq(pthread_join(th[i], NULL), 0);
        for (int i = 0; i < FIRST_USE_THREADS; i++) {
            static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
            ud_result again;
            play_seed(g, u[i].seed, state, &again);
            cr_assert_eq(u[i].res.status, again.status, "%s: seed %llu", g->name,
                         (unsigned long long)u[i].seed);
            cr_assert_eq(u[i].res.steps, again.steps, "%s: seed %llu", g->name,
                         (unsigned long long)u[i].seed);
            cr_assert_eq(u[i].res.winner, again.winner, "%s: seed %llu", g->name,
                         (unsigned long long)u[i].seed);
            cr_assert_eq(memcmp(u[i].state, state, g->state_size), 0, "%s: seed %llu: final states differ",
                         g->name, (unsigned long long)u[i].seed);
        }
    }
}

Test(table_build, every_variant_combination_of_every_game)
{
    FOR_EACH_GAME(g)
    {
        double combos = 1;
        for (int v = 0; v < g->n_variants; v++) {
            cr_assert_gt(g->variants[v].n_values, 0, "%s: %s has no values", g->name, g->variants[v].key);
            combos *= g->variants[v].n_values;
        }
        int n = combos > MAX_COMBOS ? 2 * MAX_COMBOS : (int)combos;
        ud_rng rng;
        ud_rng_seed(&rng, 7);
        for (int c = 0; c < n; c++) {
            int variant[UD_MAX_VARIANTS] = { 0 }, rest = c;
            if (c >= MAX_COMBOS) {
                random_variants(g, &rng, variant);
            } else {
                for (int v = 0; v < g->n_variants; v++) {
                    variant[v] = rest % g->variants[v].n_values;
                    rest /= g->variants[v].n_values;
                }
            }
            check_table(g, variant);
        }
    }
}

/* A row tied to a variant value is in the table exactly when the setting
 * has that value. */
Test(table_build, variant_rows_follow_the_setting)
{
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_rules; i++) {
            const ud_rule *r = &g->rules[i];
            if (r->variant < 0)
                continue;
            cr_assert_lt(r->variant, g->n_variants, "%s: %s", g->name, r->id);
            for (int val = 0; val < g->variants[r->variant].n_values; val++) {
                int variant[UD_MAX_VARIANTS] = { 0 };
                for (int v = 0; v < g->n_variants; v++)
                    variant[v] = g->variants[v].default_value;
                variant[r->variant] = val;
                if (r->values2 && r->variant2 != r->variant)
                    for (int v2 = 0; v2 < g->variants[r->variant2].n_values; v2++)
                        if ((r->values2 >> v2) & 1u)
                            variant[r->variant2] = v2; /* one value the row wants */
                ud_table t;
                ud_table_build(&t, g, variant);
                bool present = false;
                for (int k = 0; k < t.n_rows + 2 * g->n_phases; k++)
                    present |= t.row[k].rule == r;
                bool want =
                    val == r->value && (r->values2 == 0 || ((r->values2 >> variant[r->variant2]) & 1u));
                cr_assert_eq(present, want, "%s: %s under %s=%s", g->name, r->id, g->variants[r->variant].key,
                             g->variants[r->variant].values[val].name);
            }
        }
    }
}

/* ---- a toy game ------------------------------------------------------------------ */

typedef struct toy_state {
    uint8_t phase;
    int counter;
    int picked;
} toy_state;

enum { PH_START, PH_PICK, PH_OVER, PH_DEAD, PH_LOOP, N_PH };
enum { ACT_A, ACT_B, ACT_C };
enum { V_MODE, V_EXTRA };
enum { MODE_X, MODE_Y, MODE_Z };

#define TS(p) ((toy_state *)(p))

static void start(void *p, ud_step *s)
{
    TS(p)->counter += 1;
    UD_EMIT(s, "start");
}
static void bonus(void *p, ud_step *s) { TS(p)->counter += 1000; }
static void mode_x(void *p, ud_step *s)
{
    TS(p)->counter += 10;
    TS(p)->phase = PH_PICK;
}
static const char *coin_label(const void *ctx, int i) { return i ? "tails" : "heads"; }
static void mode_y(void *p, ud_step *s)
{
    int i = ud_pick(s, "coin", 2, coin_label, NULL);
    if (i < 0)
        return;
    TS(p)->picked = i;
    TS(p)->phase = PH_PICK;
    UD_EMIT(s, "coin %s", coin_label(NULL, i));
}
static void mode_z(void *p, ud_step *s) { TS(p)->phase = PH_LOOP; }
static void offer_ab(void *p, ud_step *s)
{
    ud_offer(s, ACT_A);
    ud_offer(s, ACT_B);
    ud_offer(s, ACT_A);
}
static void offer_c(void *p, ud_step *s) { ud_offer(s, ACT_C); }
static bool chose_a(const void *p, const ud_step *s) { return s->action.kind == ACT_A; }
static bool chose_b(const void *p, const ud_step *s) { return s->action.kind == ACT_B; }
static void do_a(void *p, ud_step *s)
{
    TS(p)->phase = PH_OVER;
    UD_EMIT(s, "did a");
}
static void do_b(void *p, ud_step *s) { TS(p)->phase = PH_DEAD; }
static void spin(void *p, ud_step *s) { TS(p)->counter++; }

#define ROW(id_, ph, kind_, var, val, g, e)                                                   \
    {                                                                                         \
        .id = id_, .source = "toy", .section = "", .summary = "", .phase = ph, .kind = kind_, \
        .variant = var, .value = val, .guard = g, .effect = e                                 \
    }
/* A row with a second condition: extra=on and mode x or y. */
#define ROW_BONUS                                                                                   \
    {                                                                                               \
        .id = "T-BONUS", .source = "toy", .section = "", .summary = "", .phase = PH_START,          \
        .kind = UD_ROW_EFFECT, .variant = V_EXTRA, .value = 1, .effect = bonus, .variant2 = V_MODE, \
        .values2 = (1u << MODE_X) | (1u << MODE_Y)                                                  \
    }

static const ud_rule toy_rules[] = {
    ROW("T-START", PH_START, UD_ROW_EFFECT, -1, 0, NULL, start),
    ROW_BONUS,
    ROW("T-MODE-X", PH_START, UD_ROW_EFFECT, V_MODE, MODE_X, NULL, mode_x),
    ROW("T-MODE-Y", PH_START, UD_ROW_EFFECT, V_MODE, MODE_Y, NULL, mode_y),
    ROW("T-MODE-Z", PH_START, UD_ROW_EFFECT, V_MODE, MODE_Z, NULL, mode_z),
    ROW("T-OFFER-AB", PH_PICK, UD_ROW_OFFER, -1, 0, NULL, offer_ab),
    ROW("T-OFFER-C", PH_PICK, UD_ROW_OFFER, V_EXTRA, 1, NULL, offer_c),
    ROW("T-DO-A", PH_PICK, UD_ROW_EFFECT, -1, 0, chose_a, do_a),
    ROW("T-DO-B", PH_PICK, UD_ROW_EFFECT, -1, 0, chose_b, do_b),
    ROW("T-SPIN", PH_LOOP, UD_ROW_EFFECT, -1, 0, NULL, spin),
};
enum { N_TOY_RULES = sizeof toy_rules / sizeof toy_rules[0] };

static const ud_phase toy_phases[N_PH] = {
    { "start", UD_PHASE_AUTO }, { "pick", UD_PHASE_DECISION }, { "over", UD_PHASE_OVER },
    { "dead", UD_PHASE_AUTO },  { "loop", UD_PHASE_AUTO },
};
static const ud_variant_value mode_values[] = { { .name = "x" }, { .name = "y" }, { .name = "z" } };
static const ud_variant_value extra_values[] = { { .name = "off" }, { .name = "on" } };
static const ud_variant toy_variants[] = {
    { .key = "mode", .n_values = 3, .values = mode_values, .default_value = MODE_X },
    { .key = "extra", .n_values = 2, .values = extra_values, .default_value = 0 },
};
static bool below_13(const ud_game *g, const void *p, ud_buf *why)
{
    if (TS(p)->counter < 13)
        return true;
    ud_buf_printf(why, "counter %d", TS(p)->counter);
    return false;
}
static const ud_invariant toy_invariants[] = {
    { .id = "T-INV", .summary = "counter below 13", .holds = below_13 }
};
static const ud_action_kind toy_actions[] = { { "a", NULL }, { "b", NULL }, { "c", NULL } };
static void toy_init(void *p, const ud_setup *setup) { TS(p)->phase = PH_START; }
static int toy_to_move(const void *p) { return 0; }
static void toy_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    ud_buf_printf(out, "counter=%d", TS(p)->counter);
}
static int toy_score(const void *p, int seat) { return TS(p)->counter; }
static int toy_winner(const void *p) { return 0; }

static const ud_game toy = {
    .name = "toy",
    .title = "Toy",
    .phases = toy_phases,
    .n_phases = N_PH,
    .rules = toy_rules,
    .n_rules = N_TOY_RULES,
    .variants = toy_variants,
    .n_variants = 2,
    .invariants = toy_invariants,
    .n_invariants = 1,
    .actions = toy_actions,
    .n_actions = 3,
    .min_players = 1,
    .max_players = 2,
    .state_size = sizeof(toy_state),
    .phase_offset = offsetof(toy_state, phase),
    .init = toy_init,
    .to_move = toy_to_move,
    .describe = toy_describe,
    .score = toy_score,
    .winner = toy_winner,
};

typedef struct toy_run {
    ud_table table;
    ud_setup setup;
    ud_rng rng;
    ud_chance chance;
    ud_step step;
    toy_state state;
    uint64_t fired[N_TOY_RULES];
} toy_run;

static ud_status toy_start(toy_run *r, int mode, int extra, ud_sink *sink)
{
    memset(r, 0, sizeof *r);
    r->setup.n_players = 1;
    strcpy(r->setup.names[0], "solo");
    r->setup.variant[V_MODE] = mode;
    r->setup.variant[V_EXTRA] = extra;
    ud_table_build(&r->table, &toy, r->setup.variant);
    ud_rng_seed(&r->rng, 1);
    ud_chance_from_rng(&r->chance, &r->rng);
    ud_step_init(&r->step, &r->table, &r->setup, &r->chance, sink, r->fired);
    /* The toy's states break its invariant on purpose; the case that wants
     * checks turns them on itself (sanitizer builds default to on). */
    r->step.check_invariants = 0;
    return ud_start(&r->step, &r->state);
}

static int rule_index(const char *id)
{
    const ud_rule *r = ud_game_rule(&toy, id);
    cr_assert_not_null(r, "%s", id);
    return ud_game_rule_index(&toy, r);
}

Test(engine, toy_table_has_only_chosen_variant_rows)
{
    ud_table t;
    int variant[UD_MAX_VARIANTS] = { MODE_Y, 0 };
    ud_table_build(&t, &toy, variant);
    /* start phase: T-START and T-MODE-Y; pick phase: T-DO-A, T-DO-B effects
     * then T-OFFER-AB (T-OFFER-C is extra=on only). */
    cr_assert_eq(t.n_effects[PH_START], 2);
    cr_assert_str_eq(t.row[t.effects[PH_START]].rule->id, "T-START");
    cr_assert_str_eq(t.row[t.effects[PH_START] + 1].rule->id, "T-MODE-Y");
    cr_assert_null(t.row[t.effects[PH_START] + 2].effect, "the stop row");
    cr_assert_eq(t.n_effects[PH_PICK], 2);
    cr_assert_eq(t.n_offers[PH_PICK], 1);
    cr_assert_str_eq(t.row[t.offers[PH_PICK]].rule->id, "T-OFFER-AB");
    cr_assert_eq(t.n_rows, 6);
}

Test(engine, second_variant_condition_selects_rows)
{
    for (int mode = MODE_X; mode <= MODE_Z; mode++)
        for (int extra = 0; extra <= 1; extra++) {
            ud_table t;
            int variant[UD_MAX_VARIANTS] = { mode, extra };
            ud_table_build(&t, &toy, variant);
            int bonus_rows = 0;
            for (int k = 0; k < t.n_rows + 2 * N_PH; k++)
                bonus_rows += t.row[k].rule && strcmp(t.row[k].rule->id, "T-BONUS") == 0;
            cr_assert_eq(bonus_rows, extra == 1 && mode != MODE_Z, "mode %d extra %d", mode, extra);
        }
    toy_run r;
    toy_start(&r, MODE_Y, 1, NULL);
    cr_assert_eq(r.fired[rule_index("T-BONUS")], 1);
    cr_assert_eq(r.state.counter, 1001);
}

Test(engine, start_runs_to_the_first_decision_and_counts_firings)
{
    toy_run r;
    cr_assert_eq(toy_start(&r, MODE_X, 0, NULL), UD_DECIDE);
    cr_assert_eq(r.state.phase, PH_PICK);
    cr_assert_eq(r.state.counter, 11);
    cr_assert_eq(r.fired[rule_index("T-START")], 1);
    cr_assert_eq(r.fired[rule_index("T-MODE-X")], 1);
    cr_assert_eq(r.fired[rule_index("T-MODE-Y")], 0);
    cr_assert_eq(r.fired[rule_index("T-OFFER-AB")], 1);
    cr_assert_eq(r.step.steps, 3);
    /* ud_offer ignores a repeated action. */
    cr_assert_eq(r.step.offers.n, 2);
    cr_assert_eq(r.step.offers.action[0].kind, ACT_A);
    cr_assert_eq(r.step.offers.action[1].kind, ACT_B);
    cr_assert_str_eq(r.step.offers.by[0]->id, "T-OFFER-AB");
}

Test(engine, offers_remember_the_offering_row)
{
    toy_run r;
    cr_assert_eq(toy_start(&r, MODE_X, 1, NULL), UD_DECIDE);
    cr_assert_eq(r.step.offers.n, 3);
    cr_assert_eq(r.step.offers.action[2].kind, ACT_C);
    cr_assert_str_eq(r.step.offers.by[2]->id, "T-OFFER-C");
}

Test(engine, decide_an_offered_action)
{
    toy_run r;
    toy_start(&r, MODE_X, 0, NULL);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(ACT_A)), UD_OVER);
    cr_assert_eq(r.fired[rule_index("T-DO-A")], 1);
    cr_assert_eq(r.fired[rule_index("T-DO-B")], 0);
    cr_assert_eq(r.step.action.kind, -1, "the action is cleared after the decision");
}

Test(engine, decide_rejects_an_action_not_offered)
{
    toy_run r;
    toy_start(&r, MODE_X, 0, NULL);
    toy_state before = r.state;
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(ACT_C)), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_RULE);
    cr_assert_str_eq(r.step.fail.id, "T-OFFER-AB", "the offering rule is named");
    cr_assert_str_eq(r.step.fail.msg, "'c' is not allowed here; the rules allow a|b");
    cr_assert_eq(memcmp(&before, &r.state, sizeof before), 0, "a refused action changes nothing");
}

Test(engine, decide_rejects_an_unknown_action_number)
{
    toy_run r;
    toy_start(&r, MODE_X, 0, NULL);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(99)), UD_ERROR);
    cr_assert_str_eq(r.step.fail.id, "T-OFFER-AB");
    cr_assert_not_null(strstr(r.step.fail.msg, "'?99' is not allowed"), "%s", r.step.fail.msg);
    toy_start(&r, MODE_X, 0, NULL);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(-1)), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_RULE);
}

Test(engine, decision_that_changes_nothing_is_an_invariant_failure)
{
    toy_run r;
    toy_start(&r, MODE_X, 1, NULL);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(ACT_C)), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_str_eq(r.step.fail.id, "T-OFFER-C");
    cr_assert_not_null(strstr(r.step.fail.msg, "decision 'c' changed nothing"));
}

Test(engine, auto_phase_where_no_rule_fires)
{
    toy_run r;
    toy_start(&r, MODE_X, 0, NULL);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(ACT_B)), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_str_eq(r.step.fail.msg, "no rule fires in phase dead");
}

Test(engine, endless_auto_phase_is_stopped)
{
    toy_run r;
    cr_assert_eq(toy_start(&r, MODE_Z, 0, NULL), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_not_null(strstr(r.step.fail.msg, "no decision, end or drawn outcome after 100000 rows fired"),
                       "%s", r.step.fail.msg);
    cr_assert_gt(r.fired[rule_index("T-SPIN")], 1000);
}

Test(engine, invariants_checked_after_every_firing_when_asked)
{
    toy_run r;
    memset(&r, 0, sizeof r);
    r.setup.n_players = 1;
    strcpy(r.setup.names[0], "solo");
    r.setup.variant[V_MODE] = MODE_Z;
    ud_table_build(&r.table, &toy, r.setup.variant);
    ud_rng_seed(&r.rng, 1);
    ud_chance_from_rng(&r.chance, &r.rng);
    ud_step_init(&r.step, &r.table, &r.setup, &r.chance, NULL, r.fired);
    r.step.check_invariants = 1;
    cr_assert_eq(ud_start(&r.step, &r.state), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_INVARIANT);
    cr_assert_str_eq(r.step.fail.id, "T-INV");
    cr_assert_eq(r.state.counter, 13, "stopped at the first violation");
    cr_assert_not_null(strstr(r.step.fail.msg, "invariant broken after T-SPIN: counter 13"), "%s",
                       r.step.fail.msg);
    cr_assert_not_null(strstr(r.step.fail.msg, "state: counter=13"), "%s", r.step.fail.msg);
}

/* A sink that records lines and the rule behind each. */
typedef struct rec {
    char lines[16][128];
    const ud_rule *rules[16];
    int n;
} rec;

static void rec_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    rec *r = k->ctx;
    cr_assert_lt(r->n, 16);
    snprintf(r->lines[r->n], sizeof r->lines[0], "%s", text);
    r->rules[r->n++] = rule;
}

Test(engine, sink_gets_lines_with_their_rules_and_a_state_line_at_decisions)
{
    rec lines = { .n = 0 };
    ud_sink sink = { rec_line, &lines };
    toy_run r;
    cr_assert_eq(toy_start(&r, MODE_X, 0, &sink), UD_DECIDE);
    cr_assert_eq(lines.n, 2);
    cr_assert_str_eq(lines.lines[0], "start");
    cr_assert_str_eq(lines.rules[0]->id, "T-START");
    cr_assert_str_eq(lines.lines[1], "= counter=11");
    cr_assert_null(lines.rules[1]);
    cr_assert_eq(ud_decide(&r.step, &r.state, ACT(ACT_A)), UD_OVER);
    cr_assert_eq(lines.n, 4);
    cr_assert_str_eq(lines.lines[2], "decide solo a");
    cr_assert_str_eq(lines.rules[2]->id, "T-OFFER-AB", "a decide line is tagged with its offer");
    cr_assert_str_eq(lines.lines[3], "did a");
    cr_assert_str_eq(lines.rules[3]->id, "T-DO-A");
}

static int refuse(ud_chance *c, const ud_pick_req *p)
{
    snprintf(c->why, sizeof c->why, "no %s today", p->event);
    return -1;
}

static int out_of_range(ud_chance *c, const ud_pick_req *p) { return p->n; }

Test(engine, chance_refusal_fails_with_the_rule_and_reason)
{
    toy_run r;
    memset(&r, 0, sizeof r);
    r.setup.n_players = 1;
    r.setup.variant[V_MODE] = MODE_Y;
    ud_table_build(&r.table, &toy, r.setup.variant);
    r.chance.pick = refuse;
    ud_step_init(&r.step, &r.table, &r.setup, &r.chance, NULL, r.fired);
    cr_assert_eq(ud_start(&r.step, &r.state), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_RULE);
    cr_assert_str_eq(r.step.fail.id, "T-MODE-Y");
    cr_assert_str_eq(r.step.fail.msg, "no coin today");
}

Test(engine, chance_outcome_out_of_range_is_refused)
{
    toy_run r;
    memset(&r, 0, sizeof r);
    r.setup.n_players = 1;
    r.setup.variant[V_MODE] = MODE_Y;
    ud_table_build(&r.table, &toy, r.setup.variant);
    r.chance.pick = out_of_range;
    ud_step_init(&r.step, &r.table, &r.setup, &r.chance, NULL, r.fired);
    cr_assert_eq(ud_start(&r.step, &r.state), UD_ERROR);
    cr_assert_eq(r.step.fail.kind, UD_FAIL_RULE);
    cr_assert_str_eq(r.step.fail.msg, "no outcome available");
}

Test(engine, byte_stream_chooses_the_outcome)
{
    for (uint8_t b = 0; b < 4; b++) {
        toy_run r;
        memset(&r, 0, sizeof r);
        r.setup.n_players = 1;
        r.setup.variant[V_MODE] = MODE_Y;
        ud_table_build(&r.table, &toy, r.setup.variant);
        ud_bytes bytes;
        ud_bytes_init(&bytes, &b, 1);
        ud_chance_from_bytes(&r.chance, &bytes);
        ud_step_init(&r.step, &r.table, &r.setup, &r.chance, NULL, r.fired);
        cr_assert_eq(ud_start(&r.step, &r.state), UD_DECIDE);
        cr_assert_eq(r.state.picked, b % 2);
        cr_assert_eq(bytes.pos, 1);
    }
}

Test(engine, first_failure_is_kept)
{
    ud_step s;
    ud_step_init(&s, NULL, NULL, NULL, NULL, NULL);
    cr_assert_eq(s.action.kind, -1);
    ud_failf(&s, UD_FAIL_RULE, "FIRST", "one %d", 1);
    ud_failf(&s, UD_FAIL_INVARIANT, "SECOND", "two");
    cr_assert_eq(s.fail.kind, UD_FAIL_RULE);
    cr_assert_str_eq(s.fail.id, "FIRST");
    cr_assert_str_eq(s.fail.msg, "one 1");
}

Test(engine, player_names_by_seat)
{
    ud_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.n_players = 2;
    strcpy(setup.names[0], "ann");
    strcpy(setup.names[1], "bo");
    ud_step s;
    ud_step_init(&s, NULL, &setup, NULL, NULL, NULL);
    cr_assert_str_eq(ud_player(&s, 0), "ann");
    cr_assert_str_eq(ud_player(&s, 1), "bo");
    cr_assert_str_eq(ud_player(&s, 2), "?");
    cr_assert_str_eq(ud_player(&s, -1), "?");
}

Test(game_lookup, rules_actions_and_chance_verbs)
{
    FOR_EACH_GAME(g)
    {
        for (int i = 0; i < g->n_rules; i++) {
            const ud_rule *r = ud_game_rule(g, g->rules[i].id);
            cr_assert_eq(r, &g->rules[i], "%s: rule %s is found as itself", g->name, g->rules[i].id);
            cr_assert_eq(ud_game_rule_index(g, r), i);
        }
        cr_assert_null(ud_game_rule(g, "NO-SUCH-RULE"));
        for (int k = 0; k < g->n_actions; k++) {
            cr_assert_eq(ud_game_action(g, g->actions[k].name), k, "%s: action %s", g->name,
                         g->actions[k].name);
            /* A proper prefix of a name is not the name. */
            char prefix[UD_NAME_MAX];
            snprintf(prefix, sizeof prefix, "%s", g->actions[k].name);
            size_t len = strlen(prefix);
            if (len > 1) {
                prefix[len - 1] = '\0';
                int found = ud_game_action(g, prefix);
                cr_assert(found == -1 || strcmp(g->actions[found].name, prefix) == 0, "%s: '%s' found as %d",
                          g->name, prefix, found);
            }
        }
        cr_assert_eq(ud_game_action(g, "no-such-action"), -1);
        for (const char *const *v = g->chance_events; v && *v; v++)
            cr_assert(ud_game_is_chance_event(g, *v), "%s: %s", g->name, *v);
        cr_assert_not(ud_game_is_chance_event(g, "decide"), "%s", g->name);
        cr_assert_not(ud_game_is_chance_event(g, "="), "%s", g->name);
    }
    cr_assert_not(ud_game_is_chance_event(&toy, "draw"), "a game without chance verbs");
}
