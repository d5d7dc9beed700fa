/*
 * rules/shock.c -- see shock.h.
 */
#include "shock.h"

#include <string.h>

/* "Units have three stats representing the TAP system". */
const char *const sh_stat_name[SH_NSTATS + 1] = {
	"toughness", "awareness", "prowess", NULL
};
const char *const sh_stat_label[SH_NSTATS] = {
	"Toughness", "Awareness", "Prowess"
};

/* "Troop Quality", QUALITY and MOD. */
const struct sh_quality sh_qualities[SH_NQUALITIES] = {
	{ "untrained", "Untrained", -3 },
	{ "conscript", "Conscript", -2 },
	{ "green", "Green", -1 },
	{ "regular", "Regular", 0 },
	{ "experienced", "Experienced", 1 },
	{ "veteran", "Veteran", 2 },
	{ "elite", "Elite", 3 },
	{ "rainbow", "Rainbow", 4 },
};
const char *const sh_quality_name[SH_NQUALITIES + 1] = {
	"untrained", "conscript", "green", "regular", "experienced",
	"veteran", "elite", "rainbow", NULL
};

/* "Damage Class", Class, Mod and Type; VI's mod is "U", a step up. */
const struct sh_class sh_classes[SH_NCLASSES] = {
	{ "I", -2, 0, "Sub-standard handguns" },
	{ "II", -1, 0, "Standard handguns" },
	{ "III", 0, 0, "High-power handguns, carbines" },
	{ "IV", 1, 0, "Standard rifles" },
	{ "V", 2, 0, "Battle and large rifles" },
	{ "VI", 0, 1, "Anti-materiel, autocannons" },
};
const char *const sh_class_name[SH_NCLASSES + 1] = {
	"I", "II", "III", "IV", "V", "VI", NULL
};

const char *const sh_outcome_name[SH_NOUTCOMES + 1] = {
	"stun", "wound", "shock", "death", NULL
};

/*
 * "Hit Location" (1d10: 01-02 head, 03 neck, 04-05 arm, 06-07 upper
 * torso, 08 lower torso, 09-10 leg) and "Location Severity", a blank
 * cell repeating the result above it (SPEC 6): the first roll of each
 * outcome, stun wound shock death.
 */
const struct sh_location_row sh_locations[SH_NLOCATIONS] = {
	{ "head", "Head", 1, 2, { 1, 2, 3, 4 } },
	{ "neck", "Neck", 3, 3, { 1, 2, 6, 9 } },
	{ "arm", "Arm", 4, 5, { 1, 6, 10, 0 } },
	{ "upper-torso", "Upper torso", 6, 7, { 1, 2, 4, 0 } },
	{ "lower-torso", "Lower torso", 8, 8, { 1, 2, 7, 0 } },
	{ "leg", "Leg", 9, 10, { 1, 2, 9, 0 } },
};
const char *const sh_location_name[SH_NLOCATIONS + 1] = {
	"head", "neck", "arm", "upper-torso", "lower-torso", "leg", NULL
};

/* "The turn is split into three distinct phases." */
const char *const sh_phases[SH_NPHASES] = {
	"Morale and panic fire", "Movement and action",
	"Medical and explosives"
};

/* "up to three hexes while standing ... Crouched movement will allow
 * for two hexes per turn, and one hex for prone movement." */
const struct sh_stance sh_stances[SH_NSTANCES] = {
	{ "Standing", 3 }, { "Crouched", 2 }, { "Prone", 1 },
};

int
sh_severity(int loc, int r)
{
	const struct sh_location_row *l = &sh_locations[loc];
	int o, out = SH_STUN;

	for (o = 0; o < SH_NOUTCOMES; o++)
		if (l->from[o] > 0 && l->from[o] <= r)
			out = o;
	return out;
}

int
sh_hit(int c, int loc, int roll)
{
	int r = roll + sh_classes[c].mod, o;

	/* "the class modifier is added to the severity roll and the result
	 * kept within 1-10" (SPEC 6). */
	if (r < 1)
		r = 1;
	if (r > SH_DIE)
		r = SH_DIE;
	o = sh_severity(loc, r);
	if (sh_classes[c].step_up && o < SH_DEATH)
		o++;
	return o;
}

void
sh_outcome_odds(int c, int loc, double p[SH_NOUTCOMES])
{
	double q[SH_NOUTCOMES];
	int l, roll, o;

	memset(p, 0, SH_NOUTCOMES * sizeof(*p));
	if (loc >= 0) {
		for (roll = 1; roll <= SH_DIE; roll++)
			p[sh_hit(c, loc, roll)] += 1.0 / SH_DIE;
		return;
	}
	/* Over the hit location table: each location as often as its
	 * rolls come up on the d10. */
	for (l = 0; l < SH_NLOCATIONS; l++) {
		sh_outcome_odds(c, l, q);
		for (o = 0; o < SH_NOUTCOMES; o++)
			p[o] += q[o] * (sh_locations[l].hi -
			    sh_locations[l].lo + 1) / SH_DIE;
	}
}
