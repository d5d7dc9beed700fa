/*
 * systems/shambattle.c -- ShamBattle / Portable Wargame: its row in the
 * games table, its kind and its command (001_691c59313303f977.txt; SPEC
 * 3.5 and 5).
 */
#include "../system.h"
#include "shambattle_game.h"

static const struct kind *const kinds[] = {
	&shambattle_army_kind,
	NULL
};

static const struct game_cmd cmds[] = {
	{ "odds", "the SP lost to fire, and the chances of a close combat",
	    shambattle_odds_usage, shambattle_odds_run,
	    &shambattle_odds_options },
	{ "value", "each unit's fair SP from its fire and close combat",
	    shambattle_value_usage, shambattle_value_run,
	    &shambattle_value_options },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct rule rules[] = {
	{ "shambattle.army", "a file given to value holds ShamBattle armies", NULL },
	{ NULL, NULL, NULL }
};

const struct game game_shambattle = {
	"shambattle", "ShamBattle / Portable Wargame", kinds, cmds, rules
};
