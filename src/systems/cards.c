/*
 * systems/cards.c -- any card game: its row in the games table (SPEC
 * 3.7).  A deck of plain data printed through the user's template, for
 * the games muster has no rules for; no commands of its own.
 */
#include "../system.h"
#include "cards_game.h"

static const struct kind *const kinds[] = {
	&cards_deck_kind,
	NULL
};

static const struct game_cmd cmds[] = {
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct rule rules[] = {
	{ NULL, NULL, NULL }
};

const struct game game_cards = {
	"cards", "Any card game", kinds, cmds, rules
};
