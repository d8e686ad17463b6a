/*
 * test_transcript_errors.c - malformed transcripts: each must be refused
 * by the parser at the right line and column, with the message saying
 * what was expected.  (Legal-looking transcripts the rules refuse are in
 * test_check_messages.c.)  The records are written by hand, so they are
 * of one game: Zombie Dice, which the parser finds in the registry by its
 * header's name (ud_find_game); the suite tests the parser, not the game,
 * and uses no header of it.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "support.h"

/* The first lines of most records here. */
#define ZD_HEADER "undead-transcript 1\ngame zombie-dice\n"

#define PE(text, line, col, phrase) assert_parse_error(text, strlen(text), line, col, phrase)
#define HDR2 ZD_HEADER "player a\nplayer b\n" /* body starts on line 5 */

/* ---- the version line ----------------------------------------------------------- */

Test(parse_version, empty_file)
{
    PE("", 1, 1, "expected 'undead-transcript 1' as the first line, found an empty file");
}

Test(parse_version, comments_only)
{
    PE("# nothing\n\n# here\n", 3, 1, "found only blank lines and comments");
}

Test(parse_version, missing_version_line)
{
    PE("game zombie-dice\nplayer a\n", 1, 1, "expected 'undead-transcript 1' as the first line");
}

Test(parse_version, wrong_version)
{
    PE("undead-transcript 2\ngame zombie-dice\nplayer a\n", 1, 19,
       "unsupported transcript version '2'; expected 1");
    PE("undead-transcript 01\ngame zombie-dice\nplayer a\n", 1, 19, "version '01'");
}

Test(parse_version, version_line_shape)
{
    PE("undead-transcript\ngame zombie-dice\n", 1, 1, "expected 'undead-transcript 1'");
    PE("undead-transcript 1 extra\n", 1, 1, "expected 'undead-transcript 1'");
    PE("Undead-transcript 1\n", 1, 1, "expected 'undead-transcript 1'");
}

/* ---- header lines ------------------------------------------------------------------ */

Test(parse_header, unknown_game)
{
    PE("undead-transcript 1\ngame zombie-chess\nplayer a\n", 2, 6,
       "unknown game 'zombie-chess'; expected a built-in game name");
}

Test(parse_header, game_line_arity)
{
    PE("undead-transcript 1\ngame\n", 2, 1, "expected 'game NAME'");
    PE("undead-transcript 1\ngame zombie-dice dice\n", 2, 18, "expected 'game NAME'");
}

Test(parse_header, second_game_line)
{
    PE(ZD_HEADER "game zombie-dice\n", 3, 1, "expected one 'game' line, found a second");
}

/* A record states one reading of each question and one seed: a second
 * line is refused, never taken over the first (check --variant would
 * compare with the first and play the second). */
Test(parse_header, second_variant_or_seed_line)
{
    PE(ZD_HEADER "variant end=final-turn\nvariant end=finish-round\n", 4, 9,
       "expected one 'variant end' line, found a second (first at line 3)");
    PE(ZD_HEADER "variant end=final-turn\nvariant tiebreak=until-broken\nvariant end=final-turn\n", 5, 9,
       "expected one 'variant end' line, found a second (first at line 3)");
    PE(ZD_HEADER "seed 3\nplayer a\nseed 4\n", 5, 1,
       "expected one 'seed' line, found a second (first at line 3)");
}

Test(parse_header, header_before_game)
{
    PE("undead-transcript 1\nplayer a\ngame zombie-dice\n", 2, 1, "expected 'game NAME' before 'player'");
}

Test(parse_header, event_before_game)
{
    PE("undead-transcript 1\ndraw green\n", 2, 1, "expected 'game NAME' before the first event");
}

Test(parse_header, no_game_line)
{
    PE("undead-transcript 1\n# only a comment\n", 2, 1, "expected a 'game NAME' line");
}

Test(parse_header, no_players)
{
    PE(ZD_HEADER "seed 4\n", 3, 1, "expected at least one 'player NAME [POLICY]' line");
}

Test(parse_header, unknown_variant_key)
{
    PE(ZD_HEADER "variant ending=final-turn\nplayer a\n", 3, 9,
       "unknown variant key 'ending' for zombie-dice; expected one of: end tiebreak");
}

Test(parse_header, unknown_variant_value)
{
    PE(ZD_HEADER "player a\nvariant tiebreak=sudden-death\n", 4, 9,
       "variant tiebreak: unknown value 'sudden-death'; expected one of: one-round until-broken");
}

