/*
 * game.h - the one interface every game implements (OpenSpiel's habit).
 *
 * A game is data: phases, rule rows, variants, invariants and policies,
 * plus a handful of small functions that read its state.  core/ knows only
 * this interface; spec/<game>/ fills it in.  Every generic check (random
 * simulation, rule coverage, transcript round trip, fuzzing, exploration)
 * is written once against it.
 *
 * The state is an opaque, fixed-size, copyable struct (state_size bytes):
 * no pointers into itself, so a memcpy is a snapshot and the explorer can
 * hash it.
 */
#ifndef UD_GAME_H
#define UD_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* undead's fixed limits.  A game that needs more than one of them is
 * refused by the self-check at start-up (selfcheck.c names the limit), and
 * a state that reaches one at run time is an error naming it: nothing is
 * ever dropped silently. */
enum {
    UD_MAX_PLAYERS = 16, /* seats; no table reaches it */
    UD_MAX_VARIANTS = 16,
    UD_MAX_OFFERS = 512,    /* legal actions at one decision */
    UD_ACTION_MAX_ARGS = 4, /* arguments of one parametric action */
    UD_MAX_RULES = 256,
    UD_MAX_PHASES = 32,
    UD_NAME_MAX = 24,
    UD_MAX_START = 16,
    UD_START_LEN = 96,
    UD_MAX_STATE = 4096,    /* bytes of a game's state */
    UD_MAX_LINE = 512,      /* bytes of one transcript line a rule emits */
    UD_MAX_LINE_WORDS = 24, /* words of one transcript line */
};

typedef struct ud_step ud_step;
typedef struct ud_game ud_game;

typedef enum {
    UD_PHASE_AUTO,     /* rows fire without input */
    UD_PHASE_DECISION, /* offer rows list the legal actions; a player picks */
    UD_PHASE_OVER,     /* the game has ended */
} ud_phase_kind;

typedef struct ud_phase {
    const char *name;
    ud_phase_kind kind;
} ud_phase;

typedef enum {
    UD_ROW_EFFECT, /* guard true: the effect changes the state */
    UD_ROW_OFFER,  /* in a decision phase: the effect offers actions */
} ud_row_kind;

/* One rule of the game, as a row of its spec table. */
typedef struct ud_rule {
    const char *id;      /* stable, e.g. "ZD-BUST" */
    const char *source;  /* rule text file name */
    const char *section; /* heading or passage in that file */
    const char *summary; /* one line, our own words */
    int phase;
    ud_row_kind kind;
    int variant;                                        /* -1: always; else active only when */
    int value;                                          /*     variant `variant` has value `value` */
    bool (*guard)(const void *state, const ud_step *s); /* NULL: always */
    void (*effect)(void *state, ud_step *s);
    /* Optional second condition: when values2 is not 0, the row is active
     * only if variant `variant2` has one of the values in the bit mask
     * values2 (e.g. a Santa rule: dice=santa or dice=double-feature). */
    int variant2;
    unsigned values2;
    /* The variant keys (bit k: key k) whose reading the row's guard or
     * effect consults through ud_reading (engine.h): a row that is in
     * every table but behaves differently under a reading.  Declared here
     * so that `undead rules` shows it on the row, the self-check knows
     * every key is used, and an audited run (tests/test_readings.c)
     * fails on a row that reads a key it does not declare. */
    unsigned reads;
} ud_rule;

#define UD_ALWAYS (-1), 0
/* End of a row with no second condition and no reading consulted. */
#define UD_ANY 0, 0u, 0u
/* The bit of variant key k in a row's `reads`. */
#define UD_KEY(k) (1u << (k))
/* End of a row with no second condition whose guard or effect consults
 * the readings of the keys in mask (UD_KEY(A) | UD_KEY(B)). */
#define UD_READS(mask) 0, 0u, (mask)
/* End of a row with a second condition (key, bit mask of values). */
#define UD_ALSO(key, values) (key), (values), 0u
/* ... and readings it consults. */
#define UD_ALSO_READS(key, values, mask) (key), (values), (mask)

/* Whether a row is in the table for these variant values. */
static inline bool ud_rule_active(const ud_rule *r, const int *variant)
{
    if (r->variant >= 0 && variant[r->variant] != r->value)
        return false;
    return r->values2 == 0 || ((r->values2 >> variant[r->variant2]) & 1u);
}

