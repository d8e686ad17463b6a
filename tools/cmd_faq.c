/*
 * cmd_faq.c - `undead faq`: the printable rules FAQ (faq/) as HTML,
 * Markdown, or PDF printed by headless Chromium (faq/faq_pdf.c).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "datadir.h"
#include "db.h"
#include "faq.h"
#include "outfile.h"
#include "text.h"

/* faq's options (opts.h). */
typedef struct faq_args {
    const ud_game **games; /* --game, each found as it is read; room for every one */
    int n_games;
    int part, format; /* indices in parts[], formats[] */
    const char *output, *db, *golden, *chromium;
    const char *editions, *new_edition; /* --editions FILE, --new-edition DATE */
    const char *texts;                  /* --texts DIR: the rule texts, mapped (text/) */
    bool part_given, format_given;      /* --part, --format given (their defaults are values too) */
} faq_args;

static const char *const parts[] = { "players", "reference", "all", NULL };
static const faq_part part_of[] = { FAQ_PLAYERS, FAQ_REFERENCE, FAQ_ALL };
static const char *const formats[] = { "html", "md", "pdf", NULL };
enum { FORMAT_HTML, FORMAT_MD, FORMAT_PDF };

static bool read_game(const char *cmd, const opts_option *o, void *field, const char *arg);
static bool read_chromium(const char *cmd, const opts_option *o, void *field, const char *arg);

static const opts_option options[] = {
    { .name = "game",
      .kind = OPTS_CALL,
      .call = read_game,
      .repeats = true,
      .metavar = "G",
      .help = "only this game (repeatable; default every game)" },
    { .name = "part",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(faq_args, part),
      .choices = parts,
      .def = 2, /* all */
      .metavar = "P",
      .help = "players (the questions players ask, a few pages a game),\n"
              "reference (rules, readings, claims, examples, findings), or\n"
              "all (default: the players' questions first, then the reference)" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(faq_args, format),
      .choices = formats,
      .metavar = "F",
      .help = "html (default; stands alone, prints well), md, or pdf" },
    { .name = "output",
      .short_name = 'o',
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, output),
      .metavar = "FILE",
      .help = "write here (default: standard output; required for pdf)" },
    { .name = "db",
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, db),
      .metavar = "PATH",
      .help = "the results database (default: $UNDEAD_DB, else undead.db)" },
    { .name = "golden",
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, golden),
      .metavar = "DIR",
      .help = "golden directory (default: golden in undead's data folder:\n"
              "$UNDEAD_DATA_DIR, else the checkout of this build, else\n"
              "PREFIX/share/undead)" },
    { .name = "texts",
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, texts),
      .metavar = "DIR",
      .help = "the rule texts (../shared/rules): the reference gains each game's\n"
              "texts statement by statement with their coverage (undead text),\n"
              "and each rule row links to the statements it quotes" },
    { .name = "chromium",
      .kind = OPTS_CALL,
      .at = OPTS_AT(faq_args, chromium),
      .call = read_chromium,
      .metavar = "PATH",
      .help = "the browser that prints the PDF (default $UNDEAD_CHROMIUM,\n"
              "else chromium); the contents' page numbers are read\n"
              "back from the printed PDF with pdfinfo (poppler-utils)" },
    { .name = "editions",
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, editions),
      .metavar = "FILE",
      .help = "the record of the players' FAQ's published editions, which\n"
              "gives its version line and marks each question changed\n"
              "since the edition before (default: spec/faq-editions.txt\n"
              "in undead's data folder)" },
    { .name = "new-edition",
      .kind = OPTS_STRING,
      .at = OPTS_AT(faq_args, new_edition),
      .metavar = "DATE",
      .help = "record the players' FAQ as it is now as the next edition,\n"
              "dated DATE (YYYY-MM-DD), in the record of editions, and\n"
              "write no FAQ (nothing is recorded when no question changed)" },
    OPTS_END,
};

