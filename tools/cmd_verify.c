/*
 * cmd_verify.c - `undead verify`: the main job.  For every built-in game
 * (or those named): the rule-table self-checks, every golden transcript,
 * a seeded simulation per variant reading (measured against the defaults,
 * for the FAQ), seeded simulations over the variant combinations with
 * invariants on, and a replay of the fuzz corpora; then one summary row
 * per game.  Everything is recorded in the results database:
 *
 *   run "verify" (one per game)   params, summary metrics, coverage of
 *                                 every step, failed games as cases
 *   run "solve" per analysis      param verify-run, from its start (the verify
 *                                 run is written first, status running)
 *   run "golden"                  the golden cases, as `undead golden check`
 *   run "sim" per reading         param verify-run (the verify run's id) and
 *                                 verify-reading (KEY=VALUE, "defaults", or
 *                                 "baseline of KEY=VALUE" for a reading
 *                                 measured by other players than the usual:
 *                                 the same players with KEY at its default,
 *                                 played once for all readings it serves),
 *                                 verify-policy and verify-players (who played;
 *                                 start, from rec_match: where the games began);
 *                                 metrics with 95% confidence half-widths
 *                                 (NAME:ci95); the first games as cases
 *
 * The FAQ (cmd_faq.c) reads the newest complete verify run of a game and
 * the runs that name it.
 *
 * Which combinations are simulated: a game with many variant keys has too
 * many to play them all (Zombie Dice: 1024).  A key whose every reading
 * changes the active rule rows on its own is a main key; every combination
 * of the main keys is played.  The other keys (readings that matter only
 * with another, e.g. Santa's helmet only with Santa in the cup) are played
 * in every combination of their own, together with the first main reading
 * that brings them to life.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "fuzzing.h"
#include "golden.h"
#include "pieces.h"
#include "record.h"
#include "selfcheck.h"
#include "setup.h"
#include "simulate.h"

static const char usage[] =
    "usage: undead verify [GAME...] [options]\n"
    "Runs every check on every built-in game (or the named ones), records the runs in the\n"
    "results database and prints a summary.\n"
    "  --golden DIR          golden directory (default golden)\n"
    "  --fuzz DIR            fuzz directory holding corpus/ (default fuzz)\n"
    "  --games N             simulated games per variant combination (default 500)\n"
    "  --reading-games N     games per variant reading, measured against the defaults\n"
    "                        (default 20000; the FAQ shows these)\n"
    "  --seed N              first seed of the reading simulations (default 1)\n"
    "  --jobs N              threads for the simulations (default: every core); the\n"
    "                        figures are the same for any N\n"
    "  --max-memory SIZE     the bytes each exploration (and each analysis's) may grow to\n"
    "                        (512M, 4G; default: half the machine's memory)\n"
    "  --skip-analysis NAME  leave out the exact analysis NAME (undead solve GAME NAME) of\n"
    "                        every game; repeatable (the sanitizer build's test fixture\n"
    "                        leaves out the slowest)\n"
    REC_HELP
    "Exit 1 if any check fails.\n";

enum { READING_PLAYERS = 2, READING_DB_CASES = 20, MAX_COMBOS = 4096 };

typedef struct verify_opts {
    const char *golden_dir, *fuzz_dir;
    uint64_t games, reading_games, seed;
    int jobs;
    uint64_t max_memory;       /* --max-memory; 0: the default */
    const char *skip[8];       /* --skip-analysis */
    int n_skip;
    rec_opts ro;
} verify_opts;

typedef struct verify_row {
    int rules, covered, cases, cases_failed, problems, readings, combos;
    uint64_t simulated, corpus, explored;
    int bounds;                /* exploration bounds the game has */
    int violations;
} verify_row;

static void progress(const char *game, const char *step, int i, int n)
{
    if (!isatty(STDERR_FILENO))
        return;
    if (n > 0)
        fprintf(stderr, "\r\033[K%s: %s %d/%d", game, step, i, n);
    else
        fprintf(stderr, "\r\033[K%s: %s...", game, step);
    fflush(stderr);
}

/* ---- which combinations -------------------------------------------------- */

/* Do the rows differ between two variant settings: a row in one table
 * and not the other, or a row in both that consults a key the two settings
 * read differently (ud_rule.reads)? */
static bool rows_differ(const ud_game *g, const int *a, const int *b)
{
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        bool in_a = ud_rule_active(rule, a);
        if (in_a != ud_rule_active(rule, b))
            return true;
        for (int v = 0; in_a && rule->reads && v < g->n_variants; v++)
            if (((rule->reads >> v) & 1u) && a[v] != b[v])
                return true;
    }
    return false;
}

static void defaults(const ud_game *g, int *variant)
{
    for (int v = 0; v < UD_MAX_VARIANTS; v++)
        variant[v] = v < g->n_variants ? g->variants[v].default_value : 0;
}

/* Reading (v, x) changes the rows on its own. */
static bool alone(const ud_game *g, int v, int x)
{
    int a[UD_MAX_VARIANTS], b[UD_MAX_VARIANTS];
    defaults(g, a);
    defaults(g, b);
    b[v] = x;
    return rows_differ(g, a, b);
}

/* A main key: every reading changes the rows alone. */
static bool main_key(const ud_game *g, int v)
{
    for (int x = 0; x < g->variants[v].n_values; x++)
        if (x != g->variants[v].default_value && !alone(g, v, x))
            return false;
    return true;
}

