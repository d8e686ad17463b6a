/*
 * game_content.c - the content-file target of one game, built once per game
 * folder that ships content (spec/FOLDER/content/; fuzz/targets.sh) with
 * UD_FUZZ_GAME naming the game.  The input replaces one of the game's
 * built-in files and then drives a game:
 *
 *     byte 0            which built-in file to replace (modulo the number of
 *                       those the directory load reads: a game may ship a
 *                       file that only an analysis opens, and replacing it
 *                       would test nothing)
 *     bytes 1..NUL      that file's new text (a NUL never occurs in content)
 *     after the NUL     a game played on the loaded set, as the engine
 *                       target plays its bytes (core/fuzzing.c), for at
 *                       most CONTENT_GAME_DECISIONS decisions
 *
 * Bad content must be an error with a file, a line and a message, never a
 * crash; content the loader accepts must give games in which every
 * invariant holds.  The built-in set is restored after each input, so each
 * input stands alone.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "fuzzing.h"
#include "games.h"

#ifndef UD_FUZZ_GAME
#error "build with -DUD_FUZZ_GAME=\"game-name\" (fuzz/targets.sh)"
#endif

enum { MAX_FILES = 32, CONTENT_GAME_DECISIONS = 200 };

static void die(const char *what)
{
    fprintf(stderr, "game_content: %s\n", what);
    abort();
}

/* The built-in files whose text the directory load reads: a file it
 * reads makes the load fail when it holds a word that is no record. */
static int files_the_load_reads(const ud_game *game, const char *dir, const ud_content_memfile *builtin,
                                int n_builtin, int *read)
{
    int n = 0;
    for (int i = 0; i < n_builtin; i++) {
        ud_content_memfile files[MAX_FILES];
        memcpy(files, builtin, (size_t)n_builtin * sizeof files[0]);
        files[i].text = "not-a-record-kind\n";
        files[i].len = strlen(files[i].text);
        ud_content_error err;
        if (!game->load_content_memory(dir, files, n_builtin, &err))
            read[n++] = i;
    }
    if (!game->load_content_memory(dir, builtin, n_builtin, &(ud_content_error){ 0 }))
        die("the built-in content does not load");
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ud_game *game;
    static const ud_content_memfile *builtin;
    static const char *dir;
    static int n_builtin;
    static int read[MAX_FILES], n_read; /* the files the directory load reads */
    if (!game) {
        game = ud_find_game(UD_FUZZ_GAME);
        if (!game || !game->load_content_memory)
            die("the game is not registered or has no content loader");
        builtin = ud_builtin_content(game, &dir, &n_builtin);
        if (!builtin || n_builtin < 1 || n_builtin > MAX_FILES)
            die("the game has no built-in content files");
        n_read = files_the_load_reads(game, dir, builtin, n_builtin, read);
        if (n_read == 0)
            die("the directory load reads none of the built-in files");
        /* As the engine target: the sampled checks on one input in N. */
        const char *e = getenv("UD_FUZZ_DEEP_EVERY");
        long every = e ? strtol(e, NULL, 10) : 64;
        ud_fuzz_set_deep_every(every > 0 ? (unsigned)every : 64);
        /* The subject here is the loader: a short game on each set it
         * accepts (long games are the engine target's).  Replaying the
         * board game's corpus took half the CPU time with 200 decisions
         * as with the engine target's 2,000 (docs/fuzzing.md). */
        const char *m = getenv("UD_FUZZ_MAX_DECISIONS");
        long most = m ? strtol(m, NULL, 10) : CONTENT_GAME_DECISIONS;
        ud_fuzz_set_max_decisions(most > 0 ? (unsigned)most : CONTENT_GAME_DECISIONS);
    }
    if (size < 1)
        return 0;
    ud_content_memfile files[MAX_FILES];
    memcpy(files, builtin, (size_t)n_builtin * sizeof files[0]);
    int which = read[data[0] % n_read];
    const char *text = (const char *)data + 1;
    const char *nul = memchr(text, 0, size - 1);
    size_t len = nul ? (size_t)(nul - text) : size - 1;
    files[which].text = text;
    files[which].len = len;

    ud_content_error err;
    if (game->load_content_memory(dir, files, n_builtin, &err)) {
        if (nul)
            ud_fuzz_game(game, (const uint8_t *)nul + 1, size - 1 - len - 1);
    } else {
        /* A refusal names where and why, and is not the loader's fault. */
        if (err.e.internal || err.e.msg[0] == '\0' || err.file[0] == '\0')
            die("a refused load without a file and message, or an internal error");
    }
    if (!game->load_content_memory(dir, builtin, n_builtin, &err))
        die("the built-in content no longer loads");
    return 0;
}
