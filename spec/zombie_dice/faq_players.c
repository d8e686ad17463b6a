/*
 * faq_players.c - the questions Zombie Dice players ask, for the players'
 * FAQ that opens `undead faq`: each answered in players' words under the
 * default readings, with the passages of 000 (the publisher's rule sheet)
 * and 001 (a third-party guide) it rests on, quoted verbatim (tests/
 * test_faq_players.c finds each in its file), the rules that enforce it
 * (shown in the reference only), and where the texts differ or are
 * silent, the reason for the ruling and the other readings as house
 * rules.  The rulings are undead's own words; the source key names the
 * two texts.
 */
#include "zd.h"
#include "zd_extras.h"

#define S000 "000_667bbeec5fdf16bd.txt"
#define S001 "001_4f6e2b55ff14832a.txt"

const ud_faq_source zd_faq_sources[] = {
    { S000, "Zombie Dice",
      "the publisher's rule sheet, the one in the box (it says “This game includes these rules, 13 dice, and "
      "a cup”)",
      "Rule sheet" },
    { S001, "How to Play Zombie Dice",
      "a player's guide by a third party, from a web page; it has no title of its own, and this is its main "
      "heading",
      "Guide" },
    { NULL, NULL, NULL, NULL },
};

const ud_faq_question zd_players_faq[] = {
    {
        .id = "first",
        .ask = "Who goes first?",
        .ruling =
            "The winner of the last game; in a first game, whoever says “Braaaaains!” with the most feeling. "
            "Play then goes round the table.",
        .why_ruling =
            "The texts differ: the publisher's sheet names the last game's winner, the guide a random "
            "choice; both let the best zombie groan decide instead.",
        .rules = { "ZD-FIRST-SEAT-ORDER", "ZD-FIRST-RANDOM", "ZD-NEXT-PLAYER" },
        .variant = &zd_variants[ZD_V_FIRST],
        .quotes = { { S000, "(opening paragraph)",
                      "The first player is the one who won the last game, or the one who can say [...] with "
                      "the most feeling." },
                    { S001, "Starting the Game",
                      "Decide who goes first randomly, or, for added fun, have players compete with their "
                      "best zombie groans!" } },
        .house = { { ZD_FIRST_RANDOM, "Choose the first player at random." } },
    },
    {
        .id = "draw-blind",
        .ask = "Can I pick which dice I take from the cup?",
        .ruling = "No. Shake the cup and take the dice without looking: the colours you get are luck.",
        .rules = { "ZD-TURN", "ZD-DRAW" },
        .quotes = { { S000, "Mmm! Brainnns!",
                      "On your turn, shake the cup, take three dice from it without looking, and roll "
                      "them." } },
    },
    {
        .id = "stop-after-drawing",
        .ask = "Can I stop after taking new dice from the cup?",
        .ruling = "No. Once you have taken new dice you must roll them, so decide before you draw.",
        .rules = { "ZD-MUST-ROLL" },
        .quotes = { { S000, "Mmm! Brainnns!",
                      "After you take new dice, you can't decide to stop... you have to roll." },
                    { S001, "FAQs",
                      "Nope! Once you’ve grabbed those dice, you’re committed. No backing out! You must "
                      "roll." } },
        .most_asked = 5,
        .see = { "keep-feet" },
    },
    {
        .id = "keep-feet",
        .ask = "Must I reroll my footprint dice?",
        .ruling =
            "Yes. If you roll again, every footprint die in front of you is rolled again, with enough new "
            "dice from the cup to make three; you cannot keep a footprint and roll other dice. With three "
            "footprints you roll those three and take no new die.",
        .rules = { "ZD-FEET-KEEP", "ZD-ROLL-AGAIN", "ZD-FEET-REROLL", "ZD-DRAW" },
        .quotes = { { S000, "Mmm! Brainnns!",
                      "If you choose to roll again, you will re-roll these dice, along with enough new ones "
                      "to bring the total to three." },
                    { S000, "Mmm! Brainnns!",
                      "Unless all three of your dice are Feet, take enough random new dice from the cup to "
                      "total three, and roll again." },
                    { S001, "FAQs",
                      "You must reroll any Footprint dice. You can’t choose to keep them and roll other "
                      "dice." } },
        .most_asked = 4,
        .see = { "stop-after-drawing" },
    },
    {
        .id = "bust",
        .ask = "What does a third shotgun cost me?",
        .ruling =
            "Your turn ends at once and scores nothing: every brain of this turn is lost, those you noted "
            "when the cup ran short too. Brains you scored in earlier turns stay.",
        .rules = { "ZD-BUST", "ZD-SHOTGUN-ASIDE" },
        .quotes = { { S000, "Mmm! Brainnns!", "If you rolled three shotguns, your turn is over." },
                    { S001, "Taking a Turn",
                      "Accumulate three Shotguns, and your turn ends, losing all Brains from that turn." },
                    { S001, "Example: A Dice Shortage",
                      "If you roll three Shotguns on this roll, you lose the two Brains rolled this turn, "
                      "but you keep the eight Brains you had previously banked." } },
        .see = { "empty-cup" },
    },
    {
        .id = "empty-cup",
        .ask = "What happens when the cup runs out of dice?",
        .ruling =
            "When you roll again and need new dice but the cup holds fewer than three, note how many brains "
            "you have this turn and put the brain dice, and only those, back in the cup; then draw. Your "
            "shotguns and footprints stay in front of you, and the noted brains still score when you stop.",
        .why_ruling =
            "Both texts say “fewer than three” dice but not what happens when you hold three footprints and "
            "need no new die; the brains go back only when you need dice.",
        .rules = { "ZD-SHORTAGE-THREE", "ZD-SHORTAGE-NEEDED", "ZD-SHORTAGE-LITERAL", "ZD-SHORTAGE-RETURN",
                   "ZD-STOP-SCORE" },
        .variant = &zd_variants[ZD_V_SHORT_WHEN],
        .quotes = { { S000, "Brrrains?",
                      "If you don't have three dice left in the cup, make a note of how many Brains you have "
                      "and put them all in the cup (keep the shotguns in front of you)." },
                    { S001, "Handling a Dice Shortage",
                      "Place only the Brain dice from your current turn back into the dice cup. Do not "
                      "return any Shotgun or Footprint dice." } },
        .most_asked = 1,
        .see = { "shortage-order", "bust" },
        .house = { { ZD_SHORT_FEWER_THAN_NEEDED,
                     "Put the brains back only when the cup holds fewer dice than you need." },
                   { ZD_SHORT_LITERAL,
                     "Put the brains back whenever you roll again with fewer than three dice in the cup, "
                     "even holding three footprints." } },
    },
    {
        .id = "shortage-order",
        .ask = "The cup holds one or two dice and I need three: do I take those first?",
        .ruling = "No. Put the brain dice back first, then draw every die you need from the refilled cup.",
        .why_ruling =
            "The publisher's sheet does not give the order; the guide puts the brains back first and then "
            "draws.",
        .rules = { "ZD-SHORTAGE-RETURN", "ZD-SHORTAGE-LAST-DICE", "ZD-DRAW" },
        .variant = &zd_variants[ZD_V_SHORT_ORDER],
        .quotes = { { S001, "Handling a Dice Shortage",
                      "Draw dice from the now-replenished dice cup until you have three dice in hand." } },
        .see = { "empty-cup" },
        .house = { { ZD_ORDER_CUP_FIRST,
                     "Take the dice left in the cup first, then put the brains back and draw the rest." } },
    },
    {
        .id = "after-thirteen",
        .ask = "Someone has reached 13 brains: who still plays?",
        .ruling =
            "Finish the round: the players after them in this round take their turns, then the game ends. If "
            "they were the last in the round, it ends at once.",
        .why_ruling =
            "The texts differ: the publisher's sheet finishes the round; the guide gives every other player "
            "one final turn.",
        .rules = { "ZD-GOAL-FINISH-ROUND", "ZD-GOAL-FINAL-TURN", "ZD-GAME-OVER" },
        .variant = &zd_variants[ZD_V_END],
        .quotes = { { S000, "BRAAAAINS!!!", "Play until someone reaches 13 Brains. Then finish the round." },
                    { S001, "Ending the Game",
                      "The first player to reach 13 Brains triggers the end of the game. Every other player "
                      "gets one final turn." } },
        .most_asked = 2,
        .see = { "above-thirteen", "ties" },
        .house = { { ZD_END_FINAL_TURN,
                     "Every other player gets one final turn, those who have already played this round "
                     "too." } },
    },
    {
        .id = "above-thirteen",
        .ask = "Do brains above 13 count?",
        .ruling = "Yes. Scores have no cap: whoever has the most brains when the game ends wins, not whoever "
                  "reached 13 first.",
        .rules = { "ZD-NO-CAP", "ZD-MOST-BRAINS" },
        .quotes = { { S000, "BRAAAAINS!!!",
                      "Whoever has the most Brains at the end of that round is the winner." },
                    { S001, "FAQs",
                      "The player with the most Brains at the end of the game wins, even if it’s more than "
                      "13 Brains." } },
        .see = { "after-thirteen" },
    },
    {
        .id = "ties",
        .ask = "The leaders are tied at the end: who wins?",
        .ruling =
            "The tied leaders, and only they, each play one more turn, a tiebreaker round; whoever then has "
            "the most brains wins. If they are still tied, they share the win.",
        .why_ruling =
            "The publisher's sheet names one tiebreaker round and says nothing of a second tie; the guide "
            "plays on until the tie is broken.",
        .rules = { "ZD-TIEBREAK-ONE", "ZD-TIEBREAK-NEXT", "ZD-TIE-STANDS", "ZD-TIEBREAK-REPEAT" },
        .variant = &zd_variants[ZD_V_TIEBREAK],
        .quotes = { { S000, "BRAAAAINS!!!", "If there's a tie, the leaders (only) play a tiebreaker round." },
                    { S001, "Tiebreaker",
                      "If two or more players are tied with the highest score, those players play additional "
                      "turns until the tie is broken." } },
        .most_asked = 3,
        .see = { "after-thirteen" },
        .house = { { ZD_TIE_UNTIL_BROKEN,
                     "Tied leaders play tiebreaker rounds until one of them is ahead." } },
    },
    { .id = NULL },
};
