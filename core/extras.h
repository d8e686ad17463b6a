/*
 * extras.h - what a game may add beyond its rule table (ud_game.extras):
 * exploration bounds with their cross-checks, named analyses (exact
 * solvers, the texts' numeric claims) and the parts of the FAQ only the
 * game can write (glyphs for its chance tokens, a legend, charts, its
 * edge-case queries, a few sentences).
 *
 * Every part is optional: a game with no extras (extras == NULL), or with
 * a NULL field, gets the generic behaviour and nothing game-specific is
 * printed.  The tools dispatch through these hooks; no file outside
 * spec/<game>/ names a game.
 *
 * A game never opens the results database.  An analysis hands what it
 * computed to a sink (ud_analysis_sink) that tools/ records; the FAQ hands
 * a game a writer (ud_faq_writer) whose query hook runs the database's
 * named queries for it.
 */
#ifndef UD_EXTRAS_H
#define UD_EXTRAS_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "explore.h"
#include "game.h"

/* ---- exploration bounds --------------------------------------------------- */

/* A cross-check run beside the explorer (undead explore --check-solver):
 * every (state, action) expanded is compared with an independent model of
 * the game, e.g. an exact solver's transition graph. */
typedef struct ud_explore_check {
    const char *summary; /* one line for --help */
    /* The context for on_edge under this setup; NULL with err filled. */
    void *(*begin)(const ud_game *g, const ud_setup *setup, ud_buf *err);
    ud_explore_edge_fn on_edge;
    /* Write the verdict (one line, newline-terminated) to report and free
     * ctx; true when everything compared agreed. */
    bool (*finish)(void *ctx, ud_buf *report);
} ud_explore_check;

typedef struct ud_game_bound {
    const ud_explore_bound *bound;
    const ud_explore_check *check; /* NULL: no cross-check */
    /* Leaf outcome labels (bound->outcome) whose exact probability is
     * recorded with explore --outcomes ("bust"), NULL-terminated; NULL:
     * only the expected value. */
    const char *const *recorded_outcomes;
} ud_game_bound;

/* ---- named analyses (undead solve GAME ANALYSIS) --------------------------- */

/* An option an analysis takes, given as --NAME or --NAME VALUE. */
typedef struct ud_analysis_option {
    const char *name; /* without the dashes, e.g. "from-score" */
    const char *arg;  /* the value's name for help ("N"); NULL: a flag */
    const char *help; /* one line (continuation lines start with spaces) */
} ud_analysis_option;

enum { UD_ANALYSIS_MAX_ARGS = 32 };

/* What the command line gave an analysis. */
typedef struct ud_analysis_args {
    ud_setup setup;              /* the defaults plus every --variant */
    bool fixed[UD_MAX_VARIANTS]; /* variant keys fixed by --variant */
    bool csv;                    /* --format csv (else text) */
    uint64_t max_memory;         /* --max-memory: the bytes each exploration
                                        * it runs may grow to (ud_explore_opts);
                                        * 0: the default */
    int n;
    const char *name[UD_ANALYSIS_MAX_ARGS];  /* the analysis's own options, */
    const char *value[UD_ANALYSIS_MAX_ARGS]; /* in order; value "" for a flag */
} ud_analysis_args;

/* The last value given for option name ("" for a flag), or NULL. */
const char *ud_analysis_arg(const ud_analysis_args *a, const char *name);
/* Option name's value as a whole number from lo to hi, read as every
 * command's options are (ud_parse_number: digits alone); true leaving *out
 * as it was when the option is not given; false with "--NAME: expected a
 * whole number from LO to HI, got 'VALUE'" in err. */
bool ud_analysis_number(const ud_analysis_args *a, const char *name, uint64_t lo, uint64_t hi, uint64_t *out,
                        ud_buf *err);

/* One figure of a result: its name ("ev", "bust", "p1_wins"), its value
 * and, when the analysis knows it, its exact value as a fraction of
 * decimal integers (they outgrow 64 bits). */
typedef struct ud_analysis_figure {
    const char *name;
    double value;
    const char *exact_num; /* NULL: no exact value stored with this figure */
    const char *exact_den;
} ud_analysis_figure;

