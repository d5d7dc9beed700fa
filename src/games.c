/*
 * games.c -- the table of games, the one file outside its own that a
 * game's author edits: one row names the game (doc/adding-a-game.md).
 * Everything else muster knows of a game (its kinds, products, rules,
 * commands) is read from the struct game the row names; the rows'
 * order is the order games are listed in.
 */
#include "system.h"

/*
 * The games, one row each (doc/adding-a-game.md).  A row X(name) stands
 * for the struct game game_name that the game's own files define.
 */
#define GAMES(X) \
	X(shellshock) \
	X(shambattle) \
	X(shock) \
	X(ssg) \
	X(cards)

#define DECLARE(g) extern const struct game game_##g;
#define ROW(g) &game_##g,
GAMES(DECLARE)
const struct game *const games[] = { GAMES(ROW) NULL };
