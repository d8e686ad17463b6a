# spec/zombies_cards/game.cmake - registers Zombies!!! The Card Game (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, and its place among the games (undead games, every all-games run).
set(UD_GAME_NAME zombies-cards)
set(UD_GAME_SYMBOL zc_game)
set(UD_GAME_HEADER zombies_cards.h)
set(UD_GAME_ORDER 40)
