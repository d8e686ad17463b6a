/*
 * zombie_dice_adapter.c - Zombie Dice behind undead's conformance protocol
 * (docs/conformance.md, version 1), in C11 with jansson: a skeleton to copy.
 *
 *     undead conform zombie-dice -- build/default/examples/zombie_dice_adapter
 *     undead conform zombie-dice -- build/default/examples/zombie_dice_adapter --fault recycle-shotguns
 *
 * Three parts, each in its own section below:
 *
 *   the chance seam   where every random choice of the game comes from:
 *                     in dictate mode the outcome words undead sent with the
 *                     request, in follow mode a seeded PRNG whose outcomes
 *                     are written down as chance lines for the report;
 *   the game          the base game (13 dice, the default readings) behind
 *                     the small interface a programmer replaces with calls
 *                     into their own engine: zd_setup, zd_start, zd_offers,
 *                     zd_decide, zd_describe, zd_to_move, zd_outcome;
 *   the protocol      JSON Lines on standard input and output: one request
 *                     read with getline and json_loads, one answer written
 *                     with json_dumps and flushed once.
 *
 * Fast on purpose (undead drives it at thousands of steps a second): the
 * game is a plain struct in static storage (a step's snapshot is a struct
 * copy), the seam's arrays grow only for a step larger than any before, and
 * the only allocation per step is jansson's, for the request and the answer.
 *
 * --fault NAME makes the game depart from the rules in one known way (the
 * faults table), to see what undead reports.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#endif

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROTOCOL 1
#define ADAPTER_NAME "zombie_dice_adapter (undead example adapter) 1"

/* ==== the chance seam ===================================================== */

/* One step's dictated outcomes are few lines as a rule, but the rules set
 * no bound (turn after turn may bust on its first roll, and undead's
 * enumeration goes there): the arrays below grow by doubling and are kept
 * from step to step, so a step allocates only when it is the largest yet. */
enum { CHANCE_LINE = 256 };

typedef struct chance_line {
    const char *event;
    int first, n; /* its outcome words: word[first .. first + n) */
} chance_line;

typedef struct chance {
    bool dictate;
    char refused[512]; /* why the last pick failed (dictate mode) */
    /* dictate mode: this step's lines, split into words inside text */
    char *text;
    chance_line *line;
    const char **word;
    unsigned char *used;
    size_t text_cap, line_cap, word_cap, used_cap;
    int n_lines, n_words;
    int open_from; /* lines before it are used up */
    /* follow mode: the PRNG, this step's lines, the line being picked */
    uint64_t rng;
    json_t *lines;
    char open[CHANCE_LINE];
} chance;

/* array with room for need items of size item (*cap updated), or NULL. */
static void *grow(void *array, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return array;
    size_t more = *cap ? *cap : 64;
    while (more < need)
        more *= 2;
    void *bigger = realloc(array, more * item);
    if (bigger)
        *cap = more;
    return bigger;
}

/* Dictate mode: take this step's outcome lines (a JSON array of strings);
 * NULL, or what is wrong with them. */
