/*
 * combat.c - the analysis "combat" (undead solve dotld combat): the fight
 * of 002's Combat step solved exactly, as fractions, for every number of
 * zombies and fight dice in a table, under three freezing policies:
 *
 *   keep          one roll, nothing rerolled;
 *   reroll-safe   reroll the dice showing 1-3 while zombies are left and
 *                 fewer such dice than the Time left (a rerolled 1 costs a
 *                 Time: this never runs the clock out);
 *   reroll-all    reroll the dice showing 1-3 while zombies are left,
 *                 whatever the Time.
 *
 * Each die shows one of four kinds of face that matter: 1 (a blank that
 * costs a Time when rerolled), 2-3 (a blank), 4-5 (one kill), 6 (two
 * kills).  A roll of j dice is enumerated by how many of each kind it
 * shows, weighted by the number of die sequences giving it; weights are
 * kept over the common denominator 6^(3 * dice), which fits in 64 bits for
 * up to 8 dice, so every figure is an exact fraction.
 *
 * The rows' own fight (rules.c) counts dice the same way; the test beside
 * this game compares this analysis with seeded fights played by the rows.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dotld.h"
#include "dotld_extras.h"
#include "frac64.h"

enum { MAX_DICE = 8, MAX_ZOMBIES = 16, MAX_TIME = 6 };
enum { POLICY_KEEP, POLICY_SAFE, POLICY_ALL, N_POLICIES };
static const char *const policy_name[N_POLICIES] = { "keep", "reroll-safe", "reroll-all" };

/* Outcome counts over 6^(3 * dice): zombies left, Time lost, and whether
 * the clock ran out (Time reached 0: time-out=at-zero, off a safe house). */
typedef struct fight_table {
    uint64_t left[MAX_ZOMBIES + 1];
    uint64_t time_lost[MAX_TIME + 1];
    uint64_t out_of_time;
    uint64_t total;
} fight_table;

typedef struct fight {
    int zombies, dice, time, policy;
    fight_table t;
} fight;

static uint64_t pow6(int n)
{
    uint64_t p = 1;
    while (n-- > 0)
        p *= 6;
    return p;
}

static uint64_t factorial(int n)
{
    uint64_t f = 1;
    for (int i = 2; i <= n; i++)
        f *= (uint64_t)i;
    return f;
}

static bool reroll_now(const fight *f, int blanks, int kills, int time)
{
    if (f->policy == POLICY_KEEP || blanks == 0 || kills >= f->zombies)
        return false;
    return f->policy == POLICY_ALL || blanks < time;
}

/* The fight from here: `blanks` dice to consider, `kills` made by the
 * dice kept, `rolls` made, `time` left, weight w (sequences so far, over
 * 6^(dice rolled so far)), `rolled` dice rolled so far. */
static void after_roll(fight *f, int blanks, int kills, int rolls, int time, int lost, uint64_t w, int rolled)
{
    if (time == 0 || rolls == 3 || !reroll_now(f, blanks, kills, time)) {
        uint64_t weight = w * pow6(3 * f->dice - rolled);
        int left = f->zombies > kills ? f->zombies - kills : 0;
        f->t.left[left] += weight;
        f->t.time_lost[lost] += weight;
        if (time == 0)
            f->t.out_of_time += weight;
        f->t.total += weight;
        return;
    }
    int j = blanks;
    /* a ones, b twos-or-threes, c fours-or-fives, d sixes */
    for (int a = 0; a <= j; a++)
        for (int b = 0; a + b <= j; b++)
            for (int c = 0; a + b + c <= j; c++) {
                int d = j - a - b - c;
                uint64_t ways = factorial(j) / (factorial(a) * factorial(b) * factorial(c) * factorial(d));
                ways <<= b + c; /* two faces each */
                int t = time - a < 0 ? 0 : time - a;
                after_roll(f, a + b, kills + c + 2 * d, rolls + 1, t, lost + (time - t), w * ways,
                           rolled + j);
            }
}

/* The first roll: every die, no Time lost on its 1s. */
static void solve_fight(fight *f)
{
    memset(&f->t, 0, sizeof f->t);
    int j = f->dice;
    for (int a = 0; a <= j; a++)
        for (int b = 0; a + b <= j; b++)
            for (int c = 0; a + b + c <= j; c++) {
                int d = j - a - b - c;
                uint64_t ways = factorial(j) / (factorial(a) * factorial(b) * factorial(c) * factorial(d));
                ways <<= b + c;
                after_roll(f, a + b, c + 2 * d, 1, f->time, 0, ways, j);
            }
}