/* The first reading (w, y) of another key with which (v, x) changes the
 * rows; false if there is none. */
static bool companion(const ud_game *g, int v, int x, int *w_out, int *y_out)
{
    for (int w = 0; w < g->n_variants; w++)
        for (int y = 0; w != v && y < g->variants[w].n_values; y++) {
            int a[UD_MAX_VARIANTS], b[UD_MAX_VARIANTS];
            defaults(g, a);
            a[w] = y;
            memcpy(b, a, sizeof a);
            b[v] = x;
            if (rows_differ(g, a, b)) {
                *w_out = w;
                *y_out = y;
                return true;
            }
        }
    return false;
}

/* Every combination to simulate, as variant arrays; returns the count. */
static int plan_combinations(const ud_game *g, int (*out)[UD_MAX_VARIANTS], int max)
{
    bool is_main[UD_MAX_VARIANTS];
    int wake_w = -1, wake_y = 0;
    /* A key whose readings change no row under any companion cannot
     * pass the self-check (ud_game_check_keys_used), so every key here is
     * main or has a companion. */
    for (int v = 0; v < g->n_variants; v++) {
        is_main[v] = main_key(g, v);
        for (int x = 0; !is_main[v] && wake_w < 0 && x < g->variants[v].n_values; x++)
            if (x != g->variants[v].default_value)
                companion(g, v, x, &wake_w, &wake_y);
    }
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: every combination of the main keys; pass 1: of the others */
        int count = 1;
        for (int v = 0; v < g->n_variants; v++)
            if (is_main[v] == (pass == 0))
                count *= g->variants[v].n_values;
        if (pass == 1 && count == 1)
            break;
        for (int k = 0; k < count && n < max; k++) {
            defaults(g, out[n]);
            if (pass == 1 && wake_w >= 0)
                out[n][wake_w] = wake_y;
            int rest = k;
            for (int v = 0; v < g->n_variants; v++)
                if (is_main[v] == (pass == 0)) {
                    out[n][v] = rest % g->variants[v].n_values;
                    rest /= g->variants[v].n_values;
                }
            n++;
        }
    }
    return n;
}

/* ---- simulation ---------------------------------------------------------- */

static int simulate_combos(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                           uint64_t *fired)
{
    static int combo[MAX_COMBOS][UD_MAX_VARIANTS];
    int combos = plan_combinations(g, combo, MAX_COMBOS);
    row->combos = combos;
    int failures = 0;
    sim_stats *st = malloc(sizeof *st);
    if (!st)
        return 1;
    for (int k = 0; k < combos; k++) {
        if (k % 8 == 0)
            progress(g->name, "variant combinations", k, combos);
        ud_match m;
        ud_match_defaults(&m, g);
        memcpy(m.setup.variant, combo[k], sizeof m.setup.variant);
        /* three table sizes in turn, from the smallest the game allows */
        int span = g->max_players - g->min_players + 1;
        m.setup.n_players = g->min_players + k % (span < 3 ? span : 3);
        for (int p = 0; p < m.setup.n_players; p++) {
            snprintf(m.setup.names[p], UD_NAME_MAX, "p%d", p + 1);
            int pol = (k + p) % (g->n_policies + 1);
            m.policy[p].def = pol < g->n_policies && !g->policies[pol].costly ? &g->policies[pol]
                                                                             : &ud_policy_random;
            m.policy[p].param = m.policy[p].def->def_param;
        }
        m.seed = 1 + (uint64_t)k * o->games;
        if (!simulate_jobs(&m, o->games, 1, o->jobs, st)) {
            free(st);
            return failures + 1;
        }
        row->simulated += st->games;
        for (int r = 0; r < g->n_rules; r++)
            fired[r] += st->fired[r];
        if (st->failed) {
            printf("%s: simulated game with seed %llu failed: %s: %s\n", g->name,
                   (unsigned long long)st->failed_game, st->fail.id ? st->fail.id : "engine",
                   st->fail.msg);
            rec_replay_game(vr, "sim", &m, st->failed_game, 1);
            row->violations++;
            failures++;
        }
    }
    free(st);
    return failures;
}

/* Per-game sums for a ratio's confidence interval (delta method). */
typedef struct ratio_sums {
    double n, d, nn, dd, nd;
} ratio_sums;

static double ci95_mean(double sum, double sumsq, double games)
{
    if (games < 2)
        return 0;
    double mean = sum / games, var = (sumsq / games - mean * mean) * games / (games - 1);
    return 1.96 * sqrt(var > 0 ? var / games : 0);
}

static double ci95_ratio(const ratio_sums *s, double games)
{
    if (games < 2 || s->d <= 0)
        return 0;
    double r = s->n / s->d, dbar = s->d / games;
    double e2 = (s->nn - 2 * r * s->nd + r * r * s->dd) / (games - 1);
    return 1.96 * sqrt(e2 > 0 ? e2 / games : 0) / dbar;
}

static int rule_index(const ud_game *g, const char *id)
{
    const ud_rule *r = ud_game_rule(g, id);
    return r ? (int)(r - g->rules) : -1;
}

/* One reading's simulation: `undead sim` with per-game sums kept for the
 * confidence intervals, recorded as its own sim run. */
/* What a reading's games add up to: counts, and sums of squares for the
 * confidence intervals.  Every value is a whole number (a double holds
 * these sums exactly), so pieces added in order give the same figures
 * whatever thread played them. */
