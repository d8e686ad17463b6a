/*
 * cmd_explore.c - `undead explore GAME`: every reachable state of a bounded
 * game (core/explore.h), reported as a model checker does, with a
 * perft-style table of counts per depth that golden/<folder>/explore/ keeps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "explore.h"
#include "infile.h"
#include "pieces.h"
#include "extras.h"
#include "record.h"

/* explore's options (opts.h). */
typedef struct explore_args {
    cli_game_opts game;
    const char *bound, *golden;
    uint64_t max_depth, max_states, max_memory, horizon;
    bool follow, table, check_solver, outcomes, reference, fractions;
    int jobs;
    rec_opts rec;
} explore_args;

static const opts_option options[] = {
    CLI_GAME_OPTIONS(explore_args, game),
    { .name = "bound",
      .kind = OPTS_STRING,
      .at = OPTS_AT(explore_args, bound),
      .metavar = "NAME",
      .help = "one of the game's bounds (e.g. zombie-dice: turn); default: none" },
    { .name = "max-depth",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(explore_args, max_depth),
      .hi = UD_EXPLORE_MAX_DEPTH,
      .def = (uint64_t)-1, /* none given: no limit */
      .metavar = "N",
      .help = "stop expanding after N decisions (default: no limit)" },
    { .name = "max-states",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(explore_args, max_states),
      .lo = 1,
      .hi = UINT64_MAX,
      .metavar = "N",
      .help = "stop after N distinct states, N from 1 (default 10 million);\n"
              "one step with more distinct outcomes stops there too, and\n"
              "a position whose steps visit more than 64 N outcomes" },
    { .name = "max-memory",
      .kind = OPTS_SIZE,
      .at = OPTS_AT(explore_args, max_memory),
      .hi = CLI_MAX_MEMORY_MAX,
      .metavar = "SIZE",
      .help = "stop when the search's own arrays (states, index, edges,\n"
              "the threads' children) would pass SIZE bytes (512M, 4G;\n"
              "default: half the machine's memory); the table is then\n"
              "partial, as at --max-states; with --outcomes the chain\n"
              "solve counts against it too" },
    { .name = "horizon",
      .kind = OPTS_NUMBER,
      .at = OPTS_AT(explore_args, horizon),
      .lo = 1,
      .hi = UD_EXPLORE_MAX_HORIZON,
      .metavar = "N",
      .help = "with a bound that counts progress (dotld district: rounds),\n"
              "stop every path after N of its units; with --outcomes, the\n"
              "chance of not being over by then is one outcome" },
    { .name = "follow-policy",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, follow),
      .help = "take only the --policy's action at each decision" },
    { .name = "table",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, table),
      .help = "print only the per-depth table (the golden format)" },
    { .name = "golden",
      .kind = OPTS_STRING,
      .at = OPTS_AT(explore_args, golden),
      .metavar = "FILE",
      .help = "compare the per-depth table with FILE; exit 1 at the\n"
              "first depth that differs (exit 2, not compared, when a\n"
              "limit cut the search or FILE is no such table)" },
    { .name = "outcomes",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, outcomes),
      .help = "with --policy (followed): the exact probability of\n"
              "each leaf outcome, cycles included, and the\n"
              "expected value; works under every variant" },
    { .name = "reference",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, reference),
      .help = "with --outcomes: solve the chain with the plain rational\n"
              "pass (mpq, slow) instead of the smooth-denominator one;\n"
              "the figures are identical" },
    { .name = "fractions",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, fractions),
      .help = "with --outcomes: print every fraction in full" },
    { .name = "jobs",
      .kind = OPTS_INT,
      .at = OPTS_AT(explore_args, jobs),
      .lo = 1,
      .hi = UD_MAX_JOBS,
      .metavar = "N",
      .help = "threads expanding states (default: every core); the\n"
              "states, counts, outcomes and traces are the same for any N" },
    { .name = "check-solver",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(explore_args, check_solver),
      .help = "with a bound that has one, run its cross-check (zombie-dice\n"
              "turn: compare every roll's outcomes with the exact\n"
              "solver's turn graph, exactly)" },
    REC_OPTIONS(explore_args, rec),
    OPTS_END,
};

