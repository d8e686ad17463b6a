# spec/dotld/tests/tests.cmake - Dice of the Living Dead's own CTest entries
# beside its Criterion suites (included by tests/CMakeLists.txt, as every
# spec/<folder>/tests/tests.cmake is).
# A whole round from a position one space before a safe house
# (spec/dotld/docs.md), every state with its invariants: its table is the file's
# rows, the command is in the file's comment lines.
add_test(NAME explore_dotld_round
  COMMAND undead explore dotld --bound round --players ann --start "district suburbs"
          --start "space 6" --start "time 1" --start "ammo 0" --start "healthy 2"
          --start "supplies 1" --variant character=chosen --policy cautious --follow-policy
          --no-db --golden ${CMAKE_SOURCE_DIR}/golden/dotld/explore/round.txt)
set_tests_properties(explore_dotld_round PROPERTIES LABELS explore TIMEOUT 300)
