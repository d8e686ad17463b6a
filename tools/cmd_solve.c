/*
 * cmd_solve.c - `undead solve zombie-dice turn|game|claims`: the exact
 * figures of spec/zombie_dice/solve.h, printed and recorded as cases.
 *
 *   turn    one turn's outcome under named policies and under the policy
 *           that maximises expected brains, as fractions and decimals, for
 *           every shortage reading (the only readings a turn meets)
 *   game    the two-player game to 13 under optimal play, per seat, for
 *           every end-of-game and tiebreak reading
 *   claims  the numbers 001 states, recomputed: verified or refuted
 */
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>

#include "cli.h"
#include "policy.h"
#include "record.h"
#include "setup.h"
#include "zombie_dice/solve.h"

static const char usage[] =
    "usage: undead solve zombie-dice turn|game|claims [options]\n"
    "Exact figures for Zombie Dice (see README.md, 'Exact solutions').\n"
    "  turn     one turn under each policy: expected brains, bust chance, the\n"
    "           distribution of brains banked; and the policy maximising expected\n"
    "           brains.  Every shortage reading unless --variant fixes one.\n"
    "  game     two players to 13 under optimal play: each seat's chance of\n"
    "           winning, for every end/tiebreak reading unless --variant fixes one\n"
    "  claims   001's numeric claims recomputed exactly: verified or refuted\n"
    "  --policy P[,P...]     policies for 'turn' (default: a standard list)\n"
    "  --variant KEY=VALUE   a reading (see 'undead variants zombie-dice')\n"
    "  --dist                'turn': print the whole distribution of brains banked\n"
    "  --reference           'turn': the plain rational pass (mpq, slow) instead of\n"
    "                        the smooth-denominator one; the figures are identical\n"
    "  --format text|csv     output format (default text)\n"
    "  --from-score N        'game': solve only the positions where both scores\n"
    "                        are at least N (seconds near the end; the figures\n"
    "                        are each seat's chance from N-N)\n"
    "  --export FILE         'game': write the optimal policy as a CSV table, one\n"
    "                        row per (situation, seat, scores, dice between rolls)\n"
    "                        with the turn totals at which to roll (one reading)\n"
    REC_HELP;

typedef struct solve_opts {
    const char *policies;
    const char *variants[UD_MAX_VARIANTS * 2];
    int n_variants;
    int csv;
    int dist;
    int reference;
    int from_score;
    const char *export_path;
    rec_opts ro;
} solve_opts;

/* ---- output helpers ------------------------------------------------------ */

static void print_q(const char *label, const mpq_t q, int csv)
{
    char *s = mpq_get_str(NULL, 10, q);
    if (csv)
        printf("%s,%.15g", s, mpq_get_d(q));
    else
        printf("%s %s (%.10f)", label, s, mpq_get_d(q));
    free(s);
}

/* The variants text every case is stored with (db/README.md). */
static void variants_text(const int *variant, char *out, size_t size)
{
    ud_buf b;
    ud_buf_init(&b);
    rec_variants_text(&zd_game, variant, &b);
    snprintf(out, size, "%s", ud_buf_str(&b));
    ud_buf_free(&b);
}

static void record_case(recorder *r, const char *key, const int *variant, const char *inputs,
                        const char *outcome, const mpq_t *prob)
{
    if (!r->db)
        return;
    char vars[512];
    variants_text(variant, vars, sizeof vars);
    char *num = prob ? mpz_get_str(NULL, 10, mpq_numref(*prob)) : NULL;
    char *den = prob ? mpz_get_str(NULL, 10, mpq_denref(*prob)) : NULL;
    db_case c = { .key = key, .kind = "solve", .game = zd_game.name, .variants = vars,
                  .inputs = inputs, .status = "complete", .outcome = outcome, .winner = NULL,
                  .decisions = -1, .prob_num = num, .prob_den = den, .rules = "" };
    db_case_add(r->db, r->run, &c);
    free(num);
    free(den);
    rec_tick(r);
}

/* The readings to go through: those the user fixed, else every value of
 * each key in keys. */
