/*
 * content.c - One Die's content files (core/content.h): die.txt gives the
 * six faces, goal.txt the goal and the rounds.  The built-in set is
 * spec/one_die/content/, compiled in by spec/embed_content.cmake.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "one_die.h"

od_tables od_content;

extern const ud_content_memfile ud_content_one_die[];
extern const int ud_content_one_die_n;

static const char *const yes_no[] = { "no", "yes", NULL };

static const ud_content_field face_fields[] = {
    { .name = "points", .type = UD_CONTENT_INT, .required = true, .min = 0, .max = 99 },
    { .name = "bust", .type = UD_CONTENT_ENUM, .def = "no", .words = yes_no },
};
static const ud_content_field goal_fields[] = {
    { .name = "points", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = 10000 },
    { .name = "rounds", .type = UD_CONTENT_INT, .required = true, .min = 1, .max = 200 },
};

static bool add_face(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    od_tables *t = ctx;
    int i = t->n_faces++; /* min/max_records keep i below OD_FACES */
    t->points[i] = (int)ud_content_int(r, "points");
    t->bust[i] = ud_content_int(r, "bust") == 1;
    if (t->bust[i] && t->points[i] != 0) {
        ud_content_error_at(err, r, "points", "expected points=0 on a bust face (a bust scores nothing)");
        return false;
    }
    if (i == OD_FACES - 1) {
        /* The last face: a die of busts only would end every turn at once. */
        bool any_scoring = false;
        for (int k = 0; k < OD_FACES; k++)
            any_scoring |= !t->bust[k];
        if (!any_scoring) {
            ud_content_error_at(err, r, NULL, "expected at least one face that is not a bust");
            return false;
        }
    }
    if (t->bust[i])
        snprintf(t->label[i], sizeof t->label[i], "bust");
    else
        snprintf(t->label[i], sizeof t->label[i], "%d", t->points[i]);
    return true;
}

static bool set_goal(void *ctx, const ud_content_record *r, ud_content_error *err)
{
    od_tables *t = ctx;
    t->goal = (int)ud_content_int(r, "points");
    t->rounds = (int)ud_content_int(r, "rounds");
    t->n_goals++;
    return true;
}

static const ud_content_kind kinds[] = {
    { .name = "face",
      .file = "die.txt",
      .fields = face_fields,
      .n_fields = 2,
      .min_records = OD_FACES,
      .max_records = OD_FACES,
      .record = add_face },
    { .name = "goal",
      .file = "goal.txt",
      .fields = goal_fields,
      .n_fields = 2,
      .min_records = 1,
      .max_records = 1,
      .record = set_goal },
};
static const ud_content_schema schema = { "one-die content", kinds, 2 };

/* Load a set (from disk when files is NULL, else from files[] in memory)
 * and make it the set in use only when all of it is good. */
static bool load_set(const char *dir, const ud_content_memfile *files, int n_files, ud_content_error *err)
{
    od_tables t;
    memset(&t, 0, sizeof t);
    bool ok = files ? ud_content_load_dir_memory(&schema, dir, files, n_files, &t, err)
                    : ud_content_load_path(&schema, dir, &t, err);
    if (!ok)
        return false; /* the tables in use stay as they were */
    t.loaded = true;
    od_content = t;
    return true;
}

bool od_load_content_memory(const char *dir, const ud_content_memfile *files, int n_files,
                            ud_content_error *err)
{
    return load_set(dir, files, n_files, err);
}

bool od_load_content(const char *dir, ud_content_error *err)
{
    if (dir)
        return load_set(dir, NULL, 0, err);
    return load_set("spec/one_die/content", ud_content_one_die, ud_content_one_die_n, err);
}

/* The built-in set, unless a set was loaded before the first game
 * (--content DIR). */
static void load_builtin(void)
{
    if (od_content.loaded)
        return;
    ud_content_error err;
    if (!od_load_content(NULL, &err)) {
        /* the shipped files are tested (spec/one_die/tests/test_one_die.c): a broken
         * build, not a user's input */
        ud_content_error_print(&err, stderr);
        abort();
    }
}

/* Safe from any thread: the first caller loads the built-in set and the
 * others wait for it (pthread_once), so a command may start its threads
 * before any game has been set up. */
void od_content_ready(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_builtin);
}
