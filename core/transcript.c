/*
 * transcript.c - strict parser and writer for transcripts (transcript.h).
 *
 * The parser never trusts its input: every line is bounded, every byte
 * checked, every number range-checked, and the first problem is reported
 * with its line and column and what was expected there.
 */
#include "transcript.h"

#include "action.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "setup.h"

void ud_transcript_free(ud_transcript *t)
{
    free(t->lines);
    free(t->text);
    t->lines = NULL;
    t->text = NULL;
    t->n = t->cap = 0;
}

/* Split one line (NUL-terminated, in place) into tokens; strips a comment
 * and a trailing [TAG].  Returns false with err set.  The scans are the C
 * library's (strspn, strcspn), not loops over the bytes: a fuzz build
 * instruments every comparison of such a loop, which cost more than the
 * rest of the parse. */
static bool tokenize(ud_tline *tl, int lineno, ud_error *err)
{
    char *p = tl->text;
    tl->ntok = 0;
    tl->tag = NULL;
    for (;;) {
        p += strspn(p, " \t");
        if (*p == '\0' || *p == '#')
            break;
        int col = (int)(p - tl->text) + 1;
        char *start = p;
        p += strcspn(p, " \t");
        if (*p)
            *p++ = '\0';
        if (tl->tag) {
            ud_error_set(err, lineno, col, NULL,
                         "expected the [RULE-ID] tag to end the line, found '%s' after it", start);
            return false;
        }
        if (start[0] == '[') {
            size_t len = strlen(start);
            if (len < 3 || start[len - 1] != ']') {
                ud_error_set(err, lineno, col, NULL,
                             "expected a [RULE-ID] tag (a rule ID in brackets), found '%s'", start);
                return false;
            }
            start[len - 1] = '\0';
            if (strspn(start + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != len - 2) {
                ud_error_set(err, lineno, col, NULL,
                             "expected a rule ID of A-Z, 0-9 and '-' in the tag, found '%s]'", start);
                return false;
            }
            tl->tag = start + 1;
            tl->tag_col = col;
            continue;
        }
        if (tl->ntok >= UD_TL_MAX_TOKENS) {
            ud_error_set(err, lineno, col, NULL, "expected at most %d words on a line (UD_MAX_LINE_WORDS)",
                         UD_TL_MAX_TOKENS);
            return false;
        }
        tl->tok[tl->ntok] = start;
        tl->col[tl->ntok] = col;
        tl->ntok++;
    }
    return true;
}

typedef struct parser {
    ud_transcript *t;
    ud_game_lookup find;
    ud_error *err;
    int seen_version, seen_players, in_body;
    int last_player_line, last_player_col; /* where the last 'player' line named one */
    int last_start_line, last_start_col;   /* where the last 'start' line's words begin */
    int variant_line[UD_MAX_VARIANTS];     /* where each key's 'variant' line is, 0: none yet */
    int seed_line;                         /* where the 'seed' line is, 0: none yet */
    int after_at;                          /* lines before the `after` line, -1: none yet */
    int part_at;                           /* lines before the last `after` or `witness` line, -1: none */
} parser;

static bool start_lines_apply(const ud_transcript *t, bool whole, ud_buf *msg);

/* The header is read: too few players are refused at the last one named
 * (too many were at the first beyond the game's range; none at all is
 * refused once the whole file is read). */
static bool header_done(parser *ps)
{
    ud_transcript *t = ps->t;
    int n = ud_setup_player_count(&t->setup);
    ud_buf msg;
    ud_buf_init(&msg);
    bool ok = !t->game || n == 0 || ud_setup_check_players(t->game, n, &msg);
    if (!ok)
        ud_error_set(ps->err, ps->last_player_line, ps->last_player_col, NULL, "%s", ud_buf_str(&msg));
    /* the position all the start lines make, at the last of them */
    if (ok && t->game && t->setup.n_start > 0 && t->setup.n_players > 0) {
        ok = start_lines_apply(t, true, &msg);
        if (!ok)
            ud_error_set(ps->err, ps->last_start_line, ps->last_start_col, NULL, "%s", ud_buf_str(&msg));
    }
    ud_buf_free(&msg);
    return ok;
}

static bool need_args(parser *ps, const ud_tline *tl, int min, int max, const char *what)
{
    if (tl->ntok - 1 < min || tl->ntok - 1 > max) {
        int col = tl->ntok > max + 1 && max + 1 < UD_TL_MAX_TOKENS ? tl->col[max + 1] : tl->col[0];
        ud_error_set(ps->err, tl->line, col, NULL, "expected '%s %s'", tl->tok[0], what);
        return false;
    }
    return true;
}

/* The start lines so far on a scratch state, the last (line) after the
 * others as the engine applies them, so a bad one, or one that clashes
 * with an earlier one, is reported at its line when the file is read
 * rather than later by the engine; with whole, the position they make
 * (the game's check_start) too. */
static bool start_lines_apply(const ud_transcript *t, bool whole, ud_buf *msg)
{
    const ud_game *g = t->game;
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (!g->apply_start) {
        ud_buf_printf(msg, "%s takes no start lines", g->name);
        return false;
    }
    if (t->setup.n_players == 0) {
        ud_buf_puts(msg, "expected the 'player' lines before 'start'");
        return false;
    }
    if (g->state_size > sizeof state) {
        ud_buf_puts(msg, "internal: state too large");
        return false;
    }
    memset(state, 0, g->state_size);
    g->init(state, &t->setup);
    for (int i = 0; i < t->setup.n_start; i++)
        if (!g->apply_start(state, &t->setup, t->setup.start[i], msg))
            return false;
    return !whole || !g->check_start || g->check_start(state, &t->setup, msg);
}

/* A record states one reading of each open question: a second 'variant'
 * line of a key (the same value or another) is refused, not taken over
 * the first.  Called once tl's KEY=VALUE is known to be the game's. */
static bool variant_once(parser *ps, const ud_tline *tl, ud_buf *msg)
{
    const ud_game *g = ps->t->game;
    size_t klen = strcspn(tl->tok[1], "=");
    for (int v = 0; v < g->n_variants && v < UD_MAX_VARIANTS; v++) {
        if (strlen(g->variants[v].key) != klen || strncmp(g->variants[v].key, tl->tok[1], klen) != 0)
            continue;
        if (ps->variant_line[v]) {
            ud_buf_printf(msg, "expected one 'variant %s' line, found a second (first at line %d)",
                          g->variants[v].key, ps->variant_line[v]);
            return false;
        }
        ps->variant_line[v] = tl->line;
    }
    return true;
}

/* One header line; false with err set. */
static bool header_line(parser *ps, ud_tline *tl)
{
    ud_transcript *t = ps->t;
    const char *kw = tl->tok[0];
    ud_buf msg;
    ud_buf_init(&msg);
    bool ok = true;
    if (strcmp(kw, "game") == 0) {
        if (!need_args(ps, tl, 1, 1, "NAME"))
            return false;
        if (t->game) {
            ud_error_set(ps->err, tl->line, tl->col[0], NULL, "expected one 'game' line, found a second");
            return false;
        }
        t->game = ps->find(tl->tok[1]);
        if (!t->game) {
            ud_error_set(ps->err, tl->line, tl->col[1], NULL,
                         "unknown game '%s'; expected a built-in game name (see 'undead games')", tl->tok[1]);
            return false;
        }
        ud_setup_defaults(t->game, &t->setup);
        t->setup.n_players = 0;
        for (int i = 0; i < UD_MAX_PLAYERS; i++)
            t->policy[i].def = &ud_policy_random;
        return true;
    }
    if (!t->game) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL, "expected 'game NAME' before '%s'", kw);
        return false;
    }
    if (strcmp(kw, "variant") == 0) {
        if (!need_args(ps, tl, 1, 1, "KEY=VALUE"))
            return false;
        ok = ud_setup_variant(t->game, &t->setup, tl->tok[1], &msg) && variant_once(ps, tl, &msg);
        if (!ok)
            ud_error_set(ps->err, tl->line, tl->col[1], NULL, "%s", ud_buf_str(&msg));
    } else if (strcmp(kw, "player") == 0) {
        if (!need_args(ps, tl, 1, 2, "NAME [POLICY]"))
            return false;
        int seat = t->setup.n_players;
        ok = ud_setup_add_player(&t->setup, tl->tok[1], &msg);
        ps->last_player_line = tl->line;
        ps->last_player_col = tl->col[1];
        int n = ud_setup_player_count(&t->setup);
        if (ok && n > ud_game_max_players(t->game))
            ok = ud_setup_check_players(t->game, n, &msg);
        if (!ok)
            ud_error_set(ps->err, tl->line, tl->col[1], NULL, "%s", ud_buf_str(&msg));
        else if (tl->ntok == 3) {
            ok = ud_policy_parse(t->game, tl->tok[2], &t->policy[seat], &msg);
            if (!ok)
                ud_error_set(ps->err, tl->line, tl->col[2], NULL, "%s", ud_buf_str(&msg));
        }
    } else if (strcmp(kw, "seed") == 0) {
        if (!need_args(ps, tl, 1, 1, "N"))
            return false;
        if (ps->seed_line) {
            ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                         "expected one 'seed' line, found a second (first at line %d)", ps->seed_line);
            return false;
        }
        ps->seed_line = tl->line;
        ok = ud_parse_u64(tl->tok[1], &t->seed);
        if (!ok)
            ud_error_set(ps->err, tl->line, tl->col[1], NULL,
                         "expected a seed from 0 to 18446744073709551615, found '%s'", tl->tok[1]);
        t->has_seed = 1;
    } else if (strcmp(kw, "partial") == 0) {
        ok = need_args(ps, tl, 0, 0, "");
        t->partial = 1;
    } else if (strcmp(kw, "complete") == 0) {
        ok = need_args(ps, tl, 0, 0, "");
        t->complete = 1;
    } else if (strcmp(kw, "start") == 0) {
        if (!need_args(ps, tl, 1, UD_TL_MAX_TOKENS - 1, "WORDS..."))
            return false;
        char line[UD_START_LEN * 2] = "";
        for (int i = 1; i < tl->ntok; i++) {
            if (i > 1)
                strncat(line, " ", sizeof line - strlen(line) - 1);
            strncat(line, tl->tok[i], sizeof line - strlen(line) - 1);
        }
        ok = ud_setup_start(&t->setup, line, &msg) && start_lines_apply(t, false, &msg);
        if (!ok)
            ud_error_set(ps->err, tl->line, tl->col[1], NULL, "%s", ud_buf_str(&msg));
        ps->last_start_line = tl->line;
        ps->last_start_col = tl->col[1];
    }
    ud_buf_free(&msg);
    return ok;
}

