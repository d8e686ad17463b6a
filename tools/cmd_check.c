/*
 * cmd_check.c - `undead check`: verify transcripts against the rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"
#include "check.h"
#include "cli.h"
#include "commands.h"
#include "record.h"

/* check's options (opts.h). */
typedef struct check_args {
    bool print, invariants, strict;
    int format;                         /* 0 text, 1 json */
    int blame_seconds;                  /* the blame's time bound (0: none) */
    const char *flags[UD_MAX_VARIANTS]; /* --variant KEY=VALUE, each key once */
    int n_flags;
    const char *content;
    rec_opts rec;
} check_args;

static bool read_variant(const char *cmd, const opts_option *o, void *field, const char *arg);

static const char *const formats[] = { "text", "json", NULL };

static const opts_option options[] = {
    { .name = "print",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(check_args, print),
      .help = "print the canonical transcript (every line the rules imply, tagged)" },
    { .name = "invariants",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(check_args, invariants),
      .help = "check every invariant after every step" },
    { .name = "format",
      .kind = OPTS_CHOICE,
      .at = OPTS_AT(check_args, format),
      .choices = formats,
      .metavar = "F",
      .help = "text (default) or json: one JSON object a file on standard output" },
    { .name = "strict",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(check_args, strict),
      .help = "every change line the rules produce must be written, in order (as a\n"
              "record whose header says 'complete'); a missing one is an error" },
    { .name = "variant",
      .kind = OPTS_CALL,
      .at = 0,
      .call = read_variant,
      .repeats = true,
      .metavar = "KEY=VALUE",
      .help = "check under this reading (see 'undead variants GAME'); a record\n"
              "whose header names KEY with another value is an input error (exit 2)" },
    { .name = "blame-seconds",
      .kind = OPTS_INT,
      .at = OPTS_AT(check_args, blame_seconds),
      .hi = 86400,
      .def = UD_BLAME_SECONDS_DEFAULT,
      .metavar = "S",
      .help = "stop looking for the rule a refused line breaks after S seconds of\n"
              "each record, naming the best found so far and saying how many\n"
              "changes were not tried (default 60; 0: no bound)" },
    { .name = "content",
      .kind = OPTS_STRING,
      .at = OPTS_AT(check_args, content),
      .metavar = "DIR",
      .help = "the game's content files from DIR (as given to 'undead play --content')\n"
              "instead of the built-in set" },
    { .name = "db",
      .kind = OPTS_STRING,
      .at = OPTS_AT(check_args, rec.path),
      .metavar = "PATH",
      .help = "record the run in this results database (default: $UNDEAD_DB, else\n"
              "undead.db in the current folder, made there if missing)" },
    { .name = "no-db",
      .kind = OPTS_FLAG,
      .at = OPTS_AT(check_args, rec.off),
      .help = "do not record the run" },
    OPTS_END,
};

const opts_command cmd_check_opts = {
    .name = "check",
    .usage = "usage: undead check [--print] [--invariants] [--strict] [--format text|json] FILE...\n"
             "('-' reads standard input)\n"
             "Replays each transcript against the rules. Prints FILE:LINE: RULE-ID: what is wrong\n"
             "at the first illegal step (exit 1), or the final scores (exit 0).  The rule is the\n"
             "one the line breaks, by evidence: the step played again under another reading, or\n"
             "with one row changed, comes out as the record says (the lines after it say which).\n"
             "A malformed file is reported as FILE:LINE:COL: expected ... (exit 2), a record that\n"
             "cannot be checked (no chance lines and no seed where an outcome is needed) as\n"
             "FILE:LINE: what is missing (exit 2).\n" REC_NOTE,
    .options = options,
    .column = 17,
};

/* --variant KEY=VALUE (field: the whole check_args): each key once, at
 * most one per variant. */
static bool read_variant(const char *cmd, const opts_option *o, void *field, const char *arg)
{
    check_args *a = field;
    (void)o;
    for (int f = 0; f < a->n_flags; f++) {
        const char *x = strchr(a->flags[f], '='), *y = strchr(arg, '=');
        if (x && y && x - a->flags[f] == y - arg &&
            strncmp(a->flags[f], arg, (size_t)(x - a->flags[f])) == 0) {
            fprintf(stderr, "undead %s: --variant %.*s given twice\n", cmd, (int)(y - arg), arg);
            return false;
        }
    }
    if (a->n_flags == UD_MAX_VARIANTS || !strchr(arg, '=')) {
        fprintf(stderr, "undead %s: --variant expects KEY=VALUE (at most %d), not '%s'\n", cmd,
                UD_MAX_VARIANTS, arg);
        return false;
    }
    a->flags[a->n_flags++] = arg;
    return true;
}

