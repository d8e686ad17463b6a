/*
 * rules.c - every Zombie Dice rule as a row of the spec table.
 *
 * Each rule's guard and effect sit just above the table, grouped by phase
 * in the order a turn meets them.  The runner (core/engine.c) fires the
 * rows; nothing here loops over a game.  Variant rows carry the variant
 * value they belong to and are left out of the table for other readings.
 */
#include "compiled.h"
#include "cup.h"
#include "expansions.h"
#include "zd.h"

#define S000 "000_667bbeec5fdf16bd.txt"
#define S001 "001_4f6e2b55ff14832a.txt"

#define ST(p) ((zd_state *)ud_mutable(p))
#define CST(p) ((const zd_state *)(p))

/* ---- setup ------------------------------------------------------------ */

static void players_seat(void *p, ud_step *s)
{
    int n = ud_setup_player_count(s->setup);
    if (n < 2)
        ud_failf(s, UD_FAIL_RULE, s->rule->id, "Zombie Dice needs two or more players, not %d", n);
    else if (n > UD_MAX_PLAYERS)
        ud_failf(s, UD_FAIL_RULE, s->rule->id,
                 "%d players: undead seats at most %d at one table of Zombie Dice", n, UD_MAX_PLAYERS);
    else
        ST(p)->n_players = (uint8_t)n;
}

static void dice_fill_cup(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    st->dice_set = (uint8_t)ud_reading(s, ZD_V_DICE);
    for (int t = 0; t < ZD_TYPES; t++)
        st->cup[t] = zd_set_count[st->dice_set][t];
    st->bus_face = ZD_BUS_NONE;
    st->winner = -1;
}

static void first_announce(zd_state *st, ud_step *s)
{
    st->current = st->first;
    st->phase = ZD_PH_TURN_START;
    UD_EMIT(s, "starts %s", ud_player(s, st->first));
}

static void first_seat_order(void *p, ud_step *s)
{
    ST(p)->first = 0;
    first_announce(ST(p), s);
}

static const char *seat_label(const void *ctx, int i)
{
    const ud_step *s = ctx;
    return s->setup->names[i];
}

static void first_random(void *p, ud_step *s)
{
    int i = ud_pick(s, "lot", s->setup->n_players, seat_label, s);
    if (i < 0)
        return;
    ST(p)->first = (uint8_t)i;
    UD_EMIT(s, "lot %s", ud_player(s, i));
    first_announce(ST(p), s);
}

/* ---- turn start and drawing ------------------------------------------- */

static void turn_begin(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    st->turns++;
    st->rolls = 0;
    st->last_gain = 0;
    st->phase = ZD_PH_DRAW;
    UD_EMIT(s, "turn %s", ud_player(s, st->current));
}

static int dice_needed(const zd_state *st) { return zd_hand_target(st) - st->n_hand; }

static void shortage_announce(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    st->shortage = 1;
    UD_EMIT(s, "shortage cup=%d needed=%d", zd_cup_size(st), dice_needed(st));
}

static bool cup_below_three(const void *p, const ud_step *s)
{
    return dice_needed(CST(p)) > 0 && zd_cup_size(CST(p)) < 3;
}

static bool cup_below_needed(const void *p, const ud_step *s)
{
    return zd_cup_size(CST(p)) < dice_needed(CST(p));
}

static bool cup_below_three_at_any_roll(const void *p, const ud_step *s) { return zd_cup_size(CST(p)) < 3; }

/* Under the literal reading a shortage may need no dice (three feet
 * held): there are then no last dice to take. */
static bool in_shortage_with_cup(const void *p, const ud_step *s)
{
    return CST(p)->shortage && zd_cup_size(CST(p)) > 0 && dice_needed(CST(p)) > 0;
}

static void shortage_take_last(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int n = zd_cup_size(st);
    int need = dice_needed(st);
    zd_draw(st, s, n < need ? n : need);
}

static bool in_shortage(const void *p, const ud_step *s) { return CST(p)->shortage; }

static void shortage_return_brains(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    char names[96];
    zd_pile_names(st->brains, names, sizeof names);
    int n = zd_pile_size(st->brains);
    /* the fault: the brain dice go back without their brains noted */
    bool forget = ud_fault_on(&zd_faults[ZD_FAULT_SHORTAGE_FORGETS_BRAINS]);
    for (int t = 0; t < ZD_TYPES; t++) {
        if (!forget)
            st->noted = (uint16_t)(st->noted + st->brain_worth[t]);
        st->cup[t] = (uint8_t)(st->cup[t] + st->brains[t]);
        st->brains[t] = 0;
        st->brain_worth[t] = 0;
    }
    st->shortage = 0;
    UD_EMIT(s, "return-brains%s%s noted=%d", n ? " " : "", names, st->noted);
}

static void draw_to_three(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    /* A shortage found in this draw is handled before it (ZD-SHORTAGE-RETURN
     * comes first under every reading): drawing past one left pending is no
     * game the rules play.  Said here, not left to the invariants, so that a
     * change of the rows that leaves it pending plays no step for blame
     * (core/blame.h), as the reading that finds no shortage there does. */
    if (st->shortage) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id, "a dice shortage found in this draw was not handled");
        return;
    }
    st->bus_face = ZD_BUS_NONE;
    if (zd_draw(st, s, dice_needed(st)))
        st->phase = ZD_PH_ROLL;
}