static bool build_variants(const solve_opts *o, ud_setup *base, bool fixed[ZD_VARIANTS])
{
    ud_setup_defaults(&zd_game, base);
    memset(fixed, 0, ZD_VARIANTS * sizeof fixed[0]);
    for (int i = 0; i < o->n_variants; i++) {
        ud_buf err;
        ud_buf_init(&err);
        bool ok = ud_setup_variant(&zd_game, base, o->variants[i], &err);
        if (!ok)
            fprintf(stderr, "undead solve: --variant %s: %s\n", o->variants[i], ud_buf_str(&err));
        ud_buf_free(&err);
        if (!ok)
            return false;
        for (int v = 0; v < ZD_VARIANTS; v++)
            if (strncmp(o->variants[i], zd_variants[v].key, strlen(zd_variants[v].key)) == 0 &&
                o->variants[i][strlen(zd_variants[v].key)] == '=')
                fixed[v] = true;
    }
    return true;
}

/* ---- turn ------------------------------------------------------------------ */

typedef struct named_pol {
    ud_policy p;
} named_pol;

static int named_policy(void *ctx, const zd_turn_graph *g, int i, int k)
{
    named_pol *np = ctx;
    zd_state st;
    zd_pos_state(g, i, k, 0, &st);
    /* stop or roll, once (offers are large) */
    static ud_offers o = { .n = 2, .action = { { ZD_ACT_STOP, { 0 } }, { ZD_ACT_ROLL, { 0 } } } };
    int pick = np->p.def->choose(&zd_game, &st, 0, np->p.param, &o, NULL);
    return pick >= 0 && o.action[pick].kind == ZD_ACT_ROLL;
}

typedef struct table_pol {
    const uint8_t *roll;
    int n;
} table_pol;

