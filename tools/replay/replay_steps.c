/*
 * replay_steps.c - a record cut into steps: one per line that gives an
 * outcome or a decision (the lines that go on a chance line of the same
 * verb, where no row fires between, join its step), each the position
 * the checker reaches when it reads the record up to that line: what
 * ud_check with stop_after_line gives, the code `undead check` and
 * `undead show --at` run.  One check of the whole record gives those
 * positions as it passes them (ud_check_opts.at_input); the last step and a
 * departure get a check each, so the cost is linear in the record's
 * length (REPLAY_MAX_STEPS bounds the page, not the time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"
#include "check.h"
#include "games.h"
#include "replay.h"
#include "replay_steps.h"

static bool is_input(const ud_tline *l) { return l->kind == UD_TL_CHANCE || l->kind == UD_TL_DECIDE; }

static int count_inputs(const ud_transcript *t)
{
    int n = 0;
    for (int i = 0; i < t->n; i++)
        n += is_input(&t->lines[i]);
    return n;
}

/* The position after line `line` (0: the whole record) into state, the
 * rows fired so far into fired (UD_MAX_RULES, zeroed here). */
static int check_to(const ud_transcript *t, int line, void *state, uint64_t *fired, ud_check_result *res,
                    ud_error *err)
{
    memset(fired, 0, UD_MAX_RULES * sizeof *fired);
    memset(err, 0, sizeof *err);
    ud_check_opts co = { .stop_after_line = line, .state_out = state, .fired = fired };
    return ud_check(t, &co, res, err);
}

/* The rows that fired between two counts. */
static void rows_between(const ud_game *g, const uint64_t *before, const uint64_t *after, replay_step *s)
{
    s->n_rows = 0;
    for (int i = 0; i < g->n_rules; i++)
        if (after[i] > before[i])
            s->n_rows++;
    s->rows = s->n_rows ? calloc((size_t)s->n_rows, sizeof *s->rows) : NULL;
    if (!s->rows) {
        s->n_rows = 0;
        return;
    }
    for (int i = 0, k = 0; i < g->n_rules; i++)
        if (after[i] > before[i])
            s->rows[k++] = (replay_row){ .rule = i, .times = after[i] - before[i] };
}

/* The drawing and state line of state into s. */
static void draw_step(const ud_transcript *t, const void *state, const char *caption, replay_step *s)
{
    const ud_game *g = t->game;
    ud_buf b;
    ud_buf_init(&b);
    if (g->draw_svg) {
        g->draw_svg(g, state, &t->setup, caption, &b);
        s->svg = strdup(ud_buf_str(&b));
    }
    ud_buf_clear(&b);
    g->describe(g, state, &t->setup, &b);
    s->state = strdup(ud_buf_str(&b));
    ud_buf_free(&b);
}

/* The departure at line `line`'s check: named as `undead check` names it
 * (blame.h), into r; the position shown is the step before's. */
static void departure(replay *r, int line, const ud_check_result *res)
{
    const ud_game *g = r->t->game;
    ud_check_opts co = { .stop_after_line = line };
    ud_blame b;
    ud_blame_check(r->t, &co, res, &r->err, &b);
    if (b.kind != UD_BLAME_NONE)
        ud_blame_rule_ids(&b, r->err.rule, sizeof r->err.rule);
    ud_blame_evidence(g, &b, "the record", &r->evidence);
    char id[UD_ERROR_RULE_MAX];
    snprintf(id, sizeof id, "%.*s", (int)strcspn(r->err.rule, " "), r->err.rule);
    const ud_rule *rule = ud_game_rule(g, id);
    if (rule)
        ud_blame_rule_text(g, rule, "", "", &r->rule_text);
    r->departs = true;
}

/* Add the step that ends at `line` (first: the first line it reads), or
 * join it to the step before when no row fired since. */
