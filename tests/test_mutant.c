/*
 * test_mutant.c - the mutants of the rule tables (core/mutant.h) and the
 * declarations of a game's folder (tools/mutate/mutate_decl.c): every game's
 * mutants are listed by rule and reading, each name parses back to the
 * same mutant, bad names and bad declaration files are refused with what
 * was expected, and a build without the mutants says so.  The mutation
 * runs themselves are the mutate_* tests of the mutants build.
 */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "games.h"
#include "engine.h"
#include "mutant.h"
#include "mutate.h"
#include "support.h"

enum { CAP = 4 * UD_MAX_RULES + 64 };
static ud_mutant all[CAP];

/* What ud_mutant_list should give, counted from the game's own table. */
static int expected_count(const ud_game *g)
{
    int n = 0;
    for (int i = 0; i < g->n_rules; i++)
        n += g->rules[i].guard && g->rules[i].guard != ud_always ? 4 : 3;
    for (int k = 0; k < g->n_variants; k++)
        n += g->variants[k].n_values - 1;
    for (int f = 0; f < g->n_faults; f++)
        n += g->faults[f].invariant != NULL; /* the faults of amounts are conform's, not listed */
    return n;
}

Test(mutant, every_game_lists_its_rows_and_readings)
{
    for (const ud_game *const *g = ud_games; *g; g++) {
        int n = ud_mutant_list(*g, all, CAP);
        cr_assert_eq(n, expected_count(*g), "%s: %d mutants, expected %d", (*g)->name, n, expected_count(*g));
        for (int i = 0; i < n; i++) {
            cr_assert(all[i].op != UD_MUT_GUARD_ALWAYS ||
                          (all[i].rule->guard && all[i].rule->guard != ud_always),
                      "%s: guard-always of a row with no guard", (*g)->name);
            cr_assert_eq(all[i].game, *g);
        }
        /* every fault names either an invariant of its game, which must
         * catch it, or a row of its game, which conform must name */
        for (int f = 0; f < (*g)->n_faults; f++) {
            const ud_fault *ft = &(*g)->faults[f];
            cr_assert((ft->invariant == NULL) != (ft->rule == NULL),
                      "%s: fault %s names neither or both an invariant and a row", (*g)->name, ft->name);
            bool found = false;
            for (int v = 0; ft->invariant && v < (*g)->n_invariants && !found; v++)
                found = strcmp((*g)->invariants[v].id, ft->invariant) == 0;
            for (int r = 0; ft->rule && r < (*g)->n_rules && !found; r++)
                found = strcmp((*g)->rules[r].id, ft->rule) == 0;
            cr_assert(found, "%s: fault %s names no %s of the game ('%s')", (*g)->name, ft->name,
                      ft->invariant ? "invariant" : "row", ft->invariant ? ft->invariant : ft->rule);
        }
    }
}

static const ud_game *find(const char *name) { return ud_find_game(name); }

Test(mutant, every_name_parses_back_to_its_mutant)
{
    ud_buf name, err, full;
    ud_buf_init(&name);
    ud_buf_init(&err);
    ud_buf_init(&full);
    for (const ud_game *const *g = ud_games; *g; g++) {
        int n = ud_mutant_list(*g, all, CAP);
        for (int i = 0; i < n; i++) {
            name.len = full.len = 0;
            ud_mutant_name(&all[i], &name);
            ud_buf_printf(&full, "%s:%s", (*g)->name, ud_buf_str(&name));
            ud_mutant m;
            cr_assert(ud_mutant_parse(ud_buf_str(&full), find, &m, &err), "%s: %s", ud_buf_str(&full),
                      ud_buf_str(&err));
            cr_assert(m.game == all[i].game && m.rule == all[i].rule && m.op == all[i].op &&
                          m.key == all[i].key && m.shift == all[i].shift,
                      "%s parses to another mutant", ud_buf_str(&full));
        }
    }
    ud_buf_free(&name);
    ud_buf_free(&err);
    ud_buf_free(&full);
}

/* Every fault parses by name, those of amounts too (not listed as
 * mutants, but named by UNDEAD_MUTANT for conform's faulty serves). */
