/*
 * cmd_sim.c - `undead sim` (many games, statistics) and `undead bench`
 * (repeatable speed figures as medians and ratios; the runs and the
 * yardstick are common/bench.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "commands.h"
#include "pieces.h"
#include "record.h"
#include "simulate.h"
#include "transcript.h"

enum { SIM_DB_CASES = 100, SIM_DB_CASES_MAX = 10000 };
#define SIM_DB_BYTES ((uint64_t)64 << 20)
#define SIM_DB_BYTES_MAX ((uint64_t)1 << 30)

/* sim's and bench's options (opts.h). */
typedef struct sim_args {
    cli_game_opts game;
    uint64_t games, repeat, db_cases, db_bytes;
    bool fast, coverage;
    int jobs;
    rec_opts rec;
} sim_args;

static const opts_option sim_options[] = {
    CLI_GAME_OPTIONS(sim_args, game),
    { .name = "games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(sim_args, games),
      .lo = 1,
      .hi = UINT64_MAX,
      .metavar = "N",
      .help = "how many games (required)" },
    { .name = "fast", .kind = OPTS_FLAG, .at = OPTS_AT(sim_args, fast), .help = "do not check invariants" },
    { .name = "coverage",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(sim_args, coverage),
      .help = "also print how often each rule fired" },
    { .name = "jobs",
      .kind = OPTS_INT,
      .at = OPTS_AT(sim_args, jobs),
      .lo = 1,
      .hi = UD_MAX_JOBS,
      .metavar = "N",
      .help = "threads to share the games among (default: every core);\n"
              "the figures are the same for any N" },
    REC_OPTIONS(sim_args, rec),
    { .name = "db-cases",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(sim_args, db_cases),
      .hi = SIM_DB_CASES_MAX,
      .def = SIM_DB_CASES,
      .metavar = "N",
      .help = "store the first N games (at most 10000, default 100) in the\n"
              "database as cases: each its outcome, every seat's result and\n"
              "score, the rules it fired and how often, and every transcript\n"
              "line (one row each: text, rule, the state line before it);\n"
              "a game that fails is stored too; every game still counts in\n"
              "the metrics and coverage" },
    { .name = "db-bytes",
      .kind = OPTS_SIZE,
      .at = OPTS_AT(sim_args, db_bytes),
      .hi = SIM_DB_BYTES_MAX,
      .def = SIM_DB_BYTES,
      .metavar = "SIZE",
      .help = "stop storing games once their transcript lines reach SIZE\n"
              "(64M by default, at most 1G; a message says how many were\n"
              "stored); the database grows by about 2.5 times that" },
    OPTS_END,
};

const opts_command cmd_sim_opts = {
    .name = "sim",
    .usage = "usage: undead sim GAME --games N [options]\n"
             "Plays N seeded games (game i uses seed S+i) with every invariant checked after\n"
             "every step, and prints win rate per seat, mean final score, the game's rates\n"
             "(e.g. busts per turn) and games per second.\n" REC_NOTE,
    .options = sim_options,
    .game_operand = true,
};

static int rule_index(const ud_game *g, const char *id)
{
    const ud_rule *r = ud_game_rule(g, id);
    return r ? (int)(r - g->rules) : -1;
}

enum { SIM_FAILURE_LINES = 200 };

/* Writes the last n lines of text (the end of a game that failed is where
 * it went wrong, or how it loops), saying how many were left out. */
static void write_tail(FILE *out, const char *text, size_t len, int n)
{
    size_t lines = 0, start = len;
    while (start > 0 && lines <= (size_t)n)
        if (text[--start] == '\n' && start + 1 < len)
            lines++;
    if (lines > (size_t)n) {
        size_t skipped = 0;
        for (size_t i = 0; i <= start; i++)
            skipped += text[i] == '\n';
        start++;
        fprintf(out, "# ... %zu lines left out; the last %d follow\n", skipped, n);
    }
    fwrite(text + start, 1, len - start, out);
}

