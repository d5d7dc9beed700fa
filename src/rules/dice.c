/*
 * rules/dice.c -- see dice.h.
 */
#include "dice.h"

#include <stdlib.h>
#include <string.h>

#include "../util.h"

void
dist_free(struct dist *d)
{
	free(d->p);
	d->p = NULL;
	d->lo = 0;
	d->hi = -1;
}

static void
alloc(struct dist *d, int lo, int hi)
{
	dist_free(d);
	d->lo = lo;
	d->hi = hi;
	d->p = xcalloc((size_t)(hi - lo + 1), sizeof(double));
}

void
dist_point(struct dist *d, int v, double mass)
{
	alloc(d, v, v);
	d->p[0] = mass;
}

void
dist_uniform(struct dist *d, int lo, int hi)
{
	int k;

	alloc(d, lo, hi);
	for (k = lo; k <= hi; k++)
		d->p[k - lo] = 1.0 / (hi - lo + 1);
}

void
dist_exploding(struct dist *d, int sides, double eps)
{
	double reach = 1.0;	/* probability of reaching this level */
	int level, levels = 0, f;

	/* Levels 0..L-1, where after L levels what is left, (1/s)^L, is
	 * below eps. */
	for (reach = 1.0; reach >= eps; reach /= sides)
		levels++;
	alloc(d, 1, sides * (levels - 1) + sides - 1);
	reach = 1.0;
	for (level = 0; level < levels; level++) {
		/* A chain of `level` tens, then a face that does not explode. */
		for (f = 1; f < sides; f++)
			d->p[level * sides + f - 1] = reach / sides;
		reach /= sides;
	}
}

void
dist_conv(struct dist *out, const struct dist *a, const struct dist *b)
{
	int i, j;

	if (a->p == NULL || b->p == NULL) {
		dist_free(out);
		return;
	}
	alloc(out, a->lo + b->lo, a->hi + b->hi);
	for (i = a->lo; i <= a->hi; i++) {
		double pa = a->p[i - a->lo];

		if (pa == 0)
			continue;
		for (j = b->lo; j <= b->hi; j++)
			out->p[i + j - out->lo] += pa * b->p[j - b->lo];
	}
}

void
dist_shift(struct dist *d, int k)
{
	d->lo += k;
	d->hi += k;
}

void
dist_scale(struct dist *d, double s)
{
	int k;

	for (k = d->lo; k <= d->hi; k++)
		d->p[k - d->lo] *= s;
}

void
dist_add(struct dist *acc, const struct dist *d)
{
	struct dist sum = DIST_INIT;
	int k;

	if (d->p == NULL)
		return;
	if (acc->p == NULL) {
		alloc(acc, d->lo, d->hi);
		memcpy(acc->p, d->p, (size_t)(d->hi - d->lo + 1) * sizeof(double));
		return;
	}
	alloc(&sum, acc->lo < d->lo ? acc->lo : d->lo,
	    acc->hi > d->hi ? acc->hi : d->hi);
	for (k = acc->lo; k <= acc->hi; k++)
		sum.p[k - sum.lo] += acc->p[k - acc->lo];
	for (k = d->lo; k <= d->hi; k++)
		sum.p[k - sum.lo] += d->p[k - d->lo];
	dist_free(acc);
	*acc = sum;
}

double
dist_at(const struct dist *d, int k)
{
	if (d->p == NULL || k < d->lo || k > d->hi)
		return 0;
	return d->p[k - d->lo];
}

double
dist_ge(const struct dist *d, int k)
{
	double s = 0;
	int i;

	if (d->p == NULL)
		return 0;
	for (i = d->hi; i >= d->lo && i >= k; i--)
		s += d->p[i - d->lo];
	return s;
}

double
dist_mass(const struct dist *d)
{
	return dist_ge(d, d->lo);
}

double
dist_mean(const struct dist *d)
{
	double s = 0;
	int k;

	if (d->p == NULL)
		return 0;
	for (k = d->lo; k <= d->hi; k++)
		s += k * d->p[k - d->lo];
	return s;
}
