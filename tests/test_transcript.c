/*
 * test_transcript.c - transcripts of every registered game: play ->
 * transcript -> parse -> check -> regenerate identical, under every player
 * count the game allows (up to 6) and random variant settings; the same
 * after every change and state line is taken out (the checker fills them
 * in); the header's defaults and the header writer round trip; and how the
 * parser sorts body lines by the game's chance verbs; the scans of a
 * header before a parse.  Parser cases written by hand (tokens, columns,
 * CRLF, limits, every malformed kind) are in test_transcript_parse.c and
 * test_transcript_errors.c.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "setup.h"
#include "support.h"

static bool is_header_word(const char *w, size_t n)
{
    static const char *const words[] = {
        "undead-transcript", "game", "variant", "player", "seed", "start", "partial", "complete", NULL
    };
    for (const char *const *k = words; *k; k++)
        if (strlen(*k) == n && strncmp(*k, w, n) == 0)
            return true;
    return false;
}

/* text with only its header, chance and decide lines: what a person
 * would type (malloc'd). */
static char *outcomes_only(const ud_game *g, const char *text)
{
    char *out = malloc(strlen(text) + 1);
    cr_assert_not_null(out);
    size_t o = 0;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        size_t w = strcspn(p, " \n");
        char verb[64];
        snprintf(verb, sizeof verb, "%.*s", (int)(w < 63 ? w : 63), p);
        if (is_header_word(p, w) || strcmp(verb, "decide") == 0 || ud_game_is_chance_event(g, verb)) {
            memcpy(out + o, p, len);
            o += len;
        }
        p += len;
    }
    out[o] = '\0';
    return out;
}

Test(transcript_games, play_check_regenerate_identical)
{
    FOR_EACH_GAME(g)
    {
        ud_rng rng;
        ud_rng_seed(&rng, 99);
        int played = 0;
        for (int players = g->min_players; players <= game_max_tested_players(g); players++)
            for (uint64_t seed = 1; seed <= 8; seed++) {
                int variant[UD_MAX_VARIANTS];
                random_variants(g, &rng, variant);
                ud_result res;
                uint64_t fired_play[UD_MAX_RULES] = { 0 };
                char *text = play_text(g, players, variant, seed, &res, fired_play);
                if (res.status != UD_OVER) {
                    free(text);
                    continue; /* test_random_sim.c judges failed games */
                }
                run r;
                run_text(&r, text);
                assert_ok(&r);
                cr_assert_eq(r.game, g);
                cr_assert_eq(r.res.complete, 1, "%s: %s", g->name, text);
                cr_assert_eq(r.res.winner, res.winner);
                cr_assert_eq(r.res.n_players, players);
                cr_assert_eq(memcmp(r.fired, fired_play, sizeof fired_play), 0,
                             "%s: firing counts differ between play and check", g->name);
                cr_assert_str_eq(r.regen, text, "%s: the regenerated transcript differs", g->name);
                assert_regen_stable(&r);
                run_free(&r);

                /* The checker fills in every change and state line. */
                char *bare = outcomes_only(g, text);
                cr_assert_lt(strlen(bare), strlen(text), "%s: nothing was taken out", g->name);
                run_text(&r, bare);
                assert_ok(&r);
                cr_assert_str_eq(r.regen, text, "%s: filled in differently from\n%s", g->name, bare);
                run_free(&r);
                free(bare);
                free(text);
                played++;
            }
        cr_assert_gt(played, 0, "%s: no game ended", g->name);
    }
}

/* A caller's table for the record's setting (ud_check_opts.table, as the
 * transcript fuzz target passes its kept ones) checks a record as the
 * table ud_check builds itself does: the same result, rows fired and
 * canonical text. */
