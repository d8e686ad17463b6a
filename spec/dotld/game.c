/*
 * game.c - Dice of the Living Dead's ud_game: phases, actions, variants,
 * start lines and the functions that read the state.  The rows are in
 * rules.c, the invariants in invariants.c, the policies in policies.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dotld.h"
#include "dl_draw.h"
#include "dotld_extras.h"

#define S002 "002_1e442ea09f23bb8e.txt"
#define ST(p) ((dl_state *)ud_mutable(p))
#define CST(p) ((const dl_state *)(p))

static const ud_phase dl_phases[DL_PHASES] = {
    [DL_PH_SETUP] = { "setup", UD_PHASE_AUTO },
    [DL_PH_CHARACTER] = { "character", UD_PHASE_AUTO },
    [DL_PH_PICK] = { "pick-character", UD_PHASE_DECISION },
    [DL_PH_DISTRICT] = { "district", UD_PHASE_AUTO },
    [DL_PH_ROUND_START] = { "round-start", UD_PHASE_AUTO },
    [DL_PH_ROLL] = { "roll", UD_PHASE_AUTO },
    [DL_PH_REROLL] = { "reroll", UD_PHASE_DECISION },
    [DL_PH_POOLS] = { "pools", UD_PHASE_AUTO },
    [DL_PH_SCAVENGE] = { "scavenge", UD_PHASE_AUTO },
    [DL_PH_SIX] = { "scavenger-six", UD_PHASE_DECISION },
    [DL_PH_MOVE] = { "move", UD_PHASE_AUTO },
    [DL_PH_WAY] = { "way", UD_PHASE_DECISION },
    [DL_PH_ENTER] = { "enter", UD_PHASE_AUTO },
    [DL_PH_COMBAT] = { "combat", UD_PHASE_AUTO },
    [DL_PH_AMMO] = { "ammo", UD_PHASE_DECISION },
    [DL_PH_FIGHT_ROLL] = { "fight-roll", UD_PHASE_AUTO },
    [DL_PH_FIGHT] = { "fight", UD_PHASE_DECISION },
    [DL_PH_FIGHT_END] = { "fight-end", UD_PHASE_AUTO },
    [DL_PH_SAFE] = { "safe-house", UD_PHASE_AUTO },
    [DL_PH_EVENT] = { "event", UD_PHASE_DECISION },
    [DL_PH_FINAL_SAY] = { "final-say", UD_PHASE_DECISION },
    [DL_PH_STRESS_HOLD] = { "stress-hold", UD_PHASE_DECISION },
    [DL_PH_CHECK] = { "check", UD_PHASE_AUTO },
    [DL_PH_ROUND_END] = { "round-end", UD_PHASE_AUTO },
    [DL_PH_OVER] = { "over", UD_PHASE_OVER },
};

/* "decide ann mark 2", "decide ann roll", "decide ann way 1", "decide ann ammo 3" */
static const ud_action_kind dl_actions[DL_ACTIONS] = {
    [DL_ACT_CHARACTER] = { "character", "%d" },
    [DL_ACT_MARK] = { "mark", "%d" },
    [DL_ACT_MARK_SCAVENGER] = { "mark-scavenger", NULL },
    [DL_ACT_ROLL] = { "roll", NULL },
    [DL_ACT_KEEP] = { "keep", NULL },
    [DL_ACT_SIX] = { "six", "%d" },
    [DL_ACT_WAY] = { "way", "%d" },
    [DL_ACT_AMMO] = { "ammo", "%d" },
    [DL_ACT_OPTION] = { "option", "%d" },
    [DL_ACT_FINAL_SAY] = { "final-say", NULL },
    [DL_ACT_PASS] = { "pass", NULL },
    [DL_ACT_PLAY_STRESS] = { "play-stress", NULL },
    [DL_ACT_HOLD_STRESS] = { "hold-stress", NULL },
};

static const char *const dl_chance_events[] = { "districts", "character",  "stress-deal", "survivors",
                                                "scavenger", "zombie-die", "token",       "stress",
                                                "fight",     "event",      "infection",   NULL };