static int table_policy(void *ctx, const zd_turn_graph *g, int i, int k)
{
    const table_pol *t = ctx;
    return t->roll[(size_t)k * (size_t)t->n + (size_t)i];
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char default_policies[] =
    "stop-at-shotguns:1,stop-at-shotguns:2,stop-at-brains:3,stop-at-brains:4,stop-at-brains:5,"
    "closer:2,max-ev";

static void print_turn(recorder *r, const int *variant, const char *reading, const char *pol,
                       const zd_turn_dist *d, double secs, const solve_opts *o)
{
    if (o->csv) {
        printf("%s,%s,ev,", reading, pol);
        print_q("", d->ev, 1);
        printf("\n%s,%s,bust,", reading, pol);
        print_q("", d->bust, 1);
        printf("\n");
        for (int k = 0; k <= d->kmax && o->dist; k++)
            if (mpq_sgn(d->banked[k])) {
                printf("%s,%s,bank=%d,", reading, pol, k);
                print_q("", d->banked[k], 1);
                printf("\n");
            }
    } else {
        printf("  %-20s", pol);
        print_q("E[brains]", d->ev, 0);
        printf("\n  %-20s", "");
        print_q("P(bust)  ", d->bust, 0);
        printf("\n  %-20s states with mass %llu, %.3f s\n", "", (unsigned long long)d->reached,
               secs);
        if (mpq_sgn(d->capped))
            printf("  %-20s reached the cap of %d brains still rolling: %.3g\n", "", d->kmax,
                   mpq_get_d(d->capped));
        for (int k = 0; k <= d->kmax && o->dist; k++)
            if (mpq_sgn(d->banked[k])) {
                char label[32];
                snprintf(label, sizeof label, "    bank %2d:", k);
                print_q(label, d->banked[k], 0);
                printf("\n");
            }
    }
    char key[768], outcome[256], inputs[160], vars[512];
    variants_text(variant, vars, sizeof vars);
    snprintf(key, sizeof key, "solve:zombie-dice:turn:policy=%s:reading=%s", pol, vars);
    snprintf(inputs, sizeof inputs, "policy=%s", pol);
    snprintf(outcome, sizeof outcome, "ev=%.15g bust=%.15g", mpq_get_d(d->ev), mpq_get_d(d->bust));
    record_case(r, key, variant, inputs, outcome, &d->ev);
    snprintf(key, sizeof key, "solve:zombie-dice:turn-bust:policy=%s:reading=%s", pol, vars);
    record_case(r, key, variant, inputs, outcome, &d->bust);
}

static int solve_turn(recorder *r, const solve_opts *o)
{
    ud_setup base;
    bool fixed[ZD_VARIANTS];
    if (!build_variants(o, &base, fixed))
        return UD_EXIT_USAGE;
    const char *list = o->policies ? o->policies : default_policies;
    bool (*eval)(const zd_turn_graph *, zd_turn_policy, void *, int, zd_turn_dist *, char *,
                 size_t) = o->reference ? zd_turn_eval : zd_turn_eval_fast;
    int rc = UD_EXIT_OK;
    if (o->csv)
        printf("reading,policy,figure,exact,decimal\n");
    for (int when = 0; when < 2; when++)
        for (int order = 0; order < 2; order++) {
            int variant[UD_MAX_VARIANTS];
            memcpy(variant, base.variant, sizeof variant);
            if (!fixed[ZD_V_SHORT_WHEN])
                variant[ZD_V_SHORT_WHEN] = when;
            else if (when)
                continue;
            if (!fixed[ZD_V_SHORT_ORDER])
                variant[ZD_V_SHORT_ORDER] = order;
            else if (order)
                continue;
            char reading[128], err[256];
            snprintf(reading, sizeof reading, "shortage-when=%s;shortage-order=%s",
                     zd_variants[ZD_V_SHORT_WHEN].values[variant[ZD_V_SHORT_WHEN]].name,
                     zd_variants[ZD_V_SHORT_ORDER].values[variant[ZD_V_SHORT_ORDER]].name);
            double t0 = now();
            zd_turn_graph *g = zd_turn_graph_build(variant, err, sizeof err);
            if (!g) {
                fprintf(stderr, "undead solve: %s\n", err);
                return UD_EXIT_FAIL;
            }
            if (!o->csv)
                printf("%s: %d positions between rolls, %lld roll outcomes (merged), built in %.3f s;\n"
                       "every roll's outcomes sum to exactly 1\n",
                       reading, g->n, (long long)g->n_edges, now() - t0);
            char *copy = strdup(list);
            for (char *save = NULL, *name = strtok_r(copy, ",", &save); name;
                 name = strtok_r(NULL, ",", &save)) {
                zd_turn_dist d;
                zd_turn_dist_init(&d);
                double t1 = now();
                bool ok;
                if (strcmp(name, "max-ev") == 0) {
                    double r_[ZD_SOLVE_KMAX + 1], margin;
                    for (int k = 0; k <= ZD_SOLVE_KMAX; k++)
                        r_[k] = k;
                    size_t cells = (size_t)(ZD_SOLVE_KMAX + 1) * (size_t)g->n;
                    double *v = malloc(cells * sizeof *v);
                    uint8_t *roll = malloc(cells);
                    table_pol tp = { roll, g->n };
                    ok = v && roll;
                    if (ok) {
                        zd_turn_optimise(g, r_, ZD_SOLVE_KMAX, v, roll, &margin);
                        ok = eval(g, table_policy, &tp, ZD_SOLVE_KMAX, &d, err, sizeof err);
                    }
                    free(v);
                    free(roll);
                } else {
                    named_pol np;
                    ud_buf e;
                    ud_buf_init(&e);
                    ok = ud_policy_parse(&zd_game, name, &np.p, &e);
                    if (ok && (np.p.def == &ud_policy_random || np.p.def == &ud_policy_human)) {
                        ud_buf_puts(&e, "'random' and 'human' are not deterministic policies");
                        ok = false;
                    }
                    if (!ok) {
                        fprintf(stderr, "undead solve: --policy %s: %s\n", name, ud_buf_str(&e));
                        ud_buf_free(&e);
                        zd_turn_dist_clear(&d);
                        free(copy);
                        zd_turn_graph_free(g);
                        return UD_EXIT_USAGE;
                    }
                    ud_buf_free(&e);
                    ok = eval(g, named_policy, &np, ZD_SOLVE_KMAX, &d, err, sizeof err);
                }
                if (!ok) {
                    fprintf(stderr, "undead solve: %s: %s\n", name, err);
                    rc = UD_EXIT_FAIL;
                } else {
                    print_turn(r, variant, reading, name, &d, now() - t1, o);
                }
                zd_turn_dist_clear(&d);
            }
            free(copy);
            zd_turn_graph_free(g);
        }
    return rc;
}

/* ---- game ------------------------------------------------------------------ */

/* The turn totals k (0..kmax-1) at which table says roll, as ranges
 * "0-4;6"; "-" when never. */
static void roll_ranges(const zd_game_solution *s, const uint8_t *table, int i, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; k < s->kmax && len + 16 < size; k++) {
        if (!table[(size_t)k * (size_t)s->g->n + (size_t)i])
            continue;
        int end = k;
        while (end + 1 < s->kmax && table[(size_t)(end + 1) * (size_t)s->g->n + (size_t)i])
            end++;
        len += (size_t)snprintf(out + len, size - len, "%s%d", len ? ";" : "", k);
        if (end > k)
            len += (size_t)snprintf(out + len, size - len, "-%d", end);
        k = end;
    }
    if (!out[0])
        snprintf(out, size, "-");
}