/* ---- rolling ------------------------------------------------------------ */

static bool has_new_dice(const void *p, const ud_step *s) { return CST(p)->n_hand > CST(p)->n_kept; }

static void roll_new_dice(void *p, ud_step *s) { zd_roll_range(ST(p), s, ST(p)->n_kept, ST(p)->n_hand); }

static bool has_kept_feet(const void *p, const ud_step *s) { return CST(p)->n_kept > 0; }

static void reroll_feet(void *p, ud_step *s) { zd_roll_range(ST(p), s, 0, ST(p)->n_kept); }

static void roll_three(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    if (st->n_hand != zd_hand_target(st)) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule->id, "%d dice rolled; the rules roll three",
                 st->n_hand + (st->bus == ZD_BUS_RIDING));
        return;
    }
    if (s->sink) {
        char line[160] = "roll";
        for (int k = 0; k < st->n_hand; k++) {
            strncat(line, " ", sizeof line - strlen(line) - 1);
            strncat(line, zd_dice[st->hand[k]].name, sizeof line - strlen(line) - 1);
            strncat(line, ":", sizeof line - strlen(line) - 1);
            strncat(line, zd_face_name[st->rolled[k]], sizeof line - strlen(line) - 1);
        }
        if (st->bus_face != ZD_BUS_NONE) {
            strncat(line, " ", sizeof line - strlen(line) - 1);
            strncat(line, zd_bus_roll_label[st->bus_face], sizeof line - strlen(line) - 1);
        }
        ud_emitf(s, "%s", line);
    }
    st->rolls++;
    st->n_kept = 0; /* every die in hand has just been rolled */
    st->phase = ZD_PH_RESOLVE;
}

/* ---- resolving the roll -------------------------------------------------- */

static bool rolled_brain(const void *p, const ud_step *s) { return zd_rolled_any(CST(p), ZD_BRAIN_FACES); }

static void brains_aside(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    char names[96];
    if (s->sink)
        zd_hand_names(st, ZD_BRAIN_FACES, names, sizeof names);
    zd_set_aside(st, ZD_BRAIN_FACES, st->brains, st->brain_worth, zd_face_brains);
    UD_EMIT(s, "brains%s total=%d", names, zd_turn_brains(st));
}

static bool rolled_shotgun(const void *p, const ud_step *s)
{
    return zd_rolled_any(CST(p), ZD_SHOTGUN_FACES);
}

static void shotguns_aside(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    char names[96];
    if (s->sink)
        zd_hand_names(st, ZD_SHOTGUN_FACES, names, sizeof names);
    int points = zd_set_aside(st, ZD_SHOTGUN_FACES, st->shotguns, NULL, zd_face_shotguns);
    if (points > 1 && ud_fault_on(&zd_faults[ZD_FAULT_ONE_SHOTGUN_A_ROLL]))
        points = 1; /* the fault: a roll's shotguns count once */
    st->shotgun_points = (uint8_t)(st->shotgun_points + points);
    UD_EMIT(s, "shotguns%s total=%d", names, zd_turn_shotguns(st));
}

static bool shot_three_times(const void *p, const ud_step *s)
{
    if (ud_fault_on(&zd_faults[ZD_FAULT_BUST_AT_FOUR])) /* the fault: > for >= */
        return zd_turn_shotguns(CST(p)) > zd_bust_at(CST(p));
    return zd_turn_shotguns(CST(p)) >= zd_bust_at(CST(p));
}

static void bust(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    UD_EMIT(s, "bust %s shotguns=%d lost=%d", ud_player(s, st->current), zd_turn_shotguns(st),
            zd_turn_brains(st));
    st->ended = ZD_ENDED_BUST;
    zd_return_all(st);
    st->phase = ZD_PH_TURN_END;
}

static void feet_keep(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    st->n_kept = st->n_hand; /* brains, shotguns and extras have left the hand */
    if (s->sink && st->n_kept) {
        char line[64] = "feet";
        for (int k = 0; k < st->n_kept; k++) {
            strncat(line, " ", sizeof line - strlen(line) - 1);
            strncat(line, zd_dice[st->hand[k]].name, sizeof line - strlen(line) - 1);
        }
        ud_emitf(s, "%s", line);
    }
    st->phase = (uint8_t)zd_next_choice_phase(st);
}

/* ---- the choice ----------------------------------------------------------- */

/* The phase's first offer row: nothing is offered yet, so no search for
 * a duplicate (ud_offer_new). */
UD_OFFER_ROW(offer_stop_or_roll, p, s)
{
    ud_action stop = ud_act(ZD_ACT_STOP), roll = ud_act(ZD_ACT_ROLL);
    ud_offer_new(s, &stop);
    ud_offer_new(s, &roll);
}

static bool chose_stop(const void *p, const ud_step *s) { return s->action.kind == ZD_ACT_STOP; }

