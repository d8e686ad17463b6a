/*
 * content.c - Dice of the Living Dead's content files (core/content.h):
 * districts (with their branches), events (with their options),
 * exploration tokens, stress cards, items, characters and the zombie
 * die's faces.  The built-in set is spec/dotld/content/, compiled in by
 * spec/embed_content.cmake; the format is in docs/content-format.md.
 *
 * Each callback turns one checked record into dl_tables; the checks the
 * schema cannot express (a branch that joins the track behind itself, a
 * safe house no event matches) name the record that breaks them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "dotld.h"

dl_tables dl_content;

extern const ud_content_memfile ud_content_dotld[];
extern const int ud_content_dotld_n;

const char *const dl_space_name[] = { "start", "plain", "zombie", "explore", "safe", "extraction", NULL };
const char *const dl_condition_name[DL_CONDITIONS + 1] = { "no-find",   "infection", "lurking", "zombie-one",
                                                           "lost-time", "casualty",  NULL };
const char *const dl_ability_name[DL_ABILITIES + 1] = { "scout",     "lookout",  "brawler",   "steady",
                                                        "forager",   "gunsmith", "recruiter", "medic",
                                                        "first-aid", NULL };
static const char *const yes_no[] = { "no", "yes", NULL };

/* A loader's working set: the tables, and where each district and
 * safe-house name was written (for the checks made at the end). */
typedef struct loading {
    dl_tables t;
    char file[DL_MAX_DISTRICTS][UD_CONTENT_MAX_PATH];
    int line[DL_MAX_DISTRICTS], col[DL_MAX_DISTRICTS];
} loading;

/* a name no other record of the set has (an option's: no other option of its event) */
#define NAME_FIELD(SET)                                                                                  \
    {                                                                                                    \
        .name = "name", .type = UD_CONTENT_WORD, .required = true, .max_len = DL_NAME - 1, .unique = SET \
    }
#define TITLE_FIELD                                                                           \
    {                                                                                         \
        .name = "title", .type = UD_CONTENT_STRING, .def = "\"\"", .max_len = 2 * DL_NAME - 1 \
    }
#define EFFECT_FIELD(N)                                                      \
    {                                                                        \
        .name = N, .type = UD_CONTENT_INT, .def = "0", .min = -20, .max = 20 \
    }
#define EFFECT_FIELDS                                                                                  \
    EFFECT_FIELD("supplies"), EFFECT_FIELD("ammo"), EFFECT_FIELD("healthy"), EFFECT_FIELD("infected"), \
        EFFECT_FIELD("infect"), EFFECT_FIELD("lose_infected")

static const ud_content_field district_fields[] = {
    NAME_FIELD("district"),
    TITLE_FIELD,
    { .name = "time", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = 6 },
    { .name = "safehouse", .type = UD_CONTENT_WORD, .required = true, .max_len = DL_NAME - 1 },
    { .name = "outskirts", .type = UD_CONTENT_ENUM, .def = "no", .words = yes_no },
    { .name = "spaces",
      .type = UD_CONTENT_WORD_LIST,
      .required = true,
      .min_len = 2,
      .max_len = DL_MAX_SPACES },
};
static const ud_content_field branch_fields[] = {
    { .name = "district", .type = UD_CONTENT_WORD, .required = true },
    { .name = "from", .type = UD_CONTENT_INT, .required = true, .min = 0, .max = DL_MAX_SPACES - 1 },
    { .name = "to", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = DL_MAX_SPACES - 1 },
    { .name = "spaces", .type = UD_CONTENT_WORD_LIST, .required = true, .max_len = DL_MAX_SPACES },
};
static const ud_content_field event_fields[] = {
    NAME_FIELD("event"),
    TITLE_FIELD,
    { .name = "at", .type = UD_CONTENT_WORD_LIST, .required = true, .max_len = DL_MAX_SAFEHOUSES },
};
static const ud_content_field option_fields[] = {
    { .name = "event", .type = UD_CONTENT_WORD, .required = true },
    { .name = "name",
      .type = UD_CONTENT_WORD,
      .required = true,
      .max_len = DL_NAME - 1,
      .unique = "option",
      .unique_within = "event" },
    EFFECT_FIELDS,
    { .name = "fight", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 20 },
};
static const ud_content_field token_fields[] = {
    NAME_FIELD("token"),
    TITLE_FIELD,
    { .name = "count", .type = UD_CONTENT_INT, .def = "1", .min = 1, .max = 50 },
    EFFECT_FIELDS,
    { .name = "zombies", .type = UD_CONTENT_INT, .def = "0", .min = 0, .max = 20 },
    { .name = "item", .type = UD_CONTENT_WORD },
};
static const ud_content_field stress_fields[] = {
    NAME_FIELD("stress"),
    TITLE_FIELD,
    { .name = "when", .type = UD_CONTENT_ENUM, .required = true, .words = dl_condition_name },
    EFFECT_FIELDS,
};
static const ud_content_field item_fields[] = {
    NAME_FIELD("item"),
    TITLE_FIELD,
    { .name = "ability", .type = UD_CONTENT_ENUM, .required = true, .words = dl_ability_name },
};
static const ud_content_field character_fields[] = {
    NAME_FIELD("character"),
    TITLE_FIELD,
    { .name = "abilities", .type = UD_CONTENT_WORD_LIST, .required = true, .max_len = DL_ABILITIES },
    { .name = "solo_only", .type = UD_CONTENT_ENUM, .def = "no", .words = yes_no },
};
static const ud_content_field face_fields[] = {
    { .name = "zombies", .type = UD_CONTENT_INT, .required = true, .min = 0, .max = 6 },
};

