/*
 * test_faq_frame.c - the players' part of the FAQ as the writer lays it
 * out (tools/faq/faq_players.c), for every game with players' questions,
 * written without a database (so without measured effects, which
 * tests/faq_pdf.sh checks on a verified one): its text holds no rule ID,
 * reading syntax or engine word; every ruling is marked "Ruling:" with
 * its reason and nothing else is; the Most asked list links its questions
 * in order; every quotation is cited by its source's title; a game
 * without questions writes nothing.  And the data the layout relies on:
 * See also and house rules name what exists, the Most asked ranks run
 * 1, 2, 3..., the source key covers every text quoted.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "faq_sections.h"
#include "support.h"

/* The game's players' part, as HTML (MD false) or Markdown. */
static char *players_part(const ud_game *g, bool md)
{
    faq_doc *d = calloc(1, sizeof *d);
    game_runs *gr = calloc(1, sizeof *gr); /* no runs: no measured effect */
    cr_assert(d && gr);
    char *out = NULL;
    size_t len = 0;
    d->md = md;
    d->out = open_memstream(&out, &len);
    cr_assert_not_null(d->out);
    faq_section_players(d, NULL, g, gr, false, NULL);
    cr_assert_eq(fclose(d->out), 0);
    free(gr);
    free(d);
    return out;
}

/* HTML as a reader sees it: tags dropped, the writer's entities decoded,
 * whitespace squeezed. */
static char *plain(const char *html)
{
    char *out = malloc(strlen(html) + 1), *o = out;
    cr_assert_not_null(out);
    static const struct {
        const char *entity;
        char c;
    } entities[] = { { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' } };
    bool space = false;
    for (const char *s = html; *s;) {
        if (*s == '<') {
            const char *end = strchr(s, '>');
            s = end ? end + 1 : s + strlen(s);
            continue;
        }
        char c = *s++;
        for (size_t i = 0; c == '&' && i < sizeof entities / sizeof entities[0]; i++)
            if (strncmp(s - 1, entities[i].entity, strlen(entities[i].entity)) == 0) {
                c = entities[i].c;
                s += strlen(entities[i].entity) - 1;
            }
        if (isspace((unsigned char)c)) {
            space = o != out;
            continue;
        }
        if (space)
            *o++ = ' ';
        space = false;
        *o++ = c;
    }
    *o = '\0';
    return out;
}

static bool has_questions(const ud_game *g)
{
    const ud_game_extras *x = g->extras;
    return x && x->faq && x->faq->questions && x->faq->questions[0].id;
}

/* Case-insensitive strstr. */
static const char *find_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *t = text; *t; t++)
        if (strncasecmp(t, word, n) == 0)
            return t;
    return NULL;
}

/* The words of the engine, never in the players' part: reading syntax,
 * seeded games, rule firings, undead as the one who rules. */
static const char *const jargon[] = { "=", "seeded", "firing", "undead" };

Test(faq_frame, players_part_speaks_plainly)
{
    int games = 0;
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        games++;
        char *html = players_part(g, false), *text = plain(html);
        for (int r = 0; r < g->n_rules; r++)
            cr_expect_null(strstr(text, g->rules[r].id), "%s: the players' part names rule %s", g->name,
                           g->rules[r].id);
        /* any ID of the game's shape ("ZD-" and a capital), named or not */
        char prefix[16];
        snprintf(prefix, sizeof prefix, "%.*s-", (int)strcspn(g->rules[0].id, "-"), g->rules[0].id);
        for (const char *at = strstr(text, prefix); at; at = strstr(at + 1, prefix))
            cr_expect_not(isupper((unsigned char)at[strlen(prefix)]),
                          "%s: a rule ID in the players' part: %.40s", g->name, at);
        for (size_t i = 0; i < sizeof jargon / sizeof jargon[0]; i++) {
            const char *at = find_word(text, jargon[i]);
            cr_expect_null(at, "%s: \"%s\" in the players' part: ...%.60s...", g->name, jargon[i],
                           at && at - text > 30 ? at - 30 : text);
        }
        free(text);
        free(html);
    }
    cr_expect_gt(games, 0, "no game has players' questions: this suite tests nothing");
}

/* The text of question Q's entry in the HTML of game G's players' part:
 * from its heading to the next heading of a question or section. */
static char *entry_of(const char *html, const ud_game *g, const ud_faq_question *q)
{
    char id[200];
    snprintf(id, sizeof id, " id=\"%s-ask-%s\"", g->name, q->id);
    const char *start = strstr(html, id);
    cr_assert_not_null(start, "%s/%s: no heading in the players' part", g->name, q->id);
    const char *end = strstr(start + 1, "<h");
    char *e = strndup(start, end ? (size_t)(end - start) : strlen(start));
    cr_assert_not_null(e);
    char *text = plain(e);
    free(e);
    return text;
}

