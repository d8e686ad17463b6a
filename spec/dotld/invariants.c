/*
 * invariants.c - what must hold after every step of Dice of the Living
 * Dead (checked by the engine after every row in tests, fuzzing and
 * sanitizer builds): the clock and the party's counts never go below 0,
 * every die and card is in exactly one place, the pawn is on a real space,
 * and the game ends exactly when the text says it is won or lost.
 */
#include <string.h>

#include "dotld.h"

UD_INVARIANTS_BEGIN

#define CST(p) ((const dl_state *)(p))

static bool started(const dl_state *st)
{
    return st->phase != DL_PH_SETUP && st->phase != DL_PH_CHARACTER && st->phase != DL_PH_PICK;
}

static bool time_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    if (st->time > 6) { /* a byte: Time taken below 0 wraps round */
        ud_buf_printf(why, "Time below 0 (its byte reads %d) with a district Time of %d", st->time,
                      st->time_max);
        return false;
    }
    if (st->time > st->time_max || st->time_max > 6) {
        ud_buf_printf(why, "Time %d with a district Time of %d (a die: at most 6)", st->time, st->time_max);
        return false;
    }
    return true;
}

static bool counts_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    const int16_t v[4] = { st->healthy, st->infected, st->supplies, st->ammo };
    static const char *const name[4] = { "healthy", "infected", "supplies", "ammo" };
    for (int i = 0; i < 4; i++)
        if (v[i] < 0 || v[i] > DL_MAX_COUNT) {
            ud_buf_printf(why, "%s is %d, outside 0..%d", name[i], v[i], DL_MAX_COUNT);
            return false;
        }
    return true;
}

/* Five survivor dice: each shows a face, or is a locked 1 in the zombie
 * pool; a die is marked or held at most once.  The fight dice likewise. */
static bool dice_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    /* The counts are indexed by face, 1-6: slot 0 is a die showing no
     * face, so anything counted, marked or held there is a die (or a
     * mark) that is nowhere. */
    if (st->dice[0] || st->marked[0] || st->held[0] || st->fdice[0] || st->fmarked[0]) {
        ud_buf_printf(why, "face 0: %d survivor dice (%d marked, %d held), %d fight dice (%d marked)",
                      st->dice[0], st->marked[0], st->held[0], st->fdice[0], st->fmarked[0]);
        return false;
    }
    int on_table = st->locked;
    for (int f = 1; f <= 6; f++) {
        on_table += st->dice[f];
        if (st->marked[f] + st->held[f] > st->dice[f]) {
            ud_buf_printf(why, "%d survivor dice show %d but %d are marked and %d held", st->dice[f], f,
                          st->marked[f], st->held[f]);
            return false;
        }
    }
    if ((st->roll_no > 0 && on_table != DL_SURVIVOR_DICE) || (st->roll_no == 0 && on_table != 0)) {
        ud_buf_printf(why, "%d survivor dice on the table (locked 1s included) after %d rolls", on_table,
                      st->roll_no);
        return false;
    }
    if (st->roll_no > 3 || st->fight_roll > 3) {
        ud_buf_printf(why, "roll %d of the survivor dice, roll %d of the fight dice (at most 3 each)",
                      st->roll_no, st->fight_roll);
        return false;
    }
    if (st->fight_roll > 0) {
        int n = 0;
        for (int f = 1; f <= 6; f++) {
            n += st->fdice[f];
            if (st->fmarked[f] > st->fdice[f]) {
                ud_buf_printf(why, "%d fight dice show %d but %d are marked", st->fdice[f], f,
                              st->fmarked[f]);
                return false;
            }
        }
        if (n != st->fight_dice) {
            ud_buf_printf(why, "%d fight dice showing, %d in the fight", n, st->fight_dice);
            return false;
        }
    }
    return true;
}