enum { UD_ANALYSIS_FIGURES = 12 };

/* One result, stored as a case of kind "solve".  Keys follow db/README.md:
 * solve:GAME:WHAT:... for figures, claim:GAME:ID for the texts' claims.
 * The key is the case's identity; what a reader (the FAQ) selects on is
 * in the fields: the analysis, the policy, the readings (variant). */
typedef struct ud_analysis_case {
    const char *key;
    const int *variant; /* the readings it holds under (every key) */
    const char *inputs;
    const char *outcome;  /* the figures as text, for people and `undead db` listings
                                * ("ev=1.64 bust=0.038", "verified exact=1/2"); readers
                                * take the figures below, never this text */
    const char *prob_num; /* an exact probability or value, or NULL */
    const char *prob_den;
    const char *analysis; /* the WHAT of its key ("turn", "game-from-3"); NULL for a claim */
    const char *policy;   /* the policy its figures follow when the analysis compares
                                * policies under each reading (the key's ":policy="); else NULL */
    int n_figures;        /* 0: the result has no figures (only its outcome) */
    ud_analysis_figure figures[UD_ANALYSIS_FIGURES]; /* in the order the outcome gives them */
} ud_analysis_case;

/* Where an analysis's results go; tools/ implements it. */
typedef struct ud_analysis_sink {
    FILE *out; /* the figures as text or CSV; NULL: print nothing */
    void *ctx;
    void (*record)(void *ctx, const ud_analysis_case *c);
    void (*metric)(void *ctx, const char *name, double value, const char *unit);
} ud_analysis_sink;

/* printf to sink->out; nothing when it is NULL. */
void ud_say(const ud_analysis_sink *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* What an analysis's run returns: OK; FAILED, a check that failed (exit
 * 1); USAGE, a bad option value, or LIMIT, one of the tool's limits that
 * stopped it (an exploration cut by --max-memory): exit 2, as bad input. */
enum { UD_ANALYSIS_OK = 0, UD_ANALYSIS_FAILED = 1, UD_ANALYSIS_USAGE = 2, UD_ANALYSIS_LIMIT = 2 };

typedef struct ud_analysis {
    const char *name;                  /* e.g. "turn" */
    const char *summary;               /* what it computes (first line short; more lines indented) */
    const ud_analysis_option *options; /* terminated by a NULL name; NULL: none */
    /* UD_ANALYSIS_OK; FAILED, USAGE (a bad option value) or LIMIT with err filled. */
    int (*run)(const ud_game *g, const ud_analysis_args *a, const ud_analysis_sink *sink, ud_buf *err);
    int verify;    /* undead verify runs it, with no options, quietly:
                                * false (0) no; true (1) as `undead solve` would;
                                * UD_VERIFY_DEFAULTS with every variant key fixed to
                                * its default (one reading, not every one it covers) */
    bool explores; /* it runs the explorer (core/explore.h), whose memory
                                * --max-memory bounds (ud_analysis_args.max_memory);
                                * `undead solve` refuses --max-memory for one that
                                * does not, rather than ignore it */
} ud_analysis;

enum { UD_VERIFY_DEFAULTS = 2 };

/* ---- the FAQ -------------------------------------------------------------- */

typedef struct ud_chart_bar {
    const char *label;
    double value, ci95; /* ci95 < 0: none */
    int highlight;      /* drawn in the accent colour */
} ud_chart_bar;

/* One value of a named query's row, as the writer's query hook hands it
 * over: a number is read as the number the database stores (a figure's
 * value), never parsed back from text. */
typedef struct ud_faq_cell {
    const char *name; /* the column's name */
    const char *text; /* the value as text; "" for NULL */
    bool is_number;   /* stored as an integer or a floating-point number */
    double number;    /* that number, when is_number */
} ud_faq_cell;

/* The FAQ's writer, handed to a game's hooks; tools/ implements it.
 * Text is escaped for the format; charts draw only in HTML and need a
 * table beside them for Markdown (every number is printed as text too). */
