/*
 * zombies_board.h - the Zombies!!! board game as the player-written rules
 * variant in 004_7b390799ec2a25ac.txt tells it: a town built from map tiles
 * during play, movement, combat, zombies that shamble, named buildings with
 * survivors, and a heliport.
 *
 * The tile model is built for speed (thousands of games a second): the
 * board is a fixed 7 x 7 grid of tile slots around the Town Square, each
 * tile a 3 x 3 grid of space bytes (road, solid building, named-building
 * floor, door, square centre, heliport centre); a space is one byte of
 * kind and one byte of contents (zombie bit, token).  Tiles come from the
 * content files with their 3 x 3 shapes; the four rotations and the road
 * openings of each (a bit per edge) are computed once when content loads,
 * so placing a tile is a table lookup and four mask tests.  No pointers,
 * no allocation per step; movement and zombie chasing are small loops and
 * breadth-first searches over the 441 space bytes.
 */
#ifndef ZOMBIES_BOARD_H
#define ZOMBIES_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "explore.h"
#include "extras.h"
#include "game.h"

enum {
    ZB_SLOTS = 7,               /* tile slots a side; the Town Square in the middle */
    ZB_MID = 3,                 /* its slot */
    ZB_TS = 3,                  /* spaces a tile side */
    ZB_SIDE = ZB_SLOTS * ZB_TS, /* spaces a board side */
    ZB_SPACES = ZB_SIDE * ZB_SIDE,
    ZB_MAX_PLAYERS = 6,
    ZB_HAND = 3, /* "No player may ever have more than 3 Event Cards or Map Tiles" */
    ZB_MAX_TILE_KINDS = 32,
    ZB_MAX_EVENT_KINDS = 32,
    ZB_MAX_WEAPON_KINDS = 16,
    ZB_START = 3,        /* bullets, life, cards, tiles at the start */
    ZB_MAX_TOKENS = 100, /* life and bullets a player holds: undead's limit, an error beyond */
    ZB_SCENT = 6,        /* the chasing policies: how far a zombie finds a player */
};

/* What a space is.  Road-like: ROAD, SQUARE (Town Square centre), HELI. */
enum zb_space { ZB_NONE, ZB_ROAD, ZB_SOLID, ZB_FLOOR, ZB_DOOR, ZB_SQUARE, ZB_HELI };
/* A space's contents byte. */
enum {
    ZB_ZOMBIE = 1,
    ZB_TOK_SHIFT = 1,
    ZB_TOK_MASK = 6,
    ZB_MOVED = 8
}; /* with ZB_ZOMBIE, in step 4 only: this zombie has moved */
enum zb_token { ZB_TOK_NONE, ZB_TOK_LIFE, ZB_TOK_BULLET };
/* Edges, clockwise from the top; bit 1 << edge in an opening mask. */
enum { ZB_N, ZB_E, ZB_S, ZB_W };

enum zb_role { ZB_ROLE_SQUARE, ZB_ROLE_HELIPORT, ZB_ROLE_ROAD, ZB_ROLE_NAMED };
enum zb_effect {
    ZB_FX_LIFE,
    ZB_FX_BULLETS,
    ZB_FX_HURRY,
    ZB_FX_WOUND,
    ZB_FX_DISARM,
    ZB_FX_STUCK,
    ZB_FX_HORDE,
    ZB_FX_FOOD,
    ZB_FX_N
};

typedef struct zb_tile_kind {
    char id[24];
    char name[40];
    uint8_t role;
    uint8_t count, alt;            /* copies in the main pile, in the alternate deck */
    uint8_t z, l, b;               /* named buildings: zombies, life and bullet tokens */
    uint8_t grid[4][ZB_TS][ZB_TS]; /* by rotation (0, 90, 180, 270 clockwise) */
    uint8_t open[4];               /* road openings by rotation, bit per edge */
    uint8_t n_open;
    /* The rotations (bit r) at which the tile fits an empty slot with
     * placed neighbours on the edges `near` and roads from them on `req`
     * (zb_fits_needs), indexed by near << 4 | req: the placement rows ask
     * it for every slot at every decision. */
    uint8_t fit[256];
} zb_tile_kind;

typedef struct zb_event_kind {
    char id[24];
    char name[64];
    uint8_t effect, amount, count, alt;
} zb_event_kind;

