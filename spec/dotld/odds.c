/*
 * odds.c - the figures a person at the table can ask for ("odds", undead
 * play) in a fight (002's Combat step), exactly, from the fight solver of
 * combat_best.c: what keeping the dice as they show kills now, and from
 * this position on, played as well as can be without risking the clock,
 * the chance to kill every zombie and the zombies left and Time lost on
 * average.  The aims are undead's (the text asks for no best play).  A
 * fight an event brought (no Time lost), more than 8 dice or 6 Time, and
 * any other decision have no figure here.
 */
#include "dotld.h"
#include "dotld_extras.h"

bool dl_odds(const ud_game *g, const void *state, const ud_setup *setup, const ud_offers *o, ud_buf *out)
{
    (void)g;
    (void)setup;
    (void)o;
    const dl_state *st = state;
    if (st->phase != DL_PH_FIGHT || st->event_fight || st->fight_roll < 1)
        return false;
    int blanks = st->fdice[1] + st->fdice[2] + st->fdice[3], n45 = st->fdice[4] + st->fdice[5],
        n6 = st->fdice[6], z = st->fight_zombies;
    dl_combat_best_result all, fewest;
    int reroll_all[3], reroll_fewest[3];
    if (!dl_combat_best_at(z, blanks, n45, n6, st->fight_roll, st->time, DL_BEST_ALL_KILLED, &all,
                           reroll_all) ||
        !dl_combat_best_at(z, blanks, n45, n6, st->fight_roll, st->time, DL_BEST_FEWEST_LEFT, &fewest,
                           reroll_fewest))
        return false;
    int kills = n45 + 2 * n6, left = z > kills ? z - kills : 0;
    ud_buf_printf(out, "keep: your dice as they show kill %d of the %d zombie%s: %d left.\n",
                  kills < z ? kills : z, z, z == 1 ? "" : "s", left);
    ud_buf_printf(out,
                  "played on for the best chance to kill them all (never risking the clock): %s = %.1f%%;\n"
                  "  that play rerolls %d blank%s, %d 4-or-5 and %d 6 now.\n",
                  all.p_all_exact, 100 * all.p_all, reroll_all[0], reroll_all[0] == 1 ? "" : "s",
                  reroll_all[1], reroll_all[2]);
    ud_buf_printf(out,
                  "played on for the fewest zombies left: %.2f left on average (%s), %.2f Time lost;\n"
                  "  that play rerolls %d blank%s, %d 4-or-5 and %d 6 now.\n",
                  fewest.e_left, fewest.e_left_exact, fewest.e_time, reroll_fewest[0],
                  reroll_fewest[0] == 1 ? "" : "s", reroll_fewest[1], reroll_fewest[2]);
    ud_buf_puts(out,
                "(exact, for the dice alone: an ability that changes a fight is not counted; the aims are "
                "undead's, 'undead solve dotld combat' has whole fights)\n");
    return true;
}