Test(faq_frame, every_ruling_is_marked_and_only_rulings)
{
    int rulings = 0;
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        char *html = players_part(g, false);
        for (const ud_faq_question *q = g->extras->faq->questions; q->id; q++) {
            cr_expect(!q->variant || q->why_ruling, "%s/%s: the texts differ here, yet no ruling's reason",
                      g->name, q->id);
            char *entry = entry_of(html, g, q);
            if (q->why_ruling) {
                char *want = malloc(strlen(q->why_ruling) + 16), *why = plain(q->why_ruling);
                cr_assert_not_null(want);
                snprintf(want, strlen(q->why_ruling) + 16, "Ruling: %s", why);
                cr_expect(strstr(entry, want), "%s/%s: the ruling is not marked with its reason", g->name,
                          q->id);
                free(want);
                free(why);
                rulings++;
            } else
                cr_expect_null(strstr(entry, "Ruling:"), "%s/%s: marked a ruling without a reason", g->name,
                               q->id);
            free(entry);
        }
        free(html);
    }
    cr_expect_gt(rulings, 0, "no ruling in any game: nothing was checked");
}

Test(faq_frame, most_asked_links_in_order)
{
    int listed = 0;
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        const ud_faq_question *qs = g->extras->faq->questions;
        int top = 0, n = 0;
        for (const ud_faq_question *q = qs; q->id; q++) {
            cr_expect_geq(q->most_asked, 0, "%s/%s: a negative Most asked rank", g->name, q->id);
            top = q->most_asked > top ? q->most_asked : top;
            n += q->most_asked > 0;
            for (const ud_faq_question *p = qs; p < q; p++)
                cr_expect(!q->most_asked || p->most_asked != q->most_asked, "%s: Most asked rank %d twice",
                          g->name, q->most_asked);
        }
        cr_expect_eq(top, n, "%s: the Most asked ranks are not 1 to %d", g->name, n);
        char *html = players_part(g, false);
        const char *list = strstr(html, "<ol class=\"most\">");
        cr_expect_eq(list != NULL, n > 0, "%s: %d questions most asked, the list %s", g->name, n,
                     list ? "shown" : "missing");
        for (int rank = 1; list && rank <= top; rank++)
            for (const ud_faq_question *q = qs; q->id; q++)
                if (q->most_asked == rank) {
                    char link[200];
                    snprintf(link, sizeof link, "<li><a href=\"#%s-ask-%s\">", g->name, q->id);
                    const char *at = strstr(list, link);
                    cr_expect_not_null(at, "%s: Most asked %d (%s) is not next in the list", g->name, rank,
                                       q->id);
                    list = at ? at + 1 : list;
                    listed++;
                }
        free(html);
    }
    (void)listed; /* none yet is a valid state of the data: the ranks above say so */
}

Test(faq_frame, see_also_and_house_rules_name_what_exists)
{
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        const ud_faq_question *qs = g->extras->faq->questions;
        char *html = players_part(g, false);
        for (const ud_faq_question *q = qs; q->id; q++) {
            char *entry = entry_of(html, g, q);
            for (int i = 0; i < UD_FAQ_SEE && q->see[i]; i++) {
                const ud_faq_question *r = faq_find_question(g, q->see[i]);
                cr_expect_not_null(r, "%s/%s: see also '%s': no such question", g->name, q->id, q->see[i]);
                cr_expect(r != q, "%s/%s: see also itself", g->name, q->id);
                if (r)
                    cr_expect(strstr(entry, r->ask), "%s/%s: see also '%s' is not linked by its title",
                              g->name, q->id, r->id);
            }
            int v = faq_variant_index(g, q->variant);
            for (int i = 0; i < UD_FAQ_HOUSE && q->house[i].plain; i++) {
                int x = q->house[i].value;
                cr_assert(v >= 0 && x >= 0 && x < g->variants[v].n_values,
                          "%s/%s: house rule %d is no reading of the game", g->name, q->id, i + 1);
                char reading[128];
                faq_reading_text(g, v, x, reading, sizeof reading);
                cr_expect_neq(x, g->variants[v].default_value, "%s/%s: house rule %s is the ruling itself",
                              g->name, q->id, reading);
                cr_expect(q->house[i].plain[0], "%s/%s: house rule %s without its words", g->name, q->id,
                          reading);
                char *words = plain(q->house[i].plain);
                cr_expect(strstr(entry, words), "%s/%s: house rule %s not in its box", g->name, q->id,
                          reading);
                free(words);
                for (int j = 0; j < i; j++)
                    cr_expect_neq(q->house[j].value, x, "%s/%s: house rule %s twice", g->name, q->id,
                                  reading);
            }
            cr_expect_eq(strstr(entry, "House rules") != NULL, q->house[0].plain != NULL,
                         "%s/%s: a House rules box %s", g->name, q->id,
                         q->house[0].plain ? "missing" : "with no house rule");
            free(entry);
        }
        free(html);
    }
}

