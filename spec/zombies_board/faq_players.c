/*
 * faq_players.c - the questions players of the Zombies!!! board-game
 * variant in 004 ask, for the players' FAQ that opens `undead faq`: each
 * with a short ruling under undead's default readings, the passages of 004
 * it rests on, quoted verbatim (tests/test_faq_players.c finds each in the
 * file), the rules that enforce it, and the variant where 004 is silent.
 * The rulings are undead's own words.
 */
#include "zombies_board.h"

#define S004 "004_7b390799ec2a25ac.txt"

const ud_faq_question zb_players_faq[] = {
    { "first",
      "Who goes first?",
      "The lowest die roll. 004 does not say what a tie does; undead has the tied players roll again.",
      "ZB-FIRST-PLAYER",
      NULL,
      NULL,
      { { S004, "TURN SEQUENCE", "First player is determined by low die roll." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "combat",
      "How does a fight with a zombie go?",
      "Roll a die: 4 to 6 kills it. On 1 to 3 lose a life, or spend bullets to raise the roll to 4; roll "
      "again until the zombie dies or you do. You cannot walk away.",
      "ZB-COMBAT-ROLL ZB-COMBAT-PAY ZB-SHOOT ZB-BLEED ZB-KILL",
      NULL,
      NULL,
      { { S004, "COMBAT RULES",
          "A roll of 1, 2 or 3 means that the player must either forfeit a life token or spend enough bullet "
          "tokens to raise roll to 4." },
        { S004, "COMBAT RULES", "A player can never voluntarily leave combat." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "movement",
      "How far can I move?",
      "Twice the life tokens you held when your turn began, fewer if you like; losing a life in a fight this "
      "turn does not shorten it, and what you leave unused is lost.",
      "ZB-MAY-MOVE ZB-STEP ZB-STOP",
      NULL,
      NULL,
      { { S004, "MOVEMENT RULES",
          "Player movement allowance is equal to twice the number of life tokens held at the beginning of the "
          "turn." },
        { S004, "MOVEMENT RULES",
          "Move allowance will not decrease as a result of losing combat during the same turn." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "other-player",
      "What happens when I move onto another player?",
      "You may take one bullet token from them (or leave it), and they cannot refuse; you may not end your "
      "move there. Passing the same player again in the same move gives you no second bullet: one from each "
      "player a move.",
      "ZB-TAKE-BULLET-ASK ZB-TAKE-BULLET-OFFER ZB-TAKE-BULLET ZB-TAKE-BULLET-LEAVE ZB-STEP",
      "bullet-take",
      "\"A single bullet token from that player\": one from each player you pass; the other reading gives one "
      "each time you step onto their space.",
      { { S004, "MOVEMENT RULES",
          "A player that moves on the same space as another may take a single bullet token from that player." },
        { S004, "MOVEMENT RULES", "Players cannot end a move on another player-occupied space." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "survivors",
      "How many survivors does a cleared building hold?",
      "Roll a die once its zombies are all dead: 1 none, 2-3 one, 4-5 two, 6 three. They travel with you and "
      "die with you.",
      "ZB-SURVIVORS ZB-DEATH",
      NULL,
      NULL,
      { { S004, "MOVEMENT RULES",
          "A roll of 1 means no survivors, a roll of 2 or 3 indicates one, 4 or 5 means two survivors and a 6 "
          "means three survivors." },
        { S004, "MOVEMENT RULES",
          "If that player is killed, all of their survivors are also killed and eaten by the zombies." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "death",
      "I was killed: what now?",
      "You lose your zombies and survivors and leave the board. Next turn you may start a new character at the "
      "centre of the Town Square; it may not move until the turn after.",
      "ZB-DEATH ZB-REVIVE-OFFER ZB-NEW-CHARACTER ZB-NEW-CHARACTER-SKIP",
      "new-character",
      "\"May not move\" forbids moving only; undead lets the new character fight, place tiles and play cards.",
      { { S004, "COMBAT RULES",
          "When a player is killed that player forfeits all zombies and survivors and is removed from the "
          "board." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "zombie-move",
      "Who moves the zombies, and where?",
      "You do, at the end of your move: every zombie that can move goes one space, north, east, south or west, "
      "never onto another zombie. You choose the direction of each; a zombie with only one way to go takes it. "
      "004 gives no order; undead moves them row by row from the top left of the board.",
      "ZB-ZOMBIES-NEXT ZB-ZOMBIE-OFFER ZB-ZOMBIE-MOVE ZB-ZOMBIES-DONE",
      NULL,
      NULL,
      { { S004, "TURN SEQUENCE",
          "Move all zombies that can be legally moved just one space each in any direction." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "road-zombies",
      "Where do the zombies of a street tile go?",
      "As many zombies as the tile has road openings; you put each on any road space of that tile, one to a "
      "space.",
      "ZB-ROAD-ZOMBIES ZB-ROAD-ZOMBIE-OFFER ZB-ROAD-ZOMBIE",
      NULL,
      NULL,
      { { S004, "PLACING MAP TILES", "They may be placed on any legal road space on that tile." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "food-source",
      "Do I have to fight every zombie I walk onto?",
      "Yes, unless an Alternate Food Source card is in play: then you walk through. (What the card does beyond "
      "that, and for how long, the text does not say; undead's sample card lasts for the turn of the player "
      "who plays it.)",
      "ZB-FOOD-SOURCE ZB-ENTER-COMBAT",
      NULL,
      NULL,
      { { S004, "MOVEMENT RULES",
          "Every time a player moves on a space occupied by a zombie, combat must occur before continuing move "
          "(Unless the Card \"Alternate Food Source\" is in play)." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "blocked",
      "No tile in my hand fits: what then?",
      "You lose the rest of that turn: no move, no zombies moved, no trade, no new cards or tiles, and no life "
      "for ending it on the Town Square.",
      "ZB-BLOCKED",
      NULL,
      NULL,
      { { S004, "PLACING MAP TILES",
          "If this occurs, the player without playable tiles loses the rest of that turn" } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "trade",
      "When can I trade kills for bullets?",
      "At the end of your turn, three kills for one bullet; undead asks how many to trade.",
      "ZB-TRADE-ASK ZB-TRADE-OFFER ZB-TRADE ZB-TRADE-ALL",
      "trade",
      "\"May be traded\" is a choice.",
      { { S004, "RESOURCE REPLENISHMENT",
          "Killed zombies may be traded for bullet tokens at a rate of three zombies per bullet." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "town-square",
      "What does ending a turn on the Town Square give me?",
      "One life token, each time you end your turn on its centre.",
      "ZB-SQUARE-LIFE",
      NULL,
      NULL,
      { { S004, "MOVEMENT RULES",
          "Each time a player ends his turn on the center of the Town Square, that player gains one life "
          "token." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "heliport",
      "How do I win?",
      "Rescue three survivors; on your next turn you may place the Heliport at a legal space (or keep it for a "
      "later turn), then reach its centre square with your three survivors. If you are killed before placing "
      "it, the next player to rescue three survivors gets it (004 does not say; this is undead's ruling).",
      "ZB-HELIPORT-EARNED ZB-HELIPORT ZB-HELIPORT-DECLINED ZB-HELIPORT-WIN",
      "heliport-space",
      "A legal space for a tile is one where its roads join; 004 gives the Heliport no other condition.",
      { { S004, "END GAME",
          "The first player with three survivors to reach the center square of the Heliport tile wins." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { "no-heliport",
      "The Heliport cannot be placed: who wins?",
      "Play goes on, its owner trying again each turn, until every Named Building has been laid and searched; "
      "then the player with the most rescued survivors wins. If all other players are out first, the last "
      "living player wins; while the Heliport can still be placed, the last player plays on alone. If no tile "
      "can be placed any more, the game ends once every building on the board has been searched.",
      "ZB-NO-HELIPORT-WAIT ZB-ALL-SEARCHED ZB-LAST-ALIVE ZB-NO-HELIPORT ZB-ALL-RESCUED",
      "no-heliport",
      "This is 004 word for word. The other reading ends the game as soon as the Heliport cannot be placed, "
      "which is shorter: waiting for every building often runs into undead's round cap.",
      { { S004, "END GAME",
          "When the Heliport cannot be placed, the winner is the last living player or the player with the "
          "most rescued survivors once all Named Buildings have been searched." } },
      0,
      NULL,
      { { NULL, NULL } } },
    { NULL, NULL, NULL, NULL, NULL, NULL, { { NULL, NULL, NULL } }, 0, NULL, { { NULL, NULL } } },
};
