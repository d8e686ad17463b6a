undead-transcript 1
game zombie-dice
player alice
player bob
seed 5
