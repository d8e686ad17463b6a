/*
 * engine.c - the rule-table runner (see engine.h).
 */
#include "engine.h"

#include "action.h"
#include "mutant.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

extern inline bool ud_always(const void *state, const ud_step *s);

/* The rows are laid out by phase, each phase's effect rows then its
 * offer rows, each run in table order and closed by a stop row: counted
 * in one pass over the rules, placed in a second (a table is built per
 * variant setting, for some callers once per game played). */
void ud_table_build(ud_table *t, const ud_game *g, const int *variant)
{
#ifdef UD_MUTANTS
    /* A reading mutant: the rows of the value read instead (mutant.h). */
    ud_mutant_arm(g);
    int read[UD_MAX_VARIANTS];
    for (int k = 0; k < g->n_variants && k < UD_MAX_VARIANTS; k++)
        read[k] = ud_mutant_reading(g, k, variant[k]);
    variant = read;
#endif
    memset(t, 0, sizeof *t);
    memset(t->kind, UD_TABLE_NO_PHASE, sizeof t->kind);
    t->game = g;
    t->n_phases = g->n_phases;
    t->defaults = true;
    for (int k = 0; k < g->n_variants; k++)
        t->defaults &= variant[k] == g->variants[k].default_value;
    /* next[ph][kind]: where the phase's next row of that kind goes; first
     * the count of such rows, then (once the runs are laid out) a cursor. */
    int next[UD_MAX_PHASES][2] = { { 0 } };
    for (int i = 0; i < g->n_rules; i++) {
        const ud_rule *r = &g->rules[i];
        if (r->phase >= 0 && r->phase < g->n_phases &&
            (r->kind == UD_ROW_EFFECT || r->kind == UD_ROW_OFFER) && ud_rule_active(r, variant)) {
            t->active[i] = 1;
            next[r->phase][r->kind]++;
        }
    }
    int n = 0;
    for (int ph = 0; ph < g->n_phases; ph++) {
        t->kind[ph] = (uint8_t)g->phases[ph].kind;
        t->effects[ph] = n;
        t->n_effects[ph] = next[ph][UD_ROW_EFFECT];
        next[ph][UD_ROW_EFFECT] = n;
        n += t->n_effects[ph] + 1; /* and the stop row, zeroed above */
        t->offers[ph] = n;
        t->n_offers[ph] = next[ph][UD_ROW_OFFER];
        next[ph][UD_ROW_OFFER] = n;
        n += t->n_offers[ph] + 1;
        t->n_rows += t->n_effects[ph] + t->n_offers[ph];
    }
    for (int i = 0; i < g->n_rules; i++) {
        const ud_rule *r = &g->rules[i];
        if (t->active[i])
            t->row[next[r->phase][r->kind]++] =
                (ud_row){ r->guard, r->effect, r, (uint16_t)i, (uint8_t)r->kind };
    }
}

void ud_step_init(ud_step *s, const ud_table *t, const ud_setup *setup, ud_chance *chance, ud_sink *sink,
                  uint64_t *fired)
{
    /* Once per game: the failure message is cleared by its first byte,
     * the scratch counts not at all (never read). */
    memset(s, 0, offsetof(ud_step, fail));
    s->offers.n = 0;
    s->fail.kind = UD_FAIL_NONE;
    s->fail.id = NULL;
    s->fail.msg[0] = '\0';
    s->table = t;
    s->setup = setup;
    s->chance = chance;
    s->sink = sink;
    s->phase_offset = t ? t->game->phase_offset : 0;
    s->fired = fired ? fired : s->unused_fired;
    s->action.kind = -1;
    s->check_invariants = UD_FORCE_INVARIANTS;
}

const char *ud_player(const ud_step *s, int seat)
{
    if (seat < 0 || seat >= s->setup->n_players)
        return "?";
    return s->setup->names[seat];
}

void ud_failf(ud_step *s, ud_fail_kind kind, const char *id, const char *fmt, ...)
{
    if (s->fail.kind != UD_FAIL_NONE)
        return; /* the first failure is the one worth reporting */
    s->fail.kind = kind;
    s->fail.id = id;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->fail.msg, sizeof s->fail.msg, fmt, ap);
    va_end(ap);
}

void ud_effect_unmet(ud_step *s, const char *what)
{
    ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL, "%s's effect ran where it cannot: %s",
             s->rule ? s->rule->id : "a row", what);
}

