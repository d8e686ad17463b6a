/*
 * state.c - small questions about a Dice of the Living Dead state that
 * rows, invariants and policies all ask (how many survivors, what the
 * dice kill, is the pawn sheltered), and the effect vocabulary the content
 * files use (docs/content-format.md), applied the one way every row that
 * resolves a card, token or event applies it.
 */
#include <stdio.h>
#include <string.h>

#include "dotld.h"
#include "dotld_rows.h"

int dl_survivors(const dl_state *st) { return st->healthy + st->infected; }

/* 002, Combat D: "kill one zombie for each 4 or 5 you've rolled, and two
 * zombies for each 6". */
int dl_fight_kills(const dl_state *st) { return st->fdice[4] + st->fdice[5] + 2 * st->fdice[6]; }

const dl_district *dl_current_district(const dl_state *st)
{
    return &dl_content.district[st->order[st->district_no < DL_DISTRICTS_PLAYED ? st->district_no : 0]];
}

/* On a green safe house space (or the extraction zone, under
 * extraction=shelters): where running out of Time does not lose.  The
 * reading is asked (ud_reading) only on the extraction zone: a row that
 * calls this declares DL_V_EXTRACTION in its reads. */
bool dl_on_shelter(const dl_state *st, const ud_step *s)
{
    int kind = dl_current_district(st)->kind[st->space];
    return kind == DL_SP_SAFE ||
           (kind == DL_SP_EXTRACTION && ud_reading(s, DL_V_EXTRACTION) == DL_EXTRACTION_SHELTERS);
}

/* An item held or a character's ability; in multiplayer, whose
 * characters count is the reading of abilities (declared by every row
 * that asks). */
bool dl_has_ability(const dl_state *st, const ud_step *s, int ability)
{
    uint32_t bit = 1u << ability;
    for (int i = 0; i < dl_content.n_items; i++)
        if (((st->items >> i) & 1u) && (dl_content.item[i].abilities & bit))
            return ability != DL_AB_FIRST_AID || !st->first_aid_used;
    bool everyone = st->n_players > 1 && ud_reading(s, DL_V_ABILITIES) == DL_ABILITIES_EVERYONE;
    for (int seat = 0; seat < st->n_players; seat++) {
        bool counts = everyone || seat == st->leader;
        int c = st->character[seat];
        if (counts && c && (dl_content.character[c - 1].abilities & bit))
            return ability != DL_AB_FIRST_AID || !st->first_aid_used;
    }
    return false;
}

int dl_dice_marked(const dl_state *st)
{
    int n = st->scavenger_marked;
    for (int f = 1; f <= 6; f++)
        n += st->marked[f];
    return n;
}

int dl_fdice_marked(const dl_state *st)
{
    int n = 0;
    for (int f = 1; f <= 6; f++)
        n += st->fmarked[f];
    return n;
}

/* ---- the effect vocabulary --------------------------------------------------------- */

/* A "play when" condition met.  Under stress-repeat=each-time a solo
 * Stress Card already resolved this round is marked to resolve again. */
void dl_met(dl_state *st, const ud_step *s, int condition)
{
    st->met |= (uint8_t)(1u << condition);
    if (ud_reading(s, DL_V_STRESS_REPEAT) != DL_STRESS_EACH_TIME)
        return;
    for (int i = 0; i < dl_content.n_stress; i++)
        if (st->stress_active[i] == 2 && dl_content.stress[i].when == condition)
            st->stress_active[i] = 3;
}

/* A count of the party's (survivors, supplies, ammo) set to v: a loss
 * takes what there is (never below 0).  The text sets no most; undead's
 * limit is DL_MAX_COUNT, and going past it stops the game with an error
 * naming the limit and the row, never a silent cap (as the board game's
 * tokens, and never an invariant broken: no rule is). */
int16_t dl_count(ud_step *s, int v, const char *what)
{
    if (v > DL_MAX_COUNT) {
        ud_failf(s, UD_FAIL_LIMIT, s->rule ? s->rule->id : NULL,
                 "the party would hold %d %s; undead's limit is %d (the text sets none)", v, what,
                 DL_MAX_COUNT);
        return DL_MAX_COUNT;
    }
    return (int16_t)(v < 0 ? 0 : v);
}

/* Lose n Healthy Survivors; with none left, an Infected one takes the
 * loss under no-healthy=infected-instead.  Returns how many died. */
int dl_lose_healthy(dl_state *st, const ud_step *s, int n)
{
    int lost = 0;
    for (; n > 0; n--) {
        if (st->healthy > 0)
            st->healthy--;
        else if (st->infected > 0 && ud_reading(s, DL_V_NO_HEALTHY) == DL_NO_HEALTHY_INFECTED)
            st->infected--;
        else
            break;
        lost++;
    }
    return lost;
}

