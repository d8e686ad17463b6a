/*
 * replay_main.c - a tiny main() for running a libFuzzer-style target
 * without a fuzzing engine: feeds every file named on the command line to
 * LLVMFuzzerTestOneInput, recursing into directories (in sorted order), and
 * prints how many inputs it ran.  Built by fuzz/CMakeLists.txt as
 * <name>_replay and used by the fuzz_replay_<name> tests to keep the seed
 * corpus and past crashes (fuzz/regressions/<name>/) passing in every build.
 *
 * With --rows first, it then prints which rows of the target's game the
 * inputs fired, one line "ID count" per row and "rows fired K of N"
 * (replay_rows.h; fuzz/reach.sh).
 *
 * Exit status: 0 when every path could be read, 1 otherwise (or when
 * --rows could not be written), 2 on a usage error (--rows on a target
 * that plays no game); a crashing input crashes this program (that is
 * the point).
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "infile.h"
#include "replay_rows.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional, as in libFuzzer: called once before the first input. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static long replayed;

static int replay_file(const char *path)
{
    /* a FIFO or a device in a corpus is refused, never waited on */
    ud_buf why;
    ud_buf_init(&why);
    FILE *f = ud_infile_fopen(path, false, &why);
    if (!f)
        fprintf(stderr, "replay: %s: %s\n", path, ud_buf_str(&why));
    ud_buf_free(&why);
    if (!f)
        return 1;
    size_t cap = 4096, size = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "replay: %s: read failed\n", path);
        free(buf);
        return 1;
    }
    /* An exact-size copy, so ASan sees any read past the end. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, size);
    free(buf);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    replayed++;
    return 0;
}

static int replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);

    struct dirent **names;
    int n = scandir(path, &names, NULL, alphasort);
    if (n < 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        /* Skip ".", ".." and dotfiles such as .gitkeep. */
        if (name[0] != '.') {
            size_t len = strlen(path) + strlen(name) + 2;
            char *child = malloc(len);
            if (!child) {
                bad = 1;
            } else {
                snprintf(child, len, "%s/%s", path, name);
                bad |= replay_path(child);
                free(child);
            }
        }
        free(names[i]);
    }
    free(names);
    return bad;
}

int main(int argc, char **argv)
{
    int first = 1;
    bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
    if (rows)
        first = 2;
    if (argc <= first) {
        fprintf(stderr, "usage: %s [--rows] FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    if (rows && replay_rows_start() != 0) {
        fprintf(stderr, "replay: --rows: this target plays no single game\n");
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    int bad = 0;
    for (int i = first; i < argc; i++)
        bad |= replay_path(argv[i]);
    printf("replay: %ld input%s replayed%s\n", replayed, replayed == 1 ? "" : "s",
           bad ? " (some paths failed)" : "");
    if (rows && replay_rows_print(stdout) != 0) {
        fprintf(stderr, "replay: --rows: writing the counts failed\n");
        bad = 1;
    }
    return bad;
}