static bool is_header_keyword(const char *w)
{
    static const char *const kws[] = { "game", "variant", "player", "seed", "partial", "complete", "start" };
    for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
        if (strcmp(w, kws[i]) == 0)
            return true;
    return false;
}

/* "waits PLAYER", "needs EVENT" or "over ...": where the record's game
 * stands at its end (transcript.h); the last body line, so a body line
 * after it is refused (ud_transcript_parse). */
/* "over PLAYER=OUTCOME...": each PLAYER once, each side of '=' a word.
 * Which players and outcome words is the check's (check.c): a record of
 * an implementation that named a player the table lacks, or an outcome
 * no protocol word names, says so, and the rules refuse it there. */
static bool over_line(parser *ps, ud_tline *tl)
{
    tl->kind = UD_TL_OVER;
    for (int i = 1; i < tl->ntok; i++) {
        size_t name_len = strcspn(tl->tok[i], "=");
        for (int k = 1; k < i; k++)
            if (strcspn(tl->tok[k], "=") == name_len && strncmp(tl->tok[k], tl->tok[i], name_len) == 0) {
                ud_error_set(ps->err, tl->line, tl->col[i], NULL,
                             "expected each player once after 'over', found '%.*s' a second time (column %d)",
                             (int)name_len, tl->tok[i], tl->col[k]);
                return false;
            }
        const char *eq = strchr(tl->tok[i], '=');
        if (!eq || eq == tl->tok[i] || !eq[1] || strchr(eq + 1, '=')) {
            ud_error_set(ps->err, tl->line, tl->col[i], NULL,
                         "expected PLAYER=OUTCOME after 'over' (a player, then won, shared, lost or out), "
                         "found '%s'",
                         tl->tok[i]);
            return false;
        }
    }
    return true;
}

