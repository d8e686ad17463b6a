/*
 * faq_players_ref.c - the players' questions in the reference: for each,
 * what the players' part leaves out for a rules editor or a programmer -
 * the rule IDs it rests on (linked), the variant that decides it with
 * every reading, its source and undead's default, the house rules by
 * reading, and each reading's measured effect with its interval and who
 * played.  The players' answers link here ("details in the reference").
 */
#include <math.h>
#include <string.h>

#include "faq_sections.h"

int faq_variant_index(const ud_game *g, const ud_variant *v)
{
    for (int i = 0; v && i < g->n_variants; i++)
        if (&g->variants[i] == v)
            return i;
    return -1;
}

void faq_reading_text(const ud_game *g, int v, int x, char *out, size_t size)
{
    snprintf(out, size, "%s=%s", g->variants[v].key, g->variants[v].values[x].name);
}

bool faq_house_effect(db *h, const ud_game *g, const game_runs *gr, int v, int x, faq_effect *e)
{
    memset(e, 0, sizeof *e);
    if (v < 0 || v >= g->n_variants || x < 0 || x >= g->variants[v].n_values ||
        x == g->variants[v].default_value)
        return false;
    /* the run verify made for the reading, found by the reading it names
     * (run_params verify-reading, written from the same tables) */
    char reading[128];
    faq_reading_text(g, v, x, reading, sizeof reading);
    const reading_run *r = faq_find_reading(gr, reading);
    const reading_run *b = r ? faq_baseline_of(g, gr, r, v) : NULL;
    const ud_faq_extras *fx = faq_extras(g);
    const char *name = fx && fx->players_metric ? fx->players_metric : "win_rate:p1";
    double percent = fx && fx->players_metric_percent > 0 ? fx->players_metric_percent : 1;
    char ci_name[160];
    snprintf(ci_name, sizeof ci_name, "%s:ci95", name);
    double ci_on = 0, ci_off = 0;
    if (!r || !b || !db_faq_metric(h, r->id, name, &e->on) || !db_faq_metric(h, b->id, name, &e->off))
        return false;
    db_faq_metric(h, r->id, ci_name, &ci_on);
    db_faq_metric(h, b->id, ci_name, &ci_off);
    db_faq_metric(h, r->id, "games", &e->games);
    e->on *= percent;
    e->off *= percent;
    e->ci = sqrt(ci_on * ci_on + ci_off * ci_off) * percent;
    e->real = fabs(e->on - e->off) > e->ci;
    e->run = r;
    return true;
}

/* The measure under a reading against its baseline, as one sentence with
 * the run's figures; nothing when the database lacks it. */
static void impact_sentence(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, int v, int x)
{
    char reading[128];
    faq_reading_text(g, v, x, reading, sizeof reading);
    faq_effect e;
    if (!faq_house_effect(h, g, gr, v, x, &e))
        return;
    const ud_faq_extras *fx = faq_extras(g);
    const char *says = fx && fx->players_metric_says ? fx->players_metric_says : "the first player wins";
    faq_para_begin(d);
    faq_text(d, "Measured: under ");
    faq_ident(d, reading, false);
    faq_textf(d, " %s %.1f%% of %.0f seeded games", says, e.on, e.games);
    if (!e.run->usual) {
        faq_text(d, " (");
        faq_who_played(d, e.run, false);
        faq_text(d, ")");
    }
    faq_textf(d, ", against %.1f%% under the default (", e.off);
    if (e.real)
        faq_textf(d, "a difference of %+.1f points, beyond the 95%% interval of \xc2\xb1%.1f).", e.on - e.off,
                  e.ci);
    else
        faq_textf(d, "no difference beyond the 95%% interval of \xc2\xb1%.1f points).", e.ci);
    faq_para_end(d);
}

/* One question: the players' answer, the rules, the readings. */
static void ref_question(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const ud_faq_question *q)
{
    char id[160];
    snprintf(id, sizeof id, "%s-ref-%s", g->name, q->id);
    faq_heading(d, 3, id, q->ask, true);
    faq_p(d, q->ruling);
    faq_para_begin(d);
    faq_text(d, "Rules: ");
    for (int i = 0; i < UD_FAQ_RULES && q->rules[i]; i++) {
        faq_text(d, i ? ", " : "");
        faq_link(d, q->rules[i], q->rules[i]);
    }
    faq_text(d, ".");
    faq_para_end(d);
    int v = faq_variant_index(g, q->variant);
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
    if (q->house[0].plain) {
        faq_para_begin(d);
        faq_text(d, "As house rules: ");
        for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
            char reading[128];
            faq_reading_text(g, v, q->house[i].value, reading, sizeof reading);
            faq_text(d, i ? "; " : "");
            faq_ident(d, reading, true);
            faq_textf(d, " \xe2\x80\x94 %s", q->house[i].plain);
        }
        faq_para_end(d);
    }
    for (int x = 0; x < var->n_values; x++)
        if (x != var->default_value)
            impact_sentence(d, h, g, gr, v, x);
}

void faq_section_players_ref(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    if (!faq_has_questions(g))
        return;
    const ud_faq_extras *fx = faq_extras(g);
    char id[96];
    snprintf(id, sizeof id, "%s-players-ref", g->name);
    faq_heading(d, 2, id, "Players' questions: rules and readings", true);
    faq_p(
        d,
        "The players' questions as the rule tables answer them: each answer holds under undead's default "
        "readings; the rules that enforce it; where the texts differ or are silent, every reading with its "
        "source, the reason for the default, and its measured effect. Quotations are in the players' part.");
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        ref_question(d, h, g, gr, q);
}
