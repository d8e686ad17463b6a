/*
 * test_check_errors.c - the checker on every registered game: a played
 * game's transcript, changed in one place, must fail ud_check at the line
 * changed, naming the rule that refuses it (or none, for input outside any
 * rule) and saying what the rules wanted.  The changes are made from the
 * game's own lines (its chance verbs, its rule tags, its players), so no
 * game is named here; the checker's exact messages on hand-written
 * records are in test_check_messages.c, a game's own rulings in its own
 * suites (spec/GAME/tests/).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Lines of a transcript: a played game of two random seats (the
 * board game's step 4 makes every zombie's move a line, and each decision
 * a state line too) runs past 4,000. */
enum { MAX_LINES = 8192 };

/* A transcript as editable lines (1-based: line[1] is the file's line 1). */
typedef struct doc {
    char *line[MAX_LINES + 1];
    int n;
} doc;

static void doc_split(doc *d, const char *text)
{
    memset(d, 0, sizeof *d);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        cr_assert_lt(d->n, MAX_LINES);
        d->line[++d->n] = strndup(p, len);
        p += len + (nl != NULL);
    }
}

static char *doc_join(const doc *d, int upto)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    for (int i = 1; i <= upto && i <= d->n; i++)
        if (d->line[i])
            fprintf(f, "%s\n", d->line[i]);
    fclose(f);
    return out;
}

static void doc_set(doc *d, int i, const char *text)
{
    free(d->line[i]);
    d->line[i] = strdup(text);
}

static void doc_free(doc *d)
{
    for (int i = 1; i <= d->n; i++)
        free(d->line[i]);
}

static bool starts_with_word(const char *line, const char *word)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == ' ' || line[n] == '\0');
}

static bool is_chance(const ud_game *g, const char *line)
{
    char verb[64];
    snprintf(verb, sizeof verb, "%.*s", (int)strcspn(line, " "), line);
    return ud_game_is_chance_event(g, verb);
}

/* The text of a line without its padding and tag; the tag in *tag. */
static void untag(const char *line, char *text, size_t size, char *tag, size_t tag_size)
{
    const char *b = strrchr(line, '[');
    size_t len = b ? (size_t)(b - line) : strlen(line);
    while (len > 0 && line[len - 1] == ' ')
        len--;
    snprintf(text, size, "%.*s", (int)len, line);
    tag[0] = '\0';
    if (b)
        snprintf(tag, tag_size, "%.*s", (int)strcspn(b + 1, "]"), b + 1);
}

/* A finished game of g with players seats, as lines. */
static void played(const ud_game *g, int players, doc *d)
{
    for (uint64_t seed = 1; seed < 50; seed++) {
        ud_result res;
        char *text = play_text(g, players, NULL, seed, &res, NULL);
        if (res.status == UD_OVER && res.decisions >= 2) {
            doc_split(d, text);
            free(text);
            return;
        }
        free(text);
    }
    cr_assert_fail("%s: no seeded game of %d players ended after two decisions", g->name, players);
}

static int two_or_more(const ud_game *g)
{
    return g->max_players >= 2 ? (g->min_players > 2 ? g->min_players : 2) : 1;
}

static void expect_error(const ud_game *g, const doc *d, int upto, int line, const char *rule,
                         const char *phrase, const char *what)
{
    char *text = doc_join(d, upto);
    run r;
    run_text(&r, text);
    cr_assert_eq(r.status, RUN_CHECK_ERROR, "%s, %s: expected a check error; status %d (%d:%d %s)\n%s",
                 g->name, what, r.status, r.err.line, r.err.col, r.err.msg, text);
    cr_assert_eq(r.err.line, line, "%s, %s: error line %d, expected %d: %s", g->name, what, r.err.line, line,
                 r.err.msg);
    if (rule)
        cr_assert_str_eq(r.err.rule, rule, "%s, %s: error rule '%s', expected '%s': %s", g->name, what,
                         r.err.rule, rule, r.err.msg);
    cr_assert_not_null(strstr(r.err.msg, phrase), "%s, %s: message '%s' lacks '%s'", g->name, what, r.err.msg,
                       phrase);
    cr_assert_eq(r.err.internal, 0, "%s, %s: an input error is not internal: %s", g->name, what, r.err.msg);
    run_free(&r);
    free(text);
}

