/*
 * content.c - the cards of Zombies!!! The Card Game (core/content.h).
 *
 * 003 says the game has "104 cards", each with a card-effect side and a
 * map-card side, and names five of them without their text; it lists none.
 * cards.txt is therefore undead's sample deck (every card it names, and
 * sample cards marked source=sample), and setup.txt the cards dealt to
 * each player, which 003 does give (SETUP 1).  spec/zombies_cards/docs.md
 * describes the format and the effect vocabulary.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "zombies_cards.h"

zc_tables zc_content;

extern const ud_content_memfile ud_content_zombies_cards[];
extern const int ud_content_zombies_cards_n;

const char *const zc_effect_words[] = {
    [ZC_FX_WEAPON] = "weapon",
    [ZC_FX_LUCK] = "luck",
    [ZC_FX_DRAW] = "draw",
    [ZC_FX_MOVE] = "move",
    [ZC_FX_LOSE_BULLET] = "lose-bullet",
    [ZC_FX_DISCARD_BULLET] = "discard-bullet",
    [ZC_FX_POWER_OUTAGE] = "power-outage",
    [ZC_FX_EXTRA_PLAY] = "extra-play",
    [ZC_FX_NO_GUTS] = "no-guts",
    [ZC_FX_BRAIN_CRAMP] = "brain-cramp",
    [ZC_EFFECTS] = NULL,
};
static const char *const yes_no[] = { "no", "yes", NULL };
static const char *const sources[] = { "sample", "named", NULL };

static const ud_content_field card_fields[] = {
    { .name = "id",
      .type = UD_CONTENT_WORD,
      .required = true,
      .unique = "id",
      .max_len = 24 /* a deal line of 18 stays under UD_MAX_LINE */ },
    { .name = "name", .type = UD_CONTENT_STRING, .def = "\"\"" },
    { .name = "map", .type = UD_CONTENT_WORD, .required = true, .max_len = ZC_NAME_LEN - 1 },
    { .name = "zombies", .type = UD_CONTENT_INT, .required = true, .min = 0, .max = 9 },
    { .name = "building", .type = UD_CONTENT_ENUM, .def = "no", .words = yes_no },
    { .name = "effect", .type = UD_CONTENT_ENUM, .required = true, .words = zc_effect_words },
    { .name = "bonus", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 5 },
    { .name = "n", .type = UD_CONTENT_INT, .def = "1", .min = 1, .max = 5 },
    { .name = "at", .type = UD_CONTENT_WORD, .def = "any", .max_len = ZC_NAME_LEN - 1 },
    { .name = "source", .type = UD_CONTENT_ENUM, .required = true, .words = sources },
    /* identical cards: one record, the same id; the deal tells them
     * apart only by number (a small deck's kinds, spec/zombies_cards/docs.md) */
    { .name = "copies", .type = UD_CONTENT_INT, .def = "1", .min = 1, .max = ZC_MAX_CARDS },
};
static const ud_content_field setup_fields[] = {
    { .name = "deal-small", .type = UD_CONTENT_INT, .required = true, .min = 7, .max = ZC_MAX_CARDS / 2 },
    { .name = "deal-large", .type = UD_CONTENT_INT, .required = true, .min = 7, .max = ZC_MAX_CARDS / 2 },
};

/* The index of a location word, added if new; -1 when the table is full. */
static int location_index(zc_tables *t, const char *word)
{
    for (int i = 0; i < t->n_locations; i++)
        if (strcmp(t->location[i], word) == 0)
            return i;
    if (t->n_locations >= ZC_MAX_LOCATIONS)
        return -1;
    snprintf(t->location[t->n_locations], ZC_NAME_LEN, "%s", word);
    return t->n_locations++;
}