Test(parse_header, variant_without_equals)
{
    PE(ZD_HEADER "variant end\n", 3, 9, "variant 'end': expected KEY=VALUE");
}

Test(parse_header, variant_arity)
{
    PE(ZD_HEADER "variant end=final-turn tiebreak=one-round\n", 3, 24, "expected 'variant KEY=VALUE'");
}

Test(parse_header, bad_player_names)
{
    PE(ZD_HEADER "player 7up\n", 3, 8, "expected it to start with a letter");
    PE(ZD_HEADER "player a.b\n", 3, 8, "expected letters, digits, '-' or '_'");
    PE(ZD_HEADER "player abcdefghijklmnopqrstuvwxyz\n", 3, 8, "expected 1 to 23 characters");
    PE(ZD_HEADER "player a\nplayer a\n", 4, 8, "player name 'a' is used twice");
}

/* A table larger than the game's range is refused at the first player
 * beyond it, naming the game's rule on the number of players. */
Test(parse_header, players_beyond_the_range_are_refused)
{
    char text[1024] = ZD_HEADER;
    for (int i = 0; i < UD_MAX_PLAYERS + 3; i++)
        sprintf(text + strlen(text), "player p%d\n", i);
    PE(text, UD_MAX_PLAYERS + 3, 8, "expected 2 to 16 players for zombie-dice (ZD-PLAYERS), found 17");
}

Test(parse_header, player_arity)
{
    PE(ZD_HEADER "player\n", 3, 1, "expected 'player NAME [POLICY]'");
    PE(ZD_HEADER "player a random extra\n", 3, 17, "expected 'player NAME [POLICY]'");
}

Test(parse_header, bad_policy)
{
    PE(ZD_HEADER "player a coward\n", 3, 10, "unknown policy 'coward' for zombie-dice");
    PE(ZD_HEADER "player a stop-at-shotguns:many\n", 3, 10,
       "expected a whole number 0..1000 after ':', got 'many'");
    PE(ZD_HEADER "player a random:1\n", 3, 10, "takes no ':N' parameter");
}

Test(parse_header, bad_seed)
{
    PE(ZD_HEADER "player a\nseed -1\n", 4, 6, "expected a seed from 0 to 18446744073709551615, found '-1'");
    PE(ZD_HEADER "player a\nseed 18446744073709551616\n", 4, 6, "found '18446744073709551616'");
    PE(ZD_HEADER "player a\nseed 12ab\n", 4, 6, "found '12ab'");
    PE(ZD_HEADER "player a\nseed +5\n", 4, 6, "found '+5'");
    PE(ZD_HEADER "player a\nseed\n", 4, 1, "expected 'seed N'");
}

Test(parse_header, partial_takes_no_words)
{
    PE(ZD_HEADER "player a\npartial yes\n", 4, 9, "expected 'partial '");
}

Test(parse_header, start_line_limits)
{
    PE(ZD_HEADER "player a\nstart\n", 4, 1, "expected 'start WORDS...'");
    /* sixteen players, one score each (a second for one is refused), then one more */
    char text[4096] = ZD_HEADER;
    for (int i = 0; i < 16; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "player %c\n", 'a' + i);
    for (int i = 0; i < 17; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "start score %c 1\n", 'a' + i % 16);
    PE(text, 35, 7, "more than 16 start lines");
    char long_start[512];
    char word[120];
    memset(word, 'w', 100);
    word[100] = '\0';
    snprintf(long_start, sizeof long_start, ZD_HEADER "player a\nstart score %s 1\n", word);
    PE(long_start, 4, 7, "start line longer than 95 characters");
}

Test(parse_header, header_line_after_events)
{
    PE(HDR2 "draw green green green\nplayer c\n", 6, 1,
       "expected header lines ('player') before the first event");
    PE(HDR2 "decide a roll\nseed 3\n", 6, 1, "expected header lines ('seed') before the first event");
    PE(HDR2 "draw green green green\npartial\n", 6, 1, "('partial')");
    PE(HDR2 "draw green green green\nvariant end=final-turn\n", 6, 1, "('variant')");
    PE(HDR2 "draw green green green\nstart score a 3\n", 6, 1, "('start')");
    PE(HDR2 "draw green green green\ngame zombie-dice\n", 6, 1, "('game')");
}

/* ---- tags --------------------------------------------------------------------------- */