const opts_command cmd_faq_opts = {
    .name = "faq",
    .usage = "usage: undead faq [--game G]... [--part P] [--format html|md|pdf] [-o FILE] [options]\n"
             "Writes the rules FAQ: every rule by phase with its source, every open question with\n"
             "its readings and their measured impact, the texts' numeric claims, worked examples\n"
             "with the dice drawn, findings, edge cases and charts - all from the rule tables, the\n"
             "golden transcripts and the results database (run 'undead verify' first).  The same\n"
             "database gives the same bytes.\n",
    .options = options,
    .after = "Exit status: 0 written; 2 bad input, or a PDF the environment could not print (the\n"
             "browser missing or failing, a cut PDF, pdfinfo missing: each said with what to do);\n"
             "1 when the contents' page numbers do not settle.\n",
};

/* --game G (field: the whole faq_args): the game found at once, and once
 * only (twice would write its chapters twice, every anchor id twice). */
static bool read_game(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    faq_args *a = field;
    (void)o;
    const ud_game *g = cli_game(cmd, arg);
    if (!g)
        return false;
    for (int k = 0; k < a->n_games; k++)
        if (a->games[k] == g) {
            fprintf(stderr, "undead %s: game '%s' is named twice: expected each game once\n", cmd, arg);
            return false;
        }
    a->games[a->n_games++] = g;
    return true;
}

/* --chromium PATH: a name, never empty (an empty one is a mistake in the
 * shell, not a request for the default). */
static bool read_chromium(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    (void)o;
    if (!*arg) {
        fprintf(stderr,
                "undead %s: --chromium '': expected a program name (the browser that prints the PDF)\n", cmd);
        return false;
    }
    *(const char **)field = arg;
    return true;
}

/* The browser that prints the PDF: --chromium (given), else
 * $UNDEAD_CHROMIUM, else chromium.  An empty UNDEAD_CHROMIUM is refused
 * (NULL, the message printed), as an empty UNDEAD_DB is: set to nothing,
 * a variable is a mistake in the shell, not a request for the default. */
static const char *browser(const char *given)
{
    const char *env = getenv("UNDEAD_CHROMIUM");
    if (given)
        return given;
    if (env && !*env) {
        fputs("undead faq: UNDEAD_CHROMIUM is empty: expected a program name (unset it for chromium)\n",
              stderr);
        return NULL;
    }
    return env ? env : "chromium";
}

