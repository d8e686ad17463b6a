/*
 * faq_players.c - the players' part of the FAQ, written as a player reads
 * it at the table: per game its source key, the "Most asked" list, each
 * question with its answer (a ruling marked "Ruling:" with its reason),
 * the passages it rests on (cited by the source's title), related
 * questions, the other readings as house rules with their effect in one
 * plain sentence where it is real, and the game's players' charts.  No
 * rule ID, reading syntax or engine word: those are in the reference
 * (faq_players_ref.c), which the answers link to when it is printed too.
 */
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"

const ud_faq_question *faq_find_question(const ud_game *g, const char *id)
{
    const ud_faq_extras *fx = faq_extras(g);
    for (const ud_faq_question *q = fx ? fx->questions : NULL; q && q->id; q++)
        if (strcmp(q->id, id) == 0)
            return q;
    return NULL;
}

bool faq_has_questions(const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    return fx && fx->questions && fx->questions[0].id;
}

const char *faq_players_title(const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    return fx && fx->players_title ? fx->players_title : g->title;
}

/* The name a citation of FILE uses: its short label in the source key,
 * else its title there, else the file's number. */
static void cite_name(const ud_game *g, const char *file, char *out, size_t size)
{
    const ud_faq_extras *fx = faq_extras(g);
    for (const ud_faq_source *s = fx ? fx->sources : NULL; s && s->file; s++)
        if (strcmp(s->file, file) == 0 && (s->cite || s->title)) {
            snprintf(out, size, "%s", s->cite ? s->cite : s->title);
            return;
        }
    faq_short_source(file, out, size);
}

static void question_link(faq_doc *d, const ud_game *g, const ud_faq_question *q)
{
    char id[160];
    snprintf(id, sizeof id, "%s-ask-%s", g->name, q->id);
    faq_link_text(d, id, q->ask);
}

/* The source key: each text's real title and what it is. */
static void source_key(faq_doc *d, const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!fx->sources || !fx->sources[0].file)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-players-sources", g->name);
    faq_heading(d, 2, id, "Sources", true);
    faq_html(d, "<ul class=\"sources\">");
    for (const ud_faq_source *s = fx->sources; s->file; s++) {
        faq_html(d, "<li><strong>");
        faq_md(d, "- **");
        faq_text(d, s->title ? s->title : s->file);
        faq_html(d, "</strong>");
        faq_md(d, "**");
        if (s->cite)
            faq_textf(d, " (cited as \xe2\x80\x9c%s\xe2\x80\x9d)", s->cite);
        if (s->kind)
            faq_textf(d, ": %s", s->kind);
        faq_text(d, ".");
        faq_html(d, "</li>");
        faq_md(d, "\n");
    }
    faq_html(d, "</ul>\n");
    faq_md(d, "\n");
}

/* The questions with a place in the Most asked list, in its order. */
static void most_asked(faq_doc *d, const ud_game *g)
{
    const ud_faq_extras *fx = faq_extras(g);
    int top = 0;
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        top = q->most_asked > top ? q->most_asked : top;
    if (!top)
        return;
    char id[96];
    snprintf(id, sizeof id, "%s-players-most-asked", g->name);
    faq_heading(d, 2, id, "Most asked", true);
    faq_html(d, "<ol class=\"most\">");
    for (int rank = 1, n = 1; rank <= top; rank++)
        for (const ud_faq_question *q = fx->questions; q->id; q++)
            if (q->most_asked == rank) {
                faq_html(d, "<li>");
                if (d->md)
                    fprintf(d->out, "%d. ", n);
                n++;
                question_link(d, g, q);
                faq_html(d, "</li>");
                faq_md(d, "\n");
            }
    faq_html(d, "</ol>\n");
    faq_md(d, "\n");
}

/* TEXT with its own quotation marks (the texts' straight '"', or curly
 * double ones) made single, as marks inside a quotation are: an opening
 * one after a space, a bracket or the start, a closing one elsewhere.
 * The words stay the texts'.  NULL when out of memory. */