Test(parse_tags, lowercase_tag)
{
    PE(HDR2 "turn a [zd-turn]\n", 5, 8,
       "expected a rule ID of A-Z, 0-9 and '-' in the tag, found '[zd-turn]'");
}

Test(parse_tags, empty_tag)
{
    PE(HDR2 "turn a []\n", 5, 8, "expected a [RULE-ID] tag (a rule ID in brackets), found '[]'");
}

Test(parse_tags, unclosed_tag)
{
    PE(HDR2 "turn a [ZD-TURN\n", 5, 8, "expected a [RULE-ID] tag (a rule ID in brackets), found '[ZD-TURN'");
}

Test(parse_tags, tag_with_space_inside)
{
    PE(HDR2 "turn a [ZD TURN]\n", 5, 8, "expected a [RULE-ID] tag (a rule ID in brackets), found '[ZD'");
}

Test(parse_tags, word_after_tag)
{
    PE(HDR2 "turn a [ZD-TURN] again\n", 5, 18, "expected the [RULE-ID] tag to end the line, found 'again'");
}

Test(parse_tags, two_tags)
{
    PE(HDR2 "turn a [ZD-TURN] [ZD-DRAW]\n", 5, 18, "expected the [RULE-ID] tag to end the line");
}

Test(parse_tags, tag_alone) { PE(HDR2 "   [ZD-TURN]\n", 5, 4, "expected an event before the tag"); }

Test(parse_tags, tag_on_header_line_is_not_a_word)
{
    /* The tag is stripped from a header line too, so this is a 'game'
     * line with no name. */
    PE("undead-transcript 1\ngame [ZD-DICE]\n", 2, 1, "expected 'game NAME'");
}

/* ---- bytes and lengths -------------------------------------------------------------- */

Test(parse_bytes, control_byte) { PE(HDR2 "turn a\x01\n", 5, 7, "expected printable text, found byte 0x01"); }

Test(parse_bytes, escape_and_del)
{
    PE(HDR2 "\x1b[31mturn a\n", 5, 1, "found byte 0x1b");
    PE(HDR2 "turn\x7f a\n", 5, 5, "found byte 0x7f");
}

Test(parse_bytes, lone_carriage_return) { PE(HDR2 "turn a\rturn b\n", 5, 7, "found byte 0x0d"); }

Test(parse_bytes, nul_byte)
{
    const char text[] = ZD_HEADER "player a\nplay\0er b\n";
    assert_parse_error(text, sizeof text - 1, 4, 5, "found byte 0x00");
}

Test(parse_bytes, control_byte_in_comment)
{
    PE(ZD_HEADER "# bell \a here\nplayer a\n", 3, 8, "found byte 0x07");
}

Test(parse_bytes, over_long_line)
{
    char text[2048];
    char body[UD_TL_MAX_LEN + 2];
    memset(body, 'x', UD_TL_MAX_LEN + 1);
    body[0] = '#';
    body[UD_TL_MAX_LEN + 1] = '\0';
    snprintf(text, sizeof text, ZD_HEADER "player a\n%s\n", body);
    PE(text, 4, UD_TL_MAX_LEN + 1, "expected a line of at most 1024 characters");
}

Test(parse_bytes, crlf_does_not_count_toward_length)
{
    /* 1024 characters then CRLF is within the limit; 1025 is not. */
    char text[2048], body[UD_TL_MAX_LEN + 2];
    memset(body, 'x', UD_TL_MAX_LEN + 1);
    body[0] = '#';
    body[UD_TL_MAX_LEN] = '\0';
    snprintf(text, sizeof text, ZD_HEADER "player a\r\nplayer b\r\n%s\r\n", body);
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    ud_transcript_free(&t);
    body[UD_TL_MAX_LEN] = 'x';
    body[UD_TL_MAX_LEN + 1] = '\0';
    snprintf(text, sizeof text, ZD_HEADER "player a\r\nplayer b\r\n%s\r\n", body);
    PE(text, 5, UD_TL_MAX_LEN + 1, "at most 1024 characters");
}

Test(parse_bytes, too_many_words)
{
    char text[512] = HDR2 "=";
    for (int i = 1; i <= UD_TL_MAX_TOKENS; i++)
        strcat(text, " k=v");
    /* word 25 starts after "=" and 23 " k=v": column 2 + 23 * 4 + 1 */
    PE(text, 5, 2 + 23 * 4 + 1, "expected at most 24 words on a line");
}

