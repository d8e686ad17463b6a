/*
 * policy.c - policy lookup, and the two policies every game has.
 */
#include "policy.h"

#include "action.h"
#include "infile.h"
#include "setup.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static FILE *human_in, *human_out;
static ud_human_front human_front;
static void *human_front_ctx;

void ud_policy_human_io(FILE *in, FILE *out)
{
    human_in = in;
    human_out = out;
}

void ud_policy_human_front(ud_human_front front, void *ctx)
{
    human_front = front;
    human_front_ctx = ctx;
}

static int random_choose(const ud_game *g, const void *state, int seat, int param, const ud_offers *o,
                         ud_rng *rng)
{
    return (int)ud_rng_below(rng, (uint32_t)o->n);
}

/* Split line into words in place; returns how many (at most max). */
static int split_words(char *line, char **words, int max)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < max; p = strtok(NULL, " \t\r\n"))
        words[n++] = p;
    return n;
}

/* The longest answer the human policy reads: far more than any choice,
 * and a line longer than it is one wrong answer, not several. */
enum { HUMAN_LINE_MAX = 1024 };

static void prompt(FILE *out, const ud_game *g, int seat, const ud_offers *o, ud_buf *text)
{
    fprintf(out, "seat %d, choose", seat + 1);
    for (int i = 0; i < o->n; i++) {
        ud_buf_clear(text);
        ud_action_format(g, NULL, &o->action[i], text);
        if (o->n > 9)
            fprintf(out, "%s %d) %s", i ? "," : "", i + 1, ud_buf_str(text));
        else
            fprintf(out, " %s%s", i ? "| " : "", ud_buf_str(text));
    }
    fputs(": ", out);
    fflush(out);
}

/* The choice line names (an action as a transcript writes it, the number
 * of a choice, or a unique prefix of one), or -1 with what was typed, its
 * words joined by single spaces, in typed. */
static int match_answer(const ud_game *g, const ud_offers *o, char *line, ud_buf *typed, ud_buf *text)
{
    char *words[UD_MAX_LINE_WORDS];
    int nw = split_words(line, words, UD_MAX_LINE_WORDS);
    ud_buf_clear(typed);
    for (int i = 0; i < nw; i++) /* as ud_action_format writes them */
        ud_buf_printf(typed, "%s%s", i ? " " : "", words[i]);
    char *end;
    long num = nw == 1 ? strtol(words[0], &end, 10) : 0;
    if (nw == 1 && o->n > 9 && *end == '\0' && num >= 1 && num <= o->n)
        return (int)num - 1;
    int found = -1, matches = 0;
    const char *want = ud_buf_str(typed);
    for (int i = 0; i < o->n && nw > 0; i++) {
        ud_buf_clear(text);
        ud_action_format(g, NULL, &o->action[i], text);
        const char *choice = ud_buf_str(text);
        if (strcmp(choice, want) == 0)
            return i;
        if (strncmp(choice, want, strlen(want)) == 0) {
            found = i;
            matches++;
        }
    }
    return matches == 1 ? found : -1;
}

/* Asks at the terminal until an answer names one choice, or the input
 * ends (-1).  One line is one answer, however long: a line longer than
 * HUMAN_LINE_MAX bytes, or holding a NUL byte, is refused whole. */
static int human_choose(const ud_game *g, const void *state, int seat, int param, const ud_offers *o,
                        ud_rng *rng)
{
    if (human_front)
        return human_front(human_front_ctx, g, state, seat, o);
    FILE *in = human_in ? human_in : stdin;
    FILE *out = human_out ? human_out : stderr;
    char line[HUMAN_LINE_MAX + 1];
    ud_buf text, typed, shown;
    ud_buf_init(&text);
    ud_buf_init(&typed);
    ud_buf_init(&shown);
    int found = -1;
    for (;;) {
        prompt(out, g, seat, o, &text);
        size_t len;
        ud_line_status got = ud_infile_line(in, line, HUMAN_LINE_MAX, &len);
        if (got == UD_LINE_END) {
            fputc('\n', out); /* the prompt's line ended, for what is said next */
            break;
        }
        if (got == UD_LINE_TOO_LONG)
            fprintf(out, "an answer longer than %d bytes is not one of the choices\n", HUMAN_LINE_MAX);
        else if (got == UD_LINE_NUL)
            fprintf(out, "an answer holding a NUL byte (at byte %zu) is not one of the choices\n", len + 1);
        else if ((found = match_answer(g, o, line, &typed, &text)) >= 0)
            break;
        else
            fprintf(out, "'%s' is not one of the choices\n", ud_escaped(&shown, ud_buf_str(&typed)));
    }
    ud_buf_free(&text);
    ud_buf_free(&typed);
    ud_buf_free(&shown);
    return found;
}

