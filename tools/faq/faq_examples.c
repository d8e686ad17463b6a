/*
 * faq_examples.c - the worked examples: each golden transcript replayed
 * step by step, with its setting and the golden run's verdict.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faq_sections.h"

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The .in files of dir, sorted by name (byte order). */
static int list_cases(const char *dir, char ***out)
{
    *out = NULL;
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    int n = 0, cap = 0;
    char **names = NULL;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".in") != 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **grown = realloc(names, (size_t)cap * sizeof *names);
            if (!grown)
                break;
            names = grown;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(dp);
    qsort(names, (size_t)n, sizeof *names, name_cmp);
    *out = names;
    return n;
}

static bool is_chance_or_decide(const ud_game *g, const char *line)
{
    char verb[32];
    size_t n = strcspn(line, " ");
    if (n == 0 || n >= sizeof verb)
        return false;
    memcpy(verb, line, n);
    verb[n] = '\0';
    return strcmp(verb, "decide") == 0 || ud_game_is_chance_event(g, verb);
}

static const char *const header_words[] = { "undead-transcript", "game", "variant", "player", "seed", "start",
                                            "partial",           NULL };

static bool is_header(const char *line)
{
    for (int i = 0; header_words[i]; i++) {
        size_t n = strlen(header_words[i]);
        if (strncmp(line, header_words[i], n) == 0 && (line[n] == ' ' || line[n] == '\0'))
            return true;
    }
    return false;
}

/* One transcript body line as a step a person can follow. */
static void step(faq_doc *d, const ud_game *g, char *line)
{
    /* the tag: "[RULE-ID]" at the end */
    char *tag = NULL;
    size_t len = strlen(line);
    if (len && line[len - 1] == ']') {
        char *open = strrchr(line, '[');
        if (open) {
            line[len - 1] = '\0';
            tag = open + 1;
            *open = '\0';
            for (char *e = open; e > line && e[-1] == ' '; e--)
                e[-1] = '\0';
        }
    }
    char verb[32] = "";
    size_t vn = strcspn(line, " ");
    if (vn < sizeof verb) {
        memcpy(verb, line, vn);
        verb[vn] = '\0';
    }
    const char *rest = line[vn] ? line + vn + 1 : "";
    faq_html(d, "<li class=\"");
    faq_html(d, line[0] == '='                     ? "state"
                : strcmp(verb, "decide") == 0      ? "decide"
                : ud_game_is_chance_event(g, verb) ? "chance"
                                                   : "change");
    faq_html(d, "\">");
    faq_md(d, "- ");
    if (line[0] == '=') {
        faq_text(d, "Table: ");
        faq_code(d, line[1] == ' ' ? line + 2 : line + 1);
    } else if (strcmp(verb, "decide") == 0) {
        size_t pn = strcspn(rest, " ");
        faq_html(d, "<strong>");
        faq_md(d, "**");
        faq_textf(d, "%.*s", (int)pn, rest);
        faq_md(d, "**");
        faq_html(d, "</strong>");
        faq_textf(d, " chooses: %s", rest[pn] ? rest + pn + 1 : "");
    } else if (ud_game_is_chance_event(g, verb)) {
        faq_textf(d, "%s ", verb);
        if (!d->md) {
            /* each token as the game draws it (a die), else in bold (a player) */
            const ud_faq_extras *fx = faq_extras(g);
            char *copy = strdup(rest);
            for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " "))
                if (!fx || !fx->glyph || !fx->glyph(d->out, verb, tok)) {
                    faq_html(d, "<strong>");
                    faq_text(d, tok);
                    faq_html(d, "</strong> ");
                }
            free(copy);
            faq_html(d, " ");
        }
        faq_code(d, rest);
    } else
        faq_code(d, line);
    if (tag) {
        faq_text(d, " ");
        faq_html(d, "<span class=\"tag\">");
        faq_link(d, tag, tag);
        faq_html(d, "</span>");
    }
    fputs(d->md ? "\n" : "</li>\n", d->out);
}

static void comment_text(ud_buf *para, const char *line)
{
    const char *s = line + 1;
    while (*s == ' ')
        s++;
    if (para->len)
        ud_buf_putc(para, ' ');
    ud_buf_puts(para, s);
}

static void flush_para(faq_doc *d, ud_buf *para, bool *in_list)
{
    if (!para->len)
        return;
    if (*in_list) {
        fputs(d->md ? "\n" : "</ol>\n", d->out);
        *in_list = false;
    }
    faq_html(d, "<p class=\"quote\">");
    faq_text(d, ud_buf_str(para));
    faq_para_end(d);
    ud_buf_clear(para);
}

static void open_list(faq_doc *d, bool *in_list, int next)
{
    if (!*in_list) {
        if (!d->md)
            fprintf(d->out, "<ol class=\"steps\" start=\"%d\">", next);
        faq_md(d, "\n");
        *in_list = true;
    }
}

/* " Replayed against the rules ...: complete (p2 won (p1 11, p2 16))." */
static void replayed(void *d, const db_faq_case_info *c)
{
    char said[300];
    faq_outcome_words(c, said, sizeof said);
    faq_textf(d, " Replayed against the rules (undead golden check): %s (%s).", c->status, said);
}

