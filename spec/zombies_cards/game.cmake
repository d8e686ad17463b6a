# spec/zombies_cards/game.cmake - registers Zombies!!! The Card Game (read by spec/games.cmake).
# Its command-line name, the ud_game it defines and the header declaring
# that, its place among the games (undead games, every all-games run), and
# the depth `undead conform --depth` enumerates against `undead serve` in
# seconds (CTest conform_depth_<folder>: every path that deep played in
# lockstep).
set(UD_GAME_NAME zombies-cards)
set(UD_GAME_SYMBOL zc_game)
set(UD_GAME_HEADER zombies_cards.h)
set(UD_GAME_ORDER 40)
set(UD_GAME_CONFORM_DEPTH 5)