typedef struct zb_weapon_kind {
    char id[24];
    char name[40];
    uint8_t building; /* tile kind */
    uint8_t bonus, count;
} zb_weapon_kind;

typedef struct zb_tables {
    zb_tile_kind tile[ZB_MAX_TILE_KINDS];
    zb_event_kind event[ZB_MAX_EVENT_KINDS];
    zb_weapon_kind weapon[ZB_MAX_WEAPON_KINDS];
    int n_tiles, n_events, n_weapons;
    int square, heliport; /* tile kinds */
    int weapon_total;
    bool loaded;
    unsigned generation; /* which load this is, from 1: what the invariants' cache was read under */
    /* Derived when the set loads, for the invariants' quick tests (game.c) */
    uint8_t stack_tile[ZB_MAX_TILE_KINDS];  /* 0xff for each tile kind the stack counts */
    uint8_t stack_card[ZB_MAX_EVENT_KINDS]; /* 0xff for each event kind there is */
    uint8_t hand_bad[256];                  /* bit 0: a tile byte no hand holds; bit 1: a card byte */
} zb_tables;
extern zb_tables zb_content;

void zb_content_ready(void);
bool zb_load_content(const char *dir, struct ud_content_error *err);
bool zb_load_content_memory(const char *dir, const struct ud_content_memfile *files, int n_files,
                            struct ud_content_error *err);

enum zb_phase {
    ZB_PH_SETUP,
    ZB_PH_FIRST,
    ZB_PH_TURN_START,
    ZB_PH_REVIVE,
    ZB_PH_STEP1,
    ZB_PH_COMBAT,
    ZB_PH_PAY,
    ZB_PH_COMBAT_END,
    ZB_PH_PLACE_CHECK,
    ZB_PH_PLACE,
    ZB_PH_LAID,
    ZB_PH_ROAD_ZOMBIE,
    ZB_PH_EVENT_CHECK,
    ZB_PH_EVENT,
    ZB_PH_MOVE_CHECK,
    ZB_PH_MOVE,
    ZB_PH_ARRIVE,
    ZB_PH_TAKE,
    ZB_PH_SPOILS,
    ZB_PH_ZOMBIES,
    ZB_PH_SHAMBLE,
    ZB_PH_REPLENISH,
    ZB_PH_TRADE,
    ZB_PH_DRAW,
    ZB_PH_TURN_END,
    ZB_PH_OVER,
    ZB_PHASES
};
enum zb_action {
    ZB_ACT_REVIVE,
    ZB_ACT_RETIRE,
    ZB_ACT_SHOOT,
    ZB_ACT_BLEED,
    ZB_ACT_PLACE,
    ZB_ACT_HELIPORT,
    ZB_ACT_PLAY,
    ZB_ACT_PASS,
    ZB_ACT_NORTH,
    ZB_ACT_EAST,
    ZB_ACT_SOUTH,
    ZB_ACT_WEST,
    ZB_ACT_STOP,
    ZB_ACT_TRADE,
    ZB_ACT_ZOMBIE_AT,
    ZB_ACT_TAKE,
    ZB_ACT_ZOMBIE,
    ZB_ACT_COLLECT,
    ZB_ACTIONS
};
enum zb_variant {
    ZB_V_HELIPORT,
    ZB_V_NEWCHAR,
    ZB_V_TRADE,
    ZB_V_CAP,
    ZB_V_NO_HELI,
    ZB_V_HELI_PLACE,
    ZB_V_BULLET,
    ZB_V_BLOCKED,
    ZB_V_SURVIVORS,
    ZB_VARIANTS
};
enum { ZB_HELI_CONNECTED, ZB_HELI_FAR };
enum { ZB_NEWCHAR_NO_MOVE, ZB_NEWCHAR_SKIP_TURN };
enum { ZB_TRADE_CHOOSE, ZB_TRADE_ALL };
enum { ZB_CAP_25, ZB_CAP_50 };
enum { ZB_NO_HELI_AT_ONCE, ZB_NO_HELI_ALL_SEARCHED };
enum { ZB_HELI_PLACE_MAY, ZB_HELI_PLACE_MUST };
enum { ZB_BULLET_ONCE, ZB_BULLET_EACH_ENTRY };
enum { ZB_BLOCKED_THAT_TURN, ZB_BLOCKED_EVERY_TURN };
enum { ZB_SURVIVORS_EMPTIED, ZB_SURVIVORS_KILLED };