/* faq_runs_ready, saying why not on standard error. */
static bool runs_ready(const faq_opts *o, const char *db_path)
{
    ud_buf err;
    ud_buf_init(&err);
    bool ok = faq_runs_ready(o, db_path, &err);
    if (!ok) {
        ud_buf shown; /* the message names the --db path */
        ud_buf_init(&shown);
        fprintf(stderr, "undead faq: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
        ud_buf_free(&shown);
    }
    ud_buf_free(&err);
    return ok;
}

/* The golden folder of every game asked for (the worked examples and
 * findings come from them: one that is missing, the data not installed or
 * a mistyped --golden, is an error, not a FAQ without them); false, said,
 * when one is missing. */
static bool golden_folders(faq_opts *o, char *golden_default, size_t size)
{
    if (!o->golden_dir &&
        !(o->golden_dir = cli_data_path("faq", "golden", "--golden DIR", golden_default, size)))
        return false;
    for (int i = 0; i < o->n_games; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", o->golden_dir, o->games[i]->folder);
        if (!cli_need_dir("faq", path,
                          "the worked examples and findings are read from it: " CLI_DATA_HINT("--golden")))
            return false;
    }
    return true;
}

/* The command line read into a and o: OPTS_GO_ON, or the exit status to
 * end with. */
/* --new-edition with an option of the FAQ's writing, which it would take
 * and ignore (the questions' fingerprints read no database, golden case
 * or text): that option's name, else NULL. */
static const char *ignored_by_new_edition(const faq_args *a)
{
    return a->output         ? "-o"
           : a->n_games      ? "--game"
           : a->db           ? "--db"
           : a->golden       ? "--golden"
           : a->texts        ? "--texts"
           : a->chromium     ? "--chromium"
           : a->part_given   ? "--part"
           : a->format_given ? "--format"
                             : NULL;
}

static int read_faq(int argc, char **argv, faq_args *a, faq_opts *o)
{
    opts_operands ops;
    int rc = opts_read(&cmd_faq_opts, argc, argv, a, &ops, 0, 0);
    if (rc != OPTS_GO_ON)
        return rc;
    a->part_given = opts_was_given(&cmd_faq_opts, &ops, "part");
    a->format_given = opts_was_given(&cmd_faq_opts, &ops, "format");
    const char *unused = a->new_edition ? ignored_by_new_edition(a) : NULL;
    if (unused) {
        fprintf(stderr,
                "undead faq: --new-edition records every game's questions and writes no FAQ: "
                "expected no %s\n",
                unused);
        return UD_EXIT_USAGE;
    }
    if (a->format == FORMAT_PDF && !a->output) {
        fputs("undead faq: --format pdf needs -o FILE\n", stderr);
        return UD_EXIT_USAGE;
    }
    if (a->format == FORMAT_PDF && !(a->chromium = browser(a->chromium)))
        return UD_EXIT_USAGE;
    *o = (faq_opts){ .games = a->games,
                     .n_games = a->n_games,
                     .golden_dir = a->golden,
                     .format = a->format == FORMAT_MD ? FAQ_MD : FAQ_HTML,
                     .part = part_of[a->part] };
    if (!o->n_games)
        for (const ud_game *const *g = ud_games; *g; g++)
            o->games[o->n_games++] = *g;
    return OPTS_GO_ON;
}

/* --texts: every chosen game's texts, mapped once, for the FAQ's hooks. */
typedef struct faq_text_maps {
    const ud_game *const *games;
    text_game *tg; /* one per game */
    int n;
    bool styled; /* the statements' style sheet written (HTML, once) */
} faq_text_maps;

static const text_game *maps_of(const faq_text_maps *tm, const ud_game *g)
{
    for (int i = 0; i < tm->n; i++)
        if (tm->games[i] == g)
            return &tm->tg[i];
    return NULL;
}

/* The anchor prefix of a text's statements in the FAQ: the game and the
 * text's number ("zombie-dice-000-"), unique in the document. */
static void text_prefix(const ud_game *g, const text_map *m, char *out, size_t size)
{
    snprintf(out, size, "%s-%.3s-", g->name, m->doc.name);
}

static bool texts_body(const ud_game *g, bool html, int h, ud_buf *out, void *ctx)
{
    faq_text_maps *tm = ctx;
    const text_game *tg = maps_of(tm, g);
    char prefix[96];
    if (html && !tm->styled) {
        ud_buf_printf(out, "<style>%s</style>\n", text_page_css);
        tm->styled = true;
    }
    for (int i = 0; tg && i < tg->n; i++) {
        text_prefix(g, &tg->maps[i], prefix, sizeof prefix);
        if (html)
            ud_buf_printf(out, "<h%d id=\"%stext\">%s</h%d>\n", h, prefix, tg->maps[i].doc.name, h);
        else
            ud_buf_printf(out, "\n%.*s %s\n\n", h, "######", tg->maps[i].doc.name);
        text_page_body(&tg->maps[i], out, html, h + 1, prefix);
    }
    return tg && tg->n > 0;
}

static void texts_rule(const ud_game *g, int r, ud_buf *out, void *ctx)
{
    const text_game *tg = maps_of(ctx, g);
    char prefix[96];
    for (int i = 0; tg && i < tg->n; i++) {
        const text_map *m = &tg->maps[i];
        text_prefix(g, m, prefix, sizeof prefix);
        for (int s = 0; s < m->doc.n_stmts; s++)
            for (int k = 0; k < m->entries[s].n_rows; k++)
                if (m->entries[s].rows[k] == r)
                    ud_buf_printf(out, "%s%s\t%.3s line %d\n", prefix, m->doc.stmts[s].anchor, m->doc.name,
                                  m->doc.stmts[s].line);
    }
}

/* The maps of o's games' texts under dir; false (said) on a text or notes
 * file that cannot be read. */
static bool texts_read(faq_text_maps *tm, const faq_opts *o, const char *dir)
{
    tm->games = o->games;
    tm->tg = calloc((size_t)o->n_games + 1, sizeof *tm->tg);
    if (!tm->tg || !cli_need_dir("faq", dir, "--texts: the rule texts the rows cite"))
        return false;
    for (; tm->n < o->n_games; tm->n++)
        if (text_game_build(&tm->tg[tm->n], o->games[tm->n], dir, o->golden_dir, stderr) != 0) {
            tm->n++;
            return false;
        }
    return true;
}

static void texts_free(faq_text_maps *tm)
{
    for (int i = 0; i < tm->n; i++)
        text_game_free(&tm->tg[i]);
    free(tm->tg);
}

/* The FAQ written as a and o say; the exit status. */
static int faq_write_with(const faq_args *a, faq_opts *o)
{
    char golden_default[4096];
    if (!golden_folders(o, golden_default, sizeof golden_default))
        return UD_EXIT_USAGE;
    /* asked before the database is read, so that a wrong -o is named first */
    if (a->output && !cli_output_ok("faq", "-o", a->output))
        return UD_EXIT_USAGE;
    /* NULL: an empty UNDEAD_DB (said); the output must not be the database */
    const char *db_path = cli_db_path("faq", a->db);
    if (!db_path || (a->output && !cli_output_not_db("faq", "-o", a->output, db_path)))
        return UD_EXIT_USAGE;
    ud_buf err;
    ud_buf_init(&err);
    db *d = db_open_read(db_path, &err);
    if (!d) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead faq: results database: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
        cli_db_env_note("faq", a->db);
        ud_buf_free(&shown);
        ud_buf_free(&err);
        return UD_EXIT_USAGE;
    }
    ud_buf_free(&err);
    o->db = d;
    faq_text_maps tm = { 0 };
    faq_texts hooks = { texts_body, texts_rule, &tm };
    if (!runs_ready(o, db_path) || (a->texts && !texts_read(&tm, o, a->texts))) { /* bad input, exit 2 */
        texts_free(&tm);
        db_close(d);
        return UD_EXIT_USAGE;
    }
    o->texts = a->texts ? &hooks : NULL;
    int status =
        a->format == FORMAT_PDF ? faq_print_pdf(o, a->chromium, a->output) : faq_write_file(o, a->output);
    texts_free(&tm);
    db_close(d);
    return status;
}

