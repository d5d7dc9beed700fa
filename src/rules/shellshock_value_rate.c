/*
 * rules/shellshock_value_rate.c -- see shellshock_value.h: the
 * Bradley-Terry rating of a unit against a reference set, fitted to the
 * exact score of each pairing (shellshock_value.c) and shown beside the
 * duels (shellshock_duel.c).
 */
#include "shellshock_value.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* ---- the rating: Bradley-Terry ---- */

/* A prior of PRIOR games, half won, against a player of rating 1 on the
 * fit's own scale, so that a unit winning every duel has a finite
 * rating; small beside a set's games. */
#define PRIOR 0.1

static double
logit(double p)
{
	if (p < 0.01)
		p = 0.01;
	if (p > 0.99)
		p = 0.99;
	return log(p / (1 - p));
}

/* A share's residual, won less predicted, counting at most clip either
 * way (the robust fit's SS_VALUE_CLIP; HUGE_VAL: all of it). */
static double
clip_residual(double d, double clip)
{
	return d > clip ? clip : d < -clip ? -clip : d;
}

/* The rating v at which the prior's residual and each share's against
 * ratings[i], weighed by weights[i] (NULL: 1 each) and kept within
 * +-clip, come to nothing.  The sum falls as v grows: bisect on log v,
 * 60 / 2^64 at the end, below a double's step. */
static double
bt_solve(const double *ratings, const double *weights, const double *shares,
    int n, double clip)
{
	double lo = -30, hi = 30, mid, v, sum;
	int i, k;

	for (k = 0; k < 64; k++) {
		mid = (lo + hi) / 2;
		v = exp(mid);
		sum = PRIOR * (0.5 - v / (v + 1));
		for (i = 0; i < n; i++)
			sum += (weights ? weights[i] : 1) * clip_residual(
			    shares[i] - v / (v + ratings[i]), clip);
		if (sum > 0)
			lo = mid;
		else
			hi = mid;
	}
	return exp((lo + hi) / 2);
}

double
ss_bt_value(const double *ratings, const double *shares, int n)
{
	return bt_solve(ratings, NULL, shares, n, HUGE_VAL);
}

double
ss_bt_robust(const double *ratings, const double *weights,
    const double *shares, int n)
{
	return bt_solve(ratings, weights, shares, n, SS_VALUE_CLIP);
}

/* Every rating of v scaled alike so that the prior's chances add up to
 * their half: with w[i][j] + w[j][i] = 1, the fixed point of the
 * likelihood (and of the cards' robust fit) has the chances against the
 * prior's player come to n / 2 less what the others' residuals leave
 * (gap, 0 for the likelihood); scaling moves no chance between the
 * ratings themselves, so this is the slow way to it in one step. */
static void
rescale(int n, double *v, double gap)
{
	double x = 0, step, sum, slope, p;
	int i, k;

	/* Newton's steps on the log of the scale: the sum falls as it
	 * grows, smoothly (a sum of logistic curves); each step kept
	 * within 1. */
	for (k = 0; k < 100; k++) {
		for (i = 0, sum = gap, slope = 0; i < n; i++) {
			p = v[i] * exp(x) / (v[i] * exp(x) + 1);
			sum += 0.5 - p;
			slope += p * (1 - p);
		}
		if (slope <= 0)
			break;
		step = sum / slope;
		step = step > 1 ? 1 : step < -1 ? -1 : step;
		x += step;
		if (fabs(step) < 1e-15)
			break;
	}
	for (i = 0; i < n; i++)
		v[i] *= exp(x);
}

/* Hunter's MM iteration for the ratings of n players who met each other
 * once, w[i][j] the share i won of their games, each sweep rescaled
 * (rescale()), until no rating moves by 1e-13 of itself. */
static void
bt_fit(int n, const double *w, double *v)
{
	double num, den, was, moved;
	int i, j, it;

	for (i = 0; i < n; i++)
		v[i] = 1;
	for (it = 0; it < 2000; it++) {
		for (i = 0, moved = 0; i < n; i++) {
			was = v[i];
			num = PRIOR / 2;
			den = PRIOR / (v[i] + 1);
			for (j = 0; j < n; j++)
				if (j != i) {
					num += w[i * n + j];
					den += 1 / (v[i] + v[j]);
				}
			v[i] = num / den;
			moved = fmax(moved, fabs(log(v[i] / was)));
		}
		rescale(n, v, 0);
		if (moved < 1e-13)
			break;
	}
}

void
ss_ref_weights(const double *w, const double *v, int n, double *weight)
{
	double res, mean = 0;
	int i, j;

	for (i = 0; i < n; i++) {
		res = 0;
		for (j = 0; j < n; j++)
			if (j != i)
				res += pow(logit(w[i * n + j]) -
				    log(v[i] / v[j]), 2);
		res = n > 1 ? res / (n - 1) : 0;
		weight[i] = 1 / (SS_VALUE_REF_SPREAD * SS_VALUE_REF_SPREAD +
		    res);
		mean += weight[i] / n;
	}
	for (i = 0; i < n; i++)
		weight[i] /= mean;
}

/* Reference i's weighed residuals against the others under v (what
 * ss_bt_robust() balances against the prior's). */
static double
prior_gap(const struct ss_refset *r, const double *w, const double *v, int i)
{
	double sum = 0;
	int j;

	for (j = 0; j < r->n; j++) {
		if (j == i)
			continue;
		sum += r->weight[j] * clip_residual(w[i * r->n + j] -
		    v[i] / (v[i] + v[j]), SS_VALUE_CLIP);
	}
	return sum;
}

