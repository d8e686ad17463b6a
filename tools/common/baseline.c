/*
 * baseline.c - computing and comparing the outcomes baseline (baseline.h).
 */
#include "baseline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "cli.h"
#include "infile.h"
#include "outfile.h"
#include "datadir.h"
#include "db_read.h"
#include "golden.h"
#include "record.h"
#include "table.h"

enum { BASELINE_GAMES = 8 };

/* Every golden case of the game, keyed by its path below the golden root. */
static bool add_golden(recorder *r, const char *root, const char *folder)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, folder);
    rec_golden gr = { r, root };
    golden_report rep;
    return golden_run(dir, GOLDEN_REPLAY, &rep, rec_golden_case, &gr) > 0 && rep.failed == 0;
}

/* The first n seeded games under the default readings and under each
 * other reading alone (one variant changed at a time: every reading is
 * exercised, and the baseline grows with the sum, not the product, of the
 * readings), one run each. */
static void add_seeded(recorder *r, const ud_game *g, uint64_t n)
{
    cli_game_opts none = { .seed = 1 };
    ud_match m;
    cli_build_match(g, &none, &m);
    for (int v = -1; v < g->n_variants; v++) {
        for (int value = 0; value < (v < 0 ? 1 : g->variants[v].n_values); value++) {
            for (int w = 0; w < g->n_variants; w++)
                m.setup.variant[w] = g->variants[w].default_value;
            if (v >= 0) {
                if (value == g->variants[v].default_value)
                    continue;
                m.setup.variant[v] = value;
            }
            db_run run = { .command = "baseline", .command_line = "", .game = g->name };
            r->run = db_run_begin(r->db, &run);
            rec_match(r, &m);
            for (uint64_t s = 1; s <= n; s++)
                rec_replay_game(r, "sim", &m, s, 1);
        }
    }
}