/* 002, Infection rules: "lose a Healthy Survivor and gain an Infected
 * Survivor".  With no Healthy Survivor left there is nobody to infect:
 * the row DL-INFECT-NOBODY (a ruling, undead's) says so in the transcript
 * at the next check, from the count kept here. */
int dl_infect(dl_state *st, ud_step *s, int n)
{
    int done = 0;
    for (; n > 0 && st->healthy > 0; n--, done++) {
        st->healthy--;
        st->infected = dl_count(s, st->infected + 1, "infected survivors");
    }
    if (n > 0)
        st->infect_missed = (uint8_t)(st->infect_missed + n < 255 ? st->infect_missed + n : 255);
    if (done)
        dl_met(st, s, DL_C_INFECTION);
    return done;
}

void dl_lose_time(dl_state *st, const ud_step *s, int n)
{
    for (; n > 0; n--) {
        if (st->time > 0 || ud_fault_on(&dl_faults[DL_FAULT_TIME_BELOW_ZERO])) {
            st->time--;
            dl_met(st, s, DL_C_LOST_TIME);
            if (st->time == 0 && ud_reading(s, DL_V_TIME_OUT) == DL_TIME_OUT_AT_ZERO)
                st->time_out = 1;
        } else {
            st->time_out = 1; /* a Time owed with none left: out, under either reading */
        }
    }
}

/* Apply an effect; *done (if not NULL) gets what really changed, in the
 * same vocabulary: a party cannot lose supplies, ammo or survivors it does
 * not have, nor infect a Healthy Survivor when none is left. */
void dl_apply_effect(dl_state *st, ud_step *s, const dl_effect *e, dl_effect *done)
{
    dl_effect d = *e;
    int before = st->supplies;
    st->supplies = dl_count(s, st->supplies + e->supplies, "supplies");
    d.supplies = st->supplies - before;
    before = st->ammo;
    st->ammo = dl_count(s, st->ammo + e->ammo, "ammo");
    d.ammo = st->ammo - before;
    if (e->healthy > 0) {
        before = st->healthy;
        st->healthy = dl_count(s, st->healthy + e->healthy, "healthy survivors");
        d.healthy = st->healthy - before;
    } else if (e->healthy < 0) {
        d.healthy = -dl_lose_healthy(st, s, -e->healthy);
    }
    /* gained already infected: "do not lose a Healthy Survivor" */
    before = st->infected;
    st->infected = dl_count(s, st->infected + e->infected, "infected survivors");
    d.infected = st->infected - before;
    if (e->infect > 0)
        d.infect = dl_infect(st, s, e->infect);
    before = st->infected;
    st->infected = dl_count(s, st->infected - e->lose_infected, "infected survivors");
    d.lose_infected = before - st->infected;
    st->zombies = (uint16_t)(st->zombies + e->zombies);
    if (e->item)
        st->items |= (uint8_t)(1u << (e->item - 1));
    if (done)
        *done = d;
}

/* Text of an effect for a transcript line: "supplies=+2 ammo=-1", or "none". */
void dl_effect_text(const dl_effect *e, char *out, size_t size)
{
    size_t o = 0;
    out[0] = '\0';
#define PART(FIELD, NAME)     \
    if (e->FIELD && o < size) \
        o += (size_t)snprintf(out + o, size - o, "%s%s=%+d", o ? " " : "", NAME, e->FIELD);
    PART(supplies, "supplies")
    PART(ammo, "ammo")
    PART(healthy, "healthy")
    PART(infected, "infected")
    PART(infect, "infect")
    PART(lose_infected, "lose-infected")
    PART(zombies, "zombies")
    PART(fight, "fight")
#undef PART
    if (e->item && o < size)
        o +=
            (size_t)snprintf(out + o, size - o, "%sitem=%s", o ? " " : "", dl_content.item[e->item - 1].name);
    if (!out[0])
        snprintf(out, size, "none");
}

/* "supplies=-1", or, when the party had less than the effect takes,
 * "supplies=-1 actual=none": what the card says, then what was lost. */
void dl_outcome_text(const dl_effect *e, const dl_effect *done, char *out, size_t size)
{
    dl_effect_text(e, out, size);
    if (memcmp(e, done, sizeof *e) == 0)
        return;
    size_t o = strlen(out);
    if (o + 8 < size) {
        memcpy(out + o, " actual=", 9);
        dl_effect_text(done, out + o + 8, size - o - 8);
    }
}
