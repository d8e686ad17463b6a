/*
 * mutate_run.c - mutation analysis's run (mutate.h): the checks made into
 * command lines (a plan), each held against no mutant first, then run
 * against every mutant chosen, jobs at a time, stopping at the first
 * check that kills it; cmd_mutate.c is the command around it.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>

#include "cli.h"
#include "datadir.h"
#include "mutate.h"
#include "pieces.h"
#include "record.h"

/* One mutant checked by one worker. */
typedef struct mut_piece {
    mut_result *r;
    const mut_plan *plan;
} mut_piece;

/* snprintf that says whether it all fitted: a path cut short would name
 * another file. */
static bool fit(char *out, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fit(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, size, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < size)
        return true;
    fprintf(stderr, "undead mutate: a path or argument longer than %zu bytes: '%.60s...'\n", size - 1, out);
    return false;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* A fuzz check writes the units it finds into a directory of its own,
 * removed once it has run. */
static bool run_fuzz(const mut_command *c, const char *mutant, char reason[MUT_REASON], double *seconds,
                     const char *tmp_root)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/XXXXXX", tmp_root);
    if (!mkdtemp(dir)) {
        snprintf(reason, MUT_REASON, "cannot make a directory under %s", tmp_root);
        return false;
    }
    mut_command run = *c;
    int n = 0;
    while (run.argv[n])
        n++;
    char artifacts[160];
    snprintf(artifacts, sizeof artifacts, "-artifact_prefix=%s/", dir);
    /* argv: TARGET -max_total_time=S [corpus]; insert the artifacts option
     * and the new-units directory before the corpus. */
    const char *corpus = run.argv[n - 1];
    run.argv[n - 1] = artifacts;
    run.argv[n] = dir;
    run.argv[n + 1] = corpus;
    run.argv[n + 2] = NULL;
    bool passed = mut_run(&run, mutant, reason, seconds);
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return passed;
}

static void check_mutant(void *p)
{
    mut_piece *piece = p;
    mut_result *r = piece->r;
    const mut_plan *plan = piece->plan;
    r->killer = -1;
    char env[160];
    snprintf(env, sizeof env, "%s:%s", r->m.game->name, r->name);
    bool declared_equivalent = r->decl && r->decl->kind == MUT_DECL_EQUIVALENT;
    for (int i = 0; i < plan->n_cmd; i++) {
        double t = 0;
        const mut_command *c = &plan->cmd[i];
        /* The tests and the fuzzers take a minute where golden and sim
         * take a second: a declaration is checked by the quick ones
         * unless asked, and a wrong one still fails the run there. */
        if (declared_equivalent && !plan->recheck && (c->killer == MUT_TESTS || c->killer == MUT_FUZZ))
            continue;
        bool passed = c->killer == MUT_FUZZ ? run_fuzz(c, env, r->reason, &t, plan->tmp_root)
                                            : mut_run(c, env, r->reason, &t);
        r->seconds += t;
        if (!passed) {
            r->killer = c->killer;
            if (c->killer == MUT_FUZZ) {
                char why[MUT_REASON + 64];
                snprintf(why, sizeof why, "%s: %.200s", c->label, r->reason);
                memcpy(r->reason, why, MUT_REASON - 1);
                r->reason[MUT_REASON - 1] = '\0';
            }
            return;
        }
    }
}

/* The mutation build tree this program belongs to: BUILD/tools/undead. */
static bool own_build_dir(char *self, size_t self_size, char *build, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", self, self_size - 1);
    if (n <= 0)
        return false;
    self[n] = '\0';
    snprintf(build, size, "%s", self);
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(build, '/');
        if (!slash)
            return false;
        *slash = '\0';
    }
    return true;
}

static void add_command(mut_plan *p, mut_killer k, const char *label, double timeout)
{
    mut_command *c = &p->cmd[p->n_cmd++];
    c->killer = k;
    c->label = label;
    c->timeout = timeout;
}