static bool is_player(const ud_transcript *t, const char *name)
{
    for (int i = 0; i < t->setup.n_players; i++)
        if (strcmp(t->setup.names[i], name) == 0)
            return true;
    return false;
}

bool ud_transcript_next_offer(const ud_tline *tl, int *from, int *to)
{
    *from = *to + 1;
    if (*from >= tl->ntok)
        return false;
    for (*to = *from; *to < tl->ntok && strcmp(tl->tok[*to], "|") != 0; ++*to)
        ;
    return true;
}

static bool same_offer(const ud_tline *a, int af, int at, const ud_tline *b, int bf, int bt)
{
    if (at - af != bt - bf)
        return false;
    for (int k = 0; k < at - af; k++)
        if (strcmp(a->tok[af + k], b->tok[bf + k]) != 0)
            return false;
    return true;
}

/* The offers line tl's action from..to is listed once in its list: in
 * tl before it and in the offers lines before tl (the list's first
 * lines, ending the body so far); and the list holds at most
 * UD_MAX_OFFERS actions, as a position offers at most so many. */
static bool offer_once(parser *ps, const ud_tline *tl, int from, int to, int *count)
{
    const ud_transcript *t = ps->t;
    const ud_tline *seen = NULL;
    for (int i = t->n; i >= 0 && !seen && (i == t->n || t->lines[i].kind == UD_TL_OFFERS); i--) {
        const ud_tline *l = i == t->n ? tl : &t->lines[i];
        for (int f = 0, e = 1; !seen && ud_transcript_next_offer(l, &f, &e) && (l != tl || f < from);)
            if (same_offer(l, f, e, tl, from, to))
                seen = l;
    }
    if (seen) {
        ud_buf text;
        ud_buf_init(&text);
        for (int k = from; k < to; k++)
            ud_buf_printf(&text, "%s%s", k > from ? " " : "", tl->tok[k]);
        ud_error_set(
            ps->err, tl->line, tl->col[from], NULL,
            "expected each action once in an offers list, found '%s' a second time (first at line %d)",
            ud_buf_str(&text), seen->line);
        ud_buf_free(&text);
        return false;
    }
    if (++*count > UD_MAX_OFFERS) {
        ud_error_set(ps->err, tl->line, tl->col[from], NULL,
                     "expected at most %d actions in an offers list (UD_MAX_OFFERS)", UD_MAX_OFFERS);
        return false;
    }
    return true;
}