static int find_line(const ud_game *g, const doc *d, int from, bool (*want)(const ud_game *, const char *))
{
    for (int i = from; i <= d->n; i++)
        if (want(g, d->line[i]))
            return i;
    return 0;
}

static bool decide_line(const ud_game *g, const char *l)
{
    (void)g;
    return starts_with_word(l, "decide");
}
static bool chance_line(const ud_game *g, const char *l) { return is_chance(g, l); }
static bool state_line(const ud_game *g, const char *l)
{
    (void)g;
    return l[0] == '=' && l[1] == ' ';
}
static bool change_line(const ud_game *g, const char *l)
{
    return strchr(l, '[') && !is_chance(g, l) && !starts_with_word(l, "decide");
}

Test(check_errors, the_played_game_itself_passes)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        char *text = doc_join(&d, d.n);
        run r;
        run_text(&r, text);
        assert_ok(&r);
        cr_assert(r.res.complete);
        run_free(&r);
        free(text);
        doc_free(&d);
    }
}

Test(check_errors, events_after_the_game_ended)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int c = find_line(g, &d, 1, chance_line);
        cr_assert_gt(c, 0, "%s: a game without chance lines", g->name);
        char text[256], tag[64];
        untag(d.line[c], text, sizeof text, tag, sizeof tag);
        d.line[++d.n] = strdup(text);
        expect_error(g, &d, d.n, d.n, NULL, "the game is over; expected no more events",
                     "a chance line after the end");
        int dec = find_line(g, &d, 1, decide_line);
        untag(d.line[dec], text, sizeof text, tag, sizeof tag);
        doc_set(&d, d.n, text);
        expect_error(g, &d, d.n, d.n, NULL, "the game is over; expected no more events, found 'decide'",
                     "a decision after the end");
        doc_free(&d);
    }
}

Test(check_errors, decide_by_the_wrong_player)
{
    FOR_EACH_GAME(g)
    {
        if (g->max_players < 2)
            continue;
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, decide_line);
        cr_assert_gt(i, 0);
        char text[256], tag[64], who[UD_NAME_MAX], rest[200];
        untag(d.line[i], text, sizeof text, tag, sizeof tag);
        cr_assert_eq(sscanf(text, "decide %23s %199[^\n]", who, rest), 2, "%s", text);
        const char *other = strcmp(who, "p1") == 0 ? "p2" : "p1";
        char changed[300], want[128];
        snprintf(changed, sizeof changed, "decide %s %s", other, rest);
        doc_set(&d, i, changed);
        snprintf(want, sizeof want, "it is %s's decision, not %s's", who, other);
        expect_error(g, &d, d.n, i, tag, want, "the wrong player decides");
        doc_free(&d);
    }
}

Test(check_errors, an_action_not_offered_is_refused_at_its_line)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, decide_line);
        char text[256], tag[64], who[UD_NAME_MAX];
        untag(d.line[i], text, sizeof text, tag, sizeof tag);
        cr_assert_eq(sscanf(text, "decide %23s", who), 1);
        char changed[300];
        snprintf(changed, sizeof changed, "decide %s no-such-action", who);
        doc_set(&d, i, changed);
        /* Refused when read (an unknown action is a malformed line) or
         * by the rules: either way at this line. */
        char *t = doc_join(&d, d.n);
        run r;
        run_text(&r, t);
        cr_assert_neq(r.status, RUN_OK, "%s: 'no-such-action' was accepted", g->name);
        cr_assert_eq(r.err.line, i, "%s: error at %d, expected %d: %s", g->name, r.err.line, i, r.err.msg);
        cr_assert_not_null(strstr(r.err.msg, "no-such-action"), "%s: %s", g->name, r.err.msg);
        run_free(&r);
        free(t);
        doc_free(&d);
    }
}

Test(check_errors, chance_outcome_that_cannot_happen)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, chance_line);
        char text[256], tag[64], verb[64];
        untag(d.line[i], text, sizeof text, tag, sizeof tag);
        snprintf(verb, sizeof verb, "%.*s", (int)strcspn(text, " "), text);
        char changed[300];
        snprintf(changed, sizeof changed, "%s no-such-outcome%s", verb,
                 strchr(text, ' ')
                     ? strchr(strchr(text, ' ') + 1, ' ') ? strchr(strchr(text, ' ') + 1, ' ') : ""
                     : "");
        doc_set(&d, i, changed);
        expect_error(g, &d, d.n, i, tag, "'no-such-outcome' cannot happen here", "an impossible outcome");
        doc_free(&d);
    }
}

