/*
 * test_dotld.c - Dice of the Living Dead's own suite, beside its rows.
 *
 * - Rules: every row is exercised by a scenario, each a transcript under
 *   golden/dotld/ (the text's worked examples, end cases, seeded games)
 *   played through the parser and the checker with invariants on; the
 *   change and state lines of the hand-written cases state what 002 says
 *   happens, the checker verifies them, and the tests below assert the
 *   firings and counts on top.  A meta-test fails if a row is fired by no
 *   scenario.
 * - Arithmetic the text states, checked by hand-counted cases: the
 *   supplies owed, the infection table, the pools, the kills of a fight.
 * - The exact combat analysis against fights played by the rows.
 * - Content: the built-in set has the text's component counts; bad sets
 *   are refused with FILE:LINE:COL and the tables in use stay.
 * - Start lines and the player count: refused with their reasons.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content.h"
#include "dotld/dotld.h"
#include "dotld/dotld_extras.h"
#include "explore.h"
#include "play.h"
#include "policy.h"
#include "rng.h"
#include "setup.h"
#include "support.h"

static const char *const cases[] = {
    "examples/combat",
    "examples/hoarder",
    "examples/they-always-turn",
    "examples/they-always-turn-each-time",
    "endgame/out-of-time-in-combat",
    "endgame/out-of-time-on-safe-house",
    "endgame/too-few-supplies",
    "endgame/infection-roll-faces",
    "endgame/win-with-infected-only",
    "endgame/party-too-few",
    "endgame/event-fight-in-safe-house",
    "endgame/stress-held",
    "seeded/solo-cautious",
    "seeded/solo-runner",
    "seeded/solo-random",
    "seeded/solo-greedy",
    "seeded/solo-chosen",
    "seeded/solo-exposed",
    "seeded/party-two",
    "seeded/party-three",
    "seeded/party-five",
    "seeded/picked-cop",
    "seeded/long-district",
    "seeded/long-district-no-event",
    "rulings/infection-rolls-recounted",
    "rulings/infect-nobody",
    "rulings/start-first-aid-kit",
    "rulings/hoarder-at-zero",
    "rulings/event-cost-must-afford",
    "rulings/event-cost-pay-what-you-have",
    "rulings/final-say-fight-dice",
    "rulings/infection-no-choice",
    "rulings/infected-survivor-any",
    "rulings/two-ones-one-meeting",
    "rulings/stress-meeting-by-a-card",
};
enum { N_CASES = sizeof cases / sizeof cases[0] };

/* ---- the worked examples of 002 ---------------------------------------------------- */

Test(dl_examples, combat_five_zombies_two_killed_three_survivors_lost)
{
    run r;
    play_case(&r, &dl_game, "examples/combat");
    cr_assert_eq(fired(&r, "DL-AMMO-SPENT"), 1);
    cr_assert_eq(fired(&r, "DL-FIGHT-REROLL"), 1, "the 1 and the 2 rerolled once");
    cr_assert_eq(fired(&r, "DL-REROLLED-ONE"), 1, "the rerolled 1 costs a Time");
    cr_assert_eq(fired(&r, "DL-ZOMBIE-PASS"), 1);
    cr_assert_eq(fired(&r, "DL-ZOMBIE-LAND"), 1);
    cr_assert_eq(fired(&r, "DL-LOCK-ONES"), 1);
    cr_assert_eq(fired(&r, "DL-FIGHT-RESOLVE"), 1);
    /* 12 healthy at the start, 3 lost: the text's outcome */
    cr_assert(strstr(r.regen, "survivors-lost=3 healthy=9"), "%s", r.regen);
    cr_assert(strstr(r.regen, "time -1 =1"), "one Time remaining");
    run_free(&r);
}

Test(dl_examples, hoarder_resolves_at_once_after_a_scavenger_six)
{
    run r;
    play_case(&r, &dl_game, "examples/hoarder");
    cr_assert_eq(fired(&r, "DL-SCAVENGE-6"), 1);
    cr_assert_eq(fired(&r, "DL-STRESS-DRAW"), 1);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 1, "the condition was met earlier in the round");
    cr_assert(strstr(r.regen, "supplies=5"), "6 supplies, one lost");
    run_free(&r);
}

Test(dl_examples, they_always_turn_waits_for_an_infection)
{
    run r;
    play_case(&r, &dl_game, "examples/they-always-turn");
    cr_assert_eq(fired(&r, "DL-STRESS-DRAW"), 1);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 1, "resolved once, when the event infects");
    /* drawn on space 7, resolved only after the event at the safe house */
    const char *drawn = strstr(r.regen, "stress they-always-turn");
    const char *event = strstr(r.regen, "event-resolved outbreak");
    const char *played = strstr(r.regen, "stress-played they-always-turn");
    cr_assert(drawn && event && played && drawn < event && event < played, "%s", r.regen);
    run_free(&r);
}

/* stress-repeat=each-time: resolved again at a second meeting in the round,
 * but not by its own effect (the infection it causes). */
Test(dl_readings, stress_each_time_resolves_again_not_by_itself)
{
    run r;
    play_case(&r, &dl_game, "examples/they-always-turn-each-time");
    cr_assert_eq(fired(&r, "DL-INFECTION-2"), 1);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 2, "once for the event, once for the infection roll");
    const char *roll = strstr(r.regen, "turned infecting-one");
    cr_assert(roll && strstr(roll, "stress-played they-always-turn"), "%s", r.regen);
    run_free(&r);
}

/* Rounds begun in r's transcript (DL-ROUND), and of those before the last
 * one how many drew a solo Stress Card (DL-STRESS-DRAW): the rounds whose
 * end finds a card to discard.  The last round ends the game before its
 * discard (a loss at once, or DL-WIN first). */
static int rounds_drawing_before_the_last(const run *r, int *rounds)
{
    int n = 0, with = 0;
    bool drew = false;
    for (const char *line = r->regen; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[1100];
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf - 1 ? len : sizeof buf - 1), line);
        if (strstr(buf, "[DL-ROUND]")) {
            with += n > 0 && drew;
            n++;
            drew = false;
        }
        if (strstr(buf, "[DL-STRESS-DRAW]"))
            drew = true;
        line = end ? end + 1 : NULL;
    }
    *rounds = n;
    return with;
}

/* "The Stress Card is active until the end of the round": the discard
 * fires at the end of the rounds that drew one, and only those. */
Test(dl_rules, stress_discarded_only_after_a_round_that_drew_one)
{
    run r;
    play_case(&r, &dl_game, "seeded/solo-greedy");
    int rounds, drawing = rounds_drawing_before_the_last(&r, &rounds);
    cr_assert_gt(drawing, 0, "%s", r.regen);
    cr_assert_lt(drawing, rounds - 1, "a round without a card, to tell the discard from every round's end");
    cr_assert_eq(fired(&r, "DL-STRESS-DISCARD"), (uint64_t)drawing);
    run_free(&r);
}

