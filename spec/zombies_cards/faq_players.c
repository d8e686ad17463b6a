/*
 * faq_players.c - the questions players of Zombies!!! The Card Game ask,
 * for the players' FAQ that opens `undead faq`: each with a short ruling
 * under undead's default readings, the passages of 003 it rests on, quoted
 * verbatim (tests/test_faq_players.c finds each in the file), the rules
 * that enforce it, and the variant where 003 is silent.  The rulings are
 * undead's own words.
 */
#include "zombies_cards.h"

#define S003 "003_097727651bff7a0a.txt"

const ud_faq_question zc_players_faq[] = {
    { "deal",
      "How many cards does each player get?",
      "18 each with 2 to 4 players, 17 each with 5 or 6; the rest go back in the box. Three of them become "
      "your bullets and three your hand.",
      "ZC-DEAL ZC-BOX ZC-BULLETS ZC-HAND",
      NULL,
      NULL,
      { { S003, "SETUP",
          "For a 2 to 4 player game, deal 18 cards to each player. For a 5 to 6 player game, deal 17 cards to "
          "each player." } } },
    { "first",
      "Who goes first?",
      "003 does not say. undead starts with the first player listed; the reading first=random draws one by "
      "lot.",
      "ZC-FIRST-SEAT ZC-FIRST-RANDOM",
      "first",
      "A record names its first player by listing it first; the draw is there for those who want chance.",
      { { S003, "PLAYER TURN", "Play a map card. Take the top card from your draw deck" } } },
    { "one-card",
      "How many cards may I play, and when?",
      "One card per round, your round running from the start of your turn to the start of your next; undead "
      "lets you play it on another player's turn too.",
      "ZC-ROUND-OWN ZC-PLAY ZC-OUT-OF-TURN",
      "out-of-turn",
      "003's clarification of location weapons has them played \"no matter who's turn it is\".",
      { { S003, "CARD PLAY",
          "You may play one card per round (from the beginning of your turn to the beginning of your next "
          "turn)." },
        { S003, "CARD CLARIFICATIONS", "no matter who's turn it is" } } },
    { "hand-limit",
      "Is there a hand limit?",
      "No.",
      "ZC-NO-HAND-LIMIT",
      NULL,
      NULL,
      { { S003, "CARD PLAY", "There is no limit to the number of cards in your hand." } } },
    { "failed-roll",
      "I rolled under 4: what does it cost?",
      "Each bullet raises the roll by one; pay enough to reach 4. The bullets paid go to the bottom of your "
      "draw deck, and you may still draw a card for the kill.",
      "ZC-ROLL ZC-PAY-BULLETS ZC-KILL ZC-BONUS-OFFER",
      NULL,
      NULL,
      { { S003, "FIGHTING ZOMBIES",
          "Each card taken from your bullet stack will raise the number rolled by one." },
        { S003, "FIGHTING ZOMBIES",
          "The cards drawn from your bullet stack in this way are placed at the bottom of your draw deck." } } },
    { "kill-draw",
      "Must I draw a card when I kill a zombie?",
      "No. Each zombie you kill without taking cards from the map stack lets you draw the top card of your "
      "draw deck, and you may turn it down. Drawing brings you a card nearer the helipad.",
      "ZC-BONUS-OFFER ZC-BONUS-DRAW ZC-BONUS-DECLINE",
      NULL,
      NULL,
      { { S003, "FIGHTING ZOMBIES",
          "As a bonus you may draw a card from your draw deck and add it to your hand." },
        { S003, "FIGHTING ZOMBIES",
          "If you have played enough cards from the bullet stack to kill the zombie, you may draw a card from your "
          "draw deck." } } },
    { "no-bullets",
      "I run out of bullets in a fight: what then?",
      "Make up the rest from the bottom of the map stack, never its top card. You draw no card, lose every "
      "card you have in play, and fight no more this turn. 003 does not say where the lost cards go: undead "
      "puts them under your draw deck, as a lost bullet; the reading lost-cards=bullet-pile puts them on your "
      "bullet pile.",
      "ZC-PAY-MAP",
      "lost-cards",
      "A lost bullet goes under the draw deck, and these cards are lost too.",
      { { S003, "FIGHTING ZOMBIES",
          "Take the cards at the bottom of the \"map\" stack being sure to leave the current map card on top of "
          "the stack." },
        { S003, "FIGHTING ZOMBIES", "you lose any and all weapons/cards played in front of you" } } },
    { "dead",
      "When am I out of the game?",
      "When you must pay from the map stack and it holds too few cards besides the current map card.",
      "ZC-DEATH",
      NULL,
      NULL,
      { { S003, "FIGHTING ZOMBIES",
          "If there are not enough cards in the \"map\" stack when you need to draw from it, not including the "
          "current map card, you are dead and out of the game." } } },
    { "one-weapon",
      "Can I fight with two weapons?",
      "No: one weapon at a time, chosen before you roll.",
      "ZC-ONE-WEAPON ZC-WEAPON-CHOICE",
      NULL,
      NULL,
      { { S003, "FIGHTING ZOMBIES",
          "You may only use one weapon at a time for combat. Choose which weapon before you roll." } } },
    { "location-weapon",
      "When can I play a weapon tied to a location?",
      "When that location is the top card of the map stack, on anyone's turn; it need not be where you are.",
      "ZC-FX-WEAPON",
      NULL,
      NULL,
      { { S003, "CARD CLARIFICATIONS",
          "When playing a weapon with a specific location, that location just needs to be the top card of the "
          "map stack, no matter who's turn it is." } } },
    { "win",
      "When do I win?",
      "When the last card of your draw deck is drawn. Under undead's default that includes the map card you "
      "turn over at the start of your turn.",
      "ZC-WIN ZC-WIN-MAP ZC-WIN-AFTER-FIGHT",
      "last-card",
      "The objective counts any way of exhausting the deck.",
      { { S003, "OBJECTIVE", "(This is accomplished by exhausting all of the cards in your draw deck.)" },
        { S003, "WINNING THE GAME",
          "When you have drawn the last card from your draw deck, you are considered to have found the "
          "\"helipad.\"" } } },
    { "last-standing",
      "Every other player is dead: have I won?",
      "003 does not say. undead makes the last player alive the winner at once; the reading "
      "last-standing=plays-on makes them reach the helipad.",
      "ZC-LAST-STANDING ZC-ALL-DEAD",
      "last-standing",
      "The game is a race to the helipad, and nobody is left to race.",
      { { S003, "OBJECTIVE", "Be the first one to find your way to the \"helipad,\" first." } } },
    { "no-guts",
      "What does No Guts, No Glory change?",
      "Out of bullets with a map stack too small to pay, your turn ends and you stay in the game. 003 does not "
      "say what you pay then: undead takes nothing, not even the bullets you have left.",
      "ZC-FX-NO-GUTS ZC-NO-GUTS",
      NULL,
      NULL,
      { { S003, "CARD CLARIFICATIONS",
          "If you are out of bullets and cannot draw from the map stack with a failed combat roll, your turn "
          "ends. You are not eliminated from the game as normal." } } },
    { NULL, NULL, NULL, NULL, NULL, NULL, { { NULL, NULL, NULL } } },
};