static bool add_card(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    zc_tables *t = ctx;
    int copies = (int)ud_content_int(r, "copies");
    if (t->n_cards + copies > ZC_MAX_CARDS) {
        ud_content_error_at(err, r, "copies", "expected at most %d cards in all, found %d", ZC_MAX_CARDS,
                            t->n_cards + copies);
        return false;
    }
    zc_card *c = &t->card[t->n_cards];
    memset(c, 0, sizeof *c);
    const char *id = ud_content_str(r, "id");
    snprintf(c->id, sizeof c->id, "%s", id);
    int loc = location_index(t, ud_content_str(r, "map"));
    if (loc < 0) {
        ud_content_error_at(err, r, "map", "expected at most %d different locations", ZC_MAX_LOCATIONS);
        return false;
    }
    c->location = (uint8_t)loc;
    c->zombies = (uint8_t)ud_content_int(r, "zombies");
    c->building = (uint8_t)ud_content_int(r, "building");
    c->effect = (uint8_t)ud_content_int(r, "effect");
    c->bonus = (uint8_t)ud_content_int(r, "bonus");
    c->n = (uint8_t)ud_content_int(r, "n");
    c->named = ud_content_int(r, "source") == 1;
    bool wants_bonus = c->effect == ZC_FX_WEAPON || c->effect == ZC_FX_LUCK;
    if (wants_bonus != (c->bonus > 0)) {
        ud_content_error_at(err, r, "bonus",
                            wants_bonus ? "expected bonus=1..5 on a %s card"
                                        : "expected no bonus on a %s card",
                            zc_effect_words[c->effect]);
        return false;
    }
    const char *at = ud_content_str(r, "at");
    if (strcmp(at, "any") == 0) {
        c->at = ZC_AT_ANY;
    } else if (c->effect != ZC_FX_WEAPON) {
        ud_content_error_at(err, r, "at", "expected at=any on a %s card (only weapons have a place)",
                            zc_effect_words[c->effect]);
        return false;
    } else if (strcmp(at, "building") == 0) {
        c->at = ZC_AT_BUILDING;
    } else {
        int w = location_index(t, at);
        if (w < 0) {
            ud_content_error_at(err, r, "at", "expected at most %d different locations", ZC_MAX_LOCATIONS);
            return false;
        }
        c->at = (uint8_t)(ZC_AT_LOCATION + w);
    }
    /* the copies: the same card, the same id, numbered one after another */
    int first = t->n_cards;
    for (int k = 0; k < copies; k++) {
        t->card[first + k] = *c;
        t->kind[first + k] = (uint8_t)first;
    }
    t->n_cards += copies;
    t->n_kinds++;
    t->copies |= copies > 1;
    return true;
}

/* Where the set's setup record wrote its deals: a deck too small for them
 * is blamed there (deck_deals_every_table), in the file actually read
 * (setup.txt of a folder, or the one file given).  Beside the static
 * tables load_set fills, so no more reentrant than they are. */
static struct {
    char file[UD_CONTENT_MAX_PATH];
    int line[2], col[2]; /* deal-small, deal-large */
} setup_at;

static bool set_setup(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    zc_tables *t = ctx;
    t->deal_small = (int)ud_content_int(r, "deal-small");
    t->deal_large = (int)ud_content_int(r, "deal-large");
    t->n_setups++;
    snprintf(setup_at.file, sizeof setup_at.file, "%s", r->file);
    static const char *const deals[2] = { "deal-small", "deal-large" };
    for (int i = 0; i < 2; i++) {
        const ud_content_value *v = ud_content_get(r, deals[i]);
        setup_at.line[i] = v->line;
        setup_at.col[i] = v->col;
    }
    return true;
}

static const ud_content_kind kinds[] = {
    { .name = "card",
      .file = "cards.txt",
      .fields = card_fields,
      .n_fields = 11,
      .min_records = 2,
      .max_records = ZC_MAX_CARDS,
      .record = add_card },
    { .name = "setup",
      .file = "setup.txt",
      .fields = setup_fields,
      .n_fields = 2,
      .min_records = 1,
      .max_records = 1,
      .record = set_setup },
};
static const ud_content_schema schema = { "zombies-cards content", kinds, 2 };

/* Every player count the game allows must be dealable ("18 cards to each
 * player" for 2-4, 17 for 5-6, the rest out of the game): a set that
 * loads is a set every table can play (the content fuzz target found a
 * 13-card deck that loaded and then stopped a two-player set-up). */
static bool deck_deals_every_table(const zc_tables *t, ud_content_error *err)
{
    for (int n = ZC_MIN_PLAYERS; n <= ZC_MAX_PLAYERS; n++) {
        int large = n > 4, each = large ? t->deal_large : t->deal_small;
        if (each * n > t->n_cards) {
            memset(err, 0, sizeof *err);
            snprintf(err->file, sizeof err->file, "%s", setup_at.file);
            ud_error_set(&err->e, setup_at.line[large], setup_at.col[large], "",
                         "expected at least %d cards in the set, enough to deal %s=%d to each of %d players, "
                         "found %d",
                         each * n, large ? "deal-large" : "deal-small", each, n, t->n_cards);
            return false;
        }
    }
    return true;
}