/* The baseline text for game g; NULL (message printed) on failure. */
static char *compute(const ud_game *g, const char *root, const char *folder, uint64_t games)
{
    recorder r;
    rec_opts ro = { .path = cli_memory_db };
    if (!rec_begin(&r, &ro, "baseline", g))
        return NULL;
    bool ok = add_golden(&r, root, folder);
    if (!ok)
        fprintf(stderr, "undead db baseline: the golden cases under %s/%s do not replay cleanly\n", root,
                folder);
    add_seeded(&r, g, games);
    char *text = NULL;
    size_t len = 0;
    sqlite3_stmt *st = NULL;
    if (ok && db_commit(r.db) && (st = db_read_baseline(r.db)) != NULL) {
        FILE *f = open_memstream(&text, &len);
        ok = f && tbl_print(st, TBL_CSV, f) >= 0;
        if (f)
            fclose(f);
    } else {
        ok = false;
    }
    sqlite3_finalize(st);
    if (rec_end(&r, ok ? UD_EXIT_OK : UD_EXIT_FAIL) != UD_EXIT_OK || !ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* Lines of a text, split in place. */
typedef struct lines {
    char **line;
    int n;
} lines;

static void split_lines(char *text, lines *out)
{
    int cap = 1;
    for (char *p = text; *p; p++)
        cap += *p == '\n';
    out->line = calloc((size_t)cap, sizeof *out->line);
    out->n = 0;
    for (char *p = text; out->line && *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        out->line[out->n++] = p;
        if (!nl)
            break;
        p = nl + 1;
    }
}

/* Length of the case's identity: its first two CSV fields (key, variants). */
static size_t id_len(const char *line)
{
    int fields = 0;
    bool quoted = false;
    const char *p = line;
    for (; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (*p == ',' && !quoted && ++fields == 2)
            break;
    }
    return (size_t)(p - line);
}

static int cmp_id(const char *a, const char *b)
{
    size_t la = id_len(a), lb = id_len(b);
    int c = strncmp(a, b, la < lb ? la : lb);
    return c ? c : (la > lb) - (la < lb);
}

static int cmp_line(const void *a, const void *b) { return cmp_id(*(char *const *)a, *(char *const *)b); }

typedef struct diff_count {
    int changed, added, removed, same;
} diff_count;

/* Print the cases that differ; both texts have a header line. */
static diff_count compare(char *want, char *got)
{
    lines a, b;
    split_lines(want, &a);
    split_lines(got, &b);
    diff_count n = { 0 };
    if (a.n && b.n && strcmp(a.line[0], b.line[0]) != 0)
        printf("columns changed:\n  baseline: %s\n  now:      %s\n", a.line[0], b.line[0]);
    if (a.n > 1)
        qsort(a.line + 1, (size_t)a.n - 1, sizeof *a.line, cmp_line);
    if (b.n > 1)
        qsort(b.line + 1, (size_t)b.n - 1, sizeof *b.line, cmp_line);
    int i = 1, j = 1;
    while (i < a.n || j < b.n) {
        int c = i >= a.n ? 1 : j >= b.n ? -1 : cmp_id(a.line[i], b.line[j]);
        if (c < 0) {
            printf("removed: %s\n", a.line[i++]);
            n.removed++;
        } else if (c > 0) {
            printf("added:   %s\n", b.line[j++]);
            n.added++;
        } else {
            if (strcmp(a.line[i], b.line[j]) != 0) {
                size_t k = id_len(a.line[i]);
                printf("changed: %.*s\n  baseline: %s\n  now:      %s\n", (int)k, a.line[i],
                       a.line[i] + k + 1, b.line[j] + k + 1);
                n.changed++;
            } else {
                n.same++;
            }
            i++;
            j++;
        }
    }
    free(a.line);
    free(b.line);
    return n;
}

/* Replace path with text, whole or not at all (outfile.h); false with a
 * message, the old baseline as it was. */
static bool write_file(const char *path, const char *text)
{
    ud_buf why;
    ud_buf_init(&why);
    bool ok = ud_outfile_write_all(path, text, strlen(text), &why);
    if (!ok)
        fprintf(stderr, "undead db baseline: %s: cannot write: %s\n", path, ud_buf_str(&why));
    ud_buf_free(&why);
    return ok;
}

/* What every baseline's first line begins with: the two fields that are
 * a case's identity (id_len), the rest of the header being the columns
 * compare reports as changed when they are. */
#define BASELINE_HEAD "key,variants,"

/* A file check compares with: one named by --file must be there (it is
 * not one to make, as the default file of a game that has none yet is),
 * and any must begin as a baseline does; false with the message printed
 * (exit 2: the file is not what was asked for, not a changed outcome).
 * TEXT: the file's contents, NULL when it is missing. */
static bool check_file_ok(const char *text, const char *shown, const ud_game *g, bool named)
{
    if (!text && named) {
        fprintf(stderr,
                "undead db baseline: --file %s: no such file: expected an outcomes baseline, as "
                "'undead db baseline update %s --file %s' writes\n",
                shown, g->name, shown);
        return false;
    }
    if (!text || strncmp(text, BASELINE_HEAD, strlen(BASELINE_HEAD)) == 0)
        return true;
    ud_buf first, line;
    ud_buf_init(&first);
    ud_buf_init(&line);
    size_t len = strcspn(text, "\n");
    ud_buf_printf(&first, "%.*s%s", (int)(len < 60 ? len : 60), text, len > 60 ? "..." : "");
    fprintf(stderr,
            "undead db baseline: %s%s: not an outcomes baseline: %s%s%s; expected the header '%s...' "
            "that 'undead db baseline update %s' writes\n",
            named ? "--file " : "", shown, *text ? "its first line is '" : "it is empty",
            *text ? ud_escaped(&line, ud_buf_str(&first)) : "", *text ? "'" : "", BASELINE_HEAD, g->name);
    ud_buf_free(&first);
    ud_buf_free(&line);
    return false;
}

int baseline_run(const char *mode, const char *game, const baseline_opts *o)
{
    bool update = strcmp(mode, "update") == 0;
    if (!update && strcmp(mode, "check") != 0) {
        fprintf(stderr, "undead db baseline: expected check or update, got '%s'\n", mode);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game("db baseline", game);
    if (!g || (update && o->file && !cli_output_ok("db baseline", "--file", o->file)))
        return UD_EXIT_USAGE;
    char file[4096];
    const char *folder = g->folder;
    char root_default[4096];
    const char *root =
        o->golden ? o->golden
                  : cli_data_path("db baseline", "golden", "--golden DIR", root_default, sizeof root_default);
    if (!root)
        return UD_EXIT_USAGE;
    /* the game's cases are replayed for the baseline: a missing folder (a
     * mistyped --golden) said as such, before the games are played */
    snprintf(file, sizeof file, "%s/%s", root, folder);
    if (!cli_need_dir("db baseline", file, "the game's golden cases: " CLI_DATA_HINT("--golden")))
        return UD_EXIT_USAGE;
    snprintf(file, sizeof file, "%s/%s/outcomes.csv", root, folder);
    const char *path = o->file ? o->file : file;
    if (update && !cli_rewrite_not_std("db baseline", o->file ? "--file" : "baseline", path))
        return UD_EXIT_USAGE;
    /* the path in the report, escaped (a newline or an ESC in it cannot
     * break a line or reach the terminal); static: one report a process */
    static ud_buf shown_buf;
    ud_buf_init(&shown_buf);
    const char *shown = ud_escaped(&shown_buf, path);
    size_t len = 0;
    /* missing: not made yet; there but unreadable (a FIFO): refused,
     * before the games are played */
    bool exists = ud_infile_exists(path);
    char *want = exists ? cli_read_file(path, &len) : NULL;
    /* update writes over a baseline (of any columns) or an empty file,
     * never over another file named by mistake (a record, a table) */
    bool bad = exists && !want; /* said by cli_read_file */
    if (!bad)
        bad = update ? want && *want && !check_file_ok(want, shown, g, true)
                     : !check_file_ok(want, shown, g, o->file != NULL);
    if (bad) {
        free(want);
        return UD_EXIT_USAGE;
    }
    char *got = compute(g, root, folder, o->games ? o->games : BASELINE_GAMES);
    if (!got) {
        free(want);
        return UD_EXIT_USAGE;
    }
    if (!want && !update)
        printf("%s: missing; create it with 'undead db baseline update %s'\n", shown, g->name);
    char *old = strdup(want ? want : ""), *now = strdup(got);
    diff_count n = { 0 };
    if (old && now && want)
        n = compare(old, now);
    free(old);
    free(now);
    printf("baseline %s: %d changed, %d added, %d removed, %d unchanged\n", shown, n.changed, n.added,
           n.removed, n.same);
    bool differs = !want || strcmp(want, got) != 0;
    int rc = UD_EXIT_OK;
    if (update && differs) {
        rc = write_file(path, got) ? UD_EXIT_OK : UD_EXIT_USAGE;
        if (rc == UD_EXIT_OK)
            printf("updated %s: read 'git diff %s' before committing\n", shown, shown);
    } else if (!update && differs) {
        printf("the outcomes differ from the baseline: if the change is intended, run\n"
               "  undead db baseline update %s\nand review the diff before committing\n",
               g->name);
        rc = UD_EXIT_FAIL;
    }
    free(want);
    free(got);
    return rc;
}