Test(check_errors, change_line_the_rules_do_not_make)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, change_line);
        cr_assert_gt(i, 0, "%s: no change line", g->name);
        doc_set(&d, i, "nothing-we-know happened");
        expect_error(g, &d, d.n, i, NULL, "the rules do not produce 'nothing-we-know happened' here",
                     "an invented change line");
        doc_free(&d);
    }
}

Test(check_errors, line_with_the_wrong_tag)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        bool (*kinds[])(const ud_game *, const char *) = { change_line, chance_line, decide_line };
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            int i = find_line(g, &d, 1, kinds[k]);
            char text[256], tag[64];
            untag(d.line[i], text, sizeof text, tag, sizeof tag);
            if (!tag[0])
                continue;
            /* Another rule of the game. */
            const char *other = strcmp(g->rules[0].id, tag) ? g->rules[0].id : g->rules[1].id;
            char *saved = strdup(d.line[i]);
            char changed[400], want[160];
            snprintf(changed, sizeof changed, "%s [%s]", text, other);
            doc_set(&d, i, changed);
            snprintf(want, sizeof want, "tagged [%s], but the rule that does this is [%s]", other, tag);
            expect_error(g, &d, d.n, i, tag, want, "a wrong tag");
            doc_set(&d, i, saved);
            free(saved);
        }
        doc_free(&d);
    }
}

Test(check_errors, state_lines_are_checked)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, state_line);
        cr_assert_gt(i, 0, "%s: no state line", g->name);
        char *saved = strdup(d.line[i]);
        doc_set(&d, i, "= no-such-key=1");
        /* the row it is refused at varies by game (test_check_messages.c
         * holds one game's) */
        expect_error(g, &d, d.n, i, NULL, "state: unknown key in 'no-such-key=1'", "an unknown state key");
        /* A known key with a wrong value. */
        char key[64], changed[128], want[160];
        cr_assert_eq(sscanf(saved, "= %63[^=]=", key), 1, "%s", saved);
        snprintf(changed, sizeof changed, "= %s=no-such-value", key);
        doc_set(&d, i, changed);
        snprintf(want, sizeof want, "found %s=no-such-value", key);
        expect_error(g, &d, d.n, i, NULL, want, "a wrong state value");
        free(saved);
        doc_free(&d);
    }
}

/* A seeded game's record without its decide lines: the seats' policies
 * decide as they did when it was played, and each state line is checked
 * where it stands (where the game waits for that decision), not at the
 * next chance line nor at the end of the game.  Of state lines that stood
 * at decisions with nothing written between them only the first is kept:
 * without the decide lines, nothing in the record tells those places
 * apart.  (The same with the outcomes left to the seed as well is in the
 * card game's suite: there a state line written before a chance line
 * stands before that outcome.) */
Test(check_errors, state_lines_checked_where_they_stand_without_decide_lines)
{
    FOR_EACH_GAME(g)
    {
        doc all, d = { .n = 0 };
        played(g, two_or_more(g), &all);
        int states = 0;
        for (int i = 1; i <= all.n; i++)
            if (!starts_with_word(all.line[i], "decide") &&
                !(state_line(g, all.line[i]) && d.n > 0 && state_line(g, d.line[d.n]))) {
                d.line[++d.n] = strdup(all.line[i]);
                states += state_line(g, all.line[i]);
            }
        doc_free(&all);
        cr_assert_gt(states, 1, "%s: fewer than two state lines", g->name);
        char *text = doc_join(&d, d.n);
        run r;
        run_text(&r, text);
        cr_assert_eq(r.status, RUN_OK, "%s: %d: %s\n%s", g->name, r.err.line, r.err.msg, text);
        run_free(&r);
        free(text);
        /* the first state line, one value changed: refused at its line,
         * with the value the game has there */
        int i = find_line(g, &d, 1, state_line);
        char key[64], value[256], changed[128], want[512];
        cr_assert_eq(sscanf(d.line[i], "= %63[^=]=%255s", key, value), 2, "%s", d.line[i]);
        snprintf(changed, sizeof changed, "= %s=no-such-value", key);
        doc_set(&d, i, changed);
        text = doc_join(&d, d.n);
        run_text(&r, text);
        cr_assert_eq(r.status, RUN_CHECK_ERROR, "%s: expected a check error\n%s", g->name, text);
        cr_assert_eq(r.err.line, i, "%s: error line %d, expected %d: %s", g->name, r.err.line, i, r.err.msg);
        snprintf(want, sizeof want, "state: expected %s=%s, found %s=no-such-value", key, value, key);
        cr_assert_str_eq(r.err.msg, want, "%s", g->name);
        run_free(&r);
        free(text);
        doc_free(&d);
    }
}