bool mut_plan_make(mut_plan *p, const ud_game *g, const mut_plan_opts *o)
{
    memset(p, 0, sizeof *p);
    p->recheck = o->recheck;
    char build[4096];
    if (!own_build_dir(p->self, sizeof p->self, build, sizeof build)) {
        fprintf(stderr, "undead mutate: cannot find this program's own path (/proc/self/exe)\n");
        return false;
    }
    snprintf(p->build, sizeof p->build, "%s", o->build_dir ? o->build_dir : build);
    char data[4096];
    if (!cli_data_path("mutate", "golden", "UNDEAD_DATA_DIR", data, sizeof data))
        return false;
    if (!fit(p->golden, sizeof p->golden, "%s/%s", data, g->folder))
        return false;
    snprintf(p->game_arg, sizeof p->game_arg, "%s", g->name);
    snprintf(p->games_arg, sizeof p->games_arg, "%llu", (unsigned long long)o->sim_games);
    snprintf(p->seed_arg, sizeof p->seed_arg, "%llu", (unsigned long long)o->seed);
    snprintf(p->tmp_root, sizeof p->tmp_root, "/tmp/undead-mutate-XXXXXX");
    if (!mkdtemp(p->tmp_root)) {
        fprintf(stderr, "undead mutate: cannot make a temporary directory in /tmp\n");
        return false;
    }

    if (o->checks & (1u << MUT_GOLDEN)) {
        add_command(p, MUT_GOLDEN, "golden", 10);
        p->cmd[0].argv[0] = p->self;
        memcpy(&p->cmd[0].argv[1], (const char *[]){ "golden", "check", "--dir", p->golden, "--no-db", NULL },
               6 * sizeof(char *));
    }
    if (o->checks & (1u << MUT_TESTS)) {
        char ctest_file[4200];
        snprintf(ctest_file, sizeof ctest_file, "%s/CTestTestfile.cmake", p->build);
        if (access(ctest_file, R_OK) != 0) {
            fprintf(stderr,
                    "undead mutate: %s is not a build tree with tests: give --build-dir DIR (the mutants "
                    "preset's build/mutants), or --no-tests\n",
                    p->build);
            return false;
        }
        static char label[80];
        snprintf(label, sizeof label, "^mutate-%s$", g->folder);
        add_command(p, MUT_TESTS, "tests", 600);
        memcpy(p->cmd[p->n_cmd - 1].argv,
               (const char *[]){ "ctest", "--test-dir", p->build, "-L", label, "--stop-on-failure", "-Q",
                                 "--output-on-failure", NULL },
               9 * sizeof(char *));
    }
    add_command(p, MUT_SIM, "sim", 60);
    memcpy(p->cmd[p->n_cmd - 1].argv,
           (const char *[]){ p->self, "sim", p->game_arg, "--games", p->games_arg, "--seed", p->seed_arg,
                             "--jobs", "1", "--no-db", NULL },
           11 * sizeof(char *));
    if (o->fuzz_seconds > 0) {
        if (!(o->fuzz_dir ? fit(p->fuzz, sizeof p->fuzz, "%s", o->fuzz_dir)
                          : fit(p->fuzz, sizeof p->fuzz, "%s/../libfuzzer-mutants/fuzz", build)))
            return false;
        char corpus_root[4096];
        if (!cli_data_path("mutate", "fuzz", "UNDEAD_DATA_DIR", corpus_root, sizeof corpus_root))
            return false;
        snprintf(p->fuzz_time, sizeof p->fuzz_time, "-max_total_time=%llu",
                 (unsigned long long)o->fuzz_seconds);
        static const char *const kinds[] = { "engine", "content" };
        for (int k = 0; k < 2; k++) {
            static char names[2][4200], labels[2][160];
            if (!fit(names[k], sizeof names[k], "%s/%s_%s", p->fuzz, g->folder, kinds[k]))
                return false;
            if (access(names[k], X_OK) != 0) {
                if (k == 0) {
                    fprintf(stderr,
                            "undead mutate: no fuzz target %s: build the libfuzzer-mutants preset or give "
                            "--fuzz-dir\n",
                            names[k]);
                    return false;
                }
                continue;
            }
            snprintf(labels[k], sizeof labels[k], "fuzz %s_%s", g->folder, kinds[k]);
            if (!fit(p->corpus[p->n_cmd], sizeof p->corpus[0], "%s/corpus/%s_%s", corpus_root, g->folder,
                     kinds[k]))
                return false;
            add_command(p, MUT_FUZZ, labels[k], (double)o->fuzz_seconds + 60);
            mut_command *c = &p->cmd[p->n_cmd - 1];
            c->argv[0] = names[k];
            c->argv[1] = p->fuzz_time;
            c->argv[2] = p->corpus[p->n_cmd - 1];
        }
    }
    return true;
}