/* ---- body lines ---------------------------------------------------------------------- */

Test(parse_body, chance_line_without_outcomes)
{
    PE(HDR2 "draw\n", 5, 5, "expected at least one outcome after 'draw'");
    PE(HDR2 "  roll   # nothing rolled\n", 5, 7, "expected at least one outcome after 'roll'");
}

Test(parse_body, decide_shape)
{
    PE(HDR2 "decide a\n", 5, 1, "expected 'decide PLAYER ACTION'");
    PE(HDR2 "decide a stop now\n", 5, 15, "expected 'stop' and nothing after it");
}

Test(parse_body, decide_unknown_player)
{
    PE(HDR2 "decide zed stop\n", 5, 8, "expected a player named in the header, found 'zed'");
}

Test(parse_body, decide_unknown_action)
{
    PE(HDR2 "decide a pass\n", 5, 10,
       "expected an action (stop|roll|ride|get-off|stay-on|drink-green|drink-yellow|drink-red|drink-hunk|drink-hottie|drink-santa), found 'pass'");
    PE(HDR2 "decide a Stop\n", 5, 10, "found 'Stop'");
}

Test(parse_body, state_line_word_without_equals)
{
    PE(HDR2 "= brains=1 shotguns\n", 5, 12, "expected key=value in a state line, found 'shotguns'");
}

Test(parse_body, first_error_is_reported) { PE(HDR2 "decide zed stop\ndraw\n", 5, 8, "found 'zed'"); }

/* ---- an offers line: the decisions the record's game offers at its end ------------------------------ */

Test(parse_offers, a_player_of_the_header)
{
    PE(HDR2 "offers\n", 5, 1, "expected 'offers PLAYER ACTION | ACTION ...', a player named in the header");
    PE(HDR2 "offers zed roll | stop\n", 5, 8,
       "expected 'offers PLAYER ACTION | ACTION ...', a player named in the header");
}

Test(parse_offers, a_bar_on_its_own_between_two_actions)
{
    PE(HDR2 "offers a roll|stop\n", 5, 10, "expected '|' on its own between two actions, found 'roll|stop'");
    PE(HDR2 "offers a | roll\n", 5, 10, "expected an action before '|', found '|'");
    PE(HDR2 "offers a roll |\n", 5, 15, "expected an action after '|', found '|'");
    PE(HDR2 "offers a roll | | stop\n", 5, 17, "expected an action between two '|', found '|'");
}

Test(parse_offers, each_action_once_in_the_list)
{
    PE(HDR2 "offers a roll | stop | roll\n", 5, 24,
       "expected each action once in an offers list, found 'roll' a second time (first at line 5)");
    PE(HDR2 "offers a roll | stop\noffers a stop\n", 6, 10,
       "expected each action once in an offers list, found 'stop' a second time (first at line 5)");
}

Test(parse_offers, the_list_goes_on_with_the_same_player)
{
    PE(HDR2 "offers a roll\noffers b stop\n", 6, 8,
       "expected 'offers a', going on with the list of line 5, found 'b'");
    PE(HDR2 "offers a roll\noffers a\n", 6, 9,
       "expected an action after 'offers a', going on with the list of line 5");
}

Test(parse_offers, the_records_last_lines)
{
    PE(HDR2 "offers a roll | stop\nwaits a\n", 6, 1,
       "expected no line after 'offers' (line 5), the record's last");
    PE(HDR2 "waits a\noffers a roll\n", 6, 1, "expected no line after 'waits' (line 5), the record's last");
    PE(HDR2 "offers a roll [ZD-CHOICE]\n", 5, 15,
       "expected no [RULE-ID] tag on 'offers', the record's standing");
}

/* At most UD_MAX_OFFERS actions, as a position offers at most so many:
 * 513 of them, eleven a line (22 words after 'offers a'). */
Test(parse_offers, at_most_max_offers_actions)
{
    ud_buf text;
    ud_buf_init(&text);
    ud_buf_puts(&text, HDR2);
    for (int i = 0; i <= UD_MAX_OFFERS; i++)
        ud_buf_printf(&text, "%s%s%d", i % 11 ? " | " : i ? "\noffers a " : "offers a ", "x", i);
    ud_buf_putc(&text, '\n');
    /* the 513th, x512, is the 7th action of line 5 + 512 / 11 */
    PE(ud_buf_str(&text), 5 + UD_MAX_OFFERS / 11, 10 + 6 * 7,
       "expected at most 512 actions in an offers list");
    ud_buf_free(&text);
}