typedef struct ud_faq_writer {
    void *ctx;
    bool html; /* HTML; else Markdown */
    FILE *out; /* raw output (inline SVG in HTML) */
    void (*h3)(void *ctx, const char *id, const char *title);
    void (*p)(void *ctx, const char *text);
    void (*table_begin)(void *ctx, int cols, const char *const *head);
    void (*table_row)(void *ctx, const char *const *cells);
    void (*table_end)(void *ctx);
    void (*bars)(void *ctx, const char *title, const char *unit, const ud_chart_bar *bars, int n,
                 int decimals);
    /* cell(r, c) gives the value in [0,1] and writes its text (at most 32 bytes). */
    void (*heat)(void *ctx, const char *title, int rows, int cols, const char *const *row_labels,
                 const char *const *col_labels, void (*cell)(void *cctx, int r, int c, double *v, char *text),
                 void *cctx);
    /* Run the named query spec/<folder>/queries/NAME.sql (or db/queries/NAME.sql)
     * with "k=v" params; row() gets each row's columns as cells: a number
     * stored as one (a figure, a count) as a number, every value as text.
     * Returns the rows, or -1 when the query fails. */
    int (*query)(void *ctx, const char *name, const char *const *params, int n_params,
                 void (*row)(void *rctx, int cols, const ud_faq_cell *cells), void *rctx);
} ud_faq_writer;

/* A chance token for the legend, with what it shows. */
typedef struct ud_faq_legend {
    const char *token; /* e.g. "green:brain" */
    const char *text;  /* e.g. "brain" */
} ud_faq_legend;

/* A subfolder of golden/<game>/ rendered as worked examples. */
typedef struct ud_faq_examples {
    const char *folder; /* e.g. "examples" */
    const char *title;
    const char *intro;
} ud_faq_examples;

enum { UD_FAQ_QUERY_PARAMS = 4 };

/* A named query the FAQ shows among the edge cases. */
typedef struct ud_faq_query {
    const char *name;                        /* spec/<folder>/queries/NAME.sql (or db/queries/NAME.sql) */
    const char *params[UD_FAQ_QUERY_PARAMS]; /* "k=v", NULL-terminated */
} ud_faq_query;

enum { UD_FAQ_QUOTES = 3 };

/* A passage of a rule text, quoted verbatim (the players' FAQ and its
 * test: the text must occur in the file, whitespace aside). */
typedef struct ud_faq_quote {
    const char *source;  /* rule text file, e.g. "000_667bbeec5fdf16bd.txt"; NULL ends */
    const char *section; /* its heading */
    const char *text;    /* verbatim; an edit is marked in [brackets] */
} ud_faq_quote;

enum { UD_FAQ_HOUSE = 4 };

/* A house rule: a reading the texts leave open, stated as a player would
 * state it at the table ("Draw the first player by lot.").  The reading
 * is the question's variant at VALUE, named by the game's enum of that
 * variant's values (ZD_FIRST_RANDOM), so the compiler checks the name. */
typedef struct ud_faq_house {
    int value;         /* the reading: an index into the question's variant's values */
    const char *plain; /* the house rule in players' words, one sentence, no engine terms; NULL ends */
} ud_faq_house;

enum { UD_FAQ_RULES = 12, UD_FAQ_SEE = 4 };

/* A question players ask, answered for the players' FAQ: a short answer
 * under undead's default readings in players' words, the passages it rests
 * on, the rules that enforce it (shown in the reference only), and, where
 * the texts disagree or are silent, the ruling's reason and the other
 * readings as house rules.
 *
 * What it names of the game is named as the game names it: its variant by
 * the game's variant enum (&zd_variants[ZD_V_FIRST]), a house rule's reading
 * by the enum of that variant's values.  Rules and related questions are
 * named by their IDs, one an element (a game's enum of its rows is made
 * from its row list inside its rules.c, for that file alone), which
 * ud_faq_check finds in the game before the FAQ is written: an ID that does
 * not exist fails loudly, saying which question named it. */
