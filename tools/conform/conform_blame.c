/*
 * conform_blame.c - after a departure: the record of the game so far,
 * and the rule that governs the step where the two sides parted.
 *
 * Both replay undead's side alone from the game's tape: every choice the
 * game made is on it, so no adapter is needed.  The blame (core/blame.h)
 * plays the parting step again under each other reading and each single
 * changed row, and names the change under which undead would have said
 * what the implementation said, every key, offer and outcome of the step.
 * When none does, it names the rows of the step that changed the values
 * the two sides disagree on (provenance), or the row that drew or offered
 * what differs.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "action.h"
#include "chance_script.h"
#include "conform.h"
#include "check.h"
#include "conform_impl.h"
#include "games.h"
#include "transcript.h"

typedef struct replay {
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    ud_step s;
    ud_chance chance;
    cf_tape tape;
    ud_status st;
} replay;

static int chance_from_tape(ud_chance *ch, const ud_pick_req *p)
{
    replay *r = ch->ctx;
    ch->why[0] = '\0';
    return (int)cf_tape_next(&r->tape, (uint32_t)p->n, -1);
}

/* Set-up and `decisions` decisions with their plays, from the tape: true
 * when the game got that far (it always does for a tape it played). */
static bool replay_to(replay *r, const cf_run *run, const cf_tape *tape, uint64_t decisions, ud_sink *sink)
{
    cf_tape_init(&r->tape);
    cf_tape_copy(&r->tape, tape);
    cf_tape_replay(&r->tape);
    r->chance.rng = NULL;
    r->chance.pick = chance_from_tape;
    r->chance.ctx = r;
    ud_step_init(&r->s, &run->table, &run->o->match.setup, &r->chance, sink, NULL);
    r->st = ud_start(&r->s, r->state);
    for (uint64_t d = 0; d < decisions; d++) {
        if (r->st != UD_DECIDE)
            return false;
        int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
        r->st = ud_decide_offer(&r->s, r->state, i);
    }
    return true;
}

/* ---- the record ---------------------------------------------------------------- */

/* The record's lines before the departure: what the implementation
 * showed and agreed with (decisions, outcomes, states), not the change
 * lines undead's rows write, which the implementation never said (a
 * record that claimed them would refuse any change of a row that fired
 * before the departure's step, however well it plays the game). */
static void line_sink(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    size_t verb = strcspn(text, " ");
    bool shown = strncmp(text, "= ", 2) == 0 || strncmp(text, "decide ", 7) == 0;
    for (const char *const *e = s->table->game->chance_events; e && *e && !shown; e++)
        shown = strlen(*e) == verb && strncmp(text, *e, verb) == 0;
    if (shown)
        ud_transcript_write_line(k->ctx, text, rule ? rule->id : NULL);
}

/* cf_after_lines' sink: line_sink's lines once the decide line of the
 * decision `last` is past (from the set-up on for none), into a memory
 * stream, counted. */
typedef struct after_sink {
    FILE *f;
    bool on;      /* past it */
    bool at_last; /* playing the decision `last`: its decide line next */
    int lines;
} after_sink;

static void after_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    after_sink *a = k->ctx;
    if (a->at_last && strncmp(text, "decide ", 7) == 0) {
        a->at_last = false;
        a->on = true;
        return;
    }
    if (!a->on)
        return;
    ud_sink inner = { line_sink, a->f };
    line_sink(&inner, s, text, rule);
    a->lines++;
}

bool cf_after_lines(const cf_run *run, const cf_tape *tape, int64_t last, bool over, ud_buf *out)
{
    replay *r = calloc(1, sizeof *r);
    char *text = NULL;
    size_t len = 0;
    after_sink a = { .f = open_memstream(&text, &len), .on = last < 0 };
    if (!r || !a.f) {
        if (a.f)
            fclose(a.f);
        free(text);
        free(r);
        return false;
    }
    ud_sink sink = { after_line, &a };
    cf_tape_init(&r->tape);
    cf_tape_copy(&r->tape, tape);
    cf_tape_replay(&r->tape);
    r->chance = (ud_chance){ .pick = chance_from_tape, .ctx = r };
    const ud_setup *setup = run->rules_setup ? run->rules_setup : &run->o->match.setup;
    ud_step_init(&r->s, &run->table, setup, &r->chance, &sink, NULL);
    r->st = ud_start(&r->s, r->state);
    /* to the tape's end: past it the choices would be undead's own */
    for (int64_t d = 0; r->st == UD_DECIDE && r->tape.pos < r->tape.n; d++) {
        fflush(a.f);
        if (a.lines >= CF_AFTER_LINES || len >= CF_AFTER_BYTES)
            break;
        a.at_last = d == last;
        int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
        r->st = ud_decide_offer(&r->s, r->state, i);
    }
    bool some = a.lines > 0 && r->st != UD_ERROR && !r->tape.oom;
    if (some && over && r->st == UD_OVER) { /* a whole game: where it ended, and how */
        uint8_t ended[UD_MAX_PLAYERS];
        ud_game_outcomes(run->table.game, r->state, setup->n_players, true, ended);
        fputs("over", a.f);
        for (int k = 0; k < setup->n_players; k++)
            fprintf(a.f, " %s=%s", setup->names[k], ud_seat_outcome_name[ended[k]]);
        fputc('\n', a.f);
    }
    cf_tape_free(&r->tape);
    free(r);
    if (fclose(a.f) != 0)
        some = false;
    if (some)
        ud_buf_puts(out, text);
    free(text);
    return some;
}

/* The implementation's state as a state line; ours (the rules' own state
 * after the step, or NULL) adds each key the rules show and the
 * implementation does not, written with no value (`turns-left=`: the key
 * not shown), so that undead check sees the key missing too. */
static void their_state_line(const cf_departure *dep, const json_t *ours, FILE *f)
{
    if (!dep->their_state)
        return;
    fputs("=", f);
    const char *k;
    json_t *v;
    char key[128], value[1024];
    json_object_foreach(dep->their_state, k, v)
    {
        fprintf(f, " %s=%s", cf_shown(k, key, sizeof key),
                json_is_string(v) ? cf_shown(json_string_value(v), value, sizeof value) : "?");
    }
    json_object_foreach((json_t *)ours, k, v)
    {
        if (!json_object_get(dep->their_state, k))
            fprintf(f, " %s=", cf_shown(k, key, sizeof key));
    }
    fputc('\n', f);
}

/* The step's outcome lines as the implementation took them: dictated
 * words it said it left unused (the last ones: it takes the first word
 * that fits) are not written, so that the record is its game. */