void zd_score_turn(zd_state *st, ud_step *s)
{
    int gained = zd_turn_brains(st);
    st->score[st->current] = (int16_t)(st->score[st->current] + gained);
    st->last_gain = (uint8_t)(gained > 255 ? 255 : gained);
    UD_EMIT(s, "score %s +%d =%d", ud_player(s, st->current), gained, st->score[st->current]);
    st->ended = ZD_ENDED_BANKED;
    zd_return_all(st);
    st->phase = ZD_PH_TURN_END;
}

static void stop_and_score(void *p, ud_step *s) { zd_score_turn(ST(p), s); }

static bool chose_roll(const void *p, const ud_step *s) { return s->action.kind == ZD_ACT_ROLL; }

static void keep_going(void *p, ud_step *s) { ST(p)->phase = ZD_PH_DRAW; }

/* ---- end of turn and end of game ---------------------------------------- */

static bool scored_past_goal(const void *p, const ud_step *s)
{
    const zd_state *st = CST(p);
    return st->last_gain > 0 && st->score[st->current] > ZD_GOAL;
}

static void no_cap(void *p, ud_step *s)
{
    /* Nothing to change: the point of the row is that the score is NOT
     * capped at 13, and the transcript says so where it matters.  The
     * breach the row declares (zd_numbers): 0, none; blame plays it
     * capped at the goal, the cap the question in 001's FAQs asks about. */
    int cap = ud_number_value(s, ZD_NUM_CAP);
    if (cap > 0 && CST(p)->score[CST(p)->current] > cap)
        ST(p)->score[CST(p)->current] = (int16_t)cap;
    if (ud_fault_on(&zd_faults[ZD_FAULT_SCORE_CAPPED])) /* the fault: capped at the goal */
        ST(p)->score[CST(p)->current] = ZD_GOAL;
    UD_EMIT(s, "above-goal %s =%d counts", ud_player(s, CST(p)->current), CST(p)->score[CST(p)->current]);
}

static bool reached_goal(const void *p, const ud_step *s)
{
    const zd_state *st = CST(p);
    if (ud_fault_on(&zd_faults[ZD_FAULT_GOAL_AT_FOURTEEN])) /* the fault: > for >= */
        return !st->ending && st->score[st->current] > ZD_GOAL;
    return !st->ending && st->score[st->current] >= ZD_GOAL;
}

static void goal_finish_round(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int n = st->n_players;
    if (n == 0) {
        ud_effect_unmet(s, "no seat");
        return;
    }
    st->ending = 1;
    st->turns_left = (uint8_t)((st->first - 1 - st->current + 2 * n) % n);
    if (ud_fault_on(&zd_faults[ZD_FAULT_ROUND_ONE_TURN_LONG]))
        st->turns_left++; /* the fault: one turn past the round's end */
    UD_EMIT(s, "goal %s =%d turns-left=%d", ud_player(s, st->current), st->score[st->current],
            st->turns_left);
}

static void goal_final_turns(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    st->ending = 1;
    st->turns_left = (uint8_t)(st->n_players - 1);
    UD_EMIT(s, "goal %s =%d turns-left=%d", ud_player(s, st->current), st->score[st->current],
            st->turns_left);
}

static bool no_turns_left(const void *p, const ud_step *s)
{
    return CST(p)->ending && CST(p)->turns_left == 0;
}

static void game_end(void *p, ud_step *s)
{
    ST(p)->phase = ZD_PH_GAME_END;
    UD_EMIT(s, "%s", CST(p)->tiebreak ? "tiebreak-over" : "game-over");
}

static bool not_in_tiebreak(const void *p, const ud_step *s) { return !CST(p)->tiebreak; }

static void next_player(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    if (st->n_players == 0) {
        ud_effect_unmet(s, "no seat");
        return;
    }
    st->current = (uint8_t)((st->current + 1) % st->n_players);
    if (st->ending)
        st->turns_left--;
    st->phase = ZD_PH_TURN_START;
}

static bool in_tiebreak(const void *p, const ud_step *s) { return CST(p)->tiebreak; }

static void next_contender(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int n = st->n_players;
    for (int k = 1; k <= n; k++) {
        int seat = (st->current + k) % n;
        if (st->contenders & (1u << seat)) {
            st->current = (uint8_t)seat;
            break;
        }
    }
    st->turns_left--;
    st->phase = ZD_PH_TURN_START;
}

/* Seats holding the best score among those still in contention. */
static unsigned leaders(const zd_state *st, int *best_out)
{
    unsigned pool = st->tiebreak ? st->contenders : (1u << st->n_players) - 1;
    int best = -1;
    unsigned mask = 0;
    for (int seat = 0; seat < st->n_players; seat++) {
        if (!(pool & (1u << seat)))
            continue;
        if (st->score[seat] > best) {
            best = st->score[seat];
            mask = 0;
        }
        if (st->score[seat] == best)
            mask |= 1u << seat;
    }
    *best_out = best;
    return mask;
}

