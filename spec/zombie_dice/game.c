/*
 * game.c - Zombie Dice behind the ud_game interface: the state readers the
 * runner, the transcripts and the policies need.  The rules are in rules.c.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "zd.h"
#include "zd_draw.h"
#include "zd_extras.h"

#define ST(p) ((zd_state *)ud_mutable(p))
#define CST(p) ((const zd_state *)(p))

extern const ud_rule zd_rules[];
extern const ud_invariant zd_invariants[];
extern const ud_policy_def zd_policies[];

static const ud_phase zd_phases[ZD_PHASES] = {
    [ZD_PH_SETUP] = { "setup", UD_PHASE_AUTO },
    [ZD_PH_TURN_START] = { "turn-start", UD_PHASE_AUTO },
    [ZD_PH_DRAW] = { "draw", UD_PHASE_AUTO },
    [ZD_PH_ROLL] = { "roll", UD_PHASE_AUTO },
    [ZD_PH_RESOLVE] = { "resolve", UD_PHASE_AUTO },
    [ZD_PH_DRINK] = { "drink", UD_PHASE_DECISION },
    [ZD_PH_BUS_FEET] = { "bus-feet", UD_PHASE_DECISION },
    [ZD_PH_CHOICE] = { "choice", UD_PHASE_DECISION },
    [ZD_PH_TURN_END] = { "turn-end", UD_PHASE_AUTO },
    [ZD_PH_GAME_END] = { "game-end", UD_PHASE_AUTO },
    [ZD_PH_OVER] = { "over", UD_PHASE_OVER },
};

static const ud_action_kind zd_actions[ZD_ACTIONS] = {
    { "stop", NULL },       { "roll", NULL },         { "ride", NULL },         { "get-off", NULL },
    { "stay-on", NULL },    { "drink-green", NULL },  { "drink-yellow", NULL }, { "drink-red", NULL },
    { "drink-hunk", NULL }, { "drink-hottie", NULL }, { "drink-santa", NULL },
};
static const char *const zd_chance_events[] = { "lot", "draw", "roll", NULL };

static void zd_init(void *p, const ud_setup *setup)
{
    ST(p)->phase = ZD_PH_SETUP;
    ST(p)->winner = -1;
    /* A policy sees only the state: it learns the readings from here.
     * No row reads this copy: rows ask ud_reading. */
    for (int v = 0; v < ZD_VARIANTS; v++)
        ST(p)->readings[v] = (uint8_t)setup->variant[v]; /* ud-reading-ok: for the policies */
}

static int zd_to_move(const void *p) { return CST(p)->current; }

static void zd_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    const zd_state *st = CST(p);
    int n = st->n_players ? st->n_players : setup->n_players;
    ud_buf_printf(out, "turn=%s brains=%d shotguns=%d feet=",
                  st->current < setup->n_players ? setup->names[st->current] : "?", zd_turn_brains(st),
                  zd_turn_shotguns(st));
    if (st->n_hand == 0)
        ud_buf_puts(out, "-");
    for (int k = 0; k < st->n_hand; k++)
        ud_buf_printf(out, "%s%c", k ? "," : "", zd_dice[st->hand[k] % ZD_TYPES].letter);
    ud_buf_puts(out, " cup=");
    const uint8_t *in_play = zd_set_count[st->dice_set % ZD_SETS];
    for (int t = 0; t < ZD_TYPES; t++)
        if (in_play[t]) /* only the dice of this game: the base line stays G..Y..R.. */
            ud_buf_printf(out, "%c%d", zd_dice[t].letter, st->cup[t]);
    ud_buf_puts(out, " scores=");
    for (int seat = 0; seat < n && seat < UD_MAX_PLAYERS; seat++)
        ud_buf_printf(out, "%s%s:%d", seat ? "," : "", setup->names[seat], st->score[seat]);
    if (st->helmet)
        ud_buf_puts(out, " helmet=on");
    if (st->drink)
        ud_buf_puts(out, " drink=unspent");
    if (st->green_feet)
        ud_buf_puts(out, " drink=green-feet");
    if (st->bus != ZD_BUS_UNUSED) {
        static const char *const where[] = { "unused", "waiting", "riding", "away" };
        ud_buf_printf(out, " bus=%s", where[st->bus % 4]);
    }
    /* Once the goal is reached: the turns still owed after this one before
     * the game (or a tiebreak round) ends, as the goal's change line says
     * them.  Shown so that an implementation that sets the end off wrongly
     * parts where it does, not a turn later where the game ends. */
    if (st->ending && st->phase != ZD_PH_OVER)
        ud_buf_printf(out, " turns-left=%d", st->turns_left);
}