static void copy_name(char *dst, const char *src) { snprintf(dst, DL_NAME, "%s", src ? src : ""); }

static void read_effect(const ud_content_record *r, dl_effect *e)
{
    memset(e, 0, sizeof *e);
    e->supplies = (int)ud_content_int(r, "supplies");
    e->ammo = (int)ud_content_int(r, "ammo");
    e->healthy = (int)ud_content_int(r, "healthy");
    e->infected = (int)ud_content_int(r, "infected");
    e->infect = (int)ud_content_int(r, "infect");
    e->lose_infected = (int)ud_content_int(r, "lose_infected");
}

static int find_district(const dl_tables *t, const char *name)
{
    for (int i = 0; i < t->n_districts; i++)
        if (strcmp(t->district[i].name, name) == 0)
            return i;
    return -1;
}

static int safehouse_index(dl_tables *t, const char *name, bool add)
{
    for (int i = 0; i < t->n_safehouses; i++)
        if (strcmp(t->safehouse[i], name) == 0)
            return i;
    if (!add || t->n_safehouses >= DL_MAX_SAFEHOUSES)
        return -1;
    copy_name(t->safehouse[t->n_safehouses], name);
    return t->n_safehouses++;
}

static bool space_kind(const char *word, int *kind)
{
    for (int k = 0; dl_space_name[k]; k++)
        if (strcmp(word, dl_space_name[k]) == 0) {
            *kind = k;
            return true;
        }
    return false;
}

static bool add_district(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    loading *ld = ctx;
    dl_tables *t = &ld->t;
    const char *name = ud_content_str(r, "name");
    int i = t->n_districts++; /* max_records keeps i in range */
    dl_district *d = &t->district[i];
    copy_name(d->name, name);
    snprintf(d->title, sizeof d->title, "%s", ud_content_str(r, "title"));
    d->time = (int)ud_content_int(r, "time");
    d->outskirts = ud_content_int(r, "outskirts") == 1;
    const ud_content_value *sp = ud_content_get(r, "spaces");
    for (int s = 0; s < sp->n; s++) {
        int kind;
        if (!space_kind(sp->words[s], &kind)) {
            ud_content_error_at(err, r, "spaces",
                                "expected start, plain, zombie, explore, safe or extraction, found '%s'",
                                sp->words[s]);
            return false;
        }
        bool first = s == 0, last = s == sp->n - 1;
        int end = d->outskirts ? DL_SP_EXTRACTION : DL_SP_SAFE;
        if (first != (kind == DL_SP_START) || last != (kind == end) ||
            (!last && (kind == DL_SP_SAFE || kind == DL_SP_EXTRACTION))) {
            ud_content_error_at(err, r, "spaces",
                                "expected 'start' first, '%s' last and neither in between (space %d is '%s')",
                                dl_space_name[end], s, sp->words[s]);
            return false;
        }
        d->kind[s] = (uint8_t)kind;
        d->n_next[s] = last ? 0 : 1;
        d->next[s][0] = (uint8_t)(s + 1);
    }
    d->n_spaces = d->n_main = sp->n;
    const char *safe = ud_content_str(r, "safehouse");
    if (d->outskirts) {
        if (t->outskirts >= 0) {
            ud_content_error_at(err, r, "outskirts",
                                "expected one district with outskirts=yes, found a second");
            return false;
        }
        t->outskirts = i;
        d->safehouse = -1;
    } else {
        d->safehouse = safehouse_index(t, safe, true);
        if (d->safehouse < 0) {
            ud_content_error_at(err, r, "safehouse", "expected at most %d kinds of safe house",
                                DL_MAX_SAFEHOUSES);
            return false;
        }
    }
    snprintf(ld->file[i], sizeof ld->file[i], "%s", r->file);
    ld->line[i] = r->line;
    ld->col[i] = r->col;
    return true;
}