/* A line a transcript can hold (UD_MAX_LINE_WORDS words, the tag's
 * included), else an invariant failure naming the limit: a record the
 * parser would refuse must not be written. */
static bool line_fits(ud_step *s, const char *line)
{
    /* A word and the space after it take two bytes: a line shorter than
     * this holds fewer words than a line may, and need not be counted. */
    if (strnlen(line, 2 * UD_MAX_LINE_WORDS) < 2 * UD_MAX_LINE_WORDS - 3)
        return true;
    int words = 0;
    for (const char *p = line + strspn(line, " "); *p; p += strspn(p, " ")) {
        words++;
        p += strcspn(p, " ");
    }
    if (words + 1 <= UD_MAX_LINE_WORDS)
        return true;
    ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL,
             "a transcript line of %d words exceeds UD_MAX_LINE_WORDS (%d with its tag): '%.60s...'", words,
             UD_MAX_LINE_WORDS, line);
    return false;
}

void ud_emitf(ud_step *s, const char *fmt, ...)
{
    char line[UD_MAX_LINE];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL,
                 "a transcript line of %d bytes is longer than UD_MAX_LINE (%d): '%.60s...'", n,
                 UD_MAX_LINE - 1, line);
        return;
    }
    if (!line_fits(s, line))
        return;
    s->sink->line(s->sink, s, line, s->rule);
}

int ud_pick_slow(ud_step *s, const char *event, int n, ud_label_fn label, const void *ctx)
{
    if (s->fail.kind != UD_FAIL_NONE)
        return -1;
    if (n <= 0) {
        ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL, "'%s' with no possible outcome", event);
        return -1;
    }
    ud_pick_req p = { event, n, label, ctx, s->exchange_run };
    int i = ud_chance_pick(s->chance, &p);
    if (i < 0 || i >= n) {
        /* ud_failf's "%s" without its printf: an enumerator's source
         * stops every replay here (no failure is pending: checked above) */
        const char *why = s->chance->why[0] ? s->chance->why : "no outcome available";
        size_t len = strnlen(why, sizeof s->fail.msg - 1);
        s->fail.kind = UD_FAIL_RULE;
        s->fail.id = s->rule ? s->rule->id : NULL;
        memcpy(s->fail.msg, why, len);
        s->fail.msg[len] = '\0';
        return -1;
    }
    s->picks++;
    return i;
}

/* Invariant inv broke on state: its reason, asked again with a buffer of
 * its own (an invariant reads nothing but the state), into s->fail. */
static bool invariant_broken(ud_step *s, const ud_invariant *inv, const void *state)
{
    const ud_game *g = s->table->game;
    ud_buf why, desc;
    ud_buf_init(&why);
    ud_buf_init(&desc);
    if (inv->holds(g, state, &why))
        ud_buf_puts(&why, "(it holds when asked again: it reads more than the state)");
    g->describe(g, state, s->setup, &desc);
    ud_failf(s, UD_FAIL_INVARIANT, inv->id, "invariant broken after %s: %s; state: %s",
             s->rule ? s->rule->id : "start", ud_buf_str(&why), ud_buf_str(&desc));
    ud_buf_free(&desc);
    ud_buf_free(&why);
    return false;
}

void ud_note_counts(ud_step *s, const void *state)
{
    const ud_game *g = s->table->game;
    if (!g->counts)
        return;
    int v[UD_MAX_COUNTS];
    int n = g->counts(state, v);
    uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a over the counts */
    for (int i = 0; i < n && i < UD_MAX_COUNTS; i++) {
        h ^= (uint32_t)v[i];
        h *= UINT64_C(1099511628211);
    }
    ptrdiff_t row = s->rule ? s->rule - g->rules : -1;
    if (s->counts_known && h != s->counts_last && row >= 0 && row < g->n_rules)
        s->count_changes[row]++;
    s->counts_last = h;
    s->counts_known = true;
}

UD_INVARIANTS_BEGIN
bool ud_check_every_invariant(ud_step *s, const void *state)
{
    /* The runners call this after every firing (hundreds of millions in
     * an exploration) and the invariants nearly always hold, writing
     * nothing: one pass over them with a buffer they share and nobody
     * reads, the reason asked for only when one fails. */
    const ud_game *g = s->table->game;
    const ud_invariant *inv = g->invariants; /* NULL for a game with none */
    const int n = g->n_invariants;
    ud_buf unread = { 0 }; /* held nothing yet: no allocation to free */
    int i = 0;
    while (i < n && inv[i].holds(g, state, &unread))
        i++;
    if (__builtin_expect(unread.data != NULL, 0))
        ud_buf_free(&unread);
    return i == n || invariant_broken(s, &inv[i], state);
}
UD_INVARIANTS_END

