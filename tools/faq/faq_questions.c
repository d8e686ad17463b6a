/*
 * faq_questions.c - the open questions: each variant key with its
 * readings, the rules only under each, their measured impact and exact
 * figures, and every reading compared in charts.
 */
#include <ctype.h>
#include <string.h>

#include "faq_sections.h"
#include "faq_svg.h"

static void rules_under(faq_doc *d, const ud_game *g, int v, int x)
{
    int n = 0;
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        if (!ud_rule_exists_under(g, rule, v, x))
            continue;
        faq_text(d, n++ ? ", " : "");
        faq_link(d, rule->id, rule->id);
    }
    int consulted = 0;
    for (int r = 0; r < g->n_rules; r++) {
        const ud_rule *rule = &g->rules[r];
        if (!((rule->reads >> v) & 1u))
            continue;
        faq_text(d, consulted++ ? ", "
                    : n         ? "; and the rows that consult it: "
                                : "the rows that consult it: ");
        faq_link(d, rule->id, rule->id);
    }
    if (!n && !consulted)
        faq_text(d, "none");
}
static void readings_chart(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const char *name,
                           const char *title, int decimals)
{
    svg_bar bars[MAX_CHILDREN];
    int n = 0;
    for (int i = 0; i < gr->n; i++) {
        double v, ci = -1;
        char ci_name[160];
        /* one chart, one kind of players: readings measured by others
         * (and their baselines) are in their own impact tables */
        if (!gr->reading[i].usual || !db_faq_metric(h, gr->reading[i].id, name, &v))
            continue;
        snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
        db_faq_metric(h, gr->reading[i].id, ci_name, &ci);
        bars[n] = (svg_bar){ gr->reading[i].reading, v, ci, strcmp(gr->reading[i].reading, "defaults") == 0 };
        n++;
    }
    /* a chart whose bars are all alike says nothing: left out */
    bool alike = true;
    for (int i = 1; i < n; i++)
        alike &= bars[i].value == bars[0].value;
    if (!n || alike)
        return;
    if (!d->md) {
        svg_bars(d->out, title, "", bars, n, decimals);
        return;
    }
    static const char *const head[] = { "Reading", "Value", "95% half-width" };
    faq_para_begin(d);
    faq_text(d, title);
    faq_para_end(d);
    faq_table_begin_widths(d, 3, head, NULL);
    for (int i = 0; i < n; i++) {
        char v[32], c[32];
        snprintf(v, sizeof v, "%.*f", decimals, bars[i].value);
        snprintf(c, sizeof c, "%.*f", decimals, bars[i].ci95);
        faq_table_row(d, (const char *const[]){ bars[i].label, v, c });
    }
    faq_table_end(d);
    (void)g;
}

void faq_section_questions(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    char id[96], title[300];
    snprintf(id, sizeof id, "%s-questions", g->name);
    faq_heading(d, 2, id, "Open questions: where the texts are silent or answer twice", true);
    const ud_faq_extras *fx = faq_extras(g);
    ud_buf intro;
    ud_buf_init(&intro);
    ud_buf_puts(&intro,
                "Each question below is a variant key: undead runs every reading, and the default is "
                "marked. For each reading: where it comes from, the rules that exist only under it, and "
                "its measured impact on seeded games (");
    if (fx && fx->reading_policy)
        ud_buf_puts(&intro, fx->reading_policy);
    else
        ud_buf_printf(&intro, "every seat playing %s", g->n_policies ? g->policies[0].name : "random");
    ud_buf_puts(&intro, g->n_reading_measures
                            ? "; a reading that players like these seldom meet is measured by "
                              "players who do, as its section says"
                            : "");
    ud_buf_puts(&intro, "), against the same games under the baseline reading. Exact figures, where undead "
                        "solve computed them, follow.");
    faq_p(d, ud_buf_str(&intro));
    ud_buf_free(&intro);
    for (int v = 0; v < g->n_variants; v++) {
        const ud_variant *var = &g->variants[v];
        snprintf(id, sizeof id, "%s-q-%s", g->name, var->key);
        snprintf(title, sizeof title, "%s: %s", var->key, var->question);
        faq_heading(d, 3, id, title, true);
        static const char *const head[] = { "Reading", "Source", "What it says", "Rules only under it" };
        static const int widths[] = { 16, 22, 34, 28 };
        faq_table_begin_widths(d, 4, head, widths);
        for (int x = 0; x < var->n_values; x++) {
            faq_row_begin(d, NULL);
            faq_cell_begin(d);
            faq_code(d, var->values[x].name);
            if (x == var->default_value)
                faq_text(d, " (default)");
            faq_cell_end(d);
            faq_cell_begin(d);
            char s[32];
            faq_short_source(var->values[x].source, s, sizeof s);
            faq_textf(d, "%s \"%s\"", s, var->values[x].section);
            faq_cell_end(d);
            faq_cell_begin(d);
            faq_text(d, var->values[x].summary);
            faq_cell_end(d);
            faq_cell_begin(d);
            rules_under(d, g, v, x);
            faq_cell_end(d);
            faq_row_end(d);
        }
        faq_table_end(d);
        for (int x = 0; x < var->n_values; x++)
            if (x != var->default_value)
                faq_impact(d, h, g, gr, v, x);
        faq_exact_results(d, h, g, var->key);
        char param[160];
        snprintf(param, sizeof param, "variant=%s", var->key);
        /* the pairs this verify run made: each other verify run in
         * the database would pair its runs with these again */
        char verify[48];
        snprintf(verify, sizeof verify, "verify=%lld", (long long)gr->verify);
        char *params[] = { param, (char *)"limit=3", verify };
        faq_named_query(d, h, g, "readings-differ", params, 3,
                        "Stored games whose outcome differs between the readings (the first three):",
                        "Every stored game ends the same under each reading.");
    }
    snprintf(id, sizeof id, "%s-readings-compared", g->name);
    faq_heading(d, 3, id, "Every reading compared", true);
    faq_p(d, "The same measures for every reading at once (bars: value; whiskers: 95% interval; red: the "
             "defaults).");
    /* the players' measure: the first seat's wins, or the game's own (a
     * cooperative game's party wins together, never a seat alone) */
    if (fx && fx->players_metric) {
        char chart[160];
        faq_measure_label(fx->players_metric, "", chart, sizeof chart);
        chart[0] = (char)toupper((unsigned char)chart[0]);
        readings_chart(d, h, g, gr, fx->players_metric, chart, 4);
    } else {
        readings_chart(d, h, g, gr, "win_rate:p1", "First seat's win rate (won alone), %", 2);
    }
    readings_chart(d, h, g, gr, "decisions_per_game", "Decisions per game", 3);
    /* The ratios only: their denominators' own charts ("ZD-TURN per game")
     * count a rule's firings, a test's coverage rather than the game's. */
    for (int i = 0; i < g->n_ratios; i++)
        readings_chart(d, h, g, gr, g->ratios[i].name, g->ratios[i].name, 4);
}