typedef struct reading_sums {
    uint64_t total[UD_MAX_RULES];
    ratio_sums rs[16];
    double wins[UD_MAX_PLAYERS], shared, nobody, decisions, dec_sq;
    uint64_t games;
    int failed;
    uint64_t failed_seed;
    ud_failure fail;
} reading_sums;

/* A stretch of a reading's games: the piece a thread plays. */
typedef struct reading_piece {
    const ud_match *m;
    uint64_t first, games;
    reading_sums sums;
} reading_piece;

static void play_reading_piece(void *arg)
{
    reading_piece *pc = arg;
    const ud_match *m = pc->m;
    const ud_game *g = m->game;
    reading_sums *r = &pc->sums;
    ud_table t;
    ud_table_build(&t, g, m->setup.variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    uint64_t game_fired[UD_MAX_RULES];
    int n_ratios = g->n_ratios < 16 ? g->n_ratios : 16;
    ud_match game = *m;
    for (uint64_t i = pc->first; i < pc->first + pc->games; i++) {
        game.seed = m->seed + i;
        memset(game_fired, 0, sizeof game_fired);
        ud_result res;
        ud_play(&game, &t, state, NULL, game_fired, 1, &res);
        if (res.status != UD_OVER) {
            r->failed = 1;
            r->failed_seed = game.seed;
            r->fail = res.fail;
            return;
        }
        r->games++;
        for (int k = 0; k < g->n_rules; k++)
            r->total[k] += game_fired[k];
        /* each seat's outcome, as the game reports it */
        bool any_shared = false, any_win = false;
        for (int p = 0; p < m->setup.n_players; p++) {
            r->wins[p] += res.outcome[p] == UD_SEAT_WON;
            any_shared |= res.outcome[p] == UD_SEAT_SHARED;
            any_win |= res.outcome[p] == UD_SEAT_WON || res.outcome[p] == UD_SEAT_SHARED;
        }
        r->shared += any_shared;
        r->nobody += !any_win;
        r->decisions += (double)res.decisions;
        r->dec_sq += (double)res.decisions * (double)res.decisions;
        for (int k = 0; k < n_ratios; k++) {
            int a = rule_index(g, g->ratios[k].numerator), b = rule_index(g, g->ratios[k].denominator);
            double x = a >= 0 ? (double)game_fired[a] : 0, y = b >= 0 ? (double)game_fired[b] : 0;
            r->rs[k].n += x;
            r->rs[k].d += y;
            r->rs[k].nn += x * x;
            r->rs[k].dd += y * y;
            r->rs[k].nd += x * y;
        }
    }
}

static void add_reading_sums(reading_sums *to, const reading_sums *from)
{
    for (int k = 0; k < UD_MAX_RULES; k++)
        to->total[k] += from->total[k];
    for (int k = 0; k < 16; k++) {
        to->rs[k].n += from->rs[k].n;
        to->rs[k].d += from->rs[k].d;
        to->rs[k].nn += from->rs[k].nn;
        to->rs[k].dd += from->rs[k].dd;
        to->rs[k].nd += from->rs[k].nd;
    }
    for (int p = 0; p < UD_MAX_PLAYERS; p++)
        to->wins[p] += from->wins[p];
    to->shared += from->shared;
    to->nobody += from->nobody;
    to->decisions += from->decisions;
    to->dec_sq += from->dec_sq;
    to->games += from->games;
}

/* The reading's games on o->jobs threads, summed in order up to the first
 * failure (as one thread playing them in turn would).  False when out of
 * memory. */
static bool play_reading(const ud_match *m, const verify_opts *o, reading_sums *sums)
{
    int n = o->jobs > 1 ? o->jobs * 4 : 1;
    reading_piece *piece = calloc((size_t)n, sizeof *piece);
    if (!piece)
        return false;
    for (int j = 0; j < n; j++) {
        piece[j].m = m;
        ud_piece_range(o->reading_games, j, n, &piece[j].first, &piece[j].games);
    }
    ud_run_pieces(o->jobs, piece, n, sizeof *piece, play_reading_piece);
    memset(sums, 0, sizeof *sums);
    for (int j = 0; j < n; j++) {
        add_reading_sums(sums, &piece[j].sums);
        if (piece[j].sums.failed) {
            sums->failed = 1;
            sums->failed_seed = piece[j].sums.failed_seed;
            sums->fail = piece[j].sums.fail;
            break;
        }
    }
    free(piece);
    return true;
}

/* Who plays a reading's games: every seat on one policy, from the game's
 * start or from a position of its own (start lines, NULL-ended). */
typedef struct measurer {
    ud_policy policy;
    int players;
    const char *const *start;   /* NULL: the game's own start */
} measurer;

/* The usual measuring game (two seats on the game's first policy), or the
 * one reading (v, x) asks for (ud_game.reading_measures).
 * False, with a message, when the game names a policy it does not have. */
static bool measurer_of(const ud_game *g, int v, int x, measurer *out, ud_buf *err)
{
    const ud_reading_measure *val = NULL;
    for (int i = 0; v >= 0 && i < g->n_reading_measures; i++)
        if (strcmp(g->reading_measures[i].key, g->variants[v].key) == 0 &&
            strcmp(g->reading_measures[i].value, g->variants[v].values[x].name) == 0)
            val = &g->reading_measures[i];
    int want = val && val->players > 0 ? val->players : READING_PLAYERS;
    out->players = want < g->min_players ? g->min_players : want > g->max_players ? g->max_players : want;
    out->start = val && val->start[0] ? val->start : NULL;
    if (val && val->policy)
        return ud_policy_parse(g, val->policy, &out->policy, err);
    out->policy.def = g->n_policies ? &g->policies[0] : &ud_policy_random;
    out->policy.param = out->policy.def->def_param;
    return true;
}

static int start_lines(const measurer *who)
{
    int n = 0;
    while (who->start && n < UD_MEASURE_START && who->start[n])
        n++;
    return n;
}

static bool same_measurer(const measurer *a, const measurer *b)
{
    int n = start_lines(a);
    bool same = a->players == b->players && a->policy.def == b->policy.def && a->policy.param == b->policy.param &&
                n == start_lines(b);
    for (int i = 0; same && i < n; i++)
        same = strcmp(a->start[i], b->start[i]) == 0;
    return same;
}

static int simulate_reading(const ud_game *g, const verify_opts *o, recorder *vr, int64_t verify_run,
                            const int *variant, const measurer *who, const char *reading, verify_row *row,
                            uint64_t *fired)
{
    ud_match m;
    ud_match_defaults(&m, g);
    memcpy(m.setup.variant, variant, sizeof m.setup.variant);
    m.setup.n_players = who->players;
    for (int p = 0; p < m.setup.n_players; p++) {
        snprintf(m.setup.names[p], UD_NAME_MAX, "p%d", p + 1);
        m.policy[p] = who->policy;
    }
    ud_buf serr;
    ud_buf_init(&serr);
    for (int i = 0; i < start_lines(who); i++)
        if (!ud_setup_start(&m.setup, who->start[i], &serr)) {
            /* a game's own table: test_setup checks every line fits */
            printf("%s: reading %s: start '%s': %s\n", g->name, reading, who->start[i], ud_buf_str(&serr));
            ud_buf_free(&serr);
            row->violations++;
            return 1;
        }
    ud_buf_free(&serr);
    m.seed = o->seed;
    char policy[96];
    ud_policy_format(&who->policy, policy, sizeof policy);

    reading_sums *sums = malloc(sizeof *sums);
    if (!sums || !play_reading(&m, o, sums)) {
        free(sums);
        printf("%s: reading %s: out of memory\n", g->name, reading);
        row->violations++;
        return 1;
    }
    int n_ratios = g->n_ratios < 16 ? g->n_ratios : 16;
    const uint64_t *total = sums->total;
    const ratio_sums *rs = sums->rs;
    const double *wins = sums->wins;
    double shared = sums->shared, nobody = sums->nobody, decisions = sums->decisions, dec_sq = sums->dec_sq;
    uint64_t games = sums->games;
    int failed = sums->failed;
    if (failed) {
        printf("%s: reading %s: game with seed %llu failed: %s: %s\n", g->name, reading,
               (unsigned long long)sums->failed_seed, sums->fail.id ? sums->fail.id : "engine",
               sums->fail.msg);
        rec_replay_game(vr, "sim", &m, sums->failed_seed, 1);
    }
    row->simulated += games;
    for (int r = 0; r < g->n_rules; r++)
        fired[r] += total[r];

    /* Recorded as a sim run of its own, so `undead db` and the named
     * queries see it like any other. */
    recorder sr = { .db = vr->db };
    if (vr->db) {
        ud_buf cl;
        ud_buf_init(&cl);
        ud_buf_printf(&cl, "undead sim %s --games %llu --seed %llu --players ", g->name,
                      (unsigned long long)o->reading_games, (unsigned long long)m.seed);
        for (int p = 0; p < m.setup.n_players; p++)
            ud_buf_printf(&cl, "%s%s", p ? "," : "", m.setup.names[p]);
        ud_buf_printf(&cl, " --policy %s", policy);
        for (int i = 0; i < m.setup.n_start; i++)
            ud_buf_printf(&cl, " --start \"%s\"", m.setup.start[i]);
        for (int v = 0; v < g->n_variants; v++)
            if (variant[v] != g->variants[v].default_value)
                ud_buf_printf(&cl, " --variant %s=%s", g->variants[v].key,
                              g->variants[v].values[variant[v]].name);
        db_run run = { .command = "sim", .command_line = ud_buf_str(&cl), .game = g->name };
        sr.run = db_run_begin(vr->db, &run);
        ud_buf_free(&cl);
    }
    rec_match(&sr, &m);
    rec_param(&sr, "games", "%llu", (unsigned long long)o->reading_games);
    rec_param(&sr, "invariants", "on");
    rec_param(&sr, "db-cases", "%d", READING_DB_CASES);
    rec_param(&sr, "verify-run", "%lld", (long long)verify_run);
    rec_param(&sr, "verify-reading", "%s", reading);
    rec_param(&sr, "verify-policy", "%s", policy);
    rec_param(&sr, "verify-players", "%d", m.setup.n_players);
    for (uint64_t i = 0; i < games && i < READING_DB_CASES; i++)
        rec_replay_game(&sr, "sim", &m, m.seed + i, 1);
    rec_coverage(&sr, g, total);
    double n = games ? (double)games : 1.0;
    rec_metric(&sr, "games", (double)games, "games");
    rec_metric(&sr, "decisions_per_game", decisions / n, "decisions");
    rec_metric(&sr, "decisions_per_game:ci95", ci95_mean(decisions, dec_sq, n), "decisions");
    rec_metric(&sr, "shared_wins", shared, "games");
    rec_metric(&sr, "games_nobody_won", nobody, "games");
    for (int p = 0; p < m.setup.n_players; p++) {
        char name[64];
        double pr = wins[p] / n;
        snprintf(name, sizeof name, "win_rate:%s", m.setup.names[p]);
        rec_metric(&sr, name, 100.0 * pr, "%");
        snprintf(name, sizeof name, "win_rate:%s:ci95", m.setup.names[p]);
        rec_metric(&sr, name, 100.0 * 1.96 * sqrt(pr * (1 - pr) / n), "%");
    }
    for (int k = 0; k < n_ratios; k++) {
        char name[96];
        rec_metric(&sr, g->ratios[k].name, rs[k].d > 0 ? rs[k].n / rs[k].d : 0.0, "ratio");
        snprintf(name, sizeof name, "%s:ci95", g->ratios[k].name);
        rec_metric(&sr, name, ci95_ratio(&rs[k], n), "ratio");
        snprintf(name, sizeof name, "%s per game", g->ratios[k].denominator);
        rec_metric(&sr, name, rs[k].d / n, "firings");
        snprintf(name, sizeof name, "%s per game:ci95", g->ratios[k].denominator);
        rec_metric(&sr, name, ci95_mean(rs[k].d, rs[k].dd, n), "firings");
    }
    if (sr.db && sr.run > 0)
        db_run_end(sr.db, sr.run, failed ? "failed" : "complete", failed ? UD_EXIT_FAIL : UD_EXIT_OK);
    row->readings++;
    row->violations += failed;
    free(sums);
    return failed;
}

/* The defaults, then every other reading of every key (with the companion
 * reading that brings it to life, if it needs one). */
static int simulate_readings(const ud_game *g, const verify_opts *o, recorder *vr,
                             verify_row *row, uint64_t *fired)
{
    int failures = 0, n = 1, i = 0;
    for (int v = 0; v < g->n_variants; v++)
        n += g->variants[v].n_values - 1;
    int variant[UD_MAX_VARIANTS];
    defaults(g, variant);
    measurer usual, who;
    ud_buf err;
    ud_buf_init(&err);
    measurer_of(g, -1, 0, &usual, &err);
    /* baselines already played: two readings measured by the same players
     * against the same readings share one (the FAQ finds it by both) */
    enum { MAX_BASELINES = 32 };
    struct { int variant[UD_MAX_VARIANTS]; measurer who; } played[MAX_BASELINES];
    int n_played = 0;
    progress(g->name, "readings", i++, n);
    failures += simulate_reading(g, o, vr, vr->run, variant, &usual, "defaults", row, fired);
    for (int v = 0; v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            if (x == g->variants[v].default_value)
                continue;
            progress(g->name, "readings", i++, n);
            char reading[128];
            snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
            if (!measurer_of(g, v, x, &who, &err)) {
                printf("%s: reading %s: its measuring policy: %s\n", g->name, reading, ud_buf_str(&err));
                row->violations++;
                failures++;
                continue;
            }
            defaults(g, variant);
            int w, y;
            if (!alone(g, v, x) && companion(g, v, x, &w, &y))
                variant[w] = y;
            bool seen = same_measurer(&who, &usual);
            for (int k = 0; k < n_played && !seen; k++)
                seen = same_measurer(&who, &played[k].who) &&
                       memcmp(played[k].variant, variant, sizeof variant) == 0;
            if (!seen) {
                /* its own baseline: the same games by the same players,
                 * with key v at its default */
                char base[160];
                snprintf(base, sizeof base, "baseline of %s", reading);
                failures += simulate_reading(g, o, vr, vr->run, variant, &who, base, row, fired);
                if (n_played < MAX_BASELINES) {
                    memcpy(played[n_played].variant, variant, sizeof variant);
                    played[n_played++].who = who;
                }
            }
            variant[v] = x;
            failures += simulate_reading(g, o, vr, vr->run, variant, &who, reading, row, fired);
        }
    ud_buf_free(&err);
    return failures;
}

/* ---- fuzz corpora -------------------------------------------------------- */

/* Replay every file of dir; returns files replayed. */
static uint64_t replay_dir(const char *dir, const ud_game *g, bool engine)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    uint64_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *data = cli_read_file(path, &len);
        if (!data)
            continue;
        /* Both bodies abort() on a broken invariant: a crash here is a finding. */
        if (engine)
            ud_fuzz_game(g, (const uint8_t *)data, len);
        else
            ud_fuzz_check((const uint8_t *)data, len, ud_find_game);
        free(data);
        n++;
    }
    closedir(d);
    return n;
}

