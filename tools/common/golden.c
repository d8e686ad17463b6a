/*
 * golden.c - running the golden cases (see golden.h).
 */
#include "golden.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "cli.h"
#include "infile.h"
#include "outfile.h"

typedef struct path_list {
    char **items;
    int n, cap;
} path_list;

static bool push_path(path_list *out, char *path)
{
    if (out->n == out->cap) {
        int cap = out->cap ? out->cap * 2 : 32;
        char **p = realloc(out->items, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        out->items = p;
        out->cap = cap;
    }
    out->items[out->n++] = path;
    return true;
}

/* The NAME.in files below dir, into out.  A symbolic link to a folder is
 * not followed (said on standard error): a link back up the tree would
 * walk the same cases again until the kernel's ELOOP, and one across to
 * another folder would count its cases twice.  A folder that cannot be
 * read is an error, counted in *unread.  dir itself may be a link. */
static void collect(const char *dir, path_list *out, int *unread)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "undead golden: %s: cannot read the folder: %s\n", dir, strerror(errno));
        (*unread)++;
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (!path)
            break;
        snprintf(path, len, "%s/%s", dir, e->d_name);
        size_t n = strlen(path);
        struct stat own;
        bool there = lstat(path, &own) == 0;
        bool link = there && S_ISLNK(own.st_mode);
        if (link && cli_is_dir(path))
            fprintf(stderr, "undead golden: %s: a symbolic link to a folder, not followed\n", path);
        else if (there && S_ISDIR(own.st_mode))
            collect(path, out, unread);
        else if (n > 3 && strcmp(path + n - 3, ".in") == 0 && push_path(out, path))
            continue;
        free(path);
    }
    closedir(d);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int golden_game_index(const ud_game *g)
{
    for (int i = 0; ud_games[i]; i++)
        if (ud_games[i] == g)
            return i;
    return -1;
}

/* Print the first differing lines of two texts, file (its name escaped
 * already) and the lines' bytes shown escaped: a golden file may hold
 * anything. */
static void show_diff(const char *file, const char *want, const char *got)
{
    int line = 1, shown = 0;
    ud_buf a_text, b_text, a_shown, b_shown;
    ud_buf_init(&a_text);
    ud_buf_init(&b_text);
    ud_buf_init(&a_shown);
    ud_buf_init(&b_shown);
    while ((*want || *got) && shown < 6) {
        size_t a = strcspn(want, "\n"), b = strcspn(got, "\n");
        if (a != b || strncmp(want, got, a) != 0) {
            ud_buf_clear(&a_text);
            ud_buf_clear(&b_text);
            ud_buf_printf(&a_text, "%.*s", (int)a, want);
            ud_buf_printf(&b_text, "%.*s", (int)b, got);
            printf("%s:%d: golden:      %s\n%s:%d: regenerated: %s\n", file, line,
                   ud_escaped(&a_shown, ud_buf_str(&a_text)), file, line,
                   ud_escaped(&b_shown, ud_buf_str(&b_text)));
            shown++;
        }
        want += a + (want[a] == '\n');
        got += b + (got[b] == '\n');
        line++;
    }
    ud_buf_free(&a_text);
    ud_buf_free(&b_text);
    ud_buf_free(&a_shown);
    ud_buf_free(&b_shown);
}

/* Replay one case; its canonical transcript goes to *out.  A file that
 * cannot be read (not a regular file, an I/O error) or is no record sets
 * gc->bad: exit 2, not 1. */
