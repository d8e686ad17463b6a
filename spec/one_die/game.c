/*
 * game.c - One Die's ud_game: its variant, invariants, policies and the
 * few functions that read its state.  Everything a game says to undead is
 * in the struct at the end.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "one_die.h"

#define SRC "900_one_die.txt"
#define ST(p) ((od_state *)ud_mutable(p))
#define CST(p) ((const od_state *)(p))

static const ud_phase od_phases[OD_PHASES] = {
    [OD_PH_SETUP] = { "setup", UD_PHASE_AUTO },       [OD_PH_TURN_START] = { "turn-start", UD_PHASE_AUTO },
    [OD_PH_RISK] = { "risk", UD_PHASE_DECISION },     [OD_PH_ROLL] = { "roll", UD_PHASE_AUTO },
    [OD_PH_RESOLVE] = { "resolve", UD_PHASE_AUTO },   [OD_PH_BANK] = { "bank", UD_PHASE_AUTO },
    [OD_PH_TURN_END] = { "turn-end", UD_PHASE_AUTO }, [OD_PH_GAME_END] = { "game-end", UD_PHASE_AUTO },
    [OD_PH_OVER] = { "over", UD_PHASE_OVER },
};

/* "decide ann risk 2": one kind, one integer argument. */
static const ud_action_kind od_actions[OD_ACTIONS] = {
    [OD_ACT_RISK] = { "risk", "%d" },
};
static const char *const od_chance_events[] = { "roll", NULL };

static const ud_variant_value ending_values[] = {
    { "finish-round", SRC, "The end", "once a player reaches the goal, the round is finished" },
    { "at-once", SRC, "Variant", "the game ends as soon as a player reaches the goal" },
};
const ud_variant od_variants[OD_VARIANTS] = {
    { "ending", "Does the round finish after a player reaches the goal?", 2, ending_values,
      OD_ENDING_FINISH_ROUND },
};

/* ---- invariants ------------------------------------------------------------ */

UD_INVARIANTS_BEGIN

static bool scores_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const od_state *st = CST(p);
    int most = OD_MAX_RISK * 99;
    if (st->turn_points < 0 || st->turn_points > most) {
        ud_buf_printf(why, "turn points %d outside 0..%d", st->turn_points, most);
        return false;
    }
    /* Before set up seats the players, start lines may have given scores
     * (od_apply_start): the seats are counted from then on. */
    bool seated = st->phase != OD_PH_SETUP;
    for (int i = 0; i < OD_MAX_PLAYERS; i++)
        if (st->score[i] < 0 || (seated && i >= st->n_players && st->score[i] != 0)) {
            ud_buf_printf(why, "seat %d has score %d", i, st->score[i]);
            return false;
        }
    return true;
}

static bool turn_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const od_state *st = CST(p);
    if (st->phase == OD_PH_SETUP)
        return true;
    if (st->current >= st->n_players || st->round < 1 || st->round > od_content.rounds ||
        st->rolls_left > OD_MAX_RISK || st->face >= OD_FACES) {
        ud_buf_printf(why, "seat %d of %d, round %d of %d, %d rolls left, face %d", st->current,
                      st->n_players, st->round, od_content.rounds, st->rolls_left, st->face);
        return false;
    }
    return true;
}

/* The game is over exactly when its result is known, and then every seat
 * has an outcome. */
static bool over_when_decided(const ud_game *g, const void *p, ud_buf *why)
{
    const od_state *st = CST(p);
    bool over = st->phase == OD_PH_OVER;
    if (over != (st->over == 1)) {
        ud_buf_printf(why, "phase %s but over=%d", g->phases[st->phase].name, st->over);
        return false;
    }
    for (int i = 0; over && i < st->n_players; i++)
        if (st->outcome[i] == UD_SEAT_PLAYING) {
            ud_buf_printf(why, "the game is over but seat %d has no outcome", i);
            return false;
        }
    return true;
}

const ud_invariant od_invariants[OD_N_INVARIANTS] = {
    { "OD-INV-SCORES", "scores and turn points are never negative", scores_in_range },
    { "OD-INV-TURN", "the seat, round, rolls left and face are in range", turn_in_range },
    { "OD-INV-OVER", "the game is over exactly when every seat has an outcome", over_when_decided },
};

UD_INVARIANTS_END

/* ---- policies (an index into the offers, which list risk 1, 2, 3) ----------- */

static int risk_index(const ud_offers *o, int n)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == OD_ACT_RISK && o->action[i].arg[0] == n)
            return i;
    return -1;
}

static int fixed_risk(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    return risk_index(o, param);
}

/* Risks more when behind the best other score, less when ahead. */
static int chaser(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const od_state *st = CST(p);
    int best_other = 0;
    for (int i = 0; i < st->n_players; i++)
        if (i != seat && st->score[i] > best_other)
            best_other = st->score[i];
    int behind = best_other - st->score[seat];
    return risk_index(o, behind > 6 ? 3 : behind > 0 ? 2 : 1);
}

const ud_policy_def od_policies[OD_N_POLICIES] = {
    { "risk", "always risk N rolls, 1 to 3 (default 1)", 1, 1, fixed_risk, 0, 1, OD_MAX_RISK, 0 },
    { "chaser", "risk 3 when well behind, 2 when behind, else 1", 0, 0, chaser, 0, 0, 0, 0 },
};

/* ---- reading the state -------------------------------------------------------- */

