/*
 * faq.c - Dice of the Living Dead's parts of the rules FAQ: its worked
 * examples folder, how its reading simulations play, and its charts: one
 * fight, exactly (combat.c, combat_best.c), for the question players ask
 * most about Combat: how many fight dice does it take, and is it worth
 * rerolling?
 */
#include <stdio.h>
#include <stdlib.h>

#include "dotld.h"
#include "dotld_extras.h"

enum { CHART_ZOMBIES = 8, CHART_DICE = 6, CHART_TIME = 3 };

typedef struct fight_chart {
    dl_combat_best_result best[CHART_ZOMBIES][CHART_DICE];
    double safe_left[CHART_ZOMBIES][CHART_DICE];
} fight_chart;

static void all_killed_cell(void *ctx, int r, int c, double *v, char *text)
{
    const fight_chart *f = ctx;
    *v = f->best[r][c].p_all;
    /* never "100%" for a fight that can be lost, nor "0%" for one that can be won */
    if ((*v < 1 && 100 * *v >= 99.5) || (*v > 0 && 100 * *v < 0.5))
        snprintf(text, 32, "%.1f%%", 100 * *v);
    else
        snprintf(text, 32, "%.0f%%", 100 * *v);
}

static void chart_fights(const ud_faq_writer *w)
{
    fight_chart *f = malloc(sizeof *f);
    if (!f)
        return;
    for (int z = 0; z < CHART_ZOMBIES; z++)
        for (int d = 0; d < CHART_DICE; d++) {
            dl_combat_best(z + 1, d + 1, CHART_TIME, &f->best[z][d]);
            f->safe_left[z][d] = dl_combat_e_left(z + 1, d + 1, CHART_TIME, 1);
        }
    w->h3(w->ctx, "dotld-chart-fight", "How many fight dice does a fight take?");
    w->p(w->ctx,
         "The chance to kill every zombie in one fight, by zombies and fight dice, with 3 Time left off a "
         "safe house, when the party freezes and rerolls as well as it can without ever risking the "
         "clock (undead's best freezing policy: undead solve dotld combat). Exact, from the faces: a "
         "4 or 5 kills one zombie, a 6 kills two, and each zombie left kills a Healthy Survivor.");
    const char *rows[CHART_ZOMBIES] = { "1 zombie",  "2 zombies", "3 zombies", "4 zombies",
                                        "5 zombies", "6 zombies", "7 zombies", "8 zombies" };
    const char *cols[CHART_DICE] = { "1 die", "2 dice", "3 dice", "4 dice", "5 dice", "6 dice" };
    if (w->html)
        w->heat(w->ctx, "P(every zombie killed), best freezing, Time 3", CHART_ZOMBIES, CHART_DICE, rows,
                cols, all_killed_cell, f);
    w->h3(w->ctx, "dotld-chart-freezing",
          "Is it worth freezing some blank dice instead of rerolling them all?");
    w->p(w->ctx,
         "Yes, once a fight has three dice or more. Rerolling a die that shows a 1, 2 or 3 is safe only "
         "while the dice rerolled are fewer than the Time left (each new 1 costs a Time). A party that "
         "rerolls all its blanks or none (reroll-safe) often may not reroll at all; rerolling only "
         "some of them saves the survivors below, on average, per fight. No position of any of these "
         "fights is helped by rerolling a die that already kills.");
    const char *head[5] = { "Survivors saved per fight", "3 dice", "4 dice", "5 dice", "6 dice" };
    w->table_begin(w->ctx, 5, head);
    static const int zombies[] = { 1, 2, 4, 6, 8 };
    for (int i = 0; i < 5; i++) {
        int z = zombies[i] - 1;
        char label[32], cell[4][16]; /* room for any int the format could print */
        snprintf(label, sizeof label, "%d zombie%s", z + 1, z ? "s" : "");
        for (int d = 2; d < CHART_DICE; d++)
            snprintf(cell[d - 2], sizeof cell[d - 2], "%.2f", f->safe_left[z][d] - f->best[z][d].e_left);
        w->table_row(w->ctx, (const char *const[]){ label, cell[0], cell[1], cell[2], cell[3] });
    }
    w->table_end(w->ctx);
    free(f);
}

static void charts(const ud_game *g, const ud_faq_writer *w)
{
    (void)g;
    chart_fights(w);
}

