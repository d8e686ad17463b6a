/*
 * check.c - replay a transcript against the rule tables (see check.h).
 *
 * Two cursors move together: the engine's (what the rules produce next)
 * and the transcript's (cur).  Chance and decide lines drive the engine;
 * change lines must match what it produces, in order, but may be left
 * out (unless the record is complete); state lines are checked where the
 * game waits for input (before an outcome, a decision or the end).  A
 * change line the rules did not produce is reported at the next point
 * where the engine waits for input, with what they produced instead.
 */
#include "check.h"

#include "action.h"

#include <stdlib.h>
#include <string.h>

#include "chance_script.h"
#include "engine.h"
#include "offers.h"
#include "rng.h"

/* Lines left out kept for "out of order" (a line written after its place
 * is usually written soon after it). */
enum { LEFT_OUT_KEPT = 32 };

/* A change line the rules produced and the record left out: a line
 * written after its place is found among these, with where it belongs. */
typedef struct left_out_line {
    const ud_rule *rule;
    char text[160];
    int before; /* index of the body line that followed it */
} left_out_line;

/* Where the record has some other line and the rules need a chance run
 * (e.g. a decision where dice must be rolled), every row that would draw
 * outcomes in that run is to blame, not only the first: the engine plays
 * the run on, taking the first outcome of each pick, to name them all. */
typedef struct missing_run {
    int on;
    int picks;
    char event[32];
    char rules[UD_ERROR_RULE_MAX]; /* the rows, space-separated */
    int line, col;
    char found[160];
    char want[256];
} missing_run;

/* A chance line with outcomes left when its step ends: they may be the
 * next step's of the same event, when the record writes in one line what
 * the rules draw in two (a shortage draw taken in two parts, with the
 * brains returned between).  Change lines the rules write within the
 * span may follow the chance line in the record. */
enum { OPEN_RULES_MAX = 4 };
typedef struct open_line {
    int on;
    int n_used;                           /* outcomes used so far */
    const ud_rule *last;                  /* the row of the step that left some */
    const ud_rule *rules[OPEN_RULES_MAX]; /* the rows that drew from it */
    int n_rules;
    int left_out_from; /* first left-out line written within the span */
} open_line;

typedef struct checker {
    const ud_transcript *t;
    const ud_game *g;
    ud_step *s;
    void *state;
    int cur;                 /* next unconsumed body line */
    int active;              /* chance line being consumed, -1 none */
    int run_first;           /* the first line of the step's chance lines */
    int last_used;           /* line number last consumed */
    ud_chance_script script; /* over the active line's words */
    int script_chance, script_decide;
    int partial_end; /* a partial transcript ran out */
    bool state_kept; /* opts->state_out holds the position where it ran out */
    ud_error *err;
    FILE *regen;
    int strict;                       /* a complete record: every change line written */
    int has_chance_lines;             /* else outcomes come from the seed, or none */
    ud_buf produced;                  /* change lines left out since the last sync */
    const ud_rule *produced_rule[16]; /* ... and the rows that produced them */
    char produced_text[16][160];
    int n_produced;
    left_out_line left_out[LEFT_OUT_KEPT]; /* the last ones left out, across syncs (a ring) */
    int n_left_out;                        /* all ever left out; the ring keeps the last few */
    missing_run ahead;                     /* a chance run the record does not write */
    open_line open;                        /* a chance line that goes on in the next step */
    /* Where the record parted from the rules: the row of the first line
     * they produced and the record left out since the last line it
     * wrote that the rules agreed with (NULL: none left out since).  At
     * the end of a game it is the row to blame for a line the record
     * writes on, not the last row fired (the record that has play go on
     * where a player dies is told of the death, not of the win that
     * follows it). */
    const ud_rule *parted;
    bool has_parted;
    ud_rng *seed_rng;    /* outcomes from the seed (no chance lines) */
    uint64_t seed_picks; /* ... drawn since the play began */
    const ud_check_opts *opts;
    ud_check_result *res;
} checker;

/* Outcomes a seed-only record's play may draw (check.c, seeded_pick). */
enum { UD_MAX_SEED_PICKS_PER_PLAY = 1000000 };

static bool settle_open_line(checker *c);
static void report_missing(checker *c, const char *text, const ud_rule *rule);

/* The record wrote a line the rules agree with (a change, chance or
 * decide line): it has not parted from them since. */
static void agreed(checker *c)
{
    c->has_parted = false;
    c->parted = NULL;
}

static const char *rule_id(const ud_step *s) { return s->rule ? s->rule->id : NULL; }

static void join(const ud_tline *tl, int from, ud_buf *out)
{
    for (int i = from; i < tl->ntok; i++)
        ud_buf_printf(out, "%s%s", i > from ? " " : "", tl->tok[i]);
}

/* list (space-separated words) holds word. */
static bool has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
        if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* Compare an input change line with the engine's words. */
static bool same_words(const ud_tline *tl, const char *text)
{
    const char *p = text;
    for (int i = 0; i < tl->ntok; i++) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (len != strlen(tl->tok[i]) || strncmp(p, tl->tok[i], len) != 0)
            return false;
        p += len;
    }
    while (*p == ' ')
        p++;
    return *p == '\0';
}

static int cmp_item(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    return strcmp(*x, *y);
}

static bool unordered_verb(const ud_game *g, const char *verb)
{
    for (const char *const *v = g->unordered_change_verbs; v && *v; v++)
        if (strcmp(*v, verb) == 0)
            return true;
    return false;
}

/* Split text into at most max words (in place); -1 if there are more. */
static int split_words(char *text, char **word, int max)
{
    int n = 0;
    for (char *save, *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (n == max)
            return -1;
        word[n++] = w;
    }
    return n;
}

/* The plain words of word[1..n) sorted, the keyed ones kept in place. */
static void sort_plain_words(char **word, int n)
{
    char *plain[UD_TL_MAX_TOKENS];
    int np = 0;
    for (int i = 1; i < n; i++)
        if (!strchr(word[i], '='))
            plain[np++] = word[i];
    qsort(plain, (size_t)np, sizeof plain[0], cmp_item);
    for (int i = 1, k = 0; i < n; i++)
        if (!strchr(word[i], '='))
            word[i] = plain[k++];
}

/* A record's change line and the engine's words say the same: word for
 * word, or for a verb whose plain words are a set, the same set. */
static bool same_change(const ud_game *g, const ud_tline *tl, const char *text)
{
    if (same_words(tl, text))
        return true;
    if (!unordered_verb(g, tl->tok[0]))
        return false;
    char copy[UD_TL_MAX_LEN];
    if (strlen(text) >= sizeof copy)
        return false;
    memcpy(copy, text, strlen(text) + 1);
    char *mine[UD_TL_MAX_TOKENS], *theirs[UD_TL_MAX_TOKENS];
    int n = split_words(copy, mine, UD_TL_MAX_TOKENS);
    if (n != tl->ntok)
        return false;
    for (int i = 0; i < n; i++)
        theirs[i] = tl->tok[i];
    sort_plain_words(mine, n);
    sort_plain_words(theirs, n);
    for (int i = 0; i < n; i++)
        if (strcmp(mine[i], theirs[i]) != 0)
            return false;
    return true;
}

/* want ("key=a,b,c") and the description's word of len bytes name the same
 * items in some order.  Lists longer than ITEMS_MAX compare as written. */
