/*
 * rules.c - every rule of Dice of the Living Dead (002) as a row of the
 * spec table, guards and effects above the list, in the order a round
 * meets them.  The list at the end (DL_RULE_LIST) gives both the rule
 * array and the compiled runner (core/compiled.h), so the checker and the
 * simulator run the same rows; the interpreter stays the reference.
 *
 * Two habits of this table:
 * - "At any time" (002, Losing the Game): every row that can cost Time or
 *   a survivor, or meet a stress card's condition, hands over to the CHECK
 *   phase (dl_check_then), whose rows play stress cards and look for a
 *   loss before the game goes on where it was.
 * - A decision the text lets any player take over once a game (Final
 *   Say, multiplayer) is entered through dl_go_to, which first asks the
 *   other players in turn whether they take it.
 */
#include <stdio.h>
#include <string.h>

#include "compiled.h"
#include "dotld.h"
#include "dotld_rows.h"

#define S002 "002_1e442ea09f23bb8e.txt"
/* Abilities: 002 says "Each character has two abilities that impact the
 * game" and names none; which ones undead's sample characters and items
 * have is content (spec/dotld/content/), not the rulebook. */
#define SAMPLE S002
#define ST(p) ((dl_state *)ud_mutable(p))
#define CST(p) ((const dl_state *)(p))
#define D(st) dl_current_district(st)

enum { BATCH = 20 }; /* outcomes per chance line: lines stay under UD_MAX_LINE_WORDS */

static const char *const face_labels[7] = { "0", "1", "2", "3", "4", "5", "6" };

static const char *die_label(const void *ctx, int i) { return face_labels[i + 1]; }

/* A d6 through the chance source: 1..6, or 0 on a failure (s->fail set). */
static int roll_d6(ud_step *s, const char *verb) { return ud_pick(s, verb, 6, die_label, NULL) + 1; }

static bool solo(const dl_state *st) { return st->n_players == 1; }

static int kind_here(const dl_state *st) { return D(st)->kind[st->space]; }

/* ---- moving between phases ---------------------------------------------------------- */

static bool final_say_decision(int phase)
{
    return phase == DL_PH_REROLL || phase == DL_PH_FIGHT || phase == DL_PH_WAY || phase == DL_PH_AMMO ||
           phase == DL_PH_EVENT;
}

/* The next seat after `from` (clockwise from the leader) that may still
 * take final say, or -1. */
static int next_final_say(const dl_state *st, int from)
{
    for (int k = from + 1; k < st->leader + st->n_players; k++) {
        int seat = k % st->n_players;
        if (!((st->final_say_used >> seat) & 1u))
            return seat;
    }
    return -1;
}

/* Go to phase ph; a decision any player may take over is first offered. */
static void dl_go_to(dl_state *st, int ph)
{
    st->final_say_by = 0;
    st->asking = 0;
    if (!solo(st) && final_say_decision(ph)) {
        int seat = next_final_say(st, st->leader);
        if (seat >= 0) {
            st->final_say_for = (uint8_t)ph;
            st->asking = (uint8_t)(seat + 1);
            st->phase = DL_PH_FINAL_SAY;
            return;
        }
    }
    st->phase = (uint8_t)ph;
}

/* "At any time": look for stress cards to play and a loss, then go on. */
static void dl_check_then(dl_state *st, int resume)
{
    st->resume = (uint8_t)resume;
    st->phase = DL_PH_CHECK;
}

static void finish(dl_state *st, int result)
{
    st->result = (uint8_t)result;
    st->phase = DL_PH_OVER;
}

/* ---- set-up ---------------------------------------------------------------------------- */

static void seat_players(void *p, ud_step *s)
{
    int n = ud_setup_player_count(s->setup);
    int party = dl_content_max_players(); /* "Each player is given a Character" */
    if (n < 1 || (n > 1 && n > party)) {
        ud_failf(s, UD_FAIL_RULE, s->rule->id,
                 "Dice of the Living Dead is played solo or by a party of at most %d (a character each, "
                 "not The Doctor), not %d",
                 party, n);
        return;
    }
    ST(p)->n_players = (uint8_t)n;
}

static void party(void *p, ud_step *s)
{
    dl_state *st = ST(p); /* values a start line gave stay as given */
    if (!(st->preset & DL_PRE_HEALTHY))
        st->healthy = 12;
    if (!(st->preset & DL_PRE_INFECTED))
        st->infected = 0;
    if (!(st->preset & DL_PRE_SUPPLIES))
        st->supplies = 6;
    if (!(st->preset & DL_PRE_AMMO))
        st->ammo = 6;
}

static void harder(void *p, ud_step *s)
{
    if (!(ST(p)->preset & DL_PRE_SUPPLIES))
        ST(p)->supplies = 5;
    if (!(ST(p)->preset & DL_PRE_AMMO))
        ST(p)->ammo = 5;
}

static bool several(const void *p, const ud_step *s) { return CST(p)->n_players > 1; }

static void extra_survivors(void *p, ud_step *s)
{
    ST(p)->healthy = dl_count(s, ST(p)->healthy + ST(p)->n_players - 1, "healthy survivors");
}

static void street_map(void *p, ud_step *s) { ST(p)->items |= (uint8_t)(1u << dl_content.street_map); }

static void first_aid_kit(void *p, ud_step *s) { ST(p)->items |= (uint8_t)(1u << dl_content.first_aid_kit); }

static void shuffle_decks(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    for (int i = 0; i < dl_content.n_stress; i++)
        st->stress_deck[i] = 1;
    for (int i = 0; i < dl_content.n_events; i++)
        st->event_left[i] = 1;
    for (int i = 0; i < dl_content.n_tokens; i++)
        st->unseen[i] = (uint8_t)dl_content.token[i].count;
    st->token_pool = (uint8_t)dl_content.n_token_total;
}

/* Labels for picks among what is left: ctx points at a filled table. */
typedef struct choices {
    int n;
    int index[64];
    const char *label[64];
} choices;

static const char *choice_label(const void *ctx, int i) { return ((const choices *)ctx)->label[i]; }

static void choices_add(choices *c, int index, const char *label)
{
    if (c->n < 64) {
        c->index[c->n] = index;
        c->label[c->n] = label;
        c->n++;
    }
}

static void deal_districts(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    uint32_t taken = 0;
    char line[UD_MAX_LINE] = "districts";
    int k = 0;
    bool at_outskirts = (st->preset & DL_PRE_DISTRICT) && st->preset_district - 1 == dl_content.outskirts;
    if ((st->preset & DL_PRE_DISTRICT) && !at_outskirts) { /* a start line chose the first district */
        st->order[k++] = (uint8_t)(st->preset_district - 1);
        taken |= 1u << (st->preset_district - 1);
    }
    for (; k < DL_DISTRICTS_PLAYED - 1; k++) {
        choices c = { 0 };
        for (int i = 0; i < dl_content.n_districts; i++)
            if (i != dl_content.outskirts && !((taken >> i) & 1u))
                choices_add(&c, i, dl_content.district[i].name);
        int pick = ud_pick(s, "districts", c.n, choice_label, &c);
        if (pick < 0)
            return;
        st->order[k] = (uint8_t)c.index[pick];
        taken |= 1u << c.index[pick];
        strncat(line, " ", sizeof line - strlen(line) - 1);
        strncat(line, c.label[pick], sizeof line - strlen(line) - 1);
    }
    st->order[DL_DISTRICTS_PLAYED - 1] = (uint8_t)dl_content.outskirts;
    /* a start line may put the party on the last district at once */
    st->district_no = at_outskirts ? DL_DISTRICTS_PLAYED - 1 : 0;
    st->phase = DL_PH_CHARACTER;
    UD_EMIT(s, "%s", line);
}

/* ---- characters and (multiplayer) stress hands ------------------------------------------ */

static bool hands_empty(const void *p, const ud_step *s)
{
    return CST(p)->n_players > 1 && CST(p)->stress_hand[0] == 0;
}

/* One stress card from the draw pile into *to (index + 1), reshuffling
 * the discards when the pile is empty; false on a chance failure. */
static bool draw_stress(dl_state *st, ud_step *s, const char *verb, uint8_t *to)
{
    choices c = { 0 };
    for (int pass = 0; pass < 2 && c.n == 0; pass++) {
        for (int i = 0; i < dl_content.n_stress; i++)
            if (st->stress_deck[i])
                choices_add(&c, i, dl_content.stress[i].name);
        if (c.n == 0) {
            /* 002, Movement: "If the Stress Card deck is empty, reshuffle and form a new."
             * Cards in a hand or active this round stay where they are. */
            for (int i = 0; i < dl_content.n_stress; i++) {
                bool held = st->stress_active[i] != 0;
                for (int seat = 0; seat < st->n_players; seat++)
                    held |= st->stress_hand[seat] == i + 1;
                st->stress_deck[i] = !held;
            }
        }
    }
    if (c.n == 0)
        return true; /* every card is out: nothing to draw */
    int pick = ud_pick(s, verb, c.n, choice_label, &c);
    if (pick < 0)
        return false;
    st->stress_deck[c.index[pick]] = 0;
    *to = (uint8_t)(c.index[pick] + 1);
    UD_EMIT(s, "%s %s", verb, c.label[pick]);
    return true;
}

static void deal_stress_hands(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    for (int seat = 0; seat < st->n_players; seat++)
        if (!draw_stress(st, s, "stress-deal", &st->stress_hand[seat]))
            return;
}

static void deal_characters(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    for (int seat = 0; seat < st->n_players; seat++) {
        choices c = { 0 };
        for (int i = 0; i < dl_content.n_characters; i++) {
            bool taken = false;
            for (int k = 0; k < seat; k++)
                taken |= st->character[k] == i + 1;
            if (!taken && !(st->n_players > 1 && dl_content.character[i].solo_only))
                choices_add(&c, i, dl_content.character[i].name);
        }
        if (c.n == 0) {
            ud_failf(s, UD_FAIL_RULE, s->rule->id, "no character left for %s (the content has %d)",
                     ud_player(s, seat), dl_content.n_characters);
            return;
        }
        int pick = ud_pick(s, "character", c.n, choice_label, &c);
        if (pick < 0)
            return;
        st->character[seat] = (uint8_t)(c.index[pick] + 1);
        UD_EMIT(s, "character %s", c.label[pick]);
        UD_EMIT(s, "leads %s %s", ud_player(s, seat), c.label[pick]);
    }
    st->phase = DL_PH_DISTRICT;
}

static void to_pick(void *p, ud_step *s) { ST(p)->phase = DL_PH_PICK; }

static int first_without_character(const dl_state *st)
{
    for (int seat = 0; seat < st->n_players; seat++)
        if (!st->character[seat])
            return seat;
    return -1;
}

UD_OFFER_ROW(offer_characters, p, s)
{
    const dl_state *st = CST(p);
    for (int i = 0; i < dl_content.n_characters; i++) {
        bool taken = false;
        for (int k = 0; k < st->n_players; k++)
            taken |= st->character[k] == i + 1;
        if (!taken && !(st->n_players > 1 && dl_content.character[i].solo_only)) {
            ud_action a = { DL_ACT_CHARACTER, { i + 1 } };
            ud_offer_action(s, &a);
        }
    }
}

static bool chose_character(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_CHARACTER; }

static void take_character(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = first_without_character(st);
    int c = s->action.arg[0];
    if (seat < 0 || c < 1 || c > dl_content.n_characters)
        return; /* not offered: the engine never passes it */
    st->character[seat] = (uint8_t)c;
    UD_EMIT(s, "leads %s %s", ud_player(s, seat), dl_content.character[c - 1].name);
    if (first_without_character(st) < 0)
        st->phase = DL_PH_DISTRICT;
}

/* ---- a district ----------------------------------------------------------------------------- */

static bool tokens_here(const void *p, const ud_step *s)
{
    return ud_reading(s, DL_V_TOKENS) == DL_TOKENS_EVERY_DISTRICT || CST(p)->district_no == 0;
}

static void place_tokens(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    const dl_district *d = D(st);
    int placed = 0;
    memset(st->face_down, 0, sizeof st->face_down);
    for (int sp = 0; sp < d->n_spaces; sp++)
        if (d->kind[sp] == DL_SP_EXPLORE && st->token_pool > 0) {
            st->face_down[sp] = 1;
            st->token_pool--;
            placed++;
        }
    UD_EMIT(s, "tokens placed=%d left=%d", placed, st->token_pool);
}

