/*
 * rules.c - every rule of One Die as a row of the spec table, each row's
 * guard and effect just above it, in the order a turn meets them.  One
 * list of rows (OD_RULE_LIST, at the end) gives both the rule array and
 * the compiled runner (core/compiled.h), as every game's does, so the
 * checker and the simulator cannot drift apart.
 */
#include <string.h>

#include "compiled.h"
#include "one_die.h"

#define SRC "900_one_die.txt"
#define ST(p) ((od_state *)ud_mutable(p))
#define CST(p) ((const od_state *)(p))

/* ---- setting up --------------------------------------------------------- */

static void seat_players(void *p, ud_step *s)
{
    int n = ud_setup_player_count(s->setup);
    if (n < 1 || n > OD_MAX_PLAYERS) {
        ud_failf(s, UD_FAIL_RULE, s->rule->id, "One Die is for one to four players, not %d", n);
        return;
    }
    ST(p)->n_players = (uint8_t)n;
}

/* The state starts zeroed, so scores start at 0 and the round is not set,
 * unless start lines (game.c, od_apply_start) gave a position to study:
 * those stand. */
static void set_up(void *p, ud_step *s)
{
    od_state *st = ST(p);
    if (st->round == 0)
        st->round = 1;
    st->current = 0;
    st->winner = -1;
    st->phase = OD_PH_TURN_START;
    UD_EMIT(s, "goal %d rounds %d", od_content.goal, od_content.rounds);
}

/* ---- a turn --------------------------------------------------------------- */

static void turn_begin(void *p, ud_step *s)
{
    od_state *st = ST(p);
    st->turn_points = 0;
    st->phase = OD_PH_RISK;
    UD_EMIT(s, "turn %s", ud_player(s, st->current));
}

UD_OFFER_ROW(offer_risks, p, s)
{
    for (int n = 1; n <= OD_MAX_RISK; n++) {
        ud_action a = { OD_ACT_RISK, { n } };
        ud_offer_action(s, &a);
    }
}

static void take_risk(void *p, ud_step *s)
{
    ST(p)->rolls_left = (uint8_t)s->action.arg[0];
    ST(p)->phase = OD_PH_ROLL;
}

static const char *face_label(const void *ctx, int i) { return od_content.label[i]; }

static void roll(void *p, ud_step *s)
{
    int f = ud_pick(s, "roll", OD_FACES, face_label, NULL);
    if (f < 0)
        return;
    ST(p)->face = (uint8_t)f;
    ST(p)->phase = OD_PH_RESOLVE;
    UD_EMIT(s, "roll %s", od_content.label[f]);
}

static bool rolled_bust(const void *p, const ud_step *s) { return od_content.bust[CST(p)->face]; }

static void bust(void *p, ud_step *s)
{
    od_state *st = ST(p);
    st->turn_points = 0;
    st->rolls_left = 0;
    st->face = 0; /* spent: equal positions stay equal bytes (the explorer hashes states) */
    st->phase = OD_PH_TURN_END;
    UD_EMIT(s, "bust %s", ud_player(s, st->current));
}

static bool rolled_points(const void *p, const ud_step *s) { return !od_content.bust[CST(p)->face]; }

static void add_points(void *p, ud_step *s)
{
    od_state *st = ST(p);
    st->turn_points = (int16_t)(st->turn_points + od_content.points[st->face]);
    st->rolls_left--;
    st->phase = st->rolls_left ? OD_PH_ROLL : OD_PH_BANK;
}

static void bank(void *p, ud_step *s)
{
    od_state *st = ST(p);
    int points = st->turn_points;
    st->score[st->current] = (int16_t)(st->score[st->current] + points);
    st->turn_points = 0; /* banked, and the face spent: as in bust() */
    st->face = 0;
    st->phase = OD_PH_TURN_END;
    UD_EMIT(s, "bank %s +%d =%d", ud_player(s, st->current), points, st->score[st->current]);
}

/* ---- the end --------------------------------------------------------------- */

static void finish(od_state *st, int winner, ud_seat_outcome others)
{
    st->winner = (int8_t)winner;
    for (int i = 0; i < st->n_players; i++)
        st->outcome[i] = (uint8_t)(i == winner ? UD_SEAT_WON : others);
    st->over = 1;
    st->phase = OD_PH_OVER;
}

static bool solo_reached(const void *p, const ud_step *s)
{
    return CST(p)->n_players == 1 && CST(p)->score[0] >= od_content.goal;
}

static void solo_win(void *p, ud_step *s)
{
    finish(ST(p), 0, UD_SEAT_LOST);
    UD_EMIT(s, "winner %s =%d", ud_player(s, 0), ST(p)->score[0]);
}

static bool solo_out_of_rounds(const void *p, const ud_step *s)
{
    return CST(p)->n_players == 1 && CST(p)->round >= od_content.rounds;
}

static void solo_loss(void *p, ud_step *s)
{
    finish(ST(p), -1, UD_SEAT_LOST);
    UD_EMIT(s, "lost %s =%d", ud_player(s, 0), ST(p)->score[0]);
}

static bool reached_at_once(const void *p, const ud_step *s)
{
    return CST(p)->n_players > 1 && CST(p)->score[CST(p)->current] >= od_content.goal;
}

static void end_at_once(void *p, ud_step *s) { ST(p)->phase = OD_PH_GAME_END; }

static bool round_goes_on(const void *p, const ud_step *s) { return CST(p)->current + 1 < CST(p)->n_players; }

static void next_player(void *p, ud_step *s)
{
    ST(p)->current++;
    ST(p)->phase = OD_PH_TURN_START;
}

static bool round_over(const void *p, const ud_step *s) { return CST(p)->current + 1 >= CST(p)->n_players; }

