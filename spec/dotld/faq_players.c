/*
 * faq_players.c - the questions Dice of the Living Dead players ask, for
 * the players' FAQ that opens `undead faq`: each answered in players'
 * words under the default readings, with the passages of 002 it rests on,
 * quoted verbatim (tests/test_faq_players.c finds each in the file), the
 * rules that enforce it (shown in the reference only), and where 002 is
 * silent, the reason for the ruling and the other readings as house
 * rules.  The rulings are undead's own words; the source key names 002.
 */
#include "dotld_extras.h"

#define S002 "002_1e442ea09f23bb8e.txt"

const ud_faq_source dl_faq_sources[] = {
    { S002, "Dice of the Living Dead, 2nd edition: How to Play",
      "the designer's rulebook, free to print and play (game design by Mads Brynnum, as it says): the solo "
      "game, with rules for playing with more than one player at its end" },
    { NULL, NULL, NULL },
};

const ud_faq_question dl_players_faq[] = {
    {
        .id = "ones",
        .ask = "Can I reroll a die that shows 1?",
        .ruling =
            "A Survivor Die: no. It goes at once to the zombie pool as one more zombie. The Scavenger "
            "Dice: yes, but each time it shows 1 it infects a Healthy Survivor at once, whether you reroll "
            "it or not.",
        .rules = "DL-LOCK-ONES DL-LURKING-ZOMBIE DL-MARK-SCAVENGER DL-SCAVENGE-1",
        .quotes = { { S002, "2. ROLL DICE",
                      "However, all Survivor Dice showing \"1\" cannot be re-rolled. Immediately place it in the "
                      "zombie pool where it counts for an extra zombie." },
                    { S002, "2. ROLL DICE",
                      "Whenever you roll a 1 on the Scavenger Dice, you must immediately resolve it by infecting a "
                      "survivor (see below)." },
                    { S002, "2. ROLL DICE", "You are allowed to reroll a 1 on the Scavenger Dice." } },
        .most_asked = 2,
        .see = "time",
    },
    {
        .id = "move",
        .ask = "How far does a movement die move the pawn?",
        .ruling =
            "One space per die in the Movement Pool, whatever it shows, and you must spend them all. At "
            "the green space, the Safe House, you stop, and any movement left is lost.",
        .why_ruling =
            "The rulebook says to spend the dice in the Movement Pool but not how far each moves; a 3 "
            "or a 4 only sends a die to that pool.",
        .rules = "DL-MOVE DL-STEP DL-SAFE-STOP",
        .variant = "move",
        .quotes = { { S002, "4. MOVEMENT",
                      "When moving you have to spend all the dice placed in the Movement Pool." },
                    { S002, "4. MOVEMENT",
                      "If you reach the green space, you've made it to the Safe House and don't move any further – "
                      "any excess movement is lost." } },
        .most_asked = 1,
        .see = "zombie-spaces",
        .house = { { "move=face-value",
                     "Each movement die moves the pawn as many spaces as it shows, 3 or 4." } },
    },
    {
        .id = "zombie-spaces",
        .ask = "What do the zombie spaces on the track cost us?",
        .ruling =
            "Each zombie space you pass adds one zombie to the pool, and the one you end on adds two; the "
            "space you start from adds none. In a solo game, a move that passes or ends on zombie spaces "
            "also draws one Stress Card, however many such spaces it crosses.",
        .why_ruling =
            "The rulebook says to “draw one Stress Card” without saying whether a move past several zombie spaces "
            "draws one or one for each.",
        .rules = "DL-ZOMBIE-PASS DL-ZOMBIE-LAND DL-STRESS-DRAW",
        .variant = "stress",
        .quotes = { { S002, "4. MOVEMENT",
                      "For each space with a zombie icon you pass, add 1 zombie to the zombie pool [...] If you end "
                      "your movement on a zombie icon, add 2 zombies to the zombie pool." },
                    { S002, "4. MOVEMENT",
                      "You do not add a zombie from a space you begin your movement on." },
                    { S002, "4. MOVEMENT",
                      "If you land on or pass a space with a Zombie, you also draw one Stress Card." } },
        .most_asked = 3,
        .see = "stress stress-multiplayer",
        .house = { { "stress=per-space", "Draw a Stress Card for every zombie space you pass or end on." } },
    },
    {
        .id = "stress",
        .ask = "When does a Stress Card take effect?",
        .ruling =
            "In a solo game, at once if its “play when” condition was met earlier in "
            "the round, otherwise as soon as it is met later in the round. It takes effect once, and is "
            "discarded at the end of the round.",
        .why_ruling =
            "The rulebook keeps the card active to the end of the round but does not say whether it "
            "takes effect again when its condition is met a second time.",
        .rules = "DL-STRESS-RESOLVE DL-STRESS-DISCARD",
        .variant = "stress-repeat",
        .quotes = { { S002, "4. MOVEMENT",
                      "If the \"play when\" condition has been met earlier in the turn, immediately resolve the "
                      "effect. The Stress Card is active until the end of the round, so if the play when condition "
                      "is later met, resolve the effect." } },
        .see = "zombie-spaces stress-multiplayer",
        .house = { { "stress-repeat=each-time",
                     "A Stress Card takes effect again each time its condition is met in the round." } },
    },
    {
        .id = "stress-multiplayer",
        .ask = "How do Stress Cards work with more than one player?",
        .ruling = "Each player is dealt one, keeps it hidden, and plays it as soon as its “play "
                  "when” condition is met; zombie spaces draw no cards. At the end of the safe house "
                  "phase, a player without a card draws a new one.",
        .why_ruling =
            "The rules for more players say to play the card only when its condition is met, not that "
            "you must, and do not say whether zombie spaces still draw cards.",
        .rules = "DL-MP-STRESS-DEAL DL-MP-STRESS-PLAY DL-MP-STRESS-CHOICE DL-MP-STRESS-REFILL DL-STRESS-DRAW",
        .variant = "stress-hand",
        .quotes = { { S002, "MULTIPLAYER RULES: SETUP",
                      "Deal a Stress Card to each player. You must keep your card hidden and only play it when the "
                      "play when condition is met." },
                    { S002, "MULTIPLAYER RULES: SAFE HOUSE PHASE",
                      "At the end of the Safe House Phase, if you do not have a Stress Card, draw a new one." } },
        .see = "stress final-say",
        .house = { { "stress-hand=may-hold",
                     "When your Stress Card's condition is met you may keep it hidden instead of playing it." } },
    },
    {
        .id = "time",
        .ask = "What costs us Time?",
        .ruling =
            "Each Survivor Die still showing 2 after your last roll costs one Time, and each rerolled "
            "fight die that shows 1 costs one Time at once. A 1 on a fight die's first roll costs nothing, "
            "and a fight that an event brings at a safe house costs no Time.",
        .rules = "DL-POOLS DL-REROLLED-ONE DL-FIGHT-REROLL DL-EVENT-FIGHT-NO-TIME",
        .quotes = { { S002, "2. ROLL DICE", "Then lose 1 Time for each Survivor Dice showing 2" },
                    { S002, "5. COMBAT", "If a rerolled dice shows 1, immediately lose one Time." },
                    { S002, "6. SAFE HOUSE",
                      "But since you are in fact in the safe house you cannot lose time while fighting as a result "
                      "of an event." } },
        .see = "lose",
    },
    {
        .id = "zombies-left",
        .ask = "What do the zombies we don't kill do?",
        .ruling =
            "Each kills one Healthy Survivor, then they are gone: none carry over to the next round. With "
            "no Healthy Survivor left, an Infected Survivor dies instead, as whenever a Healthy Survivor "
            "must be lost (for supplies you lack, on an infection roll of 1).",
        .why_ruling =
            "The rulebook puts the Healthy Survivors at the front but does not say who dies when none "
            "is left; the zombies still attack, and the infected are the ones left to fall.",
        .rules = "DL-FIGHT-RESOLVE DL-ZOMBIES-LEAVE DL-SUPPLIES DL-INFECTION-1",
        .variant = "no-healthy",
        .quotes = { { S002, "5. COMBAT",
                      "Then kill one Healthy Survivor for each zombie remaining. The Healthy Survivors are at the "
                      "front of the combat and thus most likely to die. Zombies that aren't killed do not carry "
                      "over to the next round – they are busy eating." } },
        .most_asked = 4,
        .see = "supplies",
        .house = { { "no-healthy=nothing", "With no Healthy Survivor left, nobody dies." } },
    },
    {
        .id = "lose",
        .ask = "When do we lose?",
        .ruling =
            "At once when your last survivor dies, when you have fewer survivors than players (with more "
            "than one player), or when Time reaches 0 and your pawn is not on a green safe house space.",
        .why_ruling =
            "The rulebook does not say whether reaching 0 is running out of Time, or only having to "
            "lose a Time with none left.",
        .rules = "DL-LOSS-SURVIVORS DL-MP-LOSS-HEADCOUNT DL-LOSS-TIME",
        .variant = "time-out",
        .quotes = { { S002, "LOSING THE GAME",
                      "If at any time you run out of Time and your pawn is not on a green safe house circle, or if "
                      "you lose your last survivor, you lose the game." },
                    { S002, "MULTIPLAYER RULES: WINNING OR LOSING",
                      "If at any time you have fewer survivors than the amount of players, you lose the game." } },
        .see = "time extraction",
        .house = { { "time-out=below-zero",
                     "You run out of Time only when you must lose a Time and have none left." } },
    },
    {
        .id = "extraction",
        .ask = "We reached the Extraction Zone: have we won?",
        .ruling =
            "Yes, at the end of that round, if at least one survivor is left, even if all are infected. "
            "There you draw no event and spend no supplies, but you still make the infection rolls; and "
            "running out of Time in that round's fight does not lose the game, as the Extraction Zone "
            "counts as a green safe house space.",
        .why_ruling =
            "The rulebook saves a pawn on a green safe house space from running out of Time but does "
            "not say whether the Extraction Zone is one.",
        .rules = "DL-WIN DL-EXIT-NO-EVENT DL-EXIT-NO-SUPPLIES DL-INFECTION-ROLLS DL-LOSS-TIME DL-EXIT-END",
        .variant = "extraction",
        .quotes = { { S002, "WINNING THE GAME",
                      "If you at the end of a game turn have reached the Extraction Zone and have at least one "
                      "Survivor, you win the game. This is the case even if you only have Infected Survivors – "
                      "they just have to hope for a cure." },
                    { S002, "6. SAFE HOUSE",
                      "You do not resolve an event at the extraction zone. [...] You do not have to spend supplies "
                      "at the extraction zone. [...] Roll a dice for every Infected Survivor you have and consult "
                      "the table below. You DO have to do this at the extraction zone." } },
        .most_asked = 5,
        .see = "lose",
        .house = { { "extraction=exposed",
                     "Running out of Time loses the game even on the Extraction Zone." } },
    },
    {
        .id = "supplies",
        .ask = "How many Supplies does a safe house cost?",
        .ruling =
            "Half your survivors, Healthy and Infected together, rounded down. For each Supply you lack, a "
            "Healthy Survivor leaves the party.",
        .rules = "DL-SUPPLIES",
        .quotes = { { S002, "6. SAFE HOUSE",
                      "You must spend supplies equal to half the number of Survivors (both Healthy and Infected, "
                      "round down). For every unit of supplies you lack, lose one Healthy Survivor – they leave "
                      "your party to fend for themselves." } },
        .see = "zombies-left extraction",
    },
    {
        .id = "infection-rolls",
        .ask =
            "An infection roll costs an Infected Survivor we have not rolled for yet: do we still roll for "
            "them?",
        .ruling =
            "No. You roll for each Infected Survivor you still have, so one lost to an earlier roll is not "
            "rolled for.",
        .why_ruling = "The rulebook rolls for every Infected Survivor “you have” without "
                      "saying when they are counted; one an earlier roll took is no longer yours.",
        .rules = "DL-INFECTION-ROLLS DL-INFECTION-RECOUNT",
        .quotes = { { S002, "6. SAFE HOUSE",
                      "Roll a dice for every Infected Survivor you have and consult the table below." } },
    },
    {
        .id = "events",
        .ask = "The event deck runs out before a card matches our safe house: what now?",
        .ruling = "Shuffle the discarded events into a new deck and keep drawing until one matches.",
        .why_ruling =
            "The rulebook says to keep drawing until a card matches but not what to do when the deck "
            "runs out; it reshuffles the Stress Card deck when that one does.",
        .rules = "DL-EVENT-DRAW DL-EVENT-RESHUFFLE DL-EVENT-NONE",
        .variant = "event-deck",
        .quotes = { { S002, "6. SAFE HOUSE",
                      "Draw an event. Keep drawing until you draw a card that matches your current safe house." },
                    { S002, "4. MOVEMENT", "If the Stress Card deck is empty, reshuffle and form a new." } },
        .see = "event-cost",
        .house = { { "event-deck=no-event",
                     "When the event deck runs out, stop drawing: no event at this safe house." } },
    },
    {
        .id = "event-cost",
        .ask = "An event option costs Supplies or Ammo we don't have: may we choose it?",
        .ruling =
            "No, not while there is an option you can pay for; if there is none, choose any and lose what "
            "you have of its cost. Nothing ever goes below zero.",
        .why_ruling =
            "The rulebook does not say; choosing a price you cannot pay would make that option free.",
        .rules = "DL-EVENT-OFFER DL-EVENT-TAKEN",
        .variant = "event-cost",
        .quotes = { { S002, "FINAL SAY", "You can have final say on [...] a decision during an event" } },
        .see = "events",
        .house = { { "event-cost=pay-what-you-have",
                     "You may choose any option, and lose what you have of its cost." } },
    },
    {
        .id = "final-say",
        .ask = "With more than one player, who decides?",
        .ruling =
            "The party leader, a role that passes clockwise at the start of every round but the first. "
            "Once per game each player may take one decision instead: which Survivor Dice to keep (those "
            "may not be rerolled this turn), which Fight Dice to keep, a decision during an event, which "
            "way to go, or how much Ammo to use. Fight Dice kept this way may still be rerolled later in "
            "the fight.",
        .why_ruling =
            "The rulebook forbids rerolling the Survivor Dice kept by a final say, and says nothing of "
            "the Fight Dice.",
        .rules = "DL-LEADER-PASS DL-MP-FINAL-SAY DL-MP-FINAL-SAY-TAKEN DL-MP-FINAL-SAY-PASS DL-FIGHT-FREEZE",
        .quotes = { { S002, "MULTIPLAYER RULES: PARTY LEADER",
                      "Pass the responsibility clockwise at the beginning of each round. The Party Leader rolls "
                      "dice and has final say on what dice to freeze and reroll." },
                    { S002, "MULTIPLAYER RULES: FINAL SAY",
                      "Each player can have final say on a decision once per game. You can do this even if you are "
                      "not the party leader. You can have final say on which Survivor Dice to keep (they may not "
                      "be rerolled this turn), which Fight Dice to keep, a decision during an event, which way to "
                      "go on a District Tile, or the amount of Ammo to use in a fight." } },
        .see = "stress-multiplayer",
    },
    { .id = NULL },
};