/* `after`: the other side's game past the departure the record ends in,
 * once, after the record's game, with no standing line of its own. */
Test(parse_after, once_after_the_game_with_no_standing_line)
{
    PE(HDR2 "after\ndecide a roll\n", 5, 1, "expected the record's game before 'after'");
    PE(HDR2 "decide a roll\nafter\ndecide a stop\nafter\n", 8, 1,
       "expected one 'after' line; the first is line 6");
    PE(HDR2 "decide a roll\nwaits a\nafter\ndecide a stop\nwaits b\n", 9, 1,
       "expected decide, outcome, state or change lines after 'after' (line 7), found 'waits'");
    PE(HDR2 "decide a roll\nafter\noffers a roll\n", 7, 1,
       "expected decide, outcome, state or change lines after 'after' (line 6), found 'offers'");
}

/* The lines after it are kept past the record's game: a check of the
 * record ends at its standing line, as the record cut before `after`. */
Test(parse_after, its_lines_are_kept_past_the_game)
{
    const char *text =
        HDR2 "decide a roll\nwaits a\n# the other side's game\nafter\ndecide a stop\n\ndecide b roll\n";
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    cr_assert_eq(t.n, 2, "the record's game: two lines, not %d", t.n);
    cr_assert_eq(t.lines[1].kind, UD_TL_WAITS);
    cr_assert_eq(t.after_line, 8);
    cr_assert_eq(t.n_after, 2);
    cr_assert_eq(t.lines[t.n].line, 9);
    cr_assert_str_eq(t.lines[t.n + 1].tok[1], "b");
    ud_transcript_free(&t);
}

/* `witness`: a further game of the other side, whole from its set-up,
 * after the record's game (and its `after` part), at most UD_WITNESS_MAX,
 * none empty, no standing line of its own. */
Test(parse_witness, after_the_game_and_its_after_part)
{
    PE(HDR2 "witness\ndecide a roll\n", 5, 1, "expected the record's game before 'witness'");
    PE(HDR2 "decide a roll\nwitness\ndecide a stop\nafter\ndecide b roll\n", 8, 1,
       "expected 'after' before the first 'witness' line (line 6)");
    PE(HDR2 "decide a roll\nwitness\nwitness\ndecide a stop\n", 7, 1,
       "expected the lines of a game after 'witness' (line 6), found another 'witness'");
    PE(HDR2 "decide a roll\nwitness\ndecide a stop\nwitness\n", 8, 1,
       "expected the lines of a game after 'witness' (line 8)");
    PE(HDR2 "decide a roll\nwaits a\nwitness\ndecide a roll\nwaits a\n", 9, 1,
       "expected decide, outcome, state or change lines after 'witness' (line 7), found 'waits'");
    PE(HDR2 "decide a roll\nwitness\ndecide a roll\nwitness\ndecide a roll\nwitness\ndecide a roll\n"
            "witness\ndecide a roll\nwitness\ndecide a roll\n",
       14, 1, "expected at most 4 'witness' lines; the first is line 6");
}

/* A witness game is whole: it may end with `over` (where and how the
 * other side ended it), its last line; an `after` part may not. */
Test(parse_witness, may_end_with_over)
{
    PE(HDR2 "decide a roll\nwitness\ndecide a stop\nover a=won b=lost\ndecide b roll\n", 9, 1,
       "expected no line after 'over' (line 8), its game's last");
    PE(HDR2 "decide a roll\nwaits a\nafter\nover a=won b=lost\n", 8, 1,
       "expected decide, outcome, state or change lines after 'after' (line 7), found 'over'");
    PE(HDR2 "decide a roll\nwitness\ndecide a stop\nneeds roll\n", 8, 1,
       "expected decide, outcome, state or change lines after 'witness' (line 6), found 'needs'");
    const char *text = HDR2 "decide a roll\nwaits a\nwitness\ndecide a stop\nover a=won b=lost\n"
                            "witness\ndecide a roll\n";
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    cr_assert_eq(t.n, 2);
    cr_assert_eq(t.n_witness, 2);
    cr_assert_eq(t.witness_n[0], 2, "the first witness game: its decision and its over line");
    cr_assert_eq(t.lines[t.witness_at[0] + 1].kind, UD_TL_OVER);
    cr_assert_eq(t.witness_n[1], 1);
    ud_transcript_free(&t);
}