/* ---- variants: where 002 is silent, each reading named ----------------------------------- */

static const ud_variant_value move_values[] = {
    { "one-per-die", S002, "4. MOVEMENT (the text is silent: undead\'s reading)",
      "each die in the Movement Pool moves the pawn one space" },
    { "face-value", S002, "4. MOVEMENT (the text is silent: undead\'s reading)",
      "each movement die moves as many spaces as it shows (3 or 4)" },
};
static const ud_variant_value zdie_values[] = {
    { "content", S002, "5. COMBAT (the other faces: sample content, not the rulebook)",
      "the zombie die's faces from the content files (the 6 shows one zombie, as 002's Combat example says)" },
    { "one-each", S002, "5. COMBAT",
      "every face shows one zombie (the only face 002 gives, the 6, read for all)" },
};
static const ud_variant_value time_out_values[] = {
    { "at-zero", S002, "LOSING THE GAME (the text is silent: undead\'s reading)",
      "Time reaching 0 is running out of Time" },
    { "below-zero", S002, "LOSING THE GAME (the text is silent: undead\'s reading)",
      "Time runs out only when a Time must be lost with none left" },
};
/* Every place 002 has a Healthy Survivor lost: combat D, the supplies
 * lacking (safe house B), face 1 of the infection roll. */
#define NO_HEALTHY_SECTION \
    "5. COMBAT D; 6. SAFE HOUSE B; Infection Roll Table 1 (the text is silent: undead\'s reading)"
static const ud_variant_value no_healthy_values[] = {
    { "infected-instead", S002, NO_HEALTHY_SECTION,
      "a Healthy Survivor to lose (a fight, supplies lacking, an infection roll of 1, a card) with none left: an Infected one is lost instead" },
    { "nothing", S002, NO_HEALTHY_SECTION,
      "a Healthy Survivor to lose (a fight, supplies lacking, an infection roll of 1, a card) with none left: nothing happens" },
};
static const ud_variant_value stress_draw_values[] = {
    { "one-per-move", S002, "4. MOVEMENT",
      "one Stress Card for a move that lands on or passes zombie spaces (\"draw one Stress Card\")" },
    { "per-space", S002, "4. MOVEMENT (the text is silent: undead\'s reading)",
      "one Stress Card for every zombie space landed on or passed" },
};
static const ud_variant_value extraction_values[] = {
    { "shelters", S002, "LOSING THE GAME (the text is silent: undead\'s reading)",
      "the extraction zone counts as a green safe house space for running out of Time" },
    { "exposed", S002, "LOSING THE GAME",
      "only a green safe house circle saves a party out of Time, not the extraction zone" },
};
static const ud_variant_value tokens_values[] = {
    { "every-district", S002, "SETUP (the text is silent: undead\'s reading)",
      "exploration tokens are placed on each district as it is flipped" },
    { "first-only", S002, "SETUP",
      "tokens are placed only at set-up, on the first district (the text's set-up step 8)" },
};
static const ud_variant_value items_values[] = {
    { "street-map", S002, "SETUP", "start with the Street Map, as the text suggests for first-time players" },
    { "none", S002, "SETUP", "start without items" },
    { "both", S002, "DIFFICULTY", "easier: start with the Street Map and the First Aid Kit" },
    { "first-aid-kit", S002, "DIFFICULTY",
      "easier: start with the First Aid Kit alone (\"Street Map and/or First Aid Kit\")" },
};
static const ud_variant_value supply_values[] = {
    { "normal", S002, "SETUP", "6 Supplies and 6 Ammo" },
    { "harder", S002, "DIFFICULTY", "5 Supplies and 5 Ammo" },
};
static const ud_variant_value character_values[] = {
    { "random", S002, "SETUP", "each player's character is chosen randomly" },
    { "chosen", S002, "SETUP", "each player picks a character (a decision)" },
};
static const ud_variant_value abilities_values[] = {
    { "leader", S002, "COMPONENTS",
      "only the party leader's character abilities apply (\"who you are as the party leader\")" },
    { "everyone", S002, "MULTIPLAYER RULES (the text is silent: undead\'s reading)",
      "every player's character abilities apply" },
};
static const ud_variant_value extra_values[] = {
    { "no", S002, "WINNING OR LOSING", "multiplayer starts with 12 Healthy Survivors" },
    { "yes", S002, "WINNING OR LOSING", "one extra survivor for each player beyond 1" },
};

