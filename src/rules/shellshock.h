/*
 * rules/shellshock.h -- the Shellshock Combat System's basic rules as data
 * and arithmetic (000_aa283e32b68e0840.txt; SPEC sections 3.1, 5 and 6).
 *
 * Knows nothing of YAML or PDF: a unit is plain numbers, filled by
 * systems/shellshock_card.c and read by the card, the checks and odds.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_H
#define MUSTER_RULES_SHELLSHOCK_H

/*
 * ---- the rules' numbers: each once, with where it comes from ----
 *
 * Every check, card field, odds figure and resolution step reads these;
 * change one and the tests at its boundaries fail.
 */

/* "Every full 10 inches the units are apart, makes the target 1 harder
 * to hit" (Combat): -1 to the roll per full SS_RANGE_STEP inches.  Point
 * blank is "directly beside a unit": closer than one step (SPEC 5). */
#define SS_RANGE_STEP 10
/* "All units traverse open ground at 1"; other costs 1 to 20 (SPEC 3.1). */
#define SS_OPEN_COST 1
#define SS_TERRAIN_MIN 1
#define SS_TERRAIN_MAX 20
/* "The maneuver description is three characters" of y, n and ? */
#define SS_MANEUVER_LEN 3
#define SS_MANEUVER_CHARS "yn?"
/* "how many targets you can aim at in one turn": one or more gunners. */
#define SS_GUNNERS_MIN 1
/* SPEC 3.1: damage at least 1, armor 0 or more, every dV at least 1,
 * the first internal band starting at 1 or more. */
#define SS_DAMAGE_MIN 1
#define SS_ARMOR_MIN 0
#define SS_DV_MIN 1
#define SS_BAND_MIN 1
/* SPEC 3.1: the card has three internal boxes, so exactly three bands
 * ("1 Internal  2 Internal  3 Internal" on the Mason). */
#define SS_BANDS 3
/* "All humans start off with a 1d10": the gunner's own die. */
#define SS_HUMAN_DIE 10
/* "if you roll a 10 on either of the d10's, you add ten, and re-roll". */
#define SS_REROLL_ON 10
/* "Even Rambo Misses sometimes": a natural 2 or 3 always misses. */
#define SS_FLUB_LO 2
#define SS_FLUB_HI 3
/* "Lucky shot": two 10s on the two d10s, a natural 20, hit with every
 * weapon "(Except physical)". */
#define SS_LUCKY (2 * SS_REROLL_ON)
/* "We flip a coin (1d2) heads, we do double damage". */
#define SS_COIN_SIDES 2
#define SS_HEADS_TIMES 2
/* "The Mason rolls 1d6 ... We mark off 2 in the internal chart". */
#define SS_CHART_DIE 6
/* "Both players roll a 1d10.  If the Bison pilot ties or beats the
 * Mason, nothing else happens": the attacker must roll higher. */
#define SS_EXPLOSION_DIE 10
/* "you can add a 1d6 to the to hit roll, by reducing the damage of the
 * weapon by half (rounding down)". */
#define SS_SPREAD_DIE 6
#define SS_SPREAD_DIVISOR 2
/* "Point blank: ... all to hit rolls are halved. This does not count for
 * physical attacks": the dV halved, rounded down (SPEC 5). */
#define SS_POINT_BLANK_DIVISOR 2

/* The defense rows, top to bottom as on the card ("dV" column): "E, M,
 * B, I, S, and P ... Energy, Missile, Ballistic, Indirect, Small Caliber
 * and Physical" (Defense Values). */
enum ss_row { SS_E, SS_M, SS_B, SS_I, SS_S, SS_P, SS_NROWS };
extern const char ss_row_letter[SS_NROWS + 1];
extern const char *const ss_row_name[SS_NROWS];

/* Eras and the targeting dice they allow: "If playing a future game,
 * each player will need 2d10 ... If playing Modern, you will also need a
 * 1d8"; "WWII where you roll 1d10 and 1d6 to hit". */
enum ss_era { SS_FUTURE, SS_MODERN, SS_WW2, SS_NERAS };
extern const char *const ss_era_name[SS_NERAS + 1];
extern const int ss_era_die[SS_NERAS][2];	/* allowed sides; 0 none */

/* Weapon arcs: the fixed directions and the pivots of 1, 2, 3 facings
 * ("Shooting arcs"). */