/* A reading of a question the texts leave open or answer twice. */
typedef struct ud_variant_value {
    const char *name;
    const char *source;  /* the rule text file this reading comes from */
    const char *section; /* and where in it */
    const char *summary;
} ud_variant_value;

typedef struct ud_variant {
    const char *key;
    const char *question;
    int n_values;
    const ud_variant_value *values;
    int default_value;
} ud_variant;

/* Who measures a reading in `undead verify` when the usual measuring game
 * (two seats, each on the game's first policy) would seldom or never meet
 * it: every seat on `policy` (as --policy takes it; NULL: the first
 * policy), `players` seats (0: two, or the game's nearest), and, for a
 * reading whole games never meet, from a starting position that does:
 * `start`, lines as --start takes them (game.apply_start).  The reading's
 * baseline is then played by the same players from the same position. */
enum { UD_MEASURE_START = 4 };
typedef struct ud_reading_measure {
    const char *key, *value; /* the reading, KEY=VALUE */
    const char *policy;
    int players;
    const char *start[UD_MEASURE_START]; /* NULL-ended; none: the game's own start */
} ud_reading_measure;

/* A property that must hold after every step. */
typedef struct ud_invariant {
    const char *id;
    const char *summary;
    bool (*holds)(const ud_game *g, const void *state, ud_buf *why);
} ud_invariant;

/* Around a game's invariant tests (the `holds` functions, the game's
 * invariants_hold and what only they call): under clang, no coverage
 * instrumentation for the fuzzers (libFuzzer's edge counters and
 * comparison hooks, AFL++'s edges).  A test that holds on every state
 * the fuzzer reaches gives it no edge or comparison worth steering by,
 * while the engine targets run every test at every stop of every input:
 * its hooks and its edges' features were a fifth to a third of those
 * targets' time (docs/fuzzing.md).  Nothing else changes: every test
 * runs where it ran, and ASan and UBSan check it. */
#if defined(__clang__)
#define UD_INVARIANTS_BEGIN \
    _Pragma("clang attribute push(__attribute__((no_sanitize(\"coverage\"))), apply_to = function)")
#define UD_INVARIANTS_END _Pragma("clang attribute pop")
#else
#define UD_INVARIANTS_BEGIN
#define UD_INVARIANTS_END
#endif

/* A fault a game's code can be built to make (core/mutant.h, `undead
 * mutate`), of one of two kinds:
 *  - an illegal state the rule texts name (negative Time, a card in two
 *    places, a zombie on a zombie), made on purpose where no row mutant
 *    can make it, so that the invariant guarding it is shown to catch it,
 *    and the fuzzer shown to find it (invariant set, rule NULL);
 *  - a fault of amounts or boundaries a digital version could make and
 *    no row operator does (a cost off by one, `<` for `<=`, the wrong end
 *    of a pile): a faulty implementation behind `undead serve` that
 *    `undead conform` must catch, naming the row it breaks (rule set,
 *    invariant NULL; spec/<folder>/conform-faulty.txt).
 * The game's code asks ud_fault_on(&faults[i]) at the one place the fault
 * would happen, inside the row's guard or effect, so the table stays as
 * the texts say. */
typedef struct ud_fault {
    const char *name;      /* as UNDEAD_MUTANT names it: GAME:fault/NAME */
    const char *invariant; /* an illegal state: the invariant that must catch it; else NULL */
    const char *summary;   /* what goes wrong, in the texts' words */
    const char *rule;      /* a fault of amounts: the row it breaks; else NULL */
} ud_fault;

/* What a declared number is, and so how blame (core/blame.h) plays its
 * row with it changed. */
typedef enum {
    UD_NUMBER_COUNT,    /* a count or a threshold: tried one more and one less */
    UD_NUMBER_BOUND,    /* how far past an amount a range of offers goes (0: up to the amount
                         * itself, the party's ammo): tried one past and one short */
    UD_NUMBER_ROUNDING, /* a half the row computes, rounded down (0) or up (1): tried the other way */
    UD_NUMBER_BREACH,   /* a row whose rule forbids something (no cap, no limit): 0, the rule
                         * kept; else what breaking it does, at that number (a score capped
                         * at 13): tried at `breach`, one more and one less */
} ud_number_kind;

