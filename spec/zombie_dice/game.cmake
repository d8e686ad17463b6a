# spec/zombie_dice/game.cmake - registers Zombie Dice (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, and its place among the games (undead games, every all-games run).
set(UD_GAME_NAME zombie-dice)
set(UD_GAME_SYMBOL zd_game)
set(UD_GAME_HEADER zd.h)
set(UD_GAME_ORDER 10)