const opts_command cmd_explore_opts = {
    .name = "explore",
    .usage = "usage: undead explore GAME [--bound NAME] [--max-depth N] [options]\n"
             "Visits every reachable state from the start (every action, every chance\n"
             "outcome), checks every invariant in every one, and prints what a model\n"
             "checker prints: states generated and distinct, decision/terminal/cut states,\n"
             "chance picks (each checked to sum to exactly 1), depth; a violation comes\n"
             "with the shortest path to it as a transcript for 'undead check'.\n",
    .options = options,
    .after = "A limit (--max-states, --max-memory, or a step that goes on for more than 64\n"
             "chance picks with no decision or leaf, past which no path is followed) stops the\n"
             "search: the partial table, a message naming what to raise, exit 0; it is no\n"
             "violation.  Exit 1: a violation or a failed cross-check; 2: bad input, or a\n"
             "step that stopped at a limit of undead's where the text sets none (a count\n"
             "past what undead holds: no rule broken, the path to it printed).\n",
    .game_operand = true,
};

_Static_assert(UD_EXPLORE_MAX_PICKS == 64, "the usage text names the limit of chance picks: 64");

static void table_text(const ud_explore_report *rep, ud_buf *out)
{
    ud_buf_puts(out, "depth generated distinct decision terminal cut chance\n");
    for (int d = 0; d <= rep->depth; d++) {
        const ud_explore_level *l = &rep->level[d];
        ud_buf_printf(out, "%d %llu %llu %llu %llu %llu %llu\n", d, (unsigned long long)l->generated,
                      (unsigned long long)l->distinct, (unsigned long long)l->decision,
                      (unsigned long long)l->terminal, (unsigned long long)l->cut,
                      (unsigned long long)l->chance);
    }
    ud_buf_printf(out, "total %llu %llu %llu %llu %llu %llu\n", (unsigned long long)rep->generated,
                  (unsigned long long)rep->distinct, (unsigned long long)rep->decision,
                  (unsigned long long)rep->terminal, (unsigned long long)rep->cut,
                  (unsigned long long)rep->chance);
}

static const char table_header[] = "depth generated distinct decision terminal cut chance";

/* Is the n bytes at p a row of the table: a depth or "total", then six
 * counts, one space between? */
static bool table_row(const char *p, size_t n)
{
    int fields = 0;
    for (size_t i = 0; i <= n;) {
        size_t j = i;
        while (j < n && p[j] != ' ')
            j++;
        bool number = j > i;
        for (size_t k = i; k < j; k++)
            number = number && p[k] >= '0' && p[k] <= '9';
        bool total = fields == 0 && j - i == 5 && memcmp(p + i, "total", 5) == 0;
        if (!number && !total)
            return false;
        fields++;
        i = j + 1;
    }
    return fields == 7;
}

/* The n bytes at p, escaped (a control byte or invalid UTF-8 in a line of
 * a file is shown, never sent to the terminal), into tmp; its text. */
static const char *shown_line(ud_buf *tmp, const char *p, size_t n)
{
    ud_buf raw;
    ud_buf_init(&raw);
    for (size_t i = 0; i < n; i++)
        ud_buf_putc(&raw, p[i] ? p[i] : '?'); /* a NUL is refused before it is shown */
    ud_escaped(tmp, ud_buf_str(&raw));
    ud_buf_free(&raw);
    return ud_buf_str(tmp);
}

/* A golden file that is no table (another file, binary) is
 * bad input, exit 2, not a difference: its header and every row are read
 * before anything is compared. */
static bool golden_is_table(const char *shown, const char *want, size_t len)
{
    const char *nul = memchr(want, '\0', len);
    bool seen_header = false;
    int line = 0;
    ud_buf tmp;
    ud_buf_init(&tmp);
    for (const char *a = want, *end = want + len; a < end || !seen_header;) {
        const char *ea = a < end ? memchr(a, '\n', (size_t)(end - a)) : NULL;
        size_t la = a < end ? (ea ? (size_t)(ea - a) : (size_t)(end - a)) : 0;
        line++;
        if (nul && nul >= a && nul < a + la) {
            fprintf(stderr, "undead explore: %s:%d: expected a line of the table, found a NUL byte\n", shown,
                    line);
            ud_buf_free(&tmp);
            return false;
        }
        bool comment = la > 0 && a[0] == '#';
        if (!comment && !seen_header) {
            if (a >= end || la != strlen(table_header) || memcmp(a, table_header, la) != 0) {
                fprintf(stderr, "undead explore: %s:%d: expected the table's header '%s', found %s%s%s\n",
                        shown, line, table_header, a < end ? "'" : "",
                        a < end ? shown_line(&tmp, a, la) : "the end of the file", a < end ? "'" : "");
                ud_buf_free(&tmp);
                return false;
            }
            seen_header = true;
        } else if (!comment && la > 0 && !table_row(a, la)) {
            fprintf(
                stderr,
                "undead explore: %s:%d: expected a row of the table (a depth or 'total', then six counts), "
                "found '%s'\n",
                shown, line, shown_line(&tmp, a, la));
            ud_buf_free(&tmp);
            return false;
        }
        a = ea ? ea + 1 : end;
    }
    ud_buf_free(&tmp);
    return true;
}