static void example(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const char *folder,
                    const char *sub, const char *name, const char *golden_dir)
{
    char in_path[1024], tr_path[1100], id[400], key[600];
    snprintf(in_path, sizeof in_path, "%s/%s/%s/%s", golden_dir, folder, sub, name);
    snprintf(tr_path, sizeof tr_path, "%.*s.transcript", (int)(strlen(in_path) - 3), in_path);
    char *in = faq_read_all(d, in_path), *tr = faq_read_all(d, tr_path);
    if (!in || !tr) {
        free(in);
        free(tr);
        return;
    }
    char base[256];
    snprintf(base, sizeof base, "%.*s", (int)(strlen(name) - 3), name);
    snprintf(id, sizeof id, "%s-example-%s-%s", g->name, sub, base);
    faq_heading(d, 3, id, base, true);
    char **il, **tl;
    int ni = faq_split_lines(in, &il), nt = faq_split_lines(tr, &tl);
    /* Setting: players, readings that differ from the defaults, start lines. */
    faq_para_begin(d);
    faq_html(d, "<span class=\"setting\">");
    faq_text(d, "File ");
    faq_code(d, in_path + strlen(golden_dir) + 1);
    faq_text(d, ". Players:");
    for (int i = 0; i < ni; i++)
        if (strncmp(il[i], "player ", 7) == 0)
            faq_textf(d, " %.*s", (int)strcspn(il[i] + 7, " "), il[i] + 7);
    faq_text(d, ".");
    for (int i = 0; i < ni; i++)
        if (strncmp(il[i], "variant ", 8) == 0 || strncmp(il[i], "start ", 6) == 0) {
            faq_text(d, " ");
            faq_ident(d, il[i], true);
        }
    /* Checked in the golden run of this verify. */
    snprintf(key, sizeof key, "golden:%s:%s/%s/%s", g->name, folder, sub, name);
    if (gr->golden)
        db_faq_case(h, gr->golden, key, replayed, d);
    faq_html(d, "</span>");
    faq_para_end(d);

    ud_buf para;
    ud_buf_init(&para);
    bool in_list = false, body = false;
    int t = 0, steps = 0;
    while (t < nt && (tl[t][0] == '#' || is_header(tl[t]) || !tl[t][0]))
        t++;
    for (int i = 0; i < ni; i++) {
        const char *line = il[i];
        if (line[0] == '#') {
            /* the header comment is the example's introduction */
            comment_text(&para, line);
            continue;
        }
        if (!line[0] || is_header(line)) {
            if (!body)
                flush_para(d, &para, &in_list);
            continue;
        }
        body = true;
        if (!is_chance_or_decide(g, line))
            continue; /* the .in's own checks: the transcript shows what happened */
        flush_para(d, &para, &in_list);
        char verb[32];
        size_t vn = strcspn(line, " ");
        snprintf(verb, sizeof verb, "%.*s", (int)(vn < 31 ? vn : 31), line);
        open_list(d, &in_list, steps + 1);
        /* every transcript line up to and including the matching one */
        while (t < nt) {
            bool match = strncmp(tl[t], verb, strlen(verb)) == 0 && tl[t][strlen(verb)] == ' ';
            if (tl[t][0] && tl[t][0] != '#') {
                step(d, g, tl[t]);
                steps++;
            }
            t++;
            if (match)
                break;
        }
    }
    flush_para(d, &para, &in_list);
    for (; t < nt; t++)
        if (tl[t][0] && tl[t][0] != '#') {
            open_list(d, &in_list, steps + 1);
            step(d, g, tl[t]);
            steps++;
        }
    if (in_list)
        fputs(d->md ? "\n" : "</ol>\n", d->out);
    ud_buf_free(&para);
    free(il);
    free(tl);
    free(in);
    free(tr);
}

/* When a game names no example folders: its golden examples/ folder. */
static const ud_faq_examples default_examples[] = {
    { "examples", "Worked examples from the texts",
      "The texts' own worked examples, replayed step by step. The quoted comments are the text; the "
      "numbered steps are what the rules do, each tagged with the rule that did it." },
    { NULL, NULL, NULL },
};

void faq_section_examples(faq_doc *d, db *h, const ud_game *g, const game_runs *gr, const char *folder,
                          const char *golden_dir)
{
    const ud_faq_extras *fx = faq_extras(g);
    const ud_faq_examples *parts = fx && fx->examples ? fx->examples : default_examples;
    char id[96];
    snprintf(id, sizeof id, "%s-examples", g->name);
    faq_heading(d, 2, id, "Worked examples", true);
    if (fx && fx->examples_intro) {
        ud_buf intro;
        ud_buf_init(&intro);
        ud_buf_printf(&intro,
                      "Rendered from the golden transcripts (golden/), which undead golden check "
                      "replays against the rules on every test run. %s",
                      fx->examples_intro);
        faq_p(d, ud_buf_str(&intro));
        ud_buf_free(&intro);
    } else
        faq_p(d, "Rendered from the golden transcripts (golden/), which undead golden check replays against "
                 "the rules on every test run.");
    if (fx && fx->legend && fx->glyph && !d->md) {
        faq_html(d, "<p class=\"legend\">");
        faq_text(d, fx->legend_title ? fx->legend_title : "");
        for (const ud_faq_legend *l = fx->legend; l->token; l++) {
            fx->glyph(d->out, NULL, l->token);
            faq_textf(d, " %s%s ", l->text, l[1].token ? ";" : ".");
        }
        faq_html(d, "</p>\n");
    }
    for (const ud_faq_examples *p = parts; p->folder; p++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s/%s", golden_dir, folder, p->folder);
        char **names;
        int n = list_cases(dir, &names);
        if (!n)
            continue;
        faq_para_begin(d);
        faq_html(d, "<strong>");
        faq_md(d, "**");
        faq_text(d, p->title);
        faq_md(d, "**");
        faq_html(d, "</strong>");
        faq_text(d, ". ");
        faq_text(d, p->intro);
        faq_para_end(d);
        for (int i = 0; i < n; i++) {
            example(d, h, g, gr, folder, p->folder, names[i], golden_dir);
            free(names[i]);
        }
        free(names);
    }
}
