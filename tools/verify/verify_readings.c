/*
 * verify_readings.c - `undead verify`'s measurement of each variant
 * reading (verify.h): a seeded simulation per reading, played by the
 * players the reading concerns and measured against the defaults with
 * 95% confidence half-widths, each recorded as a sim run of its own (the
 * params cmd_verify.c lists) for the FAQ.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pieces.h"
#include "setup.h"
#include "simulate.h"
#include "verify.h"

enum { READING_PLAYERS = 2, READING_DB_CASES = 20 };

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
    /* each ratio's rows looked up once, not by name after every game */
    int num[16], den[16];
    for (int k = 0; k < n_ratios; k++) {
        num[k] = rule_index(g, g->ratios[k].numerator);
        den[k] = rule_index(g, g->ratios[k].denominator);
    }
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
            int a = num[k], b = den[k];
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
    int n = o->jobs > 1 ? o->jobs * UD_PIECES_PER_JOB : 1;
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
    const char *const *start; /* NULL: the game's own start */
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
    bool same = a->players == b->players && a->policy.def == b->policy.def &&
                a->policy.param == b->policy.param && n == start_lines(b);
    for (int i = 0; same && i < n; i++)
        same = strcmp(a->start[i], b->start[i]) == 0;
    return same;
}

/* The match a reading's games are: its readings, who plays them and from
 * where, the first seed; false (said, a violation counted) when a start
 * line of the game's own table does not fit. */
static bool reading_match(const ud_game *g, const verify_opts *o, const int *variant, const measurer *who,
                          const char *reading, ud_match *m, verify_row *row)
{
    ud_match_defaults(m, g);
    memcpy(m->setup.variant, variant, sizeof m->setup.variant);
    m->setup.n_players = who->players;
    for (int p = 0; p < m->setup.n_players; p++) {
        snprintf(m->setup.names[p], UD_NAME_MAX, "p%d", p + 1);
        m->policy[p] = who->policy;
    }
    ud_buf serr;
    ud_buf_init(&serr);
    for (int i = 0; i < start_lines(who); i++)
        if (!ud_setup_start(&m->setup, who->start[i], &serr)) {
            /* a game's own table: test_setup checks every line fits */
            printf("%s: reading %s: start '%s': %s\n", g->name, reading, who->start[i], ud_buf_str(&serr));
            ud_buf_free(&serr);
            row->violations++;
            return false;
        }
    ud_buf_free(&serr);
    m->seed = o->seed;
    return true;
}

/* The reading's games recorded as a sim run of their own, so that `undead
 * db` and the named queries see it like any other: the run begun, with
 * the command line that plays the same games. */
static recorder begin_sim_run(const recorder *vr, const ud_game *g, const verify_opts *o, const ud_match *m,
                              const char *policy)
{
    recorder sr = { .db = vr->db };
    if (!vr->db)
        return sr;
    ud_buf cl;
    ud_buf_init(&cl);
    ud_buf_printf(&cl, "undead sim %s --games %llu --seed %llu --players ", g->name,
                  (unsigned long long)o->reading_games, (unsigned long long)m->seed);
    for (int p = 0; p < m->setup.n_players; p++)
        ud_buf_printf(&cl, "%s%s", p ? "," : "", m->setup.names[p]);
    ud_buf_printf(&cl, " --policy %s", policy);
    for (int i = 0; i < m->setup.n_start; i++)
        ud_buf_printf(&cl, " --start \"%s\"", m->setup.start[i]);
    for (int v = 0; v < g->n_variants; v++)
        if (m->setup.variant[v] != g->variants[v].default_value)
            ud_buf_printf(&cl, " --variant %s=%s", g->variants[v].key,
                          g->variants[v].values[m->setup.variant[v]].name);
    db_run run = { .command = "sim", .command_line = ud_buf_str(&cl), .game = g->name };
    sr.run = db_run_begin(vr->db, &run);
    ud_buf_free(&cl);
    return sr;
}

/* The reading's figures, each with its 95% confidence half-width: the
 * decisions per game, every seat's win rate, the game's ratios. */
static void record_figures(recorder *sr, const ud_game *g, const ud_match *m, const reading_sums *sums)
{
    int n_ratios = g->n_ratios < 16 ? g->n_ratios : 16;
    const ratio_sums *rs = sums->rs;
    double n = sums->games ? (double)sums->games : 1.0;
    rec_metric(sr, "games", (double)sums->games, "games");
    rec_metric(sr, "decisions_per_game", sums->decisions / n, "decisions");
    rec_metric(sr, "decisions_per_game:ci95", ci95_mean(sums->decisions, sums->dec_sq, n), "decisions");
    rec_metric(sr, "shared_wins", sums->shared, "games");
    rec_metric(sr, "games_nobody_won", sums->nobody, "games");
    for (int p = 0; p < m->setup.n_players; p++) {
        char name[64];
        double pr = sums->wins[p] / n;
        snprintf(name, sizeof name, "win_rate:%s", m->setup.names[p]);
        rec_metric(sr, name, 100.0 * pr, "%");
        snprintf(name, sizeof name, "win_rate:%s:ci95", m->setup.names[p]);
        rec_metric(sr, name, 100.0 * 1.96 * sqrt(pr * (1 - pr) / n), "%");
    }
    for (int k = 0; k < n_ratios; k++) {
        char name[96];
        rec_metric(sr, g->ratios[k].name, rs[k].d > 0 ? rs[k].n / rs[k].d : 0.0, "ratio");
        snprintf(name, sizeof name, "%s:ci95", g->ratios[k].name);
        rec_metric(sr, name, ci95_ratio(&rs[k], n), "ratio");
        snprintf(name, sizeof name, "%s per game", g->ratios[k].denominator);
        rec_metric(sr, name, rs[k].d / n, "firings");
        snprintf(name, sizeof name, "%s per game:ci95", g->ratios[k].denominator);
        rec_metric(sr, name, ci95_mean(rs[k].d, rs[k].dd, n), "firings");
    }
}

