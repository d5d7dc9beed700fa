/*
 * rules/shock.h -- SHOCK, the small-arms skirmish system, as data and
 * arithmetic (004_96a10eb7104af73e.txt; SPEC sections 3.6, 5 and 6).
 *
 * Troop quality, damage classes, the hit location and severity tables,
 * the turn's phases and movement by stance live here once: the checks,
 * the soldier cards, the reference card and odds read them.  Knows
 * nothing of YAML or PDF.
 */
#ifndef MUSTER_RULES_SHOCK_H
#define MUSTER_RULES_SHOCK_H

#include "../util.h"

/* "Each stat is on a scale of 1-9, with 9 being the best." */
#define SH_STAT_MIN 1
#define SH_STAT_MAX 9
#define SH_NSTATS 3
extern const char *const sh_stat_name[SH_NSTATS + 1];	/* toughness ... */
extern const char *const sh_stat_label[SH_NSTATS];	/* "Toughness" */

/* "Troop Quality": eight levels and their modifiers. */
#define SH_NQUALITIES 8
struct sh_quality {
	const char *name;	/* the YAML word: "veteran" */
	const char *label;	/* "Veteran" */
	int mod;
};
extern const struct sh_quality sh_qualities[SH_NQUALITIES];
extern const char *const sh_quality_name[SH_NQUALITIES + 1];

/*
 * "Damage Class": I to VI and their severity modifiers; class VI has
 * none ("U") but raises the result one step ("Whatever result you
 * receive becomes the next tier of severity").
 */
#define SH_NCLASSES 6
#define SH_CLASS_VI 5		/* its index */
struct sh_class {
	const char *name;	/* "III" */
	int mod;
	int step_up;		/* raises the result a tier */
	const char *what;	/* "High power handguns and carbines" */
};
extern const struct sh_class sh_classes[SH_NCLASSES];
extern const char *const sh_class_name[SH_NCLASSES + 1];

/* The outcomes of a hit, in rising severity. */
enum sh_outcome { SH_STUN, SH_WOUND, SH_SHOCK, SH_DEATH, SH_NOUTCOMES };
extern const char *const sh_outcome_name[SH_NOUTCOMES + 1];	/* "stun" */

/* "Hit Location": 1d10. */
#define SH_DIE 10
enum sh_location {
	SH_HEAD, SH_NECK, SH_ARM, SH_UPPER_TORSO, SH_LOWER_TORSO, SH_LEG
};
#define SH_NLOCATIONS 6
struct sh_location_row {
	const char *name;	/* the command-line word: "upper-torso" */
	const char *label;	/* "Upper torso" */
	int lo, hi;		/* the d10 rolls that hit it */
	/* "Location Severity" read as thresholds (SPEC 6): the least
	 * severity roll of each outcome, 0 when it has none. */
	int from[SH_NOUTCOMES];
};
extern const struct sh_location_row sh_locations[SH_NLOCATIONS];
extern const char *const sh_location_name[SH_NLOCATIONS + 1];

/* The outcome of severity roll r (1..10, after the class) at a location,
 * and the outcome a hit of class c at location loc gets from a natural
 * severity roll: the class modifier added, the result kept within 1-10,
 * class VI a step up (SPEC 6). */
int sh_severity(int loc, int r);
int sh_hit(int c, int loc, int roll);
/* The chance of each outcome of a hit of class c at location loc, or
 * over the hit location table when loc is -1, exactly (tenths and
 * hundredths). */
void sh_outcome_odds(int c, int loc, struct ratio p[SH_NOUTCOMES]);

/* "Wounds are additive ... if they amount to a total of ten or more,
 * the unit immediately succumbs to shock": the wound track. */
#define SH_WOUNDS_TO_SHOCK 10

