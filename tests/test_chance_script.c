/*
 * test_chance_script.c - core/chance_script: outcomes from a sequence of
 * chance lines (words matched by ud_chance_match, in order), the line
 * cursor (which words are used), going on through next_line, and
 * running out.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "chance_script.h"

/* A die of six faces: three brains, two footsteps, one shotgun. */
static const char *face(const void *ctx, int i)
{
    (void)ctx;
    static const char *const faces[] = { "brain", "brain", "brain", "feet", "feet", "shotgun" };
    return faces[i];
}

static const ud_pick_req die = { .event = "roll", .n = 6, .label = face };

/* Lines for next_line to hand out, one after another. */
typedef struct lines {
    char *words[4][8];
    int nwords[4];
    int n, next;
    int calls;
} lines;

static bool next_of(ud_chance_script *s, const ud_pick_req *p)
{
    (void)p;
    lines *l = s->ctx;
    l->calls++;
    if (l->next >= l->n)
        return false;
    ud_chance_script_load(s, l->words[l->next], l->nwords[l->next]);
    l->next++;
    return true;
}

Test(chance_script, takes_words_in_order_and_counts_equal_labels)
{
    char *line[] = { "roll", "feet", "brain", "shotgun" };
    ud_chance_script s;
    ud_chance_script_init(&s, NULL, NULL);
    ud_chance_script_load(&s, line, 4);
    int same = 0;
    cr_assert_eq(ud_chance_script_pick(&s, &die, &same), 3); /* the first "feet" */
    cr_assert_eq(same, 2);
    cr_assert_eq(ud_chance_script_first_unused(&s), 2);
    cr_assert_eq(ud_chance_script_pick(&s, &die, &same), 0);
    cr_assert_eq(same, 3);
    cr_assert_eq(ud_chance_script_n_used(&s), 2);
    cr_assert_not(ud_chance_script_used_up(&s));
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 5);
    cr_assert(ud_chance_script_used_up(&s));
    cr_assert_eq(ud_chance_script_first_unused(&s), 4);
}

Test(chance_script, a_word_no_outcome_carries_is_no_match_and_stays_unused)
{
    char *line[] = { "roll", "card:ace", "brain" };
    ud_chance_script s;
    ud_chance_script_init(&s, NULL, NULL);
    ud_chance_script_load(&s, line, 3);
    /* the rule skips a word that names no outcome for a later one that does */
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 0);
    cr_assert_eq(ud_chance_script_first_unused(&s), 1);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), UD_SCRIPT_NO_MATCH);
    cr_assert_eq(ud_chance_script_n_used(&s), 1);
}

Test(chance_script, a_used_up_line_goes_on_through_next_line)
{
    lines l = { .words = { { "roll", "brain" }, { "roll", "shotgun", "feet" } }, .nwords = { 2, 3 }, .n = 2 };
    ud_chance_script s;
    ud_chance_script_init(&s, next_of, &l);
    cr_assert_null(s.tok);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 0); /* no line yet: the first */
    cr_assert_eq(l.calls, 1);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 5); /* used up: the second */
    cr_assert_eq(l.calls, 2);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 3); /* words left: no call */
    cr_assert_eq(l.calls, 2);
}

Test(chance_script, running_out_keeps_the_used_up_line)
{
    lines l = { .words = { { "roll", "brain" } }, .nwords = { 2 }, .n = 1 };
    ud_chance_script s;
    ud_chance_script_init(&s, next_of, &l);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 0);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), UD_SCRIPT_RAN_OUT);
    cr_assert_eq(s.tok, l.words[0]);
    cr_assert_eq(s.ntok, 2);
    cr_assert(ud_chance_script_used_up(&s));
}

Test(chance_script, no_next_line_and_no_line_is_ran_out)
{
    ud_chance_script s;
    ud_chance_script_init(&s, NULL, NULL);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), UD_SCRIPT_RAN_OUT);
    lines l = { .n = 0 };
    ud_chance_script_init(&s, next_of, &l);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), UD_SCRIPT_RAN_OUT);
    cr_assert_eq(l.calls, 1);
}

Test(chance_script, load_clears_the_used_marks)
{
    char *line[] = { "roll", "brain", "brain" };
    ud_chance_script s;
    ud_chance_script_init(&s, NULL, NULL);
    ud_chance_script_load(&s, line, 3);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 0);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 0);
    cr_assert(ud_chance_script_used_up(&s));
    ud_chance_script_load(&s, line, 3);
    cr_assert_eq(ud_chance_script_n_used(&s), 0);
    cr_assert_eq(ud_chance_script_first_unused(&s), 1);
}

Test(chance_script, words_past_the_bound_are_not_seen)
{
    char *line[UD_SCRIPT_MAX_TOKENS + 2];
    line[0] = "roll";
    for (int k = 1; k < UD_SCRIPT_MAX_TOKENS + 2; k++)
        line[k] = k < UD_SCRIPT_MAX_TOKENS ? "feet" : "shotgun";
    ud_chance_script s;
    ud_chance_script_init(&s, NULL, NULL);
    ud_chance_script_load(&s, line, UD_SCRIPT_MAX_TOKENS + 2);
    cr_assert_eq(s.ntok, UD_SCRIPT_MAX_TOKENS);
    for (int k = 1; k < UD_SCRIPT_MAX_TOKENS; k++)
        cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), 3);
    cr_assert_eq(ud_chance_script_pick(&s, &die, NULL), UD_SCRIPT_RAN_OUT);
}

Test(chance_script, labels_are_distinct_in_order_and_truncated)
{
    char out[64];
    cr_assert_str_eq(ud_chance_script_labels(&die, out, sizeof out), "brain|feet|shotgun");
    char small[8];
    cr_assert_str_eq(ud_chance_script_labels(&die, small, sizeof small), "brain|f");
}
