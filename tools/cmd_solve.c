/*
 * cmd_solve.c - `undead solve GAME [ANALYSIS] [options]`: lists a game's
 * named analyses (core/extras.h: exact solvers, the texts' claims) or
 * runs one, recording it as a "solve" run (analysis.c).  The options
 * every analysis shares (--variant, --format, --db) are read here; the
 * others are the analyses' own, handed over as given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "setup.h"

static const char usage[] =
    "usage: undead solve GAME [ANALYSIS] [options]\n"
    "Runs one of a game's exact analyses (see README.md, 'Exact solutions'); with\n"
    "no ANALYSIS, lists them with their options.\n"
    "  --variant KEY=VALUE   a reading (see 'undead variants GAME'); an analysis\n"
    "                        goes through every reading of a key not fixed\n"
    "  --format text|csv     output format (default text)\n"
    "  --max-memory SIZE     the bytes each exploration an analysis runs may grow to\n"
    "                        (512M, 4G; default: half the machine's memory)\n" REC_HELP;

enum { S_FORMAT = 1, S_VARIANT, S_MAX_MEMORY, OPT_OWN = 2000, MAX_OWN = 64 };

static void list_analyses(FILE *out, const ud_game *g)
{
    int n = g->extras ? g->extras->n_analyses : 0;
    if (!n) {
        fprintf(out, "%s has no analyses.\n", g->name);
        return;
    }
    fprintf(out, "Analyses of %s (undead solve %s ANALYSIS):\n", g->name, g->name);
    for (int i = 0; i < n; i++) {
        const ud_analysis *a = &g->extras->analyses[i];
        fprintf(out, "  %-8s ", a->name);
        for (const char *s = a->summary; *s; s++) {
            fputc(*s, out);
            if (*s == '\n')
                fputs("           ", out);
        }
        fputs(!a->verify ? "\n"
              : a->verify == UD_VERIFY_DEFAULTS
                  ? "\n           (undead verify runs it, default readings only)\n"
                  : "\n           (undead verify runs it)\n",
              out);
        for (const ud_analysis_option *o = a->options; o && o->name; o++) {
            char flag[64];
            snprintf(flag, sizeof flag, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
            fprintf(out, "    %-19s %s\n", flag, o->help);
        }
    }
}

/* Does analysis a take option name? */
static const ud_analysis_option *own_option(const ud_analysis *a, const char *name)
{
    for (const ud_analysis_option *o = a->options; o && o->name; o++)
        if (strcmp(o->name, name) == 0)
            return o;
    return NULL;
}

/* An analysis's --export written over the database the run records in
 * would lose it, after the solve: refused first (the message printed). */
static bool export_ok(const ud_analysis_args *args, const rec_opts *ro)
{
    const char *export_path = ud_analysis_arg(args, "export");
    if (!export_path || ro->off)
        return true;
    /* NULL: an empty UNDEAD_DB, refused here once (the message printed) */
    const char *db_path = cli_db_path("solve", ro->path);
    return db_path && cli_output_not_input("solve", "--export", export_path, db_path, "the results database");
}

