/*
 * rules/shambattle.h -- the melded ShamBattle / Portable Wargame rules as
 * data and arithmetic (001_691c59313303f977.txt, "The ShamBattle/Portable
 * Wargame Rules (Draft 1)"; SPEC sections 3.5, 5 and 6).
 *
 * The unit-type table, the army limits, the day's turns and the dice of
 * fire and close combat live here once: the checks, the counters, the
 * roster and odds all read them.  Knows nothing of YAML or PDF.
 */
#ifndef MUSTER_RULES_SHAMBATTLE_H
#define MUSTER_RULES_SHAMBATTLE_H

#include "../util.h"

/*
 * "Units": each type's bases, Strength Points a base, move and weapon
 * range in grid areas, and D6 combat dice.  Infantry and cavalry roll
 * "1 D6 combat die per base"; machine guns "3 D6 combat dice when firing
 * but only 1 D6 combat dice in close combat", artillery 2 and 1; only
 * machine guns and artillery fire ("Machine gun and artillery fire"), so
 * the others' fire dice are 0.  A general is "1 base @ 6 notional SPs",
 * has "no weapon range" and rolls no dice, but adds 1 to each die of the
 * units in its hex.
 */
enum sb_type {
	SB_INFANTRY, SB_ENGINEER, SB_MACHINE_GUN, SB_CAVALRY, SB_ARTILLERY,
	SB_GENERAL, SB_NTYPES
};

struct sb_values {
	int bases;
	int sp_per_base;
	int move;		/* grid areas a turn */
	int range;		/* grid areas; 0: no weapon range */
	int fire;		/* D6 when firing; 0: does not fire */
	int close;		/* D6 in close combat, the whole unit's */
	int bonus;		/* added to each die of units in its hex */
};

struct sb_type_row {
	const char *name;	/* the YAML word: "infantry" */
	const char *label;	/* "Infantry regiment" */
	const char *nato;	/* the nato widget's parts: "infantry" */
	struct sb_values v;
};
extern const struct sb_type_row sb_types[SB_NTYPES];
extern const char *const sb_type_name[SB_NTYPES + 1];	/* NULL-ended */

/* A unit's SP: its bases times SP a base. */
int sb_sp(const struct sb_values *v);

/*
 * "Armies": "no more than 40 SPs ... This includes a general who is
 * worth 6 SPs"; "no more than two artillery and one machine gun unit".
 * One general: "a general" is part of every army.
 */
#define SB_ARMY_SP_MAX 40
#define SB_GENERALS 1
#define SB_ARTILLERY_MAX 2
#define SB_MACHINE_GUN_MAX 1
/*
 * The two limits as one table: a type and how many units of it an army
 * may have.  A homebrew unit of another type counts as the type when it
 * fires as the type does or better (sb_fires_like): the limit is on what
 * a unit does, not on the word it is given.
 */
#define SB_NLIMITS 2
struct sb_limit {
	int type;		/* enum sb_type */
	int max;
	const char *what;	/* "machine gun", for messages */
	const char *as;		/* "a machine gun" */
};
extern const struct sb_limit sb_limits[SB_NLIMITS];
/* Whether values v fire like type t or more: t fires, and v has t's
 * range and fire dice or more. */
int sb_fires_like(const struct sb_values *v, int t);
/* "Each city must have a garrison that is at least 8 SPs in strength.
 * (The general is NOT counted when garrisoning a city.)" */
#define SB_GARRISON_MIN 8
/* "Both sides have an Exhaustion Point of 14 SPs." */
#define SB_EXHAUSTION 14
/*
 * "Exhaustion point": what a side that has lost SB_EXHAUSTION SP does,
 * in muster's words, and when the war ends ("When both sides have
 * reached their Exhaustion Point, the war ends").  NULL-ended.
 */
extern const char *const sb_exhaustion_effects[];
/* "Any unit that makes its entire move along a road benefits from an
 * additional hex of movement that turn." */
#define SB_ROAD_BONUS 1