/* The players' chart: the chance that one fight kills every zombie, under
 * the play that gives the best chance of it (a 4 or 5 rerolled for a 6
 * where two kills are needed from it), not the reference's fewest-left
 * play, which keeps every die that kills. */
static void players_charts(const ud_game *g, const ud_faq_writer *w)
{
    (void)g;
    fight_chart *f = malloc(sizeof *f);
    if (!f)
        return;
    for (int z = 0; z < CHART_ZOMBIES; z++)
        for (int d = 0; d < CHART_DICE; d++)
            dl_combat_best_for(z + 1, d + 1, CHART_TIME, DL_BEST_ALL_KILLED, &f->best[z][d]);
    w->h3(w->ctx, "dotld-players-chart-fight", "Will my fight dice kill every zombie?");
    w->p(w->ctx,
         "Find the zombies you face and the fight dice you roll (ammo adds one die each): the cell is the "
         "chance that the fight kills them all, so that no Healthy Survivor dies. A 4 or 5 kills one "
         "zombie, a 6 kills two. The chances are for three rolls with 3 Time left away from a safe house, "
         "playing for the best chance to kill them all: rerolling a 4 or 5 too, hoping for a 6, where "
         "that does better (2 zombies with 1 die: 42%, against 29% keeping it), and rerolling only when "
         "even a 1 on every rerolled die would leave Time on the clock.");
    const char *rows[CHART_ZOMBIES] = { "1 zombie",  "2 zombies", "3 zombies", "4 zombies",
                                        "5 zombies", "6 zombies", "7 zombies", "8 zombies" };
    const char *cols[CHART_DICE] = { "1 die", "2 dice", "3 dice", "4 dice", "5 dice", "6 dice" };
    if (w->html)
        w->heat(w->ctx, "Chance one fight kills every zombie, playing for it", CHART_ZOMBIES, CHART_DICE,
                rows, cols, all_killed_cell, f);
    else {
        const char *head[CHART_DICE + 1] = { "Zombies", "1 die",  "2 dice", "3 dice",
                                             "4 dice",  "5 dice", "6 dice" };
        w->table_begin(w->ctx, CHART_DICE + 1, head);
        for (int z = 0; z < CHART_ZOMBIES; z++) {
            char cell[CHART_DICE][33];
            const char *row[CHART_DICE + 1] = { rows[z] };
            for (int d = 0; d < CHART_DICE; d++) {
                double v;
                all_killed_cell(f, z, d, &v, cell[d]);
                row[d + 1] = cell[d];
            }
            w->table_row(w->ctx, row);
        }
        w->table_end(w->ctx);
    }
    free(f);
}

static const ud_faq_examples examples[] = {
    { "examples", "Worked examples from the rulebook",
      "The rulebook's own examples (the fight of Combat, Hoarder and They Always Turn in Movement), played by the "
      "rule table from a starting position that the example implies." },
    { "endgame", "How a game ends",
      "A loss by Time in a fight and the same roll on a safe house, too few "
      "supplies, each face of the infection roll, a win with only infected survivors, a multiplayer party "
      "with fewer survivors than players." },
    { NULL, NULL, NULL },
};

/* Who played a reading measured by players of its own (game.c,
 * dl_reading_measures), in players' words. */
static const ud_faq_measured players_measured[] = {
    { &dl_variants[DL_V_STRESS_DRAW], DL_STRESS_PER_SPACE, "one player playing cautiously" },
    { &dl_variants[DL_V_STRESS_REPEAT], DL_STRESS_EACH_TIME, "one player playing cautiously" },
    { &dl_variants[DL_V_EXTRACTION], DL_EXTRACTION_EXPOSED,
      "one player choosing at random, starting in The Outskirts with 2 Time" },
    { &dl_variants[DL_V_EVENT_COST], DL_EVENT_COST_PAY_WHAT_YOU_HAVE,
      "one player choosing at random, starting Downtown on space 7 with no Supplies" },
    { NULL, 0, NULL },
};

const ud_faq_extras dl_faq = {
    .examples = examples,
    .reading_policy = "a cautious party (rerolling only 2s, spending ammo for every zombie)",
    .charts = charts,
    .questions = dl_players_faq,
    .sources = dl_faq_sources,
    .players_metric = "wins per game",
    .players_metric_says = "the party wins",
    .players_metric_percent = 100,
    .players_charts = players_charts,
    .players_who = "playing cautiously (rerolling only 2s, spending ammo on every zombie)",
    .players_measured = players_measured,
};
