/*
 * faq.c - the rules FAQ (see faq.h): the assembly.  Each game's sections
 * (faq_*.c, faq_sections.h) are written, in the document's order, to a
 * memory stream that collects the headings, so the table of contents can
 * come before them; then the head, the style, the contents and the body.
 *
 * Every read is a named query (db/faq_read.h over db/queries/; a game's
 * own under spec/<folder>/queries/) that orders its rows, and every number is
 * printed with fixed decimals: the output depends on the database's
 * content only.  What only a game can say (its glyphs, legend, charts,
 * edge-case queries) comes from ud_game.extras.
 */
#include "faq.h"

#include <stdlib.h>

#include "faq_sections.h"

static const char style[] =
    "body{font-family:sans-serif;font-size:10.5pt;line-height:1.35;color:#111;max-width:52em;margin:1em auto;padding:0 1em}"
    "h1{font-size:20pt;margin-bottom:0.2em}h2{font-size:15pt;border-bottom:2px solid #b03a2e;margin-top:1.6em}"
    "h3{font-size:12pt;margin-top:1.2em}"
    "table{width:100%;table-layout:fixed;border-collapse:collapse;margin:0.5em 0 1em;font-size:9pt}"
    "th,td{border:1px solid #bbb;padding:3px 5px;vertical-align:top;text-align:left;"
    "overflow-wrap:anywhere;word-break:break-word}"
    "td.id{white-space:nowrap;font-size:8.5pt;overflow-wrap:normal;word-break:normal}th{background:#eee}tr:target{background:#fff3c4}"
    "code{font-family:monospace;font-size:0.92em;overflow-wrap:anywhere}.nw{white-space:nowrap}"
    "ol.steps{font-size:9.5pt;padding-left:2.2em}ol.steps li{margin:2px 0}"
    "li.state code{color:#555}li.decide{font-weight:normal}li.chance svg{vertical-align:middle}"
    ".die{vertical-align:middle;margin-right:2px}"
    ".tag{font-size:0.85em}.quote{font-style:italic;color:#333}"
    "blockquote.quote{margin:0.3em 0 0.3em 1.5em;padding-left:0.6em;border-left:3px solid #ccc}"
    "blockquote.quote .src{font-style:normal;font-size:0.9em;color:#555;white-space:nowrap}"
    ".ok{color:#1d7a2a}.bad{color:#b03a2e}.setting{color:#333}"
    "details.exact summary{cursor:pointer}figure.chart{margin:0.6em 0}figure.chart svg{max-width:100%;height:auto}"
    "dl.finding dt{font-weight:bold}dl.finding dd{margin:0 0 0.4em 1.5em}"
    "nav ol{columns:2;column-gap:5em;font-size:9pt;line-height:1.25}nav ol ol{columns:1}"
    "nav h2{break-before:avoid}@page{size:A4;margin:14mm}"
    "@media print{body{max-width:none;margin:0;padding:0}"
    "h1{break-before:page}h2{break-before:auto}nav h2{break-before:avoid}h1,h2,h3{break-after:avoid}"
    "tr,li,figure,dl{break-inside:avoid}"
    "thead{display:table-header-group}a{color:inherit;text-decoration:none}nav{break-after:page}}";

/* The contents entry's page number, for print: the title and the number
 * are two boxes of a flex row, the number's of fixed width at the right,
 * beside the title's last line. */
static const char page_number_style[] =
    "nav li>a{display:flex;align-items:flex-end}nav a .t{flex:1 1 auto;min-width:0}"
    "nav a .pg{flex:none;width:2.6em;text-align:right;font-variant-numeric:tabular-nums}";

static void toc_item(faq_doc *d, const toc_entry *e, const faq_opts *o)
{
    fprintf(d->out, "<li><a href=\"#%s\">", e->id);
    if (!o->print) {
        faq_text(d, e->title);
        fputs("</a>", d->out);
        return;
    }
    fputs("<span class=\"t\">", d->out);
    faq_text(d, e->title);
    fputs("</span><span class=\"pg\">", d->out);
    int page = pdf_pages_find(o->pages, e->id);
    if (page > 0)
        fprintf(d->out, "%d", page);
    fputs("</span></a>", d->out);
}

static const char players_intro[] =
    "from the rule tables: the questions players ask, each with a short ruling under undead's default "
    "readings, the passages of the rule texts it rests on (verbatim), the rules that enforce it, and, where "
    "the texts differ or are silent, each reading with its measured effect (the results database).";