/* Where a combat returns to. */
enum { ZB_CTX_START, ZB_CTX_MOVE };
/* A seat's standing. */
enum zb_status { ZB_UNSEATED, ZB_ALIVE, ZB_DEAD, ZB_OUT };
/* How the game ended. */
enum zb_end {
    ZB_END_NONE,
    ZB_END_HELIPORT,
    ZB_END_NO_HELIPORT,
    ZB_END_LAST_ALIVE,
    ZB_END_ALL_OUT,
    ZB_END_CAP,
    ZB_END_ALL_SEARCHED,
    ZB_END_ALL_RESCUED
};

typedef struct zb_player {
    uint8_t pos_x, pos_y; /* space; meaningless unless alive */
    uint8_t status;       /* zb_status */
    uint8_t fresh;        /* a new character this turn: does not move */
    uint8_t life, bullets, kills, survivors;
    uint8_t bonus;         /* weapons in play: added to every combat roll */
    uint8_t weapons;       /* bit per weapon kind held */
    uint8_t tile[ZB_HAND]; /* tile kind + 1, 0 none */
    uint8_t card[ZB_HAND]; /* event kind + 1, 0 none */
    uint8_t card_round;    /* round of the last event card played (0 none) */
    uint8_t stuck;         /* loses its next movement */
    uint8_t outcome;       /* ud_seat_outcome */
    /* blocked=lose-that-turn: this player lost a turn to tiles that fit
     * nowhere and has placed none since; its tile step is passed over */
    uint8_t lost_turn;
} zb_player;

enum { ZB_MASK_WORDS = (ZB_SPACES + 63) / 64 }; /* a bit per space */

typedef struct zb_state {
    /* Step 4 only (zero outside it): bit i of word i / 64 set for a
     * zombie on space i that has not moved in this step and may move now.
     * Found when the step starts and kept by each move (rules.c), so the
     * rows that ask which zombie may go next read the zombies that can,
     * not the board; a function of the cells and links, never of the
     * past.  First, where their alignment needs no padding. */
    uint64_t movable[ZB_MASK_WORDS];
    uint64_t single[ZB_MASK_WORDS]; /* those of them with one space to go to */
    /* those of them whose move nothing can change: no zombie still to move
     * next to them or to the space they go to (ZB-ZOMBIE-FORCED) */
    uint64_t lone[ZB_MASK_WORDS];
    uint8_t phase;
    uint8_t n_players, current, first, over, end;
    int8_t winner;            /* seat; -1 none; -2 shared */
    uint8_t round;            /* 1-based; a round starts with the first player's turn */
    uint8_t candidates;       /* bit per seat still rolling for the first turn */
    uint8_t ctx;              /* where the combat in progress returns */
    uint8_t roll;             /* the combat die */
    uint8_t allowance, moved; /* this turn's movement */
    uint8_t hurry;            /* extra movement from an event this turn */
    uint8_t placed_any;       /* tiles placed this turn */
    int8_t heli_owner;        /* the first seat with three survivors, -1 none */
    uint8_t heli_due;         /* its following turn has come: place it now */
    uint8_t heli_placed;
    uint8_t heli_stuck;                 /* it could not be placed once (no-heliport=all-searched) */
    uint8_t heli_x, heli_y;             /* its centre space */
    uint8_t alt_tiles_in, alt_cards_in; /* the alternate decks became the piles */
    uint8_t last_sx, last_sy;           /* the tile just laid */
    uint8_t weapons_taken;              /* weapon cards drawn from the weapon deck, ever */
    uint8_t preset;                     /* start lines fixed the piles: ZB_PRESET_* bits */
    uint8_t zpending;                   /* zombies of the road tile just laid still to place */
    uint8_t took;                       /* bit per seat a bullet was taken from this turn */
    uint8_t asked;                      /* bit per seat whose bullet was offered on this arrival */
    uint8_t food;                       /* an Alternate Food Source is in play this turn */
    uint8_t kill_here;                  /* ZB_KILL_*: a kill on the player's space since it arrived */
    uint16_t pad;
    uint16_t zombies, tokens; /* on the board: the rows' own count (checked) */
    uint16_t tiles_pile, cards_pile;
    zb_player pl[ZB_MAX_PLAYERS];
    uint8_t slot[ZB_SLOTS][ZB_SLOTS]; /* tile kind + 1, 0 empty */
    uint8_t rot[ZB_SLOTS][ZB_SLOTS];
    uint8_t searched[ZB_SLOTS][ZB_SLOTS]; /* a named building's marker */
    uint8_t pile_tile[ZB_MAX_TILE_KINDS]; /* copies left in the draw pile */
    uint8_t alt_tile[ZB_MAX_TILE_KINDS];
    uint8_t pile_card[ZB_MAX_EVENT_KINDS];
    uint8_t alt_card[ZB_MAX_EVENT_KINDS];
    uint8_t weapons_left[ZB_MAX_WEAPON_KINDS];
    uint8_t kind[ZB_SPACES];           /* zb_space */
    uint8_t cell[ZB_SPACES];           /* zombie bit, token */
    uint8_t near[ZB_SLOTS * ZB_SLOTS]; /* empty slots: edges with a placed neighbour */
    uint8_t need[ZB_SLOTS * ZB_SLOTS]; /* and those of them a road comes to */
    uint8_t link[ZB_SPACES];           /* bit d: a step in direction d is legal (from kind) */
    /* step 4, with movable: for each zombie in it, zombie_steps (rules.c),
     * the directions it may go, kept by the same moves; 0 elsewhere */
    uint8_t steps[ZB_SPACES];
    uint8_t pad_end[5]; /* to the 8-byte alignment of movable: no padding unnamed */
} zb_state;
_Static_assert(sizeof(zb_state) == offsetof(zb_state, pad_end) + 5,
               "zb_state: padding the fields do not name");

