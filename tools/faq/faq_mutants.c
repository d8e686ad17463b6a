/*
 * faq_mutants.c - what the project's own checks catch, from the game's
 * newest mutation run (undead mutate, docs/mutation.md): the score, which
 * check caught how many, and every surviving mutant with the reason its
 * folder gives.  A rules editor reads the survivors as "rules no example
 * covers".
 */
#include <stdio.h>

#include "faq_sections.h"

static double metric(db *h, int64_t run, const char *name)
{
    double v = 0;
    return db_faq_metric(h, run, name, &v) ? v : 0;
}

void faq_section_mutants(faq_doc *d, db *h, const ud_game *g)
{
    char id[96];
    snprintf(id, sizeof id, "%s-mutants", g->name);
    faq_heading(d, 2, id, "What the checks catch (mutation analysis)", true);
    db_mutate_run m;
    db_faq_latest_mutate(h, g->name, &m);
    if (!m.id) {
        faq_para_begin(d);
        faq_text(d, "No mutation run of this game is recorded in the database. In the mutation build, ");
        faq_command(d, "undead mutate GAME --db PATH");
        faq_text(d, " records one (docs/mutation.md).");
        faq_para_end(d);
        return;
    }
    double n = metric(h, m.id, "mutants"), eq = metric(h, m.id, "equivalent");
    double killed[4] = { metric(h, m.id, "killed_golden"), metric(h, m.id, "killed_tests"),
                         metric(h, m.id, "killed_sim"), metric(h, m.id, "killed_fuzz") };
    double all = killed[0] + killed[1] + killed[2] + killed[3];
    faq_para_begin(d);
    faq_textf(
        d,
        "undead made %.0f small faults in this game's rule rows, one at a time (a guard that never or always "
        "holds, an effect skipped or applied twice, a reading read as another)%s, and ran its own checks "
        "against each. ",
        n, m.sample ? " (a sample of them)" : "");
    faq_textf(
        d,
        "Of the %.0f that can change a game, the checks caught %.0f (%.1f%%): %.0f by the golden transcripts, "
        "%.0f by the tests, %.0f by the invariants in seeded games, %.0f by fuzzing. ",
        n - eq, all, metric(h, m.id, "mutation_score"), killed[0], killed[1], killed[2], killed[3]);
    if (eq > 0)
        faq_textf(d, "%.0f cannot change any game: each is declared with its reason in the game's folder. ",
                  eq);
    faq_textf(d, "Run %lld, %s, source revision %s.", (long long)m.id, m.ended,
              m.revision[0] ? m.revision : "unknown");
    faq_para_end(d);
    char gp[96];
    snprintf(gp, sizeof gp, "game=%s", g->name);
    char *params[] = { gp, (char *)"verdict=survived" };
    faq_named_query(
        d, h, g, "mutants", params, 2,
        "The faults no check caught: behaviour of these rows that no example, test or invariant pins "
        "down, with the reason given.",
        "Every fault that can change a game was caught.");
}
