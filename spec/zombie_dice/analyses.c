/*
 * analyses.c - Zombie Dice's named analyses (core/extras.h), run by
 * `undead solve zombie-dice turn|game|claims`: the exact figures of
 * solve.h, printed to the sink and handed to it as cases.
 *
 *   turn    one turn's outcome under named policies and under the policy
 *           that maximises expected brains, as fractions and decimals, for
 *           every shortage reading (the only readings a turn meets)
 *   game    the two-player game to 13 under optimal play, per seat, for
 *           every end-of-game and tiebreak reading
 *   claims  the numbers 001 states, recomputed: verified or refuted
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>

#include "extras.h"
#include "outfile.h"
#include "pieces.h"
#include "policy.h"
#include "solve.h"
#include "zd_extras.h"

/* The options of every analysis, read once from the command line. */
typedef struct solve_opts {
    const ud_analysis_args *a;
    const char *policies;
    int csv;
    int dist;
    int reference;
    int from_score;
    int jobs; /* 0: one per core */
    const char *export_path;
} solve_opts;

/* ---- output helpers ------------------------------------------------------ */

static void print_q(const ud_analysis_sink *sk, const char *label, const mpq_t q, int csv)
{
    char *s = mpq_get_str(NULL, 10, q);
    if (csv)
        ud_say(sk, "%s,%.15g", s, mpq_get_d(q));
    else
        ud_say(sk, "%s %s (%.10f)", label, s, mpq_get_d(q));
    free(s);
}

/* Record one result: its figures (n of them), and prob, the exact value
 * of figure exact_fig (-1: none), on the case and on that figure. */
