/*
 * text_cases.c - the golden cases that fire each row of the game: its
 * cases (golden/<folder>/, or the folder given when it has none) replayed
 * once (golden.h), each case's name kept under the rows it fires, the
 * hand-written apart from the seeded games (below a folder named seeded/,
 * as `undead golden coverage` tells them apart).
 */
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "infile.h"
#include "text_impl.h"

typedef struct cases_ctx {
    text_map *m;
    const char *dir;
} cases_ctx;

static void add_case(char ***list, int *n, const char *name)
{
    char **g = realloc(*list, ((size_t)*n + 1) * sizeof *g);
    char *d = strdup(name);
    if (!g || !d)
        text_oom();
    *list = g;
    g[(*n)++] = d;
}

static void on_case(const golden_case *c, void *ctx)
{
    cases_ctx *cc = ctx;
    if (c->game != cc->m->game || !c->fired)
        return;
    size_t n = strlen(cc->dir);
    const char *name = strncmp(c->in_path, cc->dir, n) == 0 ? c->in_path + n : c->in_path;
    bool seeded = strstr(name, "/seeded/") != NULL;
    while (*name == '/')
        name++;
    for (int r = 0; r < c->game->n_rules; r++) {
        if (!c->fired[r])
            continue;
        text_cases *tc = &cc->m->cases[r];
        if (seeded)
            add_case(&tc->seeded, &tc->n_seeded, name);
        else
            add_case(&tc->hand, &tc->n_hand, name);
    }
}

int text_cases_read(text_map *m, const char *golden_dir, FILE *err)
{
    m->cases = calloc((size_t)m->game->n_rules + 1, sizeof *m->cases);
    golden_report *rep = malloc(sizeof *rep);
    char *dir = malloc(strlen(golden_dir) + strlen(m->game->folder) + 2);
    if (!m->cases || !rep || !dir)
        text_oom();
    sprintf(dir, "%s/%s", golden_dir, m->game->folder);
    if (!ud_infile_exists(dir))
        strcpy(dir, golden_dir);
    m->golden = dir;
    cases_ctx cc = { m, dir };
    golden_run(dir, GOLDEN_REPLAY, rep, on_case, &cc);
    int status = rep->bad ? 2 : 0;
    if (status)
        fprintf(err, "undead text: %s: %d golden case(s) or folder(s) could not be read\n", dir, rep->bad);
    free(rep);
    return status;
}

void text_cases_free(text_map *m)
{
    for (int r = 0; m->cases && r < m->game->n_rules; r++) {
        for (int i = 0; i < m->cases[r].n_hand; i++)
            free(m->cases[r].hand[i]);
        for (int i = 0; i < m->cases[r].n_seeded; i++)
            free(m->cases[r].seeded[i]);
        free(m->cases[r].hand);
        free(m->cases[r].seeded);
    }
    free(m->cases);
    free(m->golden);
    m->cases = NULL;
    m->golden = NULL;
}
