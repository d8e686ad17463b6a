/*
 * solve.h - Zombie Dice solved exactly: the graph of one turn, the exact
 * outcome of a turn under a policy, the policy that maximises expected
 * brains, and the two-player game under optimal play.
 *
 * The model is built from the die table (zd_set_count, zd_dice[t].face[],
 * zd_face_brains/shotguns) and the shortage readings, not from hand-written
 * probabilities, so more die types or faces worth two brains or shotguns
 * are picked up; what it does not model (a helmet, an energy drink, the
 * Hunk/Hottie rescue, the School Bus, a face added later) makes the build
 * fail with a message instead of giving a wrong answer.
 *
 * A position is where every die is between two rolls: per type the dice in
 * the cup, kept feet, the brain pile and the shotgun pile, plus the turn's
 * shotgun points.  The turn's brains (k, noted ones included) are kept
 * apart: the dice move the same whatever k is, so the graph has one node
 * per position and edges labelled with the brains they add.  Within one
 * k, edges that add no brain never form a cycle except a position's loop
 * to itself (every die came up feet with no shortage): the solver relies
 * on that, checks it, and solves the loop as a geometric series.
 */
#ifndef ZD_SOLVE_H
#define ZD_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#include "zd.h"

enum { ZD_SOLVE_KMAX = 64 };     /* turn brains tracked; k >= cap stops */
enum { ZD_SOLVE_MAX_JOBS = 64 }; /* threads of the game solver, at most */

typedef struct zd_pos {
    uint8_t cup[ZD_TYPES], feet[ZD_TYPES], brains[ZD_TYPES], shotguns[ZD_TYPES];
    uint8_t shot_points;
} zd_pos;

typedef struct zd_edge {
    int32_t next; /* position index, or -1: bust */
    uint8_t gain; /* brain points this roll adds */
    double p;
    uint64_t num, den; /* p exactly, lowest terms */
} zd_edge;

typedef struct zd_turn_graph {
    int short_when, short_order; /* the shortage readings it was built for */
    int dice_set;                /* enum zd_dice_set */
    int n;                       /* positions; 0 is the turn start (all in cup) */
    zd_pos *pos;
    int32_t *first; /* edges of i: edge[first[i] .. first[i+1]) */
    zd_edge *edge;
    int64_t n_edges;
    int32_t *order; /* every position, each after its zero-gain successors */
    int32_t *self;  /* index of i's self-loop edge, or -1 */
    void *index;    /* key -> position */
} zd_turn_graph;

/* Build for the variant setting (ud_setup.variant); NULL with err filled. */
zd_turn_graph *zd_turn_graph_build(const int *variant, char *err, size_t err_size);
void zd_turn_graph_free(zd_turn_graph *g);
/* Position of a game state between rolls (phase choice), or -1. */
int zd_turn_graph_find(const zd_turn_graph *g, const zd_state *st);
/* A zd_state showing position i with k turn brains at a choice, for
 * seat 0 of two with score my_score: what named policies read. */
void zd_pos_state(const zd_turn_graph *g, int i, int k, int my_score, zd_state *st);

/* Brain and shotgun points of a face; false for a face not modelled. */
bool zd_face_points(int face, int *brains, int *shotguns);

/* ---- one turn, exactly ------------------------------------------------ */

/* 1 roll, 0 stop, at position i with k brains (never asked at the start). */
typedef int (*zd_turn_policy)(void *ctx, const zd_turn_graph *g, int i, int k);

typedef struct zd_turn_dist {
    int kmax;
    mpq_t banked[ZD_SOLVE_KMAX + 1]; /* P(stop with k brains), k = 0..kmax */
    mpq_t bust;
    mpq_t capped;     /* mass that reached kmax still rolling */
    mpq_t ev;         /* expected brains banked (capped mass scores kmax) */
    uint64_t reached; /* (position, k) states with mass */
} zd_turn_dist;

void zd_turn_dist_init(zd_turn_dist *d);
void zd_turn_dist_clear(zd_turn_dist *d);
/* Fill d->ev from d's outcomes and check they add up to exactly 1 (the
 * last step of both passes below); false with err if they do not. */