/* Replays the failed game with a transcript, so the violation can be seen:
 * its last SIM_FAILURE_LINES lines, however long the game. */
static void report_failure(const ud_match *m, const sim_stats *st)
{
    fprintf(stderr, "undead sim: game with seed %llu %s: %s%s%s\n", (unsigned long long)st->failed_game,
            st->fail.kind == UD_FAIL_LIMIT ? "stopped at a limit of undead's" : "failed",
            st->fail.id ? st->fail.id : "", st->fail.id ? ": " : "", st->fail.msg);
    fprintf(stderr, "transcript up to the failure (replay: undead play %s --seed %llu ...):\n", m->game->name,
            (unsigned long long)st->failed_game);
    ud_match game = *m;
    game.seed = st->failed_game;
    ud_table t;
    ud_table_build(&t, m->game, m->setup.variant);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_transcript_write_header(stderr, m->game, &m->setup, m->policy, &game.seed, 1);
    char *body = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&body, &len);
    if (!mem)
        return;
    ud_sink sink;
    ud_sink_to_file(&sink, mem);
    ud_result res;
    ud_play(&game, &t, state, &sink, NULL, 1, &res);
    fclose(mem);
    write_tail(stderr, body, len, SIM_FAILURE_LINES);
    free(body);
}

static void print_stats(const ud_match *m, const sim_stats *st, int invariants, int coverage)
{
    const ud_game *g = m->game;
    printf("%s: %llu games from seed %llu, invariants %s\n", g->name, (unsigned long long)st->games,
           (unsigned long long)m->seed, invariants ? "on" : "off");
    printf("%-4s %-12s %-22s %10s %8s %11s\n", "seat", "player", "policy", "wins", "win%", "mean score");
    for (int p = 0; p < m->setup.n_players; p++) {
        char pol[64];
        ud_policy_format(&m->policy[p], pol, sizeof pol);
        printf("%-4d %-12s %-22s %10llu %7.2f%% %11.3f\n", p + 1, m->setup.names[p], pol,
               (unsigned long long)st->wins[p],
               st->games ? 100.0 * (double)st->wins[p] / (double)st->games : 0.0,
               st->games ? st->score_sum[p] / (double)st->games : 0.0);
    }
    printf("shared wins: %llu\n", (unsigned long long)st->shared);
    if (st->no_winner)
        printf("games nobody won: %llu\n", (unsigned long long)st->no_winner);
    for (int p = 0; p < m->setup.n_players; p++)
        if (st->seat_out[p])
            printf("%s out of the game in %llu games\n", m->setup.names[p],
                   (unsigned long long)st->seat_out[p]);
    for (int i = 0; i < g->n_ratios; i++) {
        int a = rule_index(g, g->ratios[i].numerator), b = rule_index(g, g->ratios[i].denominator);
        if (a < 0 || b < 0)
            continue;
        printf("%s: %.4f (%s / %s)\n", g->ratios[i].name,
               st->fired[b] ? (double)st->fired[a] / (double)st->fired[b] : 0.0, g->ratios[i].numerator,
               g->ratios[i].denominator);
    }
    printf("games per second: %.0f\n", st->seconds > 0 ? (double)st->games / st->seconds : 0.0);
    if (coverage)
        for (int r = 0; r < g->n_rules; r++)
            printf("fired %-24s %llu\n", g->rules[r].id, (unsigned long long)st->fired[r]);
}

/* sim's or bench's command line: the options, the game and its match,
 * the start lines checked before any game (a bad one is bad input, not the
 * failure of the first game played from it); OPTS_GO_ON, or the exit
 * status to end with. */
