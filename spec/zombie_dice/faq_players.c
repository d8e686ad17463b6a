/*
 * faq_players.c - the questions Zombie Dice players ask, for the players'
 * FAQ that opens `undead faq`: each with a short ruling under undead's
 * default readings, the passages of 000 (the publisher's rule sheet) and
 * 001 (a third-party guide) it rests on, quoted verbatim (tests/
 * test_faq_players.c finds each in its file), the rules that enforce it,
 * and the variant where the texts disagree or are silent.  The rulings are
 * undead's own words.
 */
#include "zd_extras.h"

#define S000 "000_667bbeec5fdf16bd.txt"
#define S001 "001_4f6e2b55ff14832a.txt"

const ud_faq_question zd_players_faq[] = {
    { "first",
      "Who goes first?",
      "The table decides before the game: 000 names the last game's winner (or the best groan), 001 says "
      "randomly (or the best groan). undead starts with the first player listed; the reading "
      "first-player=random draws the first seat by lot.",
      "ZD-FIRST-SEAT-ORDER ZD-FIRST-RANDOM",
      "first-player",
      "Both texts settle it off the table, so a record names its first player by listing it first.",
      { { S000, "(opening paragraph)", "The first player is the one who won the last game" },
        { S001, "Starting the Game", "Decide who goes first randomly" } } },
    { "stop-after-drawing",
      "Can I stop after taking new dice from the cup?",
      "No. Once you have taken new dice you must roll them.",
      "ZD-MUST-ROLL",
      NULL,
      NULL,
      { { S000, "Mmm! Brainnns!", "After you take new dice, you can't decide to stop... you have to roll." },
        { S001, "FAQs", "Once you’ve grabbed those dice, you’re committed." } } },
    { "keep-feet",
      "Can I set a footprint die aside instead of rerolling it?",
      "No. When you roll again, every footprint die in front of you is rolled again, with new dice from the "
      "cup to make three.",
      "ZD-FEET-KEEP ZD-FEET-REROLL",
      NULL,
      NULL,
      { { S000, "Mmm! Brainnns!",
          "If you choose to roll again, you will re-roll these dice, along with enough new ones to bring the "
          "total to three." },
        { S001, "FAQs", "You must reroll any Footprint dice." } } },
    { "three-feet",
      "All three dice show footprints: what now?",
      "Stop and score, or roll the same three dice again: no die is taken from the cup.",
      "ZD-FEET-REROLL ZD-DRAW",
      NULL,
      NULL,
      { { S000, "Mmm! Brainnns!",
          "Unless all three of your dice are Feet, take enough random new dice from the cup to total three, "
          "and roll again." } } },
    { "bust",
      "What does a third shotgun cost me?",
      "The turn ends and scores nothing: the brains eaten this turn are lost. Brains scored in earlier turns "
      "stay.",
      "ZD-BUST",
      NULL,
      NULL,
      { { S001, "Taking a Turn",
          "Accumulate three Shotguns, and your turn ends, losing all Brains from that turn." },
        { S001, "Example: A Dice Shortage",
          "you lose the two Brains rolled this turn, but you keep the eight Brains you had previously banked" } } },
    { "empty-cup",
      "What happens when the cup runs out of dice?",
      "When you need new dice and the cup holds fewer than three, note your brains, put the brain dice (only) "
      "back in the cup, then draw. Shotgun and footprint dice stay in front of you.",
      "ZD-SHORTAGE-THREE ZD-SHORTAGE-RETURN ZD-SHORTAGE-NEEDED ZD-SHORTAGE-LITERAL",
      "shortage-when",
      "Both texts name three dice. Read word for word they return the brains even when you hold three "
      "footprints and need no new die; undead takes the shortage as a lack of dice to draw, so only when you "
      "need some. A third reading counts only the dice actually needed.",
      { { S000, "Brrrains?",
          "If you don't have three dice left in the cup, make a note of how many Brains you have and put them "
          "all in the cup (keep the shotguns in front of you)." },
        { S001, "Handling a Dice Shortage",
          "Place only the Brain dice from your current turn back into the dice cup." } } },
    { "shortage-order",
      "In a shortage, do I take the cup's last dice before the brains go back?",
      "No: undead returns the brain dice first, then draws every die you need from the refilled cup.",
      "ZD-SHORTAGE-RETURN ZD-SHORTAGE-LAST-DICE",
      "shortage-order",
      "001 lists the steps in this order (return, then draw); 000 does not say.",
      { { S001, "Handling a Dice Shortage",
          "Draw dice from the now-replenished dice cup until you have three dice in hand." } } },
    { "after-thirteen",
      "Someone reached 13 brains: who still plays?",
      "The round is finished: the players after them in this round take their turns, then the game ends.",
      "ZD-GOAL-FINISH-ROUND ZD-GOAL-FINAL-TURN ZD-GAME-OVER",
      "end",
      "000 is the publisher's own sheet; 001, a third-party guide, gives every other player a final turn.",
      { { S000, "BRAAAAINS!!!", "Play until someone reaches 13 Brains. Then finish the round." },
        { S001, "Ending the Game", "Every other player gets one final turn." } } },
    { "above-thirteen",
      "Do brains above 13 count?",
      "Yes. Scores have no cap: whoever has the most brains at the end wins.",
      "ZD-NO-CAP ZD-MOST-BRAINS",
      NULL,
      NULL,
      { { S000, "BRAAAAINS!!!", "Whoever has the most Brains at the end of that round is the winner." },
        { S001, "FAQs",
          "The player with the most Brains at the end of the game wins, even if it’s more than 13 Brains." } } },
    { "ties",
      "The leaders are tied at the end: who wins?",
      "The tied leaders (only) play one tiebreaker round; if they are still tied, they share the win.",
      "ZD-TIEBREAK-ONE ZD-TIE-STANDS ZD-TIEBREAK-REPEAT",
      "tiebreak",
      "000, the publisher's sheet, names one round and says nothing of a second tie; 001 plays on until the "
      "tie is broken.",
      { { S000, "BRAAAAINS!!!", "If there's a tie, the leaders (only) play a tiebreaker round." },
        { S001, "Tiebreaker", "those players play additional turns until the tie is broken" } } },
    { NULL, NULL, NULL, NULL, NULL, NULL, { { NULL, NULL, NULL } } },
};
