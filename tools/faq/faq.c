/*
 * faq.c - the rules FAQ (see faq.h): the assembly.  Each game's sections
 * (faq_*.c, faq_sections.h) are written, in the document's order, to a
 * memory stream that collects the headings, so the table of contents can
 * come before them; then the head, the style, the contents and the body.
 *
 * Every read is a named query (db/faq_read.h over db/queries/; a game's
 * own under spec/<folder>/queries/) that orders its rows, and every number is
 * printed with fixed decimals.  The output depends on three things only:
 * the database's content; the golden folder (--golden), whose files two
 * sections read, the worked examples (faq_examples.c: each .in and its
 * .transcript) and the findings (faq_findings.c: findings.txt); and this
 * build of undead (its version, the rule tables and variants, and what only
 * a game can say: its glyphs, legend, charts, players' questions and
 * edge-case queries, from ud_game.extras).  No clock, no host, no path but
 * those of its inputs: the same three give the same bytes.
 */
#include "faq.h"

#include <stdlib.h>
#include <string.h>

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
    "nav ol.toc{columns:2;column-gap:2.2em;font-size:8.5pt;line-height:1.2;list-style:none;padding:0;margin:0;"
    "counter-reset:c1}nav li{break-inside:avoid;margin:0}nav li>a{display:flex}nav li>a::before{flex:none;"
    "text-align:right;padding-right:0.35em}nav li.l1{counter-increment:c1;counter-reset:c2;font-weight:bold;"
    "margin-top:0.3em}nav li.l2{counter-increment:c2;counter-reset:c3}nav li.l3{counter-increment:c3;"
    "counter-reset:c4;padding-left:1.3em}nav li.l4{counter-increment:c4;counter-reset:c5;padding-left:2.6em}"
    "nav li.l5{padding-left:3.9em}nav li.l6{padding-left:5.2em}nav li.l2>a::before{content:counter(c2) \".\";"
    "min-width:1.3em}nav li.l3>a::before{content:counter(c3) \".\";min-width:1.3em}nav li.l4>a::before{"
    "content:counter(c4) \".\";min-width:1.3em}nav h2{break-before:avoid}"
    "header .version{color:#555;font-size:9pt;margin:0.2em 0}header .games{font-size:12pt;margin:0.2em 0}"
    "h1.part{font-size:24pt;border-bottom:3px solid #b03a2e;margin-top:0}"
    "h1.game,h2.game{font-size:19pt;border-bottom:3px solid #b03a2e;margin:0 0 0.4em}h4{font-size:11pt}"
    ".q>h3,.q>h4,.qa>h3,.qa>h4{font-size:11.5pt;margin:0.9em 0 0.25em}.answer{margin:0.25em 0}"
    ".ruling{margin:0.25em 0;padding:1px 0 1px 0.6em;border-left:3px solid #b03a2e;font-size:0.95em}"
    ".ruling strong{color:#b03a2e}.changed{font-size:0.85em;margin:0.1em 0;color:#7a4b00}.see{font-size:0.9em;margin:0.25em 0;color:#333}.see a{font-style:italic}.answer .ref{font-size:0.85em;color:#555}"
    ".house{border:1px solid #d9c9a3;background:#fbf6ea;padding:0.25em 0.7em;margin:0.4em 0;font-size:0.9em}"
    ".house .house-title{font-weight:bold;margin:0.1em 0}.house ul{margin:0.15em 0;padding-left:1.2em}"
    ".house p{margin:0.15em 0}ul.sources{list-style:none;padding:0;margin:0.3em 0}ul.sources li{margin:0.15em 0}"
    "ol.most{margin:0.3em 0;padding-left:1.6em}ol.most li{margin:0.1em 0}"
    ".players-charts figure.chart{margin:0.3em 0}.chart-block{break-inside:avoid}"
    /* the players' part: set close, a few pages a game */
    "section.players{font-size:9.5pt;line-height:1.3}section.players h2:not(.game){font-size:13pt;margin:0.9em 0 0.4em}"
    "section.players h3:not(.game){font-size:11pt}section.players p{margin:0.3em 0}"
    "section.players blockquote.quote{margin:0.15em 0 0.15em 1.2em}section.players .qa>h3,section.players .qa>h4{"
    "font-size:10.5pt;margin:0.75em 0 0.2em}section.players .house{margin:0.3em 0}"
    "@media print{body{max-width:none;margin:0;padding:0}"
    "h2{break-before:auto}nav h2{break-before:avoid}h1,h2,h3,h4{break-after:avoid;break-inside:avoid}"
    "tr,li,figure,dl,.house,blockquote{break-inside:avoid}"
    /* a players' question with its answer (and ruling) on one page; its
     * See also line and house-rules box never alone at the top of the next */
    "section.players .qa{break-inside:avoid}section.players .q>.see,section.players .q>.house{break-before:avoid}"
    "thead{display:table-header-group}a{color:inherit;text-decoration:none}nav{break-after:page}}";

