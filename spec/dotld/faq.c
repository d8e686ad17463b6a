/*
 * faq.c - Dice of the Living Dead's parts of the rules FAQ: its worked
 * examples folder and how its reading simulations play.
 */
#include "dotld_extras.h"

static const ud_faq_examples examples[] = {
    { "examples", "Worked examples from the rulebook",
      "The rulebook's own examples (the fight of Combat, Hoarder and They Always Turn in Movement), played by the "
      "rule table from a starting position that the example implies." },
    { NULL, NULL, NULL },
};

const ud_faq_extras dl_faq = {
    .examples = examples,
    .reading_policy = "a cautious party (rerolling only 2s, spending ammo for every zombie)",
};