/* What is wrong with word i of an offers line about its '|' words: a
 * '|' in a word, or one with no action on one side; NULL: nothing. */
static const char *bar_fault(const ud_tline *tl, int i)
{
    if (strcmp(tl->tok[i], "|") != 0)
        return strchr(tl->tok[i], '|') ? "expected '|' on its own between two actions" : NULL;
    if (i == 2)
        return "expected an action before '|'";
    if (strcmp(tl->tok[i - 1], "|") == 0)
        return "expected an action between two '|'";
    if (i == tl->ntok - 1)
        return "expected an action after '|'";
    return NULL;
}

/* "offers PLAYER ACTION | ACTION ...": the decisions the record's game
 * offers PLAYER where it stands (transcript.h).  Which actions is the
 * check's to say (an implementation may offer words no action of the
 * game is: the record says so, and the rules refuse it there); here: a
 * player of the header, a '|' on its own between two actions, each
 * action once in the list, which goes on in the next offers lines of
 * the same player (a line holds UD_TL_MAX_TOKENS words). */
static bool offers_line(parser *ps, ud_tline *tl)
{
    const ud_transcript *t = ps->t;
    tl->kind = UD_TL_OFFERS;
    if (tl->ntok < 2 || !is_player(t, tl->tok[1])) {
        ud_error_set(ps->err, tl->line, tl->col[tl->ntok > 1 ? 1 : 0], NULL,
                     "expected 'offers PLAYER ACTION | ACTION ...', a player named in the header");
        return false;
    }
    const ud_tline *prev = t->n > 0 && t->lines[t->n - 1].kind == UD_TL_OFFERS ? &t->lines[t->n - 1] : NULL;
    if (prev && strcmp(prev->tok[1], tl->tok[1]) != 0) {
        ud_error_set(ps->err, tl->line, tl->col[1], NULL,
                     "expected 'offers %s', going on with the list of line %d, found '%s'", prev->tok[1],
                     prev->line, tl->tok[1]);
        return false;
    }
    if (prev && tl->ntok == 2) {
        ud_error_set(ps->err, tl->line, tl->col[1] + (int)strlen(tl->tok[1]), NULL,
                     "expected an action after 'offers %s', going on with the list of line %d", tl->tok[1],
                     prev->line);
        return false;
    }
    for (int i = 2; i < tl->ntok; i++) {
        const char *fault = bar_fault(tl, i);
        if (fault) {
            ud_error_set(ps->err, tl->line, tl->col[i], NULL, "%s, found '%s'", fault, tl->tok[i]);
            return false;
        }
    }
    int count = 0;
    for (int i = t->n - 1; i >= 0 && t->lines[i].kind == UD_TL_OFFERS; i--)
        for (int f = 0, e = 1; ud_transcript_next_offer(&t->lines[i], &f, &e);)
            count++;
    for (int f = 0, e = 1; ud_transcript_next_offer(tl, &f, &e);)
        if (!offer_once(ps, tl, f, e, &count))
            return false;
    return true;
}

static bool standing_line(parser *ps, ud_tline *tl)
{
    if (tl->tag) { /* no rule writes it: a tag would be checked against nothing */
        ud_error_set(ps->err, tl->line, tl->tag_col, NULL,
                     "expected no [RULE-ID] tag on '%s', the record's standing", tl->tok[0]);
        return false;
    }
    if (strcmp(tl->tok[0], "over") == 0)
        return over_line(ps, tl);
    if (strcmp(tl->tok[0], "offers") == 0)
        return offers_line(ps, tl);
    bool waits = strcmp(tl->tok[0], "waits") == 0;
    tl->kind = waits ? UD_TL_WAITS : UD_TL_NEEDS;
    bool known = false;
    if (tl->ntok == 2 && waits) /* any word: the check refuses one no player has, as for over */
        known = true;
    else if (tl->ntok == 2)
        known = ud_game_is_chance_event(ps->t->game, tl->tok[1]);
    if (!known)
        ud_error_set(ps->err, tl->line, tl->col[tl->ntok > 1 ? 1 : 0], NULL,
                     waits ? "expected 'waits PLAYER', one word naming the player to move"
                           : "expected 'needs EVENT', one of the game's chance verbs");
    return known;
}