static void outcome_lines(const cf_departure *dep, FILE *f)
{
    size_t n = dep->outcomes ? json_array_size(dep->outcomes) : 0;
    const json_t *unused = json_object_get(dep->their_report, "unused");
    long drop = json_is_integer(unused) ? (long)json_integer_value(unused) : 0;
    long words[64] = { 0 }, keep[64];
    for (size_t k = 0; k < n && k < 64; k++) {
        const char *l = json_string_value(json_array_get(dep->outcomes, k));
        for (const char *p = l ? strchr(l, ' ') : NULL; p; p = strchr(p + 1, ' '))
            words[k]++;
    }
    for (size_t k = n < 64 ? n : 64; k-- > 0;) {
        keep[k] = words[k] - (drop < words[k] ? drop : words[k]);
        drop -= words[k] - keep[k];
    }
    for (size_t k = 0; k < n && k < 64; k++) {
        json_t *l = json_array_get(dep->outcomes, k);
        if (!json_is_string(l) || keep[k] == 0)
            continue;
        ud_buf line;
        ud_buf_init(&line);
        const char *text = json_string_value(l);
        const char *end = text;
        for (long w = 0; w <= keep[k] && *end; w++)
            end += strcspn(end, " ") + (w < keep[k] && *end ? 1 : 0);
        char cut[1024];
        snprintf(cut, sizeof cut, "%.*s", (int)(end - text), text);
        cf_put_shown(&line, cut);
        fprintf(f, "%s\n", ud_buf_str(&line));
        ud_buf_free(&line);
    }
}

/* The implementation's game goes on at a decision: the record's last
 * line says whose (a record that simply ends says the game is over). */
/* The seat the implementation's report names to move, or NULL (over, no
 * report, or a name no player has, such as '?'). */
static const char *their_seat(const cf_run *run, const cf_departure *dep)
{
    const json_t *tm = json_object_get(dep->their_report, "to_move");
    const ud_setup *su = &run->o->match.setup;
    if (!dep->their_state || dep->their_over || !json_is_string(tm))
        return NULL;
    for (int i = 0; i < su->n_players; i++)
        if (strcmp(su->names[i], json_string_value(tm)) == 0)
            return su->names[i];
    return NULL;
}

/* A word of the implementation's result as the record can hold it: a
 * key or value that is no plain word (empty, longer than a name, or with
 * a space, '=', '#', '[' or a byte outside printable ASCII) is written
 * "?", which no player or outcome is. */
static const char *result_word(const char *w)
{
    size_t n = strlen(w);
    if (n == 0 || n > 39)
        return "?";
    for (size_t i = 0; i < n; i++)
        if (w[i] <= ' ' || w[i] > '~' || strchr("=#[]", w[i]))
            return "?";
    return w;
}

/* The implementation's game is over: the record's last line says how
 * each player ended, as its report's result does: the table's players
 * it names, in the table's order, then one player it names that the
 * table lacks, if any; its words as it said them.  `undead check`
 * refuses a player missing, one the table lacks or a word no protocol
 * outcome is (a record that simply ends says only that the game is
 * over). */
static void over_line(const cf_run *run, const cf_departure *dep, FILE *f)
{
    const json_t *result = json_object_get(dep->their_report, "result");
    const ud_setup *su = &run->o->match.setup;
    if (!dep->their_over || !json_is_object(result))
        return;
    fputs("over", f);
    for (int i = 0; i < su->n_players; i++) {
        const char *v = json_string_value(json_object_get(result, su->names[i]));
        if (v)
            fprintf(f, " %s=%s", su->names[i], result_word(v));
    }
    const char *k;
    const json_t *v;
    json_object_foreach((json_t *)result, k, v)
    {
        bool seat = false;
        for (int i = 0; i < su->n_players; i++)
            seat |= strcmp(su->names[i], k) == 0;
        if (!seat) { /* one is enough for the check to refuse */
            fprintf(f, " %s=%s", result_word(k),
                    result_word(json_string_value(v) ? json_string_value(v) : ""));
            break;
        }
    }
    fputc('\n', f);
}

static void waits_line(const cf_run *run, const cf_departure *dep, FILE *f)
{
    if (their_seat(run, dep))
        fprintf(f, "waits %s\n", their_seat(run, dep));
}

/* A to-move departure in an offers answer (the step report before it
 * agreed): the player the answer put to move, as the record's last line,
 * "waits PLAYER", so that `undead check` refuses the record there, as
 * conform did.  A name no player has is kept, as an over line keeps one
 * (the check says the rules wait for another); null, "" or a name that is
 * no plain word is written "?", which no player is. */
static void to_move_line(const cf_departure *dep, FILE *f)
{
    const json_t *tm = dep->their_to_move;
    fprintf(f, "waits %s\n", json_is_string(tm) ? result_word(json_string_value(tm)) : "?");
}

/* A refused step: the outcomes dictated, and the event the implementation
 * needed one more of, when the refusal names one of the game's in quotes
 * (undead serve's words: "the rules need a 'draw' outcome ..."), so that
 * `undead check` refuses the record where the implementation refused. */
static void refused_lines(const cf_run *run, const cf_departure *dep, FILE *f)
{
    const char *why = ud_buf_str(&dep->found);
    const char *event = NULL;
    for (const char *const *e = run->o->game->chance_events; e && *e && !event; e++) {
        char quoted[48];
        snprintf(quoted, sizeof quoted, "'%s'", *e);
        if (strstr(why, quoted))
            event = *e;
    }
    /* A refusal with words left that do not fit (undead serve's "no
     * outcome given fits"): the implementation takes the dictated lines
     * in order, so it most likely ran short of the event at the first
     * line of another event after that event's last line, and the record
     * stops there (a guess: which words it took, the refusal does not
     * say); with no line of that event at all, before the first line, for
     * words were left (an event the rules do not draw in the step: the
     * lots for the first player).  One with none left took them all. */
    size_t n = dep->outcomes ? json_array_size(dep->outcomes) : 0;
    if (event && strstr(why, "no outcome given fits")) {
        size_t taken = 0; /* the lines up to the event's last */
        for (size_t k = 0; k < n; k++) {
            const char *l = json_string_value(json_array_get(dep->outcomes, k));
            if (l && strncmp(l, event, strlen(event)) == 0 && l[strlen(event)] == ' ')
                taken = k + 1;
        }
        n = taken;
    }
    for (size_t k = 0; k < n; k++) {
        const char *l = json_string_value(json_array_get(dep->outcomes, k));
        if (l) {
            ud_buf line;
            ud_buf_init(&line);
            cf_put_shown(&line, l);
            fprintf(f, "%s\n", ud_buf_str(&line));
            ud_buf_free(&line);
        }
    }
    if (event)
        fprintf(f, "needs %s\n", event);
    else
        fprintf(f, "# the implementation refused the outcomes the rules draw next: its game ends here\n");
}

