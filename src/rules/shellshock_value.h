/*
 * rules/shellshock_value.h -- what a Shellshock basic unit is worth (SPEC
 * 5.1): its offence, defence and mobility against a reference set of
 * units, read from the exact odds of one turn of fire, and an estimate
 * made of them; and a duel to the death, simulated with seeded dice, to
 * judge the estimate by.
 *
 * The rules give a combat value on every card but no way to compute
 * one; what is here is muster's, documented in the man page:
 *
 *  - A unit fires one volley a turn at its target: every working weapon
 *    whose arc bears, on one roll (one gunner; more gunners engage more
 *    targets, which a duel does not measure), with spread fire when all
 *    of them can and it does more.  It turns to bring its best arc to
 *    bear, and shows the enemy the facing that turning gives (a target
 *    dead ahead sees its front; 60 or 120 degrees to the right, its
 *    right; behind, its rear; to the left, its left).
 *  - Offence against a unit, at a range and on a facing: the chance of
 *    destroying it in one turn, the internal damage and the damage
 *    expected, and the turns its volleys take to destroy it from fresh
 *    (armor worn away, internal damage adding up to dead, the chart's
 *    crew and explosions), exactly.  Ranges 0-40 in and the four facings
 *    weigh alike.
 *  - Defence: the same from each reference unit's fire at it.
 *  - The estimate: the square root of offence (the mean, over the
 *    reference set, of the kills a turn, 1 / the turns to destroy) times
 *    defence (the turns it lasts at the mean rate the set destroys it),
 *    as the square law says a force's strength goes with the square of
 *    its numbers; times mobility to the power 0.1; scaled so that the
 *    reference set's mean is the mean of the values its cards declare.
 *    Judged by duels of generated units (tests/test_shellshock_value.c),
 *    the mean of rates predicted better than the geometric mean of
 *    turns (89-95 % of pairs against 86-91 %), and mobility, which a
 *    duel cannot see, costs 1-2 points at 0.1 and 5 at 0.25.
 *
 * Knows nothing of YAML or PDF.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_VALUE_H
#define MUSTER_RULES_SHELLSHOCK_VALUE_H

#include "shellshock.h"

/* SPEC 5.1: "over ranges 0-40 in and the four facings, equally
 * weighted"; check warns past 25 %; the duel's judge: pairs 20 % apart,
 * the higher winning in 85 % of them, each duel of at least 100,000. */
#define SS_VALUE_RANGE_MAX 40
#define SS_VALUE_WARN_PERCENT 25
#define SS_DUEL_GAP_PERCENT 20
#define SS_DUEL_AGREE_PERCENT 85
#define SS_DUEL_RUNS 100000
/* muster's: a duel's default range, the turns after which a duel is a
 * draw, the turns counted as "never" when a unit cannot hurt another,
 * the mobility exponent, the mean value when no card declares one. */
#define SS_DUEL_RANGE 20
#define SS_DUEL_TURNS 100
#define SS_VALUE_NEVER 1000.0
#define SS_VALUE_MOBILITY_EXP 0.1
#define SS_VALUE_DEFAULT_MEAN 100.0
#define SS_VALUE_MAX_REFS 64

/* The six directions round a hex, clockwise from dead ahead, and the
 * facing a unit shows an enemy in each. */
#define SS_NDIRS 6
int ss_facing_toward(int dir);
/* The rows (bit per row) whose weapons bear on a target in direction
 * dir, of those in working. */
unsigned ss_rows_bearing(const struct ss_unit *u, int dir, unsigned working);
/* The rows of a unit's weapons of class 'p' or 's' (cls 0: all). */
unsigned ss_rows_of(const struct ss_unit *u, char cls);

/* One volley's outcomes: the damage on the armor and its chance (the
 * coin, the natural 2s, 3s and 20 included).  At most two outcomes for
 * each number of weapons hit. */
#define SS_VOLLEY_MAX (2 * (SS_MAX_WEAPONS + 1))
struct ss_volley {
	int n;
	int damage[SS_VOLLEY_MAX];
	double p[SS_VOLLEY_MAX];
	double mean;
};
void ss_volley(const struct ss_unit *a, unsigned rows, int spread, int rmod,
    const struct ss_unit *d, int facing, struct ss_volley *v);

/* One attacker against one target, averaged over ranges 0-40 and the
 * target's four facings, the attacker's best volley each time. */
struct ss_matchup {
	double p_kill;		/* destroyed in one turn, from fresh */
	double internal;	/* internal damage expected in one turn */
	double damage;		/* damage on the armor expected in one turn */
	double turns;		/* turns to destroy it, expected (geometric
				 * mean over ranges and facings) */
	double facing_turns[SS_NFACINGS];	/* the same on each facing */
	double row_share[SS_NROWS];	/* each weapon's share of the damage */
};
void ss_matchup(const struct ss_unit *a, const struct ss_unit *d,
    struct ss_matchup *m);

/* Mobility: max speed and half the road speed, times the maneuver (y 1,
 * ? 1/2, n 0, over its three; a third at least) and the mean of 1 over
 * the terrain costs. */
double ss_mobility(const struct ss_unit *u);
/* Its two factors, for the breakdown. */
double ss_maneuver_factor(const struct ss_unit *u);
double ss_terrain_factor(const struct ss_unit *u);

/* A unit against the reference set. */
struct ss_value {
	double offence;		/* kills a turn: the mean of 1 / turns */
	double defence;		/* turns it lasts: 1 / the mean rate */
	double mobility;
	double strength;	/* sqrt(offence x defence) x mobility^0.1 */
	double estimate;	/* strength x the set's scale */
	int nref;
	struct ss_matchup vs[SS_VALUE_MAX_REFS];	/* its fire at each */
	struct ss_matchup from[SS_VALUE_MAX_REFS];	/* each one's at it */
};
/* The unit's figures against refs (its strength; estimate left 0). */
void ss_value(const struct ss_unit *u, const struct ss_unit *const *refs,
    int nref, struct ss_value *v);
/* The scale that makes the mean estimate of the set the mean of its
 * declared values: strengths[i] of refs[i]. */
double ss_value_scale(const struct ss_unit *const *refs,
    const double *strengths, int nref);

/* A duel to the death at range, both firing each turn at once, armor
 * and internal damage carried over, the chart's results applied:
 * secondary and primary weapons lost (from the next turn), mobility
 * lost (no more turning), crew and explosions. */
struct ss_duel {
	long runs;
	unsigned long long seed;
	double p_a, p_b;	/* A wins (B destroyed, A not), B wins */
	double p_both;		/* both destroyed in the same turn */
	double p_neither;	/* both still standing after SS_DUEL_TURNS */
	double turns;		/* mean turns a duel lasts */
};
void ss_duel(const struct ss_unit *a, const struct ss_unit *b, int range,
    long runs, unsigned long long seed, struct ss_duel *out);

#endif