enum ss_arc {
	SS_ARC_FRONT, SS_ARC_REAR, SS_ARC_LEFT, SS_ARC_RIGHT,
	SS_ARC_PIVOT1, SS_ARC_PIVOT2, SS_ARC_PIVOT3, SS_NARCS
};
extern const char *const ss_arc_name[SS_NARCS + 1];

/* Weapon classes: "p" for primary, "s" for secondary (Weapons). */
extern const char *const ss_class_name[3];	/* "p", "s", NULL */
extern const char *const ss_class_word[3];	/* "primary", ... */

/* Facings and armor sections, in the order the card prints armor (SPEC 6). */
enum ss_facing { SS_FACE_FRONT, SS_FACE_RIGHT, SS_FACE_LEFT, SS_FACE_REAR,
	SS_NFACINGS };
extern const char *const ss_facing_name[SS_NFACINGS + 1];

/* Terrain costs, in the order the card prints them. */
enum ss_terrain { SS_OPEN, SS_ROUGH, SS_TREES, SS_INCLINE1, SS_INCLINE2,
	SS_WATER, SS_NTERRAIN };
extern const char *const ss_terrain_key[SS_NTERRAIN + 1];

/* The internal box chart of the basic card, a d6 roll to a system hit
 * (SPEC 6: 1 s, 2 m, 3 p, 4 F, 5 A, 6 C), and what each hit does. */
enum { SS_FX_EXPLODES = 1, SS_FX_CREW = 2,
	SS_FX_NO_FIRE = 4,	/* "Unit can not fire starting next round" */
	SS_FX_NO_MOVE = 8,	/* "Unit can not move starting next round" */
	SS_FX_LOSE_P = 16,	/* weapons marked "p" cannot fire */
	SS_FX_LOSE_S = 32	/* weapons marked "s" cannot fire */
};
struct ss_chart_entry {
	char letter;
	const char *name;
	unsigned fx;		/* SS_FX_* */
};
extern const struct ss_chart_entry ss_chart[SS_CHART_DIE + 1];	/* 1..6 */

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
	int band[SS_BANDS][2];	/* internal damage -> 1, 2, 3 boxes */
	int nbands;
	int dead;		/* this much internal damage or more destroys */
	int combat_value;	/* -1 when not given */
};

/* The targeting dice an era allows: nonzero if die (sides) is allowed. */
int ss_era_allows_die(int era, int die);
/* "d10", "d8 or d10", "d6": for messages; returns buf. */
const char *ss_era_dice(int era, char buf[32]);
/* The chance that a sympathetic explosion roll-off blows the unit up:
 * the attacker's die above the defender's. */
double ss_p_explodes(void);
/* The facings a weapon arc covers, as a sector for the arc symbol:
 * center and width in degrees clockwise from the unit's front. */
void ss_arc_sector(int arc, int *center, int *width);

/* ---- combat (000_aa283e32b68e0840.txt, "Combat", SPEC 5) ---- */

#include <stddef.h>

#include "dice.h"

/* One gunner's shot: the attacker fires the weapons on rows at the
 * defender's facing from range inches. */
struct ss_shot {
	const struct ss_unit *att, *def;
	int facing;		/* enum ss_facing */
	int range;		/* inches */
	int spread, point_blank;
	unsigned rows;		/* bit r set: the weapon on row r fires */
};

/* -1 to the roll per full SS_RANGE_STEP inches. */
int ss_range_modifier(int range);
/* The defender's dV for a row against a facing, point blank applied. */
int ss_target_dv(const struct ss_unit *def, int row, int facing,
    int point_blank);
/* The weapon a unit has on a row, or NULL. */
const struct ss_weapon *ss_weapon_on(const struct ss_unit *u, int row);
/* Damage a weapon does in this shot: halved, rounded down, when spread. */
int ss_weapon_damage(const struct ss_weapon *w, int spread);
/* Internal boxes marked by internal damage (0 below the first band);
 * meaningless at or past dead. */
int ss_boxes(const struct ss_unit *u, int internal);
/* Whether the shot can be fired as asked; else err says why. */
int ss_shot_check(const struct ss_shot *s, char *err, size_t errlen);

#include "../util.h"

struct ss_weapon_odds {
	int row, dv, need, damage;	/* need: on the dice, after skill and range */
	struct ratio p_hit;
};

