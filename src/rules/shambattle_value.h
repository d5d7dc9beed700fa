/*
 * rules/shambattle_value.h -- a fair SP for a ShamBattle / Portable
 * Wargame unit (SPEC 5.1): what its fire and close combat are worth
 * against the standard types, priced on the curve the rules' own unit
 * table draws (001_691c59313303f977.txt, "Units").
 *
 * An engagement, one unit against one of a standard type on a line of
 * grid areas, SB_ENGAGE_START apart, for SB_ENGAGE_TURNS daytime turns:
 * each turn the side with the higher D6 moves first (ties again); a unit
 * that fires (fire dice more than close dice) keeps to its weapon
 * range, any other closes to contact; machine guns and artillery fire at
 * targets within range, at once; units in adjacent areas fight a close
 * combat, and the side losing more SP withdraws one area, keeping half
 * its loss (sb_after_withdrawal).  Dice per base are lost with the base
 * (a base goes when its SP are gone); fixed fire dice stay.  Every die
 * hits on 5 or 6 (targets in the open).
 *
 * A unit's worth is its SP times the SP it takes for each it loses over
 * the engagements (the geometric mean over the standard types), square
 * rooted, as Lanchester's square law prices a force.
 *
 * The table's SP are no one curve of that worth: one-on-one, a machine
 * gun (2 SP) and artillery (2 SP) outfight infantry (6 SP), and the best
 * power law through the five types, a * worth^k, misses by up to 2.7 SP
 * (sb_curve_fit; the rules pay the rest with "no more than two artillery
 * and one machine gun unit").  So each type is its own calibration: a
 * unit's fair SP is its type's SP times its worth over the type's, and
 * the standard types price at their table SP exactly; a homebrew unit
 * is priced against the type it names.
 */
#ifndef MUSTER_RULES_SHAMBATTLE_VALUE_H
#define MUSTER_RULES_SHAMBATTLE_VALUE_H

#include "shambattle.h"

/* muster's: the distance an engagement starts at (one past the longest
 * weapon range of the table), its turns (the four daytime turns of two
 * days and a half), engagements per pairing. */
#define SB_ENGAGE_START 5
#define SB_ENGAGE_TURNS 10
#define SB_ENGAGE_RUNS 20000

/* x against t: the SP x takes off t and loses, means over runs. */
void sb_engage(const struct sb_values *x, const struct sb_values *t,
    long runs, unsigned long long seed, double *taken, double *lost);
/* x's worth against the standard types (not the general). */
double sb_worth(const struct sb_values *x, long runs, unsigned long long seed);

/* The curve through the standard types. */
struct sb_curve {
	double a, k;
	double worth[SB_NTYPES], fair[SB_NTYPES];	/* the general: 0 */
	double worst;		/* the largest |fair - table SP| */
};
void sb_curve_fit(struct sb_curve *c, long runs, unsigned long long seed);
double sb_curve_sp(const struct sb_curve *c, double worth);
/* The fair SP of x, a unit of type (enum sb_type); 0 for the general,
 * which has no fire or close combat to price. */
double sb_fair_sp(const struct sb_values *x, int type, long runs,
    unsigned long long seed);

#endif