/* An offer of the implementation as an offers line holds it, escaped
 * as a report shows it (cf_put_shown), into out; false for one that is
 * no plain run of words the line could give back as it is (empty, a
 * space doubled or at an end, a '|', a word starting '#' or '[', more
 * words than a line holds after 'offers PLAYER', or over OFFER_MAX
 * bytes).  *words: how many it has. */
enum { OFFER_WORDS = UD_TL_MAX_TOKENS - 2, OFFER_MAX = 200 };

static bool offer_written(const char *offer, ud_buf *out, int *words)
{
    ud_buf_clear(out);
    cf_put_shown(out, offer ? offer : "");
    const char *w = ud_buf_str(out);
    size_t n = out->len;
    *words = 1;
    if (n == 0 || n > OFFER_MAX || w[0] == ' ' || w[n - 1] == ' ' || strstr(w, "  ") || strchr(w, '|'))
        return false;
    for (const char *p = w; p; p = strchr(p, ' ')) {
        p += *p == ' ';
        if (*p == '#' || *p == '[')
            return false;
        *words += p != w;
    }
    return *words <= OFFER_WORDS;
}

/* Is text one of the rules' offers (ours, n of them)? */
static bool among(const char *const *ours, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (strcmp(ours[i], text) == 0)
            return true;
    return false;
}

/* An offers departure: the implementation's offers, in its order, as
 * the record's last lines, "offers PLAYER ACTION | ACTION ..." (the list
 * going on in further lines where one would hold more than
 * UD_TL_MAX_TOKENS words or UD_TL_MAX_LEN bytes), so that `undead check`
 * refuses the set the rules do not offer, fewer decisions as well as
 * more or other ones.  An offer no line can hold is written '?', which
 * no action is; each text once (two offers may be shown alike).  A list
 * holds UD_MAX_OFFERS at most: past that, the offers the rules make too
 * are kept and the others cut (a comment says how many), so that the
 * record still offers more than the rules do. */
static void offers_lines(const char *player, const json_t *theirs, const char *const *ours, int n_ours,
                         FILE *f)
{
    ud_buf line, offer, written;
    ud_buf_init(&line);
    ud_buf_init(&offer);
    ud_buf_init(&written); /* each text kept, NUL-terminated, after its word count */
    int common = 0;        /* the rules' offers the implementation makes too */
    for (int i = 0; i < n_ours; i++)
        for (size_t j = 0; j < json_array_size(theirs); j++) {
            const char *t = json_string_value(json_array_get(theirs, j));
            if (t && strcmp(t, ours[i]) == 0) {
                common++;
                break;
            }
        }
    int kept = 0, extras = 0;
    size_t cut = 0;
    for (size_t j = 0; j < json_array_size(theirs); j++) {
        int words;
        if (!offer_written(json_string_value(json_array_get(theirs, j)), &offer, &words)) {
            ud_buf_clear(&offer);
            ud_buf_puts(&offer, "?");
            words = 1;
        }
        bool seen = false;
        for (size_t at = 0; at < written.len && !seen; at += strlen(written.data + at) + 1)
            seen = strcmp(written.data + at + 1, ud_buf_str(&offer)) == 0;
        if (seen)
            continue;
        bool theirs_only = !among(ours, n_ours, ud_buf_str(&offer));
        if (kept >= UD_MAX_OFFERS || (theirs_only && extras >= UD_MAX_OFFERS - common)) {
            cut++;
            continue;
        }
        extras += theirs_only;
        kept++;
        ud_buf_putc(&written, (char)words);
        ud_buf_puts(&written, ud_buf_str(&offer));
        ud_buf_putc(&written, '\0');
    }
    if (cut)
        fprintf(f, "# offers: %zu more of the implementation's not written (a record's list holds %d)\n", cut,
                (int)UD_MAX_OFFERS);
    ud_buf_printf(&line, "offers %s", player);
    int used = 0;
    for (size_t at = 0; at < written.len; at += strlen(written.data + at) + 1) {
        int words = written.data[at];
        const char *text = written.data + at + 1;
        if (used && (used + 1 + words > OFFER_WORDS || line.len + 3 + strlen(text) > UD_TL_MAX_LEN)) {
            fprintf(f, "%s\n", ud_buf_str(&line));
            ud_buf_clear(&line);
            ud_buf_printf(&line, "offers %s", player);
            used = 0;
        }
        ud_buf_printf(&line, "%s%s", used ? " | " : " ", text);
        used += words + (used ? 1 : 0);
    }
    fprintf(f, "%s\n", ud_buf_str(&line));
    ud_buf_free(&line);
    ud_buf_free(&offer);
    ud_buf_free(&written);
}

/* The offers lines at r's position, held to the rules' offers there. */
static void rules_offers_lines(const cf_run *run, const replay *r, const cf_departure *dep, FILE *f)
{
    const ud_game *g = run->o->game;
    ud_buf text;
    ud_buf_init(&text);
    size_t at[UD_MAX_OFFERS];
    int n = r->s.offers.n < UD_MAX_OFFERS ? r->s.offers.n : UD_MAX_OFFERS;
    for (int i = 0; i < n; i++) {
        at[i] = text.len;
        ud_action_format(g, &run->o->match.setup, &r->s.offers.action[i], &text);
        ud_buf_putc(&text, '\0');
    }
    const char **ours = calloc((size_t)n + 1, sizeof *ours);
    if (ours) {
        for (int i = 0; i < n; i++)
            ours[i] = text.data + at[i];
        offers_lines(ud_player(&r->s, g->to_move(r->state)), dep->their_offers, ours, n, f);
    }
    free(ours);
    ud_buf_free(&text);
}

static bool changed_refusal_lines(const cf_run *run, const cf_tape *tape, const cf_departure *dep, FILE *f);

/* The record, a refused step's outcomes as the blame's change takes them
 * where it found one and as_changed, else as dictated. */
