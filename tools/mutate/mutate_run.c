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

#include "datadir.h"
#include "mutate.h"
#include "pieces.h"

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

/* A declared duplicate's check by play, in a child process of its own
 * (a mutant's play may crash): this program's --check-duplicates. */
static void check_duplicate(const mut_plan *plan, mut_result *r)
{
    mut_command c = { .killer = MUT_SIM, .label = "duplicate", .timeout = 600 };
    const char *argv[] = { plan->self, "mutate", plan->game_arg, "--check-duplicates",
                           "--only",   r->name,  "--dup-games",  plan->dup_games_arg,
                           NULL };
    memcpy(c.argv, argv, sizeof argv);
    double t = 0;
    r->dup_wrong = !mut_run(&c, NULL, r->dup_reason, &t);
    r->seconds += t;
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
    if (r->decl && r->decl->kind == MUT_DECL_DUPLICATE)
        check_duplicate(plan, r);
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
    if (!cli_data_path("mutate", "golden", NULL, data, sizeof data))
        return false;
    if (!fit(p->golden, sizeof p->golden, "%s/%s", data, g->folder))
        return false;
    snprintf(p->game_arg, sizeof p->game_arg, "%s", g->name);
    snprintf(p->games_arg, sizeof p->games_arg, "%llu", (unsigned long long)o->sim_games);
    snprintf(p->seed_arg, sizeof p->seed_arg, "%llu", (unsigned long long)o->seed);
    snprintf(p->dup_games_arg, sizeof p->dup_games_arg, "%llu",
             (unsigned long long)(o->dup_games ? o->dup_games : 20));
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
        if (!cli_data_path("mutate", "fuzz", NULL, corpus_root, sizeof corpus_root))
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