typedef struct ud_faq_question {
    const char *id;                  /* anchor, unique within the game; NULL ends the list */
    const char *ask;                 /* the question, as a player would put it */
    const char *ruling;              /* the answer: one to three sentences, players' words */
    const char *rules[UD_FAQ_RULES]; /* the IDs of the rules it rests on (reference only); NULL ends */
    const ud_variant *variant;       /* the variant that decides it, an element of the game's
                                      * variants (&GAME_variants[ENUM]), or NULL */
    /* Non-NULL: the answer is a ruling (the texts differ or are silent), and
     * this is its one-line reason; the FAQ marks the answer "Ruling:". */
    const char *why_ruling;
    ud_faq_quote quotes[UD_FAQ_QUOTES];
    int most_asked;                   /* its place in the game's "Most asked" list (1 first); 0: not there */
    const char *see[UD_FAQ_SEE];      /* ids of related questions of the game; NULL ends */
    ud_faq_house house[UD_FAQ_HOUSE]; /* the variant's other readings as house rules; empty: none */
} ud_faq_question;

/* Who played the games that measured a reading, when the reading is
 * measured by players of its own (ud_game.reading_measures): the reading
 * by the game's enums, and the whole phrase after "With" ("one player
 * starting in The Outskirts with 2 Time"). */
typedef struct ud_faq_measured {
    const ud_variant *variant; /* an element of the game's variants; NULL ends */
    int value;                 /* an index into its values */
    const char *text;
} ud_faq_measured;

/* A rule text as the players' FAQ's source key names it. */
typedef struct ud_faq_source {
    const char *file;  /* "000_667bbeec5fdf16bd.txt"; NULL ends */
    const char *title; /* its real title: every quotation of it is cited by it */
    const char *kind;  /* what it is: "the publisher's rule sheet", "a fan variant", ... */
    const char *cite;  /* the short label a citation line uses ("Rulebook"); NULL: the title */
} ud_faq_source;

typedef struct ud_faq_extras {
    /* Draw one chance token (a word after the verb of a transcript's
     * chance line; verb NULL: the legend) as inline SVG to out; false: not
     * drawn, the FAQ writes the token in bold.  NULL: no token is drawn. */
    bool (*glyph)(FILE *out, const char *verb, const char *token);
    const char *legend_title;        /* e.g. "Faces: " */
    const ud_faq_legend *legend;     /* terminated by a NULL token; NULL: none */
    const ud_faq_examples *examples; /* terminated by a NULL folder; NULL: "examples" */
    const char *examples_intro;      /* a sentence after the generic intro, or NULL */
    const char *reading_policy;      /* how the reading simulations play ("every seat
                                        * stopping at two shotguns"); NULL: the policy's name */
    const char *claims_intro;        /* before the claims table, or NULL */
    /* The plain names of the figures an analysis's outcome gives ("ev" ->
     * "expected brains a turn"), for the FAQ's tables of exact figures;
     * terminated by a NULL token; NULL or a name missing: the figure's own. */
    const ud_faq_legend *figures;
    /* The game's own charts (NULL: "No charts for this game yet."). */
    void (*charts)(const ud_game *g, const ud_faq_writer *w);
    const ud_faq_query *edge_queries; /* terminated by a NULL name; shown before the generic ones */
    const ud_faq_question *questions; /* the players' FAQ, first; terminated by a NULL id */
    const ud_faq_source *sources;     /* the source key of the players' FAQ; NULL file ends */
    /* The charts players use at the table, for the players' part (NULL: none). */
    void (*players_charts)(const ud_game *g, const ud_faq_writer *w);
    /* The measure the players' FAQ compares between readings: a metric of
     * the reading runs, what it says ("the party wins"), and the factor
     * that makes it a percentage (NULL, NULL, 0: "win_rate:p1", "the first
     * player wins", 1). */
    const char *players_metric;
    const char *players_metric_says;
    double players_metric_percent;
    /* Who plays the games the players' FAQ measures a house rule by, in
     * players' words, after "With two players" ("who each stop at two
     * shotguns"); NULL: the count of players only. */
    const char *players_who;
    /* The same for a reading measured by players of its own, terminated
     * by a NULL variant.  A reading missing here is said to be measured in
     * games set up to meet it. */
    const ud_faq_measured *players_measured;
    /* The game's name in the players' part and its running heads, for a
     * title that speaks of the rule texts by number; NULL: the title. */
    const char *players_title;
} ud_faq_extras;

