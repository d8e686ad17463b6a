# spec/games.cmake - writes the registry of built-in games (ud_games[],
# games.h) from the game folders: every spec/<folder>/game.cmake declares
# one game, so adding a game is adding a folder, with no line elsewhere.
# A game.cmake sets
#   UD_GAME_NAME    the command-line name (its ud_game's name)
#   UD_GAME_SYMBOL  the ud_game the folder defines (e.g. od_game)
#   UD_GAME_HEADER  the folder's header declaring it (e.g. one_die.h)
#   UD_GAME_ORDER   a whole number: games are listed, run and checked in
#                   its order (ties by folder name)
#   UD_GAME_CONFORM_DEPTH  the depth `undead conform GAME --depth N` runs
#                   to in seconds against `undead serve` (CTest
#                   conform_depth_<folder>): 1 to 9
# and the folder's name is the game's ud_game.folder.  Writes, into OUT_DIR,
#   games_table.c   ud_games[], in that order
#   games_table.h   UD_N_GAMES, the number of registered games
#   games_table.cmake  the same games for CMake, in the same order:
#                   UD_GAME_FOLDERS, and per folder UD_GAME_NAME_<folder>
#                   and UD_GAME_CONFORM_DEPTH_<folder> (the top
#                   CMakeLists.txt includes it; tests/ registers each
#                   game's conformance tests from it)
# The top CMakeLists.txt runs it at configure time; fuzz/build.sh runs it:
#   cmake -DSPEC_DIR=<spec> -DOUT_DIR=<dir> -P games.cmake
# The files are rewritten only when their text changes.

# Write text to path, unless it already holds it.
function(ud_write_if_changed path text)
  if(EXISTS ${path})
    file(READ ${path} old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE ${path} "${text}")
endfunction()

file(GLOB ud_game_files ${SPEC_DIR}/*/game.cmake)
set(ud_game_keys "")
foreach(f IN LISTS ud_game_files)
  foreach(var NAME SYMBOL HEADER ORDER CONFORM_DEPTH)
    unset(UD_GAME_${var})
  endforeach()
  include(${f})
  foreach(var NAME SYMBOL HEADER ORDER CONFORM_DEPTH)
    if(NOT DEFINED UD_GAME_${var} OR UD_GAME_${var} STREQUAL "")
      message(FATAL_ERROR "${f}: expected set(UD_GAME_${var} ...) (see spec/games.cmake)")
    endif()
  endforeach()
  if(NOT UD_GAME_ORDER MATCHES "^[0-9]+$" OR UD_GAME_ORDER GREATER 99999)
    message(FATAL_ERROR "${f}: UD_GAME_ORDER: expected a whole number below 100000, got '${UD_GAME_ORDER}'")
  endif()
  if(NOT UD_GAME_CONFORM_DEPTH MATCHES "^[1-9]$")
    message(FATAL_ERROR "${f}: UD_GAME_CONFORM_DEPTH: expected a whole number from 1 to 9, "
                        "got '${UD_GAME_CONFORM_DEPTH}'")
  endif()
  get_filename_component(dir ${f} DIRECTORY)
  get_filename_component(folder ${dir} NAME)
  if(NOT EXISTS ${dir}/${UD_GAME_HEADER})
    message(FATAL_ERROR "${f}: UD_GAME_HEADER: expected a header in spec/${folder}/, "
                        "found no '${UD_GAME_HEADER}'")
  endif()
  # Zero-padded, so that sorting the keys as text sorts by order, then folder.
  string(LENGTH "${UD_GAME_ORDER}" len)
  math(EXPR pad "5 - ${len}")
  string(REPEAT "0" ${pad} zeros)
  list(APPEND ud_game_keys
    "${zeros}${UD_GAME_ORDER}|${folder}|${UD_GAME_SYMBOL}|${UD_GAME_HEADER}|${UD_GAME_NAME}|${UD_GAME_CONFORM_DEPTH}")
endforeach()
list(SORT ud_game_keys)
list(LENGTH ud_game_keys ud_n_games)

set(includes "")
set(rows "")
set(folders "")
set(cmake_rows "")
foreach(key IN LISTS ud_game_keys)
  string(REPLACE "|" ";" parts "${key}")
  list(GET parts 1 folder)
  list(GET parts 2 symbol)
  list(GET parts 3 header)
  list(GET parts 4 name)
  list(GET parts 5 depth)
  string(APPEND includes "#include \"${folder}/${header}\"\n")
  string(APPEND rows "    &${symbol},\n")
  string(APPEND folders " ${folder}")
  string(APPEND cmake_rows "set(UD_GAME_NAME_${folder} ${name})\nset(UD_GAME_CONFORM_DEPTH_${folder} ${depth})\n")
endforeach()

string(CONCAT table_c "/* Generated from spec/<folder>/game.cmake by spec/games.cmake: do not edit. */\n"
  "#include \"games.h\"\n\n${includes}\n"
  "const ud_game *const ud_games[] = {\n${rows}    NULL,\n};\n")
string(CONCAT table_h "/* Generated from spec/<folder>/game.cmake by spec/games.cmake: do not edit. */\n"
  "#ifndef UD_GAMES_TABLE_H\n#define UD_GAMES_TABLE_H\n\n"
  "/* The number of registered games (ud_games[] without its NULL). */\n"
  "#define UD_N_GAMES ${ud_n_games}\n\n#endif\n")
string(CONCAT table_cmake "# Generated from spec/<folder>/game.cmake by spec/games.cmake: do not edit.\n"
  "# The registered games' folders, in registry order, and each one's entries.\n"
  "set(UD_GAME_FOLDERS${folders})\n${cmake_rows}")
ud_write_if_changed(${OUT_DIR}/games_table.c "${table_c}")
ud_write_if_changed(${OUT_DIR}/games_table.cmake "${table_cmake}")
ud_write_if_changed(${OUT_DIR}/games_table.h "${table_h}")