/* extra-survivors=yes: "one extra survivor for each player beyond the
 * first": the row fires in a party (and adds players - 1), not solo. */
Test(dl_readings, extra_survivors_only_beyond_the_first_player)
{
    run r;
    play_case(&r, &dl_game, "pins/solo-extra-survivors");
    cr_assert_eq(fired(&r, "DL-EXTRA-SURVIVORS"), 0);
    cr_assert(strstr(r.regen, "healthy=12"), "%s", r.regen);
    run_free(&r);
    play_case(&r, &dl_game, "seeded/party-three");
    cr_assert_eq(fired(&r, "DL-EXTRA-SURVIVORS"), 1);
    run_free(&r);
}

/* stress-hand: the same rolls meet both players' conditions; may-hold asks
 * each (leader first), must-play plays both without asking. */
Test(dl_readings, stress_hand_may_hold_asks_must_play_plays)
{
    run r;
    play_case(&r, &dl_game, "endgame/stress-held");
    cr_assert_eq(fired(&r, "DL-MP-STRESS-ASK"), 2, "ann, then bob; ann not again after keeping hers");
    cr_assert_eq(fired(&r, "DL-MP-STRESS-KEPT"), 1);
    cr_assert_eq(fired(&r, "DL-MP-STRESS-PLAYED"), 1);
    cr_assert_eq(fired(&r, "DL-MP-STRESS-PLAY"), 0, "not in the may-hold table");
    cr_assert(strstr(r.regen, "stress-kept by ann"), "%s", r.regen);
    cr_assert(!strstr(r.regen, "stress-played panic"), "%s", r.regen);
    cr_assert(strstr(r.regen, "stress-played scavenger-fight by bob"), "%s", r.regen);
    run_free(&r);

    /* the same script under the default, without the two decisions */
    char path[512];
    snprintf(path, sizeof path, "%s/golden/dotld/endgame/stress-held.in", UD_SOURCE_DIR);
    size_t len;
    char *text = slurp(path, &len);
    cr_assert_not_null(text);
    const char *drop[] = { "variant stress-hand=may-hold\n", "decide ann hold-stress\n",
                           "decide bob play-stress\n" };
    for (int i = 0; i < 3; i++) {
        char *at = strstr(text, drop[i]);
        cr_assert_not_null(at, "the case lost '%s'", drop[i]);
        memmove(at, at + strlen(drop[i]), strlen(at + strlen(drop[i])) + 1);
    }
    run_text(&r, text);
    free(text);
    assert_ok(&r);
    cr_assert_eq(fired(&r, "DL-MP-STRESS-PLAY"), 2, "both cards played as their conditions are met");
    cr_assert_eq(fired(&r, "DL-MP-STRESS-ASK"), 0);
    cr_assert(strstr(r.regen, "stress-played panic by ann"), "%s", r.regen);
    run_free(&r);
}

/* event-deck: the same seed under both readings draws the same cards up to
 * the empty deck; then reshuffle draws on, no-event resolves none there. */
Test(dl_readings, event_deck_runs_out)
{
    run a, b;
    play_case(&a, &dl_game, "seeded/long-district");
    play_case(&b, &dl_game, "seeded/long-district-no-event");
    cr_assert_gt(fired(&a, "DL-EVENT-RESHUFFLE"), 0);
    cr_assert_eq(fired(&a, "DL-EVENT-NONE"), 0);
    cr_assert_eq(fired(&b, "DL-EVENT-RESHUFFLE"), 0);
    cr_assert_gt(fired(&b, "DL-EVENT-NONE"), 0);
    const char *ra = strstr(a.regen, "events reshuffled"), *rb = strstr(b.regen, "events none-matched");
    cr_assert(ra && rb);
    /* the same game up to that line, the header's variant line aside */
    const char *pa = strstr(a.regen, "\nplayer "), *pb = strstr(b.regen, "\nplayer ");
    cr_assert(pa && pb);
    cr_assert_eq(ra - pa, rb - pb);
    cr_assert_eq(memcmp(pa, pb, (size_t)(ra - pa)), 0);
    /* no event drawn after it at that safe house */
    cr_assert(strncmp(strchr(rb, '\n') + 1, "supplies ", 9) == 0, "%s", rb);
    run_free(&a);
    run_free(&b);
}

/* ---- end cases --------------------------------------------------------------------- */

Test(dl_end, out_of_time_off_the_safe_house_loses)
{
    run r;
    play_case(&r, &dl_game, "endgame/out-of-time-in-combat");
    cr_assert_eq(fired(&r, "DL-LOSS-TIME"), 1);
    cr_assert_eq(r.res.winner, -1);
    run_free(&r);
}

Test(dl_end, out_of_time_on_the_safe_house_goes_on_and_time_resets)
{
    run r;
    play_case(&r, &dl_game, "endgame/out-of-time-on-safe-house");
    cr_assert_eq(fired(&r, "DL-LOSS-TIME"), 0);
    cr_assert_eq(fired(&r, "DL-REROLLED-ONE"), 1);
    cr_assert_eq(fired(&r, "DL-DISTRICT-FLIP"), 2, "the next district flipped, Time reset");
    run_free(&r);
}

/* 002: "spend supplies equal to half the number of Survivors ... round
 * down.  For every unit of supplies you lack, lose one Healthy Survivor". */
Test(dl_end, supplies_half_the_survivors_and_one_lost_per_unit_lacking)
{
    run r;
    play_case(&r, &dl_game, "endgame/too-few-supplies");
    int need = 10 / 2, have = 0 + 1; /* ten survivors; the scavenger's 2 gave one supply */
    char want[96];
    snprintf(want, sizeof want, "supplies need=%d paid=%d =0 survivors-lost=%d", need, have, need - have);
    cr_assert(strstr(r.regen, want), "want '%s' in\n%s", want, r.regen);
    run_free(&r);
}

Test(dl_end, every_infection_face_once)
{
    run r;
    play_case(&r, &dl_game, "endgame/infection-roll-faces");
    cr_assert_eq(fired(&r, "DL-INFECTION-1"), 1);
    cr_assert_eq(fired(&r, "DL-INFECTION-2"), 1);
    cr_assert_eq(fired(&r, "DL-INFECTION-3"), 1);
    cr_assert_eq(fired(&r, "DL-INFECTION-4-6"), 1);
    /* 8 healthy, 4 infected: face 1 -1 healthy -1 infected then one infected
     * (-1 +1), face 2 -1 infected then one infected (-1 +1), face 3 -1 infected */
    int healthy = 8 - 1 - 1 - 1, infected = 4 - 1 + 1 - 1 + 1 - 1;
    char want[64];
    snprintf(want, sizeof want, "nothing-happens healthy=%d infected=%d", healthy, infected);
    cr_assert(strstr(r.regen, want), "want '%s'", want);
    run_free(&r);
}

