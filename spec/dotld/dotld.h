/*
 * dotld.h - Dice of the Living Dead, 2nd edition (002_1e442ea09f23bb8e.txt):
 * a solo dice game against a clock, with the text's multiplayer variant.
 *
 * A round: (multiplayer) pass the leadership, roll five survivor dice, the
 * scavenger die and the zombie die with up to two rerolls, scavenge, move
 * along a district's track, fight the zombies met, and at a safe house
 * draw an event, feed the party and roll for the infected.  Four districts
 * reached in turn, the last The Outskirts with its extraction zone.
 *
 * The text names components without their contents (districts, events,
 * exploration tokens, characters, stress cards, items, the zombie die's
 * faces): they are content files (spec/dotld/content/, a user's
 * --content DIR), read into dl_content by content.c.  Rows read the tables,
 * never a card's name.
 *
 * Dice are interchangeable but for their faces, so the state keeps counts
 * per face (a multiset), not dice in positions: equal positions are equal
 * bytes, and a reroll is chosen die by die ("mark 2", "mark 2", "roll").
 */
#ifndef DOTLD_H
#define DOTLD_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "game.h"

enum {
    DL_MAX_PLAYERS = 8, /* the text recommends 2-3 and sets no most */
    DL_SURVIVOR_DICE = 5,
    DL_DISTRICTS_PLAYED = 4, /* three at random, then The Outskirts */
    DL_MAX_DISTRICTS = 12,
    DL_MAX_SPACES = 32,  /* per district, main track and branches */
    DL_MAX_BRANCHES = 4, /* ways at one space: the main track and 3 branches */
    DL_MAX_EVENTS = 24,
    DL_MAX_OPTIONS = 3,
    DL_MAX_TOKEN_KINDS = 16,
    DL_MAX_STRESS = 16,
    DL_MAX_ITEMS = 8,
    DL_MAX_CHARACTERS = 12,
    DL_MAX_SAFEHOUSES = 16,
    DL_MAX_COUNT = 250, /* survivors, supplies, ammo: far above any game */
    DL_MAX_FIGHT_DICE = 250,
    DL_NAME = 32,
};

/* Space kinds on a district's track. */
enum dl_space { DL_SP_START, DL_SP_PLAIN, DL_SP_ZOMBIE, DL_SP_EXPLORE, DL_SP_SAFE, DL_SP_EXTRACTION };

/* What a card, token or event option does (content.h fields of the same
 * names).  Signed: a stress card takes, an event gives. */
typedef struct dl_effect {
    int supplies, ammo, healthy, infected, infect, lose_infected, zombies, fight;
    int item; /* item index + 1; 0: none */
} dl_effect;

/* Stress-card conditions: bits of dl_state.met. */
enum dl_condition {
    DL_C_NO_FIND,
    DL_C_INFECTION,
    DL_C_LURKING,
    DL_C_ZOMBIE_ONE,
    DL_C_LOST_TIME,
    DL_C_CASUALTY,
    DL_CONDITIONS
};

/* Character and item abilities: bits of a character's or item's mask. */
enum dl_ability {
    DL_AB_SCOUT,
    DL_AB_LOOKOUT,
    DL_AB_BRAWLER,
    DL_AB_STEADY,
    DL_AB_FORAGER,
    DL_AB_GUNSMITH,
    DL_AB_RECRUITER,
    DL_AB_MEDIC,
    DL_AB_FIRST_AID,
    DL_ABILITIES
};
extern const char *const dl_ability_name[DL_ABILITIES + 1];
extern const char *const dl_condition_name[DL_CONDITIONS + 1];
extern const char *const dl_space_name[];

