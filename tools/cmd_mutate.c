/*
 * cmd_mutate.c - `undead mutate GAME`: mutation analysis of a game's rule
 * table (the run: mutate/mutate_run.c).  Every mutant of the game (core/mutant.h: each row's guard never
 * or always holding, its effect skipped or doubled, each reading read as
 * another) is switched on in turn, and the project's own checks run
 * against it in order, stopping at the first that fails (mutate.h): the
 * golden transcripts, the game's tests, a seeded sim with invariants on,
 * and, when asked, the game's fuzz targets.  A mutant no check kills is
 * behaviour no case pins; the game's folder declares the ones that cannot
 * change any game (equivalent), explains those left (survives), and names
 * the ones no game tells from another's (duplicate, checked by play:
 * --check-duplicates).
 * docs/mutation.md has the method and the figures.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "mutate.h"
#include "pieces.h"
#include "record.h"

enum { MAX_ONLY = 32 };

/* mutate's options (opts.h). */
typedef struct mut_opts {
    const char *only[MAX_ONLY];
    int n_only;
    uint64_t sample;
    int jobs;
    double min_score;
    mut_plan_opts plan; /* the checks, and what they run */
    bool list, no_tests, verbose, check_duplicates;
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
    { .name = "check-duplicates",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(mut_opts, check_duplicates),
      .help = "check each declared duplicate (or those --only names) by\n"
              "play, its records against its twin's; run nothing else" },
    { .name = "dup-games",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(mut_opts, plan.dup_games),
      .lo = 1,
      .hi = 100000,
      .def = 20,
      .metavar = "N",
      .help = "seeded games a duplicate's check plays per number of\n"
              "players and reading (default 20)" },
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
             "spec/FOLDER/mutants.txt, or a declaration proves wrong (an equivalent killed, a\n"
             "duplicate's seeded games told from its twin's, by their records or, for a\n"
             "duplicate to the protocol, by what undead conform sees).  Needs a mutation build (the\n"
             "`mutants` preset).\n",
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
    const char *why = r->killer >= 0                                   ? r->reason
                      : r->decl && r->decl->kind != MUT_DECL_DUPLICATE ? r->decl->why
                                                                       : NOT_DECLARED;
    db_case dc = { .key = key,
                   .kind = "mutant",
                   .game = g->name,
                   .variants = "defaults",
                   .inputs = why,
                   .status = "complete",
                   .outcome = outcome,
                   .decisions = -1,
                   .rules = r->m.rule ? r->m.rule->id
                            : r->m.op == UD_MUT_FAULT
                                ? (r->m.fault->invariant ? r->m.fault->invariant : r->m.fault->rule)
                                : "",
                   .analysis = ud_mutant_op_name(r->m.op) };
    db_case_add(rec->db, rec->run, &dc);
    rec_tick(rec);
}

static void list_mutants(const ud_game *g, mut_decls *ds)
{
    mut_result *all = malloc(MUT_MAX_MUTANTS * sizeof *all); /* not static: see verify_plan.c */
    if (!all) {
        fputs("undead mutate: out of memory\n", stderr);
        return;
    }
    int n = mut_choose(g, 0, NULL, 0, all);
    static const char *const kinds[] = { [MUT_DECL_EQUIVALENT] = "equivalent: ",
                                         [MUT_DECL_SURVIVES] = "survives: ",
                                         [MUT_DECL_DUPLICATE] = "duplicate of " };
    for (int i = 0; i < n; i++) {
        mut_decl *d = mut_decls_find(ds, all[i].name);
        if (d && d->kind == MUT_DECL_DUPLICATE)
            printf("%-40s duplicate of %s%s: %s\n", all[i].name, d->twin,
                   d->protocol ? " (to the protocol)" : "", d->why);
        else
            printf("%-40s %s%s\n", all[i].name, d ? kinds[d->kind] : "", d ? d->why : "");
    }
    printf("%d mutants of %s, %d declared in %s\n", n, g->name, ds->n, ds->path);
    free(all);
}

/* One declared duplicate checked by play (mutate_dup.c): true when its
 * records (a duplicate to the protocol: what the protocol shows of its
 * games) are its twin's and it changed some game; said either way. */
