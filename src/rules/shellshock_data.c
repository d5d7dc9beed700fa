/*
 * rules/shellshock_data.c -- the basic rules' tables
 * (000_aa283e32b68e0840.txt, "Defense Values", "Shooting arcs", the
 * internal box chart; SPEC section 6 for the armor order and the chart).
 */
#include "shellshock.h"

#include <string.h>

/* "E, M, B, I, S, and P ... Energy, Missile, Ballistic, Indirect, Small
 * Caliber and Physical" */
const char ss_row_letter[SS_NROWS + 1] = "EMBISP";
const char *const ss_row_name[SS_NROWS] = {
	"energy", "missile", "ballistic", "indirect", "small caliber",
	"physical"
};

const char *const ss_era_name[SS_NERAS + 1] = {
	"future", "modern", "ww2", NULL
};

const char *const ss_arc_name[SS_NARCS + 1] = {
	"front", "rear", "left", "right", "pivot1", "pivot2", "pivot3", NULL
};

/* SPEC 6: the armor row is printed front, right, left, rear. */
const char *const ss_facing_name[SS_NFACINGS + 1] = {
	"front", "right", "left", "rear", NULL
};

const char *const ss_terrain_key[SS_NTERRAIN + 1] = {
	"open", "rough", "trees", "incline1", "incline2", "shallow_water", NULL
};

/* The internal box chart: 1 s, 2 m, 3 p, 4 F, 5 A, 6 C (SPEC 6). */
const char ss_chart_letter[7] = " smpFAC";
const char *const ss_chart_name[7] = {
	"", "secondary weapons", "mobility", "primary weapons", "fuel",
	"ammo", "crew"
};

/* "If playing a future game, each player will need 2d10 ... If playing
 * Modern, you will also need a 1d8"; "WWII where you roll 1d10 and 1d6". */
int
ss_era_allows_die(int era, int die)
{
	switch (era) {
	case SS_FUTURE:	return die == 10;
	case SS_MODERN:	return die == 8 || die == 10;
	case SS_WW2:	return die == 6;
	default:	return 0;
	}
}

const char *
ss_era_dice(int era)
{
	switch (era) {
	case SS_FUTURE:	return "d10";
	case SS_MODERN:	return "d8 or d10";
	case SS_WW2:	return "d6";
	default:	return "?";
	}
}

/* "you can shift the facing of the weapon by 60 degrees left or right";
 * a pivot N shifts N facings more each way, pivot3 reaches everywhere. */
void
ss_arc_sector(int arc, int *centre, int *width)
{
	static const int c[SS_NARCS] = { 0, 180, 270, 90, 0, 0, 0 };
	static const int w[SS_NARCS] = { 60, 60, 60, 60, 180, 300, 360 };

	*centre = arc >= 0 && arc < SS_NARCS ? c[arc] : 0;
	*width = arc >= 0 && arc < SS_NARCS ? w[arc] : 60;
}