static bool same_items(const char *want, const char *word, size_t len)
{
    enum { ITEMS_MAX = 64, TEXT_MAX = 512 };
    char a[TEXT_MAX], b[TEXT_MAX];
    if (strlen(want) != len || len >= TEXT_MAX)
        return false;
    memcpy(a, want, len + 1);
    memcpy(b, word, len);
    b[len] = '\0';
    char *ia[ITEMS_MAX], *ib[ITEMS_MAX];
    int na = 0, nb = 0;
    char *va = strchr(a, '='), *vb = strchr(b, '=');
    if (!va || !vb || va - a != vb - b || strncmp(a, b, (size_t)(va - a)) != 0)
        return false;
    for (char *save, *t = strtok_r(va + 1, ",", &save); t && na < ITEMS_MAX; t = strtok_r(NULL, ",", &save))
        ia[na++] = t;
    for (char *save, *t = strtok_r(vb + 1, ",", &save); t && nb < ITEMS_MAX; t = strtok_r(NULL, ",", &save))
        ib[nb++] = t;
    if (na != nb || na == ITEMS_MAX)
        return false;
    qsort(ia, (size_t)na, sizeof ia[0], cmp_item);
    qsort(ib, (size_t)nb, sizeof ib[0], cmp_item);
    for (int i = 0; i < na; i++)
        if (strcmp(ia[i], ib[i]) != 0)
            return false;
    return true;
}

static bool unordered_key(const ud_game *g, const char *want, size_t klen)
{
    for (const char *const *k = g->unordered_state_keys; k && *k; k++)
        if (strlen(*k) + 1 == klen && strncmp(*k, want, klen - 1) == 0)
            return true;
    return false;
}

/* Each word of the record's state line is the description's word at the
 * same place (as in a record the engine wrote): then the search below
 * would find every one. */
static bool words_as_described(const ud_tline *tl, const char *d)
{
    const char *p = d;
    for (int i = 1; i < tl->ntok; i++) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (strncmp(p, tl->tok[i], len) != 0 || tl->tok[i][len] != '\0')
            return false;
        p += len;
    }
    return true;
}

/* Whether the state line names key (klen bytes, its '=' included). */
static bool line_names_key(const ud_tline *tl, const char *key, size_t klen)
{
    for (int i = 1; i < tl->ntok; i++)
        if (strncmp(tl->tok[i], key, klen) == 0)
            return true;
    return false;
}

/* A whole state's line (ud_check_opts.whole_states) names every key of
 * the description d. */
static bool names_every_key(checker *c, const ud_tline *tl, const char *d)
{
    for (const char *p = d; *p;) {
        size_t wlen = strcspn(p, " "), klen = strcspn(p, "=") + 1;
        if (klen <= wlen && !line_names_key(tl, p, klen)) {
            if (!c->err->set)
                snprintf(c->res->state_key, sizeof c->res->state_key, "%.*s", (int)(klen - 1), p);
            ud_error_set(c->err, tl->line, 1, rule_id(c->s), "state: expected %.*s, found no such key",
                         (int)wlen, p);
            return false;
        }
        p += wlen;
        while (*p == ' ')
            p++;
    }
    return true;
}

static bool check_state(checker *c, const ud_tline *tl)
{
    ud_buf desc;
    ud_buf_init(&desc);
    c->g->describe(c->g, c->state, c->s->setup, &desc);
    const char *d = ud_buf_str(&desc);
    if (words_as_described(tl, d)) {
        bool ok = !c->opts->whole_states || names_every_key(c, tl, d);
        ud_buf_free(&desc);
        return ok;
    }
    bool ok = true;
    for (int i = 1; i < tl->ntok && ok; i++) {
        const char *want = tl->tok[i];
        size_t klen = strcspn(want, "=") + 1;
        bool unordered = unordered_key(c->g, want, klen);
        /* find the same key=value as a whole word of the description */
        const char *p = d, *hit = NULL, *key = NULL;
        while (*p) {
            size_t wlen = strcspn(p, " ");
            if (wlen == strlen(want) &&
                (strncmp(p, want, wlen) == 0 || (unordered && same_items(want, p, wlen))))
                hit = p;
            if (wlen >= klen && strncmp(p, want, klen) == 0)
                key = p;
            p += wlen;
            while (*p == ' ')
                p++;
        }
        /* KEY= (no value): the key not shown (conform's record of an
         * implementation that shows no such key) */
        if (hit || (!key && want[klen] == '\0'))
            continue;
        ok = false;
        if (!c->err->set)
            snprintf(c->res->state_key, sizeof c->res->state_key, "%.*s", (int)(klen - 1), want);
        if (key)
            ud_error_set(c->err, tl->line, tl->col[i], rule_id(c->s), "state: expected %.*s, found %s",
                         (int)strcspn(key, " "), key, want);
        else
            ud_error_set(c->err, tl->line, tl->col[i], rule_id(c->s),
                         "state: unknown key in '%s'; the state reads: %s", want, d);
    }
    if (ok && c->opts->whole_states)
        ok = names_every_key(c, tl, d);
    ud_buf_free(&desc);
    return ok;
}

static bool consume_states(checker *c)
{
    const ud_transcript *t = c->t;
    while (c->cur < t->n && t->lines[c->cur].kind == UD_TL_STATE) {
        if (!check_state(c, &t->lines[c->cur]))
            return false;
        c->last_used = t->lines[c->cur].line;
        c->cur++;
    }
    return true;
}

/* For a message about a change line: what its tag says when the tag is
 * not the rule of the line (the tag is the record's claim, never the
 * rule reported). */
static void tag_note(const checker *c, const ud_tline *tl, const ud_rule *rule, char *out, size_t size)
{
    out[0] = '\0';
    if (!tl->tag || (rule && strcmp(tl->tag, rule->id) == 0))
        return;
    if (ud_game_rule(c->g, tl->tag))
        snprintf(out, size, " (tagged [%s], but that rule does not write it here)", tl->tag);
    else
        snprintf(out, size, " (tagged [%s], but %s has no rule of that name)", tl->tag, c->g->name);
}

/* The most recent left-out line with the words of tl, or -1 (an index
 * into the ring, counted from the first ever left out). */
static int find_left_out(const checker *c, const ud_tline *tl)
{
    int oldest = c->n_left_out > LEFT_OUT_KEPT ? c->n_left_out - LEFT_OUT_KEPT : 0;
    for (int i = c->n_left_out - 1; i >= oldest; i--)
        if (same_change(c->g, tl, c->left_out[i % LEFT_OUT_KEPT].text))
            return i;
    return -1;
}

/* A produced line of the same verb as tl (the likely intended one), or -1. */
static int same_verb(const checker *c, const ud_tline *tl)
{
    size_t vlen = strlen(tl->tok[0]);
    for (int i = 0; i < c->n_produced; i++)
        if (strncmp(c->produced_text[i], tl->tok[0], vlen) == 0 &&
            (c->produced_text[i][vlen] == ' ' || c->produced_text[i][vlen] == '\0'))
            return i;
    return -1;
}

/* The change line at cur is not what the rules produced: say why.  A line
 * the rules did produce, earlier, is out of order (where it belongs is
 * known); one with the verb of a line produced here differs from it (that
 * line's rule is reported); any other the rules do not produce at all
 * (the rule that runs next, need_rule, is reported). */
static void decision_text(const checker *c, char *out, size_t size);