/* A CRLF copy (a checkout on Windows) read as the LF file it copies, as
 * a transcript is: each "\r\n", and a "\r" that ends the file, made
 * "\n" and nothing.  The new length. */
static size_t crlf_to_lf(char *text, size_t len)
{
    size_t w = 0;
    for (size_t r = 0; r < len; r++)
        if (!(text[r] == '\r' && (r + 1 == len || text[r + 1] == '\n')))
            text[w++] = text[r];
    text[w] = '\0';
    return w;
}

/* Compare with a golden table, ignoring '#' lines; 0 equal, 1 differs, 2
 * not a table (said). */
static int compare_golden(const char *path, const char *table)
{
    size_t len;
    char *want = cli_read_file(path, &len);
    if (!want)
        return UD_EXIT_USAGE;
    len = crlf_to_lf(want, len);
    ud_buf shown, tmp;
    ud_buf_init(&shown);
    ud_buf_init(&tmp);
    ud_escaped(&shown, path);
    int rc = UD_EXIT_OK;
    if (!golden_is_table(ud_buf_str(&shown), want, len))
        rc = UD_EXIT_USAGE;
    const char *a = want, *b = table;
    for (int line = 0; rc == UD_EXIT_OK;) {
        while (*a == '#') {
            a = strchr(a, '\n');
            a = a ? a + 1 : "";
        }
        const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
        size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
        if (la == 0 && lb == 0)
            break;
        line++;
        if (la != lb || memcmp(a, b, la) != 0) {
            fprintf(stderr, "undead explore: %s differs at table row %d:\n  golden: %s\n", ud_buf_str(&shown),
                    line, shown_line(&tmp, a, la));
            fprintf(stderr, "  now:    %.*s\n", (int)lb, b);
            rc = UD_EXIT_FAIL;
        }
        a = ea ? ea + 1 : a + la;
        b = eb ? eb + 1 : b + lb;
    }
    ud_buf_free(&shown);
    ud_buf_free(&tmp);
    free(want);
    return rc;
}

/* The trailing number of an outcome label ("banked 3" -> 3; "bust" -> 0):
 * what the outcome is worth, for the expected value. */
static long label_value(const char *label)
{
    const char *p = label + strlen(label);
    while (p > label && p[-1] >= '0' && p[-1] <= '9')
        p--;
    return *p ? strtol(p, NULL, 10) : 0;
}

/* --fractions: print the long fractions too, not "(long fraction)". */
static int full_fractions;

/* q in lowest terms, or "(long fraction)" past 60 characters unless
 * --fractions asks for every digit. */
static const char *shown(const char *q) { return full_fractions || strlen(q) <= 60 ? q : "(long fraction)"; }

/* What else a database key names beyond the bound: the start lines
 * (a position studied) and the horizon, so that two positions' figures
 * are two cases; nothing when neither was given. */
static void key_position(const ud_match *m, int horizon, ud_buf *out)
{
    for (int i = 0; i < m->setup.n_start; i++)
        ud_buf_printf(out, "%s%s", i == 0 ? ":start=" : ";", m->setup.start[i]);
    if (horizon > 0)
        ud_buf_printf(out, ":horizon=%d", horizon);
}

/* The game's bounds that have `has`, ", "-separated, each "GAME: NAME"
 * (for a message naming the ones an option needs). */
static void bounds_with(const ud_game *g, bool (*has)(const ud_game_bound *b), ud_buf *out)
{
    for (int i = 0; g->extras && i < g->extras->n_bounds; i++)
        if (has(&g->extras->bounds[i]))
            ud_buf_printf(out, "%s%s: %s", out->len ? ", " : "", g->name, g->extras->bounds[i].bound->name);
}

static bool has_check(const ud_game_bound *b) { return b->check != NULL; }

static bool has_progress(const ud_game_bound *b) { return b->bound->progress != NULL; }

/* A step that stopped at a limit of undead's where the text sets none (a
 * count past what undead holds), or at input it cannot take: no rule
 * broken, so no violation; the search stops there, as play does (exit 2). */
static bool stopped_at_limit(const ud_explore_report *rep)
{
    return rep->violated && ud_fail_not_rule(rep->fail.kind);
}

/* The limit that cut the search short, by the option that sets it
 * ("--max-memory"), or NULL: a complete search, or one cut at the depth
 * asked for. */