Test(check_errors, transcript_ending_where_the_rules_need_an_outcome)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        /* Without the seed, the outcomes can come only from the lines. */
        for (int i = 1; i <= d.n; i++)
            if (starts_with_word(d.line[i], "seed"))
                doc_set(&d, i, "# no seed");
        int i = find_line(g, &d, 1, chance_line);
        cr_assert_gt(i, 0);
        /* Cut just before a chance line that follows a decision. */
        int dec = find_line(g, &d, i, decide_line);
        int cut = dec ? find_line(g, &d, dec, chance_line) : 0;
        if (!cut)
            cut = i;
        char want[128];
        char verb[64];
        snprintf(verb, sizeof verb, "%.*s", (int)strcspn(d.line[cut], " "), d.line[cut]);
        snprintf(want, sizeof want, "the transcript ends, but the rules need a '%s' outcome next", verb);
        expect_error(g, &d, cut - 1, cut - 1, NULL, want, "a cut transcript");
        /* A partial transcript may end there. */
        char *text = doc_join(&d, cut - 1);
        size_t len = strlen(text);
        text = realloc(text, len + 16);
        char *body = strstr(text, "\nplayer ");
        cr_assert_not_null(body);
        memmove(body + 9, body + 1, len - (size_t)(body + 1 - text) + 1);
        memcpy(body + 1, "partial\n", 8);
        run r;
        run_text(&r, text);
        assert_ok(&r);
        cr_assert_eq(r.res.complete, 0, "%s", g->name);
        run_free(&r);
        free(text);
        doc_free(&d);
    }
}

/* The played game with a "complete" header line (line 3): every change
 * line is written, so it passes. */
static void played_complete(const ud_game *g, doc *d)
{
    played(g, two_or_more(g), d);
    cr_assert_lt(d->n, MAX_LINES);
    memmove(&d->line[4], &d->line[3], sizeof d->line[0] * (size_t)(d->n - 2));
    d->line[3] = strdup("complete");
    d->n++;
}

Test(check_errors, complete_record_passes)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played_complete(g, &d);
        char *text = doc_join(&d, d.n);
        run r;
        run_text(&r, text);
        assert_ok(&r);
        cr_assert(r.res.complete);
        run_free(&r);
        free(text);
        doc_free(&d);
    }
}

/* Leaving a line out of a complete record fails at the line it belongs
 * before (which takes its number), naming the rule that produced it. */
Test(check_errors, complete_record_missing_a_change_line)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played_complete(g, &d);
        int i = find_line(g, &d, 1, change_line);
        cr_assert_gt(i, 0, "%s: no change line", g->name);
        char text[256], tag[64], next[256], next_tag[64], want[700];
        untag(d.line[i], text, sizeof text, tag, sizeof tag);
        untag(d.line[i + 1], next, sizeof next, next_tag, sizeof next_tag);
        free(d.line[i]);
        d.line[i] = NULL;
        snprintf(want, sizeof want, "the record is complete, but '%s' is missing here, before '%s'", text,
                 next);
        expect_error(g, &d, d.n, i, tag, want, "a change line left out of a complete record");
        doc_free(&d);
    }
}

/* Two change lines swapped: the second written is out of order, and the
 * message says before which line it belongs. */
Test(check_errors, change_lines_out_of_order)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        char a[256], a_tag[64], b[256], b_tag[64];
        int i = 0;
        for (int k = 1; k < d.n && !i; k++) {
            if (!change_line(g, d.line[k]) || !change_line(g, d.line[k + 1]))
                continue;
            untag(d.line[k], a, sizeof a, a_tag, sizeof a_tag);
            untag(d.line[k + 1], b, sizeof b, b_tag, sizeof b_tag);
            if (strcmp(a, b) != 0)
                i = k;
        }
        cr_assert_gt(i, 0, "%s: no two different change lines in a row", g->name);
        char *first = d.line[i];
        d.line[i] = d.line[i + 1];
        d.line[i + 1] = first;
        char want[700];
        snprintf(want, sizeof want, "'%s' is out of order: the rules produce it before line %d ('%s')", a, i,
                 b);
        expect_error(g, &d, d.n, i + 1, a_tag, want, "two change lines swapped");
        doc_free(&d);
    }
}