/* One file as a case: its outcome, the rules it fired and its lines. */
static void record(recorder *r, const char *file, const ud_transcript *t, int legal,
                   const ud_check_result *res, const ud_error *err, const uint64_t *fired,
                   const char *canonical, size_t canonical_len)
{
    rec_transcript rt = { .kind = "transcript",
                          .name = file,
                          .game = t->game,
                          .setup = &t->setup,
                          .legal = legal,
                          .res = res,
                          .err = err,
                          .fired = fired,
                          .canonical = canonical,
                          .canonical_len = canonical_len };
    rec_transcript_case(r, &rt);
    rec_tick(r);
}

/* Run-wide coverage per game and the counts. */
static void record_totals(recorder *r, uint64_t (*fired)[UD_MAX_RULES], int files, int failed)
{
    for (int gi = 0; ud_games[gi]; gi++)
        rec_coverage(r, ud_games[gi], fired[gi]);
    rec_metric(r, "files", files, "files");
    rec_metric(r, "failed", failed, "files");
}

static int game_index(const ud_game *g)
{
    int i = 0;
    while (ud_games[i] && ud_games[i] != g)
        i++;
    return i;
}

static void print_result(const char *file, const ud_transcript *t, const ud_check_result *r)
{
    printf("%s: ok%s:", file, r->complete ? "" : " (partial)");
    for (int i = 0; i < r->n_players; i++)
        printf(" %s=%d", t->setup.names[i], r->score[i]);
    if (r->complete && r->winner >= 0)
        printf("; winner %s", t->setup.names[r->winner]);
    else if (r->complete && r->winner == -2)
        printf("; shared win");
    putchar('\n');
}

/* --variant KEY=VALUE for one record: the reading the record is checked
 * under, unless its header names KEY itself; a header that names another
 * value is an input error (the record and the command disagree), at the
 * header's line.  Returns false with the message printed. */
static bool apply_variant_flags(const char *shown, const char *text, size_t len, ud_transcript *t,
                                const char *const *flags, int n_flags)
{
    for (int f = 0; f < n_flags; f++) {
        const char *said;
        size_t said_len;
        int line = ud_transcript_set_variant(t, text, len, flags[f], &said, &said_len);
        if (line < 0) {
            fprintf(stderr, "undead check: --variant %s: %s has no such reading (see 'undead variants %s')\n",
                    flags[f], t->game->name, t->game->name);
            return false;
        }
        if (line > 0) {
            fprintf(stderr, "%s:%d: the record says %.*s, --variant says %s\n", shown, line, (int)said_len,
                    said, flags[f]);
            return false;
        }
    }
    return true;
}

/* The game a record's header names, or NULL: the parser reports a
 * missing or unknown game itself. */
static const ud_game *header_game(const char *text, size_t len)
{
    char name[64];
    return ud_transcript_scan_game(text, len, name, sizeof name) ? ud_find_game(name) : NULL;
}

/* --content DIR: loaded into the game of the first record that names one
 * (content is one game's); a record of another game is a usage error. */
static bool load_content_for(const char *shown, const ud_game *g, const char *dir, const ud_game **loaded)
{
    if (!dir || !g || *loaded == g)
        return true;
    if (*loaded) {
        fprintf(stderr, "undead check: %s: a %s record, but --content %s is %s's\n", shown, g->name, dir,
                (*loaded)->name);
        return false;
    }
    if (!cli_load_content(g, dir))
        return false;
    *loaded = g;
    return true;
}

/* A refusal's rule by evidence (core/blame.h): when a reading or one
 * changed row plays the step as the record does, the rule it names
 * replaces the row the rules needed at the line (kept in `needed`). */
static void blame_refusal(const ud_transcript *t, const ud_check_opts *opts, const ud_check_result *res,
                          ud_error *err, ud_blame *b, char *needed, size_t size)
{
    snprintf(needed, size, "%s", err->rule);
    ud_blame_check(t, opts, res, err, b);
    if (b->kind != UD_BLAME_NONE)
        ud_blame_rule_ids(b, err->rule, sizeof err->rule);
}

/* The rule err names first, as a row of g (NULL: none, or a reading). */
static const ud_rule *first_rule(const ud_game *g, const char *ids)
{
    char id[UD_ERROR_RULE_MAX];
    snprintf(id, sizeof id, "%.*s", (int)strcspn(ids, " "), ids);
    return ud_game_rule(g, id);
}