Test(transcript_games, a_table_passed_in_checks_as_its_own)
{
    int checked = 0;
    FOR_EACH_GAME(g)
    {
        ud_rng rng;
        ud_rng_seed(&rng, 7);
        int variant[UD_MAX_VARIANTS];
        random_variants(g, &rng, variant);
        ud_result played;
        char *text = play_text(g, g->min_players, variant, 3, &played, NULL);
        if (played.status != UD_OVER) {
            free(text);
            continue; /* test_random_sim.c judges failed games */
        }
        checked++;
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s: %s", g->name,
                     err.msg);
        static ud_table table;
        ud_table_build(&table, g, t.setup.variant);
        char *out[2];
        size_t len[2];
        uint64_t fired[2][UD_MAX_RULES] = { { 0 } };
        ud_check_result res[2];
        int rc[2];
        for (int k = 0; k < 2; k++) {
            FILE *mem = open_memstream(&out[k], &len[k]);
            cr_assert_not_null(mem);
            ud_check_opts opts = {
                .regen = mem, .fired = fired[k], .check_invariants = 1, .table = k ? &table : NULL
            };
            rc[k] = ud_check(&t, &opts, &res[k], &err);
            fclose(mem);
        }
        cr_assert_eq(rc[0], 0, "%s: %s", g->name, err.msg);
        cr_assert_eq(rc[1], rc[0], "%s", g->name);
        cr_assert_eq(res[1].complete, res[0].complete, "%s", g->name);
        cr_assert_eq(res[1].winner, res[0].winner, "%s", g->name);
        cr_assert_eq(res[1].decisions, res[0].decisions, "%s", g->name);
        cr_assert_eq(memcmp(fired[1], fired[0], sizeof fired[0]), 0, "%s: the rows fired differ", g->name);
        cr_assert_str_eq(out[1], out[0], "%s: the canonical text differs", g->name);
        free(out[0]);
        free(out[1]);
        ud_transcript_free(&t);
        free(text);
    }
    cr_assert_gt(checked, 0, "no game ended");
}

/* "player a\nplayer b\n..." for the fewest players g takes. */
static const char *fewest_players(const ud_game *g)
{
    static char text[256];
    text[0] = '\0';
    for (int i = 0; i < g->min_players; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "player %c\n", 'a' + i);
    return text;
}

Test(transcript_games, minimal_header_gets_game_defaults)
{
    FOR_EACH_GAME(g)
    {
        char text[256];
        snprintf(text, sizeof text, "%s%s", game_header(g), fewest_players(g));
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s: %d:%d %s",
                     g->name, err.line, err.col, err.msg);
        cr_assert_eq(t.game, g);
        cr_assert_eq(t.setup.n_players, g->min_players);
        cr_assert_str_eq(t.setup.names[0], "a");
        for (int v = 0; v < g->n_variants; v++)
            cr_assert_eq(t.setup.variant[v], g->variants[v].default_value, "%s: %s", g->name,
                         g->variants[v].key);
        cr_assert_eq(t.policy[0].def, &ud_policy_random, "policy defaults to random");
        cr_assert_eq(t.has_seed, 0);
        cr_assert_eq(t.n, 0);
        ud_transcript_free(&t);
    }
}