static bool pawn_on_track(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    if (!started(st) || st->phase == DL_PH_OVER)
        return true;
    if (st->district_no >= DL_DISTRICTS_PLAYED ||
        st->order[DL_DISTRICTS_PLAYED - 1] != dl_content.outskirts) {
        ud_buf_printf(why, "district %d of %d, the last one %d (The Outskirts is %d)", st->district_no,
                      DL_DISTRICTS_PLAYED, st->order[DL_DISTRICTS_PLAYED - 1], dl_content.outskirts);
        return false;
    }
    for (int i = 0; i < DL_DISTRICTS_PLAYED; i++)
        for (int k = 0; k < i; k++)
            if (st->order[i] == st->order[k] || st->order[i] >= dl_content.n_districts) {
                ud_buf_printf(why, "district %d played twice or unknown", st->order[i]);
                return false;
            }
    if (st->space >= dl_current_district(st)->n_spaces) {
        ud_buf_printf(why, "space %d of a district with %d", st->space, dl_current_district(st)->n_spaces);
        return false;
    }
    /* both counted since the round began: each zombie space entered is a space entered */
    if (st->zombie_spaces > st->moved) {
        ud_buf_printf(why, "%d zombie spaces entered this round, %d spaces in all", st->zombie_spaces,
                      st->moved);
        return false;
    }
    return true;
}

/* The game is over exactly when decided; a won game stands on the
 * extraction zone with a survivor. */
static bool over_when_decided(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    bool over = st->phase == DL_PH_OVER;
    if (over != (st->result != DL_PLAYING)) {
        ud_buf_printf(why, "phase %s with result %d", g->phases[st->phase].name, st->result);
        return false;
    }
    if (st->result == DL_WON &&
        (dl_current_district(st)->kind[st->space] != DL_SP_EXTRACTION || dl_survivors(st) < 1)) {
        ud_buf_printf(why, "won on space %d with %d survivors", st->space, dl_survivors(st));
        return false;
    }
    return true;
}

/* "If at any time you run out of Time ... or if you lose your last
 * survivor, you lose the game": whenever a player is asked to decide, or a
 * round begins, no loss holds. */
static bool nobody_lost_unnoticed(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    bool resting = g->phases[st->phase].kind == UD_PHASE_DECISION || st->phase == DL_PH_ROUND_START;
    if (!resting || !started(st))
        return true;
    int need = st->n_players > 1 ? st->n_players : 1;
    if (dl_survivors(st) < need) {
        ud_buf_printf(why, "%d survivors for %d players and the game goes on", dl_survivors(st),
                      st->n_players);
        return false;
    }
    int kind = dl_current_district(st)->kind[st->space];
    if (st->time_out && kind != DL_SP_SAFE && kind != DL_SP_EXTRACTION) {
        ud_buf_printf(why, "out of Time away from the safe house and the game goes on");
        return false;
    }
    return true;
}

/* Tokens: the unflipped ones are those still to place and those face
 * down on this district or left on earlier ones. */
static bool tokens_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    if (!started(st))
        return true;
    int unseen = 0, down = 0;
    for (int i = 0; i < DL_MAX_TOKEN_KINDS; i++) {
        unseen += st->unseen[i];
        if (i >= dl_content.n_tokens && st->unseen[i]) {
            ud_buf_printf(why, "unseen token of kind %d, which does not exist", i);
            return false;
        }
        if (i < dl_content.n_tokens && st->unseen[i] > dl_content.token[i].count) {
            ud_buf_printf(why, "%d unseen '%s' tokens of %d", st->unseen[i], dl_content.token[i].name,
                          dl_content.token[i].count);
            return false;
        }
    }
    for (int s = 0; s < DL_MAX_SPACES; s++)
        down += st->face_down[s] != 0;
    if (st->token_pool + down > unseen) {
        ud_buf_printf(why, "%d tokens to place and %d face down, but only %d unflipped", st->token_pool, down,
                      unseen);
        return false;
    }
    return true;
}

/* Each stress card is in at most one place: the draw pile, active this
 * round (solo) or a player's hand (multiplayer). */
