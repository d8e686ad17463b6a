/*
 * faq_players.c - the questions players of the Zombies!!! board-game
 * variant in 004 ask, for the players' FAQ that opens `undead faq`: each
 * answered in players' words under the default readings, with the
 * passages of 004 it rests on, quoted verbatim (tests/test_faq_players.c
 * finds each in the file), the rules that enforce it (shown in the
 * reference only), and where 004 is silent, the reason for the ruling and
 * the other readings as house rules.  The rulings are undead's own words;
 * the source key names 004.
 */
#include "zombies_board.h"

#define S004 "004_7b390799ec2a25ac.txt"

const ud_faq_source zb_faq_sources[] = {
    { S004, "Zombies!!!: Yet another rules variant",
      "a player-written set of rules for the Zombies!!! board game, not the publisher's (so it says of "
      "itself)",
      "Rules variant" },
    { NULL, NULL, NULL, NULL },
};

const ud_faq_question zb_players_faq[] = {
    {
        .id = "first",
        .ask = "Who goes first?",
        .ruling =
            "Everyone rolls a die and the lowest roll goes first; players tied for lowest roll again. Play "
            "then goes clockwise.",
        .why_ruling = "The rules say the low roll goes first but not how to break a tie.",
        .rules = { "ZB-FIRST-PLAYER", "ZB-NEXT" },
        .quotes = { { S004, "TURN SEQUENCE",
                      "First player is determined by low die roll. [...] Play proceeds clockwise." } },
    },
    {
        .id = "tiles",
        .ask = "How do I place map tiles, and where do their zombies go?",
        .ruling =
            "Place every tile from your hand that can legally go: turned any way, roads joined, no road "
            "ending at a building's side. A Named Building gets the zombies and tokens printed on it, "
            "inside it, never two zombies or two tokens on a space; any other tile, the three street tiles "
            "with a name in brackets (The Warehouse, Theater 6, Media Buy) among them, gets a zombie per road "
            "opening, placed by you on its roads.",
        .why_ruling =
            "The rules list those three among the map tiles with no zombie or token numbers, and do "
            "not say whether their names make them buildings; here they are plain streets.",
        .rules = { "ZB-PLACE-MORE", "ZB-PLACE-OFFER", "ZB-PLACE", "ZB-NAMED-STOCK", "ZB-ROAD-ZOMBIES",
                   "ZB-ROAD-ZOMBIE-OFFER", "ZB-ROAD-ZOMBIE" },
        .quotes = { { S004, "PLACING MAP TILES",
                      "Tiles may be rotated any direction, but must be placed so that roads are connected. "
                      "Roads may not be blocked by the side of a building. [...] All tokens and zombies must "
                      "be placed inside the building, not on the street spaces." },
                    { S004, "PLACING MAP TILES",
                      "When a Map Tile with an unnamed building [...] is played, it comes into play with a "
                      "number of zombies on it equal to the number of road access points it has. They may be "
                      "placed on any legal road space on that tile." },
                    { S004, "GAME SETUP",
                      "Right angle bend (The Warehouse Straight through street (Theater 6) T-junction (Media "
                      "Buy" } },
        .see = { "blocked" },
    },
    {
        .id = "blocked",
        .ask = "None of my tiles can be placed: what then?",
        .ruling =
            "If you cannot place a single tile of your hand, you lose the rest of that turn (no move, no "
            "zombies moved, no trade, no draw); holding no tiles at all does not count, and you play your "
            "turn on. On your later turns, while your tiles still fit nowhere, you "
            "skip placing tiles and play the rest of the turn as usual; if you place a tile again and later "
            "get stuck again, you lose that turn too. Once no tile fits anywhere, play goes on until one "
            "player is left alive or every Named Building on the board is searched; then the player with the "
            "most rescued survivors wins.",
        .why_ruling =
            "The rules say you lose the rest of “that turn” and that play continues; if you lost every turn "
            "your tiles fit nowhere, a closed town would stop all play and the game could never end as the "
            "rules say. Nor do they say when “all survivors have been rescued”: here, once every building on "
            "the board has been searched. With no tiles in hand you have none to play, so you are not stuck.",
        .rules = { "ZB-BLOCKED", "ZB-BLOCKED-AGAIN", "ZB-BLOCKED-EVERY-TURN", "ZB-PLACE-DONE",
                   "ZB-ALL-RESCUED", "ZB-LAST-ALIVE" },
        .variant = &zb_variants[ZB_V_BLOCKED],
        .quotes = { { S004, "PLACING MAP TILES",
                      "It is possible to place Map Tiles in such a way that no further tiles can be placed. "
                      "If this occurs, the player without playable tiles loses the rest of that turn and "
                      "play continues until one player is left alive or all survivors have been rescued" } },
        .see = { "tiles", "no-heliport" },
        .house = { { ZB_BLOCKED_EVERY_TURN,
                     "You lose every turn in which none of your tiles can be placed, not only the first." } },
    },
    {
        .id = "combat",
        .ask = "When do I fight a zombie, and how?",
        .ruling =
            "When you start your turn on a zombie's space or step onto one (unless Alternate Food Source is "
            "in play). Roll a die: 4 to 6 kills it. On 1 to 3, spend bullets to make the roll 4, or lose a "
            "life and roll again, until the zombie or you are dead (you cannot walk away); once it is dead, "
            "you may pick up a life or bullet token on its space, or leave it there.",
        .rules = { "ZB-START-COMBAT", "ZB-ENTER-COMBAT", "ZB-FOOD-SOURCE", "ZB-COMBAT-ROLL", "ZB-COMBAT-PAY",
                   "ZB-SHOOT", "ZB-BLEED", "ZB-KILL", "ZB-SPOILS-ASK", "ZB-SPOILS-OFFER", "ZB-SPOILS-COLLECT",
                   "ZB-SPOILS-LEAVE" },
        .quotes = { { S004, "COMBAT RULES",
                      "Any time a player begins a turn in the same space as a zombie, or lands on a space "
                      "occupied by a zombie during movement, combat ensues." },
                    { S004, "COMBAT RULES",
                      "A roll of 1, 2 or 3 means that the player must either forfeit a life token or spend "
                      "enough bullet tokens to raise roll to 4. Combat continues until the player wins or "
                      "runs out of life tokens. Once the zombie is dead, player may collect any life or bullet "
                      "token in that space and continue movement. A player can never voluntarily leave "
                      "combat." },
                    { S004, "MOVEMENT RULES",
                      "Every time a player moves on a space occupied by a zombie, combat must occur before "
                      "continuing move (Unless the Card \"Alternate Food Source\" is in play)." } },
        .most_asked = 1,
        .see = { "death", "end-of-turn" },
    },
    {
        .id = "movement",
        .ask = "How far can I move, and where?",
        .ruling =
            "Up to twice the life tokens you held when your turn began, fewer if you like; a life lost in a "
            "fight this turn does not shorten it, and what you leave is lost. Move up, down, left or right, "
            "in and out of Named Buildings only by their doors, into no other building. A token you step on "
            "with no zombie is yours.",
        .rules = { "ZB-TURN", "ZB-MAY-MOVE", "ZB-STEP-OFFER", "ZB-STEP", "ZB-STOP", "ZB-MOVE-DONE",
                   "ZB-CLAIM-TOKEN" },
        .quotes = { { S004, "MOVEMENT RULES",
                      "Player movement allowance is equal to twice the number of life tokens held at the "
                      "beginning of the turn. Move allowance will not decrease as a result of losing combat "
                      "during the same turn." },
                    { S004, "MOVEMENT RULES",
                      "Players and zombies may only move in or out of Named Buildings, and only by using "
                      "door spaces. No other buildings may be entered. [...] Neither players nor zombies may "
                      "make diagonal moves." } },
        .most_asked = 2,
        .see = { "other-player", "combat" },
    },
    {
        .id = "other-player",
        .ask = "What happens when I move onto another player's space?",
        .ruling =
            "You may take one bullet token from them, and they cannot refuse; you take at most one from each "
            "player in a move, however often you pass them. You may not end your move there, so you step "
            "onto them only with a move left to step off to a space with no other player. If you have not "
            "moved this turn, you may stay on a space you share, as everyone starts on the Town Square's "
            "centre.",
        .why_ruling =
            "“A single bullet token from that player” is taken as one from each player a move, not one each "
            "time you step onto them; and a move ends where you stop, so standing still ends none.",
        .rules = { "ZB-TAKE-BULLET-ASK", "ZB-TAKE-BULLET-OFFER", "ZB-TAKE-BULLET", "ZB-TAKE-BULLET-LEAVE",
                   "ZB-STEP-OFFER" },
        .variant = &zb_variants[ZB_V_BULLET],
        .quotes = { { S004, "MOVEMENT RULES",
                      "A player that moves on the same space as another may take a single bullet token from "
                      "that player. Second player may not refuse. Players cannot end a move on another "
                      "player-occupied space." } },
        .see = { "movement" },
        .house = { { ZB_BULLET_EACH_ENTRY,
                     "Take a bullet each time you step onto another player's space." } },
    },
    {
        .id = "zombie-move",
        .ask = "Who moves the zombies, and how?",
        .ruling =
            "You do, as step 4 of your own turn, one zombie at a time in any order you choose: each zombie "
            "that can move goes one space where you choose, as a player could step, but never onto another "
            "zombie, and moves once. One that could not move at first moves once another has made room, and "
            "moving one first may keep another off your space. A zombie may move onto a player, who fights "
            "it when their turn starts.",
        .rules = { "ZB-ZOMBIES-NEXT", "ZB-ZOMBIE-FORCED", "ZB-ZOMBIE-OFFER", "ZB-ZOMBIE-MOVE",
                   "ZB-ZOMBIES-DONE", "ZB-START-COMBAT" },
        .quotes = { { S004, "TURN SEQUENCE",
                      "During a turn each player must complete the following steps in order: [...] Move all "
                      "zombies that can be legally moved just one space each in any direction." },
                    { S004, "PLACING MAP TILES", "no space may contain more than one zombie" },
                    { S004, "MOVEMENT RULES", "Neither players nor zombies may make diagonal moves." } },
        .most_asked = 3,
        .see = { "combat" },
    },
    {
        .id = "survivors",
        .ask = "How many survivors does a Named Building hold?",
        .ruling =
            "Once no zombie is left in it, killed or walked out, the player inside rolls a die: 1 none, 2 or "
            "3 one, 4 or 5 two, 6 three; a marker shows the building has been searched. Survivors travel "
            "with you and die with you.",
        .why_ruling =
            "The rules say “players roll” without saying who, and tie it to the zombies being “eliminated” "
            "without saying whether zombies that walked out count; the player in the emptied building rolls.",
        .rules = { "ZB-SURVIVORS", "ZB-SURVIVORS-KILLED", "ZB-DEATH" },
        .variant = &zb_variants[ZB_V_SURVIVORS],
        .quotes = { { S004, "MOVEMENT RULES",
                      "After all zombies have been eliminated from a Named Building, players roll 1d6 to "
                      "determine number of survivors. [...] The survivors move with and occupy the same "
                      "space as their rescuing player. If that player is killed, all of their survivors are "
                      "also killed and eaten by the zombies." } },
        .see = { "heliport", "death" },
        .house = { { ZB_SURVIVORS_KILLED,
                     "Roll only when you kill the last zombie inside a building; one its zombies walked out of "
                     "is searched only once a zombie that comes back is killed in it." } },
    },
    {
        .id = "death",
        .ask = "I was killed: what now?",
        .ruling =
            "You lose your kill pile, survivors and weapons, and leave the board. On your next turn you may "
            "stay out or start a new character on the centre of the Town Square with what everyone started "
            "with: three lives, three bullets, and three event cards and three map tiles in hand (your hand "
            "is filled back up at the end of every turn, the one you died in too). It may not move that "
            "turn, but may fight, place tiles and play cards.",
        .why_ruling =
            "The rules say only that a new character “may not move until the next turn”, and nothing of "
            "weapons; they go with the character.",
        .rules = { "ZB-DEATH", "ZB-DEAD-CHOOSES", "ZB-REVIVE-OFFER", "ZB-NEW-CHARACTER",
                   "ZB-NEW-CHARACTER-SKIP", "ZB-RETIRE" },
        .variant = &zb_variants[ZB_V_NEWCHAR],
        .quotes = { { S004, "COMBAT RULES",
                      "When a player is killed that player forfeits all zombies and survivors and is removed "
                      "from the board. On the following turn the player may choose to begin a new character "
                      "by placing a pawn on the center of the town square, but may not move until the next "
                      "turn. New characters start with the same allotment of resources as in initial setup" },
                    { S004, "GAME SETUP",
                      "At game start, each player receives 3 of each: bullet tokens, life tokens, Event Cards "
                      "and Map Tiles." } },
        .most_asked = 5,
        .see = { "combat", "heliport" },
        .house = { { ZB_NEWCHAR_SKIP_TURN, "Placing the new character's pawn is its whole turn." } },
    },
    {
        .id = "end-of-turn",
        .ask = "What happens at the end of my turn?",
        .ruling =
            "Trade kills for bullets if you like, three kills for each bullet, then draw event cards and "
            "tiles back up to three of each. If you end your turn on the centre of the Town Square, you gain "
            "a life token.",
        .why_ruling =
            "The rules say kills “may be traded” without saying when, or whether all must be; you trade as "
            "many as you like at the end of your turn.",
        .rules = { "ZB-SQUARE-LIFE", "ZB-TRADE-ASK", "ZB-TRADE-OFFER", "ZB-TRADE", "ZB-TRADE-ALL", "ZB-DRAW",
                   "ZB-REPLENISH-DONE" },
        .variant = &zb_variants[ZB_V_TRADE],
        .quotes = { { S004, "RESOURCE REPLENISHMENT",
                      "At the end of each turn, a player draws Cards and Tiles to replenish allotment of "
                      "three each. Killed zombies may be traded for bullet tokens at a rate of three zombies "
                      "per bullet." },
                    { S004, "MOVEMENT RULES",
                      "Each time a player ends his turn on the center of the Town Square, that player gains "
                      "one life token." } },
        .house = { { ZB_TRADE_ALL, "At the end of your turn every three kills become a bullet." } },
    },
    {
        .id = "heliport",
        .ask = "How do I win?",
        .ruling =
            "Be the first to rescue three survivors: from your next turn you may place the Heliport wherever "
            "a tile could legally go, or keep it for a later turn. The first player with three survivors to "
            "reach its centre square wins. If you are killed before placing it, it goes to the next player "
            "to hold three rescued survivors.",
        .why_ruling =
            "The rules say once that you “may place” the Heliport on your next turn and once that you place "
            "it then, and nothing of an owner killed first.",
        .rules = { "ZB-HELIPORT-EARNED", "ZB-HELIPORT-DUE", "ZB-HELIPORT", "ZB-HELIPORT-MAY",
                   "ZB-HELIPORT-DECLINED", "ZB-HELIPORT-WIN", "ZB-DEATH" },
        .variant = &zb_variants[ZB_V_HELI_PLACE],
        .quotes = { { S004, "END GAME",
                      "The first player to rescue three survivors may place the Heliport tile at any legal "
                      "space on that player's following turn. The first player with three survivors to reach "
                      "the center square of the Heliport tile wins." },
                    { S004, "PLACING MAP TILES",
                      "When a player has rescued three survivors, they place the Heliport card at any legal "
                      "space on the next turn." } },
        .most_asked = 4,
        .see = { "survivors", "no-heliport" },
        .house = { { ZB_HELI_PLACE_MUST,
                     "Place the Heliport on your next turn if there is a space for it." } },
    },
    {
        .id = "no-heliport",
        .ask = "The Heliport cannot be placed: who wins?",
        .ruling =
            "Play goes on, its owner trying again each turn, until every Named Building has been laid and "
            "searched; then the player with the most rescued survivors wins. If all other players are out of "
            "the game before that, the last one left wins; a player whose character was killed is still in "
            "the game until they choose not to start a new one.",
        .why_ruling =
            "The rules name both winners in one sentence, the last living player and the most survivors "
            "“once all Named Buildings have been searched”; play goes on until one of them is found. A killed "
            "player who may still come back counts as living.",
        .rules = { "ZB-NO-HELIPORT-WAIT", "ZB-ALL-SEARCHED", "ZB-LAST-ALIVE", "ZB-NO-HELIPORT" },
        .variant = &zb_variants[ZB_V_NO_HELI],
        .quotes = { { S004, "END GAME",
                      "When the Heliport cannot be placed, the winner is the last living player or the "
                      "player with the most rescued survivors once all Named Buildings have been "
                      "searched." } },
        .see = { "heliport", "blocked" },
        .house = { { ZB_NO_HELI_AT_ONCE,
                     "The game ends as soon as the Heliport cannot be placed: the last living player wins, "
                     "or else the one with the most rescued survivors." } },
    },
    { .id = NULL },
};