/*
 * The set's ratings v (fitted by bt_fit() to the round robin w) made the
 * fixed point of the cards' own fit: each reference's weight from its
 * residuals under v (ss_ref_weights()), then each rating the one
 * ss_bt_robust() gives its shares against the set (itself at a half),
 * in turn until they stand, so that a reference valued against the set
 * gets its own rating back (the Mason its 120).
 */
static void
robust_fit(struct ss_refset *r, double *w, double *v)
{
	double moved, was, own, gap;
	int i, it, n = r->n;

	ss_ref_weights(w, v, n, r->weight);
	for (it = 0; it < 500; it++) {
		for (i = 0, moved = 0; i < n; i++) {
			was = v[i];
			/* Its share against itself, a half at its own
			 * rating, adds nothing there: left out, it does not
			 * hold each step back. */
			own = r->weight[i];
			r->weight[i] = 0;
			v[i] = ss_bt_robust(v, r->weight, w + i * n, n);
			r->weight[i] = own;
			moved = fmax(moved, fabs(log(v[i] / was)));
		}
		for (i = 0, gap = 0; i < n; i++)
			gap += prior_gap(r, w, v, i) / PRIOR;
		rescale(n, v, gap);
		if (moved < 1e-12)
			break;
	}
}

void
ss_refset_fit(struct ss_refset *r, long runs, unsigned long long seed)
{
	double *w = xcalloc((size_t)r->n * (size_t)r->n, sizeof(double));
	double v[SS_VALUE_MAX_REFS], scale = 1, res = 0, p, lg = 0;
	int i, j, m = 0;

	for (i = 0; i < r->n; i++)
		for (j = i + 1; j < r->n; j++) {
			p = ss_value_share(r->u[i], r->u[j]);
			w[i * r->n + j] = p;
			w[j * r->n + i] = 1 - p;
		}
	bt_fit(r->n, w, v);
	robust_fit(r, w, v);
	r->anchor = -1;
	r->outside = 0;
	for (i = 0; i < r->n; i++) {
		lg += log(v[i]) / r->n;
		if (r->anchor < 0 && r->u[i]->name &&
		    strcmp(r->u[i]->name, SS_VALUE_ANCHOR_NAME) == 0)
			r->anchor = i;
	}
	scale = SS_VALUE_ANCHOR / (r->anchor >= 0 ? v[r->anchor] : exp(lg));
	for (i = 0; i < r->n; i++)
		r->rating[i] = v[i] * scale;
	for (i = 0; i < r->n; i++)
		for (j = i + 1; j < r->n; j++) {
			p = v[i] / (v[i] + v[j]);
			res += pow(logit(w[i * r->n + j]) - logit(p), 2);
			m++;
		}
	r->fit_rms = m ? sqrt(res / m) : 0;
	r->prior = scale;
	r->runs = runs;
	r->seed = seed;
	free(w);
}

void
ss_refset_anchor(struct ss_refset *r, const struct ss_unit *anchor)
{
	struct ss_rating *rt = xmalloc(sizeof(*rt));
	double f;
	int i;

	ss_rate(anchor, r, 0, rt);
	if (rt->value > 0 && isfinite(rt->value)) {
		f = SS_VALUE_ANCHOR / rt->value;
		for (i = 0; i < r->n; i++)
			r->rating[i] *= f;
		r->prior *= f;
		r->outside = 1;
	}
	free(rt);
}

void
ss_rate(const struct ss_unit *u, const struct ss_refset *r, long runs,
    struct ss_rating *out)
{
	double rel[SS_VALUE_MAX_REFS] = { 0 }, var = 0;
	double v, worst = -1, p, won;
	int j;

	/* All but the room for duels past the set's n, which nothing
	 * reads: check rates cards with no duel played, and clearing the
	 * room of 64 duels (11 KB) was 12,000 instructions a rating. */
	memset(out, 0, offsetof(struct ss_rating, vs));
	memset(out->vs, 0, (size_t)r->n * sizeof(out->vs[0]));
	memset(out->predicted, 0, sizeof(*out) -
	    offsetof(struct ss_rating, predicted));
	out->n = r->n;
	out->runs = runs;
	for (j = 0; j < r->n; j++) {
		out->model[j] = ss_value_share(u, r->u[j]);
		rel[j] = r->rating[j] / r->prior;
		if (runs > 0)
			ss_duel(u, r->u[j], runs, r->seed, &out->vs[j]);
	}
	v = ss_bt_robust(rel, r->weight, out->model, r->n);
	out->value = v * r->prior;
	/* The matchup that moves the value most: the score's share (what
	 * the value is fitted to) furthest from its prediction, the same
	 * whether duels were played (value) or not (check); and how far
	 * the score is from the duels, in log-odds. */
	for (j = 0; j < r->n; j++) {
		p = out->predicted[j] = v / (v + rel[j]);
		if (fabs(out->model[j] - p) > worst) {
			worst = fabs(out->model[j] - p);
			out->moves_most = j;
		}
		if (runs > 0) {
			won = out->vs[j].share;
			var += pow(logit(won) - logit(out->model[j]), 2);
		}
	}
	out->se_sim = r->n > 0 ? sqrt(var / r->n) / sqrt(r->n) : 0;
	out->se_fit = r->n > 0 ? r->fit_rms / sqrt(r->n) : 0;
	p = sqrt(out->se_sim * out->se_sim + out->se_fit * out->se_fit);
	out->lo = out->value * exp(-p);
	out->hi = out->value * exp(p);
}