static void emit_state(ud_step *s, const void *state)
{
    ud_buf b;
    ud_buf_init(&b);
    ud_buf_puts(&b, "= ");
    s->table->game->describe(s->table->game, state, s->setup, &b);
    if (b.len < UD_MAX_LINE && line_fits(s, ud_buf_str(&b)))
        s->sink->line(s->sink, s, ud_buf_str(&b), NULL);
    else if (s->fail.kind == UD_FAIL_NONE)
        ud_failf(s, UD_FAIL_INVARIANT, NULL, "a state line of %zu bytes exceeds UD_MAX_LINE (%d)", b.len,
                 UD_MAX_LINE);
    ud_buf_free(&b);
}

/* An audited run reaches row index: the reading audit's row, and blame's
 * mark. */
static void audit_row(ud_step *s, int index)
{
    s->reading_row = index;
    if (s->visited)
        s->visited[index] = 1;
}

/* Run the offer rows of a decision phase into s->offers.  checked: the
 * state has passed the invariants since the last change (a firing of
 * this run checked them).  An offer row cannot change it (UD_OFFER_ROW,
 * engine.h), so then no check follows one, as in the compiled runners. */
static ud_status collect_offers(ud_step *s, void *state, int ph, bool checked)
{
    const ud_table *t = s->table;
    s->offers.n = 0;
    for (const ud_row *r = &t->row[t->offers[ph]]; r->effect; r++) {
        if (__builtin_expect(s->reads_seen != NULL, 0))
            audit_row(s, r->index);
        if (!UD_MUT_GUARD(r->rule, !r->guard || r->guard(state, s)))
            continue;
        s->rule = r->rule;
        UD_MUT_EFFECT(r->rule, r->effect(state, s));
        if (s->fail.kind != UD_FAIL_NONE)
            return UD_ERROR; /* a row that could not finish did not fire */
        s->steps++;
        s->fired[r->index]++;
        if (!checked && s->check_invariants) {
            if (!ud_check_invariants(s, state))
                return UD_ERROR;
            checked = true;
        }
    }
    return ud_offers_done(s, state, ph);
}

ud_status ud_offers_done(ud_step *s, const void *state, int ph)
{
    if (s->offers.n == 0) {
        ud_failf(s, UD_FAIL_RULE, NULL, "no rule offers any action in phase %s",
                 s->table->game->phases[ph].name);
        return UD_ERROR;
    }
    if (s->sink)
        emit_state(s, state);
    return UD_DECIDE;
}

ud_status ud_fail_endless(ud_step *s)
{
    /* phases that keep handing over to each other: a spec bug that would
     * otherwise hang a fuzzer */
    ud_failf(s, UD_FAIL_INVARIANT, NULL, "no decision, end or drawn outcome after %d rows fired",
             UD_MAX_ROWS_PER_ADVANCE);
    return UD_ERROR;
}

ud_status ud_fail_no_row(ud_step *s, int ph, bool from_decision)
{
    if (from_decision) {
        ud_buf a;
        ud_buf_init(&a);
        ud_action_format(s->table->game, s->setup, &s->action, &a);
        ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL, "decision '%s' changed nothing",
                 ud_buf_str(&a));
        ud_buf_free(&a);
    } else
        ud_failf(s, UD_FAIL_INVARIANT, NULL, "no rule fires in phase %s", s->table->game->phases[ph].name);
    return UD_ERROR;
}

/* Where automatic play stops: a decision (offers collected), the end,
 * or a phase byte that names no phase. */
ud_status ud_phase_stop(ud_step *s, void *state, int ph)
{
    switch (s->table->kind[ph]) {
    case UD_PHASE_DECISION:
        return collect_offers(s, state, ph, false);
    case UD_PHASE_OVER:
        return UD_OVER;
    default:
        ud_failf(s, UD_FAIL_INVARIANT, NULL, "state is in unknown phase %d", ph);
        return UD_ERROR;
    }
}