Test(dl_end, a_win_with_only_infected_survivors)
{
    run r;
    play_case(&r, &dl_game, "endgame/win-with-infected-only");
    cr_assert_eq(fired(&r, "DL-WIN"), 1);
    cr_assert_eq(fired(&r, "DL-EXIT-NO-EVENT"), 1);
    cr_assert_eq(fired(&r, "DL-EXIT-NO-SUPPLIES"), 1);
    cr_assert_eq(fired(&r, "DL-INFECTION-ROLL"), 2, "the infection rolls happen at the extraction zone too");
    cr_assert_eq(r.res.winner, 0);
    run_free(&r);
}

Test(dl_end, a_party_with_fewer_survivors_than_players_loses)
{
    run r;
    play_case(&r, &dl_game, "endgame/party-too-few");
    cr_assert_eq(fired(&r, "DL-MP-LOSS-HEADCOUNT"), 1);
    cr_assert_eq(fired(&r, "DL-LOSS-SURVIVORS"), 0, "two survivors are left");
    cr_assert_eq(fired(&r, "DL-MP-FINAL-SAY-PASS"), 4, "two players asked before each of two decisions");
    cr_assert_eq(r.res.winner, -1);
    run_free(&r);
}

Test(dl_end, no_time_lost_in_an_event_fight)
{
    run r;
    play_case(&r, &dl_game, "endgame/event-fight-in-safe-house");
    cr_assert_eq(fired(&r, "DL-EVENT-FIGHT-NO-TIME"), 1);
    cr_assert_eq(fired(&r, "DL-REROLLED-ONE"), 0);
    cr_assert(strstr(r.regen, "time -0 =6 in-safe-house"));
    run_free(&r);
}

/* ---- rulings held to the text ------------------------------------------------------------ */

/* "Roll a dice for every Infected Survivor you have": 0 healthy, 3
 * infected, a 1 first; one Infected Survivor is left, so one roll. */
Test(dl_rulings, infection_rolls_are_recounted_after_each_roll)
{
    run r;
    play_case(&r, &dl_game, "rulings/infection-rolls-recounted");
    cr_assert_eq(fired(&r, "DL-INFECTION-RECOUNT"), 1);
    cr_assert_eq(fired(&r, "DL-INFECTION-ROLL"), 2, "a roll for each of the three, less the one lost");
    cr_assert_eq(fired(&r, "DL-LOSS-SURVIVORS"), 0);
    cr_assert(strstr(r.regen, "infection-rolls left=1 infected=1"), "%s", r.regen);
    run_free(&r);
    /* the old count (three rolls whatever happens) is refused at the second roll */
    run_text(&r,
             "undead-transcript 1\ngame dotld\nvariant start-items=none\nplayer you random\n"
             "start district downtown\nstart space 7\nstart healthy 0\nstart infected 3\npartial\n"
             "districts hospital mall\ncharacter the-cop\nsurvivors 3 5 5 5 5\nscavenger 2\nzombie-die 1\n"
             "decide you keep\nevent quiet-night\ninfection 1\ninfection 5\ninfection 3\n");
    cr_assert_neq(r.status, RUN_OK);
    cr_assert_str_eq(r.err.rule, "DL-ROLL", "the next district's round comes before a third roll");
    cr_assert(strstr(r.err.msg, "expected a 'survivors' line here (1|2|3|4|5|6), found 'infection 3'"), "%s",
              r.err.msg);
    run_free(&r);
}

Test(dl_rulings, infecting_with_no_healthy_survivor_left_infects_nobody)
{
    run r;
    play_case(&r, &dl_game, "rulings/infect-nobody");
    cr_assert_eq(fired(&r, "DL-INFECT-NOBODY"), 1);
    cr_assert(strstr(r.regen, "lurking-zombie infected=0 healthy=0 infected-total=2"), "%s", r.regen);
    cr_assert(strstr(r.regen, "infect-nobody 1 healthy=0 infected=2"), "%s", r.regen);
    run_free(&r);
}

/* "Street Map and/or First Aid Kit": the kit alone. */
Test(dl_rulings, start_with_the_first_aid_kit_alone)
{
    run r;
    play_case(&r, &dl_game, "rulings/start-first-aid-kit");
    cr_assert_eq(fired(&r, "DL-FIRST-AID-KIT"), 1);
    cr_assert_eq(fired(&r, "DL-STREET-MAP"), 0);
    cr_assert_eq(fired(&r, "DL-AB-SCOUT"), 0, "no Street Map: no scout space");
    cr_assert_eq(fired(&r, "DL-AB-FIRST-AID"), 1);
    run_free(&r);
}

/* Losing what you do not have: the card's effect, then what was lost. */
Test(dl_rulings, a_loss_the_party_cannot_pay_says_what_was_lost)
{
    run r;
    play_case(&r, &dl_game, "rulings/hoarder-at-zero");
    cr_assert(strstr(r.regen, "stress-played hoarder supplies=-1 actual=none"), "%s", r.regen);
    cr_assert_null(strstr(r.regen, "supplies=-1 ammo="), "never supplies below 0:\n%s", r.regen);
    cr_assert(strstr(r.regen, "supplies=0 ammo=6"), "%s", r.regen);
    run_free(&r);
    play_case(&r, &dl_game, "rulings/event-cost-pay-what-you-have");
    cr_assert(strstr(r.regen, "event-resolved looters pay supplies=-2 actual=none"), "%s", r.regen);
    run_free(&r);
}

/* event-cost=must-afford: "pay" 2 supplies with none is not offered. */
Test(dl_readings, event_cost_must_afford_refuses_an_option_not_paid_for)
{
    run r;
    play_case(&r, &dl_game, "rulings/event-cost-must-afford");
    cr_assert_eq(fired(&r, "DL-EVENT-TAKEN"), 1);
    run_free(&r);
    char path[512];
    snprintf(path, sizeof path, "%s/golden/dotld/rulings/event-cost-must-afford.in", UD_SOURCE_DIR);
    size_t len;
    char *text = slurp(path, &len);
    cr_assert_not_null(text);
    char *at = strstr(text, "decide you option 1");
    cr_assert_not_null(at);
    at[strlen("decide you option ")] = '2';
    run_text(&r, text);
    free(text);
    cr_assert_neq(r.status, RUN_OK);
    cr_assert_str_eq(r.err.rule, "DL-EVENT-OFFER");
    cr_assert(strstr(r.err.msg, "'option 2' is not allowed here; the rules allow option 1"), "%s", r.err.msg);
    run_free(&r);
}

/* ---- the rule a refused line breaks (core/blame.h) ------------------------------------- */