static void report_change(checker *c, const ud_tline *tl, const char *next, const char *need_rule)
{
    char decision[480];
    if (!next) {
        decision_text(c, decision, sizeof decision);
        next = decision;
    }
    ud_buf text, where;
    ud_buf_init(&text);
    ud_buf_init(&where);
    join(tl, 0, &text);
    int early = find_left_out(c, tl);
    int same = same_verb(c, tl);
    char note[160];
    if (early >= 0) {
        const left_out_line *lo = &c->left_out[early % LEFT_OUT_KEPT];
        const ud_tline *before = &c->t->lines[lo->before];
        join(before, 0, &where);
        ud_error_set(c->err, tl->line, tl->col[0], lo->rule ? lo->rule->id : NULL,
                     "'%s' is out of order: the rules produce it before line %d ('%s')", ud_buf_str(&text),
                     before->line, ud_buf_str(&where));
    } else if (same >= 0) {
        const ud_rule *rule = c->produced_rule[same];
        tag_note(c, tl, rule, note, sizeof note);
        ud_error_set(c->err, tl->line, tl->col[0], rule ? rule->id : NULL, "expected '%s', found '%s'%s",
                     c->produced_text[same], ud_buf_str(&text), note);
    } else {
        tag_note(c, tl, NULL, note, sizeof note);
        if (!c->err->set)
            snprintf(c->res->change_verb, sizeof c->res->change_verb, "%s", tl->tok[0]);
        if (c->produced.len)
            ud_error_set(c->err, tl->line, tl->col[0], need_rule,
                         "the rules do not produce '%s' here%s; they now need %s (before that they "
                         "produced '%s', which the record may leave out)",
                         ud_buf_str(&text), note, next, ud_buf_str(&c->produced));
        else
            ud_error_set(c->err, tl->line, tl->col[0], need_rule,
                         "the rules do not produce '%s' here%s; they now need %s", ud_buf_str(&text), note,
                         next);
    }
    ud_buf_free(&where);
    ud_buf_free(&text);
}

/* At a point where the engine waits for input: no change line may be
 * pending.  next says what the rules need now (NULL: the decision they
 * offer, decision_text), need_rule the row that needs it, for the
 * message. */
static bool sync(checker *c, const char *next, const char *need_rule)
{
    if (!settle_open_line(c) || !consume_states(c))
        return false;
    if (c->cur < c->t->n && c->t->lines[c->cur].kind == UD_TL_CHANGE) {
        report_change(c, &c->t->lines[c->cur], next, need_rule);
        return false;
    }
    ud_buf_clear(&c->produced);
    c->n_produced = 0;
    return true;
}

/* The rules' offers at a decision and the record's offers list, as text
 * (offers.h): each side's decisions NUL-separated in a buffer, and where
 * each of the record's stands. */
typedef struct offers_pair {
    ud_buf ours_text, theirs_text;
    const char *ours[UD_MAX_OFFERS], *theirs[UD_MAX_OFFERS];
    size_t at[UD_MAX_OFFERS]; /* each text's offset in its buffer, while one side is read */
    bool ours_seen[UD_MAX_OFFERS], theirs_seen[UD_MAX_OFFERS];
    int line[UD_MAX_OFFERS], col[UD_MAX_OFFERS];
    int n_ours, n_theirs;
    int end; /* the body line after the record's list */
} offers_pair;

/* The record's list, from its offers line at cur to its last line. */
static void record_offers(const checker *c, offers_pair *op)
{
    const ud_transcript *t = c->t;
    int i = c->cur;
    do {
        const ud_tline *tl = &t->lines[i];
        for (int f = 0, e = 1; ud_transcript_next_offer(tl, &f, &e) && op->n_theirs < UD_MAX_OFFERS;) {
            op->at[op->n_theirs] = op->theirs_text.len;
            op->line[op->n_theirs] = tl->line;
            op->col[op->n_theirs++] = tl->col[f];
            for (int k = f; k < e; k++)
                ud_buf_printf(&op->theirs_text, "%s%s", k > f ? " " : "", tl->tok[k]);
            ud_buf_putc(&op->theirs_text, '\0');
        }
    } while (ud_transcript_offers_run_continues(t, i++));
    op->end = i;
    for (int j = 0; j < op->n_theirs; j++)
        op->theirs[j] = op->theirs_text.data + op->at[j];
}

static void rules_offers(const checker *c, offers_pair *op)
{
    const ud_offers *o = &c->s->offers;
    for (int i = 0; i < o->n; i++) {
        op->at[i] = op->ours_text.len;
        ud_action_format(c->g, &c->t->setup, &o->action[i], &op->ours_text);
        ud_buf_putc(&op->ours_text, '\0');
    }
    op->n_ours = o->n;
    for (int i = 0; i < o->n; i++)
        op->ours[i] = op->ours_text.data + op->at[i];
}

/* "'a', 'b', ... (N in all)": the items not seen, at most four. */
static void unseen_list(const char *const *item, const bool *seen, int n, ud_buf *out)
{
    int shown = 0, all = 0;
    for (int i = 0; i < n; i++) {
        if (seen[i])
            continue;
        if (++all <= 4)
            ud_buf_printf(out, "%s'%s'", shown++ ? ", " : "", item[i]);
    }
    if (all > 4)
        ud_buf_printf(out, ", ... (%d in all)", all);
}

/* "a|b|c|d|... (N in all)": a side's decisions, at most four, so that
 * what each side offers that the other does not fits the message too;
 * "nothing" for none. */
static void offers_list(const char *const *item, int n, ud_buf *out)
{
    for (int i = 0; i < n && i < 4; i++)
        ud_buf_printf(out, "%s%s", i ? "|" : "", item[i]);
    if (n > 4)
        ud_buf_printf(out, "|... (%d in all)", n);
    if (n == 0)
        ud_buf_puts(out, "nothing");
}

/* The two lists differ: refused at the record's list, naming both
 * sides, with the row of the decisions in question (offers.h). */
static void offers_refused(checker *c, const offers_pair *op, const ud_rule *row)
{
    const ud_tline *tl = &c->t->lines[c->cur];
    ud_buf ours, theirs, msg;
    ud_buf_init(&ours);
    ud_buf_init(&theirs);
    ud_buf_init(&msg);
    offers_list(op->ours, op->n_ours, &ours);
    offers_list(op->theirs, op->n_theirs, &theirs);
    int col = tl->col[0];
    for (int j = op->n_theirs; j-- > 0;)
        if (!op->theirs_seen[j] && op->line[j] == tl->line)
            col = op->col[j]; /* the first the rules do not offer, on this line */
    bool more = false, fewer = false;
    for (int j = 0; j < op->n_theirs; j++)
        more |= !op->theirs_seen[j];
    for (int i = 0; i < op->n_ours; i++)
        fewer |= !op->ours_seen[i];
    if (fewer) {
        ud_buf_puts(&msg, "the rules also offer ");
        unseen_list(op->ours, op->ours_seen, op->n_ours, &msg);
    }
    if (more) {
        ud_buf_puts(&msg, fewer ? "; the record's game also offers " : "the record's game also offers ");
        unseen_list(op->theirs, op->theirs_seen, op->n_theirs, &msg);
    }
    const char *who = tl->tok[1];
    c->res->offers_row = c->err->set ? c->res->offers_row : row;
    ud_error_set(c->err, tl->line, col, row ? row->id : NULL,
                 "the rules offer %s (%s) here; the record's game offers %s (%s): %s", who, ud_buf_str(&ours),
                 who, ud_buf_str(&theirs), ud_buf_str(&msg));
    ud_buf_free(&ours);
    ud_buf_free(&theirs);
    ud_buf_free(&msg);
}

/* At a decision by the player the record's offers list names: 1 the
 * rules offer exactly its decisions, as a set (the record ends there,
 * as at a waits line); 0 they do not, and the list is refused. */
