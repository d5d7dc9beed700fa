/*
 * rules/shellshock_advanced.h -- the Shellshock Combat System's advanced
 * rules as data (003_1dddfc23c27b38e7.txt; SPEC sections 3.2 and 3.3):
 * the record sheet's tables and limits, and Estimated Combat Values.
 *
 * Knows nothing of YAML or PDF.  The eras' dice are the basic rules'
 * table (shellshock.h): the advanced document says the same.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_ADVANCED_H
#define MUSTER_RULES_SHELLSHOCK_ADVANCED_H

/*
 * ---- the record sheet's numbers, each once, with its source ----
 */

/* "To the right of the T + is a small square with a number from 2-5 ...
 * the Slip Indicator"; a turn short of it is a "roll 1d6". */
#define SS_SLIP_MIN 2
#define SS_SLIP_MAX 5
#define SS_SLIP_DIE 6
/* "The weapon does 3d6 of Damage, 2d6 of Shock and 2d6 of Penetration":
 * a weapon table's Dam, Sh and Pen (and a kick's, a punch's) count d6. */
#define SS_DAMAGE_DIE 6
/* "roll percentile dice" for the internal damage chart. */
#define SS_PERCENTILE_DIE 100
/* "roll percentile dice": the internal damage chart covers 1 to 100. */
#define SS_CHART_LO 1
#define SS_CHART_HI 100
/* "roll 1d10 and 1d6.  Rows 1-8 are maximum speed.  Row 9 is
 * Acceleration, and row 10 is Deceleration": 10 rows of 6. */
#define SS_LOCO_ROWS 10
#define SS_LOCO_COLS 6
#define SS_LOCO_SPEED_ROWS 8
#define SS_LOCO_ROW_ACCEL 9
#define SS_LOCO_ROW_DECEL 10
/* "Subtract the number listed from the appropriate value": a cell's
 * number is taken off a speed, acceleration or deceleration, 0 or more;
 * muster's bound above, as no speed row reaches 100. */
#define SS_LOCO_CELL_MIN 0
#define SS_LOCO_CELL_MAX 99
/* "all indirect weapons have a minimum range of 12 hexes"; "one mile =
 * 120 hexes", and ranges are listed in miles. */
#define SS_INDIRECT_MIN_HEXES 12
#define SS_HEXES_PER_MILE 120
/* "If you get internal damage, but not enough to get a 5% hit, you get
 * what is called a Core Hit. This is a 1% hit" (003, internal damage):
 * damage under the first internal % box, and each movement point slipped
 * past the turn's speed, is one line of the chart. */
#define SS_CORE_HIT_PERCENT 1
/* "If you try to accurately replicate ..."; "Typically, both sides
 * should have the same ECV": muster warns past 10 % apart (SPEC 3.3). */
#define SS_ECV_SLACK_PERCENT 10

/* "Note that the unit's body is considered a fire system if any weapons
 * are mounted directly to the body ... Only the Pilot can control the
 * Body fire system" (003, the crew and fire systems); SPEC 6: a
 * walker's Torso is its body.  Names match without regard to case. */
extern const char *const ss_body_system_name[3];	/* Body, Torso */
/* Who the pilot is: "Pilots, Drivers, Gunners, Loaders, and Commanders"
 * are the occupants the document names, and the one who drives a
 * vehicle is its pilot ("If the pilot tries to turn at 3 hexes"), so a
 * role of Pilot or Driver; or the id P, as SPEC 3.2 names the crew
 * ("P, G1, G2") and the weapon table's Operators column names them. */
extern const char *const ss_pilot_role[3];		/* Pilot, Driver */
#define SS_PILOT_ID "P"
/* Whether a fire system of that name is the body's; whether a crewman
 * of that role and id is the pilot. */
int ss_body_system(const char *name);
int ss_is_pilot(const char *role, const char *id);

/* The weapon types of the dVT column: "Ballistic, Missile, Energy,
 * Indirect, Small Arms and Physical", rows of the defense chart. */
enum ss_dvt { SS_DVT_B, SS_DVT_M, SS_DVT_E, SS_DVT_I, SS_DVT_SA, SS_DVT_P,
	SS_NDVT };
extern const char *const ss_dvt_name[SS_NDVT + 1];	/* "B" ... "P" */
extern const char *const ss_dvt_word[SS_NDVT];		/* "ballistic" ... */

/* "Mark off used ammunition, and adjust your batteries for any energy
 * weapons fired" (003, the aftermath phase); a weapon that "does not
 * require any Kreigs (Power Units) to fire as lasers and rail guns do"
 * fires rounds.  1 where a weapon type fires ammunition, the row the
 * sheet prints a count for: an energy weapon draws on the batteries, a
 * physical attack (a punch, a club) spends nothing. */
extern const int ss_dvt_ammo[SS_NDVT];

/* The to-hit dice of a sheet ("1d10+1d6", "1d10+1d8", "2d10"): the
 * targeting die beside the gunner's d10, read against the era table. */
extern const char *const ss_to_hit_name[4];	/* the three, NULL-ended */
/* The targeting die of a to-hit text, or 0 when it is none of them. */
int ss_to_hit_die(const char *to_hit);

/* "The number on the top of the hex represents the front of the unit
 * ... there are 6 angles for Penetration": clockwise from the front. */
enum ss_angle {
	SS_ANGLE_FRONT, SS_ANGLE_FRONT_RIGHT, SS_ANGLE_REAR_RIGHT,
	SS_ANGLE_REAR, SS_ANGLE_REAR_LEFT, SS_ANGLE_FRONT_LEFT, SS_NANGLES
};
extern const char *const ss_angle_name[SS_NANGLES + 1];
/* "The top of this chart represents forward, and the bottom is reverse
 * ... drift to the left or right ... front-left and front-right": the
 * movement multipliers, clockwise from forward. */
extern const char *const ss_multiplier_name[SS_NANGLES + 1];

/* The special cells of the locomotion damage chart: "SLIP, TURN, and
 * MSRP ... add 1"; "an "X" ... rendering the unit immobile". */
extern const char *const ss_loco_word[5];	/* SLIP TURN MSRP X, NULL */

/*
 * The Estimated Combat Value of one side of a force (SPEC 3.3): its
 * units' values ("All units have an Estimated Combat Value"), plus
 * "pilots and gunners have an ECV assigned to them", plus "any
 * additional components, such as Rocket Pods and Missiles".
 */
struct ss_ecv {
	long units, crew, components;
	long total;
};
void ss_ecv_total(struct ss_ecv *e);
/* Whether two sides' totals are more than SS_ECV_SLACK_PERCENT apart,
 * measured against the larger. */
int ss_ecv_uneven(long a, long b);

#endif