static void flip_district(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    const dl_district *d = D(st);
    if (st->district_no > 0 && ud_reading(s, DL_V_TOKENS) == DL_TOKENS_FIRST_ONLY)
        memset(st->face_down, 0, sizeof st->face_down);
    st->space = 0;
    st->time = st->time_max = (uint8_t)d->time;
    if (st->preset & DL_PRE_TIME)
        st->time = st->preset_time; /* a start line's Time, for the first district only */
    if (st->preset & DL_PRE_SPACE)
        st->space = st->preset_space;
    st->preset &= (uint8_t) ~(DL_PRE_TIME | DL_PRE_SPACE);
    st->time_out = 0;
    st->phase = DL_PH_ROUND_START;
    UD_EMIT(s, "district %s time=%d", d->name, d->time);
}

/* ---- the start of a round ----------------------------------------------------------------- */

static bool not_first_round(const void *p, const ud_step *s)
{
    return CST(p)->n_players > 1 && CST(p)->round > 0;
}

static void pass_leadership(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->leader = (uint8_t)((st->leader + 1) % st->n_players);
}

static void begin_round(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->round++;
    st->roll_no = 0;
    memset(st->dice, 0, sizeof st->dice);
    memset(st->marked, 0, sizeof st->marked);
    memset(st->held, 0, sizeof st->held);
    st->locked = st->scavenger = st->scavenger_marked = st->scavenger_used = st->zombie_face = 0;
    st->zombies = 0;
    st->move_dice = st->fight_pool = st->move_faces = st->moves_left = st->moved = 0;
    st->lookout_used = st->scout_used = st->move_started = st->zombie_spaces = 0;
    st->met = 0;
    st->stress_kept = 0;
    st->roll_pending = 1;
    st->phase = DL_PH_ROLL;
    UD_EMIT(s, "round %d leader %s", st->round, ud_player(s, st->leader));
}

/* ---- 2. roll dice ----------------------------------------------------------------------------- */

static bool first_roll(const void *p, const ud_step *s)
{
    return CST(p)->roll_pending && CST(p)->roll_no == 0;
}

/* n dice rolled for a chance line `verb` (survivors, fight), written in
 * lines of at most BATCH; how many show each face is added to count[]. */
static bool roll_faces(ud_step *s, const char *verb, int n, int count[7])
{
    char line[UD_MAX_LINE];
    /* the dice are kept as counts: their order changes nothing */
    ud_exchangeable_begin(s);
    while (n > 0) {
        int k = n < BATCH ? n : BATCH;
        if (s->sink)
            snprintf(line, sizeof line, "%s", verb);
        for (int i = 0; i < k; i++) {
            int f = roll_d6(s, verb);
            if (!f) {
                ud_exchangeable_end(s);
                return false;
            }
            count[f]++;
            if (s->sink) { /* the line only when a transcript is written */
                strncat(line, " ", sizeof line - strlen(line) - 1);
                strncat(line, face_labels[f], sizeof line - strlen(line) - 1);
            }
        }
        UD_EMIT(s, "%s", line);
        n -= k;
    }
    ud_exchangeable_end(s);
    return true;
}

static bool roll_survivor_dice(dl_state *st, ud_step *s, int n)
{
    int count[7] = { 0 };
    if (!roll_faces(s, "survivors", n, count))
        return false;
    for (int f = 1; f <= 6; f++)
        st->dice[f] = (uint8_t)(st->dice[f] + count[f]);
    return true;
}

static bool roll_scavenger(dl_state *st, ud_step *s)
{
    int f = roll_d6(s, "scavenger");
    if (!f)
        return false;
    st->scavenger = (uint8_t)f;
    st->scavenger_rolled = 1;
    UD_EMIT(s, "scavenger %d", f);
    return true;
}

static void roll_everything(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    if (!roll_survivor_dice(st, s, DL_SURVIVOR_DICE) || !roll_scavenger(st, s))
        return;
    int z = roll_d6(s, "zombie-die");
    if (!z)
        return;
    st->zombie_face = (uint8_t)z;
    int zombies = ud_reading(s, DL_V_ZOMBIE_DIE) == DL_ZDIE_ONE_EACH ? 1 : dl_content.zombie_face[z];
    st->zombies = (uint16_t)(st->zombies + zombies);
    st->roll_no = 1;
    st->roll_pending = 0;
    UD_EMIT(s, "zombie-die %d", z);
    UD_EMIT(s, "zombie-pool +%d =%d", zombies, st->zombies);
}

static bool reroll_pending(const void *p, const ud_step *s)
{
    return CST(p)->roll_pending && CST(p)->roll_no > 0;
}

static void reroll_marked(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int n = 0;
    for (int f = 1; f <= 6; f++) {
        st->dice[f] = (uint8_t)(st->dice[f] - st->marked[f]);
        n += st->marked[f];
        st->marked[f] = 0;
    }
    if (!roll_survivor_dice(st, s, n))
        return;
    if (st->scavenger_marked) {
        st->scavenger_marked = 0;
        if (!roll_scavenger(st, s))
            return;
    }
    st->roll_no++;
    st->roll_pending = 0;
}

static bool rolled_ones(const void *p, const ud_step *s)
{
    return !CST(p)->roll_pending && CST(p)->dice[1] > 0;
}

/* "all Survivor Dice showing "1" cannot be re-rolled. Immediately place it
 * in the zombie pool" */
static void lock_ones(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int n = st->dice[1];
    st->locked = (uint8_t)(st->locked + n);
    st->zombies = (uint16_t)(st->zombies + n);
    st->held[1] = st->dice[1] = 0;
    dl_met(st, s, DL_C_ZOMBIE_ONE);
    UD_EMIT(s, "zombie-pool +%d =%d locked=%d", n, st->zombies, st->locked);
}

static bool scavenger_rolled_one(const void *p, const ud_step *s)
{
    return !CST(p)->roll_pending && CST(p)->scavenger_rolled && CST(p)->scavenger == 1;
}

static void lurking_zombie(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->scavenger_rolled = 0;
    dl_met(st, s, DL_C_LURKING);
    int n = dl_infect(st, s, 1);
    UD_EMIT(s, "lurking-zombie infected=%d healthy=%d infected-total=%d", n, st->healthy, st->infected);
}

static bool rolls_done(const void *p, const ud_step *s) { return !CST(p)->roll_pending; }

static void after_roll(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->scavenger_rolled = 0;
    dl_check_then(st, st->roll_no < 3 ? DL_PH_REROLL : DL_PH_POOLS);
}

static const ud_action mark_scavenger_action = { DL_ACT_MARK_SCAVENGER, { 0 } },
                       roll_action = { DL_ACT_ROLL, { 0 } }, keep_action = { DL_ACT_KEEP, { 0 } };

/* The reroll decision, die by die: "mark F" sets one die showing F aside
 * to reroll, "mark-scavenger" the scavenger die; "roll" rolls what is
 * marked; "keep" ends the rolling. */
UD_OFFER_ROW(offer_rerolls, p, s)
{
    const dl_state *st = CST(p);
    /* each action once: no search for duplicates (ud_offer_new) */
    for (int f = 2; f <= 6; f++)
        if (st->dice[f] > st->marked[f] + st->held[f]) {
            ud_action a = { DL_ACT_MARK, { f } };
            ud_offer_new(s, &a);
        }
    if (!st->scavenger_marked)
        ud_offer_new(s, &mark_scavenger_action);
    if (dl_dice_marked(st) > 0)
        ud_offer_new(s, &roll_action);
    ud_offer_new(s, &keep_action);
}

static bool chose_mark(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_MARK; }

static void mark_die(void *p, ud_step *s) { ST(p)->marked[s->action.arg[0]]++; }

static bool chose_mark_scavenger(const void *p, const ud_step *s)
{
    return s->action.kind == DL_ACT_MARK_SCAVENGER;
}

static void mark_scavenger(void *p, ud_step *s) { ST(p)->scavenger_marked = 1; }

static bool chose_roll(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_ROLL; }

static void roll_again(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    if (st->final_say_by) {
        /* 002, Final Say: the dice kept "may not be rerolled this turn" */
        for (int f = 2; f <= 6; f++)
            st->held[f] = (uint8_t)(st->dice[f] - st->marked[f]);
        UD_EMIT(s, "final-say %s keeps the unmarked dice", ud_player(s, st->final_say_by - 1));
    }
    st->roll_pending = 1;
    st->phase = DL_PH_ROLL;
}

static bool chose_keep(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_KEEP; }

static void keep_dice(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    memset(st->marked, 0, sizeof st->marked);
    st->scavenger_marked = 0;
    st->phase = DL_PH_POOLS;
}

/* "place all Survivor Dice showing 3 and 4 in the Movement Pool and all
 * Survivor Dice showing 5 or 6 in the Fight Dice Pool. Then lose 1 Time
 * for each Survivor Dice showing 2" */
static void fill_pools(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->move_dice = (uint8_t)(st->dice[3] + st->dice[4]);
    st->move_faces = (uint8_t)(3 * st->dice[3] + 4 * st->dice[4]);
    st->fight_pool = (uint8_t)(st->dice[5] + st->dice[6]);
    int twos = st->dice[2];
    if (twos > 0 && ud_fault_on(&dl_faults[DL_FAULT_TWOS_ONE_FREE]))
        twos--; /* the fault: the first 2 costs no Time */
    dl_lose_time(st, s, twos);
    UD_EMIT(s, "pools move=%d fight=%d time -%d =%d", st->move_dice, st->fight_pool, twos, st->time);
    dl_check_then(st, DL_PH_SCAVENGE);
}

/* ---- 3. scavenging ------------------------------------------------------------------------------ */

static bool scavenged(const void *p, int face) { return CST(p)->scavenger == face; }
static bool scav_1(const void *p, const ud_step *s) { return scavenged(p, 1); }
static bool scav_2(const void *p, const ud_step *s) { return scavenged(p, 2); }
static bool scav_3(const void *p, const ud_step *s) { return scavenged(p, 3); }
static bool scav_4(const void *p, const ud_step *s) { return scavenged(p, 4); }
static bool scav_5(const void *p, const ud_step *s) { return scavenged(p, 5); }
static bool scav_6(const void *p, const ud_step *s) { return scavenged(p, 6); }

static void scavenge_done(dl_state *st, ud_step *s, const char *what)
{
    st->scavenger_used = st->scavenger;
    UD_EMIT(s, "scavenge %d %s", st->scavenger, what);
    dl_check_then(st, DL_PH_MOVE);
}

static void lurking_resolved(void *p, ud_step *s)
{
    dl_met(ST(p), s, DL_C_NO_FIND);
    scavenge_done(ST(p), s, "resolved-when-rolled");
}

static void gain_supplies_1(void *p, ud_step *s)
{
    ST(p)->supplies = dl_count(s, ST(p)->supplies + 1, "supplies");
    scavenge_done(ST(p), s, "supplies +1");
}

static void gain_supplies_2(void *p, ud_step *s)
{
    /* the fault: a 3 finds one supply, not two */
    int found = ud_fault_on(&dl_faults[DL_FAULT_SCAVENGE_3_ONE_SUPPLY]) ? 1 : 2;
    ST(p)->supplies = dl_count(s, ST(p)->supplies + found, "supplies");
    scavenge_done(ST(p), s, "supplies +2");
}

static void gain_survivor(void *p, ud_step *s)
{
    dl_met(ST(p), s, DL_C_NO_FIND);
    ST(p)->healthy = dl_count(s, ST(p)->healthy + 1, "healthy survivors");
    scavenge_done(ST(p), s, "healthy +1");
}

static void gain_ammo(void *p, ud_step *s)
{
    ST(p)->ammo = dl_count(s, ST(p)->ammo + 2, "ammo");
    scavenge_done(ST(p), s, "ammo +2");
}

static void six_to_choose(void *p, ud_step *s)
{
    dl_met(ST(p), s, DL_C_NO_FIND);
    ST(p)->phase = DL_PH_SIX;
}

static bool forager_applies(const void *p, const ud_step *s)
{
    return (CST(p)->scavenger == 2 || CST(p)->scavenger == 3) && dl_has_ability(CST(p), s, DL_AB_FORAGER);
}