/* --new-edition reads the record of editions, adds to it and writes it
 * whole (a temporary renamed over it): two at once would each record
 * "edition N" and one of them be lost, though both said it was recorded.
 * The folder the record is written in is locked (flock) from the read to
 * the write: the path's links resolved, so that two names of one record
 * (a link to it from another folder) lock one folder.  The descriptor to
 * close after; -1 with no folder there (the read then says what is
 * wrong); -2, said, when the folder is there but cannot be locked (one
 * undead cannot read: two runs would go on unlocked). */
static int lock_editions_folder(const char *path)
{
    char resolved[PATH_MAX], dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    if (realpath(path, resolved)) { /* the record is there: the folder its links lead to */
        char *end = strrchr(resolved, '/');
        snprintf(dir, sizeof dir, "%.*s", end ? (int)(end - resolved) + (end == resolved) : 1, resolved);
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return -1;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0 && flock(fd, LOCK_EX) == 0)
        return fd;
    int err = errno;
    if (fd >= 0)
        close(fd);
    ud_buf shown;
    ud_buf_init(&shown);
    fprintf(stderr,
            "undead faq: --new-edition: the folder of the record of editions, %s, cannot be locked (%s): "
            "expected a folder undead can read, so that two runs at once do not lose an edition\n",
            ud_escaped(&shown, dir), strerror(err));
    ud_buf_free(&shown);
    return -2;
}