static int same_offers(checker *c)
{
    offers_pair *op = calloc(1, sizeof *op);
    if (!op) {
        ud_error_set(c->err, c->t->lines[c->cur].line, 0, NULL, "out of memory comparing offers");
        return 0;
    }
    ud_buf_init(&op->ours_text);
    ud_buf_init(&op->theirs_text);
    record_offers(c, op);
    rules_offers(c, op);
    const ud_rule *row = NULL;
    int same = !ud_offers_differ(op->ours, c->s->offers.by, op->n_ours, op->theirs, op->n_theirs,
                                 op->ours_seen, op->theirs_seen, &row);
    if (same) {
        c->last_used = c->t->lines[op->end - 1].line;
        c->cur = op->end;
        c->partial_end = 1;
    } else
        offers_refused(c, op, row);
    ud_buf_free(&op->ours_text);
    ud_buf_free(&op->theirs_text);
    free(op);
    return same;
}

/* How a message says where a waits, needs or offers line has the
 * record's game stand, before the line's word in quotes. */
static const char *standing_words(ud_tline_kind kind)
{
    return kind == UD_TL_WAITS   ? "waits for a decision by"
           : kind == UD_TL_NEEDS ? "needs a"
                                 : "offers decisions to";
}

/* Where the rules wait for input (event: an outcome of it; NULL: the
 * decision they offer), the record's last line may say where its game
 * stands (waits, needs; transcript.h): -1 no such line at cur; 1 the
 * rules stand as it says, and the record ends there (as a partial one
 * would); 0 they do not, and the line is refused (need: what the rules
 * need, rule: the row that needs it). */
static int standing(checker *c, const char *event, const char *need, const char *rule)
{
    const ud_transcript *t = c->t;
    if (c->cur >= t->n || t->lines[c->cur].kind < UD_TL_WAITS)
        return -1;
    const ud_tline *tl = &t->lines[c->cur];
    if (tl->kind == UD_TL_OVER) {
        ud_error_set(c->err, tl->line, tl->col[0], rule, "the rules need %s here; the record's game is over",
                     need);
        return 0;
    }
    bool waits = tl->kind == UD_TL_WAITS, offers = tl->kind == UD_TL_OFFERS;
    int seat = c->g->to_move(c->state);
    if (offers && !event && strcmp(tl->tok[1], ud_player(c->s, seat)) == 0)
        return same_offers(c);
    if (waits ? !event && strcmp(tl->tok[1], ud_player(c->s, seat)) == 0
              : !offers && event && strcmp(tl->tok[1], event) == 0) {
        c->last_used = tl->line;
        c->cur++;
        c->partial_end = 1;
        return 1;
    }
    bool a_player = false;
    for (int i = 0; i < t->setup.n_players; i++)
        a_player |= strcmp(t->setup.names[i], tl->tok[1]) == 0;
    if ((waits || offers) && !event && !c->err->set) { /* the move elsewhere: the rows that took it (blame) */
        c->res->wrong_seat = true;
        c->res->seat_named = -1;
        for (int i = 0; i < t->setup.n_players; i++)
            if (strcmp(t->setup.names[i], tl->tok[1]) == 0)
                c->res->seat_named = i;
    }
    ud_error_set(c->err, tl->line, tl->col[0], rule, "the rules need %s here; the record's game %s '%s'%s",
                 need, standing_words(tl->kind), tl->tok[1],
                 tl->kind == UD_TL_NEEDS ? " outcome"
                 : a_player              ? ""
                                         : ", no player of this table");
    return 0;
}

/* The seat of the table an "over" token names (its PLAYER, before '='), or -1. */
static int over_seat(const ud_transcript *t, const char *tok)
{
    size_t len = strcspn(tok, "=");
    for (int k = 0; k < t->setup.n_players; k++)
        if (strlen(t->setup.names[k]) == len && strncmp(t->setup.names[k], tok, len) == 0)
            return k;
    return -1;
}

/* At the end of the game, the record's "over" line: every player of the
 * table named, each ending as it says, and no other player; the line is
 * consumed; else refused at it (rule: the row that ended the game).  An
 * unknown player or outcome word is the record's game's own (conform
 * writes what the implementation said): the rules do not end so. */
static bool same_outcomes(checker *c, const ud_tline *tl, const char *rule)
{
    const ud_transcript *t = c->t;
    uint8_t out[UD_MAX_PLAYERS];
    bool named[UD_MAX_PLAYERS] = { false };
    ud_game_outcomes(c->g, c->state, t->setup.n_players, true, out);
    for (int i = 1; i < tl->ntok; i++) {
        int k = over_seat(t, tl->tok[i]);
        if (k < 0) {
            ud_error_set(c->err, tl->line, tl->col[i], rule,
                         "the game is over with no player '%.*s'; the record's game with %s",
                         (int)strcspn(tl->tok[i], "="), tl->tok[i], tl->tok[i]);
            return false;
        }
        named[k] = true;
        const char *ours = ud_seat_outcome_name[out[k]];
        if (strcmp(ours, strchr(tl->tok[i], '=') + 1) != 0) {
            ud_error_set(c->err, tl->line, tl->col[i], rule,
                         "the game is over with %s=%s; the record's game with %s", t->setup.names[k], ours,
                         tl->tok[i]);
            return false;
        }
    }
    for (int k = 0; k < t->setup.n_players; k++)
        if (!named[k]) {
            ud_error_set(c->err, tl->line, tl->col[0], rule,
                         "the game is over with %s=%s; the record's game gives %s no outcome",
                         t->setup.names[k], ud_seat_outcome_name[out[k]], t->setup.names[k]);
            return false;
        }
    c->last_used = tl->line;
    c->cur++;
    return true;
}

/* The script's next_line: a step needing more outcomes than one line
 * holds (a transcript line has at most UD_MAX_LINE_WORDS words) goes on
 * in the next line of the same event, and only there. */
static bool next_line_of_run(ud_chance_script *script, const ud_pick_req *p)
{
    (void)p;
    checker *c = script->ctx;
    if (c->active < 0 || !ud_transcript_chance_run_continues(c->t, c->active))
        return false;
    c->active++;
    ud_chance_script_load(&c->script, c->t->lines[c->active].tok, c->t->lines[c->active].ntok);
    return true;
}

/* A record with neither chance lines nor a seed is checked as far as it
 * needs no outcome (a game's opening decisions); past that it cannot be
 * checked at all, which is the input's fault, not a rule's refusal. */
static void no_outcomes(checker *c, const ud_pick_req *p)
{
    const ud_transcript *t = c->t;
    char want[256];
    int line = c->cur < t->n ? t->lines[c->cur].line : t->end_line;
    if (c->err->set)
        return; /* a rule error came first (a change line's tag): that one stands */
    ud_error_set(c->err, line, 0, NULL,
                 "the record cannot be checked from here: the rules need a '%s' outcome (%s)%s%s%s, "
                 "and it has no chance lines and no seed; expected chance lines (the outcomes) or "
                 "a 'seed N' header line",
                 p->event, ud_chance_script_labels(p, want, sizeof want), c->s->rule ? " for [" : "",
                 c->s->rule ? c->s->rule->id : "", c->s->rule ? "]" : "");
    c->err->input = 1;
}

/* The rules need a chance run where the record has tl: play the run on
 * (see missing_run) before saying so. */
static void start_missing_run(checker *c, const ud_tline *tl, const ud_pick_req *p)
{
    missing_run *m = &c->ahead;
    ud_buf text;
    ud_buf_init(&text);
    join(tl, 0, &text);
    m->on = 1;
    m->picks = 1;
    snprintf(m->event, sizeof m->event, "%s", p->event);
    snprintf(m->rules, sizeof m->rules, "%s", rule_id(c->s) ? rule_id(c->s) : "");
    m->line = tl->line;
    m->col = tl->col[0];
    snprintf(m->found, sizeof m->found, "%s", ud_buf_str(&text));
    ud_chance_script_labels(p, m->want, sizeof m->want);
    ud_buf_free(&text);
}