static void write_record(const cf_run *run, const cf_tape *tape, const cf_departure *dep, bool as_changed,
                         ud_buf *out)
{
    const ud_game *g = run->o->game;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    replay *r = calloc(1, sizeof *r);
    if (!f || !r) {
        if (f)
            fclose(f);
        free(text);
        free(r);
        ud_buf_puts(out, "# (out of memory writing the record)\n");
        return;
    }
    /* A play's departure ends the implementation's game where it departed:
     * the record is whole there (not partial), so that what the rules
     * still need (an outcome the implementation refused or did not draw)
     * is a refusal of `undead check` at that step, as the departure was. */
    bool at_position = dep->kind == CF_DEP_OFFERS || dep->at_offers;
    /* a game that goes on with no player of the table to move cannot say
     * where it stands (waits names a player): the record is partial, and
     * its state line is what undead check refuses */
    bool lost = !at_position && dep->kind != CF_DEP_REFUSED && dep->their_state && !dep->their_over &&
                !their_seat(run, dep);
    ud_transcript_write_header(f, g, &run->o->match.setup, run->o->match.policy, NULL, at_position || lost);
    fprintf(
        f,
        "# undead conform: the game as both sides played it (decisions, outcomes, states), to the departure at play %llu\n",
        (unsigned long long)dep->step);
    /* a transcript line holds at most UD_TL_MAX_LEN bytes: a long list of
     * offers is cut short in the comment (the report has it whole) */
    char said[UD_TL_MAX_LEN - 8];
    int n = snprintf(said, sizeof said, "# %s: expected %s; the implementation: %s",
                     cf_dep_kind_name[dep->kind], ud_buf_str(&dep->expected), ud_buf_str(&dep->found));
    if (n >= (int)sizeof said) {
        size_t cut = sizeof said - 4;
        while (cut > 0 && ((unsigned char)said[cut] & 0xc0) == 0x80)
            cut--; /* not inside a UTF-8 character */
        memcpy(said + cut, "...", 4);
    }
    fprintf(f, "%s\n", said);
    ud_sink sink = { line_sink, f };
    uint64_t j = dep->decisions;
    if (at_position) {
        /* found before the next decision: the game to that position */
        bool there = replay_to(r, run, tape, j, &sink) && r->st == UD_DECIDE;
        if (there && dep->kind == CF_DEP_OFFERS)
            rules_offers_lines(run, r, dep, f);
        else if (there && dep->kind == CF_DEP_TO_MOVE)
            to_move_line(dep, f);
    } else {
        json_t *ours = NULL; /* the rules' state after the step */
        if (j > 0 && replay_to(r, run, tape, j - 1, &sink) && r->st == UD_DECIDE) {
            int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
            ud_buf a;
            ud_buf_init(&a);
            ud_action_format(g, &run->o->match.setup, &r->s.offers.action[i], &a);
            fprintf(f, "decide %s %s\n", ud_player(&r->s, g->to_move(r->state)), ud_buf_str(&a));
            ud_buf_free(&a);
            r->s.sink = NULL;
            if (dep->kind != CF_DEP_REFUSED && ud_decide_offer(&r->s, r->state, i) != UD_ERROR)
                ours = cf_state_json(g, r->state, &run->o->match.setup);
        }
        if (dep->kind == CF_DEP_REFUSED) {
            if (!as_changed || !dep->changed || !changed_refusal_lines(run, tape, dep, f))
                refused_lines(run, dep, f);
        } else {
            outcome_lines(dep, f);
            their_state_line(dep, ours, f);
            waits_line(run, dep, f);
            over_line(run, dep, f);
        }
        json_decref(ours);
    }
    /* the implementation's game from its last decision on, as the change
     * named plays it, where play bore that change out: undead check ranks
     * its own explanations by it */
    if (dep->after.len)
        fprintf(
            f,
            "# undead conform: the implementation's game past the departure, as it played it (undead check "
            "tells its explanations apart by it)\nafter\n%s",
            ud_buf_str(&dep->after));
    fputs(ud_buf_str(&dep->witness), f); /* its games in which other changes parted */
    cf_tape_free(&r->tape);
    free(r);
    if (fclose(f) == 0 && text)
        ud_buf_puts(out, text);
    free(text);
}

/* Whether `undead check` passes the record text (no refusal: the
 * departure would not be in it). */
static bool check_passes(const ud_buf *record)
{
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    if (ud_transcript_parse(ud_buf_str(record), record->len, ud_find_game, &t, &err) != 0)
        return false;
    ud_check_opts opts = { 0 };
    ud_check_result res;
    memset(&res, 0, sizeof res);
    bool passes = ud_check(&t, &opts, &res, &err) == 0;
    ud_transcript_free(&t);
    return passes;
}

void cf_record(const cf_run *run, const cf_tape *tape, const cf_departure *dep, ud_buf *out)
{
    ud_buf record;
    ud_buf_init(&record);
    write_record(run, tape, dep, true, &record);
    /* the outcomes as the change takes them are the record's account of
     * the refusal only where the rules refuse it too: else as dictated */
    if (dep->kind == CF_DEP_REFUSED && dep->changed && check_passes(&record)) {
        ud_buf_clear(&record);
        write_record(run, tape, dep, false, &record);
    }
    ud_buf_puts(out, ud_buf_str(&record));
    ud_buf_free(&record);
}

/* ---- the blame ------------------------------------------------------------------ */

/* Outcomes for the changed step: the words of the step's lines, matched
 * by label as the adapter took them (a changed row may draw in another
 * order, or fewer). */
typedef struct lines_src {
    const json_t *lines;
    size_t next;
    ud_chance_script script;
    char text[1024];
    char *tok[UD_SCRIPT_MAX_TOKENS];
    int ntok;
    bool starved;          /* a pick found no outcome among the lines */
    char starved_on[32];   /* ... its event */
    char starved_why[384]; /* ... as undead serve would refuse it */
} lines_src;

static bool next_line(ud_chance_script *sc, const ud_pick_req *p)
{
    (void)p;
    lines_src *src = sc->ctx;
    if (!src->lines || src->next >= json_array_size(src->lines))
        return false;
    snprintf(src->text, sizeof src->text, "%s", json_string_value(json_array_get(src->lines, src->next++)));
    int n = 0;
    for (char *save, *w = strtok_r(src->text, " ", &save); w && n < UD_SCRIPT_MAX_TOKENS;
         w = strtok_r(NULL, " ", &save))
        src->tok[n++] = w;
    src->ntok = n;
    ud_chance_script_load(sc, src->tok, n);
    return true;
}

static int lines_pick(ud_chance *ch, const ud_pick_req *p)
{
    lines_src *src = ch->ctx;
    ch->why[0] = '\0';
    int k = ud_chance_script_pick(&src->script, p, NULL);
    if (k < 0 && !src->starved) {
        char want[256];
        snprintf(src->starved_on, sizeof src->starved_on, "%s", p->event);
        ud_chance_script_labels(p, want, sizeof want);
        /* undead serve's words for a refusal (tools/conform/conform_serve.c) */
        if (k == UD_SCRIPT_RAN_OUT)
            snprintf(src->starved_why, sizeof src->starved_why,
                     "the rules need a '%s' outcome (%s) and none is left", p->event, want);
        else
            snprintf(src->starved_why, sizeof src->starved_why,
                     "no outcome given fits the '%s' the rules need (%s)", p->event, want);
    }
    src->starved |= k < 0;
    return k >= 0 ? k : -1;
}

