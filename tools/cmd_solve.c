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
#include "commands.h"
#include "setup.h"

/* solve's options (opts.h). */
typedef struct solve_args {
    const char *variants[UD_MAX_VARIANTS * 2];
    int n_variants;
    int format; /* text or csv */
    rec_opts rec;
    ud_analysis_args an; /* --max-memory, and the analyses' own options as given */
} solve_args;

static const char *const formats[] = { "text", "csv", NULL };

static const opts_option options[] = {
    { .name = "variant",
      .kind = OPTS_LIST,
      .at = OPTS_AT(solve_args, variants),
      .count = OPTS_AT(solve_args, n_variants),
      .max = UD_MAX_VARIANTS * 2,
      .metavar = "KEY=VALUE",
      .help = "a reading (see 'undead variants GAME'); an analysis\n"
              "goes through every reading of a key not fixed" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(solve_args, format),
      .choices = formats,
      .metavar = "text|csv",
      .help = "output format (default text)" },
    { .name = "max-memory",
      .kind = OPTS_SIZE,
      .at = OPTS_AT(solve_args, an.max_memory),
      .hi = CLI_MAX_MEMORY_MAX,
      .metavar = "SIZE",
      .help = "the bytes each exploration an analysis runs may grow to\n"
              "(512M, 4G; default: half the machine's memory); only for\n"
              "the analyses that explore (marked so below): refused for\n"
              "the others, which it would not bound" },
    REC_OPTIONS(solve_args, rec),
    OPTS_END,
};

static const opts_option *analysis_options(void);
static void list_every_game(FILE *out);

const opts_command cmd_solve_opts = {
    .name = "solve",
    .usage = "usage: undead solve GAME [ANALYSIS] [options]\n"
             "Runs one of a game's exact analyses (see README.md, 'Exact solutions'); with\n"
             "no ANALYSIS, lists them with their options.\n",
    .options = options,
    .more = analysis_options,
    .more_help = list_every_game,
    .game_operand = true,
};

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
        if (a->explores)
            fputs("           (it explores: --max-memory bounds each exploration)\n", out);
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
    return db_path && cli_output_not_db("solve", "--export", export_path, db_path);
}

/* Every game's analyses, for --help. */
static void list_every_game(FILE *out)
{
    for (const ud_game *const *g = ud_games; *g; g++) {
        fputc('\n', out);
        list_analyses(out, *g);
    }
}

/* An analysis's own option (field: the whole solve_args), kept as given
 * (a flag's value ""): which analysis takes which is checked once the
 * command line names the analysis. */
static bool read_own(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    ud_analysis_args *an = &((solve_args *)field)->an;
    if (an->n == UD_ANALYSIS_MAX_ARGS) {
        fprintf(stderr, "undead %s: more than %d options\n", cmd, UD_ANALYSIS_MAX_ARGS);
        return false;
    }
    /* A list with an empty item (--policy '' or ',', an unset variable in
     * the shell) was taken as no list: the default policies solved.  A
     * number's or a FILE's emptiness is refused in their own words. */
    bool list = arg && o->metavar && strstr(o->metavar, "[,") != NULL;
    if (list && (!*arg || arg[0] == ',' || arg[strlen(arg) - 1] == ',' || strstr(arg, ",,"))) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead %s: --%s '%s': expected %s, names separated by commas, found an empty one\n",
                cmd, o->name, ud_escaped(&shown, arg), o->metavar);
        ud_buf_free(&shown);
        return false;
    }
    an->name[an->n] = o->name;
    an->value[an->n++] = arg ? arg : "";
    return true;
}

static bool named(const opts_option *t, int n, const char *name)
{
    for (int k = 0; k < n; k++)
        if (strcmp(t[k].name, name) == 0)
            return true;
    return false;
}

/* The options of every game's analyses, each name once (the table's
 * options run time adds: opts.h), made at the first call; described in
 * the analyses' listing. */