/* "Timescale": four daytime turns and a night turn. */
#define SB_NTURNS 5
#define SB_NIGHT 4	/* the last: "a night turn" */
struct sb_turn {
	const char *name;	/* "Morning" */
	const char *from, *to;	/* "6.00am", "10.00am" */
};
extern const struct sb_turn sb_turns[SB_NTURNS];
/* "During the night turn, units that have not been destroyed may regain
 * a lost Strength Point (SP) by rolling one D6 die per unit ... 5 or
 * more: The unit regains 1 SP." */
#define SB_RECOVER_ON 5
#define SB_RECOVER_SP 1

/*
 * Fire and close combat: each D6 "= 6: Enemy loses 1 SP even if they are
 * in cover"; "= 5: Enemy loses 1 SP if they are in the open".  A general
 * adds 1 to each die of the units in its hex (SPEC 6).
 *
 * Every chance below is exact (struct ratio, util.h): a fraction over a
 * power of 6 while it fits in 64 bits (up to 24 dice in all), the double
 * alone past that.
 */
#define SB_DIE 6
#define SB_HIT_COVER 6
#define SB_HIT_OPEN 5
/* The score a die needs to take an SP off a target in cover or not, with
 * the general's +1 or not. */
int sb_need(int cover, int general);
/* The chance one die takes an SP. */
struct ratio sb_p_hit(int cover, int general);
/* The chance of k successes in n tries of chance hit, into p[0..n] (p
 * holds n + 1). */
void sb_binomial(struct ratio *p, int n, struct ratio hit);
/* The SP lost to n dice, into p[0..n]: a binomial distribution. */
void sb_losses(struct ratio *p, int n, int cover, int general);
/* The mean of p[0..n]. */
struct ratio sb_mean(const struct ratio *p, int n);

/*
 * Night ("Timescale"): each unit not destroyed that has lost an SP rolls
 * a D6 and regains SB_RECOVER_SP on SB_RECOVER_ON or more.  The chance
 * one unit recovers, and the SP n such units regain, into p[0..n].
 */
struct ratio sb_p_recover(void);
void sb_night(struct ratio *p, int n);

/*
 * "The side that loses the most SPs during a close combat is deemed to
 * have lost the close combat and may reduce the number of SPs that they
 * have lost by 50% (rounded up) by immediately withdrawing".  The
 * sentence and its worked example disagree; the example is the rule
 * (SPEC 6): "a side loses 5 SPs ... They have therefore only lost 3
 * SPs", so a loser that withdraws keeps half its loss, rounded up:
 * 5 -> 3, 4 -> 2, 1 -> 1.  SB_WITHDRAW_PART is the "50%", the part of
 * the loss kept, as a divisor.
 */
#define SB_WITHDRAW_PART 2
int sb_after_withdrawal(int lost);

/*
 * "If a general is in a hex with a unit or units that lose a close
 * combat ... a D6 die is rolled": 1 killed, 6 SPs lost; 2 or 3 wounded,
 * 3 SPs lost; 4 to 6 escapes.
 */
#define SB_GENERAL_KILLED_MAX 1
#define SB_GENERAL_WOUNDED_MAX 3
#define SB_GENERAL_KILLED_SP 6
#define SB_GENERAL_WOUNDED_SP 3

/* A close combat of a dice against b dice, each side hit in cover or not
 * and with its general or not.  lost_a holds b + 1 chances (A loses at
 * most one SP a die of B's), lost_b a + 1; sb_close_free() frees them. */
struct sb_close {
	struct ratio *lost_a, *lost_b;	/* SP each side loses */
	int a, b;			/* the dice */
	struct ratio p_a_loses, p_b_loses, p_draw;
	/* Expected SP lost when the loser withdraws (the winner keeps its
	 * losses): over every outcome, and given that side lost. */
	struct ratio mean_a, mean_b;
	struct ratio mean_a_withdrawn, mean_b_withdrawn;
	struct ratio mean_a_if_loses, mean_b_if_loses;
	struct ratio mean_a_if_loses_withdrawn, mean_b_if_loses_withdrawn;
};
void sb_close_combat(struct sb_close *c, int a, int b, int a_general,
    int b_general, int a_cover, int b_cover);
void sb_close_free(struct sb_close *c);

#endif
