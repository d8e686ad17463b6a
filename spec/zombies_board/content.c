/*
 * content.c - the map tiles, event cards and weapons (core/content.h):
 * tiles.txt, events.txt and weapons.txt in spec/zombies_board/content/,
 * compiled in by spec/embed_content.cmake; --content DIR loads another set.
 *
 * A tile is three rows of three space letters (R road, X solid building,
 * F named-building floor, D its door, C the Town Square centre, H the
 * heliport centre), written with the tile's top edge up.  Its road
 * openings are the edges whose middle space is road; the four rotations
 * and their openings are computed here, once.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "zombies_board.h"

zb_tables zb_content;

extern const ud_content_memfile ud_content_zombies_board[];
extern const int ud_content_zombies_board_n;

static const char *const roles[] = { "square", "heliport", "road", "named", NULL };
static const char *const origins[] = { "text", "public-fact", "sample", NULL };
static const char *const effects[] = { "life",  "bullets", "hurry", "wound", "disarm",
                                       "stuck", "horde",   "food",  NULL };

/* ids are one set over tiles, events and weapons (unique = "id") */
static const ud_content_field tile_fields[] = {
    { .name = "id", .type = UD_CONTENT_WORD, .required = true, .max_len = 23, .unique = "id" },
    { .name = "name", .type = UD_CONTENT_STRING, .required = true, .max_len = 39 },
    { .name = "role", .type = UD_CONTENT_ENUM, .required = true, .words = roles },
    { .name = "rows", .type = UD_CONTENT_WORD_LIST, .required = true, .min_len = 3, .max_len = 3 },
    { .name = "count", .type = UD_CONTENT_INT, .def = "1", .min = 0, .max = 9 },
    { .name = "alt", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 9 },
    { .name = "z", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 9 },
    { .name = "l", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 9 },
    { .name = "b", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 9 },
    { .name = "origin", .type = UD_CONTENT_ENUM, .required = true, .words = origins },
    { .name = "cite", .type = UD_CONTENT_STRING, .def = "\"\"" },
};
static const ud_content_field event_fields[] = {
    { .name = "id", .type = UD_CONTENT_WORD, .required = true, .max_len = 23, .unique = "id" },
    { .name = "name", .type = UD_CONTENT_STRING, .required = true, .max_len = 63 },
    { .name = "effect", .type = UD_CONTENT_ENUM, .required = true, .words = effects },
    { .name = "amount", .type = UD_CONTENT_INT, .def = "1", .min = 1, .max = 3 },
    { .name = "count", .type = UD_CONTENT_INT, .def = "1", .min = 0, .max = 4 },
    { .name = "alt", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 4 },
    { .name = "origin", .type = UD_CONTENT_ENUM, .required = true, .words = origins },
    { .name = "cite", .type = UD_CONTENT_STRING, .def = "\"\"" },
};
static const ud_content_field weapon_fields[] = {
    { .name = "id", .type = UD_CONTENT_WORD, .required = true, .max_len = 23, .unique = "id" },
    { .name = "name", .type = UD_CONTENT_STRING, .required = true, .max_len = 39 },
    { .name = "building", .type = UD_CONTENT_WORD, .required = true },
    { .name = "bonus", .type = UD_CONTENT_INT, .def = "1", .min = 1, .max = 3 },
    { .name = "count", .type = UD_CONTENT_INT, .def = "2", .min = 1, .max = 4 },
    { .name = "origin", .type = UD_CONTENT_ENUM, .required = true, .words = origins },
    { .name = "cite", .type = UD_CONTENT_STRING, .def = "\"\"" },
};

static int space_of(char c)
{
    switch (c) {
    case 'R':
        return ZB_ROAD;
    case 'X':
        return ZB_SOLID;
    case 'F':
        return ZB_FLOOR;
    case 'D':
        return ZB_DOOR;
    case 'C':
        return ZB_SQUARE;
    case 'H':
        return ZB_HELI;
    default:
        return -1;
    }
}

