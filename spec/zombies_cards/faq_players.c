/*
 * faq_players.c - the questions players of Zombies!!! The Card Game ask,
 * for the players' FAQ that opens `undead faq`: each answered in players'
 * words under the default readings, with the passages of 003 it rests on,
 * quoted verbatim (tests/test_faq_players.c finds each in the file), the
 * rules that enforce it (shown in the reference only), and where 003 is
 * silent, the reason for the ruling and the other readings as house
 * rules.  The rulings are undead's own words; the source key names 003.
 */
#include "zombies_cards.h"

#define S003 "003_097727651bff7a0a.txt"

const ud_faq_source zc_faq_sources[] = {
    { S003, "Zombies!!! The Card Game",
      "the publisher's rulebook (Twilight Creations, Inc., 2012, as its last page says)", "Rulebook" },
    { NULL, NULL, NULL, NULL },
};

const ud_faq_question zc_players_faq[] = {
    {
        .id = "deal",
        .ask = "How many cards does each player get?",
        .ruling = "18 each with 2 to 4 players, 17 each with 5 or 6; the rest go back in the box. Your "
                  "pile is your draw deck: its top three cards become your bullets, and you draw three "
                  "more as your hand.",
        .rules = { "ZC-DEAL", "ZC-BOX", "ZC-BULLETS", "ZC-HAND" },
        .quotes = { { S003, "SETUP",
                      "For a 2 to 4 player game, deal 18 cards to each player. For a 5 to 6 player "
                      "game, deal 17 cards to each player. Put any remaining cards back in the "
                      "box." },
                    { S003, "SETUP",
                      "Each player takes the top three cards from their pile and places them face up "
                      "horizontally to the side of their draw deck. These are considered your "
                      "\"bullets\" or \"bullet pile.\"" } },
    },
    {
        .id = "first",
        .ask = "Who goes first?",
        .ruling = "Whoever the table agrees on; turns then go round the table in seating order.",
        .why_ruling = "The rulebook names neither a first player nor the direction of play.",
        .rules = { "ZC-FIRST-SEAT", "ZC-FIRST-RANDOM", "ZC-NEXT" },
        .variant = &zc_variants[ZC_V_FIRST],
        .quotes = { { S003, "PLAYER TURN",
                      "Play a map card. Take the top card from your draw deck and place it in the "
                      "middle of the table face down." } },
        .house = { { ZC_FIRST_RANDOM, "Choose the first player at random." } },
    },
    {
        .id = "one-card",
        .ask = "How many cards may I play, and when?",
        .ruling = "One per round, your round running from the start of your turn to the start of your "
                  "next. You may play it on your own turn, after your map card and before you fight, or on "
                  "another player's turn once their map card is down. Oooooh, What Luck! lets you play one "
                  "more.",
        .why_ruling = "Your round takes in the other players' turns, but the rulebook speaks of playing on "
                      "another's turn only for location weapons, and names no moment in a turn.",
        .rules = { "ZC-ROUND-OWN", "ZC-PLAY-OFFER", "ZC-REACT", "ZC-OUT-OF-TURN", "ZC-FX-EXTRA-PLAY" },
        .variant = &zc_variants[ZC_V_OUT_OF_TURN],
        .quotes = { { S003, "CARD PLAY",
                      "You may play one card per round (from the beginning of your turn to the "
                      "beginning of your next turn)." },
                    { S003, "CARD CLARIFICATIONS",
                      "Oooooh, What Luck! — This card supercedes the \"one card per turn\" rule." } },
        .most_asked = 3,
        .see = { "played-cards", "weapons" },
        .house = { { ZC_OOT_NO, "Play cards on your own turn only." } },
    },
    {
        .id = "played-cards",
        .ask = "Where do the cards I play go?",
        .ruling = "Onto your bullet pile: a card you play becomes a bullet. A card whose effect lasts "
                  "beyond your turn stays in front of you until the effect is over, then goes onto your "
                  "bullet pile.",
        .rules = { "ZC-PLAY", "ZC-PLAY-OUT", "ZC-LASTING-END", "ZC-FX-WEAPON" },
        .quotes = { { S003, "CARD PLAY", "When a card is played, discard it into your \"bullet pile.\"" },
                    { S003, "CARD CLARIFICATIONS",
                      "When playing a card that has an effect which lasts longer than your turn, "
                      "play in front of you until the effect is complete. At this time, the card "
                      "will be placed in your bullet pile (discard pile)." } },
        .most_asked = 5,
        .see = { "one-card", "failed-roll" },
    },
    {
        .id = "drawing",
        .ask = "When do I draw cards, and is there a hand limit?",
        .ruling = "Only when a card tells you to, or when you kill a zombie without taking cards from the "
                  "map stack: then you may draw the top card of your draw deck, or leave it. Every card "
                  "drawn brings you one nearer the helipad. There is no hand limit.",
        .rules = { "ZC-FX-DRAW", "ZC-BONUS-OFFER", "ZC-BONUS-DRAW", "ZC-BONUS-DECLINE", "ZC-NO-HAND-LIMIT" },
        .quotes = { { S003, "DRAWING CARDS",
                      "The only time you draw cards is due to a card effect or during combat. During "
                      "combat, you draw a card when you successfully fight a zombie without drawing "
                      "cards from the map stack." },
                    { S003, "CARD PLAY", "There is no limit to the number of cards in your hand." } },
        .see = { "win" },
    },
    {
        .id = "weapons",
        .ask = "How do weapons work?",
        .ruling = "You fight with one weapon at a time, chosen before you roll. A weapon tied to a "
                  "location may be played when that location is the top card of the map stack, on anyone's "
                  "turn; it need not be where you are. Once in front of you, it is used wherever you are.",
        .why_ruling = "The rulebook names the location only “when playing” the weapon, and says nothing "
                      "about using it once played.",
        .rules = { "ZC-WEAPON-CHOICE", "ZC-ONE-WEAPON", "ZC-WEAPON-OFFER", "ZC-WEAPON-CHOSEN",
                   "ZC-FX-WEAPON" },
        .quotes = { { S003, "FIGHTING ZOMBIES",
                      "You may only use one weapon at a time for combat. Choose which weapon before "
                      "you roll." },
                    { S003, "CARD CLARIFICATIONS",
                      "When playing a weapon with a specific location, that location just needs to "
                      "be the top card of the map stack, no matter who's turn it is. It doesn't "
                      "necessarily have to be your current location." } },
        .see = { "one-card" },
    },
    {
        .id = "failed-roll",
        .ask = "I rolled under 4: what do I pay?",
        .ruling = "Bullets: each card from your bullet pile raises the roll by one; take enough to reach "
                  "4. They go to the bottom of your draw deck, the zombie dies, and you may still draw a "
                  "card for it. A bullet a card makes you lose or discard also goes under your draw deck.",
        .rules = { "ZC-ROLL", "ZC-PAY-BULLETS", "ZC-BONUS-OFFER", "ZC-FX-LOSE-BULLET",
                   "ZC-FX-DISCARD-BULLET" },
        .quotes = { { S003, "FIGHTING ZOMBIES",
                      "Each card taken from your bullet stack will raise the number rolled by one. "
                      "[...] The cards drawn from your bullet stack in this way are placed at the "
                      "bottom of your draw deck. If you have played enough cards from the bullet "
                      "stack to kill the zombie, you may draw a card from your draw deck." },
                    { S003, "CARD CLARIFICATIONS",
                      "When a card states that you lose a bullet, take a card from your bullet stack "
                      "and place it at the bottom of your draw deck." } },
        .most_asked = 2,
        .see = { "no-bullets" },
    },
    {
        .id = "no-bullets",
        .ask = "I don't have enough bullets to reach 4: what happens?",
        .ruling = "Pay every bullet you have, then the rest in cards from the bottom of the map stack "
                  "(never its top card, your location); all go to the bottom of your draw deck. You draw "
                  "no card, lose every card you have in play (under your draw deck too) and fight no more "
                  "this turn. If the map stack below its top card holds too few, you are dead and out of "
                  "the game.",
        .why_ruling = "The rulebook says you lose the cards you have in play but not where they go; a lost "
                      "bullet goes under the draw deck, so they do too.",
        .rules = { "ZC-PAY-MAP", "ZC-DEATH", "ZC-COMBAT-OVER" },
        .variant = &zc_variants[ZC_V_LOST_CARDS],
        .quotes = { { S003, "FIGHTING ZOMBIES",
                      "If you do not have enough cards in your bullet stack to raise your roll to a 4, "
                      "take additional cards from the bottom of the \"map\" stack in the middle of the "
                      "table to equal a die roll of 4. These cards are also placed on the bottom of your "
                      "draw deck. (Take the cards "
                      "at the bottom of the \"map\" stack being sure to leave the current map card "
                      "on top of the stack. The top map card is not considered to be part of the map "
                      "stack for card drawing purposes.)" },
                    { S003, "FIGHTING ZOMBIES",
                      "you lose any and all weapons/cards played in front of you. At that point, you "
                      "do not have further combat [...] that turn (no matter how many zombies are "
                      "left at your location)." },
                    { S003, "FIGHTING ZOMBIES",
                      "If there are not enough cards in the \"map\" stack when you need to draw from "
                      "it, not including the current map card, you are dead and out of the game." } },
        .most_asked = 1,
        .see = { "failed-roll", "no-guts", "last-standing" },
        .house = { { ZC_LOST_BULLET_PILE, "The cards you lose from play go onto your bullet pile." } },
    },
    {
        .id = "no-guts",
        .ask = "What does No Guts, No Glory change?",
        .ruling =
            "With it in play, a failed roll that your bullets and the map stack together cannot pay "
            "ends your turn instead of killing you, once you are out of bullets: you spend every bullet "
            "you have first (under your draw deck, as any payment), then your turn ends and the card "
            "goes onto your bullet pile.",
        .why_ruling = "The card speaks of being “out of bullets” and unable to draw from the map stack, "
                      "not of what the roll costs; as written, your bullets are spent before it saves you.",
        .rules = { "ZC-FX-NO-GUTS", "ZC-NO-GUTS" },
        .variant = &zc_variants[ZC_V_NO_GUTS],
        .quotes = { { S003, "CARD CLARIFICATIONS",
                      "No Guts, No Glory — If you are out of bullets and cannot draw from the map "
                      "stack with a failed combat roll, your turn ends. You are not eliminated from "
                      "the game as normal." } },
        .see = { "no-bullets" },
        .house = { { ZC_NO_GUTS_PAY_NOTHING,
                     "A roll the card saves you from costs nothing: you keep any bullets you have." } },
    },
    {
        .id = "win",
        .ask = "When do I win?",
        .ruling = "As soon as the last card of your draw deck is drawn, into your hand or as your map card "
                  "at the start of your turn. Bullets you pay go back under your draw deck and put the "
                  "helipad further off.",
        .why_ruling =
            "The objective counts any way of emptying the draw deck; the rule for winning speaks of "
            "drawing the last card without saying whether the map card counts.",
        .rules = { "ZC-WIN", "ZC-WIN-MAP", "ZC-WIN-AFTER-FIGHT", "ZC-BONUS-DRAW" },
        .variant = &zc_variants[ZC_V_LAST_CARD],
        .quotes = { { S003, "OBJECTIVE",
                      "Be the first one to find your way to the \"helipad,\" first. (This is "
                      "accomplished by exhausting all of the cards in your draw deck.)" },
                    { S003, "WINNING THE GAME",
                      "When you have drawn the last card from your draw deck, you are considered to "
                      "have found the \"helipad.\"" } },
        .most_asked = 4,
        .see = { "drawing", "last-standing" },
        .house = { { ZC_LAST_AFTER_FIGHT,
                     "A map card that empties your deck wins only once you have fought its zombies "
                     "and lived." } },
    },
    {
        .id = "last-standing",
        .ask = "Every other player is dead: have I won?",
        .ruling = "Yes, at once: the last player alive wins.",
        .why_ruling = "The rulebook does not say; the game is a race to the helipad, and nobody is left to "
                      "race.",
        .rules = { "ZC-LAST-STANDING", "ZC-ALL-DEAD" },
        .variant = &zc_variants[ZC_V_LAST_STANDING],
        .quotes = { { S003, "OBJECTIVE", "Be the first one to find your way to the \"helipad,\" first." },
                    { S003, "FIGHTING ZOMBIES", "you are dead and out of the game" } },
        .see = { "win", "no-bullets" },
        .house = { { ZC_STANDING_PLAYS_ON,
                     "The last player alive plays on, and wins only by reaching the helipad." } },
    },
    { .id = NULL },
};
