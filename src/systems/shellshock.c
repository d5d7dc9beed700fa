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

/* odds and resolve --facing: the side of the defender that is hit. */
static const struct optval facing_values[] = {
	{ "facing", ss_facing_name },
	{ NULL, NULL }
};

static const struct game_cmd cmds[] = {
	{ "odds", "exact chances of one gunner's shot", ss_odds_usage,
	    ss_odds_run, ss_odds_opts, facing_values, NULL },
	{ "resolve", "one shot replayed with given dice, step by step",
	    ss_resolve_usage, ss_resolve_run, ss_resolve_opts, facing_values,
	    NULL },
	{ "value", "what a card is worth, and duels to judge it by",
	    ss_value_usage, ss_value_run, ss_value_opts, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL }
};

/* What odds and resolve report about the units and dice they are given. */
static const struct rule rules[] = {
	{ "shellshock.unit", "a unit file given to odds or resolve holds one Shellshock card", NULL },
	{ "shellshock.shot", "the shot asked for can be fired: the rows named carry weapons, spread fire only when every weapon fired can spread, point blank closer than " STR(SS_RANGE_STEP) " in", NULL },
	{ "shellshock.dice", "resolve is given every die the shot needs, each a roll the die can show, and no more", NULL },
	{ NULL, NULL, NULL }
};

const struct game game_shellshock = {
	"shellshock", "Shellshock Combat System", kinds, cmds, rules
};