bool mut_plan_check_unmutated(mut_plan *p)
{
    for (int i = 0; i < p->n_cmd; i++) {
        char reason[MUT_REASON];
        double t = 0;
        mut_command *c = &p->cmd[i];
        bool passed;
        if (c->killer == MUT_FUZZ) {
            /* Unmutated, the corpus and a short run: S seconds before each
             * mutant would double a fuzz run's time for nothing new. */
            mut_command quick = *c;
            quick.argv[1] = "-max_total_time=5";
            passed = run_fuzz(&quick, NULL, reason, &t, p->tmp_root);
        } else
            passed = mut_run(c, NULL, reason, &t);
        if (!passed) {
            fprintf(stderr, "undead mutate: the %s check fails with no mutant (%s): fix it first\n", c->label,
                    reason);
            return false;
        }
        if (c->killer != MUT_FUZZ && c->timeout < 10 * t)
            c->timeout = 10 * t;
        printf("check %-28s passes with no mutant (%.2f s)\n", c->label, t);
    }
    return true;
}

int mut_choose(const ud_game *g, uint64_t sample, const char *const *only, int n_only, mut_result *out)
{
    static ud_mutant all[MUT_MAX_MUTANTS];
    int n = ud_mutant_list(g, all, MUT_MAX_MUTANTS);
    if (n > MUT_MAX_MUTANTS)
        n = MUT_MAX_MUTANTS;
    int k = 0;
    ud_buf b;
    ud_buf_init(&b);
    for (int i = 0; i < n; i++) {
        if (sample && sample < (uint64_t)n) {
            /* i is taken when it is the first index of its share */
            uint64_t share = (uint64_t)i * sample / (uint64_t)n;
            if (i > 0 && share == (uint64_t)(i - 1) * sample / (uint64_t)n)
                continue;
        }
        b.len = 0;
        ud_mutant_name(&all[i], &b);
        bool wanted = n_only == 0;
        for (int j = 0; j < n_only && !wanted; j++)
            wanted = strcmp(only[j], ud_buf_str(&b)) == 0;
        if (!wanted)
            continue;
        memset(&out[k], 0, sizeof out[k]);
        out[k].m = all[i];
        snprintf(out[k].name, sizeof out[k].name, "%s", ud_buf_str(&b));
        k++;
    }
    ud_buf_free(&b);
    return k;
}

bool mut_plan_run(const mut_plan *p, mut_result *res, int n, int jobs)
{
    mut_piece *pieces = calloc((size_t)(n ? n : 1), sizeof *pieces);
    if (!pieces)
        return false;
    for (int i = 0; i < n; i++)
        pieces[i] = (mut_piece){ &res[i], p };
    ud_run_pieces(jobs, pieces, n, sizeof *pieces, check_mutant);
    free(pieces);
    return true;
}