int cmd_solve(int argc, char **argv)
{
    /* The long options: the shared ones, then every option of every
     * game's analyses (each name once); which analysis takes which is
     * checked once the command line names the analysis. */
    struct option longopts[MAX_OWN + 9];
    const char *own_names[MAX_OWN];
    int n_long = 0, n_own = 0;
    longopts[n_long++] = (struct option){ "variant", required_argument, NULL, S_VARIANT };
    longopts[n_long++] = (struct option){ "format", required_argument, NULL, S_FORMAT };
    longopts[n_long++] = (struct option){ "max-memory", required_argument, NULL, S_MAX_MEMORY };
    longopts[n_long++] = (struct option){ "db", required_argument, NULL, OPT_DB };
    longopts[n_long++] = (struct option){ "no-db", no_argument, NULL, OPT_NO_DB };
    longopts[n_long++] = (struct option){ "help", no_argument, NULL, 'h' };
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int i = 0; (*g)->extras && i < (*g)->extras->n_analyses; i++)
            for (const ud_analysis_option *o = (*g)->extras->analyses[i].options; o && o->name; o++) {
                bool seen = false;
                for (int k = 0; k < n_own && !seen; k++)
                    seen = strcmp(own_names[k], o->name) == 0;
                if (seen || n_own == MAX_OWN)
                    continue;
                own_names[n_own] = o->name;
                longopts[n_long++] = (struct option){ o->name, o->arg ? required_argument : no_argument, NULL,
                                                      OPT_OWN + n_own };
                n_own++;
            }
    longopts[n_long] = (struct option){ 0, 0, 0, 0 };

    ud_analysis_args *args = calloc(1, sizeof *args);
    const char *variants[UD_MAX_VARIANTS * 2];
    int n_variants = 0, c, rc = UD_EXIT_USAGE;
    rec_opts ro = { 0 };
    if (!args)
        return UD_EXIT_FAIL;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            for (const ud_game *const *g = ud_games; *g; g++) {
                fputc('\n', stdout);
                list_analyses(stdout, *g);
            }
            rc = UD_EXIT_OK;
            goto out;
        } else if (c == S_VARIANT) {
            if (n_variants < (int)(sizeof variants / sizeof variants[0]))
                variants[n_variants++] = optarg;
        } else if (c == S_FORMAT) {
            if (strcmp(optarg, "csv") != 0 && strcmp(optarg, "text") != 0) {
                fprintf(stderr, "undead solve: --format: expected text or csv, got '%s'\n", optarg);
                goto out;
            }
            args->csv = strcmp(optarg, "csv") == 0;
        } else if (c == S_MAX_MEMORY) {
            if (!cli_parse_max_memory("solve", optarg, &args->max_memory))
                goto out;
        } else if (c >= OPT_OWN && c < OPT_OWN + n_own) {
            if (args->n == UD_ANALYSIS_MAX_ARGS) {
                fprintf(stderr, "undead solve: more than %d options\n", UD_ANALYSIS_MAX_ARGS);
                goto out;
            }
            args->name[args->n] = own_names[c - OPT_OWN];
            args->value[args->n++] = optarg ? optarg : "";
        } else if (c == '?' || !rec_opt(&ro, c, optarg)) {
            goto out;
        }
    }
    if (optind == argc || optind + 2 < argc) {
        fputs(usage, stderr);
        goto out;
    }
    const ud_game *g = cli_game("solve", argv[optind]);
    if (!g)
        goto out;
    if (optind + 1 == argc) {
        list_analyses(stdout, g);
        rc = UD_EXIT_OK;
        goto out;
    }
    const char *what = argv[optind + 1];
    const ud_analysis *a = ud_game_find_analysis(g, what);
    if (!a) {
        fprintf(stderr, "undead solve: %s has no analysis '%s'; it has:", g->name, what);
        for (int i = 0; g->extras && i < g->extras->n_analyses; i++)
            fprintf(stderr, " %s", g->extras->analyses[i].name);
        fputs(g->extras && g->extras->n_analyses ? "\n" : " none\n", stderr);
        goto out;
    }
    for (int i = 0; i < args->n; i++)
        if (!own_option(a, args->name[i])) {
            fprintf(stderr, "undead solve: --%s is not an option of '%s %s' (undead solve %s lists them)\n",
                    args->name[i], g->name, a->name, g->name);
            goto out;
        }
    if (!export_ok(args, &ro))
        goto out;
    ud_setup_defaults(g, &args->setup);
    for (int i = 0; i < n_variants; i++) {
        ud_buf err;
        ud_buf_init(&err);
        bool ok = ud_setup_variant(g, &args->setup, variants[i], &err);
        if (!ok)
            fprintf(stderr, "undead solve: --variant %s: %s\n", variants[i], ud_buf_str(&err));
        ud_buf_free(&err);
        if (!ok)
            goto out;
        for (int v = 0; v < g->n_variants; v++) {
            size_t len = strlen(g->variants[v].key);
            if (strncmp(variants[i], g->variants[v].key, len) == 0 && variants[i][len] == '=')
                args->fixed[v] = true;
        }
    }
    rc = analysis_run("solve", g, a, args, stdout, &ro, 0);
out:
    free(args);
    return rc;
}