/* ---- the bench's yardstick -------------------------------------------------- */

/* What a yardstick's games came to: figures the engine's simulation
 * counts too (wins, shared wins, scores, turns), so that a test can hold
 * the two to the same game within sampling error. */
typedef struct ud_yard_tally {
    uint64_t games;
    uint64_t wins[UD_MAX_PLAYERS]; /* won alone */
    uint64_t shared;               /* games won by several seats together */
    double score_sum[UD_MAX_PLAYERS];
    double score_sq[UD_MAX_PLAYERS]; /* sums of each game's final score squared */
    uint64_t turns;                  /* turns played, every game's */
    double turns_sq;                 /* sum of each game's turns squared */
    uint64_t events;                 /* times the yardstick's rare event came (event_rule) */
    double events_sq;                /* sum of each game's count of them squared */
} ud_yard_tally;

/* A minimal hand-written loop of the game under one policy (`undead
 * bench`'s yardstick, docs/speed.md): the same game as the rule rows,
 * written straight, sharing nothing with them but the seeded PRNG
 * (core/rng.h), so that the engine's games a second can be put beside
 * what plain code plays on the same core, in the same run.  It plays
 * only the game's default readings, no start lines, every seat under
 * policy `policy` (each seat its own parameter). */
typedef struct ud_yardstick {
    const char *summary;   /* what it plays, in a line */
    const char *policy;    /* the policy it plays, by name ("stop-at-shotguns") */
    const char *turn_rule; /* the rule that fires once a turn in the engine ("ZD-TURN") */
    /* A rule for a rare turn of events the loop counts too, so that a test
     * sees its path taken as often as the engine's ("ZD-SHORTAGE-RETURN") */
    const char *event_rule;
    int min_players, max_players;
    /* Games seed, seed+1, ... seed+games-1 (the engine's seeds, each
     * drawn from its own PRNG seeded the engine's way), param[seat] the
     * policy's parameter per seat; out is zeroed first. */
    void (*play)(uint64_t seed, uint64_t games, int players, const int *param, ud_yard_tally *out);
} ud_yardstick;

typedef struct ud_game_extras ud_game_extras;

/* ---- the whole set ---------------------------------------------------------- */

struct ud_game_extras {
    const ud_game_bound *bounds; /* exploration bounds */
    int n_bounds;
    const ud_analysis *analyses; /* undead solve GAME ANALYSIS */
    int n_analyses;
    const ud_faq_extras *faq; /* NULL: the generic FAQ only */
    /* What undead can compute exactly for a person deciding at state
     * (undead play at the table, "odds"): a few lines in players' words
     * into out, each choice of o with its figure; false (nothing written)
     * where it has no exact figure here, and the table then estimates by
     * simulation where it can.  NULL: none. */
    bool (*odds)(const ud_game *g, const void *state, const ud_setup *setup, const ud_offers *o, ud_buf *out);
    /* `undead bench`'s yardstick for the game (above); NULL: none. */
    const ud_yardstick *yardstick;
};

/* Whether everything the game's players' FAQ names exists in the game:
 * each question's rules (by ID) and related questions (by id), its variant
 * (an element of g->variants) and its house rules' readings (values of that
 * variant), and the readings of players_measured.  Returns the number of
 * problems, each one line appended to out naming the game, where it was
 * named and what is missing ("zombie-dice: players' question 'first':
 * rules: no rule ZD-FRIST in the game"). */
int ud_faq_check(const ud_game *g, ud_buf *out);

/* The game's bound called name, or NULL. */
const ud_game_bound *ud_game_find_bound(const ud_game *g, const char *name);
/* The game's analysis called name, or NULL. */
/* c's figures: figs[0..n) in order (at most UD_ANALYSIS_FIGURES), figure
 * exact_fig (-1: none) with the case's exact value, prob_num/prob_den. */
void ud_analysis_case_set_figures(ud_analysis_case *c, const ud_analysis_figure *figs, int n, int exact_fig);

const ud_analysis *ud_game_find_analysis(const ud_game *g, const char *name);

#endif