void mut_plan_clean(mut_plan *p)
{
    if (p->tmp_root[0])
        nftw(p->tmp_root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    p->tmp_root[0] = '\0';
}

/* ---- the command line (for now) ---- */

enum { MAX_ONLY = 32 };

/* mutate's options (opts.h). */
typedef struct mut_opts {
    const char *only[MAX_ONLY];
    int n_only;
    uint64_t sample;
    int jobs;
    double min_score;
    mut_plan_opts plan; /* the checks, and what they run */
    bool list, no_tests, verbose;
    rec_opts rec;
} mut_opts;

static bool read_checks(const char *cmd, const opts_option *o, void *field, const char *arg);

static const opts_option options[] = {
    { .name = "list",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(mut_opts, list),
      .help = "list the mutants and the declarations; run nothing" },
    { .name = "only",
      .kind = OPTS_LIST,
      .at = OPTS_AT(mut_opts, only),
      .count = OPTS_AT(mut_opts, n_only),
      .max = MAX_ONLY,
      .metavar = "MUTANT",
      .help = "run this mutant only (ID/OPERATOR; repeatable)" },
    { .name = "sample",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(mut_opts, sample),
      .hi = 100000000,
      .metavar = "N",
      .help = "run N mutants spread evenly over the table (0: all)" },
    { .name = "sim-games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(mut_opts, plan.sim_games),
      .hi = 100000000,
      .def = 500,
      .metavar = "N",
      .help = "games the sim check plays (default 500)" },
    { .name = "seed",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(mut_opts, plan.seed),
      .hi = ULONG_MAX,
      .def = 1,
      .metavar = "N",
      .help = "the sim check's first seed (default 1)" },
    { .name = "fuzz-seconds",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(mut_opts, plan.fuzz_seconds),
      .hi = 3600,
      .metavar = "S",
      .help = "run each fuzz target S seconds (default 0: no fuzz check)" },
    { .name = "fuzz-dir",
      .kind = OPTS_STRING,
      .at = OPTS_AT(mut_opts, plan.fuzz_dir),
      .metavar = "DIR",
      .help = "the mutation build's fuzz targets (default\n"
              "BUILD/../libfuzzer-mutants/fuzz)" },
    { .name = "build-dir",
      .kind = OPTS_STRING,
      .at = OPTS_AT(mut_opts, plan.build_dir),
      .metavar = "DIR",
      .help = "the mutation build tree whose tests run (default: this\n"
              "program's build tree); --no-tests skips them" },
    { .name = "checks",
      .kind = OPTS_CALL,
      .at = OPTS_AT(mut_opts, plan.checks),
      .call = read_checks,
      .metavar = "LIST",
      .help = "the checks to run: any of golden,tests,sim,fuzz (always in\n"
              "that order; default: golden,tests,sim, and fuzz with\n"
              "--fuzz-seconds)" },
    { .name = "min-score",
      .kind = OPTS_DECIMAL,
      .at = OPTS_AT(mut_opts, min_score),
      .dhi = 100,
      .ddef = 95.0,
      .metavar = "P",
      .help = "the lowest passing score in percent (default 95)" },
    { .name = "jobs",
      .kind = OPTS_INT,
      .at = OPTS_AT(mut_opts, jobs),
      .lo = 1,
      .hi = UD_MAX_JOBS,
      .metavar = "N",
      .help = "mutants checked at once (default: every core)" },
    { .name = "verbose",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(mut_opts, verbose),
      .help = "print every mutant's verdict, not only the survivors" },
    { .name = "recheck-equivalents",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(mut_opts, plan.recheck),
      .help = "a mutant declared equivalent gets every check (default:\n"
              "golden and sim only, which catch most wrong declarations)" },
    REC_OPTIONS(mut_opts, rec),
    /* described in --build-dir's help */
    { .name = "no-tests", .kind = OPTS_FLAG, .at = OPTS_AT(mut_opts, no_tests) },
    OPTS_END,
};

const opts_command cmd_mutate_opts = {
    .name = "mutate",
    .usage = "usage: undead mutate GAME [options]\n"
             "Mutation analysis of GAME's rule table: switches on each mutant of its rows\n"
             "(guard never / always holds, effect skipped / applied twice) and readings (a\n"
             "key's value read as another), runs the checks against it in order and stops\n"
             "at the first that fails: golden (the game's golden transcripts), tests (its\n"
             "CTest suites, label mutate-FOLDER), sim (seeded games, invariants on), fuzz\n"
             "(its fuzz targets, with --fuzz-seconds).  Prints the survivors and the score;\n"
             "exit 1 if the score is below --min-score or a survivor is not declared in\n"
             "spec/FOLDER/mutants.txt.  Needs a mutation build (the `mutants` preset).\n",
    .options = options,
    .game_operand = true,
};

#define NOT_DECLARED "not declared: no golden case, test or invariant pins it"

/* golden,tests,sim,fuzz (any of them, comma-separated) as bits. */
static bool parse_checks(const char *arg, unsigned *out)
{
    *out = 0;
    for (const char *p = arg; *p;) {
        size_t len = strcspn(p, ",");
        int k = 0;
        while (k < MUT_N_KILLERS && (strlen(mut_killer_name((mut_killer)k)) != len ||
                                     strncmp(p, mut_killer_name((mut_killer)k), len) != 0))
            k++;
        if (k == MUT_N_KILLERS)
            return false;
        *out |= 1u << k;
        p += len + (p[len] == ',');
    }
    return *out != 0;
}

/* --checks LIST (field: the bits): false, said, when a word is none of
 * the checks. */
static bool read_checks(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    if (parse_checks(arg, field))
        return true;
    fprintf(stderr, "undead %s: bad value '%s' for --%s (see undead mutate --help)\n", cmd, arg, o->name);
    return false;
}

/* The command line read into o: OPTS_GO_ON, or the exit status to end
 * with; the checks that run settled. */
static int read_mutate(int argc, char **argv, mut_opts *o, opts_operands *ops)
{
    *o = (mut_opts){ .jobs = ud_default_jobs() };
    int rc = opts_read(&cmd_mutate_opts, argc, argv, o, ops, 0, -1);
    if (rc != OPTS_GO_ON)
        return rc;
    mut_plan_opts *p = &o->plan;
    if (!p->checks)
        p->checks = (1u << MUT_GOLDEN) | (o->no_tests ? 0 : 1u << MUT_TESTS) | (1u << MUT_SIM) |
                    (p->fuzz_seconds ? 1u << MUT_FUZZ : 0);
    if (o->no_tests)
        p->checks &= ~(1u << MUT_TESTS);
    if ((p->checks & (1u << MUT_FUZZ)) && !p->fuzz_seconds) {
        fprintf(stderr, "undead mutate: --checks fuzz needs --fuzz-seconds S\n");
        return UD_EXIT_USAGE;
    }
    return OPTS_GO_ON;
}

static void record(recorder *rec, const ud_game *g, const mut_result *r)
{
    if (!rec->db)
        return;
    char key[200], outcome[64];
    snprintf(key, sizeof key, "mutant:%s:%s", g->name, r->name);
    if (r->decl && r->decl->kind == MUT_DECL_EQUIVALENT && r->killer < 0)
        snprintf(outcome, sizeof outcome, "equivalent");
    else if (r->killer < 0)
        snprintf(outcome, sizeof outcome, "survived");
    else
        snprintf(outcome, sizeof outcome, "killed by %s", mut_killer_name((mut_killer)r->killer));
    const char *why = r->killer >= 0 ? r->reason : r->decl ? r->decl->why : NOT_DECLARED;
    db_case dc = { .key = key,
                   .kind = "mutant",
                   .game = g->name,
                   .variants = "defaults",
                   .inputs = why,
                   .status = "complete",
                   .outcome = outcome,
                   .decisions = -1,
                   .rules = r->m.rule                 ? r->m.rule->id
                            : r->m.op == UD_MUT_FAULT ? r->m.fault->invariant
                                                      : "",
                   .analysis = ud_mutant_op_name(r->m.op) };
    db_case_add(rec->db, rec->run, &dc);
    rec_tick(rec);
}

static void list_mutants(const ud_game *g, mut_decls *ds)
{
    static mut_result all[MUT_MAX_MUTANTS];
    int n = mut_choose(g, 0, NULL, 0, all);
    for (int i = 0; i < n; i++) {
        mut_decl *d = mut_decls_find(ds, all[i].name);
        printf("%-40s %s%s\n", all[i].name,
               d ? (d->kind == MUT_DECL_EQUIVALENT ? "equivalent: " : "survives: ") : "", d ? d->why : "");
    }
    printf("%d mutants of %s, %d declared in %s\n", n, g->name, ds->n, ds->path);
}

/* The report: survivors (and every verdict with --verbose), the score. */
static int report(const ud_game *g, mut_result *res, int n, const mut_opts *o, recorder *rec)
{
    int killed[MUT_N_KILLERS] = { 0 }, equivalent = 0, survived = 0, undeclared = 0, wrong = 0;
    for (int i = 0; i < n; i++) {
        mut_result *r = &res[i];
        const char *summary = r->m.rule                 ? r->m.rule->summary
                              : r->m.op == UD_MUT_FAULT ? r->m.fault->summary
                                                        : r->m.game->variants[r->m.key].question;
        bool is_equivalent = r->decl && r->decl->kind == MUT_DECL_EQUIVALENT;
        if (r->killer >= 0) {
            killed[r->killer]++;
            if (is_equivalent) {
                wrong++;
                printf("WRONG    %s: declared equivalent (mutants.txt line %d) but killed by %s: %s\n",
                       r->name, r->decl->line, mut_killer_name((mut_killer)r->killer), r->reason);
            } else if (o->verbose)
                printf("killed   %-40s by %-6s in %5.1f s: %s\n", r->name,
                       mut_killer_name((mut_killer)r->killer), r->seconds, r->reason);
        } else if (is_equivalent) {
            equivalent++;
            if (o->verbose)
                printf("equiv    %-40s %s\n", r->name, r->decl->why);
        } else {
            survived++;
            undeclared += r->decl == NULL;
            printf("SURVIVED %-40s %s\n         why: %s\n", r->name, summary,
                   r->decl ? r->decl->why : NOT_DECLARED);
        }
        record(rec, g, r);
    }
    int total = 0;
    for (int k = 0; k < MUT_N_KILLERS; k++)
        total += killed[k];
    int counted = n - equivalent;
    double score = counted > 0 ? 100.0 * (double)total / (double)counted : 100.0;
    printf(
        "mutate %s: %d of %d non-equivalent mutants killed (%.1f%%): golden %d, tests %d, sim %d, fuzz %d; "
        "%d survived (%d not declared); %d equivalent\n",
        g->name, total, counted, score, killed[MUT_GOLDEN], killed[MUT_TESTS], killed[MUT_SIM],
        killed[MUT_FUZZ], survived, undeclared, equivalent);
    static const char *const metric[MUT_N_KILLERS] = { "killed_golden", "killed_tests", "killed_sim",
                                                       "killed_fuzz" };
    for (int k = 0; k < MUT_N_KILLERS; k++)
        rec_metric(rec, metric[k], killed[k], "mutants");
    rec_metric(rec, "mutants", n, "mutants");
    rec_metric(rec, "equivalent", equivalent, "mutants");
    rec_metric(rec, "survived", survived, "mutants");
    rec_metric(rec, "mutation_score", score, "%");
    if (wrong)
        printf("mutate %s: %d mutant(s) declared equivalent were killed: correct spec/%s/mutants.txt\n",
               g->name, wrong, g->folder);
    return score + 1e-9 < o->min_score || undeclared > 0 || wrong > 0 ? UD_EXIT_FAIL : UD_EXIT_OK;
}

/* The plan made and held against no mutant, then every chosen mutant
 * checked, reported and recorded: the exit status. */
static int run_mutants(const ud_game *g, const mut_opts *o, mut_result *res, int n, mut_decls *ds)
{
    mut_plan *plan = calloc(1, sizeof *plan);
    if (!plan || !mut_plan_make(plan, g, &o->plan) || !mut_plan_check_unmutated(plan)) {
        if (plan)
            mut_plan_clean(plan);
        free(plan);
        return UD_EXIT_USAGE;
    }
    recorder rec;
    if (!rec_begin(&rec, &o->rec, "mutate", g)) {
        mut_plan_clean(plan);
        free(plan);
        return UD_EXIT_USAGE;
    }
    rec_param(&rec, "sim-games", "%llu", (unsigned long long)o->plan.sim_games);
    rec_param(&rec, "seed", "%llu", (unsigned long long)o->plan.seed);
    rec_param(&rec, "fuzz-seconds", "%llu", (unsigned long long)o->plan.fuzz_seconds);
    for (int i = 0; i < plan->n_cmd; i++)
        rec_param(&rec, "check", "%s", plan->cmd[i].label);
    /* --only picks a sample too: the FAQ says the figures are not all */
    rec_param(&rec, "sample", "%llu", o->n_only ? (unsigned long long)n : (unsigned long long)o->sample);
    for (int i = 0; i < n; i++) {
        res[i].decl = mut_decls_find(ds, res[i].name);
        if (res[i].decl)
            res[i].decl->used = true;
    }
    int rc = UD_EXIT_USAGE;
    if (mut_plan_run(plan, res, n, o->jobs))
        rc = report(g, res, n, o, &rec);
    else
        fprintf(stderr, "undead mutate: out of memory\n");
    mut_plan_clean(plan);
    free(plan);
    return rec_end(&rec, rc);
}

int cmd_mutate(int argc, char **argv)
{
    mut_opts o;
    opts_operands ops;
    setvbuf(stdout, NULL, _IOLBF, 0); /* a long run shows its checks as they pass */
    int rc = read_mutate(argc, argv, &o, &ops);
    if (rc != OPTS_GO_ON)
        return rc;
    const ud_game *g = cli_game("mutate", ops.n ? argv[ops.first] : NULL);
    if (!g)
        return UD_EXIT_USAGE;
    char spec[4096], decl_path[4200];
    if (!cli_data_path("mutate", "spec", "UNDEAD_DATA_DIR", spec, sizeof spec))
        return UD_EXIT_USAGE;
    snprintf(decl_path, sizeof decl_path, "%s/%s/mutants.txt", spec, g->folder);
    mut_decls ds;
    ud_buf err;
    ud_buf_init(&err);
    if (!mut_decls_read(&ds, decl_path, g, &err)) {
        fprintf(stderr, "undead mutate: %s\n", ud_buf_str(&err));
        ud_buf_free(&err);
        return UD_EXIT_USAGE;
    }
    ud_buf_free(&err);
    if (o.list) {
        list_mutants(g, &ds);
        mut_decls_free(&ds);
        return UD_EXIT_OK;
    }
    if (!ud_mutants_built()) {
        fprintf(stderr,
                "undead mutate: this undead is built without the mutants: cmake --preset mutants && cmake "
                "--build --preset mutants, then build/mutants/tools/undead mutate %s\n",
                g->name);
        mut_decls_free(&ds);
        return UD_EXIT_USAGE;
    }
    static mut_result res[MUT_MAX_MUTANTS];
    int n = mut_choose(g, o.sample, o.only, o.n_only, res);
    for (int j = 0; j < o.n_only; j++) {
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = strcmp(res[i].name, o.only[j]) == 0;
        if (!found) {
            fprintf(stderr, "undead mutate: --only %s: not a mutant of %s (undead mutate %s --list)\n",
                    o.only[j], g->name, g->name);
            mut_decls_free(&ds);
            return UD_EXIT_USAGE;
        }
    }
    rc = run_mutants(g, &o, res, n, &ds);
    mut_decls_free(&ds);
    return rc;
}