const ud_policy_def ud_policy_random = {
    "random", "choose uniformly among the allowed actions", 0, 0, random_choose, 0, 0, 0, 1
};
const ud_policy_def ud_policy_human = {
    "human", "ask at the terminal (stdin), showing the state first", 0, 0, human_choose, 0, 0, 0, 0
};

static const ud_policy_def *find_def(const ud_game *g, const char *name, size_t len)
{
    for (int i = 0; i < g->n_policies; i++)
        if (strlen(g->policies[i].name) == len && strncmp(g->policies[i].name, name, len) == 0)
            return &g->policies[i];
    const ud_policy_def *generic[] = { &ud_policy_random, &ud_policy_human };
    for (size_t i = 0; i < sizeof generic / sizeof generic[0]; i++)
        if (strlen(generic[i]->name) == len && strncmp(generic[i]->name, name, len) == 0)
            return generic[i];
    return NULL;
}

bool ud_policy_parse(const ud_game *g, const char *spec, ud_policy *out, ud_buf *err)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    const ud_policy_def *def = find_def(g, spec, len);
    if (!def) {
        ud_buf name, shown;
        ud_buf_init(&name);
        ud_buf_init(&shown);
        ud_buf_printf(&name, "%.*s", (int)len, spec);
        ud_buf_printf(err,
                      "unknown policy '%s' for %s; expected one of:", ud_escaped(&shown, ud_buf_str(&name)),
                      g->name);
        ud_buf_free(&name);
        ud_buf_free(&shown);
        for (int i = 0; i < g->n_policies; i++)
            ud_buf_printf(err, " %s", g->policies[i].name);
        ud_buf_puts(err, " random human");
        return false;
    }
    out->def = def;
    out->param = def->def_param;
    if (colon) {
        if (!def->has_param) {
            ud_buf_printf(err, "policy '%s' takes no ':N' parameter", def->name);
            return false;
        }
        int lo = def->min_param, hi = def->max_param ? def->max_param : 1000;
        /* read as every number an option takes: digits alone (a '-' only
         * where the policy takes a negative parameter) */
        const char *digits = colon + 1;
        bool neg = lo < 0 && digits[0] == '-';
        uint64_t mag = 0;
        bool ok = ud_parse_number(digits + neg, 0, 1000000, &mag);
        long v = neg ? -(long)mag : (long)mag;
        if (!ok || v < lo || v > hi) {
            ud_buf shown;
            ud_buf_init(&shown);
            ud_buf_printf(err, "policy '%s': expected a whole number %d..%d after ':', got '%s'", def->name,
                          lo, hi, ud_escaped(&shown, colon + 1));
            ud_buf_free(&shown);
            return false;
        }
        out->param = (int)v;
    }
    return true;
}

void ud_policy_format(const ud_policy *p, char *out, size_t size)
{
    if (p->def->has_param)
        snprintf(out, size, "%s:%d", p->def->name, p->param);
    else
        snprintf(out, size, "%s", p->def->name);
}

/* Apart, so the common case (no hidden information) has no 4 KiB view in
 * its stack frame. */
static __attribute__((noinline)) int choose_observed(const ud_policy *p, const ud_game *g, const void *state,
                                                     int seat, const ud_offers *offers, ud_rng *rng)
{
    unsigned char view[UD_MAX_STATE] __attribute__((aligned(16)));
    g->observe(state, seat, view);
    return p->def->choose(g, view, seat, p->param, offers, rng);
}

int ud_policy_choose(const ud_policy *p, const ud_game *g, const void *state, int seat,
                     const ud_offers *offers, ud_rng *rng)
{
    /* The policy sees only what its seat may see (with no state, as when a
     * caller asks a policy that needs none, there is nothing to hide). */
    if (p->def->offers_only)
        return p->def->choose(g, NULL, seat, p->param, offers, rng);
    if (__builtin_expect(g->observe != NULL && state != NULL, 0) &&
        (!g->observe_hides || g->observe_hides(state, seat)))
        return choose_observed(p, g, state, seat, offers, rng);
    return p->def->choose(g, state, seat, p->param, offers, rng);
}