static void fraction(uint64_t num, uint64_t den, char *out, size_t size)
{
    uint64_t g = ud_gcd64(num, den);
    snprintf(out, size, "%llu/%llu", (unsigned long long)(num / g), (unsigned long long)(den / g));
}

/* A fraction "a/b" (or a whole number "a") as its numerator and
 * denominator ("1" for a whole number). */
static void split_fraction(const char *q, char *num, size_t num_size, char *den, size_t den_size)
{
    const char *slash = strchr(q, '/');
    snprintf(num, num_size, "%.*s", slash ? (int)(slash - q) : (int)strlen(q), q);
    snprintf(den, den_size, "%s", slash ? slash + 1 : "1");
}

static bool read_int(const ud_analysis_args *a, const char *name, int lo, int hi, int *out, ud_buf *err)
{
    uint64_t v = 0;
    if (!ud_analysis_number(a, name, (uint64_t)lo, (uint64_t)hi, &v, err))
        return false;
    if (ud_analysis_arg(a, name)) /* else *out keeps its default */
        *out = (int)v;
    return true;
}

/* The best freezing policy (combat_best.c), beside reroll-safe: the best
 * fixed policy that also never risks the clock. */
static void print_best(const ud_analysis_args *a, const ud_analysis_sink *sink, int z_lo, int z_hi, int d_lo,
                       int d_hi, int time)
{
    ud_say(sink,
           "\nbest: the freezing policy that never risks the clock and leaves the fewest zombies on average\n"
           "(then the least Time lost), found by backward induction over every position between rolls\n");
    ud_say(sink, "%7s %4s  %-12s %-14s %-12s %-22s %s\n", "zombies", "dice", "P(all killed)",
           "E[zombies left]", "E[Time lost]", "vs reroll-safe", "rerolls a kill");
    for (int z = z_lo; z <= z_hi; z++)
        for (int d = d_lo; d <= d_hi; d++) {
            dl_combat_best_result b;
            dl_combat_best(z, d, time, &b);
            double e_safe = dl_combat_e_left(z, d, time, POLICY_SAFE);
            char gain[32];
            double diff = b.e_left - e_safe;
            if (diff > -5e-7 && diff < 5e-7)
                diff = 0; /* not "-0.000000" */
            snprintf(gain, sizeof gain, "%+.6f zombies", diff);
            ud_say(sink, "%7d %4d  %-12.6f %-14.6f %-12.6f %-22s %d of %d positions\n", z, d, b.p_all,
                   b.e_left, b.e_time, gain, b.reroll_kills, b.positions);
            if (!sink->record)
                continue;
            char key[96], inputs[96], outcome[512];
            snprintf(key, sizeof key, "solve:dotld:combat:best:z%d:d%d:t%d", z, d, time);
            snprintf(inputs, sizeof inputs, "zombies=%d dice=%d time=%d policy=best", z, d, time);
            snprintf(outcome, sizeof outcome, "all-killed=%s e-left=%s e-time-lost=%.6f out-of-time=0",
                     b.p_all_exact, b.e_left_exact, b.e_time);
            char num[160], den[160], left_num[160], left_den[160];
            split_fraction(b.p_all_exact, num, sizeof num, den, sizeof den);
            split_fraction(b.e_left_exact, left_num, sizeof left_num, left_den, sizeof left_den);
            ud_analysis_case c = { key,
                                   a->setup.variant,
                                   inputs,
                                   outcome,
                                   num,
                                   den,
                                   "combat",
                                   "best",
                                   4,
                                   { { "all-killed", b.p_all, num, den },
                                     { "e-left", b.e_left, left_num, left_den },
                                     { "e-time-lost", b.e_time, NULL, NULL },
                                     { "out-of-time", 0, NULL, NULL } } };
            sink->record(sink->ctx, &c);
        }
}

