/*
 * systems/shellshock_card.h -- a loaded Shellshock record card: the unit's
 * numbers (rules/shellshock.h) and the nodes the rules point at.  Shared
 * with the odds and resolve commands, which load units as cards.
 */
#ifndef MUSTER_SYSTEMS_SHELLSHOCK_CARD_H
#define MUSTER_SYSTEMS_SHELLSHOCK_CARD_H

#include "../rules/shellshock.h"

struct node;

/* A weapon as written, right or wrong, for the rules to point at. */
struct ss_raw_weapon {
	const struct node *map, *row, *damage, *cls, *arc, *spread;
};

struct ss_card {
	struct ss_unit u;		/* only what is right goes in here */
	const struct node *root, *name_n, *card_n, *era_n, *maneuver_n;
	const struct node *terrain_n[SS_NTERRAIN];
	const struct node *dv_n[SS_NROWS][2];
	const struct node *gunnery_n, *gunners_n, *ram_n, *dead_n, *internal_n;
	const struct node *armor_n[SS_NFACINGS];
	const struct node *band_n[SS_MAX_BANDS];
	struct ss_raw_weapon raw[16];
	int nraw;
	const char *card;		/* normalised index "A♣", or NULL */
	char rank[3];
	const char *suit;
	const char *side, *gunnery, *ram;	/* as written */
	int gunnery_ok;
	int bands_ok;		/* internal bands are right: dead can be judged */
};

/* Parses "d10+4" into a die and skill; 0 when it is not of that form. */
int ss_parse_gunnery(const char *s, int *die, int *skill);

#endif