static void forager(void *p, ud_step *s)
{
    ST(p)->supplies = dl_count(s, ST(p)->supplies + 1, "supplies");
    UD_EMIT(s, "ability forager supplies +1");
}

static bool gunsmith_applies(const void *p, const ud_step *s)
{
    return CST(p)->scavenger == 5 && dl_has_ability(CST(p), s, DL_AB_GUNSMITH);
}

static void gunsmith(void *p, ud_step *s)
{
    ST(p)->ammo = dl_count(s, ST(p)->ammo + 1, "ammo");
    UD_EMIT(s, "ability gunsmith ammo +1");
}

static bool recruiter_applies(const void *p, const ud_step *s)
{
    return CST(p)->scavenger == 4 && dl_has_ability(CST(p), s, DL_AB_RECRUITER);
}

static void recruiter(void *p, ud_step *s)
{
    ST(p)->healthy = dl_count(s, ST(p)->healthy + 1, "healthy survivors");
    UD_EMIT(s, "ability recruiter healthy +1");
}

UD_OFFER_ROW(offer_six, p, s)
{
    ud_action move = { DL_ACT_SIX, { 4 } }, fight = { DL_ACT_SIX, { 5 } };
    ud_offer_action(s, &move);
    ud_offer_action(s, &fight);
}

static bool chose_six_move(const void *p, const ud_step *s)
{
    return s->action.kind == DL_ACT_SIX && s->action.arg[0] == 4;
}

static void six_to_move(void *p, ud_step *s)
{
    ST(p)->move_dice++;
    ST(p)->move_faces = (uint8_t)(ST(p)->move_faces + 4);
    scavenge_done(ST(p), s, "as-4 movement +1");
}

static bool chose_six_fight(const void *p, const ud_step *s)
{
    return s->action.kind == DL_ACT_SIX && s->action.arg[0] == 5;
}

static void six_to_fight(void *p, ud_step *s)
{
    ST(p)->fight_pool++;
    scavenge_done(ST(p), s, "as-5 fight +1");
}

/* ---- 4. movement --------------------------------------------------------------------------------- */

static bool move_not_started(const void *p, const ud_step *s) { return !CST(p)->move_started; }

static void begin_move(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->move_started = 1;
    st->moves_left = ud_reading(s, DL_V_MOVE) == DL_MOVE_FACE ? st->move_faces : st->move_dice;
    if (st->moves_left > 0 && ud_fault_on(&dl_faults[DL_FAULT_MOVE_ONE_PAST]))
        st->moves_left++; /* the fault: one space past the dice's allowance */
    UD_EMIT(s, "move spaces=%d", st->moves_left);
}

static bool scout_applies(const void *p, const ud_step *s)
{
    return !CST(p)->scout_used && CST(p)->move_dice > 0 && dl_has_ability(CST(p), s, DL_AB_SCOUT);
}

static void scout(void *p, ud_step *s)
{
    ST(p)->scout_used = 1;
    ST(p)->moves_left++;
    UD_EMIT(s, "ability scout spaces +1 =%d", ST(p)->moves_left);
}

static bool at_track_end(const void *p, const ud_step *s)
{
    int k = kind_here(CST(p));
    return CST(p)->moves_left > 0 && (k == DL_SP_SAFE || k == DL_SP_EXTRACTION);
}

static void excess_lost(void *p, ud_step *s)
{
    UD_EMIT(s, "excess-movement lost=%d", ST(p)->moves_left);
    ST(p)->moves_left = 0;
}

static bool at_branch(const void *p, const ud_step *s)
{
    return CST(p)->moves_left > 0 && D(CST(p))->n_next[CST(p)->space] > 1;
}

static void to_way(void *p, ud_step *s) { dl_go_to(ST(p), DL_PH_WAY); }

static bool on_track(const void *p, const ud_step *s)
{
    return CST(p)->moves_left > 0 && D(CST(p))->n_next[CST(p)->space] == 1;
}

static void enter_space(dl_state *st, ud_step *s, int to)
{
    st->space = (uint8_t)to;
    st->moves_left--;
    st->moved++;
    int k = kind_here(st);
    st->entered_landing = st->moves_left == 0 || k == DL_SP_SAFE || k == DL_SP_EXTRACTION;
    st->phase = DL_PH_ENTER;
    UD_EMIT(s, "enter %d %s", to, dl_space_name[k]);
}

static void step_forward(void *p, ud_step *s) { enter_space(ST(p), s, D(ST(p))->next[ST(p)->space][0]); }

static bool moves_spent(const void *p, const ud_step *s) { return CST(p)->moves_left == 0; }

static void end_move(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->move_started = 0;
    st->phase = DL_PH_COMBAT;
}

UD_OFFER_ROW(offer_ways, p, s)
{
    const dl_state *st = CST(p);
    for (int k = 0; k < D(st)->n_next[st->space]; k++) {
        ud_action a = { DL_ACT_WAY, { k } };
        ud_offer_action(s, &a);
    }
}

static bool chose_way(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_WAY; }

static void take_way(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    enter_space(st, s, D(st)->next[st->space][s->action.arg[0]]);
}

static bool zombie_space(const dl_state *st) { return kind_here(st) == DL_SP_ZOMBIE; }

static bool lookout_applies(const void *p, const ud_step *s)
{
    const dl_state *st = CST(p);
    return zombie_space(st) && !st->entered_landing && !st->lookout_used &&
           dl_has_ability(st, s, DL_AB_LOOKOUT);
}

static void lookout(void *p, ud_step *s)
{
    ST(p)->lookout_used = 1;
    ST(p)->zombie_ignored = 1;
    UD_EMIT(s, "ability lookout zombie-pool +0");
}

static bool passing_zombie(const void *p, const ud_step *s)
{
    return zombie_space(CST(p)) && !CST(p)->entered_landing && !CST(p)->zombie_ignored;
}

static void zombie_passed(void *p, ud_step *s)
{
    ST(p)->zombies++;
    UD_EMIT(s, "zombie-pool +1 =%d passed", ST(p)->zombies);
}

static bool landing_on_zombie(const void *p, const ud_step *s)
{
    return zombie_space(CST(p)) && CST(p)->entered_landing;
}

static void zombie_landed(void *p, ud_step *s)
{
    ST(p)->zombies = (uint16_t)(ST(p)->zombies + 2);
    UD_EMIT(s, "zombie-pool +2 =%d landed", ST(p)->zombies);
}

static bool stress_owed(const void *p, const ud_step *s)
{
    const dl_state *st = CST(p);
    return solo(st) && zombie_space(st) &&
           (ud_reading(s, DL_V_STRESS_DRAW) == DL_STRESS_PER_SPACE || st->zombie_spaces == 0);
}

static void draw_stress_card(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    uint8_t card = 0;
    if (!draw_stress(st, s, "stress", &card) || !card)
        return;
    st->stress_active[card - 1] = 1;
}

static bool token_face_down(const void *p, const ud_step *s) { return CST(p)->face_down[CST(p)->space] != 0; }

static void flip_token(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    choices c = { 0 };
    for (int i = 0; i < dl_content.n_tokens; i++)
        for (int k = 0; k < st->unseen[i]; k++)
            choices_add(&c, i, dl_content.token[i].name);
    st->face_down[st->space] = 0;
    if (c.n == 0)
        return;
    int pick = ud_pick(s, "token", c.n, choice_label, &c);
    if (pick < 0)
        return;
    const dl_token *t = &dl_content.token[c.index[pick]];
    st->unseen[c.index[pick]]--;
    dl_effect done;
    dl_apply_effect(st, s, &t->effect, &done);
    UD_EMIT(s, "token %s", t->name);
    if (s->sink) {
        char what[320];
        dl_outcome_text(&t->effect, &done, what, sizeof what);
        UD_EMIT(s, "explored %s %s", t->name, what);
    }
}

static void entered(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->zombie_spaces = (uint8_t)(st->zombie_spaces + zombie_space(st));
    st->zombie_ignored = 0;
    dl_check_then(st, DL_PH_MOVE);
}

/* ---- 5. combat ------------------------------------------------------------------------------------- */

static bool fight_not_counted(const void *p, const ud_step *s) { return !CST(p)->fight_started; }

static void count_zombies(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->fight_started = 1;
    st->fight_zombies = st->zombies;
    st->fight_dice = st->fight_pool;
    st->fight_roll = 0;
    st->steady_used = 0;
    UD_EMIT(s, "combat zombies=%d fight-dice=%d", st->fight_zombies, st->fight_dice);
}

static bool brawler_applies(const void *p, const ud_step *s)
{
    return CST(p)->fight_started == 1 && CST(p)->fight_zombies > 0 &&
           dl_has_ability(CST(p), s, DL_AB_BRAWLER);
}

static void brawler(void *p, ud_step *s)
{
    ST(p)->fight_started = 2;
    ST(p)->fight_dice++;
    UD_EMIT(s, "ability brawler fight-dice +1 =%d", ST(p)->fight_dice);
}

static void end_fight(dl_state *st)
{
    st->fight_started = st->fight_roll = st->event_fight = st->new_ones = 0;
    st->fight_zombies = st->fight_dice = 0;
    memset(st->fdice, 0, sizeof st->fdice);
    memset(st->fmarked, 0, sizeof st->fmarked);
}

static bool no_zombies(const void *p, const ud_step *s) { return CST(p)->fight_zombies == 0; }

static void no_fight(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    end_fight(st);
    st->zombies = 0;
    st->phase = DL_PH_SAFE;
}

static bool has_ammo(const void *p, const ud_step *s) { return CST(p)->ammo > 0; }

static void to_ammo(void *p, ud_step *s) { dl_go_to(ST(p), DL_PH_AMMO); }

static void to_fight_roll(void *p, ud_step *s) { ST(p)->phase = DL_PH_FIGHT_ROLL; }

UD_OFFER_ROW(offer_ammo, p, s)
{
    const dl_state *st = CST(p);
    int most = st->ammo;
    if (most > DL_MAX_FIGHT_DICE - st->fight_dice)
        most = DL_MAX_FIGHT_DICE - st->fight_dice;
    else /* the party's ammo bounds the offers (the bound dl_numbers declares) */
        most += ud_number_value(s, DL_NUM_AMMO_BOUND);
    if (most == st->ammo && ud_fault_on(&dl_faults[DL_FAULT_AMMO_ONE_PAST]))
        most++; /* the fault: one ammo past what the party has */
    for (int n = 0; n <= most; n++) {
        ud_action a = { DL_ACT_AMMO, { n } };
        ud_offer_action(s, &a);
    }
}

static bool chose_ammo(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_AMMO; }

static void spend_ammo(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int n = s->action.arg[0];
    st->ammo = (int16_t)(st->ammo - n);
    st->fight_dice = (uint16_t)(st->fight_dice + n);
    UD_EMIT(s, "ammo -%d =%d fight-dice=%d", n, st->ammo, st->fight_dice);
    st->phase = DL_PH_FIGHT_ROLL;
}

static bool roll_fight_dice(dl_state *st, ud_step *s, int n, int *ones)
{
    int count[7] = { 0 };
    if (!roll_faces(s, "fight", n, count))
        return false;
    for (int f = 1; f <= 6; f++)
        st->fdice[f] = (uint16_t)(st->fdice[f] + count[f]);
    *ones = count[1];
    return true;
}

static void after_fight_roll(dl_state *st)
{
    dl_check_then(st, st->fight_roll < 3 && st->fight_dice > 0 ? DL_PH_FIGHT : DL_PH_FIGHT_END);
}

static bool fight_unrolled(const void *p, const ud_step *s) { return CST(p)->fight_roll == 0; }

static void first_fight_roll(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int ones;
    if (!roll_fight_dice(st, s, st->fight_dice, &ones))
        return;
    st->fight_roll = 1;
    after_fight_roll(st);
}

static bool fight_reroll_pending(const void *p, const ud_step *s)
{
    return CST(p)->fight_roll > 0 && dl_fdice_marked(CST(p)) > 0;
}

static void fight_reroll(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int n = 0, ones;
    for (int f = 1; f <= 6; f++) {
        st->fdice[f] = (uint16_t)(st->fdice[f] - st->fmarked[f]);
        n += st->fmarked[f];
        st->fmarked[f] = 0;
    }
    if (!roll_fight_dice(st, s, n, &ones))
        return;
    st->fight_roll++;
    st->new_ones = (uint8_t)ones;
}