/* Every probability exact where it fits (struct ratio, util.h). */
struct ss_odds {
	struct ss_weapon_odds w[SS_MAX_WEAPONS];
	int nw;
	struct ratio p_flub;		/* natural 2 or 3 */
	struct ratio p_lucky;		/* natural 20 */
	struct ratio *damage;		/* [0..damage_hi]: points reaching the
					 * armor, coin included */
	int damage_hi;
	struct ratio mean;
	struct ratio p_internal;	/* at least one internal box (or dead) */
	struct ratio p_destroyed;
};

/* The hit roll's total before skill and range: the human d10 and the
 * targeting die of die sides, re-rolled on 10s, and spread fire's d6
 * when spread; the natural 2s and 3s (always a miss) and the natural 20
 * (a hit with everything) are taken out into *p_flub and *p_lucky. */
void ss_roll_dist(int die, int spread, struct dist *normal, double *p_flub,
    double *p_lucky);
/* Exact odds of the shot (which must pass ss_shot_check).  Free o's
 * distribution with ss_odds_free(). */
void ss_odds(const struct ss_shot *s, struct ss_odds *o);
void ss_odds_free(struct ss_odds *o);
/* P(damage = k) of the odds, 0 outside them. */
struct ratio ss_odds_damage(const struct ss_odds *o, int k);
/* Probability that internal damage destroys the unit: dead, crew, or a
 * sympathetic explosion of fuel or ammo. */
double ss_p_destroyed_by(const struct ss_unit *def, int internal);
/* The same, exactly. */
struct ratio ss_p_destroyed_exact(const struct ss_unit *def, int internal);

/* ---- resolution with given dice ---- */

enum ss_die {
	SS_DIE_HUMAN,		/* the gunner's own d10 */
	SS_DIE_TARGETING,	/* the targeting die */
	SS_DIE_REROLL_HUMAN,	/* after a 10 on the human d10 */
	SS_DIE_REROLL_TARGETING,
	SS_DIE_SPREAD,		/* spread fire's d6 */
	SS_DIE_COIN,		/* 1 heads (double), 2 tails */
	SS_DIE_INTERNAL,	/* d6 on the internal chart */
	SS_DIE_EXPLODE_ATT,	/* sympathetic explosion roll-off, d10 each */
	SS_DIE_EXPLODE_DEF
};

/* Where dice come from: a player's given rolls, or an enumeration. */
struct ss_dice {
	/* A face from 1 to sides, or -1 when there is none to give. */
	int (*roll)(struct ss_dice *d, enum ss_die kind, int sides);
};

enum ss_natural { SS_NAT_NONE, SS_NAT_FLUB, SS_NAT_LUCKY };
enum ss_outcome { SS_MISS, SS_NO_EFFECT, SS_DAMAGED, SS_DESTROYED };
extern const char *const ss_outcome_name[4];

#define SS_MAX_REROLLS 32

struct ss_steps {
	int fired;		/* 0 when starting at the damage step */
	int face[2];		/* first faces of the human and targeting dice */
	int reroll[2][SS_MAX_REROLLS], nreroll[2];
	int die_total[2];
	int spread_roll;	/* 0 when no spread fire */
	int skill, range_mod, total;
	enum ss_natural natural;
	struct { int row, dv, hit, damage; } w[SS_MAX_WEAPONS];
	int nw;
	int base_damage;	/* hits added up, before the coin */
	int coin;		/* 0 not flipped, 1 heads, 2 tails */
	int damage;		/* on the armor */
	int facing, armor_before, armor_after;
	int internal, boxes, dead;
	int chart_roll;
	int marked[16], nmarked;	/* chart entries 1..6, in order */
	struct { int chart, att, def, exploded; } ex[16];
	int nex;
	enum ss_outcome outcome;
	const char *cause;	/* why destroyed */
};

/*
 * The re-rolls a die's first face earns (which: 0 the human die, 1 the
 * targeting die), added into st; with doubled, set when the first
 * re-roll shows SS_REROLL_ON again (the advanced rules double the
 * damage then; NULL under the basic ones).  -1 when the dice fail or
 * past SS_MAX_REROLLS.
 */
int ss_reroll_die(struct ss_dice *d, int which, struct ss_steps *st,
    int *doubled);
/* Resolves the shot with d's dice; -1 when d runs out (st holds the
 * steps so far). */
int ss_resolve(const struct ss_shot *s, struct ss_dice *d,
    struct ss_steps *st);
/* Starts at the damage step: damage points on the defender's facing. */
int ss_resolve_damage(const struct ss_unit *def, int facing, int damage,
    struct ss_dice *d, struct ss_steps *st);

#endif