/* ---- one game ------------------------------------------------------------ */

/* The golden cases of g, recorded as a golden run like `undead golden check`. */
static int run_golden(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                      uint64_t *fired)
{
    char path[1024];
    const char *folder = g->folder;
    snprintf(path, sizeof path, "%s/%s", o->golden_dir, folder);
    recorder gr = { .db = vr->db };
    if (vr->db) {
        char cl[1200];
        snprintf(cl, sizeof cl, "undead golden check --dir %s", path);
        db_run run = { .command = "golden", .command_line = cl, .game = NULL };
        gr.run = db_run_begin(vr->db, &run);
    }
    rec_param(&gr, "mode", "check");
    rec_param(&gr, "dir", "%s", path);
    rec_param(&gr, "verify-run", "%lld", (long long)vr->run);
    golden_report *rep = calloc(1, sizeof *rep);
    if (!rep)
        return 1;
    rec_golden rg = { &gr, o->golden_dir };
    golden_run(path, GOLDEN_CHECK, rep, gr.db ? rec_golden_case : NULL, &rg);
    int gi = golden_game_index(g);
    row->cases = rep->cases;
    row->cases_failed = rep->failed;
    for (int r = 0; gi >= 0 && r < g->n_rules; r++) {
        row->covered += rep->fired[gi][r] > 0;
        fired[r] += rep->fired[gi][r];
    }
    if (gi >= 0)
        rec_coverage(&gr, g, rep->fired[gi]);
    rec_metric(&gr, "cases", rep->cases, "cases");
    rec_metric(&gr, "failed", rep->failed, "cases");
    int failures = rep->failed + (rep->cases == 0) + (row->covered < row->rules);
    if (gr.db && gr.run > 0)
        db_run_end(gr.db, gr.run, failures ? "failed" : "complete", failures ? UD_EXIT_FAIL : UD_EXIT_OK);
    free(rep);
    return failures;
}