static bool regenerate(golden_case *gc, uint64_t *fired, uint64_t *changes, char **out, size_t *out_len)
{
    size_t len;
    char *text = cli_read_file(gc->in_path, &len);
    if (!text) { /* said, naming the file */
        gc->bad = 1;
        return false;
    }
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    int rc = ud_transcript_parse(text, len, ud_find_game, &t, &err);
    free(text);
    if (rc != 0) { /* not a record: bad input, as for undead check */
        ud_error_print(&err, gc->in_path, stderr);
        gc->bad = 1;
        return false;
    }
    gc->game = t.game;
    gc->setup = t.setup;
    FILE *mem = open_memstream(out, out_len);
    if (!mem) {
        fprintf(stderr, "%s: out of memory\n", gc->in_path);
        ud_transcript_free(&t);
        gc->bad = 1;
        return false;
    }
    /* the name escaped: a control byte in it would make a transcript that
     * undead check refuses ("expected printable text") */
    const char *base = strrchr(gc->in_path, '/');
    ud_buf name;
    ud_buf_init(&name);
    fprintf(mem, "# Generated from %s by 'undead golden update'; do not edit by hand.\n",
            ud_escaped(&name, base ? base + 1 : gc->in_path));
    ud_buf_free(&name);
    ud_check_opts opts = { .regen = mem, .fired = fired, .count_changes = changes, .check_invariants = 1 };
    ud_check_result res;
    rc = ud_check(&t, &opts, &res, &err);
    fclose(mem);
    ud_transcript_free(&t);
    if (rc != 0) {
        ud_error_print(&err, gc->in_path, stderr);
        gc->err = err;
        return false;
    }
    gc->legal = 1;
    gc->decisions = res.decisions;
    gc->complete = res.complete;
    gc->winner = res.winner;
    gc->n_players = res.n_players;
    memcpy(gc->score, res.score, sizeof gc->score);
    memcpy(gc->outcome, res.outcome, sizeof gc->outcome);
    return true;
}

/* Replace golden with got, whole or not at all (outfile.h); false with
 * the reason printed, the old file as it was. */
static bool write_golden(const char *golden, const char *got, size_t got_len)
{
    ud_buf why, shown;
    ud_buf_init(&why);
    ud_buf_init(&shown);
    if (!cli_rewrite_not_std("golden update", NULL, golden)) {
        ud_buf_free(&why);
        ud_buf_free(&shown);
        return false;
    }
    bool ok = ud_outfile_write_all(golden, got, got_len, &why);
    if (!ok)
        fprintf(stderr, "%s: cannot write: %s\n", ud_escaped(&shown, golden), ud_buf_str(&why));
    ud_buf_free(&why);
    ud_buf_free(&shown);
    return ok;
}

/* Compare with, or write, NAME.transcript; false on a difference or error. */
static bool settle(golden_case *gc, golden_mode mode, const char *got, size_t got_len, golden_report *rep)
{
    const char *in = gc->in_path;
    size_t n = strlen(in);
    char *golden = malloc(n + 16);
    if (!golden)
        return false;
    snprintf(golden, n + 16, "%.*s.transcript", (int)(n - 3), in);
    size_t want_len = 0;
    char *want = NULL;
    /* missing: not written yet; there but unreadable (a FIFO): refused */
    if (ud_infile_exists(golden) && !(want = cli_read_file(golden, &want_len))) {
        gc->bad = 1;
        free(golden);
        return false;
    }
    bool ok = true;
    bool same = want && want_len == got_len && memcmp(want, got, got_len) == 0;
    ud_buf shown; /* the name in the report */
    ud_buf_init(&shown);
    ud_escaped(&shown, golden);
    if (!same && mode == GOLDEN_UPDATE) {
        ok = write_golden(golden, got, got_len);
        if (ok) {
            printf("updated %s\n", ud_buf_str(&shown));
            rep->updated++;
        } else
            gc->bad = 1;
    } else if (!same && mode == GOLDEN_CHECK) {
        if (!want)
            fprintf(stderr, "%s: missing; run 'undead golden update'\n", ud_buf_str(&shown));
        else
            show_diff(ud_buf_str(&shown), want, got);
        ok = false;
    }
    ud_buf_free(&shown);
    free(want);
    free(golden);
    return ok;
}

/* A case written by a person: every case but a seeded game's (a folder
 * named seeded/ below dir). */
static bool by_hand(const char *dir, const char *path)
{
    size_t n = strlen(dir);
    const char *below = strncmp(path, dir, n) == 0 ? path + n : path;
    return strstr(below, "/seeded/") == NULL;
}

bool golden_row_changes_counts(const golden_report *rep, int gi, int r)
{
    return !ud_games[gi]->counts || rep->count_changes[gi][r] > 0;
}

/* Coverage: per game, the rows its hand-written cases fire, and each row
 * only seeded games fire, marked when it changes a count. */