static bool steady_applies(const void *p, const ud_step *s)
{
    return CST(p)->new_ones > 0 && !CST(p)->event_fight && !CST(p)->steady_used &&
           dl_has_ability(CST(p), s, DL_AB_STEADY);
}

static void steady(void *p, ud_step *s)
{
    ST(p)->steady_used = 1;
    ST(p)->new_ones--;
    UD_EMIT(s, "ability steady time -0");
}

static bool rerolled_one_outside(const void *p, const ud_step *s)
{
    return CST(p)->new_ones > 0 && !CST(p)->event_fight;
}

/* "If a rerolled dice shows 1, immediately lose one Time." */
static void rerolled_one_costs_time(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int n = st->new_ones;
    if (n > 1 && ud_fault_on(&dl_faults[DL_FAULT_REROLLED_ONES_COST_ONE]))
        n = 1; /* the fault: a reroll's 1s cost one Time however many */
    st->new_ones = 0;
    dl_lose_time(st, s, n);
    UD_EMIT(s, "time -%d =%d rerolled-ones", n, st->time);
}

static bool rerolled_one_in_safe_house(const void *p, const ud_step *s)
{
    return CST(p)->new_ones > 0 && CST(p)->event_fight;
}

static void no_time_in_safe_house(void *p, ud_step *s)
{
    UD_EMIT(s, "time -0 =%d in-safe-house", ST(p)->time);
    ST(p)->new_ones = 0;
}

static bool rerolled(const void *p, const ud_step *s)
{
    return CST(p)->fight_roll > 1 && CST(p)->new_ones == 0;
}

static void fight_rolled(void *p, ud_step *s) { after_fight_roll(ST(p)); }

UD_OFFER_ROW(offer_fight_rerolls, p, s)
{
    const dl_state *st = CST(p);
    for (int f = 1; f <= 6; f++)
        if (st->fdice[f] > st->fmarked[f]) {
            ud_action a = { DL_ACT_MARK, { f } };
            ud_offer_new(s, &a);
        }
    if (dl_fdice_marked(st) > 0)
        ud_offer_new(s, &roll_action);
    ud_offer_new(s, &keep_action);
}

static void mark_fight_die(void *p, ud_step *s) { ST(p)->fmarked[s->action.arg[0]]++; }

/* 002, Final Say: "which Survivor Dice to keep (they may not be rerolled
 * this turn), which Fight Dice to keep": the lock is said of Survivor
 * Dice only, so fight dice kept under a final say may be rerolled later in
 * the fight. */
static void fight_roll_again(void *p, ud_step *s) { ST(p)->phase = DL_PH_FIGHT_ROLL; }

static void keep_fight_dice(void *p, ud_step *s)
{
    memset(ST(p)->fmarked, 0, sizeof ST(p)->fmarked);
    ST(p)->phase = DL_PH_FIGHT_END;
}

/* "First kill one zombie for each 4 or 5 you've rolled, and two zombies
 * for each 6. Then kill one Healthy Survivor for each zombie remaining." */
static void resolve_fight(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int kills = dl_fight_kills(st);
    int left = st->fight_zombies > kills ? st->fight_zombies - kills : 0;
    int healthy_before = st->healthy;
    int lost = dl_lose_healthy(st, s, left);
    if (st->healthy < healthy_before)
        dl_met(st, s, DL_C_CASUALTY);
    UD_EMIT(s, "fought zombies=%d killed=%d left=%d survivors-lost=%d healthy=%d infected=%d",
            st->fight_zombies, kills < st->fight_zombies ? kills : st->fight_zombies, left, lost, st->healthy,
            st->infected);
    st->fight_zombies = 0;
    dl_check_then(st, DL_PH_FIGHT_END);
}

static bool fight_unresolved(const void *p, const ud_step *s) { return CST(p)->fight_zombies > 0; }

static bool fight_resolved(const void *p, const ud_step *s) { return CST(p)->fight_zombies == 0; }

static void zombies_leave(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    if (!st->event_fight)
        st->zombies = 0;
    end_fight(st);
    dl_check_then(st, DL_PH_SAFE);
}

/* ---- 6. the safe house --------------------------------------------------------------------------------- */

static bool not_at_safe_house(const void *p, const ud_step *s)
{
    int k = kind_here(CST(p));
    return k != DL_SP_SAFE && k != DL_SP_EXTRACTION;
}

static void end_of_round(void *p, ud_step *s) { ST(p)->phase = DL_PH_ROUND_END; }

static bool step_at(const dl_state *st, int step)
{
    return st->safe_step == step && !not_at_safe_house(st, NULL);
}

static bool extraction_event_step(const void *p, const ud_step *s)
{
    return step_at(CST(p), 0) && kind_here(CST(p)) == DL_SP_EXTRACTION;
}

static void no_event_at_extraction(void *p, ud_step *s)
{
    ST(p)->safe_step = 1;
    UD_EMIT(s, "extraction-zone no-event");
}

static bool event_to_draw(const void *p, const ud_step *s)
{
    return step_at(CST(p), 0) && !CST(p)->event && kind_here(CST(p)) == DL_SP_SAFE;
}

static bool event_deck_empty(const void *p, const ud_step *s)
{
    if (!event_to_draw(p, s))
        return false;
    for (int i = 0; i < dl_content.n_events; i++)
        if (CST(p)->event_left[i])
            return false;
    return true;
}

static void reshuffle_events(void *p, ud_step *s)
{
    for (int i = 0; i < dl_content.n_events; i++)
        ST(p)->event_left[i] = 1;
    UD_EMIT(s, "events reshuffled");
}

/* event-deck=no-event: the deck ran out before a card matched; the
 * discards form the next deck. */
static void no_event_left(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    for (int i = 0; i < dl_content.n_events; i++)
        st->event_left[i] = 1;
    st->safe_step = 1;
    UD_EMIT(s, "events none-matched reshuffled-for-next");
}

/* "Keep drawing until you draw a card that matches your current safe
 * house": one card per firing; the phase runs again until one matches. */
static void draw_event(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    choices c = { 0 };
    for (int i = 0; i < dl_content.n_events; i++)
        if (st->event_left[i])
            choices_add(&c, i, dl_content.event[i].name);
    int pick = ud_pick(s, "event", c.n, choice_label, &c);
    if (pick < 0)
        return;
    int e = c.index[pick];
    st->event_left[e] = 0;
    UD_EMIT(s, "event %s", c.label[pick]);
    if ((dl_content.event[e].at >> D(st)->safehouse) & 1u)
        st->event = (uint8_t)(e + 1);
    else
        UD_EMIT(s, "event-skipped %s does-not-match %s", c.label[pick],
                dl_content.safehouse[D(st)->safehouse]);
}

static bool event_with_choice(const void *p, const ud_step *s)
{
    return step_at(CST(p), 0) && CST(p)->event && dl_content.event[CST(p)->event - 1].n_options > 1;
}

static void to_event(void *p, ud_step *s) { dl_go_to(ST(p), DL_PH_EVENT); }

/* Resolve option o of the event drawn: its gains and losses, then its
 * fight if it brings one ("you must use Ammo in order to gain fight dice"). */
static void resolve_event(dl_state *st, ud_step *s, int o)
{
    if (!st->event || o < 0 || o >= dl_content.event[st->event - 1].n_options) {
        ud_effect_unmet(s, "no event drawn, or no such option");
        return;
    }
    const dl_event *e = &dl_content.event[st->event - 1];
    dl_effect eff = e->effect[o], done;
    int fight = eff.fight;
    eff.fight = 0;
    dl_apply_effect(st, s, &eff, &done);
    if (s->sink) {
        char what[320];
        done.fight = fight; /* the fight is fought below, as the card says */
        dl_outcome_text(&e->effect[o], &done, what, sizeof what);
        UD_EMIT(s, "event-resolved %s %s %s", e->name, e->option[o], what);
    }
    st->event = 0;
    st->safe_step = 1;
    if (fight > 0) {
        st->event_fight = 1;
        st->fight_started = 1;
        st->fight_zombies = (uint16_t)fight;
        st->fight_dice = 0;
        st->fight_roll = 0;
        st->steady_used = 0;
        dl_check_then(st, DL_PH_COMBAT);
        return;
    }
    dl_check_then(st, DL_PH_SAFE);
}

static bool event_single(const void *p, const ud_step *s)
{
    return step_at(CST(p), 0) && CST(p)->event && dl_content.event[CST(p)->event - 1].n_options == 1;
}

static void resolve_only_option(void *p, ud_step *s) { resolve_event(ST(p), s, 0); }

/* Whether the party can pay what option o takes (supplies and ammo). */
static bool affordable(const dl_state *st, const dl_effect *e)
{
    return st->supplies + e->supplies >= 0 && st->ammo + e->ammo >= 0;
}

/* event-cost=must-afford: an option whose supplies or ammo the party
 * does not have is not offered (unless no option is affordable: then
 * every one is, and the party pays what it has); pay-what-you-have:
 * every option, and the transcript's actual= says what was paid. */
UD_OFFER_ROW(offer_options, p, s)
{
    const dl_state *st = CST(p);
    if (!st->event) {
        ud_effect_unmet(s, "none drawn");
        return;
    }
    const dl_event *e = &dl_content.event[st->event - 1];
    bool only_affordable = false;
    if (ud_reading(s, DL_V_EVENT_COST) == DL_EVENT_COST_MUST_AFFORD)
        for (int o = 0; o < e->n_options; o++)
            only_affordable |= affordable(st, &e->effect[o]);
    for (int o = 0; o < e->n_options; o++) {
        if (only_affordable && !affordable(st, &e->effect[o]))
            continue;
        ud_action a = { DL_ACT_OPTION, { o + 1 } };
        ud_offer_action(s, &a);
    }
}

static bool chose_option(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_OPTION; }

static void take_option(void *p, ud_step *s) { resolve_event(ST(p), s, s->action.arg[0] - 1); }

static bool extraction_supplies_step(const void *p, const ud_step *s)
{
    return step_at(CST(p), 1) && kind_here(CST(p)) == DL_SP_EXTRACTION;
}

static void no_supplies_at_extraction(void *p, ud_step *s)
{
    ST(p)->safe_step = 2;
    UD_EMIT(s, "extraction-zone no-supplies");
}

static bool supplies_step(const void *p, const ud_step *s)
{
    return step_at(CST(p), 1) && kind_here(CST(p)) == DL_SP_SAFE;
}

/* "spend supplies equal to half the number of Survivors (both Healthy and
 * Infected, round down). For every unit of supplies you lack, lose one
 * Healthy Survivor" */
static void spend_supplies(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int need = (dl_survivors(st) + ud_number_value(s, DL_NUM_SUPPLIES_HALF)) / 2; /* 0: rounded down */
    if (ud_fault_on(&dl_faults[DL_FAULT_SUPPLIES_ROUND_UP]))
        need = (dl_survivors(st) + 1) / 2; /* the fault: half rounded up */
    int paid = need < st->supplies ? need : st->supplies;
    st->supplies = (int16_t)(st->supplies - paid);
    int lost = dl_lose_healthy(st, s, need - paid);
    st->safe_step = 2;
    UD_EMIT(s, "supplies need=%d paid=%d =%d survivors-lost=%d", need, paid, st->supplies, lost);
    dl_check_then(st, DL_PH_SAFE);
}

static bool infection_step(const void *p, const ud_step *s) { return step_at(CST(p), 2); }

static void begin_infection_rolls(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->infection_rolls = (uint8_t)(st->infected < 250 ? st->infected : 250);
    st->safe_step = 3;
    UD_EMIT(s, "infection-rolls %d", st->infection_rolls);
}

/* "Roll a dice for every Infected Survivor you have": an Infected
 * Survivor an earlier roll took away (a face 1 with no Healthy Survivor
 * left, under no-healthy=infected-instead, or a Stress Card) is not rolled
 * for.  The survivor a roll is for is the one it turns or kills; any other
 * lost is one already rolled for while there is one, so the rolls left are
 * never more than the Infected Survivors left. */
static bool infection_rolls_too_many(const void *p, const ud_step *s)
{
    const dl_state *st = CST(p);
    return step_at(st, 3) && st->infection_face == 0 && st->infection_rolls > st->infected;
}

static void recount_infection_rolls(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->infection_rolls = (uint8_t)(st->infected > 0 ? st->infected : 0);
    UD_EMIT(s, "infection-rolls left=%d infected=%d", st->infection_rolls, st->infected);
}