Test(transcript_games, header_round_trip_through_writer)
{
    FOR_EACH_GAME(g)
    {
        ud_rng rng;
        ud_rng_seed(&rng, 5);
        for (int k = 0; k < 10; k++) {
            ud_transcript a;
            memset(&a, 0, sizeof a);
            a.game = g;
            random_variants(g, &rng, a.setup.variant);
            a.setup.n_players = game_max_tested_players(g);
            for (int i = 0; i < a.setup.n_players; i++) {
                snprintf(a.setup.names[i], UD_NAME_MAX, "s%d", i);
                uint32_t p = ud_rng_below(&rng, (uint32_t)g->n_policies + 1);
                a.policy[i].def = p == (uint32_t)g->n_policies ? &ud_policy_random : &g->policies[p];
                const ud_policy_def *d = a.policy[i].def;
                int hi = d->max_param ? d->max_param : 8;
                a.policy[i].param =
                    d->has_param ? d->min_param + (int)ud_rng_below(&rng, (uint32_t)(hi - d->min_param + 1))
                                 : 0;
            }
            a.seed = ud_rng_next(&rng);
            char *out = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&out, &len);
            ud_transcript_write_header(f, g, &a.setup, a.policy, &a.seed, k % 2);
            fclose(f);
            ud_transcript t;
            ud_error err;
            memset(&err, 0, sizeof err);
            cr_assert_eq(ud_transcript_parse(out, len, ud_find_game, &t, &err), 0, "%s: %s\n%s", g->name,
                         err.msg, out);
            cr_assert_eq(t.game, g);
            cr_assert_eq(memcmp(t.setup.variant, a.setup.variant, sizeof a.setup.variant), 0,
                         "%s: variants survive the writer", g->name);
            cr_assert_eq(t.setup.n_players, a.setup.n_players);
            for (int i = 0; i < a.setup.n_players; i++) {
                cr_assert_str_eq(t.setup.names[i], a.setup.names[i]);
                cr_assert_eq(t.policy[i].def, a.policy[i].def, "%s: seat %d's policy", g->name, i);
                if (a.policy[i].def->has_param)
                    cr_assert_eq(t.policy[i].param, a.policy[i].param);
            }
            cr_assert_eq(t.seed, a.seed);
            cr_assert_eq(t.partial, k % 2);
            /* Every variant is written, defaults included. */
            int variant_lines = 0;
            for (const char *p = out; (p = strstr(p, "\nvariant ")); p++)
                variant_lines++;
            cr_assert_eq(variant_lines, g->n_variants, "%s", g->name);
            ud_transcript_free(&t);
            free(out);
        }
    }
}

Test(transcript_games, body_lines_sorted_by_the_games_chance_verbs)
{
    FOR_EACH_GAME(g)
    {
        char text[2048];
        int n = snprintf(text, sizeof text, "%splayer a\nplayer b\n", game_header(g));
        int lines = 0;
        for (const char *const *v = g->chance_events; v && *v; v++, lines++)
            n += snprintf(text + n, sizeof text - (size_t)n, "%s x\n", *v);
        n +=
            snprintf(text + n, sizeof text - (size_t)n, "= k=v\nnothing-we-know happened   [NO-SUCH-RULE]\n");
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_transcript_parse(text, (size_t)n, ud_find_game, &t, &err), 0, "%s: %d:%d %s", g->name,
                     err.line, err.col, err.msg);
        cr_assert_eq(t.n, lines + 2);
        for (int i = 0; i < lines; i++)
            cr_assert_eq(t.lines[i].kind, UD_TL_CHANCE, "%s: %s", g->name, t.lines[i].tok[0]);
        cr_assert_eq(t.lines[lines].kind, UD_TL_STATE);
        cr_assert_eq(t.lines[lines + 1].kind, UD_TL_CHANGE);
        cr_assert_str_eq(t.lines[lines + 1].tag, "NO-SUCH-RULE");
        ud_transcript_free(&t);
    }
}

/* "complete" is a header line of its own: no words after it, and not
 * among the events. */
Test(transcript_games, complete_is_a_header_line)
{
    FOR_EACH_GAME(g)
    {
        char text[512];
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        int line = 3 + g->min_players; /* the line after the players */
        snprintf(text, sizeof text, "%s%scomplete\n", game_header(g), fewest_players(g));
        cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
        cr_assert_eq(t.complete, 1);
        cr_assert_eq(t.partial, 0);
        ud_transcript_free(&t);
        snprintf(text, sizeof text, "%s%scomplete yes\n", game_header(g), fewest_players(g));
        assert_parse_error(text, strlen(text), line, 10, "expected 'complete '");
        snprintf(text, sizeof text, "%s%ssomething happened\ncomplete\n", game_header(g), fewest_players(g));
        assert_parse_error(text, strlen(text), line + 1, 1,
                           "expected header lines ('complete') before the first event");
    }
}