/*
 * The whole hit ("Damage Systems", "Details of Severity" and "Turns and
 * Phases"), past location and severity:
 *
 *  - the shot: the document gives no shooting roll, so the player sets
 *    the d10 score a shot needs (need; 0: the shot hits) and the
 *    document's modifiers add to the d10: "Panic Fire has a penalty of
 *    -3(?)", in cover "it will count as blind fire for -5(?)" (instead,
 *    not as well), and "one or two action points for a bonus to aiming,
 *    +1 for each" (not in panic fire, which forgoes the action phase);
 *  - STUN: "A stunned target skips his current/next turn";
 *  - WOUND: wounds add up; "at the end of the turn ... a single 1d10
 *    roll ... attempting to roll higher than the total sum of wounds",
 *    failing it the soldier goes into shock, and at ten or more wounds
 *    he is in shock at once.  The document says a wound scales with the
 *    class but not how: a wound result adds wound_size wounds (1 unless
 *    the player says);
 *  - SHOCK: "Units who take more damage in this state die": a hit on a
 *    soldier in shock kills him.
 */
#define SH_PANIC_FIRE (-3)
#define SH_BLIND_FIRE (-5)
#define SH_AIM_BONUS 1		/* a point spent aiming */
#define SH_AIM_MAX 2		/* "one or two action points" */
#define SH_WOUND_CHECK_DIE 10	/* "a single 1d10 roll" */

struct sh_shot {
	int cls;		/* the damage class's index */
	int loc;		/* where it hits; -1 over the location table */
	int need;		/* the d10 score to hit; 0: it hits */
	int panic;		/* panic fire */
	int blind;		/* panic fire from cover: blind fire */
	int aim;		/* action points spent aiming, 0 to SH_AIM_MAX */
	int wounds;		/* the target's wounds before the shot */
	int wound_size;		/* wounds a wound result adds (1) */
	int in_shock;		/* the target is in shock already */
};

/* The target at the end of the turn, each exclusive of the others. */
enum sh_end {
	SH_END_DEAD, SH_END_SHOCK,
	SH_END_STUNNED,		/* skips his next turn (wounds or not) */
	SH_END_WOUNDED,		/* passed his wound check, fights on */
	SH_END_UNHURT,		/* no wound, not stunned: missed */
	SH_NENDS
};
extern const char *const sh_end_name[SH_NENDS + 1];	/* "dead" ... */

struct sh_turn {
	int modifier;			/* on the shot's d10 */
	struct ratio p_hit;
	struct ratio hit[SH_NOUTCOMES];	/* the outcome, given a hit */
	/* Given a hit: in shock at once from wounds reaching ten, and from
	 * a failed wound check. */
	struct ratio wounds_shock, check_fails;
	struct ratio end[SH_NENDS];	/* over the shot, hit or miss */
};

/* The modifier a shot's d10 gets. */
int sh_shot_modifier(const struct sh_shot *s);
/* The chance a d10 of wounds + 1 or more: the wound check passes (0 at
 * SH_WOUNDS_TO_SHOCK wounds or more, 1 with none). */
struct ratio sh_wound_check(int wounds);
/* A shot followed to the end of the turn. */
void sh_whole_hit(const struct sh_shot *s, struct sh_turn *t);

/* "The turn is split into three distinct phases." */
#define SH_NPHASES 3
extern const char *const sh_phases[SH_NPHASES];

/* "Movement": 4 movement points; 3 hexes standing, 2 crouched, 1 prone;
 * a change of stance counts as one movement; moving and shooting limits
 * movement to 2 MP. */
#define SH_MOVEMENT_POINTS 4
#define SH_MOVE_AND_SHOOT_MP 2
#define SH_STANCE_CHANGE 1
#define SH_NSTANCES 3
struct sh_stance {
	const char *label;	/* "Standing" */
	int hexes;
};
extern const struct sh_stance sh_stances[SH_NSTANCES];
/* "A unit may spend up to three of their action points". */
#define SH_UNIT_ACTION_POINTS 3
/* "1d10 is rolled to generate the amount of action points available to
 * the player for the turn". */
#define SH_ACTIVATION_DIE 10

#endif