/* A number a row's guard or effect reads as data: the hit number 4, an
 * opening hand of three cards, the rounding of a half, a breach of a rule
 * that forbids something.  Declared (ud_game.numbers; `undead rules`
 * shows each under its row), and read by the row's code through
 * ud_number_value (core/engine.h), so that blame (core/blame.h) can play
 * the row with it changed, where a digital version's fault of boundaries
 * would be (a `>` for `>=` is the number one more); the table holds the
 * change, so every build reads it. */
typedef struct ud_number {
    const char *rule;    /* the row whose code reads it */
    const char *name;    /* "hit number"; a breach: what it does, before the number
                          * ("a score capped at") */
    int value;           /* as the texts give it (a bound, a rounding down, a breach: 0) */
    ud_number_kind kind; /* 0: a count */
    int breach;          /* a breach: the number it is tried at, one the texts give (the goal) */
} ud_number;

/* Who plays and under which readings: everything init needs. */
typedef struct ud_setup {
    int n_players;
    /* Players named beyond UD_MAX_PLAYERS: counted, not seated, so that
     * the game's rule on the number of players can refuse the table with
     * its rule ID (ud_setup_player_count). */
    int n_unseated;
    char names[UD_MAX_PLAYERS][UD_NAME_MAX];
    int variant[UD_MAX_VARIANTS];
    /* Starting-position lines ("score alice 12"), applied after init by
     * the game's apply_start: a position to study, like a chess problem. */
    int n_start;
    char start[UD_MAX_START][UD_START_LEN];
} ud_setup;

/* A decision: a kind (index into ud_game.actions) and its arguments,
 * e.g. "freeze 1,3,5" or "place T7 at 2,-1 rot 90".  Arguments a kind
 * does not use are 0, so two actions are equal when their bytes are. */
typedef struct ud_action {
    int32_t kind;
    int32_t arg[UD_ACTION_MAX_ARGS];
} ud_action;

/* One kind of action and how it is written in a transcript: its name,
 * then `args`, a pattern of words after it where
 *   %d  is an integer argument          ("at %d,%d" -> "at 2,-1"),
 *   %s  is a set of small integers 0..31 kept as a bit mask and written
 *       as an ascending list ("freeze %s" -> "freeze 1,3,5"; "-" if empty),
 *   %p  is a seat, written as the player's name ("play %d on %p");
 * anything else is literal text.  NULL or "": the kind takes no
 * arguments.  Arguments are numbered in the order they appear. */
typedef struct ud_action_kind {
    const char *name;
    const char *args;
} ud_action_kind;

/* Branch-free: which action a player takes is often random, and the
 * engine compares actions on every decision (a branch per field would
 * mispredict). */
static inline bool ud_action_eq(const ud_action *a, const ud_action *b)
{
    uint32_t d = (uint32_t)(a->kind ^ b->kind);
    for (int i = 0; i < UD_ACTION_MAX_ARGS; i++)
        d |= (uint32_t)(a->arg[i] ^ b->arg[i]);
    return d == 0;
}

/* An action of a kind that takes no arguments. */
static inline ud_action ud_act(int kind)
{
    ud_action a = { kind, { 0 } };
    return a;
}

/* The actions offered at a decision, with the row that offered each. */
typedef struct ud_offers {
    int n;
    ud_action action[UD_MAX_OFFERS];
    const ud_rule *by[UD_MAX_OFFERS];
} ud_offers;

/* How a game ended (or stands) for one seat. */
typedef enum {
    UD_SEAT_PLAYING, /* the game is not over for this seat */
    UD_SEAT_WON,     /* the only winner */
    UD_SEAT_SHARED,  /* won, together with every other SHARED seat */
    UD_SEAT_LOST,    /* lost (a solo or co-operative loss included) */
    UD_SEAT_OUT,     /* out of the game (dead) while others went on */
} ud_seat_outcome;

extern const char *const ud_seat_outcome_name[]; /* "playing", "won", ... */

/* A statistic sim reports: firings of one rule per firing of another
 * (e.g. busts per turn). */
typedef struct ud_ratio {
    const char *name;
    const char *numerator;   /* rule ID */
    const char *denominator; /* rule ID */
} ud_ratio;