static const ud_variant_value stress_repeat_values[] = {
    { "once", S002, "4. MOVEMENT (the text is silent: undead\'s reading)",
      "a solo Stress Card resolves once, when its condition is first met in the round" },
    { "each-time", S002, "4. MOVEMENT (the text is silent: undead\'s reading)",
      "a solo Stress Card resolved already resolves again at each later meeting of its condition in the round, "
      "except a meeting a Stress Card's effect makes, its own or another card's (one roll's outcome is one "
      "meeting: ruling, undead's)" },
};
/* "You must keep your card hidden and only play it when the play when
 * condition is met": a restriction on when, or also a duty to play then. */
static const ud_variant_value stress_hand_values[] = {
    { "must-play", S002, "MULTIPLAYER RULES (the text is silent on a duty to play: undead\'s reading)",
      "a multiplayer player's Stress Card is played as soon as its condition is met" },
    { "may-hold", S002, "MULTIPLAYER RULES (the text is silent on a duty to play: undead\'s reading)",
      "the player may play it when its condition is met, or keep it hidden (a decision; kept, it is not asked about again that round, and no new card is drawn while it is held)" },
};
static const ud_variant_value event_deck_values[] = {
    { "reshuffle", S002, "6. SAFE HOUSE (the text is silent: undead\'s reading)",
      "an empty event deck is reshuffled and the drawing goes on until a card matches" },
    { "no-event", S002, "6. SAFE HOUSE (the text is silent: undead\'s reading)",
      "an empty event deck ends the drawing: no event at this safe house; the discards form the next deck" },
};

/* An event option that costs what the party does not have (the sample
 * Looters: "pay" 2 supplies): 002 lets the party make "a decision during
 * an event" and says nothing of a cost it cannot pay. */
#define EVENT_COST_SECTION \
    "FINAL SAY (\"a decision during an event\"; a cost the party cannot pay: the text is silent, undead\'s reading)"
static const ud_variant_value event_cost_values[] = {
    { "must-afford", S002, EVENT_COST_SECTION,
      "an option whose supplies or ammo the party does not have may not be chosen (when no option can be paid for, any may, and the party loses what it has)" },
    { "pay-what-you-have", S002, EVENT_COST_SECTION,
      "any option may be chosen; the party loses what it has of the cost, and the transcript says what was lost" },
};