static void record_case(const ud_analysis_sink *sk, const char *key, const char *analysis, const char *policy,
                        const int *variant, const char *inputs, const char *outcome,
                        const ud_analysis_figure *figs, int n, int exact_fig, const mpq_t *prob)
{
    char *num = prob ? mpz_get_str(NULL, 10, mpq_numref(*prob)) : NULL;
    char *den = prob ? mpz_get_str(NULL, 10, mpq_denref(*prob)) : NULL;
    ud_analysis_case c = { .key = key,
                           .variant = variant,
                           .inputs = inputs,
                           .outcome = outcome,
                           .prob_num = num,
                           .prob_den = den,
                           .analysis = analysis,
                           .policy = policy };
    ud_analysis_case_set_figures(&c, figs, n, exact_fig);
    if (sk->record)
        sk->record(sk->ctx, &c);
    free(num);
    free(den);
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

static void print_turn(const ud_analysis_sink *sk, const int *variant, const char *reading, const char *pol,
                       const zd_turn_dist *d, double secs, const solve_opts *o)
{
    if (o->csv) {
        ud_say(sk, "%s,%s,ev,", reading, pol);
        print_q(sk, "", d->ev, 1);
        ud_say(sk, "\n%s,%s,bust,", reading, pol);
        print_q(sk, "", d->bust, 1);
        ud_say(sk, "\n");
        for (int k = 0; k <= d->kmax && o->dist; k++)
            if (mpq_sgn(d->banked[k])) {
                ud_say(sk, "%s,%s,bank=%d,", reading, pol, k);
                print_q(sk, "", d->banked[k], 1);
                ud_say(sk, "\n");
            }
    } else {
        ud_say(sk, "  %-20s", pol);
        print_q(sk, "E[brains]", d->ev, 0);
        ud_say(sk, "\n  %-20s", "");
        print_q(sk, "P(bust)  ", d->bust, 0);
        ud_say(sk, "\n  %-20s states with mass %llu, %.3f s\n", "", (unsigned long long)d->reached, secs);
        if (mpq_sgn(d->capped))
            ud_say(sk, "  %-20s reached the cap of %d brains still rolling: %.3g\n", "", d->kmax,
                   mpq_get_d(d->capped));
        for (int k = 0; k <= d->kmax && o->dist; k++)
            if (mpq_sgn(d->banked[k])) {
                char label[32];
                snprintf(label, sizeof label, "    bank %2d:", k);
                print_q(sk, label, d->banked[k], 0);
                ud_say(sk, "\n");
            }
    }
    char key[512], outcome[256], inputs[160];
    /* keys name the reading as the variants column does (db/README.md) */
    ud_buf vars;
    ud_buf_init(&vars);
    ud_variants_text(&zd_game, variant, &vars);
    snprintf(key, sizeof key, "solve:zombie-dice:turn:policy=%s:reading=%s", pol, ud_buf_str(&vars));
    snprintf(inputs, sizeof inputs, "policy=%s", pol);
    /* two cases with the same figures: one holds the exact ev, one the exact bust */
    const ud_analysis_figure figs[] = { { "ev", mpq_get_d(d->ev), NULL, NULL },
                                        { "bust", mpq_get_d(d->bust), NULL, NULL } };
    snprintf(outcome, sizeof outcome, "%s=%.15g %s=%.15g", figs[0].name, figs[0].value, figs[1].name,
             figs[1].value);
    record_case(sk, key, "turn", pol, variant, inputs, outcome, figs, 2, 0, &d->ev);
    snprintf(key, sizeof key, "solve:zombie-dice:turn-bust:policy=%s:reading=%s", pol, ud_buf_str(&vars));
    record_case(sk, key, "turn-bust", pol, variant, inputs, outcome, figs, 2, 1, &d->bust);
    ud_buf_free(&vars);
}

/* One policy of --policy: a named one, or max-ev (the optimum). */
typedef struct turn_policy {
    const char *name;
    bool max_ev;
    named_pol np;
} turn_policy;

/* One shortage reading's turn, solved on a thread of its own (its graph,
 * then each policy's exact outcome) and printed after, in reading order:
 * the output is the same whatever the threads. */
typedef struct turn_piece {
    const turn_policy *pols;
    int n_pols;
    bool reference;
    int variant[UD_MAX_VARIANTS];
    char reading[128];
    zd_turn_graph *g; /* NULL: err says why */
    char err[256];
    double build_secs;
    zd_turn_dist *d; /* a policy each, with ok, secs and why */
    bool *ok;
    double *secs;
    char (*why)[256];
} turn_piece;

/* The exact outcome of one turn under policy p. */
static bool turn_under(const zd_turn_graph *g, const turn_policy *p, bool reference, zd_turn_dist *d,
                       char *err, size_t err_size)
{
    bool (*eval)(const zd_turn_graph *, zd_turn_policy, void *, int, zd_turn_dist *, char *, size_t) =
        reference ? zd_turn_eval : zd_turn_eval_fast;
    if (!p->max_ev) {
        named_pol np = p->np;
        return eval(g, named_policy, &np, ZD_SOLVE_KMAX, d, err, err_size);
    }
    double r_[ZD_SOLVE_KMAX + 1], margin;
    for (int k = 0; k <= ZD_SOLVE_KMAX; k++)
        r_[k] = k;
    size_t cells = (size_t)(ZD_SOLVE_KMAX + 1) * (size_t)g->n;
    double *v = malloc(cells * sizeof *v);
    uint8_t *roll = malloc(cells);
    table_pol tp = { roll, g->n };
    bool ok = v && roll;
    if (ok) {
        zd_turn_optimise(g, r_, ZD_SOLVE_KMAX, v, roll, &margin);
        ok = eval(g, table_policy, &tp, ZD_SOLVE_KMAX, d, err, err_size);
    } else
        snprintf(err, err_size, "out of memory for the optimal policy's table");
    free(v);
    free(roll);
    return ok;
}

static void turn_solve_piece(void *piece)
{
    turn_piece *tp = piece;
    double t0 = now();
    tp->g = zd_turn_graph_build(tp->variant, tp->err, sizeof tp->err);
    tp->build_secs = now() - t0;
    for (int j = 0; tp->g && j < tp->n_pols; j++) {
        double t1 = now();
        tp->ok[j] = turn_under(tp->g, &tp->pols[j], tp->reference, &tp->d[j], tp->why[j], sizeof tp->why[j]);
        tp->secs[j] = now() - t1;
    }
}

/* The policies of --policy (or the standard list), each checked; a
 * usage error (why filled) for one that is not deterministic or not a
 * policy.  Names point into *copy, which the caller frees. */
static int turn_policies(const solve_opts *o, char **copy, turn_policy **out, int *n, ud_buf *why)
{
    *copy = strdup(o->policies ? o->policies : default_policies);
    int cap = 1;
    for (const char *c = *copy; c && *c; c++)
        cap += *c == ',';
    *out = calloc((size_t)cap, sizeof **out);
    *n = 0;
    if (!*copy || !*out) {
        ud_buf_puts(why, "out of memory");
        return UD_ANALYSIS_FAILED;
    }
    for (char *save = NULL, *name = strtok_r(*copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        turn_policy *p = &(*out)[(*n)++];
        p->name = name;
        p->max_ev = strcmp(name, "max-ev") == 0;
        if (p->max_ev)
            continue;
        ud_buf e;
        ud_buf_init(&e);
        bool ok = ud_policy_parse(&zd_game, name, &p->np.p, &e);
        if (ok && (p->np.p.def == &ud_policy_random || p->np.p.def == &ud_policy_human)) {
            ud_buf_puts(&e, "'random' and 'human' are not deterministic policies");
            ok = false;
        }
        if (!ok)
            ud_buf_printf(why, "--policy %s: %s", name, ud_buf_str(&e));
        ud_buf_free(&e);
        if (!ok)
            return UD_ANALYSIS_USAGE;
    }
    return UD_ANALYSIS_OK;
}

/* The shortage readings a turn is solved under: every one, unless
 * --variant fixed them.  Their count (at most max). */
static int turn_readings(const solve_opts *o, turn_piece *pieces, int max)
{
    const bool *fixed = o->a->fixed;
    int n = 0;
    for (int when = 0; when < zd_variants[ZD_V_SHORT_WHEN].n_values; when++)
        for (int order = 0; order < zd_variants[ZD_V_SHORT_ORDER].n_values && n < max; order++) {
            if ((fixed[ZD_V_SHORT_WHEN] && when) || (fixed[ZD_V_SHORT_ORDER] && order))
                continue;
            int *variant = pieces[n].variant;
            memcpy(variant, o->a->setup.variant, sizeof pieces[n].variant);
            if (!fixed[ZD_V_SHORT_WHEN])
                variant[ZD_V_SHORT_WHEN] = when;
            if (!fixed[ZD_V_SHORT_ORDER])
                variant[ZD_V_SHORT_ORDER] = order;
            snprintf(pieces[n].reading, sizeof pieces[n].reading, "shortage-when=%s;shortage-order=%s",
                     zd_variants[ZD_V_SHORT_WHEN].values[variant[ZD_V_SHORT_WHEN]].name,
                     zd_variants[ZD_V_SHORT_ORDER].values[variant[ZD_V_SHORT_ORDER]].name);
            n++;
        }
    return n;
}

static void turn_piece_free(turn_piece *tp)
{
    for (int j = 0; tp->d && j < tp->n_pols; j++)
        zd_turn_dist_clear(&tp->d[j]);
    free(tp->d);
    free(tp->ok);
    free(tp->secs);
    free(tp->why);
    zd_turn_graph_free(tp->g);
}

/* Every reading's turn solved on the threads there are, then printed
 * reading by reading as each was before: the first reading whose model
 * fails ends the run there. */
static int solve_turn(const ud_analysis_sink *sk, const solve_opts *o, ud_buf *why)
{
    enum { MAX_READINGS = 16 };
    char *copy = NULL;
    turn_policy *pols = NULL;
    int n_pols = 0;
    int rc = turn_policies(o, &copy, &pols, &n_pols, why);
    turn_piece *pieces = calloc(MAX_READINGS, sizeof *pieces);
    if (rc == UD_ANALYSIS_OK && !pieces) {
        ud_buf_puts(why, "out of memory");
        rc = UD_ANALYSIS_FAILED;
    }
    int n = rc == UD_ANALYSIS_OK ? turn_readings(o, pieces, MAX_READINGS) : 0;
    for (int r = 0; r < n; r++) {
        turn_piece *tp = &pieces[r];
        tp->pols = pols;
        tp->n_pols = n_pols;
        tp->reference = o->reference;
        tp->d = calloc((size_t)n_pols + 1, sizeof *tp->d);
        tp->ok = calloc((size_t)n_pols + 1, sizeof *tp->ok);
        tp->secs = calloc((size_t)n_pols + 1, sizeof *tp->secs);
        tp->why = calloc((size_t)n_pols + 1, sizeof *tp->why);
        if (!tp->d || !tp->ok || !tp->secs || !tp->why) {
            ud_buf_puts(why, "out of memory");
            rc = UD_ANALYSIS_FAILED;
            tp->n_pols = 0; /* no outcome initialised: none to clear */
            n = r + 1;      /* freed below */
            break;
        }
        for (int j = 0; j < n_pols; j++)
            zd_turn_dist_init(&tp->d[j]);
    }
    bool solved = rc == UD_ANALYSIS_OK; /* else nothing was solved, and nothing is printed */
    if (solved) {
        ud_run_pieces(o->jobs ? o->jobs : ud_default_jobs(), pieces, n, sizeof *pieces, turn_solve_piece);
        if (o->csv)
            ud_say(sk, "reading,policy,figure,exact,decimal\n");
    }
    for (int r = 0; r < n && solved; r++) {
        turn_piece *tp = &pieces[r];
        if (!tp->g) { /* the model failed: said, and no later reading printed */
            ud_buf_puts(why, tp->err);
            rc = UD_ANALYSIS_FAILED;
            break;
        }
        if (!o->csv)
            ud_say(sk,
                   "%s: %d positions between rolls, %lld roll outcomes (merged), built in %.3f s;\n"
                   "every roll's outcomes sum to exactly 1\n",
                   tp->reading, tp->g->n, (long long)tp->g->n_edges, tp->build_secs);
        for (int j = 0; j < n_pols; j++) {
            if (!tp->ok[j]) {
                ud_buf_printf(why, "%s%s: %s", why->len ? "; " : "", pols[j].name, tp->why[j]);
                rc = UD_ANALYSIS_FAILED;
            } else
                print_turn(sk, tp->variant, tp->reading, pols[j].name, &tp->d[j], tp->secs[j], o);
        }
    }
    for (int r = 0; r < n; r++)
        turn_piece_free(&pieces[r]);
    free(pieces);
    free(pols);
    free(copy);
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
        if (!zd_game_solution_rolls(s, table, k, i))
            continue;
        int end = k;
        while (end + 1 < s->kmax && zd_game_solution_rolls(s, table, end + 1, i))
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
static void export_rows(FILE *f, const zd_game_solution *s, const char *situation, int seat, int a, int b,
                        int need, const uint8_t *table)
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
        fprintf(f, "%s,%d,%d,%d,%d,%d,%d,%s,%s,%s\n", situation, seat + 1, a, b, need, zd_turn_shotguns(&st),
                i, feet, cup, when);
    }
}

/* The optimal policy of one reading as a table (--export), whole or not
 * at all (outfile.h: a failed write leaves the file as it was). */
static int export_policy(const char *path, const zd_game_solution *s, ud_buf *why)
{
    ud_buf reason;
    ud_buf_init(&reason);
    ud_outfile out;
    if (!ud_outfile_open(&out, path, &reason)) {
        ud_buf_printf(why, "--export %s: cannot write: %s", path, ud_buf_str(&reason));
        ud_buf_free(&reason);
        return -1;
    }
    FILE *f = out.f;
    fprintf(f,
            "# optimal policy for %s, end=%s tiebreak=%s, positions with both scores >= %d;"
            " seat 1 opens the rounds; roll_when: turn totals (brains this turn) at which"
            " to roll again, else stop\n",
            zd_game.name, zd_variants[ZD_V_END].values[s->variant[ZD_V_END]].name,
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
    /* a write that failed (a full disk) leaves the error flag; the last
     * buffer's failure shows in the commit's flush */
    bool ok = ud_outfile_commit(&out, &reason);
    if (!ok)
        ud_buf_printf(why, "--export %s: cannot write: %s", path, ud_buf_str(&reason));
    ud_buf_free(&reason);
    return ok ? 0 : -1;
}

static int solve_game(const ud_analysis_sink *sk, const solve_opts *o, ud_buf *why)
{
    const ud_setup base = o->a->setup;
    const bool *fixed = o->a->fixed;
    char err[256];
    double t0 = now();
    zd_turn_graph *g = zd_turn_graph_build(base.variant, err, sizeof err);
    if (!g) {
        ud_buf_puts(why, err);
        return UD_ANALYSIS_FAILED;
    }
    if (o->csv)
        ud_say(sk, "end,tiebreak,first-player,seat,p_win,seconds\n");
    else
        ud_say(sk, "turn graph: %d positions, %lld edges (%.2f s)\n", g->n, (long long)g->n_edges,
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
            zd_game_solution *s = zd_game_solve_jobs(g, variant, o->from_score, o->jobs, err, sizeof err);
            if (!s) {
                ud_buf_puts(why, err);
                zd_turn_graph_free(g);
                return UD_ANALYSIS_FAILED;
            }
            int f = o->from_score;
            double w0 = s->w[0][f][f];
            const char *ev = zd_variants[ZD_V_END].values[variant[ZD_V_END]].name;
            const char *tv = zd_variants[ZD_V_TIEBREAK].values[variant[ZD_V_TIEBREAK]].name;
            const char *half = variant[ZD_V_TIEBREAK] == ZD_TIE_ONE_ROUND ? " (a shared win counts 1/2)" : "";
            if (o->csv) {
                ud_say(sk, "%s,%s,seat-order,1,%.12f,%.1f\n", ev, tv, w0, s->seconds);
                ud_say(sk, "%s,%s,seat-order,2,%.12f,%.1f\n", ev, tv, 1 - w0, s->seconds);
                ud_say(sk, "%s,%s,random,any,0.5,%.1f\n", ev, tv, s->seconds);
            } else {
                ud_say(sk, "end=%s tiebreak=%s: P(first seat wins) = %.12f, P(second seat wins) = %.12f%s\n",
                       ev, tv, w0, 1 - w0, half);
                ud_say(sk, "  first-player=random: each seat 1/2 by symmetry\n");
                ud_say(sk,
                       "  tiebreak round, opener's value %.12f; truncation bound %.2g "
                       "(needing more than %d in a final turn counts as lost)\n",
                       s->tiebreak, s->tail, s->dmax);
                ud_say(sk,
                       "  solved in %.1f s on %d thread%s, %d Newton steps over %d score pairs, "
                       "%.0f MiB of tables\n",
                       s->seconds, s->jobs, s->jobs == 1 ? "" : "s", s->iterations,
                       (ZD_GOAL - s->floor) * (ZD_GOAL - s->floor), (double)s->bytes / 1048576.0);
            }
            char key[512], outcome[128], analysis[32];
            ud_buf vars;
            ud_buf_init(&vars);
            ud_variants_text(&zd_game, variant, &vars);
            if (f)
                snprintf(analysis, sizeof analysis, "game-from-%d", f);
            else
                snprintf(analysis, sizeof analysis, "game");
            snprintf(key, sizeof key, "solve:zombie-dice:%s:reading=%s", analysis, ud_buf_str(&vars));
            ud_buf_free(&vars);
            const ud_analysis_figure figs[] = { { "p_first", w0, NULL, NULL },
                                                { "p_second", 1 - w0, NULL, NULL } };
            snprintf(outcome, sizeof outcome, "%s=%.10f %s=%.10f", figs[0].name, figs[0].value, figs[1].name,
                     figs[1].value);
            record_case(sk, key, analysis, NULL, variant, "players=2 policy=optimal", outcome, figs, 2, -1,
                        NULL);
            if (sk->metric)
                sk->metric(sk->ctx, "solve_seconds", s->seconds, "s");
            if (o->export_path && export_policy(o->export_path, s, why) != 0) {
                zd_game_solution_free(s);
                zd_turn_graph_free(g);
                return UD_ANALYSIS_USAGE; /* a write that failed: exit 2, as every one */
            }
            zd_game_solution_free(s);
        }
    zd_turn_graph_free(g);
    return UD_ANALYSIS_OK;
}

/* ---- claims ---------------------------------------------------------------- */

typedef struct claim {
    const char *id;
    const char *text;
} claim;

static void claim_line(const ud_analysis_sink *sk, const solve_opts *o, const char *id, const char *text,
                       const mpq_t exact, const char *stated, bool verified)
{
    char *s = mpq_get_str(NULL, 10, exact);
    if (o->csv)
        ud_say(sk, "%s,%s,%s,%.10f,\"%s\"\n", id, verified ? "verified" : "refuted", s, mpq_get_d(exact),
               stated);
    else
        ud_say(sk, "%-22s %-9s exact %-14s = %.6f   001 says %s\n    (%s)\n", id,
               verified ? "VERIFIED" : "REFUTED", s, mpq_get_d(exact), stated, text);
    char key[96], outcome[160];
    snprintf(key, sizeof key, "claim:zombie-dice:%s", id);
    snprintf(outcome, sizeof outcome, "%s exact=%s", verified ? "verified" : "refuted", s);
    int variant[UD_MAX_VARIANTS] = { 0 };
    /* a claim's figures: its exact value, named by the claim, and its
     * verdict as a number (readers never take it from the outcome's text) */
    const ud_analysis_figure figs[] = { { id, mpq_get_d(exact), NULL, NULL },
                                        { "verified", verified ? 1 : 0, NULL, NULL } };
    record_case(sk, key, NULL, NULL, variant, text, outcome, figs, 2, 0, (const mpq_t *)exact);
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

static int solve_claims(const ud_analysis_sink *sk, const solve_opts *o, ud_buf *why)
{
    if (o->csv)
        ud_say(sk, "claim,status,exact,decimal,stated\n");
    mpq_t q, a, b, c;
    mpq_inits(q, a, b, c, NULL);
    static const struct {
        const char *id;
        int type, cls;
        double pct;
        const char *stated;
    } per[] = {
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
        claim_line(sk, o, per[i].id, "Dice Color Probabilities", q, per[i].stated,
                   rounds_to(q, per[i].pct, per[i].pct == 50 ? 1 : 0.1));
    }
    /* "holding two red dice and one green die gives you a 44.4% chance of
     * rolling at least one Shotgun and ending your turn" */
    mpq_set_ui(a, 1, 1);
    face_prob(ZD_RED, 1, b);
    mpq_set_ui(c, 1, 1);
    mpq_sub(c, c, b); /* red: no shotgun */
    mpq_mul(a, c, c);
    face_prob(ZD_GREEN, 1, b);
    mpq_set_ui(c, 1, 1);
    mpq_sub(c, c, b);
    mpq_mul(a, a, c); /* no shotgun on any of the three */
    mpq_set_ui(q, 1, 1);
    mpq_sub(q, q, a);
    claim_line(sk, o, "001-two-red-one-green",
               "two red and one green: at least one shotgun (ending the turn with two already)", q, "44.4%",
               rounds_to(q, 44.4, 0.1));
    face_prob(ZD_RED, 1, a);
    face_prob(ZD_GREEN, 1, b);
    mpq_mul(q, a, a);
    mpq_mul(q, q, b);
    claim_line(sk, o, "001-two-red-one-green-3",
               "two red and one green: three shotguns at once (the only way to end a fresh turn)", q, "44.4%",
               rounds_to(q, 44.4, 0.1));
    /* "each die has an EV of roughly 0.33 (50% x 1 point + 33.3% x 0 +
     * 16.7% x -1 point)" for a green die */
    face_prob(ZD_GREEN, 0, a);
    face_prob(ZD_GREEN, 1, b);
    mpq_sub(q, a, b);
    claim_line(sk, o, "001-ev-green-die", "green die, brain +1, shotgun -1", q, "0.33",
               fabs(mpq_get_d(q) - 0.33) < 0.005);
    mpq_set_ui(c, 3, 1);
    mpq_mul(q, q, c);
    claim_line(sk, o, "001-ev-three-green",
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
                claim_line(sk, o, "001-reroll-favourable",
                           "one brain, two green feet (cup G3 Y4 R3): roll once more and stop; "
                           "rerolling is favourable if this exceeds 1",
                           q, "rerolling is statistically favorable", mpq_cmp_ui(q, 1, 1) > 0);
            }
            zd_turn_graph_free(g);
        }
    }
    mpq_clears(q, a, b, c, NULL);
    return UD_ANALYSIS_OK;
}

/* ---- the table of analyses -------------------------------------------------- */

/* Can path be written (outfile.h)?  Checked before a solve of minutes,
 * not after it. */
static bool writable(const char *path, ud_buf *why)
{
    ud_buf reason;
    ud_buf_init(&reason);
    bool ok = ud_outfile_check(path, &reason);
    if (!ok)
        ud_buf_printf(why, "--export %s: %s", *path ? path : "''", ud_buf_str(&reason));
    ud_buf_free(&reason);
    return ok;
}

/* Read the options into o; false (why filled) on a bad value. */
static bool read_opts(const ud_analysis_args *a, solve_opts *o, ud_buf *why)
{
    memset(o, 0, sizeof *o);
    o->a = a;
    o->csv = a->csv;
    o->policies = ud_analysis_arg(a, "policy");
    o->dist = ud_analysis_arg(a, "dist") != NULL;
    o->reference = ud_analysis_arg(a, "reference") != NULL;
    o->export_path = ud_analysis_arg(a, "export");
    if (o->export_path && !writable(o->export_path, why))
        return false;
    uint64_t from = 0, jobs = 0;
    if (!ud_analysis_number(a, "from-score", 0, ZD_GOAL - 1, &from, why) ||
        !ud_analysis_number(a, "jobs", 1, ZD_SOLVE_MAX_JOBS, &jobs, why))
        return false;
    o->from_score = (int)from;
    o->jobs = (int)jobs; /* 0: not given, one per core */
    return true;
}

static int run_turn(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sk, ud_buf *why)
{
    solve_opts o;
    return read_opts(a, &o, why) ? solve_turn(sk, &o, why) : UD_ANALYSIS_USAGE;
}

/* --export writes one reading's policy: each reading solved would write
 * the file again, and only the last would stay.  False (why filled) when
 * end or tiebreak is not fixed. */
static bool one_reading_exported(const solve_opts *o, ud_buf *why)
{
    const bool *fixed = o->a->fixed;
    if (!o->export_path || (fixed[ZD_V_END] && fixed[ZD_V_TIEBREAK]))
        return true;
    bool both = !fixed[ZD_V_END] && !fixed[ZD_V_TIEBREAK];
    ud_buf_printf(why,
                  "--export %s: writes one reading's policy, and %s%s%s %s not fixed (%d readings solved); "
                  "expected %s%s%s",
                  o->export_path, fixed[ZD_V_END] ? "" : "end", both ? " and " : "",
                  fixed[ZD_V_TIEBREAK] ? "" : "tiebreak", both ? "are" : "is", both ? 4 : 2,
                  fixed[ZD_V_END] ? "" : "--variant end=V", both ? " and " : "",
                  fixed[ZD_V_TIEBREAK] ? "" : "--variant tiebreak=V");
    return false;
}

static int run_game(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sk, ud_buf *why)
{
    solve_opts o;
    return read_opts(a, &o, why) && one_reading_exported(&o, why) ? solve_game(sk, &o, why)
                                                                  : UD_ANALYSIS_USAGE;
}

static int run_claims(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sk, ud_buf *why)
{
    solve_opts o;
    return read_opts(a, &o, why) ? solve_claims(sk, &o, why) : UD_ANALYSIS_USAGE;
}

static const ud_analysis_option turn_options[] = {
    { "policy", "P[,P...]", "policies (default: a standard list)" },
    { "dist", NULL, "print the whole distribution of brains banked" },
    { "reference", NULL,
      "the plain rational pass (mpq, slow) instead of\n"
      "                        the smooth-denominator one; the figures are identical" },
    { NULL, NULL, NULL },
};

static const ud_analysis_option game_options[] = {
    { "from-score", "N",
      "solve only the positions where both scores\n"
      "                        are at least N (seconds near the end; the figures\n"
      "                        are each seat's chance from N-N)" },
    { "export", "FILE",
      "write the optimal policy as a CSV table, one\n"
      "                        row per (situation, seat, scores, dice between rolls)\n"
      "                        with the turn totals at which to roll (one reading)" },
    { "jobs", "N",
      "threads (default: one per core); the figures are the\n"
      "                        same, bit for bit, whatever N" },
    { NULL, NULL, NULL },
};

const ud_analysis zd_analyses[ZD_N_ANALYSES] = {
    { "turn",
      "one turn under each policy: expected brains, bust chance, the\n"
      "distribution of brains banked; and the policy maximising expected\n"
      "brains.  Every shortage reading unless --variant fixes one.",
      turn_options, run_turn, true, false },
    { "game",
      "two players to 13 under optimal play: each seat's chance of\n"
      "winning, for every end/tiebreak reading unless --variant fixes one",
      game_options, run_game, UD_VERIFY_DEFAULTS, false },
    { "claims", "001's numeric claims recomputed exactly: verified or refuted", NULL, run_claims, true,
      false },
};