typedef struct ud_rng ud_rng;
struct ud_content_error;
struct ud_content_memfile;

/* An automated player.  param is the number after "name:" (or def_param). */
typedef struct ud_policy_def {
    const char *name;
    const char *summary;
    int has_param;
    int def_param;
    /* The index into offers of the action chosen, or -1 when the policy
     * cannot answer.  state is what the seat may see (ud_game.observe). */
    int (*choose)(const ud_game *g, const void *state, int seat, int param, const ud_offers *offers,
                  ud_rng *rng);
    /* 1: costly to set up (e.g. solves the game on first use): bulk runs
     * that pick policies by themselves (verify) leave it out. */
    int costly;
    /* The parameters it answers under; both 0: 0..1000. */
    int min_param, max_param;
    /* 1: chooses from the offers alone and never reads the state, so it
     * is asked with state NULL: the seat's view (ud_game.observe), a copy
     * of the whole state at every decision, would be built for nothing.
     * NULL also keeps the promise of observe: such a policy sees nothing. */
    int offers_only;
} ud_policy_def;

struct ud_game {
    const char *name;   /* command-line name, e.g. "zombie-dice" */
    const char *folder; /* its folder under spec/, golden/ and fuzz/corpus/, e.g. "zombie_dice" */
    const char *title;
    const ud_phase *phases;
    int n_phases;
    const ud_rule *rules;
    int n_rules;
    const ud_variant *variants;
    int n_variants;
    const ud_invariant *invariants;
    int n_invariants;
    /* The faults the game's code can make under a mutation build (above);
     * NULL: none. */
    const ud_fault *faults;
    int n_faults;
    /* Optional: whether every one of `invariants` holds, asked before
     * them after each firing (engine.h, ud_check_invariants).  True only
     * where each row's `holds` would say so; false wherever one may not,
     * and then the rows are asked one by one, and find and say what
     * broke.  An exploration checks after hundreds of millions of
     * firings: one call testing them all together, with no text, costs
     * a fraction of a call per row.  It answers for the game's own
     * array: given a game whose `invariants` are another array (a test
     * that plants one copies the game), it must return false. */
    bool (*invariants_hold)(const ud_game *g, const void *state);
    const ud_policy_def *policies;
    int n_policies;
    const ud_action_kind *actions; /* index = ud_action.kind */
    int n_actions;
    const char *const *chance_events; /* transcript verbs of chance lines, NULL-terminated */
    /* In what order the words of an outcome line come (the faces of a roll,
     * the cards of a deal), for an adapter's writer: `undead serve GAME
     * --schema` prints it (docs/conformance.md); NULL: as the rules draw
     * them, said no more precisely. */
    const char *outcome_order;
    const ud_ratio *ratios;
    int n_ratios;
    const ud_reading_measure *reading_measures; /* NULL: every reading the usual way */
    int n_reading_measures;
    int min_players; /* 1: the game has a solo mode */
    int max_players; /* at most UD_MAX_PLAYERS */
    /* The row that refuses a table outside the game's range: its ID is
     * named when a command refuses one before anything runs
     * (ud_setup_check_players).  NULL: none. */
    const char *players_rule;
    /* The most players the loaded content seats (Dice of the Living
     * Dead: a character each), at least 1 and at most UD_MAX_PLAYERS;
     * NULL: max_players. */
    int (*content_max_players)(void);
    size_t state_size;

    /* The current phase is the byte at this offset of the state: the
     * runner reads it after every firing, so it is a load, not a call. */
    size_t phase_offset;

    /* The game's rows compiled into one function (compiled.h), returning
     * a ud_status; NULL: the engine interprets the table. */
    int (*compiled_rows)(ud_step *s, void *state, int ph, bool from_decision);

