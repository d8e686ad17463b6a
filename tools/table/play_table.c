/*
 * play_table.c - a person's decision at the table (play_table.h): the table drawn,
 * the prompt, the answer read and matched, "?" and "quit".
 */
#include "play_table.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "action.h"
#include "extras.h"
#include "infile.h"
#include "policy.h"

/* The longest answer read: a longer line is one wrong answer. */
enum { ANSWER_MAX = 1024 };

static const char *bold(const table *t) { return t->color ? "\x1b[1m" : ""; }

static const char *plain(const table *t) { return t->color ? "\x1b[0m" : ""; }

bool table_has_person(const ud_match *m)
{
    for (int i = 0; i < m->setup.n_players; i++)
        if (m->policy[i].def == &ud_policy_human)
            return true;
    return false;
}

/* What happened since the table last asked: the record's lines (the last
 * SINCE_MAX of them, the earlier ones counted), state lines left out. */
static void since(table *t)
{
    enum { SINCE_MAX = 12 };
    if (!t->record)
        return;
    int first = t->said, n = t->record->n, shown = 0;
    for (int i = first; i < n; i++)
        shown += t->record->lines[i].text[0] != '=';
    int skip = shown > SINCE_MAX ? shown - SINCE_MAX : 0;
    if (shown)
        fputc('\n', t->out);
    if (skip)
        fprintf(t->out, "  (%d earlier lines of the record)\n", skip);
    for (int i = first; i < n; i++) {
        if (t->record->lines[i].text[0] == '=' || skip-- > 0)
            continue;
        fprintf(t->out, "  %s\n", t->record->lines[i].text);
    }
    t->said = n;
}

/* The table as the game draws it for a terminal, from what the seat sees. */
static void draw(const table *t, const ud_game *g, const void *state, int seat)
{
    ud_buf b;
    ud_buf_init(&b);
    char caption[160];
    snprintf(caption, sizeof caption, "%s to choose", t->m->setup.names[seat]);
    if (g->draw_text)
        g->draw_text(g, state, &t->m->setup, caption, &b);
    else {
        ud_buf_printf(&b, "%s\n", caption);
        g->describe(g, state, &t->m->setup, &b);
        ud_buf_putc(&b, '\n');
    }
    fprintf(t->out, "\n%s", ud_buf_str(&b));
    ud_buf_free(&b);
}

/* Choice i as the record writes it (names from the setup). */
static void choice_words(const table *t, const ud_game *g, const ud_offers *o, int i, ud_buf *out)
{
    ud_buf_clear(out);
    ud_action_format(g, &t->m->setup, &o->action[i], out);
}

static void prompt(const table *t, const ud_game *g, int seat, const ud_offers *o)
{
    ud_buf w;
    ud_buf_init(&w);
    fprintf(t->out, "%s%s%s, choose:", bold(t), t->m->setup.names[seat], plain(t));
    for (int i = 0; i < o->n; i++) {
        choice_words(t, g, o, i, &w);
        fprintf(t->out, "%s %d) %s", o->n > 6 ? "\n " : (i ? "  " : ""), i + 1, ud_buf_str(&w));
    }
    fprintf(t->out, "%s(? explains them; odds; quit ends the game) > ", o->n > 6 ? "\n" : "   ");
    fflush(t->out);
    ud_buf_free(&w);
}

/* s with runs of blanks made one space, the ends trimmed, in lower case. */
static void normal(const char *s, ud_buf *out)
{
    ud_buf_clear(out);
    bool space = false;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            space = out->len > 0;
            continue;
        }
        if (space)
            ud_buf_putc(out, ' ');
        space = false;
        ud_buf_putc(out, (char)tolower((unsigned char)*s));
    }
    if (!out->len)
        ud_buf_puts(out, "");
}

/* The offer answer names: a choice's number, its words, or the one choice
 * they start; -1 with why said at the table. */
static int match(const table *t, const ud_game *g, const ud_offers *o, const char *answer)
{
    char *end;
    long num = strtol(answer, &end, 10);
    if (*answer && !*end)
        return num >= 1 && num <= o->n ? (int)num - 1 : -1;
    ud_buf w, n;
    ud_buf_init(&w);
    ud_buf_init(&n);
    int found = -1, matches = 0;
    size_t len = strlen(answer);
    for (int i = 0; i < o->n; i++) {
        choice_words(t, g, o, i, &w);
        normal(ud_buf_str(&w), &n);
        if (strcmp(ud_buf_str(&n), answer) == 0) {
            found = i;
            matches = 1;
            break;
        }
        if (strncmp(ud_buf_str(&n), answer, len) == 0) {
            found = i;
            matches++;
        }
    }
    ud_buf_free(&w);
    ud_buf_free(&n);
    return matches == 1 ? found : (matches > 1 ? -2 : -1);
}

