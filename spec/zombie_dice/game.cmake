# spec/zombie_dice/game.cmake - registers Zombie Dice (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, its place among the games (undead games, every all-games run), and
# the depth `undead conform --depth` enumerates against `undead serve` in
# seconds (CTest conform_depth_<folder>: every path that deep played in
# lockstep).
set(UD_GAME_NAME zombie-dice)
set(UD_GAME_SYMBOL zd_game)
set(UD_GAME_HEADER zd.h)
set(UD_GAME_ORDER 10)
set(UD_GAME_CONFORM_DEPTH 2)