static const char *limit_cut(const ud_explore_report *rep)
{
    return rep->memory_cut   ? "--max-memory"
           : rep->states_cut ? "--max-states"
           : rep->picks_cut  ? "the limit of one step's chance picks"
                             : NULL;
}

/* The summary's word for how far the search went. */
static void status_text(const ud_explore_report *rep, bool depth_asked, char *out, size_t size)
{
    if (stopped_at_limit(rep))
        snprintf(out, size, "NOT complete (a step stopped at a limit of undead's)");
    else if (rep->complete)
        snprintf(out, size, "complete");
    else if (rep->memory_cut)
        snprintf(out, size, "NOT complete (the memory limit was hit)");
    else if (rep->states_cut)
        snprintf(out, size, "NOT complete (the --max-states bound was hit)");
    else if (rep->picks_cut)
        snprintf(out, size, "NOT complete (a step passed %d chance picks)", UD_EXPLORE_MAX_PICKS);
    else if (depth_asked)
        snprintf(out, size, "NOT complete (the --max-depth bound was hit)");
    else
        snprintf(out, size, "NOT complete (the depth limit, %d, was hit)", UD_EXPLORE_MAX_DEPTH);
}

/* Why a search stopped before its end, on standard error, naming what to
 * raise: a limit is no violation, and the table printed is partial. */
static void say_cut(const ud_game *g, const ud_explore_bound *bound, const ud_explore_report *rep)
{
    unsigned long long n = rep->distinct, max = rep->max_states;
    if (rep->memory_cut) {
        char limit[32];
        cli_format_size(rep->memory_limit, limit, sizeof limit);
        fprintf(stderr,
                "undead explore: stopped at %llu distinct states: the next growth of the search's "
                "arrays would pass the --max-memory bound (%s); the counts are partial\n",
                n, limit);
    } else if (rep->visits_cut) {
        fprintf(
            stderr,
            "undead explore: stopped at %llu distinct states: one position's steps visited more than %llu "
            "chance outcomes before a decision (%d for each state the --max-states bound allows); the "
            "counts are partial (raise --max-states, or a --bound that ends such paths sooner)\n",
            n, (unsigned long long)ud_explore_max_visits(max), UD_EXPLORE_VISITS_PER_STATE);
    } else if (rep->step_cut) {
        fprintf(stderr,
                "undead explore: stopped at %llu distinct states: one step has more than %llu distinct "
                "outcomes, the --max-states bound; the counts are partial (raise --max-states)\n",
                n, max);
    } else if (rep->states_cut) {
        fprintf(stderr,
                "undead explore: stopped at %llu distinct states: the --max-states bound (%llu) was "
                "reached, no more are expanded; the counts are partial (raise --max-states)\n",
                n, max);
    } else if (rep->picks_cut) {
        ud_buf l;
        ud_buf_init(&l);
        for (int i = 0; g->extras && i < g->extras->n_bounds; i++)
            ud_buf_printf(&l, "%s%s", i ? ", " : "", g->extras->bounds[i].bound->name);
        fprintf(stderr,
                "undead explore: stopped at %llu distinct states: a step went on for more than %d chance "
                "picks with no decision or leaf, the most one step may take; the counts are partial (%s%s)\n",
                n, UD_EXPLORE_MAX_PICKS,
                bound   ? "this --bound does not end such a path sooner"
                : l.len ? "a --bound ends paths sooner; this game has: "
                        : "no --bound of this game ends such a path sooner",
                bound ? "" : ud_buf_str(&l));
        ud_buf_free(&l);
    }
}

/* The exact distribution of the leaves under the followed policy, its
 * expected value, and one database case per distribution. */
enum { OUTCOME_FIGURES = 12 }; /* the expected value, recorded leaves, the remainder */

