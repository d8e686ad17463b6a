/*
 * text_game.c - every rule text a game's rows cite, mapped (text.h): the
 * file each row's source names, looked for in the folder of texts given
 * (../shared/rules beside the checkout) and then in the game's own folder
 * under undead's data (One Die's 900_one_die.txt), with the game's notes
 * (spec/<folder>/text-notes).  What `verify --texts` and the FAQ's
 * reference report.
 */
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "infile.h"
#include "text_impl.h"

/* The distinct sources g's rows cite, in the order first cited. */
static int sources(const ud_game *g, const char **out, int max)
{
    int n = 0;
    for (int r = 0; r < g->n_rules; r++) {
        const char *s = g->rules[r].source;
        bool seen = !s;
        for (int i = 0; i < n && !seen; i++)
            seen = strcmp(out[i], s) == 0;
        if (!seen && n < max)
            out[n++] = s;
    }
    return n;
}

/* Where source is: texts_dir/source, else spec/<folder>/source under the
 * data root; false when neither is a file. */
static bool locate(const ud_game *g, const char *source, const char *texts_dir, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", texts_dir, source);
    if (ud_infile_exists(path))
        return true;
    char rel[512];
    snprintf(rel, sizeof rel, "spec/%s/%s", g->folder, source);
    bool found = false;
    char root[4096];
    if (cli_data_path("text", rel, "--texts DIR", root, sizeof root) && ud_infile_exists(root)) {
        snprintf(path, size, "%s", root);
        found = true;
    }
    return found;
}

int text_game_build(text_game *tg, const ud_game *g, const char *texts_dir, const char *golden_dir, FILE *err)
{
    memset(tg, 0, sizeof *tg);
    const char *src[TEXT_GAME_MAX];
    int n = sources(g, src, TEXT_GAME_MAX);
    char notes[4096], rel[512], path[4096];
    snprintf(rel, sizeof rel, "spec/%s/text-notes", g->folder);
    if (!cli_data_path("text", rel, "--notes FILE", notes, sizeof notes))
        return 2;
    for (int i = 0; i < n; i++) {
        if (!locate(g, src[i], texts_dir, path, sizeof path)) {
            tg->missing[tg->n_missing++] = src[i];
            continue;
        }
        int rc = text_map_build(&tg->maps[tg->n], g, path, notes, golden_dir, err);
        tg->n++;
        if (rc != 0)
            return rc;
    }
    return 0;
}

void text_game_free(text_game *tg)
{
    for (int i = 0; i < tg->n; i++)
        text_map_free(&tg->maps[i]);
    memset(tg, 0, sizeof *tg);
}