#define DL_SAFE_HOUSE(healthy, infected)                                                           \
    "undead-transcript 1\ngame dotld\nvariant start-items=none\nplayer you random\n"               \
    "start district downtown\nstart space 7\nstart healthy " healthy "\nstart infected " infected  \
    "\npartial\n"                                                                                  \
    "districts hospital mall\ncharacter the-cop\nsurvivors 3 5 5 5 5\nscavenger 2\nzombie-die 1\n" \
    "decide you keep\nevent quiet-night\n"

/* A survivor the 3 killed rolled for again: the check stops at the roll
 * and names the row that counts the rolls, not the next round's roll
 * (DL-ROLL) the rules wait for there. */
Test(dl_blame, a_dead_survivor_rolled_for_breaks_the_count_of_rolls)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r, DL_SAFE_HOUSE("3", "2") "infection 3\ninfection 6\ninfection 3\n", &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 19);
    cr_assert_str_eq(r.err.rule, "DL-INFECTION-ROLLS", "%s", why);
    cr_assert_str_eq(r.err.msg, "expected a 'survivors' line here (1|2|3|4|5|6), found 'infection 3'");
    cr_assert_eq(b.kind, UD_BLAME_ROW);
    cr_assert(strstr(why, "single rule: undead plays this step as the record did with DL-INFECTION-ROLLS's "
                          "guard always holding"),
              "%s", why);
    run_free(&r);
}

/* Three rolls for three infected, the first a 1 with no healthy left:
 * the record reads no-healthy=nothing (the 1 takes no infected one). */
Test(dl_blame, a_roll_for_a_survivor_another_reading_keeps_is_that_reading)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r, DL_SAFE_HOUSE("0", "3") "infection 1\ninfection 5\ninfection 3\n", &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 19);
    cr_assert_eq(b.kind, UD_BLAME_READING, "%s", why);
    cr_assert(strstr(why, "reading: undead plays this step as the record did under the reading "
                          "no-healthy=nothing"),
              "%s", why);
    cr_assert(strstr(r.err.rule, "DL-INFECTION-1"), "%s", r.err.rule);
    cr_assert_null(strstr(r.err.rule, "DL-ROLL"), "%s", r.err.rule);
    run_free(&r);
}

/* Three survivors and one supply at the safe house, and the record's game
 * loses a survivor: half of three rounded up, not down (DL-SUPPLIES's
 * declared rounding), named before DL-SCAVENGE-2's change to supplies not
 * made, which plays the step at the same cost: a number a row declares
 * before an amount. */
Test(dl_blame, half_the_survivors_rounded_up_is_the_supplies_rounding)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r,
               "undead-transcript 1\ngame dotld\nvariant start-items=none\nplayer you random\n"
               "start district downtown\nstart space 7\nstart healthy 3\nstart infected 0\nstart supplies 0\n"
               "partial\ndistricts hospital mall\ncharacter the-cop\nsurvivors 3 5 5 5 5\nscavenger 2\n"
               "zombie-die 1\ndecide you keep\nevent quiet-night\n= healthy=2 infected=0 supplies=0\n",
               &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 18);
    cr_assert_str_eq(r.err.rule, "DL-SUPPLIES", "%s", why);
    cr_assert(strstr(why,
                     "the record did with DL-SUPPLIES's half of the survivors rounded up, not down; or with "
                     "DL-SCAVENGE-2's change to supplies not made"),
              "%s", why);
    run_free(&r);
}

/* Seven ammo spent with six: the bound DL-AMMO declares on its offers
 * (up to the party's ammo) one past, not an ability that adds ammo. */
Test(dl_blame, ammo_one_past_the_partys_is_the_ammo_rows_bound)
{
    run r;
    ud_blame b;
    char why[1024];
    run_blamed(&r,
               "undead-transcript 1\ngame dotld\nplayer solo cautious\npartial\n"
               "districts hospital downtown mall\ncharacter the-doctor\nsurvivors 1 1 1 1 1\nscavenger 1\n"
               "zombie-die 1\ndecide solo keep\ndecide solo ammo 7\n",
               &b, why, sizeof why);
    cr_assert_eq(r.status, RUN_CHECK_ERROR);
    cr_assert_eq(r.err.line, 11);
    cr_assert_str_eq(r.err.rule, "DL-AMMO", "%s", why);
    cr_assert(strstr(why, "the record did with DL-AMMO's ammo offered, up to the party's, one past"), "%s",
              why);
    run_free(&r);
}

/* Final say locks Survivor Dice kept, not fight dice. */
Test(dl_rulings, fight_dice_kept_under_final_say_may_be_rerolled)
{
    run r;
    play_case(&r, &dl_game, "rulings/final-say-fight-dice");
    cr_assert_eq(fired(&r, "DL-MP-FINAL-SAY-TAKEN"), 1);
    cr_assert_eq(fired(&r, "DL-FIGHT-REROLL"), 2);
    cr_assert(strstr(r.regen, "decide ann mark 4"), "%s", r.regen);
    cr_assert(strstr(r.regen, "fought zombies=5 killed=5 left=0"), "%s", r.regen);
    run_free(&r);
}

/* Survivors are counts: an infection asks nobody which survivor. */
Test(dl_rulings, an_infection_asks_nobody_which_survivor)
{
    run r;
    play_case(&r, &dl_game, "rulings/infection-no-choice");
    cr_assert_eq(fired(&r, "DL-LURKING-ZOMBIE"), 1);
    const char *infected = strstr(r.regen, "lurking-zombie infected=1 healthy=11 infected-total=1");
    const char *next = infected ? strstr(infected, "\ndecide ") : NULL;
    cr_assert(next && strncmp(next, "\ndecide you keep", strlen("\ndecide you keep")) == 0,
              "the next decision is the reroll:\n%s", r.regen);
    run_free(&r);
    play_case(&r, &dl_game, "rulings/infected-survivor-any");
    cr_assert_eq(fired(&r, "DL-INFECTION-ROLL"), 3, "a roll for each of three Infected Survivors");
    cr_assert_eq(fired(&r, "DL-INFECTION-3"), 1);
    cr_assert(strstr(r.regen, "died healthy=2 infected=2"), "%s", r.regen);
    cr_assert(strstr(r.regen, "nothing-happens healthy=1 infected=2"), "%s", r.regen);
    run_free(&r);
}

/* stress-repeat=each-time: two 1s of one reroll are one meeting; under
 * once, the card resolved at the draw does not resolve again. */