static char *nested_quotes(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(3 * n + 1), *o = out;
    if (!out)
        return NULL;
    for (const char *s = text; *s; s++) {
        bool curly = (unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
                     ((unsigned char)s[2] == 0x9c || (unsigned char)s[2] == 0x9d);
        if (*s != '"' && !curly) {
            *o++ = *s;
            continue;
        }
        bool opens = s == text || s[-1] == ' ' || s[-1] == '(' || s[-1] == '[';
        memcpy(o, opens ? "\xe2\x80\x98" : "\xe2\x80\x99", 3);
        o += 3;
        s += curly ? 2 : 0;
    }
    *o = '\0';
    return out;
}

static void quote_block(faq_doc *d, const ud_game *g, const ud_faq_quote *q)
{
    char s[160];
    cite_name(g, q->source, s, sizeof s);
    char *text = nested_quotes(q->text);
    faq_html(d, "<blockquote class=\"quote\">");
    faq_md(d, "> ");
    faq_textf(d, "\xe2\x80\x9c%s\xe2\x80\x9d", text ? text : q->text);
    free(text);
    faq_html(d, " <span class=\"src\">");
    faq_textf(d, " \xe2\x80\x94 %s, %s", s, q->section);
    faq_html(d, "</span></blockquote>\n");
    faq_md(d, "\n\n");
}

/* Whether S ends with its own full stop or question mark. */
static bool ends_sentence(const char *s)
{
    size_t n = strlen(s);
    return n && (s[n - 1] == '.' || s[n - 1] == '?' || s[n - 1] == '!');
}

/* "See also", by question title. */
static void see_also(faq_doc *d, const ud_game *g, const ud_faq_question *q)
{
    int n = 0;
    const char *last = "";
    for (int i = 0; i < UD_FAQ_SEE && q->see[i]; i++) {
        const ud_faq_question *r = faq_find_question(g, q->see[i]);
        if (!r)
            continue;
        if (!n++) {
            faq_html(d, "<p class=\"see\">");
            faq_text(d, "See also: ");
        } else
            faq_text(d, "; ");
        question_link(d, g, r);
        last = r->ask;
    }
    if (n) {
        /* a title ends the sentence with its own question mark */
        if (!ends_sentence(last))
            faq_text(d, ".");
        faq_para_end(d);
    }
}

/* "With two players who each stop at two shotguns" for run R of reading
 * (v, x). */
static void who_played(faq_doc *d, const ud_game *g, const reading_run *r, int v, int x)
{
    const ud_faq_extras *fx = faq_extras(g);
    if (!r->usual) {
        for (const ud_faq_measured *m = fx->players_measured; m && m->variant; m++)
            if (m->variant == &g->variants[v] && m->value == x) {
                faq_textf(d, "With %s", m->text);
                return;
            }
    }
    int n = r->players > 0 ? r->players : 2;
    faq_textf(d, "With %s", faq_count_players(n));
    if (!r->usual)
        faq_text(d, ", in games set up to meet this house rule");
    else if (fx->players_who)
        faq_textf(d, " %s", fx->players_who);
}

/* What the players' measure says ("the first player wins"). */
static const char *players_says(const ud_faq_extras *fx)
{
    return fx->players_metric_says ? fx->players_metric_says : "the first player wins";
}

/* The house rules: each in players' words, and its measured effect where
 * it is real, in one sentence.  The house rules measured to make no
 * difference say nothing here: the game's note before its questions says
 * so once (house_rules_note). */
static void house_rules(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const ud_faq_question *q)
{
    if (!q->house[0].plain)
        return;
    const ud_faq_extras *fx = faq_extras(g);
    int v = faq_variant_index(g, q->variant);
    faq_html(d, "<div class=\"house\"><p class=\"house-title\">House rules</p><ul>");
    faq_md(d, "**House rules**\n\n");
    for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
        faq_html(d, "<li>");
        faq_md(d, "- ");
        faq_text(d, q->house[i].plain);
        faq_effect e;
        if (faq_house_effect(h, g, gr, v, q->house[i].value, &e) && e.real) {
            faq_text(d, " ");
            who_played(d, g, e.run, v, q->house[i].value);
            faq_textf(d, ", %s %.1f%% of games with this house rule instead of %.1f%%.", players_says(fx),
                      e.on, e.off);
        }
        faq_html(d, "</li>");
        faq_md(d, "\n");
    }
    faq_html(d, "</ul>");
    faq_md(d, "\n");
    faq_html(d, "</div>\n");
}

/* Who played the games of the house rules measured flat, each way said
 * once ("with two players who each stop at two shotguns"): the players'
 * part printed alone has no reference to point to, so it says so itself. */
static void flat_who_played(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    enum { WAYS = 16 };
    char *said[WAYS];
    int n = 0;
    FILE *out = d->out;
    const ud_faq_extras *fx = faq_extras(g);
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
            int v = faq_variant_index(g, q->variant);
            faq_effect e;
            if (!faq_house_effect(h, g, gr, v, q->house[i].value, &e) || e.real || !e.run)
                continue;
            char *way = NULL;
            size_t len = 0;
            d->out = open_memstream(&way, &len);
            if (!d->out) {
                d->out = out;
                continue;
            }
            who_played(d, g, e.run, v, q->house[i].value);
            fclose(d->out);
            d->out = out;
            bool again = false;
            for (int k = 0; k < n && !again; k++)
                again = strcmp(said[k], way) == 0;
            if (again || n == WAYS || !way[0])
                free(way);
            else
                said[n++] = way;
        }
    for (int k = 0; k < n; k++) {
        if (said[k][0] == 'W')
            said[k][0] = 'w'; /* "With ...", mid-sentence */
        fputs(k ? "; or " : " (", out);
        fputs(said[k], out);
        free(said[k]);
    }
    if (n)
        fputs(")", out);
}