enum { OPENING_DEPTH = 4, OPENING_MAX_STATES = 200000 };

/* A game without exploration bounds of its own (core/extras.h): every
 * state within OPENING_DEPTH decisions of the start, at the smallest table
 * the game allows, invariants checked in each (a depth-limited search:
 * complete is not expected).  Games with bounds explore those instead: a
 * game like Zombie Dice chains more chance picks between two decisions
 * than an unbounded search from the start can follow. */
static int explore_opening(const ud_game *g, recorder *vr, verify_row *row, const verify_opts *o)
{
    ud_setup setup;
    ud_setup_defaults(g, &setup);
    setup.n_players = g->min_players > 1 ? g->min_players : 1;
    progress(g->name, "exploring the opening", 0, 0);
    ud_explore_opts eo = { .game = g, .setup = &setup, .max_depth = OPENING_DEPTH,
                           .max_states = OPENING_MAX_STATES, .max_memory = o->max_memory,
                           .check_invariants = 1, .jobs = o->jobs };
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    int failures = 0;
    if (ud_explore(&eo, &rep, &err) != 0) {
        printf("%s: exploring the opening failed: %s\n", g->name, ud_buf_str(&err));
        failures++;
    } else {
        row->bounds++;
        row->explored += rep.distinct;
        rec_metric(vr, "explored_states:opening", (double)rep.distinct, "states");
        if (rep.violated) {
            printf("%s: exploring the opening: %s: %s\n%s", g->name,
                   rep.fail.id ? rep.fail.id : "violation", rep.fail.msg,
                   rep.trace ? rep.trace : "");
            row->violations++;
            failures++;
        }
        ud_explore_report_free(&rep);
    }
    ud_buf_free(&err);
    return failures;
}