/* Header errors that name what the game allows. */
Test(transcript_games, header_errors_list_the_games_own_choices)
{
    FOR_EACH_GAME(g)
    {
        char text[512];
        snprintf(text, sizeof text, "%svariant no-such-key=1\nplayer a\n", game_header(g));
        char want[128];
        snprintf(want, sizeof want, "unknown variant key 'no-such-key' for %s", g->name);
        assert_parse_error(text, strlen(text), 3, 9, want);
        for (int v = 0; v < g->n_variants; v++) {
            ud_error err;
            ud_transcript t;
            memset(&err, 0, sizeof err);
            cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), -1);
            cr_assert_not_null(strstr(err.msg, g->variants[v].key), "%s: '%s' lacks %s", g->name, err.msg,
                               g->variants[v].key);
        }
        snprintf(text, sizeof text, "%splayer a no-such-policy\n", game_header(g));
        snprintf(want, sizeof want, "unknown policy 'no-such-policy' for %s", g->name);
        assert_parse_error(text, strlen(text), 3, 10, want);
        if (g->n_variants > 0) {
            snprintf(text, sizeof text, "%svariant %s=no-such-value\nplayer a\n", game_header(g),
                     g->variants[0].key);
            assert_parse_error(text, strlen(text), 3, 9, "no-such-value");
        }
    }
}

/* ---- scans of a header before a parse (ud_transcript_scan_*) ------------------------- */

/* The game line's number and name, wherever it stands, up to a space or
 * a CR; none is 0 with the name untouched; a small buffer cuts it. */
Test(transcript_scan, game_line_and_name)
{
    FOR_EACH_GAME(g)
    {
        char name[64] = "";
        const char *hdr = game_header(g);
        cr_assert_eq(ud_transcript_scan_game(hdr, strlen(hdr), name, sizeof name), 2, "%s", g->name);
        cr_assert_str_eq(name, g->name);
        char text[256];
        snprintf(text, sizeof text, "undead-transcript 1\nplayer a\n\ngame %s extra\r\n", g->name);
        cr_assert_eq(ud_transcript_scan_game(text, strlen(text), name, sizeof name), 4);
        cr_assert_str_eq(name, g->name);
        snprintf(text, sizeof text, "game %s\r\n", g->name);
        cr_assert_eq(ud_transcript_scan_game(text, strlen(text), name, sizeof name), 1);
        cr_assert_str_eq(name, g->name, "the CR is not part of the name");
        char small[4];
        cr_assert_eq(ud_transcript_scan_game(hdr, strlen(hdr), small, sizeof small), 2);
        cr_assert_eq(strncmp(small, g->name, 3), 0);
        cr_assert_eq(strlen(small), strlen(g->name) < 3 ? strlen(g->name) : 3);
    }
    char name[16] = "untouched";
    const char *none = "undead-transcript 1\ngame \n games x\ngamex y\n";
    cr_assert_eq(ud_transcript_scan_game(none, strlen(none), name, sizeof name), 0);
    cr_assert_str_eq(name, "untouched");
    /* the length bounds the scan: text past it is not read */
    const char *cut = "undead-transcript 1\ngame x\n";
    cr_assert_eq(ud_transcript_scan_game(cut, 20, name, sizeof name), 0);
}

/* Each variant line the writer puts in a header is found at its line,
 * "KEY=VALUE" after "variant "; a key with no line is 0. */