static bool add_branch(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    int di = find_district(t, ud_content_str(r, "district"));
    if (di < 0) {
        ud_content_error_at(err, r, "district", "expected the name of a district given before, found '%s'",
                            ud_content_str(r, "district"));
        return false;
    }
    dl_district *d = &t->district[di];
    int from = (int)ud_content_int(r, "from"), to = (int)ud_content_int(r, "to");
    if (from >= d->n_main - 1 || to <= from || to >= d->n_main) {
        ud_content_error_at(err, r, "to",
                            "expected 0 <= from < to < %d (the main track's spaces), found from=%d to=%d",
                            d->n_main, from, to);
        return false;
    }
    if (d->n_next[from] >= DL_MAX_BRANCHES) {
        ud_content_error_at(err, r, "from", "expected at most %d ways on from space %d", DL_MAX_BRANCHES,
                            from);
        return false;
    }
    const ud_content_value *sp = ud_content_get(r, "spaces");
    if (d->n_spaces + sp->n > DL_MAX_SPACES) {
        ud_content_error_at(err, r, "spaces", "expected at most %d spaces in a district, branches included",
                            DL_MAX_SPACES);
        return false;
    }
    int prev = from;
    for (int s = 0; s < sp->n; s++) {
        int kind;
        if (!space_kind(sp->words[s], &kind) || kind == DL_SP_START || kind == DL_SP_SAFE ||
            kind == DL_SP_EXTRACTION) {
            ud_content_error_at(err, r, "spaces", "expected plain, zombie or explore on a branch, found '%s'",
                                sp->words[s]);
            return false;
        }
        int at = d->n_spaces++;
        d->kind[at] = (uint8_t)kind;
        d->next[prev][d->n_next[prev]++] = (uint8_t)at;
        d->n_next[at] = 0;
        prev = at;
    }
    d->next[prev][d->n_next[prev]++] = (uint8_t)to;
    return true;
}

static bool add_event(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    int i = t->n_events++;
    dl_event *e = &t->event[i];
    copy_name(e->name, ud_content_str(r, "name"));
    snprintf(e->title, sizeof e->title, "%s", ud_content_str(r, "title"));
    const ud_content_value *at = ud_content_get(r, "at");
    for (int k = 0; k < at->n; k++) {
        int sh = safehouse_index(t, at->words[k], false);
        if (sh < 0) {
            ud_content_error_at(
                err, r, "at", "expected the safe house of a district given before, found '%s'", at->words[k]);
            return false;
        }
        e->at |= 1u << sh;
    }
    return true;
}

static bool add_option(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    const char *ev = ud_content_str(r, "event");
    for (int i = 0; i < t->n_events; i++) {
        dl_event *e = &t->event[i];
        if (strcmp(e->name, ev) != 0)
            continue;
        if (e->n_options >= DL_MAX_OPTIONS) {
            ud_content_error_at(err, r, NULL, "expected at most %d options for event '%s'", DL_MAX_OPTIONS,
                                ev);
            return false;
        }
        int o = e->n_options++;
        copy_name(e->option[o], ud_content_str(r, "name"));
        read_effect(r, &e->effect[o]);
        e->effect[o].fight = (int)ud_content_int(r, "fight");
        return true;
    }
    ud_content_error_at(err, r, "event", "expected the name of an event given before, found '%s'", ev);
    return false;
}

static bool add_token(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    int i = t->n_tokens++;
    dl_token *k = &t->token[i];
    copy_name(k->name, ud_content_str(r, "name"));
    k->count = (int)ud_content_int(r, "count");
    read_effect(r, &k->effect);
    k->effect.zombies = (int)ud_content_int(r, "zombies");
    const char *item = ud_content_str(r, "item");
    if (item) {
        for (int j = 0; j < t->n_items; j++)
            if (strcmp(t->item[j].name, item) == 0)
                k->effect.item = j + 1;
        if (!k->effect.item) {
            ud_content_error_at(err, r, "item", "expected the name of an item in items.txt, found '%s'",
                                item);
            return false;
        }
    }
    t->n_token_total += k->count;
    if (t->n_token_total > 250) {
        ud_content_error_at(err, r, "count", "expected at most 250 exploration tokens in all");
        return false;
    }
    return true;
}

