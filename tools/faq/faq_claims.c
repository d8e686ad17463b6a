/*
 * faq_claims.c - the texts' numeric claims, each with its verdict and
 * exact value (undead solve).
 */
#include <stdio.h>
#include <string.h>

#include "faq_sections.h"

/* One claim per row; the heading and the table come with the first. */
typedef struct claims_ctx {
    faq_doc *d;
    const ud_game *g;
    int n;
} claims_ctx;

static void claim_row(void *c, const db_solve_result *r)
{
    claims_ctx *x = c;
    faq_doc *d = x->d;
    static const char *const head[] = { "Claim", "What the text says", "Verdict", "Exact value" };
    static const int widths[] = { 26, 34, 24, 16 };
    if (!x->n++) {
        /* a game whose texts state no number has no such section */
        char id[96];
        snprintf(id, sizeof id, "%s-claims", x->g->name);
        faq_heading(d, 2, id, "Numeric claims in the texts", true);
        const ud_faq_extras *fx = faq_extras(x->g);
        faq_p(d, fx && fx->claims_intro ? fx->claims_intro
                                        : "Every number the texts state, recomputed exactly (undead "
                                          "solve): verified when the stated figure is the exact value "
                                          "rounded as printed.");
        faq_table_begin_widths(d, 4, head, widths);
    }
    faq_row_begin(d, NULL);
    faq_cell_begin(d);
    faq_code(d, *r->name ? r->name : r->key); /* no figure: a claim stored without its exact value */
    faq_cell_end(d);
    faq_cell_begin(d);
    faq_text(d, r->inputs);
    faq_cell_end(d);
    faq_cell_begin(d);
    /* the verdict, from its figure (a claim stored without one says so) */
    faq_html(d, r->verified == 1 ? "<strong class=\"ok\">" : "<strong class=\"bad\">");
    faq_md(d, "**");
    faq_text(d, r->verified == 1 ? "verified" : r->verified == 0 ? "refuted" : "no verdict stored");
    faq_md(d, "**");
    faq_html(d, "</strong>");
    faq_cell_end(d);
    faq_cell_begin(d);
    if (*r->prob_num && r->has_value) {
        ud_buf exact;
        ud_buf_init(&exact);
        ud_buf_printf(&exact, "%s/%s", r->prob_num, r->prob_den);
        faq_exact_cell(d, r->value, ud_buf_str(&exact));
        ud_buf_free(&exact);
    }
    faq_cell_end(d);
    faq_row_end(d);
}

void faq_section_claims(faq_doc *d, db *h, const ud_game *g)
{
    claims_ctx c = { d, g, 0 };
    db_faq_claims(h, g->name, claim_row, &c);
    if (c.n)
        faq_table_end(d);
}
