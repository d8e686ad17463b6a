/*
 * draw.c - what the text and the SVG drawings of a Dice of the Living Dead
 * position (undead show) share: whose decision it is and in which phase of
 * the round, the district and its track, and the state's figures, each
 * named as 002 names it (Time, Healthy and Infected Survivors, Supplies,
 * Ammo, the zombie pool, the Movement Pool and the Fight Dice Pool, the
 * Survivor Dice, the Scavenger Dice and the Zombie Dice, the Fight Dice,
 * Stress Cards, Exploration tokens, final say).  Both pictures say the
 * same things in the same words.
 */
#include <stdio.h>
#include <string.h>

#include "dl_draw.h"

static const char *name_of(const ud_setup *setup, int seat)
{
    return seat >= 0 && seat < setup->n_players ? setup->names[seat] : "?";
}

/* The phase of the round, in 002's headings' words. */
static const char *phase_words(int phase)
{
    switch (phase) {
    case DL_PH_SETUP:
    case DL_PH_CHARACTER:
    case DL_PH_PICK:
    case DL_PH_DISTRICT:
        return "setting up";
    case DL_PH_ROUND_START:
        return "the round begins";
    case DL_PH_ROLL:
    case DL_PH_REROLL:
        return "2. roll dice";
    case DL_PH_POOLS:
    case DL_PH_SCAVENGE:
    case DL_PH_SIX:
        return "3. scavenging";
    case DL_PH_MOVE:
    case DL_PH_WAY:
    case DL_PH_ENTER:
        return "4. movement";
    case DL_PH_COMBAT:
    case DL_PH_AMMO:
    case DL_PH_FIGHT_ROLL:
    case DL_PH_FIGHT:
    case DL_PH_FIGHT_END:
        return "5. combat";
    case DL_PH_SAFE:
    case DL_PH_EVENT:
        return "6. safe house";
    case DL_PH_FINAL_SAY:
        return "final say asked";
    case DL_PH_STRESS_HOLD:
        return "a Stress Card to play or keep";
    case DL_PH_ROUND_END:
        return "the round ends";
    default:
        return "?";
    }
}

void dl_draw_status(const dl_state *st, const ud_setup *setup, ud_buf *out)
{
    static const char *const result[] = {
        [DL_PLAYING] = "",
        [DL_WON] = "the party won: it reached the extraction zone with survivors",
        [DL_LOST_TIME] = "the party lost: out of Time",
        [DL_LOST_SURVIVORS] = "the party lost: its last survivor is lost",
        [DL_LOST_HEADCOUNT] = "the party lost: fewer survivors than players",
    };
    if (st->phase == DL_PH_OVER) {
        ud_buf_printf(out, "game over in round %d: %s", st->round,
                      st->result < sizeof result / sizeof result[0] ? result[st->result] : "?");
        return;
    }
    int phase = st->phase == DL_PH_CHECK ? st->resume : st->phase;
    if (st->round)
        ud_buf_printf(out, "round %d, ", st->round);
    if (st->n_players > 1)
        ud_buf_printf(out, "party leader %s, ", name_of(setup, st->leader));
    ud_buf_puts(out, phase_words(phase));
    int who = dl_game.to_move(st);
    ud_phase_kind kind = st->phase < DL_PHASES ? dl_game.phases[st->phase].kind : UD_PHASE_AUTO;
    if (kind == UD_PHASE_DECISION && st->n_players > 1)
        ud_buf_printf(out, "; %s decides", name_of(setup, who));
}

void dl_draw_district(const dl_state *st, ud_buf *out)
{
    const dl_district *d = dl_current_district(st);
    ud_buf_printf(out, "District %d of %d: %s (Time %d on this tile)", st->district_no + 1,
                  DL_DISTRICTS_PLAYED, d->title[0] ? d->title : d->name, d->time);
}

void dl_draw_party(const dl_state *st, ud_buf *out)
{
    ud_buf_printf(out, "Time %d  Healthy Survivors %d  Infected Survivors %d  Supplies %d  Ammo %d", st->time,
                  st->healthy, st->infected, st->supplies, st->ammo);
}

