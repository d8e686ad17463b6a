# spec/dotld/game.cmake - registers Dice of the Living Dead (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, its place among the games (undead games, every all-games run), and
# the depth `undead conform --depth` enumerates against `undead serve` in
# seconds (CTest conform_depth_<folder>: every path that deep played in
# lockstep).
set(UD_GAME_NAME dotld)
set(UD_GAME_SYMBOL dl_game)
set(UD_GAME_HEADER dotld.h)
set(UD_GAME_ORDER 20)
set(UD_GAME_CONFORM_DEPTH 3)