static int run_combat(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sink, ud_buf *err)
{
    int zombies = -1, dice = -1, time = 3;
    if (!read_int(a, "zombies", 0, MAX_ZOMBIES, &zombies, err) ||
        !read_int(a, "dice", 1, MAX_DICE, &dice, err) || !read_int(a, "time", 1, MAX_TIME, &time, err))
        return UD_ANALYSIS_USAGE;
    int z_lo = zombies >= 0 ? zombies : 1, z_hi = zombies >= 0 ? zombies : 8;
    int d_lo = dice >= 0 ? dice : 1, d_hi = dice >= 0 ? dice : 6;
    ud_say(sink, "%s: one fight, exact (Time %d, not on a safe house; time-out=at-zero)\n", g->title, time);
    ud_say(sink, "%-12s %7s %4s  %-12s %-14s %-12s %s\n", "policy", "zombies", "dice", "P(all killed)",
           "E[zombies left]", "E[Time lost]", "P(out of Time)");
    for (int p = 0; p < N_POLICIES; p++)
        for (int z = z_lo; z <= z_hi; z++)
            for (int d = d_lo; d <= d_hi; d++) {
                fight f = { .zombies = z, .dice = d, .time = time, .policy = p };
                solve_fight(&f);
                double den = (double)f.t.total, e_left = 0, e_time = 0;
                for (int k = 0; k <= MAX_ZOMBIES; k++)
                    e_left += k * (double)f.t.left[k] / den;
                for (int k = 0; k <= MAX_TIME; k++)
                    e_time += k * (double)f.t.time_lost[k] / den;
                char all[48], out[48], key[96], inputs[96], outcome[256], num[48], dens[48];
                fraction(f.t.left[0], f.t.total, all, sizeof all);
                fraction(f.t.out_of_time, f.t.total, out, sizeof out);
                ud_say(sink, "%-12s %7d %4d  %-12.6f %-14.6f %-12.6f %.6f\n", policy_name[p], z, d,
                       (double)f.t.left[0] / den, e_left, e_time, (double)f.t.out_of_time / den);
                if (!sink->record)
                    continue;
                snprintf(key, sizeof key, "solve:dotld:combat:%s:z%d:d%d:t%d", policy_name[p], z, d, time);
                snprintf(inputs, sizeof inputs, "zombies=%d dice=%d time=%d policy=%s", z, d, time,
                         policy_name[p]);
                snprintf(outcome, sizeof outcome, "all-killed=%s e-left=%.6f e-time-lost=%.6f out-of-time=%s",
                         all, e_left, e_time, out);
                char out_num[48], out_den[48];
                split_fraction(all, num, sizeof num, dens, sizeof dens);
                split_fraction(out, out_num, sizeof out_num, out_den, sizeof out_den);
                ud_analysis_case c = { key,
                                       a->setup.variant,
                                       inputs,
                                       outcome,
                                       num,
                                       dens,
                                       "combat",
                                       policy_name[p],
                                       4,
                                       { { "all-killed", (double)f.t.left[0] / den, num, dens },
                                         { "e-left", e_left, NULL, NULL },
                                         { "e-time-lost", e_time, NULL, NULL },
                                         { "out-of-time", (double)f.t.out_of_time / den, out_num,
                                           out_den } } };
                sink->record(sink->ctx, &c);
            }
    print_best(a, sink, z_lo, z_hi, d_lo, d_hi, time);
    return UD_ANALYSIS_OK;
}

static const ud_analysis_option combat_options[] = {
    { "zombies", "N", "only N zombies (default: 1 to 8)" },
    { "dice", "N", "only N fight dice, 1 to 8 (default: 1 to 6)" },
    { "time", "N", "Time left when the fight begins, 1 to 6 (default 3)" },
    { NULL, NULL, NULL },
};

const ud_analysis dl_analyses[DL_N_ANALYSES] = {
    { "combat",
      "one fight, exactly: the chance to kill every zombie, zombies left and Time lost\n"
      "  under keep, reroll-safe and reroll-all, per zombies and fight dice, and the best\n"
      "  freezing policy that never risks the clock",
      combat_options, run_combat, true, false },
};

/* For the tests: the exact figures of one fight. */
void dl_combat_exact(int zombies, int dice, int time, int policy, uint64_t *all_killed, uint64_t *out_of_time,
                     uint64_t *total)
{
    fight f = { .zombies = zombies, .dice = dice, .time = time, .policy = policy };
    solve_fight(&f);
    *all_killed = f.t.left[0];
    *out_of_time = f.t.out_of_time;
    *total = f.t.total;
}

/* For the tests: the expected zombies left by one fight under a policy. */
double dl_combat_e_left(int zombies, int dice, int time, int policy)
{
    fight f = { .zombies = zombies, .dice = dice, .time = time, .policy = policy };
    solve_fight(&f);
    double e = 0;
    for (int k = 0; k <= MAX_ZOMBIES; k++)
        e += k * (double)f.t.left[k] / (double)f.t.total;
    return e;
}