typedef struct dl_district {
    char name[DL_NAME];
    char title[DL_NAME * 2];
    int time;
    int safehouse; /* index into dl_tables.safehouse; -1: extraction */
    bool outskirts;
    int n_spaces, n_main;
    uint8_t kind[DL_MAX_SPACES];
    /* next[s][0..n_next[s]): the spaces a party on s may move into; [0] is
     * along the main track, the rest are branches in file order. */
    uint8_t n_next[DL_MAX_SPACES];
    uint8_t next[DL_MAX_SPACES][DL_MAX_BRANCHES];
} dl_district;

typedef struct dl_event {
    char name[DL_NAME];
    char title[DL_NAME * 2];
    uint32_t at; /* safe houses it matches, bits of dl_tables.safehouse */
    int n_options;
    char option[DL_MAX_OPTIONS][DL_NAME];
    dl_effect effect[DL_MAX_OPTIONS];
} dl_event;

typedef struct dl_token {
    char name[DL_NAME];
    int count;
    dl_effect effect;
} dl_token;

typedef struct dl_stress {
    char name[DL_NAME];
    int when; /* dl_condition */
    dl_effect effect;
} dl_stress;

typedef struct dl_named {
    char name[DL_NAME];
    uint32_t abilities; /* bits of dl_ability */
    bool solo_only;
} dl_named;

/* The content: what a load of spec/dotld/content/ (or --content DIR) builds. */
typedef struct dl_tables {
    int n_districts, n_events, n_tokens, n_stress, n_items, n_characters, n_safehouses;
    int outskirts;     /* the district index of The Outskirts */
    int n_token_total; /* tokens in all, counts summed */
    dl_district district[DL_MAX_DISTRICTS];
    dl_event event[DL_MAX_EVENTS];
    dl_token token[DL_MAX_TOKEN_KINDS];
    dl_stress stress[DL_MAX_STRESS];
    dl_named item[DL_MAX_ITEMS];
    dl_named character[DL_MAX_CHARACTERS];
    char safehouse[DL_MAX_SAFEHOUSES][DL_NAME];
    int zombie_face[7]; /* zombies shown by faces 1..6 */
    int n_faces;
    int street_map, first_aid_kit; /* item indexes the set-up options name; -1: absent */
    /* For each condition, the stress cards it plays: a byte 1 at card i,
     * laid out as dl_state.stress_active is in memory (dl_first_byte). */
    uint64_t stress_when[DL_CONDITIONS][DL_MAX_STRESS / 8];
    /* Each kind's count of tokens, 0 past the last kind: what
     * DL-INV-TOKENS allows unseen, read at every firing a word at a time
     * (invariants.c, which needs them under 128: the schema allows 50). */
    uint8_t token_cap[DL_MAX_TOKEN_KINDS];
    bool loaded;
} dl_tables;

/* The index of the first byte in memory order of x (a word loaded with
 * memcpy) that is not zero; x is not 0. */
static inline int dl_first_byte(uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_clzll(x) >> 3;
#else
    return __builtin_ctzll(x) >> 3;
#endif
}
extern dl_tables dl_content;

void dl_content_ready(void);
/* The most players the loaded content seats (a character each). */
int dl_content_max_players(void);
bool dl_load_content(const char *dir, struct ud_content_error *err);
bool dl_load_content_memory(const char *dir, const struct ud_content_memfile *files, int n_files,
                            struct ud_content_error *err);

enum dl_phase {
    DL_PH_SETUP,
    DL_PH_CHARACTER,
    DL_PH_PICK,
    DL_PH_DISTRICT,
    DL_PH_ROUND_START,
    DL_PH_ROLL,
    DL_PH_REROLL,
    DL_PH_POOLS,
    DL_PH_SCAVENGE,
    DL_PH_SIX,
    DL_PH_MOVE,
    DL_PH_WAY,
    DL_PH_ENTER,
    DL_PH_COMBAT,
    DL_PH_AMMO,
    DL_PH_FIGHT_ROLL,
    DL_PH_FIGHT,
    DL_PH_FIGHT_END,
    DL_PH_SAFE,
    DL_PH_EVENT,
    DL_PH_FINAL_SAY,
    DL_PH_CHECK,
    DL_PH_ROUND_END,
    DL_PH_OVER,
    DL_PH_STRESS_HOLD, /* (multiplayer, stress-hand=may-hold) play the Stress Card or keep it */
    DL_PHASES
};