static void print_outcomes(recorder *r, const ud_game *g, const ud_match *m, int horizon,
                           const ud_game_bound *gb, const ud_explore_report *rep)
{
    mpq_t ev, t;
    mpq_inits(ev, t, NULL);
    char pol[64];
    ud_policy_format(&m->policy[0], pol, sizeof pol);
    printf("exact outcomes under %s (cycles solved exactly):\n", pol);
    bool valued = false; /* some label ends in a number: an expected value means something */
    for (int i = 0; i < rep->n_outcomes; i++) {
        size_t len = strlen(rep->outcome_label[i]);
        valued |= len > 0 && rep->outcome_label[i][len - 1] >= '0' && rep->outcome_label[i][len - 1] <= '9';
    }
    for (int i = 0; i < rep->n_outcomes; i++) {
        char *q = mpq_get_str(NULL, 10, rep->outcome_p[i]);
        printf("  %-14s %.10f  %s\n", rep->outcome_label[i], mpq_get_d(rep->outcome_p[i]), shown(q));
        free(q);
        mpq_set_si(t, label_value(rep->outcome_label[i]), 1);
        mpq_mul(t, t, rep->outcome_p[i]);
        mpq_add(ev, ev, t);
    }
    char *q = mpq_get_str(NULL, 10, ev);
    if (valued)
        printf("  expected value %.10f  %s%s\n", mpq_get_d(ev), shown(q),
               horizon > 0 ? "\n  (the paths not over at the horizon count 0 in it)" : "");
    if (r->db) {
        char key[4096], outcome[256];
        ud_buf vb, pos;
        ud_buf_init(&vb);
        ud_buf_init(&pos);
        rec_variants_text(g, m->setup.variant, &vb);
        key_position(m, horizon, &pos);
        const char *vars = ud_buf_str(&vb);
        snprintf(key, sizeof key, "explore-outcomes:%s:bound=%s%s:policy=%s:reading=%s", g->name,
                 gb ? gb->bound->name : "none", ud_buf_str(&pos), pol, vars);
        ud_buf_free(&pos);
        /* the figures: the expected value, the leaves the game names (e.g.
         * a bust) each with its probability, and the remainder a horizon left */
        db_figure figs[OUTCOME_FIGURES];
        int n = 0;
        figs[n++] = (db_figure){ "expected", mpq_get_d(ev), NULL, NULL };
        for (const char *const *l = gb ? gb->recorded_outcomes : NULL; l && *l; l++)
            for (int i = 0; i < rep->n_outcomes && n < OUTCOME_FIGURES - 1; i++)
                if (strcmp(rep->outcome_label[i], *l) == 0)
                    figs[n++] = (db_figure){ *l, mpq_get_d(rep->outcome_p[i]), NULL, NULL };
        if (rep->remainder >= 0)
            figs[n++] = (db_figure){ "not over", mpq_get_d(rep->outcome_p[rep->remainder]), NULL, NULL };
        size_t len = 0;
        for (int f = 0; f < n && len < sizeof outcome; f++)
            len += (size_t)snprintf(outcome + len, sizeof outcome - len, "%s%s=%.10f", f ? " " : "",
                                    figs[f].name, figs[f].value);
        db_case cs = { .key = key,
                       .kind = "solve",
                       .game = g->name,
                       .variants = vars,
                       .inputs = "",
                       .status = "complete",
                       .outcome = outcome,
                       .decisions = -1,
                       .rules = "",
                       .analysis = "explore-outcomes",
                       .policy = pol,
                       .figures = figs,
                       .n_figures = n };
        db_case_add(r->db, r->run, &cs);
        ud_buf_free(&vb);
    }
    free(q);
    mpq_clears(ev, t, NULL);
}

/* What one exploration is of: the game and its match, the bound (gb, and
 * its explorer's part), the bound's cross-check when asked. */
typedef struct exploration {
    explore_args a;
    const ud_game *g;
    ud_match m;
    const ud_game_bound *gb;
    const ud_explore_bound *bound;
    const ud_explore_check *check;
    void *chk; /* the cross-check's state while it runs, or NULL */
} exploration;

/* --bound NAME: the game's bound of that name (none when not given);
 * false with the names there are said. */
static bool find_bound(exploration *x)
{
    if (!x->a.bound)
        return true;
    const ud_game *g = x->g;
    x->gb = ud_game_find_bound(g, x->a.bound);
    if (!x->gb) {
        int n = g->extras ? g->extras->n_bounds : 0;
        fprintf(stderr, "undead explore: %s has no bound '%s'; it has:", g->name, x->a.bound);
        for (int i = 0; i < n; i++)
            fprintf(stderr, " %s", g->extras->bounds[i].bound->name);
        fputs(n ? "\n" : " none\n", stderr);
        return false;
    }
    x->bound = x->gb->bound;
    return true;
}

/* The options that need another: --horizon a bound that counts progress,
 * --follow-policy a deterministic policy, --reference and --fractions
 * --outcomes (taken alone, they changed nothing); false with the need
 * said. */
