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

/* ---- the players' FAQ's references (ud_faq_check) ------------------------ */

#define FAQ_PROBLEM(...)                 \
    do {                                 \
        ud_buf_printf(out, __VA_ARGS__); \
        ud_buf_putc(out, '\n');          \
        problems++;                      \
    } while (0)

static bool has_rule(const ud_game *g, const char *id)
{
    for (int r = 0; r < g->n_rules; r++)
        if (strcmp(g->rules[r].id, id) == 0)
            return true;
    return false;
}

/* The index of variant v in g's table, or -1 when it is not one of them. */
static int variant_index(const ud_game *g, const ud_variant *v)
{
    for (int i = 0; v && i < g->n_variants; i++)
        if (&g->variants[i] == v)
            return i;
    return -1;
}

static bool has_question(const ud_faq_question *qs, const char *id)
{
    for (const ud_faq_question *q = qs; q->id; q++)
        if (strcmp(q->id, id) == 0)
            return true;
    return false;
}

/* One question's references: its rules, related questions, variant and
 * the readings of its house rules. */
static int check_question(const ud_game *g, const ud_faq_question *qs, const ud_faq_question *q, ud_buf *out)
{
    int problems = 0;
    for (int i = 0; i < UD_FAQ_RULES && q->rules[i]; i++)
        if (!has_rule(g, q->rules[i]))
            FAQ_PROBLEM("%s: players' question '%s': rules: no rule %s in the game", g->name, q->id,
                        q->rules[i]);
    for (int i = 0; i < UD_FAQ_SEE && q->see[i]; i++)
        if (!has_question(qs, q->see[i]))
            FAQ_PROBLEM("%s: players' question '%s': see: no question '%s' in the game", g->name, q->id,
                        q->see[i]);
    int v = variant_index(g, q->variant);
    if (q->variant && v < 0)
        FAQ_PROBLEM("%s: players' question '%s': variant: not one of the game's variants", g->name, q->id);
    for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
        if (!q->variant)
            FAQ_PROBLEM("%s: players' question '%s': house rule %d: no variant to be a reading of", g->name,
                        q->id, i + 1);
        else if (v >= 0 && (q->house[i].value < 0 || q->house[i].value >= g->variants[v].n_values))
            FAQ_PROBLEM("%s: players' question '%s': house rule %d: %s has no reading %d (it has %d)",
                        g->name, q->id, i + 1, g->variants[v].key, q->house[i].value,
                        g->variants[v].n_values);
    }
    return problems;
}

int ud_faq_check(const ud_game *g, ud_buf *out)
{
    const ud_faq_extras *fx = g->extras ? g->extras->faq : NULL;
    int problems = 0;
    for (const ud_faq_question *q = fx && fx->questions ? fx->questions : NULL; q && q->id; q++)
        problems += check_question(g, fx->questions, q, out);
    int n = 0;
    for (const ud_faq_measured *m = fx ? fx->players_measured : NULL; m && m->variant; m++) {
        int v = variant_index(g, m->variant);
        n++;
        if (v < 0)
            FAQ_PROBLEM("%s: players' measured reading %d: not one of the game's variants", g->name, n);
        else if (m->value < 0 || m->value >= g->variants[v].n_values)
            FAQ_PROBLEM("%s: players' measured reading %d: %s has no reading %d (it has %d)", g->name, n,
                        g->variants[v].key, m->value, g->variants[v].n_values);
    }
    return problems;
}
#undef FAQ_PROBLEM