static bool add_tile(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    zb_tables *t = ctx;
    const char *id = ud_content_str(r, "id");
    zb_tile_kind *k = &t->tile[t->n_tiles];
    memset(k, 0, sizeof *k);
    snprintf(k->id, sizeof k->id, "%s", id);
    snprintf(k->name, sizeof k->name, "%s", ud_content_str(r, "name"));
    k->role = (uint8_t)ud_content_int(r, "role");
    k->count = (uint8_t)ud_content_int(r, "count");
    k->alt = (uint8_t)ud_content_int(r, "alt");
    k->z = (uint8_t)ud_content_int(r, "z");
    k->l = (uint8_t)ud_content_int(r, "l");
    k->b = (uint8_t)ud_content_int(r, "b");
    const ud_content_value *rows = ud_content_get(r, "rows");
    int n_building = 0, n_door = 0, n_centre = 0;
    for (int y = 0; y < ZB_TS; y++) {
        const char *w = rows->words[y];
        if (strlen(w) != ZB_TS) {
            ud_content_error_at(err, r, "rows", "expected three rows of three letters R X F D C H");
            return false;
        }
        for (int x = 0; x < ZB_TS; x++) {
            int s = space_of(w[x]);
            if (s < 0) {
                ud_content_error_at(err, r, "rows", "expected three rows of three letters R X F D C H");
                return false;
            }
            k->grid[0][y][x] = (uint8_t)s;
            n_building += s == ZB_FLOOR || s == ZB_DOOR;
            n_door += s == ZB_DOOR;
            n_centre += s == ZB_SQUARE || s == ZB_HELI;
        }
    }
    bool named = k->role == ZB_ROLE_NAMED;
    if (named != (n_building > 0) || (named && n_door == 0)) {
        ud_content_error_at(err, r, "rows", "expected F and D spaces (a door at least) on a named tile only");
        return false;
    }
    int want_centre = k->role == ZB_ROLE_SQUARE || k->role == ZB_ROLE_HELIPORT;
    if (n_centre != want_centre || (want_centre && k->grid[0][1][1] != (k->role ? ZB_HELI : ZB_SQUARE))) {
        ud_content_error_at(
            err, r, "rows",
            "expected the centre letter (C square, H heliport) in the middle of those tiles only");
        return false;
    }
    if (!named && (k->z || k->l || k->b)) {
        ud_content_error_at(err, r, "z", "expected z, l and b on a named building only");
        return false;
    }
    if (k->z > n_building || k->l + k->b > n_building) {
        ud_content_error_at(err, r, "z",
                            "expected at most one zombie and one token a building space (%d spaces)",
                            n_building);
        return false;
    }
    for (int rot = 1; rot < 4; rot++) /* clockwise: the new top row is the old left column */
        for (int y = 0; y < ZB_TS; y++)
            for (int x = 0; x < ZB_TS; x++)
                k->grid[rot][y][x] = k->grid[rot - 1][ZB_TS - 1 - x][y];
    static const int mx[4] = { 1, 2, 1, 0 }, my[4] = { 0, 1, 2, 1 };
    for (int rot = 0; rot < 4; rot++)
        for (int e = 0; e < 4; e++)
            if (zb_roadlike(k->grid[rot][my[e]][mx[e]]))
                k->open[rot] |= (uint8_t)(1u << e);
    for (int e = 0; e < 4; e++)
        k->n_open += (k->open[0] >> e) & 1u;
    for (unsigned near = 0; near < 16; near++)
        for (unsigned req = 0; req < 16; req++)
            for (int rot = 0; rot < 4; rot++)
                if (zb_fits_openings(k->open[rot], near, req))
                    k->fit[near << 4 | req] |= (uint8_t)(1u << rot);
    if (k->n_open == 0) {
        ud_content_error_at(err, r, "rows", "expected a road in the middle of at least one edge");
        return false;
    }
    if (k->role == ZB_ROLE_SQUARE || k->role == ZB_ROLE_HELIPORT) {
        int *which = k->role == ZB_ROLE_SQUARE ? &t->square : &t->heliport;
        if (*which >= 0) {
            ud_content_error_at(err, r, "role", "expected one %s tile only", roles[k->role]);
            return false;
        }
        *which = t->n_tiles;
    }
    t->n_tiles++;
    return true;
}

static bool add_event(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    zb_tables *t = ctx;
    const char *id = ud_content_str(r, "id");
    zb_event_kind *k = &t->event[t->n_events++];
    memset(k, 0, sizeof *k);
    snprintf(k->id, sizeof k->id, "%s", id);
    snprintf(k->name, sizeof k->name, "%s", ud_content_str(r, "name"));
    k->effect = (uint8_t)ud_content_int(r, "effect");
    k->amount = (uint8_t)ud_content_int(r, "amount");
    k->count = (uint8_t)ud_content_int(r, "count");
    k->alt = (uint8_t)ud_content_int(r, "alt");
    return true;
}