/* Every exploration bound of the game, from the default setup, with every
 * invariant checked in every state; a violation prints its shortest path. */
static int explore_bounds(const ud_game *g, recorder *vr, verify_row *row, const verify_opts *o)
{
    int failures = 0;
    ud_setup setup;
    ud_setup_defaults(g, &setup);
    for (int i = 0; g->extras && i < g->extras->n_bounds; i++) {
        const ud_explore_bound *const *b = &g->extras->bounds[i].bound;
        progress(g->name, "exploring", 0, 0);
        ud_explore_opts eo = { .game = g, .setup = &setup, .bound = *b, .max_depth = -1,
                               .max_memory = o->max_memory, .check_invariants = 1, .jobs = o->jobs };
        ud_explore_report rep;
        ud_buf err;
        ud_buf_init(&err);
        if (ud_explore(&eo, &rep, &err) != 0) {
            printf("%s: exploring bound %s failed: %s\n", g->name, (*b)->name, ud_buf_str(&err));
            failures++;
        } else {
            row->bounds++;
            row->explored += rep.distinct;
            char name[96];
            snprintf(name, sizeof name, "explored_states:%s", (*b)->name);
            rec_metric(vr, name, (double)rep.distinct, "states");
            if (rep.violated || !rep.complete) {
                printf("%s: exploring bound %s: %s%s%s\n%s", g->name, (*b)->name,
                       rep.violated     ? (rep.fail.id ? rep.fail.id : "violation")
                       : rep.memory_cut ? "incomplete (the --max-memory bound was hit)"
                                        : "incomplete",
                       rep.violated ? ": " : "", rep.violated ? rep.fail.msg : "",
                       rep.trace ? rep.trace : "");
                row->violations += rep.violated;
                failures++;
            }
            ud_explore_report_free(&rep);
        }
        ud_buf_free(&err);
    }
    if (!g->extras || g->extras->n_bounds == 0)
        failures += explore_opening(g, vr, row, o);
    return failures;
}

/* Whether `name` is an analysis of one of the n games; if not, says so
 * on stderr with every analysis they have. */
