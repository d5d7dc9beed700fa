/*
 * systems/shock.c -- SHOCK: its row in the games table, its kind and its
 * command (004_96a10eb7104af73e.txt; SPEC 3.6 and 5).
 */
#include "../system.h"
#include "../rules/shock.h"
#include "shock_game.h"

static const struct kind *const kinds[] = {
	&shock_squad_kind,
	NULL
};

static const struct game_cmd cmds[] = {
	{ "odds", "the chance of each outcome of a hit",
	    shock_odds_usage, shock_odds_run, &shock_odds_options },
	{ NULL, NULL, NULL, NULL, NULL }
};

static const struct rule rules[] = {
	{ NULL, NULL, NULL }
};

const struct game game_shock = {
	"shock", "SHOCK", kinds, cmds, rules
};