static bool add_weapon(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    zb_tables *t = ctx;
    const char *id = ud_content_str(r, "id");
    const char *b = ud_content_str(r, "building");
    int bt = -1;
    for (int i = 0; i < t->n_tiles; i++)
        if (strcmp(t->tile[i].id, b) == 0 && t->tile[i].role == ZB_ROLE_NAMED)
            bt = i;
    if (bt < 0) {
        ud_content_error_at(err, r, "building", "expected the id of a named tile in tiles.txt, found '%s'",
                            b);
        return false;
    }
    zb_weapon_kind *k = &t->weapon[t->n_weapons++];
    memset(k, 0, sizeof *k);
    snprintf(k->id, sizeof k->id, "%s", id);
    snprintf(k->name, sizeof k->name, "%s", ud_content_str(r, "name"));
    k->building = (uint8_t)bt;
    k->bonus = (uint8_t)ud_content_int(r, "bonus");
    k->count = (uint8_t)ud_content_int(r, "count");
    t->weapon_total += k->count;
    return true;
}

static const ud_content_kind kinds[] = {
    { .name = "tile",
      .file = "tiles.txt",
      .fields = tile_fields,
      .n_fields = 11,
      .min_records = 3,
      .max_records = ZB_MAX_TILE_KINDS,
      .record = add_tile },
    { .name = "event",
      .file = "events.txt",
      .fields = event_fields,
      .n_fields = 8,
      .min_records = 1,
      .max_records = ZB_MAX_EVENT_KINDS,
      .record = add_event },
    { .name = "weapon",
      .file = "weapons.txt",
      .fields = weapon_fields,
      .n_fields = 7,
      .min_records = 0,
      .max_records = 8,
      .record = add_weapon },
};
static const ud_content_schema schema = { "zombies-board content", kinds, 3 };

/* What the invariants' quick tests read (zb_tables, game.c): the same
 * facts as the rows ZB-INV-PILES and ZB-INV-HANDS, as masks and tables. */
static void derive_quick(zb_tables *t)
{
    for (int k = 0; k < ZB_MAX_TILE_KINDS; k++)
        t->stack_tile[k] = k < t->n_tiles && k != t->square && k != t->heliport ? 0xff : 0;
    for (int k = 0; k < ZB_MAX_EVENT_KINDS; k++)
        t->stack_card[k] = k < t->n_events ? 0xff : 0;
    for (int v = 0; v < 256; v++)
        t->hand_bad[v] = (uint8_t)((v > t->n_tiles || (v && (v - 1 == t->square || v - 1 == t->heliport))) |
                                   (v > t->n_events) << 1);
}

/* Load a set (from disk when files is NULL, else from files[] in memory)
 * and make it the set in use only when all of it is good. */
static bool load_set(const char *dir, const ud_content_memfile *files, int n_files, ud_content_error *err)
{
    static zb_tables t; /* large: not on the stack */
    memset(&t, 0, sizeof t);
    t.square = t.heliport = -1;
    bool ok = files ? ud_content_load_dir_memory(&schema, dir, files, n_files, &t, err)
                    : ud_content_load_path(&schema, dir, &t, err);
    if (ok && (t.square < 0 || t.heliport < 0)) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", dir);
        ud_error_set(&err->e, 0, 0, "", "expected a tile with role=square and one with role=heliport");
        ok = false;
    }
    if (!ok)
        return false;
    derive_quick(&t);
    static unsigned loads;
    t.loaded = true;
    t.generation = ++loads;
    zb_content = t;
    return true;
}

bool zb_load_content_memory(const char *dir, const ud_content_memfile *files, int n_files,
                            ud_content_error *err)
{
    return load_set(dir, files, n_files, err);
}

bool zb_load_content(const char *dir, ud_content_error *err)
{
    if (dir)
        return load_set(dir, NULL, 0, err);
    return load_set("spec/zombies_board/content", ud_content_zombies_board, ud_content_zombies_board_n, err);
}

/* The built-in set, unless a set was loaded before the first game
 * (--content DIR). */
static void load_builtin(void)
{
    if (zb_content.loaded)
        return;
    ud_content_error err;
    if (!zb_load_content(NULL, &err)) {
        ud_content_error_print(&err, stderr);
        abort();
    }
}

/* Safe from any thread: the first caller loads the built-in set and the
 * others wait for it (pthread_once), so a command may start its threads
 * before any game has been set up. */
void zb_content_ready(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_builtin);
}