static bool options_agree(const exploration *x)
{
    if ((x->a.reference || x->a.fractions) && !x->a.outcomes) {
        fprintf(stderr,
                "undead explore: --%s needs --outcomes (it changes how the outcomes are solved or shown)\n",
                x->a.reference ? "reference" : "fractions");
        return false;
    }
    if (x->a.horizon && (!x->bound || !x->bound->progress)) {
        ud_buf l;
        ud_buf_init(&l);
        bounds_with(x->g, has_progress, &l);
        fprintf(stderr, "undead explore: --horizon needs a --bound that counts progress (%s)\n",
                l.len ? ud_buf_str(&l) : "none in this game");
        ud_buf_free(&l);
        return false;
    }
    const ud_policy_def *p = x->m.policy[0].def;
    if (x->a.follow && (p == &ud_policy_random || p == &ud_policy_human)) {
        fprintf(stderr, "undead explore: --follow-policy needs a deterministic --policy\n");
        return false;
    }
    return true;
}

/* --check-solver: the bound's cross-check (e.g. against an exact solver)
 * begun; false (said) when the bound has none, or the setting is one it
 * does not model (no failed check: exit 2). */
static bool begin_check(exploration *x)
{
    if (!x->a.check_solver)
        return true;
    x->check = x->gb ? x->gb->check : NULL;
    if (!x->check) {
        ud_buf l;
        ud_buf_init(&l);
        bounds_with(x->g, has_check, &l);
        fprintf(stderr, "undead explore: --check-solver needs a --bound with a cross-check%s%s%s\n",
                l.len ? " (" : "", ud_buf_str(&l), l.len ? ")" : "");
        ud_buf_free(&l);
        return false;
    }
    ud_buf cerr;
    ud_buf_init(&cerr);
    x->chk = x->check->begin(x->g, &x->m.setup, &cerr);
    if (!x->chk)
        fprintf(stderr, "undead explore: --check-solver: %s\n", ud_buf_str(&cerr));
    ud_buf_free(&cerr);
    return x->chk != NULL;
}

/* The cross-check ended: its verdict printed when asked (say), false when
 * it failed. */
static bool finish_check(exploration *x, bool say)
{
    if (!x->chk)
        return true;
    ud_buf verdict;
    ud_buf_init(&verdict);
    bool ok = x->check->finish(x->chk, &verdict);
    x->chk = NULL;
    if (say)
        fputs(ud_buf_str(&verdict), stdout);
    ud_buf_free(&verdict);
    return ok;
}

/* The command line read into x: OPTS_GO_ON, or the exit status to end with. */
/* --golden FILE is read after the search: a path that is no file (a
 * FIFO, a folder, /dev/null, a typo) is refused before it, naming the
 * option, or the search is spent for a refusal. */
static bool golden_is_file(const char *golden)
{
    if (!golden || strcmp(golden, "-") == 0)
        return true;
    ud_buf why, shown, reason;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    ud_buf_init(&reason);
    bool ok = *golden && ud_infile_is_file(golden, false, &why);
    if (!ok) /* escaped: the path, and the reason that quotes it */
        fprintf(stderr, "undead explore: --golden %s: %s (the per-depth table to compare with)\n",
                *golden ? ud_escaped(&shown, golden) : "''",
                *golden ? ud_escaped(&reason, ud_buf_str(&why))
                        : "an empty path names no file; expected a file");
    ud_buf_free(&why);
    ud_buf_free(&shown);
    ud_buf_free(&reason);
    return ok;
}

static int read_exploration(int argc, char **argv, exploration *x)
{
    x->a.jobs = ud_default_jobs();
    opts_operands ops;
    int rc = opts_read(&cmd_explore_opts, argc, argv, &x->a, &ops, 1, 1);
    if (rc != OPTS_GO_ON)
        return rc;
    x->a.follow |= x->a.outcomes; /* the outcomes are those of the followed policy */
    /* the game options every command shares, where they change nothing
     * here: every outcome is enumerated (no seed draws one), and the
     * players' policies choose only along a followed policy */
    if (opts_was_given(&cmd_explore_opts, &ops, "seed")) {
        fputs("undead explore: --seed: the exploration enumerates every outcome, and draws none; expected no "
              "--seed\n",
              stderr);
        return UD_EXIT_USAGE;
    }
    if (!x->a.follow && opts_was_given(&cmd_explore_opts, &ops, "policy")) {
        fputs("undead explore: --policy chooses the decisions only along a followed policy; expected it with "
              "--follow-policy or --outcomes\n",
              stderr);
        return UD_EXIT_USAGE;
    }
    full_fractions = x->a.fractions;
    x->g = cli_game("explore", argv[ops.first]);
    if (!x->g || !cli_build_match(x->g, &x->a.game, &x->m) || !find_bound(x) || !options_agree(x) ||
        !golden_is_file(x->a.golden) || !begin_check(x))
        return UD_EXIT_USAGE;
    return OPTS_GO_ON;
}