/* The run ends at a pick of another event, a decision or the end (or a
 * bound, for a run that would not end): report it with every row that
 * drew in it. */
static void end_missing_run(checker *c)
{
    missing_run *m = &c->ahead;
    m->on = 0;
    ud_error_set(c->err, m->line, m->col, m->rules[0] ? m->rules : NULL,
                 "expected a '%s' line here (%s), found '%s'", m->event, m->want, m->found);
}

static int missing_run_pick(checker *c, const ud_pick_req *p)
{
    enum { RUN_PICKS_MAX = 64 };
    missing_run *m = &c->ahead;
    if (strcmp(p->event, m->event) != 0 || ++m->picks > RUN_PICKS_MAX) {
        end_missing_run(c);
        return -1;
    }
    const char *id = rule_id(c->s);
    if (id && !has_word(m->rules, id) && strlen(m->rules) + 1 + strlen(id) < sizeof m->rules)
        snprintf(m->rules + strlen(m->rules), sizeof m->rules - strlen(m->rules), "%s%s",
                 m->rules[0] ? " " : "", id);
    return 0;
}

/* A partial record ran out where a row waits for an outcome: the
 * position is the one the row drew from, before its effect, refused
 * the outcome, runs on (a row that could not finish did not fire). */
static void keep_state(checker *c)
{
    if (c->opts->state_out) {
        memcpy(c->opts->state_out, c->state, c->g->state_size);
        c->state_kept = true;
    }
}

/* --print of a record that ends wanting one more outcome of EVENT: its
 * step's lines as the record wrote them (the rules wrote none: the step
 * did not end) and the 'needs' line, so that the printed record is the
 * one checked, not one cut before the step (a record of a seed whose only
 * chance lines these were would be read as seed-only: another game). */
static void regen_wanting(const checker *c, const char *event)
{
    if (!c->regen)
        return;
    for (int i = c->run_first; i <= c->active; i++) {
        const ud_tline *tl = &c->t->lines[i];
        char text[UD_TL_MAX_LEN + 1];
        size_t n = 0;
        for (int k = 0; k < tl->ntok; k++)
            n += (size_t)snprintf(text + n, n < sizeof text ? sizeof text - n : 0, "%s%s", k ? " " : "",
                                  tl->tok[k]);
        if (n < sizeof text)
            ud_transcript_write_line(c->regen, text, NULL);
    }
    fprintf(c->regen, "needs %s\n", event);
}

/* The rules wait for the record's next outcome or decision, and every
 * line before it agreed: where a check of the record cut there ends. */
static void waits_for_input(const checker *c)
{
    if (c->opts->at_input && c->cur < c->t->n && !c->err->set)
        c->opts->at_input(c->opts->at_input_ctx, c->cur, c->state);
}

static int script_pick(ud_chance *ch, const ud_pick_req *p)
{
    checker *c = ch->ctx;
    const ud_transcript *t = c->t;
    char want[256];
    ch->why[0] = '\0';
    if (c->ahead.on)
        return missing_run_pick(c, p);
    if (c->active < 0) {
        char next[64];
        snprintf(next, sizeof next, "a '%s' outcome", p->event);
        if (!sync(c, next, rule_id(c->s)))
            return -1;
        if (standing(c, p->event, next, rule_id(c->s)) >= 0) {
            if (c->partial_end)
                keep_state(c);
            return -1;
        }
        waits_for_input(c);
        if (c->cur >= t->n && t->partial) {
            c->partial_end = 1;
            c->res->partial_at_pick = true;
            keep_state(c);
            return -1;
        }
        if (!c->has_chance_lines) {
            no_outcomes(c, p);
            return -1;
        }
        if (c->cur >= t->n) {
            c->res->at_end = !c->err->set;
            ud_error_set(c->err, t->end_line, 0, rule_id(c->s),
                         "the transcript ends, but the rules need a '%s' outcome next (%s)", p->event,
                         ud_chance_script_labels(p, want, sizeof want));
            return -1;
        }
        const ud_tline *tl = &t->lines[c->cur];
        if (tl->kind != UD_TL_CHANCE || strcmp(tl->tok[0], p->event) != 0) {
            start_missing_run(c, tl, p);
            return 0;
        }
        c->active = c->run_first = c->cur;
        ud_chance_script_load(&c->script, tl->tok, tl->ntok);
    } else if (c->open.on && strcmp(t->lines[c->active].tok[0], p->event) != 0) {
        settle_open_line(c);
        return -1;
    }
    int hit = ud_chance_script_pick(&c->script, p, NULL);
    if (hit >= 0)
        return hit;
    /* no match, or the line used up with none to go on in (RAN_OUT) */
    const ud_tline *tl = &t->lines[c->active];
    int first_unused = ud_chance_script_first_unused(&c->script);
    if (c->active + 1 < t->n && t->lines[c->active + 1].kind == UD_TL_NEEDS &&
        strcmp(t->lines[c->active + 1].tok[1], p->event) == 0) {
        /* the record's game wants one more of this event, and says so:
         * it ends here (standing).  The line's words used up, or those
         * left none that fits: as a refusal in dictate mode wants one
         * (docs/conformance.md), with words left that fit no pick of
         * the implementation's (its dice, its deck) */
        regen_wanting(c, t->lines[c->active + 1].tok[1]);
        c->last_used = t->lines[c->active + 1].line;
        c->cur = c->active + 2;
        c->active = -1;
        c->partial_end = 1;
        keep_state(c);
        return -1;
    }
    if (first_unused == tl->ntok)
        ud_error_set(c->err, tl->line, tl->col[tl->ntok - 1] + (int)strlen(tl->tok[tl->ntok - 1]),
                     rule_id(c->s), "expected one more '%s' outcome here (%s)", p->event,
                     ud_chance_script_labels(p, want, sizeof want));
    else
        ud_error_set(c->err, tl->line, tl->col[first_unused], rule_id(c->s),
                     "'%s' cannot happen here; expected %s", tl->tok[first_unused],
                     ud_chance_script_labels(p, want, sizeof want));
    return -1;
}

/* Outcomes from the seed, when the record has no chance lines: the
 * PRNG's numbers, as ud_chance_from_rng would give them; the game waits
 * for an outcome here, so the state lines written at this point are
 * checked now, against this position (not at the next decision the
 * record writes, nor at the end). */
static int seeded_pick(ud_chance *ch, const ud_pick_req *p)
{
    checker *c = ch->ctx;
    ch->why[0] = '\0';
    if (!consume_states(c))
        return -1;
    /* The seed never runs short, as a record's lines do: rows that draw
     * for ever (a changed row of the blame's, a game's bug) would grow the
     * lines they write without end; no game draws near this in one play */
    if (++c->seed_picks > UD_MAX_SEED_PICKS_PER_PLAY) {
        ud_error_set(c->err, c->t->end_line, 0, rule_id(c->s),
                     "no decision or end after %d outcomes drawn from the seed in one play (undead's bound: "
                     "do the rules ever stop drawing?)",
                     UD_MAX_SEED_PICKS_PER_PLAY);
        return -1;
    }
    return (int)ud_rng_below(c->seed_rng, (uint32_t)p->n);
}

static bool check_tag(checker *c, const ud_tline *tl, const ud_rule *rule)
{
    if (!tl->tag || (rule && strcmp(tl->tag, rule->id) == 0))
        return true;
    ud_error_set(c->err, tl->line, tl->tag_col, rule ? rule->id : NULL,
                 "tagged [%s], but the rule that does this is %s%s%s", tl->tag, rule ? "[" : "no rule",
                 rule ? rule->id : "", rule ? "]" : "");
    return false;
}

