/*
 * cmd_verify.c - `undead verify`: the main job.  For every built-in game
 * (or those named): the rule-table self-checks, every golden transcript,
 * a seeded simulation under every variant combination with invariants on,
 * and a replay of the fuzz corpora; then one summary row per game.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzzing.h"
#include "golden.h"
#include "selfcheck.h"
#include "simulate.h"

static const char usage[] =
    "usage: undead verify [GAME...] [--golden DIR] [--fuzz DIR] [--games N]\n"
    "Runs every check on every built-in game (or the named ones) and prints a summary.\n"
    "  --golden DIR   golden directory (default golden)\n"
    "  --fuzz DIR     fuzz directory holding corpus/ (default fuzz)\n"
    "  --games N      simulated games per variant combination (default 1000)\n"
    "Exit 1 if any check fails.\n";

typedef struct verify_row {
    int rules, covered, cases, cases_failed, problems;
    uint64_t simulated, corpus;
    int violations;
} verify_row;

static void progress(const char *game, const char *step)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r\033[K%s: %s...", game, step);
}

/* Folder of a game under golden/ and spec/: its name with '_' for '-'. */
static void folder_of(const ud_game *g, char *out, size_t size)
{
    snprintf(out, size, "%s", g->name);
    for (char *c = out; *c; c++)
        if (*c == '-')
            *c = '_';
}

static int combinations(const ud_game *g)
{
    int n = 1;
    for (int v = 0; v < g->n_variants; v++)
        n *= g->variants[v].n_values;
    return n;
}

/* Simulate under every variant combination; prints and counts failures. */
static int simulate_all(const ud_game *g, uint64_t games, verify_row *row)
{
    int failures = 0;
    int combos = combinations(g);
    for (int k = 0; k < combos; k++) {
        ud_match m;
        ud_match_defaults(&m, g);
        int rest = k;
        for (int v = 0; v < g->n_variants; v++) {
            m.setup.variant[v] = rest % g->variants[v].n_values;
            rest /= g->variants[v].n_values;
        }
        m.setup.n_players = 2 + k % 3;
        for (int p = 0; p < m.setup.n_players; p++) {
            snprintf(m.setup.names[p], UD_NAME_MAX, "p%d", p + 1);
            int pol = (k + p) % (g->n_policies + 1);
            m.policy[p].def = pol < g->n_policies ? &g->policies[pol] : &ud_policy_random;
            m.policy[p].param = m.policy[p].def->def_param;
        }
        m.seed = 1 + (uint64_t)k * games;
        sim_stats *st = malloc(sizeof *st);
        if (!st)
            return failures + 1;
        simulate(&m, games, 1, st);
        row->simulated += st->games;
        if (st->failed) {
            printf("%s: simulated game with seed %llu failed: %s: %s\n", g->name,
                   (unsigned long long)st->failed_game, st->fail.id ? st->fail.id : "engine",
                   st->fail.msg);
            row->violations++;
            failures++;
        }
        free(st);
    }
    return failures;
}

/* Replay every file of dir through fn; returns files replayed. */
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

static int verify_game(const ud_game *g, const char *golden_dir, const char *fuzz_dir,
                       uint64_t games, verify_row *row)
{
    int failures = 0;
    char folder[64], path[1024];
    folder_of(g, folder, sizeof folder);
    memset(row, 0, sizeof *row);
    row->rules = g->n_rules;

    progress(g->name, "rule tables");
    ud_buf problems;
    ud_buf_init(&problems);
    row->problems = ud_game_selfcheck(g, &problems);
    fputs(ud_buf_str(&problems), stdout);
    ud_buf_free(&problems);
    failures += row->problems;

    progress(g->name, "golden transcripts");
    snprintf(path, sizeof path, "%s/%s", golden_dir, folder);
    golden_report rep;
    golden_run(path, GOLDEN_CHECK, &rep, NULL, NULL);
    int gi = golden_game_index(g);
    row->cases = rep.cases;
    row->cases_failed = rep.failed;
    for (int r = 0; gi >= 0 && r < g->n_rules; r++)
        row->covered += rep.fired[gi][r] > 0;
    failures += rep.failed + (rep.cases == 0) + (row->covered < row->rules);

    progress(g->name, "simulation");
    failures += simulate_all(g, games, row);

    progress(g->name, "fuzz corpora");
    snprintf(path, sizeof path, "%s/corpus/%s_engine", fuzz_dir, folder);
    row->corpus += replay_dir(path, g, true);
    snprintf(path, sizeof path, "%s/corpus/transcript", fuzz_dir);
    row->corpus += replay_dir(path, g, false);
    progress(g->name, "done");
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);
    return failures;
}

int cmd_verify(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "golden", required_argument, NULL, 'g' },
        { "fuzz", required_argument, NULL, 'f' },
        { "games", required_argument, NULL, 'n' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *golden_dir = "golden", *fuzz_dir = "fuzz";
    uint64_t games = 1000;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        } else if (c == 'g')
            golden_dir = optarg;
        else if (c == 'f')
            fuzz_dir = optarg;
        else if (c == 'n' && cli_parse_u64(optarg, &games) && games > 0)
            continue;
        else {
            if (c == 'n')
                fprintf(stderr, "undead verify: --games: expected a whole number above 0, got '%s'\n", optarg);
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

    int failures = 0;
    verify_row rows[GOLDEN_MAX_GAMES];
    for (int i = 0; i < n; i++)
        failures += verify_game(chosen[i], golden_dir, fuzz_dir, games, &rows[i]);
    printf("\n%-14s %6s %8s %12s %10s %8s %11s\n", "game", "rules", "covered", "transcripts",
           "simulated", "corpus", "violations");
    for (int i = 0; i < n; i++) {
        const verify_row *r = &rows[i];
        char covered[32], cases[32];
        snprintf(covered, sizeof covered, "%d/%d", r->covered, r->rules);
        snprintf(cases, sizeof cases, "%d%s", r->cases, r->cases_failed ? " FAIL" : " ok");
        printf("%-14s %6d %8s %12s %10llu %8llu %11d\n", chosen[i]->name, r->rules, covered, cases,
               (unsigned long long)r->simulated, (unsigned long long)r->corpus,
               r->violations + r->problems);
    }
    printf("verify: %s\n", failures ? "FAILED" : "all checks passed");
    return failures ? UD_EXIT_FAIL : UD_EXIT_OK;
}