/* The players' FAQ question resting on rule id, or NULL. */
static const ud_faq_question *question_on(const ud_game *g, const char *id)
{
    const ud_game_extras *x = g->extras;
    const ud_faq_question *q = x && x->faq ? x->faq->questions : NULL;
    for (; q && q->id; q++)
        for (int i = 0; i < UD_FAQ_RULES && q->rules[i]; i++)
            if (strcmp(q->rules[i], id) == 0)
                return q;
    return NULL;
}

/* "?": each choice with what it means, in players' words where the
 * players' FAQ has them (the question and its answer on the rule that
 * offers it), else the rule's own summary and where it comes from. */
static void explain(const table *t, const ud_game *g, const ud_offers *o)
{
    ud_buf w;
    ud_buf_init(&w);
    for (int i = 0; i < o->n; i++) {
        choice_words(t, g, o, i, &w);
        fprintf(t->out, "%s%d) %s%s", bold(t), i + 1, ud_buf_str(&w), plain(t));
        const ud_rule *r = o->by[i];
        const ud_faq_question *q = r ? question_on(g, r->id) : NULL;
        bool said = false;
        for (int k = 0; k < i && !said; k++) /* the same rule offered an earlier choice */
            said = o->by[k] == r;
        if (said)
            fputs(": as above\n", t->out);
        else if (q)
            fprintf(t->out, ": %s\n   %s\n", q->ask, q->ruling);
        else if (r)
            fprintf(t->out, ": %s (%s, %s)\n", r->summary, r->source, r->section);
        else
            fputc('\n', t->out);
    }
    ud_buf_free(&w);
}

/* One answer read and acted on: the offer chosen (>= 0), -1 to ask
 * again, -2 when the input ended or the player quit. */
static int answer(table *t, const ud_game *g, const void *state, int seat, const ud_offers *o)
{
    char line[ANSWER_MAX + 1];
    size_t len;
    ud_line_status got = ud_infile_line(t->in, line, ANSWER_MAX, &len);
    if (got == UD_LINE_END) {
        if (ferror(t->in))
            t->read_error = errno ? errno : EIO;
        fputc('\n', t->out); /* the prompt's line ended, for what is said next */
        return -2;
    }
    if (got == UD_LINE_TOO_LONG) {
        fprintf(t->out, "an answer longer than %d bytes is not one of the choices\n", ANSWER_MAX);
        return -1;
    }
    if (got == UD_LINE_NUL) {
        fprintf(t->out, "an answer holding a NUL byte (at byte %zu) is not one of the choices\n", len + 1);
        return -1;
    }
    ud_buf a;
    ud_buf_init(&a);
    normal(line, &a);
    const char *s = ud_buf_str(&a);
    int pick = -1;
    if (strcmp(s, "quit") == 0) {
        t->quit = true;
        pick = -2;
    } else if (strcmp(s, "?") == 0 || strcmp(s, "help") == 0)
        explain(t, g, o);
    else if (strcmp(s, "odds") == 0)
        table_odds(t, g, state, seat, o);
    else if (*s && (pick = match(t, g, o, s)) < 0) {
        ud_buf shown;
        ud_buf_init(&shown);
        fprintf(t->out, "'%s' %s: type its number, its words or their start\n", ud_escaped(&shown, line),
                pick == -2 ? "starts more than one choice" : "is not one of the choices");
        ud_buf_free(&shown);
        pick = -1;
    }
    ud_buf_free(&a);
    return pick;
}

/* The human policy's front-end (policy.h): the table, then ask until an
 * answer names a choice. */
static int choose(void *ctx, const ud_game *g, const void *state, int seat, const ud_offers *o)
{
    table *t = ctx;
    t->decisions++;
    since(t);
    draw(t, g, state, seat);
    for (;;) {
        prompt(t, g, seat, o);
        int pick = answer(t, g, state, seat, o);
        if (pick != -1)
            return pick >= 0 ? pick : -1;
    }
}

void table_begin(table *t, const ud_match *m, FILE *in, FILE *out, const capture *record, const void *live)
{
    const char *no_color = getenv("NO_COLOR");
    *t = (table){ .m = m, .in = in, .out = out, .record = record, .live = live };
    t->color = isatty(fileno(out)) && !(no_color && *no_color) && getenv("TERM") &&
               strcmp(getenv("TERM"), "dumb") != 0;
    ud_policy_human_front(choose, t);
}

void table_end(table *t)
{
    (void)t;
    ud_policy_human_front(NULL, NULL);
}

void table_say_end(const table *t, const ud_result *res)
{
    const ud_setup *s = &t->m->setup;
    fprintf(t->out, "\n%sThe game is over.%s", bold(t), plain(t));
    if (res->winner >= 0)
        fprintf(t->out, " %s wins.", s->names[res->winner]);
    else if (res->winner == -2)
        fputs(" A shared result.", t->out);
    fputc('\n', t->out);
    for (int i = 0; i < s->n_players; i++) {
        static const char *const said[] = { "playing", "won", "won, shared", "lost", "out" };
        int k = res->outcome[i] < 5 ? res->outcome[i] : 0;
        fprintf(t->out, "  %s: %d (%s)\n", s->names[i], res->score[i], said[k]);
    }
}