static bool add_stress(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    dl_stress *s = &t->stress[t->n_stress++];
    copy_name(s->name, ud_content_str(r, "name"));
    s->when = (int)ud_content_int(r, "when");
    read_effect(r, &s->effect);
    return true;
}

static bool add_item(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    int i = t->n_items++;
    copy_name(t->item[i].name, ud_content_str(r, "name"));
    t->item[i].abilities = 1u << ud_content_int(r, "ability");
    if (strcmp(t->item[i].name, "street-map") == 0)
        t->street_map = i;
    if (strcmp(t->item[i].name, "first-aid-kit") == 0)
        t->first_aid_kit = i;
    return true;
}

static bool add_character(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    dl_named *c = &t->character[t->n_characters++];
    copy_name(c->name, ud_content_str(r, "name"));
    c->solo_only = ud_content_int(r, "solo_only") == 1;
    const ud_content_value *ab = ud_content_get(r, "abilities");
    for (int k = 0; k < ab->n; k++) {
        int a = 0;
        while (dl_ability_name[a] && strcmp(dl_ability_name[a], ab->words[k]) != 0)
            a++;
        if (!dl_ability_name[a]) {
            ud_content_error_at(
                err, r, "abilities",
                "expected scout, lookout, brawler, steady, forager, gunsmith, recruiter, medic "
                "or first-aid, found '%s'",
                ab->words[k]);
            return false;
        }
        c->abilities |= 1u << a;
    }
    return true;
}

static bool add_face(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    dl_tables *t = &((loading *)ctx)->t;
    t->zombie_face[++t->n_faces] = (int)ud_content_int(r, "zombies");
    return true;
}

#define KIND(NAME, FILE, FIELDS, MIN, MAX, FN)                                                             \
    {                                                                                                      \
        .name = NAME, .file = FILE, .fields = FIELDS, .n_fields = (int)(sizeof FIELDS / sizeof FIELDS[0]), \
        .min_records = MIN, .max_records = MAX, .record = FN                                               \
    }

/* Items before tokens (a token may give an item); districts before events. */
static const ud_content_kind kinds[] = {
    KIND("district", "districts.txt", district_fields, 4, DL_MAX_DISTRICTS, add_district),
    KIND("branch", "districts.txt", branch_fields, 0, DL_MAX_DISTRICTS *DL_MAX_SPACES, add_branch),
    KIND("event", "events.txt", event_fields, 1, DL_MAX_EVENTS, add_event),
    KIND("option", "events.txt", option_fields, 1, DL_MAX_EVENTS *DL_MAX_OPTIONS, add_option),
    KIND("item", "items.txt", item_fields, 2, DL_MAX_ITEMS, add_item),
    KIND("token", "tokens.txt", token_fields, 1, DL_MAX_TOKEN_KINDS, add_token),
    KIND("stress", "stress.txt", stress_fields, 1, DL_MAX_STRESS, add_stress),
    KIND("character", "characters.txt", character_fields, 1, DL_MAX_CHARACTERS, add_character),
    KIND("face", "zombie_die.txt", face_fields, 6, 6, add_face),
};
static const ud_content_schema schema = { "dotld content", kinds, (int)(sizeof kinds / sizeof kinds[0]) };

/* What the records alone cannot say: checked once everything is read,
 * each said of the file whose records fall short (in folder where). */