static bool body_line(parser *ps, ud_tline *tl)
{
    const ud_game *g = ps->t->game;
    const char *verb = tl->tok[0];
    if (strcmp(verb, "=") == 0) {
        tl->kind = UD_TL_STATE;
        for (int i = 1; i < tl->ntok; i++)
            if (!strchr(tl->tok[i], '=')) {
                ud_error_set(ps->err, tl->line, tl->col[i], NULL,
                             "expected key=value in a state line, found '%s'", tl->tok[i]);
                return false;
            }
        return true;
    }
    if (strcmp(verb, "decide") == 0) {
        tl->kind = UD_TL_DECIDE;
        if (tl->ntok < 3) {
            ud_error_set(ps->err, tl->line, tl->col[0], NULL, "expected 'decide PLAYER ACTION'");
            return false;
        }
        int found = 0;
        for (int i = 0; i < ps->t->setup.n_players; i++)
            found |= strcmp(ps->t->setup.names[i], tl->tok[1]) == 0;
        if (!found) {
            ud_error_set(ps->err, tl->line, tl->col[1], NULL,
                         "expected a player named in the header, found '%s'", tl->tok[1]);
            return false;
        }
        ud_buf m;
        ud_buf_init(&m);
        int bad = 0;
        if (ud_action_parse(g, &ps->t->setup, tl->tok + 2, tl->ntok - 2, &tl->action, &m, &bad) < 0) {
            ud_error_set(ps->err, tl->line, tl->col[2 + bad], NULL, "%s", ud_buf_str(&m));
            ud_buf_free(&m);
            return false;
        }
        ud_buf_free(&m);
        return true;
    }
    if (strcmp(verb, "waits") == 0 || strcmp(verb, "needs") == 0 || strcmp(verb, "over") == 0 ||
        strcmp(verb, "offers") == 0)
        return standing_line(ps, tl);
    if (ud_game_is_chance_event(g, verb)) {
        tl->kind = UD_TL_CHANCE;
        if (tl->ntok < 2) {
            ud_error_set(ps->err, tl->line, tl->col[0] + (int)strlen(verb), NULL,
                         "expected at least one outcome after '%s'", verb);
            return false;
        }
        return true;
    }
    if (is_header_keyword(verb)) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected header lines ('%s') before the first event", verb);
        return false;
    }
    tl->kind = UD_TL_CHANGE;
    return true;
}

/* An `after` line: the record's game ends before it, and the other
 * side's game past its departure follows (ud_transcript.n_after).  Once,
 * after at least one line of the game. */
static bool after_begins(parser *ps, const ud_tline *tl)
{
    if (ps->after_at >= 0) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL, "expected one 'after' line; the first is line %d",
                     ps->t->after_line);
        return false;
    }
    if (ps->t->n == 0) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected the record's game before 'after' (the other side's game past its departure)");
        return false;
    }
    if (ps->t->n_witness > 0) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected 'after' before the first 'witness' line (line %d)", ps->t->witness_line[0]);
        return false;
    }
    ps->after_at = ps->part_at = ps->t->n;
    ps->t->after_line = tl->line;
    return true;
}

/* A `witness variant KEY=VALUE` line's reading, as a header's `variant`
 * line's is checked: the game's key and value, into *key and *value. */
static bool witness_reading(parser *ps, const ud_tline *tl, int *key, int *value)
{
    const ud_game *g = ps->t->game;
    ud_setup scratch = ps->t->setup;
    ud_buf msg;
    ud_buf_init(&msg);
    bool ok = ud_setup_variant(g, &scratch, tl->tok[2], &msg);
    if (!ok)
        ud_error_set(ps->err, tl->line, tl->col[2], NULL, "%s", ud_buf_str(&msg));
    ud_buf_free(&msg);
    size_t klen = strcspn(tl->tok[2], "=");
    for (int v = 0; ok && v < g->n_variants && v < UD_MAX_VARIANTS; v++)
        if (strlen(g->variants[v].key) == klen && strncmp(g->variants[v].key, tl->tok[2], klen) == 0) {
            *key = v;
            *value = scratch.variant[v];
        }
    return ok;
}

/* A `witness` line: a further game of the other side begins, whole from
 * its set-up (ud_transcript.witness_at), under the header's readings or,
 * `witness variant KEY=VALUE`, with that key read so.  After the record's
 * game (and its `after` part, if any); at most UD_WITNESS_MAX; the one
 * before it not empty. */
static bool witness_begins(parser *ps, const ud_tline *tl)
{
    ud_transcript *t = ps->t;
    if (tl->ntok != 1 && (tl->ntok != 3 || strcmp(tl->tok[1], "variant") != 0)) {
        int col =
            tl->ntok > 1 && strcmp(tl->tok[1], "variant") == 0 ? tl->col[tl->ntok > 3 ? 3 : 1] : tl->col[1];
        ud_error_set(ps->err, tl->line, col, NULL, "expected 'witness' or 'witness variant KEY=VALUE'");
        return false;
    }
    if (t->n == 0) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected the record's game before 'witness' (a further game of the other side)");
        return false;
    }
    if (t->n_witness == UD_WITNESS_MAX) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected at most %d 'witness' lines; the first is line %d", UD_WITNESS_MAX,
                     t->witness_line[0]);
        return false;
    }
    if (t->n_witness > 0 && t->n == ps->part_at) {
        ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                     "expected the lines of a game after 'witness' (line %d), found another 'witness'",
                     t->witness_line[t->n_witness - 1]);
        return false;
    }
    int key = -1, value = -1;
    if (tl->ntok == 3 && !witness_reading(ps, tl, &key, &value))
        return false;
    t->witness_key[t->n_witness] = key;
    t->witness_value[t->n_witness] = value;
    t->witness_at[t->n_witness] = ps->part_at = t->n;
    t->witness_line[t->n_witness++] = tl->line;
    return true;
}