static bool tag_of_span(const checker *c, const ud_tline *tl, const ud_rule *rule)
{
    if (!tl->tag || !c->open.on)
        return false;
    for (int i = 0; i < c->open.n_rules; i++)
        if (c->open.rules[i] && strcmp(tl->tag, c->open.rules[i]->id) == 0)
            return true;
    return rule && strcmp(tl->tag, rule->id) == 0;
}

/* The open line's outcomes left over are one too many after all (the
 * rules need something else now). */
static bool settle_open_line(checker *c)
{
    if (!c->open.on)
        return true;
    const ud_tline *tl = &c->t->lines[c->active];
    int k = ud_chance_script_first_unused(&c->script);
    ud_error_set(c->err, tl->line, k < tl->ntok ? tl->col[k] : tl->col[0],
                 c->open.last ? c->open.last->id : NULL,
                 "outcome '%s' is one too many: the rules use %d outcome(s) on this line",
                 k < tl->ntok ? tl->tok[k] : "", c->open.n_used);
    c->open.on = 0;
    return false;
}

/* Left-out change lines written within an open line's span may stand
 * after it in the record: consume those, in order.  In a complete record
 * each must be there. */
static bool take_span_changes(checker *c)
{
    const ud_transcript *t = c->t;
    int from = c->open.left_out_from, oldest = c->n_left_out - LEFT_OUT_KEPT;
    for (int i = from > oldest ? from : oldest; i < c->n_left_out; i++) {
        left_out_line *lo = &c->left_out[i % LEFT_OUT_KEPT];
        if (c->cur < t->n && t->lines[c->cur].kind == UD_TL_CHANGE &&
            same_change(c->g, &t->lines[c->cur], lo->text)) {
            if (!check_tag(c, &t->lines[c->cur], lo->rule))
                return false;
            lo->text[0] = '\0'; /* written after all: not a candidate for "out of order" */
            c->last_used = t->lines[c->cur].line;
            c->cur++;
            agreed(c);
        } else if (c->strict && !(c->cur >= t->n && t->partial)) {
            report_missing(c, lo->text, lo->rule);
            return false;
        } else if (!c->has_parted) {
            c->has_parted = true;
            c->parted = lo->rule;
        }
    }
    return true;
}

static void close_chance_line(checker *c, const ud_rule *rule)
{
    const ud_tline *tl = &c->t->lines[c->active];
    int n_used = ud_chance_script_n_used(&c->script);
    if (n_used < tl->ntok - 1) {
        /* outcomes left: the next step may take them (open_line) */
        if (!c->open.on) {
            c->open.on = 1;
            c->open.n_rules = 0;
            c->open.left_out_from = c->n_left_out;
        }
        if (c->open.n_rules < OPEN_RULES_MAX)
            c->open.rules[c->open.n_rules++] = rule;
        c->open.last = rule;
        c->open.n_used = n_used;
        return;
    }
    for (int i = c->run_first; i <= c->active; i++)
        if (!tag_of_span(c, &c->t->lines[i], rule) && !check_tag(c, &c->t->lines[i], rule))
            return;
    c->last_used = tl->line;
    c->cur = c->active + 1;
    c->active = -1;
    agreed(c);
    if (c->open.on) {
        c->open.on = 0;
        take_span_changes(c);
    }
}

/* A change line the rules produced that the record does not write here:
 * allowed, and kept for the messages. */
static void note_left_out(checker *c, const char *text, const ud_rule *rule)
{
    if (!c->has_parted) {
        c->has_parted = true;
        c->parted = rule;
    }
    if (c->produced.len)
        ud_buf_puts(&c->produced, "; ");
    ud_buf_puts(&c->produced, text);
    if (c->n_produced < 16) {
        c->produced_rule[c->n_produced] = rule;
        snprintf(c->produced_text[c->n_produced], sizeof c->produced_text[0], "%s", text);
        c->n_produced++;
    }
    left_out_line *lo = &c->left_out[c->n_left_out++ % LEFT_OUT_KEPT];
    lo->rule = rule;
    snprintf(lo->text, sizeof lo->text, "%s", text);
    lo->before = c->cur;
}

/* In a complete record no change line may be left out: report the one
 * the rules produced, at the line it belongs before (or the end). */
static void report_missing(checker *c, const char *text, const ud_rule *rule)
{
    const ud_transcript *t = c->t;
    const char *id = rule ? rule->id : NULL;
    if (c->cur >= t->n) {
        c->res->at_end = !c->err->set;
        ud_error_set(c->err, t->end_line, 0, id, "the record is complete, but '%s' is missing at its end",
                     text);
        return;
    }
    const ud_tline *tl = &t->lines[c->cur];
    int later = 0;
    for (int i = c->cur + 1; i < t->n && !later; i++)
        if (t->lines[i].kind == UD_TL_CHANGE && same_change(c->g, &t->lines[i], text))
            later = t->lines[i].line;
    ud_buf here;
    ud_buf_init(&here);
    join(tl, 0, &here);
    size_t vlen = strcspn(text, " ");
    bool same_verb_here =
        tl->kind == UD_TL_CHANGE && strlen(tl->tok[0]) == vlen && strncmp(text, tl->tok[0], vlen) == 0;
    if (same_verb_here && !later) /* the record's line is this one, written otherwise */
        ud_error_set(c->err, tl->line, tl->col[0], id, "expected '%s', found '%s'", text, ud_buf_str(&here));
    else if (later)
        ud_error_set(c->err, tl->line, tl->col[0], id,
                     "the record is complete, but '%s' is missing here, before '%s'; it is written "
                     "later, at line %d",
                     text, ud_buf_str(&here), later);
    else
        ud_error_set(c->err, tl->line, tl->col[0], id,
                     "the record is complete, but '%s' is missing here, before '%s'", text,
                     ud_buf_str(&here));
    ud_buf_free(&here);
}

/* A state line stands between change lines, where the game does not wait;
 * it belongs after the last change line of the run that first (the next
 * point where the game waits for input). */
static void misplaced_state(checker *c, int first)
{
    const ud_transcript *t = c->t;
    int last = first;
    while (last + 1 < t->n && t->lines[last + 1].kind == UD_TL_CHANGE)
        last++;
    ud_buf text;
    ud_buf_init(&text);
    join(&t->lines[last], 0, &text);
    const ud_tline *tl = &t->lines[c->cur];
    ud_error_set(c->err, tl->line, tl->col[0], NULL,
                 "a state line stands where the game waits for input (before an outcome, "
                 "a decision or the end); expected it after '%s' (line %d)",
                 ud_buf_str(&text), t->lines[last].line);
    ud_buf_free(&text);
}

static void check_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    checker *c = k->ctx;
    if (c->ahead.on)
        return; /* the record has already parted from the rules */
    if (c->regen)
        ud_transcript_write_line(c->regen, text, rule ? rule->id : NULL);
    if (c->err->set || text[0] == '=')
        return;
    char verb[32];
    size_t vlen = strcspn(text, " ");
    if (vlen >= sizeof verb)
        vlen = sizeof verb - 1;
    memcpy(verb, text, vlen); /* no printf per line */
    verb[vlen] = '\0';
    if (strcmp(verb, "decide") == 0)
        return; /* consumed, and its tag checked, where it was read */
    if (ud_game_is_chance_event(c->g, verb)) {
        if (c->script_chance && c->active >= 0)
            close_chance_line(c, rule);
        return;
    }
    if (c->open.on) {
        note_left_out(c, text, rule); /* may follow the open line (take_span_changes) */
        return;
    }
    const ud_transcript *t = c->t;
    int next = c->cur;
    while (next < t->n && t->lines[next].kind == UD_TL_STATE)
        next++;
    if (next > c->cur && next < t->n && t->lines[next].kind == UD_TL_CHANGE &&
        same_change(c->g, &t->lines[next], text)) {
        misplaced_state(c, next);
        return;
    }
    if (c->cur < t->n && t->lines[c->cur].kind == UD_TL_CHANGE &&
        same_change(c->g, &t->lines[c->cur], text)) {
        if (check_tag(c, &t->lines[c->cur], rule)) {
            c->last_used = t->lines[c->cur].line;
            c->cur++;
            agreed(c);
        }
        return;
    }
    if (c->strict && !(c->cur >= t->n && t->partial))
        report_missing(c, text, rule);
    else
        note_left_out(c, text, rule);
}