static void faces(ud_buf *out, const uint16_t *count, int cap)
{
    int shown = 0;
    for (int f = 1; f <= 6; f++)
        for (int k = 0; k < count[f]; k++, shown++)
            if (shown < cap)
                ud_buf_printf(out, "%s%d", shown ? " " : "", f);
    if (shown > cap)
        ud_buf_printf(out, " (+%d more)", shown - cap);
    if (!shown)
        ud_buf_puts(out, "none");
}

static void faces8(ud_buf *out, const uint8_t *count)
{
    uint16_t wide[7];
    for (int f = 0; f < 7; f++)
        wide[f] = count[f];
    faces(out, wide, 40);
}

static dl_draw_row *row(dl_draw_row *rows, int *n, const char *label)
{
    dl_draw_row *r = &rows[(*n)++];
    snprintf(r->label, sizeof r->label, "%s", label);
    r->value[0] = '\0';
    return r;
}

static void put(dl_draw_row *r, const ud_buf *b) { snprintf(r->value, sizeof r->value, "%s", ud_buf_str(b)); }

/* The roll, the pools and the fight: what the round's dice show. */
static void dice_rows(const dl_state *st, dl_draw_row *rows, int *n, ud_buf *b)
{
    bool rolling = st->phase == DL_PH_REROLL || st->phase == DL_PH_ROLL;
    if (rolling || (st->phase >= DL_PH_POOLS && st->phase <= DL_PH_SIX)) {
        ud_buf_clear(b);
        faces8(b, st->dice);
        if (rolling && dl_dice_marked(st)) {
            ud_buf_puts(b, " (marked to reroll: ");
            faces8(b, st->marked);
            ud_buf_putc(b, ')');
        }
        ud_buf_printf(b, "; Scavenger Dice %d%s; Zombie Dice %d", st->scavenger,
                      st->scavenger_marked ? " (marked)" : "", st->zombie_face);
        if (rolling)
            ud_buf_printf(b, "; roll %d of 3", st->roll_no);
        put(row(rows, n, "Survivor Dice"), b);
    }
    if (st->phase >= DL_PH_ROLL && st->phase <= DL_PH_FIGHT_END) {
        ud_buf_clear(b);
        ud_buf_printf(b, "%d zombies", st->zombies);
        if (st->locked)
            ud_buf_printf(b, " (%d Survivor Dice showing 1 among them)", st->locked);
        if (st->phase >= DL_PH_POOLS && st->phase <= DL_PH_FIGHT_END)
            ud_buf_printf(b, "; Movement Pool %d, Fight Dice Pool %d", st->move_dice, st->fight_pool);
        if (st->phase >= DL_PH_MOVE && st->phase <= DL_PH_ENTER)
            ud_buf_printf(b, "; %d moves left", st->moves_left);
        put(row(rows, n, "zombie pool"), b);
    }
    if (st->phase >= DL_PH_COMBAT && st->phase <= DL_PH_FIGHT_END) {
        ud_buf_clear(b);
        ud_buf_printf(b, "%d zombies to fight with %d dice: ", st->fight_zombies, st->fight_dice);
        if (st->fight_roll)
            faces(b, st->fdice, 24);
        else
            ud_buf_puts(b, "not rolled yet");
        if (dl_fdice_marked(st)) {
            ud_buf_puts(b, " (marked to reroll: ");
            faces(b, st->fmarked, 24);
            ud_buf_putc(b, ')');
        }
        ud_buf_printf(b, "; roll %d of 3; %d killed so far", st->fight_roll, dl_fight_kills(st));
        put(row(rows, n, "Fight Dice"), b);
    }
}