static bool check_one_duplicate(const ud_game *g, const mut_decl *d, uint64_t games, const char *path)
{
    mut_dup_report rep;
    ud_buf err;
    ud_buf_init(&err);
    bool ran = mut_dup_compare(g, d->mutant, d->twin, d->protocol, games, &rep, &err);
    if (!ran)
        printf("%s:%d: %s: %s\n", path, d->line, d->mutant, ud_buf_str(&err));
    ud_buf_free(&err);
    if (!ran)
        return false;
    if (!rep.same) {
        printf("%s:%d: %s is not a duplicate of %s: %s\n", path, d->line, d->mutant, d->twin, rep.differ);
        return false;
    }
    if (rep.changed[0] == 0) {
        printf(
            "%s:%d: %s and %s changed none of %llu games: the check shows nothing (more --dup-games, or no "
            "declaration)\n",
            path, d->line, d->mutant, d->twin, (unsigned long long)rep.games);
        return false;
    }
    const char *row[2] = { d->mutant, d->twin };
    printf(
        "same     %s as %s%s in %llu games (%llu of them changed by both); rows fired under the mutant/its "
        "twin/none: ",
        d->mutant, d->twin, d->protocol ? " to the protocol" : "", (unsigned long long)rep.games,
        (unsigned long long)rep.changed[0]);
    for (int i = 0; i < 2; i++)
        printf("%s%.*s %llu/%llu/%llu", i ? ", " : "", (int)strcspn(row[i], "/"), row[i],
               (unsigned long long)rep.fired[0][i], (unsigned long long)rep.fired[1][i],
               (unsigned long long)rep.fired[2][i]);
    printf("\n");
    return true;
}

/* --check-duplicates: every declared duplicate (of those --only names)
 * checked by play; the exit status. */
static int check_duplicates(const ud_game *g, const mut_opts *o, mut_decls *ds)
{
    if (!ud_mutants_built()) {
        fprintf(stderr,
                "undead mutate: --check-duplicates plays under each mutant: it needs a mutation build "
                "(cmake --preset mutants)\n");
        return UD_EXIT_USAGE;
    }
    int checked = 0, wrong = 0;
    for (int i = 0; i < ds->n; i++) {
        const mut_decl *d = &ds->d[i];
        bool wanted = d->kind == MUT_DECL_DUPLICATE && o->n_only == 0;
        for (int j = 0; j < o->n_only && !wanted; j++)
            wanted = d->kind == MUT_DECL_DUPLICATE && strcmp(o->only[j], d->mutant) == 0;
        if (!wanted)
            continue;
        checked++;
        wrong += !check_one_duplicate(g, d, o->plan.dup_games, ds->path);
    }
    if (checked < (o->n_only ? o->n_only : 1)) {
        fprintf(stderr, "undead mutate: %s declares %s duplicate%s\n", ds->path,
                o->n_only ? "not every --only mutant a" : "no", o->n_only ? "" : "s");
        return UD_EXIT_USAGE;
    }
    printf("duplicates of %s: %d checked by play, %d wrong\n", g->name, checked, wrong);
    return wrong ? UD_EXIT_FAIL : UD_EXIT_OK;
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
        /* a duplicate's declaration says nothing of its survival */
        const mut_decl *says = r->decl && r->decl->kind != MUT_DECL_DUPLICATE ? r->decl : NULL;
        if (r->dup_wrong) {
            wrong++;
            printf("WRONG    %s: declared a duplicate of %s (mutants.txt line %d) but its check by play "
                   "fails: %s\n",
                   r->name, r->decl->twin, r->decl->line, r->dup_reason);
        } else if (o->verbose && r->decl && r->decl->kind == MUT_DECL_DUPLICATE)
            printf("same     %-40s as %s, checked by play\n", r->name, r->decl->twin);
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
            undeclared += says == NULL;
            printf("SURVIVED %-40s %s\n         why: %s\n", r->name, summary,
                   says ? says->why : NOT_DECLARED);
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
        printf("mutate %s: %d declaration(s) proved wrong (an equivalent killed, a duplicate told from its "
               "twin): correct spec/%s/mutants.txt\n",
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
    if (!cli_data_path("mutate", "spec", NULL, spec, sizeof spec))
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
    if (o.check_duplicates) {
        rc = check_duplicates(g, &o, &ds);
        mut_decls_free(&ds);
        return rc;
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