static int zd_score(const void *p, int seat) { return CST(p)->score[seat]; }

static int zd_winner(const void *p) { return CST(p)->winner; }

/* "score NAME N": start from a position where NAME has N brains. */
static bool zd_apply_start(void *p, const ud_setup *setup, const char *line, ud_buf *err)
{
    char what[16], name[UD_NAME_MAX + 1], number[32];
    int used = 0;
    /* The number is read as text, then converted with a range check: %d
     * would overflow silently (99999999999999999999 read as -1). */
    if (sscanf(line, "%15s %24s %31s%n", what, name, number, &used) != 3 || line[used] != '\0' ||
        strcmp(what, "score") != 0) {
        ud_buf_puts(err, "expected 'score PLAYER N'");
        return false;
    }
    char *end;
    errno = 0;
    long value = strtol(number, &end, 10);
    /* digits alone, as every number undead reads (a '-' is out of range):
     * strtol would take "+5" */
    if (!isdigit((unsigned char)number[number[0] == '-']) || *end != '\0') {
        ud_buf_printf(err, "expected 'score PLAYER N' with N a whole number, got '%s'", number);
        return false;
    }
    if (errno == ERANGE || number[0] == '-' || value > 1000) {
        ud_buf_printf(err, "score %s is out of range 0..1000", number);
        return false;
    }
    for (int seat = 0; seat < setup->n_players; seat++)
        if (strcmp(setup->names[seat], name) == 0) {
            /* one score per player: a second would replace the first unseen */
            if (ud_setup_start_prior_words(setup, line, 2) > 0) {
                ud_buf_printf(err, "expected one 'score' line for %s, found a second", name);
                return false;
            }
            ST(p)->score[seat] = (int16_t)value;
            return true;
        }
    ud_buf_printf(err, "no player named '%s'", name);
    return false;
}

static const ud_ratio zd_ratios[] = {
    { "busts per turn", "ZD-BUST", "ZD-TURN" },
    { "shortages per turn", "ZD-SHORTAGE-RETURN", "ZD-TURN" },
    { "tiebreak rounds per game", "ZD-TIEBREAK-ONE", "ZD-PLAYERS" },
    { "repeated tiebreak rounds per game", "ZD-TIEBREAK-REPEAT", "ZD-PLAYERS" },
};

/* State values whose items a record may write in any order: the feet dice held (in hand order), the scores (one entry per player). */
static const char *const unordered_state_keys[] = { "feet", "scores", NULL };

/* Change lines that list dice: the engine writes them by colour, a log
 * may write them in the order they were rolled. */
static const char *const unordered_change_verbs[] = { "brains", "shotguns", "feet", "return-brains", NULL };

/* The School Bus is measured by players who ride it: stop-at-shotguns,
 * the usual measuring policy, never boards. */
static const ud_reading_measure zd_reading_measures[] = {
    { "bus", "on", "bus-rider", 0, { NULL } },
};

/* The counts a row may change (ud_game.counts): the scores, the dice in
 * the cup, in hand and set aside (brains, shotguns, others) by colour,
 * and the brains and shotguns not on a die. */
static int zd_counts(const void *p, int *out)
{
    const zd_state *st = p;
    int n = 0;
    for (int i = 0; i < UD_MAX_PLAYERS; i++)
        out[n++] = st->score[i];
    for (int t = 0; t < ZD_TYPES; t++) {
        out[n++] = st->cup[t];
        out[n++] = st->brains[t];
        out[n++] = st->shotguns[t];
        out[n++] = st->extras[t];
    }
    out[n++] = st->n_hand;
    out[n++] = st->bonus;
    out[n++] = st->noted;
    out[n++] = st->shotgun_points;
    return n;
}