/* One CSV row per decision table and dice position between rolls. */
static void export_rows(FILE *f, const zd_game_solution *s, const char *situation, int seat,
                        int a, int b, int need, const uint8_t *table)
{
    if (!table)
        return;
    char when[512];
    for (int i = 0; i < s->g->n; i++) {
        zd_state st;
        zd_pos_state(s->g, i, 0, a, &st);
        char feet[8] = "", cup[32] = "";
        for (int k = 0; k < st.n_hand && k < 3; k++)
            feet[k] = zd_dice[st.hand[k]].letter;
        if (!st.n_hand)
            snprintf(feet, sizeof feet, "-");
        snprintf(cup, sizeof cup, "G%dY%dR%d", st.cup[ZD_GREEN], st.cup[ZD_YELLOW], st.cup[ZD_RED]);
        roll_ranges(s, table, i, when, sizeof when);
        fprintf(f, "%s,%d,%d,%d,%d,%d,%d,%s,%s,%s\n", situation, seat + 1, a, b, need,
                zd_turn_shotguns(&st), i, feet, cup, when);
    }
}

/* The optimal policy of one reading as a table (--export). */
static int export_policy(const char *path, const zd_game_solution *s)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "undead solve: %s: cannot write: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# optimal policy for %s, end=%s tiebreak=%s, positions with both scores >= %d;"
               " seat 1 opens the rounds; roll_when: turn totals (brains this turn) at which"
               " to roll again, else stop\n", zd_game.name,
            zd_variants[ZD_V_END].values[s->variant[ZD_V_END]].name,
            zd_variants[ZD_V_TIEBREAK].values[s->variant[ZD_V_TIEBREAK]].name, s->floor);
    fputs("situation,seat,my_score,other_score,need,shotguns,position,feet,cup,roll_when\n", f);
    for (int seat = 0; seat < 2; seat++)
        for (int a = s->floor; a < ZD_GOAL; a++)
            for (int b = s->floor; b < ZD_GOAL; b++)
                export_rows(f, s, "normal", seat, a, b, -1, s->normal[seat][a][b]);
    for (int seat = 0; seat < 2; seat++)
        for (int d = 0; d <= s->dmax; d++)
            export_rows(f, s, "final-turn", seat, -1, -1, d, s->final[seat][d]);
    export_rows(f, s, "tiebreak-opener", 0, -1, -1, -1, s->opener);
    for (int d = 0; d <= s->kmax; d++)
        export_rows(f, s, "tiebreak-reply", 1, -1, -1, d, s->reply[d]);
    if (fclose(f) != 0) {
        fprintf(stderr, "undead solve: %s: write error\n", path);
        return -1;
    }
    return 0;
}