Test(faq_frame, every_quotation_cites_its_source_key)
{
    int quotes = 0;
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        const ud_faq_extras *fx = g->extras->faq;
        for (const ud_faq_source *s = fx->sources; s && s->file; s++)
            cr_expect(s->title && s->kind && s->cite && strlen(s->cite) <= 16,
                      "%s: source %s lacks its title, kind or short label (16 characters at most)", g->name,
                      s->file);
        char *html = players_part(g, false);
        for (const ud_faq_question *q = fx->questions; q->id; q++) {
            char *entry = entry_of(html, g, q);
            for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++) {
                const ud_faq_source *src = NULL;
                for (const ud_faq_source *s = fx->sources; s && s->file && !src; s++)
                    if (strcmp(s->file, q->quotes[i].source) == 0)
                        src = s;
                cr_expect(!fx->sources || src, "%s/%s: %s is quoted but not in the source key", g->name,
                          q->id, q->quotes[i].source);
                char cite[400], number[8];
                snprintf(number, sizeof number, "%.*s", (int)strcspn(q->quotes[i].source, "_"),
                         q->quotes[i].source);
                snprintf(cite, sizeof cite, "\xe2\x80\x9d \xe2\x80\x94 %s, %s",
                         src && src->cite ? src->cite : number, q->quotes[i].section);
                char *want = plain(cite);
                cr_expect(strstr(entry, want), "%s/%s: a quotation not cited as \"%s\"", g->name, q->id,
                          want);
                free(want);
                quotes++;
            }
            free(entry);
        }
        free(html);
    }
    cr_expect_gt(quotes, 0);
}

Test(faq_frame, a_game_without_questions_writes_nothing)
{
    int without = 0;
    FOR_EACH_GAME(g)
    {
        char *md = players_part(g, true);
        if (!has_questions(g)) {
            without++;
            cr_expect_eq(strlen(md), 0, "%s has no questions, yet writes: %.80s", g->name, md);
        } else
            cr_expect_gt(strlen(md), 0, "%s: questions, yet nothing written", g->name);
        free(md);
    }
    (void)without;
}

/* Marks inside a quotation are single: every quotation of the players'
 * part opens and closes with double marks, and no straight '"' or curly
 * double mark is left between them (the texts' own marks made single);
 * the card game's "bullet pile." is quoted as 'bullet pile.'. */
Test(faq_frame, marks_inside_a_quotation_are_single)
{
    int quotes = 0, nested = 0;
    FOR_EACH_GAME(g)
    {
        if (!has_questions(g))
            continue;
        char *md = players_part(g, true);
        for (const char *line = md; line && *line;
             line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
            if (strncmp(line, "> \xe2\x80\x9c", 5) != 0)
                continue;
            const char *open = line + 5, *close = strstr(open, "\xe2\x80\x9d \xe2\x80\x94 ");
            cr_assert_not_null(close, "%s: a quotation with no closing mark: %.80s", g->name, line);
            for (const char *c = open; c < close; c++) {
                cr_expect(*c != '"', "%s: a straight double mark inside: %.*s", g->name, (int)(close - open),
                          open);
                cr_expect(strncmp(c, "\xe2\x80\x9c", 3) != 0 && strncmp(c, "\xe2\x80\x9d", 3) != 0,
                          "%s: a double mark inside: %.*s", g->name, (int)(close - open), open);
                nested += strncmp(c, "\xe2\x80\x98", 3) == 0;
            }
            quotes++;
        }
        if (strcmp(g->name, "zombies-cards") == 0)
            cr_expect(strstr(md, "discard it into your \xe2\x80\x98"
                                 "bullet pile.\xe2\x80\x99\xe2\x80\x9d"),
                      "the card game's 'bullet pile.' not in single marks");
        free(md);
    }
    cr_expect_gt(quotes, 0);
    cr_expect_gt(nested, 0, "no quotation has marks of its own: this test tests nothing");
}
