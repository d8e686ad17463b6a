/*
 * yardstick.c - `undead bench`'s yardstick for Zombie Dice: the game
 * written straight, as a person would write one loop of it to see how
 * fast plain C plays, so that the engine's games a second have something
 * to be measured against in the same run (core/extras.h, ud_yardstick;
 * docs/speed.md).
 *
 * It shares nothing with the rule rows (rules.c, cup.h): its own dice,
 * its own cup, its own turn; only the seeded PRNG (core/rng.h), seeded
 * from the game's seed as core/play.c seeds the chance source, so that
 * the two draw from the same family of numbers.  What it plays is the
 * base game under the default readings: 13 dice (6 green, 4 yellow, 3
 * red), two or more players in seat order, three dice drawn from the cup
 * and rolled, brains and shotguns set aside, feet kept to roll again,
 * three shotguns end the turn with nothing; when new dice are needed and
 * the cup holds fewer than three, the turn's brains are noted and the
 * brain dice go back in the cup before drawing; 13 brains end the game
 * once the round is finished, the most brains win, and tied leaders play
 * one tiebreaker round, after which a tie is shared.  Every seat plays
 * stop-at-shotguns:N, stopping once the turn holds N shotguns.
 *
 * spec/zombie_dice/tests/test_zd_yardstick.c holds it to the engine's
 * games: the same win rates, scores and turns within sampling error.
 */
#include "extras.h"
#include "rng.h"
#include "zd_extras.h"

enum { Y_GREEN, Y_YELLOW, Y_RED, Y_COLOURS };
enum { Y_BRAIN, Y_SHOTGUN, Y_FEET };
enum { Y_GOAL = 13 };

/* Each die's six sides (the rules' "Game Components"). */
static const unsigned char y_side[Y_COLOURS][6] = {
    [Y_GREEN] = { Y_BRAIN, Y_BRAIN, Y_BRAIN, Y_SHOTGUN, Y_FEET, Y_FEET },
    [Y_YELLOW] = { Y_BRAIN, Y_BRAIN, Y_SHOTGUN, Y_SHOTGUN, Y_FEET, Y_FEET },
    [Y_RED] = { Y_BRAIN, Y_SHOTGUN, Y_SHOTGUN, Y_SHOTGUN, Y_FEET, Y_FEET },
};

/* One turn, stopping at stop_at shotguns: the brains it scores;
 * *shortages counts the cup's shortages. */
static int y_turn(ud_rng *r, int stop_at, int *shortages)
{
    int cup[Y_COLOURS] = { 6, 4, 3 }, in_cup = 13;
    int hand[3], held = 0; /* the feet kept, then the new dice */
    int brain_dice[Y_COLOURS] = { 0, 0, 0 };
    int brains = 0, shotguns = 0;
    for (;;) {
        if (held < 3 && in_cup < 3) { /* the shortage: brain dice back */
            ++*shortages;
            for (int c = 0; c < Y_COLOURS; c++) {
                cup[c] += brain_dice[c];
                in_cup += brain_dice[c];
                brain_dice[c] = 0;
            }
        }
        while (held < 3) {
            int i = (int)ud_rng_below(r, (uint32_t)in_cup);
            int c = (i >= cup[Y_GREEN]) + (i >= cup[Y_GREEN] + cup[Y_YELLOW]); /* green, yellow, red */
            cup[c]--;
            in_cup--;
            hand[held++] = c;
        }
        /* Counted, not branched on: the faces are random, and a branch per
         * die would be mispredicted every other roll (1.6 times slower). */
        int kept = 0;
        for (int k = 0; k < 3; k++) {
            int c = hand[k], face = y_side[c][ud_rng_below(r, 6)];
            brain_dice[c] += face == Y_BRAIN;
            brains += face == Y_BRAIN;
            shotguns += face == Y_SHOTGUN;
            hand[kept] = c;
            kept += face == Y_FEET;
        }
        held = kept;
        if (shotguns >= 3)
            return 0;
        if (shotguns >= stop_at)
            return brains;
    }
}

/* The seats holding the best score among those in pool (a bit each). */
static unsigned y_leaders(const int *score, int players, unsigned pool)
{
    int best = -1;
    unsigned mask = 0;
    for (int p = 0; p < players; p++) {
        if (!(pool >> p & 1u))
            continue;
        if (score[p] > best) {
            best = score[p];
            mask = 0;
        }
        if (score[p] == best)
            mask |= 1u << p;
    }
    return mask;
}

/* One game into out. */
static void y_game(ud_rng *r, int players, const int *param, ud_yard_tally *out)
{
    int score[UD_MAX_PLAYERS] = { 0 }, turns = 0, shortages = 0;
    bool ending = false;
    for (int p = 0;; p = (p + 1) % players) { /* seat 0 opens every round */
        score[p] += y_turn(r, param[p], &shortages);
        turns++;
        ending |= score[p] >= Y_GOAL;
        if (ending && p == players - 1)
            break; /* someone reached 13 and the round is finished */
    }
    unsigned lead = y_leaders(score, players, (1u << players) - 1);
    if (lead & (lead - 1)) { /* tied: the leaders play one more round */
        for (int p = 0; p < players; p++)
            if (lead >> p & 1u) {
                score[p] += y_turn(r, param[p], &shortages);
                turns++;
            }
        lead = y_leaders(score, players, lead);
    }
    if (lead & (lead - 1))
        out->shared++;
    else
        out->wins[__builtin_ctz(lead)]++;
    for (int p = 0; p < players; p++) {
        out->score_sum[p] += score[p];
        out->score_sq[p] += (double)score[p] * score[p];
    }
    out->turns += (uint64_t)turns;
    out->turns_sq += (double)turns * turns;
    out->events += (uint64_t)shortages;
    out->events_sq += (double)shortages * shortages;
    out->games++;
}

static void y_play(uint64_t seed, uint64_t games, int players, const int *param, ud_yard_tally *out)
{
    *out = (ud_yard_tally){ 0 };
    for (uint64_t i = 0; i < games; i++) {
        ud_rng r;
        ud_rng_seed(&r, seed + i);
        y_game(&r, players, param, out);
    }
}

const ud_yardstick zd_yardstick = {
    .summary = "the base game, default readings, seat order, every seat stop-at-shotguns:N",
    .policy = "stop-at-shotguns",
    .turn_rule = "ZD-TURN",
    .event_rule = "ZD-SHORTAGE-RETURN",
    .min_players = 2,
    .max_players = UD_MAX_PLAYERS,
    .play = y_play,
};