static bool add_step(replay *r, int first, int line, const void *state, const uint64_t *before,
                     const uint64_t *after, bool over, const char *shown)
{
    const ud_game *g = r->t->game;
    bool quiet = r->n > 0;
    for (int i = 0; quiet && i < g->n_rules; i++)
        quiet = after[i] == before[i];
    if (quiet && !over) {
        r->steps[r->n - 1].line = line;
        return false;
    }
    replay_step *s = &r->steps[r->n++];
    *s = (replay_step){ .first_line = first, .line = line, .over = over };
    /* the caption names the record only: a step read up to later lines
     * (joined) keeps its drawing, and the page says which lines */
    draw_step(r->t, state, shown, s);
    rows_between(g, before, after, s);
    return true;
}

/* Where the walk through a record stands: the next input line to make a
 * step of (-1: the set-up), the last line a step read, and the firings
 * counted at the end of the step before. */
typedef struct walker {
    replay *r;
    const char *shown;
    int next;
    int prev_line;
    uint64_t *before;
    const uint64_t *fired; /* the one check's live counts (steps_in_one_check) */
} walker;

/* The last line of the step that ends at input line i (-1: the set-up, as
 * far as the rules go before the first input line). */
static int step_line(const ud_transcript *t, int i)
{
    if (i >= 0)
        return t->lines[i].line;
    int j = 0;
    while (j < t->n && !is_input(&t->lines[j]))
        j++;
    return j < t->n ? t->lines[j].line - 1 : t->end_line;
}

static int next_input(const ud_transcript *t, int i)
{
    do
        i++;
    while (i < t->n && !is_input(&t->lines[i]));
    return i;
}

/* The step that ends at input line w->next, at state with the firings
 * after; the walk moves on to the next input line. */
static void take_step(walker *w, const void *state, const uint64_t *after, bool over)
{
    int line = step_line(w->r->t, w->next);
    add_step(w->r, w->prev_line + 1, line, state, w->before, after, over, w->shown);
    memcpy(w->before, after, UD_MAX_RULES * sizeof *w->before);
    w->prev_line = line;
    w->next = next_input(w->r->t, w->next);
}

/* ud_check_opts.at_input: a check cut before line index `next` ends here,
 * so does the check of every input line whose cut (stop_after_line, its
 * chance step read whole) leaves that line unread and that has no step
 * yet. */
static void at_input(void *ctx, int next, const void *state)
{
    walker *w = ctx;
    while (w->next < w->r->t->n && ud_transcript_step_end(w->r->t, w->next + 1) <= next)
        take_step(w, state, w->fired, false);
}

/* The steps one check of the whole record gives: every one whose position
 * the rules reached before the record's last outcome or decision, or its
 * first refused line.  The rest (the last step, the departure) are left
 * to one check each. */
static void steps_in_one_check(walker *w)
{
    uint64_t *fired = calloc(UD_MAX_RULES, sizeof *fired);
    if (!fired)
        return;
    w->fired = fired;
    ud_check_opts co = { .fired = fired, .at_input = at_input, .at_input_ctx = w };
    ud_check_result res;
    ud_error err;
    ud_check(w->r->t, &co, &res, &err);
    w->fired = NULL;
    free(fired);
}

/* A check of t cut after line `line` (the record's last: the whole) into
 * state and after; a refusal is the departure, r->departs (a refusal that
 * is no rule's is why, false).  True when the page goes on. */
static bool check_or_depart(replay *r, int line, void *state, uint64_t *after, ud_check_result *res,
                            ud_buf *why)
{
    if (check_to(r->t, line > 0 ? line : 1, state, after, res, &r->err) == 0)
        return true;
    if (r->err.input || r->err.limit) {
        ud_buf_printf(why, "line %d: %s", r->err.line, r->err.msg);
        return false;
    }
    departure(r, line, res);
    if (!r->n) /* refused before any position: a step with none drawn */
        r->steps[r->n++] = (replay_step){ .first_line = 1, .line = r->err.line, .state = strdup("") };
    r->depart_step = r->n - 1;
    return true;
}

/* The record's steps, into r (room for every input line and the set-up).
 * A refused line ends them (r->departs); a refusal that is no rule's (the
 * record cannot be checked: a limit of undead's) is why, false. */
