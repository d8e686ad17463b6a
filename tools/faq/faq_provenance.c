/*
 * faq_provenance.c - how the FAQ was computed: what the verify run counted
 * and the commands it ran.
 */
#include <stdio.h>

#include "faq_sections.h"

/* "What verify counted": one metric of the verify run. */
static void counted(void *c, const char *name, double value, const char *unit)
{
    char v[32], label[160];
    snprintf(v, sizeof v, "%.0f", value);
    faq_measure_label(name, unit, label, sizeof label);
    faq_table_row(c, (const char *const[]){ label, v });
}

/* "The commands it ran": one run of the verify run. */
static void ran(void *c, const char *command_line, const char *status)
{
    faq_doc *d = c;
    faq_row_begin(d, NULL);
    faq_cell_begin(d);
    faq_command(d, command_line);
    faq_cell_end(d);
    faq_cell_begin(d);
    faq_text(d, status);
    faq_cell_end(d);
    faq_row_end(d);
}

void faq_section_provenance(faq_doc *d, db *h, const ud_game *g, const game_runs *gr)
{
    char id[96];
    snprintf(id, sizeof id, "%s-provenance", g->name);
    faq_heading(d, 2, id, "How this was computed", true);
    /* what verify found first, then the long list of commands it ran: a
     * list that runs over a page break splits between rows */
    faq_para_begin(d);
    faq_textf(d, "From the newest undead verify (%s), undead %s, source revision %s. What it found:",
              gr->verify_status, gr->version, gr->revision);
    faq_para_end(d);
    static const char *const mhead[] = { "What verify counted", "Count" };
    faq_table_begin_widths(d, 2, mhead, NULL);
    db_faq_metrics(h, gr->verify, false, counted, d);
    faq_table_end(d);
    faq_p(d, "The commands it ran:");
    static const char *const head[] = { "Command", "Status" };
    static const int widths[] = { 85, 15 };
    faq_table_begin_widths(d, 2, head, widths);
    db_faq_verify_runs(h, gr->verify, ran, d);
    faq_table_end(d);
}