static int solve_game(recorder *r, const solve_opts *o)
{
    ud_setup base;
    bool fixed[ZD_VARIANTS];
    if (!build_variants(o, &base, fixed))
        return UD_EXIT_USAGE;
    char err[256];
    double t0 = now();
    zd_turn_graph *g = zd_turn_graph_build(base.variant, err, sizeof err);
    if (!g) {
        fprintf(stderr, "undead solve: %s\n", err);
        return UD_EXIT_FAIL;
    }
    if (o->csv)
        printf("end,tiebreak,first-player,seat,p_win,seconds\n");
    else
        printf("turn graph: %d positions, %lld edges (%.2f s)\n", g->n, (long long)g->n_edges,
               now() - t0);
    for (int end = 0; end < 2; end++)
        for (int tb = 0; tb < 2; tb++) {
            int variant[UD_MAX_VARIANTS];
            memcpy(variant, base.variant, sizeof variant);
            if (fixed[ZD_V_END] ? end : 0)
                continue;
            if (fixed[ZD_V_TIEBREAK] ? tb : 0)
                continue;
            if (!fixed[ZD_V_END])
                variant[ZD_V_END] = end;
            if (!fixed[ZD_V_TIEBREAK])
                variant[ZD_V_TIEBREAK] = tb;
            zd_game_solution *s = zd_game_solve_from(g, variant, o->from_score, err, sizeof err);
            if (!s) {
                fprintf(stderr, "undead solve: %s\n", err);
                zd_turn_graph_free(g);
                return UD_EXIT_FAIL;
            }
            int f = o->from_score;
            double w0 = s->w[0][f][f];
            const char *ev = zd_variants[ZD_V_END].values[variant[ZD_V_END]].name;
            const char *tv = zd_variants[ZD_V_TIEBREAK].values[variant[ZD_V_TIEBREAK]].name;
            const char *half = variant[ZD_V_TIEBREAK] == ZD_TIE_ONE_ROUND
                                   ? " (a shared win counts 1/2)" : "";
            if (o->csv) {
                printf("%s,%s,seat-order,1,%.12f,%.1f\n", ev, tv, w0, s->seconds);
                printf("%s,%s,seat-order,2,%.12f,%.1f\n", ev, tv, 1 - w0, s->seconds);
                printf("%s,%s,random,any,0.5,%.1f\n", ev, tv, s->seconds);
            } else {
                printf("end=%s tiebreak=%s: P(first seat wins) = %.12f, P(second seat wins) = %.12f%s\n",
                       ev, tv, w0, 1 - w0, half);
                printf("  first-player=random: each seat 1/2 by symmetry\n");
                printf("  tiebreak round, opener's value %.12f; truncation bound %.2g "
                       "(needing more than %d in a final turn counts as lost)\n",
                       s->tiebreak, s->tail, s->dmax);
                printf("  solved in %.1f s, %d Newton steps over %d score pairs, %.0f MiB of tables\n",
                       s->seconds, s->iterations, ZD_GOAL * ZD_GOAL, (double)s->bytes / 1048576.0);
            }
            char key[640], outcome[128], vars[512];
            variants_text(variant, vars, sizeof vars);
            if (f)
                snprintf(key, sizeof key, "solve:zombie-dice:game-from-%d:reading=%s", f, vars);
            else
                snprintf(key, sizeof key, "solve:zombie-dice:game:reading=%s", vars);
            snprintf(outcome, sizeof outcome, "p_first=%.10f p_second=%.10f", w0, 1 - w0);
            record_case(r, key, variant, "players=2 policy=optimal", outcome, NULL);
            rec_metric(r, "solve_seconds", s->seconds, "s");
            if (o->export_path && export_policy(o->export_path, s) != 0) {
                zd_game_solution_free(s);
                zd_turn_graph_free(g);
                return UD_EXIT_FAIL;
            }
            zd_game_solution_free(s);
        }
    zd_turn_graph_free(g);
    return UD_EXIT_OK;
}

/* ---- claims ---------------------------------------------------------------- */

typedef struct claim {
    const char *id;
    const char *text;
} claim;

static void claim_line(recorder *r, const solve_opts *o, const char *id, const char *text,
                       const mpq_t exact, const char *stated, bool verified)
{
    char *s = mpq_get_str(NULL, 10, exact);
    if (o->csv)
        printf("%s,%s,%s,%.10f,\"%s\"\n", id, verified ? "verified" : "refuted", s,
               mpq_get_d(exact), stated);
    else
        printf("%-22s %-9s exact %-14s = %.6f   001 says %s\n    (%s)\n", id,
               verified ? "VERIFIED" : "REFUTED", s, mpq_get_d(exact), stated, text);
    char key[96], outcome[160];
    snprintf(key, sizeof key, "claim:zombie-dice:%s", id);
    snprintf(outcome, sizeof outcome, "%s exact=%s", verified ? "verified" : "refuted", s);
    int variant[UD_MAX_VARIANTS] = { 0 };
    record_case(r, key, variant, text, outcome, (const mpq_t *)exact);
    free(s);
}

/* P(face class) of a die type: 0 brain, 1 shotgun, 2 feet. */
static void face_prob(int t, int cls, mpq_t out)
{
    int n = 0;
    for (int f = 0; f < ZD_FACES_PER_DIE; f++) {
        int face = zd_dice[t].face[f];
        n += cls == 0 ? face == ZD_BRAIN : cls == 1 ? face == ZD_SHOTGUN : face == ZD_FEET;
    }
    mpq_set_ui(out, (unsigned long)n, ZD_FACES_PER_DIE);
    mpq_canonicalize(out);
}