/* The amounts a row changes (ud_game.amount, for blame): the scores,
 * the brains noted at a shortage, the shotguns counted, the brains not
 * on a die and the turns owed once the goal is reached, each of which a
 * state line shows (turns-left). */
enum { ZD_AMOUNT_NOTED = UD_MAX_PLAYERS, ZD_AMOUNT_SHOTGUNS, ZD_AMOUNT_BONUS, ZD_AMOUNT_OWED, ZD_AMOUNTS };

static int zd_amount(void *p, int i, const int *set)
{
    zd_state *st = p;
    switch (i) {
    case ZD_AMOUNT_NOTED:
        return ud_amount_u16(&st->noted, set);
    case ZD_AMOUNT_SHOTGUNS:
        return ud_amount_u8(&st->shotgun_points, set);
    case ZD_AMOUNT_BONUS:
        return ud_amount_i16(&st->bonus, set);
    case ZD_AMOUNT_OWED:
        return ud_amount_u8(&st->turns_left, set);
    default:
        return ud_amount_i16(&st->score[i], set);
    }
}

static void zd_amount_name(const ud_setup *setup, int i, ud_buf *out)
{
    static const char *const names[] = { "the brains noted", "the shotguns counted",
                                         "the brains not on a die", "the turns owed" };
    if (i >= ZD_AMOUNT_NOTED)
        ud_buf_puts(out, names[i - ZD_AMOUNT_NOTED]);
    else if (setup && i < setup->n_players)
        ud_buf_printf(out, "%s's score", setup->names[i]);
    else
        ud_buf_printf(out, "seat %d's score", i + 1);
}

const ud_game zd_game = {
    .name = "zombie-dice",
    .folder = "zombie_dice",
    .title = "Zombie Dice",
    .phases = zd_phases,
    .n_phases = ZD_PHASES,
    .rules = zd_rules,
    .n_rules = ZD_N_RULES,
    .variants = zd_variants,
    .n_variants = ZD_VARIANTS,
    .invariants = zd_invariants,
    .n_invariants = ZD_N_INVARIANTS,
    .invariants_hold = zd_invariants_hold,
    .faults = zd_faults,
    .n_faults = ZD_N_FAULTS,
    .numbers = zd_numbers,
    .n_numbers = ZD_N_NUMBERS,
    .policies = zd_policies,
    .n_policies = ZD_N_POLICIES,
    .actions = zd_actions,
    .n_actions = ZD_ACTIONS,
    .chance_events = zd_chance_events,
    .outcome_order =
        "draw: the colours in the order the dice come out of the cup; roll: one DIE:FACE word a die, "
        "first the feet kept from the last roll (in the order they were drawn), then the dice just "
        "drawn (in the order of the draw line); lot: the seat that starts",
    .ratios = zd_ratios,
    .n_ratios = (int)(sizeof zd_ratios / sizeof zd_ratios[0]),
    .reading_measures = zd_reading_measures,
    .n_reading_measures = (int)(sizeof zd_reading_measures / sizeof zd_reading_measures[0]),
    .min_players = 2,
    .max_players = UD_MAX_PLAYERS,
    .players_rule = "ZD-PLAYERS",
    .state_size = sizeof(zd_state),
    .phase_offset = offsetof(zd_state, phase),
    .init = zd_init,
    .compiled_rows = zd_compiled_rows,
    .to_move = zd_to_move,
    .describe = zd_describe,
    .unordered_state_keys = unordered_state_keys,
    .unordered_change_verbs = unordered_change_verbs,
    .score = zd_score,
    .winner = zd_winner,
    .outcomes = zd_outcomes,
    .apply_start = zd_apply_start,
    .extras = &zd_extras,
    .counts = zd_counts,
    .n_amounts = ZD_AMOUNTS,
    .amount = zd_amount,
    .amount_name = zd_amount_name,
    .draw_text = zd_draw_text,
    .draw_svg = zd_draw_svg,
};