Test(dl_rulings, two_ones_of_one_reroll_meet_a_stress_card_once)
{
    run r;
    play_case(&r, &dl_game, "rulings/two-ones-one-meeting");
    cr_assert_eq(fired(&r, "DL-REROLLED-ONE"), 1);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 2, "at the draw, then once for the two 1s");
    cr_assert(strstr(r.regen, "time -2 =3 rerolled-ones"), "%s", r.regen);
    cr_assert(strstr(r.regen, "time=3 healthy=12 infected=0 supplies=8 ammo=4"), "%s", r.regen);
    run_free(&r);
    /* the same dice under once: Wasted Shots resolves at its draw only */
    run_text(&r, "undead-transcript 1\ngame dotld\nvariant stress-repeat=once\nvariant start-items=none\n"
                 "player you cautious\nstart district downtown\npartial\ndistricts hospital mall\n"
                 "character the-teacher\nsurvivors 2 3 5 5 6\nscavenger 2\nzombie-die 1\ndecide you keep\n"
                 "stress waste\ndecide you ammo 0\nfight 1 2 6\ndecide you mark 1\ndecide you mark 2\n"
                 "decide you roll\nfight 1 1\ntime -2 =3 rerolled-ones\n= time=3 ammo=5\ndecide you keep\n");
    assert_ok(&r);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 1, "once: only at the draw");
    run_free(&r);
}

/* stress-repeat=each-time: a meeting another card's effect makes does not
 * resolve a resolved card again. */
Test(dl_rulings, a_meeting_a_stress_card_makes_resolves_no_card_again)
{
    run r;
    play_case(&r, &dl_game, "rulings/stress-meeting-by-a-card");
    cr_assert_eq(fired(&r, "DL-STRESS-DRAW"), 2);
    cr_assert_eq(fired(&r, "DL-STRESS-RESOLVE"), 2, "each card once: Fever not again for They Always Turn's");
    cr_assert(strstr(r.regen, "healthy=10 infected=1 supplies=6"), "%s", r.regen);
    run_free(&r);
}

/* ---- every row has a scenario -------------------------------------------------------- */

Test(dl_rules_meta, every_rule_fires_in_a_scenario)
{
    assert_every_rule_fires_in_a_case(&dl_game, cases, N_CASES);
}

/* ---- the combat analysis --------------------------------------------------------------- */

Test(dl_combat, hand_counted_fights)
{
    uint64_t all, out, total;
    /* one die, one zombie, no reroll: a 4, 5 or 6 */
    dl_combat_exact(1, 1, 3, 0, &all, &out, &total);
    cr_assert_eq(all * 2, total);
    cr_assert_eq(out, 0);
    /* one die, two zombies, reroll-all: a 6 at once (1/6), or a blank
     * (1/2) then a 6 on one of the two rerolls (1/6 + 5/6 * ... only
     * while blank): 1/6 + 1/2 * (1/6 + 1/2 * 1/6) = 7/24 */
    dl_combat_exact(2, 1, 3, 2, &all, &out, &total);
    cr_assert_eq(all * 24, total * 7);
    /* reroll-safe never runs the clock out */
    for (int d = 1; d <= 6; d++)
        for (int z = 1; z <= 8; z++) {
            dl_combat_exact(z, d, 3, 1, &all, &out, &total);
            cr_assert_eq(out, 0, "reroll-safe ran out of Time with %d dice against %d", d, z);
        }
}

/* The best freezing policy: hand-counted small fights, and never worse
 * than reroll-safe (a policy it could play: it never risks the clock). */
Test(dl_combat, best_policy_hand_counted_and_dominant)
{
    dl_combat_best_result b;
    /* one die, one zombie, Time 3: a 4-6 within three rolls, 1 - (1/2)^3 */
    dl_combat_best(1, 1, 3, &b);
    cr_assert_str_eq(b.p_all_exact, "7/8");
    cr_assert_str_eq(b.e_left_exact, "1/8");
    /* Time 1: no reroll is safe, so one roll of one die decides */
    dl_combat_best(1, 1, 1, &b);
    cr_assert_str_eq(b.p_all_exact, "1/2");
    /* three zombies, one die: at most two kills, never all */
    dl_combat_best(3, 1, 3, &b);
    cr_assert_str_eq(b.p_all_exact, "0");
    for (int z = 1; z <= 8; z++)
        for (int d = 1; d <= 6; d++) {
            dl_combat_best(z, d, 3, &b);
            cr_assert_leq(b.e_left, dl_combat_e_left(z, d, 3, 1) + 1e-12,
                          "best leaves more zombies than reroll-safe with %d dice against %d", d, z);
        }
}

/* Playing for every zombie killed (the players' chart): two zombies, one
 * die, Time 3.  Keeping a 4 or 5 (the fewest-left play) wins only on a 6
 * before any 4 or 5: 1/6 + 1/2 * 1/6 + 1/4 * 1/6 = 7/24 (29%).  Chasing
 * the 6 wins on a 6 within three rolls, each reroll of one die safe (the
 * first roll's 1 costs nothing, a second roll's 1 leaves Time 2):
 * 1 - (5/6)^3 = 91/216 (42%). */
Test(dl_combat, playing_for_all_killed_chases_a_six)
{
    dl_combat_best_result few, all;
    dl_combat_best(2, 1, 3, &few);
    dl_combat_best_for(2, 1, 3, DL_BEST_ALL_KILLED, &all);
    cr_assert_str_eq(all.p_all_exact, "91/216");
    cr_assert_str_eq(few.p_all_exact, "7/24", "the fewest-left play keeps a 4 or 5");
    cr_assert_gt(all.p_all, few.p_all);
    cr_assert_gt(all.e_left, few.e_left, "chasing the 6 leaves more zombies on average");
    /* never a worse chance than the fewest-left play, nor than reroll-safe */
    for (int z = 1; z <= 8; z++)
        for (int d = 1; d <= 6; d++) {
            dl_combat_best(z, d, 3, &few);
            dl_combat_best_for(z, d, 3, DL_BEST_ALL_KILLED, &all);
            cr_assert_geq(all.p_all, few.p_all - 1e-12, "%d dice against %d", d, z);
        }
    /* the default goal is dl_combat_best's, unchanged */
    dl_combat_best_for(1, 1, 3, DL_BEST_FEWEST_LEFT, &few);
    cr_assert_str_eq(few.p_all_exact, "7/8");
}

/* The analysis against the rows: seeded solo fights where the party keeps
 * the first roll ("keep"), zombies and dice read from the transcript. */