/* Is the exact value within half a unit of the stated percentage's last
 * digit? */
static bool rounds_to(const mpq_t q, double stated_percent, double unit)
{
    return fabs(mpq_get_d(q) * 100 - stated_percent) <= unit / 2 + 1e-12;
}

static int solve_claims(recorder *r, const solve_opts *o)
{
    if (o->csv)
        printf("claim,status,exact,decimal,stated\n");
    mpq_t q, a, b, c;
    mpq_inits(q, a, b, c, NULL);
    static const struct { const char *id; int type, cls; double pct; const char *stated; } per[] = {
        { "001-green-brain", ZD_GREEN, 0, 50, "50%" },
        { "001-green-shotgun", ZD_GREEN, 1, 16.7, "16.7%" },
        { "001-green-feet", ZD_GREEN, 2, 33.3, "33.3%" },
        { "001-yellow-brain", ZD_YELLOW, 0, 33.3, "33.3%" },
        { "001-yellow-shotgun", ZD_YELLOW, 1, 33.3, "33.3%" },
        { "001-yellow-feet", ZD_YELLOW, 2, 33.3, "33.3%" },
        { "001-red-brain", ZD_RED, 0, 16.7, "16.7%" },
        { "001-red-shotgun", ZD_RED, 1, 50, "50%" },
        { "001-red-feet", ZD_RED, 2, 33.3, "33.3%" },
    };
    for (size_t i = 0; i < sizeof per / sizeof per[0]; i++) {
        face_prob(per[i].type, per[i].cls, q);
        claim_line(r, o, per[i].id, "Dice Color Probabilities", q, per[i].stated,
                   rounds_to(q, per[i].pct, per[i].pct == 50 ? 1 : 0.1));
    }
    /* "holding two red dice and one green die gives you a 44.4% chance of
     * rolling at least one Shotgun and ending your turn" */
    mpq_set_ui(a, 1, 1);
    face_prob(ZD_RED, 1, b);
    mpq_set_ui(c, 1, 1);
    mpq_sub(c, c, b);           /* red: no shotgun */
    mpq_mul(a, c, c);
    face_prob(ZD_GREEN, 1, b);
    mpq_set_ui(c, 1, 1);
    mpq_sub(c, c, b);
    mpq_mul(a, a, c);           /* no shotgun on any of the three */
    mpq_set_ui(q, 1, 1);
    mpq_sub(q, q, a);
    claim_line(r, o, "001-two-red-one-green",
               "two red and one green: at least one shotgun (ending the turn with two already)",
               q, "44.4%", rounds_to(q, 44.4, 0.1));
    face_prob(ZD_RED, 1, a);
    face_prob(ZD_GREEN, 1, b);
    mpq_mul(q, a, a);
    mpq_mul(q, q, b);
    claim_line(r, o, "001-two-red-one-green-3",
               "two red and one green: three shotguns at once (the only way to end a fresh turn)",
               q, "44.4%", rounds_to(q, 44.4, 0.1));
    /* "each die has an EV of roughly 0.33 (50% x 1 point + 33.3% x 0 +
     * 16.7% x -1 point)" for a green die */
    face_prob(ZD_GREEN, 0, a);
    face_prob(ZD_GREEN, 1, b);
    mpq_sub(q, a, b);
    claim_line(r, o, "001-ev-green-die", "green die, brain +1, shotgun -1", q, "0.33",
               fabs(mpq_get_d(q) - 0.33) < 0.005);
    mpq_set_ui(c, 3, 1);
    mpq_mul(q, q, c);
    claim_line(r, o, "001-ev-three-green",
               "3 x that is 'approximately 1, greater than your current one brain'", q,
               "about 1, greater than 1", mpq_cmp_ui(q, 1, 1) > 0);
    /* What rerolling is really worth in 001's example: one brain and two
     * green feet kept, 0 shotguns, the rest in the cup; roll once and stop. */
    {
        int variant[UD_MAX_VARIANTS] = { 0 };
        char err[256];
        zd_turn_graph *g = zd_turn_graph_build(variant, err, sizeof err);
        if (g) {
            zd_state st;
            memset(&st, 0, sizeof st);
            st.phase = ZD_PH_CHOICE;
            st.n_players = 2;
            st.cup[ZD_GREEN] = 3;
            st.cup[ZD_YELLOW] = 4;
            st.cup[ZD_RED] = 3;
            st.brains[ZD_GREEN] = 1;
            st.brain_worth[ZD_GREEN] = 1;
            st.hand[0] = st.hand[1] = ZD_GREEN;
            st.n_hand = st.n_kept = 2;
            int i = zd_turn_graph_find(g, &st);
            if (i >= 0) {
                /* one more roll, then stop: E = sum over outcomes (not bust) of 1 + gain */
                mpq_set_ui(q, 0, 1);
                for (int e = g->first[i]; e < g->first[i + 1]; e++) {
                    const zd_edge *ed = &g->edge[e];
                    if (ed->next < 0)
                        continue;
                    mpq_set_ui(a, ed->num, ed->den);
                    mpq_canonicalize(a);
                    mpq_set_ui(b, 1u + ed->gain, 1);
                    mpq_mul(a, a, b);
                    mpq_add(q, q, a);
                }
                claim_line(r, o, "001-reroll-favourable",
                           "one brain, two green feet (cup G3 Y4 R3): roll once more and stop; "
                           "rerolling is favourable if this exceeds 1",
                           q, "rerolling is statistically favorable", mpq_cmp_ui(q, 1, 1) > 0);
            }
            zd_turn_graph_free(g);
        }
    }
    mpq_clears(q, a, b, c, NULL);
    return UD_EXIT_OK;
}