const ud_variant dl_variants[DL_VARIANTS] = {
    [DL_V_MOVE] = { "move", "How far does a movement die move the pawn?", 2, move_values,
                    DL_MOVE_ONE_PER_DIE },
    [DL_V_ZOMBIE_DIE] = { "zombie-die", "How many zombies does each face of the zombie die show?", 2,
                          zdie_values, DL_ZDIE_CONTENT },
    [DL_V_TIME_OUT] = { "time-out", "Is reaching 0 Time running out of Time?", 2, time_out_values,
                        DL_TIME_OUT_AT_ZERO },
    [DL_V_NO_HEALTHY] = { "no-healthy", "Who is lost when a Healthy Survivor must die and none is left?", 2,
                          no_healthy_values, DL_NO_HEALTHY_INFECTED },
    [DL_V_STRESS_DRAW] = { "stress", "How many Stress Cards does a move past several zombie spaces draw?", 2,
                           stress_draw_values, DL_STRESS_ONE_PER_MOVE },
    [DL_V_EXTRACTION] = { "extraction", "Does the extraction zone shelter a party that runs out of Time?", 2,
                          extraction_values, DL_EXTRACTION_SHELTERS },
    [DL_V_TOKENS] = { "tokens", "Are exploration tokens placed on the later districts too?", 2, tokens_values,
                      DL_TOKENS_EVERY_DISTRICT },
    [DL_V_START_ITEMS] = { "start-items", "Which items does the party start with?", 4, items_values,
                           DL_ITEMS_STREET_MAP },
    [DL_V_SUPPLY_START] = { "supplies", "How many Supplies and Ammo at the start?", 2, supply_values,
                            DL_SUPPLY_NORMAL },
    [DL_V_CHARACTER] = { "character", "Are characters picked or dealt at random?", 2, character_values,
                         DL_CHAR_RANDOM },
    [DL_V_ABILITIES] = { "abilities", "Whose character abilities apply in a multiplayer game?", 2,
                         abilities_values, DL_ABILITIES_LEADER },
    [DL_V_EXTRA_SURVIVORS] = { "extra-survivors", "Does a multiplayer party start with extra survivors?", 2,
                               extra_values, DL_EXTRA_NO },
    [DL_V_STRESS_REPEAT] = { "stress-repeat",
                             "Does a solo Stress Card resolve again when its condition is met again in the round?",
                             2, stress_repeat_values, DL_STRESS_ONCE },
    [DL_V_EVENT_DECK] = { "event-deck",
                          "What happens when the event deck runs out before a card matches the safe house?",
                          2, event_deck_values, DL_EVENTS_RESHUFFLE },
    [DL_V_STRESS_HAND] = { "stress-hand",
                           "Must a multiplayer player play their Stress Card when its condition is met?", 2,
                           stress_hand_values, DL_STRESS_HAND_MUST_PLAY },
    [DL_V_EVENT_COST] = { "event-cost",
                          "May an event option be chosen whose supplies or ammo the party cannot pay?", 2,
                          event_cost_values, DL_EVENT_COST_MUST_AFFORD },
};

/* ---- start lines: a position to study ----------------------------------------------------- */