enum dl_action {
    DL_ACT_CHARACTER, /* character N: the Nth character of the content, 1-based */
    DL_ACT_MARK,      /* mark F: set one die showing F aside to reroll */
    DL_ACT_MARK_SCAVENGER,
    DL_ACT_ROLL,        /* reroll the marked dice */
    DL_ACT_KEEP,        /* no more rolls: keep every die as it shows */
    DL_ACT_SIX,         /* six N: the scavenger 6 becomes N (4: movement, 5: fight) */
    DL_ACT_WAY,         /* way N: 0 along the main track, k the kth branch */
    DL_ACT_AMMO,        /* ammo N: spend N ammo for N more fight dice */
    DL_ACT_OPTION,      /* option N: the Nth option of the event (1-based) */
    DL_ACT_FINAL_SAY,   /* (multiplayer) claim final say over the next decision */
    DL_ACT_PASS,        /* (multiplayer) leave it to the leader */
    DL_ACT_PLAY_STRESS, /* (multiplayer, stress-hand=may-hold) play your Stress Card now */
    DL_ACT_HOLD_STRESS, /* ... or keep it hidden for this round */
    DL_ACTIONS
};

enum dl_variant {
    DL_V_MOVE,
    DL_V_ZOMBIE_DIE,
    DL_V_TIME_OUT,
    DL_V_NO_HEALTHY,
    DL_V_STRESS_DRAW,
    DL_V_EXTRACTION,
    DL_V_TOKENS,
    DL_V_START_ITEMS,
    DL_V_SUPPLY_START,
    DL_V_CHARACTER,
    DL_V_ABILITIES,
    DL_V_EXTRA_SURVIVORS,
    DL_V_STRESS_REPEAT,
    DL_V_EVENT_DECK,
    DL_V_STRESS_HAND,
    DL_V_EVENT_COST,
    DL_VARIANTS
};
enum { DL_MOVE_ONE_PER_DIE, DL_MOVE_FACE };
enum { DL_ZDIE_CONTENT, DL_ZDIE_ONE_EACH };
enum { DL_TIME_OUT_AT_ZERO, DL_TIME_OUT_BELOW_ZERO };
enum { DL_NO_HEALTHY_INFECTED, DL_NO_HEALTHY_NOTHING };
enum { DL_STRESS_ONE_PER_MOVE, DL_STRESS_PER_SPACE };
enum { DL_EXTRACTION_SHELTERS, DL_EXTRACTION_EXPOSED };
enum { DL_TOKENS_EVERY_DISTRICT, DL_TOKENS_FIRST_ONLY };
enum { DL_ITEMS_STREET_MAP, DL_ITEMS_NONE, DL_ITEMS_BOTH, DL_ITEMS_FIRST_AID_KIT };
enum { DL_SUPPLY_NORMAL, DL_SUPPLY_HARDER };
enum { DL_CHAR_RANDOM, DL_CHAR_CHOSEN };
enum { DL_ABILITIES_LEADER, DL_ABILITIES_EVERYONE };
enum { DL_EXTRA_NO, DL_EXTRA_YES };
enum { DL_STRESS_ONCE, DL_STRESS_EACH_TIME };
enum { DL_EVENTS_RESHUFFLE, DL_EVENTS_NO_EVENT };
enum { DL_STRESS_HAND_MUST_PLAY, DL_STRESS_HAND_MAY_HOLD };
enum { DL_EVENT_COST_MUST_AFFORD, DL_EVENT_COST_PAY_WHAT_YOU_HAVE };

