/*
 * test_faq_players.c - the players' FAQ's data, for every game that has
 * one (core/extras.h, ud_faq_question): unique anchors; rules, related
 * questions, variants and readings that exist (ud_faq_check, and a copy
 * naming ones that do not, each refused saying where it was named); a
 * ruling and at least one passage per question, every passage verbatim (whitespace aside; an omission marked
 * "[...]") in the rule text it names, in ../shared/rules/ beside the
 * project, and the same for every passage a rule row or a reading quotes
 * in its summary; players' words (no rule ID, no engine terms) in what a
 * player reads; house rules that are other readings of the question's
 * variant; a Most asked list counted 1, 2, 3...; a source key that names
 * what exists.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extras.h"
#include "support.h"

#define RULES_DIR UD_SOURCE_DIR "/../shared/rules"

static const ud_faq_question *questions_of(const ud_game *g)
{
    const ud_game_extras *x = g->extras;
    return x && x->faq ? x->faq->questions : NULL;
}

/* Everything the players' FAQ names exists in the game (ud_faq_check,
 * which undead faq runs before it writes); each question has its words, a
 * passage and a rule, and a ruling's reason where a variant decides it. */
Test(faq_players, questions_name_what_exists)
{
    int games = 0;
    FOR_EACH_GAME(g)
    {
        ud_buf problems;
        ud_buf_init(&problems);
        cr_expect_eq(ud_faq_check(g, &problems), 0, "%s", ud_buf_str(&problems));
        ud_buf_free(&problems);
        const ud_faq_question *qs = questions_of(g);
        if (!qs)
            continue;
        games++;
        for (const ud_faq_question *q = qs; q->id; q++) {
            for (const ud_faq_question *p = qs; p < q; p++)
                cr_expect_neq(strcmp(p->id, q->id), 0, "%s: question id '%s' twice", g->name, q->id);
            cr_expect(q->ask && q->ask[0] && q->ruling && q->ruling[0], "%s/%s: no question or ruling",
                      g->name, q->id);
            cr_expect_not_null(q->quotes[0].source, "%s/%s: no passage it rests on", g->name, q->id);
            cr_expect_not_null(q->rules[0], "%s/%s: names no rule", g->name, q->id);
            if (q->variant)
                cr_expect_not_null(q->why_ruling, "%s/%s: a variant without the reason for its default",
                                   g->name, q->id);
        }
    }
    cr_expect_gt(games, 0, "no game has a players' FAQ");
}

/* A copy of a game whose players' FAQ names a rule, a question, a variant
 * and readings the game does not have, each said with where it was named. */
Test(faq_players, a_name_that_does_not_exist_is_refused)
{
    const ud_game *g = NULL;
    FOR_EACH_GAME(each)
    if (!g && each->n_variants > 0 && questions_of(each))
        g = each;
    cr_assert_not_null(g, "no game with variants has a players' FAQ");
    static const ud_variant stray = { .key = "stray" };
    ud_faq_question qs[3] = {
        { .id = "one",
          .rules = { g->rules[0].id, "XX-NO-SUCH-RULE" },
          .see = { "two", "nowhere" },
          .variant = &g->variants[0],
          .house = { { g->variants[0].n_values, "A reading past the last." },
                     { -1, "One before the first." } } },
        { .id = "two",
          .rules = { g->rules[0].id },
          .variant = &stray,
          .house = { { 1, "Of a stray variant." } } },
        { .id = "three", .rules = { g->rules[0].id }, .house = { { 1, "Of no variant." } } },
    };
    ud_faq_question all[4] = { qs[0], qs[1], qs[2], { .id = NULL } };
    const ud_faq_measured measured[] = { { &g->variants[0], 99, "nobody" },
                                         { &stray, 0, "nobody" },
                                         { NULL, 0, NULL } };
    ud_faq_extras fx = { .questions = all, .players_measured = measured };
    ud_game_extras x = { .faq = &fx };
    ud_game copy = *g;
    copy.extras = &x;
    ud_buf out;
    ud_buf_init(&out);
    cr_expect_eq(ud_faq_check(&copy, &out), 8);
    char want[2048];
    const char *key = g->variants[0].key;
    int n = g->variants[0].n_values;
    snprintf(want, sizeof want,
             "%s: players' question 'one': rules: no rule XX-NO-SUCH-RULE in the game\n"
             "%s: players' question 'one': see: no question 'nowhere' in the game\n"
             "%s: players' question 'one': house rule 1: %s has no reading %d (it has %d)\n"
             "%s: players' question 'one': house rule 2: %s has no reading -1 (it has %d)\n"
             "%s: players' question 'two': variant: not one of the game's variants\n"
             "%s: players' question 'three': house rule 1: no variant to be a reading of\n"
             "%s: players' measured reading 1: %s has no reading 99 (it has %d)\n"
             "%s: players' measured reading 2: not one of the game's variants\n",
             g->name, g->name, g->name, key, n, n, g->name, key, n, g->name, g->name, g->name, key, n,
             g->name);
    cr_expect_str_eq(ud_buf_str(&out), want);
    ud_buf_free(&out);
}