static const char *chance_dictate(chance *c, const json_t *outcomes)
{
    c->dictate = true;
    c->n_lines = c->n_words = c->open_from = 0;
    if (outcomes && !json_is_array(outcomes))
        return "outcomes is not an array";
    size_t n_lines = json_array_size(outcomes), len = 0;
    for (size_t i = 0; i < n_lines; i++) {
        const char *text = json_string_value(json_array_get(outcomes, i));
        if (!text)
            return "an outcome line is not a string";
        len += strlen(text) + 1;
    }
    /* at most len / 2 words: each takes a character and a separator */
    void *text = grow(c->text, &c->text_cap, len, 1), *line, *word, *used;
    if (text)
        c->text = text;
    if ((line = grow(c->line, &c->line_cap, n_lines, sizeof *c->line)))
        c->line = line;
    if ((word = grow(c->word, &c->word_cap, len / 2 + 1, sizeof *c->word)))
        c->word = word;
    if ((used = grow(c->used, &c->used_cap, len / 2 + 1, 1)))
        c->used = used;
    if (!text || !line || !word || !used)
        return "out of memory for this step's outcomes";
    char *copy = c->text;
    for (size_t i = 0; i < n_lines; i++) {
        const char *from = json_string_value(json_array_get(outcomes, i));
        size_t n = strlen(from);
        memcpy(copy, from, n + 1);
        int first = c->n_words;
        const char *event = NULL;
        for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            if (!event) {
                event = w;
                continue;
            }
            c->used[c->n_words] = 0;
            c->word[c->n_words++] = w;
        }
        copy += n + 1;
        if (!event)
            return "an empty outcome line";
        c->line[c->n_lines++] = (chance_line){ event, first, c->n_words - first };
    }
    return NULL;
}

/* Follow mode: a PRNG seeded once per game; each step's lines go to lines. */
static void chance_follow(chance *c, uint64_t seed)
{
    c->dictate = false;
    c->rng = seed;
    c->open[0] = '\0';
}

