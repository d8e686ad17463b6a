/*
 * faq_runs.c - the runs one game's FAQ is written from: its newest verify
 * run that ended, the golden run it made and one sim run per reading,
 * each with the readings it was played under (faq_sections.h).
 */
#include <stdio.h>
#include <string.h>

#include "faq_sections.h"

const ud_faq_extras *faq_extras(const ud_game *g) { return g->extras ? g->extras->faq : NULL; }

/* A shipped named query: the game's own (spec/<folder>/queries/NAME.sql)
 * first, else the shared one (db/queries/NAME.sql). */
bool faq_find_query(const ud_game *g, const char *name, nq_query *q)
{
    char full[128];
    snprintf(full, sizeof full, "%s/%s", g->folder, name);
    return nq_find(full, q) || nq_find(name, q);
}
/* Where the runs' rows are collected (faq_load_runs). */
typedef struct runs_ctx {
    const ud_game *g;
    game_runs *gr;
    reading_run *rr;
} runs_ctx;

static void add_child(void *c, const db_child_run *r)
{
    game_runs *gr = ((runs_ctx *)c)->gr;
    if (strcmp(r->command, "golden") == 0) {
        gr->golden = r->id;
        return;
    }
    if (gr->n >= MAX_CHILDREN || !*r->reading)
        return;
    reading_run *rr = &gr->reading[gr->n++];
    rr->id = r->id;
    snprintf(rr->reading, sizeof rr->reading, "%s", r->reading);
    snprintf(rr->policy, sizeof rr->policy, "%s", r->policy);
    rr->players = r->players;
    snprintf(rr->start, sizeof rr->start, "%s", r->start);
}

static void set_variant(void *c, const char *key, const char *value)
{
    runs_ctx *x = c;
    const ud_game *g = x->g;
    for (int v = 0; v < g->n_variants; v++)
        if (strcmp(key, g->variants[v].key) == 0)
            for (int i = 0; i < g->variants[v].n_values; i++)
                if (strcmp(value, g->variants[v].values[i].name) == 0)
                    x->rr->variant[v] = i;
}

void faq_load_runs(db *h, const ud_game *g, game_runs *gr)
{
    memset(gr, 0, sizeof *gr);
    db_verify_run verify;
    db_faq_latest_verify(h, g->name, &verify);
    gr->verify = verify.id;
    snprintf(gr->verify_status, sizeof gr->verify_status, "%s", verify.status);
    snprintf(gr->revision, sizeof gr->revision, "%s", verify.revision);
    snprintf(gr->version, sizeof gr->version, "%s", verify.version);
    snprintf(gr->ended, sizeof gr->ended, "%s", verify.ended);
    if (!gr->verify)
        return;
    runs_ctx c = { g, gr, NULL };
    db_faq_verify_children(h, gr->verify, add_child, &c);
    const reading_run *def = NULL;
    for (int i = 0; i < gr->n && !def; i++)
        if (strcmp(gr->reading[i].reading, "defaults") == 0)
            def = &gr->reading[i];
    for (int i = 0; i < gr->n; i++)
        gr->reading[i].usual = def && strcmp(gr->reading[i].policy, def->policy) == 0 &&
                               gr->reading[i].players == def->players &&
                               strcmp(gr->reading[i].start, def->start) == 0;
    for (int i = 0; i < gr->n; i++) {
        reading_run *rr = &gr->reading[i];
        for (int v = 0; v < g->n_variants; v++)
            rr->variant[v] = g->variants[v].default_value;
        c.rr = rr;
        db_faq_run_variants(h, rr->id, set_variant, &c);
    }
}

const reading_run *faq_find_reading(const game_runs *gr, const char *reading)
{
    for (int i = 0; i < gr->n; i++)
        if (strcmp(gr->reading[i].reading, reading) == 0)
            return &gr->reading[i];
    return NULL;
}

const reading_run *faq_baseline_of(const ud_game *g, const game_runs *gr, const reading_run *r, int v)
{
    for (int i = 0; i < gr->n; i++) {
        const reading_run *s = &gr->reading[i];
        bool same = s != r && s->variant[v] == g->variants[v].default_value &&
                    strcmp(s->policy, r->policy) == 0 && s->players == r->players &&
                    strcmp(s->start, r->start) == 0;
        for (int w = 0; same && w < g->n_variants; w++)
            same = w == v || s->variant[w] == r->variant[w];
        if (same)
            return s;
    }
    return NULL;
}