/* Won, shared (a tie the tiebreak reading leaves standing) or lost. */
void zd_outcomes(const void *p, int n_players, uint8_t *out)
{
    const zd_state *st = CST(p);
    int best;
    unsigned shared = st->winner == -2 ? leaders(st, &best) : 0;
    for (int seat = 0; seat < n_players; seat++) {
        if (st->phase != ZD_PH_OVER)
            out[seat] = UD_SEAT_PLAYING;
        else if (seat == st->winner || (shared >> seat) & 1u)
            out[seat] = seat == st->winner ? UD_SEAT_WON : UD_SEAT_SHARED;
        else
            out[seat] = UD_SEAT_LOST;
    }
}

static bool single_leader(const void *p, const ud_step *s)
{
    int best;
    unsigned m = leaders(CST(p), &best);
    return m && !(m & (m - 1));
}

static void declare_winner(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int best;
    unsigned m = leaders(st, &best);
    int seat = __builtin_ctz(m);
    st->winner = (int8_t)seat;
    st->phase = ZD_PH_OVER;
    UD_EMIT(s, "winner %s =%d", ud_player(s, seat), best);
}

static void leaders_names(const zd_state *st, unsigned m, ud_step *s, char *out, size_t size)
{
    out[0] = '\0';
    for (int seat = 0; seat < st->n_players; seat++)
        if (m & (1u << seat)) {
            strncat(out, " ", size - strlen(out) - 1);
            strncat(out, ud_player(s, seat), size - strlen(out) - 1);
        }
}

static void start_tiebreak(zd_state *st, ud_step *s)
{
    int best;
    unsigned m = leaders(st, &best);
    int n = st->n_players;
    st->tiebreak = 1;
    st->tiebreak_rounds++;
    st->contenders = (uint16_t)m;
    st->turns_left = (uint8_t)(__builtin_popcount(m) - 1);
    for (int k = 0; k < n; k++) { /* the round opens with the first contender */
        int seat = (st->first + k) % n;
        if (m & (1u << seat)) {
            st->current = (uint8_t)seat;
            break;
        }
    }
    if (s->sink) {
        char names[UD_MAX_PLAYERS * UD_NAME_MAX + 8];
        leaders_names(st, m, s, names, sizeof names);
        ud_emitf(s, "tiebreak%s =%d round=%d", names, best, st->tiebreak_rounds);
    }
    st->phase = ZD_PH_TURN_START;
}

static bool tied_first_time(const void *p, const ud_step *s)
{
    return !single_leader(p, s) && CST(p)->tiebreak_rounds == 0;
}

static bool tied(const void *p, const ud_step *s) { return !single_leader(p, s); }

static void tiebreak_round(void *p, ud_step *s) { start_tiebreak(ST(p), s); }

static bool tied_after_tiebreak(const void *p, const ud_step *s)
{
    return !single_leader(p, s) && CST(p)->tiebreak_rounds > 0;
}

static void tie_stands(void *p, ud_step *s)
{
    zd_state *st = ST(p);
    int best;
    unsigned m = leaders(st, &best);
    st->winner = -2;
    st->phase = ZD_PH_OVER;
    if (s->sink) {
        char names[UD_MAX_PLAYERS * UD_NAME_MAX + 8];
        leaders_names(st, m, s, names, sizeof names);
        ud_emitf(s, "shared-win%s =%d", names, best);
    }
}

/* ---- faults of amounts (zd.h) ----------------------------------------- */

/* "What happens if you roll more than 13 brains? ... You just keep track
 * of your total": broken, a score over the goal is capped at it. */
const ud_number zd_numbers[ZD_N_NUMBERS] = {
    [ZD_NUM_CAP] = { "ZD-NO-CAP", "a score capped at", 0, UD_NUMBER_BREACH, ZD_GOAL },
};

const ud_fault zd_faults[ZD_N_FAULTS] = {
    [ZD_FAULT_BUST_AT_FOUR] = { "bust-at-four", NULL,
                                "the turn ends at more than three shotguns, not at three", "ZD-BUST" },
    [ZD_FAULT_GOAL_AT_FOURTEEN] = { "goal-at-fourteen", NULL,
                                    "the end of the game is set off above 13, not at 13",
                                    "ZD-GOAL-FINISH-ROUND" },
    [ZD_FAULT_SHORTAGE_FORGETS_BRAINS] = { "shortage-forgets-brains", NULL,
                                           "a shortage puts the brain dice back in the cup without noting their brains",
                                           "ZD-SHORTAGE-RETURN" },
    [ZD_FAULT_ONE_SHOTGUN_A_ROLL] = { "one-shotgun-a-roll", NULL,
                                      "a roll's shotguns count one however many show", "ZD-SHOTGUN-ASIDE" },
    [ZD_FAULT_SCORE_CAPPED] = { "score-capped", NULL, "a score above 13 is cut to 13", "ZD-NO-CAP" },
    [ZD_FAULT_ROUND_ONE_TURN_LONG] = { "round-one-turn-long", NULL,
                                       "the last round goes on one turn past the first player's seat",
                                       "ZD-GOAL-FINISH-ROUND" },
};

/* ---- the table ------------------------------------------------------------ */