static void stress_row(const dl_state *st, const ud_setup *setup, dl_draw_row *rows, int *n, ud_buf *b)
{
    ud_buf_clear(b);
    int deck = 0;
    for (int i = 0; i < dl_content.n_stress && i < DL_MAX_STRESS; i++)
        deck += st->stress_deck[i] != 0;
    if (st->n_players <= 1) {
        static const char *const how[] = { "", "drawn", "resolved", "resolved, met again" };
        bool any = false;
        for (int i = 0; i < dl_content.n_stress && i < DL_MAX_STRESS; i++)
            if (st->stress_active[i]) {
                ud_buf_printf(b, "%s%s (%s)", any ? ", " : "active: ", dl_content.stress[i].name,
                              how[st->stress_active[i] & 3]);
                any = true;
            }
        if (!any)
            ud_buf_puts(b, "none active");
    } else {
        for (int p = 0; p < st->n_players && p < DL_MAX_PLAYERS; p++) {
            int c = st->stress_hand[p];
            ud_buf_printf(b, "%s%s holds %s", p ? ", " : "", name_of(setup, p),
                          c > 0 && c <= dl_content.n_stress ? dl_content.stress[c - 1].name : "none");
        }
    }
    ud_buf_printf(b, "; %d in the deck", deck);
    put(row(rows, n, "Stress Cards"), b);
}

/* Characters, final say and items. */
static void party_rows(const dl_state *st, const ud_setup *setup, dl_draw_row *rows, int *n, ud_buf *b)
{
    ud_buf_clear(b);
    for (int p = 0; p < st->n_players && p < DL_MAX_PLAYERS; p++) {
        int c = st->character[p];
        ud_buf_printf(b, "%s%s %s", p ? ", " : "", name_of(setup, p),
                      c > 0 && c <= dl_content.n_characters ? dl_content.character[c - 1].name
                                                            : "(none yet)");
        if (st->n_players > 1 && (st->final_say_used >> p) & 1u)
            ud_buf_puts(b, " (final say used)");
    }
    put(row(rows, n, "Characters"), b);
    ud_buf_clear(b);
    for (int i = 0; i < dl_content.n_items && i < DL_MAX_ITEMS; i++)
        if ((st->items >> i) & 1u)
            ud_buf_printf(b, "%s%s", b->len ? ", " : "", dl_content.item[i].name);
    if (!b->len)
        ud_buf_puts(b, "none");
    put(row(rows, n, "Items"), b);
}

int dl_draw_rows(const dl_state *st, const ud_setup *setup, dl_draw_row rows[DL_DRAW_ROWS])
{
    int n = 0;
    ud_buf b;
    ud_buf_init(&b);
    dice_rows(st, rows, &n, &b);
    if (st->event && st->event <= dl_content.n_events) {
        const dl_event *e = &dl_content.event[st->event - 1];
        ud_buf_clear(&b);
        ud_buf_printf(&b, "%s", e->title[0] ? e->title : e->name);
        put(row(rows, &n, "Event"), &b);
    }
    stress_row(st, setup, rows, &n, &b);
    party_rows(st, setup, rows, &n, &b);
    ud_buf_clear(&b);
    int down = 0;
    for (int i = 0; i < DL_MAX_SPACES; i++)
        down += st->face_down[i] != 0;
    ud_buf_printf(&b, "%d face down on this tile, %d not yet placed", down, st->token_pool);
    put(row(rows, &n, "Exploration tokens"), &b);
    ud_buf_free(&b);
    return n;
}

char dl_draw_space_letter(const dl_state *st, int space)
{
    const dl_district *d = dl_current_district(st);
    switch (d->kind[space]) {
    case DL_SP_START:
        return 'S';
    case DL_SP_ZOMBIE:
        return 'Z';
    case DL_SP_EXPLORE:
        return st->face_down[space] ? '?' : 'o';
    case DL_SP_SAFE:
        return 'H';
    case DL_SP_EXTRACTION:
        return 'X';
    default:
        return '.';
    }
}

int dl_draw_branches(const dl_district *d, dl_draw_branch *out, int max)
{
    int n = 0;
    for (int s = 0; s < d->n_main && s < DL_MAX_SPACES; s++)
        for (int k = 1; k < d->n_next[s] && n < max; k++) {
            dl_draw_branch *b = &out[n++];
            b->from = s;
            b->first = d->next[s][k];
            b->n = 0;
            int at = b->first;
            /* along the branch's spaces to the main space it joins */
            while (at >= d->n_main && at < d->n_spaces && b->n < DL_MAX_SPACES) {
                b->n++;
                at = d->n_next[at] ? d->next[at][0] : d->n_main;
            }
            b->to = at;
        }
    return n;
}
