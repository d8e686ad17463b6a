# spec/zombies_board/tests/tests.cmake - the Zombies!!! board game's own
# CTest entries beside its Criterion suites (included by
# tests/CMakeLists.txt, as every spec/<folder>/tests/tests.cmake is).
# The tiny bound, every state with its invariants: its per-depth table is
# golden/zombies_board/explore/tiny.txt.  The explorer keeps this game's
# states packed (core/explore_impl.h): the table guards that they unpack
# to the states they were.
add_test(NAME explore_zombies_board_tiny
  COMMAND undead explore zombies-board --bound tiny --no-db
          --golden ${CMAKE_SOURCE_DIR}/golden/zombies_board/explore/tiny.txt)
set_tests_properties(explore_zombies_board_tiny PROPERTIES LABELS explore TIMEOUT 300)