/* How many different deals n players can be dealt, as sequences of card
 * kinds (copies of a card are one kind): deal! times the coefficient of
 * x^deal in the product over kinds of sum_{m <= copies} x^m / m!.  In
 * floating point: it only says whether the deal can be enumerated
 * (explore.c), and a 104-card deal is far past any doubt. */
static double deal_orders(const zc_tables *t, int n)
{
    int deal = (n <= 4 ? t->deal_small : t->deal_large) * n;
    double poly[ZC_MAX_CARDS + 1] = { 1 }, next[ZC_MAX_CARDS + 1];
    for (int i = 0; i < t->n_cards; i++) {
        if (t->kind[i] != i)
            continue;
        int copies = 1;
        while (i + copies < t->n_cards && t->kind[i + copies] == i)
            copies++;
        memset(next, 0, sizeof next);
        for (int d = 0; d <= deal; d++) {
            double term = 1; /* x^m / m! */
            for (int m = 0; m <= copies && d + m <= deal; m++) {
                next[d + m] += poly[d] * term;
                term /= m + 1;
            }
        }
        memcpy(poly, next, sizeof poly);
    }
    double orders = poly[deal];
    for (int k = 2; k <= deal; k++)
        orders *= k;
    return orders;
}

/* Load a set (from disk when files is NULL, else from files[] in memory:
 * the directory dir, or with top >= 0 the one file files[top]) and make it
 * the set in use only when all of it is good. */
static bool load_set(const char *dir, const ud_content_memfile *files, int n_files, int top,
                     ud_content_error *err)
{
    static zc_tables t; /* large: not on the stack */
    memset(&t, 0, sizeof t);
    memset(&setup_at, 0, sizeof setup_at);
    bool ok = !files    ? ud_content_load_path(&schema, dir, &t, err)
              : top < 0 ? ud_content_load_dir_memory(&schema, dir, files, n_files, &t, err)
                        : ud_content_load_memory(&schema, files, n_files, top, &t, err);
    if (ok)
        ok = deck_deals_every_table(&t, err);
    if (!ok)
        return false; /* the tables in use stay as they were */
    for (int n = ZC_MIN_PLAYERS; n <= ZC_MAX_PLAYERS; n++)
        t.deal_orders[n] = deal_orders(&t, n);
    t.loaded = true;
    zc_content = t;
    return true;
}

bool zc_load_content_memory(const char *dir, const ud_content_memfile *files, int n_files,
                            ud_content_error *err)
{
    return load_set(dir, files, n_files, -1, err);
}

bool zc_load_content(const char *dir, ud_content_error *err)
{
    if (dir)
        return load_set(dir, NULL, 0, -1, err);
    return load_set("spec/zombies_cards/content", ud_content_zombies_cards, ud_content_zombies_cards_n, -1,
                    err);
}

bool zc_load_builtin_file(const char *file, ud_content_error *err)
{
    char name[UD_CONTENT_MAX_PATH];
    snprintf(name, sizeof name, "spec/zombies_cards/content/%s", file);
    for (int i = 0; i < ud_content_zombies_cards_n; i++)
        if (strcmp(ud_content_zombies_cards[i].name, name) == 0)
            return load_set(name, ud_content_zombies_cards, ud_content_zombies_cards_n, i, err);
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", name);
    ud_error_set(&err->e, 0, 0, "", "expected a built-in content file of that name");
    return false;
}

/* The built-in set, unless a set was loaded before the first game
 * (--content DIR). */
static void load_builtin(void)
{
    if (zc_content.loaded)
        return;
    ud_content_error err;
    if (!zc_load_content(NULL, &err)) {
        /* the shipped files are tested (tests/test_zombies_cards.c) */
        ud_content_error_print(&err, stderr);
        abort();
    }
}

/* Safe from any thread: the first caller loads the built-in set and the
 * others wait for it (pthread_once), so a command may start its threads
 * before any game has been set up. */
void zc_content_ready(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_builtin);
}
