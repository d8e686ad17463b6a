/*
 * faq_players.c - the questions Dice of the Living Dead players ask, for
 * the players' FAQ that opens `undead faq`: each answered in players'
 * words under the default readings, with the passages of 002 it rests on,
 * quoted verbatim (tests/test_faq_players.c finds each in the file), the
 * rules that enforce it (shown in the reference only), and where 002 is
 * silent, the reason for the ruling and the other readings as house
 * rules.  The rulings are undead's own words; the source key names 002.
 */
#include "dotld.h"
#include "dotld_extras.h"

#define S002 "002_1e442ea09f23bb8e.txt"

const ud_faq_source dl_faq_sources[] = {
    { S002, "Dice of the Living Dead, 2nd edition: How to Play",
      "the designer's rulebook, free to print and play (game design by Mads Brynnum, as it says): the solo "
      "game, with rules for playing with more than one player at its end",
      "How to Play" },
    { NULL, NULL, NULL, NULL },
};

const ud_faq_question dl_players_faq[] = {
    {
        .id = "ones",
        .ask = "Can I reroll a die that shows 1?",
        .ruling = "A Survivor Die, no: it goes at once to the zombie pool as one more zombie. The "
                  "Scavenger Dice, yes; but each time it shows 1 it infects a Healthy Survivor at once.",
        .rules = { "DL-LOCK-ONES", "DL-LURKING-ZOMBIE", "DL-MARK-SCAVENGER", "DL-SCAVENGE-1" },
        .quotes = { { S002, "2. ROLL DICE",
                      "However, all Survivor Dice showing \"1\" cannot be re-rolled. Immediately "
                      "place it in the zombie pool where it counts for an extra zombie." },
                    { S002, "2. ROLL DICE",
                      "Whenever you roll a 1 on the Scavenger Dice, you must immediately resolve it "
                      "by infecting a survivor (see below). You are allowed to reroll a 1 on the "
                      "Scavenger Dice." } },
        .most_asked = 2,
        .see = { "time" },
    },
    {
        .id = "move",
        .ask = "How far does a movement die move the pawn?",
        .ruling = "One space per die in the Movement Pool, whatever it shows; you must spend them all. At "
                  "the Safe House (the green space) you stop, and any movement left is lost.",
        .why_ruling = "The rulebook does not say how far a movement die moves; its face only sends it to the "
                      "Movement Pool.",
        .rules = { "DL-MOVE", "DL-STEP", "DL-SAFE-STOP" },
        .variant = &dl_variants[DL_V_MOVE],
        .quotes = { { S002, "4. MOVEMENT",
                      "When moving you have to spend all the dice placed in the Movement Pool." },
                    { S002, "4. MOVEMENT",
                      "If you reach the green space, you've made it to the Safe House and don't move "
                      "any further – any excess movement is lost." } },
        .most_asked = 1,
        .see = { "zombie-spaces" },
        .house = { { DL_MOVE_FACE, "Each movement die moves the pawn as many spaces as it shows, 3 or 4." } },
    },
    {
        .id = "zombie-spaces",
        .ask = "What do the zombie spaces on the track cost us?",
        .ruling = "Each one you pass adds a zombie to the pool, the one you end on adds two, the one you "
                  "start from none. In a solo game the move also draws one Stress Card, however many "
                  "zombie spaces it crosses.",
        .why_ruling = "The rulebook says to “draw one Stress Card” without saying whether that is one a move "
                      "or one a space.",
        .rules = { "DL-ZOMBIE-PASS", "DL-ZOMBIE-LAND", "DL-STRESS-DRAW" },
        .variant = &dl_variants[DL_V_STRESS_DRAW],
        .quotes = { { S002, "4. MOVEMENT",
                      "For each space with a zombie icon you pass, add 1 zombie to the zombie pool "
                      "[...] If you end your movement on a zombie icon, add 2 zombies to the zombie "
                      "pool." },
                    { S002, "4. MOVEMENT",
                      "You do not add a zombie from a space you begin your movement on." },
                    { S002, "4. MOVEMENT",
                      "If you land on or pass a space with a Zombie, you also draw one Stress "
                      "Card." } },
        .most_asked = 3,
        .see = { "stress" },
        .house = { { DL_STRESS_PER_SPACE, "Draw a Stress Card for every zombie space you pass or end on." } },
    },
    {
        .id = "stress",
        .ask = "When does a Stress Card take effect?",
        .ruling = "In a solo game, at once if its “play when” condition was met earlier in the round, "
                  "otherwise when it is met later in the round; once only. It is discarded at the end of "
                  "the round.",
        .why_ruling =
            "The rulebook keeps the card active to the end of the round but does not say whether it "
            "acts again when its condition comes again.",
        .rules = { "DL-STRESS-RESOLVE", "DL-STRESS-DISCARD" },
        .variant = &dl_variants[DL_V_STRESS_REPEAT],
        .quotes = { { S002, "4. MOVEMENT",
                      "The Stress Card is active until the end of the round, so if the play when "
                      "condition is later met, resolve the effect." } },
        .see = { "zombie-spaces", "stress-multiplayer" },
        .house = { { DL_STRESS_EACH_TIME,
                     "A Stress Card takes effect again each time its condition is met in the "
                     "round, but not when a Stress Card's effect (its own or another's) meets it; one roll "
                     "meets it once, however many dice show the face." } },
    },
    {
        .id = "stress-multiplayer",
        .ask = "How do Stress Cards work with more than one player?",
        .ruling = "Each player is dealt one, keeps it hidden and plays it as soon as its condition is met; "
                  "zombie spaces draw no cards. A player without one draws one at the end of the safe "
                  "house phase.",
        .why_ruling = "The rules for more players do not say that you must play the card, nor whether zombie "
                      "spaces still draw cards.",
        .rules = { "DL-MP-STRESS-DEAL", "DL-MP-STRESS-PLAY", "DL-MP-STRESS-CHOICE", "DL-MP-STRESS-REFILL",
                   "DL-STRESS-DRAW" },
        .variant = &dl_variants[DL_V_STRESS_HAND],
        .quotes = { { S002, "MULTIPLAYER RULES: SETUP",
                      "Deal a Stress Card to each player. You must keep your card hidden and only "
                      "play it when the play when condition is met." } },
        .see = { "stress" },
        .house = { { DL_STRESS_HAND_MAY_HOLD,
                     "When your Stress Card's condition is met you may keep it hidden instead of "
                     "playing it." } },
    },
    {
        .id = "time",
        .ask = "What costs us Time?",
        .ruling = "One Time for each Survivor Die left showing 2 after your last roll, and one at once for "
                  "each rerolled fight die that shows 1. A 1 on a fight die's first roll costs nothing, "
                  "and so does a fight that an event brings at a safe house.",
        .rules = { "DL-POOLS", "DL-REROLLED-ONE", "DL-FIGHT-REROLL", "DL-EVENT-FIGHT-NO-TIME" },
        .quotes = { { S002, "2. ROLL DICE", "Then lose 1 Time for each Survivor Dice showing 2" },
                    { S002, "5. COMBAT", "If a rerolled dice shows 1, immediately lose one Time." },
                    { S002, "6. SAFE HOUSE",
                      "But since you are in fact in the safe house you cannot lose time while "
                      "fighting as a result of an event." } },
        .see = { "lose" },
    },
    {
        .id = "zombies-left",
        .ask = "What do the zombies we don't kill do?",
        .ruling = "Each kills one Healthy Survivor, then they are gone: none carry over. With no Healthy "
                  "Survivor left an Infected one dies instead, here and wherever else a Healthy Survivor "
                  "must be lost.",
        .why_ruling = "The rulebook does not say who dies when no Healthy Survivor is left; the infected are "
                      "the ones left to fall.",
        .rules = { "DL-FIGHT-RESOLVE", "DL-ZOMBIES-LEAVE", "DL-SUPPLIES", "DL-INFECTION-1" },
        .variant = &dl_variants[DL_V_NO_HEALTHY],
        .quotes = { { S002, "5. COMBAT",
                      "Then kill one Healthy Survivor for each zombie remaining. The Healthy "
                      "Survivors are at the front of the combat and thus most likely to die. Zombies "
                      "that aren't killed do not carry over to the next round" } },
        .most_asked = 4,
        .see = { "safe-house" },
        .house = { { DL_NO_HEALTHY_NOTHING, "With no Healthy Survivor left, nobody dies." } },
    },
    {
        .id = "lose",
        .ask = "When do we lose?",
        .ruling = "At once when your last survivor dies, when you have fewer survivors than players, or "
                  "when Time reaches 0 and your pawn is not on a green safe house space.",
        .why_ruling = "The rulebook does not say whether 0 Time has run out, or only a Time owed with none "
                      "left.",
        .rules = { "DL-LOSS-SURVIVORS", "DL-MP-LOSS-HEADCOUNT", "DL-LOSS-TIME" },
        .variant = &dl_variants[DL_V_TIME_OUT],
        .quotes = { { S002, "LOSING THE GAME",
                      "If at any time you run out of Time and your pawn is not on a green safe house "
                      "circle, or if you lose your last survivor, you lose the game." },
                    { S002, "MULTIPLAYER RULES: WINNING OR LOSING",
                      "If at any time you have fewer survivors than the amount of players, you lose "
                      "the game." } },
        .see = { "time", "extraction" },
        .house = { { DL_TIME_OUT_BELOW_ZERO,
                     "You run out of Time only when you must lose a Time and have none left." } },
    },
    {
        .id = "extraction",
        .ask = "We reached the Extraction Zone: have we won?",
        .ruling = "Yes, at the end of that round, if a survivor is left, infected or not. There you draw "
                  "no event and spend no supplies but still roll for infection, and running out of Time "
                  "there does not lose the game.",
        .why_ruling = "The rulebook does not say whether the Extraction Zone is a green safe house space, "
                      "which saves a party out of Time.",
        .rules = { "DL-WIN", "DL-EXIT-NO-EVENT", "DL-EXIT-NO-SUPPLIES", "DL-INFECTION-ROLLS", "DL-LOSS-TIME",
                   "DL-EXIT-END" },
        .variant = &dl_variants[DL_V_EXTRACTION],
        .quotes = { { S002, "WINNING THE GAME",
                      "If you at the end of a game turn have reached the Extraction Zone and have at "
                      "least one Survivor, you win the game. This is the case even if you only have "
                      "Infected Survivors" },
                    { S002, "6. SAFE HOUSE",
                      "You do not resolve an event at the extraction zone. [...] You do not have to "
                      "spend supplies at the extraction zone." } },
        .most_asked = 5,
        .see = { "lose" },
        .house = { { DL_EXTRACTION_EXPOSED,
                     "Running out of Time loses the game even on the Extraction Zone." } },
    },
    {
        .id = "safe-house",
        .ask = "What does a safe house cost us?",
        .ruling = "Supplies for half your survivors, Healthy and Infected, rounded down; for each one you "
                  "lack a Healthy Survivor leaves. Then roll for each Infected Survivor you still have: "
                  "one that an earlier roll took is not rolled for.",
        .why_ruling =
            "The rulebook rolls for every Infected Survivor “you have” without saying when they are "
            "counted.",
        .rules = { "DL-SUPPLIES", "DL-INFECTION-ROLLS", "DL-INFECTION-RECOUNT" },
        .quotes = { { S002, "6. SAFE HOUSE",
                      "You must spend supplies equal to half the number of Survivors (both Healthy "
                      "and Infected, round down). For every unit of supplies you lack, lose one "
                      "Healthy Survivor" },
                    { S002, "6. SAFE HOUSE",
                      "Roll a dice for every Infected Survivor you have and consult the table "
                      "below." } },
        .see = { "zombies-left", "event-cost" },
    },
    {
        .id = "event-cost",
        .ask = "An event option costs Supplies or Ammo we don't have: may we choose it?",
        .ruling = "No, not while there is an option you can pay for; if there is none, choose any and lose "
                  "what you have of its cost.",
        .why_ruling = "The rulebook does not say; where it names a cost you may lack, the Supplies of a safe "
                      "house, lacking it still costs you, and choosing a price you cannot pay would make it "
                      "free.",
        .rules = { "DL-EVENT-OFFER", "DL-EVENT-TAKEN" },
        .variant = &dl_variants[DL_V_EVENT_COST],
        .quotes = { { S002, "6. SAFE HOUSE",
                      "Draw an event. Keep drawing until you draw a card that matches your current safe "
                      "house." },
                    { S002, "6. SAFE HOUSE",
                      "You must spend supplies equal to half the number of Survivors (both Healthy and "
                      "Infected, round down). For every unit of supplies you lack, lose one Healthy "
                      "Survivor" },
                    { S002, "FINAL SAY", "You can have final say on [...] a decision during an event" } },
        .see = { "safe-house" },
        .house = { { DL_EVENT_COST_PAY_WHAT_YOU_HAVE,
                     "You may choose any option, and lose what you have of its cost." } },
    },
    {
        .id = "final-say",
        .ask = "With more than one player, who decides?",
        .ruling = "The party leader, a role that passes clockwise each round; but once per game each "
                  "player may take one decision instead: the dice to keep, an event's choice, the way to "
                  "go or the Ammo to spend. Fight Dice kept so may still be rerolled later in the fight.",
        .why_ruling = "The rulebook forbids rerolling only the Survivor Dice kept by a final say.",
        .rules = { "DL-LEADER-PASS", "DL-MP-FINAL-SAY", "DL-MP-FINAL-SAY-TAKEN", "DL-MP-FINAL-SAY-PASS",
                   "DL-FIGHT-FREEZE" },
        .quotes = { { S002, "MULTIPLAYER RULES: FINAL SAY",
                      "Each player can have final say on a decision once per game. [...] You can "
                      "have final say on which Survivor Dice to keep (they may not be rerolled this "
                      "turn), which Fight Dice to keep" } },
        .see = { "stress-multiplayer" },
    },
    { .id = NULL },
};