static bool skip_names_an_analysis(const char *name, const ud_game *const *games, int n)
{
    for (int i = 0; i < n; i++)
        for (int a = 0; games[i]->extras && a < games[i]->extras->n_analyses; a++)
            if (strcmp(games[i]->extras->analyses[a].name, name) == 0)
                return true;
    fprintf(stderr, "undead verify: --skip-analysis: no game verified has an analysis '%s'", name);
    const char *sep = "; expected one of: ";
    for (int i = 0; i < n; i++)
        for (int a = 0; games[i]->extras && a < games[i]->extras->n_analyses; a++) {
            fprintf(stderr, "%s%s (%s)", sep, games[i]->extras->analyses[a].name, games[i]->name);
            sep = ", ";
        }
    fputs(*sep == ';' ? " (they offer none)\n" : "\n", stderr);
    return false;
}

/* The analyses the game marks for verify (core/extras.h), each recorded
 * as a solve run of its own so the FAQ can print them (for Zombie Dice:
 * the texts' numeric claims, the single-turn figures of every named
 * policy, and the two-player solution under the default readings, the
 * other readings being left to `undead solve`); --skip-analysis leaves
 * one out.  Quiet: verify's own output is the summary. */
static int run_analyses(const ud_game *g, const verify_opts *o, int64_t verify_run)
{
    int failures = 0;
    for (int i = 0; g->extras && i < g->extras->n_analyses; i++) {
        const ud_analysis *a = &g->extras->analyses[i];
        bool skip = !a->verify;
        for (int k = 0; k < o->n_skip && !skip; k++)
            skip = strcmp(o->skip[k], a->name) == 0;
        if (skip)
            continue;
        progress(g->name, a->name, 0, 0);
        ud_analysis_args *args = calloc(1, sizeof *args);
        if (!args)
            return failures + 1;
        ud_setup_defaults(g, &args->setup);
        args->max_memory = o->max_memory;
        for (int v = 0; v < UD_MAX_VARIANTS && a->verify == UD_VERIFY_DEFAULTS; v++)
            args->fixed[v] = true;   /* as if every key were given as --variant KEY=DEFAULT */
        int rc = analysis_run("verify", g, a, args, NULL, &o->ro, verify_run);
        free(args);
        if (rc != UD_EXIT_OK) {
            fprintf(stderr, "%s: undead solve %s %s failed (exit %d)\n", g->name, g->name, a->name, rc);
            failures++;
        }
    }
    return failures;
}

static int verify_game(const ud_game *g, const verify_opts *o, verify_row *row, bool *db_failed)
{
    int failures = 0;
    char path[1024];
    const char *folder = g->folder;
    memset(row, 0, sizeof *row);
    row->rules = g->n_rules;
    /* The verify run first ('running' until it ends; a kill leaves it
     * 'interrupted'), then its analyses: each records a run of its own
     * on another connection, linked to this one from its start (so the
     * FAQ leaves them out with it); the verify run's row is committed
     * and nothing else of it is written yet, so they take no lock it holds. */
    recorder vr;
    if (!rec_begin(&vr, &o->ro, "verify", g)) {
        *db_failed = true;
        return 1;
    }
    failures += run_analyses(g, o, vr.run);
    uint64_t fired[UD_MAX_RULES] = { 0 };

    progress(g->name, "rule tables", 0, 0);
    ud_buf problems;
    ud_buf_init(&problems);
    row->problems = ud_game_selfcheck(g, &problems);
    fputs(ud_buf_str(&problems), stdout);
    ud_buf_free(&problems);
    failures += row->problems;

    progress(g->name, "golden transcripts", 0, 0);
    failures += run_golden(g, o, &vr, row, fired);

    failures += simulate_readings(g, o, &vr, row, fired);
    failures += simulate_combos(g, o, &vr, row, fired);
    failures += explore_bounds(g, &vr, row, o);

    progress(g->name, "fuzz corpora", 0, 0);
    snprintf(path, sizeof path, "%s/corpus/%s_engine", o->fuzz_dir, folder);
    row->corpus += replay_dir(path, g, true);
    snprintf(path, sizeof path, "%s/corpus/transcript", o->fuzz_dir);
    row->corpus += replay_dir(path, g, false);
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);

    rec_param(&vr, "games", "%llu", (unsigned long long)o->games);
    rec_param(&vr, "reading-games", "%llu", (unsigned long long)o->reading_games);
    rec_param(&vr, "seed", "%llu", (unsigned long long)o->seed);
    rec_param(&vr, "golden", "%s", o->golden_dir);
    rec_param(&vr, "fuzz", "%s", o->fuzz_dir);
    rec_coverage(&vr, g, fired);
    rec_metric(&vr, "rules", row->rules, "rules");
    rec_metric(&vr, "rules_covered", row->covered, "rules");
    rec_metric(&vr, "transcripts", row->cases, "cases");
    rec_metric(&vr, "transcripts_failed", row->cases_failed, "cases");
    rec_metric(&vr, "readings", row->readings, "runs");
    rec_metric(&vr, "combinations", row->combos, "settings");
    rec_metric(&vr, "games_simulated", (double)row->simulated, "games");
    rec_metric(&vr, "corpus_files", (double)row->corpus, "files");
    rec_metric(&vr, "states_explored", (double)row->explored, "states");
    rec_metric(&vr, "selfcheck_problems", row->problems, "problems");
    rec_metric(&vr, "violations", row->violations + row->problems, "violations");
    int rc = rec_end(&vr, failures ? UD_EXIT_FAIL : UD_EXIT_OK);
    if (rc == UD_EXIT_USAGE)
        *db_failed = true;
    return failures;
}