static void offers_text(const ud_game *g, const ud_setup *setup, const ud_offers *o, char *out, size_t size)
{
    ud_buf b;
    ud_buf_init(&b);
    for (int i = 0; i < o->n && i < 16; i++) {
        ud_buf_puts(&b, i ? "|" : "");
        ud_action_format(g, setup, &o->action[i], &b);
    }
    if (o->n > 16)
        ud_buf_printf(&b, "|... (%d in all)", o->n);
    snprintf(out, size, "%s", ud_buf_str(&b));
    ud_buf_free(&b);
}

/* What the rules need at a decision, for a message: "a decision by
 * SEAT (ACTION|ACTION...)".  Written only for one: a record the rules
 * agree with makes thousands of decisions. */
static void decision_text(const checker *c, char *out, size_t size)
{
    char allowed[400];
    offers_text(c->g, &c->t->setup, &c->s->offers, allowed, sizeof allowed);
    snprintf(out, size, "a decision by %s (%s)", ud_player(c->s, c->g->to_move(c->state)), allowed);
}

/* The scripted decision at cur; NULL on error or at a partial end. */
static const ud_action *scripted_decision(checker *c)
{
    const ud_transcript *t = c->t;
    ud_step *s = c->s;
    char next[480];
    int seat = c->g->to_move(c->state);
    const char *offer_rule = s->offers.n ? s->offers.by[0]->id : NULL;
    if (!sync(c, NULL, offer_rule))
        return NULL;
    decision_text(c, next, sizeof next);
    if (standing(c, NULL, next, offer_rule) >= 0)
        return NULL;
    waits_for_input(c);
    if (c->cur >= t->n) {
        if (t->partial) {
            c->partial_end = 1;
        } else {
            decision_text(c, next, sizeof next);
            c->res->at_end = !c->err->set;
            ud_error_set(c->err, t->end_line, 0, offer_rule, "the transcript ends, but the rules need %s",
                         next);
        }
        return NULL;
    }
    const ud_tline *tl = &t->lines[c->cur];
    if (tl->kind != UD_TL_DECIDE) {
        decision_text(c, next, sizeof next);
        ud_buf text;
        ud_buf_init(&text);
        join(tl, 0, &text);
        ud_error_set(c->err, tl->line, tl->col[0], offer_rule, "expected %s here, found '%s'", next,
                     ud_buf_str(&text));
        ud_buf_free(&text);
        return NULL;
    }
    if (strcmp(tl->tok[1], ud_player(s, seat)) != 0) {
        c->res->wrong_seat = !c->err->set;
        c->res->seat_named = -1;
        for (int i = 0; i < c->t->setup.n_players; i++)
            if (strcmp(c->t->setup.names[i], tl->tok[1]) == 0)
                c->res->seat_named = i;
        ud_error_set(c->err, tl->line, tl->col[1], offer_rule, "it is %s's decision, not %s's",
                     ud_player(s, seat), tl->tok[1]);
        return NULL;
    }
    for (int i = 0; i < s->offers.n; i++)
        if (ud_action_eq(&s->offers.action[i], &tl->action) && !check_tag(c, tl, s->offers.by[i]))
            return NULL;
    c->last_used = tl->line;
    c->cur++;
    agreed(c);
    return &tl->action;
}

static int fail_line(const checker *c)
{
    if (c->active >= 0)
        return c->t->lines[c->active].line;
    return c->last_used ? c->last_used : (c->t->n ? c->t->lines[0].line : c->t->end_line);
}

static void fill_result(const checker *c, int complete, uint64_t decisions, ud_check_result *res)
{
    memset(res, 0, sizeof *res);
    res->complete = complete;
    res->winner = complete ? c->g->winner(c->state) : -1;
    res->n_players = c->t->setup.n_players;
    /* Only seats the game has: a table it refused names more. */
    int hi = ud_game_max_players(c->g);
    int seats = res->n_players < hi ? res->n_players : hi;
    for (int i = 0; i < seats; i++)
        res->score[i] = c->g->score(c->state, i);
    ud_game_outcomes(c->g, c->state, seats, complete, res->outcome);
    res->decisions = decisions;
}

static bool any_line_of(const ud_transcript *t, ud_tline_kind kind)
{
    for (int i = 0; i < t->n; i++)
        if (t->lines[i].kind == kind)
            return true;
    return false;
}

/* The record up to line stop: a shallow copy with fewer lines, marked
 * partial when any were left out (opts->stop_after_line). */
static ud_transcript cut_at(const ud_transcript *t, int stop)
{
    ud_transcript cut = *t;
    int n = 0;
    while (n < t->n && t->lines[n].line <= stop)
        n++;
    n = ud_transcript_step_end(t, n); /* a chance step that goes on is one step */
    if (n < t->n) {
        cut.n = n;
        cut.partial = 1;
    }
    return cut;
}

/* The step a blame studies begins (opts->changed_from): from here on it
 * plays under the changed rules, if any (from the set-up on, with
 * changed_whole), and its firings are counted. */
static void step_begins(checker *c)
{
    const ud_check_opts *opts = c->opts;
    ud_step *s = c->s;
    if (opts->changed_table)
        s->table = opts->changed_table;
    if (opts->changed_setup)
        s->setup = opts->changed_setup;
    if (opts->changed_fired)
        s->fired = opts->changed_fired;
}

/* A decision's play begins: counted, and the step a blame studies
 * begins when it is the one asked for. */
static void begin_play(checker *c)
{
    c->seed_picks = 0;
    if (++c->res->played != c->opts->changed_from)
        return;
    step_begins(c);
    if (c->opts->at_step)
        c->opts->at_step(c->opts->at_step_ctx);
}

/* The set-up begins: under the changed rules when they play the whole
 * record, its firings not counted unless the step studied is the set-up. */
static void setup_begins(checker *c)
{
    const ud_check_opts *opts = c->opts;
    if (opts->changed_from == 0)
        step_begins(c);
    else if (opts->changed_whole) {
        if (opts->changed_table)
            c->s->table = opts->changed_table;
        if (opts->changed_setup)
            c->s->setup = opts->changed_setup;
    }
}

/* Does t end with a line saying where its game stands at a decision or
 * an outcome (waits, needs, offers; transcript.h), not over? */
static bool ends_standing(const ud_transcript *t)
{
    if (t->n == 0)
        return false;
    ud_tline_kind k = t->lines[t->n - 1].kind;
    return k == UD_TL_WAITS || k == UD_TL_NEEDS || k == UD_TL_OFFERS;
}
/* opts->visited: the rows the play reaches marked there, through the
 * reading audit's branch of the interpreter (its keys land in scratch,
 * UD_MAX_RULES of them, read by nobody). */
static void mark_visits(ud_step *step, const ud_check_opts *opts, uint32_t *scratch)
{
    if (!opts->visited)
        return;
    memset(scratch, 0, UD_MAX_RULES * sizeof *scratch);
    step->reads_seen = scratch;
    step->visited = opts->visited;
}