/* Outcome words of the step's lines the changed step did not use. */
static long words_left(const lines_src *src)
{
    long left = src->ntok > 0 ? src->ntok - 1 - ud_chance_script_n_used(&src->script) : 0;
    for (size_t i = src->next; src->lines && i < json_array_size(src->lines); i++) {
        const char *l = json_string_value(json_array_get(src->lines, i));
        for (const char *p = l ? strchr(l, ' ') : NULL; p; p = strchr(p + 1, ' '))
            left++;
    }
    return left;
}

/* The changed step's offers are the adapter's, as sets. */
static bool same_offers(const cf_run *run, const cf_departure *dep, const ud_step *s, ud_status st)
{
    const ud_game *g = run->o->game;
    if (st != UD_DECIDE || (size_t)s->offers.n != json_array_size(dep->their_offers))
        return false;
    ud_buf t;
    ud_buf_init(&t);
    bool all = true;
    for (int i = 0; i < s->offers.n && all; i++) {
        ud_buf_clear(&t);
        ud_action_format(g, &run->o->match.setup, &s->offers.action[i], &t);
        bool found = false;
        for (size_t j = 0; j < json_array_size(dep->their_offers) && !found; j++)
            found = json_is_string(json_array_get(dep->their_offers, j)) &&
                    strcmp(json_string_value(json_array_get(dep->their_offers, j)), ud_buf_str(&t)) == 0;
        all = found;
    }
    ud_buf_free(&t);
    return all;
}

/* The changed step ends as the adapter's report says: over or not, its
 * state, and what the departure is about (who moves, the result). */
static bool same_report(const cf_run *run, const cf_departure *dep, const ud_step *s, const void *state,
                        ud_status st)
{
    const ud_game *g = run->o->game;
    const json_t *rep = dep->their_report;
    if (!dep->their_state || (st == UD_OVER) != dep->their_over)
        return false;
    char key[64];
    if (!cf_same_state(g, state, s->setup, dep->their_state, key, sizeof key, NULL, NULL))
        return false;
    if (dep->kind == CF_DEP_TO_MOVE) {
        const json_t *tm = json_object_get(rep, "to_move");
        return st == UD_DECIDE && json_is_string(tm) &&
               strcmp(json_string_value(tm), ud_player(s, g->to_move(state))) == 0;
    }
    if (dep->kind == CF_DEP_RESULT || (st == UD_OVER && json_object_get(rep, "result"))) {
        json_t *ours = cf_result_json(g, state, s->setup);
        bool same = json_equal(ours, json_object_get(rep, "result"));
        json_decref(ours);
        return same;
    }
    return true;
}

/* A refusal in undead serve's words says which event ran short, which
 * outcomes would have done and whether any word was left: the changed
 * step must run short in the same words (many changes run short of some
 * outcome; fewer of the same one, in the same way).  Another refusal
 * that names an event of the game in quotes ("a 'roll' outcome") was for
 * that event: the changed step must run short of the same one.  A
 * refusal naming none says nothing of which. */
static bool refused_event(const cf_run *run, const cf_departure *dep, const lines_src *src)
{
    const char *why = ud_buf_str(&dep->found);
    if (strstr(why, "and none is left") || strstr(why, "no outcome given fits the '"))
        return strstr(why, src->starved_why) != NULL;
    bool names_one = false;
    for (const char *const *e = run->o->game->chance_events; e && *e; e++) {
        char quoted[48];
        snprintf(quoted, sizeof quoted, "'%s'", *e);
        if (strstr(why, quoted)) {
            names_one = true;
            if (strcmp(*e, src->starved_on) == 0)
                return true;
        }
    }
    return !names_one;
}

typedef struct blame_ctx {
    const cf_run *run;
    const cf_tape *tape; /* the game's choices */
    const cf_departure *dep;
    const json_t *lines; /* the step's outcomes, as the implementation took them */
    const replay *before;
    const ud_action *a; /* the decision of the step; NULL: the set-up */
} blame_ctx;

/* ---- the game before the step, under the changed rules ------------------------------ */

/* The chance lines of a step, as the rules write them. */
static void chance_line_sink(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)rule;
    json_t *lines = k->ctx;
    size_t verb = strcspn(text, " ");
    for (const char *const *e = s->table->game->chance_events; e && *e; e++)
        if (strlen(*e) == verb && strncmp(text, *e, verb) == 0)
            json_array_append_new(lines, json_string(text));
}

/* Whether changed, one step played under the changed rules with the
 * rules' own outcomes of the step (lines), ended as ours did: every
 * word used, over or not, the same player to move and the same state. */
static bool same_step(const cf_run *run, const replay *ours, const replay *changed, const lines_src *src)
{
    const ud_game *g = run->o->game;
    if (changed->st != ours->st || src->starved || words_left(src) != 0)
        return false;
    if (ours->st == UD_DECIDE && g->to_move(ours->state) != g->to_move(changed->state))
        return false;
    json_t *theirs = cf_state_json(g, ours->state, &run->o->match.setup);
    char key[64];
    bool same = cf_same_state(g, changed->state, changed->s.setup, theirs, key, sizeof key, NULL, NULL);
    json_decref(theirs);
    return same;
}

/* The same offers in changed as in ours, as formatted decisions. */
static bool same_offers_as(const cf_run *run, const replay *ours, const replay *changed)
{
    const ud_game *g = run->o->game;
    json_t *list = json_array();
    ud_buf t;
    ud_buf_init(&t);
    for (int i = 0; i < ours->s.offers.n; i++) {
        ud_buf_clear(&t);
        ud_action_format(g, &run->o->match.setup, &ours->s.offers.action[i], &t);
        json_array_append_new(list, json_string(ud_buf_str(&t)));
    }
    ud_buf_free(&t);
    cf_departure d = { .their_offers = list };
    bool same = same_offers(run, &d, &changed->s, changed->st);
    json_decref(list);
    return same;
}

/* The game before the departure's step played under the changed rules
 * (t, setup) beside the rules' own, step by step, each changed step with
 * the outcomes the rules drew in it: true when every step and every
 * decision offered came out as the rules' own did.  The implementation
 * agreed with undead on all of them, so a change that would have parted
 * earlier is not what the implementation does, however well it plays the
 * departure's own step.  changed is left at the position before that
 * step (the changed rules' own, which may differ from undead's in what
 * the state does not show). */