static bool walk(replay *r, const char *shown, ud_buf *why)
{
    const ud_transcript *t = r->t;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    uint64_t *before = calloc(UD_MAX_RULES, sizeof *before), *after = calloc(UD_MAX_RULES, sizeof *after);
    walker w = { .r = r, .shown = shown, .next = -1, .before = before };
    bool ok = before && after;
    if (ok)
        steps_in_one_check(&w);
    ud_check_result res;
    while (ok && w.next < t->n && !r->departs) {
        int line = step_line(t, w.next);
        ok = check_or_depart(r, line, state, after, &res, why);
        if (ok && !r->departs)
            take_step(&w, state, after, res.complete);
    }
    /* the steps end at the last outcome or decision; the lines after it
     * (the last scores, the winner) are read by no step's check: one
     * check of the whole record reads them, and a refusal there is the
     * record's departure, at its last step */
    if (ok && !r->departs)
        ok = check_or_depart(r, t->end_line, state, after, &res, why);
    free(before);
    free(after);
    return ok;
}

/* A record of a seed and policies only whose check refuses a line of its
 * own (an 'over' the rules' game does not end with): the rules' game
 * cannot be regenerated to step through, so the page is the departure
 * alone, on one step with no position, as a record refused before its
 * first position is (walk); exit 1 as check, not a page refused. */
static bool seed_only_departs(replay *r, const ud_check_result *res, const ud_error *err)
{
    r->steps = calloc(1, sizeof *r->steps);
    if (!r->steps)
        return false;
    r->err = *err;
    departure(r, err->line, res);
    r->steps[r->n++] = (replay_step){ .first_line = 1, .line = err->line, .state = strdup("") };
    r->depart_step = 0;
    return true;
}

/* A record of a seed and policies only: stepped through as the rules play
 * it, from its canonical record (the checker's regeneration). */
static bool canonical(const ud_transcript *t, replay *r, ud_buf *why)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        ud_buf_puts(why, "out of memory");
        return false;
    }
    ud_check_opts co = { .regen = f };
    ud_check_result res;
    ud_error err = { 0 };
    int rc = ud_check(t, &co, &res, &err);
    bool ok = fclose(f) == 0 && text;
    if (ok && rc != 0 && !err.input && !err.limit && !err.internal && err.line > 0) {
        free(text);
        if (seed_only_departs(r, &res, &err))
            return true;
        ud_buf_puts(why, "out of memory");
        return false;
    }
    if (ok && rc != 0) {
        ud_buf_printf(why, "line %d: %s%s%s", err.line, err.rule, err.rule[0] ? ": " : "", err.msg);
        ok = false;
    }
    if (ok && ud_transcript_parse(text, len, ud_find_game, &r->own, &err) != 0) {
        ud_buf_printf(why, "the canonical record, line %d: %s", err.line, err.msg);
        ok = false;
    }
    if (ok) {
        r->t = &r->own;
        r->canonical = true;
        r->own_text = text;
        r->text = text;
        r->len = len;
    } else
        free(text);
    return ok;
}

bool replay_steps(const ud_transcript *t, const char *text, size_t len, const char *shown, replay *r,
                  ud_buf *why)
{
    memset(r, 0, sizeof *r);
    ud_buf_init(&r->evidence);
    ud_buf_init(&r->rule_text);
    r->t = t;
    r->text = text;
    r->len = len;
    if (!count_inputs(t) && !canonical(t, r, why))
        return false;
    if (r->departs)
        return true;
    int inputs = count_inputs(r->t);
    if (inputs + 1 > REPLAY_MAX_STEPS) {
        ud_buf_printf(why, "%d outcomes and decisions: the page steps through at most %d", inputs,
                      REPLAY_MAX_STEPS - 1);
        return false;
    }
    r->steps = calloc((size_t)inputs + 1, sizeof *r->steps);
    if (!r->steps) {
        ud_buf_puts(why, "out of memory");
        return false;
    }
    return walk(r, shown, why);
}

void replay_free(replay *r)
{
    for (int i = 0; i < r->n; i++) {
        free(r->steps[i].svg);
        free(r->steps[i].state);
        free(r->steps[i].rows);
    }
    free(r->steps);
    if (r->canonical)
        ud_transcript_free(&r->own);
    free(r->own_text);
    ud_buf_free(&r->evidence);
    ud_buf_free(&r->rule_text);
}