int cmd_verify(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "golden", required_argument, NULL, 'g' },
        { "fuzz", required_argument, NULL, 'f' },
        { "games", required_argument, NULL, 'n' },
        { "reading-games", required_argument, NULL, 'r' },
        { "seed", required_argument, NULL, 's' },
        { "jobs", required_argument, NULL, 'j' },
        { "skip-analysis", required_argument, NULL, 'k' },
        { "max-memory", required_argument, NULL, 'M' },
        REC_LONGOPTS,
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    verify_opts o = { .golden_dir = "golden", .fuzz_dir = "fuzz", .games = 500,
                      .reading_games = 20000, .seed = 1, .jobs = ud_default_jobs() };
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        uint64_t *num = c == 'n' ? &o.games : c == 'r' ? &o.reading_games : c == 's' ? &o.seed : NULL;
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        } else if (c == 'j') {
            uint64_t jobs;
            if (!cli_parse_u64(optarg, &jobs) || jobs == 0 || jobs > UD_MAX_JOBS) {
                fprintf(stderr, "undead verify: --jobs: expected a whole number from 1 to %d, got '%s'\n",
                        UD_MAX_JOBS, optarg);
                return UD_EXIT_USAGE;
            }
            o.jobs = (int)jobs;
        } else if (c == 'k') {
            if (o.n_skip == (int)(sizeof o.skip / sizeof o.skip[0])) {
                fprintf(stderr, "undead verify: --skip-analysis: at most %d\n", o.n_skip);
                return UD_EXIT_USAGE;
            }
            o.skip[o.n_skip++] = optarg;
        } else if (c == 'M') {
            if (!cli_parse_max_memory("verify", optarg, &o.max_memory))
                return UD_EXIT_USAGE;
        } else if (c == 'g')
            o.golden_dir = optarg;
        else if (c == 'f')
            o.fuzz_dir = optarg;
        else if (rec_opt(&o.ro, c, optarg))
            continue;
        else if (num && cli_parse_u64(optarg, num) && (*num > 0 || c == 's'))
            continue;
        else {
            if (num)
                fprintf(stderr, "undead verify: --%s: expected a whole number above 0, got '%s'\n",
                        c == 'n' ? "games" : c == 'r' ? "reading-games" : "seed", optarg);
            else
                fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
    }
    const ud_game *chosen[GOLDEN_MAX_GAMES];
    int n = 0;
    for (int i = optind; i < argc && n < GOLDEN_MAX_GAMES; i++)
        if (!(chosen[n++] = cli_game("verify", argv[i])))
            return UD_EXIT_USAGE;
    if (optind == argc)
        for (const ud_game *const *g = ud_games; *g && n < GOLDEN_MAX_GAMES; g++)
            chosen[n++] = *g;

    /* A --skip-analysis name that no chosen game offers is a typo: said
     * now, with the names there are, rather than left out silently. */
    for (int k = 0; k < o.n_skip; k++)
        if (!skip_names_an_analysis(o.skip[k], chosen, n))
            return UD_EXIT_USAGE;

    /* Every folder verify reads from, before anything runs: a missing one
     * (verify run outside the repository root, a mistyped --fuzz) would
     * otherwise pass with nothing checked. */
    for (int i = 0; i < n; i++) {
        char path[1100];
        const char *folder = chosen[i]->folder;
        snprintf(path, sizeof path, "%s/%s", o.golden_dir, folder);
        bool ok = cli_need_dir("verify", path, "the game's golden transcripts: run from the repository "
                               "root or give --golden DIR");
        snprintf(path, sizeof path, "%s/corpus/%s_engine", o.fuzz_dir, folder);
        ok = ok && cli_need_dir("verify", path, "the game's fuzz corpus: run from the repository root or "
                                "give --fuzz DIR");
        snprintf(path, sizeof path, "%s/corpus/transcript", o.fuzz_dir);
        ok = ok && cli_need_dir("verify", path, "the transcript fuzz corpus: run from the repository root "
                                "or give --fuzz DIR");
        if (!ok)
            return UD_EXIT_USAGE;
    }
    int failures = 0;
    bool db_failed = false;
    verify_row rows[GOLDEN_MAX_GAMES];
    for (int i = 0; i < n && !db_failed; i++)
        failures += verify_game(chosen[i], &o, &rows[i], &db_failed);
    if (db_failed)
        return UD_EXIT_USAGE;
    printf("\n%-14s %6s %8s %12s %10s %8s %8s %8s %11s\n", "game", "rules", "covered",
           "transcripts", "simulated", "readings", "explored", "corpus", "violations");
    for (int i = 0; i < n; i++) {
        const verify_row *r = &rows[i];
        char covered[32], cases[32];
        snprintf(covered, sizeof covered, "%d/%d", r->covered, r->rules);
        snprintf(cases, sizeof cases, "%d%s", r->cases, r->cases_failed ? " FAIL" : " ok");
        char explored[32] = "-";   /* a game with no exploration bound yet */
        if (r->bounds)
            snprintf(explored, sizeof explored, "%llu", (unsigned long long)r->explored);
        printf("%-14s %6d %8s %12s %10llu %8d %8s %8llu %11d\n", chosen[i]->name, r->rules, covered,
               cases, (unsigned long long)r->simulated, r->readings, explored,
               (unsigned long long)r->corpus, r->violations + r->problems);
    }
    printf("verify: %s\n", failures ? "FAILED" : "all checks passed");
    return failures ? UD_EXIT_FAIL : UD_EXIT_OK;
}
