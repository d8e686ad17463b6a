/*
 * faq_edges.c - edge cases from the database: the game's own named
 * queries and those every game has, over the verify run shown.
 */
#include <stdio.h>

#include "faq_sections.h"

void faq_section_edges(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    char id[96], run[64], game[96];
    snprintf(id, sizeof id, "%s-edge-cases", g->name);
    faq_heading(d, 2, id, "Edge cases from the database", true);
    faq_p(d, "Rare situations the stored games reached, straight from the database's named queries "
             "(db/queries/; at most eight rows each).");
    snprintf(run, sizeof run, "run=%lld", (long long)gr->verify);
    snprintf(game, sizeof game, "game=%s", g->name);
    /* The game's own queries first, then those every game has. */
    const ud_faq_extras *fx = faq_extras(g);
    /* the runs of the verify run shown (its golden run holds the rarest
     * situations), not every run: another verify's would repeat them */
    char verify[48];
    snprintf(verify, sizeof verify, "verify=%lld", (long long)gr->verify);
    for (const ud_faq_query *q = fx && fx->edge_queries ? fx->edge_queries : NULL; q && q->name; q++) {
        char *params[UD_FAQ_QUERY_PARAMS + 1];
        int n = 0;
        while (n < UD_FAQ_QUERY_PARAMS && q->params[n]) {
            params[n] = (char *)q->params[n];
            n++;
        }
        params[n++] = verify;
        faq_edge_query(d, h, g, q->name, params, n);
    }
    /* The rarest rules are left out: firing counts are a test's coverage,
     * not an edge case; a rule that never fired is. */
    struct {
        const char *name;
        char *params[3];
        int n;
    } q[] = {
        { "seat-outcomes", { run, game }, 2 },
        { "uncovered-rules", { run }, 1 },
        { "violations", { run, (char *)"limit=8" }, 2 },
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        faq_edge_query(d, h, g, q[i].name, q[i].params, q[i].n);
}
