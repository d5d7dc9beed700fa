/*
 * rules/shellshock_advcombat.h -- the advanced rules' combat, exactly
 * (003_1dddfc23c27b38e7.txt, "Determining the To-Hit number" to "Nice
 * Shot!"; SPEC sections 5 and 6): a record sheet's gunner firing at a
 * sheet or a basic card, or a card's gunner firing at a sheet.
 *
 * The hit roll is the gunner's d10 and the unit's targeting die, each
 * d10 re-rolled and added on a 10; a natural 2, 3 or 4 misses; a
 * natural 20 hits with everything, doubles damage, shock and
 * penetration, and a second natural 20 on the re-rolled pair destroys
 * the target; -1 to the roll per full 12 in; the gunner's skill added;
 * point blank halves every dV but M and P.  Damage, shock and
 * penetration are d6s, totalled over the weapons that hit; what passes
 * the armor, the shock threshold and the angle's penetration factor is
 * internal damage, read on the internal % boxes (a core hit below the
 * first) and the percentile chart.
 *
 * Knows nothing of YAML: a unit is plain numbers (struct ssa_unit),
 * filled by systems/shellshock_advshot.c.  ssa_odds() computes every
 * probability as an exact fraction where it fits in 64 bits (struct
 * ratio, util.h) and as a double always; ssa_resolve() replays one shot
 * with dice from a struct ss_dice.  The exact hit roll (ssa_roll) is
 * shared with the basic card's odds (rules/shellshock_combat.c).
 */
#ifndef MUSTER_RULES_SHELLSHOCK_ADVCOMBAT_H
#define MUSTER_RULES_SHELLSHOCK_ADVCOMBAT_H

#include "../util.h"
#include "shellshock.h"
#include "shellshock_advanced.h"

/*
 * ---- the advanced combat rules' numbers, each once ----
 * (003_1dddfc23c27b38e7.txt; the section named in each comment)
 */

/* "Determining the To-Hit Number": "for every 12 full inches, you add
 * plus 1 to the target number": -1 to the roll per full step. */
#define SSA_RANGE_STEP 12
/* "Even Rambo Misses Sometimes...": "A roll of a 2, 3 or 4 *always*
 * misses". */
#define SSA_FLUB_LO 2
#define SSA_FLUB_HI 4
/* "Nice Shot!": "A natural roll of 20, (that's two 0's) doubles the
 * Damage, Shock and Penetration rolled. Roll both dice again. A second
 * roll of 20 immediately destroys the Target." */
#define SSA_NICE (2 * SS_REROLL_ON)
#define SSA_NICE_TIMES 2
/* "Nice Shot!": "if you re-roll a d10 and it comes up 10 again, you
 * also do double damage": muster reads it as a d10's first re-roll
 * (after its 10) showing 10 again (SPEC 6; README). */
#define SSA_REROLL_DOUBLES 1
/* "Point Blank": "All Defense Values except Missile and Physical Attack
 * are halved when the target is in an adjacent hex" ("One Inch = One
 * Hex"): halved, rounded down, at 1 in or less. */
#define SSA_POINT_BLANK_DIVISOR 2
#define SSA_POINT_BLANK_MAX 1
/* "Spreadfire": "subtract one damage, one shock, and one penetration
 * dice (if any) from each weapon and add one six sided dice to your
 * to-hit roll". */
#define SSA_SPREAD_DIE 6
#define SSA_SPREAD_MAX 20
/* "Internal Damage": a core hit "is a 1% hit. Simply roll the
 * percentile dice, and whatever you get is the line you hit": one line,
 * one hit (SS_CORE_HIT_PERCENT, shellshock_advanced.h, the sheet's
 * note reads the same).  An XX% box marks the rolled line and XX more
 * ("37-57 is actually 21 lines ... every hit getting a free 1%"). */
#define SSA_CORE_PERCENT SS_CORE_HIT_PERCENT
#define SSA_CORE_LINES 1
#define SSA_FREE_LINES 1	/* an XX % box marks XX + this many lines */
#define SSA_CORE_HITS 1
/* "Sympathetic Explosions": "The attacking and defending player each
 * roll 1d10 ... A tie always goes to the defender." */
#define SSA_EXPLOSION_DIE 10
/* "one mile = 120 hexes" and "One Inch = One Hex": a weapon's range in
 * miles, in inches. */
#define SSA_INCHES_PER_MILE SS_HEXES_PER_MILE

/* A weapon as the engine fires it.  A sheet's weapon rolls dam, sh and
 * pen d6s; a basic card's does fixed points of damage (fixed set), no
 * shock and no penetration. */
struct ssa_weapon {
	const char *name;
	int dvt;		/* enum ss_dvt */
	int dam, sh, pen;	/* d6s, or points when fixed */
	int fixed;
	int krg;		/* kreigs a shot takes ("Krg") */
	int ammo;		/* rounds carried, 0 none counted */
	int spread;		/* can spread ("Spr?") */
	double range;		/* miles; 0 none given */
};

