/*
 * faq_texts.c - the reference's rule texts, statement by statement (given
 * `undead faq --texts DIR`): each text the game's rows cite, every
 * statement marked on rows, declared or not encoded, linked to its rows,
 * open questions and players' questions; and, in the rules table, each
 * row's link to the statements it quotes.  The text map is the command's
 * (faq_opts.texts): this file only places what it writes.
 */
#include <string.h>

#include "faq_sections.h"

void faq_section_texts(faq_doc *d, const ud_game *g)
{
    if (!d->texts)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-texts", g->name);
    faq_heading(d, 2, id, "The rule texts, statement by statement", true);
    faq_p(d,
          "Each text the rows cite, split into statements (a sentence, a list item, a table row): on rows "
          "when a row quotes it (with the golden cases firing those rows, written by hand or seeded), "
          "declared when the game's notes say why no row does (flavour, an example, a component list, "
          "another edition, left to the players, advice), else not encoded; a quotation the text no longer "
          "holds is stale (undead text).");
    ud_buf body;
    ud_buf_init(&body);
    if (d->texts->body(g, !d->md, 3 + d->shift, &body, d->texts->ctx)) {
        if (d->md)
            faq_md(d, ud_buf_str(&body));
        else
            faq_html(d, ud_buf_str(&body));
    } else
        faq_p(d, "None of the game's texts was among the texts given.");
    ud_buf_free(&body);
}

void faq_rule_statements(faq_doc *d, const ud_game *g, int r)
{
    if (!d->texts)
        return;
    ud_buf lines;
    ud_buf_init(&lines);
    d->texts->rule_statements(g, r, &lines, d->texts->ctx);
    int n = 0;
    for (char *s = lines.len ? lines.data : NULL; s && *s;) {
        char *nl = strchr(s, '\n'), *tab = strchr(s, '\t');
        if (nl)
            *nl = '\0';
        if (tab && (!nl || tab < nl)) {
            *tab = '\0';
            faq_text(d, n++ ? ", " : "; quotes ");
            faq_link(d, s, tab + 1);
        }
        s = nl ? nl + 1 : NULL;
    }
    ud_buf_free(&lines);
}