static bool infection_to_roll(const void *p, const ud_step *s)
{
    return step_at(CST(p), 3) && CST(p)->infection_rolls > 0 && CST(p)->infection_face == 0;
}

static void roll_infection(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int f = roll_d6(s, "infection");
    if (!f)
        return;
    st->infection_face = (uint8_t)f;
    st->infection_rolls--;
    UD_EMIT(s, "infection %d", f);
}

static bool infection_face_is(const dl_state *st, int lo, int hi)
{
    return st->safe_step == 3 && st->infection_face >= lo && st->infection_face <= hi;
}

static bool medic_applies(const void *p, const ud_step *s)
{
    return infection_face_is(CST(p), 3, 3) && dl_has_ability(CST(p), s, DL_AB_MEDIC);
}

static void medic(void *p, ud_step *s)
{
    ST(p)->infection_face = 0;
    UD_EMIT(s, "ability medic infected-saved");
}

static bool first_aid_applies(const void *p, const ud_step *s)
{
    return infection_face_is(CST(p), 1, 2) && dl_has_ability(CST(p), s, DL_AB_FIRST_AID);
}

static void first_aid(void *p, ud_step *s)
{
    ST(p)->first_aid_used = 1;
    ST(p)->infection_face = 0;
    UD_EMIT(s, "ability first-aid nothing-happens");
}

static void infection_resolved(dl_state *st, ud_step *s, const char *what)
{
    st->infection_face = 0;
    UD_EMIT(s, "%s healthy=%d infected=%d", what, st->healthy, st->infected);
    dl_check_then(st, DL_PH_SAFE);
}

static bool infection_1(const void *p, const ud_step *s) { return infection_face_is(CST(p), 1, 1); }
static bool infection_2(const void *p, const ud_step *s) { return infection_face_is(CST(p), 2, 2); }
static bool infection_3(const void *p, const ud_step *s) { return infection_face_is(CST(p), 3, 3); }
static bool infection_4_6(const void *p, const ud_step *s) { return infection_face_is(CST(p), 4, 6); }

static void turns_and_kills(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    dl_lose_healthy(st, s, 1);
    st->infected = (int16_t)(st->infected > 0 ? st->infected - 1 : 0);
    dl_infect(st, s, 1);
    infection_resolved(st, s, "turned killing-one infecting-one");
}

static void turns_and_infects(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->infected = (int16_t)(st->infected > 0 ? st->infected - 1 : 0);
    dl_infect(st, s, 1);
    infection_resolved(st, s, "turned infecting-one");
}

static void infected_dies(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->infected = (int16_t)(st->infected > 0 ? st->infected - 1 : 0);
    infection_resolved(st, s, "died");
}

static void nothing_happens(void *p, ud_step *s) { infection_resolved(ST(p), s, "nothing-happens"); }

static bool infection_over(const void *p, const ud_step *s)
{
    return step_at(CST(p), 3) && CST(p)->infection_rolls == 0 && CST(p)->infection_face == 0;
}

static void infection_done(void *p, ud_step *s) { ST(p)->safe_step = 4; }

static bool stress_hand_empty(const void *p, const ud_step *s)
{
    const dl_state *st = CST(p);
    if (!step_at(st, 4) || solo(st))
        return false;
    for (int seat = 0; seat < st->n_players; seat++)
        if (!st->stress_hand[seat])
            return true;
    return false;
}

static void refill_stress_hands(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    for (int seat = 0; seat < st->n_players; seat++)
        if (!st->stress_hand[seat]) {
            uint8_t card = 0;
            if (!draw_stress(st, s, "stress-deal", &card))
                return;
            if (!card) {
                /* a change line, not a stress-deal outcome: no card was drawn */
                UD_EMIT(s, "stress-none-left %s", ud_player(s, seat));
                break; /* every card is in a hand */
            }
            st->stress_hand[seat] = card;
        }
    st->safe_step = 5;
}

static bool safe_house_left(const void *p, const ud_step *s)
{
    return (step_at(CST(p), 4) || step_at(CST(p), 5)) && kind_here(CST(p)) == DL_SP_SAFE;
}

static void next_district(void *p, ud_step *s)
{
    ST(p)->district_done = 1;
    ST(p)->phase = DL_PH_ROUND_END;
}

static bool extraction_done(const void *p, const ud_step *s)
{
    return (step_at(CST(p), 4) || step_at(CST(p), 5)) && kind_here(CST(p)) == DL_SP_EXTRACTION;
}

/* ---- final say (multiplayer) --------------------------------------------------------------------------------- */

UD_OFFER_ROW(offer_final_say, p, s)
{
    ud_offer(s, DL_ACT_FINAL_SAY);
    ud_offer(s, DL_ACT_PASS);
}

static bool chose_final_say(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_FINAL_SAY; }

static void take_final_say(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = st->asking - 1;
    if (seat < 0) {
        ud_effect_unmet(s, "no one asked");
        return;
    }
    st->final_say_used |= (uint8_t)(1u << seat);
    st->final_say_by = st->asking;
    st->asking = 0;
    st->phase = st->final_say_for;
    UD_EMIT(s, "final-say %s", ud_player(s, seat));
}

static bool chose_pass(const void *p, const ud_step *s) { return s->action.kind == DL_ACT_PASS; }

static void pass_final_say(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int from = st->asking - 1;
    if (from < st->leader)
        from += st->n_players;
    int next = next_final_say(st, from);
    if (next >= 0) {
        st->asking = (uint8_t)(next + 1);
        return;
    }
    st->asking = 0;
    st->phase = st->final_say_for;
}

/* ---- at any time: stress cards and losing ------------------------------------------------------------------ */

/* A drawn card whose condition was met this round (1), or, under
 * stress-repeat=each-time, a resolved one whose condition was met again (3). */
_Static_assert(DL_MAX_STRESS % 8 == 0, "stress cards fill whole words");

static int solo_stress_due(const dl_state *st)
{
    /* Eight cards a word, stress_active's bytes as they lie in memory:
     * the rows ask at every CHECK, a few hundred times a game.  A byte is
     * 0..3, so its bit 0 and bit 1 say which. */
    enum { WORDS = DL_MAX_STRESS / 8 };
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t active[WORDS], met[WORDS] = { 0 }, odd = 0;
    memcpy(active, st->stress_active, sizeof active);
    for (int w = 0; w < WORDS; w++)
        odd |= active[w] & ones;
    if (!odd)
        return -1; /* every card out (0) or resolved (2): the usual case */
    for (unsigned m = st->met; m; m &= m - 1)
        for (int w = 0; w < WORDS; w++)
            met[w] |= dl_content.stress_when[__builtin_ctz(m)][w];
    for (int w = 0; w < WORDS; w++) {
        uint64_t bit0 = active[w] & ones, bit1 = (active[w] >> 1) & ones;
        uint64_t due = (bit0 & ~bit1 & met[w]) | (bit0 & bit1); /* 1 and met, or 3 */
        if (due)
            return w * 8 + dl_first_byte(due);
    }
    return -1;
}

static bool solo_stress_pending(const void *p, const ud_step *s)
{
    return solo(CST(p)) && solo_stress_due(CST(p)) >= 0;
}

static void play_stress(dl_state *st, ud_step *s, int card, const char *who)
{
    const dl_stress *c = &dl_content.stress[card];
    dl_effect done;
    dl_apply_effect(st, s, &c->effect, &done);
    if (s->sink) {
        char what[320];
        dl_outcome_text(&c->effect, &done, what, sizeof what);
        UD_EMIT(s, "stress-played %s%s%s %s", c->name, who ? " by " : "", who ? who : "", what);
    }
}

/* "If the "play when" condition has been met earlier in the turn,
 * immediately resolve the effect ... if the play when condition is later
 * met, resolve the effect": once per card drawn, or under
 * stress-repeat=each-time once per meeting.  A condition a Stress Card's
 * effect meets, its own or another card's, does not resolve a resolved
 * card again (They Always Turn infects when a survivor is infected: it
 * would loop until nobody healthy is left, and two cards meeting each
 * other's conditions would never stop): every card marked again (3)
 * during this card's effect goes back to resolved (2).  A card drawn and
 * not yet resolved (1) still resolves for the first time. */
static void resolve_solo_stress(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int card = solo_stress_due(st);
    if (card < 0)
        return; /* the guard found one: not reached */
    uint8_t before[DL_MAX_STRESS];
    memcpy(before, st->stress_active, sizeof before);
    st->stress_active[card] = 2;
    play_stress(st, s, card, NULL);
    for (int i = 0; i < dl_content.n_stress; i++)
        if (st->stress_active[i] == 3 && (i == card || before[i] != 3))
            st->stress_active[i] = 2;
}

static int hand_stress_due(const dl_state *st)
{
    for (int k = 0; k < st->n_players; k++) {
        int seat = (st->leader + k) % st->n_players;
        int c = st->stress_hand[seat];
        if (c && !((st->stress_kept >> seat) & 1u) && ((st->met >> dl_content.stress[c - 1].when) & 1u))
            return seat;
    }
    return -1;
}

static bool hand_stress_pending(const void *p, const ud_step *s)
{
    return !solo(CST(p)) && hand_stress_due(CST(p)) >= 0;
}

static void play_hand_stress(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = hand_stress_due(st);
    if (seat < 0)
        return; /* the guard found one: not reached */
    int card = st->stress_hand[seat] - 1;
    st->stress_hand[seat] = 0; /* played: to the discards */
    play_stress(st, s, card, ud_player(s, seat));
}

/* stress-hand=may-hold: "only play it when the play when condition is
 * met" read as a permission, so the holder is asked. */
static void ask_stress_holder(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = hand_stress_due(st);
    if (seat < 0)
        return; /* the guard found one: not reached */
    st->stress_asked = (uint8_t)(seat + 1);
    st->phase = DL_PH_STRESS_HOLD;
}

UD_OFFER_ROW(offer_stress_choice, p, s)
{
    ud_offer(s, DL_ACT_PLAY_STRESS);
    ud_offer(s, DL_ACT_HOLD_STRESS);
}

static bool chose_play_stress(const void *p, const ud_step *s)
{
    return s->action.kind == DL_ACT_PLAY_STRESS;
}

static void play_asked_stress(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = st->stress_asked - 1;
    if (seat < 0 || !st->stress_hand[seat]) {
        ud_effect_unmet(s, "no one asked, or no card");
        return;
    }
    int card = st->stress_hand[seat] - 1;
    st->stress_hand[seat] = 0; /* played: to the discards */
    st->stress_asked = 0;
    st->phase = DL_PH_CHECK;
    play_stress(st, s, card, ud_player(s, seat));
}

static bool chose_hold_stress(const void *p, const ud_step *s)
{
    return s->action.kind == DL_ACT_HOLD_STRESS;
}

/* Kept for this round: its condition stays met until the round ends, and
 * asking again at every later check would ask the same question. */
static void keep_asked_stress(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    int seat = st->stress_asked - 1;
    if (seat < 0) {
        ud_effect_unmet(s, "no one asked");
        return;
    }
    st->stress_kept |= (uint8_t)(1u << seat);
    st->stress_asked = 0;
    st->phase = DL_PH_CHECK;
    UD_EMIT(s, "stress-kept by %s", ud_player(s, seat));
}

static bool infection_missed(const void *p, const ud_step *s) { return CST(p)->infect_missed > 0; }

/* Ruling (undead's): "Infect a Healthy Survivor" with none left infects
 * nobody: no Infected Survivor is gained and no "infected" condition met. */
static void nobody_to_infect(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    UD_EMIT(s, "infect-nobody %d healthy=0 infected=%d", st->infect_missed, st->infected);
    st->infect_missed = 0;
}

static bool nobody_left(const void *p, const ud_step *s) { return dl_survivors(CST(p)) <= 0; }

static void lose_last_survivor(void *p, ud_step *s)
{
    finish(ST(p), DL_LOST_SURVIVORS);
    UD_EMIT(s, "lost last-survivor round=%d", ST(p)->round);
}

static bool too_few(const void *p, const ud_step *s)
{
    return CST(p)->n_players > 1 && dl_survivors(CST(p)) < CST(p)->n_players;
}

static void lose_headcount(void *p, ud_step *s)
{
    finish(ST(p), DL_LOST_HEADCOUNT);
    UD_EMIT(s, "lost fewer-survivors-than-players survivors=%d round=%d", dl_survivors(ST(p)), ST(p)->round);
}

