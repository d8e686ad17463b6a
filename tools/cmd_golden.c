/*
 * cmd_golden.c - `undead golden check|update|coverage` (see golden.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "golden.h"
#include "infile.h"
#include "record.h"
#include "replay.h"

/* golden's options (opts.h). */
typedef struct golden_args {
    const char *dir;  /* --dir, else golden under undead's data (datadir.h) */
    const char *html; /* --html DIR: a page per case, and their index */
    rec_opts rec;
} golden_args;

static const opts_option options[] = {
    { .name = "dir",
      .kind = OPTS_STRING,
      .at = OPTS_AT(golden_args, dir),
      .metavar = "DIR",
      .help = "the golden directory (default: golden in undead's data folder:\n"
              "$UNDEAD_DATA_DIR, else the checkout of this build, else PREFIX/share/undead)" },
    { .name = "db",
      .kind = OPTS_STRING,
      .at = OPTS_AT(golden_args, rec.path),
      .metavar = "PATH",
      .help = "record the run in this results database (default: $UNDEAD_DB, else undead.db\n"
              "in the current folder, made there if missing)" },
    { .name = "html",
      .kind = OPTS_STRING,
      .at = OPTS_AT(golden_args, html),
      .metavar = "DIR",
      .help = "also write each case as a page a browser steps through\n"
              "(as 'undead show --format html'), DIR/FOLDER/NAME.html, and\n"
              "DIR/index.html linking them all" },
    { .name = "no-db",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(golden_args, rec.off),
      .help = "do not record the run" },
    OPTS_END,
};

static const char *const modes[] = { "check", "update", "coverage", NULL };

const opts_command cmd_golden_opts = {
    .name = "golden",
    .usage =
        "usage: undead golden check|update|coverage [--dir DIR] [--html DIR]\n"
        "  check     regenerate every DIR/**/NAME.in and diff it with NAME.transcript (exit 1 on a difference\n"
        "            or a rule a case breaks; exit 2 when a case is no record, e.g. bytes that are not text,\n"
        "            or a file cannot be read or written: a FIFO or device where a file is expected)\n"
        "  update    rewrite the NAME.transcript files (read the diff before committing)\n"
        "  coverage  list rule rows that fire in no golden case (exit 1 if any), of the games DIR holds\n"
        "            cases of or a folder of (DIR/one_die: one-die), named on the totals line; per game,\n"
        "            the rows hand-written cases fire (every case but those under seeded/) and each row\n"
        "            only seeded games fire, 'changes-a-count' when it changed one of the game's counts\n",
    .options = options,
    .after = "The report (differences, updated files, uncovered rows, the totals) goes to standard\n"
             "output; the errors (a case that cannot be read or parsed, a rule it breaks, a missing\n"
             "transcript, a failed write) to standard error.\n",
    .column = 12,
    .words = modes,
};

static void record_totals(recorder *r, const golden_report *rep)
{
    for (int gi = 0; ud_games[gi]; gi++)
        if (rep->cases_of[gi])
            rec_coverage(r, ud_games[gi], rep->fired[gi]);
    rec_metric(r, "cases", rep->cases, "cases");
    rec_metric(r, "failed", rep->failed, "cases");
    rec_metric(r, "updated", rep->updated, "cases");
    rec_metric(r, "uncovered_rules", rep->uncovered, "rules");
    rec_metric(r, "seeded_only_rules", rep->seeded_only, "rules");
    rec_metric(r, "seeded_only_count_rules", rep->seeded_only_counts, "rules");
}

/* The end of the totals line: the games whose rows were counted (golden.h:
 * those DIR holds cases or a folder of). */
static void print_counted(const golden_report *rep)
{
    int n = 0;
    for (int gi = 0; ud_games[gi]; gi++)
        if (rep->counted[gi])
            printf("%s%s", n++ ? ", " : " (counted for: ", ud_games[gi]->name);
    puts(n ? ")" : " (counted for no game)");
}

/* --html: the pages written so far, for the index. */
typedef struct html_pages {
    rec_golden *rec; /* the recording callback's own context */
    const char *golden, *out;
    replay_entry *e;
    int n, cap, failed;
} html_pages;

/* The case's page, beside its recording: DIR/REL.html for golden/REL.in. */
static void page_of_case(const golden_case *gc, void *ctx)
{
    html_pages *h = ctx;
    rec_golden_case(gc, h->rec);
    if (!gc->game)
        return; /* not a record: golden's own report says why */
    size_t skip = strlen(h->golden) + 1, len = strlen(gc->in_path);
    const char *rel = strlen(gc->in_path) > skip ? gc->in_path + skip : gc->in_path;
    char name[4096], page[4200], path[8400];
    snprintf(name, sizeof name, "%.*s", (int)(strlen(rel) - (len > 3 ? 3 : 0)), rel);
    snprintf(page, sizeof page, "%s.html", name);
    snprintf(path, sizeof path, "%s/%s", h->out, page);
    if (strcmp(page, "index.html") == 0) { /* the index would be written over it: a page lost */
        ud_buf a, b;
        ud_buf_init(&a);
        ud_buf_init(&b);
        fprintf(stderr,
                "undead golden: --html: %s: is the index's name: expected a case of another name than %s\n",
                ud_escaped(&a, path), ud_escaped(&b, gc->in_path));
        ud_buf_free(&a);
        ud_buf_free(&b);
        h->failed++;
        return;
    }
    ud_buf why;
    ud_buf_init(&why);
    replay_status st = replay_file(gc->in_path, name, path, &why);
    if (st == REPLAY_REFUSED) {
        fprintf(stderr, "undead golden: --html: %s: %s\n", path, ud_buf_str(&why));
        h->failed++;
    } else if (h->n < h->cap || (h->e = realloc(h->e, (size_t)(h->cap = 2 * h->cap + 64) * sizeof *h->e))) {
        h->e[h->n++] = (replay_entry){ .game = gc->game->title,
                                       .name = strdup(name),
                                       .page = strdup(page),
                                       .departs = st == REPLAY_DEPARTS };
    } else
        h->failed++;
    ud_buf_free(&why);
}

