/*
 * faq_players.c - the questions Dice of the Living Dead players ask, for
 * the players' FAQ that opens `undead faq`: each with a short ruling under
 * undead's default readings, the passages of 002 it rests on, quoted
 * verbatim (tests/test_faq_players.c finds each in the file), the rules
 * that enforce it, and the variant where 002 is silent.  The rulings are
 * undead's own words.
 */
#include "dotld_extras.h"

#define S002 "002_1e442ea09f23bb8e.txt"

const ud_faq_question dl_players_faq[] = {
    { "survivor-ones",
      "Can I reroll a survivor die that shows 1?",
      "No. It is locked at once and goes to the zombie pool as one more zombie.",
      "DL-LOCK-ONES",
      NULL,
      NULL,
      { { S002, "2. ROLL DICE",
          "However, all Survivor Dice showing \"1\" cannot be re-rolled. Immediately place it in the zombie pool "
          "where it counts for an extra zombie." } } },
    { "scavenger-one",
      "What does a 1 on the Scavenger Dice do, and can I reroll it?",
      "It infects a survivor at once, every time it is rolled; you may still reroll the die.",
      "DL-LURKING-ZOMBIE DL-SCAVENGE-1",
      NULL,
      NULL,
      { { S002, "2. ROLL DICE",
          "Whenever you roll a 1 on the Scavenger Dice, you must immediately resolve it by infecting a survivor" },
        { S002, "2. ROLL DICE", "You are allowed to reroll a 1 on the Scavenger Dice." } } },
    { "move",
      "How far does a movement die move the pawn?",
      "002 does not say. undead moves one space per die in the Movement Pool; the reading move=face-value "
      "moves as many spaces as the die shows.",
      "DL-MOVE DL-STEP",
      "move",
      "002 speaks of spending the dice in the Movement Pool, not of their faces: a 3 or a 4 only sorts a die "
      "into that pool.",
      { { S002, "4. MOVEMENT",
          "When moving you have to spend all the dice placed in the Movement Pool." } } },
    { "zombie-spaces",
      "Which zombie spaces add zombies?",
      "Each zombie space passed adds one, the space you end on adds two, and the space you start on adds none.",
      "DL-ZOMBIE-PASS DL-ZOMBIE-LAND",
      NULL,
      NULL,
      { { S002, "4. MOVEMENT",
          "For each space with a zombie icon you pass, add 1 zombie to the zombie pool" },
        { S002, "4. MOVEMENT", "You do not add a zombie from a space you begin your movement on." } } },
    { "stress",
      "When does a Stress Card take effect?",
      "At once if its condition was met earlier in the round, otherwise when the condition is met later in the "
      "round. undead resolves it once; the reading stress-repeat=each-time resolves it again at each later "
      "meeting.",
      "DL-STRESS-DRAW DL-STRESS-RESOLVE DL-STRESS-DISCARD",
      "stress-repeat",
      "002 speaks of the condition being met, once; a card that fired again at each meeting could set itself "
      "off (They Always Turn infects when a survivor is infected).",
      { { S002, "4. MOVEMENT",
          "The Stress Card is active until the end of the round, so if the play when condition is later met, "
          "resolve the effect." } } },
    { "rerolled-one",
      "Does every 1 in a fight cost Time?",
      "Only a rerolled fight die showing 1 costs a Time, at once; a 1 on the first roll costs nothing.",
      "DL-REROLLED-ONE DL-FIGHT-REROLL",
      NULL,
      NULL,
      { { S002, "5. COMBAT", "If a rerolled dice shows 1, immediately lose one Time." } } },
    { "out-of-time",
      "What happens when Time runs out?",
      "You lose at once, unless your pawn is on a green safe house space. undead counts reaching 0 as running "
      "out; the reading time-out=below-zero waits until a Time is owed with none left.",
      "DL-LOSS-TIME",
      "time-out",
      "\"Run out of Time\" reads most plainly as none left; 002 does not say whether 0 is still time.",
      { { S002, "LOSING THE GAME",
          "If at any time you run out of Time and your pawn is not on a green safe house circle, or if you lose "
          "your last survivor, you lose the game." } } },
    { "carry-over",
      "Do zombies left after a fight stay for the next round?",
      "No. Each zombie not killed kills one Healthy Survivor, then it is gone.",
      "DL-FIGHT-RESOLVE DL-ZOMBIES-LEAVE",
      NULL,
      NULL,
      { { S002, "5. COMBAT", "Then kill one Healthy Survivor for each zombie remaining." },
        { S002, "5. COMBAT", "Zombies that aren't killed do not carry over to the next round" } } },
    { "no-healthy",
      "A Healthy Survivor must die but none is left: what happens?",
      "002 does not say. undead loses an Infected Survivor instead (in a fight, for supplies lacking, on an "
      "infection roll of 1); the reading no-healthy=nothing loses nobody. A survivor to infect with no Healthy "
      "one left: nobody is infected.",
      "DL-FIGHT-RESOLVE DL-SUPPLIES DL-INFECTION-1 DL-INFECT-NOBODY",
      "no-healthy",
      "The zombies still attack the party; the infected are the ones left to fall.",
      { { S002, "5. COMBAT",
          "The Healthy Survivors are at the front of the combat and thus most likely to die." } } },
    { "event-cost",
      "A card or an event takes Supplies we do not have: what then?",
      "You lose what you have, never going below zero. 002 does not say whether you may choose an event option "
      "you cannot pay for: undead offers only those you can pay for (all if none); the reading "
      "event-cost=pay-what-you-have lets you choose it.",
      "DL-EVENT-OFFER DL-EVENT-TAKEN DL-STRESS-RESOLVE",
      "event-cost",
      "A price is paid from what the party holds; choosing to pay with nothing would make the option free.",
      { { S002, "FINAL SAY",
          "You can have final say on which Survivor Dice to keep (they may not be rerolled this turn), which "
          "Fight Dice to keep, a decision during an event" } } },
    { "final-say-fight",
      "After someone's final say on the fight dice, may the dice they kept be rerolled later "
      "in the fight?",
      "Yes. Only Survivor Dice kept under a final say stay unrolled for the rest of the turn; Fight Dice kept "
      "may be rerolled at the next roll.",
      "DL-MP-FINAL-SAY-TAKEN DL-FIGHT-FREEZE",
      NULL,
      NULL,
      { { S002, "FINAL SAY",
          "You can have final say on which Survivor Dice to keep (they may not be rerolled this turn), which "
          "Fight Dice to keep" } } },
    { "supplies",
      "How many Supplies does the safe house cost?",
      "Half the survivors, healthy and infected, rounded down; each unit you lack loses a Healthy Survivor. "
      "None at the extraction zone.",
      "DL-SUPPLIES DL-EXIT-NO-SUPPLIES",
      NULL,
      NULL,
      { { S002, "6. SAFE HOUSE",
          "You must spend supplies equal to half the number of Survivors (both Healthy and Infected, round "
          "down)." },
        { S002, "6. SAFE HOUSE", "You do not have to spend supplies at the extraction zone." } } },
    { "event-deck",
      "The event deck runs out before a card matches: what now?",
      "002 does not say. undead reshuffles and keeps drawing until a card matches; the reading "
      "event-deck=no-event resolves no event at that safe house.",
      "DL-EVENT-DRAW DL-EVENT-RESHUFFLE DL-EVENT-NONE",
      "event-deck",
      "002 says to keep drawing until a card matches, and reshuffles the Stress Card deck when it runs out.",
      { { S002, "6. SAFE HOUSE",
          "Keep drawing until you draw a card that matches your current safe house." } } },
    { "infection-rolls",
      "An infection roll costs an Infected Survivor we have not rolled for yet: do we still "
      "roll for them?",
      "No. You roll for each Infected Survivor you still have, so one lost to an earlier roll is not rolled "
      "for.",
      "DL-INFECTION-ROLLS DL-INFECTION-RECOUNT",
      NULL,
      NULL,
      { { S002, "6. SAFE HOUSE",
          "Roll a dice for every Infected Survivor you have and consult the table below." } } },
    { "infected-win",
      "Do we win with only Infected Survivors left?",
      "Yes: reaching the Extraction Zone with at least one survivor at the end of a game turn wins, infected "
      "ones included.",
      "DL-WIN",
      NULL,
      NULL,
      { { S002, "WINNING THE GAME", "This is the case even if you only have Infected Survivors" } } },
    { NULL, NULL, NULL, NULL, NULL, NULL, { { NULL, NULL, NULL } } },
};