static bool read_number(const char *text, long lo, long hi, long *out, ud_buf *err)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    /* digits alone, as every number undead reads (a '-' is out of range):
     * strtol would take "+5" */
    if (!isdigit((unsigned char)text[text[0] == '-']) || *end != '\0') {
        ud_buf_printf(err, "expected a whole number, got '%s'", text);
        return false;
    }
    if (errno == ERANGE || text[0] == '-' || v < lo || v > hi) {
        ud_buf_printf(err, "%s is out of range %ld..%ld", text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* "healthy N", "infected N", "supplies N", "ammo N", "time N" (the first
 * district's Time), "district NAME" (played first; The Outskirts: the game
 * starts on the last district), "space N" (the pawn's space on it). */
static bool dl_apply_start(void *p, const ud_setup *setup, const char *line, ud_buf *err)
{
    dl_content_ready();
    dl_state *st = ST(p);
    char what[16], value[64];
    int used = 0;
    if (sscanf(line, "%15s %63s%n", what, value, &used) != 2 || line[used] != '\0') {
        ud_buf_puts(
            err, "expected 'KEY VALUE' with KEY healthy, infected, supplies, ammo, time, district or space");
        return false;
    }
    /* each key once: a second would replace the first unseen */
    if (ud_setup_start_prior(setup, line) > 0) {
        ud_buf_printf(err, "expected one '%s' line, found a second", what);
        return false;
    }
    if (strcmp(what, "district") == 0) {
        for (int i = 0; i < dl_content.n_districts; i++)
            if (strcmp(dl_content.district[i].name, value) == 0) {
                st->preset |= DL_PRE_DISTRICT;
                st->preset_district = (uint8_t)(i + 1);
                return true;
            }
        ud_buf_printf(err, "no district named '%s'", value);
        return false;
    }
    long v;
    static const struct {
        const char *key;
        int bit;
        long most;
    } keys[] = {
        { "healthy", DL_PRE_HEALTHY, DL_MAX_COUNT },
        { "infected", DL_PRE_INFECTED, DL_MAX_COUNT },
        { "supplies", DL_PRE_SUPPLIES, DL_MAX_COUNT },
        { "ammo", DL_PRE_AMMO, DL_MAX_COUNT },
        { "time", DL_PRE_TIME, 6 },
        { "space", DL_PRE_SPACE, DL_MAX_SPACES - 1 },
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        if (strcmp(what, keys[k].key) != 0)
            continue;
        if (!read_number(value, keys[k].bit == DL_PRE_TIME ? 1 : 0, keys[k].most, &v, err))
            return false;
        st->preset |= (uint8_t)keys[k].bit;
        switch (keys[k].bit) {
        case DL_PRE_HEALTHY:
            st->healthy = (int16_t)v;
            break;
        case DL_PRE_INFECTED:
            st->infected = (int16_t)v;
            break;
        case DL_PRE_SUPPLIES:
            st->supplies = (int16_t)v;
            break;
        case DL_PRE_AMMO:
            st->ammo = (int16_t)v;
            break;
        case DL_PRE_TIME:
            st->preset_time = (uint8_t)v;
            break;
        default:
            st->preset_space = (uint8_t)v;
            break;
        }
        return true; /* the space against the district: dl_check_start */
    }
    ud_buf_printf(
        err, "unknown start key '%s'; expected healthy, infected, supplies, ammo, time, district or space",
        what);
    return false;
}

/* The position every start line made, whatever their order: someone to
 * save, and a space on the main track before the safe house of the
 * district played first (of every district that may be dealt first, when
 * no line names one). */
static bool dl_check_start(const void *p, const ud_setup *setup, ud_buf *err)
{
    const dl_state *st = CST(p);
    int infected = st->preset & DL_PRE_INFECTED ? st->infected : 0;
    if ((st->preset & DL_PRE_HEALTHY) && st->healthy == 0 && infected == 0) {
        ud_buf_puts(err,
                    "expected at least one survivor (healthy or infected), found healthy 0 and infected 0");
        return false;
    }
    /* a table of several loses with fewer survivors than players
     * (DL-MP-LOSS-HEADCOUNT): such a party has lost before the game
     * begins, and every game of it broke DL-INV-NOT-LOST (exit 1) */
    int players = ud_setup_player_count(setup);
    if ((st->preset & DL_PRE_HEALTHY) && players > 1 && st->healthy + infected < players) {
        ud_buf_printf(
            err,
            "expected at least %d survivors (healthy or infected), one a player (DL-MP-LOSS-HEADCOUNT), "
            "found healthy %d and infected %d",
            players, st->healthy, infected);
        return false;
    }
    /* a start line's Time, as the space below, against the district
     * played first (of every district that may be dealt first): above its
     * Time, every game broke DL-INV-TIME (exit 1) */
    if (st->preset & DL_PRE_TIME) {
        int most = 6;
        const char *lowest = NULL;
        for (int i = 0; i < dl_content.n_districts; i++) {
            const dl_district *d = &dl_content.district[i];
            bool first =
                st->preset & DL_PRE_DISTRICT ? i == st->preset_district - 1 : i != dl_content.outskirts;
            if (first && (!lowest || d->time < most)) {
                most = d->time;
                lowest = d->name;
            }
        }
        if (lowest && st->preset_time > most) {
            if (st->preset & DL_PRE_DISTRICT)
                ud_buf_printf(err, "expected time 1..%d on %s (its Time), found %d", most, lowest,
                              st->preset_time);
            else
                ud_buf_printf(err,
                              "expected time 1..%d, at most the Time of every district that may be dealt "
                              "first (%s's is %d; or name one with 'district NAME'), found %d",
                              most, lowest, most, st->preset_time);
            return false;
        }
    }
    if (!(st->preset & DL_PRE_SPACE))
        return true;
    int last = DL_MAX_SPACES; /* the last space every possible first district has before its safe house */
    const char *where = NULL;
    for (int i = 0; i < dl_content.n_districts; i++) {
        const dl_district *d = &dl_content.district[i];
        bool first = st->preset & DL_PRE_DISTRICT ? i == st->preset_district - 1 : i != dl_content.outskirts;
        if (first && d->n_main - 2 < last) {
            last = d->n_main - 2;
            where = d->name;
        }
    }
    if (where && st->preset_space > last) {
        if (st->preset & DL_PRE_DISTRICT)
            ud_buf_printf(err, "expected space 0..%d on %s (its main track before the safe house), found %d",
                          last, where, st->preset_space);
        else
            ud_buf_printf(err,
                          "expected space 0..%d, before the safe house of every district that may be dealt "
                          "first (%s has the fewest spaces; or name one with 'district NAME'), found %d",
                          last, where, st->preset_space);
        return false;
    }
    return true;
}

/* ---- reading the state --------------------------------------------------------------------- */

static void dl_init(void *p, const ud_setup *setup)
{
    dl_content_ready();
    ST(p)->phase = DL_PH_SETUP;
}

static int dl_to_move(const void *p)
{
    const dl_state *st = CST(p);
    if (st->phase == DL_PH_FINAL_SAY && st->asking)
        return st->asking - 1;
    if (st->phase == DL_PH_STRESS_HOLD && st->stress_asked)
        return st->stress_asked - 1;
    if (st->phase == DL_PH_PICK) {
        for (int seat = 0; seat < st->n_players; seat++)
            if (!st->character[seat])
                return seat;
    }
    if (st->final_say_by)
        return st->final_say_by - 1;
    return st->leader;
}

static void faces_text(const uint8_t *count, ud_buf *out)
{
    bool any = false;
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < count[f]; k++) {
            ud_buf_printf(out, "%s%d", any ? "," : "", f);
            any = true;
        }
    if (!any)
        ud_buf_puts(out, "-");
}

static void dl_describe(const ud_game *g, const void *p, const ud_setup *setup, ud_buf *out)
{
    const dl_state *st = CST(p);
    const dl_district *d = dl_current_district(st);
    ud_buf_printf(
        out,
        "round=%d leader=%s district=%s space=%d time=%d healthy=%d infected=%d supplies=%d ammo=%d "
        "zombies=%d",
        st->round, st->leader < setup->n_players ? setup->names[st->leader] : "?", d->name, st->space,
        st->time, st->healthy, st->infected, st->supplies, st->ammo, st->zombies);
    if (st->phase == DL_PH_REROLL) {
        ud_buf_puts(out, " dice=");
        faces_text(st->dice, out);
        ud_buf_puts(out, " marked=");
        faces_text(st->marked, out);
        ud_buf_printf(out, " scavenger=%d%s roll=%d", st->scavenger, st->scavenger_marked ? "*" : "",
                      st->roll_no);
    }
    if (st->phase == DL_PH_FIGHT || st->phase == DL_PH_AMMO) {
        uint8_t f[7], m[7];
        for (int k = 0; k < 7; k++) {
            f[k] = (uint8_t)(st->fdice[k] < 255 ? st->fdice[k] : 255);
            m[k] = (uint8_t)(st->fmarked[k] < 255 ? st->fmarked[k] : 255);
        }
        ud_buf_printf(out, " fight-zombies=%d fight-dice=", st->fight_zombies);
        faces_text(f, out);
        ud_buf_puts(out, " marked=");
        faces_text(m, out);
        ud_buf_printf(out, " roll=%d", st->fight_roll);
    }
}

/* The score: survivors left (the FAQ's and sim's measure of a game). */
static int dl_score(const void *p, int seat) { return dl_survivors(CST(p)); }

static int dl_winner(const void *p)
{
    const dl_state *st = CST(p);
    if (st->result != DL_WON)
        return -1;
    return st->n_players == 1 ? 0 : -2;
}

/* The party wins or loses together: solo WON, a party's win SHARED. */
static void dl_outcomes(const void *p, int n_players, uint8_t *out)
{
    const dl_state *st = CST(p);
    for (int i = 0; i < n_players; i++)
        out[i] = st->result == DL_PLAYING ? UD_SEAT_PLAYING
                 : st->result == DL_WON   ? (st->n_players == 1 ? UD_SEAT_WON : UD_SEAT_SHARED)
                                          : UD_SEAT_LOST;
}

/* A player sees the table, not the other players' stress cards. */
static void dl_observe(const void *p, int seat, void *view)
{
    dl_state *v = view;
    memcpy(v, p, sizeof *v);
    for (int i = 0; i < DL_MAX_PLAYERS; i++)
        if (i != seat)
            v->stress_hand[i] = 0;
}

/* What dl_observe hides: the other seats' stress cards.  None held (a
 * solo game, or hands between deals): nothing, and no view is built. */
static bool dl_observe_hides(const void *p, int seat)
{
    uint8_t others[DL_MAX_PLAYERS];
    memcpy(others, ((const dl_state *)p)->stress_hand, sizeof others);
    if (seat >= 0 && seat < DL_MAX_PLAYERS)
        others[seat] = 0;
    uint8_t any = 0; /* no branch per seat: this is asked at every decision */
    for (int i = 0; i < DL_MAX_PLAYERS; i++)
        any |= others[i];
    return any != 0;
}

static const ud_ratio dl_ratios[] = {
    { "rounds per game", "DL-ROUND", "DL-PLAYERS" },
    { "fights per round", "DL-FIGHT-RESOLVE", "DL-ROUND" },
    { "Time lost to rerolled 1s per game", "DL-REROLLED-ONE", "DL-PLAYERS" },
    { "losses by Time per game", "DL-LOSS-TIME", "DL-PLAYERS" },
    { "losses by survivors per game", "DL-LOSS-SURVIVORS", "DL-PLAYERS" },
    { "wins per game", "DL-WIN", "DL-PLAYERS" },
};

extern int dl_compiled_rows(ud_step *s, void *state, int ph, bool from_decision);

/* State values whose items a record may write in any order: die faces held, marked and fought. */
static const char *const unordered_state_keys[] = { "dice", "marked", "fight-dice", NULL };

/* Readings measured in solo games: the Stress Cards drawn on a move, and
 * resolved again, are the solo game's (a multiplayer party holds dealt
 * cards).  A party running out of Time on the extraction zone: whole games
 * almost never reach the last district with Time that short, so it is
 * measured from a position that does (The Outskirts first, 2 Time), by a
 * random party (the cautious one never runs its Time down there). */
static const ud_reading_measure dl_reading_measures[] = {
    { "stress", "per-space", NULL, 1, { NULL } },
    { "stress-repeat", "each-time", NULL, 1, { NULL } },
    { "extraction", "exposed", "random", 1, { "district outskirts", "time 2", NULL } },
    /* an event option the party cannot pay for: a party reaching Downtown's
     * safe house (the police station, where Looters may be drawn) with no
     * supplies; the random party sometimes picks the option it cannot pay */
    { "event-cost",
      "pay-what-you-have",
      "random",
      1,
      { "district downtown", "space 7", "supplies 0", NULL } },
};

/* The counts a row may change (ud_game.counts): the clock, the party,
 * the round's zombies and dice in each pool, items, stress and event
 * cards in each place, exploration tokens in each place. */
static int dl_counts(const void *p, int *out)
{
    const dl_state *st = p;
    int n = 0, deck = 0, drawn = 0, hands = 0, events = 0, down = 0, unseen = 0;
    for (int i = 0; i < DL_MAX_STRESS; i++) {
        deck += st->stress_deck[i] != 0;
        drawn += st->stress_active[i] != 0;
    }
    for (int i = 0; i < DL_MAX_PLAYERS; i++)
        hands += st->stress_hand[i] != 0;
    for (int i = 0; i < DL_MAX_EVENTS; i++)
        events += st->event_left[i] != 0;
    for (int i = 0; i < DL_MAX_SPACES; i++)
        down += st->face_down[i] != 0;
    for (int i = 0; i < DL_MAX_TOKEN_KINDS; i++)
        unseen += st->unseen[i];
    const int v[] = { st->time,
                      st->healthy,
                      st->infected,
                      st->supplies,
                      st->ammo,
                      st->zombies,
                      st->locked,
                      st->move_dice,
                      st->fight_pool,
                      st->fight_dice,
                      st->fight_zombies,
                      __builtin_popcount(st->items),
                      deck,
                      drawn,
                      hands,
                      events,
                      st->token_pool,
                      down,
                      unseen };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        out[n++] = v[i];
    return n;
}

/* The amounts a row changes (ud_game.amount, for blame): the clock,
 * the party, the zombie pool, the spaces left to move, and a fight's
 * dice and zombies. */
static int dl_amount(void *p, int i, const int *set)
{
    dl_state *st = p;
    switch (i) {
    case 0:
        return ud_amount_u8(&st->time, set);
    case 1:
        return ud_amount_i16(&st->healthy, set);
    case 2:
        return ud_amount_i16(&st->infected, set);
    case 3:
        return ud_amount_i16(&st->supplies, set);
    case 4:
        return ud_amount_i16(&st->ammo, set);
    case 5:
        return ud_amount_u16(&st->zombies, set);
    case 6:
        return ud_amount_u8(&st->moves_left, set);
    case 7:
        return ud_amount_u8(&st->fight_pool, set);
    case 8:
        return ud_amount_u16(&st->fight_dice, set);
    default:
        return ud_amount_u16(&st->fight_zombies, set);
    }
}

static const char *const dl_amount_names[] = { "Time",
                                               "the healthy survivors",
                                               "the infected survivors",
                                               "supplies",
                                               "ammo",
                                               "the zombie pool",
                                               "the spaces left to move",
                                               "the fight pool",
                                               "the fight's dice",
                                               "the fight's zombies" };

static void dl_amount_name(const ud_setup *setup, int i, ud_buf *out)
{
    (void)setup;
    ud_buf_puts(out, dl_amount_names[i]);
}

const ud_game dl_game = {
    .name = "dotld",
    .folder = "dotld",
    .title = "Dice of the Living Dead (2nd edition)",
    .phases = dl_phases,
    .n_phases = DL_PHASES,
    .rules = dl_rules,
    .n_rules = DL_N_RULES,
    .invariants = dl_invariants,
    .n_invariants = DL_N_INVARIANTS,
    .invariants_hold = dl_invariants_hold,
    .faults = dl_faults,
    .n_faults = DL_N_FAULTS,
    .numbers = dl_numbers,
    .n_numbers = DL_N_NUMBERS,
    .policies = dl_policies,
    .n_policies = DL_N_POLICIES,
    .variants = dl_variants,
    .n_variants = DL_VARIANTS,
    .actions = dl_actions,
    .n_actions = DL_ACTIONS,
    .chance_events = dl_chance_events,
    .outcome_order =
        "survivors, scavenger, zombie-die, fight, infection: one face (1 to 6) a die rolled, in the "
        "order of the rolls (the dice of one kind are alike: no word names a die; a reroll's line "
        "gives the marked dice's new faces only); districts, character, stress-deal, stress, token, "
        "event: what is dealt or drawn, in the order it is",
    .ratios = dl_ratios,
    .n_ratios = (int)(sizeof dl_ratios / sizeof dl_ratios[0]),
    .reading_measures = dl_reading_measures,
    .n_reading_measures = (int)(sizeof dl_reading_measures / sizeof dl_reading_measures[0]),
    .min_players = 1,
    .max_players = 5, /* a character each, The Doctor excepted: 6 - 1 */
    .players_rule = "DL-PLAYERS",
    .content_max_players = dl_content_max_players,
    .state_size = sizeof(dl_state),
    .phase_offset = offsetof(dl_state, phase),
    .compiled_rows = dl_compiled_rows,
    .init = dl_init,
    .to_move = dl_to_move,
    .describe = dl_describe,
    .draw_text = dl_draw_text,
    .draw_svg = dl_draw_svg,
    .unordered_state_keys = unordered_state_keys,
    .score = dl_score,
    .winner = dl_winner,
    .outcomes = dl_outcomes,
    .observe = dl_observe,
    .observe_hides = dl_observe_hides,
    .resample = dl_resample,
    .load_content = dl_load_content,
    .load_content_memory = dl_load_content_memory,
    .apply_start = dl_apply_start,
    .check_start = dl_check_start,
    .extras = &dl_extras,
    .counts = dl_counts,
    .n_amounts = (int)(sizeof dl_amount_names / sizeof dl_amount_names[0]),
    .amount = dl_amount,
    .amount_name = dl_amount_name,
};
