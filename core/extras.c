/*
 * extras.c - lookups in a game's optional extras (see extras.h).
 */
#include "extras.h"

#include <stdarg.h>
#include <string.h>

#include "setup.h"

const char *ud_analysis_arg(const ud_analysis_args *a, const char *name)
{
    const char *v = NULL;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->name[i], name) == 0)
            v = a->value[i] ? a->value[i] : "";
    return v;
}

bool ud_analysis_number(const ud_analysis_args *a, const char *name, uint64_t lo, uint64_t hi, uint64_t *out,
                        ud_buf *err)
{
    const char *v = ud_analysis_arg(a, name);
    if (!v || ud_parse_number(v, lo, hi, out))
        return true;
    ud_buf_printf(err, "--%s: ", name);
    ud_number_expected(err, v, lo, hi);
    return false;
}

void ud_say(const ud_analysis_sink *s, const char *fmt, ...)
{
    if (!s->out)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
}

const ud_game_bound *ud_game_find_bound(const ud_game *g, const char *name)
{
    for (int i = 0; g->extras && i < g->extras->n_bounds; i++)
        if (strcmp(g->extras->bounds[i].bound->name, name) == 0)
            return &g->extras->bounds[i];
    return NULL;
}

const ud_analysis *ud_game_find_analysis(const ud_game *g, const char *name)
{
    for (int i = 0; g->extras && i < g->extras->n_analyses; i++)
        if (strcmp(g->extras->analyses[i].name, name) == 0)
            return &g->extras->analyses[i];
    return NULL;
}

void ud_analysis_case_set_figures(ud_analysis_case *c, const ud_analysis_figure *figs, int n, int exact_fig)
{
    c->n_figures = 0;
    for (int i = 0; i < n && i < UD_ANALYSIS_FIGURES; i++) {
        c->figures[c->n_figures] = figs[i];
        if (i == exact_fig) {
            c->figures[c->n_figures].exact_num = c->prob_num;
            c->figures[c->n_figures].exact_den = c->prob_den;
        }
        c->n_figures++;
    }
}
