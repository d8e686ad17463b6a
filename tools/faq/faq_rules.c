/*
 * faq_rules.c - the FAQ's rules section: every rule row by phase, with its
 * source, the readings it applies under, and what reaches it.
 */
#include <string.h>

#include "faq_sections.h"

/* Whether the worked examples and the games verify played reach a rule:
 * how many times it fired says nothing to a reader, that it fired does. */
static const char *exercised_by(uint64_t in_examples, uint64_t in_verify)
{
    if (in_examples)
        return in_verify ? "examples, games" : "examples";
    return in_verify ? "games" : "nothing yet";
}

void faq_section_rules(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    char id[96], title[200];
    snprintf(id, sizeof id, "%s-rules", g->name);
    faq_heading(d, 2, id, "The rules, by phase", true);
    faq_p(d, "Every rule row of the spec table, in the order a turn meets it: its stable ID (link to it as "
             "#ID), the rule text and section it comes from, our one-line summary, the readings under which "
             "it applies, and whether the worked examples (golden transcripts) and the games undead verify "
             "played reach it.");
    /* Sources: the full file names once. */
    const char *seen[16];
    int n_seen = 0;
    for (int r = 0; r < g->n_rules; r++) {
        bool known = false;
        for (int i = 0; i < n_seen; i++)
            known |= strcmp(seen[i], g->rules[r].source) == 0;
        if (!known && n_seen < 16)
            seen[n_seen++] = g->rules[r].source;
    }
    faq_para_begin(d);
    faq_text(d, "Rule texts: ");
    for (int i = 0; i < n_seen; i++) {
        char s[32];
        faq_short_source(seen[i], s, sizeof s);
        faq_textf(d, "%s%s = ", i ? "; " : "", s);
        faq_code(d, seen[i]);
    }
    faq_text(
        d, " (in ../shared/rules/, or beside the game's rows under spec/ when the rules are undead's own).");
    faq_para_end(d);
    static const char *const head[] = { "Rule", "Summary", "Source", "Applies", "Reached by" };
    static const int widths[] = { 25, 27, 16, 19, 13 };
    for (int p = 0; p < g->n_phases; p++) {
        int count = 0;
        for (int r = 0; r < g->n_rules; r++)
            count += g->rules[r].phase == p;
        if (!count)
            continue;
        snprintf(id, sizeof id, "%s-phase-%s", g->name, g->phases[p].name);
        snprintf(title, sizeof title, "Phase %s (%d rule%s)", g->phases[p].name, count,
                 count == 1 ? "" : "s");
        faq_heading(d, 3, id, title, true);
        faq_table_begin_widths(d, 5, head, widths);
        for (int r = 0; r < g->n_rules; r++) {
            const ud_rule *rule = &g->rules[r];
            if (rule->phase != p)
                continue;
            faq_row_begin(d, d->md ? NULL : rule->id);
            /* an ID is never broken across lines: it is what readers search for */
            fputs(d->md ? " " : "<td class=\"id\">", d->out);
            if (d->md)
                faq_anchor(d, rule->id);
            faq_link(d, rule->id, rule->id);
            faq_cell_end(d);
            faq_cell_begin(d);
            faq_text(d, rule->summary);
            faq_cell_end(d);
            faq_cell_begin(d);
            char s[32];
            faq_short_source(rule->source, s, sizeof s);
            faq_textf(d, "%s \"%s\"", s, rule->section);
            faq_rule_statements(d, g, r);
            faq_cell_end(d);
            faq_cell_begin(d);
            ud_buf when;
            ud_buf_init(&when);
            ud_rule_when(g, rule, &when);
            if (rule->reads) {
                ud_buf_puts(&when, "; consults ");
                ud_rule_reads(g, rule, &when);
            }
            faq_ident(d, ud_buf_str(&when), false);
            ud_buf_free(&when);
            faq_cell_end(d);
            faq_cell_begin(d);
            faq_text(d, exercised_by(db_faq_coverage(h, gr->golden, rule->id),
                                     db_faq_coverage(h, gr->verify, rule->id)));
            faq_cell_end(d);
            faq_row_end(d);
        }
        faq_table_end(d);
    }
}