/* zb_state.kill_here: the player killed the zombie on its space since it
 * arrived there (step 1's combat, or one on entering), and the token
 * there, if any, is still to be offered, or has been (collected or left).
 * A step clears it. */
enum { ZB_KILL_NONE, ZB_KILL_SPOILS_DUE, ZB_KILL_SPOILS_OFFERED };

/* What start lines fixed (zb_state.preset): the set-up keeps those piles,
 * and the first player (zb_state.first) is not rolled for. */
enum { ZB_PRESET_TILES = 1, ZB_PRESET_CARDS = 2, ZB_PRESET_FIRST = 4 };

/* explore.c: the bound "tiny" (the first turn, on the Town Square and
 * the two tiles of the pile; ZB_TINY_TURNS turns) and its canonical key
 * (the bound's key_size bytes), shared with the tests. */
#define ZB_TINY_TILES "florist=1 warehouse-bend=1"
#define ZB_TINY_CARDS "rest=1"
enum { ZB_TINY_TURNS = 1 };
extern const ud_explore_bound zb_bound_tiny;
void zb_tiny_key(const void *p, unsigned char *out);

extern const ud_game zb_game;
/* The faults a mutation build can make (core/mutant.h; game.c): the
 * illegal states no row mutant can make, then faults of amounts and
 * boundaries, `undead serve` as a faulty implementation `undead conform`
 * must catch (conform-faulty.txt; rules.c asks in the row each breaks). */
enum {
    ZB_FAULT_ZOMBIE_ON_ZOMBIE,
    ZB_FAULT_TILE_LEFT_IN_STACK,
    ZB_FAULT_HITS_ON_FIVE,
    ZB_FAULT_SHOT_COSTS_ONE_MORE,
    ZB_FAULT_SHOOT_OFFERED_SHORT,
    ZB_FAULT_TRADE_ROUNDS_UP,
    ZB_FAULT_ALLOWANCE_ONE_PAST,
    ZB_N_FAULTS
};
extern const ud_fault zb_faults[ZB_N_FAULTS];
/* The numbers rows read as data (game.h, ud_number; rules.c). */
enum { ZB_NUM_HIT, ZB_NUM_PAY_REACH, ZB_NUM_SHOOT_REACH, ZB_N_NUMBERS };
extern const ud_number zb_numbers[ZB_N_NUMBERS];
/* The players' FAQ (faq_players.c), terminated by a NULL id. */
extern const ud_faq_question zb_players_faq[];
/* Its source key (faq_players.c), terminated by a NULL file. */
extern const ud_faq_source zb_faq_sources[];
enum { ZB_N_RULES = 86 };
/* The players' charts (faq_charts.c). */
void zb_players_charts(const ud_game *g, const ud_faq_writer *w);
extern const ud_rule zb_rules[ZB_N_RULES];
extern const ud_variant zb_variants[ZB_VARIANTS];