/* Once per game, before its questions: the house rules whose effect the
 * boxes leave out were measured and made no difference (said once, not
 * in every box), and who played those games: the reference's page when
 * it is printed too, else here.  Nothing when no house rule of the game
 * was measured flat. */
static void house_rules_note(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, bool with_reference)
{
    const ud_faq_extras *fx = faq_extras(g);
    int flat = 0;
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
            faq_effect e;
            if (faq_house_effect(h, g, gr, faq_variant_index(g, q->variant), q->house[i].value, &e) &&
                !e.real)
                flat++;
        }
    if (!flat)
        return;
    faq_html(d, "<p class=\"house-note\">");
    faq_textf(
        d,
        "House rules: a house rule whose box gives no effect made no measurable difference to how often "
        "%s in the games measured",
        players_says(fx));
    if (with_reference)
        faq_text(d, " (the reference says who played them)");
    else
        flat_who_played(d, h, g, gr);
    faq_text(d, ".");
    faq_para_end(d);
}

/* "✱ Changed since edition 1", under a question that changed since the
 * edition the booklet compares with (or is new since it); nothing else,
 * nor without a record of editions (EDITIONS NULL). */
static void edition_mark(faq_doc *d, const ud_game *g, const ud_faq_question *q, const faq_editions *eds)
{
    faq_mark m = eds ? faq_editions_mark(eds, g, q) : FAQ_MARK_NONE;
    if (m == FAQ_MARK_NONE)
        return;
    faq_html(d, "<p class=\"changed\">");
    faq_md(d, "*");
    faq_textf(d, "\xe2\x9c\xb1 %s since edition %d", m == FAQ_MARK_NEW ? "New" : "Changed",
              faq_editions_base(eds));
    faq_md(d, "*");
    faq_para_end(d);
}

/* One question: the answer, "Ruling:" and its reason, the passages, see
 * also, the house rules; its mark when it changed since the last edition. */
static void players_question(faq_doc *d, db *h, const ud_game *g, const game_runs *gr,
                             const ud_faq_question *q, bool with_reference, const faq_editions *eds)
{
    char id[160];
    snprintf(id, sizeof id, "%s-ask-%s", g->name, q->id);
    faq_html(d, "<div class=\"q\"><div class=\"qa\">"); /* the question and its answer: one page */
    faq_heading(d, 3, id, q->ask, true);
    edition_mark(d, g, q, eds);
    faq_html(d, "<p class=\"answer\">");
    faq_text(d, q->ruling);
    if (with_reference) {
        char ref[160];
        snprintf(ref, sizeof ref, "%s-ref-%s", g->name, q->id);
        faq_html(d, " <span class=\"ref\">");
        faq_text(d, " (");
        faq_link_text(d, ref, "details in the reference");
        faq_text(d, ")");
        faq_html(d, "</span>");
    }
    faq_para_end(d);
    if (q->why_ruling) {
        faq_html(d, "<p class=\"ruling\"><strong>");
        faq_md(d, "**");
        faq_text(d, "Ruling:");
        faq_html(d, "</strong> ");
        faq_md(d, "** ");
        faq_text(d, q->why_ruling);
        faq_para_end(d);
    }
    faq_html(d, "</div>");
    for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
        quote_block(d, g, &q->quotes[i]);
    see_also(d, g, q);
    house_rules(d, h, g, gr, q);
    faq_html(d, "</div>\n");
}

void faq_section_players(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, bool with_reference,
                         const faq_editions *editions)
{
    if (!faq_has_questions(g))
        return; /* a game with no players' questions has no page in this part */
    const ud_faq_extras *fx = faq_extras(g);
    char id[96];
    snprintf(id, sizeof id, "%s-players", g->name);
    faq_heading_class(d, 1, id, faq_players_title(g), true, "game");
    source_key(d, g);
    most_asked(d, g);
    house_rules_note(d, h, g, gr, with_reference);
    snprintf(id, sizeof id, "%s-players-questions", g->name);
    faq_heading(d, 2, id, "Questions", true);
    for (const ud_faq_question *q = fx->questions; q->id; q++)
        players_question(d, h, g, gr, q, with_reference, editions);
    faq_section_players_charts(d, h, g);
}
