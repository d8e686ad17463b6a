# spec/zombie_dice/tests/tests.cmake - Zombie Dice's own CTest entries beside
# its Criterion suites (included by tests/CMakeLists.txt, as every
# spec/<folder>/tests/tests.cmake is).
# Exhaustive exploration: the per-depth table of one turn
# (golden/zombie_dice/explore/turn.txt), every roll's outcomes compared
# exactly with the solver, and 001's claims.
add_test(NAME explore_zombie_dice_turn
  COMMAND undead explore zombie-dice --bound turn --check-solver --no-db
          --golden ${CMAKE_SOURCE_DIR}/golden/zombie_dice/explore/turn.txt)
add_test(NAME explore_zombie_dice_turn_cup_first
  COMMAND undead explore zombie-dice --bound turn --check-solver --no-db --max-depth 3
          --variant shortage-when=fewer-than-needed --variant shortage-order=cup-first)
add_test(NAME solve_zombie_dice_claims COMMAND undead solve zombie-dice claims --no-db)
set_tests_properties(explore_zombie_dice_turn explore_zombie_dice_turn_cup_first
  solve_zombie_dice_claims PROPERTIES LABELS explore TIMEOUT 300)

# The outcomes baseline: fails, showing the changed cases, when the outcomes
# differ from golden/zombie_dice/outcomes.csv ('undead db baseline update
# zombie-dice' renews it).
add_test(NAME db_baseline COMMAND undead db baseline check zombie-dice --golden ${CMAKE_SOURCE_DIR}/golden)
set_tests_properties(db_baseline PROPERTIES LABELS db TIMEOUT 300)
