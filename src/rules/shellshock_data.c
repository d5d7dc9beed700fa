/*
 * rules/shellshock_data.c -- the basic rules' tables
 * (000_aa283e32b68e0840.txt, "Defense Values", "Shooting arcs", the
 * internal box chart; SPEC section 6 for the armor order and the chart).
 * The single numbers are in shellshock.h, each with its source.
 */
#include "shellshock.h"

#include <stdio.h>
#include <string.h>

/* "E, M, B, I, S, and P ... Energy, Missile, Ballistic, Indirect, Small
 * Caliber and Physical" */
const char ss_row_letter[SS_NROWS + 1] = "EMBISP";
const char *const ss_row_name[SS_NROWS] = {
	"energy", "missile", "ballistic", "indirect", "small caliber",
	"physical"
};

/* The eras and their targeting dice, one row each: "If playing a future
 * game, each player will need 2d10" (the human d10 and a d10 targeting
 * computer); "If playing Modern, you will also need a 1d8"; "WWII where
 * you roll 1d10 and 1d6 to hit". */
const char *const ss_era_name[SS_NERAS + 1] = {
	"future", "modern", "ww2", NULL
};
const int ss_era_die[SS_NERAS][2] = {
	{ 10, 0 },	/* future */
	{ 8, 10 },	/* modern */
	{ 6, 0 },	/* ww2 */
};

const char *const ss_arc_name[SS_NARCS + 1] = {
	"front", "rear", "left", "right", "pivot1", "pivot2", "pivot3", NULL
};

/* '"p" for primary ... "s" for secondary' */
const char *const ss_class_name[3] = { "p", "s", NULL };
const char *const ss_class_word[3] = { "primary", "secondary", NULL };

/* SPEC 6: the armor row is printed front, right, left, rear. */
const char *const ss_facing_name[SS_NFACINGS + 1] = {
	"front", "right", "left", "rear", NULL
};

const char *const ss_terrain_key[SS_NTERRAIN + 1] = {
	"open", "rough", "trees", "incline1", "incline2", "shallow_water", NULL
};

/* The internal box chart, "6 C Crew killed. Unit is useless", "5 A Ammo
 * hit ... Roll off for sympathetic explosion", "4 F Fuel hit ... Roll
 * off for sympathetic explosion", "3 p primary weapons destroyed", "2 m
 * mobility", "1 s secondary weapons destroyed". */
const struct ss_chart_entry ss_chart[SS_CHART_DIE + 1] = {
	{ ' ', "", 0 },
	{ 's', "secondary weapons", SS_FX_LOSE_S },
	{ 'm', "mobility", SS_FX_NO_MOVE },
	{ 'p', "primary weapons", SS_FX_LOSE_P },
	{ 'F', "fuel", SS_FX_EXPLODES | SS_FX_NO_MOVE },
	{ 'A', "ammo", SS_FX_EXPLODES | SS_FX_NO_FIRE },
	{ 'C', "crew", SS_FX_CREW },
};

int
ss_era_allows_die(int era, int die)
{
	return era >= 0 && era < SS_NERAS && die > 0 &&
	    (ss_era_die[era][0] == die || ss_era_die[era][1] == die);
}

const char *
ss_era_dice(int era, char buf[32])
{
	if (era < 0 || era >= SS_NERAS)
		snprintf(buf, 32, "?");
	else if (ss_era_die[era][1])
		snprintf(buf, 32, "d%d or d%d", ss_era_die[era][0],
		    ss_era_die[era][1]);
	else
		snprintf(buf, 32, "d%d", ss_era_die[era][0]);
	return buf;
}

/* Of the SS_EXPLOSION_DIE squared pairs of faces, those where the
 * attacker's is higher: 45 of 100 for two d10s. */
double
ss_p_explodes(void)
{
	double d = SS_EXPLOSION_DIE;

	return d * (d - 1) / 2 / (d * d);
}

/* "you can shift the facing of the weapon by 60 degrees left or right";
 * a pivot N shifts N facings more each way, pivot3 reaches everywhere. */
void
ss_arc_sector(int arc, int *center, int *width)
{
	static const int c[SS_NARCS] = { 0, 180, 270, 90, 0, 0, 0 };
	static const int w[SS_NARCS] = { 60, 60, 60, 60, 180, 300, 360 };

	*center = arc >= 0 && arc < SS_NARCS ? c[arc] : 0;
	*width = arc >= 0 && arc < SS_NARCS ? w[arc] : 60;
}