/* `witness variant KEY=VALUE`: a witness game played under another
 * reading, its key and value the game's, checked as a header's `variant`
 * line is (HDR2's line 6 here, the word after `variant` at column 17). */
Test(parse_witness, variant_names_a_reading_of_the_game)
{
    PE(HDR2 "decide a roll\nwitness variant ending=final-turn\ndecide a roll\n", 6, 17,
       "unknown variant key 'ending' for zombie-dice; expected one of: end tiebreak");
    PE(HDR2 "decide a roll\nwitness variant tiebreak=sudden-death\ndecide a roll\n", 6, 17,
       "variant tiebreak: unknown value 'sudden-death'; expected one of: one-round until-broken");
    PE(HDR2 "decide a roll\nwitness variant end\ndecide a roll\n", 6, 17,
       "variant 'end': expected KEY=VALUE");
    PE(HDR2 "decide a roll\nwitness variant\ndecide a roll\n", 6, 9,
       "expected 'witness' or 'witness variant KEY=VALUE'");
    PE(HDR2 "decide a roll\nwitness variant end=final-turn tiebreak=one-round\ndecide a roll\n", 6, 32,
       "expected 'witness' or 'witness variant KEY=VALUE'");
    PE(HDR2 "decide a roll\nwitness end=final-turn\ndecide a roll\n", 6, 9,
       "expected 'witness' or 'witness variant KEY=VALUE'");
    PE(HDR2 "witness variant end=final-turn\ndecide a roll\n", 5, 1,
       "expected the record's game before 'witness'");
}

/* Each witness part keeps its reading: the game's key and value index,
 * -1 for a plain `witness` line; the header's readings stay as they are. */
Test(parse_witness, variant_is_kept_per_part)
{
    const char *text = ZD_HEADER "variant end=final-turn\nplayer a\nplayer b\ndecide a roll\nwitness\n"
                                 "decide a roll\nwitness variant end=finish-round\ndecide a stop\n"
                                 "witness variant tiebreak=one-round\ndecide a stop\n";
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    cr_assert_eq(t.n_witness, 3);
    const ud_game *g = t.game;
    int end = -1, tiebreak = -1;
    for (int v = 0; v < g->n_variants; v++) {
        if (strcmp(g->variants[v].key, "end") == 0)
            end = v;
        if (strcmp(g->variants[v].key, "tiebreak") == 0)
            tiebreak = v;
    }
    cr_assert(end >= 0 && tiebreak >= 0);
    cr_assert_eq(t.witness_key[0], -1);
    cr_assert_eq(t.witness_value[0], -1);
    cr_assert_eq(t.witness_key[1], end);
    cr_assert_str_eq(g->variants[end].values[t.witness_value[1]].name, "finish-round");
    cr_assert_str_eq(g->variants[end].values[t.setup.variant[end]].name, "final-turn",
                     "the header's reading is not the witness's");
    cr_assert_eq(t.witness_key[2], tiebreak);
    cr_assert_str_eq(g->variants[tiebreak].values[t.witness_value[2]].name, "one-round");
    cr_assert_eq(t.witness_n[1], 1);
    ud_transcript_free(&t);
}

/* Each witness game's lines are kept past the `after` part, in order. */
Test(parse_witness, its_lines_are_kept_past_the_after_part)
{
    const char *text = HDR2 "decide a roll\nwaits a\nafter\ndecide a stop\nwitness\ndecide a roll\n"
                            "decide a stop\n# another\nwitness\ndecide a stop\n";
    ud_transcript t;
    ud_error err;
    memset(&err, 0, sizeof err);
    cr_assert_eq(ud_transcript_parse(text, strlen(text), ud_find_game, &t, &err), 0, "%s", err.msg);
    cr_assert_eq(t.n, 2, "the record's game: two lines, not %d", t.n);
    cr_assert_eq(t.n_after, 1, "the after part: one line, not %d", t.n_after);
    cr_assert_eq(t.n_witness, 2);
    cr_assert_eq(t.witness_line[0], 9);
    cr_assert_eq(t.witness_line[1], 13);
    cr_assert_eq(t.witness_at[0], 3);
    cr_assert_eq(t.witness_n[0], 2);
    cr_assert_eq(t.witness_n[1], 1);
    cr_assert_eq(t.lines[t.witness_at[0] + 1].line, 11);
    cr_assert_str_eq(t.lines[t.witness_at[1]].tok[2], "stop");
    ud_transcript_free(&t);
}