static const opts_option *analysis_options(void)
{
    static opts_option *table;
    if (table)
        return table;
    int cap = 1;
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int i = 0; (*g)->extras && i < (*g)->extras->n_analyses; i++)
            for (const ud_analysis_option *o = (*g)->extras->analyses[i].options; o && o->name; o++)
                cap++;
    opts_option *t = calloc((size_t)cap, sizeof *t);
    if (!t)
        return NULL; /* no memory: the analyses' options are refused as unknown ones */
    int n = 0;
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int i = 0; (*g)->extras && i < (*g)->extras->n_analyses; i++)
            for (const ud_analysis_option *o = (*g)->extras->analyses[i].options; o && o->name; o++)
                if (!named(t, n, o->name))
                    t[n++] = (opts_option){ .name = o->name,
                                            .kind = o->arg ? OPTS_CALL : OPTS_FLAG,
                                            .call = read_own,
                                            .metavar = o->arg };
    return table = t;
}

/* --max-memory bounds the explorer's memory: given to an analysis that
 * runs none it would bound nothing, and is refused rather than ignored,
 * naming the analyses it bounds; false (said) then. */
static bool max_memory_ok(const ud_game *g, const ud_analysis *an, const solve_args *a)
{
    if (!a->an.max_memory || an->explores)
        return true;
    fprintf(stderr,
            "undead solve: --max-memory: '%s %s' does not explore, so it would bound nothing; it bounds "
            "the analyses that explore (",
            g->name, an->name);
    int n = 0;
    for (const ud_game *const *p = ud_games; *p; p++)
        for (int i = 0; (*p)->extras && i < (*p)->extras->n_analyses; i++)
            if ((*p)->extras->analyses[i].explores)
                fprintf(stderr, "%s%s %s", n++ ? ", " : "", (*p)->name, (*p)->extras->analyses[i].name);
    fprintf(stderr, "%s), undead explore and undead verify\n", n ? "" : "none");
    return false;
}

/* GAME ANALYSIS: the analysis, its own options checked, every --variant
 * set; NULL (said) when any is wrong. */
static const ud_analysis *chosen_analysis(const ud_game *g, const char *what, solve_args *a)
{
    const ud_analysis *an = ud_game_find_analysis(g, what);
    if (!an) {
        fprintf(stderr, "undead solve: %s has no analysis '%s'; it has:", g->name, what);
        for (int i = 0; g->extras && i < g->extras->n_analyses; i++)
            fprintf(stderr, " %s", g->extras->analyses[i].name);
        fputs(g->extras && g->extras->n_analyses ? "\n" : " none\n", stderr);
        return NULL;
    }
    for (int i = 0; i < a->an.n; i++)
        if (!own_option(an, a->an.name[i])) {
            fprintf(stderr, "undead solve: --%s is not an option of '%s %s' (undead solve %s lists them)\n",
                    a->an.name[i], g->name, an->name, g->name);
            return NULL;
        }
    if (!max_memory_ok(g, an, a) || !export_ok(&a->an, &a->rec))
        return NULL;
    ud_setup_defaults(g, &a->an.setup);
    for (int i = 0; i < a->n_variants; i++) {
        ud_buf err;
        ud_buf_init(&err);
        bool ok = ud_setup_variant(g, &a->an.setup, a->variants[i], &err);
        if (!ok)
            fprintf(stderr, "undead solve: --variant %s: %s\n", a->variants[i], ud_buf_str(&err));
        ud_buf_free(&err);
        if (!ok)
            return NULL;
        for (int v = 0; v < g->n_variants; v++) {
            size_t len = strlen(g->variants[v].key);
            if (strncmp(a->variants[i], g->variants[v].key, len) == 0 && a->variants[i][len] == '=')
                a->an.fixed[v] = true;
        }
    }
    return an;
}

/* undead solve with its options read into a. */
static int solve(int argc, char **argv, solve_args *a)
{
    opts_operands ops;
    int rc = opts_read(&cmd_solve_opts, argc, argv, a, &ops, 1, 2);
    if (rc != OPTS_GO_ON)
        return rc;
    a->an.csv = a->format == 1;
    const ud_game *g = cli_game("solve", argv[ops.first]);
    if (!g)
        return UD_EXIT_USAGE;
    if (ops.n == 1) {
        list_analyses(stdout, g);
        return UD_EXIT_OK;
    }
    const ud_analysis *an = chosen_analysis(g, argv[ops.first + 1], a);
    return an ? analysis_run("solve", g, an, &a->an, stdout, &a->rec, 0) : UD_EXIT_USAGE;
}

int cmd_solve(int argc, char **argv)
{
    solve_args *a = calloc(1, sizeof *a);
    if (!a)
        return UD_EXIT_FAIL;
    int rc = solve(argc, argv, a);
    free(a);
    return rc;
}