static int read_sim(const opts_command *c, int argc, char **argv, sim_args *a, ud_match *m)
{
    opts_operands ops;
    int rc = opts_read(c, argc, argv, a, &ops, 1, 1);
    if (rc != OPTS_GO_ON)
        return rc;
    const char *bound = opts_was_given(c, &ops, "db-cases")   ? "db-cases"
                        : opts_was_given(c, &ops, "db-bytes") ? "db-bytes"
                                                              : NULL;
    if (a->rec.off && bound) {
        fprintf(stderr,
                "undead %s: --%s: bounds the games stored in the database, and --no-db stores none; "
                "expected one or the other\n",
                c->name, bound);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game(c->name, argv[ops.first]);
    /* cli_build_match refuses a bad start line before any game */
    return g && cli_build_match(g, &a->game, m) ? OPTS_GO_ON : UD_EXIT_USAGE;
}

/* Metrics, coverage, and the first db_cases games (and a failed one) as cases. */
static void record(recorder *r, const ud_match *m, uint64_t games, int invariants, uint64_t db_cases,
                   uint64_t db_bytes, const sim_stats *st)
{
    const ud_game *g = m->game;
    rec_match(r, m);
    rec_param(r, "games", "%llu", (unsigned long long)games);
    rec_param(r, "invariants", "%s", invariants ? "on" : "off");
    rec_param(r, "db-cases", "%llu", (unsigned long long)db_cases);
    rec_param(r, "db-bytes", "%llu", (unsigned long long)db_bytes);
    uint64_t asked = st->games < db_cases ? st->games : db_cases, stored = 0;
    r->case_budget = db_bytes;
    while (stored < asked && rec_replay_game_within(r, "sim", m, m->seed + stored, invariants))
        stored++;
    r->case_budget = 0;
    if (r->db && stored < asked) {
        char size[32];
        cli_format_size(db_bytes, size, sizeof size);
        fprintf(stderr,
                "undead sim: stored the first %llu of the %llu games asked for: the next one's "
                "transcript lines would pass the --db-bytes bound (%s); every game still counts "
                "in the metrics and coverage\n",
                (unsigned long long)stored, (unsigned long long)asked, size);
    }
    rec_param(r, "db-cases-stored", "%llu", (unsigned long long)stored);
    if (st->failed)
        rec_replay_game(r, "sim", m, st->failed_game, invariants);
    rec_coverage(r, g, st->fired);
    double n = st->games ? (double)st->games : 1.0;
    rec_metric(r, "games", (double)st->games, "games");
    rec_metric(r, "seconds", st->seconds, "s");
    rec_metric(r, "games_per_second", st->seconds > 0 ? (double)st->games / st->seconds : 0.0, "games/s");
    rec_metric(r, "decisions_per_game", (double)st->decisions / n, "decisions");
    rec_metric(r, "shared_wins", (double)st->shared, "games");
    rec_metric(r, "games_nobody_won", (double)st->no_winner, "games");
    for (int p = 0; p < m->setup.n_players; p++) {
        char name[64];
        snprintf(name, sizeof name, "win_rate:%s", m->setup.names[p]);
        rec_metric(r, name, 100.0 * (double)st->wins[p] / n, "%");
        snprintf(name, sizeof name, "mean_score:%s", m->setup.names[p]);
        rec_metric(r, name, st->score_sum[p] / n, "points");
    }
    for (int i = 0; i < g->n_ratios; i++) {
        int a = rule_index(g, g->ratios[i].numerator), b = rule_index(g, g->ratios[i].denominator);
        if (a >= 0 && b >= 0)
            rec_metric(r, g->ratios[i].name, st->fired[b] ? (double)st->fired[a] / (double)st->fired[b] : 0.0,
                       "ratio");
    }
}

int cmd_sim(int argc, char **argv)
{
    ud_match m;
    sim_args a = { .jobs = ud_default_jobs() };
    int rc = read_sim(&cmd_sim_opts, argc, argv, &a, &m);
    if (rc != OPTS_GO_ON)
        return rc;
    if (a.games == 0) {
        fprintf(stderr, "undead sim: expected --games N\n");
        return UD_EXIT_USAGE;
    }
    recorder r;
    if (!rec_begin(&r, &a.rec, "sim", m.game))
        return UD_EXIT_USAGE;
    sim_stats *st = malloc(sizeof *st);
    if (!st)
        return rec_end(&r, UD_EXIT_FAIL);
    if (!simulate_jobs(&m, a.games, !a.fast, a.jobs, st)) {
        fprintf(stderr, "undead sim: out of memory for %d threads\n", a.jobs);
        free(st);
        return rec_end(&r, UD_EXIT_FAIL);
    }
    print_stats(&m, st, !a.fast, a.coverage);
    if (st->failed)
        report_failure(&m, st);
    rc = st->failed ? (ud_fail_not_rule(st->fail.kind) ? UD_EXIT_USAGE : UD_EXIT_FAIL) : UD_EXIT_OK;
    record(&r, &m, a.games, !a.fast, a.db_cases, a.db_bytes, st);
    free(st);
    return rec_end(&r, rc);
}

static const opts_option bench_options[] = {
    CLI_GAME_OPTIONS(sim_args, game),
    { .name = "games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(sim_args, games),
      .lo = 1,
      .hi = UINT64_MAX,
      .def = 200000,
      .metavar = "N" },
    /* at most 64 runs (their medians are kept): the bound in the one
     * message, as every number option states its range */
    { .name = "repeat",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(sim_args, repeat),
      .lo = 1,
      .hi = BENCH_MAX_REPEAT,
      .def = 5,
      .metavar = "R" },
    OPTS_END,
};

const opts_command cmd_bench_opts = {
    .name = "bench",
    .usage = "usage: undead bench GAME [--games N] [--repeat R] [options]\n"
             "Times R runs of N games (default 200000 x 5) with invariants off and on, one core,\n"
             "and prints the median games per second of each and their ratio.  Beside them, the\n"
             "game's yardstick where it has one (zombie-dice: the base game, default readings,\n"
             "every seat stop-at-shotguns:N): a minimal hand-written loop of the same game and\n"
             "policy, built with the same flags, playing the same seeds; its R runs alternate\n"
             "with the engine's (invariants off), and the engine's median over the yardstick's\n"
             "is printed, with each pair of runs' ratio (least, median, most).  Other games and\n"
             "matches say why there is no yardstick.\n",
    .options = bench_options,
    .game_operand = true,
};

static void print_yardstick(const ud_match *m, const bench_result *b)
{
    if (!b->yard) {
        ud_buf why;
        ud_buf_init(&why);
        bench_yardstick(m, &why);
        printf("yardstick: none (%s)\n", ud_buf_str(&why));
        ud_buf_free(&why);
        return;
    }
    printf("median games/s, yardstick:      %.0f (a hand-written loop: %s)\n", b->yard_rate,
           b->yard->summary);
    printf("ratio engine/yardstick: %.2f (each run's pair: %.2f to %.2f, median %.2f)\n",
           b->yard_rate > 0 ? b->fast / b->yard_rate : 0.0, b->ratio_low, b->ratio_high, b->ratio_median);
}

int cmd_bench(int argc, char **argv)
{
    ud_match m;
    sim_args a = { 0 };
    int rc = read_sim(&cmd_bench_opts, argc, argv, &a, &m);
    if (rc != OPTS_GO_ON)
        return rc;
    uint64_t games = a.games, repeat = a.repeat;
    sim_stats *st = malloc(sizeof *st);
    if (!st)
        return UD_EXIT_FAIL;
    bench_result b;
    if (!bench_run(&m, games, repeat, st, &b)) {
        report_failure(&m, st);
        free(st);
        return UD_EXIT_FAIL;
    }
    char pol[64];
    ud_policy_format(&m.policy[0], pol, sizeof pol);
    printf("%s bench: %d players, policy %s, %llu games x %llu runs, one core\n", m.game->name,
           m.setup.n_players, pol, (unsigned long long)games, (unsigned long long)repeat);
    printf("median games/s, invariants off: %.0f\n", b.fast);
    printf("median games/s, invariants on:  %.0f\n", b.checked);
    printf("ratio off/on: %.2f\n", b.checked > 0 ? b.fast / b.checked : 0.0);
    print_yardstick(&m, &b);
    free(st);
    return UD_EXIT_OK;
}