static bool out_of_time(const void *p, const ud_step *s)
{
    return CST(p)->time_out && !dl_on_shelter(CST(p), s);
}

static void lose_time_out(void *p, ud_step *s)
{
    finish(ST(p), DL_LOST_TIME);
    UD_EMIT(s, "lost out-of-time round=%d", ST(p)->round);
}

static bool check_clear(const void *p, const ud_step *s)
{
    return !solo_stress_pending(p, s) && !hand_stress_pending(p, s) && !CST(p)->infect_missed;
}

static void go_on(void *p, ud_step *s) { dl_go_to(ST(p), ST(p)->resume); }

/* ---- the end of a round ----------------------------------------------------------------------------------------- */

static bool extracted(const void *p, const ud_step *s)
{
    return kind_here(CST(p)) == DL_SP_EXTRACTION && dl_survivors(CST(p)) >= 1;
}

static void win(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    finish(st, DL_WON);
    UD_EMIT(s, "won healthy=%d infected=%d round=%d", st->healthy, st->infected, st->round);
}

static bool stress_in_play(const void *p, const ud_step *s)
{
    for (int i = 0; i < dl_content.n_stress; i++)
        if (CST(p)->stress_active[i])
            return true;
    return false;
}

/* "The Stress Card is active until the end of the round" */
static void discard_stress(void *p, ud_step *s)
{
    memset(ST(p)->stress_active, 0, sizeof ST(p)->stress_active);
}

static bool district_over(const void *p, const ud_step *s) { return CST(p)->district_done; }

static void to_next_district(void *p, ud_step *s)
{
    dl_state *st = ST(p);
    st->district_done = 0;
    st->safe_step = 0;
    st->district_no++;
    st->space = 0; /* the flip places the pawn; never a space of the old tile */
    st->phase = DL_PH_DISTRICT;
}

static void next_round(void *p, ud_step *s)
{
    ST(p)->safe_step = 0;
    ST(p)->phase = DL_PH_ROUND_START;
}

/* ---- the table ------------------------------------------------------------------------------------------------------ */

#define EFFECT UD_ROW_EFFECT
#define OFFER UD_ROW_OFFER
#define V(KEY, VALUE) DL_V_##KEY, VALUE
/* A reading a row's guard or effect asks for (ud_reading), for its reads. */
#define K(KEY) UD_KEY(DL_V_##KEY)
/* A row active only under one reading: variant key, value. */
#define DL_WHEN(KEY, VALUE) (KEY), (VALUE)
#define SEC_SETUP "SETUP"
#define SEC_ROLL "2. ROLL DICE"
#define SEC_SCAV "3. SCAVENGING"
#define SEC_MOVE "4. MOVEMENT"
#define SEC_COMBAT "5. COMBAT"
#define SEC_SAFE "6. SAFE HOUSE"
#define SEC_MP "MULTIPLAYER RULES"
#define SEC_SIX_RULING "3. SCAVENGING; 2. ROLL DICE (which pool: ruling, undead's)"
/* A row only in the table of one stress-hand reading (one argument of the
 * row list that expands to the variant and its value). */
#define STRESS_HAND(val) DL_V_STRESS_HAND, DL_STRESS_HAND_##val
#define SEC_ABILITY "COMPONENTS (the ability: sample content in spec/dotld/content/, not the rulebook)"
#define WITH_STREET_MAP UD_ALSO(DL_V_START_ITEMS, (1u << DL_ITEMS_STREET_MAP) | (1u << DL_ITEMS_BOTH))
#define WITH_FIRST_AID_KIT UD_ALSO(DL_V_START_ITEMS, (1u << DL_ITEMS_FIRST_AID_KIT) | (1u << DL_ITEMS_BOTH))