Test(dl_combat, keep_matches_fights_played_by_the_rows)
{
    int seen[16][8] = { { 0 } }, won[16][8] = { { 0 } };
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        ud_result res;
        char *text = play_text(&dl_game, 1, NULL, seed, &res, NULL);
        cr_assert_not_null(text);
        for (const char *p = text; (p = strstr(p, "combat zombies=")) != NULL; p++) {
            int z, d, spent = 0;
            if (sscanf(p, "combat zombies=%d fight-dice=%d", &z, &d) != 2 || z < 1 || z > 15 || d < 1 ||
                d > 7)
                continue;
            const char *res_line = strstr(p, "fought zombies=");
            const char *next = strstr(p + 1, "combat zombies=");
            if (!res_line || (next && res_line > next))
                continue;
            const char *ammo = strstr(p, "ammo -");
            if (ammo && ammo < res_line && (sscanf(ammo, "ammo -%d", &spent) != 1 || spent > 0))
                continue; /* only the pool's dice */
            const char *brawl = strstr(p, "ability brawler");
            const char *mark = strstr(p, "decide p1 mark");
            if ((brawl && brawl < res_line) || (mark && mark < res_line))
                continue; /* an ability's die, or a reroll: not "keep" */
            int left;
            const char *l = strstr(res_line, "left=");
            if (!l || sscanf(l, "left=%d", &left) != 1)
                continue;
            seen[z][d]++;
            won[z][d] += left == 0;
        }
        free(text);
    }
    int compared = 0;
    for (int z = 1; z < 16; z++)
        for (int d = 1; d < 8; d++) {
            if (seen[z][d] < 40)
                continue;
            uint64_t all, out, total;
            dl_combat_exact(z, d, 3, 0, &all, &out, &total);
            double p = (double)all / (double)total, n = seen[z][d];
            double sd = sqrt(p * (1 - p) / n);
            double got = won[z][d] / n;
            cr_expect(fabs(got - p) <= 4 * sd + 1e-9, "%d zombies, %d dice: %d of %d fights won, exact %.4f",
                      z, d, won[z][d], seen[z][d], p);
            compared++;
        }
    cr_assert_gt(compared, 0, "no fight kept its first roll often enough to compare");
}

/* ---- the invariants at once ------------------------------------------------------------- */

/* dl_invariants_hold, which the engine asks after every firing before
 * the rows, against the rows themselves: on every state of played games
 * (every seat count, every reading) and on each of those states with a
 * byte changed, it holds exactly where every row does.  The comparison
 * is a planted invariant, so the engine hands it every state. */
static struct {
    ud_rng rng;
    uint64_t states, broken[DL_N_INVARIANTS], differ;
} cmp_all;

/* A byte's new value; the bytes that index a table (the phase, the
 * districts, the space, seats) stay in the table, as the rows read them
 * unchecked. */
static uint8_t changed_byte(size_t at, uint8_t was)
{
    uint32_t r = ud_rng_below(&cmp_all.rng, 4);
    uint8_t v = r == 0   ? (uint8_t)(was + 1)
                : r == 1 ? (uint8_t)(was - 1)
                         : (uint8_t)ud_rng_below(&cmp_all.rng, 256);
    size_t order = offsetof(dl_state, order);
    if (at == offsetof(dl_state, phase))
        return (uint8_t)(v % DL_PHASES);
    if (at >= order && at < order + DL_DISTRICTS_PLAYED)
        return (uint8_t)(v % DL_MAX_DISTRICTS);
    if (at == offsetof(dl_state, space))
        return (uint8_t)(v % DL_MAX_SPACES);
    if (at == offsetof(dl_state, n_players) || at == offsetof(dl_state, stress_asked))
        return (uint8_t)(v % (DL_MAX_PLAYERS + 1));
    return v;
}

static void compare_at_once(const dl_state *st)
{
    bool rows = true;
    ud_buf why;
    ud_buf_init(&why);
    for (int i = 0; i < DL_N_INVARIANTS; i++)
        if (!dl_invariants[i].holds(&dl_game, st, &why)) {
            rows = false;
            cmp_all.broken[i]++;
        }
    ud_buf_free(&why);
    bool quick = dl_game.invariants_hold(&dl_game, st);
    cr_assert(!quick || rows, "the quick test holds where a row does not (state %llu)",
              (unsigned long long)cmp_all.states);
    if (quick != rows)
        cmp_all.differ++;
    cmp_all.states++;
}

static bool compare_and_change(const ud_game *g, const void *p, ud_buf *why)
{
    (void)g;
    (void)why;
    dl_state st;
    memcpy(&st, p, sizeof st);
    compare_at_once(&st);
    for (int k = 0; k < 3; k++) {
        size_t at = ud_rng_below(&cmp_all.rng, sizeof st);
        uint8_t was = ((uint8_t *)&st)[at];
        ((uint8_t *)&st)[at] = changed_byte(at, was);
        compare_at_once(&st);
        ((uint8_t *)&st)[at] = was;
    }
    return true;
}

Test(dl_invariants, all_at_once_holds_exactly_where_the_rows_do)
{
    static const ud_invariant compare[] = {
        { "DL-TEST-AT-ONCE", "dl_invariants_hold agrees with the rows", compare_and_change },
    };
    const ud_game *g = planted_game_of(&dl_game, compare, 1);
    memset(&cmp_all, 0, sizeof cmp_all);
    ud_rng_seed(&cmp_all.rng, 7);
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    uint64_t fired[UD_MAX_RULES] = { 0 };
    int game = 0;
    /* the defaults, then each reading of each key, at one to three seats */
    for (int v = -1; v < dl_game.n_variants; v++)
        for (int x = 0; x < (v < 0 ? 1 : dl_game.variants[v].n_values); x++) {
            if (v >= 0 && x == dl_game.variants[v].default_value)
                continue;
            ud_match m;
            ud_match_defaults(&m, g);
            if (v >= 0)
                m.setup.variant[v] = x;
            m.setup.n_players = 1 + game % 3;
            for (int p = 0; p < m.setup.n_players; p++) {
                snprintf(m.setup.names[p], UD_NAME_MAX, "p%d", p + 1);
                m.policy[p].def = p % 2 ? &ud_policy_random : &dl_game.policies[game % dl_game.n_policies];
                m.policy[p].param = m.policy[p].def->def_param;
            }
            ud_table t;
            ud_table_build(&t, g, m.setup.variant);
            for (int i = 0; i < 4; i++, game++) {
                m.seed = 1 + (uint64_t)game;
                ud_result res;
                ud_play(&m, &t, state, NULL, fired, 1, &res);
                cr_assert_eq(res.status, UD_OVER, "game %d: %s", game, res.fail.msg);
            }
        }
    cr_assert_eq(cmp_all.differ, 0, "%llu of %llu states judged apart", (unsigned long long)cmp_all.differ,
                 (unsigned long long)cmp_all.states);
    /* every row broken somewhere, so that each quick test met a state
     * it must refuse */
    for (int i = 0; i < DL_N_INVARIANTS; i++)
        cr_assert_gt(cmp_all.broken[i], 0, "%s never broken by a changed byte", dl_invariants[i].id);
}

/* A seat asked about a stress card the content does not have (a hand
 * byte past the last card): DL-INV-STRESS says so, reading no card past
 * the content's (the sanitizer build stopped on such a read, in a state
 * the comparison above made by changing a byte). */