Test(mutant, every_fault_parses_by_name)
{
    ud_buf full, err;
    ud_buf_init(&full);
    ud_buf_init(&err);
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int f = 0; f < (*g)->n_faults; f++) {
            full.len = 0;
            ud_buf_printf(&full, "%s:fault/%s", (*g)->name, (*g)->faults[f].name);
            ud_mutant m;
            cr_assert(ud_mutant_parse(ud_buf_str(&full), find, &m, &err), "%s: %s", ud_buf_str(&full),
                      ud_buf_str(&err));
            cr_assert(m.op == UD_MUT_FAULT && m.fault == &(*g)->faults[f], "%s parses to another mutant",
                      ud_buf_str(&full));
        }
    ud_buf_free(&full);
    ud_buf_free(&err);
}

static void assert_refused(const char *text, const char *phrase)
{
    ud_buf err;
    ud_buf_init(&err);
    ud_mutant m;
    cr_assert_not(ud_mutant_parse(text, find, &m, &err), "'%s' was accepted", text);
    cr_assert_not_null(strstr(ud_buf_str(&err), phrase), "'%s': '%s' lacks '%s'", text, ud_buf_str(&err),
                       phrase);
    ud_buf_free(&err);
}

Test(mutant, bad_names_say_what_was_expected)
{
    assert_refused("zombie-dice", "expected GAME:ROW-ID/OPERATOR");
    assert_refused("chess:ZD-BUST/guard-never", "no game is named 'chess'");
    assert_refused("zombie-dice:ZD-NOPE/guard-never", "has no row 'ZD-NOPE'");
    assert_refused("zombie-dice:ZD-BUST/guard-sometimes", "expected an operator");
    assert_refused("zombie-dice:reading/nokey+1", "KEY one of zombie-dice's variant keys");
    assert_refused("zombie-dice:reading/shortage-when+9", "expected a shift from 1 to");
    assert_refused("dotld:fault/no-such-fault", "declares no fault 'no-such-fault'");
    /* a row with no guard has no "always" to give it */
    for (const ud_game *const *g = ud_games; *g; g++)
        for (int i = 0; i < (*g)->n_rules; i++)
            if (!(*g)->rules[i].guard || (*g)->rules[i].guard == ud_always) {
                char text[128];
                snprintf(text, sizeof text, "%s:%s/guard-always", (*g)->name, (*g)->rules[i].id);
                assert_refused(text, "changes nothing");
                return;
            }
    cr_assert_fail("no game has a row without a guard");
}

static void assert_decls_refused(const char *text, const char *phrase)
{
    scratch_make("mutant");
    scratch_put("mutants.txt", text);
    char path[4200];
    snprintf(path, sizeof path, "%s/mutants.txt", scratch_dir());
    mut_decls ds;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert_not(mut_decls_read(&ds, path, ud_find_game("one-die"), &err), "'%s' was accepted", text);
    cr_assert_not_null(strstr(ud_buf_str(&err), phrase), "'%s' lacks '%s'", ud_buf_str(&err), phrase);
    cr_assert_not_null(strstr(ud_buf_str(&err), path), "'%s' does not name the file", ud_buf_str(&err));
    ud_buf_free(&err);
    scratch_remove();
}