static bool same_history(const blame_ctx *c, const ud_table *t, const ud_setup *setup, replay *changed)
{
    const cf_run *run = c->run;
    replay *ours = calloc(1, sizeof *ours);
    lines_src *src = calloc(1, sizeof *src);
    json_t *lines = json_array();
    bool same = ours && src && lines;
    ud_sink sink = { chance_line_sink, lines };
    ud_chance ch = { .pick = lines_pick, .ctx = src };
    if (same) {
        cf_tape_init(&ours->tape);
        cf_tape_copy(&ours->tape, c->tape);
        cf_tape_replay(&ours->tape);
        ours->chance = (ud_chance){ .pick = chance_from_tape, .ctx = ours };
        ud_step_init(&ours->s, &run->table, &run->o->match.setup, &ours->chance, &sink, NULL);
        ud_step_init(&changed->s, t, setup, &ch, NULL, NULL);
        changed->s.check_invariants = 0; /* a changed row may break an invariant */
    }
    for (uint64_t k = 0; same && k < c->dep->decisions; k++) {
        json_array_clear(lines);
        *src = (lines_src){ .lines = lines };
        ud_chance_script_init(&src->script, next_line, src);
        if (k == 0) {
            ours->st = ud_start(&ours->s, ours->state);
            changed->st = ud_start(&changed->s, changed->state);
        } else {
            int i = (int)cf_tape_next(&ours->tape, (uint32_t)ours->s.offers.n, -1);
            ud_action a = ours->s.offers.action[i];
            ours->st = ud_decide_offer(&ours->s, ours->state, i);
            changed->st = ud_decide(&changed->s, changed->state, &a);
        }
        same =
            same_step(run, ours, changed, src) && ours->st == UD_DECIDE && same_offers_as(run, ours, changed);
    }
    if (ours)
        cf_tape_free(&ours->tape);
    free(ours);
    free(src);
    json_decref(lines);
    return same;
}

/* The changed step (table t, setup), the game before it already played
 * into scratch (same_history): its outcomes the step's lines, taken from
 * src (made ready here) through ch, its lines to sink (NULL: none), its
 * firings into fired (NULL: the step's own counters, not kept). */
static ud_status play_changed_step(const blame_ctx *c, const ud_table *t, const ud_setup *setup,
                                   replay *scratch, lines_src *src, ud_chance *ch, ud_sink *sink,
                                   uint64_t *fired)
{
    src->lines = c->lines;
    ud_chance_script_init(&src->script, next_line, src);
    scratch->s.table = t;
    scratch->s.setup = setup;
    scratch->s.chance = ch;
    scratch->s.sink = sink;
    if (fired)
        scratch->s.fired = fired;
    scratch->s.check_invariants = 0; /* the implementation's state may be one no rule allows */
    return c->a ? ud_decide(&scratch->s, scratch->state, c->a) : ud_start(&scratch->s, scratch->state);
}

/* A refused step's changed play ran short where the implementation did:
 * of the event its refusal names, in its words. */
static bool ran_short_as_theirs(const blame_ctx *c, ud_status st, const lines_src *src)
{
    return st == UD_ERROR && src->starved && refused_event(c->run, c->dep, src);
}

/* The changed step played on from the game before it (scratch, as
 * same_history left it), with its outcomes: true when it ends as the
 * adapter said, every outcome word used as the adapter used them. */
static bool step_as_theirs(const blame_ctx *c, const ud_table *t, const ud_setup *setup, replay *scratch,
                           lines_src *src, uint64_t *fired)
{
    const cf_departure *dep = c->dep;
    ud_chance ch = { .pick = lines_pick, .ctx = src };
    ud_status st = play_changed_step(c, t, setup, scratch, src, &ch, NULL, fired);
    if (dep->kind == CF_DEP_REFUSED) { /* the adapter's rules needed more outcomes than were dictated */
        bool short_as_theirs = ran_short_as_theirs(c, st, src);
        if (short_as_theirs)
            ud_blame_trial_short(t->game, scratch->s.rule);
        return short_as_theirs;
    }
    if (st == UD_ERROR)
        return false;
    if (dep->kind == CF_DEP_OFFERS)
        return same_offers(c->run, dep, &scratch->s, st);
    const json_t *unused = json_object_get(dep->their_report, "unused");
    /* dictate: as many words left as the adapter said; follow: every word it drew used */
    long want_left = json_is_integer(unused) ? (long)json_integer_value(unused) : 0;
    return words_left(src) == want_left && same_report(c->run, dep, &scratch->s, scratch->state, st);
}

/* One changed step (core/blame.h runs it in a child, one of many trials
 * a worker plays: what it allocates it frees): the game before it played
 * under the changed table and readings as the rules played it
 * (same_history), then the step (step_as_theirs). */
static bool step_trial(void *ctx, const ud_table *t, const ud_setup *setup, uint64_t *fired)
{
    const blame_ctx *c = ctx;
    replay *scratch = calloc(1, sizeof *scratch);
    lines_src *src = calloc(1, sizeof *src);
    bool as_theirs = scratch && src && same_history(c, t, setup, scratch) &&
                     step_as_theirs(c, t, setup, scratch, src, fired);
    free(scratch);
    free(src);
    return as_theirs;
}

/* ---- provenance: rows that changed the keys that differ ------------------------------ */

enum { KEYS_WATCHED = 8 };

typedef struct key_watch {
    const cf_run *run;
    const void *state;
    char keys[KEYS_WATCHED][64];
    int n_keys;
    char last[1024];
    const ud_rule *wrote[UD_MAX_RULES]; /* the rows that changed them, in the order they did */
    int n_wrote;
    ud_blame *b;
} key_watch;

static void keys_value(const key_watch *w, char *out, size_t size)
{
    json_t *o = cf_state_json(w->run->o->game, w->state, &w->run->o->match.setup);
    out[0] = '\0';
    for (int k = 0; k < w->n_keys; k++) {
        json_t *v = json_object_get(o, w->keys[k]);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s;", json_is_string(v) ? json_string_value(v) : "");
    }
    json_decref(o);
}

static void watch_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    (void)s;
    (void)text;
    key_watch *w = k->ctx;
    char now[1024];
    keys_value(w, now, sizeof now);
    if (rule && strcmp(now, w->last) != 0 && w->n_wrote < UD_MAX_RULES)
        w->wrote[w->n_wrote++] = rule;
    snprintf(w->last, sizeof w->last, "%s", now);
}

/* The keys whose values differ: a key differs when the adapter's value
 * put into undead's own state makes it differ (lists in no order are
 * compared as cf_same_state compares them). */
static void differing_keys(const cf_run *run, const replay *after, const cf_departure *dep, key_watch *w)
{
    const ud_game *g = run->o->game;
    const ud_setup *su = &run->o->match.setup;
    json_t *ours = cf_state_json(g, after->state, su);
    json_t *keys = json_deep_copy(ours);
    json_object_update(keys, dep->their_state);
    const char *k;
    json_t *v;
    json_object_foreach(keys, k, v)
    {
        json_t *mixed = json_deep_copy(ours);
        json_t *theirs = json_object_get(dep->their_state, k);
        if (theirs)
            json_object_set(mixed, k, theirs);
        else
            json_object_del(mixed, k);
        char key[64];
        if (!cf_same_state(g, after->state, su, mixed, key, sizeof key, NULL, NULL) &&
            w->n_keys < KEYS_WATCHED)
            snprintf(w->keys[w->n_keys++], sizeof w->keys[0], "%s", k);
        json_decref(mixed);
    }
    json_decref(keys);
    json_decref(ours);
}

