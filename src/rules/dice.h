/*
 * rules/dice.h -- exact distributions of dice, no simulation.
 *
 * A distribution is the probability of each whole number from lo to hi;
 * its mass may be below 1 (a part of an outcome space, or a truncated
 * exploding die).  Every function that fills a struct dist frees what it
 * held; dist_free() releases it.  Start from DIST_INIT.
 */
#ifndef MUSTER_RULES_DICE_H
#define MUSTER_RULES_DICE_H

struct dist {
	int lo, hi;
	double *p;	/* p[k - lo] = P(X = k) */
};
#define DIST_INIT { 0, -1, NULL }

/* Where an exploding die's chain is cut: the mass left is below this. */
#define EXPLODE_EPS 1e-12

void dist_free(struct dist *d);
/* X = v with probability mass. */
void dist_point(struct dist *d, int v, double mass);
/* A fair die lo..hi (d6: 1, 6). */
void dist_uniform(struct dist *d, int lo, int hi);
/*
 * A d10 that explodes: a 10 adds 10 and rolls again, repeatedly.  The
 * chain stops when the probability of going on is below eps; that last
 * sliver of mass is dropped.
 */
void dist_exploding(struct dist *d, int sides, double eps);
/* out = the distribution of A + B (out may not be a or b). */
void dist_conv(struct dist *out, const struct dist *a, const struct dist *b);
/* X + k. */
void dist_shift(struct dist *d, int k);
/* Mass times s. */
void dist_scale(struct dist *d, double s);
/* acc += d, as sub-distributions of one space. */
void dist_add(struct dist *acc, const struct dist *d);
/* P(X = k), P(X >= k), total mass, mean (of the mass there is). */
double dist_at(const struct dist *d, int k);
double dist_ge(const struct dist *d, int k);
double dist_mass(const struct dist *d);
double dist_mean(const struct dist *d);

#endif