/* The record of editions (--editions FILE, else the data folder's, which
 * may be missing: no edition yet); NULL, said, when it cannot be read.
 * With lock, its folder locked first (*lock: the descriptor, or -1). */
static faq_editions *read_editions(const faq_args *a, char *path, size_t size, int *lock)
{
    if (a->editions && !*a->editions) { /* an unset variable in the shell */
        fputs("undead faq: --editions '': an empty path names no file; expected the record of the FAQ's "
              "editions\n",
              stderr);
        return NULL;
    }
    if (a->editions)
        snprintf(path, size, "%s", a->editions);
    else if (!cli_data_path("faq", "spec/faq-editions.txt", "--editions FILE", path, size))
        return NULL;
    if (lock && (*lock = lock_editions_folder(path)) == -2)
        return NULL;
    ud_buf err;
    ud_buf_init(&err);
    faq_editions *e = faq_editions_read(path, a->editions == NULL, &err);
    if (!e) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(stderr, "undead faq: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
        ud_buf_free(&shown);
    }
    ud_buf_free(&err);
    return e;
}

/* --new-edition DATE: the booklet as it is now recorded as the next
 * edition at path; the exit status. */
static int new_edition(const faq_args *a, const faq_editions *e, const char *path)
{
    ud_buf err, shown;
    ud_buf_init(&err);
    ud_buf_init(&shown);
    int number;
    if (!cli_rewrite_not_std("faq", "--editions", path)) {
        ud_buf_free(&shown);
        ud_buf_free(&err);
        return UD_EXIT_USAGE;
    }
    bool ok = faq_editions_record(e, path, a->new_edition, &number, &err);
    if (!ok)
        fprintf(stderr, "undead faq: %s\n", ud_escaped(&shown, ud_buf_str(&err)));
    else if (!number)
        printf("faq: no question changed since edition %d: nothing recorded in %s\n",
               faq_editions_base(e) + 1, ud_escaped(&shown, path));
    else
        printf("faq: edition %d of %s recorded in %s\n", number, a->new_edition, ud_escaped(&shown, path));
    ud_buf_free(&shown);
    ud_buf_free(&err);
    return ok ? UD_EXIT_OK : UD_EXIT_USAGE;
}

/* undead faq, with room in GAMES for every game it may be asked for. */
static int faq_run(int argc, char **argv, const ud_game **games)
{
    faq_args a = { .games = games }; /* .chromium: --chromium; else browser() */
    faq_opts o;
    int rc = read_faq(argc, argv, &a, &o);
    if (rc != OPTS_GO_ON)
        return rc;
    char editions_path[4096];
    int lock = -1;
    faq_editions *editions =
        read_editions(&a, editions_path, sizeof editions_path, a.new_edition ? &lock : NULL);
    if (!editions || a.new_edition) {
        int status = editions ? new_edition(&a, editions, editions_path) : UD_EXIT_USAGE;
        faq_editions_free(editions);
        if (lock >= 0)
            close(lock);
        return status;
    }
    o.editions = editions;
    rc = faq_write_with(&a, &o);
    faq_editions_free(editions);
    return rc;
}

int cmd_faq(int argc, char **argv)
{
    /* every registered game by default; each --game takes an argument, so
     * there are fewer than argc of them (each game at most once) */
    int registered = 0;
    while (ud_games[registered])
        registered++;
    const ud_game **games = calloc((size_t)(registered > argc ? registered : argc) + 1, sizeof *games);
    if (!games) {
        fputs("undead faq: out of memory\n", stderr);
        return UD_EXIT_FAIL;
    }
    int status = faq_run(argc, argv, games);
    free(games);
    return status;
}