int ud_check(const ud_transcript *whole, const ud_check_opts *opts, ud_check_result *res, ud_error *err)
{
    ud_transcript cut = opts->stop_after_line > 0 ? cut_at(whole, opts->stop_after_line) : *whole;
    const ud_transcript *t = &cut;
    const ud_game *g = t->game;
    checker c = { .t = t, .g = g, .active = -1, .err = err, .regen = opts->regen };
    ud_chance_script_init(&c.script, next_line_of_run, &c);
    /* Outcomes come from the record's chance lines, or from the seed; a
     * record with neither is checked as far as it needs no outcome (a
     * game's opening decisions); at the first chance step it cannot be
     * checked on, an input error naming the rule that needs one. */
    c.has_chance_lines = any_line_of(whole, UD_TL_CHANCE);
    c.script_chance = c.has_chance_lines || !t->has_seed;
    c.strict = t->complete || opts->strict;
    c.script_decide = any_line_of(whole, UD_TL_DECIDE);
    ud_buf_init(&c.produced);
    memset(err, 0, sizeof *err);
    uint64_t max_decisions = opts->max_decisions ? opts->max_decisions : UD_DEFAULT_MAX_DECISIONS;

    ud_table built;
    const ud_table *table = opts->table;
    if (!table) {
        ud_table_build(&built, g, t->setup.variant);
        table = &built;
    }
    ud_rng chance_rng, policy_rng;
    ud_rng_seed(&chance_rng, t->seed);
    ud_rng_seed(&policy_rng, t->seed ^ UINT64_C(0x9e3779b97f4a7c15));
    ud_chance chance;
    memset(&chance, 0, sizeof chance);
    chance.ctx = &c;
    if (c.script_chance) {
        chance.pick = script_pick;
    } else {
        c.seed_rng = &chance_rng;
        chance.pick = seeded_pick;
    }
    ud_sink sink = { check_line, &c };
    ud_step step;
    ud_step_init(&step, table, &t->setup, &chance, &sink, opts->fired);
    step.count_changes = opts->count_changes;
    uint32_t reads_scratch[UD_MAX_RULES];
    mark_visits(&step, opts, reads_scratch);
    step.check_invariants = !opts->replay_of_checked && (opts->check_invariants || UD_FORCE_INVARIANTS);
    c.s = &step;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (g->state_size > sizeof state) {
        ud_error_set(err, 0, 0, NULL, "internal: state of %s too large", g->name);
        return -1;
    }
    c.state = state;
    if (opts->regen) /* a record ending where its game stands (waits, needs, offers) is partial */
        ud_transcript_write_header(opts->regen, g, &t->setup, t->policy, t->has_seed ? &t->seed : NULL,
                                   whole->partial || ends_standing(t));
    if (opts->regen && t->complete)
        fputs("complete\n", opts->regen);

    uint64_t decisions = 0;
    memset(res, 0, sizeof *res);
    c.opts = opts;
    c.res = res;
    setup_begins(&c);
    ud_status st = ud_start(&step, state);
    for (;;) {
        if (c.ahead.on) {
            end_missing_run(&c);
            st = UD_ERROR;
        }
        if (st == UD_ERROR || err->set) {
            if (c.partial_end && !err->set)
                break;
            if (!err->set)
                ud_error_set(err, step.fail.kind == UD_FAIL_INPUT && !step.fail.id ? 0 : fail_line(&c), 0,
                             step.fail.id, "%s", step.fail.msg);
            err->internal = step.fail.kind == UD_FAIL_INVARIANT;
            /* a limit of undead's: the record may be legal past it, and
             * undead cannot say (exit 2, not a step the rules refuse) */
            err->limit = step.fail.kind == UD_FAIL_LIMIT;
            err->input |= err->limit;
            ud_buf_free(&c.produced);
            return -1;
        }
        if (st == UD_OVER)
            break;
        if (!settle_open_line(&c)) { /* a decision ends a chance line's span */
            st = UD_ERROR;
            continue;
        }
        /* Decisions read from the record are bounded by its length; those
         * left to the policies are not (a game that never ends). */
        if (++decisions > max_decisions && !c.script_decide) {
            ud_error_set(err, fail_line(&c), 0, NULL, UD_NO_END_FMT, (unsigned long long)max_decisions);
            ud_buf_free(&c.produced);
            return -1;
        }
        if (c.script_decide) {
            const ud_action *action = scripted_decision(&c);
            if (!action) {
                st = UD_ERROR;
                continue;
            }
            begin_play(&c);
            st = ud_decide(&step, state, action);
        } else {
            /* a decision the record leaves to the policies: the game waits
             * here all the same, so the state lines written at this point
             * are checked now, against this position */
            if (!consume_states(&c)) {
                st = UD_ERROR;
                continue;
            }
            char need[480];
            decision_text(&c, need, sizeof need);
            int at = standing(&c, NULL, need, step.offers.n ? step.offers.by[0]->id : NULL);
            if (at == 0) {
                st = UD_ERROR;
                continue;
            }
            if (at == 1 || (opts->stop_at_policies && c.cur >= t->n)) {
                c.partial_end = 1;
                break;
            }
            int seat = g->to_move(state);
            int pick = ud_policy_choose(&t->policy[seat], g, state, seat, &step.offers, &policy_rng);
            if (pick < 0 || pick >= step.offers.n) {
                ud_error_set(err, fail_line(&c), 0, NULL,
                             "player %s gave no decision: policy %s answers only as it says: %s",
                             ud_player(&step, seat), t->policy[seat].def->name, t->policy[seat].def->summary);
                st = UD_ERROR;
                continue;
            }
            begin_play(&c);
            st = ud_decide_offer(&step, state, pick);
        }
    }
    /* Past the end no row needs anything: a change line the record writes
     * where the rules wrote others is blamed on the row where it parted
     * from them (the first line it left out since its last line), else on
     * the last row fired; an outcome or a decision after the end, on the
     * row that ended the game (the last fired). */
    const char *end_rule = c.has_parted ? (c.parted ? c.parted->id : NULL) : rule_id(&step);
    if (!c.partial_end && !sync(&c, "nothing more (the game is over)", end_rule)) {
        ud_buf_free(&c.produced);
        return -1;
    }
    if (!c.partial_end && c.cur < t->n && t->lines[c.cur].kind == UD_TL_OVER &&
        !same_outcomes(&c, &t->lines[c.cur], rule_id(&step))) {
        ud_buf_free(&c.produced);
        return -1;
    }
    if (c.cur < t->n) {
        const ud_tline *tl = &t->lines[c.cur];
        if (tl->kind == UD_TL_WAITS || tl->kind == UD_TL_NEEDS || tl->kind == UD_TL_OFFERS)
            ud_error_set(err, tl->line, tl->col[0], rule_id(&step),
                         "the game is over; the record's game %s '%s'%s", standing_words(tl->kind),
                         tl->tok[1], tl->kind == UD_TL_NEEDS ? " outcome" : "");
        else
            ud_error_set(err, tl->line, tl->col[0], rule_id(&step),
                         "the game is over; expected no more events, found '%s'", tl->tok[0]);
        ud_buf_free(&c.produced);
        return -1;
    }
    ud_check_result kept = *res;
    fill_result(&c, !c.partial_end, decisions, res);
    res->played = kept.played;
    res->partial_at_pick = kept.partial_at_pick;
    if (opts->state_out && !c.state_kept)
        memcpy(opts->state_out, state, g->state_size);
    ud_buf_free(&c.produced);
    return 0;
}