/* The parts past the record's game, counted: the record's lines end
 * before the first of them. */
static bool parts_end(parser *ps)
{
    ud_transcript *t = ps->t;
    int total = t->n;
    for (int k = 0; k < t->n_witness; k++)
        t->witness_n[k] = (k + 1 < t->n_witness ? t->witness_at[k + 1] : total) - t->witness_at[k];
    if (t->n_witness > 0 && t->witness_n[t->n_witness - 1] == 0) {
        ud_error_set(ps->err, t->last_line, 1, NULL, "expected the lines of a game after 'witness' (line %d)",
                     t->witness_line[t->n_witness - 1]);
        return false;
    }
    int end = t->n_witness > 0 ? t->witness_at[0] : total;
    /* the record's game ends where the record cut at its first part would:
     * a record that ends short is refused at its own last line */
    t->end_line = t->last_line;
    if (t->n_witness > 0)
        t->end_line = t->witness_line[0] - 1;
    if (ps->after_at >= 0) {
        t->n_after = end - ps->after_at;
        end = ps->after_at;
        t->end_line = t->after_line - 1;
    }
    t->n = end;
    return true;
}

/* After `after` a game goes on: decisions, outcomes, states and changes,
 * no standing line (where a game stands is said once, before it); a
 * `witness` game, whole, may end with `over` (where and how it ended). */
static bool after_fits(parser *ps, const ud_tline *tl)
{
    if (ps->part_at < 0 || tl->kind < UD_TL_WAITS)
        return true;
    const ud_transcript *t = ps->t;
    bool witness = t->n_witness > 0;
    if (witness && tl->kind == UD_TL_OVER)
        return true; /* a witness game whole: where it ended, its last line */
    ud_error_set(ps->err, tl->line, tl->col[0], NULL,
                 "expected decide, outcome, state or change lines after '%s' (line %d), found '%s'",
                 witness ? "witness" : "after", witness ? t->witness_line[t->n_witness - 1] : t->after_line,
                 tl->tok[0]);
    return false;
}

/* The first byte of line (len bytes, NUL-terminated after them) that is
 * not printable text: a control byte but tab, or DEL.  A NUL in the line
 * stops strcspn there, and is one of them.  Then a byte-order mark
 * (UD_BOM_MESSAGE), anywhere in the line; then bytes that are no UTF-8,
 * or a C1 control. */
static bool check_bytes(const char *line, size_t len, int lineno, ud_error *err)
{
    static const char control[] = "\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0b\x0c\x0d\x0e\x0f\x10"
                                  "\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f";
    size_t i = strcspn(line, control);
    if (i < len) {
        ud_error_set(err, lineno, (int)i + 1, NULL, "expected printable text, found byte 0x%02x",
                     (unsigned char)line[i]);
        return false;
    }
    for (const char *p = line; (p = memchr(p, UD_BOM_BYTES[0], len - (size_t)(p - line))); p++)
        if ((size_t)(p - line) + 3 <= len && memcmp(p, UD_BOM_BYTES, 3) == 0) {
            ud_error_set(err, lineno, (int)(p - line) + 1, NULL, "%s", UD_BOM_MESSAGE);
            return false;
        }
    /* a record goes on into messages, HTML pages and the database as
     * UTF-8, as a content file does: whole characters, no C1 control */
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)line[k];
        if (c < 0x80)
            continue;
        long cp = ud_utf8_char(line + k, len - k);
        if (cp < 0 || cp < 0xa0) {
            if (cp < 0)
                ud_error_set(err, lineno, (int)k + 1, NULL, "expected UTF-8 text, found byte 0x%02x", c);
            else
                ud_error_set(err, lineno, (int)k + 1, NULL,
                             "expected printable text, found control character U+%04lX", cp);
            return false;
        }
        k += cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;
    }
    return true;
}

/* Room for the body lines: at the first one, room for every line the
 * text has left (rest, rest_len bytes; at most BODY_LINES_FIRST, then
 * doubling), so that a record takes one allocation for its lines. */
enum { BODY_LINES_FIRST = 4096 };

static int lines_left(const char *rest, size_t rest_len)
{
    int n = 2; /* this one, and a last one with no newline */
    const char *end = rest + rest_len;
    for (const char *p = rest; n < BODY_LINES_FIRST && (p = memchr(p, '\n', (size_t)(end - p))); p++)
        n++;
    return n;
}

static bool add_line(ud_transcript *t, const ud_tline *tl, const char *rest, size_t rest_len)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : lines_left(rest, rest_len);
        ud_tline *p = realloc(t->lines, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        t->lines = p;
        t->cap = cap;
    }
    t->lines[t->n++] = *tl;
    return true;
}

