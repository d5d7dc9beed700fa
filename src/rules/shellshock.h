/*
 * rules/shellshock.h -- the Shellshock Combat System's basic rules as data
 * and arithmetic (000_aa283e32b68e0840.txt; SPEC sections 3.1, 5 and 6).
 *
 * Knows nothing of YAML or PDF: a unit is plain numbers, filled by
 * systems/shellshock_card.c and read by the card, the checks and odds.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_H
#define MUSTER_RULES_SHELLSHOCK_H

/* The defense rows, top to bottom as on the card ("dV" column). */
enum ss_row { SS_E, SS_M, SS_B, SS_I, SS_S, SS_P, SS_NROWS };
/* Row letters in that order, and their names. */
extern const char ss_row_letter[SS_NROWS + 1];
extern const char *const ss_row_name[SS_NROWS];

enum ss_era { SS_FUTURE, SS_MODERN, SS_WW2, SS_NERAS };
extern const char *const ss_era_name[SS_NERAS + 1];

/* Weapon arcs: the fixed directions and the pivots of 1, 2, 3 facings. */
enum ss_arc {
	SS_ARC_FRONT, SS_ARC_REAR, SS_ARC_LEFT, SS_ARC_RIGHT,
	SS_ARC_PIVOT1, SS_ARC_PIVOT2, SS_ARC_PIVOT3, SS_NARCS
};
extern const char *const ss_arc_name[SS_NARCS + 1];

/* Facings and armor sections, in the order the card prints armor (SPEC 6). */
enum ss_facing { SS_FACE_FRONT, SS_FACE_RIGHT, SS_FACE_LEFT, SS_FACE_REAR,
	SS_NFACINGS };
extern const char *const ss_facing_name[SS_NFACINGS + 1];

/* Terrain costs, in the order the card prints them. */
enum ss_terrain { SS_OPEN, SS_ROUGH, SS_TREES, SS_INCLINE1, SS_INCLINE2,
	SS_WATER, SS_NTERRAIN };
extern const char *const ss_terrain_key[SS_NTERRAIN + 1];

/* The internal damage chart of the basic card: d6 -> system hit. */
extern const char ss_chart_letter[7];		/* " smpFAC", index 1..6 */
extern const char *const ss_chart_name[7];

#define SS_MAX_BANDS 8
#define SS_MAX_WEAPONS 5	/* one per row E M B I S */

struct ss_weapon {
	int row;		/* enum ss_row, never SS_P */
	int damage;
	char cls;		/* 'p' primary or 's' secondary */
	int arc;		/* enum ss_arc */
	int spread;		/* can use spread fire */
};

struct ss_unit {
	const char *name;
	int era;		/* enum ss_era */
	int max_speed, road_speed, tonnage;
	char maneuver[4];
	int terrain[SS_NTERRAIN];
	int dv[SS_NROWS][2];	/* [front/back, sides]; P uses [0] for both */
	int die, skill;		/* targeting die (sides) and skill: d10+4 */
	int gunners;
	struct ss_weapon weapon[SS_MAX_WEAPONS];
	int nweapons;
	double ram;		/* physical multiplier, 0 when none */
	int armor[SS_NFACINGS];
	int band[SS_MAX_BANDS][2];	/* internal damage -> 1, 2, 3... boxes */
	int nbands;
	int dead;		/* this much internal damage or more destroys */
	int combat_value;	/* -1 when not given */
};

/* The targeting dice an era allows: nonzero if die (sides) is allowed. */
int ss_era_allows_die(int era, int die);
/* "d10", "d8 or d10", "d6": for messages. */
const char *ss_era_dice(int era);
/* The facings a weapon arc covers, as a sector for the arc symbol:
 * centre and width in degrees clockwise from the unit's front. */
void ss_arc_sector(int arc, int *centre, int *width);

#endif