static void blame_by_keys(cf_run *run, const cf_tape *tape, cf_departure *dep, ud_blame *b)
{
    replay *r = calloc(1, sizeof *r);
    key_watch *w = calloc(1, sizeof *w);
    if (!r || !w) {
        free(r);
        free(w);
        return;
    }
    uint64_t j = dep->decisions;
    /* the keys: undead's state after the step against the adapter's */
    if (replay_to(r, run, tape, j, NULL) && dep->their_state) {
        *w = (key_watch){ .run = run, .b = b };
        differing_keys(run, r, dep, w);
    }
    cf_tape_free(&r->tape);
    ud_sink sink = { watch_line, w };
    w->state = r->state;
    if (w->n_keys == 0) {
    } else if (j == 0) {
        replay_to(r, run, tape, 0, &sink);
    } else if (replay_to(r, run, tape, j - 1, NULL) && r->st == UD_DECIDE) {
        keys_value(w, w->last, sizeof w->last);
        int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
        r->s.sink = &sink;
        ud_decide_offer(&r->s, r->state, i);
    }
    /* the last writer first, as `undead check` names them: a row that set
     * a key up earlier in the step (a deal, a turn's start) is not the one
     * that left it as it differs */
    for (int i = w->n_wrote; i-- > 0;)
        ud_blame_add_row(b, w->wrote[i], "the keys that differ, last first");
    cf_tape_free(&r->tape);
    free(r);
    free(w);
}

static bool blamed_kind(cf_dep_kind k)
{
    switch (k) {
    case CF_DEP_STATE:
    case CF_DEP_OVER:
    case CF_DEP_OFFERS:
    case CF_DEP_TO_MOVE:
    case CF_DEP_RESULT:
    case CF_DEP_UNUSED:
    case CF_DEP_OUTCOME:
    case CF_DEP_MISSING:
    case CF_DEP_EXTRA:
    case CF_DEP_REFUSED:
        return true;
    default:
        return false; /* rules: undead's own failure */
    }
}

/* When no change explains the step: the rows of the step that changed
 * the keys that differ, else the row named where the departure was
 * found (the row drawing the outcome, offering the decisions). */
static void provenance(cf_run *run, const cf_tape *tape, cf_departure *dep, ud_blame *b)
{
    if (dep->kind == CF_DEP_STATE || dep->kind == CF_DEP_OVER)
        blame_by_keys(run, tape, dep, b);
    /* a to-move answer to offers contradicts the implementation's own
     * report before it: no row of the step wrote it, and the row the
     * rules wait for is named as the one needed (cf_blame), not as its
     * provenance */
    if (b->kind == UD_BLAME_NONE && dep->rule[0] && !(dep->kind == CF_DEP_TO_MOVE && dep->at_offers))
        ud_blame_add_row(b, ud_game_rule(run->o->game, dep->rule),
                         dep->kind == CF_DEP_OFFERS ? "the decisions of the kind in question"
                                                    : "the outcome in question (the row drawing it)");
}

/* The outcomes the rules drew in the play of decision j (0: the set-up),
 * as chance lines. */
static json_t *step_lines(const cf_run *run, const cf_tape *tape, uint64_t j)
{
    replay *r = calloc(1, sizeof *r);
    json_t *lines = json_array();
    ud_sink sink = { chance_line_sink, lines };
    if (r && lines) {
        if (j == 0)
            replay_to(r, run, tape, 0, &sink);
        else if (replay_to(r, run, tape, j - 1, NULL) && r->st == UD_DECIDE) {
            int i = (int)cf_tape_next(&r->tape, (uint32_t)r->s.offers.n, -1);
            r->s.sink = &sink;
            ud_decide_offer(&r->s, r->state, i);
        }
        cf_tape_free(&r->tape);
    }
    free(r);
    return lines;
}

/* The game before the play of decision j (j > 0: to the position of
 * that decision, in before, and the decision into *a); false when the
 * tape does not get there.  j == 0, the set-up: nothing played. */
static bool step_decision(const cf_run *run, const cf_tape *tape, uint64_t j, replay *before, ud_action *a)
{
    if (j == 0)
        return true;
    if (!replay_to(before, run, tape, j - 1, NULL) || before->st != UD_DECIDE)
        return false;
    *a = before->s.offers.action[cf_tape_next(&before->tape, (uint32_t)before->s.offers.n, -1)];
    return true;
}

void cf_blame(cf_run *run, const cf_tape *tape, cf_departure *dep)
{
    const ud_game *g = run->o->game;
    if (!blamed_kind(dep->kind) || (dep->kind == CF_DEP_OFFERS && dep->at_offers && !dep->their_offers))
        return;
    replay *before = calloc(1, sizeof *before);
    ud_blame *b = calloc(1, sizeof *b);
    if (!before || !b) {
        free(before);
        free(b);
        return;
    }
    uint64_t j = dep->decisions;
    ud_action a = { 0 };
    bool ok = step_decision(run, tape, j, before, &a);
    if (j == 0) {
        cf_tape_init(&before->tape);
        ud_step_init(&before->s, &run->table, &run->o->match.setup, &before->chance, NULL, NULL);
    }
    /* a departure in the offers after the step keeps no outcomes of it:
     * the implementation agreed with the step itself, so they are the
     * rules' own */
    json_t *lines = ok && !dep->outcomes ? step_lines(run, tape, j) : NULL;
    blame_ctx c = { run, tape, dep, dep->outcomes ? dep->outcomes : lines, before, j > 0 ? &a : NULL };
    if (ok)
        ud_blame_search(&run->table, &run->o->match.setup, step_trial, NULL, &c, b);
    if (ok && b->kind != UD_BLAME_NONE)
        cf_confirm(run, tape, b, (int64_t)dep->decisions - 1, &dep->after,
                   &dep->witness); /* the changes that play the step told apart by play */
    if (ok && b->kind == UD_BLAME_NONE)
        provenance(run, tape, dep, b);
    dep->blame = b->kind;
    dep->changed = b->kind == UD_BLAME_READING || b->kind == UD_BLAME_ROW;
    if (dep->changed)
        dep->change = b->found[0];
    if (b->kind != UD_BLAME_NONE)
        ud_blame_rule_ids(b, dep->rule, sizeof dep->rule);
    ud_buf_clear(&dep->why);
    ud_blame_evidence(g, b, "the implementation", &dep->why);
    if (b->kind == UD_BLAME_NONE && dep->kind == CF_DEP_TO_MOVE && dep->at_offers && dep->rule[0])
        ud_buf_printf(&dep->why, "; %s is the row the rules needed at this position", dep->rule);
    ud_buf_clear(&dep->confirmed);
    ud_blame_confirm_json(g, b, &dep->confirmed);
    cf_tape_free(&before->tape);
    json_decref(lines);
    free(before);
    free(b);
}