int ud_transcript_parse(const char *text, size_t len, ud_game_lookup find, ud_transcript *t, ud_error *err)
{
    memset(t, 0, sizeof *t);
    parser ps = { .t = t, .find = find, .err = err, .after_at = -1, .part_at = -1 };
    /* One copy of the text, each line cut in place (its newline, or a CR
     * before it, made a NUL): the lines' words point into it. */
    char *copy = malloc(len + 1);
    if (!copy) {
        ud_error_set(err, 1, 0, NULL, "out of memory");
        return -1;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    t->text = copy;
    size_t pos = 0;
    int lineno = 0;
    while (pos < len) {
        lineno++;
        const char *nl = memchr(copy + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - copy) : len;
        size_t n = end - pos;
        /* CRLF ends a line; a CR with no LF after it (the text's last byte)
         * is a stray control byte, refused as one mid-line is */
        if (n && copy[pos + n - 1] == '\r' && nl)
            n--;
        if (n > UD_TL_MAX_LEN) {
            ud_error_set(err, lineno, UD_TL_MAX_LEN + 1, NULL, "expected a line of at most %d characters",
                         UD_TL_MAX_LEN);
            goto fail;
        }
        copy[pos + n] = '\0';
        if (!check_bytes(copy + pos, n, lineno, err))
            goto fail;
        ud_tline tl = { .line = lineno, .text = copy + pos };
        pos = end + 1;
        if (tokenize(&tl, lineno, err) && tl.ntok == 0 && tl.tag)
            ud_error_set(err, lineno, tl.tag_col, NULL, "expected an event before the tag");
        if (err->set)
            goto fail;
        if (tl.ntok == 0)
            continue;
        bool ok;
        if (!ps.seen_version) {
            ok = tl.ntok == 2 && strcmp(tl.tok[0], "undead-transcript") == 0;
            if (!ok)
                ud_error_set(err, lineno, 1, NULL, "expected 'undead-transcript %d' as the first line",
                             UD_TRANSCRIPT_VERSION);
            else if (strcmp(tl.tok[1], "1") != 0) {
                ok = false;
                ud_error_set(err, lineno, tl.col[1], NULL, "unsupported transcript version '%s'; expected %d",
                             tl.tok[1], UD_TRANSCRIPT_VERSION);
            }
            ps.seen_version = 1;
        } else if (!ps.in_body && is_header_keyword(tl.tok[0])) {
            ok = header_line(&ps, &tl);
        } else {
            if (!t->game) {
                ud_error_set(err, lineno, 1, NULL, "expected 'game NAME' before the first event");
                goto fail;
            }
            if (!ps.in_body && !header_done(&ps))
                goto fail;
            ps.in_body = 1;
            if (tl.ntok == 1 && strcmp(tl.tok[0], "after") == 0) {
                if (!after_begins(&ps, &tl))
                    goto fail;
                continue;
            }
            if (strcmp(tl.tok[0], "witness") == 0) {
                if (!witness_begins(&ps, &tl))
                    goto fail;
                continue;
            }
            /* a standing line is the last, an offers list's lines aside */
            if (t->n > 0 && t->n != ps.part_at && t->lines[t->n - 1].kind >= UD_TL_WAITS &&
                !(t->lines[t->n - 1].kind == UD_TL_OFFERS && strcmp(tl.tok[0], "offers") == 0)) {
                ud_error_set(err, lineno, 1, NULL, "expected no line after '%s' (line %d), %s last",
                             t->lines[t->n - 1].tok[0], t->lines[t->n - 1].line,
                             ps.part_at >= 0 ? "its game's" : "the record's");
                goto fail;
            }
            size_t rest = pos < len ? pos : len;
            ok = body_line(&ps, &tl) && after_fits(&ps, &tl) && add_line(t, &tl, copy + rest, len - rest);
            if (!ok && !err->set)
                ud_error_set(err, lineno, 0, NULL, "out of memory");
        }
        if (!ok)
            goto fail;
    }
    t->last_line = lineno;
    if (!ps.seen_version) {
        ud_error_set(err, lineno ? lineno : 1, 1, NULL,
                     "expected 'undead-transcript %d' as the first line, found %s", UD_TRANSCRIPT_VERSION,
                     lineno ? "only blank lines and comments" : "an empty file");
        goto fail;
    }
    if (!t->game) {
        ud_error_set(err, lineno, 1, NULL, "expected a 'game NAME' line");
        goto fail;
    }
    if (t->setup.n_players == 0) {
        ud_error_set(err, lineno, 1, NULL, "expected at least one 'player NAME [POLICY]' line");
        goto fail;
    }
    if (!ps.in_body && !header_done(&ps))
        goto fail;
    if (!parts_end(&ps)) /* the lines of the parts are kept past n */
        goto fail;
    return 0;
fail:
    ud_transcript_free(t);
    return -1;
}

void ud_transcript_write_header(FILE *out, const ud_game *g, const ud_setup *setup, const ud_policy *policy,
                                const uint64_t *seed, int partial)
{
    fprintf(out, "undead-transcript %d\n", UD_TRANSCRIPT_VERSION);
    fprintf(out, "game %s\n", g->name);
    for (int v = 0; v < g->n_variants; v++)
        fprintf(out, "variant %s=%s\n", g->variants[v].key, g->variants[v].values[setup->variant[v]].name);
    for (int i = 0; i < setup->n_players; i++) {
        char name[64] = "random";
        if (policy)
            ud_policy_format(&policy[i], name, sizeof name);
        fprintf(out, "player %s %s\n", setup->names[i], name);
    }
    if (seed)
        fprintf(out, "seed %" PRIu64 "\n", *seed);
    for (int i = 0; i < setup->n_start; i++)
        fprintf(out, "start %s\n", setup->start[i]);
    if (partial)
        fputs("partial\n", out);
}

void ud_transcript_write_line(FILE *out, const char *text, const char *rule)
{
    /* As fprintf "%-52s [%s]\n" would write it, with no format to parse:
     * every line of every transcript comes here. */
    enum { TAG_COLUMN = 52 };
    static const char spaces[TAG_COLUMN + 1] = "                                                    ";
    size_t n = strlen(text);
    fwrite(text, 1, n, out);
    if (rule) {
        if (n < TAG_COLUMN)
            fwrite(spaces, 1, TAG_COLUMN - n, out);
        fputs(" [", out);
        fputs(rule, out);
        putc(']', out);
    }
    putc('\n', out);
}

/* The number of the first line of text that starts with prefix (n bytes)
 * and is longer than min bytes, or 0; *start and *end its bounds. */
static int scan_line(const char *text, size_t len, const char *prefix, size_t n, size_t min, size_t *start,
                     size_t *end)
{
    int line = 1;
    for (size_t o = 0; o < len; line++) {
        size_t e = o;
        while (e < len && text[e] != '\n')
            e++;
        if (e - o > min && strncmp(text + o, prefix, n) == 0) {
            *start = o;
            *end = e;
            return line;
        }
        o = e + 1;
    }
    return 0;
}

int ud_transcript_scan_game(const char *text, size_t len, char *name, size_t size)
{
    size_t o, end;
    int line = scan_line(text, len, "game ", 5, 5, &o, &end);
    if (line) {
        size_t n = end - o - 5 < size - 1 ? end - o - 5 : size - 1;
        memcpy(name, text + o + 5, n);
        name[n] = '\0';
        name[strcspn(name, " \r")] = '\0';
    }
    return line;
}

int ud_transcript_scan_variant(const char *text, size_t len, const char *key, const char **kv, size_t *kv_len)
{
    char want[UD_TL_MAX_LEN];
    int n = snprintf(want, sizeof want, "variant %s=", key);
    if (n <= 0 || (size_t)n >= sizeof want)
        return 0;
    size_t o, end;
    int line = scan_line(text, len, want, (size_t)n, (size_t)n - 1, &o, &end);
    if (line && kv)
        *kv = text + o + 8;
    if (line && kv_len)
        *kv_len = end - o - 8;
    return line;
}

int ud_transcript_set_variant(ud_transcript *t, const char *text, size_t len, const char *kv,
                              const char **said, size_t *said_len)
{
    const ud_game *g = t->game;
    const char *eq = strchr(kv, '=');
    int k = -1, v = -1;
    for (int i = 0; eq && i < g->n_variants; i++)
        if (strlen(g->variants[i].key) == (size_t)(eq - kv) &&
            strncmp(g->variants[i].key, kv, (size_t)(eq - kv)) == 0)
            k = i;
    for (int j = 0; k >= 0 && j < g->variants[k].n_values; j++)
        if (strcmp(g->variants[k].values[j].name, eq + 1) == 0)
            v = j;
    if (k < 0 || v < 0)
        return -1;
    int line = ud_transcript_scan_variant(text, len, g->variants[k].key, said, said_len);
    if (line && t->setup.variant[k] != v)
        return line;
    t->setup.variant[k] = v;
    return 0;
}

bool ud_transcript_offers_run_continues(const ud_transcript *t, int i)
{
    return i + 1 < t->n && t->lines[i].kind == UD_TL_OFFERS && t->lines[i + 1].kind == UD_TL_OFFERS;
}

/* Body line i + 1 goes on with chance line i's step: a chance line of
 * the same event (a step needing more outcomes than a line holds). */
bool ud_transcript_chance_run_continues(const ud_transcript *t, int i)
{
    return i + 1 < t->n && t->lines[i].kind == UD_TL_CHANCE && t->lines[i + 1].kind == UD_TL_CHANCE &&
           strcmp(t->lines[i + 1].tok[0], t->lines[i].tok[0]) == 0;
}

int ud_transcript_step_end(const ud_transcript *t, int n)
{
    while (n > 0 && ud_transcript_chance_run_continues(t, n - 1))
        n++;
    /* 'needs EVENT' right after the step's last line of that event says
     * the step wanted one more outcome: it ends the step, read with it */
    if (n > 0 && n < t->n && t->lines[n - 1].kind == UD_TL_CHANCE && t->lines[n].kind == UD_TL_NEEDS &&
        strcmp(t->lines[n].tok[1], t->lines[n - 1].tok[0]) == 0)
        n++;
    return n;
}