/* s with every run of whitespace made one space, trimmed. */
static char *squeeze(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    cr_assert_not_null(out);
    bool space = false;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r') {
            space = o != out;
            continue;
        }
        if (space)
            *o++ = ' ';
        space = false;
        *o++ = *s;
    }
    *o = '\0';
    return out;
}

static char *read_text(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", RULES_DIR, file);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot read %s", path);
    char *buf = malloc(1 << 20);
    cr_assert_not_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* "**" is the transcription's mark of the original's bold type, not
     * a word of it: a quotation keeps the words ("take additional cards"),
     * as a quotation set in another type would */
    char *w = buf;
    for (const char *r = buf; *r; r++)
        if (r[0] == '*' && r[1] == '*')
            r++;
        else
            *w++ = *r;
    *w = '\0';
    char *s = squeeze(buf);
    free(buf);
    return s;
}

/* The quotation tests need the rule texts; without them they say so. */
static void skip_without_texts(void)
{
    FILE *probe = fopen(RULES_DIR "/README.md", "r");
    if (!probe)
        cr_skip_test("the rule texts are not beside the project (%s)", RULES_DIR);
    fclose(probe);
}

#define OMITTED "[...]"

/* The most text an omission may stand for (whitespace squeezed): a
 * quotation is a passage with a few words left out, not pieces gathered
 * from across a page. */
enum { OMISSION_MAX = 600 };

/* Whether quote occurs in text (both squeezed), each omission ("[...]")
 * standing for at most OMISSION_MAX characters of it: every piece between
 * the marks occurs, in order, the next after the end of the one before.
 * A piece left empty (a mark at either end, two marks together) fails:
 * an omission is inside a quotation.  The first occurrence of the first
 * piece is tried, then each later one. */
static bool quote_occurs(const char *text, const char *quote)
{
    char *q = squeeze(quote);
    char *pieces[16];
    int n = 0;
    bool ok = true;
    for (char *p = q;; n++) {
        if (n == 16) {
            ok = false;
            break;
        }
        char *mark = strstr(p, OMITTED);
        if (mark)
            *mark = '\0';
        pieces[n] = squeeze(p);
        if (!pieces[n][0]) {
            ok = false;
            n++;
            break;
        }
        if (!mark) {
            n++;
            break;
        }
        p = mark + strlen(OMITTED);
    }
    bool found = false;
    for (const char *start = ok ? strstr(text, pieces[0]) : NULL; start && !found;
         start = strstr(start + 1, pieces[0])) {
        const char *at = start + strlen(pieces[0]);
        found = true;
        for (int i = 1; i < n && found; i++) {
            const char *hit = strstr(at, pieces[i]);
            found = hit && hit - at <= OMISSION_MAX;
            if (found)
                at = hit + strlen(pieces[i]);
        }
    }
    for (int i = 0; i < n; i++)
        free(pieces[i]);
    free(q);
    return found;
}

Test(faq_players, every_passage_is_verbatim)
{
    skip_without_texts();
    int quotes = 0;
    FOR_EACH_GAME(g)
    {
        const ud_faq_question *qs = questions_of(g);
        for (const ud_faq_question *q = qs; q && q->id; q++)
            for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++) {
                char *text = read_text(q->quotes[i].source);
                cr_expect(quote_occurs(text, q->quotes[i].text), "%s/%s: not verbatim in %s: \"%s\"", g->name,
                          q->id, q->quotes[i].source, q->quotes[i].text);
                quotes++;
                free(text);
            }
    }
    cr_expect_gt(quotes, 0);
}