static bool stress_conserved(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    /* The hands counted in one pass (index: card + 1; 0 and any value
     * past the last card count nowhere), not a pass over every hand per
     * card: this runs at every stop of every fuzz input. */
    uint8_t held[DL_MAX_STRESS + 1] = { 0 };
    for (int seat = 0; seat < DL_MAX_PLAYERS; seat++) {
        unsigned c = st->stress_hand[seat];
        held[c <= DL_MAX_STRESS ? c : 0]++;
    }
    for (int i = 0; i < DL_MAX_STRESS; i++) {
        int places = (st->stress_deck[i] != 0) + (st->stress_active[i] != 0) + held[i + 1];
        if (places > 1 || (i >= dl_content.n_stress && places)) {
            ud_buf_printf(why, "stress card %d is in %d places", i, places);
            return false;
        }
        if (st->n_players > 1 && st->stress_active[i]) {
            ud_buf_printf(why, "stress card %d drawn face up in a multiplayer game", i);
            return false;
        }
    }
    for (int seat = st->n_players; seat < DL_MAX_PLAYERS; seat++)
        if (st->stress_hand[seat] || st->character[seat]) {
            ud_buf_printf(why, "seat %d is empty but holds a card", seat);
            return false;
        }
    /* stress-hand=may-hold: a card kept is a card held; the one asked about
     * is held and its condition met */
    for (int seat = 0; seat < DL_MAX_PLAYERS; seat++)
        if (((st->stress_kept >> seat) & 1u) && !st->stress_hand[seat]) {
            ud_buf_printf(why, "seat %d kept a stress card it does not hold", seat);
            return false;
        }
    if ((st->phase == DL_PH_STRESS_HOLD) != (st->stress_asked != 0)) {
        ud_buf_printf(why, "stress card asked about by seat %d in phase %d", st->stress_asked - 1, st->phase);
        return false;
    }
    if (st->stress_asked) {
        int seat = st->stress_asked - 1, c = seat < st->n_players ? st->stress_hand[seat] : 0;
        if (c > dl_content.n_stress) { /* past the cards: no condition to read */
            ud_buf_printf(why, "seat %d asked to play stress card %d of %d", seat, c, dl_content.n_stress);
            return false;
        }
        if (!c || !((st->met >> dl_content.stress[c - 1].when) & 1u)) {
            ud_buf_printf(why, "seat %d asked to play a stress card whose condition is not met", seat);
            return false;
        }
    }
    return true;
}

static bool events_in_range(const ud_game *g, const void *p, ud_buf *why)
{
    const dl_state *st = CST(p);
    if (st->event > dl_content.n_events || st->safe_step > 5 || st->infection_face > 6) {
        ud_buf_printf(why, "event %d of %d, safe-house step %d, infection face %d", st->event,
                      dl_content.n_events, st->safe_step, st->infection_face);
        return false;
    }
    if (st->infection_rolls > st->infected + 250) {
        ud_buf_printf(why, "%d infection rolls owed", st->infection_rolls);
        return false;
    }
    return true;
}

/* Negative Time: dl_lose_time never takes Time below 0, so no row mutant
 * can; this fault takes it anyway, for DL-INV-TIME to catch.  The others
 * are faults of amounts (game.h, ud_fault), each asked for in the guard
 * or effect of the row it names (rules.c). */
const ud_fault dl_faults[DL_N_FAULTS] = {
    [DL_FAULT_TIME_BELOW_ZERO] = { "time-below-zero", "DL-INV-TIME",
                                   "a loss of Time owed with none left takes Time below 0", NULL },
    [DL_FAULT_SUPPLIES_ROUND_UP] = { "supplies-round-up", NULL,
                                     "the safe house's supplies are half the survivors rounded up, not down",
                                     "DL-SUPPLIES" },
    [DL_FAULT_SCAVENGE_3_ONE_SUPPLY] = { "scavenge-3-one-supply", NULL,
                                         "a Scavenger 3 finds one supply, not two", "DL-SCAVENGE-3" },
    [DL_FAULT_AMMO_ONE_PAST] = { "ammo-one-past", NULL, "a fight may spend one ammo more than the party has",
                                 "DL-AMMO" },
    [DL_FAULT_REROLLED_ONES_COST_ONE] = { "rerolled-ones-cost-one", NULL,
                                          "rerolled fight dice showing 1 cost one Time however many",
                                          "DL-REROLLED-ONE" },
    [DL_FAULT_TWOS_ONE_FREE] = { "twos-one-free", NULL, "the roll's first 2 costs no Time", "DL-POOLS" },
    [DL_FAULT_MOVE_ONE_PAST] = { "move-one-past", NULL, "the party moves one space more than its dice allow",
                                 "DL-MOVE" },
};