static void end_round(void *p, ud_step *s)
{
    od_state *st = ST(p);
    bool reached = false;
    for (int i = 0; i < st->n_players; i++)
        reached |= st->score[i] >= od_content.goal;
    if (reached || st->round >= od_content.rounds) {
        st->phase = OD_PH_GAME_END;
        return;
    }
    st->round++;
    st->current = 0;
    st->phase = OD_PH_TURN_START;
    UD_EMIT(s, "round %d", st->round);
}

static void declare_result(void *p, ud_step *s)
{
    od_state *st = ST(p);
    int best = -1, n_best = 0, seat = -1;
    for (int i = 0; i < st->n_players; i++) {
        if (st->score[i] > best) {
            best = st->score[i];
            n_best = 0;
        }
        if (st->score[i] == best) {
            n_best++;
            seat = i;
        }
    }
    if (n_best == 1) {
        finish(st, seat, UD_SEAT_LOST);
        UD_EMIT(s, "winner %s =%d", ud_player(s, seat), best);
        return;
    }
    finish(st, -2, UD_SEAT_LOST);
    char names[OD_MAX_PLAYERS * (UD_NAME_MAX + 1) + 1] = "";
    for (int i = 0; i < st->n_players; i++)
        if (st->score[i] == best) {
            st->outcome[i] = UD_SEAT_SHARED;
            strcat(names, " ");
            strcat(names, ud_player(s, i));
        }
    UD_EMIT(s, "shared%s =%d", names, best);
}

/* ---- the table: one list of rows, the rule array and the compiled runner ---------------------- */

#define EFFECT UD_ROW_EFFECT
#define OFFER UD_ROW_OFFER
/* A row active only under one reading: variant key, value. */
#define V(KEY, VALUE) KEY, VALUE

/* Every rule, in table order: X(C, IDX, PHASE, KIND, GUARD, EFFECT, ID,
 * SOURCE, SECTION, SUMMARY, VARIANT CONDITION, SECOND CONDITION).  The
 * list is expanded into the rule array below and into the compiled
 * runner (core/compiled.h); IDX names the row's index, GUARD is
 * ud_always where the row always applies. */
/* The rows are laid out by hand, to read like the rules they encode. */
/* clang-format off */
#define OD_RULE_LIST(X, C) \
    X(C, OD_R_PLAYERS, OD_PH_SETUP, EFFECT, ud_always, seat_players, \
      "OD-PLAYERS", SRC, "Players", "one to four players", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_SETUP, OD_PH_SETUP, EFFECT, ud_always, set_up, \
      "OD-SETUP", SRC, "Setting up", "scores start at 0; the goal and rounds come from the content", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_TURN, OD_PH_TURN_START, EFFECT, ud_always, turn_begin, \
      "OD-TURN", SRC, "Your turn", "the player in turn begins a turn with no points", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_RISK, OD_PH_RISK, OFFER, ud_always, offer_risks, \
      "OD-RISK", SRC, "Your turn", "say how many times you will roll: once, twice or three times", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_RISK_TAKEN, OD_PH_RISK, EFFECT, ud_always, take_risk, \
      "OD-RISK-TAKEN", SRC, "Your turn", "then roll that many times", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_ROLL, OD_PH_ROLL, EFFECT, ud_always, roll, \
      "OD-ROLL", SRC, "Your turn", "roll the die: each face equally likely", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_BUST, OD_PH_RESOLVE, EFFECT, rolled_bust, bust, \
      "OD-BUST", SRC, "Your turn", "a bust face ends the turn at once; it scores nothing", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_POINTS, OD_PH_RESOLVE, EFFECT, rolled_points, add_points, \
      "OD-POINTS", SRC, "Your turn", "each face adds its points to the turn", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_BANK, OD_PH_BANK, EFFECT, ud_always, bank, \
      "OD-BANK", SRC, "Your turn", "with no bust, the turn's points go to the score", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_SOLO_WIN, OD_PH_TURN_END, EFFECT, solo_reached, solo_win, \
      "OD-SOLO-WIN", SRC, "The end", "alone: reaching the goal wins at once", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_SOLO_LOSS, OD_PH_TURN_END, EFFECT, solo_out_of_rounds, solo_loss, \
      "OD-SOLO-LOSS", SRC, "The end", "alone: after the last round without the goal, a loss", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_GOAL_AT_ONCE, OD_PH_TURN_END, EFFECT, reached_at_once, end_at_once, \
      "OD-GOAL-AT-ONCE", SRC, "Variant", "the game ends as soon as a player reaches the goal", \
      V(OD_V_ENDING, OD_ENDING_AT_ONCE), UD_ANY) \
    X(C, OD_R_NEXT, OD_PH_TURN_END, EFFECT, round_goes_on, next_player, \
      "OD-NEXT", SRC, "Your turn", "the next player in seat order takes the next turn", UD_ALWAYS, UD_ANY) \
    X(C, OD_R_ROUND_END, OD_PH_TURN_END, EFFECT, round_over, end_round, \
      "OD-ROUND-END", SRC, "The end", "after a round: finish if the goal was reached or it was the last round", \
      UD_ALWAYS, UD_ANY) \
    X(C, OD_R_HIGHEST, OD_PH_GAME_END, EFFECT, ud_always, declare_result, \
      "OD-HIGHEST", SRC, "The end", "the highest score wins; equal highest scores share the win", UD_ALWAYS, UD_ANY)
/* clang-format on */

/* The rule array, and the same rows compiled into one function
 * (core/compiled.h), the runner every mode uses for One Die; the
 * interpreted table is the reference it is tested against. */
UD_COMPILED_TABLE(OD_RULE_LIST, od_rules, OD_N_RULES, OD_PHASES, od_compiled_rows)
