/*
 * systems/shellshock.c -- the Shellshock Combat System: its row in the
 * games table, its kinds and its commands (000_aa283e32b68e0840.txt).
 */
#include "../system.h"
#include "shellshock_game.h"

static const struct kind *const kinds[] = {
	&shellshock_card_kind,
	&shellshock_sheet_kind,
	&shellshock_force_kind,
	&shellshock_reference_kind,
	NULL
};

static const struct game_cmd cmds[] = {
	{ "odds", "exact chances of one gunner's shot", ss_odds_usage,
	    ss_odds_run, &ss_odds_options },
	{ "resolve", "one shot replayed with given dice, step by step",
	    ss_resolve_usage, ss_resolve_run, &ss_resolve_options },
	{ "value", "what a card is worth, and duels to judge it by",
	    ss_value_usage, ss_value_run, &ss_value_options },
	{ NULL, NULL, NULL, NULL, NULL }
};

/* What odds and resolve report about the units and dice they are given. */
static const struct rule rules[] = {
	{ "shellshock.unit", "a unit file given to odds or resolve holds one Shellshock card or record sheet", NULL },
	{ "shellshock.shot", "the shot asked for can be fired: the rows or weapons named are the gunner's, spread fire only when every weapon fired can spread, point blank closer than " STR(SS_RANGE_STEP) " in (a sheet: " STR(SSA_POINT_BLANK_MAX) " in), a sheet's weapon within its range, at most " STR(SSA_ODDS_MAX_DICE) " d6s of each kind for the odds", NULL },
	{ "shellshock.dice", "resolve is given every die the shot needs, each a roll the die can show, and no more", NULL },
	{ NULL, NULL, NULL }
};

const struct game game_shellshock = {
	"shellshock", "Shellshock Combat System", kinds, cmds, rules
};