Test(transcript_scan, variant_lines_of_the_written_header)
{
    FOR_EACH_GAME(g)
    {
        ud_setup setup;
        ud_setup_defaults(g, &setup);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        cr_assert_not_null(f);
        ud_transcript_write_header(f, g, &setup, NULL, NULL, 1);
        fclose(f);
        for (int v = 0; v < g->n_variants; v++) {
            const char *kv = NULL;
            size_t kv_len = 0;
            cr_assert_eq(ud_transcript_scan_variant(text, len, g->variants[v].key, &kv, &kv_len), 3 + v,
                         "%s: %s", g->name, g->variants[v].key);
            char want[128];
            snprintf(want, sizeof want, "%s=%s", g->variants[v].key,
                     g->variants[v].values[setup.variant[v]].name);
            cr_assert_eq(kv_len, strlen(want), "%s", want);
            cr_assert_eq(strncmp(kv, want, kv_len), 0, "%.*s, expected %s", (int)kv_len, kv, want);
            cr_assert_eq(ud_transcript_scan_variant(text, len, g->variants[v].key, NULL, NULL), 3 + v);
        }
        cr_assert_eq(ud_transcript_scan_variant(text, len, "no-such-key", NULL, NULL), 0);
        free(text);
    }
}

/* A reading from outside a record: set when the header is silent on its
 * key or names the same value; the header's line when it names another;
 * -1 for no reading of the game. */
Test(transcript_scan, a_variant_set_from_outside_the_record)
{
    FOR_EACH_GAME(g)
    {
        char text[1024];
        int n = snprintf(text, sizeof text, "%s%spartial\n", game_header(g), fewest_players(g));
        ud_transcript t;
        ud_error err;
        memset(&err, 0, sizeof err);
        cr_assert_eq(ud_transcript_parse(text, (size_t)n, ud_find_game, &t, &err), 0, "%s: %s", g->name,
                     err.msg);
        const char *said = NULL;
        size_t said_len = 0;
        cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, "no-such-key=1", &said, &said_len), -1);
        cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, "no-equals-sign", &said, &said_len), -1);
        for (int v = 0; v < g->n_variants; v++) {
            const ud_variant *var = &g->variants[v];
            char kv[128];
            snprintf(kv, sizeof kv, "%s=no-such-value", var->key);
            cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, kv, &said, &said_len), -1, "%s", kv);
            /* the header is silent: every value is taken */
            for (int j = 0; j < var->n_values; j++) {
                snprintf(kv, sizeof kv, "%s=%s", var->key, var->values[j].name);
                cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, kv, &said, &said_len), 0, "%s",
                             kv);
                cr_assert_eq(t.setup.variant[v], j, "%s", kv);
            }
        }
        ud_transcript_free(&t);
        /* a header that names the key: the same value is taken, another refused at its line */
        for (int v = 0; v < g->n_variants; v++) {
            const ud_variant *var = &g->variants[v];
            if (var->n_values < 2)
                continue;
            n = snprintf(text, sizeof text, "%svariant %s=%s\n%spartial\n", game_header(g), var->key,
                         var->values[1].name, fewest_players(g));
            memset(&err, 0, sizeof err);
            cr_assert_eq(ud_transcript_parse(text, (size_t)n, ud_find_game, &t, &err), 0, "%s", err.msg);
            char kv[128];
            snprintf(kv, sizeof kv, "%s=%s", var->key, var->values[1].name);
            cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, kv, &said, &said_len), 0, "%s", kv);
            cr_assert_eq(t.setup.variant[v], 1);
            snprintf(kv, sizeof kv, "%s=%s", var->key, var->values[0].name);
            cr_assert_eq(ud_transcript_set_variant(&t, text, (size_t)n, kv, &said, &said_len), 3, "%s", kv);
            cr_assert_eq(t.setup.variant[v], 1, "a refused reading leaves the record's");
            char want[128];
            snprintf(want, sizeof want, "%s=%s", var->key, var->values[1].name);
            cr_assert_eq(said_len, strlen(want));
            cr_assert_eq(strncmp(said, want, said_len), 0, "%.*s", (int)said_len, said);
            ud_transcript_free(&t);
        }
    }
}