Test(dl_invariants, a_card_asked_about_past_the_content_breaks_the_stress_row)
{
    dl_content_ready();
    const int past[] = { dl_content.n_stress + 1, DL_MAX_STRESS, DL_MAX_STRESS + 1, 40, 255 };
    for (size_t k = 0; k < sizeof past / sizeof past[0]; k++) {
        dl_state st;
        memset(&st, 0, sizeof st);
        st.n_players = 1;
        st.phase = DL_PH_STRESS_HOLD;
        st.stress_asked = 1;
        st.stress_hand[0] = (uint8_t)past[k];
        ud_buf why;
        ud_buf_init(&why);
        cr_assert_not(game_invariant_holds(&dl_game, "DL-INV-STRESS", &st, &why), "card %d", past[k]);
        cr_assert_not(dl_game.invariants_hold(&dl_game, &st), "card %d: the quick test", past[k]);
        cr_assert(strstr(ud_buf_str(&why), "stress card"), "card %d: %s", past[k], ud_buf_str(&why));
        ud_buf_free(&why);
    }
}

/* ---- content ----------------------------------------------------------------------------- */

Test(dl_content, builtin_set_has_the_texts_component_counts)
{
    dl_content_ready();
    /* 002, COMPONENTS: 6 District tiles, 10 Event Cards, 14 Exploration
     * Tokens, 6 Character Cards, 9 Stress Cards, 4 Item Cards */
    cr_assert_eq(dl_content.n_districts, 6);
    cr_assert_eq(dl_content.n_events, 10);
    cr_assert_eq(dl_content.n_token_total, 14);
    cr_assert_eq(dl_content.n_characters, 6);
    cr_assert_eq(dl_content.n_stress, 9);
    cr_assert_eq(dl_content.n_items, 4);
    cr_assert_str_eq(dl_content.district[dl_content.outskirts].name, "outskirts");
    /* 002, Combat example: "The Zombie Dice rolled 6 which means one zombie" */
    cr_assert_eq(dl_content.zombie_face[6], 1);
    bool doctor = false;
    for (int i = 0; i < dl_content.n_characters; i++)
        doctor |=
            strcmp(dl_content.character[i].name, "the-doctor") == 0 && dl_content.character[i].solo_only;
    cr_assert(doctor, "The Doctor is in the set, solo only");
}

static void make_dir(void)
{
    scratch_make("ud-dotld");
    const char *files[] = { "districts.txt", "events.txt",     "items.txt",     "tokens.txt",
                            "stress.txt",    "characters.txt", "zombie_die.txt" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char from[512], to[512];
        snprintf(from, sizeof from, "%s/spec/dotld/content/%s", UD_SOURCE_DIR, files[i]);
        snprintf(to, sizeof to, "%s/%s", scratch_dir(), files[i]);
        size_t len;
        char *text = slurp(from, &len);
        cr_assert_not_null(text, "%s", from);
        FILE *f = fopen(to, "w");
        cr_assert_not_null(f);
        cr_assert_eq(fwrite(text, 1, len, f), len);
        cr_assert_eq(fclose(f), 0);
        free(text);
    }
}

static void remove_dir(void)
{
    scratch_remove();
    ud_content_error err;
    cr_assert(dl_load_content(NULL, &err), "the built-in set loads again");
}

/* A bad set is refused with FILE:LINE:COL and what was expected; the
 * tables in use stay as they were. */
static void refused(const char *file, const char *text, const char *want)
{
    dl_content_ready();
    int events = dl_content.n_events;
    scratch_put(file, text);
    ud_content_error err;
    cr_assert_not(dl_load_content(scratch_dir(), &err), "%s was accepted", text);
    char got[1024];
    snprintf(got, sizeof got, "%s:%d:%d: %s", err.file + strlen(scratch_dir()) + 1, err.e.line, err.e.col,
             err.e.msg);
    cr_assert_str_eq(got, want);
    cr_assert_eq(dl_content.n_events, events, "the tables in use are unchanged");
}

Test(dl_content, own_set_loads_and_changes_the_game, .init = make_dir, .fini = remove_dir)
{
    scratch_put("zombie_die.txt",
                "face zombies=6\nface zombies=6\nface zombies=6\nface zombies=6\nface zombies=6\n"
                "face zombies=6\n");
    ud_content_error err;
    cr_assert(dl_load_content(scratch_dir(), &err), "%s", err.e.msg);
    cr_assert_eq(dl_content.zombie_face[1], 6);
    ud_result res;
    char *text = play_text(&dl_game, 1, NULL, 3, &res, NULL);
    cr_assert(strstr(text, "zombie-pool +6"), "every zombie die shows six");
    free(text);
}

Test(dl_content, bad_space_kind, .init = make_dir, .fini = remove_dir)
{
    refused("districts.txt",
            "district name=a time=6 safehouse=x outskirts=yes spaces=start,road,extraction\n",
            "districts.txt:1:57: expected start, plain, zombie, explore, safe or extraction, found 'road'");
}

Test(dl_content, time_beyond_a_die, .init = make_dir, .fini = remove_dir)
{
    refused("districts.txt", "district name=a time=7 safehouse=x spaces=start,safe\n",
            "districts.txt:1:22: expected an integer from 1 to 6 for 'time', found '7'");
}

Test(dl_content, branch_joining_behind, .init = make_dir, .fini = remove_dir)
{
    refused("districts.txt",
            "district name=a time=6 safehouse=x spaces=start,plain,plain,safe\n"
            "branch district=a from=2 to=1 spaces=zombie\n",
            "districts.txt:2:29: expected 0 <= from < to < 4 (the main track's spaces), found from=2 to=1");
}

Test(dl_content, safe_house_no_event_matches, .init = make_dir, .fini = remove_dir)
{
    refused(
        "events.txt", "event name=e at=hospital\noption event=e name=o\n",
        "districts.txt:23:1: expected an event matching safe house 'police' (events are drawn until one matches)");
}

Test(dl_content, unknown_ability, .init = make_dir, .fini = remove_dir)
{
    refused(
        "characters.txt", "character name=c abilities=scout,flying\n",
        "characters.txt:1:28: expected scout, lookout, brawler, steady, forager, gunsmith, recruiter, medic or "
        "first-aid, found 'flying'");
}

/* ---- start lines and the table size -------------------------------------------------- */

Test(dl_setup, start_lines_refused_with_their_reason)
{
    run r;
    run_text(&r, "undead-transcript 1\ngame dotld\nplayer ann\nstart time 9\nseed 1\n");
    cr_assert_neq(r.status, RUN_OK);
    cr_assert(strstr(r.err.msg, "9 is out of range 1..6"), "%s", r.err.msg);
    run_free(&r);
    run_text(&r, "undead-transcript 1\ngame dotld\nplayer ann\nstart district atlantis\nseed 1\n");
    cr_assert(strstr(r.err.msg, "no district named 'atlantis'"), "%s", r.err.msg);
    run_free(&r);
}

