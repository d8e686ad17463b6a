# spec/zombies_board/game.cmake - registers the Zombies!!! board-game variant (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, and its place among the games (undead games, every all-games run).
set(UD_GAME_NAME zombies-board)
set(UD_GAME_SYMBOL zb_game)
set(UD_GAME_HEADER zombies_board.h)
set(UD_GAME_ORDER 50)