int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "policy", required_argument, NULL, 'p' },
        { "variant", required_argument, NULL, 'v' },
        { "format", required_argument, NULL, 'f' },
        { "dist", no_argument, NULL, 'd' },
        { "reference", no_argument, NULL, 'R' },
        { "from-score", required_argument, NULL, 'F' },
        { "export", required_argument, NULL, 'E' },
        REC_LONGOPTS,
        { "help", no_argument, NULL, 'h' },
        { 0, 0, 0, 0 },
    };
    solve_opts o = { 0 };
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h') {
            fputs(usage, stdout);
            return UD_EXIT_OK;
        } else if (c == 'p') {
            o.policies = optarg;
        } else if (c == 'v') {
            if (o.n_variants < (int)(sizeof o.variants / sizeof o.variants[0]))
                o.variants[o.n_variants++] = optarg;
        } else if (c == 'f') {
            if (strcmp(optarg, "csv") != 0 && strcmp(optarg, "text") != 0) {
                fprintf(stderr, "undead solve: --format: expected text or csv, got '%s'\n", optarg);
                return UD_EXIT_USAGE;
            }
            o.csv = strcmp(optarg, "csv") == 0;
        } else if (c == 'd') {
            o.dist = 1;
        } else if (c == 'R') {
            o.reference = 1;
        } else if (c == 'F') {
            uint64_t v;
            if (!cli_parse_u64(optarg, &v) || v >= ZD_GOAL) {
                fprintf(stderr, "undead solve: --from-score: expected 0 to %d, got '%s'\n",
                        ZD_GOAL - 1, optarg);
                return UD_EXIT_USAGE;
            }
            o.from_score = (int)v;
        } else if (c == 'E') {
            o.export_path = optarg;
        } else if (c == '?' || !rec_opt(&o.ro, c, optarg)) {
            return UD_EXIT_USAGE;
        }
    }
    if (optind + 2 != argc) {
        fputs(usage, stderr);
        return UD_EXIT_USAGE;
    }
    const ud_game *g = cli_game("solve", argv[optind]);
    if (!g)
        return UD_EXIT_USAGE;
    if (g != &zd_game) {
        fprintf(stderr, "undead solve: only zombie-dice has an exact solver\n");
        return UD_EXIT_USAGE;
    }
    const char *what = argv[optind + 1];
    int (*run)(recorder *, const solve_opts *) =
        strcmp(what, "turn") == 0 ? solve_turn : strcmp(what, "game") == 0 ? solve_game
        : strcmp(what, "claims") == 0 ? solve_claims : NULL;
    if (!run) {
        fprintf(stderr, "undead solve: expected turn, game or claims, got '%s'\n", what);
        return UD_EXIT_USAGE;
    }
    recorder r;
    if (!rec_begin(&r, &o.ro, "solve", g))
        return UD_EXIT_USAGE;
    rec_param(&r, "what", "%s", what);
    int rc = run(&r, &o);
    return rec_end(&r, rc);
}
