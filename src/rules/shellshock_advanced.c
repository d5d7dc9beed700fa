/*
 * rules/shellshock_advanced.c -- see shellshock_advanced.h.
 */
#include "shellshock_advanced.h"

#include <string.h>
#include <strings.h>

#include "../util.h"

/* "There are 6 weapon types: Ballistic, Missile, Energy, Indirect, Small
 * Arms and Physical. Obviously B is for Ballistic, E is for Energy". */
const char *const ss_dvt_name[SS_NDVT + 1] = {
	"B", "M", "E", "I", "SA", "P", NULL
};
const char *const ss_dvt_word[SS_NDVT] = {
	"ballistic", "missile", "energy", "indirect", "small arms", "physical"
};

/* B, M, E, I, SA, P: all but energy and physical fire rounds. */
const int ss_dvt_ammo[SS_NDVT] = { 1, 1, 0, 1, 1, 0 };

/* "In World War II, you use 1d10 and 1d6. In the Modern era ... 1d10
 * and 1d8, and some use 2d10 ... In the Future version of the game, you
 * will use 2d10." */
const char *const ss_to_hit_name[4] = {
	"1d10+1d6", "1d10+1d8", "2d10", NULL
};

int
ss_to_hit_die(const char *s)
{
	static const int die[3] = { 6, 8, 10 };
	int i = s ? str_index(ss_to_hit_name, s) : -1;

	return i < 0 ? 0 : die[i];
}

const char *const ss_angle_name[SS_NANGLES + 1] = {
	"front", "front_right", "rear_right", "rear", "rear_left",
	"front_left", NULL
};

const char *const ss_multiplier_name[SS_NANGLES + 1] = {
	"forward", "front_right", "rear_right", "reverse", "rear_left",
	"front_left", NULL
};

const char *const ss_body_system_name[3] = { "Body", "Torso", NULL };
const char *const ss_pilot_role[3] = { "Pilot", "Driver", NULL };

/* The index of s in the NULL-ended list, without regard to case. */
static int
index_nocase(const char *const *list, const char *s)
{
	int i;

	for (i = 0; s && list[i]; i++)
		if (strcasecmp(list[i], s) == 0)
			return i;
	return -1;
}

int
ss_body_system(const char *name)
{
	return index_nocase(ss_body_system_name, name) >= 0;
}

int
ss_is_pilot(const char *role, const char *id)
{
	return index_nocase(ss_pilot_role, role) >= 0 ||
	    (id && strcmp(id, SS_PILOT_ID) == 0);
}

const char *const ss_loco_word[5] = { "SLIP", "TURN", "MSRP", "X", NULL };

void
ss_ecv_total(struct ss_ecv *e)
{
	e->total = e->units + e->crew + e->components;
}

int
ss_ecv_uneven(long a, long b)
{
	long hi = a > b ? a : b, diff = a > b ? a - b : b - a;

	return hi > 0 && diff * 100 > hi * SS_ECV_SLACK_PERCENT;
}