enum dl_preset {
    DL_PRE_HEALTHY = 1,
    DL_PRE_INFECTED = 2,
    DL_PRE_SUPPLIES = 4,
    DL_PRE_AMMO = 8,
    DL_PRE_TIME = 16,
    DL_PRE_DISTRICT = 32,
    DL_PRE_SPACE = 64
};

/* How the game ended (dl_state.result, the loss's cause). */
enum dl_result { DL_PLAYING, DL_WON, DL_LOST_TIME, DL_LOST_SURVIVORS, DL_LOST_HEADCOUNT };

/* Where a CHECK returns to, and what a fight is for. */
typedef struct dl_state {
    uint8_t phase;
    uint8_t n_players;
    uint8_t leader;
    uint8_t result;                     /* dl_result */
    uint8_t decider;                    /* seat deciding now (the leader, or a final say) */
    uint8_t resume;                     /* the phase a CHECK goes on to */
    uint16_t round;                     /* 1-based */
    uint8_t district_no;                /* 0..3: which of the four districts */
    uint8_t order[DL_DISTRICTS_PLAYED]; /* district indexes, The Outskirts last */
    uint8_t space;                      /* the pawn's space in the current district */
    uint8_t time, time_max;
    int16_t healthy, infected, supplies, ammo;
    /* the roll phase */
    uint8_t roll_no;   /* rolls made this phase, 1..3 */
    uint8_t dice[7];   /* survivor dice showing each face, locked 1s not counted */
    uint8_t marked[7]; /* of those, set aside to reroll */
    uint8_t locked;    /* survivor 1s in the zombie pool */
    uint8_t scavenger; /* its face; 0 before the roll */
    uint8_t scavenger_marked;
    uint8_t scavenger_used; /* the face scavenging resolved (0: not yet) */
    uint8_t zombie_face;
    uint16_t zombies;                          /* the round's zombie pool */
    uint8_t move_dice, fight_pool, move_faces; /* move_faces: the faces' sum (move=face-value) */
    uint8_t moves_left;
    uint8_t moved; /* spaces entered this round */
    uint8_t lookout_used;
    /* combat */
    uint8_t fight_roll;  /* rolls made, 0..3 */
    uint8_t event_fight; /* a fight an event brought: ammo only, no Time lost */
    uint8_t steady_used;
    uint16_t fight_zombies;
    uint16_t fight_dice; /* dice in this fight */
    uint16_t fdice[7], fmarked[7];
    /* the safe house */
    uint8_t event;                     /* the event drawn, index + 1; 0: none */
    uint8_t event_left[DL_MAX_EVENTS]; /* 1: still in the deck */
    uint8_t infection_rolls;           /* infected survivors still to roll for */
    /* exploration tokens: face down on spaces, and which are still unseen */
    uint8_t face_down[DL_MAX_SPACES];
    uint8_t token_pool;                 /* tokens not yet placed on a tile */
    uint8_t unseen[DL_MAX_TOKEN_KINDS]; /* tokens not yet flipped, by kind */
    /* stress cards */
    uint8_t stress_deck[DL_MAX_STRESS];   /* 1: in the draw pile */
    uint8_t stress_active[DL_MAX_STRESS]; /* solo: drawn this round; 2: resolved; 3: resolved, its
                                            condition met again since (stress-repeat=each-time) */
    uint8_t stress_hand[DL_MAX_PLAYERS];  /* multiplayer: card index + 1, 0: none */
    uint8_t stress_draws;                 /* cards owed by this movement (stress=per-space) */
    uint8_t met;                          /* conditions met this round (bits of dl_condition) */
    uint8_t stress_kept;  /* multiplayer, may-hold: seats that kept their card this round (bits) */
    uint8_t stress_asked; /* seat + 1 asked now whether they play their card; 0: none */
    /* items and characters */
    uint8_t items; /* bits: item cards held */
    uint8_t first_aid_used;
    uint8_t character[DL_MAX_PLAYERS]; /* index + 1; 0: not yet */
    uint8_t final_say_used;            /* bits per seat */
    uint8_t final_say_asked;           /* seats asked for the coming decision (bits) */
    uint8_t final_say_by;              /* seat + 1 holding final say over this decision; 0: none */
    uint8_t final_say_for;             /* the decision phase a final say is asked for */
    uint8_t asking;                    /* seat + 1 asked now whether they take final say; 0: none */
    uint8_t held[7];                   /* Survivor Dice kept under a final say: not rerolled this round */
    /* progress flags within a phase, cleared when it is left */
    uint8_t time_out;         /* Time ran out (dl_lose_time) */
    uint8_t scavenger_rolled; /* the scavenger die was rolled by the last roll */
    uint8_t move_started, scout_used, fight_started, entered_landing, zombie_ignored;
    uint8_t zombie_spaces;  /* zombie spaces entered this movement */
    uint8_t safe_step;      /* 0: event, 1: supplies, 2: infection, 3: next district */
    uint8_t infection_face; /* the infection die just rolled; 0: none */
    uint8_t roll_pending;   /* the marked dice are to be rolled */
    uint8_t new_ones;       /* rerolled fight dice that came up 1, Time not yet paid */
    uint8_t infect_missed;  /* infections that found no Healthy Survivor, not yet told (DL-INFECT-NOBODY) */
    /* A starting position (start lines, game.c): values the set-up leaves
     * as the lines gave them, for studying one situation. */
    uint8_t preset;          /* bits of dl_preset */
    uint8_t preset_district; /* district index + 1 played first */
    uint8_t preset_time, preset_space;
    uint8_t district_done; /* the safe house was left: flip the next district */
} dl_state;