/* The lines under FILE:LINE: RULE: message: the evidence and the rule. */
static void print_blame(const ud_game *g, const ud_blame *b, const ud_error *err, const char *needed)
{
    ud_buf text;
    ud_buf_init(&text);
    ud_buf_puts(&text, "  evidence: ");
    ud_blame_evidence(g, b, "the record", &text);
    if (b->kind == UD_BLAME_NONE && needed[0])
        ud_buf_printf(&text, "; %s is the row the rules needed at this line", needed);
    else if (strcmp(needed, err->rule) != 0 && needed[0])
        ud_buf_printf(&text, " (the rules needed %s at this line)", needed);
    ud_buf_putc(&text, '\n');
    const ud_rule *r = first_rule(g, err->rule);
    if (r)
        ud_blame_rule_text(g, r, "  rule:     ", "            ", &text);
    fputs(ud_buf_str(&text), stderr);
    ud_buf_free(&text);
}

/* --format json: one object a file, on standard output. */
static void print_json(const char *file, const ud_transcript *t, int legal, const ud_check_result *res,
                       const ud_error *err, const ud_blame *b, const char *needed)
{
    ud_buf j;
    ud_buf_init(&j);
    ud_buf_puts(&j, "{\"file\":");
    ud_blame_json_string(&j, file);
    if (legal) {
        ud_buf_printf(&j, ",\"verdict\":\"ok\",\"complete\":%s,\"scores\":{",
                      res->complete ? "true" : "false");
        for (int i = 0; i < res->n_players; i++) {
            ud_buf_puts(&j, i ? "," : "");
            ud_blame_json_string(&j, t->setup.names[i]);
            ud_buf_printf(&j, ":%d", res->score[i]);
        }
        ud_buf_puts(&j, "}");
    } else {
        ud_buf_printf(&j, ",\"verdict\":\"%s\",\"line\":%d,\"message\":",
                      err->input      ? "input"
                      : err->internal ? "internal"
                                      : "violation",
                      err->line);
        ud_blame_json_string(&j, err->msg);
        ud_buf_puts(&j, ",\"needed\":");
        ud_blame_json_string(&j, needed);
        ud_buf_puts(&j, ",");
        if (b->kind != UD_BLAME_NONE)
            ud_blame_json(t->game, b, "the record", &j);
        else {
            ud_buf_puts(&j, "\"rule\":");
            ud_blame_json_string(&j, err->rule);
            ud_buf_printf(&j, ",\"evidence\":\"%s\"", ud_blame_kind_name(b->kind));
            ud_blame_bound_json(b, &j);
        }
    }
    ud_buf_puts(&j, "}\n");
    fputs(ud_buf_str(&j), stdout);
    ud_buf_free(&j);
}

/* What a check of several files keeps. */
typedef struct check_run {
    const check_args *a;
    recorder *r;
    const ud_game *content_game;     /* the game --content was loaded into, or NULL */
    uint64_t (*total)[UD_MAX_RULES]; /* per game, the rules every file fired */
    int files, failed, worst;
} check_run;

/* --format json: the object of a file that cannot be checked at all (its
 * message on standard error as without --format json): verdict "input",
 * the line (0: none) and what is wrong, so that no file goes unreported. */
static void print_json_refused(const char *shown, int line, const char *msg)
{
    ud_buf j;
    ud_buf_init(&j);
    ud_buf_puts(&j, "{\"file\":");
    ud_blame_json_string(&j, shown);
    ud_buf_printf(&j, ",\"verdict\":\"input\",\"line\":%d,\"message\":", line);
    ud_blame_json_string(&j, msg);
    ud_buf_puts(&j, "}\n");
    fputs(ud_buf_str(&j), stdout);
    ud_buf_free(&j);
}

/* FILE read and parsed, under the --content and --variant it is checked
 * with: false (said) when it cannot be checked at all. */
static bool load_record(check_run *cr, const char *file, const char *shown, ud_transcript *t)
{
    bool json = cr->a->format == 1;
    size_t len;
    ud_buf said;
    ud_buf_init(&said);
    char *text = cli_read_file_said(file, &len, &said);
    if (!text) {
        if (json)
            print_json_refused(shown, 0, ud_buf_str(&said));
        ud_buf_free(&said);
        return false;
    }
    ud_buf_free(&said);
    bool ok = load_content_for(shown, header_game(text, len), cr->a->content, &cr->content_game);
    ud_error err;
    memset(&err, 0, sizeof err);
    if (!ok && json)
        print_json_refused(shown, 0, "the content files given with --content cannot be loaded");
    if (ok && ud_transcript_parse(text, len, ud_find_game, t, &err) != 0) {
        ud_error_print(&err, shown, stderr);
        if (json)
            print_json_refused(shown, err.line, err.msg);
        ok = false;
    } else if (ok && !apply_variant_flags(shown, text, len, t, cr->a->flags, cr->a->n_flags)) {
        if (json)
            print_json_refused(shown, 0, "the record names another reading than --variant");
        ud_transcript_free(t);
        ok = false;
    }
    free(text);
    return ok;
}