static void report_by_hand(golden_report *rep, golden_mode mode)
{
    for (int gi = 0; ud_games[gi]; gi++) {
        const ud_game *g = ud_games[gi];
        int hand = 0, only = 0, counts = 0;
        for (int r = 0; r < g->n_rules; r++) {
            hand += rep->fired_by_hand[gi][r] > 0;
            if (rep->fired[gi][r] && !rep->fired_by_hand[gi][r]) {
                only++;
                counts += golden_row_changes_counts(rep, gi, r);
            }
        }
        rep->seeded_only += only;
        rep->seeded_only_counts += counts;
        if (mode != GOLDEN_COVERAGE || !rep->cases_of[gi])
            continue;
        printf("hand-written %s: %d of %d rule rows fired by hand-written cases, %d only by seeded games "
               "(%d of them change a count%s)\n",
               g->name, hand, g->n_rules, only, counts, g->counts ? "" : "; the game declares no counts");
        for (int r = 0; r < g->n_rules; r++)
            if (rep->fired[gi][r] && !rep->fired_by_hand[gi][r])
                printf("seeded-only %s %s%s\n", g->name, g->rules[r].id,
                       golden_row_changes_counts(rep, gi, r) ? " changes-a-count" : "");
    }
    if (mode == GOLDEN_COVERAGE)
        printf("hand-written: %d rule row(s) fired only by seeded games, %d of them change a count\n",
               rep->seeded_only, rep->seeded_only_counts);
}

/* The games whose rows are counted: those dir holds cases of, or a folder
 * of (DIR/FOLDER: a game's cases all gone still shows), never the others
 * (a folder of one game's cases would leave every other game's rows
 * "fired by no case"). */
static void mark_counted(const char *dir, golden_report *rep)
{
    for (int gi = 0; ud_games[gi]; gi++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, ud_games[gi]->folder);
        rep->counted[gi] = rep->cases_of[gi] > 0 || cli_is_dir(path);
    }
}

int golden_run(const char *dir, golden_mode mode, golden_report *rep,
               void (*on_case)(const golden_case *c, void *ctx), void *ctx)
{
    memset(rep, 0, sizeof *rep);
    path_list cases = { 0 };
    int unread = 0;
    collect(dir, &cases, &unread);
    /* a folder not read: bad input (exit 2), as a case not read */
    rep->failed += unread;
    rep->bad += unread;
    if (cases.n == 0) {
        fprintf(stderr, "undead golden: no *.in files under '%s'\n", dir);
        return 0;
    }
    qsort(cases.items, (size_t)cases.n, sizeof cases.items[0], cmp_str);
    for (int i = 0; i < cases.n; i++) {
        golden_case gc = { .in_path = cases.items[i], .winner = -1 };
        uint64_t fired[UD_MAX_RULES] = { 0 }, changes[UD_MAX_RULES] = { 0 };
        char *got = NULL;
        size_t got_len = 0;
        gc.ok = regenerate(&gc, fired, changes, &got, &got_len);
        if (gc.ok)
            gc.ok = settle(&gc, mode, got, got_len, rep);
        int gi = golden_game_index(gc.game);
        if (gi >= 0) {
            rep->cases_of[gi]++;
            bool hand = by_hand(dir, gc.in_path);
            for (int r = 0; r < gc.game->n_rules; r++) {
                rep->fired[gi][r] += fired[r];
                rep->fired_by_hand[gi][r] += hand ? fired[r] : 0;
                rep->count_changes[gi][r] += changes[r];
            }
        }
        gc.fired = fired;
        gc.transcript = got;
        gc.transcript_len = got_len;
        if (on_case)
            on_case(&gc, ctx);
        rep->cases++;
        rep->failed += !gc.ok;
        rep->bad += gc.bad;
        free(got);
    }
    mark_counted(dir, rep);
    for (int gi = 0; ud_games[gi]; gi++)
        for (int r = 0; rep->counted[gi] && r < ud_games[gi]->n_rules; r++)
            if (!rep->fired[gi][r]) {
                rep->uncovered++;
                if (mode == GOLDEN_COVERAGE)
                    printf("uncovered %s %s\n", ud_games[gi]->name, ud_games[gi]->rules[r].id);
            }
    report_by_hand(rep, mode);
    for (int i = 0; i < cases.n; i++)
        free(cases.items[i]);
    free(cases.items);
    return rep->cases;
}