/* 002 sets no most on supplies, ammo or survivors; undead's is
 * DL_MAX_COUNT, and a gain past it stops the game at the row, naming the
 * limit as undead's, never as an invariant broken (DL-INV-COUNTS). */
Test(dl_setup, a_count_past_undeads_limit_is_named_as_one)
{
    char text[512];
    for (int have = 248; have <= 249; have++) {
        snprintf(text, sizeof text,
                 "undead-transcript 1\ngame dotld\nvariant start-items=none\nplayer ann cautious\n"
                 "start district downtown\nstart supplies %d\npartial\ndistricts hospital mall\n"
                 "character the-cop\nsurvivors 3 3 4 4 5\nscavenger 3\nzombie-die 1\ndecide ann keep\n"
                 "= supplies=250\n",
                 have);
        run r;
        run_text(&r, text);
        if (have + 2 <= DL_MAX_COUNT) {
            assert_ok(&r);
            cr_assert(strstr(r.regen, "scavenge 3 supplies +2"), "%s", r.regen);
        } else {
            assert_check_error(
                &r, 13, "DL-SCAVENGE-3",
                "the party would hold 251 supplies; undead's limit is 250 (the text sets none)");
            cr_assert(!r.err.internal, "a limit, not an invariant broken");
            cr_assert(r.err.limit && r.err.input,
                      "a limit of undead's (exit 2), not a rule refusing the step");
        }
        run_free(&r);
    }
}

Test(dl_setup, six_players_are_refused_before_the_rule)
{
    /* a character each, The Doctor excepted: the built-in set seats five */
    const char six[] = "undead-transcript 1\ngame dotld\nplayer a\nplayer b\nplayer c\nplayer d\nplayer e\n"
                       "player f\nseed 1\n";
    assert_parse_error(six, strlen(six), 8, 8, "expected 1 to 5 players for dotld (DL-PLAYERS), found 6");
}

/* ---- exploration: dice enumerated as multisets ----------------------------------------------- */

/* Every child of every expanded (state, action), with its exact weight. */
typedef struct edge_log {
    int n;
    unsigned char (*state)[sizeof(dl_state)];
    mpq_t *w;
} edge_log;

static void log_edge(void *ctx, const void *state, const ud_action *action, int n, const void *const *kids,
                     mpq_t *const *ws)
{
    edge_log *e = ctx;
    e->state = realloc(e->state, (size_t)(e->n + n) * sizeof *e->state);
    e->w = realloc(e->w, (size_t)(e->n + n) * sizeof *e->w);
    cr_assert(e->state && e->w);
    for (int i = 0; i < n; i++) {
        memcpy(e->state[e->n], kids[i], sizeof(dl_state));
        mpq_init(e->w[e->n]);
        mpq_set(e->w[e->n], *ws[i]);
        e->n++;
    }
}

static const edge_log *sort_log;
static int by_state(const void *a, const void *b)
{
    return memcmp(sort_log->state[*(const int *)a], sort_log->state[*(const int *)b], sizeof(dl_state));
}

static void explore_first_roll(int every_order, edge_log *e)
{
    ud_setup setup;
    ud_buf err;
    ud_buf_init(&err);
    ud_setup_defaults(&dl_game, &setup);
    cr_assert(ud_setup_players(&setup, "solo", &err), "%s", ud_buf_str(&err));
    cr_assert(ud_setup_variant(&dl_game, &setup, "character=chosen", &err), "%s", ud_buf_str(&err));
    cr_assert(ud_setup_start(&setup, "district suburbs", &err), "%s", ud_buf_str(&err));
    ud_policy pol;
    cr_assert(ud_policy_parse(&dl_game, "cautious", &pol, &err), "%s", ud_buf_str(&err));
    const ud_explore_bound *roll = NULL;
    for (int i = 0; i < dl_extras.n_bounds; i++)
        if (strcmp(dl_extras.bounds[i].bound->name, "roll") == 0)
            roll = dl_extras.bounds[i].bound;
    cr_assert_not_null(roll);
    /* depth 1: the character chosen, then the first roll of seven dice */
    ud_explore_opts o = { .game = &dl_game,
                          .setup = &setup,
                          .bound = roll,
                          .max_depth = 1,
                          .policy = &pol,
                          .check_invariants = 1,
                          .on_edge = log_edge,
                          .edge_ctx = e,
                          .every_order = every_order };
    ud_explore_report rep;
    cr_assert_eq(ud_explore(&o, &rep, &err), 0, "%s", ud_buf_str(&err));
    cr_assert_not(rep.violated, "%s", rep.fail.msg);
    cr_assert_eq(rep.chance_sums_checked, rep.chance, "every pick (or its step) sums to exactly 1");
    ud_explore_report_free(&rep);
    ud_buf_free(&err);
}

/* The first roll (five survivor dice, the scavenger die, the zombie die)
 * enumerated one order per multiset of faces gives exactly the children
 * and weights that every one of the 6^7 orders gives. */
Test(dl_explore, dice_as_multisets_match_every_order, .timeout = 600)
{
    edge_log fast = { 0 }, slow = { 0 };
    explore_first_roll(0, &fast);
    explore_first_roll(1, &slow);
    cr_assert_gt(fast.n, 1000, "the first roll has thousands of outcomes (%d)", fast.n);
    cr_assert_eq(fast.n, slow.n, "children: %d one order per multiset, %d every order", fast.n, slow.n);
    int *fi = malloc((size_t)fast.n * sizeof *fi), *si = malloc((size_t)slow.n * sizeof *si);
    cr_assert(fi && si);
    for (int i = 0; i < fast.n; i++)
        fi[i] = si[i] = i;
    sort_log = &fast;
    qsort(fi, (size_t)fast.n, sizeof *fi, by_state);
    sort_log = &slow;
    qsort(si, (size_t)slow.n, sizeof *si, by_state);
    for (int i = 0; i < fast.n; i++) {
        cr_assert_eq(memcmp(fast.state[fi[i]], slow.state[si[i]], sizeof(dl_state)), 0, "child %d differs",
                     i);
        cr_assert(mpq_equal(fast.w[fi[i]], slow.w[si[i]]), "child %d: weight %.12g against %.12g", i,
                  mpq_get_d(fast.w[fi[i]]), mpq_get_d(slow.w[si[i]]));
    }
    for (int i = 0; i < fast.n; i++)
        mpq_clear(fast.w[i]);
    for (int i = 0; i < slow.n; i++)
        mpq_clear(slow.w[i]);
    free(fast.state);
    free(fast.w);
    free(slow.state);
    free(slow.w);
    free(fi);
    free(si);
}