static const char reference_intro[] =
    "from the rule tables, the variants, the golden transcripts and the results database: the players' "
    "rulings are undead's own words; every other answer below was computed, none written by hand.";

bool faq_write(FILE *out, const faq_opts *o, ud_buf *err)
{
    faq_doc *d = calloc(1, sizeof *d);
    if (!d) {
        ud_buf_puts(err, "out of memory");
        return false;
    }
    d->md = o->format == FAQ_MD;
    d->print = o->print;
    char *body = NULL;
    size_t body_len = 0;
    d->out = open_memstream(&body, &body_len);
    if (!d->out) {
        free(d);
        ud_buf_puts(err, "cannot open a memory stream");
        return false;
    }
    game_runs *gr = calloc(1, sizeof *gr);
    for (int i = 0; gr && i < o->n_games; i++) {
        const ud_game *g = o->games[i];
        faq_load_runs(o->db, g, gr);
        if (!gr->verify) {
            ud_buf_printf(err, "the database holds no finished verify run of %s: run 'undead verify' first",
                          g->name);
            fclose(d->out);
            free(body);
            free(gr);
            free(d);
            return false;
        }
        if (o->n_games > 1) {
            faq_heading(d, 1, g->name, g->title, true);
        }
        bool reference = o->part != FAQ_PLAYERS;
        if (o->part != FAQ_REFERENCE)
            faq_section_players(d, o->db, g, gr, reference);
        if (!reference)
            continue;
        faq_section_rules(d, o->db, g, gr);
        faq_section_questions(d, o->db, g, gr);
        faq_section_claims(d, o->db, g);
        faq_section_charts(d, o->db, g);
        faq_section_examples(d, o->db, g, gr, g->folder, o->golden_dir);
        faq_section_findings(d, g, g->folder, o->golden_dir);
        faq_section_edges(d, o->db, g, gr);
        faq_section_mutants(d, o->db, g);
        faq_section_provenance(d, o->db, g, gr);
    }
    fclose(d->out);
    free(gr);

    /* Head, title, contents, then the body. */
    const char *title = o->n_games == 1 ? o->games[0]->title : "every game";
    const char *kind = o->part == FAQ_PLAYERS ? "Players' FAQ" : "Rules FAQ";
    const char *intro = o->part == FAQ_PLAYERS ? players_intro : reference_intro;
    if (d->md) {
        fprintf(out, "# %s: %s\n\n", kind, title);
        fprintf(out, "Generated by `undead faq` %s\n\n## Contents\n\n", intro);
        for (int i = 0; i < d->n_toc; i++)
            if (d->toc[i].level <= 3)
                fprintf(out, "%*s- [%s](#%s)\n", (d->toc[i].level > 2 ? d->toc[i].level - 2 : 0) * 2, "",
                        d->toc[i].title, d->toc[i].id);
        fwrite(body, 1, body_len, out);
    } else {
        fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
              out);
        d->out = out;
        faq_textf(d, "%s: %s", kind, title);
        fprintf(out, "</title>\n<style>%s%s</style>\n</head><body>\n<header><h1>", style,
                o->print ? page_number_style : "");
        faq_textf(d, "%s: %s", kind, title);
        fputs("</h1><p>Generated by <code>undead faq</code> ", out);
        faq_text(d, intro);
        if (o->part != FAQ_PLAYERS && o->n_games && o->games[0]->n_rules) {
            fputs(" Each rule has a stable anchor: <code>#RULE-ID</code> (e.g. ", out);
            faq_link(d, o->games[0]->rules[0].id, o->games[0]->rules[0].id);
            fputs(").", out);
        }
        fputs("</p></header>\n<nav id=\"contents\"><h2>Contents</h2>\n<ol>", out);
        int level = 2;
        bool open_item = false;
        for (int i = 0; i < d->n_toc; i++) {
            int l = d->toc[i].level < 2 ? 2 : d->toc[i].level;
            if (l > level) {
                fputs("<ol>", out);
                open_item = false;
            }
            while (l < level) {
                fputs("</li></ol>", out);
                level--;
            }
            if (open_item && l == level)
                fputs("</li>", out);
            level = l;
            toc_item(d, &d->toc[i], o);
            open_item = true;
        }
        while (level > 2) {
            fputs("</li></ol>", out);
            level--;
        }
        fputs(open_item ? "</li></ol></nav>\n" : "</ol></nav>\n", out);
        fwrite(body, 1, body_len, out);
        fputs("</body></html>\n", out);
    }
    free(body);
    free(d);
    return true;
}
