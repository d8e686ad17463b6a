/*
 * cmd_golden.c - `undead golden check|update|coverage`.
 *
 * Every golden case is a pair: NAME.in, written by a person (a worked
 * example with the outcomes the text states, or just a header with a
 * seed), and NAME.transcript, the canonical transcript the rules produce
 * from it.  check regenerates and diffs; update rewrites; coverage lists
 * rule rows that fire in no golden case.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "cli.h"

typedef struct path_list {
    char **items;
    int n, cap;
} path_list;

static void collect(const char *dir, path_list *out)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (!path)
            break;
        snprintf(path, len, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            collect(path, out);
            free(path);
            continue;
        }
        size_t n = strlen(path);
        if (n < 3 || strcmp(path + n - 3, ".in") != 0) {
            free(path);
            continue;
        }
        if (out->n == out->cap) {
            out->cap = out->cap ? out->cap * 2 : 32;
            char **p = realloc(out->items, (size_t)out->cap * sizeof *p);
            if (!p) {
                free(path);
                break;
            }
            out->items = p;
        }
        out->items[out->n++] = path;
    }
    closedir(d);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print the first differing lines of two texts. */
static void show_diff(const char *file, const char *want, const char *got)
{
    int line = 1, shown = 0;
    while ((*want || *got) && shown < 6) {
        size_t a = strcspn(want, "\n"), b = strcspn(got, "\n");
        if (a != b || strncmp(want, got, a) != 0) {
            printf("%s:%d: golden:      %.*s\n%s:%d: regenerated: %.*s\n", file, line, (int)a,
                   want, file, line, (int)b, got);
            shown++;
        }
        want += a + (want[a] == '\n');
        got += b + (got[b] == '\n');
        line++;
    }
}

/* Regenerate one case into *out; fills fired.  false on a check error. */
static bool regenerate(const char *in_path, uint64_t *fired, const ud_game **game, char **out,
                       size_t *out_len)
{
    size_t len;
    char *text = cli_read_file(in_path, &len);
    if (!text)
        return false;
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    int rc = ud_transcript_parse(text, len, ud_find_game, &t, &err);
    free(text);
    if (rc != 0) {
        ud_error_print(&err, in_path, stdout);
        return false;
    }
    *game = t.game;
    FILE *mem = open_memstream(out, out_len);
    fprintf(mem, "# Generated from %s by 'undead golden update'; do not edit by hand.\n",
            strrchr(in_path, '/') ? strrchr(in_path, '/') + 1 : in_path);
    ud_check_opts opts = { .regen = mem, .fired = fired, .check_invariants = 1 };
    ud_check_result res;
    rc = ud_check(&t, &opts, &res, &err);
    fclose(mem);
    ud_transcript_free(&t);
    if (rc != 0)
        ud_error_print(&err, in_path, stdout);
    return rc == 0;
}

static const char usage[] =
    "usage: undead golden check|update|coverage [--dir DIR]\n"
    "  check     regenerate every DIR/**/NAME.in and diff it with NAME.transcript (exit 1 on a difference)\n"
    "  update    rewrite the NAME.transcript files (read the diff before committing)\n"
    "  coverage  list rule rows that fire in no golden case (exit 1 if any)\n"
    "  --dir DIR the golden directory (default: golden)\n";

int cmd_golden(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "dir", required_argument, NULL, 'd' },
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *dir = "golden";
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        }
        if (c != 'd') {
            fputs(usage, stderr);
            return UD_EXIT_USAGE;
        }
        dir = optarg;
    }
    const char *mode = optind < argc ? argv[optind] : NULL;
    if (!mode || optind + 1 != argc ||
        (strcmp(mode, "check") && strcmp(mode, "update") && strcmp(mode, "coverage"))) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    path_list cases = { 0 };
    collect(dir, &cases);
    if (cases.n == 0) {
        fprintf(stderr, "undead golden: no *.in files under '%s'\n", dir);
        return UD_EXIT_USAGE;
    }
    qsort(cases.items, (size_t)cases.n, sizeof cases.items[0], cmp_str);

    /* Coverage is kept per game: a rule counts when any case of its game fires it. */
    enum { MAX_GAMES = 8 };
    uint64_t fired[MAX_GAMES][UD_MAX_RULES];
    memset(fired, 0, sizeof fired);
    int failures = 0, changed = 0;
    for (int i = 0; i < cases.n; i++) {
        const char *in = cases.items[i];
        char *got = NULL;
        size_t got_len = 0;
        const ud_game *g = NULL;
        uint64_t local[UD_MAX_RULES] = { 0 };
        bool ok = regenerate(in, local, &g, &got, &got_len);
        if (g) {
            int gi = 0;
            while (ud_games[gi] && ud_games[gi] != g)
                gi++;
            for (int r = 0; gi < MAX_GAMES && r < g->n_rules; r++)
                fired[gi][r] += local[r];
        }
        if (!ok) {
            failures++;
            free(got);
            continue;
        }
        size_t n = strlen(in);
        char *golden = malloc(n + 16);
        snprintf(golden, n + 16, "%.*s.transcript", (int)(n - 3), in);
        size_t want_len = 0;
        FILE *f = fopen(golden, "rb");
        char *want = NULL;
        if (f) {
            fclose(f);
            want = cli_read_file(golden, &want_len);
        }
        bool same = want && want_len == got_len && memcmp(want, got, got_len) == 0;
        if (!same && strcmp(mode, "update") == 0) {
            FILE *w = fopen(golden, "wb");
            if (!w || fwrite(got, 1, got_len, w) != got_len || fclose(w) != 0) {
                fprintf(stderr, "%s: cannot write: %s\n", golden, strerror(errno));
                failures++;
            } else {
                printf("updated %s\n", golden);
                changed++;
            }
        } else if (!same && strcmp(mode, "check") == 0) {
            if (!want)
                printf("%s: missing; run 'undead golden update'\n", golden);
            else
                show_diff(golden, want, got);
            failures++;
        }
        free(want);
        free(golden);
        free(got);
    }
    int uncovered = 0;
    for (int gi = 0; ud_games[gi] && gi < MAX_GAMES; gi++)
        for (int r = 0; r < ud_games[gi]->n_rules; r++)
            if (!fired[gi][r]) {
                uncovered++;
                if (strcmp(mode, "coverage") == 0)
                    printf("uncovered %s %s\n", ud_games[gi]->name, ud_games[gi]->rules[r].id);
            }
    printf("golden %s: %d case(s), %d failed, %d updated, %d rule row(s) fired by no case\n", mode,
           cases.n, failures, changed, uncovered);
    for (int i = 0; i < cases.n; i++)
        free(cases.items[i]);
    free(cases.items);
    if (failures)
        return UD_EXIT_FAIL;
    return strcmp(mode, "coverage") == 0 && uncovered ? UD_EXIT_FAIL : UD_EXIT_OK;
}
