/*
 * faq_findings.c - the findings: worked examples of the texts that cannot
 * happen as told (golden/GAME/findings.txt).
 */
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"

static void finding(faq_doc *d, char **keys, char **vals, int n)
{
    const char *idv = NULL;
    for (int i = 0; i < n; i++)
        if (strcmp(keys[i], "id") == 0)
            idv = vals[i];
    if (!idv)
        return;
    faq_heading(d, 3, idv, idv, true);
    faq_html(d, "<dl class=\"finding\">");
    for (int i = 0; i < n; i++) {
        if (strcmp(keys[i], "id") == 0)
            continue;
        if (d->md)
            fprintf(d->out, "- **%s**: ", keys[i]);
        else {
            fputs("<dt>", d->out);
            faq_text(d, keys[i]);
            fputs("</dt><dd>", d->out);
        }
        if (strcmp(keys[i], "rules") == 0) {
            char *copy = strdup(vals[i]);
            int k = 0;
            for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
                faq_text(d, k++ ? ", " : "");
                faq_link(d, tok, tok);
            }
            free(copy);
        } else if (strcmp(keys[i], "transcript") == 0 || strcmp(keys[i], "source") == 0)
            faq_code(d, vals[i]);
        else
            faq_text(d, vals[i]);
        fputs(d->md ? "\n" : "</dd>", d->out);
    }
    faq_html(d, "</dl>\n");
    faq_md(d, "\n");
}

void faq_section_findings(faq_doc *d, const ud_game *g, const char *folder, const char *golden_dir)
{
    char path[1024], id[96];
    snprintf(path, sizeof path, "%s/%s/findings.txt", golden_dir, folder);
    char *s = faq_read_all(d, path);
    if (!s)
        return;
    snprintf(id, sizeof id, "%s-findings", g->name);
    faq_heading(d, 2, id, "Findings: worked examples that cannot happen as told", true);
    faq_p(d, "Places where a rule text's worked example cannot happen under the rules as encoded "
             "(golden/.../findings.txt). The golden transcript follows the rules; each record says what "
             "differs.");
    char **lines;
    int n = faq_split_lines(s, &lines);
    char *keys[16], *vals[16];
    int nk = 0;
    for (int i = 0; i <= n; i++) {
        char *line = i < n ? lines[i] : (char *)"";
        if (line[0] == '#')
            continue;
        char *colon = strstr(line, ": ");
        if (!line[0] || !colon) {
            if (nk)
                finding(d, keys, vals, nk);
            nk = 0;
            continue;
        }
        *colon = '\0';
        if (nk < 16) {
            keys[nk] = line;
            vals[nk++] = colon + 2;
        }
    }
    free(lines);
    free(s);
}