static int simulate_reading(const ud_game *g, const verify_opts *o, recorder *vr, int64_t verify_run,
                            const int *variant, const measurer *who, const char *reading, verify_row *row,
                            uint64_t *fired)
{
    ud_match m;
    if (!reading_match(g, o, variant, who, reading, &m, row))
        return 1;
    char policy[96];
    ud_policy_format(&who->policy, policy, sizeof policy);
    reading_sums *sums = malloc(sizeof *sums);
    if (!sums || !play_reading(&m, o, sums)) {
        free(sums);
        printf("%s: reading %s: out of memory\n", g->name, reading);
        row->violations++;
        return 1;
    }
    /* a limit of undead's stops a game with no rule broken: a step cut
     * short (exit 2), never a violation */
    int limit = sums->failed && sums->fail.kind == UD_FAIL_LIMIT;
    int failed = sums->failed && !limit;
    row->cut += limit;
    if (sums->failed) {
        printf("%s: reading %s: game with seed %llu %s: %s: %s\n", g->name, reading,
               (unsigned long long)sums->failed_seed, limit ? "stopped at a limit of undead's" : "failed",
               sums->fail.id ? sums->fail.id : "engine", sums->fail.msg);
        rec_replay_game(vr, "sim", &m, sums->failed_seed, 1);
    }
    row->simulated += sums->games;
    for (int r = 0; r < g->n_rules; r++)
        fired[r] += sums->total[r];
    recorder sr = begin_sim_run(vr, g, o, &m, policy);
    rec_match(&sr, &m);
    rec_param(&sr, "games", "%llu", (unsigned long long)o->reading_games);
    rec_param(&sr, "invariants", "on");
    rec_param(&sr, "db-cases", "%d", READING_DB_CASES);
    rec_param(&sr, "verify-run", "%lld", (long long)verify_run);
    rec_param(&sr, "verify-reading", "%s", reading);
    rec_param(&sr, "verify-policy", "%s", policy);
    rec_param(&sr, "verify-players", "%d", m.setup.n_players);
    for (uint64_t i = 0; i < sums->games && i < READING_DB_CASES; i++)
        rec_replay_game(&sr, "sim", &m, m.seed + i, 1);
    rec_coverage(&sr, g, sums->total);
    record_figures(&sr, g, &m, sums);
    if (sr.db && sr.run > 0)
        db_run_end(sr.db, sr.run, failed || limit ? "failed" : "complete",
                   failed  ? UD_EXIT_FAIL
                   : limit ? UD_EXIT_USAGE
                           : UD_EXIT_OK);
    row->readings++;
    row->violations += failed;
    free(sums);
    return failed;
}

/* The defaults, then every other reading of every key (with the companion
 * reading that brings it to life, if it needs one). */
int verify_simulate_readings(const ud_game *g, const verify_opts *o, recorder *vr, verify_row *row,
                             uint64_t *fired)
{
    int failures = 0, n = 1, i = 0;
    for (int v = 0; v < g->n_variants; v++)
        n += g->variants[v].n_values - 1;
    int variant[UD_MAX_VARIANTS];
    verify_defaults(g, variant);
    measurer usual, who;
    ud_buf err;
    ud_buf_init(&err);
    measurer_of(g, -1, 0, &usual, &err);
    /* baselines already played: two readings measured by the same players
     * against the same readings share one (the FAQ finds it by both) */
    enum { MAX_BASELINES = 32 };
    struct {
        int variant[UD_MAX_VARIANTS];
        measurer who;
    } played[MAX_BASELINES];
    int n_played = 0;
    verify_progress(g->name, "readings", i++, n);
    failures += simulate_reading(g, o, vr, vr->run, variant, &usual, "defaults", row, fired);
    for (int v = 0; v < g->n_variants; v++)
        for (int x = 0; x < g->variants[v].n_values; x++) {
            if (x == g->variants[v].default_value)
                continue;
            verify_progress(g->name, "readings", i++, n);
            char reading[128];
            snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
            if (!measurer_of(g, v, x, &who, &err)) {
                printf("%s: reading %s: its measuring policy: %s\n", g->name, reading, ud_buf_str(&err));
                row->violations++;
                failures++;
                continue;
            }
            verify_defaults(g, variant);
            int w, y;
            if (!verify_alone(g, v, x) && verify_companion(g, v, x, &w, &y))
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