/* The hot path: fire the rows of automatic phases in table order,
 * following the state from phase to phase until it reaches a decision
 * or the end.  from_decision: start with the effect rows of decision
 * phase ph (resolving the action in s->action) instead of reading the
 * phase from the state.
 *
 * A phase is entered, its rows fire in order while their guards hold,
 * and the first row that moves the game to another phase ends it; a
 * phase whose rows all run without moving on is entered again.  Each
 * firing costs a guard call, an effect call and a few counters: no
 * formatting (effects emit only when s->sink is set), no allocation.
 * Few values stay live across the calls (the stop rows end a phase, the
 * phase byte is read through s), so the loop keeps them in registers. */
static ud_status run_rows(ud_step *s, void *state, int ph, bool from_decision)
{
    const unsigned char *phase = (const unsigned char *)state + s->phase_offset;
    const ud_row *r;
    bool any, fired = false; /* fired: a row of this run, its invariants checked */
    uint64_t steps_at_start = s->steps, picks_at_start = s->picks;

    if (from_decision) {
        r = &s->table->row[s->table->effects[ph]];
        goto rows;
    }
enter:
    s->action.kind = -1; /* the decision, if any, has been resolved */
    from_decision = false;
    ph = *phase;
    if (__builtin_expect(s->table->kind[ph] == UD_PHASE_DECISION, 0))
        return collect_offers(s, state, ph, fired);
    if (__builtin_expect(s->table->kind[ph] != UD_PHASE_AUTO, 0))
        return ud_phase_stop(s, state, ph);
    if (__builtin_expect(s->steps - steps_at_start > UD_MAX_ROWS_PER_ADVANCE, 0)) {
        if (s->picks == picks_at_start)
            return ud_fail_endless(s);
        steps_at_start = s->steps; /* outcomes were drawn: not stuck */
        picks_at_start = s->picks;
    }
    if (__builtin_expect(s->entered != NULL, 0))
        s->entered(s, state);
    r = &s->table->row[s->table->effects[ph]];
rows:
    any = false;
    for (; r->effect; r++) {
        if (__builtin_expect(s->reads_seen != NULL, 0))
            audit_row(s, r->index);
        if (!UD_MUT_GUARD(r->rule, !r->guard || r->guard(state, s)))
            continue;
        any = true;
        s->rule = r->rule;
        UD_MUT_EFFECT(r->rule, r->effect(state, s));
        if (__builtin_expect(s->fail.kind != UD_FAIL_NONE, 0))
            return UD_ERROR; /* a row that could not finish did not fire */
        s->steps++;
        s->fired[r->index]++;
        if (__builtin_expect(s->check_invariants, 0) && !ud_check_invariants(s, state))
            return UD_ERROR;
        fired = true;
        if (*phase != ph)
            goto enter;
    }
    /* Every row ran and the phase stayed: an error if none fired, else
     * the phase runs again (a spec whose phase never moves on is stopped). */
    if (!any)
        return ud_fail_no_row(s, ph, from_decision);
    goto enter;
}

/* The game's compiled rows if it has them (compiled.h), else the table
 * interpreted. */
static ud_status run(ud_step *s, void *state, int ph, bool from_decision)
{
    const ud_game *g = s->table->game;
    if (g->compiled_rows && !s->table->interpret)
        return (ud_status)g->compiled_rows(s, state, ph, from_decision);
    return run_rows(s, state, ph, from_decision);
}

ud_status ud_advance(ud_step *s, void *state) { return run(s, state, 0, false); }

/* init, then the start lines and the position they make; false with
 * the message in err. */
static bool start_position(const ud_game *g, const ud_setup *setup, void *state, ud_buf *err)
{
    memset(state, 0, g->state_size);
    g->init(state, setup);
    for (int i = 0; i < setup->n_start; i++) {
        ud_buf why;
        ud_buf_init(&why);
        bool ok = g->apply_start && g->apply_start(state, setup, setup->start[i], &why);
        if (!ok) { /* a line from the command line may hold anything: escaped */
            ud_buf_puts(err, "start '");
            ud_buf_put_escaped(err, setup->start[i]);
            ud_buf_puts(err, "': ");
            ud_buf_put_escaped(err, g->apply_start ? ud_buf_str(&why) : "this game takes no start lines");
        }
        ud_buf_free(&why);
        if (!ok)
            return false;
    }
    if (setup->n_start > 0 && g->check_start) {
        ud_buf why;
        ud_buf_init(&why);
        bool ok = g->check_start(state, setup, &why);
        if (!ok)
            ud_buf_printf(err, "start lines: %s", ud_buf_str(&why));
        ud_buf_free(&why);
        if (!ok)
            return false;
    }
    return true;
}