    void (*init)(void *state, const ud_setup *setup);
    int (*to_move)(const void *state); /* seat deciding now */
    /* "key=value ..." tokens for a state line, no leading '='. */
    void (*describe)(const ud_game *g, const void *state, const ud_setup *setup, ud_buf *out);
    /* Keys of describe() whose value is a comma-separated list in no
     * meaningful order (dice held, one entry per player): a record's state
     * line may write the items in any order.  NULL-terminated; NULL: none
     * (every value compared as written, e.g. coordinates "x,y"). */
    const char *const *unordered_state_keys;
    /* Verbs of change lines whose plain words (those without '=': dice,
     * cards) are a set in no meaningful order ("return-brains green red
     * green noted=8"): a record may write them in any order; words with
     * '=' stay in place.  NULL-terminated; NULL: none. */
    const char *const *unordered_change_verbs;
    int (*score)(const void *state, int seat);
    int (*winner)(const void *state); /* seat; -1 undecided; -2 shared */
    /* Each seat's outcome (out[0..n_players)); NULL: derived from winner()
     * (the winner WON, every other seat LOST once the game is over). */
    void (*outcomes)(const void *state, int n_players, uint8_t *out);
    /* What `seat` may see: a copy of the state with everything hidden from
     * it (other hands, deck order) replaced by what it knows.  Policies see
     * only this; transcripts and the checker see everything.  NULL: the
     * game has no hidden information. */
    void (*observe)(const void *state, int seat, void *view);
    /* Whether observe would hide anything from seat in this state: false
     * when the view would be the state byte for byte (a solo game, hands
     * all empty), and the policy is then asked with the state itself, no
     * copy made.  NULL: observe is always called. */
    bool (*observe_hides)(const void *state, int seat);
    /* Deal again, in place, what observe hides from seat and what no seat
     * sees (the order of a face-down pile): a position as likely as the
     * true one given what seat knows, for estimates a person asks for at
     * the table (undead play's "odds").  NULL: the game has none, and
     * a game with observe then gets no estimate by simulation. */
    void (*resample)(void *state, int seat, ud_rng *rng);
    /* Content the rule texts do not give (core/content.h): replace the
     * game's tables with the set in dir (a user's --content DIR), or with
     * the built-in set shipped in spec/<game>/content/ when dir is NULL.
     * False with err filled (FILE:LINE:COL).  A game loads its built-in
     * set by itself on first use (safely from any thread), so only
     * --content needs a call, before any game is played.  NULL: the game
     * has no content files. */
    bool (*load_content)(const char *dir, struct ud_content_error *err);
    /* The same from files in memory named DIR/<file>, as a content
     * directory would hold them (the content fuzz targets, tests).  NULL
     * exactly when load_content is. */
    bool (*load_content_memory)(const char *dir, const struct ud_content_memfile *files, int n_files,
                                struct ud_content_error *err);
    /* Apply one starting-position line; false with a message in err.
     * setup->start holds the lines applied so far and this one, so a key
     * that may be given once can refuse a second. */
    bool (*apply_start)(void *state, const ud_setup *setup, const char *line, ud_buf *err);
    /* The whole position the start lines made, once all are applied (no
     * survivors, a space that none of the districts dealt first has):
     * false with "expected ..." in err.  NULL: every line's own check is
     * enough. */
    bool (*check_start)(const void *state, const ud_setup *setup, ud_buf *err);
    const struct ud_game_extras *extras; /* NULL: none (core/extras.h) */
    /* A picture of the state a person can follow (undead show, and each
     * step of its html page; a human player's table): a text block for a
     * terminal (at most 80 columns, no colour codes: a caller may add
     * colour), and a standalone SVG document (no scripts, no external
     * references; core/svg.h has the shared parts).  Each writes the
     * whole drawing, legend included where a symbol needs one, to out,
     * under caption (its first line: which record, which position);
     * names come from setup and are escaped for XML in the SVG.  NULL:
     * the game has no drawing and show prints the state line (describe)
     * instead. */
    void (*draw_text)(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                      ud_buf *out);
    void (*draw_svg)(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                     ud_buf *out);
    /* Optional: the game's counts (Time, supplies, survivors, bullets,
     * life, cards in each pile, dice in each place, brains, shotguns,
     * tiles ...), at most UD_MAX_COUNTS of them into out; returns how
     * many.  `undead golden coverage` calls a row that changed one in
     * some firing count-changing (engine.h, count_changes) and asks a
     * hand-written case of each.  NULL: none declared, and every row is
     * taken as one that may change a count. */
    int (*counts)(const void *state, int *out);
    /* Optional: the numbers the state keeps that a row's effect changes
     * by an amount (a score, Time, supplies, the moves left), for the
     * amount changes of blame (core/blame.h), which play a row with its
     * change to one of them forgotten, capped at one, or one more or one
     * less: a fault of amounts a digital version could make, which no
     * operator of the row's guard or effect makes.  n_amounts of them (at
     * most UD_MAX_AMOUNTS); amount(state, i, NULL) reads number i,
     * amount(state, i, &v) sets it to v; amount_name writes what it is
     * ("p2's score").  Only plain numbers: a pile's size is no amount
     * (which cards would come or go?).  0 and NULL: none, and blame
     * changes no amount. */
    int n_amounts;
    int (*amount)(void *state, int i, const int *set);
    void (*amount_name)(const ud_setup *setup, int i, ud_buf *out);
    /* Optional: the numbers rows read as data (above), at most
     * UD_MAX_NUMBERS; NULL: none. */
    const ud_number *numbers;
    int n_numbers;
};

