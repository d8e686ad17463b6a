/*
 * analysis.c - a game's analyses run into a recording sink (analysis.h).
 */
#include "analysis.h"

#include <string.h>

#include "cli.h"

typedef struct sink_ctx {
    recorder *r;
    const ud_game *g;
} sink_ctx;

/* The variants column's one format (game.h: ud_variants_text). */
static void variants_text(const ud_game *g, const int *variant, ud_buf *out)
{
    ud_variants_text(g, variant, out);
}

static void sink_record(void *ctx, const ud_analysis_case *c)
{
    sink_ctx *s = ctx;
    if (!s->r->db)
        return;
    ud_buf vars;
    ud_buf_init(&vars);
    variants_text(s->g, c->variant, &vars);
    db_figure figures[UD_ANALYSIS_FIGURES];
    int n = c->n_figures < UD_ANALYSIS_FIGURES ? c->n_figures : UD_ANALYSIS_FIGURES;
    for (int i = 0; i < n; i++)
        figures[i] = (db_figure){ c->figures[i].name, c->figures[i].value, c->figures[i].exact_num,
                                  c->figures[i].exact_den };
    db_case dc = { .key = c->key,
                   .kind = "solve",
                   .game = s->g->name,
                   .variants = ud_buf_str(&vars),
                   .inputs = c->inputs ? c->inputs : "",
                   .status = "complete",
                   .outcome = c->outcome ? c->outcome : "",
                   .winner = NULL,
                   .decisions = -1,
                   .prob_num = c->prob_num,
                   .prob_den = c->prob_den,
                   .rules = "",
                   .analysis = c->analysis,
                   .policy = c->policy,
                   .figures = figures,
                   .n_figures = n };
    db_case_add(s->r->db, s->r->run, &dc);
    ud_buf_free(&vars);
    rec_tick(s->r);
}

static void sink_metric(void *ctx, const char *name, double value, const char *unit)
{
    sink_ctx *s = ctx;
    rec_metric(s->r, name, value, unit);
}

int analysis_run(const char *cmd, const ud_game *g, const ud_analysis *a, const ud_analysis_args *args,
                 FILE *out, const rec_opts *ro, int64_t verify_run)
{
    recorder r;
    bool begun;
    if (verify_run > 0) {
        /* a verify's analysis: its command line is the solve that does
         * the same, so the verify's runs are told apart */
        ud_buf line;
        ud_buf_init(&line);
        ud_buf_printf(&line, "undead solve %s %s", g->name, a->name);
        for (int v = 0; v < g->n_variants; v++)
            if (args->fixed[v])
                ud_buf_printf(&line, " --variant %s=%s", g->variants[v].key,
                              g->variants[v].values[args->setup.variant[v]].name);
        if (args->max_memory)
            ud_buf_printf(&line, " --max-memory %llu", (unsigned long long)args->max_memory);
        begun = rec_begin_as(&r, ro, "solve", g, ud_buf_str(&line));
        ud_buf_free(&line);
    } else {
        begun = rec_begin(&r, ro, "solve", g);
    }
    if (!begun)
        return UD_EXIT_USAGE;
    rec_param(&r, "what", "%s", a->name);
    if (verify_run > 0) {
        rec_param(&r, "verify-run", "%lld", (long long)verify_run);
        if (r.db && !db_commit(r.db)) /* the link stands before any figure is written */
            return rec_end(&r, UD_EXIT_FAIL);
    }
    sink_ctx sc = { &r, g };
    ud_analysis_sink sink = { .out = out, .ctx = &sc, .record = sink_record, .metric = sink_metric };
    ud_buf err;
    ud_buf_init(&err);
    int rc = a->run(g, args, &sink, &err);
    if (out)
        fflush(out);
    if (err.len)
        fprintf(stderr, "undead %s: %s\n", cmd, ud_buf_str(&err));
    ud_buf_free(&err);
    rc = rc == UD_ANALYSIS_OK ? UD_EXIT_OK : rc == UD_ANALYSIS_USAGE ? UD_EXIT_USAGE : UD_EXIT_FAIL;
    return rec_end(&r, rc);
}