bool zd_turn_dist_close(zd_turn_dist *d, int kmax, char *err, size_t err_size);
/* Exact outcome of one turn under pol; false (err) on a broken model. */
bool zd_turn_eval(const zd_turn_graph *g, zd_turn_policy pol, void *ctx, int kmax, zd_turn_dist *out,
                  char *err, size_t err_size);
/* The same figures, exactly equal, in a fraction of the time (turn_dp.c:
 * integer numerators over smooth denominators, no gcd until the end);
 * falls back to zd_turn_eval when a denominator is not smooth. */
bool zd_turn_eval_fast(const zd_turn_graph *g, zd_turn_policy pol, void *ctx, int kmax, zd_turn_dist *out,
                       char *err, size_t err_size);

/* ---- optimal play over one turn with a reward per banked total -------- */

/* Reward r[k] for banking k (k = 0..kmax; a bust banks 0).  Writes the
 * value of the turn start, and (if roll is not NULL) one byte per (k, i):
 * 1 when rolling is optimal, at roll[k * g->n + i].  margin (may be NULL)
 * gets the smallest |stop - roll| seen at a state where both are
 * possible, to show how clear-cut the choices are. */
double zd_turn_optimise(const zd_turn_graph *g, const double *r, int kmax, double *v_work, uint8_t *roll,
                        double *margin);

/* ---- the two-player game ---------------------------------------------- */

typedef struct zd_game_solution {
    int variant[ZD_VARIANTS];
    int floor; /* only score pairs with both scores >= floor are solved */
    int kmax;  /* turn brains cap */
    int dmax;  /* final-turn needs above this count as lost */
    const zd_turn_graph *g;
    /* Value for the player to move at a turn start: seat 0 = the seat that
     * opens rounds; a, b = mover's and other's score, below the goal. */
    double w[2][ZD_GOAL][ZD_GOAL];
    double tiebreak;                          /* value of a tiebreak round for its opener */
    double final_value[2][ZD_SOLVE_KMAX + 2]; /* [seat][need]: value of a final turn */
    double tail;                              /* final_value at dmax: the truncation bound */
    /* Decisions, a bit per (k = 0..kmax, position), 1 = roll, read with
     * zd_game_solution_rolls: normal[seat][a][b]; final[seat][d];
     * opener: the tiebreak opener's turn. */
    uint8_t *normal[2][ZD_GOAL][ZD_GOAL];
    uint8_t *final[2][ZD_SOLVE_KMAX + 2];
    uint8_t *opener;
    uint8_t *reply[ZD_SOLVE_KMAX + 2]; /* the tiebreak's second, needing d */
    double seconds;
    size_t bytes;
    int iterations;  /* Newton steps over all score pairs */
    int jobs;        /* threads it ran on */
    int close_pairs; /* score pairs with a choice within 1e-10 at the last
                           * Newton step, whose decisions took passes of their own */
} zd_game_solution;

/* Solve the two-player game for the end and tiebreak readings in
 * variant; NULL with err filled. */
zd_game_solution *zd_game_solve(const zd_turn_graph *g, const int *variant, char *err, size_t err_size);
/* The same, for the positions where both scores are at least floor only
 * (every position a game started there can reach): seconds instead of
 * minutes near the end of a game.  floor 0 is the whole game. */
zd_game_solution *zd_game_solve_from(const zd_turn_graph *g, const int *variant, int floor, char *err,
                                     size_t err_size);
/* The same on `jobs` threads (0: one per core, zd_solve_default_jobs).
 * The score pairs of one total are shared among the threads; every value
 * and decision is the same, bit for bit, whatever the number. */
zd_game_solution *zd_game_solve_jobs(const zd_turn_graph *g, const int *variant, int floor, int jobs,
                                     char *err, size_t err_size);
int zd_solve_default_jobs(void);
void zd_game_solution_free(zd_game_solution *s);
/* Does decision table `table` of s say roll at position i with k turn
 * brains?  (false for a NULL table or k outside 0..kmax) */
bool zd_game_solution_rolls(const zd_game_solution *s, const uint8_t *table, int k, int i);
/* The optimal action (ZD_ACT_ROLL / ZD_ACT_STOP) for the seat to move in
 * a two-player state at a choice, or -1 when the state is outside the
 * solution (more players, a position the graph lacks). */
int zd_game_solution_action(const zd_game_solution *s, const zd_state *st);

#endif
