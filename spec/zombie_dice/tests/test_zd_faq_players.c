/*
 * test_zd_faq_players.c - Zombie Dice's players' FAQ holds the questions
 * players ask most (ties, the empty cup, who plays after 13, scores above
 * 13, stopping after drawing, rerolling feet (three of them too), what a
 * bust loses, drawing blind, who goes first), each answered under the
 * variant that decides it where the texts differ.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "zd.h"
#include "zd_extras.h"

static const ud_faq_question *find(const char *id)
{
    for (const ud_faq_question *q = zd_players_faq; q->id; q++)
        if (strcmp(q->id, id) == 0)
            return q;
    return NULL;
}

Test(zd_faq_players, the_common_questions_are_answered)
{
    static const struct {
        const char *id;
        int variant; /* -1: none, both texts agree */
    } want[] = {
        { "ties", ZD_V_TIEBREAK },
        { "empty-cup", ZD_V_SHORT_WHEN },
        { "shortage-order", ZD_V_SHORT_ORDER },
        { "after-thirteen", ZD_V_END },
        { "above-thirteen", -1 },
        { "stop-after-drawing", -1 },
        { "keep-feet", -1 },
        { "bust", -1 },
        { "draw-blind", -1 },
        { "first", ZD_V_FIRST },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const ud_faq_question *q = find(want[i].id);
        cr_assert_not_null(q, "no question '%s'", want[i].id);
        if (want[i].variant >= 0)
            cr_expect(q->variant == &zd_variants[want[i].variant], "%s: decided by %s, not %s", want[i].id,
                      q->variant ? q->variant->key : "no variant", zd_variants[want[i].variant].key);
        else
            cr_expect_null(q->variant, "%s: both texts agree, yet a variant is named", want[i].id);
    }
    cr_expect_eq(zd_faq.questions, zd_players_faq, "the FAQ does not print them");
}