Test(faq_players, an_omission_stands_for_text_in_order)
{
    const char *text = "one two three four five";
    cr_expect(quote_occurs(text, "two three"));
    cr_expect(quote_occurs(text, "one [...] four"));
    cr_expect(quote_occurs(text, "one two [...] four [...] five"));
    cr_expect_not(quote_occurs(text, "four [...] two"), "pieces out of order");
    cr_expect_not(quote_occurs(text, "[...] three"), "an omission at the start");
    cr_expect_not(quote_occurs(text, "three [...]"), "an omission at the end");
    cr_expect_not(quote_occurs(text, "two [...][...] five"), "an empty piece");
    cr_expect_not(quote_occurs(text, "two six"));
    /* "start", a space, k letters, a space, "end": the omission is k + 2 */
    char far[OMISSION_MAX + 64];
    int k = OMISSION_MAX - 1;
    snprintf(far, sizeof far, "start %*s end", k, "");
    memset(far + 6, 'x', (size_t)k);
    cr_expect_not(quote_occurs(far, "start [...] end"), "an omission longer than OMISSION_MAX");
    k = OMISSION_MAX - 2;
    snprintf(far, sizeof far, "start %*s end", k, "");
    memset(far + 6, 'x', (size_t)k);
    cr_expect(quote_occurs(far, "start [...] end"), "an omission of OMISSION_MAX characters");
}

/* Words of the engine, the database or the tables, kept out of what a
 * player reads (the question, the ruling, its reason, a house rule). */
static const char *const engine_words[] = {
    "seeded", "firing", "undead", "variant", "reading", "default", "engine", "policy", "=", NULL,
};

/* Whether text holds word, case aside (ASCII). */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *t = text; *t; t++) {
        size_t i = 0;
        while (i < n && t[i] && tolower((unsigned char)t[i]) == tolower((unsigned char)word[i]))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* text holds none of the engine's words, no rule ID of the game, and one
 * line. */
static void expect_players_words(const ud_game *g, const char *id, const char *what, const char *text)
{
    if (!text)
        return;
    for (int w = 0; engine_words[w]; w++)
        cr_expect_not(has_word(text, engine_words[w]), "%s/%s: its %s says \"%s\": %s", g->name, id, what,
                      engine_words[w], text);
    for (int r = 0; r < g->n_rules; r++)
        cr_expect_not(strstr(text, g->rules[r].id), "%s/%s: its %s names rule %s", g->name, id, what,
                      g->rules[r].id);
    cr_expect_not(strchr(text, '\n'), "%s/%s: its %s runs to more than one line", g->name, id, what);
}

Test(faq_players, players_read_players_words)
{
    int games = 0;
    FOR_EACH_GAME(g)
    {
        const ud_faq_question *qs = questions_of(g);
        if (!qs)
            continue;
        games++;
        for (const ud_faq_question *q = qs; q->id; q++) {
            expect_players_words(g, q->id, "question", q->ask);
            expect_players_words(g, q->id, "ruling", q->ruling);
            expect_players_words(g, q->id, "reason", q->why_ruling);
            for (int h = 0; h < UD_FAQ_HOUSE && q->house[h].plain; h++)
                expect_players_words(g, q->id, "house rule", q->house[h].plain);
        }
    }
    cr_expect_gt(games, 0, "no game has a players' FAQ");
}

/* A house rule is another reading of the question's own variant, each
 * once, in one sentence, and every other reading is one; a question no
 * variant decides has none (ud_faq_check: a reading that exists). */
Test(faq_players, house_rules_are_other_readings)
{
    int houses = 0;
    FOR_EACH_GAME(g)
    {
        const ud_faq_question *qs = questions_of(g);
        for (const ud_faq_question *q = qs; q && q->id; q++) {
            const ud_variant *var = q->variant;
            for (int h = 0; h < UD_FAQ_HOUSE && q->house[h].plain; h++, houses++) {
                int x = q->house[h].value;
                cr_assert_not_null(var, "%s/%s: a house rule (%d) on a question no variant decides", g->name,
                                   q->id, h + 1);
                cr_assert(x >= 0 && x < var->n_values, "%s/%s: house rule %d: no reading %d of %s", g->name,
                          q->id, h + 1, x, var->key);
                cr_expect_neq(x, var->default_value, "%s/%s: house rule %s=%s is the ruling itself", g->name,
                              q->id, var->key, var->values[x].name);
                for (int k = 0; k < h; k++)
                    cr_expect_neq(q->house[k].value, x, "%s/%s: house rule %s=%s twice", g->name, q->id,
                                  var->key, var->values[x].name);
                const char *plain = q->house[h].plain;
                size_t n = strlen(plain);
                cr_expect(n && plain[n - 1] == '.' && !strchr(plain, '\n'),
                          "%s/%s: house rule %s=%s is not one sentence", g->name, q->id, var->key,
                          var->values[x].name);
            }
            for (int x = 0; var && x < var->n_values; x++) {
                bool listed = x == var->default_value;
                for (int h = 0; h < UD_FAQ_HOUSE && q->house[h].plain; h++)
                    listed |= q->house[h].value == x;
                cr_expect(listed, "%s/%s: reading %s=%s is no house rule", g->name, q->id, var->key,
                          var->values[x].name);
            }
        }
    }
    cr_expect_gt(houses, 0, "no house rule anywhere");
}

/* The Most asked list counts 1, 2, 3... with no gap and no place twice;
 * no question sees itself (ud_faq_check: every one it sees exists). */
Test(faq_players, most_asked_and_see_name_what_exists)
{
    int games = 0;
    FOR_EACH_GAME(g)
    {
        const ud_faq_question *qs = questions_of(g);
        if (!qs)
            continue;
        games++;
        int most = 0;
        for (const ud_faq_question *q = qs; q->id; q++) {
            cr_expect_geq(q->most_asked, 0, "%s/%s: Most asked place %d", g->name, q->id, q->most_asked);
            most += q->most_asked > 0;
            for (const ud_faq_question *p = qs; p < q; p++)
                cr_expect(!q->most_asked || p->most_asked != q->most_asked,
                          "%s: %s and %s both Most asked %d", g->name, p->id, q->id, q->most_asked);
            for (int i = 0; i < UD_FAQ_SEE && q->see[i]; i++)
                cr_expect_neq(strcmp(q->see[i], q->id), 0, "%s/%s: sees itself", g->name, q->id);
        }
        cr_expect(most > 0 && most <= 6, "%s: %d questions in the Most asked list", g->name, most);
        for (int place = 1; place <= most; place++) {
            bool there = false;
            for (const ud_faq_question *q = qs; q->id; q++)
                there |= q->most_asked == place;
            cr_expect(there, "%s: no question at Most asked place %d of %d", g->name, place, most);
        }
    }
    cr_expect_gt(games, 0, "no game has a players' FAQ");
}

/* Every text a question quotes is in the game's source key, with its
 * title and what it is, and every text in the key is quoted. */
Test(faq_players, the_source_key_names_every_text_quoted)
{
    int games = 0;
    FOR_EACH_GAME(g)
    {
        const ud_faq_question *qs = questions_of(g);
        if (!qs)
            continue;
        games++;
        const ud_faq_source *src = g->extras->faq->sources;
        cr_assert_not_null(src, "%s: a players' FAQ with no source key", g->name);
        for (const ud_faq_source *s = src; s->file; s++) {
            cr_expect(s->title && s->title[0] && s->kind && s->kind[0], "%s: %s without its title or kind",
                      g->name, s->file);
            bool quoted = false;
            for (const ud_faq_question *q = qs; q->id; q++)
                for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++)
                    quoted |= strcmp(q->quotes[i].source, s->file) == 0;
            cr_expect(quoted, "%s: %s is in the source key but never quoted", g->name, s->file);
        }
        for (const ud_faq_question *q = qs; q->id; q++)
            for (int i = 0; i < UD_FAQ_QUOTES && q->quotes[i].source; i++) {
                bool keyed = false;
                for (const ud_faq_source *s = src; s->file; s++)
                    keyed |= strcmp(q->quotes[i].source, s->file) == 0;
                cr_expect(keyed, "%s/%s: quotes %s, not in the source key", g->name, q->id,
                          q->quotes[i].source);
            }
    }
    cr_expect_gt(games, 0, "no game has a players' FAQ");
}

