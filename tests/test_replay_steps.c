/*
 * test_replay_steps.c - the steps of `undead show --format html` (tools/
 * replay/replay_steps.c) come from one check of the whole record, passing
 * each position (ud_check_opts.at_input).  Each step must be what a check
 * of the record cut after that step's last line gives (stop_after_line),
 * the definition the page promises: the same drawing, the same state
 * line, and the rows that fired since the step before.  Checked on a
 * seeded game of every game and on golden records whose chance lines go
 * on over several lines, or whose rows draw after an outcome is refused.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "games.h"
#include "replay_steps.h"
#include "support.h"

/* The most steps of one record checked one by one (a check each: the
 * quadratic cost the page avoids), spread over the whole record. */
enum { MAX_CHECKED = 60 };

/* The position, drawing and firings of t cut after line `line`. */
static void cut_check(const ud_transcript *t, int line, ud_buf *state, ud_buf *svg, uint64_t *fired)
{
    const ud_game *g = t->game;
    static unsigned char pos[UD_MAX_STATE] __attribute__((aligned(16)));
    memset(fired, 0, UD_MAX_RULES * sizeof *fired);
    ud_check_opts co = { .stop_after_line = line > 0 ? line : 1, .state_out = pos, .fired = fired };
    ud_check_result res;
    ud_error err;
    cr_assert_eq(ud_check(t, &co, &res, &err), 0, "%s: line %d: %s", g->name, err.line, err.msg);
    g->describe(g, pos, &t->setup, state);
    if (g->draw_svg)
        g->draw_svg(g, pos, &t->setup, "case", svg);
}

static void same_rows(const ud_game *g, const replay_step *s, const uint64_t *before, const uint64_t *after)
{
    int k = 0;
    for (int i = 0; i < g->n_rules; i++) {
        if (after[i] == before[i])
            continue;
        cr_assert_lt(k, s->n_rows, "%s, lines %d-%d: row %s fired, not on the page", g->name, s->first_line,
                     s->line, g->rules[i].id);
        cr_assert_eq(s->rows[k].rule, i, "%s, lines %d-%d: %s on the page, %s by the check", g->name,
                     s->first_line, s->line, g->rules[s->rows[k].rule].id, g->rules[i].id);
        cr_assert_eq(s->rows[k].times, after[i] - before[i], "%s, lines %d-%d: %s", g->name, s->first_line,
                     s->line, g->rules[i].id);
        k++;
    }
    cr_assert_eq(k, s->n_rows, "%s, lines %d-%d: the page names rows the check did not fire", g->name,
                 s->first_line, s->line);
}

static bool is_input(const ud_tline *l) { return l->kind == UD_TL_CHANCE || l->kind == UD_TL_DECIDE; }

/* The line a step of the page is drawn at: its first outcome or decision
 * (the set-up: the line before the record's first), as the page's caption
 * says (the lines it reads on fire no row: the page joins them to it). */
static int made_at(const ud_transcript *t, int k, const replay_step *s)
{
    for (int i = 0; i < t->n; i++)
        if (is_input(&t->lines[i]) && (k == 0 || t->lines[i].line >= s->first_line))
            return k == 0 ? t->lines[i].line - 1 : t->lines[i].line;
    return t->last_line;
}

/* Every step of text's page (or MAX_CHECKED of them, evenly spread, with
 * the step before each) against a check cut where it ends; the count of
 * steps compared. */
static int compare_steps(const char *name, const char *text)
{
    ud_transcript t;
    ud_error e;
    memset(&e, 0, sizeof e);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &e), 0, "%s: %s", name, e.msg);
    replay r;
    ud_buf why;
    ud_buf_init(&why);
    cr_assert(replay_steps(&t, text, strlen(text), "case", &r, &why), "%s: %s", name, ud_buf_str(&why));
    cr_assert_not(r.departs, "%s: a legal record departs at line %d", name, r.err.line);
    cr_assert_gt(r.n, 1, "%s: a page of %d step", name, r.n);
    const ud_game *g = r.t->game;
    uint64_t *before = calloc(UD_MAX_RULES, sizeof *before), *after = calloc(UD_MAX_RULES, sizeof *after);
    cr_assert(before && after);
    int stride = r.n > MAX_CHECKED ? r.n / MAX_CHECKED : 1, compared = 0;
    for (int k = 0; k < r.n; k += stride) {
        ud_buf state, svg, ignored;
        ud_buf_init(&state);
        ud_buf_init(&svg);
        ud_buf_init(&ignored);
        if (k > 0)
            cut_check(r.t, made_at(r.t, k - 1, &r.steps[k - 1]), &ignored, &ignored, before);
        else
            memset(before, 0, UD_MAX_RULES * sizeof *before);
        const replay_step *s = &r.steps[k];
        cut_check(r.t, made_at(r.t, k, s), &state, &svg, after);
        cr_assert_str_eq(s->state, ud_buf_str(&state), "%s, step %d (lines %d-%d)", name, k, s->first_line,
                         s->line);
        if (g->draw_svg)
            cr_assert_str_eq(s->svg, ud_buf_str(&svg), "%s, step %d (lines %d-%d): not the same drawing",
                             name, k, s->first_line, s->line);
        same_rows(g, s, before, after);
        compared++;
        ud_buf_free(&state);
        ud_buf_free(&svg);
        ud_buf_free(&ignored);
    }
    free(before);
    free(after);
    replay_free(&r);
    ud_buf_free(&why);
    ud_transcript_free(&t);
    return compared;
}

Test(replay_steps, every_games_seeded_record_step_by_step)
{
    FOR_EACH_GAME(g)
    {
        ud_result res;
        char *text = play_text(g, g->max_players < 2 ? 1 : 2, NULL, 7, &res, NULL);
        cr_assert_gt(compare_steps(g->name, text), 1, "%s", g->name);
        free(text);
    }
}

/* Golden records where a chance line's outcomes go on in the next lines
 * (Stress Cards dealt one a line), where a row draws a tile after the
 * moves (the position it waits in is the draw's, not what its effect did
 * with no outcome), and a hand-written card game. */
Test(replay_steps, golden_records_with_runs_and_draws)
{
    static const char *const cases[] = {
        "golden/dotld/endgame/party-too-few.in",
        "golden/dotld/endgame/win-with-infected-only.in",
        "golden/zombies_board/examples/no-heliport-space.in",
        "golden/zombies_board/rulings/blocked-loses-turn.in",
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", UD_SOURCE_DIR, cases[i]);
        size_t len;
        char *text = slurp(path, &len);
        cr_assert_not_null(text, "%s", path);
        cr_assert_gt(compare_steps(cases[i], text), 1, "%s", cases[i]);
        free(text);
    }
}