/* The table alone (--table), headed by the command that makes it: what
 * chose the position and the play, so that a table kept in golden/ says
 * where it came from (comments: --golden compares the rows only). */
static void print_table_only(const exploration *x, const ud_buf *table)
{
    const explore_args *a = &x->a;
    printf("# undead explore %s --bound %s%s\n", x->g->name, x->bound ? x->bound->name : "none",
           a->follow ? " --follow-policy" : "");
    if (a->horizon)
        printf("#   --horizon %llu\n", (unsigned long long)a->horizon);
    if (a->game.players)
        printf("#   --players %s\n", a->game.players);
    for (int i = 0; i < a->game.n_starts; i++)
        printf("#   --start \"%s\"\n", a->game.starts[i]);
    for (int i = 0; i < a->game.n_variants; i++)
        printf("#   --variant %s\n", a->game.variants[i]);
    if (a->follow && a->game.policies)
        printf("#   --policy %s\n", a->game.policies);
    fputs(ud_buf_str(table), stdout);
}

/* The report a model checker prints, then the table. */
static void print_report(const exploration *x, const ud_explore_report *rep, const ud_buf *table)
{
    const ud_explore_bound *bound = x->bound;
    printf("%s, bound %s: %s\n", x->g->name, bound ? bound->name : "none", bound ? bound->summary : "none");
    printf("states generated %llu, distinct %llu (decision %llu, terminal %llu, cut %llu)\n",
           (unsigned long long)rep->generated, (unsigned long long)rep->distinct,
           (unsigned long long)rep->decision, (unsigned long long)rep->terminal,
           (unsigned long long)rep->cut);
    char status[96];
    status_text(rep, x->a.max_depth <= UD_EXPLORE_MAX_DEPTH, status, sizeof status);
    printf("transitions %llu, chance picks %llu (%llu checked to sum to exactly 1), depth %d, %s\n",
           (unsigned long long)rep->transitions, (unsigned long long)rep->chance,
           (unsigned long long)rep->chance_sums_checked, rep->depth, status);
    printf("invariants checked after every rule firing: %s\n",
           !rep->violated                     ? "no violation"
           : ud_fail_not_rule(rep->fail.kind) ? "no violation (a step stopped at a limit of undead's)"
                                              : "VIOLATION");
    if (rep->solve_seconds > 0) /* what a user waited for, and on what */
        printf("%.3f s (%.3f s of it solving the chain exactly)\n", rep->seconds, rep->solve_seconds);
    else
        printf("%.3f s\n", rep->seconds);
    fputs(ud_buf_str(table), stdout);
}

/* A complete search whose chain solve for the outcomes would pass
 * --max-memory: said, the counts being complete. */
static void say_outcomes_cut(const ud_explore_report *rep)
{
    if (!rep->outcomes_cut)
        return;
    char limit[32];
    cli_format_size(rep->memory_limit, limit, sizeof limit);
    fprintf(stderr,
            "undead explore: the search is complete (%llu distinct states), but solving the chain "
            "for the outcomes would pass the --max-memory bound (%s); the state counts are "
            "complete, the outcome probabilities are not computed\n",
            (unsigned long long)rep->distinct, limit);
}

/* The violation found, with the shortest path to it: exit 1. */
static int say_violation(const ud_explore_report *rep)
{
    bool limit = stopped_at_limit(rep);
    fprintf(stderr, "undead explore: %s%s%s%s\n",
            limit ? "stopped at a limit of undead's, no rule broken; the counts are partial: " : "",
            rep->fail.id ? rep->fail.id : "", rep->fail.id ? ": " : "", rep->fail.msg);
    if (rep->trace)
        fprintf(stderr, "%s (replay with undead check):\n%s", limit ? "shortest path to it" : "shortest path",
                rep->trace);
    return limit ? UD_EXIT_USAGE : UD_EXIT_FAIL;
}

/* --golden FILE: the table compared with it, unless a limit cut the search
 * (a partial table differs from the whole one: no comparison, exit 2). */
static int compare_with_golden(const char *golden, const ud_explore_report *rep, const ud_buf *table)
{
    if (limit_cut(rep)) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead explore: --golden %s: not compared: the search was cut by %s (raise it)\n",
                ud_escaped(&shown, golden), limit_cut(rep));
        ud_buf_free(&shown);
        return UD_EXIT_USAGE;
    }
    return compare_golden(golden, ud_buf_str(table));
}