enum { DL_N_RULES = 115, DL_N_INVARIANTS = 9, DL_N_POLICIES = 3 };

extern const ud_game dl_game;
/* What a seat cannot see dealt again (resample.c; ud_game.resample). */
void dl_resample(void *state, int seat, ud_rng *rng);
extern const ud_rule dl_rules[DL_N_RULES];
extern const ud_variant dl_variants[DL_VARIANTS];
extern const ud_invariant dl_invariants[DL_N_INVARIANTS];
/* Every invariant row at once, without text (invariants.c;
 * ud_game.invariants_hold). */
bool dl_invariants_hold(const ud_game *g, const void *state);
/* The faults a mutation build can make (core/mutant.h; invariants.c). */
/* The first an illegal state for an invariant (mutation build); the others
 * faults of amounts and boundaries, `undead serve` as a faulty
 * implementation `undead conform` must catch (conform-faulty.txt). */
enum {
    DL_FAULT_TIME_BELOW_ZERO,
    DL_FAULT_SUPPLIES_ROUND_UP,
    DL_FAULT_SCAVENGE_3_ONE_SUPPLY,
    DL_FAULT_AMMO_ONE_PAST,
    DL_FAULT_REROLLED_ONES_COST_ONE,
    DL_FAULT_TWOS_ONE_FREE,
    DL_FAULT_MOVE_ONE_PAST,
    DL_N_FAULTS
};
extern const ud_fault dl_faults[DL_N_FAULTS];
/* The numbers rows read as data (game.h, ud_number; invariants.c). */
enum { DL_NUM_SUPPLIES_HALF, DL_NUM_AMMO_BOUND, DL_N_NUMBERS };
extern const ud_number dl_numbers[DL_N_NUMBERS];
extern const ud_policy_def dl_policies[DL_N_POLICIES];

/* Helpers the rows, invariants and policies share (state.c). */
int dl_survivors(const dl_state *st);
int dl_fight_kills(const dl_state *st);
bool dl_on_shelter(const dl_state *st, const ud_step *s);
bool dl_has_ability(const dl_state *st, const ud_step *s, int ability);
const dl_district *dl_current_district(const dl_state *st);
int dl_dice_marked(const dl_state *st);
int dl_fdice_marked(const dl_state *st);

#endif