/* A change line that differs is reported with the rule of the line it
 * should have been, whatever its tag says. */
Test(check_errors, differing_line_with_a_tag_naming_no_rule)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        int i = find_line(g, &d, 1, change_line);
        char text[256], tag[64], changed[300], want[800];
        untag(d.line[i], text, sizeof text, tag, sizeof tag);
        snprintf(changed, sizeof changed, "%sx [NO-SUCH-RULE]", text);
        doc_set(&d, i, changed);
        snprintf(want, sizeof want,
                 "expected '%s', found '%sx' (tagged [NO-SUCH-RULE], but %s has no rule of that name)", text,
                 text, g->name);
        expect_error(g, &d, d.n, i, tag, want, "a differing line tagged with no rule");
        doc_free(&d);
    }
}

Test(check_errors, no_outcomes_and_no_seed)
{
    FOR_EACH_GAME(g)
    {
        if (!g->chance_events || !g->chance_events[0])
            continue;
        char text[256];
        snprintf(text, sizeof text, "%splayer p1\nplayer p2\ndecide p1 anything\n", game_header(g));
        if (g->max_players < 2)
            snprintf(text, sizeof text, "%splayer p1\ndecide p1 anything\n", game_header(g));
        run r;
        run_text(&r, text);
        cr_assert_neq(r.status, RUN_OK, "%s", g->name);
        if (r.status == RUN_CHECK_ERROR)
            cr_assert_not_null(
                strstr(r.err.msg, "expected chance lines (the outcomes) or a 'seed N' header line"), "%s: %s",
                g->name, r.err.msg);
        run_free(&r);
    }
}

/* A record that needs an outcome and has neither chance lines nor a seed
 * cannot be checked: an input error, not a rule's refusal. */
Test(check_errors, header_only_without_a_seed_is_an_input_error)
{
    FOR_EACH_GAME(g)
    {
        if (!g->chance_events || !g->chance_events[0])
            continue;
        char text[256];
        snprintf(text, sizeof text, "%splayer p1\n%s", game_header(g),
                 g->min_players > 1 ? "player p2\n" : "");
        run r;
        run_text(&r, text);
        cr_assert_eq(r.status, RUN_CHECK_ERROR, "%s", g->name);
        cr_assert_eq(r.err.input, 1, "%s: %s", g->name, r.err.msg);
        cr_assert_str_eq(r.err.rule, "", "%s", g->name);
        cr_assert_eq(strncmp(r.err.msg, "the record cannot be checked from here: the rules need a '", 58), 0,
                     "%s: %s", g->name, r.err.msg);
        cr_assert_not_null(strstr(r.err.msg, "and it has no chance lines and no seed; expected chance lines "
                                             "(the outcomes) or a 'seed N' header line"),
                           "%s: %s", g->name, r.err.msg);
        run_free(&r);
    }
}

Test(check_errors, seeded_replay_is_bounded)
{
    FOR_EACH_GAME(g)
    {
        doc d;
        played(g, two_or_more(g), &d);
        /* Only the header: the seed and the policies replay the game. */
        int header = 1;
        while (header < d.n &&
               (starts_with_word(d.line[header + 1], "variant") ||
                starts_with_word(d.line[header + 1], "player") ||
                starts_with_word(d.line[header + 1], "game") || starts_with_word(d.line[header + 1], "seed")))
            header++;
        char *text = doc_join(&d, header);
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
        cr_assert(t.has_seed);
        ud_check_result res;
        ud_check_opts opts = { .max_decisions = 0 };
        cr_assert_eq(ud_check(&t, &opts, &res, &err), 0, "%s: the seeded replay fails: %s", g->name, err.msg);
        cr_assert(res.complete);
        cr_assert_gt(res.decisions, 1);
        opts.max_decisions = 1;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_check(&t, &opts, &res, &err), -1, "%s", g->name);
        cr_assert_not_null(strstr(err.msg, "no end after 1 decisions; giving up"), "%s: %s", g->name,
                           err.msg);
        ud_transcript_free(&t);
        free(text);
        doc_free(&d);
    }
}