/* The index of the pages: the pages and the index that could not be
 * written (said), 0 when none. */
static int html_index(html_pages *h)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/index.html", h->out);
    ud_buf why;
    ud_buf_init(&why);
    bool ok = replay_index(path, h->e, h->n, &why);
    if (!ok)
        fprintf(stderr, "undead golden: --html: %s\n", ud_buf_str(&why));
    else
        printf("golden: %d page(s) and their index in %s\n", h->n, path);
    ud_buf_free(&why);
    for (int i = 0; i < h->n; i++) {
        free((char *)h->e[i].name);
        free((char *)h->e[i].page);
    }
    free(h->e);
    return h->failed + !ok;
}

/* --html DIR, before any case: a folder, or a name one can be made at
 * ('' is refused with every DIR, opts.c: it would put the pages in the
 * root folder, "/index.html"). */
static bool html_dir_ok(const char *dir)
{
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    bool ok = !ud_infile_exists(dir) || ud_infile_is_dir(dir, false, &why);
    if (!ok)
        fprintf(stderr, "undead golden: --html %s: %s\n", ud_escaped(&shown, dir), ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

int cmd_golden(int argc, char **argv)
{
    golden_args a = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_golden_opts, argc, argv, &a, &ops, 0, -1);
    if (rc != OPTS_GO_ON)
        return rc;
    const char *word = ops.n == 1 ? argv[ops.first] : "", *dir = a.dir;
    int mode = -1;
    for (int i = 0; modes[i]; i++)
        if (strcmp(word, modes[i]) == 0)
            mode = i;
    if (mode < 0) {
        ud_buf shown;
        ud_buf_init(&shown);
        if (ops.n == 1)
            fprintf(stderr, "undead golden: no subcommand '%s'; expected check, update or coverage\n",
                    ud_escaped(&shown, word));
        else
            fprintf(stderr, "undead golden: %d operands given; expected one: check, update or coverage\n",
                    ops.n);
        ud_buf_free(&shown);
        opts_help(stderr, &cmd_golden_opts);
        return UD_EXIT_USAGE;
    }
    char dir_default[4096];
    if (!dir && !(dir = cli_data_path("golden", "golden", "--dir DIR", dir_default, sizeof dir_default)))
        return UD_EXIT_USAGE;
    if (!cli_need_dir("golden", dir, "the golden cases are read from it: --dir DIR") ||
        (a.html && !html_dir_ok(a.html)))
        return UD_EXIT_USAGE;
    recorder r;
    if (!rec_begin(&r, &a.rec, "golden", NULL))
        return UD_EXIT_USAGE;
    rec_param(&r, "mode", "%s", word);
    rec_param(&r, "dir", "%s", dir);
    rec_golden gr = { &r, dir };
    html_pages pages = { .rec = &gr, .golden = dir, .out = a.html };
    golden_report rep;
    if (golden_run(dir, (golden_mode)mode, &rep, a.html ? page_of_case : rec_golden_case,
                   a.html ? (void *)&pages : (void *)&gr) == 0)
        return rec_end(&r, UD_EXIT_USAGE);
    int unwritten = a.html ? html_index(&pages) : 0; /* a failed write: exit 2 */
    record_totals(&r, &rep);
    char bad[64] = "";
    if (rep.bad)
        snprintf(bad, sizeof bad, " (%d of them bad input or a failed write)", rep.bad);
    char pages_left[64] = "";
    if (unwritten)
        snprintf(pages_left, sizeof pages_left, ", %d page(s) not written", unwritten);
    printf("golden %s: %d case(s), %d failed%s, %d updated%s, %d rule row(s) fired by no case", word,
           rep.cases, rep.failed, bad, rep.updated, pages_left, rep.uncovered);
    print_counted(&rep);
    /* a case that is no record (or a file that cannot be read or written)
     * is bad input, whatever else failed: exit 2, as undead check's */
    if (rep.bad || unwritten)
        return rec_end(&r, UD_EXIT_USAGE);
    if (rep.failed)
        return rec_end(&r, UD_EXIT_FAIL);
    return rec_end(&r, mode == GOLDEN_COVERAGE && rep.uncovered ? UD_EXIT_FAIL : UD_EXIT_OK);
}