/* The contents entry's page number, for print: the title and the number
 * are two boxes of a flex row, the number's of fixed width at the right,
 * beside the title's last line. */
static const char page_number_style[] =
    "nav li>a{align-items:flex-end}nav li>a::before{align-self:flex-start}nav a .t{flex:1 1 auto;min-width:0}"
    "nav a .pg{flex:none;width:2.6em;text-align:right;font-variant-numeric:tabular-nums}";

static void toc_item(faq_doc *d, const toc_entry *e, const faq_opts *o)
{
    fprintf(d->out, "<li class=\"l%d\"><a href=\"#%s\">", e->level, e->id);
    if (!o->print) {
        faq_text(d, e->title);
        fputs("</a></li>", d->out);
        return;
    }
    fputs("<span class=\"t\">", d->out);
    faq_text(d, e->title);
    fputs("</span><span class=\"pg\">", d->out);
    int page = pdf_pages_find(o->pages, e->id);
    if (page > 0)
        fprintf(d->out, "%d", page);
    fputs("</span></a></li>", d->out);
}

static const char players_intro[] =
    "The questions players ask at the table, answered from the rule texts. Quotations are word for word; "
    "\xe2\x80\x9c[...]\xe2\x80\x9d marks words left out. Where the texts disagree or say nothing, the answer "
    "is marked \xe2\x80\x9cRuling:\xe2\x80\x9d with its reason, and the other ways to play it are given as "
    "house rules, with their effect on who wins where it can be measured.";
static const char no_questions[] = " No game here has players' questions yet: its rules are in the reference "
                                   "(undead faq --part reference).";
static const char reference_intro[] =
    "from the rule tables, the variants, the golden transcripts and the results database: the players' "
    "rulings are undead's own words; every other answer below was computed, none written by hand.";

/* A CSS string's content: quotes, backslashes and '<' escaped. */
static void css_string(FILE *out, const char *s)
{
    for (; *s; s++)
        if (*s == '"' || *s == '\\' || *s == '<')
            fprintf(out, "\\%02x ", (unsigned char)*s);
        else
            fputc(*s, out);
}

/* Print: each game's part is a named page whose running heads say the
 * game and the part; every page has its number and the version line. */
static void page_style(FILE *out, const faq_opts *o, const char *version_line)
{
    fputs("@page{size:A4;margin:16mm 14mm 15mm 14mm;"
          "@bottom-left{content:\"",
          out);
    css_string(out, version_line);
    fputs("\";font:7.5pt sans-serif;color:#666}"
          "@bottom-right{content:counter(page);font:9pt sans-serif;color:#333}}",
          out);
    for (int part = 0; part < 2; part++) {
        if ((part == 0 && o->part == FAQ_REFERENCE) || (part == 1 && o->part == FAQ_PLAYERS))
            continue;
        for (int i = 0; i < o->n_games; i++) {
            const ud_game *g = o->games[i];
            if (part == 0 && !faq_has_questions(g))
                continue;
            fprintf(out, "@page %s%d{@top-left{content:\"", part ? "rf" : "pl", i);
            css_string(out, part ? g->title : faq_players_title(g));
            fprintf(out,
                    "\";font:8pt sans-serif;color:#555;vertical-align:bottom}"
                    "@top-right{content:\"%s\";font:8pt sans-serif;color:#555;vertical-align:bottom}}"
                    ".%s%d{page:%s%d}",
                    part ? "Reference" : "Players\\27  FAQ", part ? "rf" : "pl", i, part ? "rf" : "pl", i);
        }
    }
}

