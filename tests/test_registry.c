/*
 * test_registry.c - the generated registry of games (spec/games.cmake)
 * against the tree: every folder under spec/ that holds rules (C files)
 * declares a game.cmake and is registered, each registered game's `folder`
 * is its own directory, whose game.cmake names it, and UD_N_GAMES counts
 * them.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games.h"
#include "support.h"

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether the directory holds a .c file directly (a game's rules). */
static bool holds_c_files(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    bool found = false;
    for (struct dirent *e; !found && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        found = n > 2 && strcmp(e->d_name + n - 2, ".c") == 0;
    }
    closedir(d);
    return found;
}

static const ud_game *game_in_folder(const char *folder)
{
    for (const ud_game *const *g = ud_games; *g; g++)
        if ((*g)->folder && strcmp((*g)->folder, folder) == 0)
            return *g;
    return NULL;
}

Test(registry, every_game_folder_is_registered)
{
    char spec[1024];
    snprintf(spec, sizeof spec, "%s/spec", UD_SOURCE_DIR);
    DIR *d = opendir(spec);
    cr_assert_not_null(d, "cannot open %s", spec);
    int folders = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char dir[1400];
        snprintf(dir, sizeof dir, "%s/%s", spec, e->d_name);
        if (e->d_name[0] == '.' || !is_dir(dir) || !holds_c_files(dir))
            continue;
        folders++;
        cr_expect_not_null(game_in_folder(e->d_name),
                           "spec/%s/ holds rules but no registered game has folder \"%s\" "
                           "(its game.cmake: spec/games.cmake)",
                           e->d_name, e->d_name);
    }
    closedir(d);
    cr_expect_eq(folders, UD_N_GAMES, "%d game folders under spec/, %d games registered", folders,
                 UD_N_GAMES);
}

Test(registry, each_folder_is_its_own_directory)
{
    int n = 0;
    for (const ud_game *const *g = ud_games; *g; g++, n++) {
        cr_assert_not_null((*g)->folder, "%s: no folder", (*g)->name);
        char path[1400], want[128];
        snprintf(path, sizeof path, "%s/spec/%s/game.cmake", UD_SOURCE_DIR, (*g)->folder);
        struct stat st;
        cr_assert_eq(stat(path, &st), 0, "%s: folder \"%s\" has no spec/%s/game.cmake", (*g)->name,
                     (*g)->folder, (*g)->folder);
        size_t len;
        char *text = slurp(path, &len);
        snprintf(want, sizeof want, "set(UD_GAME_NAME %s)", (*g)->name);
        cr_expect_not_null(strstr(text, want), "spec/%s/game.cmake: expected the line '%s'", (*g)->folder,
                           want);
        free(text);
        for (const ud_game *const *h = ud_games; h != g; h++) {
            cr_expect_str_neq((*h)->name, (*g)->name, "two games named %s", (*g)->name);
            cr_expect_str_neq((*h)->folder, (*g)->folder, "two games in spec/%s/", (*g)->folder);
        }
    }
    cr_expect_eq(n, UD_N_GAMES, "ud_games[] holds %d games, UD_N_GAMES says %d", n, UD_N_GAMES);
}