/* board.c: the tile model. */
static inline int zb_at(int x, int y) { return y * ZB_SIDE + x; }
static inline bool zb_roadlike(int k) { return k == ZB_ROAD || k == ZB_SQUARE || k == ZB_HELI; }
bool zb_can_step(const zb_state *st, int from, int to);
/* Space offsets by direction; only follow one where link has its bit. */
static const int zb_off[4] = { -ZB_SIDE, 1, ZB_SIDE, -1 };
/* The same steps as a change of column and of row. */
static const int zb_dx[4] = { 0, 1, 0, -1 }, zb_dy[4] = { -1, 0, 1, 0 };
static inline bool zb_linked(const zb_state *st, int i, int d) { return (st->link[i] >> d) & 1u; }
/* Can tile kind t go in slot (sx, sy) at rotation r: empty, on the board,
 * next to a placed tile, every shared edge road to road or closed to
 * closed, at least one road joined. */
bool zb_fits(const zb_state *st, int t, int sx, int sy, int r);
/* For an empty slot: the edges with a placed neighbour (0: the slot is
 * taken or touches nothing), and in req those whose neighbour has a road
 * there.  A tile fits when its openings agree on every such edge and
 * join at least one road. */
static inline unsigned zb_slot_needs(const zb_state *st, int sx, int sy, unsigned *req)
{
    *req = st->need[sy * ZB_SLOTS + sx];
    return st->near[sy * ZB_SLOTS + sx];
}
static inline bool zb_fits_needs(int t, int r, unsigned near, unsigned req)
{
    return (zb_content.tile[t].fit[near << 4 | req] >> r) & 1u;
}
/* The rule zb_fits_needs looks up, for the table content.c builds. */
static inline bool zb_fits_openings(unsigned open, unsigned near, unsigned req)
{
    return near && (open & near) == req && req;
}
/* Put the tile's spaces on the board (no zombies or tokens). */
void zb_lay(zb_state *st, int t, int sx, int sy, int r);
/* Space index of a neighbour in direction d, or -1 off the board. */
int zb_neighbour(int i, int d);
/* Breadth-first distances (255: unreachable, or beyond max_depth) from
 * every space whose src byte is nonzero, by player steps. */
void zb_distances(const zb_state *st, const uint8_t *src, uint8_t *dist, int max_depth);
/* The first step (a direction) of a shortest way from space i to a goal
 * within max_depth steps; 4 when i is one; -1 when none is in reach. */
enum zb_goal { ZB_GOAL_HELI, ZB_GOAL_SQUARE, ZB_GOAL_BUILDING };
int zb_first_step(const zb_state *st, int i, int goal, int max_depth);
/* Zombies in the named building of slot (sx, sy). */
int zb_building_zombies(const zb_state *st, int sx, int sy);
/* Every Named Building of the set laid and searched: none left in a pile
 * (the alternate deck included) or a hand, none on the board unsearched. */
bool zb_all_named_searched(const zb_state *st);
/* The map as lines of one word each (rows of the placed area). */
int zb_map_rows(const zb_state *st, char rows[][ZB_SIDE + 3]);
/* The slots the placed tiles span: box = { x0, y0, x1, y1 }, inclusive;
 * false when no tile is placed. */
bool zb_placed_box(const zb_state *st, int box[4]);

/* draw.c, draw_text.c, draw_svg.c: the pictures of undead show. */
/* "round 3, ann's turn: move (2 of 6 moves)" or how the game ended. */
void zb_draw_status(const ud_game *g, const zb_state *st, const ud_setup *setup, ud_buf *out);
/* A player's standing: "at 10,4  life 3  bullets 1 ..." (no name). */
void zb_draw_player(const zb_state *st, int seat, ud_buf *out);
/* How many pawns stand on space i, and the lowest seat among them. */
int zb_pawns_at(const zb_state *st, int i, int *first);
void zb_draw_text(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                  ud_buf *out);
void zb_draw_svg(const ud_game *g, const void *state, const ud_setup *setup, const char *caption,
                 ud_buf *out);

#endif