Test(mutant, declarations_are_read_and_bad_ones_refused)
{
    scratch_make("mutant");
    scratch_put("mutants.txt", "# a comment\n\nequivalent OD-RISK/effect-twice  the reason   # trailing\n"
                               "survives OD-POINTS/guard-always because\n"
                               "duplicate OD-POINTS/guard-never\tOD-BUST/guard-never  the same change\n"
                               "protocol-duplicate OD-RISK/guard-never OD-BUST/guard-never  lines alone\n");
    char path[4200];
    snprintf(path, sizeof path, "%s/mutants.txt", scratch_dir());
    mut_decls ds;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(mut_decls_read(&ds, path, ud_find_game("one-die"), &err), "%s", ud_buf_str(&err));
    cr_assert_eq(ds.n, 4);
    const mut_decl *d = mut_decls_find(&ds, "OD-RISK/effect-twice");
    cr_assert_not_null(d);
    cr_assert_eq(d->kind, MUT_DECL_EQUIVALENT);
    cr_assert_str_eq(d->why, "the reason   ");
    cr_assert_eq(d->line, 3);
    d = mut_decls_find(&ds, "OD-POINTS/guard-always");
    cr_assert(d && d->kind == MUT_DECL_SURVIVES && d->line == 4);
    d = mut_decls_find(&ds, "OD-POINTS/guard-never");
    cr_assert(d && d->kind == MUT_DECL_DUPLICATE && d->line == 5);
    cr_assert_str_eq(d->twin, "OD-BUST/guard-never");
    cr_assert_str_eq(d->why, "the same change");
    cr_assert_not(d->protocol);
    d = mut_decls_find(&ds, "OD-RISK/guard-never");
    cr_assert(d && d->kind == MUT_DECL_DUPLICATE && d->protocol && d->line == 6);
    cr_assert_str_eq(d->twin, "OD-BUST/guard-never");
    cr_assert_str_eq(d->why, "lines alone");
    cr_assert_null(mut_decls_find(&ds, "OD-BUST/guard-never"));
    mut_decls_free(&ds);
    ud_buf_free(&err);
    scratch_remove();

    assert_decls_refused("maybe OD-RISK/effect-twice why\n", ":1: expected 'equivalent MUTANT WHY'");
    assert_decls_refused(
        "duplicate OD-RISK/effect-twice OD-POINTS/effect-twice\n",
        ":1: expected 'equivalent MUTANT WHY', 'survives MUTANT WHY', 'duplicate MUTANT TWIN WHY' or "
        "'protocol-duplicate MUTANT TWIN WHY'");
    assert_decls_refused("protocol-duplicate OD-RISK/effect-twice why\n",
                         ":1: expected 'equivalent MUTANT WHY'");
    assert_decls_refused("duplicate OD-RISK/effect-twice ZD-BUST/effect-twice why\n",
                         ":1: 'ZD-BUST/effect-twice' is not a mutant of one-die");
    assert_decls_refused("duplicate OD-RISK/effect-twice OD-RISK/effect-twice why\n",
                         "is declared a duplicate of itself");
    assert_decls_refused(
        "equivalent OD-POINTS/effect-twice a\nduplicate OD-RISK/effect-twice OD-POINTS/effect-twice b\n",
        ":2: the twin 'OD-POINTS/effect-twice' is declared equivalent (line 1)");
    assert_decls_refused("duplicate OD-POINTS/effect-twice OD-BUST/effect-twice a\n"
                         "duplicate OD-RISK/effect-twice OD-POINTS/effect-twice b\n",
                         ":2: the twin 'OD-POINTS/effect-twice' is itself declared a duplicate (line 1)");
    assert_decls_refused("\nequivalent OD-RISK/effect-twice\n", ":2: expected 'equivalent MUTANT WHY'");
    assert_decls_refused("equivalent ZD-BUST/effect-twice why\n", "is not a mutant of one-die");
    assert_decls_refused("equivalent OD-RISK/effect-twice a\nsurvives OD-RISK/effect-twice b\n",
                         ":2: 'OD-RISK/effect-twice' is declared twice");
}

Test(mutant, a_missing_declarations_file_declares_nothing)
{
    mut_decls ds;
    ud_buf err;
    ud_buf_init(&err);
    cr_assert(mut_decls_read(&ds, "/nonexistent/mutants.txt", ud_find_game("one-die"), &err));
    cr_assert_eq(ds.n, 0);
    mut_decls_free(&ds);
    ud_buf_free(&err);
}

Test(mutant, the_command_needs_a_mutation_build)
{
    char *out = NULL, *err = NULL;
    int rc =
        run_undead((const char *const[]){ "undead", "mutate", "one-die", "--no-db", NULL }, NULL, &out, &err);
    if (ud_mutants_built())
        cr_assert_neq(rc, 2, "%s", err);
    else {
        cr_assert_eq(rc, 2);
        cr_assert_not_null(strstr(err, "built without the mutants"), "%s", err);
    }
    free(out);
    free(err);
    rc = run_undead((const char *const[]){ "undead", "mutate", "one-die", "--list", NULL }, NULL, &out, &err);
    cr_assert_eq(rc, 0, "%s", err);
    char expect[64];
    snprintf(expect, sizeof expect, "%d mutants of one-die", expected_count(ud_find_game("one-die")));
    cr_assert_not_null(strstr(out, expect), "'%s' lacks '%s'", out, expect);
    free(out);
    free(err);
}