static bool check_whole(loading *ld, const char *where, ud_content_error *err)
{
    dl_tables *t = &ld->t;
    memset(err, 0, sizeof *err);
    if (t->outskirts < 0) {
        snprintf(err->file, sizeof err->file, "%s/districts.txt", where);
        ud_error_set(&err->e, 0, 0, "",
                     "expected one district with outskirts=yes (The Outskirts), found none");
        return false;
    }
    if (t->n_districts < DL_DISTRICTS_PLAYED) {
        snprintf(err->file, sizeof err->file, "%s/districts.txt", where);
        ud_error_set(&err->e, 0, 0, "", "expected at least %d districts", DL_DISTRICTS_PLAYED);
        return false;
    }
    for (int i = 0; i < t->n_districts; i++) {
        const dl_district *d = &t->district[i];
        uint32_t matched = 0;
        for (int e = 0; e < t->n_events; e++)
            matched |= t->event[e].at;
        if (d->safehouse >= 0 && !((matched >> d->safehouse) & 1u)) {
            snprintf(err->file, sizeof err->file, "%s", ld->file[i]);
            ud_error_set(&err->e, ld->line[i], ld->col[i], "",
                         "expected an event matching safe house '%s' (events are drawn until one matches)",
                         t->safehouse[d->safehouse]);
            return false;
        }
    }
    for (int e = 0; e < t->n_events; e++)
        if (t->event[e].n_options == 0) {
            snprintf(err->file, sizeof err->file, "%s/events.txt", where);
            ud_error_set(&err->e, 0, 0, "", "expected at least one option for event '%s'", t->event[e].name);
            return false;
        }
    if (t->street_map < 0 || t->first_aid_kit < 0) {
        snprintf(err->file, sizeof err->file, "%s/items.txt", where);
        ud_error_set(&err->e, 0, 0, "",
                     "expected items named street-map and first-aid-kit (002's set-up names them)");
        return false;
    }
    bool multi = false;
    for (int c = 0; c < t->n_characters; c++)
        multi |= !t->character[c].solo_only;
    if (!multi) {
        snprintf(err->file, sizeof err->file, "%s/characters.txt", where);
        ud_error_set(&err->e, 0, 0, "", "expected at least one character with solo_only=no");
        return false;
    }
    return true;
}

/* Load a set (from disk when files is NULL, else from files[] in memory)
 * and make it the set in use only when all of it is good. */
static bool load_set(const char *dir, const ud_content_memfile *files, int n_files, ud_content_error *err)
{
    static loading ld; /* large: not on the stack */
    memset(&ld, 0, sizeof ld);
    ld.t.outskirts = ld.t.street_map = ld.t.first_aid_kit = -1;
    bool ok = files ? ud_content_load_dir_memory(&schema, dir, files, n_files, &ld, err)
                    : ud_content_load_path(&schema, dir, &ld, err);
    if (!ok || !check_whole(&ld, dir, err))
        return false; /* the tables in use stay as they were */
    for (int i = 0; i < ld.t.n_stress; i++) {
        uint8_t bytes[DL_MAX_STRESS / 8 * 8] = { 0 };
        uint64_t word[DL_MAX_STRESS / 8];
        bytes[i] = 1;
        memcpy(word, bytes, sizeof word);
        for (int w = 0; w < DL_MAX_STRESS / 8; w++)
            ld.t.stress_when[ld.t.stress[i].when][w] |= word[w];
    }
    for (int i = 0; i < ld.t.n_tokens; i++)
        ld.t.token_cap[i] = (uint8_t)ld.t.token[i].count; /* at most 50 (the schema) */
    ld.t.loaded = true;
    dl_content = ld.t;
    return true;
}

bool dl_load_content_memory(const char *dir, const ud_content_memfile *files, int n_files,
                            ud_content_error *err)
{
    return load_set(dir, files, n_files, err);
}

bool dl_load_content(const char *dir, ud_content_error *err)
{
    if (dir)
        return load_set(dir, NULL, 0, err);
    return load_set("spec/dotld/content", ud_content_dotld, ud_content_dotld_n, err);
}

/* The built-in set, unless a set was loaded before the first game
 * (--content DIR). */
static void load_builtin(void)
{
    if (dl_content.loaded)
        return;
    ud_content_error err;
    if (!dl_load_content(NULL, &err)) {
        /* the shipped files are tested (spec/dotld/tests/): a broken build */
        ud_content_error_print(&err, stderr);
        abort();
    }
}

/* Safe from any thread: the first caller loads the built-in set and the
 * others wait for it (pthread_once), so a command may start its threads
 * before any game has been set up. */
void dl_content_ready(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_builtin);
}

/* "Each player is given a Character", The Doctor and any other solo-only
 * one excepted: a party has at most as many players as the loaded set
 * deals characters; one player always plays solo. */
int dl_content_max_players(void)
{
    dl_content_ready();
    int party = 0;
    for (int i = 0; i < dl_content.n_characters; i++)
        party += !dl_content.character[i].solo_only;
    return party < 1 ? 1 : party > DL_MAX_PLAYERS ? DL_MAX_PLAYERS : party;
}
