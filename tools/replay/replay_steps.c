/*
 * replay_steps.c - a record cut into steps: one per line that gives an
 * outcome or a decision (the lines that go on a chance line of the same
 * verb, where no row fires between, join its step), each the position
 * the checker reaches when it reads the record up to that line.  Each step
 * is a replay from the start (ud_check with stop_after_line): simple, the
 * same code `undead check` and `undead show --at` run, and quadratic in
 * the record's length, which REPLAY_MAX_STEPS bounds.
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

/* The record's steps, into r (room for every input line and the set-up).
 * A refused line ends them (r->departs); a refusal that is no rule's (the
 * record cannot be checked: a limit of undead's) is why, false. */
static bool walk(replay *r, const char *shown, ud_buf *why)
{
    const ud_transcript *t = r->t;
    static unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    uint64_t *before = calloc(UD_MAX_RULES, sizeof *before), *after = calloc(UD_MAX_RULES, sizeof *after);
    bool ok = before && after;
    int prev_line = 0;
    ud_check_result res;
    for (int i = -1; ok && i < t->n && !r->departs; i++) {
        if (i >= 0 && !is_input(&t->lines[i]))
            continue;
        /* the set-up: as far as the rules go before the first input line */
        int line = i >= 0 ? t->lines[i].line : 0;
        if (i < 0) {
            int j = 0;
            while (j < t->n && !is_input(&t->lines[j]))
                j++;
            line = j < t->n ? t->lines[j].line - 1 : t->last_line;
        }
        if (check_to(t, line > 0 ? line : 1, state, after, &res, &r->err) != 0) {
            if (r->err.input || r->err.limit) {
                ud_buf_printf(why, "line %d: %s", r->err.line, r->err.msg);
                ok = false;
                break;
            }
            departure(r, line, &res);
            if (!r->n) /* refused before any position: a step with none drawn */
                r->steps[r->n++] = (replay_step){ .first_line = 1, .line = r->err.line, .state = strdup("") };
            r->depart_step = r->n - 1;
            break;
        }
        add_step(r, prev_line + 1, line, state, before, after, res.complete, shown);
        prev_line = line;
        uint64_t *swap = before;
        before = after;
        after = swap;
    }
    free(before);
    free(after);
    return ok;
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
