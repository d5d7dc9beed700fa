/*
 * systems/ssg.c -- Shot, Shell & Grape: its row in the games table, its
 * kinds and its command (002_6173cb95b4ba469e.txt; SPEC 3.4).
 */
#include "../system.h"
#include "ssg_game.h"

static const struct kind *const kinds[] = {
	&ssg_battalions_kind,
	&ssg_tactics_kind,
	&ssg_specialties_kind,
	&ssg_reference_kind,
	&ssg_lineup_kind,
	NULL
};

static const struct game_cmd cmds[] = {
	{ "odds", "exact chances of an attack or a morale check",
	    ssg_odds_usage, ssg_odds_run, &ssg_odds_options },
	{ NULL, NULL, NULL, NULL, NULL }
};

/* What odds reports about the deck and the cards it is given. */
static const struct rule rules[] = {
	{ "ssg.deck", "the deck odds reads (--deck, or the shipped one) is one battalions deck without errors", NULL },
	{ "ssg.card", "the cards odds is given are cards of that deck", NULL },
	{ NULL, NULL, NULL }
};

const struct game game_ssg = {
	"ssg", "Shot, Shell & Grape", kinds, cmds, rules
};