/* The numbers rows read as data (game.h, ud_number). */
const ud_number dl_numbers[DL_N_NUMBERS] = {
    /* "spend supplies equal to half the number of Survivors ... round down" */
    [DL_NUM_SUPPLIES_HALF] = { "DL-SUPPLIES", "half of the survivors", 0, UD_NUMBER_ROUNDING, 0 },
    /* the ammo a fight may spend goes up to the party's, where the fight's
     * dice do not bound it first */
    [DL_NUM_AMMO_BOUND] = { "DL-AMMO", "ammo offered, up to the party's", 0, UD_NUMBER_BOUND, 0 },
};

/* ---- all the rows at once ---------------------------------------------------------- */

/* The engine checks every row above after every firing of a checked run
 * (`undead verify`'s readings and combinations fire some 300 million
 * rows): one call per row, each with its early exits and a loop per card,
 * token kind or space, was three fifths of verify's time for this game.
 * dl_invariants_hold asks the same questions at once, without text and
 * with no branch per card or space; only where it cannot say they all
 * hold does the engine ask the rows one by one, which find what broke
 * and say so.  Each quick test below holds exactly where its row does
 * (tests/test_dotld.c compares them on every state of played games and
 * of those states with a byte changed). */
#define QUICK static inline __attribute__((always_inline))

/* Bit i set where b[i] is not 0, for eight bytes.  On a little-endian
 * machine a word at a time: the top bit of each byte that is not 0,
 * gathered into the top byte by one multiplication (the shifted copies
 * land on distinct bits, so nothing carries); elsewhere byte by byte. */
QUICK unsigned nonzero_bits8(const uint8_t *b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
    uint64_t x;
    memcpy(&x, b, sizeof x);
    uint64_t top = (((x & low7) + low7) | x) & ~low7;
    return (unsigned)((top * UINT64_C(0x0002040810204081)) >> 56);
#else
    unsigned m = 0;
    for (int i = 0; i < 8; i++)
        m |= (unsigned)(b[i] != 0) << i;
    return m;
#endif
}

/* The same for sixteen bytes. */
QUICK unsigned nonzero_bits16(const uint8_t *b) { return nonzero_bits8(b) | nonzero_bits8(b + 8) << 8; }

/* Eight bytes as a word, in memory order (sums and lane-by-lane tests
 * below read it the same whatever the byte order). */
QUICK uint64_t word8(const uint8_t *b)
{
    uint64_t x;
    memcpy(&x, b, sizeof x);
    return x;
}

#define DL_TOP8 UINT64_C(0x8080808080808080)
#define DL_ONES8 UINT64_C(0x0101010101010101)

/* How many of eight bytes are not 0. */
QUICK int nonzero_count8(const uint8_t *b)
{
    uint64_t x = word8(b), top = (((x & ~DL_TOP8) + ~DL_TOP8) | x) & DL_TOP8;
    return (int)(((top >> 7) * DL_ONES8) >> 56); /* at most 8: no lane carries */
}

/* The sum of sixteen bytes: pairs of bytes into 16-bit lanes, then the
 * lanes summed by one multiplication (at most 4,080: nothing carries). */
QUICK int byte_sum16(const uint8_t *b)
{
    const uint64_t even = UINT64_C(0x00ff00ff00ff00ff);
    uint64_t x = word8(b), y = word8(b + 8);
    uint64_t pairs = (x & even) + ((x >> 8) & even) + (y & even) + ((y >> 8) & even);
    return (int)((pairs * UINT64_C(0x0001000100010001)) >> 48);
}

/* Bytes of a above bytes of cap, lane by lane, for caps under 128: the
 * top bit of a lane set where its byte is over.  A byte of a under 128
 * is subtracted from its cap with the top bit set, which no lane
 * borrows past: the top bit stays set exactly when the cap is not
 * below it. */
