/*
 * faq_players.c - the players' questions: a ruling, the passages it rests
 * on, the rules, and each reading with its measured effect.
 */
#include <math.h>
#include <string.h>

#include "faq_sections.h"

/* The game's players' measure (by default the first seat's win rate)
 * under reading (v, x) against its baseline, as one plain sentence;
 * nothing when the database lacks it. */
static void impact_sentence(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, int v, int x)
{
    char reading[128];
    snprintf(reading, sizeof reading, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
    const reading_run *r = faq_find_reading(gr, reading);
    const reading_run *b = r ? faq_baseline_of(g, gr, r, v) : NULL;
    const ud_faq_extras *fx = faq_extras(g);
    const char *name = fx && fx->players_metric ? fx->players_metric : "win_rate:p1";
    const char *says = fx && fx->players_metric_says ? fx->players_metric_says : "the first player wins";
    double percent = fx && fx->players_metric_percent > 0 ? fx->players_metric_percent : 1;
    char ci_name[160];
    snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
    double on = 0, off = 0, ci_on = 0, ci_off = 0, games = 0;
    if (!r || !b || !db_faq_metric(h, r->id, name, &on) || !db_faq_metric(h, b->id, name, &off))
        return;
    db_faq_metric(h, r->id, ci_name, &ci_on);
    db_faq_metric(h, b->id, ci_name, &ci_off);
    db_faq_metric(h, r->id, "games", &games);
    on *= percent;
    off *= percent;
    ci_on *= percent;
    ci_off *= percent;
    double diff = on - off, ci = sqrt(ci_on * ci_on + ci_off * ci_off);
    faq_para_begin(d);
    faq_text(d, "Measured: under ");
    faq_ident(d, reading, false);
    faq_textf(d, " %s %.1f%% of %.0f seeded games", says, on, games);
    if (!r->usual) {
        faq_text(d, " (");
        faq_who_played(d, r, false);
        faq_text(d, ")");
    }
    faq_textf(d, ", against %.1f%% under the default (", off);
    if ((diff > 0 ? diff : -diff) > ci)
        faq_textf(d, "a difference of %+.1f points, beyond the 95%% interval of \xc2\xb1%.1f).", diff, ci);
    else
        faq_textf(d, "no difference beyond the 95%% interval of \xc2\xb1%.1f points).", ci);
    faq_para_end(d);
}

static void quote_block(faq_doc *d, const ud_faq_quote *q)
{
    char s[32];
    faq_short_source(q->source, s, sizeof s);
    faq_html(d, "<blockquote class=\"quote\">");
    faq_md(d, "> ");
    faq_textf(d, "\xe2\x80\x9c%s\xe2\x80\x9d", q->text);
    faq_html(d, " <span class=\"src\">");
    faq_textf(d, " \xe2\x80\x94 %s, %s", s, q->section);
    faq_html(d, "</span></blockquote>\n");
    faq_md(d, "\n\n");
}

static int variant_index(const ud_game *g, const char *key)
{
    for (int v = 0; key && v < g->n_variants; v++)
        if (strcmp(g->variants[v].key, key) == 0)
            return v;
    return -1;
}

/* One question: the ruling, the passages, the rules, the readings. */
static void players_question(faq_doc *d, db *h, const ud_game *g, const game_runs *gr,
                             const ud_faq_question *q, bool reference)
{
    char id[128];
    snprintf(id, sizeof id, "%s-ask-%s", g->name, q->id);
    faq_heading(d, 3, id, q->ask, true);
    faq_p(d, q->ruling);
    for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
        quote_block(d, &q->quotes[i]);
    faq_para_begin(d);
    faq_text(d, "Rules: ");
    char ids[256];
    snprintf(ids, sizeof ids, "%s", q->rules);
    int n = 0;
    for (char *save, *r = strtok_r(ids, " ", &save); r; r = strtok_r(NULL, " ", &save)) {
        faq_text(d, n++ ? ", " : "");
        if (reference)
            faq_link(d, r, r);
        else
            faq_ident(d, r, true);
    }
    faq_text(d, ".");
    faq_para_end(d);
    int v = variant_index(g, q->variant);
    if (v < 0)
        return;
    const ud_variant *var = &g->variants[v];
    faq_para_begin(d);
    faq_text(d, "The texts differ or are silent here; each reading is a variant (");
    faq_code(d, var->key);
    faq_text(d, "):");
    faq_para_end(d);
    faq_html(d, "<ul>");
    for (int x = 0; x < var->n_values; x++) {
        char s[32];
        faq_short_source(var->values[x].source, s, sizeof s);
        faq_html(d, "<li>");
        faq_md(d, "- ");
        faq_code(d, var->values[x].name);
        faq_textf(d, "%s: %s \xe2\x80\x94 %s, %s", x == var->default_value ? " (undead's default)" : "",
                  var->values[x].summary, s, var->values[x].section);
        faq_html(d, "</li>");
        faq_md(d, "\n");
    }
    faq_html(d, "</ul>\n");
    faq_md(d, "\n");
    if (q->why_ruling) {
        faq_para_begin(d);
        faq_textf(d, "Why the default: %s", q->why_ruling);
        faq_para_end(d);
    }
    for (int x = 0; x < var->n_values; x++)
        if (x != var->default_value)
            impact_sentence(d, h, g, gr, v, x);
}

void faq_section_players(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, bool reference)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx || !fx->questions)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-players", g->name);
    faq_heading(d, 2, id, "Players' questions", true);
    faq_p(d,
          "Each answer holds under undead's default readings. Quotations are verbatim from the rule texts "
          "named beside them (file number and section; the sources are listed with the rules); the rulings "
          "are undead's own words. Where the texts differ or are silent, every reading is listed with its "
          "measured effect.");
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        players_question(d, h, g, gr, q, reference);
}