struct ssa_box { int min, percent, hits; };
struct ssa_line { int from, to; char letter; };
struct ssa_equip {
	char letter;
	const char *name;
	int hits;
	int locomotion;		/* not crossed off (Locomotion Damage Chart) */
	int explodes;		/* fuel or ammunition, not a rail gun's */
};

/* "roll 1d10 and 1d6" on the Locomotion Damage Chart (its size is
 * shellshock_advanced.h's): a cell is a number to subtract, or one of
 * SLIP, TURN, MSRP ("add 1") and X ("rendering the unit immobile"),
 * kept as -1 - its index in ss_loco_word. */
#define SSA_LOCO_WORD(cell) (-1 - (cell))

#define SSA_MAX_WEAPONS 16
#define SSA_MAX_BOXES 8
#define SSA_MAX_LINES SS_CHART_HI
#define SSA_MAX_EQUIP 32

/* A unit in advanced combat: a sheet's numbers, or a basic card (card
 * set: its dV rows, armor and internal bands are the card's). */
struct ssa_unit {
	const char *name;
	const struct ss_unit *card;	/* a basic card, or NULL: a sheet */
	int die;			/* targeting die */
	int dv[SS_NDVT][2];		/* [front/back, sides] */
	int armor[SS_NFACINGS];
	int shock, pen[SS_NANGLES];
	struct ssa_box box[SSA_MAX_BOXES];
	int nboxes, dead;
	struct ssa_line line[SSA_MAX_LINES];
	int nlines;
	struct ssa_equip equip[SSA_MAX_EQUIP];
	int nequip;
	struct ssa_weapon weapon[SSA_MAX_WEAPONS];
	int nweapons;
	int loco[SS_LOCO_ROWS][SS_LOCO_COLS];	/* the locomotion chart */
	int has_loco;
};

/* A card as a unit of advanced combat: its weapon rows as weapons of
 * fixed damage (S as small arms), its dV rows as dV types. */
void ssa_from_card(struct ssa_unit *u, const struct ss_unit *card);
/* The dV type of a basic card's row (S is SA), and back. */
int ssa_row_dvt(int row);
int ssa_dvt_row(int dvt);
/* Whether an equipment name is fuel or ammunition, whose hit calls for
 * a sympathetic explosion roll-off ("except for rail guns"). */
int ssa_name_explodes(const char *name);

/* One gunner's shot. */
struct ssa_shot {
	const struct ssa_unit *att, *def;
	int skill;		/* the gunner's */
	int range;		/* inches */
	int point_blank;
	int spread;		/* spread fire's d6s, 0 none */
	int facing;		/* enum ss_facing: armor and the dV column */
	int angle;		/* penetration angle, 0..5 (a sheet defender) */
	unsigned fire;		/* bit i: att->weapon[i] fires */
};

/* -1 per full SSA_RANGE_STEP inches. */
int ssa_range_modifier(int range);
/* The defender's dV against a dV type, point blank applied. */
int ssa_target_dv(const struct ssa_shot *s, int dvt);
/* A weapon's dice after spread fire ("subtract one ... dice (if any)"). */
int ssa_spread_dice(int n, int spread);
/* Whether the shot can be fired as asked; else err says why. */
int ssa_shot_check(const struct ssa_shot *s, char *err, size_t errlen);
/* The facing (armor section) an angle of attack hits. */
int ssa_angle_facing(int angle);

/*
 * ---- the hit roll, exactly ----
 *
 * The sum of the dice (the human d10, the targeting die, re-rolls and
 * spread d6s) before skill and range, for sums below cap one by one and
 * from cap up as one bucket, p[doubled][s] for s = 0..cap (p[.][cap] is
 * "cap or more"); the natural misses and natural 20s taken out.
 */
struct ssa_rules {
	int flub_lo, flub_hi;	/* natural sums that always miss */
	int reroll_doubles;	/* a d10's 10 then 10 doubles */
	int spread_die;
};
extern const struct ssa_rules ssa_advanced, ssa_basic;

struct ssa_roll {
	int cap;
	struct ratio *p[2];
	struct ratio flub, nice;
};
void ssa_roll_make(struct ssa_roll *r, const struct ssa_rules *rules,
    int die, int spread, int cap);
/* P(sum >= need and the doubled part d), d = 0, 1 or -1 for both. */
struct ratio ssa_roll_ge(const struct ssa_roll *r, int need, int d);
void ssa_roll_free(struct ssa_roll *r);

/* ---- odds ---- */

struct ssa_weapon_odds {
	int weapon, dvt, dv, need;
	int dam, sh, pen;	/* after spread */
	struct ratio p_hit;
};