/* X(C, IDX, PHASE, KIND, GUARD, EFFECT, ID, SOURCE, SECTION, SUMMARY, COND, COND2) */
/* The rows are laid out by hand, to read like the rules they encode. */
/* clang-format off */
#define DL_RULE_LIST(X, C) \
    X(C, DL_R_PLAYERS, DL_PH_SETUP, EFFECT, ud_always, seat_players, "DL-PLAYERS", S002, "ABOUT THE GAME; MULTIPLAYER RULES", \
      "A solo game, with a variant for more than one player (\"2-3 players recommended\"; each is given a character, " \
      "not The Doctor, so at most 5 with the six).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_PARTY, DL_PH_SETUP, EFFECT, ud_always, party, "DL-PARTY", S002, SEC_SETUP, \
      "Begin with 12 Healthy Survivors, 6 Supplies and 6 Ammo.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_HARDER, DL_PH_SETUP, EFFECT, ud_always, harder, "DL-HARDER", S002, "DIFFICULTY", \
      "For a harder game, begin with only 5 Supplies and 5 Ammo.", V(SUPPLY_START, DL_SUPPLY_HARDER), UD_ANY) \
    X(C, DL_R_EXTRA_SURVIVORS, DL_PH_SETUP, EFFECT, several, extra_survivors, "DL-EXTRA-SURVIVORS", S002, "WINNING OR LOSING", \
      "Optional in multiplayer: one extra survivor for each player beyond the first.", V(EXTRA_SURVIVORS, DL_EXTRA_YES), UD_ANY) \
    X(C, DL_R_STREET_MAP, DL_PH_SETUP, EFFECT, ud_always, street_map, "DL-STREET-MAP", S002, SEC_SETUP, \
      "Start with the Street Map item if you choose to (suggested for first-time players).", UD_ALWAYS, \
      WITH_STREET_MAP) \
    X(C, DL_R_FIRST_AID_KIT, DL_PH_SETUP, EFFECT, ud_always, first_aid_kit, "DL-FIRST-AID-KIT", S002, "DIFFICULTY", \
      "For an easier game, start with the First Aid Kit (\"Street Map and/or First Aid Kit\": alone or with the map).", \
      UD_ALWAYS, WITH_FIRST_AID_KIT) \
    X(C, DL_R_DECKS, DL_PH_SETUP, EFFECT, ud_always, shuffle_decks, "DL-DECKS", S002, SEC_SETUP, \
      "Shuffle the Stress and Event decks and the exploration tokens.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_DISTRICTS, DL_PH_SETUP, EFFECT, ud_always, deal_districts, "DL-DISTRICTS", S002, SEC_SETUP, \
      "Three random districts go on top of The Outskirts, which is played last.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_STRESS_DEAL, DL_PH_CHARACTER, EFFECT, hands_empty, deal_stress_hands, "DL-MP-STRESS-DEAL", S002, SEC_MP, \
      "Multiplayer: each player is dealt a Stress Card, kept hidden.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_CHARACTER_RANDOM, DL_PH_CHARACTER, EFFECT, ud_always, deal_characters, "DL-CHARACTER-RANDOM", S002, SEC_SETUP, \
      "Each player is given a character at random (never The Doctor, or any solo-only one, in multiplayer).", \
      V(CHARACTER, DL_CHAR_RANDOM), UD_ANY) \
    X(C, DL_R_CHARACTER_CHOOSE, DL_PH_CHARACTER, EFFECT, ud_always, to_pick, "DL-CHARACTER-CHOOSE", S002, SEC_SETUP, \
      "Or each player picks a character.", V(CHARACTER, DL_CHAR_CHOSEN), UD_ANY) \
    X(C, DL_R_CHARACTER_OFFER, DL_PH_PICK, OFFER, ud_always, offer_characters, "DL-CHARACTER-OFFER", S002, SEC_SETUP, \
      "The characters still free may be picked (not The Doctor, or any solo-only one, in multiplayer).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_CHARACTER_TAKEN, DL_PH_PICK, EFFECT, chose_character, take_character, "DL-CHARACTER-TAKEN", S002, SEC_SETUP, \
      "The character picked leads (solo) or is that player's (multiplayer).", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_TOKENS_PLACE, DL_PH_DISTRICT, EFFECT, tokens_here, place_tokens, "DL-TOKENS-PLACE", S002, SEC_SETUP, \
      "An exploration token goes face down on each exploration space, while tokens last.", UD_ALWAYS, UD_READS(K(TOKENS))) \
    X(C, DL_R_DISTRICT_FLIP, DL_PH_DISTRICT, EFFECT, ud_always, flip_district, "DL-DISTRICT-FLIP", S002, SEC_SETUP, \
      "The pawn goes on the red space and Time is set from the district tile.", UD_ALWAYS, UD_READS(K(TOKENS))) \
    \
    X(C, DL_R_LEADER_PASS, DL_PH_ROUND_START, EFFECT, not_first_round, pass_leadership, "DL-LEADER-PASS", S002, "1. CHANGE PARTY LEADER", \
      "Multiplayer: the party leader passes clockwise at the start of every round but the first.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_ROUND, DL_PH_ROUND_START, EFFECT, ud_always, begin_round, "DL-ROUND", S002, "PLAYING THE GAME", \
      "A round: roll, scavenge, move, fight, and the safe house if reached.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_ROLL, DL_PH_ROLL, EFFECT, first_roll, roll_everything, "DL-ROLL", S002, SEC_ROLL, \
      "Roll the five Survivor Dice, the Scavenger Die and the Zombie Die; the zombie die's zombies go to the pool.", UD_ALWAYS, UD_READS(K(ZOMBIE_DIE))) \
    X(C, DL_R_REROLL, DL_PH_ROLL, EFFECT, reroll_pending, reroll_marked, "DL-REROLL", S002, SEC_ROLL, \
      "Reroll the dice not frozen: survivor and scavenger dice, up to three rolls in all.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_LOCK_ONES, DL_PH_ROLL, EFFECT, rolled_ones, lock_ones, "DL-LOCK-ONES", S002, SEC_ROLL, \
      "A Survivor Die showing 1 cannot be rerolled: it goes to the zombie pool as one more zombie.", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_LURKING, DL_PH_ROLL, EFFECT, scavenger_rolled_one, lurking_zombie, "DL-LURKING-ZOMBIE", S002, SEC_ROLL "; DICE (Cubes and pawn)", \
      "Each time the Scavenger Die is rolled as a 1, a Healthy Survivor is infected at once; nobody chooses which " \
      "(from the text: survivors are counts, tracked with \"cubes or some other markers\", none told apart: one " \
      "moves from the Healthy count to the Infected).", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_ROLLED, DL_PH_ROLL, EFFECT, rolls_done, after_roll, "DL-ROLLED", S002, SEC_ROLL, \
      "After a roll, choose what to reroll, until the third roll.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_REROLL_OFFER, DL_PH_REROLL, OFFER, ud_always, offer_rerolls, "DL-FREEZE", S002, SEC_ROLL, \
      "Between rolls freeze any dice, or free frozen ones; 1s stay locked; the scavenger 1 may be rerolled.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_MARK, DL_PH_REROLL, EFFECT, chose_mark, mark_die, "DL-MARK", S002, SEC_ROLL, \
      "A die marked is not frozen: it is rerolled.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_MARK_SCAVENGER, DL_PH_REROLL, EFFECT, chose_mark_scavenger, mark_scavenger, "DL-MARK-SCAVENGER", S002, SEC_ROLL, \
      "The Scavenger Die may be rerolled too, a 1 included.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_ROLL_AGAIN, DL_PH_REROLL, EFFECT, chose_roll, roll_again, "DL-ROLL-AGAIN", S002, SEC_ROLL, \
      "Roll the marked dice.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_KEEP, DL_PH_REROLL, EFFECT, chose_keep, keep_dice, "DL-KEEP", S002, SEC_ROLL, \
      "Or opt not to spend a reroll: the dice stand.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_POOLS, DL_PH_POOLS, EFFECT, ud_always, fill_pools, "DL-POOLS", S002, SEC_ROLL, \
      "3s and 4s go to the Movement Pool, 5s and 6s to the Fight Pool; each 2 costs a Time.", UD_ALWAYS, UD_READS(K(TIME_OUT) | K(STRESS_REPEAT))) \
    \
    X(C, DL_R_FORAGER, DL_PH_SCAVENGE, EFFECT, forager_applies, forager, "DL-AB-FORAGER", SAMPLE, SEC_ABILITY, \
      "Ability forager: one more supplies when the Scavenger Die gives supplies.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_GUNSMITH, DL_PH_SCAVENGE, EFFECT, gunsmith_applies, gunsmith, "DL-AB-GUNSMITH", SAMPLE, SEC_ABILITY, \
      "Ability gunsmith: one more ammo when the Scavenger Die gives ammo.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_RECRUITER, DL_PH_SCAVENGE, EFFECT, recruiter_applies, recruiter, "DL-AB-RECRUITER", SAMPLE, SEC_ABILITY, \
      "Ability recruiter: one more survivor when the Scavenger Die gives one.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_SCAV_1, DL_PH_SCAVENGE, EFFECT, scav_1, lurking_resolved, "DL-SCAVENGE-1", S002, SEC_SCAV, \
      "1, lurking zombie: already resolved when rolled; nothing more.", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_SCAV_2, DL_PH_SCAVENGE, EFFECT, scav_2, gain_supplies_1, "DL-SCAVENGE-2", S002, SEC_SCAV, \
      "2: gain 1 supplies.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SCAV_3, DL_PH_SCAVENGE, EFFECT, scav_3, gain_supplies_2, "DL-SCAVENGE-3", S002, SEC_SCAV, \
      "3: gain 2 supplies.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SCAV_4, DL_PH_SCAVENGE, EFFECT, scav_4, gain_survivor, "DL-SCAVENGE-4", S002, SEC_SCAV, \
      "4: gain 1 new party member (healthy).", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_SCAV_5, DL_PH_SCAVENGE, EFFECT, scav_5, gain_ammo, "DL-SCAVENGE-5", S002, SEC_SCAV, \
      "5: gain 2 ammo.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SCAV_6, DL_PH_SCAVENGE, EFFECT, scav_6, six_to_choose, "DL-SCAVENGE-6", S002, SEC_SCAV, \
      "6: it becomes a 4 or a 5, in the Movement or the Fight Pool; it counts as a Survivor Die.", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_SIX_OFFER, DL_PH_SIX, OFFER, ud_always, offer_six, "DL-SIX-CHOICE", S002, SEC_SIX_RULING, \
      "The scavenger 6: \"Change it to a 4 or a 5 and place it in either the Fight or Movement Pool\"; ruling " \
      "(undead's): the face chosen names the pool, as for a Survivor Die (2. ROLL DICE: 4 moves, 5 fights); a 4 " \
      "fighting is a 5 fighting, and a 5 moving differs only under move=face-value.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SIX_MOVE, DL_PH_SIX, EFFECT, chose_six_move, six_to_move, "DL-SIX-MOVE", S002, SEC_SIX_RULING, \
      "Changed to a 4, it goes to the Movement Pool (the pool a Survivor Die showing 4 goes to: ruling, undead's).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SIX_FIGHT, DL_PH_SIX, EFFECT, chose_six_fight, six_to_fight, "DL-SIX-FIGHT", S002, SEC_SIX_RULING, \
      "Changed to a 5, it goes to the Fight Pool (the pool a Survivor Die showing 5 goes to: ruling, undead's).", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_MOVE, DL_PH_MOVE, EFFECT, move_not_started, begin_move, "DL-MOVE", S002, SEC_MOVE, \
      "Spend every die in the Movement Pool.", UD_ALWAYS, UD_READS(K(MOVE))) \
    X(C, DL_R_SCOUT, DL_PH_MOVE, EFFECT, scout_applies, scout, "DL-AB-SCOUT", SAMPLE, SEC_ABILITY, \
      "Ability scout (and the sample Street Map): one more space in a round with a movement die.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_SAFE_STOP, DL_PH_MOVE, EFFECT, at_track_end, excess_lost, "DL-SAFE-STOP", S002, SEC_MOVE, \
      "At the green space (the safe house) movement stops: excess movement is lost.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_WAY, DL_PH_MOVE, EFFECT, at_branch, to_way, "DL-WAY", S002, "FINAL SAY", \
      "Where the track branches, the party chooses which way to go.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STEP, DL_PH_MOVE, EFFECT, on_track, step_forward, "DL-STEP", S002, SEC_MOVE, \
      "Otherwise each movement takes the pawn one space along the track.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_MOVE_END, DL_PH_MOVE, EFFECT, moves_spent, end_move, "DL-MOVE-END", S002, "PLAYING THE GAME", \
      "With the Movement Pool spent, combat follows.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_WAY_OFFER, DL_PH_WAY, OFFER, ud_always, offer_ways, "DL-WAY-OFFER", S002, "FINAL SAY", \
      "The ways on from a branching space.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_WAY_TAKEN, DL_PH_WAY, EFFECT, chose_way, take_way, "DL-WAY-TAKEN", S002, "FINAL SAY", \
      "The pawn moves one space along the way chosen.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_LOOKOUT, DL_PH_ENTER, EFFECT, lookout_applies, lookout, "DL-AB-LOOKOUT", SAMPLE, SEC_ABILITY, \
      "Ability lookout: the first zombie space passed in a round adds no zombie.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_ZOMBIE_PASS, DL_PH_ENTER, EFFECT, passing_zombie, zombie_passed, "DL-ZOMBIE-PASS", S002, SEC_MOVE, \
      "Each zombie space passed adds 1 zombie to the pool (not the space you start on).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_ZOMBIE_LAND, DL_PH_ENTER, EFFECT, landing_on_zombie, zombie_landed, "DL-ZOMBIE-LAND", S002, SEC_MOVE, \
      "Ending the move on a zombie space adds 2 zombies.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STRESS_DRAW, DL_PH_ENTER, EFFECT, stress_owed, draw_stress_card, "DL-STRESS-DRAW", S002, \
      "4. MOVEMENT; multiplayer: ruling (undead's)", \
      "Landing on or passing a zombie space draws a Stress Card (reshuffled when the deck is empty); in multiplayer " \
      "none is drawn: ruling (undead's): the text does not say, and its MULTIPLAYER RULES deal each player a card " \
      "to hold instead.", UD_ALWAYS, UD_READS(K(STRESS_DRAW))) \
    X(C, DL_R_EXPLORE, DL_PH_ENTER, EFFECT, token_face_down, flip_token, "DL-EXPLORE", S002, \
      "4. MOVEMENT (\"event token\" read as the exploration token: ruling, undead's)", \
      "A token passed or landed on is flipped and resolved at once; ruling (undead's): the text's \"event token\" " \
      "is read as the exploration token on the space, the only token the track holds.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_ENTERED, DL_PH_ENTER, EFFECT, ud_always, entered, "DL-ENTERED", S002, SEC_MOVE, \
      "Then movement goes on.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_COMBAT, DL_PH_COMBAT, EFFECT, fight_not_counted, count_zombies, "DL-COMBAT-COUNT", S002, SEC_COMBAT, \
      "Add up the zombies: zombie die, survivor 1s, zombie spaces and exploration tokens; each Fight Pool die is a fight die.", \
      UD_ALWAYS, UD_ANY) \
    X(C, DL_R_BRAWLER, DL_PH_COMBAT, EFFECT, brawler_applies, brawler, "DL-AB-BRAWLER", SAMPLE, SEC_ABILITY, \
      "Ability brawler (and the sample Baseball Bat): one more fight die in every fight.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_NO_ZOMBIES, DL_PH_COMBAT, EFFECT, no_zombies, no_fight, "DL-NO-ZOMBIES", S002, SEC_COMBAT, \
      "No zombies: nothing to fight.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_AMMO_ASK, DL_PH_COMBAT, EFFECT, has_ammo, to_ammo, "DL-AMMO-ASK", S002, SEC_COMBAT, \
      "With ammo, the party decides how much to spend.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_NO_AMMO, DL_PH_COMBAT, EFFECT, ud_always, to_fight_roll, "DL-NO-AMMO", S002, SEC_COMBAT, \
      "Without ammo, only the Fight Pool's dice fight.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_AMMO_OFFER, DL_PH_AMMO, OFFER, ud_always, offer_ammo, "DL-AMMO", S002, SEC_COMBAT, \
      "Spend Ammo for more fight dice, one for one.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_AMMO_SPENT, DL_PH_AMMO, EFFECT, chose_ammo, spend_ammo, "DL-AMMO-SPENT", S002, SEC_COMBAT, \
      "The ammo spent is gone; its dice join the fight.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_ROLL, DL_PH_FIGHT_ROLL, EFFECT, fight_unrolled, first_fight_roll, "DL-FIGHT-ROLL", S002, SEC_COMBAT, \
      "Roll the fight dice; up to three rolls in all.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_REROLL, DL_PH_FIGHT_ROLL, EFFECT, fight_reroll_pending, fight_reroll, "DL-FIGHT-REROLL", S002, SEC_COMBAT, \
      "Reroll the fight dice not frozen.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STEADY, DL_PH_FIGHT_ROLL, EFFECT, steady_applies, steady, "DL-AB-STEADY", SAMPLE, SEC_ABILITY, \
      "Ability steady: the first rerolled 1 of each fight costs no Time.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_REROLLED_ONE, DL_PH_FIGHT_ROLL, EFFECT, rerolled_one_outside, rerolled_one_costs_time, "DL-REROLLED-ONE", S002, SEC_COMBAT, \
      "A rerolled fight die showing 1 costs one Time at once; two 1s of one reroll cost two Time and meet a Stress " \
      "Card's condition once (ruling, undead's: DL-STRESS-RESOLVE).", UD_ALWAYS, UD_READS(K(TIME_OUT) | K(STRESS_REPEAT))) \
    X(C, DL_R_EVENT_NO_TIME, DL_PH_FIGHT_ROLL, EFFECT, rerolled_one_in_safe_house, no_time_in_safe_house, "DL-EVENT-FIGHT-NO-TIME", S002, SEC_SAFE, \
      "In a fight an event brings, no Time is lost: you are in the safe house.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_ROLLED, DL_PH_FIGHT_ROLL, EFFECT, rerolled, fight_rolled, "DL-FIGHT-ROLLED", S002, SEC_COMBAT, \
      "After a reroll, choose again until the third roll.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_OFFER, DL_PH_FIGHT, OFFER, ud_always, offer_fight_rerolls, "DL-FIGHT-FREEZE", S002, SEC_COMBAT, \
      "Freeze any or all fight dice between rolls.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_MARK, DL_PH_FIGHT, EFFECT, chose_mark, mark_fight_die, "DL-FIGHT-MARK", S002, SEC_COMBAT, \
      "A fight die marked is rerolled.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_AGAIN, DL_PH_FIGHT, EFFECT, chose_roll, fight_roll_again, "DL-FIGHT-AGAIN", S002, SEC_COMBAT, \
      "Roll the marked fight dice.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_KEEP, DL_PH_FIGHT, EFFECT, chose_keep, keep_fight_dice, "DL-FIGHT-KEEP", S002, SEC_COMBAT, \
      "Or stop rolling: the fight dice stand.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FIGHT_RESOLVE, DL_PH_FIGHT_END, EFFECT, fight_unresolved, resolve_fight, "DL-FIGHT-RESOLVE", S002, SEC_COMBAT, \
      "4 or 5 kills a zombie, 6 kills two; then each zombie left kills a Healthy Survivor.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_ZOMBIES_LEAVE, DL_PH_FIGHT_END, EFFECT, fight_resolved, zombies_leave, "DL-ZOMBIES-LEAVE", S002, SEC_COMBAT, \
      "Zombies not killed do not carry over to the next round.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_NOT_SAFE, DL_PH_SAFE, EFFECT, not_at_safe_house, end_of_round, "DL-NO-SAFE-HOUSE", S002, SEC_SAFE, \
      "Without a safe house reached, the round ends.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_EXTRACTION_NO_EVENT, DL_PH_SAFE, EFFECT, extraction_event_step, no_event_at_extraction, "DL-EXIT-NO-EVENT", S002, SEC_SAFE, \
      "No event is resolved at the extraction zone.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_EVENT_RESHUFFLE, DL_PH_SAFE, EFFECT, event_deck_empty, reshuffle_events, "DL-EVENT-RESHUFFLE", S002, SEC_SAFE, \
      "event-deck=reshuffle: an empty event deck is reshuffled and the drawing goes on until a card matches.", \
      DL_WHEN(DL_V_EVENT_DECK, DL_EVENTS_RESHUFFLE), UD_ANY) \
    X(C, DL_R_EVENT_NONE, DL_PH_SAFE, EFFECT, event_deck_empty, no_event_left, "DL-EVENT-NONE", S002, SEC_SAFE, \
      "event-deck=no-event: an empty event deck ends the drawing with no event; the discards form the next deck.", \
      DL_WHEN(DL_V_EVENT_DECK, DL_EVENTS_NO_EVENT), UD_ANY) \
    X(C, DL_R_EVENT_DRAW, DL_PH_SAFE, EFFECT, event_to_draw, draw_event, "DL-EVENT-DRAW", S002, \
      "6. SAFE HOUSE (the cards that do not match: ruling, undead's)", \
      "Draw events until one matches the current safe house; ruling (undead's): the text does not say where a card " \
      "that does not match goes; it is discarded, back only when the deck is reshuffled.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_EVENT_CHOICE, DL_PH_SAFE, EFFECT, event_with_choice, to_event, "DL-EVENT-CHOICE", S002, "FINAL SAY", \
      "An event with options asks for a decision.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_EVENT_RESOLVE, DL_PH_SAFE, EFFECT, event_single, resolve_only_option, "DL-EVENT-RESOLVE", S002, SEC_SAFE, \
      "An event's gains and losses; its fight is fought with Ammo only.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_EVENT_OFFER, DL_PH_EVENT, OFFER, ud_always, offer_options, "DL-EVENT-OFFER", S002, "FINAL SAY", \
      "The options of the event drawn (event-cost=must-afford: not one whose supplies or ammo the party does not " \
      "have, unless none can be paid for).", UD_ALWAYS, UD_READS(K(EVENT_COST))) \
    X(C, DL_R_EVENT_TAKEN, DL_PH_EVENT, EFFECT, chose_option, take_option, "DL-EVENT-TAKEN", S002, SEC_SAFE, \
      "The option chosen is resolved.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_EXTRACTION_NO_SUPPLIES, DL_PH_SAFE, EFFECT, extraction_supplies_step, no_supplies_at_extraction, \
      "DL-EXIT-NO-SUPPLIES", S002, SEC_SAFE, "No supplies are spent at the extraction zone.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_SUPPLIES, DL_PH_SAFE, EFFECT, supplies_step, spend_supplies, "DL-SUPPLIES", S002, SEC_SAFE, \
      "Spend supplies for half the survivors, rounded down; each unit lacking loses a Healthy Survivor.", UD_ALWAYS, UD_READS(K(NO_HEALTHY))) \
    X(C, DL_R_INFECTION_ROLLS, DL_PH_SAFE, EFFECT, infection_step, begin_infection_rolls, "DL-INFECTION-ROLLS", S002, SEC_SAFE, \
      "Roll a die for every Infected Survivor, at the extraction zone too.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_INFECTION_RECOUNT, DL_PH_SAFE, EFFECT, infection_rolls_too_many, recount_infection_rolls, \
      "DL-INFECTION-RECOUNT", S002, SEC_SAFE, \
      "\"Roll a dice for every Infected Survivor you have\": one an earlier roll took away is not rolled for; the " \
      "rolls left are never more than the Infected Survivors left.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_INFECTION_ROLL, DL_PH_SAFE, EFFECT, infection_to_roll, roll_infection, "DL-INFECTION-ROLL", S002, SEC_SAFE, \
      "One infection roll, resolved on the table.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_MEDIC, DL_PH_SAFE, EFFECT, medic_applies, medic, "DL-AB-MEDIC", SAMPLE, SEC_ABILITY, \
      "Ability medic: an infection roll of 3 does nothing.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_FIRST_AID, DL_PH_SAFE, EFFECT, first_aid_applies, first_aid, "DL-AB-FIRST-AID", SAMPLE, SEC_ABILITY, \
      "Ability first-aid (the sample First Aid Kit): once a game, an infection roll of 1 or 2 does nothing.", UD_ALWAYS, UD_READS(K(ABILITIES))) \
    X(C, DL_R_INFECTION_1, DL_PH_SAFE, EFFECT, infection_1, turns_and_kills, "DL-INFECTION-1", S002, "Infection Roll Table", \
      "1: lose one Healthy and one Infected Survivor, then infect a Healthy one.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_INFECTION_2, DL_PH_SAFE, EFFECT, infection_2, turns_and_infects, "DL-INFECTION-2", S002, "Infection Roll Table", \
      "2: lose one Infected Survivor and infect a Healthy one.", UD_ALWAYS, UD_READS(K(STRESS_REPEAT))) \
    X(C, DL_R_INFECTION_3, DL_PH_SAFE, EFFECT, infection_3, infected_dies, "DL-INFECTION-3", S002, "Infection Roll Table; DICE (Cubes and pawn)", \
      "3: lose one Infected Survivor; with several infected nobody chooses which, here or for a card's or an " \
      "event's \"Infected Survivor\" (from the text: survivors are counts, tracked with \"cubes or some other " \
      "markers\": one off the Infected count).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_INFECTION_CALM, DL_PH_SAFE, EFFECT, infection_4_6, nothing_happens, "DL-INFECTION-4-6", S002, "Infection Roll Table", \
      "4-6: nothing happens.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_INFECTION_DONE, DL_PH_SAFE, EFFECT, infection_over, infection_done, "DL-INFECTION-DONE", S002, SEC_SAFE, \
      "Every infected survivor rolled for.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STRESS_REFILL, DL_PH_SAFE, EFFECT, stress_hand_empty, refill_stress_hands, "DL-MP-STRESS-REFILL", S002, "SAFE HOUSE PHASE", \
      "Multiplayer: at the end of the safe house phase, a player without a Stress Card draws one.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_NEXT_DISTRICT, DL_PH_SAFE, EFFECT, safe_house_left, next_district, "DL-NEXT-DISTRICT", S002, SEC_SAFE, \
      "Flip the next district, the pawn on its red space, and reset Time.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_EXTRACTION_DONE, DL_PH_SAFE, EFFECT, extraction_done, end_of_round, "DL-EXIT-END", S002, "WINNING THE GAME", \
      "At the extraction zone, the round ends after the infection rolls.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_FINAL_SAY_OFFER, DL_PH_FINAL_SAY, OFFER, ud_always, offer_final_say, "DL-MP-FINAL-SAY", S002, \
      "FINAL SAY; PARTY LEADER (the leader not asked: ruling, undead's)", \
      "Multiplayer: each player may take final say over one decision a game (dice kept, fight dice, event, way, " \
      "ammo), asked in turn from the leader's left; ruling (undead's): the leader, who has final say on every " \
      "decision already, is not asked.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FINAL_SAY_TAKEN, DL_PH_FINAL_SAY, EFFECT, chose_final_say, take_final_say, "DL-MP-FINAL-SAY-TAKEN", S002, "FINAL SAY", \
      "That player decides instead of the leader; Survivor Dice they keep may not be rerolled this turn (said of " \
      "Survivor Dice only: fight dice they keep may be rerolled later in the fight).", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_FINAL_SAY_PASS, DL_PH_FINAL_SAY, EFFECT, chose_pass, pass_final_say, "DL-MP-FINAL-SAY-PASS", S002, "PARTY LEADER", \
      "Otherwise the party leader has final say.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STRESS_CHOICE, DL_PH_STRESS_HOLD, OFFER, ud_always, offer_stress_choice, "DL-MP-STRESS-CHOICE", S002, \
      SEC_MP, "stress-hand=may-hold: play the Stress Card now, or keep it hidden.", STRESS_HAND(MAY_HOLD), UD_ANY) \
    X(C, DL_R_STRESS_PLAYED, DL_PH_STRESS_HOLD, EFFECT, chose_play_stress, play_asked_stress, "DL-MP-STRESS-PLAYED", \
      S002, SEC_MP, "A Stress Card played resolves and goes to the discards.", STRESS_HAND(MAY_HOLD), UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_STRESS_KEPT, DL_PH_STRESS_HOLD, EFFECT, chose_hold_stress, keep_asked_stress, "DL-MP-STRESS-KEPT", S002, \
      SEC_MP, "A Stress Card kept stays in hand, hidden, and is not asked about again this round.", \
      STRESS_HAND(MAY_HOLD), UD_ANY) \
    \
    X(C, DL_R_STRESS_SOLO, DL_PH_CHECK, EFFECT, solo_stress_pending, resolve_solo_stress, "DL-STRESS-RESOLVE", S002, SEC_MOVE, \
      "A Stress Card drawn this round resolves once its \"play when\" condition is met, earlier or later in the round " \
      "(stress-repeat=each-time: again at each later meeting, except one a Stress Card's effect makes, its own or " \
      "another card's); ruling (undead's): a card due resolves before the loss is looked for; ruling (undead's): " \
      "one roll's outcome is one meeting, so two fight dice rerolled to 1 together (two Time lost), two 2s of one " \
      "roll or two Survivor Dice 1s meet the condition once: the text's condition is \"met\" or not by what " \
      "happens, not counted by dice.", UD_ALWAYS, UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_STRESS_HAND, DL_PH_CHECK, EFFECT, hand_stress_pending, play_hand_stress, "DL-MP-STRESS-PLAY", S002, SEC_MP, \
      "Multiplayer: a player plays their Stress Card when its condition is met; ruling (undead's): a card due " \
      "resolves before the loss is looked for.", STRESS_HAND(MUST_PLAY), UD_READS(K(NO_HEALTHY) | K(STRESS_REPEAT))) \
    X(C, DL_R_INFECT_NOBODY, DL_PH_CHECK, EFFECT, infection_missed, nobody_to_infect, "DL-INFECT-NOBODY", S002, \
      "INFECTION RULES (no Healthy Survivor left: ruling, undead's)", \
      "Ruling (undead's): the text is silent on infecting a Healthy Survivor when none is left; nobody is infected, " \
      "no Infected Survivor is gained and no Stress Card's infection condition is met.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_LOSS_SURVIVORS, DL_PH_CHECK, EFFECT, nobody_left, lose_last_survivor, "DL-LOSS-SURVIVORS", S002, "LOSING THE GAME", \
      "Losing the last survivor loses the game at once.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_LOSS_HEADCOUNT, DL_PH_CHECK, EFFECT, too_few, lose_headcount, "DL-MP-LOSS-HEADCOUNT", S002, "WINNING OR LOSING", \
      "Multiplayer: fewer survivors than players loses at once.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_LOSS_TIME, DL_PH_CHECK, EFFECT, out_of_time, lose_time_out, "DL-LOSS-TIME", S002, "LOSING THE GAME", \
      "Running out of Time loses at once, unless the pawn is on a green safe house space.", UD_ALWAYS, UD_READS(K(EXTRACTION))) \
    X(C, DL_R_STRESS_ASK, DL_PH_CHECK, EFFECT, hand_stress_pending, ask_stress_holder, "DL-MP-STRESS-ASK", S002, \
      SEC_MP, "Multiplayer, stress-hand=may-hold: a player whose Stress Card's condition is met (and the party not " \
      "lost) decides whether to play it.", STRESS_HAND(MAY_HOLD), UD_ANY) \
    X(C, DL_R_CHECK_DONE, DL_PH_CHECK, EFFECT, check_clear, go_on, "DL-GO-ON", S002, "LOSING THE GAME", \
      "Neither lost nor a stress card due: the round goes on.", UD_ALWAYS, UD_ANY) \
    \
    X(C, DL_R_WIN, DL_PH_ROUND_END, EFFECT, extracted, win, "DL-WIN", S002, "WINNING THE GAME", \
      "At the end of a round on the extraction zone with a survivor (infected ones count), you win.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_STRESS_DISCARD, DL_PH_ROUND_END, EFFECT, stress_in_play, discard_stress, "DL-STRESS-DISCARD", S002, SEC_MOVE, \
      "Solo Stress Cards are active until the end of the round.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_DISTRICT_NEXT, DL_PH_ROUND_END, EFFECT, district_over, to_next_district, "DL-DISTRICT-NEXT", S002, SEC_SAFE, \
      "After a safe house, the next district.", UD_ALWAYS, UD_ANY) \
    X(C, DL_R_NEXT_ROUND, DL_PH_ROUND_END, EFFECT, ud_always, next_round, "DL-NEXT-ROUND", S002, "PLAYING THE GAME", \
      "Otherwise the next round.", UD_ALWAYS, UD_ANY)
/* clang-format on */

UD_COMPILED_TABLE(DL_RULE_LIST, dl_rules, DL_N_RULES, DL_PHASES, dl_compiled_rows)