#define V(key, val) ZD_V_##key, val
#define SEC_X "Expanding the Zombie Horde (the faces: the publisher's published descriptions, not 001)"
#define WITH_SANTA UD_ALSO(ZD_V_DICE, ZD_WITH_SANTA)
#define WITH_HUNK_HOTTIE UD_ALSO(ZD_V_DICE, ZD_WITH_HUNK_HOTTIE)
#define EFFECT UD_ROW_EFFECT
#define OFFER UD_ROW_OFFER

/* Every rule, in table order: X(C, IDX, PHASE, KIND, GUARD, EFFECT, ID,
 * SOURCE, SECTION, SUMMARY, VARIANT CONDITION, SECOND CONDITION).  The
 * list is expanded into the rule array below and into the compiled
 * runner (core/compiled.h); IDX names the row's index. */
/* The rows are laid out by hand, to read like the rules they encode. */
/* clang-format off */
#define ZD_RULE_LIST(X, C) \
    X(C, ZD_R_PLAYERS, ZD_PH_SETUP, EFFECT, ud_always, players_seat, \
      "ZD-PLAYERS", S000, "Zombie Dice (intro)", \
      "Two or more players take part (undead seats at most 16).", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_DICE, ZD_PH_SETUP, EFFECT, ud_always, dice_fill_cup, \
      "ZD-DICE", S001, "Game Components", \
      "13 dice start in the cup: 6 green (3 brain, 1 shotgun, 2 feet), 4 yellow (2/2/2), 3 red (1/3/2).", \
      UD_ALWAYS, UD_READS(UD_KEY(ZD_V_DICE))) \
    X(C, ZD_R_FIRST_SEAT_ORDER, ZD_PH_SETUP, EFFECT, ud_always, first_seat_order, \
      "ZD-FIRST-SEAT-ORDER", S000, "Zombie Dice (intro)", \
      "The first listed player starts (the last game's winner, or the best groan).", \
      V(FIRST, ZD_FIRST_SEAT_ORDER), UD_ANY) \
    X(C, ZD_R_FIRST_RANDOM, ZD_PH_SETUP, EFFECT, ud_always, first_random, \
      "ZD-FIRST-RANDOM", S001, "Starting the Game", \
      "The first player is decided at random.", \
      V(FIRST, ZD_FIRST_RANDOM), UD_ANY) \
    \
    X(C, ZD_R_BUS_PARKED, ZD_PH_TURN_START, EFFECT, ud_always, zd_bus_parked, \
      "ZD-BUS-PARKED", S001, SEC_X, \
      "School Bus: the bus waits beside the cup at the start of every turn; it never goes in the cup.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_TURN, ZD_PH_TURN_START, EFFECT, ud_always, turn_begin, \
      "ZD-TURN", S000, "Mmm! Brainnns!", \
      "A turn starts with every die in the cup and nothing set aside.", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_SHORTAGE_THREE, ZD_PH_DRAW, EFFECT, cup_below_three, shortage_announce, \
      "ZD-SHORTAGE-THREE", S000, "Brrrains?", \
      "The cup is short when you need new dice and it holds fewer than three.", \
      V(SHORT_WHEN, ZD_SHORT_FEWER_THAN_THREE), UD_ANY) \
    X(C, ZD_R_SHORTAGE_NEEDED, ZD_PH_DRAW, EFFECT, cup_below_needed, shortage_announce, \
      "ZD-SHORTAGE-NEEDED", S001, "Handling a Dice Shortage (001 says 'fewer than three': undead's reading)", \
      "The cup is short when it holds fewer dice than you need to have three.", \
      V(SHORT_WHEN, ZD_SHORT_FEWER_THAN_NEEDED), UD_ANY) \
    X(C, ZD_R_SHORTAGE_LITERAL, ZD_PH_DRAW, EFFECT, cup_below_three_at_any_roll, shortage_announce, \
      "ZD-SHORTAGE-LITERAL", S000, "Brrrains?", \
      "The cup is short whenever you roll again and it holds fewer than three, even when three feet are held and no new die is needed.", \
      V(SHORT_WHEN, ZD_SHORT_LITERAL), UD_ANY) \
    X(C, ZD_R_SHORTAGE_LAST_DICE, ZD_PH_DRAW, EFFECT, in_shortage_with_cup, shortage_take_last, \
      "ZD-SHORTAGE-LAST-DICE", S000, "Brrrains? (000 does not say in which order: undead's reading)", \
      "In a shortage, first take what dice the cup still holds.", \
      V(SHORT_ORDER, ZD_ORDER_CUP_FIRST), UD_ANY) \
    X(C, ZD_R_SHORTAGE_RETURN, ZD_PH_DRAW, EFFECT, in_shortage, shortage_return_brains, \
      "ZD-SHORTAGE-RETURN", S000, "Brrrains?", \
      "In a shortage, note the turn's brains and put the brain dice back in the cup; shotguns and feet stay out.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_DRAW, ZD_PH_DRAW, EFFECT, ud_always, draw_to_three, \
      "ZD-DRAW", S000, "Mmm! Brainnns!", \
      "Take dice from the cup without looking until you hold three (none if all three are feet).", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_FEET_REROLL, ZD_PH_ROLL, EFFECT, has_kept_feet, reroll_feet, \
      "ZD-FEET-REROLL", S001, "FAQs", \
      "Every kept feet die is rolled again; you cannot choose which dice to reroll.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_MUST_ROLL, ZD_PH_ROLL, EFFECT, has_new_dice, roll_new_dice, \
      "ZD-MUST-ROLL", S000, "Mmm! Brainnns!", \
      "After you take new dice you cannot stop: you roll them.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_BUS_ROLL, ZD_PH_ROLL, EFFECT, zd_riding, zd_bus_roll, \
      "ZD-BUS-ROLL", S001, SEC_X, \
      "School Bus: while riding, the bus is rolled in place of one regular die.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_ROLL_THREE, ZD_PH_ROLL, EFFECT, ud_always, roll_three, \
      "ZD-ROLL-THREE", S000, "Mmm! Brainnns!", \
      "Whenever you roll, you roll three dice (on the School Bus: the bus and two).", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_BUS_YIELD, ZD_PH_RESOLVE, EFFECT, zd_bus_showed_yield, zd_bus_yield, \
      "ZD-BUS-YIELD", S001, SEC_X, \
      "School Bus Yield: this roll's shotguns become footprints.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_BUS_DEAD_END, ZD_PH_RESOLVE, EFFECT, zd_bus_showed_dead_end, zd_bus_dead_end, \
      "ZD-BUS-DEAD-END", S001, SEC_X, \
      "School Bus Dead End: this roll's footprints become brains.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_BUS_POINTS, ZD_PH_RESOLVE, EFFECT, zd_bus_showed_points, zd_bus_points, \
      "ZD-BUS-POINTS", S001, SEC_X, \
      "School Bus: the brains and shotguns on the bus count like the dice's (brains not on a die, shotguns toward the end of the turn).", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_ENERGY_ONE_FOOTPRINT, ZD_PH_RESOLVE, EFFECT, zd_santa_drink, zd_drink_one_footprint, \
      "ZD-ENERGY-ONE-FOOTPRINT", S001, "Expanding the Zombie Horde", \
      "Santa's energy drink turns one footprint into a brain: one of this roll's, or the next roll's if none shows.", \
      V(ENERGY, ZD_ENERGY_ONE_FOOTPRINT), WITH_SANTA) \
    X(C, ZD_R_ENERGY_GREEN_FEET, ZD_PH_RESOLVE, EFFECT, zd_santa_drink, zd_drink_green_feet, \
      "ZD-ENERGY-GREEN-FEET", S001, SEC_X, \
      "Santa's energy drink: green footprints count as brains for the rest of the turn.", \
      V(ENERGY, ZD_ENERGY_GREEN_FEET), WITH_SANTA) \
    X(C, ZD_R_GREEN_FEET_BRAINS, ZD_PH_RESOLVE, EFFECT, zd_green_feet_in_force, zd_green_feet_to_brains, \
      "ZD-GREEN-FEET-BRAINS", S001, SEC_X, \
      "While the energy drink is in force, a green die showing feet is a brain.", \
      V(ENERGY, ZD_ENERGY_GREEN_FEET), WITH_SANTA) \
    X(C, ZD_R_HELMET, ZD_PH_RESOLVE, EFFECT, zd_santa_helmet_rolled, zd_helmet_on, \
      "ZD-HELMET", S001, "Expanding the Zombie Horde", \
      "Santa's helmet: it takes four shotguns to end the turn, counting from the roll that shows it.", \
      V(HELMET, ZD_HELMET_THIS_ROLL), WITH_SANTA) \
    X(C, ZD_R_RESCUE, ZD_PH_RESOLVE, EFFECT, zd_rescue_due, zd_rescue, \
      "ZD-RESCUE", S001, SEC_X, \
      "A shotgun on Hunk (Hottie) sends a Hottie (Hunk) already among the brains back to the cup; its brains are lost.", \
      V(RESCUE, ZD_RESCUE_EARLIER_ROLLS), WITH_HUNK_HOTTIE) \
    X(C, ZD_R_BRAIN_ASIDE, ZD_PH_RESOLVE, EFFECT, rolled_brain, brains_aside, \
      "ZD-BRAIN-ASIDE", S000, "Mmm! Brainnns!", \
      "Brains rolled are set aside; each is worth one point this turn.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_RESCUE_SAME_ROLL, ZD_PH_RESOLVE, EFFECT, zd_rescue_due, zd_rescue, \
      "ZD-RESCUE-SAME-ROLL", S001, SEC_X, \
      "Rescue also when Hunk and Hottie show shotgun and brain in the same roll.", \
      V(RESCUE, ZD_RESCUE_SAME_ROLL), WITH_HUNK_HOTTIE) \
    X(C, ZD_R_SHOTGUN_ASIDE, ZD_PH_RESOLVE, EFFECT, rolled_shotgun, shotguns_aside, \
      "ZD-SHOTGUN-ASIDE", S000, "Mmm! Brainnns!", \
      "Shotguns rolled are set aside and stay there for the turn.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_EXTRAS_ASIDE, ZD_PH_RESOLVE, EFFECT, zd_extras_rolled, zd_extras_aside, \
      "ZD-EXTRAS-ASIDE", S001, "Expanding the Zombie Horde", \
      "A Santa showing a helmet or an energy drink is set aside for the turn (not rerolled).", \
      UD_ALWAYS, WITH_SANTA) \
    X(C, ZD_R_BUST, ZD_PH_RESOLVE, EFFECT, shot_three_times, bust, \
      "ZD-BUST", S000, "Mmm! Brainnns!", \
      "Three or more shotguns end the turn and it scores nothing (double shotguns count two).", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_HELMET_NEXT_ROLL, ZD_PH_RESOLVE, EFFECT, zd_helmet_aside_unworn, zd_helmet_on, \
      "ZD-HELMET-NEXT-ROLL", S001, "Expanding the Zombie Horde", \
      "Santa's helmet: it takes four shotguns to end the turn, from the roll after the one that shows it.", \
      V(HELMET, ZD_HELMET_NEXT_ROLL), WITH_SANTA) \
    X(C, ZD_R_BUS_STOP, ZD_PH_RESOLVE, EFFECT, zd_bus_showed_stop, zd_bus_stop, \
      "ZD-BUS-STOP", S001, SEC_X, \
      "School Bus Stop: unless shot, the turn ends and its brains are scored.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_BUS_TIRE, ZD_PH_RESOLVE, EFFECT, zd_bus_showed_tire, zd_bus_tire, \
      "ZD-BUS-TIRE", S001, SEC_X, \
      "School Bus tire track: lose one brain, and no more bus this turn.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_DRINK_ONLY_KIND, ZD_PH_RESOLVE, EFFECT, zd_drink_one_kind, zd_drink_convert_only_kind, \
      "ZD-DRINK-ONLY-KIND", S001, "Expanding the Zombie Horde", \
      "An unspent energy drink converts a footprint as soon as one shows; with one kind of die among the feet, no choice is asked.", \
      V(ENERGY, ZD_ENERGY_ONE_FOOTPRINT), WITH_SANTA) \
    X(C, ZD_R_FEET_KEEP, ZD_PH_RESOLVE, EFFECT, ud_always, feet_keep, \
      "ZD-FEET-KEEP", S000, "Mmm! Brainnns!", \
      "Feet dice stay in front of you, to be rolled again if you go on.", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_DRINK_CHOOSE, ZD_PH_DRINK, OFFER, ud_always, zd_offer_drink, \
      "ZD-DRINK-CHOOSE", S001, "Expanding the Zombie Horde", \
      "With feet of several kinds, the player chooses which footprint the drink turns into a brain.", \
      V(ENERGY, ZD_ENERGY_ONE_FOOTPRINT), WITH_SANTA) \
    X(C, ZD_R_DRINK_CONVERT, ZD_PH_DRINK, EFFECT, zd_chose_drink, zd_drink_convert_chosen, \
      "ZD-DRINK-CONVERT", S001, "Expanding the Zombie Horde", \
      "The chosen footprint becomes a brain worth one.", \
      V(ENERGY, ZD_ENERGY_ONE_FOOTPRINT), WITH_SANTA) \
    X(C, ZD_R_BUS_FEET, ZD_PH_BUS_FEET, OFFER, ud_always, zd_offer_bus_feet, \
      "ZD-BUS-FEET", S001, SEC_X, \
      "Footprints while riding: get off and chase them (the bus is set aside for the turn) or stay on.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_BUS_GET_OFF, ZD_PH_BUS_FEET, EFFECT, zd_chose_get_off, zd_get_off, \
      "ZD-BUS-GET-OFF", S001, SEC_X, \
      "Getting off keeps the feet to reroll; the bus is set aside for the turn.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_BUS_STAY_ON, ZD_PH_BUS_FEET, EFFECT, zd_chose_stay_on, zd_stay_on, \
      "ZD-BUS-STAY-ON", S001, SEC_X, \
      "Staying on sends the feet dice back to the cup; new dice replace them.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_CHOICE, ZD_PH_CHOICE, OFFER, ud_always, offer_stop_or_roll, \
      "ZD-CHOICE", S000, "Mmm! Brainnns!", \
      "Short of three shotguns, you choose to stop and score or to roll again.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_BUS_BOARD, ZD_PH_CHOICE, OFFER, zd_bus_boardable, zd_offer_ride, \
      "ZD-BUS-BOARD", S001, SEC_X, \
      "After the turn's first roll the bus may be rolled in place of one regular die (so not with three feet to reroll).", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    X(C, ZD_R_STOP_SCORE, ZD_PH_CHOICE, EFFECT, chose_stop, stop_and_score, \
      "ZD-STOP-SCORE", S000, "Mmm! Brainnns!", \
      "Stopping scores one point per brain this turn (noted ones too); all dice go back in the cup.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_ROLL_AGAIN, ZD_PH_CHOICE, EFFECT, chose_roll, keep_going, \
      "ZD-ROLL-AGAIN", S000, "Mmm! Brainnns!", \
      "Going on keeps the feet on the table and tops the hand up to three.", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_BUS_RIDE, ZD_PH_CHOICE, EFFECT, zd_chose_ride, zd_board, \
      "ZD-BUS-RIDE", S001, SEC_X, \
      "Boarding: from now on the bus and two regular dice are rolled.", \
      V(BUS, ZD_BUS_ON), UD_ANY) \
    \
    X(C, ZD_R_NO_CAP, ZD_PH_TURN_END, EFFECT, scored_past_goal, no_cap, \
      "ZD-NO-CAP", S001, "FAQs", \
      "A score above 13 counts in full.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_GOAL_FINISH_ROUND, ZD_PH_TURN_END, EFFECT, reached_goal, goal_finish_round, \
      "ZD-GOAL-FINISH-ROUND", S000, "BRAAAAINS!!!", \
      "Reaching 13 ends the game once the round is finished.", \
      V(END, ZD_END_FINISH_ROUND), UD_ANY) \
    X(C, ZD_R_GOAL_FINAL_TURN, ZD_PH_TURN_END, EFFECT, reached_goal, goal_final_turns, \
      "ZD-GOAL-FINAL-TURN", S001, "Ending the Game", \
      "Reaching 13 gives every other player one final turn.", \
      V(END, ZD_END_FINAL_TURN), UD_ANY) \
    X(C, ZD_R_GAME_OVER, ZD_PH_TURN_END, EFFECT, no_turns_left, game_end, \
      "ZD-GAME-OVER", S000, "BRAAAAINS!!!", \
      "When no turn is owed any more, the game (or tiebreak round) is over.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_NEXT_PLAYER, ZD_PH_TURN_END, EFFECT, not_in_tiebreak, next_player, \
      "ZD-NEXT-PLAYER", S000, "Mmm! Brainnns!", \
      "Then it is the next player's turn, in seat order.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_TIEBREAK_NEXT, ZD_PH_TURN_END, EFFECT, in_tiebreak, next_contender, \
      "ZD-TIEBREAK-NEXT", S000, "BRAAAAINS!!!", \
      "In a tiebreak only the tied leaders take turns.", \
      UD_ALWAYS, UD_ANY) \
    \
    X(C, ZD_R_MOST_BRAINS, ZD_PH_GAME_END, EFFECT, single_leader, declare_winner, \
      "ZD-MOST-BRAINS", S000, "BRAAAAINS!!!", \
      "Whoever has the most brains at the end wins.", \
      UD_ALWAYS, UD_ANY) \
    X(C, ZD_R_TIEBREAK_ONE, ZD_PH_GAME_END, EFFECT, tied_first_time, tiebreak_round, \
      "ZD-TIEBREAK-ONE", S000, "BRAAAAINS!!!", \
      "If there is a tie, the leaders (only) play one tiebreaker round.", \
      V(TIEBREAK, ZD_TIE_ONE_ROUND), UD_ANY) \
    X(C, ZD_R_TIE_STANDS, ZD_PH_GAME_END, EFFECT, tied_after_tiebreak, tie_stands, \
      "ZD-TIE-STANDS", S000, "BRAAAAINS!!!", \
      "A tie that survives the one tiebreaker round is a shared win (000 says no more).", \
      V(TIEBREAK, ZD_TIE_ONE_ROUND), UD_ANY) \
    X(C, ZD_R_TIEBREAK_REPEAT, ZD_PH_GAME_END, EFFECT, tied, tiebreak_round, \
      "ZD-TIEBREAK-REPEAT", S001, "Tiebreaker", \
      "Tied leaders play tiebreaker rounds until the tie is broken.", \
      V(TIEBREAK, ZD_TIE_UNTIL_BROKEN), UD_ANY)
/* clang-format on */

/* The default readings (zd.h), for the runner's copy that folds them. */
static const int zd_default_readings[ZD_VARIANTS] = {
    [ZD_V_END] = ZD_DEFAULT_END,
    [ZD_V_TIEBREAK] = ZD_DEFAULT_TIEBREAK,
    [ZD_V_SHORT_WHEN] = ZD_DEFAULT_SHORT_WHEN,
    [ZD_V_SHORT_ORDER] = ZD_DEFAULT_SHORT_ORDER,
    [ZD_V_FIRST] = ZD_DEFAULT_FIRST,
    [ZD_V_DICE] = ZD_DEFAULT_DICE,
    [ZD_V_ENERGY] = ZD_DEFAULT_ENERGY,
    [ZD_V_RESCUE] = ZD_DEFAULT_RESCUE,
    [ZD_V_HELMET] = ZD_DEFAULT_HELMET,
    [ZD_V_BUS] = ZD_DEFAULT_BUS,
};

/* The rule array, and the same rows compiled into one function
 * (core/compiled.h), the runner every mode uses for Zombie Dice, with a
 * copy for the default readings; the interpreted table is the reference
 * it is tested against. */
UD_COMPILED_TABLE_DEFAULTS(ZD_RULE_LIST, zd_rules, ZD_N_RULES, ZD_PHASES, zd_compiled_rows,
                           zd_default_readings)