/* splitmix64: small, fast, and good enough for dice. */
static uint64_t chance_next(chance *c)
{
    uint64_t z = (c->rng += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1, without modulo bias (the chi-square test would see it). */
static int chance_below(chance *c, int n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do
        x = chance_next(c);
    while (x >= limit);
    return (int)(x % (uint64_t)n);
}

/* One random choice among n equally likely outcomes (a word may repeat:
 * a colour once per die in the cup); its index, or -1 when dictated words
 * leave none (c->refused says why).  For each pick of an event, dictate
 * mode takes the first unused word of the event's current line that is
 * one of the outcomes, going on to the event's next line once one is used
 * up. */
static int chance_pick(chance *c, const char *event, const char *const *outcome, int n)
{
    if (!c->dictate) {
        int i = chance_below(c, n);
        size_t len = strlen(c->open);
        if (len == 0) /* a new line starts with its event */
            len = (size_t)snprintf(c->open, sizeof c->open, "%s", event);
        snprintf(c->open + len, sizeof c->open - len, " %s", outcome[i]);
        return i;
    }
    for (int l = c->open_from; l < c->n_lines; l++) {
        int first = c->line[l].first, end = first + c->line[l].n, k = first;
        while (k < end && c->used[k])
            k++;
        if (k == end && l == c->open_from)
            c->open_from++; /* the lines are used up in order, as a rule: skip them from now on */
        if (k == end || strcmp(c->line[l].event, event) != 0)
            continue; /* another event's, or used up: the event's next line */
        for (; k < end; k++)
            for (int i = 0; i < n && !c->used[k]; i++)
                if (strcmp(c->word[k], outcome[i]) == 0) {
                    c->used[k] = 1;
                    return i;
                }
        size_t len = (size_t)snprintf(c->refused, sizeof c->refused,
                                      "no unused word of the '%s' line is a possible outcome here (", event);
        for (int i = 0; i < n && len < sizeof c->refused; i++)
            if (i == 0 || strcmp(outcome[i], outcome[i - 1]) != 0) /* each word once */
                len += (size_t)snprintf(c->refused + len, sizeof c->refused - len, "%s%s", i ? "|" : "",
                                        outcome[i]);
        if (len < sizeof c->refused)
            snprintf(c->refused + len, sizeof c->refused - len, ")");
        return -1;
    }
    snprintf(c->refused, sizeof c->refused, "this engine needs another '%s' outcome and none is left", event);
    return -1;
}

/* The outcomes picked since the last call make one chance line (follow
 * mode's report: "draw green yellow red", "roll green:brain ..."). */
static void chance_end_line(chance *c)
{
    if (c->dictate || !c->open[0])
        return;
    json_array_append_new(c->lines, json_string(c->open));
    c->open[0] = '\0';
}

/* Dictated words the step did not use. */
static int chance_unused(const chance *c)
{
    int n = 0;
    for (int k = 0; k < c->n_words; k++)
        n += !c->used[k];
    return n;
}

/* ==== the game ============================================================ */

/* Replace this section with calls into your own engine.  The protocol below
 * needs: zd_setup (a new game), zd_start (play to the first decision),
 * zd_offers, zd_decide (take one, play to the next decision or the end),
 * zd_describe (the state, key by key), zd_to_move, zd_outcome.  Every random
 * choice goes through chance_pick; a false return means chance refused. */

enum { ZD_MAX_PLAYERS = 16, ZD_NAME_MAX = 63, ZD_GOAL = 13 };
enum colour { GREEN, YELLOW, RED, COLOURS };
enum face { BRAIN, SHOTGUN, FEET };

/* The publisher's dice: 6 green, 4 yellow, 3 red. */
static const char *const colour_name[COLOURS] = { "green", "yellow", "red" };
static const char colour_letter[COLOURS] = { 'G', 'Y', 'R' };
static const int colour_count[COLOURS] = { 6, 4, 3 };
static const enum face die_face[COLOURS][6] = {
    { BRAIN, BRAIN, BRAIN, SHOTGUN, FEET, FEET },
    { BRAIN, BRAIN, SHOTGUN, SHOTGUN, FEET, FEET },
    { BRAIN, SHOTGUN, SHOTGUN, SHOTGUN, FEET, FEET },
};
static const char *const face_word[COLOURS][6] = {
    { "green:brain", "green:brain", "green:brain", "green:shotgun", "green:feet", "green:feet" },
    { "yellow:brain", "yellow:brain", "yellow:shotgun", "yellow:shotgun", "yellow:feet", "yellow:feet" },
    { "red:brain", "red:shotgun", "red:shotgun", "red:shotgun", "red:feet", "red:feet" },
};

/* One known departure each (--fault NAME). */
enum {
    FAULT_RECYCLE_SHOTGUNS = 1u << 0,
    FAULT_STOP_NEEDS_BRAIN = 1u << 1,
    FAULT_DRAW_BY_COLOUR = 1u << 2,
};
static const struct {
    const char *name;
    unsigned bit;
    const char *what;
} faults[] = {
    { "recycle-shotguns", FAULT_RECYCLE_SHOTGUNS,
      "when the cup runs short, the shotgun dice go back into the cup too (the count stays)" },
    { "stop-needs-brain", FAULT_STOP_NEEDS_BRAIN,
      "a player may stop only with at least one brain this turn (shows in the offers)" },
    { "draw-by-colour", FAULT_DRAW_BY_COLOUR,
      "follow mode draws a colour at random, then a die of it, instead of a die at random" },
};

/* Plain values only: a struct copy is a snapshot (a refused step is undone
 * that way). */
typedef struct zd_game {
    unsigned faults;
    int n_players;
    char name[ZD_MAX_PLAYERS][ZD_NAME_MAX + 1];
    int score[ZD_MAX_PLAYERS];
    int first, current; /* the first listed player starts */
    int cup[COLOURS];
    int feet[3], n_feet;                    /* feet dice in front of the player, in the order taken */
    int brains[COLOURS], shotguns[COLOURS]; /* dice set aside this turn */
    int noted_brains;                       /* brains noted when their dice went back (shortage) */
    int noted_shotguns;                     /* only under the fault recycle-shotguns */
    bool turn_done, ending, tiebreak, over;
    int contenders[ZD_MAX_PLAYERS], n_contenders; /* the tiebreaker's leaders, in turn order */
    const char *outcome[ZD_MAX_PLAYERS];          /* "won", "shared", "lost" once over */
} zd_game;

static int sum3(const int v[COLOURS]) { return v[GREEN] + v[YELLOW] + v[RED]; }
static int turn_brains(const zd_game *g) { return g->noted_brains + sum3(g->brains); }
static int turn_shotguns(const zd_game *g) { return g->noted_shotguns + sum3(g->shotguns); }

static void clear_turn(zd_game *g)
{
    g->n_feet = 0;
    memset(g->brains, 0, sizeof g->brains);
    memset(g->shotguns, 0, sizeof g->shotguns);
    g->noted_brains = g->noted_shotguns = 0;
    g->turn_done = false;
}

/* A new game; score[seat] from the start lines (0 when none). */
static void zd_setup(zd_game *g, int n_players, const char *const *names, const int *score,
                     unsigned fault_bits)
{
    memset(g, 0, sizeof *g);
    g->faults = fault_bits;
    g->n_players = n_players;
    for (int p = 0; p < n_players; p++) {
        snprintf(g->name[p], sizeof g->name[p], "%s", names[p]);
        g->score[p] = score[p];
    }
    for (int c = 0; c < COLOURS; c++)
        g->cup[c] = colour_count[c];
    g->first = g->current = 0;
    clear_turn(g);
}

/* Fewer than three dice in the cup: note the brains, put their dice back. */
static void shortage(zd_game *g)
{
    g->noted_brains += sum3(g->brains);
    for (int c = 0; c < COLOURS; c++) {
        g->cup[c] += g->brains[c];
        g->brains[c] = 0;
    }
    if (g->faults & FAULT_RECYCLE_SHOTGUNS) {
        g->noted_shotguns += sum3(g->shotguns);
        for (int c = 0; c < COLOURS; c++) {
            g->cup[c] += g->shotguns[c];
            g->shotguns[c] = 0;
        }
    }
}

/* One die from the cup, at random: its colour, or -1 (refused). */
static int draw(zd_game *g, chance *ch)
{
    const char *dice[16]; /* a colour once per die in the cup */
    int colour[16], n = 0;
    bool by_colour = (g->faults & FAULT_DRAW_BY_COLOUR) && !ch->dictate;
    for (int c = 0; c < COLOURS; c++)
        for (int k = 0; k < g->cup[c] && !(by_colour && k > 0); k++) {
            dice[n] = colour_name[c];
            colour[n++] = c;
        }
    int i = chance_pick(ch, "draw", dice, n);
    if (i < 0)
        return -1;
    g->cup[colour[i]]--;
    return colour[i];
}

/* All dice back in the cup; the turn is over. */
static void end_turn(zd_game *g)
{
    for (int k = 0; k < g->n_feet; k++)
        g->cup[g->feet[k]]++;
    for (int c = 0; c < COLOURS; c++)
        g->cup[c] += g->brains[c] + g->shotguns[c];
    clear_turn(g);
    g->turn_done = true;
}

/* Take enough new dice to hold three, roll them with the feet, set aside. */
static bool roll(zd_game *g, chance *ch)
{
    int hand[3], n = 0, needed = 3 - g->n_feet;
    if (needed > 0 && sum3(g->cup) < 3)
        shortage(g);
    for (int k = 0; k < g->n_feet; k++)
        hand[n++] = g->feet[k];
    for (int k = 0; k < needed; k++)
        if ((hand[n++] = draw(g, ch)) < 0)
            return false;
    chance_end_line(ch);
    enum face shown[3];
    for (int k = 0; k < n; k++) {
        int i = chance_pick(ch, "roll", face_word[hand[k]], 6);
        if (i < 0)
            return false;
        shown[k] = die_face[hand[k]][i];
    }
    chance_end_line(ch);
    g->n_feet = 0;
    for (int k = 0; k < n; k++) {
        if (shown[k] == BRAIN)
            g->brains[hand[k]]++;
        else if (shown[k] == SHOTGUN)
            g->shotguns[hand[k]]++;
        else
            g->feet[g->n_feet++] = hand[k];
    }
    if (turn_shotguns(g) >= 3) /* shot: the turn scores nothing */
        end_turn(g);
    return true;
}

static bool start_turn(zd_game *g, chance *ch)
{
    clear_turn(g);
    return roll(g, ch);
}

/* Most brains wins; leaders tied play one tiebreaker round; a tie after it
 * is shared.  False when the tiebreaker's first roll was refused. */
static bool game_end(zd_game *g, chance *ch)
{
    int best = -1, leaders[ZD_MAX_PLAYERS], n_leaders = 0;
    int pool = g->tiebreak ? g->n_contenders : g->n_players;
    for (int k = 0; k < pool; k++) {
        int seat = g->tiebreak ? g->contenders[k] : k;
        if (g->score[seat] > best)
            best = g->score[seat], n_leaders = 0;
        if (g->score[seat] == best)
            leaders[n_leaders++] = seat;
    }
    if (n_leaders > 1 && !g->tiebreak) {
        g->tiebreak = true;
        g->n_contenders = 0;
        for (int k = 0; k < g->n_players; k++) /* in turn order from the first player */
            for (int l = 0; l < n_leaders; l++)
                if (leaders[l] == (g->first + k) % g->n_players)
                    g->contenders[g->n_contenders++] = leaders[l];
        g->current = g->contenders[0];
        return start_turn(g, ch);
    }
    g->over = true;
    for (int p = 0; p < g->n_players; p++)
        g->outcome[p] = "lost";
    for (int l = 0; l < n_leaders; l++)
        g->outcome[leaders[l]] = n_leaders == 1 ? "won" : "shared";
    return true;
}

/* Play what needs no decision: the next turns (up to a decision) and the end. */
static bool play_on(zd_game *g, chance *ch)
{
    while (g->turn_done && !g->over) {
        bool ok;
        if (!g->tiebreak) {
            if (!g->ending && g->score[g->current] >= ZD_GOAL)
                g->ending = true;
            int last = (g->first + g->n_players - 1) % g->n_players; /* the round ends before the first */
            if (g->ending && g->current == last)
                ok = game_end(g, ch);
            else {
                g->current = (g->current + 1) % g->n_players;
                ok = start_turn(g, ch);
            }
        } else if (g->current == g->contenders[g->n_contenders - 1])
            ok = game_end(g, ch);
        else {
            int k = 0;
            while (g->contenders[k] != g->current)
                k++;
            g->current = g->contenders[k + 1];
            ok = start_turn(g, ch);
        }
        if (!ok)
            return false;
    }
    return true;
}

/* Play to the first decision. */
static bool zd_start(zd_game *g, chance *ch) { return start_turn(g, ch) && play_on(g, ch); }

/* The decisions the player to move may take now, into out (at most 2). */
static int zd_offers(const zd_game *g, const char *out[2])
{
    if (g->over)
        return 0;
    if ((g->faults & FAULT_STOP_NEEDS_BRAIN) && turn_brains(g) == 0) {
        out[0] = "roll";
        return 1;
    }
    out[0] = "roll";
    out[1] = "stop";
    return 2;
}

/* Take an offered decision and play on. */
static bool zd_decide(zd_game *g, const char *action, chance *ch)
{
    if (strcmp(action, "stop") == 0) {
        g->score[g->current] += turn_brains(g);
        end_turn(g);
    } else if (!roll(g, ch))
        return false;
    return play_on(g, ch);
}

/* The seat to move, or -1 when the game is over. */
static int zd_to_move(const zd_game *g) { return g->over ? -1 : g->current; }

/* A seat's outcome once the game is over: "won", "shared" or "lost". */
static const char *zd_outcome(const zd_game *g, int seat) { return g->outcome[seat]; }

/* Once someone has reached 13: the turns still owed after this one, in the
 * last round (up to the seat before the first) or in the tiebreaker. */
static int turns_left(const zd_game *g)
{
    if (g->tiebreak) {
        int k = 0;
        while (k < g->n_contenders - 1 && g->contenders[k] != g->current)
            k++;
        return g->n_contenders - 1 - k;
    }
    int last = (g->first + g->n_players - 1) % g->n_players;
    return (last - g->current + g->n_players) % g->n_players;
}

/* The state as undead's state lines write it, one key at a time. */
static void zd_describe(const zd_game *g, void (*put)(void *ctx, const char *key, const char *value),
                        void *ctx)
{
    char v[ZD_MAX_PLAYERS * (ZD_NAME_MAX + 8)];
    put(ctx, "turn", g->name[g->current]);
    snprintf(v, sizeof v, "%d", turn_brains(g));
    put(ctx, "brains", v);
    snprintf(v, sizeof v, "%d", turn_shotguns(g));
    put(ctx, "shotguns", v);
    int len = 0;
    for (int k = 0; k < g->n_feet; k++) {
        v[len++] = colour_letter[g->feet[k]];
        v[len++] = ',';
    }
    if (len)
        v[len - 1] = '\0';
    else
        strcpy(v, "-");
    put(ctx, "feet", v);
    snprintf(v, sizeof v, "G%dY%dR%d", g->cup[GREEN], g->cup[YELLOW], g->cup[RED]);
    put(ctx, "cup", v);
    len = 0;
    for (int p = 0; p < g->n_players; p++)
        len += snprintf(v + len, sizeof v - (size_t)len, "%s%s:%d", p ? "," : "", g->name[p], g->score[p]);
    put(ctx, "scores", v);
    if (g->ending && !g->over) {
        snprintf(v, sizeof v, "%d", turns_left(g));
        put(ctx, "turns-left", v);
    }
}

/* ==== the protocol ========================================================= */

static zd_game game, before; /* before: the game as it was, to undo a refused step */
static chance dice;
static bool have_game;
static unsigned fault_bits;

static json_t *error_answer(const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return json_pack("{s:s}", "error", text);
}

/* {"unsupported": ...}: a request this implementation does not play (a
 * reading), which the protocol answers so, not with an error. */
static json_t *unsupported_answer(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static json_t *unsupported_answer(const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return json_pack("{s:s}", "unsupported", text);
}

/* The readings this implementation plays (the defaults).  energy-drink,
 * rescue and helmet concern only the expansion dice: with the base dice
 * every value plays the same (NULL: any value). */
static const struct {
    const char *key, *value;
} readings[] = {
    { "end", "finish-round" },
    { "tiebreak", "one-round" },
    { "shortage-when", "fewer-than-three" },
    { "shortage-order", "return-first" },
    { "first-player", "seat-order" },
    { "dice", "base" },
    { "bus", "off" },
    { "energy-drink", NULL },
    { "rescue", NULL },
    { "helmet", NULL },
};

/* NULL when every reading is one this implementation plays; else the answer. */
static json_t *check_readings(const json_t *given)
{
    if (given && !json_is_object(given))
        return error_answer("readings is not an object");
    for (void *it = json_object_iter((json_t *)given); it; it = json_object_iter_next((json_t *)given, it)) {
        const char *key = json_object_iter_key(it), *v = json_string_value(json_object_iter_value(it));
        size_t r = 0;
        while (r < sizeof readings / sizeof readings[0] && strcmp(readings[r].key, key) != 0)
            r++;
        if (r == sizeof readings / sizeof readings[0])
            return unsupported_answer("reading %s=%s: a question this implementation does not know", key,
                                      v ? v : "?");
        if (readings[r].value && (!v || strcmp(v, readings[r].value) != 0))
            return unsupported_answer("reading %s=%s: this implementation plays only %s=%s", key, v ? v : "?",
                                      key, readings[r].value);
    }
    return NULL;
}

static void put_state(void *ctx, const char *key, const char *value)
{
    json_object_set_new(ctx, key, json_string(value));
}

/* {"state":{...},"to_move":...,"over":...[,"result":{...}]} */
static json_t *step_report(void)
{
    json_t *state = json_object(), *report = json_object();
    zd_describe(&game, put_state, state);
    json_object_set_new(report, "state", state);
    int seat = zd_to_move(&game);
    json_object_set_new(report, "to_move", seat < 0 ? json_null() : json_string(game.name[seat]));
    json_object_set_new(report, "over", json_boolean(seat < 0));
    if (seat < 0) {
        json_t *result = json_object();
        for (int p = 0; p < game.n_players; p++)
            json_object_set_new(result, game.name[p], json_string(zd_outcome(&game, p)));
        json_object_set_new(report, "result", result);
    }
    return report;
}

/* Play one step (the start, or a decision) with the request's outcomes. */
static json_t *step(const json_t *request, const char *action)
{
    if (dice.dictate) {
        const char *bad = chance_dictate(&dice, json_object_get(request, "outcomes"));
        if (bad)
            return error_answer("%s", bad);
    } else
        dice.lines = json_array();
    before = game;
    bool ok = action ? zd_decide(&game, action, &dice) : zd_start(&game, &dice);
    if (!ok) {
        game = before;
        return json_pack("{s:s}", "refused", dice.refused);
    }
    json_t *report = step_report();
    if (dice.dictate)
        json_object_set_new(report, "unused", json_integer(chance_unused(&dice)));
    else
        json_object_set_new(report, "chance", dice.lines);
    dice.lines = NULL;
    return report;
}

static json_t *handle_new(const json_t *request)
{
    const char *name = json_string_value(json_object_get(request, "game"));
    if (!name || strcmp(name, "zombie-dice") != 0)
        return error_answer("this adapter plays zombie-dice, not '%s'", name ? name : "?");
    const json_t *players = json_object_get(request, "players");
    size_t n = json_array_size(players);
    const char *names[ZD_MAX_PLAYERS];
    if (n < 2 || n > ZD_MAX_PLAYERS)
        return error_answer("Zombie Dice takes 2 to %d players, not %zu", ZD_MAX_PLAYERS, n);
    for (size_t p = 0; p < n; p++) {
        names[p] = json_string_value(json_array_get(players, p));
        if (!names[p] || !names[p][0] || strlen(names[p]) > ZD_NAME_MAX)
            return error_answer("player %zu: a name of 1 to %d characters", p + 1, ZD_NAME_MAX);
        for (size_t q = 0; q < p; q++)
            if (strcmp(names[p], names[q]) == 0)
                return error_answer("two players named '%s'", names[p]);
    }
    json_t *bad = check_readings(json_object_get(request, "readings"));
    if (bad)
        return bad;
    int score[ZD_MAX_PLAYERS] = { 0 };
    const json_t *start = json_object_get(request, "start");
    for (size_t i = 0; i < json_array_size(start); i++) {
        const char *text = json_string_value(json_array_get(start, i));
        char who[ZD_NAME_MAX + 1];
        int value, used = 0;
        if (!text || sscanf(text, "score %63s %d%n", who, &value, &used) != 2 || text[used] || value < 0 ||
            value > 1000)
            return error_answer("start line '%s': expected 'score PLAYER N', N 0 to 1000", text ? text : "?");
        size_t p = 0;
        while (p < n && strcmp(names[p], who) != 0)
            p++;
        if (p == n)
            return error_answer("start line '%s': no player named '%s'", text, who);
        score[p] = value;
    }
    const char *mode = json_string_value(json_object_get(request, "chance"));
    if (mode && strcmp(mode, "dictate") == 0)
        dice.dictate = true;
    else if (mode && strcmp(mode, "follow") == 0)
        chance_follow(&dice, (uint64_t)json_integer_value(json_object_get(request, "seed")));
    else
        return error_answer("chance must be 'dictate' or 'follow', not '%s'", mode ? mode : "?");
    zd_setup(&game, (int)n, names, score, fault_bits);
    have_game = true;
    json_t *report = step(request, NULL);
    if (json_object_get(report, "refused"))
        have_game = false; /* nothing to undo to */
    return report;
}

static json_t *handle_offers(void)
{
    const char *offer[2];
    int n = zd_offers(&game, offer), seat = zd_to_move(&game);
    json_t *list = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(list, json_string(offer[k]));
    return json_pack("{s:o,s:o}", "to_move", seat < 0 ? json_null() : json_string(game.name[seat]), "offers",
                     list);
}

static json_t *handle_decide(const json_t *request)
{
    const char *action = json_string_value(json_object_get(request, "action")), *offer[2];
    int n = zd_offers(&game, offer), k = 0;
    while (k < n && !(action && strcmp(action, offer[k]) == 0))
        k++;
    if (k == n)
        return error_answer("'%s' is not offered here", action ? action : "?");
    return step(request, offer[k]);
}

/* The answer to one request; *quit set by quit. */
static json_t *handle(const json_t *request, bool *quit)
{
    const char *cmd = json_string_value(json_object_get(request, "cmd"));
    if (!cmd)
        return error_answer("a request without \"cmd\"");
    if (strcmp(cmd, "hello") == 0)
        return json_pack("{s:i,s:s}", "protocol", PROTOCOL, "name", ADAPTER_NAME);
    if (strcmp(cmd, "quit") == 0) {
        *quit = true;
        return json_pack("{s:b}", "bye", 1);
    }
    if (strcmp(cmd, "new") == 0)
        return handle_new(request);
    if (!have_game)
        return error_answer("'%s' before any 'new'", cmd);
    if (strcmp(cmd, "offers") == 0)
        return handle_offers();
    if (strcmp(cmd, "decide") == 0)
        return handle_decide(request);
    if (strcmp(cmd, "state") == 0)
        return step_report();
    return error_answer("unknown command '%s'", cmd);
}

/* One answer, one line, one flush; a failed write ends the adapter. */
static void answer(json_t *a)
{
    char *text = a ? json_dumps(a, JSON_COMPACT) : NULL;
    json_decref(a);
    if (!text || fputs(text, stdout) == EOF || putchar('\n') == EOF || fflush(stdout) == EOF) {
        fprintf(stderr, "zombie_dice_adapter: %s\n", text ? "cannot write an answer" : "out of memory");
        exit(1);
    }
    free(text);
}

static int usage(void)
{
    fprintf(stderr, "usage: zombie_dice_adapter [--fault NAME]...\nfaults:\n");
    for (size_t f = 0; f < sizeof faults / sizeof faults[0]; f++)
        fprintf(stderr, "  %-18s %s\n", faults[f].name, faults[f].what);
    return 2;
}

int main(int argc, char **argv)
{
    const size_t n_faults = sizeof faults / sizeof faults[0];
    for (int a = 1; a < argc; a += 2) {
        if (strcmp(argv[a], "--fault") != 0 || a + 1 == argc)
            return usage();
        size_t f = 0;
        while (f < n_faults && strcmp(argv[a + 1], faults[f].name) != 0)
            f++;
        if (f == n_faults)
            return usage();
        fault_bits |= faults[f].bit;
    }
    char *line = NULL;
    size_t size = 0;
    bool quit = false;
    while (!quit && getline(&line, &size, stdin) >= 0) {
        json_error_t err;
        json_t *request = json_loads(line, 0, &err);
        if (!request)
            answer(error_answer("not JSON: %s", err.text));
        else if (!json_is_object(request))
            answer(error_answer("a request is a JSON object"));
        else
            answer(handle(request, &quit));
        json_decref(request);
    }
    free(line);
    return 0;
}