/* The contents: every heading collected, in order, each item nested by
 * its level (indented, numbered within its parent).  One flat list: the
 * two print columns break cleanly only between items, and Chromium
 * overlaps the items of nested lists broken across columns and pages. */
static void contents_html(faq_doc *d, FILE *out, const faq_opts *o)
{
    fputs("<nav id=\"contents\"><h2>Contents</h2>\n<ol class=\"toc\">", out);
    for (int i = 0; i < d->n_toc; i++)
        toc_item(d, &d->toc[i], o);
    fputs("</ol></nav>\n", out);
}

/* A game's part, in its named page for print (HTML only). */
static void part_begin(faq_doc *d, const char *prefix, int i)
{
    if (!d->md)
        fprintf(d->out, "<section class=\"%s%d %s\">\n", prefix, i,
                strcmp(prefix, "pl") == 0 ? "players" : "reference");
}

static void part_end(faq_doc *d)
{
    if (!d->md)
        fputs("</section>\n", d->out);
}

/* Whether each game's FAQ data names only what the game has (core's
 * ud_faq_check: the rules and questions by ID, the variants and readings
 * by the game's enums); false with every problem in err, the lines after
 * the first begun as undead faq begins the first. */
static bool faq_data_ready(const faq_opts *o, ud_buf *err)
{
    ud_buf found;
    ud_buf_init(&found);
    int problems = 0;
    for (int i = 0; i < o->n_games; i++)
        problems += ud_faq_check(o->games[i], &found);
    const char *s = ud_buf_str(&found);
    for (size_t i = 0; problems && i < found.len; i++)
        if (s[i] != '\n')
            ud_buf_putc(err, s[i]);
        else if (i + 1 < found.len)
            ud_buf_puts(err, "\nundead faq: ");
    ud_buf_free(&found);
    return problems == 0;
}

bool faq_runs_ready(const faq_opts *o, const char *db_path, ud_buf *err)
{
    if (!faq_data_ready(o, err))
        return false;
    game_runs *gr = calloc(1, sizeof *gr);
    if (!gr) {
        ud_buf_puts(err, "out of memory");
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < o->n_games; i++) {
        faq_load_runs(o->db, o->games[i], gr);
        if (!gr->verify) {
            bool other = strcmp(db_path, "undead.db") != 0;
            ud_buf_printf(err,
                          "the database holds no finished verify run of %s: run 'undead verify %s%s%s' first",
                          o->games[i]->name, o->games[i]->name, other ? " --db " : "", other ? db_path : "");
            ok = false;
        }
    }
    free(gr);
    return ok;
}

/* The players' part: the games with questions, one after another. */
static void players_part(faq_doc *d, const faq_opts *o, game_runs *gr)
{
    bool first = true, with_reference = o->part == FAQ_ALL;
    for (int i = 0; i < o->n_games; i++) {
        const ud_game *g = o->games[i];
        if (!faq_has_questions(g))
            continue;
        faq_load_runs(o->db, g, gr);
        part_begin(d, "pl", i);
        if (first && o->part == FAQ_ALL)
            faq_heading_class(d, 1 - d->shift, "players", "Players' FAQ", true, "part");
        first = false;
        faq_section_players(d, o->db, g, gr, with_reference, o->editions);
        part_end(d);
    }
}

/* The reference, game by game. */
static void reference_part(faq_doc *d, const faq_opts *o, game_runs *gr)
{
    for (int i = 0; i < o->n_games; i++) {
        const ud_game *g = o->games[i];
        faq_load_runs(o->db, g, gr);
        part_begin(d, "rf", i);
        if (i == 0 && o->part == FAQ_ALL)
            faq_heading_class(d, 1 - d->shift, "reference", "Reference", true, "part");
        if (o->n_games > 1 || o->part == FAQ_ALL)
            faq_heading_class(d, 1, g->name, g->title, true, "game");
        faq_section_players_ref(d, o->db, g, gr);
        faq_section_rules(d, o->db, g, gr);
        faq_section_texts(d, g);
        faq_section_questions(d, o->db, g, gr);
        faq_section_claims(d, o->db, g);
        faq_section_charts(d, o->db, g);
        faq_section_examples(d, o->db, g, gr, g->folder, o->golden_dir);
        faq_section_findings(d, g, g->folder, o->golden_dir);
        faq_section_edges(d, o->db, g, gr);
        faq_section_mutants(d, o->db, g);
        faq_section_provenance(d, o->db, g, gr);
        part_end(d);
    }
}