/* A file's verdict: the final scores, or what is wrong (exit 1; 2 for
 * bad input, whatever else failed). */
static void say_verdict(check_run *cr, const char *shown, const ud_transcript *t, int legal,
                        const ud_check_result *res, const ud_error *err, const ud_blame *b,
                        const char *needed)
{
    bool json = cr->a->format == 1;
    if (json)
        print_json(shown, t, legal, res, err, b, needed);
    if (legal) {
        if (!cr->a->print && !json)
            print_result(shown, t, res);
        return;
    }
    fflush(stdout);
    if (!json) {
        ud_error_print(err, shown, stderr);
        if (!err->input && !err->internal)
            print_blame(t->game, b, err, needed);
    }
    if (err->input)
        cr->worst = UD_EXIT_USAGE;
    else if (cr->worst == UD_EXIT_OK)
        cr->worst = UD_EXIT_FAIL;
}

/* One file replayed against the rules: its verdict said, counted and
 * recorded (with its canonical transcript, which --print shows). */
static void check_file(check_run *cr, const char *file)
{
    const char *name = strcmp(file, "-") == 0 ? "<stdin>" : file;
    ud_buf shown_buf; /* the name in messages, escaped */
    ud_buf_init(&shown_buf);
    const char *shown = ud_escaped(&shown_buf, name);
    ud_transcript t;
    if (!load_record(cr, file, shown, &t)) {
        ud_buf_free(&shown_buf);
        cr->worst = UD_EXIT_USAGE;
        return;
    }
    char *canonical = NULL;
    size_t canonical_len = 0;
    FILE *regen = cr->r->db ? open_memstream(&canonical, &canonical_len) : NULL;
    uint64_t fired[UD_MAX_RULES] = { 0 };
    ud_check_opts opts = { .regen = regen          ? regen
                                    : cr->a->print ? stdout
                                                   : NULL,
                           .fired = fired,
                           .check_invariants = cr->a->invariants,
                           .strict = cr->a->strict };
    ud_check_result res;
    ud_error err;
    memset(&err, 0, sizeof err);
    int legal = ud_check(&t, &opts, &res, &err) == 0;
    if (regen)
        fclose(regen);
    if (regen && cr->a->print)
        fwrite(canonical, 1, canonical_len, stdout);
    ud_blame blame = { 0 };
    char needed[UD_ERROR_RULE_MAX] = "";
    if (!legal)
        blame_refusal(&t, &opts, &res, &err, &blame, needed, sizeof needed);
    say_verdict(cr, shown, &t, legal, &res, &err, &blame, needed);
    cr->files++;
    cr->failed += !legal;
    for (int k = 0; cr->total && k < t.game->n_rules; k++)
        cr->total[game_index(t.game)][k] += fired[k];
    record(cr->r, name, &t, legal, &res, &err, fired, canonical, canonical_len);
    free(canonical);
    ud_transcript_free(&t);
    ud_buf_free(&shown_buf);
}

int cmd_check(int argc, char **argv)
{
    check_args a = { 0 };
    opts_operands ops;
    int rc = opts_read(&cmd_check_opts, argc, argv, &a, &ops, 1, -1);
    if (rc != OPTS_GO_ON)
        return rc;
    if (a.print && a.format == 1) { /* the transcript's lines would break the JSON lines */
        fputs("undead check: --print and --format json both write standard output: expected one of them\n",
              stderr);
        return UD_EXIT_USAGE;
    }
    ud_blame_set_seconds((unsigned)a.blame_seconds);
    recorder r;
    if (!rec_begin(&r, &a.rec, "check", NULL))
        return UD_EXIT_USAGE;
    rec_param(&r, "invariants", "%s", a.invariants ? "on" : "off");
    if (a.strict)
        rec_param(&r, "strict", "%s", "on");
    if (a.content)
        rec_param(&r, "content", "%s", a.content);
    int n_games = 0;
    while (ud_games[n_games])
        n_games++;
    check_run cr = { .a = &a, .r = &r, .total = calloc((size_t)n_games + 1, sizeof *cr.total) };
    for (int i = 0; i < ops.n; i++)
        check_file(&cr, argv[ops.first + i]);
    if (cr.total)
        record_totals(&r, cr.total, cr.files, cr.failed);
    free(cr.total);
    return rec_end(&r, cr.worst);
}