ud_status ud_start(ud_step *s, void *state)
{
    s->rule = NULL;
    ud_buf err;
    ud_buf_init(&err);
    bool ok = start_position(s->table->game, s->setup, state, &err);
    if (!ok)
        ud_failf(s, UD_FAIL_INPUT, NULL, "%s", ud_buf_str(&err));
    ud_buf_free(&err);
    if (!ok)
        return UD_ERROR;
    if (s->check_invariants && !ud_check_invariants(s, state))
        return UD_ERROR;
    return ud_advance(s, state);
}

bool ud_start_lines_check(const ud_game *g, const ud_setup *setup, ud_buf *err)
{
    unsigned char state[UD_MAX_STATE] __attribute__((aligned(16)));
    if (g->state_size > sizeof state) {
        ud_buf_printf(err, "internal: the state of %s is larger than UD_MAX_STATE", g->name);
        return false;
    }
    return setup->n_start == 0 || start_position(g, setup, state, err);
}

void ud_offer_overflow(ud_step *s)
{
    ud_failf(s, UD_FAIL_INVARIANT, s->rule ? s->rule->id : NULL,
             "more than UD_MAX_OFFERS (%d) actions offered at one decision", UD_MAX_OFFERS);
}

/* Resolve action, offered by row `by`: emit the decide line, then run the
 * decision phase's rows. */
static ud_status decide_offered(ud_step *s, void *state, const ud_action *action, const ud_rule *by)
{
    const ud_game *g = s->table->game;
    if (s->sink) {
        s->rule = by;
        ud_buf a;
        ud_buf_init(&a);
        ud_action_format(g, s->setup, action, &a);
        ud_emitf(s, "decide %s %s", ud_player(s, g->to_move(state)), ud_buf_str(&a));
        ud_buf_free(&a);
    }
    s->action = *action;
    s->rule = by;
    ud_status st = run(s, state, ud_phase_of(g, state), true);
    s->action.kind = -1;
    return st;
}

ud_status ud_decide(ud_step *s, void *state, const ud_action *action)
{
    const ud_game *g = s->table->game;
    /* The row that offered the action.  Chosen without a branch per
     * offer: which action a player takes is often random, and a branch
     * on it here would mispredict on every other decision. */
    const ud_rule *by = NULL;
    for (int i = 0; i < s->offers.n; i++) {
        uintptr_t match = (uintptr_t)0 - (uintptr_t)ud_action_eq(&s->offers.action[i], action);
        by = (const ud_rule *)(((uintptr_t)by & ~match) | ((uintptr_t)s->offers.by[i] & match));
    }
    if (!by) {
        ud_buf allowed, a;
        ud_buf_init(&allowed);
        ud_buf_init(&a);
        for (int i = 0; i < s->offers.n && i < 32; i++) {
            ud_buf_puts(&allowed, i ? "|" : "");
            ud_action_format(g, s->setup, &s->offers.action[i], &allowed);
        }
        if (s->offers.n > 32)
            ud_buf_printf(&allowed, "|... (%d in all)", s->offers.n);
        ud_action_format(g, s->setup, action, &a);
        ud_failf(s, UD_FAIL_RULE, s->offers.n ? s->offers.by[0]->id : NULL,
                 "'%s' is not allowed here; the rules allow %s", ud_buf_str(&a), ud_buf_str(&allowed));
        ud_buf_free(&allowed);
        ud_buf_free(&a);
        return UD_ERROR;
    }
    return decide_offered(s, state, action, by);
}

ud_status ud_decide_offer(ud_step *s, void *state, int i)
{
    if (i < 0 || i >= s->offers.n) {
        ud_failf(s, UD_FAIL_INPUT, NULL, "offer %d of %d does not exist", i, s->offers.n);
        return UD_ERROR;
    }
    /* the offer's row is known, so no search; decide_offered copies the
     * action into s->action before the rows run and refill the offers,
     * so the offer itself is passed, not a copy of it */
    return decide_offered(s, state, &s->offers.action[i], s->offers.by[i]);
}