static void od_init(void *p, const ud_setup *setup)
{
    od_content_ready();
    ST(p)->phase = OD_PH_SETUP;
    ST(p)->winner = -1;
}

static int od_to_move(const void *p) { return CST(p)->current; }

static void od_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    const od_state *st = CST(p);
    ud_buf_printf(out, "turn=%s round=%d points=%d scores=",
                  st->current < setup->n_players ? setup->names[st->current] : "?", st->round,
                  st->turn_points);
    for (int i = 0; i < st->n_players && i < setup->n_players; i++)
        ud_buf_printf(out, "%s%s:%d", i ? "," : "", setup->names[i], st->score[i]);
}

static int od_score(const void *p, int seat) { return CST(p)->score[seat]; }

static int od_winner(const void *p) { return CST(p)->winner; }

static void od_outcomes(const void *p, int n_players, uint8_t *out)
{
    for (int i = 0; i < n_players; i++)
        out[i] = i < OD_MAX_PLAYERS ? CST(p)->outcome[i] : UD_SEAT_PLAYING;
}

/* ---- start lines: a position to study (undead play --start, fuzz-starts.txt) -------- */

/* The whole number N of the start line `form` (its first word: key),
 * within lo..hi; false with a message.  Read as text, then converted with
 * a range check: %d would overflow silently. */
static bool start_number(const char *text, int lo, int hi, const char *key, const char *form, ud_buf *err)
{
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    /* digits alone, as every number undead reads (a '-' is out of range):
     * strtol would take "+5" */
    if (!isdigit((unsigned char)text[text[0] == '-']) || *end != '\0') {
        ud_buf_printf(err, "expected '%s' with N a whole number, got '%s'", form, text);
        return false;
    }
    if (errno == ERANGE || text[0] == '-' || value < lo || value > hi) {
        ud_buf_printf(err, "%s %s is out of range %d..%d", key, text, lo, hi);
        return false;
    }
    return true;
}

/* "score PLAYER N": PLAYER has N points; "round N": the game starts at
 * round N (of the content's rounds).  Set up keeps both. */
static bool od_apply_start(void *p, const ud_setup *setup, const char *line, ud_buf *err)
{
    char what[16], first[UD_NAME_MAX + 1], second[32];
    int used = 0;
    int n = sscanf(line, "%15s %24s%n %31s%n", what, first, &used, second, &used);
    if (n == 2 && line[used] == '\0' && strcmp(what, "round") == 0) {
        if (ud_setup_start_prior(setup, line) > 0) {
            ud_buf_puts(err, "expected one 'round' line, found a second");
            return false;
        }
        od_content_ready();
        if (!start_number(first, 1, od_content.rounds, "round", "round N", err))
            return false;
        ST(p)->round = (uint8_t)atoi(first);
        return true;
    }
    if (n != 3 || line[used] != '\0' || strcmp(what, "score") != 0) {
        ud_buf_puts(err, "expected 'score PLAYER N' or 'round N'");
        return false;
    }
    if (!start_number(second, 0, OD_START_SCORE_MAX, "score", "score PLAYER N", err))
        return false;
    for (int seat = 0; seat < setup->n_players && seat < OD_MAX_PLAYERS; seat++)
        if (strcmp(setup->names[seat], first) == 0) {
            if (ud_setup_start_prior_words(setup, line, 2) > 0) {
                ud_buf_printf(err, "expected one 'score' line for %s, found a second", first);
                return false;
            }
            ST(p)->score[seat] = (int16_t)atoi(second);
            return true;
        }
    ud_buf_printf(err, "no player named '%s'", first);
    return false;
}

/* State values whose items a record may write in any order: one entry per player. */
static const char *const unordered_state_keys[] = { "scores", NULL };

/* The counts a row may change (ud_game.counts): the turn's points and
 * every score. */
static int od_counts(const void *p, int *out)
{
    const od_state *st = p;
    int n = 0;
    out[n++] = st->turn_points;
    for (int i = 0; i < OD_MAX_PLAYERS; i++)
        out[n++] = st->score[i];
    return n;
}

const ud_game od_game = {
    .name = "one-die",
    .folder = "one_die",
    .title = "One Die (undead's worked example)",
    .phases = od_phases,
    .n_phases = OD_PHASES,
    .rules = od_rules,
    .n_rules = OD_N_RULES,
    .variants = od_variants,
    .n_variants = OD_VARIANTS,
    .invariants = od_invariants,
    .n_invariants = OD_N_INVARIANTS,
    .policies = od_policies,
    .n_policies = OD_N_POLICIES,
    .actions = od_actions,
    .n_actions = OD_ACTIONS,
    .chance_events = od_chance_events,
    .outcome_order = "roll: one word a roll, a face or bust",
    .min_players = 1,
    .max_players = OD_MAX_PLAYERS,
    .players_rule = "OD-PLAYERS",
    .state_size = sizeof(od_state),
    .phase_offset = offsetof(od_state, phase),
    .init = od_init,
    .compiled_rows = od_compiled_rows,
    .to_move = od_to_move,
    .describe = od_describe,
    .unordered_state_keys = unordered_state_keys,
    .score = od_score,
    .winner = od_winner,
    .outcomes = od_outcomes,
    .load_content = od_load_content,
    .load_content_memory = od_load_content_memory,
    .apply_start = od_apply_start,
    .counts = od_counts,
};