/* The body, into d->out: the parts asked for, from every game's newest
 * verify run (ended: when the newest of them ended).  False with err
 * filled when a game has none or a file was refused (*bad_input). */
static bool write_body(faq_doc *d, const faq_opts *o, char *ended, size_t ended_size, ud_buf *err,
                       bool *bad_input)
{
    game_runs *gr = calloc(1, sizeof *gr);
    bool ok = gr != NULL;
    for (int i = 0; ok && i < o->n_games; i++) {
        faq_load_runs(o->db, o->games[i], gr);
        if (!gr->verify) {
            ud_buf_printf(err, "the database holds no finished verify run of %s: run 'undead verify' first",
                          o->games[i]->name);
            ok = false;
        } else if (strcmp(gr->ended, ended) > 0)
            snprintf(ended, ended_size, "%s", gr->ended);
    }
    if (ok && o->part != FAQ_REFERENCE)
        players_part(d, o, gr);
    if (ok && o->part != FAQ_PLAYERS)
        reference_part(d, o, gr);
    free(gr);
    if (ok && d->refused[0]) {
        ud_buf_puts(err, d->refused);
        *bad_input = true;
        ok = false;
    }
    return ok;
}

/* What the front of the document says. */
typedef struct front {
    const char *kind; /* "Rules FAQ" or "Players' FAQ" */
    char title[1024], version_line[320];
    bool any_questions;
} front;

static void front_of(const faq_opts *o, const char *ended, front *f)
{
    f->any_questions = false;
    for (int i = 0; i < o->n_games; i++)
        f->any_questions |= faq_has_questions(o->games[i]);
    f->title[0] = '\0';
    if (o->n_games == 1)
        snprintf(f->title, sizeof f->title, "%s",
                 o->part == FAQ_PLAYERS ? faq_players_title(o->games[0]) : o->games[0]->title);
    else if (o->part != FAQ_PLAYERS)
        snprintf(f->title, sizeof f->title, "every game");
    char date[64];
    faq_date_words(ended, date, sizeof date);
    if (o->part == FAQ_REFERENCE) /* the reference is undead's measure, dated by its results */
        snprintf(f->version_line, sizeof f->version_line, "undead %s \xc2\xb7 results of %s", UD_VERSION,
                 date);
    else { /* the players' booklet is the publisher's: its edition */
        char edition[192];
        faq_editions_line(o->editions, edition, sizeof edition);
        snprintf(f->version_line, sizeof f->version_line, "%s%s%s", edition,
                 o->part == FAQ_ALL ? " \xc2\xb7 results of " : "", o->part == FAQ_ALL ? date : "");
    }
    f->kind = o->part == FAQ_PLAYERS ? "Players' FAQ" : "Rules FAQ";
}

/* Markdown: the title, version line, introduction and contents, then the body. */
static void write_md(FILE *out, const faq_doc *d, const faq_opts *o, const front *f, const char *body,
                     size_t body_len)
{
    fprintf(out, "# %s%s%s\n\n", f->kind, *f->title ? ": " : "", f->title);
    fprintf(out, "%s\n\n", f->version_line);
    if (o->part == FAQ_PLAYERS)
        fprintf(out, "%s%s\n\n## Contents\n\n", players_intro, f->any_questions ? "" : no_questions);
    else
        fprintf(out, "Generated by `undead faq` %s\n\n## Contents\n\n", reference_intro);
    for (int i = 0; i < d->n_toc; i++)
        if (d->toc[i].level <= 4)
            fprintf(out, "%*s- [%s](#%s)\n", (d->toc[i].level - 1) * 2, "", d->toc[i].title, d->toc[i].id);
    fwrite(body, 1, body_len, out);
}