QUICK uint64_t over_cap8(uint64_t a, uint64_t cap)
{
    return (a | ~((cap | DL_TOP8) - (a & ~DL_TOP8))) & DL_TOP8;
}

QUICK bool time_quick(const dl_state *st) { return st->time <= st->time_max && st->time_max <= 6; }

QUICK bool counts_quick(const dl_state *st)
{
    /* a negative count read as unsigned is far above the limit */
    return (uint16_t)st->healthy <= DL_MAX_COUNT && (uint16_t)st->infected <= DL_MAX_COUNT &&
           (uint16_t)st->supplies <= DL_MAX_COUNT && (uint16_t)st->ammo <= DL_MAX_COUNT;
}

QUICK bool dice_quick(const dl_state *st)
{
    unsigned bad = st->dice[0] | st->marked[0] | st->held[0] | st->fdice[0] | st->fmarked[0];
    int on_table = st->locked, fight = 0;
    unsigned fbad = 0;
    for (int f = 1; f <= 6; f++) {
        on_table += st->dice[f];
        bad |= st->marked[f] + st->held[f] > st->dice[f];
        fight += st->fdice[f];
        fbad |= st->fmarked[f] > st->fdice[f];
    }
    bad |= on_table != (st->roll_no > 0 ? DL_SURVIVOR_DICE : 0);
    bad |= (st->roll_no > 3) | (st->fight_roll > 3);
    bad |= (st->fight_roll > 0) & (fbad | (fight != st->fight_dice));
    return !bad;
}

QUICK bool pawn_quick(const dl_state *st)
{
    if (!started(st) || st->phase == DL_PH_OVER)
        return true;
    const uint8_t *o = st->order;
    /* the row's loop: a district after the first is unknown or repeated */
    unsigned bad = (st->district_no >= DL_DISTRICTS_PLAYED) | (o[3] != dl_content.outskirts);
    bad |= (o[1] >= dl_content.n_districts) | (o[1] == o[0]);
    bad |= (o[2] >= dl_content.n_districts) | (o[2] == o[0]) | (o[2] == o[1]);
    bad |= (o[3] >= dl_content.n_districts) | (o[3] == o[0]) | (o[3] == o[1]) | (o[3] == o[2]);
    if (bad)
        return false;
    return st->space < dl_current_district(st)->n_spaces && st->zombie_spaces <= st->moved;
}

QUICK bool over_quick(const dl_state *st)
{
    if ((st->phase == DL_PH_OVER) != (st->result != DL_PLAYING))
        return false;
    return st->result != DL_WON ||
           (dl_current_district(st)->kind[st->space] == DL_SP_EXTRACTION && dl_survivors(st) >= 1);
}

QUICK bool not_lost_quick(const ud_game *g, const dl_state *st)
{
    bool resting = g->phases[st->phase].kind == UD_PHASE_DECISION || st->phase == DL_PH_ROUND_START;
    if (!resting || !started(st))
        return true;
    int need = st->n_players > 1 ? st->n_players : 1;
    if (dl_survivors(st) < need)
        return false;
    int kind = dl_current_district(st)->kind[st->space];
    return !st->time_out || kind == DL_SP_SAFE || kind == DL_SP_EXTRACTION;
}

QUICK bool tokens_quick(const dl_state *st)
{
    if (!started(st))
        return true;
    _Static_assert(DL_MAX_TOKEN_KINDS == 16 && DL_MAX_SPACES % 8 == 0, "the kinds and spaces in words");
    /* a kind past the content's has a cap of 0 (dl_tables.token_cap) */
    uint64_t over = over_cap8(word8(st->unseen), word8(dl_content.token_cap)) |
                    over_cap8(word8(st->unseen + 8), word8(dl_content.token_cap + 8));
    int down = 0;
    for (int s = 0; s < DL_MAX_SPACES; s += 8)
        down += nonzero_count8(st->face_down + s);
    return !over && st->token_pool + down <= byte_sum16(st->unseen);
}