/* Every passage a rule row or a reading quotes ("..." in its summary) from
 * a rule text occurs in that text: a quotation is never altered silently. */
static int quotes_in(const ud_game *g, const char *id, const char *source, const char *summary)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", RULES_DIR, source);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0; /* a source of undead's own (the sample content), not a rule text */
    fclose(f);
    char *text = read_text(source);
    int n = 0;
    for (const char *open = strchr(summary, '"'); open; open = strchr(open, '"')) {
        const char *close = strchr(open + 1, '"');
        if (!close)
            break;
        char quote[512];
        snprintf(quote, sizeof quote, "%.*s", (int)(close - open - 1), open + 1);
        char *want = squeeze(quote);
        cr_expect(strstr(text, want), "%s %s: quotes \"%s\", not in %s", g->name, id, want, source);
        free(want);
        n++;
        open = close + 1;
    }
    free(text);
    return n;
}

Test(faq_players, rows_and_readings_quote_verbatim)
{
    skip_without_texts();
    int quotes = 0;
    FOR_EACH_GAME(g)
    {
        for (int r = 0; r < g->n_rules; r++)
            quotes += quotes_in(g, g->rules[r].id, g->rules[r].source, g->rules[r].summary);
        for (int v = 0; v < g->n_variants; v++)
            for (int x = 0; x < g->variants[v].n_values; x++)
                quotes += quotes_in(g, g->variants[v].values[x].name, g->variants[v].values[x].source,
                                    g->variants[v].values[x].summary);
    }
    cr_expect_gt(quotes, 50, "only %d quoted passages found", quotes);
}