/* The internal damage outcome classes of a hit on a sheet. */
enum { SSA_OUT_NONE, SSA_OUT_CORE, SSA_OUT_BOX0 };

struct ssa_odds {
	struct ssa_weapon_odds w[SSA_MAX_WEAPONS];
	int nw;
	struct ratio p_flub, p_nice, p_doubled, p_second;
	struct ratio p_miss;		/* no weapon hits */
	struct ratio mean[3];		/* damage, shock, penetration rolled */
	/* A sheet defender: [SSA_OUT_NONE] a hit with no internal damage,
	 * [SSA_OUT_CORE] a core hit, [SSA_OUT_BOX0 + i] box i; p_dead the
	 * dead box.  A card defender: p_internal at least one box. */
	struct ratio p_out[SSA_OUT_BOX0 + SSA_MAX_BOXES];
	struct ratio p_dead, p_internal;
	struct ratio p_destroyed;	/* dead, second 20, fuel or ammunition
					 * exploding; a card's chart */
};
/* muster's bound on the odds' work: the d6s of each kind one shot rolls
 * ("you can have combined total up to 40d6 or more"). */
#define SSA_ODDS_MAX_DICE 120
/* Whether ssa_odds() follows the shot (within SSA_ODDS_MAX_DICE); else
 * err says why. */
int ssa_odds_check(const struct ssa_shot *s, char *err, size_t errlen);
/* Exact odds of the shot (which must pass ssa_shot_check).  Values, no
 * memory held. */
void ssa_odds(const struct ssa_shot *s, struct ssa_odds *o);
/* The chance that a hit of lines chart lines (from a percentile roll,
 * nothing crossed off before) reaches fuel or ammunition that explodes
 * in the roll-off. */
struct ratio ssa_chart_explodes(const struct ssa_unit *u, int lines);
/* P(the sum of n d6s = k), exact while it fits. */
struct ratio ssa_d6_sum(int n, int k);

/* ---- resolution with given dice ---- */

/* The advanced dice beyond the basic ones (enum ss_die). */
enum {
	SSA_DIE_SECOND_HUMAN = 32,	/* a natural 20's second roll */
	SSA_DIE_SECOND_TARGETING,
	SSA_DIE_DAMAGE,			/* totals of Nd6: sides is 6 N */
	SSA_DIE_SHOCK,
	SSA_DIE_PEN,
	SSA_DIE_PERCENT,		/* the internal damage chart, d100 */
	SSA_DIE_LOCO_ROW,		/* the locomotion damage chart's d10 */
	SSA_DIE_LOCO_COL		/* and its d6 */
};

#define SSA_MAX_MARKED 8

struct ssa_hit_equip {
	char letter;
	int hits, destroyed, explosion;	/* explosion: index in ex[], -1 */
	int loco_row, loco_col;		/* the locomotion roll, 0 none */
};

struct ssa_steps {
	struct ss_steps roll;	/* the hit roll's dice, as the basic one's */
	int spread_rolls[SSA_SPREAD_MAX], nspread;
	int doubled, second[2], destroyed_by_second;
	struct { int weapon, dvt, dv, hit; } w[SSA_MAX_WEAPONS];
	int nw;
	int dice[3];		/* d6s of damage, shock, penetration */
	int rolled[3];		/* their totals, before doubling */
	int total[3];		/* after doubling */
	int armor_before, armor_after, shock_over, pen_factor, pen_over;
	int internal, box;	/* box: -1 none, SSA_OUT_CORE, ... */
	int percent, hits, lines, chart_roll;
	int marked[SSA_MAX_LINES], nmarked;	/* chart lines this hit */
	struct ssa_hit_equip eq[SSA_MAX_EQUIP];
	int neq;
	struct { int att, def, exploded; char letter; } ex[SSA_MAX_EQUIP];
	int nex;
	int krg;		/* kreigs spent */
	enum ss_outcome outcome;
	const char *cause;
	struct ss_steps card;	/* a card defender's damage step */
};

/*
 * Resolves the shot with d's dice.  done[] (SS_CHART_HI + 1 entries, or
 * NULL) holds chart lines already crossed off before the shot; they are
 * skipped.  Returns -1 when d runs out (st holds the steps so far).
 */
int ssa_resolve(const struct ssa_shot *s, const unsigned char *done,
    struct ss_dice *d, struct ssa_steps *st);
/* Marks a hit of percent (SSA_CORE_LINES - 1 for a core hit: the line
 * alone) from roll up, skipping done lines and wrapping past 100 to 1;
 * writes the lines into out (at most SS_CHART_HI) and returns how many. */
int ssa_mark(const struct ssa_unit *u, const unsigned char *done, int roll,
    int lines, int *out);
/* The letter on a chart line, or 0. */
char ssa_line_letter(const struct ssa_unit *u, int line);

#endif