QUICK bool stress_quick(const dl_state *st)
{
    _Static_assert(DL_MAX_STRESS == 16 && DL_MAX_PLAYERS == 8, "cards and seats fill the masks");
    /* the places a card is in, as masks of cards: a card in two of them,
     * or in two hands, is in more than one place */
    unsigned hand = 0, twice = 0;
    /* The seats at the table only: a card held past them is found below
     * (holding & ~seated), and the state is broken whatever else holds. */
    int seats = st->n_players < DL_MAX_PLAYERS ? st->n_players : DL_MAX_PLAYERS;
    for (int seat = 0; seat < seats; seat++) {
        unsigned c = st->stress_hand[seat];
        unsigned bit = c - 1u < DL_MAX_STRESS ? 1u << (c - 1u) : 0; /* 0 and past the last: nowhere */
        twice |= hand & bit;
        hand |= bit;
    }
    unsigned deck = nonzero_bits16(st->stress_deck);
    unsigned active = nonzero_bits16(st->stress_active);
    unsigned cards = (1u << dl_content.n_stress) - 1u;
    unsigned bad = twice | (deck & active) | (deck & hand) | (active & hand);
    bad |= (deck | active | hand) & ~cards;
    bad |= (st->n_players > 1) & (active != 0);
    /* the seats past the players hold nothing; a card kept is held */
    unsigned holding = nonzero_bits8(st->stress_hand);
    unsigned seated = st->n_players < DL_MAX_PLAYERS ? (1u << st->n_players) - 1u : 0xffu;
    bad |= (holding | nonzero_bits8(st->character)) & ~seated;
    bad |= st->stress_kept & ~holding;
    bad |= (st->phase == DL_PH_STRESS_HOLD) != (st->stress_asked != 0);
    if (bad)
        return false;
    if (!st->stress_asked)
        return true;
    int seat = st->stress_asked - 1;
    unsigned c = seat < st->n_players ? st->stress_hand[seat] : 0;
    if (c > DL_MAX_STRESS)
        return false; /* no card of the content, as the row says */
    return c && ((st->met >> dl_content.stress[c - 1].when) & 1u);
}

QUICK bool events_quick(const dl_state *st)
{
    return st->event <= dl_content.n_events && st->safe_step <= 5 && st->infection_face <= 6 &&
           st->infection_rolls <= st->infected + 250;
}

const ud_invariant dl_invariants[DL_N_INVARIANTS] = {
    { "DL-INV-TIME", "Time is never below 0 nor above the district's value (at most 6)", time_in_range },
    { "DL-INV-COUNTS",
      "healthy, infected, supplies and ammo are never below 0, nor above undead's limit (the text sets none; a row that would pass it stops the game naming the limit first)",
      counts_in_range },
    { "DL-INV-DICE",
      "every survivor and fight die is in exactly one place, showing a face 1-6; at most three rolls",
      dice_conserved },
    { "DL-INV-PAWN",
      "the pawn is on a real space of the current district; The Outskirts last; no more zombie spaces entered than spaces",
      pawn_on_track },
    { "DL-INV-OVER", "the game is over exactly when won or lost; a win stands on the extraction zone",
      over_when_decided },
    { "DL-INV-NOT-LOST", "no decision is asked of a party that has lost", nobody_lost_unnoticed },
    { "DL-INV-TOKENS", "exploration tokens are conserved", tokens_conserved },
    { "DL-INV-STRESS", "each stress card is in one place at most; a card kept or asked about is held",
      stress_conserved },
    { "DL-INV-EVENTS", "the event drawn and the safe-house step are in range", events_in_range },
};

_Static_assert(DL_N_INVARIANTS == 9, "a new invariant row: add its quick test to dl_invariants_hold");

/* Every row's quick test (ud_game.invariants_hold); false for a game
 * whose invariants are another array, which asks its rows. */
bool dl_invariants_hold(const ud_game *g, const void *p)
{
    if (g->invariants != dl_invariants)
        return false;
    const dl_state *st = CST(p);
    return time_quick(st) && counts_quick(st) && dice_quick(st) && events_quick(st) && stress_quick(st) &&
           tokens_quick(st) && pawn_quick(st) && over_quick(st) && not_lost_quick(g, st);
}

UD_INVARIANTS_END