enum { UD_MAX_COUNTS = 128, UD_MAX_AMOUNTS = 64, UD_MAX_NUMBERS = 32 };

/* For a game's amount(): field's value, set to *set first when set is
 * given and the field's type holds it (a change that would make it
 * negative or too large leaves it as it is). */
static inline int ud_amount_u8(uint8_t *field, const int *set)
{
    if (set && *set >= 0 && *set <= UINT8_MAX)
        *field = (uint8_t)*set;
    return *field;
}
static inline int ud_amount_u16(uint16_t *field, const int *set)
{
    if (set && *set >= 0 && *set <= UINT16_MAX)
        *field = (uint16_t)*set;
    return *field;
}
static inline int ud_amount_i16(int16_t *field, const int *set)
{
    if (set && *set >= INT16_MIN && *set <= INT16_MAX)
        *field = (int16_t)*set;
    return *field;
}

/* How many players were named, seated or not. */
static inline int ud_setup_player_count(const ud_setup *setup)
{
    return setup->n_players + setup->n_unseated;
}

/* For a game's apply_start: how many start lines before line (one of
 * setup->start, or else the last of them) begin with the same word, so a
 * key that may be given once can refuse a second, at the second. */
int ud_setup_start_prior(const ud_setup *setup, const char *line);
/* ud_setup_start_prior for a key of several words ("score NAME": one
 * line per player): the lines before line that begin with its first
 * `words` words. */
int ud_setup_start_prior_words(const ud_setup *setup, const char *line, int words);

/* The most players g seats under its loaded content. */
static inline int ud_game_max_players(const ud_game *g)
{
    return g->content_max_players ? g->content_max_players() : g->max_players;
}

static inline int ud_phase_of(const ud_game *g, const void *state)
{
    return ((const unsigned char *)state)[g->phase_offset];
}

const ud_rule *ud_game_rule(const ud_game *g, const char *id);
/* "always", or the variant values under which the row applies, e.g.
 * "helmet=this-roll, dice=santa|double-feature". */
void ud_rule_when(const ud_game *g, const ud_rule *r, ud_buf *out);
/* The keys whose readings the row consults (ud_rule.reads), e.g.
 * "extraction, no-healthy", or "" when none. */
void ud_rule_reads(const ud_game *g, const ud_rule *r, ud_buf *out);
/* Whether the readings of variant key v change row r: it exists only
 * under some of them, or it consults the key. */
bool ud_rule_depends_on(const ud_rule *r, int v);
/* Whether row r exists under reading x of key v but not under every
 * reading of v (its condition names v and admits x); with x < 0, whether
 * it exists under some readings of v and not others. */
bool ud_rule_exists_under(const ud_game *g, const ud_rule *r, int v, int x);
/* The one way a setting of the variants is written (the database's
 * variants column, solve keys): the readings that differ from the game's
 * defaults as KEY=VALUE in the game's variant order, one space apart, or
 * "defaults" when none differ. */
void ud_variants_text(const ud_game *g, const int *variant, ud_buf *out);
/* Index of the action kind with this name, or -1. */
int ud_game_action(const ud_game *g, const char *name);
/* Every seat's outcome now (ud_seat_outcome values), through the game's
 * outcomes() or its winner(); over: the game has ended. */
void ud_game_outcomes(const ud_game *g, const void *state, int n_players, bool over, uint8_t *out);
bool ud_game_is_chance_event(const ud_game *g, const char *verb);
int ud_game_rule_index(const ud_game *g, const ud_rule *r);

#endif