/* ---- a refused step, as the change named takes its outcomes ---------------------------- */

/* The outcomes a refused step took under the change the blame named:
 * the lines its rows wrote (chance_line_sink), and the words of the row
 * that ran short, picked before it did. */
typedef struct taking {
    ud_chance inner; /* lines_pick over the dictated lines */
    json_t *taken;
    ud_buf pending;
    char pending_event[32];
    bool mixed; /* the pending words are of more than one event */
} taking;

static int taking_pick(ud_chance *ch, const ud_pick_req *p)
{
    taking *tk = ch->ctx;
    int k = lines_pick(&tk->inner, p);
    ch->why[0] = '\0';
    if (k < 0)
        return k;
    if (tk->pending.len && strcmp(tk->pending_event, p->event) != 0)
        tk->mixed = true;
    snprintf(tk->pending_event, sizeof tk->pending_event, "%s", p->event);
    ud_buf_printf(&tk->pending, " %s", p->label(p->ctx, k));
    return k;
}

static void taking_line(ud_sink *k, ud_step *s, const char *text, const ud_rule *rule)
{
    taking *tk = k->ctx;
    size_t before = json_array_size(tk->taken);
    ud_sink inner = { chance_line_sink, tk->taken };
    chance_line_sink(&inner, s, text, rule);
    if (json_array_size(tk->taken) > before) { /* a row's outcomes written: none pending */
        ud_buf_clear(&tk->pending);
        tk->mixed = false;
    }
}

/* In the child: play the refused step under the change, and write to fd
 * the lines it took and "needs EVENT"; the exit status says whether it
 * ran short as the implementation did (10) or not (11). */
static void changed_refusal_child(const blame_ctx *c, int fd)
{
    ud_table *t = malloc(sizeof *t);
    ud_setup setup = c->run->o->match.setup;
    replay *scratch = calloc(1, sizeof *scratch);
    lines_src *src = calloc(1, sizeof *src);
    taking *tk = calloc(1, sizeof *tk);
    if (!t || !scratch || !src || !tk)
        _exit(11);
    *t = c->run->table;
    if (!ud_blame_apply(&c->dep->change, t, &setup) || !same_history(c, t, &setup, scratch))
        _exit(11);
    tk->inner = (ud_chance){ .pick = lines_pick, .ctx = src };
    tk->taken = json_array();
    ud_buf_init(&tk->pending);
    ud_chance ch = { .pick = taking_pick, .ctx = tk };
    ud_sink sink = { taking_line, tk };
    ud_status st = play_changed_step(c, t, &setup, scratch, src, &ch, &sink, NULL);
    if (!ran_short_as_theirs(c, st, src) || !tk->taken || tk->mixed ||
        (tk->pending.len && strcmp(tk->pending_event, src->starved_on) != 0))
        _exit(11);
    /* words left that fit no pick (not a line used up): in the line the
     * row ran short in, after those it took, as the record's last line
     * of that event says (check's standing, golden/README.md) */
    bool unfit = !ud_chance_script_used_up(&src->script);
    /* words left in a line of another event (the rows ran short of one
     * event while another's dictated word waited): the implementation
     * took none of them, and the record ends wanting the event it ran
     * short of */
    if (unfit && (src->ntok == 0 || strcmp(src->tok[0], src->starved_on) != 0))
        unfit = false;
    ud_buf out;
    ud_buf_init(&out);
    for (size_t i = 0; i < json_array_size(tk->taken); i++) {
        cf_put_shown(&out, json_string_value(json_array_get(tk->taken, i)));
        ud_buf_putc(&out, '\n');
    }
    if (tk->pending.len || unfit) {
        ud_buf_puts(&out, src->starved_on);
        cf_put_shown(&out, ud_buf_str(&tk->pending));
        for (int w = 1; unfit && w < src->ntok && w < UD_SCRIPT_MAX_TOKENS; w++)
            if (!src->script.used[w])
                ud_buf_printf(&out, " %s", src->tok[w]);
        ud_buf_putc(&out, '\n');
    }
    ud_buf_printf(&out, "needs %s\n", src->starved_on);
    for (size_t off = 0; off < out.len;) {
        ssize_t n = write(fd, out.data + off, out.len - off);
        if (n <= 0)
            _exit(11);
        off += (size_t)n;
    }
    _exit(10);
}

/* A refused step whose refusal a change of the rules explains (the
 * blame's first): its outcome lines as that change takes them, then
 * "needs EVENT", written to f, so that `undead check` plays the record
 * under that change as conform did (the dictated lines as they were
 * sent hold words the implementation never took, which check, reading
 * a record's words in order, cannot skip).  Played in a child, as the
 * blame's trials are (a changed table runs rows where their code assumes
 * they never run).  False, writing nothing, when it cannot say. */
static bool changed_refusal_lines(const cf_run *run, const cf_tape *tape, const cf_departure *dep, FILE *f)
{
    enum { LINES_MAX = 1 << 16 };
    replay *before = calloc(1, sizeof *before);
    int fds[2];
    if (!before || pipe(fds) != 0) {
        free(before);
        return false;
    }
    uint64_t j = dep->decisions;
    ud_action a = { 0 };
    bool ok = step_decision(run, tape, j, before, &a);
    blame_ctx c = { run, tape, dep, dep->outcomes, before, j > 0 ? &a : NULL };
    fflush(NULL);
    pid_t pid = ok && dep->outcomes ? fork() : -1;
    if (pid == 0) {
        close(fds[0]);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, 1);
            dup2(null, 2);
        }
        alarm(10);
        changed_refusal_child(&c, fds[1]);
    }
    close(fds[1]);
    char *text = malloc(LINES_MAX + 1);
    size_t len = 0;
    ssize_t n = 1;
    while (text && pid > 0 && len < LINES_MAX && (n = read(fds[0], text + len, LINES_MAX - len)) > 0)
        len += (size_t)n;
    close(fds[0]);
    int status = 0;
    if (pid > 0)
        while (waitpid(pid, &status, 0) < 0)
            ;
    bool written = text && pid > 0 && n == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 10;
    if (written)
        fwrite(text, 1, len, f);
    free(text);
    if (j > 0)
        cf_tape_free(&before->tape);
    free(before);
    return written;
}
