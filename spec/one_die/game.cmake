# spec/one_die/game.cmake - registers One Die (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, its place among the games (undead games, every all-games run), and
# the depth `undead conform --depth` enumerates against `undead serve` in
# seconds (CTest conform_depth_<folder>: every path that deep played in
# lockstep).
set(UD_GAME_NAME one-die)
set(UD_GAME_SYMBOL od_game)
set(UD_GAME_HEADER one_die.h)
set(UD_GAME_ORDER 30)
set(UD_GAME_CONFORM_DEPTH 3)
