/*
 * policies.c - Dice of the Living Dead's automated players (besides the
 * generic random and human): a cautious party that guards its Time and
 * survivors, and a runner that rushes for the safe house.  Each returns an
 * index into the offers, looked up by action (never by position).
 */
#include "dotld.h"

#define CST(p) ((const dl_state *)(p))

static int find(const ud_offers *o, int kind, int arg)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == kind && o->action[i].arg[0] == arg)
            return i;
    return -1;
}

static int first_of(const ud_offers *o, int kind)
{
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == kind)
            return i;
    return -1;
}

/* Mark one more die showing a face in `faces` (a bit mask), else roll
 * what is marked, else keep. */
static int reroll_faces(const dl_state *st, const ud_offers *o, unsigned faces, bool fight)
{
    for (int f = 1; f <= 6; f++)
        if ((faces >> f) & 1u) {
            int i = find(o, DL_ACT_MARK, f);
            if (i >= 0)
                return i;
        }
    int roll = first_of(o, DL_ACT_ROLL);
    return roll >= 0 ? roll : first_of(o, DL_ACT_KEEP);
}

/* An event option's worth, roughly in survivors. */
static int option_value(const dl_effect *e)
{
    return 2 * e->healthy + e->infected + e->supplies + e->ammo - 2 * e->infect - e->lose_infected - e->fight;
}

static int best_option(const dl_state *st, const ud_offers *o)
{
    const dl_event *e = &dl_content.event[st->event - 1];
    int best = 0;
    for (int k = 1; k < e->n_options; k++)
        if (option_value(&e->effect[k]) > option_value(&e->effect[best]))
            best = k;
    return find(o, DL_ACT_OPTION, best + 1);
}

/* The way whose first space is not a zombie space, else the main track. */
static int quiet_way(const dl_state *st, const ud_offers *o)
{
    const dl_district *d = dl_current_district(st);
    for (int k = 0; k < d->n_next[st->space]; k++)
        if (d->kind[d->next[st->space][k]] != DL_SP_ZOMBIE)
            return find(o, DL_ACT_WAY, k);
    return find(o, DL_ACT_WAY, 0);
}

static int ammo_for(const ud_offers *o, int want)
{
    int best = 0;
    for (int i = 0; i < o->n; i++)
        if (o->action[i].kind == DL_ACT_AMMO && o->action[i].arg[0] <= want &&
            o->action[i].arg[0] >= o->action[best].arg[0])
            best = i;
    return best;
}

static int cautious(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const dl_state *st = CST(p);
    switch (st->phase) {
    case DL_PH_REROLL:
        return reroll_faces(st, o, 1u << 2, false); /* only the 2s, which cost Time */
    case DL_PH_SIX:
        return find(o, DL_ACT_SIX, st->zombies > st->fight_pool ? 5 : 4);
    case DL_PH_WAY:
        return quiet_way(st, o);
    case DL_PH_AMMO: {
        /* about 2/3 of a kill per die: enough dice for every zombie */
        int want = (3 * st->fight_zombies + 1) / 2 - st->fight_dice;
        return ammo_for(o, want < 0 ? 0 : want);
    }
    case DL_PH_FIGHT: {
        bool safe = st->event_fight || st->time >= 3;
        if (!safe || dl_fight_kills(st) >= st->fight_zombies)
            return first_of(o, DL_ACT_KEEP);
        return reroll_faces(st, o, (1u << 1) | (1u << 2) | (1u << 3), true);
    }
    case DL_PH_EVENT:
        return best_option(st, o);
    case DL_PH_FINAL_SAY:
        return first_of(o, DL_ACT_PASS);
    case DL_PH_STRESS_HOLD:
        return first_of(o, DL_ACT_HOLD_STRESS); /* every card in the sample only costs */
    default:
        return 0;
    }
}

static int runner(const ud_game *g, const void *p, int seat, int param, const ud_offers *o, ud_rng *rng)
{
    const dl_state *st = CST(p);
    switch (st->phase) {
    case DL_PH_REROLL:
        return reroll_faces(st, o, (1u << 2) | (1u << 5) | (1u << 6), false); /* fish for 3s and 4s */
    case DL_PH_SIX:
        return find(o, DL_ACT_SIX, 4);
    case DL_PH_WAY:
        return find(o, DL_ACT_WAY, 0);
    case DL_PH_AMMO:
        return ammo_for(o, st->fight_zombies);
    case DL_PH_FIGHT:
        if (dl_fight_kills(st) >= st->fight_zombies)
            return first_of(o, DL_ACT_KEEP);
        return reroll_faces(st, o, (1u << 1) | (1u << 2) | (1u << 3), true);
    case DL_PH_EVENT:
        return best_option(st, o);
    case DL_PH_FINAL_SAY:
        return first_of(o, DL_ACT_FINAL_SAY);
    case DL_PH_STRESS_HOLD:
        return first_of(o, DL_ACT_HOLD_STRESS);
    default:
        return 0;
    }
}

/* As cautious, but presses every fight for kills, whatever the Time. */
static int greedy_fighter(const ud_game *g, const void *p, int seat, int param, const ud_offers *o,
                          ud_rng *rng)
{
    const dl_state *st = CST(p);
    if (st->phase == DL_PH_FIGHT && dl_fight_kills(st) < st->fight_zombies)
        return reroll_faces(st, o, (1u << 1) | (1u << 2) | (1u << 3), true);
    if (st->phase == DL_PH_AMMO)
        return ammo_for(o, 2 * st->fight_zombies);
    return cautious(g, p, seat, param, o, rng);
}

const ud_policy_def dl_policies[DL_N_POLICIES] = {
    { "cautious", "rerolls only 2s, spends ammo for every zombie, rerolls fight dice only with Time to spare",
      0, 0, cautious, 0, 0, 0, 0 },
    { "runner",
      "rerolls for movement, sends the scavenger 6 to movement, spends ammo freely, claims final say", 0, 0,
      runner, 0, 0, 0, 0 },
    { "greedy-fighter", "as cautious, but spends more ammo and rerolls fight dice below 4 whatever the Time",
      0, 0, greedy_fighter, 0, 0, 0, 0 },
};