/* The search as one database case, with its time and size. */
static void record_search(recorder *r, const exploration *x, const ud_explore_report *rep,
                          const ud_buf *table)
{
    char key[4096], outcome[256];
    ud_buf pos;
    ud_buf_init(&pos);
    key_position(&x->m, (int)x->a.horizon, &pos);
    snprintf(key, sizeof key, "explore:%s:bound=%s%s%s", x->g->name, x->bound ? x->bound->name : "none",
             ud_buf_str(&pos), x->a.follow ? ":follow-policy" : "");
    ud_buf_free(&pos);
    snprintf(outcome, sizeof outcome,
             "generated=%llu distinct=%llu decision=%llu terminal=%llu cut=%llu chance=%llu depth=%d %s",
             (unsigned long long)rep->generated, (unsigned long long)rep->distinct,
             (unsigned long long)rep->decision, (unsigned long long)rep->terminal,
             (unsigned long long)rep->cut, (unsigned long long)rep->chance, rep->depth,
             stopped_at_limit(rep) ? "limit"
             : rep->violated       ? "violation"
                                   : "ok");
    ud_buf vb;
    ud_buf_init(&vb);
    rec_variants_text(x->g, x->m.setup.variant, &vb);
    db_case cs = { .key = key,
                   .kind = "explore",
                   .game = x->g->name,
                   .variants = ud_buf_str(&vb),
                   .inputs = ud_buf_str(table),
                   /* a search a limit cut short is recorded as such: its
                    * counts are not the game's */
                   .status = stopped_at_limit(rep) ? "partial"
                             : rep->violated       ? "violation"
                             : rep->complete       ? "complete"
                                                   : "partial",
                   .outcome = outcome,
                   .decisions = -1,
                   .rules = "" };
    db_case_add(r->db, r->run, &cs);
    ud_buf_free(&vb);
    rec_metric(r, "explore_seconds", rep->seconds, "s");
    rec_metric(r, "distinct_states", (double)rep->distinct, "states");
}

/* What the search found, said and recorded: the exit status. */
static int report(recorder *r, exploration *x, const ud_explore_report *rep)
{
    ud_buf table;
    ud_buf_init(&table);
    table_text(rep, &table);
    say_cut(x->g, x->bound, rep);
    say_outcomes_cut(rep);
    if (x->a.table)
        print_table_only(x, &table);
    else
        print_report(x, rep, &table);
    if (x->a.outcomes && !rep->violated && rep->complete && !rep->outcomes_cut)
        print_outcomes(r, x->g, &x->m, (int)x->a.horizon, x->gb, rep);
    int rc = finish_check(x, true) ? UD_EXIT_OK : UD_EXIT_FAIL;
    if (rep->violated)
        rc = say_violation(rep);
    if (x->a.golden && rc == UD_EXIT_OK)
        rc = compare_with_golden(x->a.golden, rep, &table);
    if (r->db)
        record_search(r, x, rep, &table);
    ud_buf_free(&table);
    return rc;
}

int cmd_explore(int argc, char **argv)
{
    exploration x = { 0 };
    int rc = read_exploration(argc, argv, &x);
    if (rc != OPTS_GO_ON)
        return rc;
    const explore_args *a = &x.a;
    ud_explore_opts o = {
        .game = x.g,
        .setup = &x.m.setup,
        .bound = x.bound,
        .max_depth = a->max_depth > UD_EXPLORE_MAX_DEPTH ? -1 : (int)a->max_depth,
        .policy = a->follow ? &x.m.policy[0] : NULL,
        .max_states = a->max_states,
        .max_memory = a->max_memory,
        .check_invariants = 1,
        .outcomes = a->outcomes,
        .reference = a->reference,
        .on_edge = x.chk ? x.check->on_edge : NULL,
        .edge_ctx = x.chk,
        .jobs = a->jobs,
        .horizon = (int)a->horizon,
    };
    recorder r;
    if (!rec_begin(&r, &a->rec, "explore", x.g)) {
        finish_check(&x, false);
        return UD_EXIT_USAGE;
    }
    rec_match(&r, &x.m);
    rec_param(&r, "bound", "%s", x.bound ? x.bound->name : "none");
    if (a->horizon)
        rec_param(&r, "horizon", "%llu", (unsigned long long)a->horizon);
    ud_explore_report rep;
    ud_buf err;
    ud_buf_init(&err);
    if (ud_explore(&o, &rep, &err) != 0) { /* a setting it cannot explore, or out of memory */
        fprintf(stderr, "undead explore: %s\n", ud_buf_str(&err));
        rc = UD_EXIT_USAGE;
    } else {
        rc = report(&r, &x, &rep);
        ud_explore_report_free(&rep);
    }
    ud_buf_free(&err);
    finish_check(&x, false);
    return rec_end(&r, rc);
}