/* The HTML front page's header: title, games, version line, introduction. */
static void html_front(FILE *out, faq_doc *d, const faq_opts *o, const front *f)
{
    fputs("</style>\n</head><body>\n<header class=\"front\"><h1>", out);
    faq_textf(d, "%s%s%s", f->kind, *f->title ? ": " : "", f->title);
    fputs("</h1>", out);
    if (o->part == FAQ_PLAYERS && o->n_games > 1) {
        fputs("<p class=\"games\">", out);
        for (int i = 0, n = 0; i < o->n_games; i++)
            if (faq_has_questions(o->games[i])) {
                faq_text(d, n++ ? " \xc2\xb7 " : "");
                faq_text(d, faq_players_title(o->games[i]));
            }
        fputs("</p>", out);
    }
    fputs("<p class=\"version\">", out);
    faq_text(d, f->version_line);
    fputs("</p><p>", out);
    if (o->part == FAQ_PLAYERS) {
        faq_text(d, players_intro);
        if (!f->any_questions)
            faq_text(d, no_questions);
    } else {
        fputs("Generated by <code>undead faq</code> ", out);
        faq_text(d, reference_intro);
    }
    if (o->part != FAQ_PLAYERS && o->n_games && o->games[0]->n_rules) {
        fputs(" Each rule has a stable anchor: <code>#RULE-ID</code> (e.g. ", out);
        faq_link(d, o->games[0]->rules[0].id, o->games[0]->rules[0].id);
        fputs(").", out);
    }
    fputs("</p></header>\n", out);
}

/* HTML: the head (title, style, the print's page styles), the front, the
 * contents, then the body; d writes to out from here on. */
static void write_html(FILE *out, faq_doc *d, const faq_opts *o, const front *f, const char *body,
                       size_t body_len)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    d->out = out;
    faq_textf(d, "%s%s%s", f->kind, *f->title ? ": " : "", f->title);
    fprintf(out, "</title>\n<style>%s%s", style, o->print ? page_number_style : "");
    page_style(out, o, f->version_line);
    html_front(out, d, o, f);
    contents_html(d, out, o);
    fwrite(body, 1, body_len, out);
    fputs("</body></html>\n", out);
}

/* The document to out with every control byte but tab and newline (C0,
 * DEL, and the C1 controls U+0080..U+009F) shown as \xHH, as messages
 * show them (ud_buf_put_escaped): what the database holds (a command line,
 * a player's name, a figure's name) may hold any byte, and none reaches
 * the page, nor a terminal the Markdown is shown on, raw.  Here, on the
 * whole document, so that no path of the writer can forget it. */
static void put_visible(FILE *out, const char *s, size_t len)
{
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        bool c1 =
            c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] < 0xa0;
        if ((c >= 0x20 && c != 0x7f && !c1) || c == '\n' || c == '\t')
            continue;
        fwrite(s + from, 1, i - from, out);
        fprintf(out, "\\x%02x", c);
        if (c1)
            fprintf(out, "\\x%02x", (unsigned char)s[++i]);
        from = i + 1;
    }
    fwrite(s + from, 1, len - from, out);
}

bool faq_write(FILE *out, const faq_opts *o, ud_buf *err, bool *bad_input)
{
    *bad_input = false;
    faq_doc *d = calloc(1, sizeof *d);
    if (!d) {
        ud_buf_puts(err, "out of memory");
        return false;
    }
    d->md = o->format == FAQ_MD;
    d->print = o->print;
    d->texts = o->texts;
    d->shift = o->part == FAQ_ALL;
    char *body = NULL;
    size_t body_len = 0;
    d->out = open_memstream(&body, &body_len);
    if (!d->out) {
        free(d);
        ud_buf_puts(err, "cannot open a memory stream");
        return false;
    }
    /* the body first: the contents before it list its headings */
    char ended[32] = "";
    bool ok = write_body(d, o, ended, sizeof ended, err, bad_input);
    fclose(d->out);
    if (!ok) {
        free(body);
        free(d);
        if (!err->len)
            ud_buf_puts(err, "out of memory");
        return false;
    }
    front f;
    front_of(o, ended, &f);
    char *doc = NULL;
    size_t doc_len = 0;
    FILE *whole = open_memstream(&doc, &doc_len);
    if (whole) {
        if (d->md)
            write_md(whole, d, o, &f, body, body_len);
        else
            write_html(whole, d, o, &f, body, body_len);
        fclose(whole);
        put_visible(out, doc, doc_len);
    } else
        ud_buf_puts(err, "cannot open a memory stream");
    free(doc);
    free(body);
    free(d);
    return whole != NULL;
}
